// Bash's rules for name resolution (include/codegraph/lang/rules.h): `source` paths; builtins and
// the common external commands (words.txt).
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

namespace cg::lang {
namespace {

// source "$DIR/lib/x.sh", . "$(dirname "$0")/x.sh": what follows the last expansion is known;
// the path before it is not. Beside the script, else from the repository root (a path is
// relative to the working directory, usually the root), else any file whose path ends with it.
std::vector<int64_t> moduleFiles(const FileLookup& files, const Import& imp) {
  std::string m = imp.module;
  size_t dollar = m.rfind('$');
  bool dynamic = dollar != std::string::npos;
  if (dynamic) {
    size_t slash = m.find('/', dollar);
    if (slash == std::string::npos) return {};
    m = m.substr(slash + 1);
  }
  if (m.empty() || (!dynamic && m[0] == '/')) return {};  // absolute: outside the repository
  auto hit = firstOf(files, {joinPath(directoryOf(imp.fromPath), m), joinPath("", m)}, false);
  if (!hit.empty() || joinPath("", m).empty()) return hit;
  return files.bySuffix(joinPath("", m));
}

}  // namespace
const Rules& bashRules() {
  // clang-format off
  static const Rules kRules{
      .id = "bash", .moduleFiles = moduleFiles,
      .unnamedImport = everyNameVisible};  // a sourced file's functions are all visible
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
