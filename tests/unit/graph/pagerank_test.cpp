// PageRank and percentile ranks on graphs whose answer is known by hand.
#include <gtest/gtest.h>

#include <numeric>

#include "codegraph/graph/pagerank.h"
#include "snapshot_builder.h"

namespace cg::graph {
namespace {

using testing::SnapshotBuilder;

TEST(SymbolGraph, AStopWhileBuildingLeavesItMarkedInterrupted) {
  SnapshotBuilder b;
  int64_t hub = b.node("hub");
  for (int i = 0; i < 6; ++i) b.edge(b.node("leaf" + std::to_string(i)), hub);
  int asked = 0;
  auto cut = buildSymbolGraph(b.snapshot(), [&] { return ++asked >= 2; });
  EXPECT_TRUE(cut.interrupted);
  auto whole = buildSymbolGraph(b.snapshot(), [] { return false; });
  EXPECT_FALSE(whole.interrupted);
  EXPECT_EQ(whole.out.size(), 7u);
  EXPECT_EQ(whole.out.arcs.size(), 6u);
}

TEST(PageRank, AStopBeforeAnIterationLeavesItInterrupted) {
  SnapshotBuilder b;
  int64_t hub = b.node("hub");
  for (int i = 0; i < 6; ++i) b.edge(b.node("leaf" + std::to_string(i)), hub);
  auto g = buildSymbolGraph(b.snapshot());
  PageRankOptions o;
  int asked = 0;
  o.stop = [&] { return ++asked > 3; };
  auto pr = pageRank(g.out, {}, o);
  EXPECT_TRUE(pr.interrupted);
  EXPECT_EQ(pr.iterations, 3u);
  o.stop = [] { return false; };
  EXPECT_FALSE(pageRank(g.out, {}, o).interrupted);
}

TEST(PageRank, StarHubIsTheMostCentral) {
  SnapshotBuilder b;
  int64_t hub = b.node("hub");
  for (int i = 0; i < 6; ++i) b.edge(b.node("leaf" + std::to_string(i)), hub);
  auto g = buildSymbolGraph(b.snapshot());
  auto pr = pageRank(g.out, {});
  EXPECT_TRUE(pr.converged);
  EXPECT_NEAR(std::accumulate(pr.scores.begin(), pr.scores.end(), 0.0), 1.0, 1e-9);
  auto pct = percentileRanks(pr.scores);
  const uint32_t h = g.indexOf.at(hub);
  EXPECT_DOUBLE_EQ(pct[h], 1.0);
  for (uint32_t i = 0; i < pct.size(); ++i) {
    if (i == h) continue;
    EXPECT_GT(pr.scores[h], 3 * pr.scores[i]);
    EXPECT_DOUBLE_EQ(pct[i], 2.5 / 6.0);  // six tied leaves share the middle of ranks 0..5
  }
}

TEST(PageRank, ChainRisesTowardTheEndTheEdgesPointTo) {
  SnapshotBuilder b;
  std::vector<int64_t> ids;
  for (int i = 0; i < 5; ++i) ids.push_back(b.node("c" + std::to_string(i)));
  for (int i = 0; i + 1 < 5; ++i) b.edge(ids[i], ids[i + 1]);
  auto g = buildSymbolGraph(b.snapshot());
  auto pr = pageRank(g.out, {});
  for (int i = 0; i + 1 < 5; ++i) EXPECT_LT(pr.scores[g.indexOf.at(ids[i])], pr.scores[g.indexOf.at(ids[i + 1])]);
  auto pct = percentileRanks(pr.scores);
  EXPECT_DOUBLE_EQ(pct[g.indexOf.at(ids[4])], 1.0);
  EXPECT_DOUBLE_EQ(pct[g.indexOf.at(ids[0])], 0.0);
}

TEST(PageRank, ContainsConfersNoImportanceAndWeightsFollowKindAndConfidence) {
  SnapshotBuilder b;
  int64_t cls = b.node("Cls", "a.py", model::SymbolKind::kClass);
  int64_t called = b.node("called");
  int64_t guessed = b.node("guessed");
  int64_t caller = b.node("caller");
  b.edge(cls, caller, model::RefKind::kContains);
  b.edge(caller, called, model::RefKind::kCalls, 1.0);
  b.edge(caller, guessed, model::RefKind::kCalls, 0.5);
  auto g = buildSymbolGraph(b.snapshot());
  auto pr = pageRank(g.out, {});
  EXPECT_GT(pr.scores[g.indexOf.at(called)], pr.scores[g.indexOf.at(guessed)]);
  EXPECT_NEAR(pr.scores[g.indexOf.at(caller)], pr.scores[g.indexOf.at(cls)], 1e-12);
}

TEST(PageRank, WarmStartConvergesToTheSameScoresFaster) {
  SnapshotBuilder b;
  std::vector<int64_t> ids;
  for (int i = 0; i < 40; ++i) ids.push_back(b.node("n" + std::to_string(i)));
  for (int i = 0; i < 40; ++i) {
    b.edge(ids[i], ids[(i * 7 + 3) % 40]);
    b.edge(ids[i], ids[(i * 13 + 1) % 40]);
    b.edge(ids[i], ids[i / 4]);  // uneven in-degrees: the uniform start is far off
  }
  auto g = buildSymbolGraph(b.snapshot());
  auto cold = pageRank(g.out, {});
  auto warm = pageRank(g.out, cold.scores);
  EXPECT_LT(warm.iterations, cold.iterations);
  for (size_t i = 0; i < cold.scores.size(); ++i) EXPECT_NEAR(warm.scores[i], cold.scores[i], 1e-7);
}

TEST(PercentileRanks, EdgeCases) {
  EXPECT_EQ(percentileRanks({}), std::vector<double>{});
  EXPECT_EQ(percentileRanks({0.3}), std::vector<double>{1.0});
  EXPECT_EQ(percentileRanks({0.1, 0.3, 0.2}), (std::vector<double>{0.0, 1.0, 0.5}));
  EXPECT_EQ(percentileRanks({0.2, 0.2}), (std::vector<double>{0.5, 0.5}));
}

}  // namespace
}  // namespace cg::graph
