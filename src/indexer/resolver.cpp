#include "resolver.h"

#include <algorithm>
#include <deque>
#include <optional>
#include <set>
#include <unordered_set>

#include "codegraph/lang/builtins.h"
#include "declarations.h"
#include "module_map.h"
#include "resolver_rules.h"

namespace cg::indexer {
namespace {

using model::RefKind;
using model::SymbolKind;
using store::DefinitionRow;
using store::PendingRef;
using store::Resolution;
using namespace resolver_rules;

constexpr double kScopeConfidence = 1.0;
constexpr double kQualifiedConfidence = 0.9;
constexpr double kUniqueConfidence = 0.7;
constexpr double kUniqueReceiverConfidence = 0.6;

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
Rows rows(const Candidates& c) { return {c}; }

}  // namespace

struct Resolver::Impl {
  Impl(store::IndexWriter& w, size_t maxHeld, ResolverMemory::State* memory)
      : writer(w), maxHeldDefinitions(maxHeld), kept(memory ? *memory : own), modules(kept.modules),
        includeClosureCache(kept.includeClosures), rawBindingsCache(kept.rawBindings),
        bindingsCache(kept.bindings), implementations(kept.implementations) {}
  store::IndexWriter& writer;
  const size_t maxHeldDefinitions;
  ResolverMemory::State own;
  ResolverMemory::State& kept;  // the caller's memory, or `own`
  ModuleMap& modules;
  std::unordered_map<std::vector<int64_t>, IncludeClosure, FileSetHash>& includeClosureCache;
  std::unordered_map<int64_t, std::vector<Binding>>& rawBindingsCache;
  std::unordered_map<int64_t, std::vector<Binding>>& bindingsCache;
  std::unordered_map<int64_t, int64_t>& implementations;  // header → its implementation file, 0: none
  std::unordered_map<std::string, std::vector<DefinitionRow>> defsCache;
  // By id: pointers into defsCache (its vectors never change once filled, and the map's nodes
  // do not move), or into `loose` for a row read by id alone. One copy of each row: the kernel's
  // resolve reads most of its 4.2 M definitions, and a second copy cost hundreds of MB.
  std::unordered_map<int64_t, const DefinitionRow*> defById;
  std::unordered_map<int64_t, DefinitionRow> loose;
  std::unordered_map<int64_t, std::vector<int64_t>> basesCache;

  // The first read that failed (a binding made without the rows it needed would be silently
  // wrong): the caller checks Resolver::readStatus() and fails the run.
  std::optional<Error> readFailure;
  void noteFailure(const Error& e) {
    if (!readFailure) readFailure = e;
  }

  using DefsByName = std::unordered_map<std::string, std::vector<DefinitionRow>>;
  // The rows `read` returns for `name`, read once and kept in `cache` (and by id).
  template <typename Read>
  const std::vector<DefinitionRow>& cachedDefs(DefsByName& cache, const std::string& name, Read read) {
    auto it = cache.find(name);
    if (it != cache.end()) return it->second;
    auto rows = read(name);
    auto& slot = cache[name];
    if (rows) slot = std::move(*rows);
    else noteFailure(rows.error());
    for (const auto& d : slot) defById.emplace(d.id, &d);
    return slot;
  }
  const std::vector<DefinitionRow>& defsNamed(const std::string& name) {
    return cachedDefs(defsCache, name, [this](const std::string& n) { return writer.definitionsNamed(n); });
  }
  // For a read or write: the variables and constants of that name (all it can bind to).
  const std::vector<DefinitionRow>& valueDefsNamed(const std::string& name) {
    return cachedDefs(valueDefsCache, name,
                      [this](const std::string& n) { return writer.valueDefinitionsNamed(n); });
  }
  DefsByName valueDefsCache;

  const DefinitionRow* def(int64_t id) {
    if (id == 0) return nullptr;
    auto it = defById.find(id);
    if (it != defById.end()) return it->second;
    auto row = writer.definition(id);
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
    if (auto imports = writer.importsOf(fileId)) {
      for (const auto& imp : *imports) out.push_back(modules.bind(fileId, imp));
    } else {
      noteFailure(imports.error());
    }
    return rawBindingsCache.emplace(fileId, std::move(out)).first->second;
  }

  // The imports of a file, with Python modules that are no file of their own found through
  // import aliases: `from os.path import join` / `import os.path as osp` where os.py binds
  // `path` by `import posixpath as path`.
  const std::vector<Binding>& bindings(int64_t fileId) {
    auto it = bindingsCache.find(fileId);
    if (it != bindingsCache.end()) return it->second;
    std::vector<Binding> out = rawBindings(fileId);
    for (auto& b : out) {
      if (b.language != "python" || !b.files.empty() || b.module.empty() || b.module[0] == '.' ||
          b.module.find('.') == std::string::npos)
        continue;
      // `import a.b` binds `a` (the package), not the module a.b: only aliases and names.
      if (b.local == firstSegment(b.module) && b.symbolName.empty()) continue;
      bool ambiguous = false;
      b.files = pythonModuleFiles(fileId, b.module, ambiguous);
    }
    // Every Java file imports java.lang.* without saying so (JLS 7.3): where the repository
    // holds that package (the JDK itself), `String` or `Override` bind there like any name
    // of a package imported on demand.
    if (const store::FileRow* row = modules.file(fileId);
        row && row->language == "java" && modules.packageClause(fileId) != "java.lang") {
      store::PendingRef implicit;
      implicit.kind = RefKind::kImports;
      implicit.fileId = fileId;
      implicit.module = "java.lang";
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
                                   bool& ambiguous) {
    std::vector<int64_t> out;
    for (int64_t f : files) {
      for (const auto& b : rawBindings(f)) {
        if (!b.topLevel || b.wildcard || b.local != seg || !b.symbolName.empty() || b.files.empty())
          continue;
        if (b.language != "python") continue;
        // `import a.b` binds `a` to the package, not to a/b.py.
        if (b.local == firstSegment(b.module) && b.module.find('.') != std::string::npos &&
            b.module[0] != '.')
          continue;
        if (out.empty())
          out = b.files;
        else if (out != b.files)
          ambiguous = true;
      }
      if (!out.empty()) return out;
      // A package's submodule: pkg/__init__.py → pkg/seg.py | pkg/seg/__init__.py.
      const std::string path = pathOf(f);
      const std::string suffix = "/__init__.py";
      if (path == "__init__.py" || (path.size() > suffix.size() &&
                                    path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0)) {
        std::string dir = directoryOf(path);
        for (const std::string& cand : {joinPath(dir, seg + ".py"), joinPath(dir, seg + "/__init__.py")})
          for (int64_t id : modules.bySuffix(cand))
            if (pathOf(id) == cand) return {id};
      }
    }
    return out;
  }

  // Follows `segs` from the module `files` through module-level import aliases.
  std::vector<int64_t> walkAliases(std::vector<int64_t> files, const std::vector<std::string>& segs,
                                   size_t from, bool& ambiguous) {
    for (size_t i = from; i < segs.size() && !files.empty(); ++i)
      files = aliasTarget(files, segs[i], ambiguous);
    return files;
  }

  // The files of an absolute dotted Python module as seen from `fileId`: its own file, else
  // the longest prefix that is a file followed through import aliases (os.path → posixpath.py).
  std::vector<int64_t> pythonModuleFiles(int64_t fileId, const std::string& dotted, bool& ambiguous) {
    auto segs = dottedSegments(dotted);
    for (size_t k = segs.size(); k > 0; --k) {
      store::PendingRef probe;
      probe.kind = RefKind::kImports;
      for (size_t i = 0; i < k; ++i) probe.module += (i ? "." : "") + segs[i];
      Binding pb = modules.bind(fileId, probe);
      if (pb.files.empty()) continue;
      return k == segs.size() ? pb.files : walkAliases(pb.files, segs, k, ambiguous);
    }
    return {};
  }

  // Python: the module a dotted qualifier names when it goes through a module-level import
  // alias of an imported module (`import os` … `os.path.join`: os.py binds `path` by
  // `import posixpath as path`). Empty when the qualifier needs no alias step (the plain
  // import rules apply) or does not reach a module.
  std::vector<int64_t> qualifierThroughAliases(const Binding& b, const std::string& qualifier,
                                               bool& ambiguous) {
    if (b.language != "python" || b.module.empty()) return {};
    auto segs = dottedSegments(qualifier);
    size_t consumed = 1;
    std::vector<int64_t> files = b.files;
    if (b.local == firstSegment(b.module) && b.symbolName.empty() && b.module[0] != '.') {
      // `import a.b.c` binds `a` to a/b/c.py: the qualifier must spell the whole module.
      auto mod = dottedSegments(b.module);
      if (mod.size() > segs.size() || !std::equal(mod.begin(), mod.end(), segs.begin()))
        return {};
      consumed = mod.size();
      // `import os.path` (no os/path.py): os.py's alias `path`.
      if (files.empty() && mod.size() > 1) {
        files = pythonModuleFiles(b.fileId, b.module, ambiguous);
        if (files.empty()) return {};
        return walkAliases(std::move(files), segs, consumed, ambiguous);
      }
    } else if (b.local != segs.front()) {
      return {};
    }
    if (files.empty()) return {};
    if (!b.symbolName.empty()) {
      // `from os import path`: the imported name is an alias of a module.
      files = aliasTarget(files, b.symbolName, ambiguous);
      if (files.empty()) return {};
    } else if (consumed == segs.size()) {
      return {};
    }
    return walkAliases(std::move(files), segs, consumed, ambiguous);
  }

  const std::vector<int64_t>& bases(int64_t classId) {
    auto it = basesCache.find(classId);
    if (it != basesCache.end()) return it->second;
    std::vector<int64_t> out;
    if (auto b = writer.basesOf(classId)) out = std::move(*b);
    else noteFailure(b.error());
    return basesCache.emplace(classId, std::move(out)).first->second;
  }

  // Whether none of `files` can re-export a name (their language's imports stay local).
  bool reexportNothing(const std::vector<int64_t>& files) const {
    return std::all_of(files.begin(), files.end(), [&](int64_t f) {
      const store::FileRow* row = modules.file(f);
      return row && importsStayLocal(row->language);
    });
  }
  // followReexports without a copy when the files re-export nothing: `files` itself, else
  // `scratch` filled.
  const std::vector<int64_t>& reexportClosure(const std::vector<int64_t>& files, const std::string& name,
                                              std::vector<int64_t>& scratch) {
    if (reexportNothing(files)) return files;
    scratch = followReexports(files, name);
    return scratch;
  }

  // The files where `name` imported from `files` may be defined: the files themselves, then
  // (breadth-first, a few levels) what they re-export — imports binding that name, and
  // wildcard re-exports (`export * from`, `from x import *`). A file of a language whose imports
  // stay local re-exports nothing, so then the files are the answer as they are: a Java
  // `import java.util.*` binds the package's hundreds of files, and following their own imports
  // for every reference was most of the JDK's index (and bound names Java does not make visible).
  std::vector<int64_t> followReexports(const std::vector<int64_t>& files, const std::string& name) {
    if (reexportNothing(files)) return files;
    std::vector<int64_t> out;
    std::unordered_set<int64_t> seen;
    std::deque<std::pair<int64_t, int>> queue;
    for (int64_t f : files) queue.emplace_back(f, 0);
    while (!queue.empty()) {
      auto [f, depth] = queue.front();
      queue.pop_front();
      if (!seen.insert(f).second) continue;
      out.push_back(f);
      if (depth >= 4) continue;
      for (const auto& b : bindings(f)) {
        if (importsStayLocal(b.language)) continue;  // a Java import, a C# `using`: not re-exported
        if ((b.local == name && !name.empty()) || b.wildcard)
          for (int64_t next : b.files) queue.emplace_back(next, depth + 1);
      }
    }
    return out;
  }

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
      if (impl != 0 && std::find(files.begin(), files.end(), impl) == files.end()) files.push_back(impl);
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
    if (isHeader(path)) {
      size_t slash = path.rfind('/');
      std::string base = path.substr(slash == std::string::npos ? 0 : slash + 1);
      std::string stem = base.substr(0, base.rfind('.'));
      std::vector<int64_t> beside, elsewhere;
      for (const char* ext : {".c", ".cc", ".cpp", ".cxx"})
        for (int64_t id : modules.bySuffix(stem + ext)) {
          if (id == header) continue;
          (modules.sameDirectory(id, header) ? beside : elsewhere).push_back(id);
        }
      const auto& pick = !beside.empty() ? beside : elsewhere;
      if (pick.size() == 1) found = pick.front();
    }
    implementations.emplace(header, found);
    return found;
  }

  // The nearest enclosing container (class, struct, ...) of a symbol, itself included.
  const DefinitionRow* enclosingClass(int64_t symbolId) {
    const DefinitionRow* d = def(symbolId);
    for (int guard = 0; d && guard < 16; ++guard) {
      if (model::isContainer(d->kind) && d->kind != SymbolKind::kNamespace &&
          d->kind != SymbolKind::kModule)
        return d;
      d = def(d->parentId);
    }
    // An out-of-line member (C++ `void ns::Foo::bar() {}`, nested in the namespace or at top
    // level) names its class in its qualified name: the class is the definition so named.
    const DefinitionRow* self = def(symbolId);
    if (!self) return nullptr;
    // A Go method (`Book.Label`) names its receiver type, declared in the same package; so
    // do a Kotlin extension function (`fun Book.label()`) and a member of a Swift extension,
    // whose receiver is `this` / `self`.
    const std::string& q = self->qualifiedName;
    const bool go = isGoFile(self->fileId);
    const store::FileRow* selfFile = modules.file(self->fileId);
    const bool dotted =
        go || (selfFile && (selfFile->language == "kotlin" || selfFile->language == "swift"));
    size_t cut = dotted ? q.rfind('.') : q.rfind("::");
    if (cut == std::string::npos || cut == 0) return nullptr;
    const std::string owner = q.substr(0, cut);
    const DefinitionRow* best = nullptr;
    for (const auto& c : defsNamed(lastSegment(owner))) {
      if (c.qualifiedName != owner || !model::isContainer(c.kind) ||
          c.kind == SymbolKind::kNamespace || c.kind == SymbolKind::kModule)
        continue;
      if (go && !modules.sameDirectory(c.fileId, self->fileId)) continue;
      if (!best || pathOf(c.fileId) < pathOf(best->fileId) ||
          (c.fileId == best->fileId && c.startLine < best->startLine))
        best = &c;
    }
    return best;
  }

  // C# partial types: the parts of a class declared in several files (same namespace, same
  // qualified name and kind) are one class. The parts of `cls`, `cls` itself included.
  std::vector<int64_t> partsOf(const DefinitionRow* cls) {
    std::vector<int64_t> out{cls->id};
    const store::FileRow* f = modules.file(cls->fileId);
    if (!f || f->language != "csharp" || !model::isContainer(cls->kind)) return out;
    for (const auto& d : defsNamed(lastSegment(cls->qualifiedName)))
      if (d.id != cls->id && d.kind == cls->kind && d.qualifiedName == cls->qualifiedName &&
          isPartialPartOf(d, *cls, modules))
        out.push_back(d.id);
    return out;
  }

  // Members named `name` of a class and (breadth-first) its bases; with basesOnly (`super.m()`)
  // the class itself is skipped.
  std::vector<const DefinitionRow*> memberOfClassOrBases(const DefinitionRow* cls, const Candidates& cands,
                                                          bool basesOnly = false) {
    std::vector<const DefinitionRow*> found;
    std::deque<std::pair<int64_t, int>> queue;
    if (basesOnly) {
      for (int64_t part : partsOf(cls))
        for (int64_t b : bases(part)) queue.emplace_back(b, 1);
    } else {
      queue.emplace_back(cls->id, 0);
    }
    std::unordered_set<int64_t> seen;
    while (!queue.empty() && found.empty()) {
      auto [id, depth] = queue.front();
      queue.pop_front();
      if (!seen.insert(id).second) continue;
      const DefinitionRow* c = def(id);
      // The other parts of a C# partial class are searched with it, and their bases after it.
      const std::vector<int64_t> parts = c ? partsOf(c) : std::vector<int64_t>{id};
      for (int64_t part : parts)
        if (part != id) seen.insert(part);
      for (const DefinitionRow& d : rows(cands)) {
        if (std::find(parts.begin(), parts.end(), d.parentId) != parts.end()) found.push_back(&d);
        // Out-of-line members (C++ Foo::bar, Go receivers) name the class by qualified name.
        else if (c && (d.parentId == 0 || isNamespaceLike(d.parentId)) &&
                 (!isGoFile(c->fileId) || modules.sameDirectory(d.fileId, c->fileId)) &&
                 d.qualifiedName.size() > c->qualifiedName.size() &&
                 d.qualifiedName.compare(0, c->qualifiedName.size(), c->qualifiedName) == 0 &&
                 lastSegment(d.qualifiedName.substr(c->qualifiedName.size())) ==
                     lastSegment(d.qualifiedName) &&
                 d.qualifiedName.find_first_of(".:", c->qualifiedName.size()) ==
                     c->qualifiedName.size())
          found.push_back(&d);
      }
      if (depth < 6)
        for (int64_t part : parts)
          for (int64_t b : bases(part)) queue.emplace_back(b, depth + 1);
    }
    return found;
  }

  // A file's path ("" for an id the map does not hold).
  const std::string& pathOf(int64_t fileId) const {
    static const std::string kNone;
    const store::FileRow* f = modules.file(fileId);
    return f ? f->path : kNone;
  }

  Resolution pick(int64_t refId, std::vector<const DefinitionRow*> found, double confidence,
                  bool merge) {
    Resolution r;
    r.refId = refId;
    found = mergeDeclarations(std::move(found), merge, modules);
    if (found.empty()) return r;
    // Several candidates at the same level of evidence (overloads, redefinitions in one
    // scope): the first in source order, with lowered confidence to say so.
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
    r.targetId = found.front()->id;
    r.confidence = found.size() == 1 ? confidence : confidence * 0.9;
    return r;
  }

  Resolution resolveImport(const PendingRef& ref) {
    Resolution r;
    r.refId = ref.id;
    Binding b = modules.bind(ref.fileId, ref);
    if (b.files.empty() && b.language == "python" && !b.module.empty() && b.module[0] != '.' &&
        b.module.find('.') != std::string::npos &&
        !(b.local == firstSegment(b.module) && b.symbolName.empty())) {
      bool ambiguous = false;  // `from os.path import join`: os.py's alias `path`
      b.files = pythonModuleFiles(ref.fileId, b.module, ambiguous);
    }
    const store::FileRow* from = modules.file(ref.fileId);
    const std::string language = from ? from->language : std::string();
    std::erase_if(b.files, [&](int64_t f) { return !sameFamily(language, f); });
    if (b.files.empty()) return r;  // external module: unresolved import
    r.targetFileId = b.files.front();
    if (ref.name.empty() || ref.name == "*" || ref.name == "default") {
      r.confidence = kScopeConfidence;
      return r;
    }
    std::vector<const DefinitionRow*> found;
    std::vector<int64_t> scratch;
    const std::vector<int64_t>& files = reexportClosure(b.files, ref.name, scratch);
    for (const auto& d : defsNamed(ref.name)) {
      if (std::find(files.begin(), files.end(), d.fileId) == files.end()) continue;
      if (!sameFamily(language, d.fileId)) continue;
      const DefinitionRow* parent = def(d.parentId);
      if (d.parentId == 0 || (parent && (parent->kind == SymbolKind::kNamespace ||
                                         parent->kind == SymbolKind::kModule)))
        found.push_back(&d);
      else if (parent && lastSegment(parent->qualifiedName) == ownerSegment(ref.module, ref.name))
        found.push_back(&d);  // a member import: `import static a.B.m`, `use a::B::m`
    }
    if (!found.empty()) {
      Resolution picked = pick(ref.id, found, kScopeConfidence, false);
      picked.targetFileId = r.targetFileId;
      return picked;
    }
    r.confidence = kScopeConfidence;
    return r;
  }

  Resolution resolveRef(const PendingRef& ref) {
    if (ref.kind == RefKind::kImports) return resolveImport(ref);
    Resolution r;
    r.refId = ref.id;
    const bool valueRef = ref.kind == RefKind::kAccesses || ref.kind == RefKind::kAssigns;
    const store::FileRow* file = modules.file(ref.fileId);
    const std::string language = file ? file->language : std::string();
    if (language == "csharp" && ref.qualifier == "base") {  // C# `base.M()` is Java's super.m()
      PendingRef viaSuper = ref;
      viaSuper.qualifier = "super";
      return resolveRef(viaSuper);
    }
    // A read or write binds only a variable or constant (compatible()): those alone are read.
    const auto& all = valueRef ? valueDefsNamed(ref.name) : defsNamed(ref.name);
    // Pointers into the cache of definitions by name (no copies per reference). Those of a call
    // or type use are the same for every reference of the name, kind and language family, and
    // kept (a C++ name like `type` has thousands of definitions, filtered once, not per use).
    Candidates valueCands;
    const Candidates& cands = valueRef ? valueCands : compatibleNamed(ref.kind, ref.name, language);
    for (const auto& d : all) {
      if (!valueRef) break;
      if (!compatible(ref.kind, d.kind) || !sameFamily(language, d.fileId)) continue;
      // Only module-level variables and constants (not fields, not locals).
      const DefinitionRow* parent = def(d.parentId);
      // C/C++ enumerators are constants of the scope around their enum.
      if (d.parentId != 0 && !(parent && (parent->kind == SymbolKind::kModule ||
                                           parent->kind == SymbolKind::kNamespace)) &&
          !(parent && parent->kind == SymbolKind::kEnum && d.kind == SymbolKind::kConstant &&
            splitDeclarationAndDefinition(language)))
        continue;
      valueCands.push_back(&d);
    }
    const DefinitionRow* source = def(ref.sourceId);
    // A bare call naming a data member of the current class (C++ member initialiser
    // `: size_(n)`, a call through a callable member): no edge, the member's type is not known.
    if (ref.kind == RefKind::kCalls && ref.qualifier.empty() && implicitThis(language) &&
        callsDataMember(source, all, cands))
      return r.drop = true, r;
    if (cands.empty()) {
      r.drop = valueRef;
      return r;
    }
    const bool merge = splitDeclarationAndDefinition(language);

    // 1. The current object.
    if (isSelfQualifier(ref.qualifier) || (ref.qualifier.empty() && implicitThis(language))) {
      if (const DefinitionRow* cls = source ? enclosingClass(source->id) : nullptr) {
        auto found = memberOfClassOrBases(cls, cands, ref.qualifier == "super");
        if (!found.empty()) return pick(ref.id, found, kScopeConfidence, merge);
      }
    }
    bool importedFromOutside = false;
    if (ref.qualifier.empty()) {
      // 2. Enclosing scopes outward, then the file's top level.
      for (const DefinitionRow* s = source; s; s = def(s->parentId)) {
        // A class body is not a scope for bare names unless `this` is implicit.
        if (model::isContainer(s->kind) && s->kind != SymbolKind::kNamespace &&
            s->kind != SymbolKind::kModule && !implicitThis(language))
          continue;
        std::vector<const DefinitionRow*> found;
        for (const DefinitionRow& d : rows(cands))
          if (d.parentId == s->id) found.push_back(&d);
        if (!found.empty()) return pick(ref.id, found, kScopeConfidence, merge);
      }
      {
        std::vector<const DefinitionRow*> found;
        for (const DefinitionRow& d : rows(cands))
          if (d.fileId == ref.fileId &&
              (d.parentId == 0 || isNamespaceLike(d.parentId) || (merge && isEnumConstant(d))))
            found.push_back(&d);
        if (!found.empty()) return pick(ref.id, found, kScopeConfidence, merge);
      }
      // 3. Imports binding the name, then wildcard imports / includes.
      for (int pass = 0; pass < 2; ++pass) {
        std::vector<const DefinitionRow*> found;
        // C/C++ includes: the candidates in any of the file's name-independent closures at
        // once (one search per candidate, not one per candidate and include); merging makes
        // the order and repetitions of `found` irrelevant.
        if (pass == 1 && merge) {
          markIncludeReach(ref.fileId);
          for (const DefinitionRow& d : rows(cands))
            if (reaches(d.fileId)) found.push_back(&d);
        }
        for (const auto& b : bindings(ref.fileId)) {
          bool direct = pass == 0 && !b.local.empty() && b.local == ref.name;
          bool wildcard = pass == 1 && b.wildcard;
          if (!direct && !wildcard) continue;
          if (direct && b.files.empty()) {
            importedFromOutside = true;  // bound by an import of an external package
            continue;
          }
          // An imported name may be re-exported under another name: look for the original.
          const std::string& original = direct && !b.symbolName.empty() ? b.symbolName : ref.name;
          // An include whose closure does not depend on the name was matched above.
          if (merge && wildcard && includeClosure(b).nameIndependent) continue;
          std::vector<int64_t> scratch;
          const std::vector<int64_t>* reached = &reexportClosure(b.files, original, scratch);
          if (merge && wildcard) {
            scratch = withImplementations(reached == &scratch ? std::move(scratch)
                                                              : std::vector<int64_t>(*reached));
            reached = &scratch;
          }
          const std::vector<int64_t>& files = *reached;
          const auto& pool =
              original == ref.name ? cands : compatibleNamed(ref.kind, original, language);
          for (const DefinitionRow& d : rows(pool)) {
            if (std::find(files.begin(), files.end(), d.fileId) == files.end()) continue;
            if (d.parentId == 0 || merge || isNamespaceLike(d.parentId)) {
              found.push_back(&d);
              continue;
            }
            const DefinitionRow* parent = direct ? def(d.parentId) : nullptr;
            if (parent && lastSegment(parent->qualifiedName) == b.ownerSegment) found.push_back(&d);
          }
        }
        if (!found.empty())
          return pick(ref.id, found, pass == 0 ? kScopeConfidence : kQualifiedConfidence, merge);
      }
      // 4. The same package (directory).
      if (directoryPackage(language)) {
        std::vector<const DefinitionRow*> found;
        const bool byClause = language != "go" && !modules.packageClause(ref.fileId).empty();
        const std::string ownPackage = modules.packageClause(ref.fileId);
        for (const DefinitionRow& d : rows(cands)) {
          const std::string pkg = modules.packageClause(d.fileId);
          bool samePackage = byClause ? pkg == ownPackage : modules.sameDirectory(d.fileId, ref.fileId);
          // C#: the names of the enclosing namespaces are in scope too (A.B.C sees A.B and A).
          if (byClause && !samePackage && language == "csharp" && !pkg.empty() &&
              ownPackage.size() > pkg.size() && ownPackage.compare(0, pkg.size(), pkg) == 0 &&
              ownPackage[pkg.size()] == '.')
            samePackage = true;
          if (samePackage && (d.parentId == 0 || isNamespaceLike(d.parentId))) found.push_back(&d);
        }
        if (!found.empty())
          return pick(ref.id, found, language == "go" ? kScopeConfidence : kQualifiedConfidence, merge);
      }
    } else if (!isSelfQualifier(ref.qualifier)) {
      // 3. A qualifier bound by an import: module.f(), pkg.F(), ns.f().
      std::string head = firstSegment(ref.qualifier);
      std::vector<const DefinitionRow*> found;
      bool aliasAmbiguous = false;
      for (const auto& b : bindings(ref.fileId)) {
        if (b.local != head && b.local != ref.qualifier) continue;
        {
          // os.path.join(): through os.py's `import posixpath as path` to posixpath.join.
          bool ambiguous = false;
          auto module = qualifierThroughAliases(b, ref.qualifier, ambiguous);
          if (!module.empty()) {
            std::vector<int64_t> scratch;
            const std::vector<int64_t>& files = reexportClosure(module, ref.name, scratch);
            const size_t before = found.size();
            for (const DefinitionRow& d : rows(cands))
              if (std::find(files.begin(), files.end(), d.fileId) != files.end() &&
                  (d.parentId == 0 || isNamespaceLike(d.parentId)) &&
                  std::find(found.begin(), found.end(), &d) == found.end())
                found.push_back(&d);
            if (found.size() > before) {
              aliasAmbiguous = aliasAmbiguous || ambiguous;
              continue;
            }
          }
        }
        std::vector<int64_t> scratch;
        const std::vector<int64_t>& files =
            reexportClosure(b.files, b.symbolName.empty() ? ref.name : b.symbolName, scratch);
        for (const DefinitionRow& d : rows(cands))
          if (std::find(files.begin(), files.end(), d.fileId) != files.end()) {
            // A name qualified by a symbol imported from the module (Class.method): a member
            // of that symbol; qualified by the module itself: a top-level name of it.
            const DefinitionRow* parent = def(d.parentId);
            if (!b.symbolName.empty()) {
              std::string owner = b.local == ref.qualifier ? b.symbolName : lastSegment(ref.qualifier);
              if (!parent || lastSegment(parent->qualifiedName) != owner) continue;
            } else if (b.local == ref.qualifier && d.parentId != 0 && !isNamespaceLike(d.parentId)) {
              continue;
            }
            if (std::find(found.begin(), found.end(), &d) == found.end()) found.push_back(&d);
          }
      }
      // Conditional aliases (posixpath or ntpath as path): the first, with lowered confidence.
      if (!found.empty())
        return pick(ref.id, found, aliasAmbiguous ? kQualifiedConfidence : kScopeConfidence, merge);
      // A qualifier naming a type or namespace: Class.staticMethod(), ns::f().
      std::string qualified = ref.qualifier + "." + ref.name;
      std::string qualifiedCpp = ref.qualifier + "::" + ref.name;
      // Ruby `A::B.m()` names the method A.B.m (the language's separator is "."); PHP
      // `A::m()` / `\N\A::m()` the method N\A\m (separator "\\").
      std::string qualifiedDots = qualified;
      for (size_t at; (at = qualifiedDots.find("::")) != std::string::npos;)
        qualifiedDots.replace(at, 2, ".");
      std::string phpQualifier = ref.qualifier;
      phpQualifier.erase(0, phpQualifier.find_first_not_of('\\'));
      const std::string qualifiedPhp = phpQualifier + "\\" + ref.name;
      for (const DefinitionRow& d : rows(cands)) {
        const auto& q = d.qualifiedName;
        auto endsWith = [&q](const std::string& suffix) {
          return q.size() >= suffix.size() &&
                 q.compare(q.size() - suffix.size(), suffix.size(), suffix) == 0 &&
                 (q.size() == suffix.size() || q[q.size() - suffix.size() - 1] == '.' ||
                  q[q.size() - suffix.size() - 1] == ':' || q[q.size() - suffix.size() - 1] == '\\');
        };
        if (endsWith(qualified) || endsWith(qualifiedCpp) || endsWith(qualifiedDots) ||
            endsWith(qualifiedPhp))
          found.push_back(&d);
      }
      // A qualifier that starts with a package or namespace (Java/Kotlin/Scala `a.b.C.m()`,
      // C# `A.B.C.M()` / `new A.B.C()`): package + qualified name spells qualifier + name.
      if (found.empty() && directoryPackage(language) && language != "go") {
        const std::string full = ref.qualifier + "." + ref.name;
        for (const DefinitionRow& d : rows(cands)) {
          const std::string pkg = modules.packageClause(d.fileId);
          if (!pkg.empty() && full.size() == pkg.size() + 1 + d.qualifiedName.size() &&
              full.compare(0, pkg.size(), pkg) == 0 && full[pkg.size()] == '.' &&
              full.compare(pkg.size() + 1, std::string::npos, d.qualifiedName) == 0)
            found.push_back(&d);
        }
      }
      if (!found.empty()) {
        auto merged = mergeDeclarations(found, merge, modules);
        if (merged.size() == 1) return pick(ref.id, merged, kQualifiedConfidence, merge);
      }
      // Go: a package qualifier for a package of the same directory name.
      if (language == "go") {
        std::vector<const DefinitionRow*> pkgFound;
        for (const DefinitionRow& d : rows(cands))
          if (d.parentId == 0 && modules.packageOf(d.fileId) == head) pkgFound.push_back(&d);
        if (pkgFound.size() == 1) return pick(ref.id, pkgFound, kQualifiedConfidence, merge);
      }
    }
    // 5. Unique in the repository (not for reads/writes: a local of the same name is likelier).
    if (valueRef) {
      r.drop = true;
      return r;
    }
    if (importedFromOutside) return r;  // the name comes from outside the repository
    // A built-in of the language (Python `str`, JS `Map`, Go `len`, C `printf`, C++ `std::`):
    // only scope, file or import evidence binds it, never a repository-wide name match.
    if ((ref.qualifier.empty() && lang::isBuiltinName(language, ref.name)) ||
        lang::isStandardQualifier(language, ref.qualifier))
      return r;
    // The same candidates, qualifier shape and language always give the same answer here:
    // computed once (most references that reach this step are names with many definitions).
    // `cands` is a kept list of compatibleCache here (reads and writes returned above), so its
    // address names it until the caches are cleared together.
    const uint8_t shape = ref.qualifier.empty() ? 0 : isSelfQualifier(ref.qualifier) ? 1 : 2;
    const UniqueKey key{&cands, static_cast<uint8_t>(ref.kind), shape, implicitThis(language), merge};
    if (auto known = uniqueCache.find(key); known != uniqueCache.end()) {
      if (known->second.single)
        return pick(ref.id, {known->second.single},
                    ref.qualifier.empty() ? kUniqueConfidence : kUniqueReceiverConfidence, merge);
      r.candidates = known->second.count;
      return r;
    }
    std::vector<const DefinitionRow*> all2;
    for (const DefinitionRow& d : rows(cands)) {
      // A bare call reaches a member only where `this` is implicit.
      if (ref.qualifier.empty() && !implicitThis(language) && d.parentId != 0 &&
          ref.kind == RefKind::kCalls) {
        const DefinitionRow* parent = def(d.parentId);
        if (parent && model::isContainer(parent->kind) && parent->kind != SymbolKind::kNamespace &&
            parent->kind != SymbolKind::kModule)
          continue;
      }
      // A receiver call (obj.m()) targets a member; a bare call a free function or a type.
      if (!ref.qualifier.empty() && !isSelfQualifier(ref.qualifier) && d.parentId == 0 &&
          ref.kind == RefKind::kCalls && !model::isTypeLike(d.kind) &&
          d.qualifiedName.find_first_of(".:") == std::string::npos)
        continue;
      all2.push_back(&d);
    }
    auto merged = mergeDeclarations(all2, merge, modules);
    uniqueCache.emplace(key, UniqueAnswer{merged.size() == 1 ? merged.front() : nullptr,
                                          static_cast<uint32_t>(merged.size())});
    if (merged.size() == 1) {
      return pick(ref.id, merged,
                  ref.qualifier.empty() ? kUniqueConfidence : kUniqueReceiverConfidence, merge);
    }
    r.candidates = static_cast<uint32_t>(merged.size());
    return r;
  }

  // Step 5's answer by candidate list (a kept one of compatibleCache), the reference's kind,
  // qualifier shape (none, self, other) and language rules. Cleared with compatibleCache.
  struct UniqueKey {
    const Candidates* cands;
    uint8_t kind, shape;
    bool implicitThis, merge;
    bool operator==(const UniqueKey&) const = default;
  };
  struct UniqueKeyHash {
    size_t operator()(const UniqueKey& k) const {
      return std::hash<const void*>{}(k.cands) ^ (size_t{k.kind} << 3 | size_t{k.shape} << 1) * 0x9E3779B97F4A7C15ULL ^
             (size_t{k.implicitThis} << 7 | size_t{k.merge} << 8);
    }
  };
  struct UniqueAnswer {
    const DefinitionRow* single = nullptr;  // the one definition, else none
    uint32_t count = 0;                     // how many there were
  };
  std::unordered_map<UniqueKey, UniqueAnswer, UniqueKeyHash> uniqueCache;

  // The class around `source` (or a base) has a field/variable member named like the call and
  // no callable member of that name.
  bool callsDataMember(const DefinitionRow* source, const std::vector<DefinitionRow>& all,
                       const Candidates& cands) {
    if (!source) return false;
    bool anyData = false;
    for (const auto& d : all)
      if (model::isValueLike(d.kind) && d.parentId != 0) anyData = true;
    if (!anyData) return false;
    const DefinitionRow* cls = enclosingClass(source->id);
    if (!cls) return false;
    Candidates data;
    for (const auto& d : all)
      if (model::isValueLike(d.kind)) data.push_back(&d);
    if (memberOfClassOrBases(cls, data).empty()) return false;
    return memberOfClassOrBases(cls, cands).empty();
  }

  const Candidates& compatibleNamed(RefKind kind, const std::string& name, const std::string& language) {
    auto key = std::to_string(static_cast<int>(kind)) + '|' + std::string(lang::bindingFamily(language)) +
               '|' + name;
    auto it = compatibleCache.find(key);
    if (it != compatibleCache.end()) return it->second;
    Candidates out;
    for (const auto& d : defsNamed(name))
      if (compatible(kind, d.kind) && sameFamily(language, d.fileId)) out.push_back(&d);
    return compatibleCache.emplace(key, std::move(out)).first->second;
  }
  // Pointers into defsCache, cleared with it.
  std::unordered_map<std::string, Candidates> compatibleCache;

  // A reference binds only to definitions of its language family (C/C++, JS/TS/TSX, else
  // the language itself).
  bool sameFamily(const std::string& language, int64_t defFileId) const {
    const store::FileRow* f = modules.file(defFileId);
    return f && lang::sameBindingFamily(language, f->language);
  }

  bool isGoFile(int64_t fileId) const {
    const store::FileRow* f = modules.file(fileId);
    return f && f->language == "go";
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

Resolver::Resolver(store::IndexWriter& writer, size_t maxHeldDefinitions, ResolverMemory::State* memory)
    : impl_(std::make_unique<Impl>(writer, maxHeldDefinitions, memory)) {}
Resolver::~Resolver() = default;

Status Resolver::prepare() {
  auto& kept = impl_->kept;
  if (kept.valid) return okStatus();  // the files and their imports are as when it was filled
  kept.rawBindings.clear();
  kept.bindings.clear();
  kept.includeClosures.clear();
  kept.implementations.clear();
  auto files = impl_->writer.files();
  if (!files) return files.error();
  kept.modules.load(std::move(*files));
  kept.valid = true;
  ++kept.fills;
  return okStatus();
}

Status Resolver::readStatus() const {
  if (impl_->readFailure) return *impl_->readFailure;
  return okStatus();
}

ResolverMemory::ResolverMemory() : state_(std::make_unique<State>()) {}
ResolverMemory::~ResolverMemory() = default;
void ResolverMemory::reset() {
  const uint64_t fills = state_->fills;
  State fresh;
  std::swap(*state_, fresh);
  state_->fills = fills;
}
bool ResolverMemory::valid() const { return state_->valid; }

Expected<std::vector<Resolution>> Resolver::resolve(const std::vector<PendingRef>& refs) {
  std::vector<Resolution> out;
  out.reserve(refs.size());
  // Inheritance first, applied at once, so base-class lookups below see it.
  std::vector<Resolution> inheritance;
  for (const auto& r : refs)
    if (r.kind == RefKind::kExtends || r.kind == RefKind::kImplements)
      inheritance.push_back(impl_->resolveRef(r));
  if (auto s = impl_->writer.applyResolutions(inheritance); !s) return s.error();
  impl_->basesCache.clear();
  // C++ out-of-line member definitions: the visibility of their in-class declaration.
  if (auto v = impl_->writer.inheritMemberVisibility(); !v) return v.error();
  for (const auto& r : refs)
    if (r.kind != RefKind::kExtends && r.kind != RefKind::kImplements)
      out.push_back(impl_->resolveRef(r));
  return out;
}

std::vector<Resolution> Resolver::resolveMore(const std::vector<PendingRef>& refs) {
  // Between pages, the definitions read so far are forgotten once they are many: a full index of
  // the kernel would otherwise end up holding nearly all of its 4.2 M definitions (~0.7 GB)
  // (and copies of them per kind and language) for names most pages never see again. Reading a
  // name again costs one indexed query.
  if (impl_->defById.size() > impl_->maxHeldDefinitions) {
    impl_->defsCache.clear();
    impl_->valueDefsCache.clear();
    impl_->defById.clear();
    impl_->loose.clear();
    impl_->compatibleCache.clear();
    impl_->uniqueCache.clear();
  }
  std::vector<Resolution> out;
  out.reserve(refs.size());
  for (const auto& r : refs) out.push_back(impl_->resolveRef(r));
  return out;
}

}  // namespace cg::indexer
