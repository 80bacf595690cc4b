// C#'s rules for name resolution (include/codegraph/lang/rules.h): a namespace is a package;
// partial classes; `base` is `super`.
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

namespace cg::lang {
namespace {

// `using A.B;` names a namespace: its files. `using static A.B.C;` / `using X = A.B.C;` name a
// type: the file C.cs of namespace A.B, else every file of that namespace.
std::vector<int64_t> moduleFiles(const FileLookup& files, const Import& imp) {
  const std::string& module = imp.module;
  auto hit = files.byPackage(module, imp.language);
  if (!hit.empty()) return hit;
  size_t dot = module.rfind('.');
  if (dot == std::string::npos) return {};
  hit = files.byPackage(module.substr(0, dot), imp.language);
  std::vector<int64_t> named;
  for (int64_t id : hit)
    if (basenameOf(files.pathOf(id)) == module.substr(dot + 1) + ".cs") named.push_back(id);
  return named.empty() ? hit : named;
}

}  // namespace
const Rules& csharpRules() {
  // clang-format off
  static const Rules kRules{
      .id = "csharp", .implicitThis = true, .directoryPackage = true, .importsStayLocal = true,
      .qualifierMaySpellPackage = true, .enclosingNamespacesInScope = true, .partialTypes = true,
      .openMembers = true, .superAlias = "base",
      .libraryQualifierByHead = true, .moduleFiles = moduleFiles,
      .unnamedImport = everyNameVisible};  // a `using`: every type of the namespace
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
