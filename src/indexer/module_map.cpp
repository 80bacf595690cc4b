#include "module_map.h"

#include <algorithm>

namespace cg::indexer {
namespace {

std::string basenameOf(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string replaceAll(std::string s, const std::string& from, const std::string& to) {
  size_t pos = 0;
  while ((pos = s.find(from, pos)) != std::string::npos) {
    s.replace(pos, from.size(), to);
    pos += to.size();
  }
  return s;
}

std::vector<std::string> splitOn(const std::string& s, const std::string& sep) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (true) {
    size_t next = s.find(sep, pos);
    out.push_back(s.substr(pos, next == std::string::npos ? std::string::npos : next - pos));
    if (next == std::string::npos) break;
    pos = next + sep.size();
  }
  return out;
}

bool isJsFamily(const std::string& l) {
  return l == "javascript" || l == "typescript" || l == "tsx";
}

// A PHP require/include path ("lib/x.php", "/x.inc"), as opposed to a `use` namespace name.
bool isPhpPath(const std::string& m) {
  return m.find('/') != std::string::npos || m.find('.') != std::string::npos;
}

}  // namespace

std::string directoryOf(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

std::string joinPath(const std::string& dir, const std::string& rel) {
  std::vector<std::string> parts;
  for (const auto& p : splitOn(dir.empty() ? rel : dir + "/" + rel, "/")) {
    if (p.empty() || p == ".") continue;
    if (p == "..") {
      if (parts.empty()) return {};
      parts.pop_back();
      continue;
    }
    parts.push_back(p);
  }
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : "/") + p;
  return out;
}

void ModuleMap::load(std::vector<store::FileRow> files, std::string repositoryName) {
  files_ = std::move(files);
  repositoryName_ = std::move(repositoryName);
  rules_.clear();
  rules_.reserve(files_.size());
  for (const auto& f : files_) rules_.push_back(&lang::rulesFor(f.language));
  byId_.clear();
  byPath_.clear();
  byBasename_.clear();
  byDir_.clear();
  byPackage_.clear();
  dense_.clear();
  for (size_t i = 0; i < files_.size(); ++i) {
    const auto& f = files_[i];
    byId_.emplace(f.id, i);
    if (f.id > 0 && static_cast<uint64_t>(f.id) <= 4 * files_.size() + 1024) {
      if (dense_.size() <= static_cast<size_t>(f.id))
        dense_.resize(static_cast<size_t>(f.id) + 1, kNoSlot);
      dense_[static_cast<size_t>(f.id)] = static_cast<uint32_t>(i);
    }
    byPath_.emplace(f.path, f.id);
    byBasename_[basenameOf(f.path)].push_back(f.id);
    byDir_[directoryOf(f.path)].push_back(f.id);
    if (!f.package.empty()) byPackage_[f.package].push_back(f.id);
  }
  for (auto& [pkg, ids] : byPackage_) sortByPath(ids);
}

std::vector<int64_t> ModuleMap::byPackage(const std::string& package,
                                          const std::string& language) const {
  std::vector<int64_t> out;
  auto it = byPackage_.find(package);
  if (it == byPackage_.end()) return out;
  for (int64_t id : it->second)
    if (files_[byId_.at(id)].language == language) out.push_back(id);
  return out;
}

void ModuleMap::sortByPath(std::vector<int64_t>& ids) const {
  std::sort(ids.begin(), ids.end(), [this](int64_t a, int64_t b) {
    return files_[byId_.at(a)].path < files_[byId_.at(b)].path;
  });
}

const store::FileRow* ModuleMap::file(int64_t id) const {
  if (id > 0 && static_cast<uint64_t>(id) < dense_.size()) {
    const uint32_t at = dense_[static_cast<size_t>(id)];
    if (at != kNoSlot) return &files_[at];
  }
  auto it = byId_.find(id);
  return it == byId_.end() ? nullptr : &files_[it->second];
}

const lang::Rules& ModuleMap::rules(int64_t id) const {
  const store::FileRow* f = file(id);
  return f ? *rules_[static_cast<size_t>(f - files_.data())] : lang::rulesFor("");
}

bool ModuleMap::sameDirectory(int64_t a, int64_t b) const {
  const auto* fa = file(a);
  const auto* fb = file(b);
  return fa && fb && directoryOf(fa->path) == directoryOf(fb->path);
}

std::string ModuleMap::packageOf(int64_t fileId) const {
  const auto* f = file(fileId);
  if (!f) return {};
  if (!f->package.empty()) return f->package;
  return basenameOf(directoryOf(f->path));
}

std::string ModuleMap::packageClause(int64_t fileId) const {
  const auto* f = file(fileId);
  return f ? f->package : std::string();
}

std::vector<int64_t> ModuleMap::bySuffix(const std::string& suffix) const {
  std::vector<int64_t> out;
  if (suffix.empty()) return out;
  auto it = byBasename_.find(basenameOf(suffix));
  if (it == byBasename_.end()) return out;
  for (int64_t id : it->second) {
    const auto& p = files_[byId_.at(id)].path;
    if (p == suffix || (p.size() > suffix.size() &&
                        p.compare(p.size() - suffix.size(), suffix.size(), suffix) == 0 &&
                        p[p.size() - suffix.size() - 1] == '/'))
      out.push_back(id);
  }
  sortByPath(out);
  return out;
}

std::vector<int64_t> ModuleMap::byDirectorySuffix(const std::string& dirSuffix,
                                                  const std::string& language) const {
  std::vector<int64_t> out;
  for (const auto& [dir, ids] : byDir_) {
    bool match = dir == dirSuffix ||
                 (dir.size() > dirSuffix.size() &&
                  dir.compare(dir.size() - dirSuffix.size(), dirSuffix.size(), dirSuffix) == 0 &&
                  dir[dir.size() - dirSuffix.size() - 1] == '/');
    if (!match) continue;
    for (int64_t id : ids)
      if (files_[byId_.at(id)].language == language) out.push_back(id);
  }
  sortByPath(out);
  return out;
}

std::vector<int64_t> ModuleMap::moduleFiles(const store::FileRow& from,
                                            const store::PendingRef& imp) const {
  const std::string& lang = from.language;
  const std::string& module = imp.module;
  const std::string dir = directoryOf(from.path);
  auto exact = [this](const std::string& path) -> std::vector<int64_t> {
    auto it = byPath_.find(path);
    if (it == byPath_.end()) return {};
    return {it->second};
  };
  auto firstOf = [&](std::initializer_list<std::string> paths, bool suffix) {
    for (const auto& p : paths) {
      auto hit = suffix ? bySuffix(p) : exact(p);
      if (!hit.empty()) return hit;
    }
    return std::vector<int64_t>{};
  };

  if (lang == "python") {
    size_t dots = 0;
    while (dots < module.size() && module[dots] == '.') ++dots;
    std::string rest = replaceAll(module.substr(dots), ".", "/");
    if (dots > 0) {
      std::string base = dir;
      for (size_t i = 1; i < dots; ++i) base = directoryOf(base);
      std::string p = rest.empty() ? base : joinPath(base, rest);
      auto hit = firstOf({p + ".py", p + "/__init__.py", p + ".pyi"}, false);
      // `from . import sub`: the submodule itself.
      if (!imp.name.empty() && imp.name != "*") {
        auto sub =
            firstOf({joinPath(p, imp.name) + ".py", joinPath(p, imp.name) + "/__init__.py"}, false);
        if (hit.empty() || !sub.empty()) return sub.empty() ? hit : sub;
      }
      return hit;
    }
    auto hit = firstOf({rest + ".py", rest + "/__init__.py", rest + ".pyi"}, true);
    if (!imp.name.empty() && imp.name != "*" && hit.empty())
      hit = firstOf({rest + "/" + imp.name + ".py", rest + "/" + imp.name + "/__init__.py"}, true);
    // A root that is itself a package (a site-packages folder, a vendored package) is imported
    // by its folder's name: `import docutils.nodes` in docutils/ is nodes.py at the root.
    const std::string& root = repositoryName_;
    if (hit.empty() && !root.empty() && byPath_.count("__init__.py") &&
        (rest == root || rest.compare(0, root.size() + 1, root + "/") == 0)) {
      const std::string inner =
          rest.size() > root.size() ? rest.substr(root.size() + 1) : std::string();
      if (inner.empty())
        hit = exact("__init__.py");
      else
        hit = firstOf({inner + ".py", inner + "/__init__.py", inner + ".pyi"}, false);
      if (!imp.name.empty() && imp.name != "*") {
        const std::string sub = inner.empty() ? imp.name : inner + "/" + imp.name;
        auto submodule = firstOf({sub + ".py", sub + "/__init__.py"}, false);
        if (!submodule.empty()) hit = submodule;
      }
    }
    return hit;
  }
  if (isJsFamily(lang)) {
    if (module.empty() || module[0] != '.') return {};  // package import: external
    std::string p = joinPath(dir, module);
    std::string noJs = p;
    for (const char* ext : {".js", ".jsx", ".mjs", ".cjs"}) {
      std::string e(ext);
      if (noJs.size() > e.size() && noJs.compare(noJs.size() - e.size(), e.size(), e) == 0) {
        noJs = noJs.substr(0, noJs.size() - e.size());
        break;
      }
    }
    return firstOf({p, p + ".ts", p + ".tsx", p + ".d.ts", p + ".js", p + ".jsx", p + ".mjs",
                    p + ".cjs", noJs + ".ts", noJs + ".tsx", p + "/index.ts", p + "/index.tsx",
                    p + "/index.js", p + "/index.jsx"},
                   false);
  }
  if (lang == "go") {
    auto segs = splitOn(module, "/");
    // A directory that is itself the end of the import path (the repository is the module, or
    // a GOPATH tree above it): the longest such. `google.golang.org/grpc/status` in grpc's tree
    // is status/, never internal/status/.
    for (size_t start = 0; start < segs.size(); ++start) {
      std::string suffix;
      for (size_t i = start; i < segs.size(); ++i) suffix += (suffix.empty() ? "" : "/") + segs[i];
      auto exactDir = byDir_.find(suffix);
      if (exactDir == byDir_.end()) continue;
      std::vector<int64_t> hit;
      for (int64_t id : exactDir->second)
        if (files_[byId_.at(id)].language == lang) hit.push_back(id);
      if (!hit.empty()) {
        sortByPath(hit);
        return hit;
      }
    }
    // Else a directory ending with a suffix of it (the module sits in a subfolder).
    for (size_t start = 0; start < segs.size(); ++start) {
      std::string suffix;
      for (size_t i = start; i < segs.size(); ++i) suffix += (suffix.empty() ? "" : "/") + segs[i];
      auto hit = byDirectorySuffix(suffix, "go");
      if (!hit.empty()) return hit;
    }
    return {};
  }
  if (lang == "java" || lang == "kotlin" || lang == "scala") {
    std::string path = replaceAll(module, ".", "/");
    const bool scalaWildcard = lang == "scala" && imp.name == "_";  // Scala 2 `import a.b._`
    if (imp.name == "*" || scalaWildcard ||
        (path.size() > 2 && path.substr(path.size() - 2) == "/*")) {
      std::string d = path.size() > 2 && path.substr(path.size() - 2) == "/*"
                          ? path.substr(0, path.size() - 2)
                          : path;
      // Kotlin and Scala files need not sit in their package's directory: the package clause.
      if (lang != "java") {
        auto hit = byPackage(replaceAll(d, "/", "."), lang);
        if (!hit.empty()) return hit;
      }
      return byDirectorySuffix(d, lang);
    }
    for (int drop = 0; drop < 3; ++drop) {
      for (const char* ext : {".java", ".kt", ".scala"}) {
        auto hit = bySuffix(path + ext);
        if (!hit.empty()) return hit;
      }
      std::string parent = directoryOf(path);
      if (parent.empty()) break;
      path = parent;  // static import a.b.C.m, nested class a.b.C.D
    }
    // Kotlin and Scala: one file may define many top-level names (Helpers.kt defines Money):
    // the files of package a.b for `import a.b.Money`, of package a.b.C for a member a.b.C.m.
    // Scala's `import a.b.{C, D}`: module a.b is the package itself.
    if (lang != "java") {
      std::string pkg = module;
      for (int drop = 0; drop < 3; ++drop) {
        if (drop > 0) {
          size_t dot = pkg.rfind('.');
          if (dot == std::string::npos) break;
          pkg = pkg.substr(0, dot);
        }
        auto hit = byPackage(pkg, lang);
        if (!hit.empty()) return hit;
      }
    }
    return {};
  }
  if (lang == "csharp") {
    // `using A.B;` names a namespace: its files. `using static A.B.C;` / `using X = A.B.C;`
    // name a type: the file C.cs of namespace A.B, else every file of that namespace.
    auto hit = byPackage(module, lang);
    if (!hit.empty()) return hit;
    size_t dot = module.rfind('.');
    if (dot == std::string::npos) return {};
    hit = byPackage(module.substr(0, dot), lang);
    std::vector<int64_t> named;
    for (int64_t id : hit)
      if (basenameOf(files_[byId_.at(id)].path) == module.substr(dot + 1) + ".cs")
        named.push_back(id);
    return named.empty() ? hit : named;
  }
  if (lang == "swift") {
    // `import MyLib`: the module is a target, SwiftPM's Sources/MyLib/ (any directory so named).
    return byDirectorySuffix(module, lang);
  }
  if (lang == "c" || lang == "cpp") {
    auto local = exact(joinPath(dir, module));
    if (!local.empty()) return local;
    auto hit = bySuffix(joinPath("", module));
    if (hit.size() > 1) {
      // Prefer the candidate sharing the longest directory prefix with the includer.
      auto common = [&dir](const std::string& p) {
        size_t n = 0;
        while (n < p.size() && n < dir.size() && p[n] == dir[n]) ++n;
        return n;
      };
      std::stable_sort(hit.begin(), hit.end(), [&](int64_t a, int64_t b) {
        return common(files_[byId_.at(a)].path) > common(files_[byId_.at(b)].path);
      });
    }
    return hit;
  }
  if (lang == "rust") {
    // The module path of this file: src/a/mod.rs and src/a.rs are module `a` (dir src/a);
    // lib.rs/main.rs/mod.rs are their directory's module.
    std::string stem = basenameOf(from.path);
    stem = stem.substr(0, stem.rfind('.'));
    const bool dirModule = stem == "mod" || stem == "lib" || stem == "main";
    const std::string selfDir = dirModule ? dir : joinPath(dir, stem);
    auto segs =
        splitOn(module + (imp.name.empty() || imp.name == "*" ? "" : "::" + imp.name), "::");
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
      std::string p;
      for (size_t i = 0; i < n; ++i) p += (p.empty() ? "" : "/") + kept[i];
      if (relative) {
        auto hit = firstOf({joinPath(base, p) + ".rs", joinPath(base, p) + "/mod.rs"}, false);
        if (!hit.empty()) return hit;
      } else {
        auto hit = firstOf({p + ".rs", p + "/mod.rs"}, true);
        if (!hit.empty()) return hit;
      }
    }
    // `use super::{A, B}`, `use self::x`: the (parent) module itself.
    if (relative) return firstOf({base + ".rs", base + "/mod.rs", base + "/lib.rs"}, false);
    return {};
  }
  if (lang == "ruby") {
    // require_relative "x" / require "a/b": beside the requiring file first, else a file
    // whose path ends with it (lib/a/b.rb: the load path is not known).
    std::string m = module;
    if (m.size() > 3 && m.compare(m.size() - 3, 3, ".rb") == 0) m = m.substr(0, m.size() - 3);
    auto local = exact(joinPath(dir, m) + ".rb");
    if (!local.empty()) return local;
    if (m.rfind("./", 0) == 0 || m.rfind("../", 0) == 0) return {};
    return bySuffix(m + ".rb");
  }
  if (lang == "bash") {
    // source "$DIR/lib/x.sh", . "$(dirname "$0")/x.sh": what follows the last expansion is
    // known; the path before it is not (resolved as a path suffix then).
    std::string m = module;
    size_t dollar = m.rfind('$');
    bool dynamic = dollar != std::string::npos;
    if (dynamic) {
      size_t slash = m.find('/', dollar);
      if (slash == std::string::npos) return {};
      m = m.substr(slash + 1);
    }
    if (m.empty() || (!dynamic && m[0] == '/')) return {};  // absolute: outside the repository
    // Beside the script, else from the repository root (a path is relative to the working
    // directory, usually the root), else any file whose path ends with it.
    auto hit = firstOf({joinPath(dir, m), joinPath("", m)}, false);
    if (!hit.empty() || joinPath("", m).empty()) return hit;
    return bySuffix(joinPath("", m));
  }
  if (lang == "lua") {
    // require "a.b" → a/b.lua | a/b/init.lua anywhere (package.path is not known).
    std::string p = replaceAll(module, ".", "/");
    return firstOf({p + ".lua", p + "/init.lua"}, true);
  }
  if (lang == "php") {
    if (isPhpPath(module)) {
      // require/include "x.php" (`__DIR__ . '/x.php'`): beside the file, else a path ending in it.
      std::string m = module;
      m.erase(0, m.find_first_not_of('/'));
      auto local = exact(joinPath(dir, m));
      return !local.empty() ? local : bySuffix(joinPath("", m));
    }
    // use A\B\C (PSR-4: one class a file): the file C.php under the longest suffix of A/B/ found.
    auto segs =
        splitOn(replaceAll(module + (imp.name.empty() ? "" : "\\" + imp.name), "\\", "/"), "/");
    std::erase(segs, std::string());
    for (size_t start = 0; start < segs.size(); ++start) {
      std::string suffix;
      for (size_t i = start; i < segs.size(); ++i) suffix += (suffix.empty() ? "" : "/") + segs[i];
      auto hit = bySuffix(suffix + ".php");
      if (!hit.empty() && (start + 1 < segs.size() || hit.size() == 1)) return hit;
    }
    return {};
  }
  // Generic: dotted or :: module names as paths.
  std::string p = replaceAll(replaceAll(module, "::", "/"), ".", "/");
  return bySuffix(p);
}

Binding ModuleMap::bind(int64_t fileId, const store::PendingRef& imp) const {
  Binding b;
  const auto* from = file(fileId);
  if (!from) return b;
  b.files = moduleFiles(*from, imp);
  b.module = imp.module;
  b.language = from->language;
  b.topLevel = imp.sourceId == 0;
  b.scopeId = imp.sourceId;
  b.fileId = fileId;
  const std::string& lang = from->language;
  if (imp.name == "*" || (lang == "scala" && imp.name == "_")) {
    b.wildcard = imp.alias.empty();
    b.local = imp.alias;
  } else if (!imp.name.empty()) {
    b.local = imp.alias.empty() ? imp.name : imp.alias;
    b.symbolName = imp.name == "default" ? std::string() : imp.name;
    // `import static a.B.m` / `use a::B::m`: m may be a member of B.
    std::string m = replaceAll(imp.module, "::", ".");
    std::string suffix = "." + imp.name;
    if (m.size() > suffix.size() && m.compare(m.size() - suffix.size(), suffix.size(), suffix) == 0)
      m = m.substr(0, m.size() - suffix.size());
    b.ownerSegment = m.substr(m.rfind('.') == std::string::npos ? 0 : m.rfind('.') + 1);
    // `from . import util`, `use crate::model`: the imported name is a module (its own file).
    for (int64_t id : b.files) {
      std::string path = files_[byId_.at(id)].path;
      std::string stem = basenameOf(path);
      stem = stem.substr(0, stem.find('.'));
      if (stem == "__init__" || stem == "mod" || stem == "index")
        stem = basenameOf(directoryOf(path));
      if (stem == imp.name) {
        b.symbolName.clear();
        b.ownerSegment.clear();
        break;
      }
    }
  } else if (!imp.alias.empty()) {
    b.local = imp.alias;
  } else if (lang == "ruby" || lang == "lua" || lang == "bash" ||
             (lang == "php" && isPhpPath(imp.module))) {
    b.wildcard = true;  // a require makes every top-level name of the file visible
  } else if (lang == "php") {
    b.local = imp.module.substr(imp.module.rfind('\\') + 1);  // `use A\B\C` binds C
  } else if (lang == "c" || lang == "cpp" || lang == "csharp" || lang == "swift") {
    // An include makes every top-level name of the header visible, a C# `using` every type
    // of the namespace, a Swift `import` every name of the module.
    b.wildcard = true;
  } else if (lang == "python") {
    b.local = imp.module.substr(0, imp.module.find('.'));  // `import a.b` binds `a`
  } else {
    // Go "a/b/pkg" binds the package name; Rust/Java bind the last segment.
    if (lang == "go") {
      // The package clause of its files, tests' external `x_test` packages aside (the first
      // file by path is often example_test.go).
      for (int64_t id : b.files) {
        std::string pkg = packageOf(id);
        if (pkg.size() > 5 && pkg.compare(pkg.size() - 5, 5, "_test") == 0) continue;
        b.local = std::move(pkg);
        break;
      }
      if (b.local.empty()) b.local = imp.module.substr(imp.module.rfind('/') + 1);
    } else {
      std::string m = replaceAll(imp.module, "::", ".");
      b.local = m.substr(m.rfind('.') == std::string::npos ? 0 : m.rfind('.') + 1);
    }
  }
  if (b.local == "_" || b.local == ".") {
    b.wildcard = b.local == ".";
    b.local.clear();
  }
  return b;
}

}  // namespace cg::indexer
