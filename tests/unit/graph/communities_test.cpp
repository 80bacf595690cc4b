// Louvain on graphs with obvious clusters, determinism, uid stability and labels.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

#include "codegraph/graph/analyse.h"
#include "codegraph/graph/communities.h"
#include "codegraph/graph/louvain.h"
#include "snapshot_builder.h"

namespace cg::graph {
namespace {

using testing::SnapshotBuilder;

// Two 5-cliques (folders auth/ and db/) joined by one edge a0 → b0.
void twoCliques(SnapshotBuilder& b, std::vector<int64_t>& a, std::vector<int64_t>& c) {
  for (int i = 0; i < 5; ++i) a.push_back(b.node("auth" + std::to_string(i), "src/auth/x.go"));
  for (int i = 0; i < 5; ++i) c.push_back(b.node("store" + std::to_string(i), "src/db/y.go"));
  for (auto* group : {&a, &c})
    for (size_t i = 0; i < group->size(); ++i)
      for (size_t j = i + 1; j < group->size(); ++j) b.edge((*group)[i], (*group)[j]);
  b.edge(a[0], c[0]);
}

TEST(Louvain, TwoCliquesJoinedByOneEdgeAreTwoCommunities) {
  SnapshotBuilder b;
  std::vector<int64_t> a, c;
  twoCliques(b, a, c);
  auto g = buildSymbolGraph(b.snapshot());
  auto lv = louvain(g.adj);
  EXPECT_TRUE(lv.complete);
  ASSERT_EQ(lv.count, 2u);
  for (auto id : a) EXPECT_EQ(lv.community[g.indexOf.at(id)], lv.community[g.indexOf.at(a[0])]);
  for (auto id : c) EXPECT_EQ(lv.community[g.indexOf.at(id)], lv.community[g.indexOf.at(c[0])]);
  EXPECT_NE(lv.community[g.indexOf.at(a[0])], lv.community[g.indexOf.at(c[0])]);
  EXPECT_GT(lv.modularity, 0.4);
  EXPECT_NEAR(lv.modularity, modularity(g.adj, lv.community), 1e-12);
}

TEST(Louvain, AnExpiredDeadlineStopsIt) {
  SnapshotBuilder b;
  std::vector<int64_t> a, c;
  twoCliques(b, a, c);
  auto g = buildSymbolGraph(b.snapshot());
  LouvainOptions o;
  o.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  auto lv = louvain(g.adj, o);
  EXPECT_FALSE(lv.complete);
  EXPECT_EQ(lv.community.size(), 10u);
}

TEST(Communities, ResolvingStopsWhenAskedAndSaysSo) {
  SnapshotBuilder b;
  std::vector<int64_t> a, c;
  twoCliques(b, a, c);
  auto g = buildSymbolGraph(b.snapshot());
  auto lv = louvain(g.adj);
  std::vector<double> score(g.nodes.size(), 1.0);
  auto whole = resolveCommunities(g, lv.community, lv.count, score, {}, false, [] { return false; });
  EXPECT_FALSE(whole.interrupted);
  EXPECT_EQ(whole.clusters.size(), 2u);
  int asked = 0;
  auto stopped = resolveCommunities(g, lv.community, lv.count, score, {}, false, [&] { return ++asked > 0; });
  EXPECT_TRUE(stopped.interrupted);
  EXPECT_EQ(asked, 1);
}

TEST(Analyse, AnInterruptAfterThePageRankStopsBeforeTheCommunitiesAreWritten) {
  SnapshotBuilder b;
  std::vector<int64_t> a, c;
  twoCliques(b, a, c);
  int asked = 0;
  AnalyseOptions o;
  o.interrupted = [&] { return ++asked >= 3; };  // after the graph, after PageRank, then: stop
  auto report = analyse(b.snapshot(), o);
  EXPECT_TRUE(report.interrupted);
  EXPECT_EQ(asked, 3);
}

// The full analysis of a snapshot as (symbol uid → community uid, label).
std::map<std::string, std::pair<std::string, std::string>> communitiesOf(const model::GraphSnapshot& snap) {
  auto report = analyse(snap, {});
  std::map<int64_t, std::string> uidOf;
  for (const auto& n : snap.nodes) uidOf[n.id] = n.uid();
  std::map<std::string, std::pair<std::string, std::string>> out;
  for (const auto& s : report.update.symbols) {
    EXPECT_LT(s.communityId, 0);  // nothing stored: all new
    const auto& c = report.update.newCommunities.at(static_cast<size_t>(-s.communityId - 1));
    out[uidOf[s.id]] = {c.uid, c.label};
  }
  return out;
}

TEST(Communities, DeterministicAndIndependentOfInsertionOrderAndIds) {
  SnapshotBuilder b;
  std::vector<int64_t> a, c;
  twoCliques(b, a, c);
  auto first = communitiesOf(b.snapshot());
  EXPECT_EQ(first, communitiesOf(b.snapshot()));

  // Same graph, nodes and edges listed in another order under other ids.
  model::GraphSnapshot shuffled = b.snapshot();
  std::mt19937 rng(7);
  std::map<int64_t, int64_t> newId;
  for (auto& n : shuffled.nodes) newId[n.id] = n.id * 100 + 5, n.id = newId[n.id];
  for (auto& e : shuffled.edges) e.sourceId = newId[e.sourceId], e.targetId = newId[e.targetId];
  std::shuffle(shuffled.nodes.begin(), shuffled.nodes.end(), rng);
  std::shuffle(shuffled.edges.begin(), shuffled.edges.end(), rng);
  EXPECT_EQ(first, communitiesOf(shuffled));

  ASSERT_EQ(first.size(), 10u);
  const auto& auth = first.at("src/auth/x.go::auth1::function");
  EXPECT_EQ(auth.second.rfind("src/auth: ", 0), 0u) << auth.second;
  EXPECT_EQ(auth.first.rfind("community:src/auth/x.go::auth", 0), 0u) << auth.first;
  EXPECT_EQ(first.at("src/db/y.go::store3::function").second.rfind("src/db: ", 0), 0u);
}

TEST(Communities, LabelIsDominantFolderThenThreeMostCentralDistinctNames) {
  SnapshotBuilder b;
  int64_t hub = b.node("AuthService", "src/auth/service.ts", model::SymbolKind::kClass);
  int64_t v = b.node("validateToken", "src/auth/token.ts");
  int64_t l = b.node("login", "src/auth/service.ts", model::SymbolKind::kMethod);
  int64_t o = b.node("other", "lib/other.ts");
  b.edge(v, hub);
  b.edge(l, hub);
  b.edge(o, hub);
  b.edge(l, v);
  b.edge(o, v);
  auto g = buildSymbolGraph(b.snapshot());
  std::vector<double> score(g.nodes.size(), 0);
  score[g.indexOf.at(hub)] = 0.5;
  score[g.indexOf.at(v)] = 0.3;
  score[g.indexOf.at(l)] = 0.1;
  score[g.indexOf.at(o)] = 0.05;
  std::vector<uint32_t> all = {0, 1, 2, 3};
  EXPECT_EQ(communityLabel(g, all, score), "src/auth: AuthService, validateToken, login");
  std::vector<uint32_t> one = {g.indexOf.at(o)};
  EXPECT_EQ(communityLabel(g, one, score), "lib: other");
}

// Stores a full analysis into the snapshot, as the writer would.
void store(model::GraphSnapshot& snap, const AnalyseReport& report) {
  std::map<int64_t, int64_t> idOfNew;
  int64_t next = 1000;
  for (auto& c : report.update.newCommunities) {
    snap.communities.push_back(c);
    snap.communities.back().id = ++next;
  }
  std::map<int64_t, model::SymbolAnalytics> byId;
  for (const auto& s : report.update.symbols) byId[s.id] = s;
  for (auto& n : snap.nodes) {
    auto it = byId.find(n.id);
    if (it == byId.end()) continue;
    n.pagerank = it->second.pagerank;
    n.centrality = it->second.centrality;
    n.complexityRank = it->second.complexityRank;
    n.communityId = it->second.communityId < 0 ? 1000 - it->second.communityId : it->second.communityId;
  }
}

TEST(Communities, UidsSurviveASmallChangeAndTheNewSymbolJoinsItsNeighbours) {
  SnapshotBuilder b;
  std::vector<int64_t> a, c;
  twoCliques(b, a, c);
  auto& snap = b.snapshot();
  store(snap, analyse(snap, {}));
  std::map<std::string, std::string> before;
  for (const auto& com : snap.communities) before[com.label] = com.uid;

  // A new helper called by two auth symbols; full recomputation (not incremental).
  int64_t helper = b.node("authHelper", "src/auth/z.go");
  b.edge(a[1], helper);
  b.edge(a[2], helper);
  auto full = analyse(snap, {});
  EXPECT_TRUE(full.update.newCommunities.empty());
  EXPECT_TRUE(full.update.removedCommunities.empty());
  for (const auto& s : full.update.symbols)
    if (s.id == helper) {
      EXPECT_EQ(s.communityId, snap.nodes[0].communityId);
    }

  // The same change, incrementally, below the drift that recomputes communities: the helper
  // joins the auth community by its neighbours.
  AnalyseOptions inc;
  inc.incremental = true;
  inc.fullCommunityDrift = 0.5;
  auto step = analyse(snap, inc);
  EXPECT_FALSE(step.louvainRan);
  EXPECT_NEAR(step.drift, 1.0 / 11.0, 1e-12);
  bool seen = false;
  for (const auto& s : step.update.symbols)
    if (s.id == helper) {
      seen = true;
      EXPECT_EQ(s.communityId, snap.nodes[0].communityId);
    }
  EXPECT_TRUE(seen);
  EXPECT_TRUE(step.update.newCommunities.empty());
  EXPECT_TRUE(step.update.removedCommunities.empty());

  // Past the drift threshold Louvain runs again and resets the drift; uids still hold.
  inc.fullCommunityDrift = 0.05;
  auto again = analyse(snap, inc);
  EXPECT_TRUE(again.louvainRan);
  EXPECT_TRUE(again.louvainComplete);
  EXPECT_EQ(again.drift, 0.0);
  EXPECT_TRUE(again.update.newCommunities.empty());
}

TEST(Communities, AStoredCommunityThatSplitsKeepsItsUidOnlyForTheMajorityPart) {
  SnapshotBuilder b;
  std::vector<int64_t> a, c;
  twoCliques(b, a, c);
  auto& snap = b.snapshot();
  // Pretend everything was one community before: the clusters overlap it by 5/10 each.
  snap.communities.push_back({7, "community:old", "src: everything", 10});
  for (auto& n : snap.nodes) n.communityId = 7;
  auto report = analyse(snap, {});
  // Jaccard 0.5 is enough: exactly one part keeps the uid (ties go to the lower cluster).
  EXPECT_EQ(report.update.newCommunities.size(), 1u);
  ASSERT_EQ(report.update.changedCommunities.size(), 1u);
  EXPECT_EQ(report.update.changedCommunities[0].uid, "community:old");
  EXPECT_TRUE(report.update.removedCommunities.empty());
}

}  // namespace
}  // namespace cg::graph
