// GraphCache: the serving process's in-memory graph, updated with the files each refresh changed,
// must equal a fresh read of the database after every refresh and analytics run — and the
// analytics computed from it must equal those computed from a fresh read.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <tuple>

#include "codegraph/indexer/indexer.h"
#include "codegraph/store/database.h"
#include "codegraph/store/dump.h"
#include "codegraph/store/sqlite_graph_source.h"
#include "indexer/analytics_phase.h"
#include "temp_tree.h"

namespace cg::indexer {
namespace {

using testing::TempTree;

std::unique_ptr<store::Database> openDb(const std::filesystem::path& path) {
  std::filesystem::create_directories(path.parent_path());
  store::OpenOptions o;
  o.path = path;
  auto opened = store::Database::open(o);
  EXPECT_TRUE(opened.ok());
  return opened ? std::move(*opened) : nullptr;
}

void refresh(store::Database& db, const std::filesystem::path& root) {
  IndexOptions io;
  io.root = root;
  io.threads = 1;
  io.deferAnalytics = true;
  auto summary = indexRepository(db, io);
  ASSERT_TRUE(summary.ok()) << summary.error().message;
}

// A snapshot as sorted text, so two snapshots compare regardless of row order.
std::string canonical(const model::GraphSnapshot& s) {
  std::vector<std::string> lines;
  for (const auto& n : s.nodes) {
    std::ostringstream o;
    o << "node " << n.id << ' ' << n.fileId << ' ' << n.uid() << ' ' << n.name << ' ' << n.qualifiedName() << ' '
      << n.filePath() << ' ' << static_cast<int>(n.kind) << ' ' << n.complexity << ' ' << n.isTest << ' ' << n.pagerank
      << ' ' << n.centrality << ' ' << n.communityId << ' ' << n.complexityRank;
    lines.push_back(o.str());
  }
  for (const auto& e : s.edges) {
    std::ostringstream o;
    o << "edge " << e.sourceId << ' ' << e.targetId << ' ' << static_cast<int>(e.kind) << ' ' << e.confidence << ' '
      << e.fileId;
    lines.push_back(o.str());
  }
  for (const auto& m : s.mentions) lines.push_back("mention " + std::to_string(m.docFileId) + ' ' + m.name);
  for (const auto& c : s.communities)
    lines.push_back("community " + std::to_string(c.id) + ' ' + c.uid + ' ' + c.label + ' ' + std::to_string(c.size));
  for (const auto& l : s.docLinks)
    lines.push_back("link " + std::to_string(l.symbolId) + ' ' + std::to_string(l.docFileId));
  std::sort(lines.begin(), lines.end());
  std::string out;
  for (const auto& l : lines) out += l + '\n';
  return out;
}

std::string fresh(store::Database& db) {
  store::SqliteGraphSource source(db);
  auto s = source.load();
  EXPECT_TRUE(s.ok());
  return s ? canonical(*s) : std::string();
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
  t.write("store/db.py", "def save(row):\n    return connect(row)\n\ndef connect(row):\n    return row\n");
  t.write("other.py", "from store.db import connect\n\ndef login():\n    return connect(1)\n\ndef run():\n    return 2\n");
  for (int i = 0; i < 4; ++i) t.write("h" + std::to_string(i) + ".py", "def handle():\n    return 0\n");
  t.write("README.md", "# Guide\n\nCall `AuthService.login`, then `validate_token` and `connect`.\n");
}

// The repository indexed twice: `cached` analysed through `cache`, `plain` from whole reads.
struct Twins {
  TempTree t;
  std::unique_ptr<store::Database> cached, plain;
  GraphCache cache;
  // Writes the repository, indexes it into both and loads the cache from `cached`.
  bool start() {
    writeRepo(t);
    cached = openDb(t.path(".db/cached.db"));
    plain = openDb(t.path(".db/plain.db"));
    if (!cached || !plain) return false;
    refreshBoth();
    return primeGraphCache(*cached, cache).ok() && cache.loaded();
  }
  void refreshBoth() {
    refresh(*cached, t.root());
    refresh(*plain, t.root());
  }
  // The cache holds what a fresh read of `cached` gives, and both databases hold the same
  // analytics.
  void expectSame() {
    ASSERT_TRUE(cache.loaded());
    EXPECT_EQ(canonical(*cache.state().snapshot), fresh(*cached));
    auto a = store::dumpAnalytics(*cached);
    auto b = store::dumpAnalytics(*plain);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(*a, *b);
  }
};

TEST(GraphCache, FollowsEveryKindOfChangeExactly) {
  Twins w;
  ASSERT_TRUE(w.start());
  // References, not a structured binding: clang 14 (the sanitizer builds) cannot capture those.
  TempTree& t = w.t;
  auto& cached = w.cached;
  auto& plain = w.plain;
  GraphCache& cache = w.cache;
  EXPECT_EQ(canonical(*cache.state().snapshot), fresh(*cached));

  const std::vector<std::function<void()>> changes = {
      // an edit: a new function, a changed call, so references elsewhere re-resolve
      [&] {
        t.write("store/db.py",
                "def save(row):\n    return connect(row)\n\ndef connect(row):\n    return pool(row)\n\n"
                "def pool(row):\n    return row\n");
      },
      // a new file calling into others
      [&] { t.write("jobs/nightly.py", "from store.db import save, pool\n\ndef nightly():\n    save(pool(1))\n"); },
      // a removed file whose symbols others call
      [&] { std::filesystem::remove(t.path("store/db.py")); },
      // the file comes back under another name, and a document changes its mentions
      [&] {
        t.write("store/rows.py", "def save(row):\n    return row\n\ndef pool(row):\n    return save(row)\n");
        t.write("README.md", "# Guide\n\nNow `nightly`, `pool` and `validate_token`.\n");
      },
      // several files at once, one emptied
      [&] {
        t.write("other.py", "");
        t.write("h1.py", "def handle():\n    return nightly()\n");
        t.write("h2.py", "from jobs.nightly import nightly\n\ndef handle():\n    return nightly()\n");
      },
      // Go: a type implements an interface by its methods alone; that edge lives in the type's
      // file, which the next two changes leave as it is
      [&] {
        t.write("shapes/shape.go", "package shapes\n\ntype Shape interface {\n\tArea() float64\n}\n");
        t.write("shapes/square.go",
                "package shapes\n\ntype Square struct{}\n\nfunc (Square) Area() float64 { return 1 }\n");
      },
      // the interface gains a method: Square implements it no more
      [&] {
        t.write("shapes/shape.go",
                "package shapes\n\ntype Shape interface {\n\tArea() float64\n\tSides() int\n}\n");
      },
      // and loses it again: Square implements it again
      [&] { t.write("shapes/shape.go", "package shapes\n\ntype Shape interface {\n\tArea() float64\n}\n"); },
  };
  for (size_t i = 0; i < changes.size(); ++i) {
    SCOPED_TRACE("change " + std::to_string(i));
    changes[i]();
    refresh(*cached, t.root());
    refresh(*plain, t.root());
    ASSERT_TRUE(runDeferredAnalytics(*cached, std::chrono::milliseconds(5000), {}, &cache).ok());
    ASSERT_TRUE(runDeferredAnalytics(*plain, std::chrono::milliseconds(5000)).ok());
    // The same analytics as from a whole read of the same database contents.
    w.expectSame();
  }
  // Every change came from the tracked files alone: one whole read (the first), no resync.
  EXPECT_EQ(cache.state().wholeLoads, 1u);
  EXPECT_EQ(cache.state().resyncs, 0u);
}

TEST(GraphCache, AnInterruptedRunLeavesTheChangesForTheNext) {
  TempTree t;
  writeRepo(t);
  auto db = openDb(t.path(".db/index.db"));
  ASSERT_TRUE(db);
  refresh(*db, t.root());
  GraphCache cache;
  ASSERT_TRUE(primeGraphCache(*db, cache).ok());
  t.write("store/db.py", "def save(row):\n    return row\n\ndef flush():\n    return save(0)\n");
  refresh(*db, t.root());
  int polls = 0;
  // Interrupted after the graph was updated: nothing is written, the change marks come back.
  auto s = runDeferredAnalytics(*db, std::chrono::milliseconds(5000), [&] { return ++polls > 1; }, &cache);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, ErrorCode::kCancelled);
  EXPECT_EQ(*db->meta("analytics_due"), "1");
  ASSERT_TRUE(runDeferredAnalytics(*db, std::chrono::milliseconds(5000), {}, &cache).ok());
  EXPECT_EQ(canonical(*cache.state().snapshot), fresh(*db));
  EXPECT_EQ(*db->meta("analytics_due"), "0");

  // Interrupted while the cache was loaded whole in the same transaction: forgotten, then
  // loaded again (its change tracking was rolled back with the transaction).
  GraphCache cold;
  t.write("other.py", "def run():\n    return 3\n");
  refresh(*db, t.root());
  polls = 0;
  EXPECT_FALSE(runDeferredAnalytics(*db, std::chrono::milliseconds(5000), [&] { return ++polls > 1; }, &cold).ok());
  EXPECT_FALSE(cold.loaded());
  ASSERT_TRUE(runDeferredAnalytics(*db, std::chrono::milliseconds(5000), {}, &cold).ok());
  t.write("other.py", "def run():\n    return save(3)\n\nfrom store.db import save\n");
  refresh(*db, t.root());
  ASSERT_TRUE(runDeferredAnalytics(*db, std::chrono::milliseconds(5000), {}, &cold).ok());
  EXPECT_EQ(canonical(*cold.state().snapshot), fresh(*db));
}

// The serving process's three steps (beginDeferredAnalytics, analyseDeferredAnalytics,
// finishDeferredAnalytics) hold no transaction while the analysis runs, give the same analytics
// as one runDeferredAnalytics, and a run given up leaves everything for the next.
TEST(GraphCache, InThreeStepsTheConnectionIsFreeWhileTheAnalysisRuns) {
  Twins w;
  ASSERT_TRUE(w.start());
  // References, not a structured binding: clang 14 (the sanitizer builds) cannot capture those.
  TempTree& t = w.t;
  auto& cached = w.cached;
  auto& plain = w.plain;
  GraphCache& cache = w.cache;
  const auto budget = std::chrono::milliseconds(5000);
  auto inAutocommit = [&] { return cached->exec("BEGIN IMMEDIATE").ok() && cached->exec("ROLLBACK").ok(); };

  // 1. A change, analysed in three steps: the same as the plain database's one-step run.
  t.write("store/db.py", "def save(row):\n    return connect(row)\n\ndef connect(row):\n    return pool(row)\n\n"
                         "def pool(row):\n    return row\n");
  w.refreshBoth();
  auto run = beginDeferredAnalytics(*cached, budget, {}, cache);
  ASSERT_TRUE(run.ok()) << run.error().message;
  EXPECT_TRUE(inAutocommit()) << "no transaction is held between the steps";
  ASSERT_TRUE(analyseDeferredAnalytics(**run, cache, {}).ok());
  EXPECT_TRUE(inAutocommit());
  EXPECT_EQ(*cached->meta("analytics_due"), "1") << "nothing written before the last step";
  ASSERT_TRUE(finishDeferredAnalytics(*cached, **run, cache).ok());
  ASSERT_TRUE(runDeferredAnalytics(*plain, budget).ok());
  EXPECT_EQ(*cached->meta("analytics_due"), "0");
  w.expectSame();

  // 2. Given up during the analysis; a refresh commits meanwhile (the connection is free); the
  // next run starts from there and ends where a one-step run does.
  t.write("jobs/nightly.py", "from store.db import save, pool\n\ndef nightly():\n    save(pool(1))\n");
  w.refreshBoth();
  auto given = beginDeferredAnalytics(*cached, budget, {}, cache);
  ASSERT_TRUE(given.ok());
  auto stopped = analyseDeferredAnalytics(**given, cache, [] { return true; });
  ASSERT_FALSE(stopped.ok());
  EXPECT_EQ(stopped.error().code, ErrorCode::kCancelled);
  t.write("h1.py", "def handle():\n    return nightly()\n");
  w.refreshBoth();
  EXPECT_EQ(*cached->meta("analytics_due"), "1");
  given->reset();
  auto again = beginDeferredAnalytics(*cached, budget, {}, cache);
  ASSERT_TRUE(again.ok());
  ASSERT_TRUE(analyseDeferredAnalytics(**again, cache, {}).ok());
  ASSERT_TRUE(finishDeferredAnalytics(*cached, **again, cache).ok());
  ASSERT_TRUE(runDeferredAnalytics(*plain, budget).ok());
  w.expectSame();
  EXPECT_EQ(cache.state().wholeLoads, 1u);
}

TEST(GraphCache, AWriteByAnotherConnectionIsNoticed) {
  TempTree t;
  writeRepo(t);
  auto db = openDb(t.path(".db/index.db"));
  ASSERT_TRUE(db);
  refresh(*db, t.root());
  GraphCache cache;
  ASSERT_TRUE(primeGraphCache(*db, cache).ok());
  // Another connection (not tracked by this one's triggers) removes a file and its rows.
  {
    auto other = openDb(t.path(".db/index.db"));
    ASSERT_TRUE(other);
    ASSERT_TRUE(other->exec("DELETE FROM files WHERE path = 'store/db.py'").ok());
  }
  ASSERT_TRUE(db->setMeta("analytics_due", "1").ok());
  ASSERT_TRUE(runDeferredAnalytics(*db, std::chrono::milliseconds(5000), {}, &cache).ok());
  EXPECT_EQ(canonical(*cache.state().snapshot), fresh(*db));
  EXPECT_EQ(cache.state().wholeLoads, 2u);  // noticed by PRAGMA data_version, not by the counts
  EXPECT_EQ(cache.state().resyncs, 0u);
}

// A waiting change stops the graph's reads inside a statement too: counting the kernel's edges
// was 0.85 s of one statement. 20,000 symbols and references: each count runs well past
// SQLite's progress interval, and the interrupt is asked from the start.
TEST(GraphSource, AnInterruptStopsTheCountsAndTheLoadInsideAStatement) {
  TempTree t;
  for (int f = 0; f < 5; ++f) {
    std::string text;
    for (int i = 0; i < 4000; ++i)
      text += "def f" + std::to_string(i) + "():\n    return f" + std::to_string(i + 1) + "()\n";
    t.write("m" + std::to_string(f) + ".py", text);
  }
  auto db = openDb(t.path(".db/g.db"));
  ASSERT_TRUE(db);
  refresh(*db, t.root());
  store::SqliteGraphSource source(*db);
  ASSERT_TRUE(source.totals(true).ok());
  int asked = 0;
  source.setInterrupt([&] { return ++asked > 0; });
  auto totals = source.totals(true);
  ASSERT_FALSE(totals.ok());
  EXPECT_EQ(totals.error().code, ErrorCode::kCancelled);
  EXPECT_GE(asked, 1);
  auto loaded = source.load();
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().code, ErrorCode::kCancelled);
  // The connection works as before once the scope is gone: no handler left behind.
  source.setInterrupt({});
  auto again = source.totals(true);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->nodes, 20000u);
}

}  // namespace
}  // namespace cg::indexer
