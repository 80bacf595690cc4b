// A full index builds its secondary indexes in two steps (store/index_writer.h, bulk load): the
// ones the resolution reads before it, every other one after its results are written. Pinned
// here: those steps together build exactly schema.sql's indexes; a full index ends with all of
// them; and a full index stopped between the two steps (cancelled while resolving) leaves a
// database that the next run completes to the same index as an uninterrupted one, whether it
// goes on with the same connection (the server) or opens the file again (a new process).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

#include "codegraph/indexer/indexer.h"
#include "codegraph/store/database.h"
#include "codegraph/store/dump.h"
#include "codegraph/store/index_writer.h"
#include "store/statement.h"
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

// name → CREATE statement of every index the schema (not SQLite) made.
std::vector<std::string> indexes(store::Database& db) {
  std::vector<std::string> out;
  store::Statement s(db.handle(),
                     "SELECT name || ': ' || sql FROM sqlite_master WHERE type = 'index' AND "
                     "sql IS NOT NULL ORDER BY name");
  while (s.step()) out.push_back(s.text(0));
  return out;
}

std::vector<std::string> indexNames(store::Database& db) {
  std::vector<std::string> out;
  for (const auto& line : indexes(db)) out.push_back(line.substr(0, line.find(':')));
  return out;
}

// Every index a new database has: the whole schema.
std::vector<std::string> schemaIndexes(const fs::path& dir) {
  auto db = openDb(dir / "fresh.db");
  return db ? indexes(*db) : std::vector<std::string>{};
}

// A few files of three languages whose references bind across files, with inheritance (the
// resolution's first pass) and Go types (the structural pass after it).
void writeRepo(TempTree& t) {
  t.write("lib/util.h", "int helper(int x);\nstruct point { int x, y; };\n");
  t.write("lib/util.c", "#include \"util.h\"\nint helper(int x) { return x + 1; }\n");
  t.write("app/main.c",
          "#include \"../lib/util.h\"\nint twice(int x) { return helper(helper(x)); }\n"
          "int main(void) { struct point p; p.x = twice(1); return helper(p.x); }\n");
  t.write("py/shapes.py",
          "class Shape:\n    def area(self):\n        return 0\n\n"
          "class Square(Shape):\n    def area(self):\n        return super().area() + 1\n");
  t.write(
      "py/use.py",
      "from shapes import Square\n\ndef total(items):\n    return sum(s.area() for s in items)\n\n"
      "def main():\n    return total([Square()])\n");
  t.write("go/shape.go",
          "package shape\n\ntype Shape interface { Area() int }\n\ntype Sq struct{ n int }\n\n"
          "func (s Sq) Area() int { return s.n * s.n }\n\nfunc Sum(xs []Shape) int {\n"
          "\tt := 0\n\tfor _, x := range xs { t += x.Area() }\n\treturn t\n}\n");
}

IndexOptions options(const fs::path& root) {
  IndexOptions io;
  io.root = root;
  io.threads = 1;
  io.useGit = false;
  io.resolvePageRefs = 3;  // several pages, so a cancel can fall between two of them
  return io;
}

std::vector<std::string> dump(store::Database& db) {
  auto lines = store::dumpIndex(db, true);
  EXPECT_TRUE(lines.ok()) << lines.error().message;
  return lines ? *lines : std::vector<std::string>{};
}

TEST(BulkLoad, TheTwoStepsBuildExactlyTheSchemasIndexes) {
  TempTree t;
  const auto schema = schemaIndexes(t.root());
  ASSERT_FALSE(schema.empty());
  auto db = openDb(t.root() / "db" / "index.db");
  ASSERT_TRUE(db);
  store::IndexWriter writer(*db);
  ASSERT_TRUE(writer.beginBulkLoad().ok());
  ASSERT_TRUE(writer.buildResolveIndexes().ok());
  // Only the resolution's, plus the indexes of tables a bulk load leaves alone.
  std::vector<std::string> expected(store::kResolveIndexes.begin(), store::kResolveIndexes.end());
  expected.insert(expected.end(), {"doc_links_by_doc", "file_commits_by_file"});
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(indexNames(*db), expected);
  ASSERT_TRUE(writer.begin().ok());
  ASSERT_TRUE(writer.endBulkLoad().ok());
  ASSERT_TRUE(writer.commit().ok());
  EXPECT_EQ(indexes(*db), schema);
}

TEST(BulkLoad, AFullIndexEndsWithEveryIndexOfTheSchema) {
  TempTree t;
  writeRepo(t);
  auto db = openDb(t.root() / "db" / "index.db");
  ASSERT_TRUE(db);
  auto summary = indexRepository(*db, options(t.root()));
  ASSERT_TRUE(summary.ok()) << summary.error().message;
  EXPECT_TRUE(summary->fullIndex);
  EXPECT_EQ(indexes(*db), schemaIndexes(t.root()));
}

// Cancels a full index once the first page of resolutions is applied: between the two index
// steps, with part of the references bound in the transaction the cancel rolls back.
void cancelWhileResolving(store::Database& db, const fs::path& root) {
  std::atomic<bool> cancel{false};
  IndexOptions io = options(root);
  io.cancel = &cancel;
  io.progress = [&cancel](const IndexProgress& p) {
    if (p.phase == std::string("resolving") && p.done > 0) cancel = true;
  };
  auto summary = indexRepository(db, io);
  ASSERT_FALSE(summary.ok());
  EXPECT_EQ(summary.error().code, ErrorCode::kCancelled);
  // The files are written; of the indexes, only the resolution's are built.
  EXPECT_FALSE(dump(db).empty());
  auto names = indexNames(db);
  EXPECT_TRUE(std::find(names.begin(), names.end(), "refs_by_file") != names.end());
  EXPECT_TRUE(std::find(names.begin(), names.end(), "refs_to") == names.end());
}

TEST(BulkLoad, AFullIndexCancelledWhileResolvingIsCompletedByTheNextRun) {
  TempTree t;
  writeRepo(t);
  std::vector<std::string> expected;
  {
    auto clean = openDb(t.root() / "db" / "clean.db");
    ASSERT_TRUE(clean);
    ASSERT_TRUE(indexRepository(*clean, options(t.root())).ok());
    expected = dump(*clean);
  }
  ASSERT_FALSE(expected.empty());
  const auto schema = schemaIndexes(t.root());

  // The server: the same connection runs the next index.
  {
    auto db = openDb(t.root() / "db" / "same.db");
    ASSERT_TRUE(db);
    cancelWhileResolving(*db, t.root());
    auto again = indexRepository(*db, options(t.root()));
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_TRUE(again->fullIndex);
    EXPECT_EQ(dump(*db), expected);
    EXPECT_EQ(indexes(*db), schema);
  }
  // A new process: opening the file restores every index before anything reads it.
  {
    const fs::path path = t.root() / "db" / "reopened.db";
    {
      auto db = openDb(path);
      ASSERT_TRUE(db);
      cancelWhileResolving(*db, t.root());
    }
    auto db = openDb(path);
    ASSERT_TRUE(db);
    EXPECT_EQ(indexes(*db), schema);
    auto again = indexRepository(*db, options(t.root()));
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_TRUE(again->fullIndex);
    EXPECT_EQ(dump(*db), expected);
    EXPECT_EQ(indexes(*db), schema);
  }
}

}  // namespace
}  // namespace cg::indexer
