// Helpers shared by the languages' rules modules (src/lang/<id>/rules.cpp) and the registry
// that lists them (src/lang/rules.cpp).
#pragma once

#include <string_view>

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
