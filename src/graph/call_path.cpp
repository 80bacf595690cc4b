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
};

constexpr uint64_t kCountCap = 1000000;

}  // namespace

Expected<PathResult> shortestPath(model::SymbolIndex& index, const PathRequest& request) {
  PathResult result;
  std::unordered_map<int64_t, Visit> seen;
  seen[request.from] = {0, 1, 1.0, 0, 0, model::RefKind::kCalls, 1.0};
  std::vector<int64_t> layer{request.from};
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
      std::unordered_map<int64_t, const model::EdgeView*> byTarget;
      for (const auto& ev : *edges) {
        if (ev.other.id == 0 || ev.other.id == u) continue;
        auto [it, fresh] = byTarget.emplace(ev.other.id, &ev);
        if (!fresh && ev.edge.confidence > it->second->edge.confidence) it->second = &ev;
      }
      const Visit from = seen[u];
      for (const auto& [v, ev] : byTarget) {
        const double conf = ev->edge.confidence > 0 ? ev->edge.confidence : 1.0;
        auto it = seen.find(v);
        if (it == seen.end()) {
          seen[v] = {depth, from.count, from.best * conf, u, ev->edge.line, ev->edge.kind, conf};
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
          }
        }
      }
    }
    layer = std::move(next);
  }
  auto target = seen.find(request.to);
  if (target == seen.end()) return result;
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
    }
    result.hops.push_back(std::move(hop));
  }
  return result;
}

}  // namespace cg::graph
