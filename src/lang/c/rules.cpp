// C's rules for name resolution (include/codegraph/lang/rules.h): headers declare what source files
// define; the ISO C library (words.txt).
#include <algorithm>

#include "../rules_support.h"
#include "codegraph/lang/rules.h"

namespace cg::lang {
namespace {

// "x.h" → next to the includer, else any file whose path ends with it (the one sharing the
// longest directory prefix with the includer first). (C++ shares it.)
std::vector<int64_t> moduleFiles(const FileLookup& files, const Import& imp) {
  const std::string dir = directoryOf(imp.fromPath);
  auto hit = besideElseBySuffix(files, imp.fromPath, imp.module);
  if (hit.size() > 1) {  // by suffix: the file beside the includer is one at most
    auto common = [&dir](const std::string& p) {
      size_t n = 0;
      while (n < p.size() && n < dir.size() && p[n] == dir[n]) ++n;
      return n;
    };
    std::stable_sort(hit.begin(), hit.end(), [&](int64_t a, int64_t b) {
      return common(files.pathOf(a)) > common(files.pathOf(b));
    });
  }
  return hit;
}

bool isHeader(std::string_view path) {
  size_t dot = path.rfind('.');
  if (dot == std::string_view::npos) return false;
  std::string_view ext = path.substr(dot + 1);
  return ext == "h" || ext == "hh" || ext == "hpp" || ext == "hxx" || ext == "h++" || ext == "inl";
}

}  // namespace

const Rules& cRules() {
  // clang-format off
  static const Rules kRules{
      .id = "c", .splitDeclarations = true, .localsShadowCalls = true, .moduleFiles = moduleFiles,
      .unnamedImport = everyNameVisible,  // an include: every top-level name of the header
      .isHeader = isHeader, .sourceExtensions = {".c", ".cc", ".cpp", ".cxx"}};
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
