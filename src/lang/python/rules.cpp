// Python's rules for name resolution (include/codegraph/lang/rules.h): a package is a folder with
// __init__.py; module-level `import x as y` aliases are followed; no implicit `self`.
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

namespace cg::lang {
namespace {

// The module at the path `p`: p.py | p/__init__.py | p.pyi, exactly or (suffix) as a path suffix.
std::vector<int64_t> pythonModule(const FileLookup& files, const std::string& p, bool suffix) {
  auto hit = fileOrPackageFile(files, p, ".py", "__init__", suffix);
  return hit.empty() ? firstOf(files, {p + ".pyi"}, suffix) : hit;
}

// `a.b` → a/b.py | a/b/__init__.py (.pyi); leading dots are relative to the importing file.
// A root that is itself a package (a site-packages folder, a vendored package) is imported by its
// folder's name: `import docutils.nodes` in docutils/ is nodes.py at the root.
std::vector<int64_t> moduleFiles(const FileLookup& files, const Import& imp) {
  const std::string& module = imp.module;
  const std::string dir = directoryOf(imp.fromPath);
  const bool named = !imp.name.empty() && imp.name != "*";
  size_t dots = 0;
  while (dots < module.size() && module[dots] == '.') ++dots;
  std::string rest = replaceAll(module.substr(dots), ".", "/");
  if (dots > 0) {
    std::string base = dir;
    for (size_t i = 1; i < dots; ++i) base = directoryOf(base);
    std::string p = rest.empty() ? base : joinPath(base, rest);
    auto hit = pythonModule(files, p, false);
    // `from . import sub`: the submodule itself.
    if (named) {
      auto sub = fileOrPackageFile(files, joinPath(p, imp.name), ".py", "__init__", false);
      if (hit.empty() || !sub.empty()) return sub.empty() ? hit : sub;
    }
    return hit;
  }
  auto hit = pythonModule(files, rest, true);
  if (named && hit.empty())
    hit = fileOrPackageFile(files, rest + "/" + imp.name, ".py", "__init__", true);
  const std::string& root = files.repositoryName();
  if (hit.empty() && !root.empty() && !files.exact("__init__.py").empty() &&
      (rest == root || rest.compare(0, root.size() + 1, root + "/") == 0)) {
    const std::string inner =
        rest.size() > root.size() ? rest.substr(root.size() + 1) : std::string();
    hit = inner.empty() ? files.exact("__init__.py") : pythonModule(files, inner, false);
    if (named) {
      const std::string sub = inner.empty() ? imp.name : inner + "/" + imp.name;
      auto submodule = fileOrPackageFile(files, sub, ".py", "__init__", false);
      if (!submodule.empty()) hit = submodule;
    }
  }
  return hit;
}

// pkg/__init__.py → pkg/name.py | pkg/name/__init__.py.
std::vector<int64_t> submodule(const FileLookup& files, const std::string& packagePath,
                               const std::string& name) {
  if (basenameOf(packagePath) != "__init__.py") return {};
  const std::string dir = directoryOf(packagePath);
  return firstOf(files, {joinPath(dir, name + ".py"), joinPath(dir, name + "/__init__.py")}, false);
}

// `import a.b` binds `a`.
ImportNames unnamedImport(const FileLookup&, const Import& imp, const std::vector<int64_t>&) {
  return {imp.module.substr(0, imp.module.find('.')), false};
}

}  // namespace
const Rules& pythonRules() {
  // clang-format off
  static const Rules kRules{
      .id = "python", .localsShadowCalls = true, .moduleAliases = true,
      .longestDefinitionWins = true, .unplacedImportIsLibrary = true,
      .subscriptElementTypes = true, .memberAccesses = true,
      .confidence = withConfidence({{Evidence::kUniqueReceiver, 0.8}}),
      .libraryQualifierByHead = true, .moduleFiles = moduleFiles, .unnamedImport = unnamedImport,
      .packageFile = "__init__", .submodule = submodule};
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
