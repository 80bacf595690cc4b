// The steps of one reference's resolution (resolver.h has the order and the evidence each
// step takes): resolveRef, which takes a reference through them; the current object, a bare
// name's scopes, imports and package, a qualified name's import or type, and a name unique in
// the repository; resolveImport, which binds an import itself; and which definitions a file
// can see by build and test files.
#include <algorithm>
#include <cctype>

#include "resolver_impl.h"

namespace cg::indexer {

// One reference through the steps in their order; C# `base` and Python `super()` as `super`.
Resolution Resolver::Impl::resolveRef(const PendingRef& ref) {
  struct KeepArity {
    int& slot;
    int saved;
    ~KeepArity() { slot = saved; }
  } keep{arity, arity};
  arity = ref.arity;
  if (ref.kind == RefKind::kImports) return resolveImport(ref);
  Resolution r;
  r.refId = ref.id;
  const bool valueRef = ref.kind == RefKind::kAccesses || ref.kind == RefKind::kAssigns;
  const store::FileRow* file = modules.file(ref.fileId);
  const lang::Rules& rules = modules.rules(ref.fileId);
  if (!rules.superAlias.empty() && ref.qualifier == rules.superAlias) {  // C# `base.M()`
    PendingRef viaSuper = ref;
    viaSuper.qualifier = "super";
    return resolveRef(viaSuper);
  }
  // Python `super().m()` / `super(C, self).m()` (written as `super()` once compacted).
  if (ref.qualifier == "super()") {
    PendingRef viaSuper = ref;
    viaSuper.qualifier = "super";
    return resolveRef(viaSuper);
  }
  if (auto found = constructorCall(ref, rules)) return *found;
  if (valueRef && !ref.qualifier.empty() && rules.memberAccesses)
    if (auto found = memberAccess(ref, rules, file)) return *found;
  // A read or write binds only a variable or constant (compatible()): those alone are read.
  const auto& all = valueRef ? valueDefsNamed(ref.name) : defsNamed(ref.name);
  // Pointers into the cache of definitions by name (no copies per reference). Those of a call
  // or type use are the same for every reference of the name, kind and language family, and
  // kept (a C++ name like `type` has thousands of definitions, filtered once, not per use).
  Candidates valueCands;
  const Candidates& familyCands =
      valueRef ? valueCands : compatibleNamed(ref.kind, ref.name, rules);
  for (const auto& d : all) {
    if (!valueRef) break;
    if (!compatible(ref.kind, d.kind) || !sameFamily(rules, d.fileId)) continue;
    // Only module-level variables and constants (not fields, not locals).
    const DefinitionRow* parent = def(d.parentId);
    // C/C++ enumerators are constants of the scope around their enum.
    if (d.parentId != 0 &&
        !(parent &&
          (parent->kind == SymbolKind::kModule || parent->kind == SymbolKind::kNamespace)) &&
        !(parent && parent->kind == SymbolKind::kEnum && d.kind == SymbolKind::kConstant &&
          rules.splitDeclarations))
      continue;
    valueCands.push_back(&d);
  }
  Candidates visibleScratch;
  const Candidates& cands = visibleCandidates(file, familyCands, visibleScratch);
  // Step 5's answers are kept per candidate list by its address: only for the kept lists.
  const bool keptList = !valueRef && &cands == &familyCands;
  const DefinitionRow* source = def(ref.sourceId);
  // A bare call naming a data member of the current class (C++ member initialiser
  // `: size_(n)`, a call through a callable member): no edge, the member's type is not known.
  if (ref.kind == RefKind::kCalls && ref.qualifier.empty() && rules.implicitThis &&
      callsDataMember(source, all, cands))
    return r.drop = true, r;
  // No definition the reference could bind to (where calls may name a constant holding a
  // function, a bare call goes on to look for one; a bare name an import renames, `from m
  // import render as show`, is looked up under the name it is imported by).
  if (cands.empty() && !(rules.valuesAreCallable && ref.kind == RefKind::kCalls) &&
      !(ref.qualifier.empty() && importRenames(ref.fileId, ref.name))) {
    r.drop = valueRef;
    return r;
  }
  const bool merge = rules.splitDeclarations;

  Lookup look{ref, rules, file, all, cands, source, valueRef, keptList, merge};
  if (auto found = currentObject(look)) return *found;
  if (ref.qualifier.empty()) {
    if (auto found = bareName(look)) return *found;
  } else if (!isSelfQualifier(ref.qualifier)) {
    if (auto found = receiverType(look)) return *found;
    if (auto found = inheritedThroughType(look)) return *found;
    if (auto found = qualifiedName(look)) return *found;
  } else if (!ref.receiver.empty()) {
    // `this.m()` where a declaration types `this` (TypeScript's `this:` parameter).
    if (auto found = receiverType(look)) return *found;
  }
  return uniqueName(look);
}

// An import reference: the module's file and the definitions it names there.
Resolution Resolver::Impl::resolveImport(const PendingRef& ref) {
  Resolution r;
  r.refId = ref.id;
  Binding b = modules.bind(ref.fileId, ref);
  const lang::Rules& rules = modules.rules(ref.fileId);
  if (b.files.empty() && rules.moduleAliases && !b.module.empty() && b.module[0] != '.' &&
      b.module.find('.') != std::string::npos &&
      !(b.local == firstSegment(b.module) && b.symbolName.empty())) {
    bool ambiguous = false;  // `from os.path import join`: os.py's alias `path`
    b.files = pythonModuleFiles(ref.fileId, b.module, ambiguous);
  }
  std::erase_if(b.files, [&](int64_t f) { return !sameFamily(rules, f); });
  if (b.files.empty()) return r;  // external module: unresolved import
  // The module's first file by path, of the default build where it has one (a Go package's
  // atomic_386.go is not what an amd64 build imports).
  r.targetFileId = b.files.front();
  for (int64_t f : b.files)
    if (const store::FileRow* row = modules.file(f); row && !row->otherBuild) {
      r.targetFileId = f;
      break;
    }
  if (ref.name.empty() || ref.name == "*" || ref.name == "default") {
    r.confidence = rules.level(Evidence::kScope);
    return r;
  }
  std::vector<const DefinitionRow*> found;
  std::vector<int64_t> scratch;
  const std::vector<int64_t>& files = reexportClosure(b.files, ref.name, scratch);
  for (const auto& d : defsNamed(ref.name)) {
    if (std::find(files.begin(), files.end(), d.fileId) == files.end()) continue;
    if (!sameFamily(rules, d.fileId)) continue;
    const DefinitionRow* parent = def(d.parentId);
    if (d.parentId == 0 || (parent && (parent->kind == SymbolKind::kNamespace ||
                                       parent->kind == SymbolKind::kModule)))
      found.push_back(&d);
    else if (parent && lastSegment(parent->qualifiedName) == ownerSegment(ref.module, ref.name))
      found.push_back(&d);  // a member import: `import static a.B.m`, `use a::B::m`
  }
  if (!found.empty()) {
    Resolution picked = pick(ref.id, found, Evidence::kScope, rules, false);
    picked.targetFileId = r.targetFileId;
    return picked;
  }
  r.confidence = rules.level(Evidence::kScope);
  return r;
}

// Whether `d` is visible from `refFile` as far as builds and test files go.
bool Resolver::Impl::buildVisible(const store::FileRow* refFile, const DefinitionRow& d) const {
  const store::FileRow* f = modules.file(d.fileId);
  if (!f || !refFile) return true;
  const lang::Rules& rules = modules.rules(d.fileId);
  if (rules.testFilesPrivate && rules.isTestFile && rules.isTestFile(f->path) &&
      !rules.isTestFile(refFile->path))
    return false;
  return !f->otherBuild || refFile->otherBuild;
}

// `cands` without what `refFile` cannot see; `cands` itself when nothing is set apart.
const Candidates& Resolver::Impl::visibleCandidates(const store::FileRow* refFile,
                                                    const Candidates& cands,
                                                    Candidates& scratch) const {
  if (!refFile) return cands;
  const lang::Rules& rules = modules.rules(refFile->id);
  if (!rules.isOtherBuild && !rules.testFilesPrivate) return cands;
  bool all = true;
  for (const DefinitionRow& d : rows(cands))
    if (!buildVisible(refFile, d)) {
      all = false;
      break;
    }
  if (all && !refFile->otherBuild) return cands;
  scratch.clear();
  for (const DefinitionRow& d : rows(cands))
    if (buildVisible(refFile, d)) scratch.push_back(&d);
  // A file of another build sees the default build and its own: of several definitions, those
  // of a file of the same build (`x_windows.go` → `y_windows.go`).
  if (refFile->otherBuild && rules.buildOfFileName && scratch.size() > 1) {
    const std::string ownBuild = rules.buildOfFileName(refFile->path);
    Candidates same;
    for (const DefinitionRow* d : scratch) {
      const store::FileRow* f = modules.file(d->fileId);
      if (f && f->otherBuild && !ownBuild.empty() && rules.buildOfFileName(f->path) == ownBuild)
        same.push_back(d);
    }
    if (!same.empty()) scratch = std::move(same);
  }
  if (all && scratch.size() == cands.size()) return cands;  // nothing set apart: the kept list
  return scratch;
}

// Step 1: `self.m()`, `this.m()`, `super.m()`, and bare names where `this` is implicit.
std::optional<Resolution> Resolver::Impl::currentObject(Lookup& look) {
  const PendingRef& ref = look.ref;
  if (isSelfQualifier(ref.qualifier) || (ref.qualifier.empty() && look.rules.implicitThis)) {
    if (const DefinitionRow* cls = look.source ? enclosingClass(look.source->id) : nullptr) {
      auto found = memberOfClassOrBases(cls, look.cands, ref.qualifier == "super");
      if (!found.empty()) return pick(look, found, Evidence::kScope);
      // `super().m()` where every base chain ends in library code: no repository definition.
      // (Calls only, resolved after every base is bound.)
      if (ref.qualifier == "super" && ref.kind == RefKind::kCalls && !look.rules.superIsModule &&
          basesEndOutside(cls, look.rules))
        return Resolution{ref.id};
    }
  }
  return std::nullopt;
}

// Steps 2-4 for a bare name: enclosing scopes and the file, imports, the same package.
std::optional<Resolution> Resolver::Impl::bareName(Lookup& look) {
  const PendingRef& ref = look.ref;
  const lang::Rules& rules = look.rules;
  const Candidates& cands = look.cands;
  const bool merge = look.merge;
  bool& importedFromOutside = look.importedFromOutside;
  bool& importedHere = look.importedHere;
  // 2. Enclosing scopes outward (an import inside a function binds the name there, before
  // the function's own namesakes outside it), then the file's top level.
  for (const DefinitionRow* s = look.source; s; s = def(s->parentId)) {
    for (const auto& b : bindings(ref.fileId)) {
      if (b.topLevel || b.scopeId != s->id || b.local.empty() || b.local != ref.name) continue;
      if (b.files.empty()) return Resolution{ref.id};  // a local import of library code
      std::vector<const DefinitionRow*> found;
      importedDefinitions(b, ref, rules, cands, true, merge, found);
      if (!found.empty()) return pick(look, found, Evidence::kScope);
      return Resolution{ref.id};
    }
    // A class body is not a scope for bare names unless `this` is implicit.
    if (model::isContainer(s->kind) && s->kind != SymbolKind::kNamespace &&
        s->kind != SymbolKind::kModule && !rules.implicitThis)
      continue;
    std::vector<const DefinitionRow*> found;
    for (const DefinitionRow& d : rows(cands))
      if (d.parentId == s->id && !bareCallCannotReach(ref, rules, d)) found.push_back(&d);
    if (!found.empty()) return pick(look, found, Evidence::kScope);
  }
  {
    std::vector<const DefinitionRow*> found;
    for (const DefinitionRow& d : rows(cands))
      if (d.fileId == ref.fileId && !bareCallCannotReach(ref, rules, d) &&
          (d.parentId == 0 || isNamespaceLike(d.parentId) || (merge && isEnumConstant(d))))
        found.push_back(&d);
    if (!found.empty()) return pick(look, found, Evidence::kScope);
    found = calledValues(ref, rules, {ref.fileId});
    if (!found.empty()) return pick(look, found, Evidence::kScope);
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
      bool direct = pass == 0 && !b.local.empty() && b.local == ref.name && b.topLevel;
      bool wildcard = pass == 1 && b.wildcard;
      if (!direct && !wildcard) continue;
      if (direct && b.files.empty()) {
        importedFromOutside = true;  // bound by an import of an external package
        continue;
      }
      if (direct) importedHere = true;
      // An include whose closure does not depend on the name was matched above.
      if (merge && wildcard && includeClosure(b).nameIndependent) continue;
      importedDefinitions(b, ref, rules, cands, direct, merge, found);
      if (direct && found.empty()) {
        const std::string& original = b.symbolName.empty() ? ref.name : b.symbolName;
        PendingRef asOriginal = ref;
        asOriginal.name = original;
        std::vector<int64_t> scratch;
        found = calledValues(asOriginal, rules, reexportClosure(b.files, original, scratch));
      }
    }
    if (!found.empty())
      return pick(look, found, pass == 0 ? Evidence::kScope : Evidence::kQualified);
  }
  // 4. The same package (directory).
  if (rules.directoryPackage) {
    std::vector<const DefinitionRow*> found;
    const bool byClause = !rules.packageIsDirectory && !modules.packageClause(ref.fileId).empty();
    const std::string ownPackage = modules.packageClause(ref.fileId);
    for (const DefinitionRow& d : rows(cands)) {
      if (bareCallCannotReach(ref, rules, d)) continue;
      const std::string pkg = modules.packageClause(d.fileId);
      bool samePackage = byClause ? pkg == ownPackage : modules.sameDirectory(d.fileId, ref.fileId);
      // C#: the names of the enclosing namespaces are in scope too (A.B.C sees A.B and A).
      if (byClause && !samePackage && rules.enclosingNamespacesInScope && !pkg.empty() &&
          ownPackage.size() > pkg.size() && ownPackage.compare(0, pkg.size(), pkg) == 0 &&
          ownPackage[pkg.size()] == '.')
        samePackage = true;
      if (samePackage && (d.parentId == 0 || isNamespaceLike(d.parentId))) found.push_back(&d);
    }
    if (!found.empty()) return pick(look, found, Evidence::kSamePackage);
  }
  return std::nullopt;
}

// Step 3 for a qualified name: through the import binding its head, else a qualifier that
// names a type or namespace.
std::optional<Resolution> Resolver::Impl::qualifiedName(Lookup& look) {
  const PendingRef& ref = look.ref;
  const lang::Rules& rules = look.rules;
  // 3. A qualifier bound by an import: module.f(), pkg.F(), ns.f(), Imported.m().
  std::string head = firstSegment(ref.qualifier);
  std::vector<const DefinitionRow*> found;
  bool aliasAmbiguous = false;
  std::vector<const DefinitionRow*> moduleMembers;  // pkg.x.m(): the m's of pkg's files
  bool headImported = false;  // the qualifier starts with a name an import binds
  bool headUnmapped = false;  // ... by an import the module map found no files for
  for (const auto& b : bindings(ref.fileId)) {
    if (b.local != head && b.local != ref.qualifier) continue;
    headImported = true;
    headUnmapped = headUnmapped || b.files.empty();
    if (aliasedModuleMembers(b, ref, look.cands, found, aliasAmbiguous)) continue;
    if (auto ns = namespaceThroughReexports(b, ref.qualifier); !ns.empty()) {
      // `util.f()` where the import binds a namespace a module re-exports.
      const size_t before = found.size();
      topLevelExported(ns, ref, rules, look.cands, found);
      if (found.size() > before) continue;
    }
    importedQualifierMembers(b, look, head, found, moduleMembers);
  }
  // `ns.gt()` where the module re-exports a definition under another name (`export { _gt as
  // gt } from "./api"`).
  if (found.empty() && !rules.importsStayLocal) {
    for (const auto& b : bindings(ref.fileId)) {
      if (b.local != head || b.files.empty()) continue;
      std::vector<int64_t> ns = namespaceThroughReexports(b, ref.qualifier);
      if (ns.empty() && b.local == ref.qualifier && b.symbolName.empty()) ns = b.files;
      if (!ns.empty()) renamedExported(ns, ref, rules, found);
    }
  }
  // `ns.make()`, `new ns.Thing()` where the language calls values: a module-level value of the
  // module the qualifier imports (`import * as ns`).
  if (found.empty() && rules.valuesAreCallable && ref.kind == RefKind::kCalls) {
    for (const auto& b : bindings(ref.fileId)) {
      if (b.local != ref.qualifier || b.files.empty()) continue;
      PendingRef bare = ref;
      bare.qualifier.clear();
      std::vector<int64_t> scratch;
      // `ns.f()` (`import * as ns`), `util.f()` (`import { util }`, a namespace of the module)
      const std::vector<int64_t>& files =
          reexportClosure(b.files, b.symbolName.empty() ? ref.name : b.symbolName, scratch);
      for (const DefinitionRow* d : calledValues(bare, rules, files, b.symbolName))
        if (std::find(found.begin(), found.end(), d) == found.end()) found.push_back(d);
    }
  }
  // Conditional aliases (posixpath or ntpath as path): the first, at a qualified level.
  if (!found.empty())
    return pick(look, found, aliasAmbiguous ? Evidence::kQualified : Evidence::kScope);
  // `registries.globalRegistry.add()`: x is a value of the module, of a type not written
  // here; the module's only member m is likely, at the level the language measured.
  if (headImported && !moduleMembers.empty()) {
    auto merged = mergeDeclarations(moduleMembers, look.merge, modules);
    if (merged.size() == 1) return pick(look, merged, Evidence::kModuleMember);
  }
  if (headImported) {
    // Go: an import path whose directory the module map did not find, named like a
    // package directory of the repository.
    if (rules.packageIsDirectory && headUnmapped) {
      std::vector<const DefinitionRow*> pkgFound;
      for (const DefinitionRow& d : rows(look.cands))
        if (d.parentId == 0 && d.kind != SymbolKind::kMethod &&
            modules.packageOf(d.fileId) == head && !modules.sameDirectory(d.fileId, ref.fileId))
          pkgFound.push_back(&d);
      if (pkgFound.size() == 1) return pick(look, pkgFound, Evidence::kQualified);
    }
    // A qualifier an import binds is that module (or package, or imported symbol): a name
    // it does not define there is library code or unknown, never a namesake elsewhere;
    // unless the module map could not place an import that names a type of the repository
    // (`use shapes::model::Circle` from a test crate): then the type-qualified match below.
    if (!headUnmapped || !qualifierNamesType(ref.qualifier, rules)) return Resolution{ref.id};
  }
  // A qualifier naming a type or namespace: Class.staticMethod(), ns::f(). Only where the
  // qualifier names one: `schema.parse()` is not the `schema.parse = ...` of another file.
  if (qualifierNamesType(ref.qualifier, rules)) {
    typeQualifiedMatches(look, found);
    // Where an import the module map cannot place is library code, the qualifier is that
    // library's (`from os import path`: never the class `path` of sphinx/testing/path.py), unless
    // the file itself declares the type, which shadows the import (`try: import Image` …
    // `class Image:`).
    if (headUnmapped && rules.unplacedImportIsLibrary)
      std::erase_if(found, [&](const DefinitionRow* d) { return d->fileId != ref.fileId; });
  }
  if (headUnmapped && rules.unplacedImportIsLibrary && found.empty()) return Resolution{ref.id};
  // A qualifier that starts with a package or namespace (Java/Kotlin/Scala `a.b.C.m()`,
  // C# `A.B.C.M()` / `new A.B.C()`): package + qualified name spells qualifier + name.
  if (found.empty() && rules.qualifierMaySpellPackage) {
    const std::string full = ref.qualifier + "." + ref.name;
    for (const DefinitionRow& d : rows(look.cands)) {
      const std::string pkg = modules.packageClause(d.fileId);
      if (!pkg.empty() && full.size() == pkg.size() + 1 + d.qualifiedName.size() &&
          full.compare(0, pkg.size(), pkg) == 0 && full[pkg.size()] == '.' &&
          full.compare(pkg.size() + 1, std::string::npos, d.qualifiedName) == 0)
        found.push_back(&d);
    }
  }
  if (!found.empty()) {
    auto merged = mergeDeclarations(found, look.merge, modules);
    if (merged.size() == 1) return pick(look, merged, Evidence::kQualified);
  }
  return std::nullopt;
}

// os.path.join(): through os.py's `import posixpath as path` to posixpath.join. Adds the
// top-level candidates of the module the qualifier reaches through `b`'s module aliases to
// `found` (once each); true when it added any, and then an ambiguous alias sets aliasAmbiguous.
bool Resolver::Impl::aliasedModuleMembers(const Binding& b, const PendingRef& ref,
                                          const Candidates& cands,
                                          std::vector<const DefinitionRow*>& found,
                                          bool& aliasAmbiguous) {
  bool ambiguous = false;
  auto module = qualifierThroughAliases(b, ref.qualifier, ambiguous);
  if (module.empty()) return false;
  std::vector<int64_t> scratch;
  const std::vector<int64_t>& files = reexportClosure(module, ref.name, scratch);
  const size_t before = found.size();
  for (const DefinitionRow& d : rows(cands))
    if (std::find(files.begin(), files.end(), d.fileId) != files.end() &&
        (d.parentId == 0 || isNamespaceLike(d.parentId)) &&
        std::find(found.begin(), found.end(), &d) == found.end())
      found.push_back(&d);
  if (found.size() == before) return false;
  aliasAmbiguous = aliasAmbiguous || ambiguous;
  return true;
}

// The candidates in the files import `b` (binding the qualifier or its head) reaches, as the
// qualifier selects them: added to `found` once each; where `b` binds only the head
// (`pkg.X.m()`), the members of the module's other types go to `moduleMembers` instead.
void Resolver::Impl::importedQualifierMembers(const Binding& b, const Lookup& look,
                                              const std::string& head,
                                              std::vector<const DefinitionRow*>& found,
                                              std::vector<const DefinitionRow*>& moduleMembers) {
  const PendingRef& ref = look.ref;
  const bool merge = look.merge;
  std::vector<int64_t> scratch;
  const std::vector<int64_t>& files =
      reexportClosure(b.files, b.symbolName.empty() ? ref.name : b.symbolName, scratch);
  // `pkg.X.m()` where the import binds `pkg`: a member of pkg's X, never any `m` of pkg.
  const bool throughMember = b.local == head && b.local != ref.qualifier;
  for (const DefinitionRow& d : rows(look.cands))
    if (std::find(files.begin(), files.end(), d.fileId) != files.end()) {
      // A name qualified by a symbol imported from the module (Class.method): a member
      // of that symbol; qualified by the module itself: a top-level name of it.
      const DefinitionRow* parent = def(d.parentId);
      if (!b.symbolName.empty()) {
        std::string owner = b.local == ref.qualifier ? b.symbolName : lastSegment(ref.qualifier);
        if (!parent || lastSegment(parent->qualifiedName) != owner) continue;
      } else if (b.local == ref.qualifier && parent && !isNamespaceLike(d.parentId) &&
                 model::isContainer(parent->kind) &&
                 ownerName(parent->qualifiedName) == b.local &&
                 (parent->parentId == 0 || isNamespaceLike(parent->parentId))) {
        // The module is a file named after its class (Product.kt, User.php, a default
        // export): `Product.createdCount()` is a member of that class.
      } else if (b.local == ref.qualifier &&
                 ((d.parentId != 0 && !isNamespaceLike(d.parentId)) ||
                  (d.parentId == 0 && d.kind == SymbolKind::kMethod) ||
                  (d.parentId == 0 && !merge &&
                   d.qualifiedName.find('.') != std::string::npos))) {
        continue;  // `pkg.F()` is a top-level F of pkg, never a method of one of its types
      } else if (throughMember &&
                 (!parent || lastSegment(parent->qualifiedName) != lastSegment(ref.qualifier))) {
        // Members of the module's types (a function's local is no member).
        if (parent && !isNamespaceLike(d.parentId) &&
            (model::isContainer(parent->kind) || model::isTypeLike(parent->kind)) &&
            std::find(moduleMembers.begin(), moduleMembers.end(), &d) == moduleMembers.end())
          moduleMembers.push_back(&d);
        continue;
      }
      if (std::find(found.begin(), found.end(), &d) == found.end()) found.push_back(&d);
    }
}

// Adds to `found` the candidates whose qualified name ends in qualifier + name, spelled with
// `.`, `::`, Ruby's `.` for `::`, or PHP's `\` (where a package is its directory, only those
// of the reference's package).
void Resolver::Impl::typeQualifiedMatches(const Lookup& look,
                                          std::vector<const DefinitionRow*>& found) {
  const PendingRef& ref = look.ref;
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
  for (const DefinitionRow& d : rows(look.cands)) {
    const auto& q = d.qualifiedName;
    auto endsWith = [&q](const std::string& suffix) {
      return q.size() >= suffix.size() &&
             q.compare(q.size() - suffix.size(), suffix.size(), suffix) == 0 &&
             (q.size() == suffix.size() || q[q.size() - suffix.size() - 1] == '.' ||
              q[q.size() - suffix.size() - 1] == ':' || q[q.size() - suffix.size() - 1] == '\\');
    };
    // Where a package is its directory (Go), a type named by a qualifier no import binds
    // is one of the same package: a method expression `T.M(recv)`, or a variable named
    // like its type (`hunk.writeTo()`; as often wrong, `conn.Close()` on an interface:
    // the level is Go's measured one).
    if (look.rules.packageIsDirectory && !modules.sameDirectory(d.fileId, ref.fileId)) continue;
    if (endsWith(qualified) || endsWith(qualifiedCpp) || endsWith(qualifiedDots) ||
        endsWith(qualifiedPhp))
      found.push_back(&d);
  }
}

// Step 5: a definition unique in the repository, where nothing above decided.
Resolution Resolver::Impl::uniqueName(Lookup& look) {
  const PendingRef& ref = look.ref;
  const lang::Rules& rules = look.rules;
  const Candidates& cands = look.cands;
  const bool valueRef = look.valueRef;
  const bool keptList = look.keptList;
  const bool importedFromOutside = look.importedFromOutside, importedHere = look.importedHere;
  Resolution r;
  r.refId = ref.id;
  // 5. Unique in the repository (not for reads/writes: a local of the same name is likelier).
  if (valueRef) {
    r.drop = true;
    return r;
  }
  // The name comes from outside the repository, or is what an import of it binds (a constant,
  // a re-export the module map cannot follow): never a namesake elsewhere.
  if (importedFromOutside || importedHere) return r;
  // A built-in of the language (Python `str`, JS `Map`, Go `len`, C `printf`), a qualifier
  // naming the standard library or a built-in object (C++ `std::`, JS `Math.floor`), a method
  // of the language's built-in values called on a receiver of unknown type (`arr.map()`,
  // `d.items()`, `v.begin()`): only scope, file or import evidence binds it, never a
  // repository-wide name match.
  const bool receiver = !ref.qualifier.empty() && !isSelfQualifier(ref.qualifier);
  if ((ref.qualifier.empty() && rules.isBuiltinName(ref.name)) ||
      (receiver && rules.isLibraryQualifier(ref.qualifier)) ||
      (receiver && rules.isBuiltinMethod(ref.name)))
    return r;
  const Evidence evidence =
      ref.qualifier.empty() ? Evidence::kUniqueBare : Evidence::kUniqueReceiver;
  // The same candidates, qualifier shape and language always give the same answer here:
  // computed once (most references that reach this step are names with many definitions).
  // `cands` is then a kept list of compatibleCache, so its address names it until the caches
  // are cleared together.
  const uint8_t shape = ref.qualifier.empty() ? 0 : isSelfQualifier(ref.qualifier) ? 1 : 2;
  const UniqueKey key{&cands, &rules, static_cast<uint8_t>(ref.kind), shape};
  // Go's receiver answers depend on the caller's package (unexported owners): not kept.
  const bool cacheable = keptList && !(rules.caseExports && receiver);
  if (cacheable)
    if (auto known = uniqueCache.find(key); known != uniqueCache.end()) {
      if (known->second.single) return pick(look, {known->second.single}, evidence);
      r.candidates = known->second.count;
      return r;
    }
  std::vector<const DefinitionRow*> all2;
  for (const DefinitionRow& d : rows(cands)) {
    if (bareCallCannotReach(ref, rules, d)) continue;
    // A bare call reaches a member only where `this` is implicit.
    if (ref.qualifier.empty() && !rules.implicitThis && d.parentId != 0 &&
        ref.kind == RefKind::kCalls) {
      const DefinitionRow* parent = def(d.parentId);
      if (parent && model::isContainer(parent->kind) && parent->kind != SymbolKind::kNamespace &&
          parent->kind != SymbolKind::kModule)
        continue;
    }
    // Go: `x.m()` from another package never names a method of an unexported type (only an
    // interface's method reaches it: `err.(interface{ Timeout() bool }).Timeout()`), and names
    // one of a package the file imports: a value's type is, as a rule, of a package its code
    // names (measured against go/types, docs/ACCURACY.md).
    if (receiver && rules.caseExports && d.kind == SymbolKind::kMethod &&
        !modules.sameDirectory(d.fileId, ref.fileId)) {
      const std::string owner = ownerOf(d);
      if (!owner.empty() && !std::isupper(static_cast<unsigned char>(owner.front()))) continue;
      if (!importedDirectories(ref.fileId).count(directoryOf(pathOf(d.fileId)))) continue;
    }
    // A receiver call (obj.m()) on a value of unknown type targets a member, never a type or a
    // free function (`st.Message()` is no struct Message); a bare call a free function or a type.
    if (receiver && ref.kind == RefKind::kCalls &&
        (model::isTypeLike(d.kind) ||
         (d.parentId == 0 && d.qualifiedName.find_first_of(".:") == std::string::npos)))
      continue;
    all2.push_back(&d);
  }
  auto merged = mergeDeclarations(all2, look.merge, modules);
  if (cacheable)
    uniqueCache.emplace(key, UniqueAnswer{merged.size() == 1 ? merged.front() : nullptr,
                                          static_cast<uint32_t>(merged.size())});
  if (merged.size() == 1) return pick(look, merged, evidence);
  r.candidates = static_cast<uint32_t>(merged.size());
  return r;
}

// `Base.run(self)`: the class's bases, when the member is not its own.
std::optional<Resolution> Resolver::Impl::inheritedThroughType(Lookup& look) {
  const PendingRef& ref = look.ref;
  if (ref.kind != RefKind::kCalls || !ref.receiver.empty() ||
      ref.qualifier.find_first_of(".:([") != std::string::npos)
    return std::nullopt;
  TypeSet types = typeNamed(ref.qualifier, ref.fileId, ref.sourceId);
  if (types.types.size() != 1 || !model::isContainer(types.types.front()->kind)) return std::nullopt;
  const DefinitionRow* cls = types.types.front();
  auto found = memberOfClassOrBases(cls, look.cands);
  std::erase_if(found, [](const DefinitionRow* d) { return !model::isCallable(d->kind); });
  // Declared by the class itself: the qualified-name step's case.
  if (found.empty() || std::any_of(found.begin(), found.end(),
                                   [&](const DefinitionRow* d) { return d->parentId == cls->id; }))
    return std::nullopt;
  return pick(look, found, Evidence::kQualified);
}

}  // namespace cg::indexer
