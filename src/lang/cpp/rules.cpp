// C++'s rules for name resolution (include/codegraph/lang/rules.h): C's family, headers, includes
// and ISO C library (which C++ code calls bare too); members in scope without `this->`; the
// standard library's namespace and container methods (words.txt).
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

namespace cg::lang {
const Rules& cppRules() {
  const Rules& c = cRules();
  // clang-format off
  static const Rules kRules{
      .id = "cpp", .family = c.family, .implicitThis = true, .splitDeclarations = true,
      .localsShadowCalls = true, .outOfLineMembers = true,
      .builtinNames = c.builtinNames, .libraryQualifierByHead = true,
      .moduleFiles = c.moduleFiles, .unnamedImport = c.unnamedImport,
      .isHeader = c.isHeader, .sourceExtensions = c.sourceExtensions};
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
