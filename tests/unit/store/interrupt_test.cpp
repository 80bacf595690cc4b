// A cancelled tool call interrupts a long SQLite statement (docs/SECURITY.md, the time limit of
// one call): read-only connections have a progress handler that stops a statement once the
// calling thread's StopScope flag is set (the server sets it on a cancel, at the time limit and
// on stop), so a worker is not held by one statement after its call was answered.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "codegraph/store/database.h"
#include "codegraph/store/sqlite_index.h"
#include "codegraph/support/stop_scope.h"
#include "store/statement.h"

namespace cg::store {
namespace {

namespace fs = std::filesystem;

// About ten million SQLite instructions: far longer than the handler's period.
constexpr const char* kLongStatement =
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000) "
    "SELECT count(*) FROM c";

class StoreInterrupt : public ::testing::Test {
 protected:
  StoreInterrupt() {
    std::random_device rd;
    dir_ = fs::temp_directory_path() / ("cg-interrupt-" + std::to_string(rd()));
    fs::create_directories(dir_);
    OpenOptions o;
    o.path = dir_ / "index.db";
    auto writer = Database::open(o);  // creates the schema
    EXPECT_TRUE(writer) << writer.error().message;
  }
  ~StoreInterrupt() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  std::unique_ptr<Database> open(bool readOnly) {
    OpenOptions o;
    o.path = dir_ / "index.db";
    o.readOnly = readOnly;
    auto db = Database::open(o);
    EXPECT_TRUE(db) << db.error().message;
    return db ? std::move(*db) : nullptr;
  }
  fs::path dir_;
};

// kLongStatement with each of its million rows counted as it is produced (counted(x) counts and
// returns x), so that a test sees how far the statement got.
constexpr const char* kCountedLongStatement =
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000) "
    "SELECT count(counted(x)) FROM c";

void countRowsOn(sqlite3* db, int64_t* rows) {
  ASSERT_EQ(sqlite3_create_function(
                db, "counted", 1, SQLITE_UTF8, rows,
                [](sqlite3_context* ctx, int, sqlite3_value** argv) {
                  ++*static_cast<int64_t*>(sqlite3_user_data(ctx));
                  sqlite3_result_value(ctx, argv[0]);
                },
                nullptr, nullptr),
            SQLITE_OK);
}

TEST_F(StoreInterrupt, AReadersLongStatementStopsWhenTheCallIsCancelled) {
  auto reader = open(true);
  ASSERT_TRUE(reader);
  int64_t rows = 0;
  ASSERT_NO_FATAL_FAILURE(countRowsOn(reader->handle(), &rows));
  std::atomic<bool> cancelled{false};
  support::StopScope scope(&cancelled);
  {
    Statement st(reader->handle(), kCountedLongStatement);
    ASSERT_TRUE(st.step()) << st.error();  // not cancelled: runs to the end
    EXPECT_EQ(st.i64(0), 1000000);
    EXPECT_EQ(rows, 1000000);
  }
  cancelled = true;
  rows = 0;
  Statement st(reader->handle(), kCountedLongStatement);
  EXPECT_FALSE(st.step());
  EXPECT_EQ(st.lastCode(), SQLITE_INTERRUPT) << st.error();  // ended by the interrupt
  // ... and at once: the progress handler asks every 1,000 VM instructions and a row takes
  // several, so the statement stops within its first thousand rows, not after all million.
  EXPECT_LE(rows, 1000);
  EXPECT_EQ(sqliteError(reader->handle(), "count").code, ErrorCode::kCancelled);
  cancelled = false;  // the connection is usable again
  Statement again(reader->handle(), "SELECT 7");
  ASSERT_TRUE(again.step()) << again.error();
  EXPECT_EQ(again.i64(0), 7);
}

TEST_F(StoreInterrupt, WritersAndThreadsOutsideACallAreNeverInterrupted) {
  auto writer = open(false);
  auto reader = open(true);
  ASSERT_TRUE(writer && reader);
  std::atomic<bool> cancelled{true};
  {
    support::StopScope scope(&cancelled);
    Statement st(writer->handle(), kLongStatement);  // the writer has no progress handler
    ASSERT_TRUE(st.step()) << st.error();
    EXPECT_EQ(st.i64(0), 1000000);
  }
  Statement st(reader->handle(), kLongStatement);  // no StopScope on this thread any more
  ASSERT_TRUE(st.step()) << st.error();
  EXPECT_EQ(st.i64(0), 1000000);
}

// A read that SQLite stops half-way (here an interrupt; an I/O error the same) is an error for
// the caller, never a complete-looking but shorter list.
TEST_F(StoreInterrupt, AnInterruptedReadIsAnErrorNotAShorterList) {
  {
    auto writer = open(false);
    ASSERT_TRUE(writer);
    ASSERT_TRUE(writer->exec(
        "INSERT INTO files(id, path, language, size, mtime_ns, hash, lines, is_test) "
        "VALUES (1, 'big.c', 'c', 1, 1, '0', 20000, 0)"));
    ASSERT_TRUE(writer->exec(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) "
        "INSERT INTO symbols(file_id, uid, name, qualified_name, kind, start_line, start_col, "
        "end_line, end_col, signature, visibility, doc, complexity, is_test) "
        "SELECT 1, 'big.c::f' || i || '::function', 'same', 'f' || i, 'function', i, 0, i, 1, "
        "'', 'public', '', 1, 0 FROM n"));
  }
  SqliteIndex index(dir_ / "index.db");
  auto all = index.fileSymbols("big.c");
  ASSERT_TRUE(all) << all.error().message;
  EXPECT_EQ(all->size(), 20000u);

  std::atomic<bool> cancelled{true};
  support::StopScope scope(&cancelled);
  auto cut = index.fileSymbols("big.c");
  ASSERT_FALSE(cut) << "an interrupted read came back as a list of " << cut->size();
  EXPECT_EQ(cut.error().code, ErrorCode::kCancelled);
  model::RankedRequest ranked;
  ranked.limit = 20000;
  auto top = index.rankedSymbols(ranked, nullptr);
  EXPECT_FALSE(top) << "ranked symbols: " << top->symbols.size() << " of " << top->total;
}

TEST(StopScope, NestedScopesRestoreTheOuterFlag) {
  std::atomic<bool> outer{true}, inner{false};
  EXPECT_FALSE(support::stopRequested());
  {
    support::StopScope a(&outer);
    EXPECT_TRUE(support::stopRequested());
    {
      support::StopScope b(&inner);
      EXPECT_FALSE(support::stopRequested());
      support::StopScope c(nullptr);
      EXPECT_FALSE(support::stopRequested());
    }
    EXPECT_TRUE(support::stopRequested());
  }
  EXPECT_FALSE(support::stopRequested());
}

}  // namespace
}  // namespace cg::store
