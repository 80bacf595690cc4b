// Module → file mapping for import resolution, per language family:
//   Python   `a.b` → a/b.py | a/b/__init__.py; leading dots are relative to the importing file
//   JS/TS    './x' → x.ts|.tsx|.d.ts|.js|.jsx|.mjs|.cjs | x/index.*; bare specifiers are external
//   Go       "host/mod/pkg" → the directory whose path ends with the longest suffix of it
//   Java     a.b.C → a/b/C.java; a.b.* → the directory a/b
//   Kotlin, Scala: as Java (.kt, .scala), else by package clause: a.b.C → the files of package
//            a.b (a file defines many top-level names), a.b.* → the files of package a.b
//   C/C++    "x.h" → next to the includer, else any file whose path ends with it
//   Rust     crate::a::b → a/b.rs | a/b/mod.rs (or the parent module when b is an item)
//   Ruby     require(_relative) "a/b" → a/b.rb beside the file, else any path ending in a/b.rb
//   Lua      require "a.b" → a/b.lua | a/b/init.lua (path suffix)
//   Bash     source x.sh / . "$DIR/lib/x.sh" → beside the file, else a path ending in the part
//            after the last expansion (lib/x.sh)
//   PHP      use A\B\C → C.php under the longest suffix of A/B/ (PSR-4); require "x.php" → beside
//            the file, else any path ending in x.php
//   C#       using A.B → every file of namespace A.B (a wildcard); A.B.C → namespace A.B's C.cs
//   Swift    import M → the files of a directory named M (a SwiftPM target; a wildcard)
// Everything else: a path-suffix match of the module with '.' or '::' as '/'.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "codegraph/lang/rules.h"
#include "codegraph/store/index_writer.h"

namespace cg::indexer {

// What one import makes visible in a file.
struct Binding {
  std::string local;             // the name bound in the file ("" for includes / star imports)
  std::string symbolName;        // the imported symbol's name, if the import names one
  std::vector<int64_t> files;    // the module's files in the repository (empty: external)
  bool wildcard = false;         // every top-level name of the module is visible
  std::string ownerSegment;      // member imports: the type owning symbolName ("" otherwise)
  std::string module;            // the module as written (`os.path`, `./x`, `a::b`)
  std::string language;          // the importing file's language
  bool topLevel = true;          // a module-level import (not inside a function or class)
  int64_t scopeId = 0;           // the symbol a local import is written in (0: top level)
  int64_t fileId = 0;            // the importing file
};

class ModuleMap {
 public:
  // `repositoryName`: the root folder's name (see Resolver::prepare).
  void load(std::vector<store::FileRow> files, std::string repositoryName = {});
  const std::string& repositoryName() const { return repositoryName_; }
  const store::FileRow* file(int64_t id) const;
  // The rules of a file's language (neutral ones for an id the map does not hold).
  const lang::Rules& rules(int64_t id) const;
  Binding bind(int64_t fileId, const store::PendingRef& import) const;
  bool sameDirectory(int64_t a, int64_t b) const;
  std::string packageOf(int64_t fileId) const;
  // The package clause as written in the file (Java/Kotlin/Scala/Go), "" when none.
  std::string packageClause(int64_t fileId) const;

  // Files whose path equals `suffix` or ends with "/" + suffix.
  std::vector<int64_t> bySuffix(const std::string& suffix) const;

 private:
  std::vector<int64_t> moduleFiles(const store::FileRow& from, const store::PendingRef& imp) const;
  std::vector<int64_t> byDirectorySuffix(const std::string& dirSuffix, const std::string& language) const;
  // Files of `language` whose package clause (C# namespace) is `package`, sorted by path.
  std::vector<int64_t> byPackage(const std::string& package, const std::string& language) const;
  void sortByPath(std::vector<int64_t>& ids) const;

  std::vector<store::FileRow> files_;
  std::vector<const lang::Rules*> rules_;  // per files_ entry
  std::string repositoryName_;
  std::unordered_map<int64_t, size_t> byId_;
  // The same for ids up to a few times the file count (a full index numbers files 1..n): a
  // lookup per candidate definition of every reference, without hashing.
  static constexpr uint32_t kNoSlot = UINT32_MAX;
  std::vector<uint32_t> dense_;
  std::unordered_map<std::string, int64_t> byPath_;
  std::unordered_map<std::string, std::vector<int64_t>> byBasename_;
  std::unordered_map<std::string, std::vector<int64_t>> byDir_;
  std::unordered_map<std::string, std::vector<int64_t>> byPackage_;
};

std::string directoryOf(const std::string& path);
// Joins and normalises "a/b" + "../c" → "a/c"; returns "" when it escapes the root.
std::string joinPath(const std::string& dir, const std::string& rel);

}  // namespace cg::indexer
