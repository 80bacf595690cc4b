// Module naming: how a language's import (`import a.b`, `#include "x.h"`, `use crate::m`,
// `require "x"`) names files of the repository, and which name it binds in the importing file.
// Each language answers in its rules module (src/lang/<id>/rules.cpp, lang::Rules::moduleFiles
// and ::unnamedImport); the indexer's module map (src/indexer/module_map.h) gives them a view of
// the repository's files (FileLookup) and applies what they answer. Nothing here reads the index.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cg::lang {

// JavaScript and TypeScript name modules of the repository by more than relative paths: a
// package's own name (package.json "name", its "exports" map), and the path aliases of a
// tsconfig.json / jsconfig.json ("baseUrl", "paths"). What the module map read of them.
struct JsPackage {
  std::string dir;   // the package.json's folder, repository-relative ("" = the root)
  std::string name;  // "zod", "@scope/ui"
  // "exports": each subpath ("." , "./v3", "./*") with its targets, conditions in written order
  std::vector<std::pair<std::string, std::vector<std::string>>> exports;
  std::vector<std::string> entries;  // "source", "types", "module", "main": the "." targets
};
struct JsPathConfig {
  std::string dir;      // the tsconfig's folder, repository-relative
  bool hasBaseUrl = false;
  std::string baseUrl;  // repository-relative; what "paths" targets are relative to
  std::vector<std::pair<std::string, std::vector<std::string>>> paths;  // "@/*" → ["src/*"]
};
struct JsProject {
  std::vector<JsPackage> packages;
  std::vector<JsPathConfig> configs;  // deepest folder first
};
// Reads the package.json, tsconfig.json and jsconfig.json of `folders` (repository-relative)
// through `read` (a file's text; nullopt when it does not exist). Unreadable or malformed files
// are skipped; JSON with comments and trailing commas is accepted.
JsProject readJsProject(const std::vector<std::string>& folders,
                        const std::function<std::optional<std::string>(const std::string&)>& read);

// The repository's files as module naming sees them. Results are file ids sorted by path.
class FileLookup {
 public:
  virtual ~FileLookup() = default;
  // The file at exactly this path (none or one).
  virtual std::vector<int64_t> exact(const std::string& path) const = 0;
  // Files whose path is `suffix` or ends with "/" + suffix.
  virtual std::vector<int64_t> bySuffix(const std::string& suffix) const = 0;
  // Files of `language` directly in the directory `dir` ("" = the root).
  virtual std::vector<int64_t> inDirectory(const std::string& dir,
                                           std::string_view language) const = 0;
  // Files of `language` in any directory that is `dirSuffix` or ends with "/" + dirSuffix.
  virtual std::vector<int64_t> byDirectorySuffix(const std::string& dirSuffix,
                                                 std::string_view language) const = 0;
  // Files of `language` whose package clause (C# namespace) is `package`.
  virtual std::vector<int64_t> byPackage(const std::string& package,
                                         std::string_view language) const = 0;
  virtual std::string pathOf(int64_t id) const = 0;
  // The package clause of a file, else its directory's name.
  virtual std::string packageOf(int64_t id) const = 0;
  // The name of the repository's root folder ("" when unknown).
  virtual const std::string& repositoryName() const = 0;
  // The JavaScript/TypeScript packages and path aliases of the repository (empty when unknown).
  virtual const JsProject& jsProject() const = 0;
};

// One import as written.
struct Import {
  const std::string& module;    // `os.path`, `./x`, `a::b`, "x.h"
  const std::string& name;      // the imported name, if any (`join`, `*`, `default`)
  const std::string& alias;     // `as y`
  const std::string& fromPath;  // the importing file
  std::string_view language;    // the importing file's language
};

// What an import without an imported name or alias binds in the importing file.
struct ImportNames {
  std::string local;      // the name bound ("" with wildcard)
  bool wildcard = false;  // every top-level name of the module is visible
};

// Path helpers for module naming.
std::string directoryOf(const std::string& path);
std::string basenameOf(const std::string& path);
// Joins and normalises "a/b" + "../c" → "a/c"; returns "" when it escapes the root.
std::string joinPath(const std::string& dir, const std::string& rel);
std::string replaceAll(std::string s, const std::string& from, const std::string& to);
std::vector<std::string> splitOn(const std::string& s, const std::string& sep);
// The first of `paths` that names files: exactly, or (suffix) as a path suffix.
std::vector<int64_t> firstOf(const FileLookup& files, std::initializer_list<std::string> paths,
                             bool suffix);

}  // namespace cg::lang
