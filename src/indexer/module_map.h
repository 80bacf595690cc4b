// Module → file mapping for import resolution. Each language says how its imports name files
// and what they bind (lang::Rules::moduleFiles and ::unnamedImport, in src/lang/<id>/rules.cpp);
// the module map holds the repository's files, answers the lookups those rules make
// (lang::FileLookup), and turns an import into a Binding. A language without module naming of
// its own: the module written as a path (`.` and `::` as `/`), matched as a path suffix.
#pragma once

#include <filesystem>
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

class ModuleMap : public lang::FileLookup {
 public:
  // `repositoryName`: the root folder's name (see Resolver::prepare). `root`: the repository's
  // folder, where the JavaScript/TypeScript project files are read (none when empty).
  void load(std::vector<store::FileRow> files, std::string repositoryName = {},
            const std::filesystem::path& root = {});
  const store::FileRow* file(int64_t id) const;
  // The rules of a file's language (neutral ones for an id the map does not hold).
  const lang::Rules& rules(int64_t id) const;
  Binding bind(int64_t fileId, const store::PendingRef& import) const;
  bool sameDirectory(int64_t a, int64_t b) const;
  // The package clause as written in the file (Java/Kotlin/Scala/Go), "" when none.
  std::string packageClause(int64_t fileId) const;

  // lang::FileLookup
  std::vector<int64_t> exact(const std::string& path) const override;
  std::vector<int64_t> bySuffix(const std::string& suffix) const override;
  std::vector<int64_t> inDirectory(const std::string& dir, std::string_view language) const override;
  std::vector<int64_t> byDirectorySuffix(const std::string& dirSuffix, std::string_view language) const override;
  std::vector<int64_t> byPackage(const std::string& package, std::string_view language) const override;
  std::string pathOf(int64_t id) const override;
  std::string packageOf(int64_t fileId) const override;
  const std::string& repositoryName() const override { return repositoryName_; }
  const lang::JsProject& jsProject() const override { return jsProject_; }
  const std::filesystem::path& root() const { return root_; }

 private:
  std::vector<int64_t> moduleFiles(const store::FileRow& from, const store::PendingRef& imp) const;
  void sortByPath(std::vector<int64_t>& ids) const;
  // Appends to `out` the files of `ids` in `language`, in their order.
  void appendInLanguage(const std::vector<int64_t>& ids, std::string_view language,
                        std::vector<int64_t>& out) const;

  std::vector<store::FileRow> files_;
  std::vector<const lang::Rules*> rules_;  // per files_ entry
  std::string repositoryName_;
  std::filesystem::path root_;
  lang::JsProject jsProject_;
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

using lang::directoryOf;
using lang::joinPath;

}  // namespace cg::indexer
