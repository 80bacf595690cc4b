#include "statement.h"

#include <cstring>
#include <functional>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "codegraph/store/database.h"

namespace cg::store {
namespace {

constexpr size_t kMaxCachedSql = 256;  // distinct statements kept per connection

struct StatementCache {
  std::mutex mu;
  std::unordered_map<sqlite3*, std::unordered_map<std::string, std::vector<sqlite3_stmt*>>> idle;
};

StatementCache& statementCache() {
  static auto* cache = new StatementCache;  // never destroyed: connections may outlive statics
  return *cache;
}

}  // namespace

Statement::Statement(sqlite3* db, std::string_view sql, CachedTag) : db_(db), cacheKey_(sql) {
  {
    auto& c = statementCache();
    std::lock_guard<std::mutex> lock(c.mu);
    auto conn = c.idle.find(db);
    if (conn != c.idle.end()) {
      auto it = conn->second.find(cacheKey_);
      if (it != conn->second.end() && !it->second.empty()) {
        stmt_ = it->second.back();
        it->second.pop_back();
        return;
      }
    }
  }
  if (sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT,
                         &stmt_, nullptr) != SQLITE_OK) {
    stmt_ = nullptr;
  }
}

void Statement::release() {
  if (!stmt_) return;
  if (!cacheKey_.empty()) {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    auto& c = statementCache();
    std::lock_guard<std::mutex> lock(c.mu);
    auto& conn = c.idle[db_];
    auto it = conn.find(cacheKey_);
    if (it != conn.end() || conn.size() < kMaxCachedSql) {
      conn[cacheKey_].push_back(stmt_);
      stmt_ = nullptr;
      return;
    }
  }
  sqlite3_finalize(stmt_);
  stmt_ = nullptr;
}

void purgeStatementCache(sqlite3* db) {
  auto& c = statementCache();
  std::lock_guard<std::mutex> lock(c.mu);
  auto conn = c.idle.find(db);
  if (conn == c.idle.end()) return;
  for (auto& [sql, list] : conn->second)
    for (sqlite3_stmt* s : list) sqlite3_finalize(s);
  c.idle.erase(conn);
}

Statement::Statement(sqlite3* db, std::string_view sql) : db_(db) {
  if (sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT,
                         &stmt_, nullptr) != SQLITE_OK) {
    stmt_ = nullptr;
  }
}

Statement::~Statement() { release(); }

Statement& Statement::operator=(Statement&& o) noexcept {
  if (this != &o) {
    release();
    stmt_ = o.stmt_;
    db_ = o.db_;
    cacheKey_ = std::move(o.cacheKey_);
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

namespace {
std::function<void()>& corruptionHandler() {
  static std::function<void()> handler;
  return handler;
}
}  // namespace

void setCorruptionHandler(std::function<void()> handler) {
  corruptionHandler() = std::move(handler);
}

Error sqliteError(sqlite3* db, std::string_view what) {
  int code = db ? sqlite3_errcode(db) : SQLITE_ERROR;
  ErrorCode ec = (code == SQLITE_FULL || (code & 0xff) == SQLITE_IOERR) ? ErrorCode::kIo
                 : (code == SQLITE_CORRUPT || code == SQLITE_NOTADB)     ? ErrorCode::kCorrupt
                 : (code == SQLITE_BUSY)                                 ? ErrorCode::kBusy
                 : (code == SQLITE_INTERRUPT)                            ? ErrorCode::kCancelled
                                                                         : ErrorCode::kInternal;
  // The index's schema is created before anything reads it and never dropped: a table or index
  // missing under a query means a damaged schema (its pages overwritten), as SQLITE_CORRUPT does.
  const char* message = db ? sqlite3_errmsg(db) : "cannot open";
  // (Read-only connections only: the writer's temporary tables are its own business.)
  if (code == SQLITE_ERROR && db && sqlite3_db_readonly(db, "main") == 1 &&
      (std::strncmp(message, "no such table", 13) == 0 || std::strncmp(message, "no such index", 13) == 0))
    ec = ErrorCode::kCorrupt;
  Error e = makeError(ec, std::string(what) + ": " + message);
  if (ec == ErrorCode::kCorrupt && corruptionHandler()) corruptionHandler()();
  return e;
}

}  // namespace cg::store
