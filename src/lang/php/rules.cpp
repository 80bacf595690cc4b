// PHP's rules for name resolution (include/codegraph/lang/rules.h): PSR-4 namespaces; `$this`; core
// functions are global (words.txt).
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

namespace cg::lang {
namespace {

// A require/include path ("lib/x.php", "/x.inc"), as opposed to a `use` namespace name.
bool isPath(const std::string& m) {
  return m.find('/') != std::string::npos || m.find('.') != std::string::npos;
}

// require/include "x.php" (`__DIR__ . '/x.php'`): beside the file, else a path ending in it.
// use A\B\C (PSR-4: one class a file): the file C.php under the longest suffix of A/B/ found.
std::vector<int64_t> moduleFiles(const FileLookup& files, const Import& imp) {
  if (isPath(imp.module)) {
    std::string m = imp.module;
    m.erase(0, m.find_first_not_of('/'));
    return besideElseBySuffix(files, imp.fromPath, m);
  }
  auto segs =
      splitOn(replaceAll(imp.module + (imp.name.empty() ? "" : "\\" + imp.name), "\\", "/"), "/");
  std::erase(segs, std::string());
  for (size_t start = 0; start < segs.size(); ++start) {
    auto hit = files.bySuffix(joinSegments(segs, start, segs.size()) + ".php");
    if (!hit.empty() && (start + 1 < segs.size() || hit.size() == 1)) return hit;
  }
  return {};
}

// A require makes every top-level name of the file visible; `use A\B\C` binds C.
ImportNames unnamedImport(const FileLookup& files, const Import& imp,
                          const std::vector<int64_t>& found) {
  if (isPath(imp.module)) return everyNameVisible(files, imp, found);
  return {imp.module.substr(imp.module.rfind('\\') + 1), false};
}

}  // namespace
const Rules& phpRules() {
  // clang-format off
  static const Rules kRules{
      .id = "php", .directoryPackage = true, .moduleFiles = moduleFiles,
      .unnamedImport = unnamedImport};
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
