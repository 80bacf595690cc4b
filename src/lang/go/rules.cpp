// Go's rules for name resolution (include/codegraph/lang/rules.h): a package is a directory;
// methods are declared outside their type; files belong to builds.
#include "codegraph/lang/rules.h"
#include "../rules_support.h"
#include "build_constraints.h"

namespace cg::lang {
namespace {

// "host/mod/pkg" → the directory that is the longest suffix of the import path (the repository
// is the module, or a GOPATH tree above it: `google.golang.org/grpc/status` in grpc's tree is
// status/, never internal/status/); else a directory ending with a suffix of it (the module sits
// in a subfolder); else the root, when the path ends with the repository's folder name.
std::vector<int64_t> moduleFiles(const FileLookup& files, const Import& imp) {
  auto segs = splitOn(imp.module, "/");
  auto suffixFrom = [&segs](size_t start) { return joinSegments(segs, start, segs.size()); };
  for (size_t start = 0; start < segs.size(); ++start) {
    auto hit = files.inDirectory(suffixFrom(start), imp.language);
    if (!hit.empty()) return hit;
  }
  for (size_t start = 0; start < segs.size(); ++start) {
    auto hit = files.byDirectorySuffix(suffixFrom(start), imp.language);
    if (!hit.empty()) return hit;
  }
  // The repository is the module itself, checked out under its last path element
  // (github.com/spf13/cobra in cobra/): its root package.
  // Only a path with a host (`github.com/...`): `errors` in a folder named errors is the standard
  // library's.
  if (segs.size() > 1 && segs.front().find('.') != std::string::npos &&
      segs.back() == files.repositoryName())
    return files.inDirectory("", imp.language);
  return {};
}

// The package clause of its files, tests' external `x_test` packages aside (the first file by
// path is often example_test.go); else the import path's last element.
ImportNames unnamedImport(const FileLookup& files, const Import& imp,
                          const std::vector<int64_t>& found) {
  for (int64_t id : found) {
    std::string pkg = files.packageOf(id);
    if (endsWith(pkg, "_test")) continue;
    return {std::move(pkg), false};
  }
  return {imp.module.substr(imp.module.rfind('/') + 1), false};
}

bool isTestFile(std::string_view path) {
  return endsWith(path, "_test.go");
}

}  // namespace

const Rules& goRules() {
  // clang-format off
  static const Rules kRules{
      .id = "go", .directoryPackage = true, .importsStayLocal = true, .dottedMemberOwner = true,
      .ownerInSamePackage = true, .packageIsDirectory = true, .localsShadowCalls = true,
      .testFilesPrivate = true, .caseExports = true, .structuralImplements = true,
      .unplacedImportIsLibrary = true,
      .confidence = withConfidence({{Evidence::kSamePackage, 1.0}, {Evidence::kModuleMember, 0.8},
                                    {Evidence::kQualified, 0.7}, {Evidence::kUniqueReceiver, 0.6}}),
      .moduleFiles = moduleFiles, .unnamedImport = unnamedImport, .isTestFile = isTestFile,
      .isOtherBuild = go::isOtherBuild, .buildOfFileName = go::buildOfFileName};
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
