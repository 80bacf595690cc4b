// The .gitignore walk on small temporary trees: every skip rule, symlinks, unreadable entries,
// and classifyFile on single files. Git mode and the parallel-equals-serial check are in
// walker_git_test.cpp.
#include <dirent.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "codegraph/indexer/walker.h"
#include "indexer/file_kind.h"
#include "indexer/gitignore.h"
#include "temp_tree.h"

namespace cg::indexer {
namespace {

using testing::TempTree;

WalkResult walk(const std::filesystem::path& root, unsigned threads = 1,
                uint64_t maxFileBytes = 1 << 20) {
  WalkOptions o;
  o.root = root;
  o.useGit = false;
  o.threads = threads;
  o.maxFileBytes = maxFileBytes;
  auto r = walkRepository(o);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? std::move(r).value() : WalkResult{};
}

std::vector<std::string> paths(const WalkResult& r) {
  std::vector<std::string> out;
  for (const auto& f : r.files) out.push_back(f.path);
  return out;
}

uint64_t skipped(const WalkResult& r, SkipReason reason) {
  auto it = r.skipped.find(reason);
  return it == r.skipped.end() ? 0 : it->second;
}

std::string lines(size_t count, size_t width) {
  std::string s;
  for (size_t i = 0; i < count; ++i) s += "x = " + std::string(width - 5, '1') + "\n";
  return s;
}

using Paths = std::vector<std::string>;

TEST(WalkSkip, ContentRules) {
  TempTree t;
  t.write("main.py", "print('hi')\n");
  t.write("bin.c", std::string("int x;\0\1\2", 9));
  t.write("big.py", std::string(3000, '#'));   // over the 2000-byte limit below
  t.write("big.dat", std::string(3000, 'x'));  // over the limit, no language: unsupported
  t.write("notes.txt", "just text\n");
  t.write("Makefile", "all:\n\ttrue\n");
  t.write("tool", "#!/usr/bin/env python3\nprint(1)\n");              // a language by its shebang
  t.write("app.min.js", "var a=1;" + std::string(1900, 'b') + "\n");  // 1.9 KB: too short
  WalkResult r = walk(t.root(), 1, 2000);
  EXPECT_EQ(paths(r), (Paths{"app.min.js", "main.py", "tool"}));
  EXPECT_EQ(skipped(r, SkipReason::kBinary), 1u);
  EXPECT_EQ(skipped(r, SkipReason::kTooLarge), 1u);
  EXPECT_EQ(skipped(r, SkipReason::kUnsupported), 3u);  // big.dat, notes.txt, Makefile
  EXPECT_EQ(r.skipped.size(), 3u);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_FALSE(r.usedGit);
  ASSERT_EQ(r.files.size(), 3u);
  EXPECT_EQ(r.files[1].language->id, "python");
  EXPECT_EQ(r.files[2].language->id, "python");
}

TEST(WalkSkip, Minified) {
  TempTree t;
  t.write("bundle.js", "/*! lib v1 */\n!function(e){" + std::string(9000, 'e') + "}();\n");
  t.write("wide.js", lines(30, 400));   // average 400 bytes a line
  t.write("long.py", lines(2500, 80));  // 200 KB of ordinary code
  t.write("some_long_lines.py", lines(100, 60) + lines(3, 1000) + lines(100, 60));
  t.write("short_one_line.js", std::string(1500, 'z'));  // small files are never minified
  t.write("README.md", lines(8, 1200));                  // prose: long paragraphs are normal
  WalkResult r = walk(t.root());
  EXPECT_EQ(paths(r), (Paths{"README.md", "long.py", "short_one_line.js", "some_long_lines.py"}));
  EXPECT_EQ(skipped(r, SkipReason::kMinified), 2u);
}

TEST(WalkSkip, LooksMinifiedRule) {
  EXPECT_FALSE(looksMinified(lines(100, 80), 8000));
  EXPECT_TRUE(looksMinified(std::string(4001, 'a'), 100000));
  EXPECT_FALSE(looksMinified(std::string(4000, 'a') + "\n" + lines(50, 40), 100000));
  EXPECT_TRUE(looksMinified(lines(20, 310), 6200));
  EXPECT_FALSE(looksMinified(lines(20, 290), 5800));
  EXPECT_FALSE(looksMinified(std::string(5000, 'a'), kMinifiedMinFileBytes));  // too small
  // CRLF and CR-only line ends count as line ends.
  std::string crlf, cr;
  for (int i = 0; i < 60; ++i)
    crlf += std::string(70, 'c') + "\r\n", cr += std::string(70, 'c') + "\r";
  EXPECT_FALSE(looksMinified(crlf, 100000));
  EXPECT_FALSE(looksMinified(cr, 100000));
}

TEST(WalkSkip, BuiltinDirectoriesAndHiddenFolders) {
  TempTree t;
  for (const char* d : {"node_modules", "vendor", "build", "dist", "out", "target", "__pycache__",
                        "bower_components", "cmake-build-debug", ".hidden", ".venv", "src/.cache",
                        "src/node_modules", "src/deep/vendor"})
    t.write(std::string(d) + "/x.py", "x = 1\n");
  t.write("src/main.py", "x = 1\n");
  t.write("src/vendor.go", "package src\n");  // a file named like a skipped folder is kept
  t.write("build.py", "x = 1\n");
  t.write(".eslintrc.js", "module.exports = {};\n");  // hidden file with a language: kept
  t.write("src/.prettierrc.cjs", "module.exports = {};\n");
  t.write(".hidden/.eslintrc.js", "module.exports = {};\n");
  t.write("env/pyvenv.cfg", "home = /usr/bin\n");  // a virtualenv, recognised by its marker
  t.write("env/lib/site.py", "x = 1\n");
  t.write("lib/venv/__init__.py", "x = 1\n");  // a package named venv is ordinary code
  WalkResult r = walk(t.root());
  EXPECT_EQ(paths(r), (Paths{".eslintrc.js", "build.py", "lib/venv/__init__.py",
                             "src/.prettierrc.cjs", "src/main.py", "src/vendor.go"}));
  EXPECT_TRUE(r.skipped.empty());  // skipped folders are not counted, like ignored ones
}

TEST(WalkSkip, BuiltinSkipList) {
  for (const char* n :
       {".git", ".venv", ".idea", "node_modules", "vendor", "build", "dist", "out", "target",
        "__pycache__", "bower_components", "jspm_packages", "cmake-build-release"})
    EXPECT_TRUE(isBuiltinSkippedDir(n)) << n;
  for (const char* n : {"src", "lib", "builder", "output", "vendors", "cmake", "Build", "venv", ""})
    EXPECT_FALSE(isBuiltinSkippedDir(n)) << n;
}

TEST(WalkSkip, ReasonNames) {
  EXPECT_EQ(toString(SkipReason::kBinary), "binary");
  EXPECT_EQ(toString(SkipReason::kTooLarge), "too_large");
  EXPECT_EQ(toString(SkipReason::kMinified), "minified");
  EXPECT_EQ(toString(SkipReason::kUnreadable), "unreadable");
  EXPECT_EQ(toString(SkipReason::kSymlinkOutside), "symlink_outside");
  EXPECT_EQ(toString(SkipReason::kSymlinkLoop), "symlink_loop");
  EXPECT_EQ(toString(SkipReason::kUnsupported), "unsupported");
}

TEST(WalkGitignore, RulesApplyInTheDirectoryWalk) {
  TempTree t;
  t.mkdir(".git/info");
  t.write(".git/info/exclude", "local_only.py\n");
  t.write(".gitignore",
          "*.gen.py\n!keep.gen.py\n/top_only.py\nlogs/\n!logs/important.py\ngen/**\n"
          "!gen/kept.py\n");
  t.write("a.gen.py", "");
  t.write("keep.gen.py", "x = 1\n");
  t.write("top_only.py", "");
  t.write("src/top_only.py", "x = 1\n");
  t.write("logs/important.py", "");  // under an ignored directory: no way back
  t.write("gen/kept.py", "x = 1\n");
  t.write("gen/dropped.py", "");
  t.write("local_only.py", "");
  t.write("src/.gitignore", "!*.gen.py\nprivate/\n");
  t.write("src/b.gen.py", "x = 1\n");
  t.write("src/private/p.py", "");
  t.write("src/deeper/.gitignore", "*.py\n");
  t.write("src/deeper/d.py", "");
  t.write("src/deeper/d.go", "package d\n");
  WalkResult r = walk(t.root());
  EXPECT_EQ(paths(r), (Paths{"gen/kept.py", "keep.gen.py", "src/b.gen.py", "src/deeper/d.go",
                             "src/top_only.py"}));
  // .gitignore files are walked too (no language: unsupported); ignored entries are counted apart:
  // a.gen.py, top_only.py, logs/, gen/dropped.py, local_only.py, src/private/, src/deeper/d.py.
  EXPECT_EQ(skipped(r, SkipReason::kUnsupported), 3u);
  EXPECT_EQ(r.ignored, 7u);
  // The watcher's single-path check agrees with the walk.
  for (const char* p : {"a.gen.py", "top_only.py", "logs/important.py", "gen/dropped.py",
                        "local_only.py", "src/private/p.py", "src/deeper/d.py"})
    EXPECT_TRUE(isPathIgnored(t.root(), p, false)) << p;
  for (const auto& f : r.files) EXPECT_FALSE(isPathIgnored(t.root(), f.path, false)) << f.path;
}

// Debian's linux-source tarball ends the kernel's .gitignore with "/*" and "!/debian/": git and
// this walk then find nothing to index. The result says why (the walk also logs a warning).
TEST(WalkGitignore, ATopLevelRuleThatIgnoresEverythingIsCounted) {
  TempTree t;
  t.write(".gitignore", "*.o\n/*\n!/debian/\n");
  t.write("kernel/sched.c", "int x;\n");
  t.write("mm/slab.c", "int y;\n");
  t.write("Makefile", "all:\n");
  WalkResult r = walk(t.root(), 2);
  EXPECT_TRUE(r.files.empty()) << paths(r).front();
  EXPECT_EQ(r.ignored, 4u);  // kernel/, mm/, Makefile and .gitignore itself
}

TEST(WalkSymlink, InsideIsFollowedOutsideIsCounted) {
  TempTree t;
  t.write("src/main.py", "x = 1\n");
  t.symlink("src/main.py", "link.py");
  t.symlink("src", "alias");              // a directory inside: walked under the link's path
  t.symlink("/etc", "etc");               // outside
  t.symlink("/etc/passwd", "passwd.py");  // outside, to a file
  t.symlink("..", "up");                  // the root's parent: outside
  t.mkdir(".hidden");
  t.write(".hidden/h.py", "x = 1\n");
  t.symlink(".hidden", "unhidden");  // would undo the hidden-folder skip: not walked
  WalkResult r = walk(t.root());
  EXPECT_EQ(paths(r), (Paths{"alias/main.py", "link.py", "src/main.py"}));
  EXPECT_EQ(skipped(r, SkipReason::kSymlinkOutside), 3u);
  EXPECT_TRUE(r.errors.empty());
  ASSERT_EQ(r.files.size(), 3u);
  EXPECT_EQ(r.files[1].size, 6u);  // size from the target
}

TEST(WalkSymlink, LoopsAreCountedAndTheWalkGoesOn) {
  TempTree t;
  t.write("src/main.py", "x = 1\n");
  t.symlink("..", "src/parent");  // a directory loop back to the root
  t.symlink(".", "src/self");     // the directory itself
  t.symlink("b.py", "a.py");      // a link cycle: ELOOP
  t.symlink("a.py", "b.py");
  t.symlink("nowhere.py", "dangling.py");
  WalkResult r = walk(t.root());
  EXPECT_EQ(paths(r), (Paths{"src/main.py"}));
  EXPECT_EQ(skipped(r, SkipReason::kSymlinkLoop), 4u);
  EXPECT_EQ(skipped(r, SkipReason::kUnreadable), 1u);
  ASSERT_EQ(r.errors.size(), 5u);
  EXPECT_EQ(r.errors[0].first, "a.py");
  EXPECT_EQ(r.errors[2].first, "dangling.py");
  EXPECT_EQ(r.errors[2].second, "dangling symlink");
  EXPECT_EQ(r.errors[3].first, "src/parent");
  EXPECT_EQ(r.errors[4].first, "src/self");
}

TEST(WalkUnreadable, FileAndDirectoryAreCountedWithTheirError) {
  TempTree t;
  t.write("ok.py", "x = 1\n");
  t.write("locked.py", "x = 1\n");
  t.write("closed/inner.py", "x = 1\n");
  ::chmod(t.path("locked.py").c_str(), 0);
  ::chmod(t.path("closed").c_str(), 0);
  testing::DropFileCapabilities drop;  // as root, chmod 000 alone does not stop a read
  DIR* probe = ::opendir(t.path("closed").c_str());
  if (probe != nullptr) ::closedir(probe);
  if (testing::canRead(t.path("locked.py")) || probe != nullptr)
    GTEST_SKIP() << "this process reads mode-000 files even without CAP_DAC_OVERRIDE and "
                    "CAP_DAC_READ_SEARCH in its effective set, so no unreadable entry can be made";
  for (unsigned threads : {1u, 2u}) {
    WalkResult r = walk(t.root(), threads);
    EXPECT_EQ(paths(r), (Paths{"ok.py"}));
    EXPECT_EQ(skipped(r, SkipReason::kUnreadable), 2u);
    ASSERT_EQ(r.errors.size(), 2u);
    EXPECT_EQ(r.errors[0].first, "closed");
    EXPECT_NE(r.errors[0].second.find("Permission denied"), std::string::npos)
        << r.errors[0].second;
    EXPECT_EQ(r.errors[1].first, "locked.py");
    EXPECT_NE(r.errors[1].second.find("Permission denied"), std::string::npos)
        << r.errors[1].second;
  }
}

TEST(WalkResultShape, PathsSizesAndTimes) {
  TempTree t;
  t.write("a/b/c.py", "x = 1\n");
  t.write("z.go", "package z\n");
  WalkResult r = walk(t.root());
  ASSERT_EQ(paths(r), (Paths{"a/b/c.py", "z.go"}));
  struct stat st {};
  ASSERT_EQ(::stat(t.path("a/b/c.py").c_str(), &st), 0);
  EXPECT_EQ(r.files[0].size, 6u);
  EXPECT_EQ(r.files[0].mtimeNs, int64_t{st.st_mtim.tv_sec} * 1'000'000'000 + st.st_mtim.tv_nsec);
  EXPECT_EQ(r.files[1].language->id, "go");
}

TEST(WalkResultShape, BadRootsAreErrors) {
  TempTree t;
  t.write("f.py", "");
  WalkOptions o;
  o.root = "relative/path";
  auto r = walkRepository(o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::kInvalidArgument);
  o.root = t.path("missing");
  r = walkRepository(o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::kNotFound);
  o.root = t.path("f.py");
  r = walkRepository(o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::kInvalidArgument);
}

TEST(WalkClassify, SingleFiles) {
  TempTree t;
  t.write("src/a.py", "x = 1\n");
  t.write("src/b.bin.c", std::string("a\0b", 3));
  t.symlink("/etc", "src/etc");
  t.symlink("src", "alias");
  const auto& root = t.root();
  FileVerdict v = classifyFile(root, "src/a.py", 1 << 20);
  EXPECT_FALSE(v.skip.has_value());
  ASSERT_NE(v.language, nullptr);
  EXPECT_EQ(v.language->id, "python");
  EXPECT_EQ(v.size, 6u);
  EXPECT_GT(v.mtimeNs, 0);
  EXPECT_EQ(classifyFile(root, "src/b.bin.c", 1 << 20).skip, SkipReason::kBinary);
  EXPECT_EQ(classifyFile(root, "src/a.py", 3).skip, SkipReason::kTooLarge);
  EXPECT_EQ(classifyFile(root, "alias/a.py", 1 << 20).skip, std::nullopt);
  EXPECT_EQ(classifyFile(root, "src/etc/hostname", 1 << 20).skip, SkipReason::kSymlinkOutside);
  EXPECT_EQ(classifyFile(root, "src/etc", 1 << 20).skip, SkipReason::kSymlinkOutside);
  EXPECT_EQ(classifyFile(root, "src", 1 << 20).skip, SkipReason::kUnsupported);
  EXPECT_EQ(classifyFile(root, "src/missing.py", 1 << 20).skip, SkipReason::kUnreadable);
  EXPECT_EQ(classifyFile(root, "../etc/passwd", 1 << 20).skip, SkipReason::kUnreadable);
  EXPECT_EQ(classifyFile(root, "/etc/passwd", 1 << 20).skip, SkipReason::kUnreadable);
  EXPECT_EQ(classifyFile(root, "src/./a.py", 1 << 20).skip, SkipReason::kUnreadable);
}

}  // namespace
}  // namespace cg::indexer
