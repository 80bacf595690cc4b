// Turning a partition of the symbol graph into stored communities: which stored community
// (id, uid) each cluster continues, the uid of a new one, and every label and size.
//
// uid stability rule:
//  1. A cluster continues a stored community when their Jaccard overlap (shared members over
//     members of either, counting symbols present now) is at least 0.5. Pairs are taken greedily
//     by decreasing overlap (ties: lower cluster index, then lower stored id), one to one. The
//     continuing cluster keeps the stored id and uid.
//  2. Any other cluster gets a new uid derived from its most central member:
//     `community:<that member's symbol uid>` (`#2`, `#3` appended if taken). Symbol uids are
//     stable, so a full re-index of the same tree gives the same community uids.
// A cluster of one symbol (most of them are symbols without any resolved edge: 2.1 million of
// the kernel's 4.2 million) is no community: it gets no uid, no label and no row, and its symbol
// keeps community id 0 (symbol_context shows `community: null`). Storing them cost the kernel's
// analytics ~1 GB and half of their write time, and told an agent nothing.
// Label: the dominant folder of the members (most members; ties: shortest, then smallest path),
// then up to three distinct names of the most central members: `src/auth: AuthService, login`.
// Deterministic; no threads.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "codegraph/graph/symbol_graph.h"

namespace cg::graph {

inline constexpr double kContinuityJaccard = 0.5;
inline constexpr uint32_t kMinCommunitySize = 2;

// A cluster of the new partition, resolved against the stored communities.
struct ResolvedCommunity {
  int64_t storedId = 0;  // 0 = new (or none: size 1)
  std::string uid;
  std::string label;
  uint32_t size = 0;
  bool isCommunity() const { return size >= kMinCommunitySize; }
};

struct CommunityAssignment {
  std::vector<ResolvedCommunity> clusters;
  std::vector<uint32_t> clusterOf;  // per node
  bool interrupted = false;  // `stop` said so: the assignment is incomplete, not to be used
};

// `cluster`: per node, 0..count-1. `score`: per node, the centrality used to pick members for the
// label and the uid. `stored`: the stored communities; a node's stored membership is its
// GraphNode::communityId. `keepSettledLabels` (refreshes): a community whose members are exactly
// the stored ones keeps its stored label instead of recomputing it from shifted scores. `stop`
// is asked between steps and every 64k communities (seconds of work on the kernel's 2 million):
// when it says so, the result is marked interrupted.
CommunityAssignment resolveCommunities(const SymbolGraph& graph, const std::vector<uint32_t>& cluster,
                                       uint32_t count, const std::vector<double>& score,
                                       const std::vector<model::Community>& stored,
                                       bool keepSettledLabels = false,
                                       const std::function<bool()>& stop = {});

// Label of a set of members (node indices), most central first as `score` says.
std::string communityLabel(const SymbolGraph& graph, const std::vector<uint32_t>& members,
                           const std::vector<double>& score);

}  // namespace cg::graph
