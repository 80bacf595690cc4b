// The index service when the files under it change identity (issue 29): the cache folder wiped
// while serving, the repository folder swapped for another, a git operation under way; and the
// index folder's safety rules (store::prepareDatabaseFolder). End-to-end versions through the
// real binary: tests/e2e/real_life_test.py.
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include <gtest/gtest.h>

#include "codegraph/indexer/service.h"
#include "codegraph/model/symbol_index.h"
#include "codegraph/store/database.h"
#include "codegraph/store/sqlite_index.h"
#include "temp_tree.h"

namespace cg::indexer {
namespace {

using namespace std::chrono_literals;
using testing::TempTree;
namespace fs = std::filesystem;

constexpr auto kIndexWait = 120s;  // generous for sanitizer builds; passes as soon as ready

ServiceOptions watchedService(const fs::path& root, const fs::path& db) {
  ServiceOptions o;
  o.index.root = root;
  o.index.threads = 1;
  o.index.useGit = false;
  o.dbPath = db;
  o.watch = true;
  o.lockPoll = 100ms;
  o.freshnessWait = 300ms;
  o.retryAfterFailure = 60s;
  return o;
}

size_t countNamed(const fs::path& db, const std::string& name) {
  store::SqliteIndex index(db);
  model::LookupRequest req;
  req.name = name;
  bool more = false;
  auto found = index.lookup(req, &more);
  return found ? found->size() : 0;
}

template <typename Pred>
bool within(std::chrono::milliseconds timeout, Pred pred) {
  const auto until = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < until) {
    if (pred()) return true;
    std::this_thread::sleep_for(20ms);
  }
  return pred();
}

// `rm -rf ~/.cache/codegraph-mcp` while a server runs: the index is built again, and a second
// server started meanwhile reads it instead of indexing too.
TEST(ServiceIdentity, AWipedCacheIsRebuiltByOneIndexer) {
  TempTree repo, cache;
  repo.write("a.py", "def alpha():\n    return 1\n");
  const fs::path db = cache.path("codegraph-mcp/index.db");
  IndexService first(watchedService(repo.root(), db));
  first.start();
  ASSERT_EQ(first.waitReady(kIndexWait, nullptr, nullptr), std::nullopt);

  fs::remove_all(cache.path("codegraph-mcp"));
  IndexService second(watchedService(repo.root(), db));
  second.start();
  ASSERT_TRUE(within(kIndexWait, [&] { return fs::exists(db) && countNamed(db, "alpha") == 1; }));
  EXPECT_TRUE(within(5s, [&] {
    return (first.role() == ServiceRole::kIndexer) + (second.role() == ServiceRole::kIndexer) == 1;
  }));
  EXPECT_EQ(first.waitReady(kIndexWait, nullptr, nullptr), std::nullopt);
  EXPECT_EQ(second.waitReady(kIndexWait, nullptr, nullptr), std::nullopt);
  // Whoever indexes watches: an edit is seen.
  repo.write("b.py", "def beta():\n    return 2\n");
  EXPECT_TRUE(within(10s, [&] { return countNamed(db, "beta") == 1; }));
  EXPECT_EQ((first.role() == ServiceRole::kIndexer) + (second.role() == ServiceRole::kIndexer), 1);
}

// `mv R R.old; mv R.new R` (or a re-clone at the same path): the new folder is walked and watched.
TEST(ServiceIdentity, AReplacedRepositoryFolderIsWalkedAndWatched) {
  TempTree top, cache;
  top.write("R/a.py", "def alpha():\n    return 1\n");
  top.write("R.new/b.py", "def beta():\n    return 2\n");
  const fs::path root = top.path("R"), db = cache.path("index.db");
  IndexService service(watchedService(root, db));
  service.start();
  ASSERT_EQ(service.waitReady(kIndexWait, nullptr, nullptr), std::nullopt);
  ASSERT_EQ(countNamed(db, "alpha"), 1u);

  fs::rename(root, top.path("R.old"));
  fs::rename(top.path("R.new"), root);
  EXPECT_TRUE(within(10s, [&] { return countNamed(db, "beta") == 1 && countNamed(db, "alpha") == 0; }));
  top.write("R/c.py", "def gamma():\n    return 3\n");
  EXPECT_TRUE(within(10s, [&] { return countNamed(db, "gamma") == 1; }));
  top.write("R.old/d.py", "def delta():\n    return 4\n");  // the old folder is no longer watched
  std::this_thread::sleep_for(500ms);
  EXPECT_EQ(countNamed(db, "delta"), 0u);
}

// While git holds its index lock (a checkout in progress) a refresh waits, and a call answered
// meanwhile says that it is stale; once git is done the changes are applied together.
TEST(ServiceIdentity, ARefreshWaitsForGitAndAnswersSayTheyAreStale) {
  TempTree repo, cache;
  repo.write("a.py", "def alpha():\n    return 1\n");
  repo.mkdir(".git");
  const fs::path db = cache.path("index.db");
  IndexService service(watchedService(repo.root(), db));
  service.start();
  std::string stale;
  ASSERT_EQ(service.waitReady(kIndexWait, nullptr, nullptr, &stale), std::nullopt);
  EXPECT_EQ(stale, "");

  repo.write(".git/index.lock", "");
  repo.write("b.py", "def beta():\n    return 2\n");
  std::this_thread::sleep_for(400ms);  // past the watcher's quiet period: the batch is queued
  ASSERT_EQ(service.waitReady(kIndexWait, nullptr, nullptr, &stale), std::nullopt);
  EXPECT_NE(stale.find("git is changing the working tree"), std::string::npos) << stale;
  EXPECT_EQ(countNamed(db, "beta"), 0u);

  fs::remove(repo.path(".git/index.lock"));
  ASSERT_EQ(service.waitReady(kIndexWait, nullptr, nullptr, &stale), std::nullopt);
  EXPECT_TRUE(within(5s, [&] { return countNamed(db, "beta") == 1; }));
  ASSERT_EQ(service.waitReady(kIndexWait, nullptr, nullptr, &stale), std::nullopt);
  EXPECT_EQ(stale, "");
}

// A folder the user cannot keep the index in is a failure every call reports, with the way out.
TEST(ServiceIdentity, AnUnusableIndexFolderFailsWithTheReason) {
  TempTree repo, cache;
  repo.write("a.py", "def alpha():\n    return 1\n");
  cache.write("file", "not a folder\n");
  IndexService service(watchedService(repo.root(), cache.path("file/index.db")));
  service.start();
  auto why = service.waitReady(10s, nullptr, nullptr);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("Indexing failed: cannot keep the index in"), std::string::npos) << *why;
  EXPECT_NE(why->find("--db PATH"), std::string::npos) << *why;
}

TEST(IndexFolder, CreatedPrivateAndRefusedWhenNotOurs) {
  TempTree t;
  const fs::path db = t.path("a/b/codegraph-mcp/x.db");
  ASSERT_TRUE(store::prepareDatabaseFolder(db, true));
  struct stat st {};
  ASSERT_EQ(::stat(t.path("a/b/codegraph-mcp").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  ASSERT_EQ(::stat(t.path("a").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 077, 0u);  // every folder it created

  // Ours but open to others: narrowed.
  ::chmod(t.path("a/b/codegraph-mcp").c_str(), 0777);
  ASSERT_TRUE(store::prepareDatabaseFolder(db, true));
  ASSERT_EQ(::stat(t.path("a/b/codegraph-mcp").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);

  // A link planted in its place is refused (a chosen --db folder may be one).
  t.mkdir("elsewhere");
  t.symlink(t.path("elsewhere").string(), "linked");
  auto linked = store::prepareDatabaseFolder(t.path("linked/x.db"), true);
  ASSERT_FALSE(linked);
  EXPECT_NE(linked.error().message.find("symbolic link"), std::string::npos);
  EXPECT_TRUE(store::prepareDatabaseFolder(t.path("linked/x.db"), false));

  // Another user's folder (root can make one; others skip this part).
  if (::geteuid() == 0) {
    t.mkdir("theirs");
    ASSERT_EQ(::chown(t.path("theirs").c_str(), 12345, 12345), 0);
    auto theirs = store::prepareDatabaseFolder(t.path("theirs/x.db"), true);
    ASSERT_FALSE(theirs);
    EXPECT_NE(theirs.error().message.find("belongs to another user (uid 12345)"), std::string::npos)
        << theirs.error().message;
    EXPECT_NE(theirs.error().message.find("--db PATH"), std::string::npos);
  }
}

TEST(IndexFolder, TheDatabaseAndLockArePrivateFiles) {
  TempTree t;
  const fs::path db = t.path("idx/x.db");
  ASSERT_TRUE(store::prepareDatabaseFolder(db, true));
  store::OpenOptions o;
  o.path = db;
  auto d = store::Database::open(o);
  ASSERT_TRUE(d);
  ASSERT_TRUE((*d)->setMeta("k", "v"));
  for (const char* suffix : {"", "-wal", "-shm"}) {
    struct stat st {};
    ASSERT_EQ(::stat((db.string() + suffix).c_str(), &st), 0) << suffix;
    EXPECT_EQ(st.st_mode & 077, 0u) << suffix;
  }
}

}  // namespace
}  // namespace cg::indexer
