#include "codegraph/lang/rules.h"

#include <array>

#include "codegraph/lang/language.h"

#include "rules_support.h"

namespace cg::lang {

namespace {
const std::array<const Rules*, 17>& allRules() {
  static const std::array<const Rules*, 17> kAll = {
      &cRules(),    &cppRules(), &pythonRules(), &javascriptRules(), &typescriptRules(),
      &tsxRules(),  &goRules(),  &rustRules(),   &javaRules(),       &csharpRules(),
      &rubyRules(), &phpRules(), &kotlinRules(), &swiftRules(),      &scalaRules(),
      &bashRules(), &luaRules()};
  return kAll;
}
}  // namespace

bool Rules::isLibraryQualifier(std::string_view qualifier) const {
  if (!libraryQualifierByHead) return libraryQualifiers.contains(qualifier);
  while (qualifier.substr(0, 2) == "::") qualifier.remove_prefix(2);
  return libraryQualifiers.contains(headOf(qualifier));
}

bool isHeaderPath(std::string_view path) {
  const Language* language = detectLanguage(path, {});
  if (!language) return false;
  const Rules& rules = rulesFor(language->id);
  return rules.isHeader && rules.isHeader(path);
}

std::string languageIdsWhere(bool Rules::*flag) {
  std::string out = " ";
  for (const Rules* r : allRules())
    if (r->*flag) out.append(r->id).append(" ");
  return out;
}

const Rules& rulesFor(std::string_view languageId) {
  for (const Rules* r : allRules())
    if (r->id == languageId) return *r;
  // Markdown and unknown ids: neutral rules, a family of their own.
  static const Rules kNeutral{.id = ""};
  return kNeutral;
}

}  // namespace cg::lang
