// Name resolution (SPEC §6): binds each reference to the definition it names, in this order of
// evidence:
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
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "codegraph/store/index_writer.h"

namespace cg::indexer {

class Resolver {
 public:
  // `maxHeldDefinitions`: resolveMore forgets the definitions read so far when it holds more.
  explicit Resolver(store::IndexWriter& writer, size_t maxHeldDefinitions = SIZE_MAX);
  ~Resolver();

  // Loads the file table (paths, languages, packages) used for module → file mapping.
  Status prepare();
  // Resolves the given references; the writer must be inside a transaction when the results
  // are applied. Inheritance references are resolved and applied first so that lookups in base
  // classes see them.
  Expected<std::vector<store::Resolution>> resolve(const std::vector<store::PendingRef>& refs);
  // More references after resolve() has applied the inheritance ones (a full index, page by
  // page): none of `refs` may be an extends/implements reference.
  std::vector<store::Resolution> resolveMore(const std::vector<store::PendingRef>& refs);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cg::indexer
