// A transaction on one Database connection, the only way code outside src/store opens, commits
// or rolls back one (no module writes BEGIN, COMMIT or SAVEPOINT as SQL text).
//
// Guarantees:
// - A Transaction that is neither committed nor rolled back when it is destroyed (an early
//   return, an exception) is rolled back: nothing half-written is committed by accident.
// - Every failure to begin or to commit is returned, never dropped. A failed COMMIT (a full
//   disk, SQLITE_BUSY past the busy timeout) leaves SQLite's transaction open; commit() then
//   rolls it back, so the connection is usable again and the error is what the caller sees.
// - A write transaction (kWrite, BEGIN IMMEDIATE) takes the write lock when it begins, so a
//   statement inside it never fails for lock contention (Database::exec retries the BEGIN past
//   the busy timeout a few times); a read transaction (kRead, deferred BEGIN) takes its snapshot
//   at its first read and never writes.
// - A savepoint nests inside whatever transaction the connection has open (or opens one of its
//   own when none is) and commits or rolls back only what was done since it began.
//
// A Transaction belongs to the thread that uses its connection (database.h, "Threads").
#pragma once

#include <string>

#include "codegraph/support/expected.h"

namespace cg::store {

class Database;

class Transaction {
 public:
  enum class Mode { kRead, kWrite };

  // Begins a transaction on `db`, or returns why it could not.
  static Expected<Transaction> begin(Database& db, Mode mode);
  // Begins the savepoint `name` (a plain identifier) on `db`.
  static Expected<Transaction> savepoint(Database& db, std::string name);

  Transaction() = default;  // not open: commit() and rollback() do nothing
  Transaction(Transaction&& other) noexcept;
  Transaction& operator=(Transaction&& other) noexcept;
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  ~Transaction();

  bool isOpen() const { return db_ != nullptr; }

  // Makes what was done durable (COMMIT, or RELEASE of a savepoint) and closes the transaction.
  // On failure everything since begin is rolled back and the transaction is closed.
  Status commit();
  // Commits, then begins a transaction of the same mode on the same connection: the batches of
  // a long write. On failure the transaction is closed (rolled back if the commit failed).
  Status commitAndBegin();
  // Undoes everything since begin and closes the transaction. A failure to roll back (the
  // connection is gone) is logged: nothing more can be done with it.
  void rollback();

 private:
  Transaction(Database& db, Mode mode, std::string savepoint)
      : db_(&db), mode_(mode), savepoint_(std::move(savepoint)) {}

  Database* db_ = nullptr;
  Mode mode_ = Mode::kRead;
  std::string savepoint_;  // empty: a transaction; else the savepoint's name
};

}  // namespace cg::store
