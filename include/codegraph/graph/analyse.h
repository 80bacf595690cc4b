// The analytics of docs/CONTRACT.md §4 over one GraphSnapshot: PageRank centrality
// (percentile), Louvain communities with stable uids and labels, document links, and the
// complexity percentile of callables. Returns only what differs from the stored values
// (model::AnalyticsUpdate).
//
// Full mode (a new index): PageRank from a uniform start until converged, Louvain from scratch.
// Incremental mode (a refresh), bounded by `deadline`:
//  - PageRank warm-starts from the stored scores (tolerance 1e-6, at most 40 iterations);
//  - communities are kept: symbols added since the last run join the community their
//    neighbours (weighted) mostly belong to, or form new ones with the other new symbols they
//    connect to. The share of symbols added or removed since the last full community computation
//    (`drift`) accumulates; once it reaches `fullCommunityDrift`, Louvain runs again from scratch
//    if it finishes before the deadline (otherwise the kept communities stand and it is retried
//    on the next refresh);
//  - a symbol's row is rewritten only when its centrality moves by more than 0.002 or its
//    community changes, so a small change writes a small update.
// Deterministic for a given snapshot (see symbol_graph.h, louvain.h). Single-threaded.
#pragma once

#include <chrono>
#include <functional>
#include <cstdint>

#include "codegraph/model/graph_source.h"

namespace cg::graph {

struct AnalyseOptions {
  bool incremental = false;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  double previousDrift = 0;         // from the last run's report
  double fullCommunityDrift = 0.05;
  // Polled between the steps (graph, PageRank, communities); when it returns true, analyse
  // stops and reports `interrupted` with an empty update.
  std::function<bool()> interrupted;
  // Called once the graph's builder has read the snapshot's edges (buildSymbolGraph): they are
  // not read after that, so an owner that will not keep them can free them (the kernel's
  // 8.6 million: 340 MB under the packing of the arcs, the analytics' peak).
  std::function<void()> edgesRead;
};

struct AnalyseReport {
  model::AnalyticsUpdate update;
  bool interrupted = false;
  double drift = 0;  // to pass back as previousDrift next time
  bool louvainRan = false;
  bool louvainComplete = true;
  double modularity = 0;
  uint32_t communities = 0;
  uint32_t pagerankIterations = 0;
  bool pagerankConverged = false;
  size_t docLinks = 0;
  double buildSeconds = 0, pagerankSeconds = 0, communitySeconds = 0, otherSeconds = 0;
};

AnalyseReport analyse(const model::GraphSnapshot& snapshot, const AnalyseOptions& options);

// Whether a kind takes part in the complexity percentile (function, method, constructor).
bool hasComplexityRank(model::SymbolKind kind);

}  // namespace cg::graph
