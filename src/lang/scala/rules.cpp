// Scala's rules for name resolution (include/codegraph/lang/rules.h): a package per package clause;
// imports stay in their file.
#include "codegraph/lang/rules.h"
#include "../java/jvm_modules.h"
#include "../rules_support.h"

namespace cg::lang {
const Rules& scalaRules() {
  // clang-format off
  static const Rules kRules{
      .id = "scala", .implicitThis = true, .directoryPackage = true, .importsStayLocal = true,
      .qualifierMaySpellPackage = true, .openMembers = true, .libraryQualifierByHead = true,
      .moduleFiles = [](const FileLookup& files, const Import& imp) {
        return java::jvmModuleFiles(files, imp, true, "_");
      },
      .wildcardName = "_"};
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
