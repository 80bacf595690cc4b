// A prepared statement with RAII finalisation and typed binding/reading. Every SQL statement in
// the project goes through this: parameters are always bound, never spliced into SQL text.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "codegraph/support/expected.h"

namespace cg::store {

// Marks a statement worth keeping prepared: the query paths run the same few statements
// thousands of times (get_context asks for the edges of up to 400 symbols per call), and
// compiling SQL costs more than running it. A cached statement comes from, and returns to, a
// per-connection free list (reset, bindings cleared); purgeStatementCache() finalizes a
// connection's list before it closes.
struct CachedTag {};
inline constexpr CachedTag kCached{};

class Statement {
 public:
  Statement() = default;
  Statement(sqlite3* db, std::string_view sql);
  Statement(sqlite3* db, std::string_view sql, CachedTag);
  ~Statement();
  Statement(Statement&& o) noexcept : stmt_(o.stmt_), db_(o.db_), cacheKey_(std::move(o.cacheKey_)) {
    o.stmt_ = nullptr;
  }
  Statement& operator=(Statement&& o) noexcept;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  bool valid() const { return stmt_ != nullptr; }
  std::string error() const { return db_ ? sqlite3_errmsg(db_) : "no database"; }

  Statement& bind(int i, int64_t v) { sqlite3_bind_int64(stmt_, i, v); return *this; }
  Statement& bind(int i, int v) { sqlite3_bind_int64(stmt_, i, v); return *this; }
  Statement& bind(int i, uint32_t v) { sqlite3_bind_int64(stmt_, i, v); return *this; }
  Statement& bind(int i, uint64_t v) { sqlite3_bind_int64(stmt_, i, static_cast<int64_t>(v)); return *this; }
  Statement& bind(int i, double v) { sqlite3_bind_double(stmt_, i, v); return *this; }
  Statement& bind(int i, std::string_view v) {
    sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Statement& bind(int i, const char* v) { return bind(i, std::string_view(v)); }
  Statement& bind(int i, const std::string& v) { return bind(i, std::string_view(v)); }
  Statement& bindNull(int i) { sqlite3_bind_null(stmt_, i); return *this; }
  Statement& bindOptional(int i, int64_t v) { return v ? bind(i, v) : bindNull(i); }

  // SQLITE_ROW → true, SQLITE_DONE → false; errors are recorded in lastCode().
  bool step();
  Status run();  // step to completion, then reset
  void reset() { sqlite3_reset(stmt_); sqlite3_clear_bindings(stmt_); }
  int lastCode() const { return last_; }
  // The last step ended on an error (I/O, corruption, an interrupt), not on a row or the end:
  // a loop `while (st.step())` that stops there has read a shorter list, not the whole one.
  bool failed() const { return last_ != SQLITE_ROW && last_ != SQLITE_DONE; }

  int64_t i64(int col) const { return sqlite3_column_int64(stmt_, col); }
  double f64(int col) const { return sqlite3_column_double(stmt_, col); }
  bool isNull(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  // Valid until the next step/reset of this statement.
  std::string_view view(int col) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    return p ? std::string_view(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, col))) : std::string_view();
  }
  std::string text(int col) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    return p ? std::string(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, col))) : std::string();
  }

 private:
  void release();  // finalize, or hand a cached statement back to its free list

  sqlite3_stmt* stmt_ = nullptr;
  sqlite3* db_ = nullptr;
  std::string cacheKey_;  // the SQL of a cached statement; empty otherwise
  int last_ = SQLITE_OK;
};

// Finalizes the cached statements of a connection (Database's destructor, before closing).
void purgeStatementCache(sqlite3* db);

Error sqliteError(sqlite3* db, std::string_view what);

}  // namespace cg::store
