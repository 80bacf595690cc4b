// Name resolution (docs/CONTRACT.md §6, docs/LANGUAGES.md): binds each reference to the
// definition it names, in this order of evidence:
//   1. the current object: `self.m()`, `this.m()` → members of the enclosing class and its bases;
//   2. the same scope and file: enclosing functions/classes outward, then the file's top level
//      (and, for languages with implicit `this`, the enclosing class and its bases);
//   3. the file's imports: an imported name, or a name qualified by an imported module/package
//      (Python imports, JS/TS imports and re-exports, Go package qualifiers, Java imports,
//      C/C++ includes, Rust use);
//   4. the same package/module (same directory for Go, Java, Kotlin, C#, Scala, Rust);
//   5. a definition unique in the repository (reads and writes of variables excepted).
// Every step binds only to definitions of a compatible language (C with C++, JavaScript with
// TypeScript/TSX, every other language with itself: lang::sameBindingFamily). A bare built-in
// name of the language (lang::isBuiltinName: Python `str`, JS `Map`, Go `len`, C `printf`, ...)
// and a C++ `std::` name bind only by steps 1-4, never by step 5. Python attribute chains
// follow module-level import aliases: `os.path.join` → os.py's `import posixpath as path` →
// posixpath.join (several aliases of one name: the first in source order, at 0.9).
// Confidence: 1.0 for scope and import evidence, 0.9 for a type-qualified or same-package match,
// 0.7 (0.6 when written with a receiver) for a repository-wide unique name. A name with several
// candidates and no evidence stays unresolved with its candidate count: never bound to all of
// them, never to one at random. Reads and writes that do not reach a module-level variable
// are dropped (they are locals, not edges).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "codegraph/indexer/indexer.h"
#include "codegraph/store/index_writer.h"
#include "module_map.h"

namespace cg::indexer {

// A C/C++ include's closure: the files it reaches (sorted, unique).
struct IncludeClosure {
  std::vector<int64_t> files;
  bool nameIndependent = true;
};
struct FileSetHash {
  size_t operator()(const std::vector<int64_t>& v) const {
    size_t h = v.size();
    for (int64_t x : v) h = h * 1000003u ^ std::hash<int64_t>{}(x);
    return h;
  }
};

}  // namespace cg::indexer

// What depends only on the files and their imports (see indexer::ResolverMemory).
struct cg::indexer::ResolverMemory::State {
  bool valid = false;
  int64_t dataVersion = -1;  // PRAGMA data_version when filled: another connection's commit changes it
  uint64_t fills = 0;        // times it was filled afresh (tests see whether it was reused)
  ModuleMap modules;
  std::unordered_map<int64_t, std::vector<Binding>> rawBindings;  // imports as written, bound
  std::unordered_map<int64_t, std::vector<Binding>> bindings;     // with Python aliases followed
  // Keyed by the files an include binds (usually one header), not by the binding: every file
  // that includes a header shares its closure. Per binding, the kernel's 57k files held a copy
  // for each of their includes (millions of closures of hundreds of files: gigabytes).
  std::unordered_map<std::vector<int64_t>, IncludeClosure, FileSetHash> includeClosures;
  // A C/C++ header's implementation file (0: none), by header: it depends only on the files.
  std::unordered_map<int64_t, int64_t> implementations;
};

namespace cg::indexer {

class Resolver {
 public:
  // `maxHeldDefinitions`: resolveMore forgets the definitions read so far when it holds more.
  // `memory`: reused when valid, filled otherwise (and then valid); null = the resolver's own.
  explicit Resolver(store::IndexReader& reader, size_t maxHeldDefinitions = SIZE_MAX,
                    ResolverMemory::State* memory = nullptr);
  ~Resolver();

  // Loads the file table (paths, languages, packages) used for module → file mapping.
  // `repositoryName`: the name of the repository's folder, by which code inside may import the
  // root where the root is itself a package (Python: `__init__.py` at the root).
  // `root`: the repository's folder, where module naming reads project files (package.json,
  // tsconfig.json); none when empty.
  Status prepare(const std::string& repositoryName = {}, const std::filesystem::path& root = {});
  // Binds the extends/implements references of `refs`. They are applied (and the out-of-line
  // visibility pass run) before any other reference is bound, then basesChanged() is called:
  // member lookups read the bases (bindWithInheritance in resolve_stage.cpp does all of it).
  std::vector<store::Resolution> resolveInheritance(const std::vector<store::PendingRef>& refs);
  // Forgets the bases read so far (after inheritance was applied).
  void basesChanged();
  // Binds every reference of `refs` that is not an extends/implements one.
  std::vector<store::Resolution> resolveOthers(const std::vector<store::PendingRef>& refs);
  // More references after the inheritance ones are applied (a full index, page by
  // page): none of `refs` may be an extends/implements reference.
  std::vector<store::Resolution> resolveMore(const std::vector<store::PendingRef>& refs);
  // The first read of the index that failed while resolving (its references may have been
  // bound without the rows that read would have returned), else ok.
  Status readStatus() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cg::indexer
