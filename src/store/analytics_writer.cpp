#include "codegraph/store/analytics_writer.h"

#include <sqlite3.h>

#include <algorithm>
#include <vector>

#include "schema_sql.h"
#include "statement.h"

namespace cg::store {
namespace {

// Runs `body` inside the caller's transaction when one is open, otherwise inside its own.
template <class Body>
Status inTransaction(Database& db, Body&& body) {
  const bool own = sqlite3_get_autocommit(db.handle()) != 0;
  if (own)
    if (auto s = db.exec("BEGIN IMMEDIATE"); !s) return s;
  Status result = body();
  if (own) {
    if (!result) {
      (void)db.exec("ROLLBACK");
      return result;
    }
    return db.exec("COMMIT");
  }
  return result;
}

Status check(Statement& st, sqlite3* h, const char* what) {
  if (!st.valid()) return sqliteError(h, what);
  return okStatus();
}

// From this many symbol rows on, an update rebuilds the indexes holding the centrality
// (symbols_by_name_kind, symbols_by_centrality) instead of moving their entries one by one.
constexpr size_t kBulkSymbolUpdates = 50000;

}  // namespace

Status AnalyticsWriter::apply(const model::AnalyticsUpdate& up, std::vector<int64_t>* newCommunityIds) {
  sqlite3* h = db_.handle();
  return inTransaction(db_, [&]() -> Status {
    // Removed rows first: a new community may take the uid a removed one had.
    Statement del(h, "DELETE FROM communities WHERE id = ?");
    if (auto s = check(del, h, "removing communities"); !s) return s;
    for (int64_t id : up.removedCommunities) {
      del.bind(1, id);
      if (auto s = del.run(); !s) return s;
    }
    Statement upd(h, "UPDATE communities SET uid = ?, label = ?, size = ? WHERE id = ?");
    if (auto s = check(upd, h, "updating communities"); !s) return s;
    for (const auto& c : up.changedCommunities) {
      upd.bind(1, c.uid).bind(2, c.label).bind(3, c.size).bind(4, c.id);
      if (auto s = upd.run(); !s) return s;
    }
    Statement ins(h, "INSERT INTO communities(uid, label, size) VALUES(?, ?, ?)");
    if (auto s = check(ins, h, "adding communities"); !s) return s;
    std::vector<int64_t> newIds;
    newIds.reserve(up.newCommunities.size());
    for (const auto& c : up.newCommunities) {
      ins.bind(1, c.uid).bind(2, c.label).bind(3, c.size);
      if (auto s = ins.run(); !s) return s;
      newIds.push_back(sqlite3_last_insert_rowid(h));
    }
    // Two indexes hold the centrality: updating most rows through them moves each of their
    // entries; dropping them and building them again from the table is a sorted pass each.
    const bool bulk = up.symbols.size() >= kBulkSymbolUpdates;
    if (bulk)
      if (auto s = db_.exec("DROP INDEX IF EXISTS symbols_by_name_kind;"
                            "DROP INDEX IF EXISTS symbols_by_centrality;"); !s)
        return s;
    Statement sym(h, "UPDATE symbols SET pagerank = ?, centrality = ?, community_id = ?, "
                     "complexity_rank = ? WHERE id = ?");
    if (auto s = check(sym, h, "updating symbol analytics"); !s) return s;
    // In row id order: the analytics list symbols in uid order, which visits the table's pages
    // at random; in id order each page is read and rewritten once (the kernel's 4.2 million rows
    // took 67 s in uid order).
    std::vector<const model::SymbolAnalytics*> byId;
    byId.reserve(up.symbols.size());
    for (const auto& a : up.symbols) byId.push_back(&a);
    std::sort(byId.begin(), byId.end(), [](const auto* x, const auto* y) { return x->id < y->id; });
    for (const auto* row : byId) {
      const auto& a = *row;
      int64_t community = a.communityId;
      if (community < 0) {
        auto k = static_cast<size_t>(-community - 1);
        if (k >= newIds.size()) return makeError(ErrorCode::kInternal, "analytics: bad community placeholder");
        community = newIds[k];
      }
      sym.bind(1, a.pagerank).bind(2, a.centrality).bind(3, community).bind(4, a.complexityRank).bind(5, a.id);
      if (auto s = sym.run(); !s) return s;
    }
    if (bulk)  // the schema is idempotent: this creates just the dropped indexes
      if (auto s = db_.exec(generated::kSchemaSql); !s) return s;
    if (newCommunityIds) *newCommunityIds = newIds;
    Statement unlink(h, "DELETE FROM doc_links WHERE symbol_id = ? AND doc_file_id = ?");
    Statement link(h, "INSERT OR IGNORE INTO doc_links(symbol_id, doc_file_id) VALUES(?, ?)");
    if (auto s = check(unlink, h, "document links"); !s) return s;
    if (auto s = check(link, h, "document links"); !s) return s;
    for (const auto& l : up.removedLinks) {
      unlink.bind(1, l.symbolId).bind(2, l.docFileId);
      if (auto s = unlink.run(); !s) return s;
    }
    for (const auto& l : up.addedLinks) {
      link.bind(1, l.symbolId).bind(2, l.docFileId);
      if (auto s = link.run(); !s) return s;
    }
    return okStatus();
  });
}

Status AnalyticsWriter::replaceHistory(const std::unordered_map<std::string, model::FileHistory>& byPath) {
  sqlite3* h = db_.handle();
  return inTransaction(db_, [&]() -> Status {
    if (auto s = db_.exec("DELETE FROM file_commits; DELETE FROM file_history;"); !s) return s;
    Statement files(h, "SELECT id, path FROM files");
    Statement hist(h, "INSERT INTO file_history(file_id, commits_90d, last_commit) VALUES(?, ?, ?)");
    Statement commit(h, "INSERT INTO file_commits(file_id, time, hash, subject, files) VALUES(?, ?, ?, ?, ?)");
    if (auto s = check(files, h, "history"); !s) return s;
    if (auto s = check(hist, h, "history"); !s) return s;
    if (auto s = check(commit, h, "history"); !s) return s;
    std::vector<std::pair<int64_t, const model::FileHistory*>> rows;
    while (files.step()) {
      auto it = byPath.find(files.text(1));
      if (it != byPath.end()) rows.emplace_back(files.i64(0), &it->second);
    }
    if (files.lastCode() != SQLITE_DONE) return sqliteError(h, "history");
    for (const auto& [id, fh] : rows) {
      hist.bind(1, id).bind(2, fh->commits90d).bind(3, fh->lastCommit);
      if (auto s = hist.run(); !s) return s;
      for (const auto& c : fh->recent) {
        commit.bind(1, id).bind(2, c.time).bind(3, c.hash).bind(4, c.subject).bind(5, c.files);
        if (auto s = commit.run(); !s) return s;
      }
    }
    return okStatus();
  });
}

Expected<AnalyticsSummary> readAnalyticsSummary(Database& db, uint32_t top) {
  sqlite3* h = db.handle();
  AnalyticsSummary out;
  auto scalar = [&](const char* sql) -> Expected<uint64_t> {
    Statement st(h, sql);
    if (!st.valid() || !st.step()) return sqliteError(h, "analytics summary");
    return static_cast<uint64_t>(st.i64(0));
  };
  for (auto [field, sql] : {std::pair{&out.communities, "SELECT count(*) FROM communities"},
                            std::pair{&out.docLinks, "SELECT count(*) FROM doc_links"},
                            std::pair{&out.linkedDocuments, "SELECT count(DISTINCT doc_file_id) FROM doc_links"},
                            std::pair{&out.filesWithHistory, "SELECT count(*) FROM file_history"}}) {
    auto v = scalar(sql);
    if (!v) return v.error();
    *field = *v;
  }
  Statement st(h, "SELECT id, uid, label, size FROM communities ORDER BY size DESC, uid LIMIT ?");
  if (!st.valid()) return sqliteError(h, "analytics summary");
  st.bind(1, top);
  while (st.step())
    out.largestCommunities.push_back({st.i64(0), st.text(1), st.text(2), static_cast<uint32_t>(st.i64(3))});
  Statement cs(h, "SELECT uid, centrality FROM symbols ORDER BY pagerank DESC, uid LIMIT ?");
  if (!cs.valid()) return sqliteError(h, "analytics summary");
  cs.bind(1, top);
  while (cs.step()) out.mostCentral.push_back({cs.text(0), cs.f64(1)});
  return out;
}

}  // namespace cg::store
