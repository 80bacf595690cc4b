#include "rules_support.h"

namespace cg::lang {

ImportNames everyNameVisible(const FileLookup&, const Import&, const std::vector<int64_t>&) {
  return {std::string(), true};
}

std::vector<int64_t> besideElseBySuffix(const FileLookup& files, const std::string& fromPath,
                                        const std::string& rel) {
  auto local = files.exact(joinPath(directoryOf(fromPath), rel));
  return !local.empty() ? local : files.bySuffix(joinPath("", rel));
}

std::vector<int64_t> fileOrPackageFile(const FileLookup& files, const std::string& p,
                                       std::string_view ext, std::string_view packageStem,
                                       bool suffix) {
  const std::string e(ext);
  return firstOf(files, {p + e, p + "/" + std::string(packageStem) + e}, suffix);
}

std::string joinSegments(const std::vector<std::string>& segs, size_t begin, size_t end) {
  std::string out;
  for (size_t i = begin; i < end; ++i) out += (out.empty() ? "" : "/") + segs[i];
  return out;
}

Rules dialectOf(const Rules& base, std::string_view id) {
  Rules rules = base;
  rules.id = id;
  return rules;
}

}  // namespace cg::lang
