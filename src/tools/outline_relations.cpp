// outline: the relation table and fetching a symbol's relations to a depth (outline.h).
#include <algorithm>
#include <map>

#include "outline.h"
#include "possible.h"

namespace cg::tools::outline {
namespace {

using model::RefKind;

constexpr uint32_t kFetchPerDirection = 40;  // reference rows read per symbol, direction and kind

// Groups the references of one direction by relation, one item per symbol at the other end.
Status collect(const ToolEnv& env, int64_t symbolId, const std::string& topLevelOf,
               const Options& opts, bool incoming, size_t cap, std::vector<Group>& out,
               const model::RefPresence* presence = nullptr) {
  const auto& table = relationTable();
  std::vector<int> wanted;
  model::RefsRequest req;
  req.symbolId = symbolId;
  req.topLevelOfFile = topLevelOf;
  req.incoming = incoming;
  req.includeUnresolved = !incoming && !opts.omitNative;
  // Incoming: one site per caller, and no more callers than are shown (the rest is counted).
  // Outgoing: the first sites, deduplicated by target below.
  req.oneSitePerSource = incoming;
  req.limit = incoming ? static_cast<uint32_t>(cap) : kFetchPerDirection;
  for (int r : opts.relations) {
    if (table[r].incoming != incoming) continue;
    if (!topLevelOf.empty() && incoming) continue;
    if (presence && !presence->has(table[r].kind, incoming)) continue;  // none of that kind
    wanted.push_back(r);
    req.kinds.push_back(table[r].kind);
  }
  if (wanted.empty()) return okStatus();
  bool cut = false;
  auto refs = env.index->refs(req, &cut);
  if (!refs) return refs.error();
  std::map<RefKind, std::vector<Related>> byKind;
  std::map<RefKind, std::set<std::string>> seen;
  for (auto& v : *refs) {
    std::string key = v.other.id != 0 ? "s" + std::to_string(v.other.id)
                      : incoming      ? "f" + v.edge.sourcePath
                                      : "n" + v.edge.qualifier + "." + v.edge.targetName;
    if (!seen[v.edge.kind].insert(key).second) continue;
    Related item;
    item.symbol = std::move(v.other);
    item.siteLine = v.edge.line;
    if (item.symbol.id == 0 && !incoming)
      item.written = v.edge.qualifier.empty() ? v.edge.targetName
                                              : v.edge.qualifier + "." + v.edge.targetName;
    if (item.symbol.id == 0 && incoming) item.symbol.path = v.edge.sourcePath;
    byKind[v.edge.kind].push_back(std::move(item));
  }
  model::RefCounts counts;
  bool counted = false;
  for (int r : wanted) {
    auto& items = byKind[table[r].kind];
    if (items.empty()) continue;
    Group g;
    g.relation = r;
    if (items.size() > cap || cut) {
      if (!counted && symbolId != 0) {
        auto c = env.index->refCounts({symbolId, incoming, req.includeUnresolved});
        if (!c) return c.error();
        counts = *c;
        counted = true;
      }
      uint32_t total = counted ? counts[table[r].kind].distinct : 0;
      total = std::max<uint32_t>(total, static_cast<uint32_t>(items.size()));
      if (items.size() > cap) items.resize(cap);
      g.more = total - static_cast<uint32_t>(items.size());
    }
    g.items = std::move(items);
    out.push_back(std::move(g));
  }
  return okStatus();
}

Expected<std::vector<Group>> fetchLevel(const ToolEnv& env, const model::Symbol& s,
                                        const Options& opts, int level,
                                        std::set<int64_t>& expanded, const CallContext& ctx,
                                        const model::RefPresence* presence = nullptr) {
  std::vector<Group> groups;
  if (level > opts.depth || ctx.cancelled()) return groups;
  size_t cap = level == 1 ? kItemsPerRelation : kItemsPerNestedRelation;
  for (bool incoming : {false, true})
    if (auto st = collect(env, s.id, "", opts, incoming, cap, groups, presence); !st) return st.error();
  // Display order is the order of opts.relations.
  std::stable_sort(groups.begin(), groups.end(),
                   [](const Group& a, const Group& b) { return a.relation < b.relation; });
  if (level == opts.depth) return groups;
  for (auto& g : groups) {
    for (auto& item : g.items) {
      if (item.symbol.id == 0 || !expanded.insert(item.symbol.id).second) continue;
      auto deeper = fetchLevel(env, item.symbol, opts, level + 1, expanded, ctx);
      if (!deeper) return deeper.error();
      item.expanded = std::move(*deeper);
    }
  }
  return groups;
}

}  // namespace

const std::vector<RelationInfo>& relationTable() {
  static const std::vector<RelationInfo> table = {
      {"declares", RefKind::kContains, false},
      {"imports", RefKind::kImports, false},
      {"extends", RefKind::kExtends, false},
      {"implements", RefKind::kImplements, false},
      {"calls", RefKind::kCalls, false},
      {"uses", RefKind::kUses, false},
      {"accesses", RefKind::kAccesses, false},
      {"assigns", RefKind::kAssigns, false},
      {"extendedBy", RefKind::kExtends, true},
      {"implementedBy", RefKind::kImplements, true},
      {"calledBy", RefKind::kCalls, true},
      {"usedBy", RefKind::kUses, true},
      {"accessedBy", RefKind::kAccesses, true},
      {"assignedBy", RefKind::kAssigns, true},
  };
  return table;
}

int relationIndex(const std::string& name) {
  const auto& t = relationTable();
  for (size_t i = 0; i < t.size(); ++i)
    if (name == t[i].name) return static_cast<int>(i);
  return -1;
}

std::vector<int> defaultRelations() {
  std::vector<int> out;
  for (const char* n : {"imports", "extends", "implements", "calls", "extendedBy",
                        "implementedBy", "calledBy"})
    out.push_back(relationIndex(n));
  return out;
}

Expected<std::vector<Group>> fetchRelations(const ToolEnv& env, const model::Symbol& s,
                                            const Options& opts, std::set<int64_t>& expanded,
                                            const CallContext& ctx, const model::RefPresence* presence) {
  expanded.insert(s.id);
  return fetchLevel(env, s, opts, 1, expanded, ctx, presence);
}

model::PresenceKinds presenceKinds(const Options& opts) {
  model::PresenceKinds out;
  const auto& table = relationTable();
  for (int r : opts.relations) {
    auto& kinds = table[r].incoming ? out.incoming : out.outgoing;
    if (std::find(kinds.begin(), kinds.end(), table[r].kind) == kinds.end()) kinds.push_back(table[r].kind);
  }
  return out;
}

Expected<std::vector<Group>> fetchFileRelations(const ToolEnv& env, const std::string& path,
                                                const Options& opts) {
  std::vector<Group> groups;
  if (opts.depth < 1) return groups;
  if (auto st = collect(env, 0, path, opts, false, kItemsPerRelation, groups); !st)
    return st.error();
  std::stable_sort(groups.begin(), groups.end(),
                   [](const Group& a, const Group& b) { return a.relation < b.relation; });
  return groups;
}

Status fetchUnproven(const ToolEnv& env, Node& node, const Options& opts) {
  const auto& table = relationTable();
  bool incomingAsked = false, callsAsked = false;
  for (int r : opts.relations) {
    incomingAsked = incomingAsked || table[r].incoming;
    callsAsked = callsAsked || (!table[r].incoming && table[r].kind == RefKind::kCalls);
  }
  if (incomingAsked) {
    auto possible = possibleReferences(env, {node.symbol}, static_cast<uint32_t>(opts.unprovenSites));
    if (!possible) return possible.error();
    for (int r : opts.relations) {
      if (!table[r].incoming) continue;
      const uint32_t n = possible->count[static_cast<size_t>(table[r].kind)];
      if (n == 0) continue;
      Node::Unproven u{r, n, possible->capped, {}};
      for (const auto& site : possible->sites)
        if (site.kind == table[r].kind && u.sites.size() < opts.unprovenSites) u.sites.push_back(site);
      node.unproven.push_back(std::move(u));
    }
  }
  if (callsAsked) {
    bool more = false;
    auto own = env.index->unboundFrom(node.symbol.id, 2000, &more);
    if (!own) return own.error();
    Node::Unproven u{relationIndex("calls"), 0, more, {}};
    for (auto& site : *own) {
      if (site.kind != RefKind::kCalls) continue;
      ++u.count;
      if (u.sites.size() < opts.unprovenSites) u.sites.push_back(std::move(site));
    }
    if (u.count > 0) node.unproven.push_back(std::move(u));
  }
  return okStatus();
}

}  // namespace cg::tools::outline
