#include "codegraph/graph/symbol_graph.h"

#include <algorithm>
#include <cassert>
#include <stdexcept>
#include <string>

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

// Packs into CSR, merging repeats. Deterministic: arcs of a node in target order. A counting
// pass by source, then a small sort per source: linear in the pairs, not n log n.
// The pairs are consumed: freed once bucketed, before the arcs are allocated (on the kernel the
// undirected pairs, their buckets and the arcs were 300 MB each, all at once). `symmetric`: each
// pair is an undirected edge, listed at both ends (one pair per edge instead of two: 137 MB less
// on the kernel while the snapshot's edges are still held).
Adjacency pack(std::vector<WeightedPair>&& pairs, uint32_t n, bool symmetric, const std::function<bool()>& stop,
               bool& stopped) {
  std::vector<uint32_t> start(n + 1, 0);
  for (const auto& p : pairs) {
    ++start[p.from + 1];
    if (symmetric) ++start[p.to + 1];
  }
  for (uint32_t i = 0; i < n; ++i) start[i + 1] += start[i];
  std::vector<std::pair<uint32_t, double>> bucketed(start[n]);
  {
    std::vector<uint32_t> fill(start.begin(), start.end() - 1);
    for (const auto& p : pairs) {
      bucketed[fill[p.from]++] = {p.to, p.weight};
      if (symmetric) bucketed[fill[p.to]++] = {p.from, p.weight};
    }
  }
  std::vector<WeightedPair>().swap(pairs);
  Adjacency g;
  g.begin.assign(n + 1, 0);
  g.arcs.reserve(bucketed.size());
  for (uint32_t i = 0; i < n; ++i) {
    if ((i & 0x3FFFF) == 0 && stop && stop()) {
      stopped = true;
      return g;
    }
    auto first = bucketed.begin() + start[i], last = bucketed.begin() + start[i + 1];
    // Repeats of one target are summed in weight order, whatever order the snapshot had.
    std::sort(first, last);
    for (auto it = first; it != last;) {
      const uint32_t to = it->first;
      double w = 0;
      for (; it != last && it->first == to; ++it) w += it->second;
      g.arcs.push_back({to, w});
    }
    g.begin[i + 1] = static_cast<uint32_t>(g.arcs.size());
  }
  return g;
}

}  // namespace

void IdIndex::build(const std::vector<const model::GraphNode*>& nodes) {
  dense_.clear();
  sparse_.clear();
  if (nodes.empty()) return;
  int64_t lo = nodes.front()->id, hi = lo;
  for (const auto* node : nodes) lo = std::min(lo, node->id), hi = std::max(hi, node->id);
  const auto n = static_cast<uint64_t>(nodes.size());
  if (static_cast<uint64_t>(hi - lo) < 4 * n + 1024) {
    base_ = lo;
    dense_.assign(static_cast<size_t>(hi - lo) + 1, kAbsent);
    for (uint32_t i = 0; i < nodes.size(); ++i) dense_[static_cast<size_t>(nodes[i]->id - lo)] = i;
    return;
  }
  sparse_.reserve(nodes.size());
  for (uint32_t i = 0; i < nodes.size(); ++i) sparse_.emplace_back(nodes[i]->id, i);
  std::sort(sparse_.begin(), sparse_.end());
}

uint32_t IdIndex::find(int64_t id) const {
  if (!dense_.empty()) {
    if (id < base_ || id - base_ >= static_cast<int64_t>(dense_.size())) return kAbsent;
    return dense_[static_cast<size_t>(id - base_)];
  }
  auto it = std::lower_bound(sparse_.begin(), sparse_.end(), std::pair<int64_t, uint32_t>(id, 0));
  return it != sparse_.end() && it->first == id ? it->second : kAbsent;
}

uint32_t IdIndex::at(int64_t id) const {
  uint32_t i = find(id);
  if (i == kAbsent) throw std::out_of_range("no node with symbol id " + std::to_string(id));
  return i;
}

SymbolGraph buildSymbolGraph(const model::GraphSnapshot& snapshot, const std::function<bool()>& stop,
                             const std::function<void()>& edgesRead) {
  SymbolGraph g;
  auto stopped = [&] { return g.interrupted || (g.interrupted = stop && stop()); };
  g.nodes.reserve(snapshot.nodes.size());
  for (const auto& node : snapshot.nodes) g.nodes.push_back(&node);
  auto byUid = [](const model::GraphNode* a, const model::GraphNode* b) { return model::uidLess(*a, *b); };
  // A kept snapshot is in uid order already (GraphSnapshot::uidOrdered).
  if (!snapshot.uidOrdered) std::sort(g.nodes.begin(), g.nodes.end(), byUid);
  assert(std::is_sorted(g.nodes.begin(), g.nodes.end(), byUid));
  const auto n = static_cast<uint32_t>(g.nodes.size());
  if (stopped()) return g;
  g.indexOf.build(g.nodes);

  std::vector<WeightedPair> directed, undirected;
  directed.reserve(snapshot.edges.size());
  undirected.reserve(snapshot.edges.size());
  size_t seen = 0;
  for (const auto& e : snapshot.edges) {
    if ((++seen & 0x3FFFF) == 0 && stopped()) return g;
    const uint32_t s = g.indexOf.find(e.sourceId);
    const uint32_t t = g.indexOf.find(e.targetId);
    if (s == IdIndex::kAbsent || t == IdIndex::kAbsent || s == t) continue;
    // A read or write of a field or property (Python `self.env`, Rules::memberAccesses) weighs
    // nothing: a method reads a dozen of them, and counted they put fields among the most
    // central symbols. The analytics measure the graph of calls, bases, types and module
    // variables; member reads and writes serve the answers about the field itself.
    if ((e.kind == model::RefKind::kAccesses || e.kind == model::RefKind::kAssigns) &&
        (g.nodes[t]->kind == model::SymbolKind::kField || g.nodes[t]->kind == model::SymbolKind::kProperty))
      continue;
    double conf = e.confidence > 0 ? std::min(e.confidence, 1.0) : 1.0;
    if (double w = kindWeight(e.kind) * conf; w > 0) directed.push_back({s, t, w});
    if (double w = cohesionWeight(e.kind) * conf; w > 0) undirected.push_back({s, t, w});
  }
  if (stopped()) return g;
  if (edgesRead) edgesRead();  // snapshot.edges are not read below
  g.out = pack(std::move(directed), n, false, stop, g.interrupted);
  if (stopped()) return g;
  g.adj = pack(std::move(undirected), n, true, stop, g.interrupted);
  return g;
}

}  // namespace cg::graph
