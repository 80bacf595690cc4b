#include "statement.h"

namespace cg::store {

Statement::Statement(sqlite3* db, std::string_view sql) : db_(db) {
  if (sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT,
                         &stmt_, nullptr) != SQLITE_OK) {
    stmt_ = nullptr;
  }
}

Statement::~Statement() {
  if (stmt_) sqlite3_finalize(stmt_);
}

Statement& Statement::operator=(Statement&& o) noexcept {
  if (this != &o) {
    if (stmt_) sqlite3_finalize(stmt_);
    stmt_ = o.stmt_;
    db_ = o.db_;
    o.stmt_ = nullptr;
  }
  return *this;
}

bool Statement::step() {
  if (!stmt_) {
    last_ = SQLITE_MISUSE;
    return false;
  }
  last_ = sqlite3_step(stmt_);
  return last_ == SQLITE_ROW;
}

Status Statement::run() {
  if (!stmt_) return makeError(ErrorCode::kInternal, "statement failed to prepare: " + error());
  while (step()) {
  }
  int code = last_;
  std::string msg = code == SQLITE_DONE ? std::string() : error();
  reset();
  if (code != SQLITE_DONE) {
    ErrorCode ec = (code == SQLITE_FULL || code == SQLITE_IOERR) ? ErrorCode::kIo
                   : (code == SQLITE_BUSY || code == SQLITE_LOCKED) ? ErrorCode::kBusy
                   : (code == SQLITE_CORRUPT || code == SQLITE_NOTADB) ? ErrorCode::kCorrupt
                                                                        : ErrorCode::kInternal;
    return makeError(ec, "database: " + msg);
  }
  return okStatus();
}

Error sqliteError(sqlite3* db, std::string_view what) {
  int code = db ? sqlite3_errcode(db) : SQLITE_ERROR;
  ErrorCode ec = (code == SQLITE_FULL || (code & 0xff) == SQLITE_IOERR) ? ErrorCode::kIo
                 : (code == SQLITE_CORRUPT || code == SQLITE_NOTADB)     ? ErrorCode::kCorrupt
                 : (code == SQLITE_BUSY)                                 ? ErrorCode::kBusy
                                                                         : ErrorCode::kInternal;
  return makeError(ec, std::string(what) + ": " + (db ? sqlite3_errmsg(db) : "cannot open"));
}

}  // namespace cg::store
