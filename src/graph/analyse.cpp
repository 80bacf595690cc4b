#include "codegraph/graph/analyse.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

#include "codegraph/graph/communities.h"
#include "codegraph/graph/doc_links.h"
#include "codegraph/graph/louvain.h"
#include "codegraph/graph/pagerank.h"

namespace cg::graph {
namespace {

using Clock = std::chrono::steady_clock;
constexpr double kCentralityEpsilon = 0.002;
constexpr uint32_t kUnassigned = UINT32_MAX;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Keeps stored communities; places new symbols by their neighbours. Returns the cluster count.
uint32_t keepCommunities(const SymbolGraph& g, const std::unordered_set<int64_t>& storedIds,
                         std::vector<uint32_t>& cluster, const std::function<bool()>& stop,
                         bool& stopped) {
  auto asked = [&](uint32_t i) { return (i & 0xFFFF) == 0 && stop && (stopped = stop()); };
  const auto n = static_cast<uint32_t>(g.nodes.size());
  cluster.assign(n, kUnassigned);
  std::unordered_map<int64_t, uint32_t> clusterOfStored;
  uint32_t count = 0;
  for (uint32_t i = 0; i < n; ++i) {
    if (asked(i)) return 0;
    int64_t id = g.nodes[i]->communityId;
    if (id == 0 || !storedIds.count(id)) continue;
    auto [it, inserted] = clusterOfStored.emplace(id, count);
    if (inserted) ++count;
    cluster[i] = it->second;
  }
  // New symbols join the neighbours' weighted majority; a few sweeps let chains of new symbols
  // reach a stored community.
  std::unordered_map<uint32_t, double> votes;
  for (int sweep = 0; sweep < 3; ++sweep) {
    bool changed = false;
    for (uint32_t i = 0; i < n; ++i) {
      if (asked(i)) return 0;
      if (cluster[i] != kUnassigned) continue;
      votes.clear();
      for (uint32_t a = g.adj.begin[i]; a < g.adj.begin[i + 1]; ++a)
        if (uint32_t c = cluster[g.adj.arcs[a].to]; c != kUnassigned) votes[c] += g.adj.arcs[a].weight;
      uint32_t best = kUnassigned;
      double bestWeight = 0;
      for (const auto& [c, w] : votes)
        if (w > bestWeight || (w == bestWeight && c < best)) best = c, bestWeight = w;
      if (best != kUnassigned) cluster[i] = best, changed = true;
    }
    if (!changed) break;
  }
  // The rest: each connected group of new symbols is a new cluster.
  std::vector<uint32_t> stack;
  for (uint32_t i = 0; i < n; ++i) {
    if (cluster[i] != kUnassigned) continue;
    const uint32_t c = count++;
    cluster[i] = c;
    stack.push_back(i);
    while (!stack.empty()) {
      uint32_t v = stack.back();
      stack.pop_back();
      for (uint32_t a = g.adj.begin[v]; a < g.adj.begin[v + 1]; ++a)
        if (uint32_t t = g.adj.arcs[a].to; cluster[t] == kUnassigned) cluster[t] = c, stack.push_back(t);
    }
  }
  return count;
}

// PageRank over the directed view: warm-started from the stored scores when incremental and
// some symbol has one (a new symbol starts as an average one; tolerance 1e-6, at most 40
// iterations), else from a uniform start until converged. The warm start is freed on return.
PageRankResult centralityScores(const SymbolGraph& g, const AnalyseOptions& options) {
  const auto n = static_cast<uint32_t>(g.nodes.size());
  std::vector<double> warm;
  PageRankOptions pr;
  if (options.incremental) {
    double known = 0;
    uint32_t knownCount = 0;
    for (const auto* node : g.nodes)
      if (node->pagerank > 0) known += node->pagerank, ++knownCount;
    if (knownCount > 0) {
      const double fill = known / knownCount;  // a new symbol starts as an average one
      warm.reserve(n);
      for (const auto* node : g.nodes) warm.push_back(node->pagerank > 0 ? node->pagerank : fill);
      pr.tolerance = 1e-6;
      pr.maxIterations = 40;
    }
  }
  pr.stop = options.interrupted;
  return pageRank(g.out, warm, pr);
}

// `previous` plus the share of symbols added or removed since the last run. Added: symbols not
// analysed before, or whose community is gone; a symbol analysed before without a community (a
// cluster of one: it has a PageRank score) is neither added nor kept. Removed: the stored
// communities' members not kept. Fills `storedIds` with the stored communities' ids.
double communityDrift(const SymbolGraph& g, const model::GraphSnapshot& snapshot, double previous,
                      std::unordered_set<int64_t>& storedIds) {
  const auto n = static_cast<uint32_t>(g.nodes.size());
  uint64_t storedMembers = 0;
  for (const auto& c : snapshot.communities) storedIds.insert(c.id), storedMembers += c.size;
  uint64_t added = 0, kept = 0;
  for (const auto* node : g.nodes) {
    if (node->communityId != 0 && storedIds.count(node->communityId)) ++kept;
    else if (node->communityId != 0 || node->pagerank == 0) ++added;
  }
  const uint64_t removed = storedMembers > kept ? storedMembers - kept : 0;
  return previous + static_cast<double>(added + removed) / std::max<uint32_t>(n, 1);
}

// Runs Louvain from scratch (bounded by the deadline when incremental) and records it in
// `report`. When it completes, or in full mode, its communities are `cluster` and `count`, with
// their modularity, and the drift starts again from 0; otherwise they are left as they are.
void louvainCommunities(const SymbolGraph& g, const AnalyseOptions& options, AnalyseReport& report,
                        std::vector<uint32_t>& cluster, uint32_t& count) {
  LouvainOptions lo;
  if (options.incremental) lo.deadline = options.deadline;
  lo.stop = options.interrupted;
  auto lv = louvain(g.adj, lo);
  report.louvainRan = true;
  report.louvainComplete = lv.complete;
  if (lv.complete || !options.incremental) {
    cluster = std::move(lv.community);
    count = lv.count;
    report.modularity = lv.modularity;
    report.drift = 0;
  }
}

// The complexity percentile of each callable among the callables (hasComplexityRank); 0 for
// the other symbols.
std::vector<double> complexityRanks(const SymbolGraph& g) {
  const auto n = static_cast<uint32_t>(g.nodes.size());
  std::vector<uint32_t> callables;
  std::vector<double> complexity;
  for (uint32_t i = 0; i < n; ++i)
    if (hasComplexityRank(g.nodes[i]->kind)) callables.push_back(i), complexity.push_back(g.nodes[i]->complexity);
  std::vector<double> complexityRank(n, 0);
  auto cr = percentileRanks(complexity);
  for (size_t k = 0; k < callables.size(); ++k) complexityRank[callables[k]] = cr[k];
  return complexityRank;
}

// Adds to `up` the communities that are new, changed (uid, label or size) or gone against the
// stored ones, moving the clusters' strings into it; `clusters` is left empty. Returns each
// cluster's community id: the stored id, -k for the k-th new one, 0 for a cluster too small to
// be a community.
std::vector<int64_t> communityChanges(std::vector<ResolvedCommunity>& clusters, uint32_t count,
                                      const std::vector<model::Community>& stored, model::AnalyticsUpdate& up) {
  std::vector<int64_t> idOfCluster(count, 0);
  std::unordered_set<int64_t> continued;
  std::unordered_map<int64_t, const model::Community*> storedById;
  for (const auto& s : stored) storedById.emplace(s.id, &s);
  for (uint32_t c = 0; c < count; ++c) {
    auto& rc = clusters[c];  // its strings are moved into the update, not copied
    if (!rc.isCommunity()) continue;  // its symbol keeps community id 0
    if (rc.storedId == 0) {
      up.newCommunities.push_back(model::Community{0, std::move(rc.uid), std::move(rc.label), rc.size});
      idOfCluster[c] = -static_cast<int64_t>(up.newCommunities.size());
      continue;
    }
    idOfCluster[c] = rc.storedId;
    continued.insert(rc.storedId);
    const model::Community& s = *storedById.at(rc.storedId);
    if (s.uid != rc.uid || s.label != rc.label || s.size != rc.size)
      up.changedCommunities.push_back(model::Community{rc.storedId, std::move(rc.uid), std::move(rc.label), rc.size});
  }
  clusters = {};
  for (const auto& s : stored)
    if (!continued.count(s.id)) up.removedCommunities.push_back(s.id);
  return idOfCluster;
}

// Adds to `up.symbols` the rows that differ from the stored ones: a changed community, a
// centrality or complexity percentile that moves (by more than kCentralityEpsilon when
// incremental), a changed PageRank score (full mode), or no PageRank score before.
void symbolChanges(const SymbolGraph& g, const std::vector<double>& scores, const std::vector<double>& centrality,
                   const std::vector<int64_t>& idOfCluster, const std::vector<uint32_t>& clusterOf,
                   const std::vector<double>& complexityRank, bool incremental, model::AnalyticsUpdate& up) {
  const auto n = static_cast<uint32_t>(g.nodes.size());
  const double eps = incremental ? kCentralityEpsilon : 0.0;
  if (!incremental) up.symbols.reserve(n);  // every row changes
  for (uint32_t i = 0; i < n; ++i) {
    const auto* node = g.nodes[i];
    model::SymbolAnalytics row{node->id, scores[i], centrality[i], idOfCluster[clusterOf[i]], complexityRank[i]};
    bool changed = row.communityId != node->communityId || std::fabs(row.centrality - node->centrality) > eps ||
                   std::fabs(row.complexityRank - node->complexityRank) > eps ||
                   (!incremental && row.pagerank != node->pagerank) || node->pagerank == 0;
    if (changed) up.symbols.push_back(row);
  }
}

// Adds to `up` the document links found that are not stored and the stored ones no longer
// found. Returns how many are found.
size_t docLinkChanges(const model::GraphSnapshot& snapshot, model::AnalyticsUpdate& up) {
  auto links = linkDocuments(snapshot.nodes, snapshot.mentions);
  std::vector<model::DocLink> stored(snapshot.docLinks);
  std::sort(stored.begin(), stored.end());
  std::set_difference(links.begin(), links.end(), stored.begin(), stored.end(), std::back_inserter(up.addedLinks));
  std::set_difference(stored.begin(), stored.end(), links.begin(), links.end(), std::back_inserter(up.removedLinks));
  return links.size();
}

}  // namespace

bool hasComplexityRank(model::SymbolKind kind) {
  return kind == model::SymbolKind::kFunction || kind == model::SymbolKind::kMethod ||
         kind == model::SymbolKind::kConstructor;
}

AnalyseReport analyse(const model::GraphSnapshot& snapshot, const AnalyseOptions& options) {
  AnalyseReport report;
  auto t = Clock::now();
  SymbolGraph g = buildSymbolGraph(snapshot, options.interrupted, options.edgesRead);
  const auto n = static_cast<uint32_t>(g.nodes.size());
  report.buildSeconds = since(t);
  if (g.interrupted) {
    report.interrupted = true;
    return report;
  }
  auto stop = [&] { return options.interrupted && (report.interrupted = options.interrupted()); };
  if (stop()) return report;

  // ---- centrality ----
  t = Clock::now();
  auto ranks = centralityScores(g, options);
  if (ranks.interrupted) {
    report.interrupted = true;
    return report;
  }
  // The directed view is PageRank's alone (centralityScores frees the warm start): freeing it
  // here keeps it out of the communities step, where the analytics' memory peaks (on the kernel
  // ~130 MB less).
  g.out = Adjacency{};
  report.pagerankIterations = ranks.iterations;
  report.pagerankConverged = ranks.converged;
  const std::vector<double> centrality = percentileRanks(ranks.scores);
  report.pagerankSeconds = since(t);
  if (stop()) return report;

  // ---- communities ----
  t = Clock::now();
  std::unordered_set<int64_t> storedIds;
  report.drift = communityDrift(g, snapshot, options.previousDrift, storedIds);
  std::vector<uint32_t> cluster;
  uint32_t count = 0;
  const bool wantLouvain = !options.incremental || snapshot.communities.empty() ||
                           report.drift >= options.fullCommunityDrift;
  if (wantLouvain) louvainCommunities(g, options, report, cluster, count);
  if (stop()) return report;
  if (cluster.size() != n) {
    bool stopped = false;
    count = keepCommunities(g, storedIds, cluster, options.interrupted, stopped);
    if (stopped) {
      report.interrupted = true;
      return report;
    }
  }
  if (stop()) return report;
  auto assignment = resolveCommunities(g, cluster, count, ranks.scores, snapshot.communities,
                                       options.incremental, stop);
  if (assignment.interrupted) return report;
  report.communities = static_cast<uint32_t>(std::count_if(
      assignment.clusters.begin(), assignment.clusters.end(),
      [](const ResolvedCommunity& rc) { return rc.isCommunity(); }));
  report.communitySeconds = since(t);
  if (stop()) return report;
  // The arcs are not needed any more (only the nodes are): on the kernel they are ~300 MB that
  // would otherwise sit under the update built below.
  g.adj = Adjacency{};

  // ---- complexity, documents, and the difference to what is stored ----
  t = Clock::now();
  const std::vector<double> complexityRank = complexityRanks(g);
  const std::vector<int64_t> idOfCluster =
      communityChanges(assignment.clusters, count, snapshot.communities, report.update);
  symbolChanges(g, ranks.scores, centrality, idOfCluster, assignment.clusterOf, complexityRank,
                options.incremental, report.update);
  report.docLinks = docLinkChanges(snapshot, report.update);
  report.otherSeconds = since(t);
  return report;
}

}  // namespace cg::graph
