// Lua's rules for name resolution (include/codegraph/lang/rules.h): `require "a.b"`; the standard
// library tables.
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
      .builtinNames = WordList(
          "assert collectgarbage dofile error getmetatable ipairs load loadfile loadstring next "
          "pairs pcall print rawequal rawget rawlen rawset require select setmetatable tonumber "
          "tostring type unpack xpcall getfenv setfenv module _G _VERSION _ENV string table math "
          "io os coroutine debug utf8 package bit32 self"),
      .builtinMethods = WordList(
          "format sub gsub find match gmatch len upper lower byte rep reverse insert remove "
          "concat unpack sort"),
      .libraryQualifiers = WordList(
          "string table math io os coroutine debug utf8 package bit32 _G"),
      .moduleFiles = moduleFiles, .unnamedImport = everyNameVisible};  // a required file's globals
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
