// SqliteIndex's reads of unresolved references and of the import graph between files.
#include <sqlite3.h>

#include <optional>

#include "codegraph/store/sqlite_index.h"
#include "columns.h"
#include "sqlite_index_lease.h"
#include "statement.h"

namespace cg::store {
namespace {

constexpr const char* kUnboundColumns =
    "SELECT r.id, r.kind, rf.path, rf.language, r.line, r.col, coalesce(s.uid, ''), r.qualifier, "
    "r.name, r.candidates FROM refs r ";
constexpr const char* kUnboundJoins =
    " JOIN files rf ON rf.id = r.file_id LEFT JOIN symbols s ON s.id = r.source_id WHERE ";
// The conditions of unboundNamed, unboundFrom and danglingNamed (?1 the name or the symbol).
constexpr const char* kUnboundNamedWhere =
    "r.name = ?1 AND r.target_id IS NULL AND r.dropped = 0 AND r.candidates > 0 AND "
    "r.kind NOT IN ('imports', 'contains')";
constexpr const char* kUnboundFromWhere =
    "r.source_id = ?1 AND r.target_id IS NULL AND r.dropped = 0 AND r.candidates > 0 AND "
    "r.kind NOT IN ('imports', 'contains') ORDER BY r.line, r.col, r.id";
constexpr const char* kOutsideCallsFromWhere =
    "r.source_id = ?1 AND r.kind = 'calls' AND r.target_id IS NULL AND r.dropped = 0 AND "
    "r.candidates = 0 ORDER BY r.line, r.col, r.id";
constexpr const char* kDanglingNamedWhere =
    "r.name = ?1 AND r.target_id IS NULL AND r.dropped = 0 AND r.kind <> 'contains'";

// The files at the other end of a file's imports (?1 its path, ?2 the limit), each with its first
// import line: those importing the file, and those it imports.
constexpr const char* kImportersSql =
    "SELECT rf.path, min(r.line) FROM refs r INDEXED BY refs_by_target_file JOIN files rf ON "
    "rf.id = r.file_id WHERE r.target_file_id = (SELECT id FROM files WHERE path = ?1) AND "
    "r.kind = 'imports' AND r.file_id <> r.target_file_id GROUP BY r.file_id ORDER BY rf.path "
    "LIMIT ?2";
constexpr const char* kImportsSql =
    "SELECT tf.path, min(r.line) FROM refs r INDEXED BY refs_by_file JOIN files tf ON "
    "tf.id = r.target_file_id WHERE r.file_id = (SELECT id FROM files WHERE path = ?1) AND "
    "r.kind = 'imports' AND r.target_file_id IS NOT NULL AND r.target_file_id <> r.file_id "
    "GROUP BY r.target_file_id "
    "ORDER BY tf.path LIMIT ?2";

// At most `cap` rows of `st`, with ?1 bound to `key` and ?2 (the statement's LIMIT) to one row
// more than `cap`: `*more` says whether that row came. `row` reads a row, or passes it over
// (nullopt). A step that fails is the error named `what`.
template <class Row, class Key>
Expected<std::vector<Row>> readAtMost(sqlite3* db, Statement& st, const Key& key, uint32_t cap,
                                      bool* more, std::optional<Row> (*row)(const Statement&),
                                      const char* what) {
  st.bind(1, key).bind(2, static_cast<int64_t>(cap) + 1);
  std::vector<Row> out;
  if (more) *more = false;
  while (st.step()) {
    if (out.size() >= cap) {
      if (more) *more = true;
      break;
    }
    if (std::optional<Row> r = row(st)) out.push_back(std::move(*r));
  }
  if (st.failed()) return sqliteError(db, what);
  return out;
}

// Columns: kUnboundColumns. A reference of a kind this version does not know is passed over.
std::optional<model::UnboundRef> unboundRow(const Statement& st) {
  auto kind = model::parseRefKind(st.view(1));
  if (!kind) return std::nullopt;
  model::UnboundRef u;
  u.refId = st.i64(0);
  u.kind = *kind;
  readColumns(st, 2, u.path, u.language, u.line, u.column, u.sourceUid, u.qualifier, u.name,
              u.candidates);
  return u;
}

std::optional<model::ImportSite> importSiteRow(const Statement& st) {
  return model::ImportSite{std::string(st.view(0)), static_cast<uint32_t>(st.i64(1))};
}

// The unbound references the condition `where` selects (?1 bound to `key`), at most `cap`, read
// through `index` ("INDEXED BY ...") or, where that statement does not prepare (an index written
// before that index existed), through `fallback` ("": the planner's choice; nullptr: none). A
// statement that does not prepare is the error named `what`.
template <class Key>
Expected<std::vector<model::UnboundRef>> unboundWhere(sqlite3* db, const char* index,
                                                      const char* fallback, const char* where,
                                                      const Key& key, uint32_t cap, bool* more,
                                                      const char* what) {
  auto sql = [where](const char* through) {
    return std::string(kUnboundColumns) + through + kUnboundJoins + where + " LIMIT ?2";
  };
  Statement st(db, sql(index), kCached);
  if (!st.valid() && fallback) st = Statement(db, sql(fallback), kCached);
  if (!st.valid()) return sqliteError(db, what);
  return readAtMost(db, st, key, cap, more, unboundRow, "unbound references");
}

// The import sites `sql` selects for the file `path`; a statement that does not prepare is the
// error named `what`.
Expected<std::vector<model::ImportSite>> importSites(sqlite3* db, const char* sql,
                                                     const std::string& path, uint32_t limit,
                                                     bool* more, const char* what) {
  Statement st(db, sql, kCached);
  if (!st.valid()) return sqliteError(db, what);
  return readAtMost(db, st, path, limit, more, importSiteRow, "imports");
}

}  // namespace

Expected<std::vector<model::UnboundRef>> SqliteIndex::unboundNamed(const std::string& name,
                                                                   uint32_t cap, bool* more) {
  CG_LEASE(lease);
  // refs_unbound (schema.sql) holds exactly these rows: the read costs what it returns. An
  // index written before it existed (opened read-only, not yet upgraded) is read by name.
  return unboundWhere(lease.handle(), "INDEXED BY refs_unbound", "INDEXED BY refs_by_name",
                      kUnboundNamedWhere, name, cap, more, "unbound references");
}

Expected<std::vector<model::UnboundRef>> SqliteIndex::unboundFrom(int64_t symbolId, uint32_t cap,
                                                                  bool* more) {
  CG_LEASE(lease);
  // refs_unbound_from (schema.sql) holds exactly these rows; an index written before it
  // existed is read through refs_by_source.
  return unboundWhere(lease.handle(), "INDEXED BY refs_unbound_from", "", kUnboundFromWhere,
                      symbolId, cap, more, "unbound references");
}

Expected<std::vector<model::UnboundRef>> SqliteIndex::outsideCallsFrom(int64_t symbolId, uint32_t cap,
                                                                       bool* more) {
  CG_LEASE(lease);
  return unboundWhere(lease.handle(), "INDEXED BY refs_by_source", "", kOutsideCallsFromWhere, symbolId,
                      cap, more, "calls outside the repository");
}

Expected<std::vector<model::UnboundRef>> SqliteIndex::danglingNamed(const std::string& name,
                                                                    uint32_t cap, bool* more) {
  CG_LEASE(lease);
  return unboundWhere(lease.handle(), "INDEXED BY refs_by_name", nullptr, kDanglingNamedWhere, name,
                      cap, more, "unresolved references");
}

Expected<std::vector<model::ImportSite>> SqliteIndex::importersOf(const std::string& path,
                                                                  uint32_t limit, bool* more) {
  CG_LEASE(lease);
  return importSites(lease.handle(), kImportersSql, path, limit, more, "importers");
}

Expected<std::vector<model::ImportSite>> SqliteIndex::importsOf(const std::string& path,
                                                                uint32_t limit, bool* more) {
  CG_LEASE(lease);
  return importSites(lease.handle(), kImportsSql, path, limit, more, "imports");
}

}  // namespace cg::store
