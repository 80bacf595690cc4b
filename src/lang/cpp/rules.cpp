// C++'s rules for name resolution (include/codegraph/lang/rules.h): C's family, headers, includes
// and ISO C library (which C++ code calls bare too); members in scope without `this->`; the
// standard library's namespace and container methods.
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

namespace cg::lang {
const Rules& cppRules() {
  const Rules& c = cRules();
  // clang-format off
  static const Rules kRules{
      .id = "cpp", .family = c.family, .implicitThis = true, .splitDeclarations = true,
      .localsShadowCalls = true, .outOfLineMembers = true,
      .builtinNames = c.builtinNames,
      .builtinMethods = WordList(
          "begin end cbegin cend rbegin rend crbegin crend size empty push_back pop_back "
          "emplace_back emplace emplace_front emplace_hint push_front pop_front push pop front "
          "back top insert insert_or_assign try_emplace erase clear find count contains at data "
          "c_str reserve resize shrink_to_fit capacity swap substr append length compare assign "
          "get reset release lock unlock try_lock load store fetch_add fetch_sub exchange "
          "compare_exchange_weak compare_exchange_strong notify_one notify_all wait wait_for join "
          "detach joinable str what value has_value value_or lower_bound upper_bound equal_range "
          "max_size rdbuf good fail bad eof flush write read tellg seekg tellp seekp getline open "
          "close is_open starts_with ends_with use_count get_deleter"),
      .libraryQualifiers = WordList("std"),  // std::x, ::std::x, std::chrono::x
      .libraryQualifierByHead = true,
      .moduleFiles = c.moduleFiles, .unnamedImport = c.unnamedImport,
      .isHeader = c.isHeader, .sourceExtensions = c.sourceExtensions};
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
