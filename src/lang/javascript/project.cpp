// Reading a JavaScript/TypeScript project's package.json and tsconfig.json files (lang/modules.h).
#include <algorithm>

#include <nlohmann/json.hpp>

#include "codegraph/lang/modules.h"

namespace cg::lang {
namespace {

// JSON as tsconfig files write it: `//` and `/* */` comments and trailing commas removed
// (outside strings).
std::string plainJson(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {
      const size_t start = i;
      for (++i; i < text.size() && text[i] != '"'; ++i)
        if (text[i] == '\\') ++i;
      out.append(text, start, i - start + 1);
      continue;
    }
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i < text.size() && text[i] != '\n') ++i;
      out += '\n';
      continue;
    }
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      const size_t end = text.find("*/", i + 2);
      i = end == std::string::npos ? text.size() : end + 1;
      continue;
    }
    if (c == ',') {
      size_t next = text.find_first_not_of(" \t\r\n", i + 1);
      if (next != std::string::npos && (text[next] == '}' || text[next] == ']')) continue;
    }
    out += c;
  }
  return out;
}

std::optional<nlohmann::ordered_json> readJson(
    const std::string& path,
    const std::function<std::optional<std::string>(const std::string&)>& read) {
  auto text = read(path);
  if (!text || text->size() > (1u << 20)) return std::nullopt;
  nlohmann::ordered_json j = nlohmann::ordered_json::parse(plainJson(*text), nullptr, false);
  if (j.is_discarded() || !j.is_object()) return std::nullopt;
  return j;
}

// The string leaves of an exports value, in written order (conditions nested any depth).
void targetsOf(const nlohmann::ordered_json& v, std::vector<std::string>& out) {
  if (v.is_string()) {
    out.push_back(v.get<std::string>());
  } else if (v.is_array()) {
    for (const auto& e : v) targetsOf(e, out);
  } else if (v.is_object()) {
    for (const auto& [condition, e] : v.items()) targetsOf(e, out);
  }
}

std::string within(const std::string& dir, const std::string& rel) {
  if (rel.empty() || rel == ".") return dir;
  std::string r = rel;
  while (r.rfind("./", 0) == 0) r = r.substr(2);
  return joinPath(dir, r);
}

}  // namespace

JsProject readJsProject(const std::vector<std::string>& folders,
                        const std::function<std::optional<std::string>(const std::string&)>& read) {
  JsProject project;
  for (const std::string& dir : folders) {
    const std::string prefix = dir.empty() ? std::string() : dir + "/";
    if (auto pkg = readJson(prefix + "package.json", read)) {
      JsPackage p;
      p.dir = dir;
      if (auto name = pkg->find("name"); name != pkg->end() && name->is_string())
        p.name = name->get<std::string>();
      if (auto exports = pkg->find("exports"); exports != pkg->end()) {
        // An object of subpaths ("./x": ...) or the "." value itself (a string, conditions).
        bool subpaths = exports->is_object() && !exports->empty() &&
                        exports->begin().key().rfind(".", 0) == 0;
        if (subpaths) {
          for (const auto& [key, value] : exports->items()) {
            std::vector<std::string> targets;
            targetsOf(value, targets);
            p.exports.emplace_back(key, std::move(targets));
          }
        } else {
          std::vector<std::string> targets;
          targetsOf(*exports, targets);
          p.exports.emplace_back(".", std::move(targets));
        }
      }
      for (const char* field : {"source", "types", "typings", "module", "main"})
        if (auto v = pkg->find(field); v != pkg->end() && v->is_string())
          p.entries.push_back(v->get<std::string>());
      if (!p.name.empty()) project.packages.push_back(std::move(p));
    }
    for (const char* config : {"tsconfig.json", "jsconfig.json"}) {
      auto cfg = readJson(prefix + config, read);
      if (!cfg) continue;
      auto options = cfg->find("compilerOptions");
      if (options == cfg->end() || !options->is_object()) continue;
      JsPathConfig c;
      c.dir = dir;
      if (auto base = options->find("baseUrl"); base != options->end() && base->is_string()) {
        c.hasBaseUrl = true;
        c.baseUrl = within(dir, base->get<std::string>());
      }
      if (auto paths = options->find("paths"); paths != options->end() && paths->is_object())
        for (const auto& [pattern, targets] : paths->items()) {
          std::vector<std::string> list;
          targetsOf(targets, list);
          c.paths.emplace_back(pattern, std::move(list));
        }
      if (c.hasBaseUrl || !c.paths.empty()) project.configs.push_back(std::move(c));
      break;  // a tsconfig.json wins over a jsconfig.json beside it
    }
  }
  // Deepest folder first: the config nearest a file applies to it.
  std::stable_sort(project.configs.begin(), project.configs.end(),
                   [](const JsPathConfig& a, const JsPathConfig& b) { return a.dir.size() > b.dir.size(); });
  return project;
}

}  // namespace cg::lang
