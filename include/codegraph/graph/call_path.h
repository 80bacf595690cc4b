// Shortest chains between two symbols for get_context's path mode (SPEC §5): breadth-first
// over resolved outgoing edges (calls only, or every kind but imports), bounded by a depth and
// a node budget. Among equally short chains the one whose product of edge confidences is
// highest wins, and the number of other shortest chains is counted.
//
// Threads: stateless; safe to call concurrently.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "codegraph/model/symbol_index.h"
#include "codegraph/support/expected.h"

namespace cg::graph {

struct PathRequest {
  int64_t from = 0, to = 0;
  uint32_t maxDepth = 8;       // edges
  bool callsOnly = true;       // false: any kind but imports
  uint32_t maxNodes = 50000;   // symbols expanded at most
  std::function<bool()> cancelled;
};

struct PathHop {
  model::Symbol symbol;
  uint32_t siteLine = 0;  // where the previous hop refers to this one (0 for the first hop)
  model::RefKind kind = model::RefKind::kCalls;  // edge from the previous hop
  double confidence = 1.0;
};

struct PathResult {
  bool found = false;
  std::vector<PathHop> hops;   // from … to, both included
  uint64_t alternatives = 0;   // other chains of the same length (saturates)
  double confidence = 0;       // product along the chosen chain
  bool truncated = false;      // the node budget was hit before the depth bound
};

Expected<PathResult> shortestPath(model::SymbolIndex& index, const PathRequest& request);

}  // namespace cg::graph
