// What the files of SqliteIndex share: the connection a query runs on (SqliteIndex::Lease) and
// the snapshot a thread pinned. Private to src/store.
#pragma once

#include <memory>

#include <sqlite3.h>

#include "codegraph/store/database.h"
#include "codegraph/store/sqlite_index.h"
#include "codegraph/store/transaction.h"

namespace cg::store {

// The connection a thread pinned with SqliteIndex::pinSnapshot (at most one per thread).
struct PinnedConnection {
  const SqliteIndex* owner = nullptr;
  Database* db = nullptr;
};
extern thread_local PinnedConnection tPinned;

// A query's connection: the thread's pinned one (inside its snapshot), or one from the pool in
// a read transaction of its own. Read transactions only ever read: never upgraded to writes.
class SqliteIndex::Lease {
 public:
  Lease(SqliteIndex& owner, std::unique_ptr<Database> db) : owner_(owner), db_(std::move(db)) {
    if (!db_) return;
    auto read = Transaction::begin(*db_, Transaction::Mode::kRead);  // one snapshot for the query
    if (read) read_ = std::move(*read);
    else begun_ = read.error();
  }
  ~Lease() {
    if (!db_) return;
    read_.rollback();  // it only read: nothing to commit
    owner_.release(std::move(db_));
  }
  // Whether the query's read transaction began (CG_LEASE returns its error otherwise).
  const Status& begun() const { return begun_; }
  sqlite3* handle() { return db_ ? db_->handle() : tPinned.db->handle(); }

 private:
  SqliteIndex& owner_;
  std::unique_ptr<Database> db_;
  Transaction read_;
  Status begun_ = okStatus();
};

// Opens the query's connection (`var`) in a SqliteIndex member, in a read transaction, or
// returns why it could not.
#define CG_LEASE(var)                                      \
  auto var##Db = acquire();                                \
  if (!var##Db) return var##Db.error();                    \
  Lease var(*this, std::move(*var##Db));                   \
  if (!var.begun()) return var.begun().error()

}  // namespace cg::store
