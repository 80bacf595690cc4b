// Module naming shared by the JVM languages (Java, Kotlin, Scala): a.b.C → a/b/C.java (.kt,
// .scala); a.b.* → the directory a/b; a static import a.b.C.m or nested class a.b.C.D → C's file.
// Kotlin and Scala files need not sit in their package's directory and may define many top-level
// names (Helpers.kt defines Money): with byPackageClause, the files of the package clause too.
#pragma once

#include "codegraph/lang/modules.h"

namespace cg::lang::java {

std::vector<int64_t> jvmModuleFiles(const FileLookup& files, const Import& imp,
                                    bool byPackageClause, std::string_view wildcardName);

}  // namespace cg::lang::java
