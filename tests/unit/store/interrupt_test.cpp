// A cancelled tool call interrupts a long SQLite statement (docs/SECURITY.md, the time limit of
// one call): read-only connections have a progress handler that stops a statement once the
// calling thread's StopScope flag is set (the server sets it on a cancel, at the time limit and
// on stop), so a worker is not held by one statement after its call was answered.
#include <atomic>
#include <chrono>
#include <filesystem>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "codegraph/store/database.h"
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

TEST_F(StoreInterrupt, AReadersLongStatementStopsWhenTheCallIsCancelled) {
  auto reader = open(true);
  ASSERT_TRUE(reader);
  std::atomic<bool> cancelled{false};
  support::StopScope scope(&cancelled);
  {
    Statement st(reader->handle(), kLongStatement);
    ASSERT_TRUE(st.step()) << st.error();  // not cancelled: runs to the end
    EXPECT_EQ(st.i64(0), 1000000);
  }
  cancelled = true;
  Statement st(reader->handle(), kLongStatement);
  auto started = std::chrono::steady_clock::now();
  EXPECT_FALSE(st.step());
  EXPECT_EQ(st.lastCode(), SQLITE_INTERRUPT) << st.error();
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(1));
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
