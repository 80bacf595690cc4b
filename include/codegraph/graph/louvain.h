// Louvain community detection (modularity, multi-level) over the undirected community graph.
//
// Deterministic: nodes are visited in index order (uid order, see symbol_graph.h), a node moves
// only for a strictly better gain, ties between candidate communities go to the lowest index,
// and communities are renumbered by first appearance. No randomness: the same graph always gives
// the same partition.
// Bounded: stops at `deadline` (checked every few hundred nodes); the partition reached so far is
// returned with complete = false. Single-threaded; each pass is O(nodes + arcs).
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include <functional>

#include "codegraph/graph/symbol_graph.h"

namespace cg::graph {

struct LouvainOptions {
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  uint32_t maxLevels = 12;
  uint32_t maxPassesPerLevel = 32;
  double minModularityGain = 1e-7;  // a level that gains less ends the run
  // Asked every 64k nodes: when it says so the run ends like at the deadline (incomplete).
  std::function<bool()> stop;
};

struct LouvainResult {
  std::vector<uint32_t> community;  // per node, 0..count-1, numbered by first member
  uint32_t count = 0;
  double modularity = 0;
  uint32_t levels = 0;
  bool complete = true;  // false: the deadline cut it short
};

LouvainResult louvain(const Adjacency& adj, const LouvainOptions& options = {});

// Modularity of a partition of `adj` (for tests and logs).
double modularity(const Adjacency& adj, const std::vector<uint32_t>& community);

}  // namespace cg::graph
