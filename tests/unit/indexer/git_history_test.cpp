// Git history: one `git log` pass over a throwaway repository with scripted, dated commits.
#include <gtest/gtest.h>

#include "indexer/git_history.h"
#include "temp_tree.h"

namespace cg::indexer {
namespace {

using testing::TempTree;

constexpr int64_t kNow = 1750000000;  // fixed "now" for the 90-day window
constexpr int64_t kDay = 86400;

bool commitAt(const TempTree& t, int64_t when, const std::string& subject) {
  std::string date = "@" + std::to_string(when) + " +0000";
  return t.sh("git add -A && GIT_AUTHOR_DATE='" + date + "' GIT_COMMITTER_DATE='" + date +
              "' git -c user.name=t -c user.email=t@example.com -c commit.gpgsign=false commit -q -m '" +
              subject + "'");
}

TEST(GitHistory, CountsLastCommitAndRecentSubjectsPerFile) {
  TempTree t;
  ASSERT_TRUE(t.sh("git init -q"));
  t.write("a.py", "x = 1\n");
  t.write("sub/b.py", "y = 1\n");
  ASSERT_TRUE(commitAt(t, kNow - 200 * kDay, "old start"));
  t.write("a.py", "x = 2\n");
  ASSERT_TRUE(commitAt(t, kNow - 50 * kDay, "touch a"));
  t.write("a.py", "x = 3\n");
  t.write("sub/b.py", "y = 2\n");
  ASSERT_TRUE(commitAt(t, kNow - 10 * kDay, "touch both"));

  HistoryOptions o;
  o.now = kNow;
  auto h = readGitHistory(t.root(), o);
  ASSERT_TRUE(h.ok()) << h.error().message;
  ASSERT_EQ(h->size(), 2u);
  const auto& a = h->at("a.py");
  EXPECT_EQ(a.commits90d, 2u);
  EXPECT_EQ(a.lastCommit, kNow - 10 * kDay);
  ASSERT_EQ(a.recent.size(), 3u);
  EXPECT_EQ(a.recent[0].subject, "touch both");
  EXPECT_EQ(a.recent[1].subject, "touch a");
  EXPECT_EQ(a.recent[2].subject, "old start");
  EXPECT_EQ(a.recent[0].hash.size(), 40u);
  const auto& b = h->at("sub/b.py");
  EXPECT_EQ(b.commits90d, 1u);
  EXPECT_EQ(b.recent.size(), 2u);

  // Run from a subfolder: paths are relative to it, files outside are absent.
  auto sub = readGitHistory(t.root() / "sub", o);
  ASSERT_TRUE(sub.ok());
  ASSERT_EQ(sub->size(), 1u);
  EXPECT_EQ(sub->count("b.py"), 1u);

  // The per-file list is capped.
  o.recentPerFile = 1;
  EXPECT_EQ(readGitHistory(t.root(), o)->at("a.py").recent.size(), 1u);
  auto head = gitHead(t.root());
  ASSERT_TRUE(head.ok());
  EXPECT_EQ(*head, a.recent[0].hash);
}

TEST(GitHistory, OutsideAGitWorkTreeThereIsNone) {
  TempTree t;
  t.write("a.py", "x = 1\n");
  EXPECT_FALSE(gitHead(t.root()).ok());
  EXPECT_FALSE(readGitHistory(t.root(), {}).ok());
}

TEST(GitHistory, ParsesSubjectsWithSeparatorsAndOddPaths) {
  std::string log;
  log += "\x1e" "100\x1f" "aaa\x1f" "fix: a; b | c" + std::string(1, '\0') + "\n" + "dir/with space.py" +
         std::string(1, '\0') + "ünï.go" + std::string(1, '\0');
  log += "\x1e" "90\x1f" "bbb\x1f" "merge-ish, no files" + std::string(1, '\0');
  HistoryOptions o;
  o.now = 100;
  auto h = parseGitLog(log, o);
  ASSERT_EQ(h.size(), 2u);
  EXPECT_EQ(h.at("dir/with space.py").recent.at(0).subject, "fix: a; b | c");
  EXPECT_EQ(h.at("ünï.go").lastCommit, 100);
  EXPECT_EQ(h.at("ünï.go").commits90d, 1u);
}

}  // namespace
}  // namespace cg::indexer
