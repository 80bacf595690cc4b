// Kotlin's rules for name resolution (include/codegraph/lang/rules.h): a package per package
// clause; extension functions name their receiver with `.`.
#include "codegraph/lang/rules.h"
#include "../java/jvm_modules.h"
#include "../rules_support.h"

namespace cg::lang {
const Rules& kotlinRules() {
  // clang-format off
  static const Rules kRules{
      .id = "kotlin", .implicitThis = true, .directoryPackage = true, .importsStayLocal = true,
      .dottedMemberOwner = true, .qualifierMaySpellPackage = true, .openMembers = true,
      .libraryQualifierByHead = true,
      .moduleFiles = [](const FileLookup& files, const Import& imp) {
        return java::jvmModuleFiles(files, imp, true, "");
      }};
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
