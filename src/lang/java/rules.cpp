// Java's rules for name resolution (include/codegraph/lang/rules.h): a package per folder and
// package clause; imports stay in their file; java.lang is imported implicitly.
#include "codegraph/lang/rules.h"
#include "../rules_support.h"
#include "jvm_modules.h"

namespace cg::lang {
const Rules& javaRules() {
  // clang-format off
  static const Rules kRules{
      .id = "java", .implicitThis = true, .directoryPackage = true, .importsStayLocal = true,
      .qualifierMaySpellPackage = true, .implicitImport = "java.lang",
      // Overloads of one arity (`append(String)`, `append(Object)`): javac picks by argument types,
      // the first declared is right 34-73% of the time against javac (docs/ACCURACY.md): below 0.5,
      // so no edge; the reference stays unresolved with its candidate count.
      .confidence = withConfidence({{Evidence::kAmbiguousScope, 0},
                                    {Evidence::kAmbiguous, 0}}),  // 19% of 106 on commons-lang3
      .libraryQualifierByHead = true,
      .moduleFiles = [](const FileLookup& files, const Import& imp) {
        return java::jvmModuleFiles(files, imp, false, "");
      }};
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
