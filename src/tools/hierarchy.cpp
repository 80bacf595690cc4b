#include "hierarchy.h"

#include <map>
#include <set>
#include <string>

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

std::string folderOf(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
}

// The callable definitions of `name` that are members of one of `types`: contained in it, or
// (a Go method, declared beside its type) in the type's folder. Read by qualified name
// (`Type.name`, `ns::Type::name`): one index seek per type, however common the name.
Expected<std::vector<std::pair<model::Symbol, int64_t>>> membersOf(const ToolEnv& env, const std::string& name,
                                                                    const std::map<int64_t, model::Symbol>& types) {
  std::vector<std::pair<model::Symbol, int64_t>> out;  // (member, its type's id)
  if (types.empty()) return out;
  std::vector<std::string> qualified;
  std::map<std::pair<std::string, std::string>, int64_t> besideType;  // (folder, qualified name) -> type id
  for (const auto& [id, t] : types)
    for (const char* sep : {".", "::"}) {
      qualified.push_back(t.qualifiedName + sep + name);
      besideType[{folderOf(t.path), qualified.back()}] = id;
    }
  bool more = false;
  auto defs = env.index->byQualifiedNames(qualified, 2000, &more);
  if (!defs) return defs.error();
  for (auto& d : *defs) {
    if (!model::isCallable(d.kind)) continue;
    if (d.parentId != 0) {
      if (types.count(d.parentId)) out.emplace_back(d, d.parentId);
    } else if (auto it = besideType.find({folderOf(d.path), d.qualifiedName}); it != besideType.end()) {
      out.emplace_back(d, it->second);
    }
  }
  return out;
}

// The types `start` reaches through extends/implements edges (outgoing: its bases; incoming: the
// types that extend or implement it), transitively to `maxDepth`, at most `maxTypes`; each with
// the edge kind of its last step.
Expected<std::map<int64_t, model::Symbol>> hierarchyOf(const ToolEnv& env, const model::Symbol& start, bool up,
                                                       size_t maxTypes, std::map<int64_t, model::RefKind>* lastStep) {
  std::map<int64_t, model::Symbol> found;
  std::set<int64_t> seen{start.id};
  std::vector<std::pair<int64_t, int>> queue{{start.id, 0}};
  for (size_t at = 0; at < queue.size() && found.size() < maxTypes; ++at) {
    auto [typeId, depth] = queue[at];
    model::RefsRequest req;
    req.symbolId = typeId;
    req.kinds = {model::RefKind::kExtends, model::RefKind::kImplements};
    req.incoming = !up;
    req.limit = 100;
    bool more = false;
    auto edges = env.index->refs(req, &more);
    if (!edges) return edges.error();
    for (const auto& v : *edges) {
      const int64_t other = up ? v.edge.targetId : v.other.id;
      if (other == 0 || !seen.insert(other).second) continue;
      found[other] = v.other;
      if (lastStep) (*lastStep)[other] = v.edge.kind;
      if (depth < 4) queue.emplace_back(other, depth + 1);
      if (found.size() >= maxTypes) break;
    }
  }
  return found;
}

}  // namespace

Expected<std::vector<model::Symbol>> overriddenMethods(const ToolEnv& env, const model::Symbol& s) {
  std::vector<model::Symbol> out;
  if (s.kind != model::SymbolKind::kMethod && s.kind != model::SymbolKind::kProperty) return out;
  auto owner = ownerType(env, s);
  if (!owner) return owner.error();
  if (!*owner) return out;
  auto bases = hierarchyOf(env, **owner, /*up=*/true, 40, nullptr);
  if (!bases) return bases.error();
  auto members = membersOf(env, s.name, *bases);
  if (!members) return members.error();
  for (auto& [m, type] : *members) out.push_back(std::move(m));
  return out;
}

Expected<std::vector<Override>> overridingMethods(const ToolEnv& env, const model::Symbol& s, uint32_t limit) {
  std::vector<Override> out;
  if (!model::isCallable(s.kind) && s.kind != model::SymbolKind::kProperty) return out;
  auto owner = ownerType(env, s);
  if (!owner) return owner.error();
  if (!*owner) return out;
  std::map<int64_t, model::RefKind> lastStep;
  auto subs = hierarchyOf(env, **owner, /*up=*/false, 200, &lastStep);
  if (!subs) return subs.error();
  auto members = membersOf(env, s.name, *subs);
  if (!members) return members.error();
  for (auto& [m, type] : *members) {
    if (out.size() >= limit) break;
    out.push_back({std::move(m), lastStep[type]});
  }
  return out;
}

}  // namespace cg::tools
