// What makes a refresh with nothing to do cheap (issue 8: the kernel's no-change refresh from
// 85 s to 1 s), and that none of it serves stale answers:
//   - the walk keeps a file the index holds with the same size and mtime without opening it;
//   - a file whose extraction failed is not parsed again until it changes (unless it failed
//     for a reason this version no longer fails it for: nesting too deep);
//   - the totals (symbols, edges, unresolved) are cached in the database and forgotten by every
//     transaction that changes the index, including a refresh of a few paths that did not count.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <string>

#include "codegraph/indexer/indexer.h"
#include "codegraph/indexer/walker.h"
#include "codegraph/lang/extractor.h"
#include "codegraph/store/database.h"
#include "temp_tree.h"

namespace cg::indexer {
namespace {

using testing::TempTree;
namespace fs = std::filesystem;

std::unique_ptr<store::Database> openDb(const fs::path& path) {
  fs::create_directories(path.parent_path());
  store::OpenOptions o;
  o.path = path;
  auto opened = store::Database::open(o);
  EXPECT_TRUE(opened.ok()) << opened.error().message;
  return opened ? std::move(*opened) : nullptr;
}

IndexSummary refresh(store::Database& db, const fs::path& root,
                     std::vector<std::string> onlyPaths = {}, bool countTotals = true) {
  IndexOptions io;
  io.root = root;
  io.threads = 1;
  io.useGit = false;
  io.onlyPaths = std::move(onlyPaths);
  io.countTotals = countTotals;
  auto summary = indexRepository(db, io);
  EXPECT_TRUE(summary.ok()) << summary.error().message;
  return summary ? *summary : IndexSummary{};
}

// A C file whose parse gives up under setParseTimeLimitForTesting(0) (a few thousand tokens; one
// a line, so the walk does not take it for minified code).
std::string manyTokens() {
  std::string body;
  for (int i = 0; i < 1500; ++i) body += "  x = x + " + std::to_string(i) + ";\n";
  return "int deep(int x) {\n" + body + "  return x;\n}\n";
}

// Parses give up at once while it lives (the parser's time limit set to 0).
struct ParsesGiveUp {
  ParsesGiveUp() { lang::setParseTimeLimitForTesting(std::chrono::milliseconds(0)); }
  ~ParsesGiveUp() { lang::setParseTimeLimitForTesting(std::chrono::seconds(20)); }
};

void setMtime(const fs::path& p, fs::file_time_type t) { fs::last_write_time(p, t); }

TEST(RefreshFastPath, AKnownFileIsKeptWithoutBeingOpened) {
  TempTree t;
  // Binary content under a code name: classified, it is skipped as binary.
  t.write("a.py", std::string("def f():\n    pass\n\0\0\0", 21));
  WalkOptions wo;
  wo.root = t.root();
  wo.useGit = false;
  wo.threads = 1;
  auto plain = walkRepository(wo);
  ASSERT_TRUE(plain.ok());
  EXPECT_TRUE(plain->files.empty());
  EXPECT_EQ(plain->skipped[SkipReason::kBinary], 1u);

  // Known with this size and mtime: kept with the known language; its content is never read.
  const uint64_t size = fs::file_size(t.path("a.py"));
  int calls = 0;
  int64_t seenMtime = 0;
  wo.known = [&](std::string_view path, uint64_t s, int64_t m) -> const lang::Language* {
    ++calls;
    seenMtime = m;
    return path == "a.py" && s == size ? lang::languageById("python") : nullptr;
  };
  auto known = walkRepository(wo);
  ASSERT_TRUE(known.ok());
  ASSERT_EQ(known->files.size(), 1u);
  EXPECT_EQ(known->files[0].path, "a.py");
  EXPECT_EQ(known->files[0].language->id, "python");
  EXPECT_EQ(known->files[0].mtimeNs, seenMtime);
  EXPECT_EQ(calls, 1);

  // Not known (the callback says no): classified again.
  wo.known = [](std::string_view, uint64_t, int64_t) -> const lang::Language* { return nullptr; };
  auto unknown = walkRepository(wo);
  ASSERT_TRUE(unknown.ok());
  EXPECT_TRUE(unknown->files.empty());
}

TEST(RefreshFastPath, ARefreshDoesNotReparseAFileThatFailedUntilItChanges) {
  TempTree t;
  t.write("src/ok.c", "int ok(void) { return 1; }\n");
  auto db = openDb(t.path(".index/index.db"));
  ASSERT_TRUE(db);
  EXPECT_EQ(refresh(*db, t.root()).symbols, 1u);

  t.write("src/deep.c", manyTokens());
  {
    ParsesGiveUp giveUp;
    auto first = refresh(*db, t.root());
    EXPECT_EQ(first.parseFailures, 1u);
    EXPECT_EQ(first.failuresUnchanged, 0u);

    auto second = refresh(*db, t.root());
    EXPECT_EQ(second.parseFailures, 1u) << "still reported as not indexed";
    EXPECT_EQ(second.failuresUnchanged, 1u) << "and not parsed again";
    EXPECT_EQ(second.filesParsed, 0u);

    // A touch (same content, new mtime) retries it: the memory is of size and mtime.
    setMtime(t.path("src/deep.c"),
             fs::last_write_time(t.path("src/deep.c")) + std::chrono::seconds(5));
    auto touched = refresh(*db, t.root());
    EXPECT_EQ(touched.parseFailures, 1u);
    EXPECT_EQ(touched.failuresUnchanged, 0u);
  }

  // Fixed: indexed, and no longer remembered as failing (also through a refresh of its path).
  t.write("src/deep.c", "int deep(void) { return 2; }\n");
  setMtime(t.path("src/deep.c"), fs::last_write_time(t.path("src/deep.c")) + std::chrono::seconds(10));
  auto fixed = refresh(*db, t.root(), {"src/deep.c"}, false);
  EXPECT_EQ(fixed.parseFailures, 0u);
  EXPECT_EQ(fixed.filesParsed, 1u);
  auto after = refresh(*db, t.root());
  EXPECT_EQ(after.parseFailures, 0u);
  EXPECT_EQ(after.symbols, 2u) << "ok and deep";
}

// Nesting deeper than the extractor looks failed a whole file before; now the rest of the file
// is indexed, and a file remembered as failing for that reason is parsed again, unchanged.
TEST(RefreshFastPath, AFileRememberedAsTooDeepIsParsedAgain) {
  TempTree t;
  std::string open, close;
  for (int i = 0; i < 1500; ++i) open += "(\n", close += ")\n";
  t.write("src/deep.c", "int deep(void) { return\n" + open + "1\n" + close +
                            "; }\nint after(void) { return 0; }\n");
  auto db = openDb(t.path(".index/index.db"));
  ASSERT_TRUE(db);
  auto first = refresh(*db, t.root());
  EXPECT_EQ(first.parseFailures, 0u);
  EXPECT_EQ(first.symbols, 2u) << "deep and after";

  // As an earlier version left it: remembered as failed with this size and mtime.
  struct stat st {};
  ASSERT_EQ(::stat(t.path("src/deep.c").c_str(), &st), 0);
  const int64_t mtimeNs =
      static_cast<int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
  ASSERT_TRUE(db->setMeta("failed_files",
                          std::to_string(st.st_size) + " " + std::to_string(mtimeNs) +
                              " src/deep.c\tnesting deeper than 1000 levels; not extracted\n")
                  .ok());
  auto again = refresh(*db, t.root());
  EXPECT_EQ(again.parseFailures, 0u) << "not remembered as failing";
  EXPECT_EQ(again.symbols, 2u);
}

TEST(RefreshFastPath, TheCachedTotalsFollowEveryChange) {
  TempTree t;
  t.write("m.py", "def one():\n    return two()\n\ndef two():\n    return 2\n");
  auto db = openDb(t.path(".index/index.db"));
  ASSERT_TRUE(db);
  auto first = refresh(*db, t.root());
  EXPECT_EQ(first.symbols, 2u);
  EXPECT_EQ(first.edgesByKind["calls"], 1u);
  EXPECT_EQ(refresh(*db, t.root()).symbols, 2u) << "no change: the cached totals";

  // A refresh of one path that does not count (what a watching server runs) still forgets them.
  t.write("m.py", "def one():\n    return two() + three()\n\ndef two():\n    return 2\n\n"
                  "def three():\n    return 3\n");
  setMtime(t.path("m.py"), fs::last_write_time(t.path("m.py")) + std::chrono::seconds(5));
  auto partial = refresh(*db, t.root(), {"m.py"}, false);
  EXPECT_EQ(partial.filesParsed, 1u);
  auto counted = refresh(*db, t.root());
  EXPECT_EQ(counted.filesParsed, 0u);
  EXPECT_EQ(counted.symbols, 3u);
  EXPECT_EQ(counted.edgesByKind["calls"], 2u);

  // A removed file.
  fs::remove(t.path("m.py"));
  auto removed = refresh(*db, t.root());
  EXPECT_EQ(removed.filesRemoved, 1u);
  EXPECT_EQ(removed.symbols, 0u);
  EXPECT_EQ(removed.edgesByKind["calls"], 0u);
}

}  // namespace
}  // namespace cg::indexer
