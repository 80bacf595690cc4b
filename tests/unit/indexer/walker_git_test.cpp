// Git mode (a work tree made in the test with git init and commits) and the determinism check:
// the parallel walk equals the serial one, in both modes, on a tree of a few thousand files.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "codegraph/indexer/walker.h"
#include "temp_tree.h"

namespace cg::indexer {
namespace {

using testing::TempTree;
using Paths = std::vector<std::string>;

const std::string kGit =
    "git -c user.name=t -c user.email=t@example.com -c init.defaultBranch=main "
    "-c commit.gpgsign=false";

bool haveGit() {
  return std::system("git --version >/dev/null 2>&1") == 0;
}

WalkResult walk(const std::filesystem::path& root, bool useGit, unsigned threads) {
  WalkOptions o;
  o.root = root;
  o.useGit = useGit;
  o.threads = threads;
  auto r = walkRepository(o);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? std::move(r).value() : WalkResult{};
}

Paths paths(const WalkResult& r) {
  Paths out;
  for (const auto& f : r.files) out.push_back(f.path);
  return out;
}

uint64_t skipped(const WalkResult& r, SkipReason reason) {
  auto it = r.skipped.find(reason);
  return it == r.skipped.end() ? 0 : it->second;
}

TEST(WalkGit, TrackedPlusUntrackedNotIgnored) {
  if (!haveGit()) GTEST_SKIP() << "git is not installed";
  TempTree t;
  t.write(".gitignore", "*.log\nscratch.py\nforced.py\n");
  t.write("src/main.py", "x = 1\n");
  t.write("src/util.go", "package src\n");
  t.write("gone.py", "x = 1\n");
  t.write("forced.py", "x = 1\n");
  t.write("node_modules/dep.js", "x = 1\n");
  t.write(".github/ci.py", "x = 1\n");
  t.symlink("/etc", "etc");
  t.symlink("src", "alias");
  t.write("env/pyvenv.cfg", "home = /usr/bin\n");  // a tracked virtualenv: still skipped
  t.write("env/lib/site.py", "x = 1\n");
  ASSERT_TRUE(t.sh(kGit + " init -q && git add -A && git add -f forced.py node_modules && " + kGit +
                   " commit -qm init"));
  std::filesystem::remove(t.path("gone.py"));  // tracked, deleted from the work tree
  t.write("new.py", "x = 1\n");                // untracked, not ignored
  t.write("scratch.py", "x = 1\n");            // untracked, ignored
  t.write("debug.log", "");
  ASSERT_TRUE(t.sh(kGit + " init -q nested && echo 'x = 1' > nested/x.py"));  // embedded repo
  // A submodule entry (gitlink) whose directory is checked out empty: git lists "modsub".
  ASSERT_TRUE(t.sh("git update-index --add --cacheinfo 160000,$(git rev-parse HEAD),modsub"));
  t.mkdir("modsub");

  for (unsigned threads : {1u, 2u}) {
    WalkResult r = walk(t.root(), true, threads);
    EXPECT_TRUE(r.usedGit);
    // forced.py is tracked, so ignoring it does not matter; node_modules and .github are
    // built-in skips even when tracked; git lists the alias link as one entry (a directory:
    // absent), the submodule as "modsub" (a directory: absent) and the embedded repository as
    // "nested/" (absent).
    EXPECT_EQ(paths(r), (Paths{"forced.py", "new.py", "src/main.py", "src/util.go"}));
    EXPECT_EQ(skipped(r, SkipReason::kSymlinkOutside), 1u);  // etc
    EXPECT_EQ(skipped(r, SkipReason::kUnsupported), 1u);     // .gitignore
    EXPECT_TRUE(r.errors.empty());
  }
  // The .gitignore walk of the same tree differs exactly where git knows more.
  WalkResult plain = walk(t.root(), false, 2);
  EXPECT_FALSE(plain.usedGit);
  EXPECT_EQ(paths(plain), (Paths{"alias/main.py", "alias/util.go", "nested/x.py", "new.py",
                                 "src/main.py", "src/util.go"}));
}

TEST(WalkGit, RootBelowTheTopListsOnlyItsOwnFiles) {
  if (!haveGit()) GTEST_SKIP() << "git is not installed";
  TempTree t;
  t.write("top.py", "x = 1\n");
  t.write("sub/a.py", "x = 1\n");
  t.write("sub/deep/b.py", "x = 1\n");
  t.write(".gitignore", "sub/deep/ignored.py\n");
  ASSERT_TRUE(t.sh(kGit + " init -q && git add -A && " + kGit + " commit -qm init"));
  t.write("sub/untracked.py", "x = 1\n");
  t.write("sub/deep/ignored.py", "x = 1\n");
  WalkResult r = walk(t.path("sub"), true, 2);
  EXPECT_TRUE(r.usedGit);
  EXPECT_EQ(paths(r), (Paths{"a.py", "deep/b.py", "untracked.py"}));
  // Without git, the parent's .gitignore still applies below the top.
  EXPECT_EQ(paths(walk(t.path("sub"), false, 2)), (Paths{"a.py", "deep/b.py", "untracked.py"}));
}

TEST(WalkGit, FallsBackWhenGitCannotList) {
  if (!haveGit()) GTEST_SKIP() << "git is not installed";
  TempTree t;
  t.mkdir(".git");  // looks like a work tree, but git rejects it
  t.write(".gitignore", "skip.py\n");
  t.write("a.py", "x = 1\n");
  t.write("skip.py", "x = 1\n");
  WalkResult r = walk(t.root(), true, 2);
  EXPECT_FALSE(r.usedGit);
  EXPECT_EQ(paths(r), (Paths{"a.py"}));

  TempTree plain;  // not a repository at all
  plain.write("b.py", "x = 1\n");
  WalkResult p = walk(plain.root(), true, 1);
  EXPECT_FALSE(p.usedGit);
  EXPECT_EQ(paths(p), (Paths{"b.py"}));
}

// A few thousand files with every kind of verdict, ignore files at several levels, symlinks and
// more unreadable entries than the error list keeps. Built once for both modes: creating files
// is the slow part.
class WalkParallel : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    tree_ = new TempTree;
    const TempTree& t = *tree_;
    t.write(".gitignore", "*.txt\n!d1*/**/f1.txt\n");
    t.write("d3/.gitignore", "s1/\n");
    const char* exts[] = {".py", ".js", ".txt", ".c", ".go", ".md"};
    for (int d = 0; d < 30; ++d) {
      for (int s = 0; s < 4; ++s) {
        for (int f = 0; f < 20; ++f) {
          int n = (d * 4 + s) * 20 + f;
          std::string rel = "d" + std::to_string(d) + "/s" + std::to_string(s) + "/f" +
                            std::to_string(f) + exts[n % 6];
          std::string body = "// " + std::to_string(n) + "\nint v" + std::to_string(n) + ";\n";
          if (n % 17 == 0) body += std::string("\0\1", 2);
          if (n % 23 == 0) body += std::string(6000, 'm');
          t.write(rel, body);
        }
      }
    }
    for (int i = 0; i < 40; ++i) t.write("node_modules/p" + std::to_string(i) + ".js", "x");
    t.symlink("../d6", "d5/link");
    t.symlink("..", "d7/loop");
    // 260 dangling links in two directories: over the 200 at which a worker trims its list.
    for (int i = 0; i < 260; ++i)
      t.symlink("missing",
                "d" + std::to_string(8 + i % 2) + "/dangling" + std::to_string(i) + ".py");
  }
  static void TearDownTestSuite() {
    delete tree_;
    tree_ = nullptr;
  }
  static TempTree* tree_;
};
TempTree* WalkParallel::tree_ = nullptr;

void expectSame(const WalkResult& a, const WalkResult& b) {
  ASSERT_EQ(a.files.size(), b.files.size());
  for (size_t i = 0; i < a.files.size(); ++i) {
    EXPECT_EQ(a.files[i].path, b.files[i].path);
    EXPECT_EQ(a.files[i].language, b.files[i].language);
    EXPECT_EQ(a.files[i].size, b.files[i].size);
    EXPECT_EQ(a.files[i].mtimeNs, b.files[i].mtimeNs);
  }
  EXPECT_EQ(a.skipped, b.skipped);
  EXPECT_EQ(a.errors, b.errors);
  EXPECT_EQ(a.usedGit, b.usedGit);
}

TEST_F(WalkParallel, EqualsSerialWithoutGit) {
  WalkResult serial = walk(tree_->root(), false, 1);
  EXPECT_GT(serial.files.size(), 1500u);
  EXPECT_TRUE(std::is_sorted(serial.files.begin(), serial.files.end(),
                             [](const auto& x, const auto& y) { return x.path < y.path; }));
  EXPECT_GT(skipped(serial, SkipReason::kBinary), 0u);
  EXPECT_GT(skipped(serial, SkipReason::kMinified), 0u);
  EXPECT_EQ(skipped(serial, SkipReason::kSymlinkLoop), 1u);
  EXPECT_EQ(skipped(serial, SkipReason::kUnreadable), 260u);
  EXPECT_EQ(serial.errors.size(), 100u);  // capped, and the first 100 by path
  EXPECT_EQ(serial.errors[0].first, "d7/loop");
  EXPECT_EQ(serial.errors[1].first, "d8/dangling0.py");
  for (unsigned threads : {2u, 4u, 8u, 0u}) {
    SCOPED_TRACE(threads);
    expectSame(serial, walk(tree_->root(), false, threads));
  }
}

TEST_F(WalkParallel, EqualsSerialWithGit) {
  if (!haveGit()) GTEST_SKIP() << "git is not installed";
  ASSERT_TRUE(tree_->sh(kGit + " init -q"));  // everything untracked, listed by --others
  WalkResult serial = walk(tree_->root(), true, 1);
  EXPECT_TRUE(serial.usedGit);
  EXPECT_GT(serial.files.size(), 1500u);
  EXPECT_EQ(serial.errors.size(), 100u);
  for (unsigned threads : {2u, 4u, 0u}) {
    SCOPED_TRACE(threads);
    expectSame(serial, walk(tree_->root(), true, threads));
  }
}

}  // namespace
}  // namespace cg::indexer
