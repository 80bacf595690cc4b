// analyse(): complexity percentiles, update differences, incremental vs full consistency.
#include <gtest/gtest.h>

#include <map>

#include "codegraph/graph/analyse.h"
#include "snapshot_builder.h"

namespace cg::graph {
namespace {

using testing::SnapshotBuilder;

std::map<int64_t, model::SymbolAnalytics> byId(const AnalyseReport& r) {
  std::map<int64_t, model::SymbolAnalytics> out;
  for (const auto& s : r.update.symbols) out[s.id] = s;
  return out;
}

TEST(Analyse, ComplexityPercentileAmongCallablesOnly) {
  SnapshotBuilder b;
  int64_t simple = b.node("simple");
  b.snapshot().nodes.back().complexity = 1;
  int64_t medium = b.node("medium", "a.go", model::SymbolKind::kMethod);
  b.snapshot().nodes.back().complexity = 4;
  int64_t hard = b.node("hard", "a.go", model::SymbolKind::kConstructor);
  b.snapshot().nodes.back().complexity = 12;
  int64_t type = b.node("Type", "a.go", model::SymbolKind::kStruct);
  b.snapshot().nodes.back().complexity = 50;  // not a callable: no rank
  auto r = byId(analyse(b.snapshot(), {}));
  EXPECT_DOUBLE_EQ(r.at(simple).complexityRank, 0.0);
  EXPECT_DOUBLE_EQ(r.at(medium).complexityRank, 0.5);
  EXPECT_DOUBLE_EQ(r.at(hard).complexityRank, 1.0);
  EXPECT_DOUBLE_EQ(r.at(type).complexityRank, 0.0);
}

TEST(Analyse, NothingChangedMeansAnEmptyUpdate) {
  SnapshotBuilder b;
  std::vector<int64_t> ids;
  for (int i = 0; i < 30; ++i) ids.push_back(b.node("fn" + std::to_string(i), "d" + std::to_string(i % 3) + "/f.go"));
  for (int i = 0; i < 30; ++i) b.edge(ids[i], ids[(i * 11 + 5) % 30]), b.edge(ids[i], ids[i / 3]);
  auto& snap = b.snapshot();
  auto first = analyse(snap, {});
  ASSERT_EQ(first.update.symbols.size(), 30u);
  // Store it.
  auto rows = byId(first);
  int64_t next = 0;
  for (auto& c : first.update.newCommunities) snap.communities.push_back(c), snap.communities.back().id = ++next;
  for (auto& n : snap.nodes) {
    const auto& s = rows.at(n.id);
    n.pagerank = s.pagerank, n.centrality = s.centrality, n.complexityRank = s.complexityRank;
    n.communityId = -s.communityId;
  }
  EXPECT_TRUE(analyse(snap, {}).update.empty());
  AnalyseOptions inc;
  inc.incremental = true;
  auto again = analyse(snap, inc);
  EXPECT_TRUE(again.update.empty());
  EXPECT_LE(again.pagerankIterations, 2u);

  // A new symbol: incremental centrality stays within the write tolerance of a full computation.
  int64_t extra = b.node("extra", "d1/g.go");
  b.edge(ids[3], extra);
  b.edge(extra, ids[7]);
  model::GraphSnapshot fresh = snap;  // as a new index would see it: nothing stored
  fresh.communities.clear();
  for (auto& n : fresh.nodes) n.pagerank = n.centrality = n.complexityRank = 0, n.communityId = 0;
  auto full = byId(analyse(fresh, {}));
  auto step = analyse(snap, inc);
  auto incremental = byId(step);
  ASSERT_TRUE(incremental.count(extra));
  for (const auto& n : snap.nodes) {
    double stored = incremental.count(n.id) ? incremental.at(n.id).centrality : n.centrality;
    EXPECT_NEAR(stored, full.at(n.id).centrality, 0.05) << n.uid();
  }
  EXPECT_NEAR(incremental.at(extra).centrality, full.at(extra).centrality, 1e-9);
}

}  // namespace
}  // namespace cg::graph
