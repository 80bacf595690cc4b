// SymbolGraph: the symbol graph of a GraphSnapshot in compact form for the analytics. Nodes are
// numbered 0..n-1 in uid order, so every result is independent of database ids and of the order
// the snapshot listed things in (same tree → same numbering → same answers). Edges between the
// same two nodes are merged (weights summed); self loops are dropped.
//
// Two views:
//  - `out`: directed, for PageRank; calls, uses, extends, implements, imports, accesses and
//    assigns, each weighted by kindWeight(kind) × confidence. `contains` is not a reference and
//    does not confer importance, so it is absent.
//  - `adj`: undirected, for community detection; the directed edges plus `contains` (a member
//    belongs with its container), symmetrised.
// Plain data, no threads, no limits beyond memory (~24 bytes per edge per view).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "codegraph/model/graph_source.h"

namespace cg::graph {

// Weights of edge kinds in the ranking graph (before confidence). Calls carry the most
// importance; naming a type (uses), inheriting from it or implementing it is strong evidence too;
// an import alone says little.
double kindWeight(model::RefKind kind);
// Weight of an edge kind in the community graph (contains included).
double cohesionWeight(model::RefKind kind);

struct Arc {
  uint32_t to = 0;
  double weight = 0;
};

// Compressed adjacency: the arcs of node i are arcs[begin[i] .. begin[i+1]).
struct Adjacency {
  std::vector<uint32_t> begin;  // n + 1 entries
  std::vector<Arc> arcs;
  uint32_t size() const { return begin.empty() ? 0 : static_cast<uint32_t>(begin.size() - 1); }
};

// Symbol id → node index. Ids are database row ids, dense in practice: a table when the id range
// is at most a few times the node count, else a sorted list searched by halving.
class IdIndex {
 public:
  static constexpr uint32_t kAbsent = UINT32_MAX;
  void build(const std::vector<const model::GraphNode*>& nodes);
  uint32_t find(int64_t id) const;  // kAbsent when unknown
  uint32_t at(int64_t id) const;    // throws std::out_of_range when unknown

 private:
  int64_t base_ = 0;
  std::vector<uint32_t> dense_;                      // id - base_ → index
  std::vector<std::pair<int64_t, uint32_t>> sparse_;  // (id, index) by id
};

struct SymbolGraph {
  std::vector<const model::GraphNode*> nodes;  // index → node, uid order
  IdIndex indexOf;                             // symbol id → index
  Adjacency out;  // directed ranking graph
  Adjacency adj;  // undirected community graph (each edge listed at both ends)
  bool interrupted = false;  // buildSymbolGraph's `stop` said so: incomplete, not to be used
};

// Builds both views. The snapshot must outlive the graph (nodes point into it). `stop` is asked
// between steps and every 256k edges or nodes (the kernel's graph takes seconds to build; a
// waiting edit should not): when it says so, the result is marked interrupted.
// `edgesRead`, if given, is called once the snapshot's edges have been read (before the arcs are
// packed): an owner that does not keep them can free them there.
SymbolGraph buildSymbolGraph(const model::GraphSnapshot& snapshot, const std::function<bool()>& stop = {},
                             const std::function<void()>& edgesRead = {});

// Directory of a repository-relative path ("src/auth/login.ts" → "src/auth", "main.go" → ".").
std::string directoryOf(const std::string& path);

}  // namespace cg::graph
