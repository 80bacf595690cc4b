// servedRoot: the folder a server started in a folder serves (a git work tree's top level).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "codegraph/cli/cli.h"

namespace fs = std::filesystem;

namespace cg::cli {
namespace {

class ServedRoot : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/cg-served-XXXXXX";
    ASSERT_NE(::mkdtemp(tmpl), nullptr);
    base_ = fs::canonical(tmpl);
    if (const char* h = std::getenv("HOME")) home_ = h;
    ::setenv("HOME", (base_ / "home").c_str(), 1);
    fs::create_directories(base_ / "home");
  }
  void TearDown() override {
    if (home_.empty()) ::unsetenv("HOME");
    else ::setenv("HOME", home_.c_str(), 1);
    fs::remove_all(base_);
  }
  fs::path dir(const std::string& rel) {
    fs::create_directories(base_ / rel);
    return base_ / rel;
  }
  void file(const std::string& rel, const std::string& text) {
    fs::create_directories((base_ / rel).parent_path());
    std::ofstream(base_ / rel) << text;
  }
  fs::path base_;
  std::string home_;
};

TEST_F(ServedRoot, OutsideAWorkTreeTheFolderItself) {
  auto s = servedRoot(dir("plain/src"));
  EXPECT_EQ(s.root, base_ / "plain/src");
  EXPECT_FALSE(s.gitTopLevel);
  EXPECT_EQ(s.describe(), (base_ / "plain/src").string());
}

TEST_F(ServedRoot, ASubfolderOfAWorkTreeServesItsTopLevel) {
  dir("repo/.git");
  auto s = servedRoot(dir("repo/src/deep"));
  EXPECT_EQ(s.root, base_ / "repo");
  EXPECT_TRUE(s.gitTopLevel);
  EXPECT_EQ(s.requested, base_ / "repo/src/deep");
  EXPECT_EQ(s.describe(), (base_ / "repo").string() + " (the git work tree's top level; asked for " +
                              (base_ / "repo/src/deep").string() + ")");
  auto top = servedRoot(base_ / "repo");
  EXPECT_EQ(top.root, base_ / "repo");
  EXPECT_EQ(top.describe(), (base_ / "repo").string() + " (the git work tree's top level)");
}

TEST_F(ServedRoot, TheInnermostWorkTreeWins) {
  dir("outer/.git");
  dir("outer/vendor/inner/.git");  // a nested repository
  file("outer/mod/.git", "gitdir: ../.git/modules/mod\n");  // a submodule
  EXPECT_EQ(servedRoot(dir("outer/vendor/inner/pkg")).root, base_ / "outer/vendor/inner");
  EXPECT_EQ(servedRoot(dir("outer/mod/src")).root, base_ / "outer/mod");
  EXPECT_EQ(servedRoot(dir("outer/vendor/other")).root, base_ / "outer");
}

TEST_F(ServedRoot, AFileNamedDotGitThatIsNoLinkIsNotAWorkTree) {
  file("odd/.git", "not a gitdir line\n");
  EXPECT_EQ(servedRoot(dir("odd/src")).root, base_ / "odd/src");
}

TEST_F(ServedRoot, ADotfilesRepositoryAtHomeIsNotTheProject) {
  dir("home/.git");
  auto s = servedRoot(dir("home/projects/app"));
  EXPECT_EQ(s.root, base_ / "home/projects/app");
  EXPECT_FALSE(s.gitTopLevel);
  EXPECT_EQ(servedRoot(base_ / "home").root, base_ / "home") << "home itself, when asked for";
}

TEST_F(ServedRoot, NoGitTopLevelServesTheFolderItself) {
  dir("repo/.git");
  auto s = servedRoot(dir("repo/pkg"), /*gitTopLevel=*/false);
  EXPECT_EQ(s.root, base_ / "repo/pkg");
  EXPECT_FALSE(s.gitTopLevel);
}

}  // namespace
}  // namespace cg::cli
