// PageRank over the directed ranking graph, and the percentile ranks stored as
// `centrality_score` (docs/CONTRACT.md §4; 1 = the most central symbol).
//
// Bounded: at most `maxIterations` power iterations, stopping early once the L1 change of an
// iteration drops below `tolerance`. A warm start (the scores of the previous computation)
// converges in a few iterations after a small change. Deterministic: the same graph and start
// give bit-identical scores. Single-threaded; O(iterations × (nodes + arcs)).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "codegraph/graph/symbol_graph.h"

namespace cg::graph {

struct PageRankOptions {
  double damping = 0.85;
  double tolerance = 1e-7;  // L1 change per iteration (scores sum to 1)
  uint32_t maxIterations = 100;
  // Asked before every iteration (one is ~0.1 s on the kernel): when it says so, the result is
  // marked interrupted and not to be used.
  std::function<bool()> stop;
};

struct PageRankResult {
  std::vector<double> scores;  // per node, summing to 1
  uint32_t iterations = 0;
  bool converged = false;
  bool interrupted = false;
};

// `warm`: starting scores per node (any non-negative values; normalised), or empty for uniform.
PageRankResult pageRank(const Adjacency& out, const std::vector<double>& warm,
                        const PageRankOptions& options = {});

// Mid-rank percentile of each score in [0,1]: (#lower + (#equal - 1) / 2) / (n - 1). The unique
// maximum gets 1, the unique minimum 0; ties share a value; a single node gets 1. Scores within
// a relative 1e-9 of each other count as equal, so float noise does not split ties.
std::vector<double> percentileRanks(const std::vector<double>& scores);

}  // namespace cg::graph
