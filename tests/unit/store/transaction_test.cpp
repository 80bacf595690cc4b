// store::Transaction (transaction.h): what is not committed is rolled back, a failed commit
// leaves the connection usable, savepoints undo only their own part, batches commit as they go.
#include <filesystem>
#include <random>
#include <string>

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "codegraph/store/database.h"
#include "codegraph/store/transaction.h"

namespace cg::store {
namespace {

namespace fs = std::filesystem;

class TransactionTest : public ::testing::Test {
 protected:
  TransactionTest() {
    std::random_device rd;
    dir_ = fs::temp_directory_path() / ("cg-tx-" + std::to_string(rd()));
    fs::create_directories(dir_);
    OpenOptions o;
    o.path = dir_ / "index.db";
    auto db = Database::open(o);
    EXPECT_TRUE(db) << db.error().message;
    db_ = std::move(*db);
    EXPECT_TRUE(db_->exec("CREATE TABLE t(x INTEGER UNIQUE)"));
  }
  ~TransactionTest() override {
    db_.reset();
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  int rows() {
    int n = -1;
    sqlite3_stmt* s = nullptr;
    sqlite3_prepare_v2(db_->handle(), "SELECT count(*) FROM t", -1, &s, nullptr);
    if (sqlite3_step(s) == SQLITE_ROW) n = sqlite3_column_int(s, 0);
    sqlite3_finalize(s);
    return n;
  }
  bool inTransaction() { return !sqlite3_get_autocommit(db_->handle()); }

  fs::path dir_;
  std::unique_ptr<Database> db_;
};

TEST_F(TransactionTest, WhatIsNotCommittedIsRolledBackWhenItEnds) {
  {
    auto tx = Transaction::begin(*db_, Transaction::Mode::kWrite);
    ASSERT_TRUE(tx);
    ASSERT_TRUE(db_->exec("INSERT INTO t VALUES(1)"));
    EXPECT_TRUE(inTransaction());
  }  // an early return: not committed
  EXPECT_FALSE(inTransaction());
  EXPECT_EQ(rows(), 0);
  {
    auto tx = Transaction::begin(*db_, Transaction::Mode::kWrite);
    ASSERT_TRUE(tx);
    ASSERT_TRUE(db_->exec("INSERT INTO t VALUES(2)"));
    ASSERT_TRUE(tx->commit());
    EXPECT_FALSE(tx->isOpen());
  }
  EXPECT_EQ(rows(), 1);
}

TEST_F(TransactionTest, BeginInsideAnOpenTransactionIsAnErrorNotIgnored) {
  auto outer = Transaction::begin(*db_, Transaction::Mode::kWrite);
  ASSERT_TRUE(outer);
  auto inner = Transaction::begin(*db_, Transaction::Mode::kWrite);
  ASSERT_FALSE(inner);
  EXPECT_NE(inner.error().message.find("within a transaction"), std::string::npos) << inner.error().message;
}

TEST_F(TransactionTest, AFailedCommitRollsBackAndLeavesTheConnectionUsable) {
  // A deferred foreign key violated at COMMIT: the commit fails, and the transaction must not
  // stay open on the connection.
  ASSERT_TRUE(db_->exec("CREATE TABLE parent(id INTEGER PRIMARY KEY);"
                        "CREATE TABLE child(p INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)"));
  auto tx = Transaction::begin(*db_, Transaction::Mode::kWrite);
  ASSERT_TRUE(tx);
  ASSERT_TRUE(db_->exec("INSERT INTO t VALUES(7)"));
  ASSERT_TRUE(db_->exec("INSERT INTO child VALUES(42)"));
  auto committed = tx->commit();
  ASSERT_FALSE(committed);
  EXPECT_FALSE(tx->isOpen());
  EXPECT_FALSE(inTransaction());
  EXPECT_EQ(rows(), 0);
  auto again = Transaction::begin(*db_, Transaction::Mode::kWrite);
  ASSERT_TRUE(again) << again.error().message;
  ASSERT_TRUE(db_->exec("INSERT INTO t VALUES(8)"));
  ASSERT_TRUE(again->commit());
  EXPECT_EQ(rows(), 1);
}

TEST_F(TransactionTest, ASavepointUndoesOnlyItsOwnPart) {
  auto tx = Transaction::begin(*db_, Transaction::Mode::kWrite);
  ASSERT_TRUE(tx);
  ASSERT_TRUE(db_->exec("INSERT INTO t VALUES(1)"));
  {
    auto sp = Transaction::savepoint(*db_, "part");
    ASSERT_TRUE(sp);
    ASSERT_TRUE(db_->exec("INSERT INTO t VALUES(2)"));
  }  // rolled back to the savepoint and released
  EXPECT_TRUE(inTransaction());
  {
    auto sp = Transaction::savepoint(*db_, "part");
    ASSERT_TRUE(sp);
    ASSERT_TRUE(db_->exec("INSERT INTO t VALUES(3)"));
    ASSERT_TRUE(sp->commit());
  }
  ASSERT_TRUE(tx->commit());
  EXPECT_EQ(rows(), 2);  // 1 and 3
}

TEST_F(TransactionTest, CommitAndBeginCommitsEachBatch) {
  {
    auto tx = Transaction::begin(*db_, Transaction::Mode::kWrite);
    ASSERT_TRUE(tx);
    ASSERT_TRUE(db_->exec("INSERT INTO t VALUES(1)"));
    ASSERT_TRUE(tx->commitAndBegin());
    EXPECT_TRUE(tx->isOpen());
    EXPECT_TRUE(inTransaction());
    ASSERT_TRUE(db_->exec("INSERT INTO t VALUES(2)"));
  }  // the second batch is not committed
  EXPECT_EQ(rows(), 1);
}

TEST_F(TransactionTest, AStatementThatEndedTheTransactionLeavesNothingToRollBack) {
  auto tx = Transaction::begin(*db_, Transaction::Mode::kWrite);
  ASSERT_TRUE(tx);
  ASSERT_TRUE(db_->exec("INSERT INTO t VALUES(1)"));
  // ON CONFLICT ROLLBACK ends the whole transaction inside the statement.
  ASSERT_FALSE(db_->exec("INSERT OR ROLLBACK INTO t VALUES(1)"));
  EXPECT_FALSE(inTransaction());
  tx->rollback();  // nothing open: a no-op, not an error
  EXPECT_FALSE(tx->isOpen());
  EXPECT_EQ(rows(), 0);
}

}  // namespace
}  // namespace cg::store
