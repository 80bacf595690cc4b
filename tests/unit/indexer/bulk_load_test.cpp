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
#include "codegraph/store/transaction.h"
#include "indexer/resolver.h"
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

TEST(BulkLoad, TheThreeStepsBuildExactlyTheSchemasIndexes) {
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
  // Then the ones the graph is read through: the analytics' load reads every edge through
  // refs_graph_edges alone (no table row), as it does with all indexes.
  {
    auto tx = store::Transaction::begin(*db, store::Transaction::Mode::kWrite);
    ASSERT_TRUE(tx.ok());
    ASSERT_TRUE(writer.buildIndexes(store::kGraphIndexes).ok());
    ASSERT_TRUE(tx->commit().ok());
  }
  expected.insert(expected.end(), store::kGraphIndexes.begin(), store::kGraphIndexes.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(indexNames(*db), expected);
  store::Statement plan(db->handle(),
                        "EXPLAIN QUERY PLAN SELECT source_id, target_id, kind, confidence, file_id FROM refs "
                        "WHERE target_id IS NOT NULL AND source_id IS NOT NULL AND dropped = 0");
  std::string steps;
  while (plan.step()) steps += plan.text(3) + "\n";
  EXPECT_NE(steps.find("COVERING INDEX refs_graph_edges"), std::string::npos) << steps;
  {
    auto tx = store::Transaction::begin(*db, store::Transaction::Mode::kWrite);
    ASSERT_TRUE(tx.ok());
    ASSERT_TRUE(writer.endBulkLoad().ok());
    ASSERT_TRUE(tx->commit().ok());
  }
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

// A read or write binds only a variable or constant, so the resolver reads those alone, and the
// kind in symbols_by_name_kind's entries lets SQLite skip the other definitions of the name
// without reading their rows (the kernel has 5,612 fields named `flags`): the statement
// checks the kind on the index entry (a deferred seek) before any column of the table.
TEST(BulkLoad, ValueDefinitionsAreReadWithoutTheRowsOfOtherKinds) {
  TempTree t;
  t.write("a.c", "int flags;\nstatic const int limit = 3;\nstruct s { int flags; };\n"
                 "struct u { long flags; };\nint f(struct s *p) { return p->flags + flags; }\n");
  auto db = openDb(t.root() / "db" / "index.db");
  ASSERT_TRUE(db);
  auto summary = indexRepository(*db, options(t.root()));
  ASSERT_TRUE(summary.ok()) << summary.error().message;
  store::IndexReader reader(*db);
  auto all = reader.definitionsNamed("flags");
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(all->size(), 3u);
  auto values = reader.valueDefinitionsNamed("flags");
  ASSERT_TRUE(values.ok());
  ASSERT_EQ(values->size(), 1u);
  EXPECT_EQ(values->front().qualifiedName, "flags");
  EXPECT_EQ(values->front().kind, model::SymbolKind::kVariable);
  auto constants = reader.valueDefinitionsNamed("limit");
  ASSERT_TRUE(constants.ok());
  EXPECT_EQ(constants->size(), 1u);

  std::vector<std::string> ops;
  store::Statement plan(db->handle(),
                        "EXPLAIN SELECT id, file_id, coalesce(parent_id, 0), qualified_name, kind, "
                        "start_line, end_line FROM symbols WHERE name='flags' AND "
                        "kind IN ('variable', 'constant')");
  while (plan.step()) ops.push_back(plan.text(1));
  const auto deferred = std::find(ops.begin(), ops.end(), "DeferredSeek");
  EXPECT_NE(deferred, ops.end()) << "the table row is read before the kind is checked";

  // `symbols` reads a name's definitions most central first and stops at its limit: the index
  // holds them in that order (no sort of all of them first).
  store::Statement order(db->handle(),
                         "EXPLAIN QUERY PLAN SELECT id FROM symbols WHERE name='flags' "
                         "ORDER BY centrality DESC, id LIMIT 2");
  std::string steps;
  while (order.step()) steps += order.text(3) + "\n";
  EXPECT_NE(steps.find("symbols_by_name_kind"), std::string::npos) << steps;
  EXPECT_EQ(steps.find("TEMP B-TREE"), std::string::npos) << steps;
}

// A database written by an older version, with `oldIndexSql` where the schema now has
// `current`, gets the current index when a writer opens it, and loses the old one (`old`).
void expectReplacedOnOpen(const std::string& current, const std::string& old, const std::string& oldIndexSql) {
  TempTree t;
  const fs::path path = t.root() / "db" / "index.db";
  {
    auto db = openDb(path);
    ASSERT_TRUE(db);
    ASSERT_TRUE(db->exec("DROP INDEX " + current + ";" + oldIndexSql).ok());
    const auto before = indexNames(*db);
    ASSERT_NE(std::find(before.begin(), before.end(), old), before.end()) << old;
  }
  auto db = openDb(path);
  ASSERT_TRUE(db);
  const auto names = indexNames(*db);
  EXPECT_NE(std::find(names.begin(), names.end(), current), names.end()) << current;
  EXPECT_EQ(std::find(names.begin(), names.end(), old), names.end()) << old;
}

TEST(BulkLoad, OlderIndexesAreReplacedOnOpen) {
  // Before the kind was in the name index.
  expectReplacedOnOpen("symbols_by_name_kind", "symbols_by_name_rank",
                       "CREATE INDEX symbols_by_name_rank ON symbols(name, centrality DESC);");
  // Before the graph's edge index held `dropped`, without which it did not cover the graph's read.
  expectReplacedOnOpen("refs_graph_edges", "refs_edges",
                       "CREATE INDEX refs_edges ON refs(source_id, target_id, kind, confidence, file_id) "
                       "WHERE target_id IS NOT NULL AND source_id IS NOT NULL AND dropped = 0;");
}

// A resolver whose read of the index fails (here: the table is gone under it) says so, instead
// of binding as if the name had no definitions; the pipeline fails the run on it.
TEST(BulkLoad, AResolverSaysWhenAReadOfTheIndexFailed) {
  TempTree t;
  t.write("a.c", "int limit;\nint f(void) { return g() + limit; }\nint g(void) { return 1; }\n");
  auto db = openDb(t.root() / "db" / "index.db");
  ASSERT_TRUE(db);
  auto summary = indexRepository(*db, options(t.root()));
  ASSERT_TRUE(summary.ok()) << summary.error().message;
  store::IndexWriter writer(*db);
  store::IndexReader reader(*db);
  auto refs = writer.refsPage(store::RefPage::kOthers, 0, 0, 100);
  ASSERT_TRUE(refs.ok());
  ASSERT_FALSE(refs->empty());
  {
    Resolver healthy(reader);
    ASSERT_TRUE(healthy.prepare().ok());
    (void)healthy.resolveMore(*refs);
    EXPECT_TRUE(healthy.readStatus().ok());
  }
  Resolver resolver(reader);
  ASSERT_TRUE(resolver.prepare().ok());
  ASSERT_TRUE(db->exec("DROP TABLE symbols_fts; DROP TABLE symbols;").ok());
  (void)resolver.resolveMore(*refs);
  auto status = resolver.readStatus();
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find("reading the index"), std::string::npos) << status.error().message;
}

}  // namespace
}  // namespace cg::indexer
