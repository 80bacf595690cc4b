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

// Stores a full run's result in the snapshot, as the writer would (new communities get ids 1..).
void store(model::GraphSnapshot& snap, const AnalyseReport& r) {
  auto rows = byId(r);
  int64_t next = 0;
  for (auto& c : r.update.newCommunities) snap.communities.push_back(c), snap.communities.back().id = ++next;
  for (auto& n : snap.nodes) {
    if (!rows.count(n.id)) continue;
    const auto& s = rows.at(n.id);
    n.pagerank = s.pagerank, n.centrality = s.centrality, n.complexityRank = s.complexityRank;
    n.communityId = -s.communityId;
  }
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

TEST(Analyse, ASymbolAloneIsInNoCommunityAndIsNoDriftLater) {
  SnapshotBuilder b;
  std::vector<int64_t> a, c, alone;
  for (int i = 0; i < 4; ++i) a.push_back(b.node("a" + std::to_string(i), "a/x.go"));
  for (int i = 0; i < 4; ++i) c.push_back(b.node("c" + std::to_string(i), "c/y.go"));
  for (auto* group : {&a, &c})
    for (size_t i = 0; i < group->size(); ++i)
      for (size_t j = i + 1; j < group->size(); ++j) b.edge((*group)[i], (*group)[j]);
  for (int i = 0; i < 6; ++i) alone.push_back(b.node("alone" + std::to_string(i), "z/z.go"));
  auto& snap = b.snapshot();
  auto first = analyse(snap, {});
  EXPECT_EQ(first.communities, 2u);
  ASSERT_EQ(first.update.newCommunities.size(), 2u);
  for (const auto& cm : first.update.newCommunities) EXPECT_EQ(cm.size, 4u) << cm.label;
  auto rows = byId(first);
  for (int64_t id : alone) {
    EXPECT_EQ(rows.at(id).communityId, 0) << id;
    EXPECT_GT(rows.at(id).pagerank, 0) << id;
  }
  for (int64_t id : a) EXPECT_LT(rows.at(id).communityId, 0) << id;
  store(snap, first);

  // Six of fourteen symbols have no community: that is not drift (0.43 would recompute).
  AnalyseOptions inc;
  inc.incremental = true;
  auto again = analyse(snap, inc);
  EXPECT_EQ(again.drift, 0.0);
  EXPECT_FALSE(again.louvainRan);
  EXPECT_TRUE(again.update.empty());

  // A symbol alone that gains a neighbour joins its community; the others stay without one.
  b.edge(alone[0], a[1]);
  auto joined = analyse(snap, inc);
  EXPECT_FALSE(joined.louvainRan);
  auto joinedRows = byId(joined);
  ASSERT_TRUE(joinedRows.count(alone[0]));
  EXPECT_EQ(joinedRows.at(alone[0]).communityId, snap.nodes[a[1] - 1].communityId);
  for (size_t i = 1; i < alone.size(); ++i)
    if (joinedRows.count(alone[i])) {
      EXPECT_EQ(joinedRows.at(alone[i]).communityId, 0);
    }

  // A community whose members all end up alone is removed, not continued by one of them.
  SnapshotBuilder p;
  int64_t x = p.node("x"), y = p.node("y");
  p.edge(x, y);
  auto paired = analyse(p.snapshot(), {});
  ASSERT_EQ(paired.update.newCommunities.size(), 1u);
  store(p.snapshot(), paired);
  p.snapshot().edges.clear();
  auto split = analyse(p.snapshot(), {});
  EXPECT_EQ(split.communities, 0u);
  EXPECT_EQ(split.update.removedCommunities, (std::vector<int64_t>{1}));
  EXPECT_TRUE(split.update.newCommunities.empty());
  for (const auto& s : split.update.symbols) EXPECT_EQ(s.communityId, 0);
  EXPECT_EQ(split.update.symbols.size(), 2u);
}

}  // namespace
}  // namespace cg::graph
