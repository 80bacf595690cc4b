#include "resolve.h"

#include <algorithm>
#include <set>

#include "common.h"

namespace cg::tools {
namespace {

constexpr uint32_t kSuggestions = 5;

// One function declared in headers and defined once in a source file is one answer.
void preferDefinition(const ToolEnv& env, Resolution& r) {
  if (r.matches.size() < 2 || r.more || !env.isHeader) return;
  const auto& first = r.matches.front();
  if (!model::isCallable(first.kind)) return;
  const model::Symbol* definition = nullptr;
  for (const auto& m : r.matches) {
    if (m.qualifiedName != first.qualifiedName || m.kind != first.kind) return;
    if (env.isHeader(m.path)) continue;
    if (definition) return;  // two definitions: really ambiguous
    definition = &m;
  }
  if (!definition) return;
  model::Symbol keep = *definition;
  r.note = "Declared in " + std::to_string(r.matches.size() - 1) +
           " header(s); this is the definition.";
  r.matches = {std::move(keep)};
}

Expected<std::vector<model::Symbol>> lookupName(const ToolEnv& env, const std::string& qualifier,
                                                const std::string& name, const std::string& file,
                                                uint32_t limit, bool* more) {
  model::LookupRequest req;
  req.name = name;
  req.qualifier = qualifier;
  req.scope = model::Scope::kAll;
  req.fileSuffix = file;
  req.limit = limit;
  return env.index->lookup(req, more);
}

Status addSuggestions(const ToolEnv& env, const std::string& name, Resolution& r) {
  auto names = env.index->similarNames(name, kSuggestions);
  if (!names) return names.error();
  std::set<int64_t> seen;
  for (const auto& n : *names) {
    bool more = false;
    auto defs = lookupName(env, "", n, "", 2, &more);
    if (!defs) return defs.error();
    for (auto& d : *defs) {
      if (r.suggestions.size() >= kSuggestions) return okStatus();
      if (seen.insert(d.id).second) r.suggestions.push_back(std::move(d));
    }
  }
  return okStatus();
}

// The name part of a uid "<path>::<qualified>::<kind>[#n]", for suggestions.
std::string nameOfUid(const std::string& uid) {
  std::string rest = uid;
  size_t hash = rest.rfind('#');
  if (hash != std::string::npos) rest.erase(hash);
  size_t last = rest.rfind("::");
  if (last == std::string::npos) return rest;
  rest.erase(last);  // the kind
  size_t before = rest.rfind("::");
  std::string qualified = before == std::string::npos ? rest : rest.substr(before + 2);
  return splitQualifiedName(qualified).second;
}

// How exactly `qualifier` names `s`: 2 when it is s's module (path without extension, '/' as
// '.', a package's __init__ / index / mod file as the package) or its tail, 1 when it is the
// whole qualified name's container, else 0. `django.setup` is django/__init__.py's setup before
// django/test/utils.py's, which the loose match of lookup also accepts.
int qualifierFit(const model::Symbol& s, const std::string& qualifier) {
  std::string module = s.path.substr(0, s.path.rfind('.') == std::string::npos ? s.path.size() : s.path.rfind('.'));
  for (auto& c : module)
    if (c == '/') c = '.';
  for (const char* tail : {".__init__", ".index", ".mod"}) {
    const std::string t = tail;
    if (module.size() > t.size() && module.compare(module.size() - t.size(), t.size(), t) == 0)
      module.erase(module.size() - t.size());
  }
  const bool moduleNamed =
      s.qualifiedName == s.name &&
      (module == qualifier || (module.size() > qualifier.size() &&
                               module.compare(module.size() - qualifier.size(), qualifier.size(), qualifier) == 0 &&
                               module[module.size() - qualifier.size() - 1] == '.'));
  if (moduleNamed) return 2;
  for (const char* sep : {".", "::", "\\"})
    if (s.qualifiedName == qualifier + sep + s.name) return 1;
  return 0;
}

}  // namespace

Json candidateJson(const model::Symbol& s) {
  return Json{{"uid", s.uid},
              {"name", s.name},
              {"kind", std::string(model::toString(s.kind))},
              {"file_path", s.path},
              {"line", s.range.line}};
}

Expected<Resolution> resolveSymbol(const ToolEnv& env, const SymbolQuery& query) {
  Resolution r;
  // A uid, given as such or in place of a name.
  for (const std::string* text : {&query.uid, &query.name}) {
    if (text->empty() || text->find("::") == std::string::npos) continue;
    auto hit = lookupUid(env, *text);
    if (!hit) return hit.error();
    if (*hit) {
      r.matches.push_back(std::move(**hit));
      return r;
    }
  }
  if (!query.uid.empty() && query.name.empty()) {
    std::string name = nameOfUid(trimmed(query.uid));
    if (auto s = addSuggestions(env, name, r); !s) return s.error();
    // The same name in the uid's file first: the usual cause is a renamed kind or container.
    bool more = false;
    std::string path = query.uid.substr(0, query.uid.find("::"));
    auto same = lookupName(env, "", name, path, kSuggestions, &more);
    if (!same) return same.error();
    std::vector<model::Symbol> merged = *same;
    for (auto& s : r.suggestions)
      if (merged.size() < kSuggestions &&
          std::none_of(merged.begin(), merged.end(), [&](const auto& m) { return m.id == s.id; }))
        merged.push_back(s);
    r.suggestions = std::move(merged);
    return r;
  }

  const std::string text = trimmed(query.name);
  auto [qualifier, name] = splitQualifiedName(text);
  auto found = lookupName(env, qualifier, name, query.file, query.limit, &r.more);
  if (!found) return found.error();
  r.matches = std::move(*found);
  if (r.matches.empty() && !qualifier.empty()) {
    // "os.path.join" where os.path is an alias of posixpath: fall back to the last segment.
    auto bare = lookupName(env, "", name, query.file, query.limit, &r.more);
    if (!bare) return bare.error();
    r.matches = std::move(*bare);
    if (!r.matches.empty())
      r.note = "No definition of '" + name + "' is qualified by '" + qualifier +
               "'; these are the definitions named '" + name + "'.";
  }
  if (r.matches.empty()) {
    if (auto s = addSuggestions(env, name, r); !s) return s.error();
    return r;
  }
  // A class and its own constructors share the name (C++, Java, C#): the name means the class,
  // whose outline and edges include its constructors.
  if (r.matches.size() > 1) {
    std::set<int64_t> types;
    std::set<std::string> typeNames;  // "ns::T::T" / "T.T": an out-of-line definition's name
    for (const auto& m : r.matches)
      if (model::isTypeLike(m.kind)) {
        types.insert(m.id);
        typeNames.insert(m.qualifiedName + "::" + m.name);
        typeNames.insert(m.qualifiedName + "." + m.name);
      }
    if (!types.empty())
      r.matches.erase(std::remove_if(r.matches.begin(), r.matches.end(),
                                     [&](const model::Symbol& m) {
                                       return m.kind == model::SymbolKind::kConstructor &&
                                              (types.count(m.parentId) || typeNames.count(m.qualifiedName));
                                     }),
                      r.matches.end());
  }
  if (!qualifier.empty() && r.matches.size() > 1) {
    const std::string& q = qualifier;  // a structured binding is not captured by clang 14
    std::stable_sort(r.matches.begin(), r.matches.end(), [&q](const model::Symbol& x, const model::Symbol& y) {
      return qualifierFit(x, q) > qualifierFit(y, q);
    });
  }
  preferDefinition(env, r);
  return r;
}

}  // namespace cg::tools
