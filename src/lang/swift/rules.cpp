// Swift's rules for name resolution (include/codegraph/lang/rules.h): a module per target folder;
// extensions name their type with `.`.
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

namespace cg::lang {
namespace {

// `import MyLib`: the module is a target, SwiftPM's Sources/MyLib/ (any directory so named).
std::vector<int64_t> moduleFiles(const FileLookup& files, const Import& imp) {
  return files.byDirectorySuffix(imp.module, imp.language);
}

}  // namespace
const Rules& swiftRules() {
  // clang-format off
  static const Rules kRules{
      .id = "swift", .implicitThis = true, .directoryPackage = true, .dottedMemberOwner = true,
      .openMembers = true, .libraryQualifierByHead = true, .moduleFiles = moduleFiles,
      .unnamedImport = everyNameVisible};  // an `import`: every name of the module
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
