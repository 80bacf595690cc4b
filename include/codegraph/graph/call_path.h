// Shortest chains between two symbols for get_context's path mode (docs/tools.md): breadth-first
// over resolved outgoing edges (calls only, or every kind but imports), bounded by a depth and
// a node budget. A call of a method also reaches the methods that override or implement it
// (dispatch: overridersOf), and a call of a class its constructors (constructorsOf), as a hop
// of that call's site marked with the method or class called.
// Among equally short chains the one whose product of edge confidences is highest wins, and
// the number of other shortest chains is counted.
//
// Threads: stateless; safe to call concurrently.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
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
  // The previous hop calls `via` and reaches this hop through it: a method this one overrides
  // or implements (dispatch), or the class this constructor constructs; 0 for a direct edge.
  int64_t viaId = 0;
  std::string viaUid;
};

struct PathResult {
  bool found = false;
  std::vector<PathHop> hops;   // from … to, both included
  uint64_t alternatives = 0;   // other chains of the same length (saturates)
  double confidence = 0;       // product along the chosen chain
  bool truncated = false;      // the node budget was hit before the depth bound
  // Not found: every symbol the search reached from `from`, with its distance in edges.
  std::unordered_map<int64_t, uint32_t> reached;
};

// The methods a call of `method` may dispatch to: the members of the same name of the types
// that extend or implement its class, transitively (Go's structural implements included), a
// bounded number of types deep and wide.
Expected<std::vector<model::Symbol>> overridersOf(model::SymbolIndex& index, const model::Symbol& method);

// The constructors a call of type `typeId` runs (`Sphinx(...)` runs Sphinx.__init__): its
// members of kind constructor.
Expected<std::vector<model::Symbol>> constructorsOf(model::SymbolIndex& index, int64_t typeId);

Expected<PathResult> shortestPath(model::SymbolIndex& index, const PathRequest& request);

}  // namespace cg::graph
