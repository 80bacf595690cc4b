// Reading a change from git: both versions of every file and the lines that differ, from one
// `git diff` with whole files as context, run by git itself on a scratch repository.
#include "tools/change_set.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "codegraph/indexer/indexer.h"

namespace cg::tools {
namespace {

namespace fs = std::filesystem;

class ChangeSet : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("cg-change-set-" + std::to_string(std::random_device{}()));
    fs::create_directories(root_);
    git({"init", "-q"});
    git({"config", "user.email", "t@t"});
    git({"config", "user.name", "t"});
  }
  void TearDown() override { fs::remove_all(root_); }

  void write(const std::string& path, const std::string& text) {
    fs::create_directories((root_ / path).parent_path());
    std::ofstream(root_ / path, std::ios::binary) << text;
  }
  std::string git(const std::vector<std::string>& args) {
    auto out = indexer::runGit(root_, args);
    EXPECT_TRUE(out) << args[0] << ": " << (out ? "" : out.error().message);
    return out ? *out : "";
  }
  std::vector<FileChange> diff(std::vector<std::string> revs) {
    std::vector<std::string> args{"diff"};
    for (auto& a : diffArguments()) args.push_back(a);
    for (auto& r : revs) args.push_back(r);
    return parseFullContextDiff(git(args));
  }
  const FileChange* find(const std::vector<FileChange>& all, const std::string& path) {
    for (const auto& f : all)
      if (f.path == path) return &f;
    return nullptr;
  }

  fs::path root_;
};

TEST_F(ChangeSet, BothVersionsAndTheLinesThatDiffer) {
  write("a.py", "def f():\n    return 1\n\n\ndef g():\n    return 2\n");
  write("gone.py", "x = 1\n");
  write("same.py", "def moved():\n    pass\n");
  git({"add", "-A"});
  git({"commit", "-qm", "one"});
  write("a.py", "def f():\n    return 10\n\n\ndef g():\n    return 2\n\n\ndef h():\n    pass\n");
  fs::remove(root_ / "gone.py");
  fs::rename(root_ / "same.py", root_ / "renamed.py");
  git({"add", "-A"});
  auto all = diff({"HEAD"});
  ASSERT_EQ(all.size(), 3u);

  const FileChange* a = find(all, "a.py");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->status, FileChange::Status::kModified);
  EXPECT_EQ(a->oldPath, "a.py");
  EXPECT_EQ(a->oldText, "def f():\n    return 1\n\n\ndef g():\n    return 2\n");
  EXPECT_EQ(a->newText, "def f():\n    return 10\n\n\ndef g():\n    return 2\n\n\ndef h():\n    pass\n");
  EXPECT_EQ(a->oldLines, (std::vector<LineRange>{{2, 2}}));
  EXPECT_EQ(a->newLines, (std::vector<LineRange>{{2, 2}, {7, 10}}));

  const FileChange* gone = find(all, "gone.py");
  ASSERT_NE(gone, nullptr);
  EXPECT_EQ(gone->status, FileChange::Status::kDeleted);
  EXPECT_EQ(gone->oldPath, "gone.py");
  EXPECT_EQ(gone->oldText, "x = 1\n");
  EXPECT_EQ(gone->oldLines, (std::vector<LineRange>{{1, 1}}));
  EXPECT_TRUE(gone->newText.empty());

  const FileChange* renamed = find(all, "renamed.py");
  ASSERT_NE(renamed, nullptr);
  EXPECT_EQ(renamed->status, FileChange::Status::kRenamed);
  EXPECT_EQ(renamed->oldPath, "same.py");
  EXPECT_TRUE(renamed->oldLines.empty());  // a pure rename: git prints no text
  EXPECT_TRUE(renamed->newLines.empty());
}

TEST_F(ChangeSet, AddedFilesMissingNewlinesAndQuotedNames) {
  write("keep.go", "package k\n");
  git({"add", "-A"});
  git({"commit", "-qm", "one"});
  write("keep.go", "package k\n\nfunc F() {}");  // no newline at the end
  write("new dir/with\ttab.py", "def t():\n    pass\n");
  write("caf\xc3\xa9.py", "x = 1\n");
  git({"add", "-A"});
  auto all = diff({"HEAD"});
  ASSERT_EQ(all.size(), 3u);
  const FileChange* keep = find(all, "keep.go");
  ASSERT_NE(keep, nullptr);
  EXPECT_EQ(keep->newText, "package k\n\nfunc F() {}");
  EXPECT_EQ(keep->oldText, "package k\n");
  EXPECT_EQ(keep->newLines, (std::vector<LineRange>{{2, 3}}));
  const FileChange* tab = find(all, "new dir/with\ttab.py");
  ASSERT_NE(tab, nullptr) << "git quotes a name with a tab; it is unquoted";
  EXPECT_EQ(tab->status, FileChange::Status::kAdded);
  EXPECT_TRUE(tab->oldPath.empty());
  EXPECT_EQ(tab->newLines, (std::vector<LineRange>{{1, 2}}));
  EXPECT_NE(find(all, "caf\xc3\xa9.py"), nullptr);
}

TEST_F(ChangeSet, BinaryFilesAndModeChangesCarryNoText) {
  write("blob.bin", std::string("\0\1\2\3", 4));
  write("run.sh", "echo hi\n");
  git({"add", "-A"});
  git({"commit", "-qm", "one"});
  write("blob.bin", std::string("\0\1\2\4", 4));
  fs::permissions(root_ / "run.sh", fs::perms::owner_exec, fs::perm_options::add);
  auto all = diff({"HEAD"});
  for (const auto& f : all) {
    EXPECT_TRUE(f.oldLines.empty() && f.newLines.empty()) << f.path;
    if (f.path == "blob.bin") {
      EXPECT_TRUE(f.binary);
    }
  }
}

TEST(ChangeSetParsing, UnquoteAndRanges) {
  EXPECT_EQ(unquoteGitPath("plain/path.py"), "plain/path.py");
  EXPECT_EQ(unquoteGitPath("\"b/a\\tb\\\"c\\\\d\""), "b/a\tb\"c\\d");
  EXPECT_EQ(unquoteGitPath("\"caf\\303\\251.py\""), "caf\xc3\xa9.py");
  std::vector<LineRange> r{{2, 4}, {9, 9}};
  EXPECT_FALSE(inRanges(r, 1));
  EXPECT_TRUE(inRanges(r, 2));
  EXPECT_TRUE(inRanges(r, 4));
  EXPECT_FALSE(inRanges(r, 5));
  EXPECT_TRUE(inRanges(r, 9));
  EXPECT_FALSE(inRanges(r, 10));
  EXPECT_TRUE(parseFullContextDiff("").empty());
  EXPECT_TRUE(parseFullContextDiff("not a diff\n@@ -1 +1 @@\n+x\n").empty());
}

}  // namespace
}  // namespace cg::tools
