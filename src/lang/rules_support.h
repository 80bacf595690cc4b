// Helpers shared by the languages' rules modules (src/lang/<id>/rules.cpp) and the registry
// that lists them (src/lang/rules.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "codegraph/lang/rules.h"

namespace cg::lang {

inline bool endsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}
// The first segment of a qualifier written with `.`, `::`, `:` or `->` ("a" of "a.b.c").
inline std::string_view headOf(std::string_view q) {
  size_t cut = q.find_first_of(".:-");
  return cut == std::string_view::npos ? q : q.substr(0, cut);
}

// ---- module naming shared by several languages (src/lang/rules_support.cpp) ----

// The unnamedImport of a language whose import makes every top-level name of the module visible
// and binds none of its own (C/C++ #include, Bash `source`, Ruby `require`, Lua `require`, C#
// `using`, Swift `import`, a PHP require).
ImportNames everyNameVisible(const FileLookup&, const Import&, const std::vector<int64_t>&);

// `rel` beside the importing file (`fromPath`), else any file whose path ends with it.
std::vector<int64_t> besideElseBySuffix(const FileLookup& files, const std::string& fromPath,
                                        const std::string& rel);

// The module written as the path `p` without extension: the file p<ext>, else its folder's own
// file p/<packageStem><ext> (a/b → a/b.lua | a/b/init.lua); exactly, or (suffix) as a path
// suffix.
std::vector<int64_t> fileOrPackageFile(const FileLookup& files, const std::string& p,
                                       std::string_view ext, std::string_view packageStem,
                                       bool suffix);

// segs[begin, end) joined with '/' ({"a", "b", "c"}, 1, 3 → "b/c"); an empty segment at the start
// adds no separator.
std::string joinSegments(const std::vector<std::string>& segs, size_t begin, size_t end);

// `base` under the language id `id`, the same in every other respect: the rules of a dialect
// that resolves as its base language does (TypeScript and TSX are JavaScript's).
Rules dialectOf(const Rules& base, std::string_view id);

// Each language's rules (src/lang/<id>/rules.cpp).
const Rules& cRules();
const Rules& cppRules();
const Rules& pythonRules();
const Rules& javascriptRules();
const Rules& typescriptRules();
const Rules& tsxRules();
const Rules& goRules();
const Rules& rustRules();
const Rules& javaRules();
const Rules& csharpRules();
const Rules& rubyRules();
const Rules& phpRules();
const Rules& kotlinRules();
const Rules& swiftRules();
const Rules& scalaRules();
const Rules& bashRules();
const Rules& luaRules();

}  // namespace cg::lang
