// SqliteIndex's reads of unresolved references and of the import graph between files.
#include <sqlite3.h>

#include "codegraph/store/sqlite_index.h"
#include "sqlite_index_lease.h"
#include "statement.h"

namespace cg::store {
namespace {

constexpr const char* kUnboundColumns =
    "SELECT r.id, r.kind, rf.path, rf.language, r.line, r.col, coalesce(s.uid, ''), r.qualifier, "
    "r.name, r.candidates FROM refs r ";

Expected<std::vector<model::UnboundRef>> readUnbound(sqlite3* db, Statement& st, uint32_t cap,
                                                     bool* more) {
  std::vector<model::UnboundRef> out;
  if (more) *more = false;
  while (st.step()) {
    if (out.size() >= cap) {
      if (more) *more = true;
      break;
    }
    auto kind = model::parseRefKind(st.view(1));
    if (!kind) continue;
    model::UnboundRef u;
    u.refId = st.i64(0);
    u.kind = *kind;
    u.path = st.text(2);
    u.language = st.text(3);
    u.line = static_cast<uint32_t>(st.i64(4));
    u.column = static_cast<uint32_t>(st.i64(5));
    u.sourceUid = st.text(6);
    u.qualifier = st.text(7);
    u.name = st.text(8);
    u.candidates = static_cast<uint32_t>(st.i64(9));
    out.push_back(std::move(u));
  }
  if (st.failed()) return sqliteError(db, "unbound references");
  return out;
}

}  // namespace

Expected<std::vector<model::UnboundRef>> SqliteIndex::unboundNamed(const std::string& name,
                                                                   uint32_t cap, bool* more) {
  CG_LEASE(lease);
  // refs_unbound (schema.sql) holds exactly these rows: the read costs what it returns. An
  // index written before it existed (opened read-only, not yet upgraded) is read by name.
  const std::string rest =
      " JOIN files rf ON rf.id = r.file_id LEFT JOIN symbols s ON s.id = r.source_id "
      "WHERE r.name = ?1 AND r.target_id IS NULL AND r.dropped = 0 AND r.candidates > 0 AND "
      "r.kind NOT IN ('imports', 'contains') LIMIT ?2";
  Statement st(lease.handle(), std::string(kUnboundColumns) + "INDEXED BY refs_unbound" + rest, kCached);
  if (!st.valid()) st = Statement(lease.handle(), std::string(kUnboundColumns) + "INDEXED BY refs_by_name" + rest, kCached);
  if (!st.valid()) return sqliteError(lease.handle(), "unbound references");
  st.bind(1, name).bind(2, static_cast<int64_t>(cap) + 1);
  return readUnbound(lease.handle(), st, cap, more);
}

Expected<std::vector<model::UnboundRef>> SqliteIndex::unboundFrom(int64_t symbolId, uint32_t cap,
                                                                  bool* more) {
  CG_LEASE(lease);
  // refs_unbound_from (schema.sql) holds exactly these rows; an index written before it
  // existed is read through refs_by_source.
  const std::string rest =
      " JOIN files rf ON rf.id = r.file_id LEFT JOIN symbols s ON s.id = r.source_id "
      "WHERE r.source_id = ?1 AND r.target_id IS NULL AND r.dropped = 0 AND "
      "r.candidates > 0 AND r.kind NOT IN ('imports', 'contains') "
      "ORDER BY r.line, r.col, r.id LIMIT ?2";
  Statement st(lease.handle(), std::string(kUnboundColumns) + "INDEXED BY refs_unbound_from" + rest, kCached);
  if (!st.valid()) st = Statement(lease.handle(), std::string(kUnboundColumns) + rest, kCached);
  if (!st.valid()) return sqliteError(lease.handle(), "unbound references");
  st.bind(1, symbolId).bind(2, static_cast<int64_t>(cap) + 1);
  return readUnbound(lease.handle(), st, cap, more);
}

Expected<std::vector<model::UnboundRef>> SqliteIndex::danglingNamed(const std::string& name,
                                                                    uint32_t cap, bool* more) {
  CG_LEASE(lease);
  Statement st(lease.handle(),
               std::string(kUnboundColumns) +
                   "INDEXED BY refs_by_name JOIN files rf ON rf.id = r.file_id LEFT JOIN symbols s ON "
                   "s.id = r.source_id WHERE r.name = ?1 AND r.target_id IS NULL AND r.dropped = 0 AND "
                   "r.kind <> 'contains' LIMIT ?2",
               kCached);
  if (!st.valid()) return sqliteError(lease.handle(), "unresolved references");
  st.bind(1, name).bind(2, static_cast<int64_t>(cap) + 1);
  return readUnbound(lease.handle(), st, cap, more);
}

namespace {

Expected<std::vector<model::ImportSite>> readImportSites(sqlite3* db, Statement& st, uint32_t limit, bool* more) {
  std::vector<model::ImportSite> out;
  if (more) *more = false;
  while (st.step()) {
    if (out.size() >= limit) {
      if (more) *more = true;
      break;
    }
    out.push_back({std::string(st.view(0)), static_cast<uint32_t>(st.i64(1))});
  }
  if (st.failed()) return sqliteError(db, "imports");
  return out;
}

}  // namespace

Expected<std::vector<model::ImportSite>> SqliteIndex::importersOf(const std::string& path, uint32_t limit,
                                                                 bool* more) {
  CG_LEASE(lease);
  Statement st(lease.handle(),
               "SELECT rf.path, min(r.line) FROM refs r INDEXED BY refs_by_target_file JOIN files rf ON "
               "rf.id = r.file_id WHERE r.target_file_id = (SELECT id FROM files WHERE path = ?1) AND "
               "r.kind = 'imports' AND r.file_id <> r.target_file_id GROUP BY r.file_id ORDER BY rf.path "
               "LIMIT ?2",
               kCached);
  if (!st.valid()) return sqliteError(lease.handle(), "importers");
  st.bind(1, path).bind(2, static_cast<int64_t>(limit) + 1);
  return readImportSites(lease.handle(), st, limit, more);
}

Expected<std::vector<model::ImportSite>> SqliteIndex::importsOf(const std::string& path, uint32_t limit,
                                                               bool* more) {
  CG_LEASE(lease);
  Statement st(lease.handle(),
               "SELECT tf.path, min(r.line) FROM refs r INDEXED BY refs_by_file JOIN files tf ON "
               "tf.id = r.target_file_id WHERE r.file_id = (SELECT id FROM files WHERE path = ?1) AND "
               "r.kind = 'imports' AND r.target_file_id IS NOT NULL AND r.target_file_id <> r.file_id "
               "GROUP BY r.target_file_id "
               "ORDER BY tf.path LIMIT ?2",
               kCached);
  if (!st.valid()) return sqliteError(lease.handle(), "imports");
  st.bind(1, path).bind(2, static_cast<int64_t>(limit) + 1);
  return readImportSites(lease.handle(), st, limit, more);
}

}  // namespace cg::store
