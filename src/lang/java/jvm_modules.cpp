#include "jvm_modules.h"

namespace cg::lang::java {

std::vector<int64_t> jvmModuleFiles(const FileLookup& files, const Import& imp,
                                    bool byPackageClause, std::string_view wildcardName) {
  const std::string& module = imp.module;
  std::string path = replaceAll(module, ".", "/");
  const bool starSuffix = path.size() > 2 && path.substr(path.size() - 2) == "/*";
  if (imp.name == "*" || (!wildcardName.empty() && imp.name == wildcardName) || starSuffix) {
    std::string d = starSuffix ? path.substr(0, path.size() - 2) : path;
    if (byPackageClause) {
      auto hit = files.byPackage(replaceAll(d, "/", "."), imp.language);
      if (!hit.empty()) return hit;
    }
    return files.byDirectorySuffix(d, imp.language);
  }
  for (int drop = 0; drop < 3; ++drop) {
    for (const char* ext : {".java", ".kt", ".scala"}) {
      auto hit = files.bySuffix(path + ext);
      if (!hit.empty()) return hit;
    }
    std::string parent = directoryOf(path);
    if (parent.empty()) break;
    path = parent;  // static import a.b.C.m, nested class a.b.C.D
  }
  // The files of package a.b for `import a.b.Money`, of package a.b.C for a member a.b.C.m;
  // Scala's `import a.b.{C, D}`: module a.b is the package itself.
  if (byPackageClause) {
    std::string pkg = module;
    for (int drop = 0; drop < 3; ++drop) {
      if (drop > 0) {
        size_t dot = pkg.rfind('.');
        if (dot == std::string::npos) break;
        pkg = pkg.substr(0, dot);
      }
      auto hit = files.byPackage(pkg, imp.language);
      if (!hit.empty()) return hit;
    }
  }
  return {};
}

}  // namespace cg::lang::java
