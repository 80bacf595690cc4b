// Ruby's rules for name resolution (include/codegraph/lang/rules.h): `require` paths; Kernel
// methods are callable bare everywhere (words.txt); `self` is implicit.
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

namespace cg::lang {
namespace {

// require_relative "x" / require "a/b": beside the requiring file first, else a file whose
// path ends with it (lib/a/b.rb: the load path is not known).
std::vector<int64_t> moduleFiles(const FileLookup& files, const Import& imp) {
  std::string m = imp.module;
  if (endsWith(m, ".rb")) m = m.substr(0, m.size() - 3);
  auto local = files.exact(joinPath(directoryOf(imp.fromPath), m) + ".rb");
  if (!local.empty()) return local;
  if (m.rfind("./", 0) == 0 || m.rfind("../", 0) == 0) return {};
  return files.bySuffix(m + ".rb");
}

}  // namespace
const Rules& rubyRules() {
  // clang-format off
  static const Rules kRules{
      .id = "ruby", .implicitThis = true, .openMembers = true,
      .libraryQualifierByHead = true, .moduleFiles = moduleFiles,
      .unnamedImport = everyNameVisible};  // a require: every top-level name of the file
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
