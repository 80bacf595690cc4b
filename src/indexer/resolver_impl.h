// The resolver's state (Resolver::Impl): its caches of definitions, import bindings and include
// closures, the module and class lookups, and `pick`, which grades a binding by its evidence.
// Private to the resolver: resolver.cpp (the Resolver's public calls), resolver_steps.cpp (the
// steps one reference goes through), resolver_types.cpp (receiver types), resolver_modules.cpp
// (module naming) and resolver_classes.cpp (classes) include it; nothing else may.
#pragma once

#include "resolver.h"

#include <algorithm>
#include <cctype>
#include <deque>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "codegraph/lang/rules.h"
#include "declarations.h"
#include "module_map.h"
#include "resolver_rules.h"

namespace cg::indexer {
namespace resolving {

using model::RefKind;
using model::SymbolKind;
using store::DefinitionRow;
using store::PendingRef;
using store::Resolution;
using namespace resolver_rules;

using lang::Evidence;

// Definitions a reference may bind to: pointers to rows held by the resolver's caches.
using Candidates = std::vector<const DefinitionRow*>;
// Iterates candidates as rows (a plain adaptor: clang 14 cannot compile libstdc++ 12's <ranges>,
// and the sanitizer build uses it).
struct Rows {
  const Candidates& candidates;
  struct Iterator {
    Candidates::const_iterator at;
    const DefinitionRow& operator*() const { return **at; }
    Iterator& operator++() {
      ++at;
      return *this;
    }
    bool operator!=(const Iterator& other) const { return at != other.at; }
  };
  Iterator begin() const { return {candidates.begin()}; }
  Iterator end() const { return {candidates.end()}; }
};
inline Rows rows(const Candidates& c) {
  return {c};
}

}  // namespace resolving
using namespace resolving;

struct Resolver::Impl {
  Impl(store::IndexReader& r, size_t maxHeld, ResolverMemory::State* memory)
      : reader(r),
        maxHeldDefinitions(maxHeld),
        kept(memory ? *memory : own),
        modules(kept.modules),
        includeClosureCache(kept.includeClosures),
        rawBindingsCache(kept.rawBindings),
        bindingsCache(kept.bindings),
        implementations(kept.implementations) {}
  store::IndexReader& reader;
  const size_t maxHeldDefinitions;
  ResolverMemory::State own;
  ResolverMemory::State& kept;  // the caller's memory, or `own`
  ModuleMap& modules;
  std::unordered_map<std::vector<int64_t>, IncludeClosure, FileSetHash>& includeClosureCache;
  std::unordered_map<int64_t, std::vector<Binding>>& rawBindingsCache;
  std::unordered_map<int64_t, std::vector<Binding>>& bindingsCache;
  std::unordered_map<int64_t, int64_t>&
      implementations;  // header → its implementation file, 0: none
  std::unordered_map<std::string, std::vector<DefinitionRow>> defsCache;
  // By id: pointers into defsCache (its vectors never change once filled, and the map's nodes
  // do not move), or into `loose` for a row read by id alone. One copy of each row: the kernel's
  // resolve reads most of its 4.2 M definitions, and a second copy cost hundreds of MB.
  std::unordered_map<int64_t, const DefinitionRow*> defById;
  std::unordered_map<int64_t, DefinitionRow> loose;
  std::unordered_map<int64_t, std::vector<int64_t>> basesCache;
  std::unordered_map<int64_t, bool> basesEndOutsideCache;

  // The first read that failed (a binding made without the rows it needed would be silently
  // wrong): the caller checks Resolver::readStatus() and fails the run.
  std::optional<Error> readFailure;
  void noteFailure(const Error& e) {
    if (!readFailure) readFailure = e;
  }

  using DefsByName = std::unordered_map<std::string, std::vector<DefinitionRow>>;
  // The rows `read` returns for `name`, read once and kept in `cache` (and by id).
  template <typename Read>
  const std::vector<DefinitionRow>& cachedDefs(DefsByName& cache, const std::string& name,
                                               Read read) {
    auto it = cache.find(name);
    if (it != cache.end()) return it->second;
    auto rows = read(name);
    auto& slot = cache[name];
    if (rows)
      slot = std::move(*rows);
    else
      noteFailure(rows.error());
    for (const auto& d : slot) defById.emplace(d.id, &d);
    return slot;
  }
  const std::vector<DefinitionRow>& defsNamed(const std::string& name) {
    return cachedDefs(defsCache, name,
                      [this](const std::string& n) { return reader.definitionsNamed(n); });
  }
  // For a read or write: the variables and constants of that name (all it can bind to).
  const std::vector<DefinitionRow>& valueDefsNamed(const std::string& name) {
    return cachedDefs(valueDefsCache, name,
                      [this](const std::string& n) { return reader.valueDefinitionsNamed(n); });
  }
  DefsByName valueDefsCache;

  const DefinitionRow* def(int64_t id) {
    if (id == 0) return nullptr;
    auto it = defById.find(id);
    if (it != defById.end()) return it->second;
    auto row = reader.definition(id);
    if (!row) {
      if (row.error().code != ErrorCode::kNotFound) noteFailure(row.error());
      return nullptr;
    }
    const DefinitionRow* stored = &loose.emplace(id, std::move(*row)).first->second;
    defById.emplace(id, stored);
    return stored;
  }

  // The imports of a file as written (module → files by path only).
  const std::vector<Binding>& rawBindings(int64_t fileId) {
    auto it = rawBindingsCache.find(fileId);
    if (it != rawBindingsCache.end()) return it->second;
    std::vector<Binding> out;
    if (auto imports = reader.importsOf(fileId)) {
      for (const auto& imp : *imports) out.push_back(modules.bind(fileId, imp));
    } else {
      noteFailure(imports.error());
    }
    return rawBindingsCache.emplace(fileId, std::move(out)).first->second;
  }

  // Whether an import of the file binds `name` to a definition of another name (`from m import
  // render as show`, `import { a as b }`): the name has no definition of its own to look for.
  bool importRenames(int64_t fileId, const std::string& name) {
    for (const auto& b : bindings(fileId))
      if (b.local == name && !b.symbolName.empty() && b.symbolName != name) return true;
    return false;
  }

  // The imports of a file, with Python modules that are no file of their own found through
  // import aliases: `from os.path import join` / `import os.path as osp` where os.py binds
  // `path` by `import posixpath as path`.
  const std::vector<Binding>& bindings(int64_t fileId) {
    auto it = bindingsCache.find(fileId);
    if (it != bindingsCache.end()) return it->second;
    std::vector<Binding> out = rawBindings(fileId);
    for (auto& b : out) {
      if (!modules.rules(fileId).moduleAliases || !b.files.empty() || b.module.empty() ||
          b.module[0] == '.' || b.module.find('.') == std::string::npos)
        continue;
      // `import a.b` binds `a` (the package), not the module a.b: only aliases and names.
      if (b.local == firstSegment(b.module) && b.symbolName.empty()) continue;
      bool ambiguous = false;
      b.files = pythonModuleFiles(fileId, b.module, ambiguous);
    }
    // A package every file imports without saying so (Java's java.lang.*, JLS 7.3): where the
    // repository holds it (the JDK itself), `String` or `Override` bind there like any name of
    // a package imported on demand.
    if (const std::string_view implicitModule = modules.rules(fileId).implicitImport;
        !implicitModule.empty() && modules.packageClause(fileId) != implicitModule) {
      store::PendingRef implicit;
      implicit.kind = RefKind::kImports;
      implicit.fileId = fileId;
      implicit.module = std::string(implicitModule);
      implicit.name = "*";
      Binding lang = modules.bind(fileId, implicit);
      if (!lang.files.empty()) out.push_back(std::move(lang));
    }
    return bindingsCache.emplace(fileId, std::move(out)).first->second;
  }

  // The module a module-level import alias `seg` of `files` names (`import posixpath as path`,
  // `from . import x as seg`, `import seg`), else a package's submodule seg; empty if neither.
  // Several aliases of one name (`if posix: import posixpath as path / else: import ntpath as
  // path`): the first in source order, flagged ambiguous.
  std::vector<int64_t> aliasTarget(const std::vector<int64_t>& files, const std::string& seg,
                                   bool& ambiguous);

  // Follows `segs` from the module `files` through module-level import aliases.
  std::vector<int64_t> walkAliases(std::vector<int64_t> files, const std::vector<std::string>& segs,
                                   size_t from, bool& ambiguous);

  // The files of an absolute dotted Python module as seen from `fileId`: its own file, else
  // the longest prefix that is a file followed through import aliases (os.path → posixpath.py).
  std::vector<int64_t> pythonModuleFiles(int64_t fileId, const std::string& dotted,
                                         bool& ambiguous);

  // Python: the module a dotted qualifier names when it goes through a module-level import
  // alias of an imported module (`import os` … `os.path.join`: os.py binds `path` by
  // `import posixpath as path`). Empty when the qualifier needs no alias step (the plain
  // import rules apply) or does not reach a module.
  std::vector<int64_t> qualifierThroughAliases(const Binding& b, const std::string& qualifier,
                                               bool& ambiguous);

  const std::vector<int64_t>& bases(int64_t classId) {
    auto it = basesCache.find(classId);
    if (it != basesCache.end()) return it->second;
    std::vector<int64_t> out;
    if (auto b = reader.basesOf(classId))
      out = std::move(*b);
    else
      noteFailure(b.error());
    return basesCache.emplace(classId, std::move(out)).first->second;
  }

  // Whether none of `files` can re-export a name (their language's imports stay local).
  bool reexportNothing(const std::vector<int64_t>& files) const;
  // followReexports without a copy when the files re-export nothing: `files` itself, else
  // `scratch` filled.
  const std::vector<int64_t>& reexportClosure(const std::vector<int64_t>& files,
                                              const std::string& name,
                                              std::vector<int64_t>& scratch);

  // The files where `name` imported from `files` may be defined: the files themselves, then
  // (breadth-first, a few levels) what they re-export — imports binding that name, and
  // wildcard re-exports (`export * from`, `from x import *`). A file of a language whose imports
  // stay local re-exports nothing, so then the files are the answer as they are: a Java
  // `import java.util.*` binds the package's hundreds of files, and following their own imports
  // for every reference was most of the JDK's index (and bound names Java does not make visible).
  std::vector<int64_t> followReexports(const std::vector<int64_t>& files, const std::string& name);

  // The (file, name) pairs where `name` exported by `files` is defined under another name,
  // following re-exports that rename it (`export { _gt as gt } from "./api"`), breadth-first
  // and a few levels, like followReexports. Pairs under `name` itself are left out.
  std::vector<std::pair<int64_t, std::string>> renamedExports(const std::vector<int64_t>& files,
                                                              const std::string& name);

  // The module files of the namespace `files` export as `name` (`export * as util from
  // "./util"`, directly or through their re-exports); empty when they export no such namespace.
  std::vector<int64_t> reexportedNamespace(const std::vector<int64_t>& files,
                                           const std::string& name);

  // The module a qualifier names through namespaces that imported modules re-export, in
  // languages whose imports are re-exported and that have no Python-style module aliases
  // (JavaScript, TypeScript): `util.f()` after `import { util } from "./core"` where ./core says
  // `export * as util from "./util"`, and `core.util.f()` after `import * as core from
  // "./core"`. Empty when the qualifier needs no such step or reaches no module.
  std::vector<int64_t> namespaceThroughReexports(const Binding& b, const std::string& qualifier);
  std::unordered_map<std::string, std::vector<int64_t>> namespaceCache;

  // What a C/C++ include reaches: the headers it includes transitively and their
  // implementation files. The same for every reference of the file, so computed once per
  // binding (a kernel .c file resolves thousands of references through dozens of includes).
  // Exact only when no file on the way binds a name of its own (then the closure does not depend
  // on the name looked up); otherwise `nameIndependent` is false and the caller recomputes.
  const IncludeClosure& includeClosure(const Binding& b) {
    auto it = includeClosureCache.find(b.files);
    if (it != includeClosureCache.end()) return it->second;
    IncludeClosure c;
    c.files = followReexports(b.files, std::string());
    for (int64_t f : c.files)
      for (const auto& other : bindings(f))
        if (!other.wildcard && !other.local.empty()) c.nameIndependent = false;
    c.files = withImplementations(std::move(c.files));
    std::sort(c.files.begin(), c.files.end());
    c.files.erase(std::unique(c.files.begin(), c.files.end()), c.files.end());
    return includeClosureCache.emplace(b.files, std::move(c)).first->second;
  }

  // The files any of a file's name-independent include closures reach (its wildcard bindings'),
  // as marks: reach[id] == reachStamp (ids past kDenseFileIds in reachFar). References come
  // file by file, so the marks of the last file are kept; a new file takes a new stamp.
  static constexpr int64_t kDenseFileIds = int64_t{1} << 22;
  int64_t reachOf = 0;
  uint32_t reachStamp = 0;
  std::vector<uint32_t> reach;
  std::unordered_set<int64_t> reachFar;

  void markReach(int64_t fileId) {
    if (fileId < 0 || fileId >= kDenseFileIds) {
      reachFar.insert(fileId);
      return;
    }
    const auto at = static_cast<size_t>(fileId);
    if (at >= reach.size()) reach.resize(std::max(at + 1, reach.size() * 2), 0);
    reach[at] = reachStamp;
  }
  bool reaches(int64_t fileId) const {
    if (fileId < 0 || fileId >= kDenseFileIds) return reachFar.count(fileId) != 0;
    const auto at = static_cast<size_t>(fileId);
    return at < reach.size() && reach[at] == reachStamp;
  }
  void markIncludeReach(int64_t fileId) {
    if (reachOf == fileId) return;
    if (++reachStamp == 0) {  // wrapped: no mark may look current
      std::fill(reach.begin(), reach.end(), 0);
      reachStamp = 1;
    }
    reachFar.clear();
    for (const auto& b : bindings(fileId)) {
      if (!b.wildcard) continue;
      const IncludeClosure& c = includeClosure(b);
      if (c.nameIndependent)
        for (int64_t f : c.files) markReach(f);
    }
    reachOf = fileId;
  }

  // A C/C++ header's implementation file: `queue.h` declares what `queue.c` defines (x.c,
  // x.cc, x.cpp or x.cxx beside the header, else the only such file in the repository:
  // include/x.h + src/x.cpp). Includes then bind the functions and globals declared there.
  std::vector<int64_t> withImplementations(std::vector<int64_t> files) {
    const size_t n = files.size();
    for (size_t i = 0; i < n; ++i) {
      const int64_t impl = implementationOf(files[i]);
      if (impl != 0 && std::find(files.begin(), files.end(), impl) == files.end())
        files.push_back(impl);
    }
    return files;
  }

  // The implementation file of one header (0: none, or not a header), found once per header:
  // the kernel's thousands of include closures each hold hundreds of headers, and finding it
  // anew in every closure was 40 % of binding its references.
  int64_t implementationOf(int64_t header) {
    auto it = implementations.find(header);
    if (it != implementations.end()) return it->second;
    int64_t found = 0;
    const std::string path = pathOf(header);
    const lang::Rules& rules = modules.rules(header);
    if (rules.isHeader && rules.isHeader(path)) {
      size_t slash = path.rfind('/');
      std::string base = path.substr(slash == std::string::npos ? 0 : slash + 1);
      std::string stem = base.substr(0, base.rfind('.'));
      std::vector<int64_t> beside, elsewhere;
      for (std::string_view ext : rules.sourceExtensions)
        for (int64_t id : modules.bySuffix(stem + std::string(ext))) {
          if (id == header) continue;
          (modules.sameDirectory(id, header) ? beside : elsewhere).push_back(id);
        }
      const auto& pick = !beside.empty() ? beside : elsewhere;
      if (pick.size() == 1) found = pick.front();
    }
    implementations.emplace(header, found);
    return found;
  }

  // ---- classes (resolver_classes.cpp) ----
  // The nearest enclosing container (class, struct, ...) of a symbol, itself included.
  const DefinitionRow* enclosingClass(int64_t symbolId);

  // C# partial types: the parts of a class declared in several files (same namespace, same
  // qualified name and kind) are one class. The parts of `cls`, `cls` itself included.
  std::vector<int64_t> partsOf(const DefinitionRow* cls);

  // Members named `name` of a class and (breadth-first) its bases; with basesOnly (`super.m()`)
  // the class itself is skipped.
  std::vector<const DefinitionRow*> memberOfClassOrBases(const DefinitionRow* cls,
                                                         const Candidates& cands,
                                                         bool basesOnly = false);

  // Whether every way up from `cls` through its bases in the repository ends at a base outside
  // it (one that names nothing here and is not a built-in root such as Python's `object`): then
  // a `super.m()` that no repository base defines reaches library code. A class with no base,
  // or only a built-in root, may sit before a repository class in a subclass's order (a mixin),
  // and a base that stayed unbound with candidates may be a repository class: neither is ruled
  // out.
  bool basesEndOutside(const DefinitionRow* cls, const lang::Rules& rules);

  // The class around `source` (or a base) has a field/variable member named like the call and
  // no callable member of that name.
  bool callsDataMember(const DefinitionRow* source, const std::vector<DefinitionRow>& all,
                       const Candidates& cands);

  // A file's path ("" for an id the map does not hold).
  const std::string& pathOf(int64_t fileId) const {
    static const std::string kNone;
    const store::FileRow* f = modules.file(fileId);
    return f ? f->path : kNone;
  }

  // Binds `found` at the given evidence. Several candidates at the same level of evidence
  // (overloads, redefinitions in one scope, one name in several files of a package): the first
  // in source order, or the longest of one scope where the language says so, at the level
  // the language measured for a choice among several. A level of 0 in the language's table
  // makes no edge: the reference stays unresolved with its candidate count.
  Resolution pick(int64_t refId, std::vector<const DefinitionRow*> found, Evidence evidence,
                  const lang::Rules& rules, bool merge) {
    Resolution r;
    r.refId = refId;
    found = mergeDeclarations(std::move(found), merge, modules);
    if (found.empty()) return r;
    // Ordered by path, not by file id: ids depend on indexing history, and a refresh must
    // bind exactly as a fresh full index does.
    std::sort(found.begin(), found.end(), [&](const DefinitionRow* a, const DefinitionRow* b) {
      if (a->fileId != b->fileId) return pathOf(a->fileId) < pathOf(b->fileId);
      if (a->startLine != b->startLine) return a->startLine < b->startLine;
      // Whatever order `found` came in (definitions by name are read most central first).
      if (a->qualifiedName != b->qualifiedName) return a->qualifiedName < b->qualifiedName;
      if (a->kind != b->kind) return a->kind < b->kind;
      if (a->endLine != b->endLine) return a->endLine < b->endLine;
      return a->id < b->id;
    });
    // Overloads: the definitions a call with that many arguments can reach (Java, C#, C++,
    // Kotlin; where the longest definition is the implementation, its stubs are no overloads).
    if (found.size() > 1 && arity >= 0 && !rules.longestDefinitionWins) {
      std::vector<const DefinitionRow*> fitting;
      for (const DefinitionRow* d : found)
        if (!model::isCallable(d->kind) || (arity >= d->paramsMin && (d->paramsMax == 255 || arity <= d->paramsMax)))
          fitting.push_back(d);
      if (!fitting.empty()) found = std::move(fitting);
    }
    const bool several = found.size() > 1;
    if (several && evidence == Evidence::kScope)
      evidence = Evidence::kAmbiguousScope;
    else if (several)
      evidence = Evidence::kAmbiguous;
    const double confidence = rules.level(evidence);
    if (confidence <= 0) {
      r.candidates = static_cast<uint32_t>(found.size());
      return r;
    }
    // Overloads and their implementation: a run of definitions of one scope, each starting
    // right after the one before (signatures, then the body): the longest. Definitions of one
    // name further apart (in two test callbacks, in distant branches) are not one function.
    const DefinitionRow* chosen = found.front();
    if (several && rules.longestDefinitionWins) {
      const DefinitionRow* previous = found.front();
      for (size_t i = 1; i < found.size(); ++i) {
        const DefinitionRow* d = found[i];
        if (d->fileId != previous->fileId || d->parentId != previous->parentId ||
            d->startLine > previous->endLine + 3)
          break;
        if (d->endLine - d->startLine > chosen->endLine - chosen->startLine) chosen = d;
        previous = d;
      }
    }
    r.targetId = chosen->id;
    r.confidence = confidence;
    return r;
  }

  // ---- build and test-file visibility (resolver_steps.cpp) ----
  // Whether `d` is visible from a reference in `refFile` as far as builds and test files go:
  // a definition compiled only in another build (Go's GOOS/GOARCH files) is not seen from the
  // default build, and a test file's definition is seen only from test files where the
  // language keeps them apart (Go's _test.go).
  bool buildVisible(const store::FileRow* refFile, const DefinitionRow& d) const;
  // `cands` without what the reference's file cannot see (buildVisible); `cands` itself when
  // it can see all of them, else `scratch` filled.
  const Candidates& visibleCandidates(const store::FileRow* refFile, const Candidates& cands,
                                      Candidates& scratch) const;

  // An import reference (resolver_steps.cpp): the module's file, of the default build where it
  // has one, and the definitions it names there (a member import's too), at kScope.
  Resolution resolveImport(const PendingRef& ref);

  // The definitions an import binding `b` makes visible under the reference's name: `pool` (the
  // candidates of the name the module defines it under) in the files the binding reaches.
  void importedDefinitions(const Binding& b, const PendingRef& ref, const lang::Rules& rules,
                           const Candidates& cands, bool direct, bool merge,
                           std::vector<const DefinitionRow*>& found) {
    // An imported name may be re-exported under another name: look for the original.
    const std::string& original = direct && !b.symbolName.empty() ? b.symbolName : ref.name;
    std::vector<int64_t> scratch;
    const std::vector<int64_t>* reached = &reexportClosure(b.files, original, scratch);
    if (merge && !direct) {
      scratch = withImplementations(reached == &scratch ? std::move(scratch)
                                                        : std::vector<int64_t>(*reached));
      reached = &scratch;
    }
    const std::vector<int64_t>& files = *reached;
    const auto& pool = original == ref.name ? cands : compatibleNamed(ref.kind, original, rules);
    for (const DefinitionRow& d : rows(pool)) {
      if (std::find(files.begin(), files.end(), d.fileId) == files.end()) continue;
      if (bareCallCannotReach(ref, rules, d)) continue;
      if (d.parentId == 0 || merge || isNamespaceLike(d.parentId)) {
        found.push_back(&d);
        continue;
      }
      const DefinitionRow* parent = direct ? def(d.parentId) : nullptr;
      if (parent && lastSegment(parent->qualifiedName) == b.ownerSegment) found.push_back(&d);
    }
    if (direct && found.empty() && !merge) {
      // `import { gt } from "./checks"` where ./checks says `export { _gt as gt } from ...`.
      PendingRef asOriginal = ref;
      asOriginal.name = original;
      renamedExported(b.files, asOriginal, rules, found);
    }
  }

  // The top-level definitions of the reference's name that module `files` export, directly or
  // through re-exports, added to `found` once each.
  void topLevelExported(const std::vector<int64_t>& files, const PendingRef& ref,
                        const lang::Rules& rules, const Candidates& cands,
                        std::vector<const DefinitionRow*>& found);

  // The top-level definitions module `files` export under the reference's name through a
  // re-export that renames them, added to `found` once each.
  void renamedExported(const std::vector<int64_t>& files, const PendingRef& ref,
                       const lang::Rules& rules, std::vector<const DefinitionRow*>& found);

  // The directories (packages) a file's imports reach, kept for the last file asked: references
  // come file by file.
  const std::unordered_set<std::string>& importedDirectories(int64_t fileId) {
    if (importedDirsOf != fileId) {
      importedDirs.clear();
      for (const auto& b : bindings(fileId))
        for (int64_t f : b.files) importedDirs.insert(directoryOf(pathOf(f)));
      importedDirsOf = fileId;
    }
    return importedDirs;
  }
  int64_t importedDirsOf = 0;
  std::unordered_set<std::string> importedDirs;

  // The name of the type a member belongs to: its parent's, else the qualified name's owner
  // segment (a Go method whose receiver type is declared in another file has no parent).
  std::string ownerOf(const DefinitionRow& d) {
    if (const DefinitionRow* p = def(d.parentId)) return lastSegment(p->qualifiedName);
    size_t cut = d.qualifiedName.rfind('.');
    return cut == std::string::npos ? std::string() : lastSegment(d.qualifiedName.substr(0, cut));
  }

  // The last segment of a qualified name written with `.`, `::` or `\\` (PHP).
  static std::string ownerName(const std::string& q) {
    size_t cut = q.find_last_of(".:\\");
    return cut == std::string::npos ? q : q.substr(cut + 1);
  }

  // Whether the last segment of `qualifier` is the name of a type, namespace or module of the
  // reference's family somewhere in the repository (`Outer.Inner`, `ns::sub`, `\N\A`).
  // A class, struct, interface, enum, module or namespace: a type alias owns no members.
  bool qualifierNamesType(const std::string& qualifier, const lang::Rules& rules) {
    const std::string last = ownerName(qualifier);
    if (last.empty()) return false;
    for (const DefinitionRow& d : defsNamed(last))
      if (model::isContainer(d.kind) && sameFamily(rules, d.fileId)) return true;
    return false;
  }

  // A bare call reaches a method only where `this` is implicit: `len(x)` in Go is never the
  // method `A.len`, even when its receiver type was declared in another file (no parent).
  // Nor does it reach a member assigned by a qualified name (`inst.parse = ...`, Lua
  // `function M.f()`), which is a property, not a name in scope.
  static bool bareCallCannotReach(const PendingRef& ref, const lang::Rules& rules,
                                  const DefinitionRow& d) {
    if (ref.kind != RefKind::kCalls || !ref.qualifier.empty() || rules.implicitThis) return false;
    if (d.kind == SymbolKind::kMethod || d.kind == SymbolKind::kConstructor) return true;
    return !rules.splitDeclarations && d.parentId == 0 &&
           d.qualifiedName.find('.') != std::string::npos;
  }

  // Where the language calls values (JavaScript's `const f = () => ...`, `export const g =
  // make()`), a bare call of a name with no callable definition in scope: the module-level
  // variables and constants of that name in `files` (the reference's own file or an import's).
  // A value of a namespace `owner` (`util.objectKeys` where `namespace util` declares it) is
  // called under that owner, or by its bare name from inside the namespace.
  std::vector<const DefinitionRow*> calledValues(const PendingRef& ref, const lang::Rules& rules,
                                                 const std::vector<int64_t>& files,
                                                 const std::string& owner = {}) {
    std::vector<const DefinitionRow*> out;
    if (!rules.valuesAreCallable || ref.kind != RefKind::kCalls || !ref.qualifier.empty())
      return out;
    for (const DefinitionRow& d : valueDefsNamed(ref.name)) {
      if (std::find(files.begin(), files.end(), d.fileId) == files.end() ||
          !(d.parentId == 0 || isNamespaceLike(d.parentId)))
        continue;
      bool named = d.qualifiedName == ref.name;
      if (!named && d.parentId != 0) {
        const DefinitionRow* ns = def(d.parentId);
        named = ns && ((!owner.empty() && ns->qualifiedName == owner) ||
                       (owner.empty() && d.fileId == ref.fileId && encloses(ns->id, ref.sourceId)));
      }
      if (named) out.push_back(&d);
    }
    return out;
  }
  // Whether symbol `outer` is `inner` or one of its enclosing symbols.
  bool encloses(int64_t outer, int64_t inner) {
    for (const DefinitionRow* d = def(inner); d; d = def(d->parentId))
      if (d->id == outer) return true;
    return false;
  }

  // The arguments of the call being resolved (-1: not a call, or not known); probes made while
  // resolving it are no calls of their own.
  int arity = -1;
  // One reference through the steps in their order (resolver.h; resolver_steps.cpp).
  Resolution resolveRef(const PendingRef& ref);

  // What the steps of one reference's resolution share.
  struct Lookup {
    const PendingRef& ref;
    const lang::Rules& rules;
    const store::FileRow* file;
    const std::vector<DefinitionRow>& all;  // every definition of the name
    const Candidates& cands;                // those the reference may bind to and can see
    const DefinitionRow* source;            // the enclosing symbol
    bool valueRef, keptList, merge;
    bool importedFromOutside = false;  // an import of library code binds the bare name
    bool importedHere = false;         // an import of the repository binds the bare name
  };
  // pick() for the reference of `look`, by its language's rules and declaration merging.
  Resolution pick(const Lookup& look, std::vector<const DefinitionRow*> found, Evidence evidence) {
    return pick(look.ref.id, std::move(found), evidence, look.rules, look.merge);
  }

  // `Base.run(self)`, `Mid::run()`: a qualifier naming a class in scope whose member of that
  // name is inherited, not declared (the qualified-name step reads declared members only).
  std::optional<Resolution> inheritedThroughType(Lookup& look);


  // Step 1: `self.m()`, `this.m()`, `super.m()`, and bare names where `this` is implicit.
  std::optional<Resolution> currentObject(Lookup& look);
  // Steps 2-4 for a bare name: enclosing scopes and the file, imports, the same package.
  std::optional<Resolution> bareName(Lookup& look);
  // Step 3 for a qualified name: through the import binding its head, else a qualifier that
  // names a type or namespace.
  std::optional<Resolution> qualifiedName(Lookup& look);
  // qualifiedName's parts (resolver_steps.cpp has what each adds): a qualifier through module
  // aliases, through an import's files, and spelled as the end of a qualified name.
  bool aliasedModuleMembers(const Binding& b, const PendingRef& ref, const Candidates& cands,
                            std::vector<const DefinitionRow*>& found, bool& aliasAmbiguous);
  void importedQualifierMembers(const Binding& b, const Lookup& look, const std::string& head,
                                std::vector<const DefinitionRow*>& found,
                                std::vector<const DefinitionRow*>& moduleMembers);
  void typeQualifiedMatches(const Lookup& look, std::vector<const DefinitionRow*>& found);
  // Step 5: a definition unique in the repository, where nothing above decided.
  Resolution uniqueName(Lookup& look);

  // ---- receiver types (resolver_types.cpp) ----
  // The types a receiver may have, as the declarations on the way write them.
  struct TypeSet {
    std::vector<const DefinitionRow*> types;     // usually one
    std::vector<const DefinitionRow*> elements;  // a collection's: `[]T`, `List<T>`, `list[T]`
    bool library = false;  // proven no type of the repository: a built-in, library code
  };
  // A call on a receiver whose type the declarations say (`x.m()` with `x T`, `a.b.m()`,
  // `f().m()`): a member of that type or its bases, at kReceiverType; no edge when the type is
  // library code or has no such member; nullopt when the type is not known.
  std::optional<Resolution> receiverType(Lookup& look);
  // A member read or written (`self.env`, `env.doctreedir = d`; Rules::memberAccesses): the
  // field or property of that name of the receiver's type or its bases, at kReceiverType (the
  // current object's class at kScope); dropped when the type is not known, is library code, or
  // has no such field or property. nullopt for a qualifier an import binds (`mod.VAR`: the
  // module-level variable steps).
  std::optional<Resolution> memberAccess(const PendingRef& ref, const lang::Rules& rules,
                                         const store::FileRow* file);
  // The types a type expression (lang::ExtractedSymbol::typeExpr) names where `fileId` and
  // `sourceId` (the enclosing symbol) write it.
  TypeSet evalTypeExpr(const std::string& te, int64_t fileId, int64_t sourceId, int depth);
  // An expression part-way through evalTypeExpr: its value so far and where the rest starts.
  struct TypeWalk {
    std::vector<const DefinitionRow*> cur;       // the types the value may have
    std::vector<const DefinitionRow*> elements;  // the value is a collection of these
    bool library = false;                        // the value is proven to be of a library type
    size_t i = 0;                                // the first character of `te` not evaluated
    void take(TypeSet t) {
      cur = std::move(t.types);
      elements = std::move(t.elements);
      library = t.library;
    }
  };
  // evalTypeExpr's steps (resolver_types.cpp has what each reads): each leaves the value so far
  // in `walk`, or returns the whole expression's answer.
  std::optional<TypeSet> typeGuardStep(const std::string& te, int64_t fileId, int64_t sourceId,
                                       int depth, TypeWalk& walk);
  std::optional<TypeSet> callbackParameterStep(const std::string& te, int64_t fileId,
                                               int64_t sourceId, int depth, TypeWalk& walk);
  std::optional<TypeSet> namedTypeStep(const std::string& te, int64_t fileId, int64_t sourceId,
                                       TypeWalk& walk);
  std::optional<TypeSet> headNameStep(const std::string& te, int64_t fileId, int64_t sourceId,
                                      int depth, const lang::Rules& rules, TypeWalk& walk);
  std::optional<TypeSet> qualifierStep(const std::string& te, const std::string& head,
                                       int64_t fileId, int64_t sourceId, int depth,
                                       TypeWalk& walk);
  std::optional<TypeSet> memberSteps(const std::string& te, int depth, const lang::Rules& rules,
                                     TypeWalk& walk);
  // The declared signature of callable `id` ("" when it has none or the read fails).
  std::string signatureOf(int64_t id);
  // Whether a name in `te` is declared in `fileId` inside a function, namespace or module, or
  // imported inside a function: what `te` names then depends on where it is written.
  bool namesLocalDeclaration(const std::string& te, int64_t fileId);
  // The type of a declaration's value: a field's or variable's declared type, a callable's
  // result type, a constructor's class.
  TypeSet typeOfDeclaration(const DefinitionRow& d, int depth);
  // The type named `name` as written in `fileId` / `sourceId`.
  TypeSet typeNamed(const std::string& name, int64_t fileId, int64_t sourceId);
  // What a bare or qualified name (written in fileId/sourceId) binds to, when the evidence is
  // better than a repository-wide guess; null otherwise.
  const DefinitionRow* probe(RefKind kind, const std::string& name, const std::string& qualifier,
                             int64_t fileId, int64_t sourceId, bool anyEvidence = false);
  // Whether `head` is bound by an import of library code in `fileId`.
  bool importedFromLibrary(int64_t fileId, const std::string& head);
  // The members named `name` of `types` (and their bases), of `rules`' family.
  std::vector<const DefinitionRow*> membersNamed(const std::vector<const DefinitionRow*>& types,
                                                 const std::string& name, const lang::Rules& rules);
  const std::string& declaredType(int64_t id);
  // The callable a callee chain as written names (`f`, `this.repo.find`, `{T}` for T's
  // constructor), where `sourceId` is; null when none or not one callable.
  const DefinitionRow* calleeOf(const std::string& callee, int64_t fileId, int64_t sourceId,
                                int depth);
  // Whether `name` is a type parameter where `sourceId` is written (never library code).
  bool typeParameter(const std::string& name, int64_t sourceId);
  // The bound a type parameter `name` declares where `sourceId` is written (`<T extends
  // Base>`, `<T: Base>`, else its default `<T = Base>`): the bound's type name and the
  // declaration that declares the parameter; empty when no enclosing declaration says.
  std::pair<std::string, const DefinitionRow*> typeParameterBound(const std::string& name,
                                                                  int64_t sourceId);
  // `super(...)` / `this(...)` in a constructor: the base class's (or the class's own)
  // constructor, else the class.
  std::optional<Resolution> constructorCall(const PendingRef& ref, const lang::Rules& rules);
  // Where `this` is implicit: the field or property `name` of the class around `sourceId` (or
  // of its bases), else null.
  const DefinitionRow* implicitMember(const std::string& name, int64_t sourceId);
  std::unordered_map<int64_t, std::string> declaredTypes;
  std::unordered_map<std::string, TypeSet> typeCache;  // by "file|source|expression"
  int nesting = 0;  // evalTypeExpr calls on the stack (probes resolve names, which may type)
  int aliasHops = 0;  // type aliases followed by the typeNamed calls on the stack
  int boundHops = 0;  // type parameter bounds followed by the typeNamed calls on the stack
  // Incremented whenever a type is read through a type parameter's bound: what such an
  // expression names depends on the declaration it is written in, so evalTypeExpr does not share
  // its answer across the file.
  uint64_t boundReads = 0;

  // Step 5's answer by candidate list (a kept one of compatibleCache), the language's rules
  // (which decide implicit `this` and merging), the reference's kind and qualifier shape (none,
  // self, other). Cleared with compatibleCache.
  struct UniqueKey {
    const Candidates* cands;
    const lang::Rules* rules;
    uint8_t kind, shape;
    bool operator==(const UniqueKey&) const = default;
  };
  struct UniqueKeyHash {
    size_t operator()(const UniqueKey& k) const {
      return std::hash<const void*>{}(k.cands) ^ std::hash<const void*>{}(k.rules) * 31 ^
             (size_t{k.kind} << 3 | size_t{k.shape} << 1) * 0x9E3779B97F4A7C15ULL;
    }
  };
  struct UniqueAnswer {
    const DefinitionRow* single = nullptr;  // the one definition, else none
    uint32_t count = 0;                     // how many there were
  };
  std::unordered_map<UniqueKey, UniqueAnswer, UniqueKeyHash> uniqueCache;

  const Candidates& compatibleNamed(RefKind kind, const std::string& name,
                                    const lang::Rules& rules) {
    auto key =
        std::to_string(static_cast<int>(kind)) + '|' + std::string(rules.family) + '|' + name;
    auto it = compatibleCache.find(key);
    if (it != compatibleCache.end()) return it->second;
    Candidates out;
    for (const auto& d : defsNamed(name))
      if (compatible(kind, d.kind) && sameFamily(rules, d.fileId)) out.push_back(&d);
    return compatibleCache.emplace(key, std::move(out)).first->second;
  }
  // Pointers into defsCache, cleared with it.
  std::unordered_map<std::string, Candidates> compatibleCache;

  // A reference binds only to definitions of its language family (C/C++, JS/TS/TSX, else
  // the language itself).
  bool sameFamily(const lang::Rules& rules, int64_t defFileId) const {
    return modules.file(defFileId) && modules.rules(defFileId).family == rules.family;
  }

  // An enumerator (C/C++: a constant of the scope around its enum).
  bool isEnumConstant(const DefinitionRow& d) {
    const DefinitionRow* p = def(d.parentId);
    return d.kind == SymbolKind::kConstant && p && p->kind == SymbolKind::kEnum;
  }

  bool isNamespaceLike(int64_t parentId) {
    const DefinitionRow* p = def(parentId);
    return p && (p->kind == SymbolKind::kNamespace || p->kind == SymbolKind::kModule);
  }
};

}  // namespace cg::indexer
