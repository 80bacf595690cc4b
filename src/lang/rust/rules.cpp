// Rust's rules for name resolution (include/codegraph/lang/rules.h): modules are files (`mod.rs`,
// `a/b.rs`); `use` paths; the std prelude.
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
      .id = "rust", .localsShadowCalls = true, .openMembers = true,
      .builtinNames = WordList(
          "Vec String Box Option Some None Result Ok Err Clone Copy Send Sync Sized Unpin Drop "
          "Fn FnMut FnOnce Iterator IntoIterator DoubleEndedIterator ExactSizeIterator Extend "
          "FromIterator Default Eq PartialEq Ord PartialOrd AsRef AsMut Into From TryFrom "
          "TryInto ToString ToOwned drop println print eprintln eprint format vec panic assert "
          "assert_eq assert_ne debug_assert debug_assert_eq debug_assert_ne write writeln "
          "unreachable unimplemented todo matches dbg format_args concat stringify include "
          "include_str include_bytes env option_env cfg line column file module_path "
          "compile_error"),
      .builtinMethods = WordList(
          "clone unwrap expect unwrap_or unwrap_or_else unwrap_or_default ok err ok_or "
          "ok_or_else map map_err and_then or_else is_some is_none is_ok is_err as_ref as_mut "
          "as_deref take replace iter iter_mut into_iter collect push pop len is_empty to_string "
          "to_owned as_str as_bytes get get_mut insert remove contains contains_key clear extend "
          "filter filter_map find any all count sum fold enumerate zip rev skip chain next peek "
          "cloned copied last first split join trim starts_with ends_with parse lock read write "
          "borrow borrow_mut into from default eq cmp partial_cmp hash fmt drop sort sort_by "
          "sort_unstable dedup retain truncate split_at chars bytes lines entry or_insert "
          "or_insert_with with_capacity capacity reserve as_ptr push_str insert_str "
          "extend_from_slice drain append split_off resize swap windows chunks concat repeat "
          "to_vec as_slice char_indices splitn rsplit trim_start trim_end strip_prefix "
          "strip_suffix to_lowercase to_uppercase for_each flat_map flatten position max min "
          "max_by_key min_by_key take_while skip_while step_by sort_by_key binary_search map_or "
          "unwrap_err"),
      .libraryQualifiers = WordList(
          "std core alloc Vec String Box Option Result HashMap HashSet BTreeMap BTreeSet Rc Arc"),
      .libraryQualifierByHead = true, .moduleFiles = moduleFiles, .packageFile = "mod"};
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
