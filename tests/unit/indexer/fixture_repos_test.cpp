// Fixture repositories (tests/fixtures/<name>/) are indexed and their symbols and resolved
// edges compared with the hand-checked expected.txt beside them: any missing or extra line
// fails. Then the incremental invariant: after a scripted sequence of edits applied with
// refreshes, the database dumps exactly as a fresh full index of the final tree.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "codegraph/indexer/indexer.h"
#include "codegraph/store/database.h"
#include "codegraph/store/dump.h"

namespace fs = std::filesystem;

namespace {

fs::path fixturesRoot() { return fs::path(CG_SOURCE_DIR) / "tests" / "fixtures"; }

struct TempDir {
  fs::path path;
  TempDir() {
    std::random_device rd;
    path = fs::temp_directory_path() / ("cg-test-" + std::to_string(rd()) + std::to_string(rd()));
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

std::vector<std::string> indexAndDump(const fs::path& repo, const fs::path& dbPath, bool unresolved,
                                      size_t resolvePageRefs = cg::indexer::IndexOptions{}.resolvePageRefs,
                                      size_t heldDefinitions = cg::indexer::IndexOptions{}.resolveHeldDefinitions,
                                      unsigned threads = 2,
                                      size_t parallelBindRefs = cg::indexer::IndexOptions{}.parallelBindRefs,
                                      unsigned* bindThreads = nullptr) {
  cg::store::OpenOptions o;
  o.path = dbPath;
  auto db = cg::store::Database::open(o);
  EXPECT_TRUE(db.ok()) << (db.ok() ? "" : db.error().message);
  if (!db) return {};
  cg::indexer::IndexOptions io;
  io.root = fs::canonical(repo);
  io.threads = threads;
  io.resolvePageRefs = resolvePageRefs;
  io.resolveHeldDefinitions = heldDefinitions;
  io.parallelBindRefs = parallelBindRefs;
  auto summary = cg::indexer::indexRepository(**db, io);
  EXPECT_TRUE(summary.ok()) << (summary.ok() ? "" : summary.error().message);
  if (bindThreads && summary) *bindThreads = summary->bindThreads;
  auto lines = cg::store::dumpIndex(**db, unresolved);
  EXPECT_TRUE(lines.ok());
  return lines ? *lines : std::vector<std::string>{};
}

// expected.txt: the right lines. Known, tracked gaps are written as `gap: <right line>` (not
// produced yet: it must be absent, so a fix makes the test fail until the file is updated) and
// `gap-extra: <line>` (what is produced instead, expected until then).
struct Expected {
  std::vector<std::string> lines;  // sorted, gap-extra lines included
  std::vector<std::string> gaps;
};

Expected readExpected(const fs::path& file) {
  std::ifstream in(file);
  Expected out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (line.rfind("gap: ", 0) == 0) {
      out.gaps.push_back(line.substr(5));
      continue;
    }
    if (line.rfind("gap-extra: ", 0) == 0) line = line.substr(11);
    out.lines.push_back(line);
  }
  std::sort(out.lines.begin(), out.lines.end());
  return out;
}

std::vector<fs::path> fixtures() {
  std::vector<fs::path> out;
  if (!fs::exists(fixturesRoot())) return out;
  for (const auto& e : fs::directory_iterator(fixturesRoot()))
    if (e.is_directory() && fs::exists(e.path() / "expected.txt")) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string diff(const std::vector<std::string>& expected, const std::vector<std::string>& actual) {
  std::vector<std::string> missing, extra;
  std::set_difference(expected.begin(), expected.end(), actual.begin(), actual.end(), std::back_inserter(missing));
  std::set_difference(actual.begin(), actual.end(), expected.begin(), expected.end(), std::back_inserter(extra));
  std::string report;
  for (const auto& m : missing) report += "  missing: " + m + "\n";
  for (const auto& x : extra) report += "  extra:   " + x + "\n";
  return report;
}

void copyTree(const fs::path& from, const fs::path& to) {
  for (const auto& e : fs::recursive_directory_iterator(from)) {
    fs::path rel = fs::relative(e.path(), from);
    if (rel.filename() == "expected.txt") continue;
    if (e.is_directory()) fs::create_directories(to / rel);
    else if (e.is_regular_file()) {
      fs::create_directories((to / rel).parent_path());
      fs::copy_file(e.path(), to / rel);
    }
  }
}

std::vector<fs::path> sourceFiles(const fs::path& root) {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file()) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}


// A module that re-binds an imported module (`import impl1 as engine`) changes: the callers
// that went through it (`a.engine.run()` in another file, whose own text did not change) are
// re-resolved, and the refreshed index equals a full index of the new tree; likewise when the
// alias module is deleted.
TEST(FixtureRepos, RefreshFollowsAliasModuleChanges) {
  TempDir repo, work;
  auto write = [&](const std::string& rel, const std::string& text) {
    fs::create_directories((repo.path / rel).parent_path());
    std::ofstream(repo.path / rel) << text;
  };
  write("impl1.py", "def run():\n    return 1\n");
  write("impl2.py", "def run():\n    return 2\n");
  write("a.py", "import impl1 as engine\n");
  write("main.py", "import a\n\n\ndef go():\n    return a.engine.run()\n");
  auto before = indexAndDump(repo.path, work.path / "inc.db", true);
  EXPECT_NE(std::find(before.begin(), before.end(), "edge calls main.py::go::function -> impl1.py::run::function 1.00"),
            before.end());
  write("a.py", "import impl2 as engine\n");
  auto refreshed = indexAndDump(repo.path, work.path / "inc.db", true);
  auto full = indexAndDump(repo.path, work.path / "full1.db", true);
  EXPECT_EQ(refreshed, full);
  EXPECT_NE(std::find(refreshed.begin(), refreshed.end(), "edge calls main.py::go::function -> impl2.py::run::function 1.00"),
            refreshed.end());
  fs::remove(repo.path / "a.py");
  auto removed = indexAndDump(repo.path, work.path / "inc.db", true);
  auto fullRemoved = indexAndDump(repo.path, work.path / "full2.db", true);
  EXPECT_EQ(removed, fullRemoved);
}

}  // namespace

// Go: a type's methods may live in another file of its package. Removing the method there must
// remove the structural `implements` edge stored with the type's file (an earlier version read
// that edge back as a base of the type and so kept it alive).
TEST(FixtureRepos, GoStructuralEdgeFollowsAMethodInAnotherFile) {
  TempDir repo, work;
  auto write = [&](const std::string& rel, const std::string& text) {
    fs::create_directories((repo.path / rel).parent_path());
    std::ofstream(repo.path / rel) << text;
  };
  write("go.mod", "module example.com/m\n\ngo 1.19\n");
  write("shape/shape.go", "package shape\n\ntype Shape interface {\n\tArea() float64\n}\n\ntype Square struct {\n\tSide float64\n}\n");
  write("shape/area.go", "package shape\n\nfunc (s Square) Area() float64 { return s.Side * s.Side }\n");
  const std::string edge = "edge implements shape/shape.go::Square::struct -> shape/shape.go::Shape::interface 1.00";
  auto before = indexAndDump(repo.path, work.path / "inc.db", true);
  EXPECT_NE(std::find(before.begin(), before.end(), edge), before.end());
  write("shape/area.go", "package shape\n\nfunc (s Square) Perimeter() float64 { return 4 * s.Side }\n");
  auto refreshed = indexAndDump(repo.path, work.path / "inc.db", true);
  EXPECT_EQ(std::find(refreshed.begin(), refreshed.end(), edge), refreshed.end());
  EXPECT_EQ(refreshed, indexAndDump(repo.path, work.path / "full1.db", true));
  write("shape/area.go", "package shape\n\nfunc (s Square) Area() float64 { return s.Side * s.Side }\n");
  auto back = indexAndDump(repo.path, work.path / "inc.db", true);
  EXPECT_NE(std::find(back.begin(), back.end(), edge), back.end());
  EXPECT_EQ(back, indexAndDump(repo.path, work.path / "full2.db", true));
}

TEST(FixtureRepos, SymbolsAndEdgesMatchExpected) {
  auto all = fixtures();
  ASSERT_FALSE(all.empty()) << "no fixture repositories under tests/fixtures";
  for (const auto& fixture : all) {
    SCOPED_TRACE(fixture.filename().string());
    TempDir tmp;
    TempDir copy;
    copyTree(fixture, copy.path);  // outside any git work tree: the plain walk
    auto actual = indexAndDump(copy.path, tmp.path / "index.db", false);
    auto expected = readExpected(fixture / "expected.txt");
    std::string report = diff(expected.lines, actual);
    EXPECT_TRUE(report.empty()) << report;
    for (const auto& gap : expected.gaps)
      EXPECT_FALSE(std::binary_search(actual.begin(), actual.end(), gap))
          << "a known gap is fixed; move it out of the gap list: " << gap;
  }
}

// A full index resolves its references a page at a time (IndexOptions::resolvePageRefs); pages of
// 1 and 7 references, across files and languages, give the same index as one page for them all,
// also when the resolver forgets the definitions it read after every page.
TEST(FixtureRepos, PagedResolveEqualsOnePage) {
  for (const auto& fixture : fixtures()) {
    SCOPED_TRACE(fixture.filename().string());
    TempDir dbs;
    auto whole = indexAndDump(fixture, dbs.path / "whole.db", true, SIZE_MAX);
    ASSERT_FALSE(whole.empty());
    for (size_t page : {size_t{1}, size_t{7}}) {
      auto paged = indexAndDump(fixture, dbs.path / ("paged" + std::to_string(page) + ".db"), true, page);
      std::string report = diff(whole, paged);
      EXPECT_TRUE(report.empty()) << "pages of " << page << " differ:\n" << report;
      auto forgetful = indexAndDump(fixture, dbs.path / ("forget" + std::to_string(page) + ".db"), true, page, 0);
      report = diff(whole, forgetful);
      EXPECT_TRUE(report.empty()) << "pages of " << page << ", definitions forgotten after each, differ:\n" << report;
    }
  }
}

// A full index on several threads binds its pages on helper threads, each reading through a
// connection of its own (IndexOptions::parallelBindRefs): the same index as one thread binding
// everything, also with pages cut at every few references and definitions forgotten after each.
TEST(FixtureRepos, BindingOnHelperThreadsEqualsOneThread) {
  for (const auto& fixture : fixtures()) {
    SCOPED_TRACE(fixture.filename().string());
    TempDir dbs;
    auto serial = indexAndDump(fixture, dbs.path / "serial.db", true, SIZE_MAX, SIZE_MAX, 1);
    ASSERT_FALSE(serial.empty());
    for (unsigned threads : {2u, 3u}) {
      for (size_t page : {size_t{7}, size_t{40}, SIZE_MAX}) {
        const std::string name = std::to_string(threads) + "-" + std::to_string(page);
        unsigned bound = 0;
        auto helped = indexAndDump(fixture, dbs.path / (name + ".db"), true, page, 5, threads, 1, &bound);
        EXPECT_EQ(bound, threads) << "pages of " << page;
        std::string report = diff(serial, helped);
        EXPECT_TRUE(report.empty()) << threads << " threads, pages of " << page << " differ:\n" << report;
      }
    }
  }
}

TEST(FixtureRepos, IncrementalRefreshEqualsFullIndex) {
  for (const auto& fixture : fixtures()) {
    SCOPED_TRACE(fixture.filename().string());
    TempDir work, dbs;
    copyTree(fixture, work.path);
    indexAndDump(work.path, dbs.path / "incremental.db", true);
    auto files = sourceFiles(work.path);
    ASSERT_GE(files.size(), 2u);
    // 1. A file duplicated under a new name: its names become ambiguous.
    fs::copy_file(files[0], files[0].parent_path() / ("copy_" + files[0].filename().string()));
    indexAndDump(work.path, dbs.path / "incremental.db", true);
    // 2. The duplicate removed again, and another file deleted.
    fs::remove(files[0].parent_path() / ("copy_" + files[0].filename().string()));
    fs::remove(files[1]);
    indexAndDump(work.path, dbs.path / "incremental.db", true);
    // 3. A file renamed (moved), and one truncated to half (syntax errors: best effort).
    fs::rename(files[0], files[0].parent_path() / ("moved_" + files[0].filename().string()));
    if (files.size() > 2) {
      std::ifstream in(files[2]);
      std::stringstream ss;
      ss << in.rdbuf();
      std::string text = ss.str();
      in.close();
      std::ofstream(files[2], std::ios::trunc) << text.substr(0, text.size() / 2);
    }
    indexAndDump(work.path, dbs.path / "incremental.db", true);
    // 4. The deleted file restored.
    fs::copy_file(fixture / fs::relative(files[1], work.path), files[1]);
    auto incremental = indexAndDump(work.path, dbs.path / "incremental.db", true);
    auto full = indexAndDump(work.path, dbs.path / "full.db", true);
    std::string report = diff(full, incremental);
    EXPECT_TRUE(report.empty()) << "incremental differs from full index:\n" << report;
  }
}

// A deletion that changes what other files' imports reach: after `rm -rf` of the module in the
// middle, the refreshed index dumps exactly as a fresh one (a re-export, a wildcard import, a
// base class imported through a re-export, TypeScript's `export *`, and classes declared inside
// functions, whose binding once depended on which reference was resolved first).
TEST(FixtureRepos, IncrementalEqualsFullAfterAModuleIsDeleted) {
  struct Case {
    const char* name;
    std::vector<std::pair<const char*, const char*>> files;
    const char* removed;
  };
  const std::vector<Case> cases = {
      {"python re-export",
       {{"pkg/__init__.py", ""},
        {"a.py", "from pkg.b import foo\n\ndef main():\n    foo()\n"},
        {"pkg/b/__init__.py", "from c import foo\n"},
        {"c.py", "def foo():\n    pass\n"}},
       "pkg/b"},
      {"python wildcard",
       {{"pkg/__init__.py", ""},
        {"a.py", "from pkg.b import *\n\ndef main():\n    foo()\n"},
        {"pkg/b/__init__.py", "from c import *\n"},
        {"c.py", "def foo():\n    pass\n"}},
       "pkg/b"},
      {"python base class",
       {{"pkg/__init__.py", ""},
        {"a.py", "from pkg.b import Base\n\nclass A(Base):\n    def run(self):\n        self.go()\n"},
        {"pkg/b/__init__.py", "from c import Base\n"},
        {"c.py", "class Base:\n    def go(self):\n        pass\n"}},
       "pkg/b"},
      {"typescript export *",
       {{"a.ts", "import { foo } from './b';\nexport function main() { foo(); }\n"},
        {"b/index.ts", "export * from '../c';\n"},
        {"c.ts", "export function foo() {}\n"}},
       "b"},
      {"javascript local classes",
       {{"a.js",
         "function f() { class T { run() {} } return T; }\nfunction g() { class T { stop() {} } return T; }\n"
         "function h() { new T().run(); }\n"},
        {"lib/b.js", "class B { run() {} }\n"}},
       "lib"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    TempDir work, dbs;
    for (const auto& [rel, text] : c.files) {
      fs::create_directories((work.path / rel).parent_path());
      std::ofstream(work.path / rel) << text;
    }
    indexAndDump(work.path, dbs.path / "incremental.db", true);
    fs::remove_all(work.path / c.removed);
    auto incremental = indexAndDump(work.path, dbs.path / "incremental.db", true);
    auto full = indexAndDump(work.path, dbs.path / "full.db", true);
    std::string report = diff(full, incremental);
    EXPECT_TRUE(report.empty()) << "incremental differs from full index:\n" << report;
  }
}
