#include "codegraph/graph/call_path.h"

#include <algorithm>
#include <unordered_map>

namespace cg::graph {
namespace {

struct Visit {
  uint32_t depth = 0;
  uint64_t count = 0;        // shortest chains reaching it (saturating)
  double best = 0;           // best confidence product
  int64_t prev = 0;          // predecessor on the best chain
  uint32_t line = 0;         // site line in the predecessor
  model::RefKind kind = model::RefKind::kCalls;
  double edgeConfidence = 1;
  int64_t via = 0;           // dispatch: the method the predecessor calls
};

// An arc of the search: the edge's view, or (dispatch) an overrider reached through it.
struct Arc {
  const model::EdgeView* edge;
  int64_t via = 0;
};

constexpr size_t kMaxOverrideTypes = 60;  // subtypes visited per method
constexpr int kMaxOverrideDepth = 4;

constexpr uint64_t kCountCap = 1000000;

}  // namespace

Expected<std::vector<model::Symbol>> overridersOf(model::SymbolIndex& index, const model::Symbol& method) {
  std::vector<model::Symbol> out;
  bool more = false;
  // Its class: the symbol that contains it.
  model::RefsRequest up;
  up.symbolId = method.id;
  up.kinds = {model::RefKind::kContains};
  up.incoming = true;
  up.limit = 1;
  auto owner = index.refs(up, &more);
  if (!owner) return owner.error();
  if (owner->empty() || owner->front().other.id == 0) return out;
  std::unordered_map<int64_t, bool> seen{{owner->front().other.id, true}};
  std::vector<std::pair<int64_t, int>> queue{{owner->front().other.id, 0}};
  for (size_t at = 0; at < queue.size() && seen.size() <= kMaxOverrideTypes; ++at) {
    const auto [type, depth] = queue[at];
    model::RefsRequest down;
    down.symbolId = type;
    down.kinds = {model::RefKind::kExtends, model::RefKind::kImplements};
    down.incoming = true;
    down.limit = static_cast<uint32_t>(kMaxOverrideTypes);
    auto subtypes = index.refs(down, &more);
    if (!subtypes) return subtypes.error();
    for (const auto& sub : *subtypes) {
      const int64_t id = sub.other.id;
      if (id == 0 || !seen.emplace(id, true).second) continue;
      if (depth + 1 < kMaxOverrideDepth) queue.emplace_back(id, depth + 1);
      model::RefsRequest members;
      members.symbolId = id;
      members.kinds = {model::RefKind::kContains};
      members.incoming = false;
      members.limit = 2000;
      auto list = index.refs(members, &more);
      if (!list) return list.error();
      for (const auto& m : *list)
        if (m.other.id != 0 && m.other.name == method.name && model::isCallable(m.other.kind))
          out.push_back(m.other);
    }
  }
  return out;
}

Expected<std::vector<model::Symbol>> constructorsOf(model::SymbolIndex& index, int64_t typeId) {
  std::vector<model::Symbol> out;
  model::RefsRequest members;
  members.symbolId = typeId;
  members.kinds = {model::RefKind::kContains};
  members.incoming = false;
  members.limit = 2000;
  bool more = false;
  auto list = index.refs(members, &more);
  if (!list) return list.error();
  for (const auto& m : *list)
    if (m.other.id != 0 && m.other.kind == model::SymbolKind::kConstructor) out.push_back(m.other);
  return out;
}

Expected<PathResult> shortestPath(model::SymbolIndex& index, const PathRequest& request) {
  PathResult result;
  std::unordered_map<int64_t, Visit> seen;
  seen[request.from] = {0, 1, 1.0, 0, 0, model::RefKind::kCalls, 1.0};
  std::vector<int64_t> layer{request.from};
  std::unordered_map<int64_t, std::vector<int64_t>> overriders;  // per called method
  bool reached = request.from == request.to;
  for (uint32_t depth = 1; depth <= request.maxDepth && !layer.empty() && !reached; ++depth) {
    std::vector<int64_t> next;
    for (int64_t u : layer) {
      if (request.cancelled && request.cancelled()) return makeError(ErrorCode::kCancelled, "cancelled");
      if (seen.size() >= request.maxNodes) {
        result.truncated = true;
        break;
      }
      model::RefsRequest rr;
      rr.symbolId = u;
      rr.incoming = false;
      if (request.callsOnly) rr.kinds = {model::RefKind::kCalls};
      rr.limit = 2000;
      auto edges = index.refs(rr, nullptr);
      if (!edges) return edges.error();
      // One arc per target: the most confident site.
      std::unordered_map<int64_t, Arc> byTarget;
      for (const auto& ev : *edges) {
        if (ev.other.id == 0 || ev.other.id == u) continue;
        auto [it, fresh] = byTarget.emplace(ev.other.id, Arc{&ev, 0});
        if (!fresh && ev.edge.confidence > it->second.edge->edge.confidence) it->second = Arc{&ev, 0};
      }
      // Dispatch: a called method also reaches its overriders, and a called class its
      // constructors, through the same site.
      std::vector<std::pair<int64_t, Arc>> dispatched;
      for (const auto& [v, arc] : byTarget) {
        const model::SymbolKind kind = arc.edge->other.kind;
        if (arc.edge->edge.kind != model::RefKind::kCalls ||
            (kind != model::SymbolKind::kMethod && !model::isTypeLike(kind)))
          continue;
        auto cached = overriders.find(v);
        if (cached == overriders.end()) {
          auto found = kind == model::SymbolKind::kMethod ? overridersOf(index, arc.edge->other)
                                                          : constructorsOf(index, v);
          if (!found) return found.error();
          std::vector<int64_t> ids;
          for (const auto& o : *found) ids.push_back(o.id);
          cached = overriders.emplace(v, std::move(ids)).first;
        }
        for (int64_t w : cached->second)
          if (w != u && !byTarget.count(w)) dispatched.emplace_back(w, Arc{arc.edge, v});
      }
      for (auto& [w, arc] : dispatched) byTarget.emplace(w, arc);
      const Visit from = seen[u];
      for (const auto& [v, arc] : byTarget) {
        const model::EdgeView* ev = arc.edge;
        const double conf = ev->edge.confidence > 0 ? ev->edge.confidence : 1.0;
        auto it = seen.find(v);
        if (it == seen.end()) {
          seen[v] = {depth, from.count, from.best * conf, u, ev->edge.line, ev->edge.kind, conf, arc.via};
          next.push_back(v);
          if (v == request.to) reached = true;
        } else if (it->second.depth == depth) {
          Visit& vis = it->second;
          vis.count = std::min(kCountCap, vis.count + from.count);
          const double cand = from.best * conf;
          // Ties broken by the smaller predecessor id: the same tree gives the same chain.
          if (cand > vis.best || (cand == vis.best && u < vis.prev)) {
            vis.best = cand, vis.prev = u, vis.line = ev->edge.line, vis.kind = ev->edge.kind;
            vis.edgeConfidence = conf;
            vis.via = arc.via;
          }
        }
      }
    }
    layer = std::move(next);
  }
  auto target = seen.find(request.to);
  if (target == seen.end()) {
    for (const auto& [id, vis] : seen) result.reached.emplace(id, vis.depth);
    return result;
  }
  result.found = true;
  result.alternatives = target->second.count > 0 ? target->second.count - 1 : 0;
  result.confidence = target->second.best;
  std::vector<int64_t> chain;
  for (int64_t v = request.to;; v = seen[v].prev) {
    chain.push_back(v);
    if (v == request.from || chain.size() > request.maxDepth + 1) break;
  }
  std::reverse(chain.begin(), chain.end());
  for (int64_t id : chain) {
    auto s = index.byId(id);
    if (!s) return s.error();
    if (!*s) return makeError(ErrorCode::kNotFound, "a symbol on the path vanished");
    PathHop hop;
    hop.symbol = std::move(**s);
    const Visit& vis = seen[id];
    if (id != request.from) {
      hop.siteLine = vis.line;
      hop.kind = vis.kind;
      hop.confidence = vis.edgeConfidence;
      if (vis.via != 0) {
        auto via = index.byId(vis.via);
        if (!via) return via.error();
        hop.viaId = vis.via;
        if (*via) hop.viaUid = (*via)->uid;
      }
    }
    result.hops.push_back(std::move(hop));
  }
  return result;
}

}  // namespace cg::graph
