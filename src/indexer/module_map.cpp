#include "module_map.h"

#include <algorithm>
#include <fstream>
#include <optional>
#include <unordered_set>

namespace cg::indexer {

using lang::basenameOf;

namespace {

// The folders whose package.json and tsconfig.json may apply to the JavaScript and TypeScript
// files: theirs and every folder above, up to the root (none under node_modules).
std::vector<std::string> jsProjectFolders(const std::vector<store::FileRow>& files) {
  std::unordered_set<std::string> seen;
  std::vector<std::string> out;
  for (const auto& f : files) {
    if (f.language != "javascript" && f.language != "typescript" && f.language != "tsx") continue;
    std::string dir = directoryOf(f.path);
    for (;;) {
      if (!seen.insert(dir).second) break;
      if (dir.find("node_modules") == std::string::npos) out.push_back(dir);
      if (dir.empty()) break;
      dir = directoryOf(dir);
    }
  }
  return out;
}

std::optional<std::string> readProjectFile(const std::filesystem::path& root, const std::string& rel) {
  std::error_code ec;
  const std::filesystem::path p = root / rel;
  // A regular file, not a link (never a file outside the root, never a FIFO that blocks).
  if (!std::filesystem::is_regular_file(std::filesystem::symlink_status(p, ec))) return std::nullopt;
  const auto size = std::filesystem::file_size(p, ec);
  if (ec || size > (1u << 20)) return std::nullopt;
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::string text(static_cast<size_t>(size), '\0');
  in.read(text.data(), static_cast<std::streamsize>(size));
  if (!in) return std::nullopt;
  return text;
}

}  // namespace

void ModuleMap::load(std::vector<store::FileRow> files, std::string repositoryName,
                     const std::filesystem::path& root) {
  files_ = std::move(files);
  repositoryName_ = std::move(repositoryName);
  root_ = root;
  jsProject_ = {};
  if (!root.empty())
    jsProject_ = lang::readJsProject(jsProjectFolders(files_), [&](const std::string& rel) {
      return readProjectFile(root, rel);
    });
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

std::vector<int64_t> ModuleMap::byPackage(const std::string& package, std::string_view language) const {
  std::vector<int64_t> out;
  if (auto it = byPackage_.find(package); it != byPackage_.end())
    appendInLanguage(it->second, language, out);
  return out;
}

void ModuleMap::appendInLanguage(const std::vector<int64_t>& ids, std::string_view language,
                                 std::vector<int64_t>& out) const {
  for (int64_t id : ids)
    if (files_[byId_.at(id)].language == language) out.push_back(id);
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
                                                  std::string_view language) const {
  std::vector<int64_t> out;
  for (const auto& [dir, ids] : byDir_) {
    bool match = dir == dirSuffix ||
                 (dir.size() > dirSuffix.size() &&
                  dir.compare(dir.size() - dirSuffix.size(), dirSuffix.size(), dirSuffix) == 0 &&
                  dir[dir.size() - dirSuffix.size() - 1] == '/');
    if (match) appendInLanguage(ids, language, out);
  }
  sortByPath(out);
  return out;
}

std::vector<int64_t> ModuleMap::exact(const std::string& path) const {
  auto it = byPath_.find(path);
  if (it == byPath_.end()) return {};
  return {it->second};
}

std::vector<int64_t> ModuleMap::inDirectory(const std::string& dir, std::string_view language) const {
  std::vector<int64_t> out;
  if (auto it = byDir_.find(dir); it != byDir_.end()) {
    appendInLanguage(it->second, language, out);
    sortByPath(out);
  }
  return out;
}

std::string ModuleMap::pathOf(int64_t id) const {
  const auto* f = file(id);
  return f ? f->path : std::string();
}

std::vector<int64_t> ModuleMap::moduleFiles(const store::FileRow& from, const store::PendingRef& imp) const {
  const lang::Rules& rules = lang::rulesFor(from.language);
  if (rules.moduleFiles) return rules.moduleFiles(*this, {imp.module, imp.name, imp.alias, from.path, from.language});
  return bySuffix(lang::replaceAll(lang::replaceAll(imp.module, "::", "/"), ".", "/"));
}

Binding ModuleMap::bind(int64_t fileId, const store::PendingRef& imp) const {
  Binding b;
  const auto* from = file(fileId);
  if (!from) return b;
  const lang::Rules& rules = lang::rulesFor(from->language);
  b.files = moduleFiles(*from, imp);
  b.module = imp.module;
  b.language = from->language;
  b.topLevel = imp.sourceId == 0;
  b.scopeId = imp.sourceId;
  b.fileId = fileId;
  if (imp.name == "*" || (!rules.wildcardName.empty() && imp.name == rules.wildcardName)) {
    b.wildcard = imp.alias.empty();
    b.local = imp.alias;
  } else if (!imp.name.empty()) {
    b.local = imp.alias.empty() ? imp.name : imp.alias;
    b.symbolName = imp.name == "default" ? std::string() : imp.name;
    // `import static a.B.m` / `use a::B::m`: m may be a member of B.
    std::string m = lang::replaceAll(imp.module, "::", ".");
    std::string suffix = "." + imp.name;
    if (m.size() > suffix.size() && m.compare(m.size() - suffix.size(), suffix.size(), suffix) == 0)
      m = m.substr(0, m.size() - suffix.size());
    b.ownerSegment = m.substr(m.rfind('.') == std::string::npos ? 0 : m.rfind('.') + 1);
    // `from . import util`, `use crate::model`: the imported name is a module (its own file, or
    // its directory's package file: __init__.py, mod.rs, index.ts).
    for (int64_t id : rules.importsNameExports ? std::vector<int64_t>() : b.files) {
      const auto& f = files_[byId_.at(id)];
      std::string stem = basenameOf(f.path);
      stem = stem.substr(0, stem.find('.'));
      const std::string_view packageFile = rules_[byId_.at(id)]->packageFile;
      if (!packageFile.empty() && stem == packageFile) stem = basenameOf(directoryOf(f.path));
      if (stem == imp.name) {
        b.symbolName.clear();
        b.ownerSegment.clear();
        break;
      }
    }
  } else if (!imp.alias.empty()) {
    b.local = imp.alias;
  } else if (rules.unnamedImport) {
    lang::ImportNames names =
        rules.unnamedImport(*this, {imp.module, imp.name, imp.alias, from->path, from->language}, b.files);
    b.local = std::move(names.local);
    b.wildcard = names.wildcard;
  } else {
    // `import a.b.C`, `use a::b::C`: the last segment.
    std::string m = lang::replaceAll(imp.module, "::", ".");
    b.local = m.substr(m.rfind('.') == std::string::npos ? 0 : m.rfind('.') + 1);
  }
  if (b.local == "_" || b.local == ".") {
    b.wildcard = b.local == ".";
    b.local.clear();
  }
  return b;
}

}  // namespace cg::indexer
