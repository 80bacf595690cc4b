// The analyse phase inside indexRepository: analytics stored after a full index, kept consistent
// by refreshes, document links by the rule of docs/CONTRACT.md §4, git history stored and refreshed when HEAD moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "codegraph/indexer/indexer.h"
#include "codegraph/store/database.h"
#include "codegraph/store/dump.h"
#include "indexer/analytics_phase.h"
#include "temp_tree.h"

namespace cg::indexer {
namespace {

using testing::TempTree;

struct Indexed {
  std::unique_ptr<store::Database> db;
  std::vector<std::string> lines;  // dumpAnalytics
};

Indexed indexTree(const std::filesystem::path& root, const std::filesystem::path& dbPath,
                  std::unique_ptr<store::Database> db = nullptr) {
  Indexed out;
  if (!db) {
    std::filesystem::create_directories(dbPath.parent_path());
    store::OpenOptions o;
    o.path = dbPath;
    auto opened = store::Database::open(o);
    EXPECT_TRUE(opened.ok());
    db = std::move(*opened);
  }
  IndexOptions io;
  io.root = root;
  io.threads = 2;
  auto summary = indexRepository(*db, io);
  EXPECT_TRUE(summary.ok()) << (summary.ok() ? "" : summary.error().message);
  auto lines = store::dumpAnalytics(*db);
  EXPECT_TRUE(lines.ok());
  out.lines = lines ? *lines : std::vector<std::string>{};
  out.db = std::move(db);
  return out;
}

std::vector<std::string> withPrefix(const std::vector<std::string>& lines, const std::string& prefix) {
  std::vector<std::string> out;
  for (const auto& l : lines)
    if (l.rfind(prefix, 0) == 0) out.push_back(l);
  return out;
}

void writeRepo(const TempTree& t) {
  t.write("auth/service.py",
          "from store.db import save\n\n"
          "class AuthService:\n"
          "    def login(self, user):\n"
          "        if user:\n"
          "            return validate_token(user)\n"
          "        return save(user)\n\n"
          "def validate_token(token):\n"
          "    return save(token)\n");
  t.write("store/db.py",
          "def save(row):\n"
          "    return connect(row)\n\n"
          "def connect(row):\n"
          "    return row\n");
  t.write("other.py", "def login():\n    return 1\n\ndef run():\n    return 2\n");
  for (int i = 0; i < 4; ++i) t.write("h" + std::to_string(i) + ".py", "def handle():\n    return 0\n");
  t.write("README.md",
          "# Guide\n\nCall `AuthService.login`, then `run`, `handle` and `login`.\n\n```python\nvalidate_token(x)\n```\n");
}

// Every stored community has at least two members and its stored size is the member count.
// Returns the symbols without a community (each a cluster of one, which is no community).
std::vector<std::string> expectConsistentCommunities(const std::vector<std::string>& lines) {
  std::map<std::string, int> members;
  std::vector<std::string> alone;
  for (const auto& l : withPrefix(lines, "member ")) {
    std::string community = l.substr(l.rfind(' ') + 1);
    if (community == "<none>") {
      alone.push_back(l.substr(7, l.rfind(' ') - 7));
      continue;
    }
    ++members[community];
  }
  auto rows = withPrefix(lines, "community ");
  EXPECT_EQ(rows.size(), members.size());
  for (const auto& l : rows) {
    std::string rest = l.substr(10);
    std::string uid = rest.substr(0, rest.find(' '));
    int size = std::atoi(rest.substr(uid.size() + 1).c_str());
    EXPECT_EQ(size, members[uid]) << l;
    EXPECT_GE(size, 2) << l;
  }
  return alone;
}

TEST(AnalyticsPipeline, FullIndexStoresCentralityCommunitiesAndDocumentLinks) {
  TempTree t;
  writeRepo(t);
  auto r = indexTree(t.root(), t.path(".db/index.db"));
  // The symbols without any resolved edge are in no community.
  EXPECT_EQ(expectConsistentCommunities(r.lines),
            (std::vector<std::string>{"h0.py::handle::function", "h1.py::handle::function",
                                      "h2.py::handle::function", "h3.py::handle::function",
                                      "other.py::login::function", "other.py::run::function"}));
  // `run` is too short; `login` (two definitions) links both; `handle` (four) links none.
  EXPECT_EQ(withPrefix(r.lines, "doclink "),
            (std::vector<std::string>{"doclink README.md -> auth/service.py::AuthService.login::method",
                                      "doclink README.md -> auth/service.py::AuthService::class",
                                      "doclink README.md -> auth/service.py::validate_token::function",
                                      "doclink README.md -> other.py::login::function"}));
  // save is called from two places and calls connect: connect and save lead.
  auto top = withPrefix(r.lines, "centrality store/db.py::connect::function ");
  ASSERT_EQ(top.size(), 1u);
  EXPECT_NE(top[0].find(" 1.000 complexity"), std::string::npos) << top[0];
  EXPECT_TRUE(withPrefix(r.lines, "history ").empty());  // not a git repository
  // login has a branch: the most complex callable.
  EXPECT_EQ(withPrefix(r.lines, "centrality auth/service.py::AuthService.login::method ").at(0).substr(
                withPrefix(r.lines, "centrality auth/service.py::AuthService.login::method ").at(0).size() - 5),
            "1.000");
}

TEST(AnalyticsPipeline, RefreshKeepsAnalyticsConsistentWithAFullIndex) {
  TempTree t;
  writeRepo(t);
  auto r = indexTree(t.root(), t.path(".db/a.db"));
  auto before = withPrefix(r.lines, "community ");

  // A refresh that changes nothing does not run the analytics.
  ASSERT_TRUE(r.db->setMeta("analytics_at", "0").ok());
  r = indexTree(t.root(), {}, std::move(r.db));
  EXPECT_EQ(*r.db->meta("analytics_at"), "0");

  t.write("store/db.py",
          "def save(row):\n    return connect(row)\n\n"
          "def connect(row):\n    return pool(row)\n\n"
          "def pool(row):\n    return row\n");
  t.write("README.md", "# Guide\n\nNow `pool` and `connect`.\n");
  r = indexTree(t.root(), {}, std::move(r.db));
  EXPECT_NE(*r.db->meta("analytics_at"), "0");
  expectConsistentCommunities(r.lines);
  auto fresh = indexTree(t.root(), t.path(".db/b.db"));
  // Links and complexity are exact; the new symbol is ranked like in a full index.
  EXPECT_EQ(withPrefix(r.lines, "doclink "), withPrefix(fresh.lines, "doclink "));
  EXPECT_EQ(withPrefix(r.lines, "doclink "),
            (std::vector<std::string>{"doclink README.md -> store/db.py::connect::function",
                                      "doclink README.md -> store/db.py::pool::function"}));
  EXPECT_EQ(withPrefix(r.lines, "centrality store/db.py::pool::function "),
            withPrefix(fresh.lines, "centrality store/db.py::pool::function "));
  // Communities that barely changed kept their uids.
  std::set<std::string> uidsBefore, uidsAfter;
  for (const auto& l : before) uidsBefore.insert(l.substr(10, l.find(' ', 10) - 10));
  for (const auto& l : withPrefix(r.lines, "community ")) uidsAfter.insert(l.substr(10, l.find(' ', 10) - 10));
  std::vector<std::string> kept;
  std::set_intersection(uidsBefore.begin(), uidsBefore.end(), uidsAfter.begin(), uidsAfter.end(),
                        std::back_inserter(kept));
  EXPECT_GE(kept.size(), uidsBefore.size() - 1);
}

TEST(AnalyticsPipeline, SameTreeGivesTheSameAnalytics) {
  TempTree t;
  writeRepo(t);
  auto a = indexTree(t.root(), t.path(".db/a.db"));
  auto b = indexTree(t.root(), t.path(".db/b.db"));
  EXPECT_EQ(a.lines, b.lines);
}

// A full index computes its analytics on a connection and thread of their own
// (AnalyticsInBackground) while its last indexes are built; they come out as computed inline,
// and one abandoned before finish() stops and writes nothing.
TEST(AnalyticsPipeline, AnalyticsComputedInTheBackgroundEqualTheInlineOnes) {
  TempTree t;
  writeRepo(t);
  auto r = indexTree(t.root(), t.path(".db/index.db"));
  const auto dbPath = t.path(".db/index.db");
  auto forget = [&] {
    ASSERT_TRUE(r.db->exec("UPDATE symbols SET pagerank = 0, centrality = 0, community_id = 0, "
                           "complexity_rank = 0; DELETE FROM communities; DELETE FROM doc_links; "
                           "UPDATE meta SET value = 'none' WHERE key = 'analytics_at'").ok());
  };
  forget();
  { AnalyticsInBackground abandoned(dbPath, std::chrono::seconds(60)); }
  EXPECT_EQ(*r.db->meta("analytics_at"), "none");
  EXPECT_TRUE(withPrefix(*store::dumpAnalytics(*r.db), "community ").empty());

  AnalyticsInBackground background(dbPath, std::chrono::seconds(60));
  auto run = background.finish(*r.db, std::chrono::seconds(60));
  ASSERT_TRUE(run.ok()) << run.error().message;
  EXPECT_NE(*r.db->meta("analytics_at"), "none");
  EXPECT_EQ(*store::dumpAnalytics(*r.db), r.lines);

  forget();
  auto inlineRun = runGraphAnalytics(*r.db, false, std::chrono::seconds(60));
  ASSERT_TRUE(inlineRun.ok()) << inlineRun.error().message;
  EXPECT_EQ(*store::dumpAnalytics(*r.db), r.lines);

  // Its own connection cannot open: the writer's connection computes them instead.
  forget();
  AnalyticsInBackground unopened(t.path(".db/no-such-dir/index.db"), std::chrono::seconds(60));
  auto fallback = unopened.finish(*r.db, std::chrono::seconds(60));
  ASSERT_TRUE(fallback.ok()) << fallback.error().message;
  EXPECT_EQ(*store::dumpAnalytics(*r.db), r.lines);
}

TEST(AnalyticsPipeline, GitHistoryIsStoredAndFollowsHead) {
  TempTree t;
  writeRepo(t);
  t.write(".gitignore", ".db/\n");
  ASSERT_TRUE(t.sh("git init -q && git add -A && git -c user.name=t -c user.email=t@e -c commit.gpgsign=false "
                   "commit -q -m first"));
  auto r = indexTree(t.root(), t.path(".db/index.db"));
  auto history = withPrefix(r.lines, "history store/db.py ");
  ASSERT_EQ(history.size(), 1u);
  EXPECT_NE(history[0].find(" 1 "), std::string::npos) << history[0];
  EXPECT_EQ(history[0].back(), '1');

  t.write("store/db.py", "def save(row):\n    return row\n");
  ASSERT_TRUE(t.sh("git -c user.name=t -c user.email=t@e -c commit.gpgsign=false commit -qam second"));
  r = indexTree(t.root(), {}, std::move(r.db));
  history = withPrefix(r.lines, "history store/db.py ");
  ASSERT_EQ(history.size(), 1u);
  EXPECT_NE(history[0].find(" 2 "), std::string::npos) << history[0];
  EXPECT_EQ(history[0].back(), '2');
  EXPECT_EQ(withPrefix(r.lines, "history other.py ").at(0).back(), '1');
}

}  // namespace
}  // namespace cg::indexer
