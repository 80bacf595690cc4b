// Lua's rules for name resolution (include/codegraph/lang/rules.h): `require "a.b"`; the standard
// library tables (words.txt).
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

namespace cg::lang {
namespace {

// require "a.b" → a/b.lua | a/b/init.lua anywhere (package.path is not known).
std::vector<int64_t> moduleFiles(const FileLookup& files, const Import& imp) {
  return fileOrPackageFile(files, replaceAll(imp.module, ".", "/"), ".lua", "init", true);
}

}  // namespace
const Rules& luaRules() {
  // clang-format off
  static const Rules kRules{
      .id = "lua", .localsShadowCalls = true, .openMembers = true,
      .moduleFiles = moduleFiles, .unnamedImport = everyNameVisible};  // a required file's globals
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
