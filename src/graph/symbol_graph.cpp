#include "codegraph/graph/symbol_graph.h"

#include <algorithm>
#include <map>

namespace cg::graph {

double kindWeight(model::RefKind kind) {
  switch (kind) {
    case model::RefKind::kCalls: return 1.0;
    case model::RefKind::kExtends: return 1.0;
    case model::RefKind::kImplements: return 0.8;
    case model::RefKind::kUses: return 0.6;
    case model::RefKind::kAccesses: return 0.4;
    case model::RefKind::kAssigns: return 0.4;
    case model::RefKind::kImports: return 0.3;
    case model::RefKind::kContains: return 0.0;
  }
  return 0.0;
}

double cohesionWeight(model::RefKind kind) {
  return kind == model::RefKind::kContains ? 1.0 : kindWeight(kind);
}

std::string directoryOf(const std::string& path) {
  auto slash = path.rfind('/');
  return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

namespace {

struct WeightedPair {
  uint32_t from, to;
  double weight;
};

// Sorts, merges repeats and packs into CSR. Deterministic: arcs of a node in target order.
Adjacency pack(std::vector<WeightedPair>& pairs, uint32_t n) {
  std::sort(pairs.begin(), pairs.end(), [](const WeightedPair& a, const WeightedPair& b) {
    return a.from != b.from ? a.from < b.from : a.to < b.to;
  });
  Adjacency g;
  g.begin.assign(n + 1, 0);
  g.arcs.reserve(pairs.size());
  for (size_t i = 0; i < pairs.size();) {
    size_t j = i;
    double w = 0;
    while (j < pairs.size() && pairs[j].from == pairs[i].from && pairs[j].to == pairs[i].to) w += pairs[j++].weight;
    g.arcs.push_back({pairs[i].to, w});
    ++g.begin[pairs[i].from + 1];
    i = j;
  }
  for (uint32_t i = 0; i < n; ++i) g.begin[i + 1] += g.begin[i];
  return g;
}

}  // namespace

SymbolGraph buildSymbolGraph(const model::GraphSnapshot& snapshot) {
  SymbolGraph g;
  g.nodes.reserve(snapshot.nodes.size());
  for (const auto& node : snapshot.nodes) g.nodes.push_back(&node);
  std::sort(g.nodes.begin(), g.nodes.end(),
            [](const model::GraphNode* a, const model::GraphNode* b) { return a->uid < b->uid; });
  const auto n = static_cast<uint32_t>(g.nodes.size());
  g.indexOf.reserve(n);
  for (uint32_t i = 0; i < n; ++i) g.indexOf.emplace(g.nodes[i]->id, i);

  std::vector<WeightedPair> directed, undirected;
  directed.reserve(snapshot.edges.size());
  undirected.reserve(snapshot.edges.size() * 2);
  for (const auto& e : snapshot.edges) {
    auto s = g.indexOf.find(e.sourceId);
    auto t = g.indexOf.find(e.targetId);
    if (s == g.indexOf.end() || t == g.indexOf.end() || s->second == t->second) continue;
    double conf = e.confidence > 0 ? std::min(e.confidence, 1.0) : 1.0;
    if (double w = kindWeight(e.kind) * conf; w > 0) directed.push_back({s->second, t->second, w});
    if (double w = cohesionWeight(e.kind) * conf; w > 0) {
      undirected.push_back({s->second, t->second, w});
      undirected.push_back({t->second, s->second, w});
    }
  }
  g.out = pack(directed, n);
  g.adj = pack(undirected, n);
  return g;
}

}  // namespace cg::graph
