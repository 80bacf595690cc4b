// JavaScript's rules for name resolution (include/codegraph/lang/rules.h): ES modules and CommonJS;
// globals of ECMAScript and the common hosts (browser, Node; words.txt).
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

#include <cstring>
#include <optional>

namespace cg::lang {
namespace {

// A path of the repository as a module: itself, with an extension, a compiled file's source
// (x.js → x.ts), or its folder's index file.
std::vector<int64_t> asModule(const FileLookup& files, const std::string& p) {
  if (p.empty()) return {};
  std::string noJs = p;
  for (const char* ext : {".d.ts", ".d.cts", ".d.mts", ".js", ".jsx", ".mjs", ".cjs"}) {
    std::string e(ext);
    if (noJs.size() > e.size() && noJs.compare(noJs.size() - e.size(), e.size(), e) == 0) {
      noJs = noJs.substr(0, noJs.size() - e.size());
      break;
    }
  }
  return firstOf(files,
                 {p, p + ".ts", p + ".tsx", p + ".d.ts", p + ".js", p + ".jsx", p + ".mjs",
                  p + ".cjs", noJs + ".ts", noJs + ".tsx", noJs + ".js", p + "/index.ts",
                  p + "/index.tsx", p + "/index.js", p + "/index.jsx"},
                 false);
}

// A package's target as a module: the file it names, else the source a build made it from
// (dist/x.js → src/x.ts, lib/, build/, esm/, cjs/ likewise).
std::vector<int64_t> packageTarget(const FileLookup& files, const std::string& dir,
                                   const std::string& target) {
  std::string rel = target;
  while (rel.rfind("./", 0) == 0) rel = rel.substr(2);
  if (auto hit = asModule(files, joinPath(dir, rel)); !hit.empty()) return hit;
  for (const char* build : {"dist/", "lib/", "build/", "esm/", "cjs/", "out/"})
    if (rel.rfind(build, 0) == 0)
      if (auto hit = asModule(files, joinPath(dir, "src/" + rel.substr(std::strlen(build))));
          !hit.empty())
        return hit;
  return {};
}

// "pattern" with one `*` matched against `s`: what the `*` stands for; nullopt when no match.
std::optional<std::string> matchStar(const std::string& pattern, const std::string& s) {
  const size_t star = pattern.find('*');
  if (star == std::string::npos) return pattern == s ? std::optional<std::string>("") : std::nullopt;
  const std::string head = pattern.substr(0, star), tail = pattern.substr(star + 1);
  if (s.size() < head.size() + tail.size() || s.compare(0, head.size(), head) != 0 ||
      s.compare(s.size() - tail.size(), tail.size(), tail) != 0)
    return std::nullopt;
  return s.substr(head.size(), s.size() - head.size() - tail.size());
}

std::string replaceStar(const std::string& target, const std::string& with) {
  const size_t star = target.find('*');
  return star == std::string::npos ? target : target.substr(0, star) + with + target.substr(star + 1);
}

// A bare specifier naming a package of the repository (`zod/v3`, `@scope/ui`): through its
// "exports" (the first target that is a file of the repository), else its entry fields for the
// package itself and folders for a subpath.
std::vector<int64_t> repositoryPackage(const FileLookup& files, const std::string& module) {
  const JsPackage* best = nullptr;
  for (const auto& p : files.jsProject().packages)
    if ((module == p.name || module.rfind(p.name + "/", 0) == 0) &&
        (!best || p.name.size() > best->name.size()))
      best = &p;
  if (!best) return {};
  const std::string subpath = module == best->name ? "." : "./" + module.substr(best->name.size() + 1);
  if (!best->exports.empty()) {
    for (const auto& [key, targets] : best->exports) {
      auto star = matchStar(key, subpath);
      if (!star) continue;
      for (const auto& t : targets)
        if (auto hit = packageTarget(files, best->dir, replaceStar(t, *star)); !hit.empty())
          return hit;
    }
    return {};
  }
  if (subpath == ".") {
    for (const auto& t : best->entries)
      if (auto hit = packageTarget(files, best->dir, t); !hit.empty()) return hit;
    for (const char* t : {"src/index", "index"})
      if (auto hit = asModule(files, joinPath(best->dir, t)); !hit.empty()) return hit;
    return {};
  }
  const std::string rest = subpath.substr(2);
  if (auto hit = packageTarget(files, best->dir, rest); !hit.empty()) return hit;
  return asModule(files, joinPath(best->dir, "src/" + rest));
}

// A bare specifier through the path aliases of the tsconfig nearest the importing file.
std::vector<int64_t> aliasedPath(const FileLookup& files, const std::string& module,
                                 const std::string& fromPath) {
  for (const auto& c : files.jsProject().configs) {
    if (!c.dir.empty() && fromPath.rfind(c.dir + "/", 0) != 0) continue;
    const std::string& base = c.hasBaseUrl ? c.baseUrl : c.dir;
    for (const auto& [pattern, targets] : c.paths) {
      auto star = matchStar(pattern, module);
      if (!star) continue;
      for (const auto& t : targets) {
        std::string rel = replaceStar(t, *star);
        while (rel.rfind("./", 0) == 0) rel = rel.substr(2);
        if (auto hit = asModule(files, joinPath(base, rel)); !hit.empty()) return hit;
      }
    }
    if (c.hasBaseUrl)
      if (auto hit = asModule(files, joinPath(c.baseUrl, module)); !hit.empty()) return hit;
    return {};  // the nearest config decides
  }
  return {};
}

// './x' → x.ts|.tsx|.d.ts|.js|.jsx|.mjs|.cjs | x/index.*; no module (`export { a as b }`) → the
// file itself; a bare specifier through the nearest
// tsconfig's path aliases, else a package of the repository by its name; any other bare
// specifier is a package from outside: external. (TypeScript and TSX share it.)
std::vector<int64_t> moduleFiles(const FileLookup& files, const Import& imp) {
  const std::string& module = imp.module;
  if (module.empty())  // `export { a as b }`: the file's own definition under another name
    return imp.alias.empty() || imp.name.empty() ? std::vector<int64_t>() : files.exact(imp.fromPath);
  if (module[0] != '.') {
    if (module[0] == '/' || module.find(':') != std::string::npos) return {};  // node:fs, URLs
    if (auto hit = aliasedPath(files, module, imp.fromPath); !hit.empty()) return hit;
    return repositoryPackage(files, module);
  }
  return asModule(files, joinPath(directoryOf(imp.fromPath), module));
}

}  // namespace
const Rules& javascriptRules() {
  // clang-format off
  static const Rules kRules{
      .id = "javascript", .family = "js", .valuesAreCallable = true, .localsShadowCalls = true,
      .importsNameExports = true, .longestDefinitionWins = true,
      .confidence = withConfidence({{Evidence::kUniqueReceiver, 0.7},
                                    {Evidence::kModuleMember, 0.8}}),
      .libraryQualifierByHead = true, .moduleFiles = moduleFiles, .packageFile = "index"};
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
