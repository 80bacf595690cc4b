// Rust's rules for name resolution (include/codegraph/lang/rules.h): modules are files (`mod.rs`,
// `a/b.rs`); `use` paths; the std prelude (words.txt).
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

namespace cg::lang {
namespace {

// crate::a::b → a/b.rs | a/b/mod.rs (or the parent module when b is an item); self:: and
// super:: are relative to this file's module (src/a/mod.rs and src/a.rs are module `a`, dir
// src/a; lib.rs, main.rs and mod.rs are their directory's module).
std::vector<int64_t> moduleFiles(const FileLookup& files, const Import& imp) {
  const std::string dir = directoryOf(imp.fromPath);
  std::string stem = basenameOf(imp.fromPath);
  stem = stem.substr(0, stem.rfind('.'));
  const bool dirModule = stem == "mod" || stem == "lib" || stem == "main";
  const std::string selfDir = dirModule ? dir : joinPath(dir, stem);
  auto segs =
      splitOn(imp.module + (imp.name.empty() || imp.name == "*" ? "" : "::" + imp.name), "::");
  std::vector<std::string> kept;
  std::string base;
  bool relative = false;
  for (const auto& s : segs) {
    if (s == "crate" || s.empty()) continue;
    if (s == "self") {
      relative = true;
      if (base.empty()) base = selfDir;
      continue;
    }
    if (s == "super") {
      relative = true;
      base = directoryOf(base.empty() ? selfDir : base);
      continue;
    }
    kept.push_back(s);
  }
  if (relative && base.empty()) base = selfDir;
  for (size_t n = kept.size(); n > 0; --n) {
    const std::string p = joinSegments(kept, 0, n);
    auto hit = fileOrPackageFile(files, relative ? joinPath(base, p) : p, ".rs", "mod", !relative);
    if (!hit.empty()) return hit;
  }
  // `use super::{A, B}`, `use self::x`: the (parent) module itself.
  if (relative) return firstOf(files, {base + ".rs", base + "/mod.rs", base + "/lib.rs"}, false);
  return {};
}

}  // namespace
const Rules& rustRules() {
  // clang-format off
  static const Rules kRules{
      .id = "rust", .localsShadowCalls = true, .openMembers = true, .superIsModule = true,
      .libraryQualifierByHead = true, .moduleFiles = moduleFiles, .packageFile = "mod"};
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
