#include "codegraph/store/transaction.h"

#include <spdlog/spdlog.h>
#include <sqlite3.h>

#include <utility>

#include "codegraph/store/database.h"

namespace cg::store {

Expected<Transaction> Transaction::begin(Database& db, Mode mode) {
  if (auto s = db.exec(mode == Mode::kWrite ? "BEGIN IMMEDIATE" : "BEGIN"); !s) return s.error();
  return Transaction(db, mode, std::string());
}

Expected<Transaction> Transaction::savepoint(Database& db, std::string name) {
  if (auto s = db.exec("SAVEPOINT " + name); !s) return s.error();
  return Transaction(db, Mode::kWrite, std::move(name));
}

Transaction::Transaction(Transaction&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), mode_(other.mode_), savepoint_(std::move(other.savepoint_)) {}

Transaction& Transaction::operator=(Transaction&& other) noexcept {
  if (this != &other) {
    rollback();
    db_ = std::exchange(other.db_, nullptr);
    mode_ = other.mode_;
    savepoint_ = std::move(other.savepoint_);
  }
  return *this;
}

Transaction::~Transaction() { rollback(); }

Status Transaction::commit() {
  if (!db_) return okStatus();
  auto s = db_->exec(savepoint_.empty() ? "COMMIT" : "RELEASE " + savepoint_);
  if (!s) {
    rollback();
    return s;
  }
  db_ = nullptr;
  return okStatus();
}

Status Transaction::commitAndBegin() {
  if (!db_) return makeError(ErrorCode::kInternal, "transaction: committed while not open");
  Database& db = *db_;
  const Mode mode = mode_;
  std::string name = savepoint_;
  if (auto s = commit(); !s) return s;
  auto next = name.empty() ? begin(db, mode) : savepoint(db, std::move(name));
  if (!next) return next.error();
  *this = std::move(*next);
  return okStatus();
}

void Transaction::rollback() {
  if (!db_) return;
  Database& db = *std::exchange(db_, nullptr);
  // A statement's error may have ended the transaction already (SQLite rolls back on some of
  // them, a full disk among them): then there is nothing to undo.
  if (sqlite3_get_autocommit(db.handle())) return;
  // A savepoint is rolled back and then released: ROLLBACK TO alone would leave it open.
  auto s = db.exec(savepoint_.empty() ? std::string("ROLLBACK")
                                      : "ROLLBACK TO " + savepoint_ + "; RELEASE " + savepoint_);
  if (!s) spdlog::warn("rolling back a transaction failed: {}", s.error().message);
}

}  // namespace cg::store
