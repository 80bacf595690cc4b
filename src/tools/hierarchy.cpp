#include "hierarchy.h"

#include <set>

namespace cg::tools {

Expected<std::optional<model::Symbol>> ownerType(const ToolEnv& env, const model::Symbol& s) {
  std::optional<model::Symbol> owner;
  if (s.parentId != 0) {
    auto p = env.index->byId(s.parentId);
    if (!p) return p.error();
    owner = *p;
  } else if (size_t cut = s.qualifiedName.rfind('.'); cut != std::string::npos) {
    model::LookupRequest req;
    req.name = s.qualifiedName.substr(0, cut);
    const size_t slash = s.path.rfind('/');
    req.fileSuffix = slash == std::string::npos ? std::string() : s.path.substr(0, slash + 1);
    req.scope = model::Scope::kAll;
    req.limit = 20;
    bool more = false;
    auto found = env.index->lookup(req, &more);
    if (!found) return found.error();
    for (const auto& t : *found)
      if (model::isTypeLike(t.kind) && t.path.rfind(req.fileSuffix, 0) == 0) {
        owner = t;
        break;
      }
  }
  return owner;
}

namespace {

// The callable members named `name` of the type `typeId` (what it contains).
Expected<std::vector<model::Symbol>> membersNamed(const ToolEnv& env, int64_t typeId, const std::string& name) {
  model::RefsRequest members;
  members.symbolId = typeId;
  members.kinds = {model::RefKind::kContains};
  members.incoming = false;
  members.limit = 500;
  bool more = false;
  auto list = env.index->refs(members, &more);
  if (!list) return list.error();
  std::vector<model::Symbol> out;
  for (const auto& m : *list)
    if (m.other.id != 0 && m.other.name == name && model::isCallable(m.other.kind)) out.push_back(m.other);
  return out;
}

}  // namespace

Expected<std::vector<model::Symbol>> overriddenMethods(const ToolEnv& env, const model::Symbol& s) {
  std::vector<model::Symbol> out;
  if (s.kind != model::SymbolKind::kMethod && s.kind != model::SymbolKind::kProperty) return out;
  auto found = ownerType(env, s);
  if (!found) return found.error();
  const std::optional<model::Symbol>& owner = *found;
  if (!owner) return out;
  std::set<int64_t> seen{owner->id};
  std::vector<std::pair<int64_t, int>> queue{{owner->id, 0}};
  for (size_t at = 0; at < queue.size() && seen.size() < 40; ++at) {
    auto [typeId, depth] = queue[at];
    model::RefsRequest bases;
    bases.symbolId = typeId;
    bases.kinds = {model::RefKind::kExtends, model::RefKind::kImplements};
    bases.incoming = false;
    bases.limit = 40;
    bool more = false;
    auto up = env.index->refs(bases, &more);
    if (!up) return up.error();
    for (const auto& v : *up) {
      if (v.edge.targetId == 0 || !seen.insert(v.edge.targetId).second) continue;
      if (depth < 4) queue.emplace_back(v.edge.targetId, depth + 1);
      auto list = membersNamed(env, v.edge.targetId, s.name);
      if (!list) return list.error();
      out.insert(out.end(), list->begin(), list->end());
    }
  }
  return out;
}

Expected<std::vector<Override>> overridingMethods(const ToolEnv& env, const model::Symbol& s,
                                                  uint32_t limit) {
  std::vector<Override> out;
  if (!model::isCallable(s.kind) && s.kind != model::SymbolKind::kProperty) return out;
  auto found = ownerType(env, s);
  if (!found) return found.error();
  if (!*found) return out;
  std::set<int64_t> seen{(*found)->id};
  std::vector<std::pair<int64_t, int>> queue{{(*found)->id, 0}};
  for (size_t at = 0; at < queue.size() && seen.size() < 200 && out.size() < limit; ++at) {
    auto [typeId, depth] = queue[at];
    model::RefsRequest subs;
    subs.symbolId = typeId;
    subs.kinds = {model::RefKind::kExtends, model::RefKind::kImplements};
    subs.incoming = true;
    subs.limit = 100;
    bool more = false;
    auto down = env.index->refs(subs, &more);
    if (!down) return down.error();
    for (const auto& v : *down) {
      if (v.other.id == 0 || !seen.insert(v.other.id).second) continue;
      if (depth < 4) queue.emplace_back(v.other.id, depth + 1);
      auto list = membersNamed(env, v.other.id, s.name);
      if (!list) return list.error();
      for (const auto& m : *list)
        if (out.size() < limit) out.push_back({m, v.edge.kind});
      if (list->empty()) {
        // A Go method is declared beside its type, not in it: the type's methods by name.
        model::LookupRequest req;
        req.name = s.name;
        req.qualifier = v.other.name;
        req.scope = model::Scope::kAll;
        req.limit = 10;
        const size_t slash = v.other.path.rfind('/');
        req.fileSuffix = slash == std::string::npos ? std::string() : v.other.path.substr(0, slash + 1);
        auto byName = env.index->lookup(req, &more);
        if (!byName) return byName.error();
        for (const auto& m : *byName)
          if (m.parentId == 0 && model::isCallable(m.kind) && m.path.rfind(req.fileSuffix, 0) == 0 &&
              out.size() < limit)
            out.push_back({m, v.edge.kind});
      }
    }
  }
  return out;
}

}  // namespace cg::tools
