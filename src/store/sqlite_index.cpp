#include "codegraph/store/sqlite_index.h"

#include <sqlite3.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>
#include <tuple>

#include "codegraph/store/index_writer.h"
#include "name_match.h"
#include "sqlite_index_lease.h"
#include "sqlite_index_rows.h"
#include "statement.h"

namespace cg::store {
namespace {

bool endsWithSegment(const std::string& text, const std::string& suffix) {
  if (text == suffix) return true;
  if (text.size() <= suffix.size()) return false;
  if (text.compare(text.size() - suffix.size(), suffix.size(), suffix) != 0) return false;
  char before = text[text.size() - suffix.size() - 1];
  return before == '.' || before == ':' || before == '/' || before == '\\';
}

// The symbol the condition `where` selects (its one parameter bound to `key`), or nullopt when
// none does; `what` names the lookup in an error.
template <class Key>
Expected<std::optional<model::Symbol>> symbolWhere(sqlite3* db, const char* where, const Key& key,
                                                   const char* what) {
  Statement st(db,
               std::string("SELECT ") + kSymbolColumns +
                   " FROM symbols s JOIN files f ON f.id = s.file_id WHERE " + where,
               kCached);
  if (!st.valid()) return sqliteError(db, what);
  st.bind(1, key);
  if (!st.step()) {
    if (st.failed()) return sqliteError(db, what);
    return std::optional<model::Symbol>();
  }
  return std::optional<model::Symbol>(readSymbol(st));
}

}  // namespace

thread_local PinnedConnection tPinned;

namespace {
std::pair<uint64_t, uint64_t> fileIdentity(const std::filesystem::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return {0, 0};
  return {static_cast<uint64_t>(st.st_dev), static_cast<uint64_t>(st.st_ino)};
}
}  // namespace

SqliteIndex::SqliteIndex(std::filesystem::path dbPath) : path_(std::move(dbPath)) {}
SqliteIndex::~SqliteIndex() = default;

SqliteIndex::Snapshot::Snapshot(SqliteIndex* owner, std::unique_ptr<Database> db)
    : owner_(owner), db_(std::move(db)) {
  if (!db_) return;
  // Deferred: the snapshot is taken by the first query. Without it (BEGIN failed), nothing is
  // pinned: each query then runs in a read transaction of its own and reports its own errors.
  auto read = Transaction::begin(*db_, Transaction::Mode::kRead);
  if (!read) {
    spdlog::warn("a call's read snapshot could not begin: {}", read.error().message);
    owner_->release(std::move(db_));
    return;
  }
  read_ = std::move(*read);
  tPinned = PinnedConnection{owner_, db_.get()};
}

SqliteIndex::Snapshot::~Snapshot() {
  if (!db_) return;
  tPinned = PinnedConnection{};
  read_.rollback();  // it only read: nothing to commit
  owner_->release(std::move(db_));
}

SqliteIndex::Snapshot SqliteIndex::pinSnapshot() {
  if (tPinned.owner == this) return Snapshot(this, nullptr);  // nested: the outer one rules
  auto db = acquire();
  if (!db || !*db) return Snapshot(this, nullptr);  // queries will report the error themselves
  return Snapshot(this, std::move(*db));
}

Expected<std::unique_ptr<Database>> SqliteIndex::acquire() {
  if (tPinned.owner == this) return std::unique_ptr<Database>();  // Lease uses the pinned one
  auto identity = fileIdentity(path_);
  {
    std::lock_guard<std::mutex> lock(mu_);
    // A database rebuilt by the indexer (another process, possibly) is a new file: connections
    // to the old one would never see its updates.
    if (identity != identity_) {
      idle_.clear();
      identity_ = identity;
    }
    if (!idle_.empty()) {
      auto db = std::move(idle_.back());
      idle_.pop_back();
      return db;
    }
  }
  OpenOptions o;
  o.path = path_;
  o.readOnly = true;
  o.rebuildIfIncompatible = false;
  return Database::open(o);
}

void SqliteIndex::release(std::unique_ptr<Database> db) {
  std::lock_guard<std::mutex> lock(mu_);
  if (idle_.size() < 8 && fileIdentity(path_) == identity_) idle_.push_back(std::move(db));
}

Expected<std::vector<model::Symbol>> SqliteIndex::lookup(const model::LookupRequest& req,
                                                         bool* more) {
  CG_LEASE(lease);
  // In the order of symbols_by_name_kind (centrality, then id), so the read stops after the
  // first `limit` that pass the filters however many definitions the name has; those are then
  // ordered by centrality, path and line.
  Statement st(lease.handle(), std::string("SELECT ") + kSymbolColumns +
                                   " FROM symbols s JOIN files f ON f.id = s.file_id "
                                   "WHERE s.name = ? ORDER BY s.centrality DESC, s.id LIMIT ?", kCached);
  if (!st.valid()) return sqliteError(lease.handle(), "lookup");
  st.bind(1, req.name).bind(2, kMaxFetch);
  uint32_t limit = req.limit.value_or(50);
  std::vector<model::Symbol> out;
  bool cut = false;
  while (st.step()) {
    model::Symbol s = readSymbol(st);
    if (!scopeAllows(req.scope, s.isTest)) continue;
    if (req.kind && !model::kindMatches(s.kind, *req.kind)) continue;
    if (!req.fileSuffix.empty() && !endsWithSegment(s.path, req.fileSuffix)) continue;
    if (!req.qualifier.empty()) {
      bool ok = endsWithSegment(s.qualifiedName, req.qualifier + "." + s.name) ||
                endsWithSegment(s.qualifiedName, req.qualifier + "::" + s.name) ||
                endsWithSegment(s.qualifiedName, req.qualifier + "\\" + s.name);  // PHP
      if (!ok) {
        // pkg.Func: the package (Go/Java) or the module file/directory name. mod.Class.method:
        // the module (path without extension, '/' as '.', a package's __init__ / index / mod
        // file as the package) before the qualified name.
        std::string dir = s.path.substr(0, s.path.rfind('/') == std::string::npos ? 0 : s.path.rfind('/'));
        std::string base = s.path.substr(s.path.rfind('/') == std::string::npos ? 0 : s.path.rfind('/') + 1);
        std::string stem = base.substr(0, base.find('.'));
        std::string dirName = dir.substr(dir.rfind('/') == std::string::npos ? 0 : dir.rfind('/') + 1);
        std::string modulePath = s.path.substr(0, s.path.rfind('.'));
        for (auto& c : modulePath) if (c == '/') c = '.';
        for (std::string_view tail : {".__init__", ".index", ".mod"})
          if (modulePath.size() > tail.size() && modulePath.ends_with(tail)) modulePath.resize(modulePath.size() - tail.size());
        ok = (s.qualifiedName == s.name && (stem == req.qualifier || dirName == req.qualifier)) ||
             endsWithSegment(modulePath + "." + s.qualifiedName, req.qualifier + "." + s.name);
      }
      if (!ok) continue;
    }
    if (out.size() >= limit) {
      cut = true;
      break;
    }
    out.push_back(std::move(s));
  }
  if (st.failed()) return sqliteError(lease.handle(), "lookup");
  std::stable_sort(out.begin(), out.end(), [](const model::Symbol& a, const model::Symbol& b) {
    if (a.centrality != b.centrality) return a.centrality > b.centrality;
    return std::tie(a.path, a.range.line) < std::tie(b.path, b.range.line);
  });
  if (more) *more = cut;
  return out;
}

Expected<std::optional<model::Symbol>> SqliteIndex::byUid(const std::string& uid) {
  CG_LEASE(lease);
  return symbolWhere(lease.handle(), "s.uid = ?", uid, "lookup by uid");
}

Expected<std::vector<model::Symbol>> SqliteIndex::byQualifiedNames(const std::vector<std::string>& qualifiedNames,
                                                                  uint32_t limit, bool* more) {
  CG_LEASE(lease);
  Statement st(lease.handle(), std::string("SELECT ") + kSymbolColumns +
                                   " FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.qualified_name = ?",
               kCached);
  if (!st.valid()) return sqliteError(lease.handle(), "lookup by qualified name");
  std::vector<model::Symbol> out;
  if (more) *more = false;
  for (const auto& name : qualifiedNames) {
    st.reset();
    st.bind(1, name);
    while (st.step()) {
      if (out.size() >= limit) {
        if (more) *more = true;
        return out;
      }
      out.push_back(readSymbol(st));
    }
    if (st.failed()) return sqliteError(lease.handle(), "lookup by qualified name");
  }
  return out;
}

Expected<std::optional<model::Symbol>> SqliteIndex::byId(int64_t id) {
  CG_LEASE(lease);
  return symbolWhere(lease.handle(), "s.id = ?", id, "lookup by id");
}

Expected<std::vector<model::SearchHit>> SqliteIndex::search(const model::SearchRequest& req,
                                                            bool* more) {
  CG_LEASE(lease);
  uint32_t limit = req.limit.value_or(20);
  const std::string q = lower(req.query);
  std::string qJoined;
  for (char c : q)
    if (std::isalnum(static_cast<unsigned char>(c))) qJoined += c;

  // Candidates are gathered with a few columns and no ranking by SQLite, scored here, and only
  // the best `limit` are read whole. Ordering every full-text match by bm25 first cost seconds
  // when a 4-character fragment matched hundreds of thousands of kernel names (p99 8.5 s). The
  // full-text matches are taken in rowid order up to kFtsCandidates; names equal to the query
  // and names starting with it, the two best tiers, are read from the name index besides, so a
  // cap never hides them.
  struct Candidate {
    int64_t id;
    std::string name, qualifiedName, path;
    uint32_t line;
    double centrality;
    double score;
  };
  constexpr int64_t kFtsCandidates = 20000;
  constexpr int64_t kNameCandidates = 2000;
  const std::string columns =
      "s.id, s.name, s.qualified_name, f.path, s.start_line, s.centrality, s.kind, s.is_test";
  std::vector<Candidate> hits;
  std::set<int64_t> seen;
  auto consider = [&](Statement& st, const char* joiner, bool nameTier) {
    while (st.step()) {
      const int64_t id = st.i64(0);
      if (seen.count(id)) continue;
      std::string name = lower(st.text(1));
      if (nameTier && name.rfind(q, 0) != 0) continue;  // NOCASE folds ASCII only: check
      auto kind = model::parseSymbolKind(st.text(6));
      if (!scopeAllows(req.scope, st.i64(7) != 0)) continue;
      if (req.kind && !(kind && model::kindMatches(*kind, *req.kind))) continue;
      std::string nameJoined;
      for (char c : name)
        if (std::isalnum(static_cast<unsigned char>(c))) nameJoined += c;
      // Match-quality tiers 0.12 apart; centrality adds at most 0.1, so it orders matches
      // within a tier and never lifts one above a better tier (ranked by quality, then
      // centrality).
      std::string qualified = lower(st.text(2));
      double quality = name == q || qualified == q ? 1.0
                       : nameJoined == qJoined ? 0.88
                       : name.rfind(q, 0) == 0 || (!qJoined.empty() && nameJoined.rfind(qJoined, 0) == 0) ? 0.76
                       : name.find(q) != std::string::npos || (!qJoined.empty() && nameJoined.find(qJoined) != std::string::npos) ? 0.64
                       : std::string(joiner) == " AND " ? 0.5 : 0.3;
      seen.insert(id);
      const double centrality = st.f64(5);
      hits.push_back(Candidate{id, st.text(1), st.text(2), st.text(3),
                               static_cast<uint32_t>(st.i64(4)), centrality,
                               0.9 * quality + 0.1 * centrality});
    }
    return !st.failed();
  };
  if (!q.empty()) {
    std::string hi = q;
    hi.back() = static_cast<char>(hi.back() + 1);
    Statement st(lease.handle(),
                 "SELECT " + columns + " FROM symbols s JOIN files f ON f.id = s.file_id "
                 "WHERE s.name >= ?1 COLLATE NOCASE AND s.name < ?2 COLLATE NOCASE "
                 "ORDER BY s.name COLLATE NOCASE LIMIT ?3", kCached);
    if (!st.valid()) return sqliteError(lease.handle(), "search");
    st.bind(1, q).bind(2, hi).bind(3, kNameCandidates);
    if (!consider(st, " AND ", true)) return sqliteError(lease.handle(), "search");
  }
  for (const char* joiner : {" AND ", " OR "}) {
    std::string match = ftsQuery(req.query, joiner);
    if (match.empty()) break;
    Statement st(lease.handle(),
                 "SELECT " + columns + " FROM symbols_fts JOIN symbols s ON s.id = symbols_fts.rowid "
                 "JOIN files f ON f.id = s.file_id WHERE symbols_fts MATCH ? LIMIT ?", kCached);
    if (!st.valid()) return sqliteError(lease.handle(), "search");
    st.bind(1, match).bind(2, kFtsCandidates);
    if (!consider(st, joiner, false)) return sqliteError(lease.handle(), "search");
    if (!hits.empty()) break;
  }
  std::sort(hits.begin(), hits.end(), [](const Candidate& a, const Candidate& b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.name.size() != b.name.size()) return a.name.size() < b.name.size();  // a closer fit
    if (a.path != b.path) return a.path < b.path;
    return std::tie(a.line, a.id) < std::tie(b.line, b.id);
  });
  if (more) *more = hits.size() > limit;
  if (hits.size() > limit) hits.resize(limit);
  std::vector<model::SearchHit> out;
  out.reserve(hits.size());
  Statement full(lease.handle(), std::string("SELECT ") + kSymbolColumns +
                                     " FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.id = ?", kCached);
  if (!full.valid()) return sqliteError(lease.handle(), "search");
  for (const auto& h : hits) {
    full.reset();
    full.bind(1, h.id);
    if (!full.step()) {
      if (full.failed()) return sqliteError(lease.handle(), "search");
      continue;
    }
    model::SearchHit hit;
    hit.symbol = readSymbol(full);
    hit.score = std::round(h.score * 1000) / 1000;
    out.push_back(std::move(hit));
  }
  return out;
}

Expected<std::vector<model::EdgeView>> SqliteIndex::refs(const model::RefsRequest& req, bool* more) {
  CG_LEASE(lease);
  // A symbol's references are read kind by kind in the order of an index (refs_to: kind, source,
  // file, id; refs_by_source: kind, id) and each read stops at the limit, so a hub with 100,000 callers (kfree)
  // costs what one with `limit` does; sorting them all by path first cost 50-70 ms on the
  // kernel. Which `limit` of many come back is the first ones indexed, a sample; the sample is
  // then ordered by path and line. A file's top level: its first sites by line.
  const bool topLevel = !req.incoming && req.symbolId == 0 && !req.topLevelOfFile.empty();
  const bool perSource = req.incoming && req.oneSitePerSource;
  std::vector<model::RefKind> kinds = req.kinds;
  if (kinds.empty()) {
    for (int k = 0; k < model::kRefKindCount; ++k) {
      auto kind = static_cast<model::RefKind>(k);
      // Outgoing imports only when asked for by name (RefsRequest).
      if (!req.incoming && kind == model::RefKind::kImports) continue;
      kinds.push_back(kind);
    }
  }
  std::sort(kinds.begin(), kinds.end());
  kinds.erase(std::unique(kinds.begin(), kinds.end()), kinds.end());
  const uint32_t limit = req.limit.value_or(100);

  std::string sql = std::string("SELECT r.id, r.kind, r.line, r.col, r.confidence, r.candidates, "
                                "r.name, r.qualifier, rf.path, coalesce(r.source_id, 0), "
                                "coalesce(r.target_id, 0), ") +
                    kOtherColumns + " FROM ";
  if (perSource) {
    // One site per source: the first `limit` + 1 sources are found in refs_to alone (a source
    // symbol lies in one file, so (source_id, file_id) groups by source, and by file where
    // there is none), then only their first rows are read with their joins.
    sql += "(SELECT min(id) AS first FROM refs INDEXED BY refs_to WHERE target_id = ?1 AND kind = ?2 "
           "GROUP BY source_id, file_id ORDER BY source_id, file_id LIMIT ?3) k "
           "JOIN refs r ON r.id = k.first";
  } else if (topLevel) {
    // A file's top level: its first `limit` + 1 sites of every wanted kind in one pass over the
    // file's references (a header has thousands), then only those rows with their joins.
    std::string in;
    for (auto kind : kinds) in += std::string(in.empty() ? "'" : ", '") + std::string(model::toString(kind)) + "'";
    sql += "(SELECT id FROM refs WHERE file_id = (SELECT id FROM files WHERE path = ?1) AND "
           "source_id IS NULL AND dropped = 0 AND kind IN (" + in + ")" +
           (req.includeUnresolved ? "" : " AND target_id IS NOT NULL") +
           " ORDER BY line, col, id LIMIT ?2) k JOIN refs r ON r.id = k.id";
  } else {
    sql += "refs r";
  }
  sql += std::string(" JOIN files rf ON rf.id = r.file_id LEFT JOIN symbols s ON s.id = ") +
         (req.incoming ? "r.source_id" : "r.target_id") + " LEFT JOIN files f ON f.id = s.file_id";
  if (!perSource && !topLevel) {
    sql += req.incoming ? " WHERE r.target_id = ?" : " WHERE r.source_id = ?";
    if (!req.incoming && !req.includeUnresolved) sql += " AND r.target_id IS NOT NULL";
    if (!req.incoming) sql += " AND r.dropped = 0";
    sql += req.incoming ? " AND r.kind = ? ORDER BY r.source_id, r.file_id, r.id LIMIT ?"
                        : " AND r.kind = ? ORDER BY r.id LIMIT ?";
  }
  Statement st(lease.handle(), sql, kCached);
  if (!st.valid()) return sqliteError(lease.handle(), "references");

  std::vector<model::EdgeView> out;
  bool cut = false;
  // Reads rows until the limit; each kind in its own run, a file's top level in one.
  auto readRows = [&](std::optional<model::RefKind> kind) {
    uint32_t read = 0;
    while (st.step()) {
      if (++read > limit) {
        cut = true;
        break;
      }
      model::EdgeView v;
      v.edge.id = st.i64(0);
      v.edge.kind = kind ? *kind : model::parseRefKind(st.view(1)).value_or(model::RefKind::kUses);
      v.edge.line = static_cast<uint32_t>(st.i64(2));
      v.edge.column = static_cast<uint32_t>(st.i64(3));
      v.edge.confidence = st.f64(4);
      v.edge.candidates = static_cast<uint32_t>(st.i64(5));
      v.edge.targetName = st.text(6);
      v.edge.qualifier = st.text(7);
      v.edge.sourcePath = st.text(8);
      v.edge.sourceId = st.i64(9);
      v.edge.targetId = st.i64(10);
      if (!st.isNull(11)) {
        v.other = readOther(st, 11);
      } else {
        v.other.name = req.incoming ? v.edge.sourcePath : v.edge.targetName;
        v.other.path = req.incoming ? v.edge.sourcePath : std::string();
      }
      out.push_back(std::move(v));
    }
    return !st.failed();
  };
  if (topLevel) {
    st.bind(1, req.topLevelOfFile);
    st.bind(2, static_cast<int64_t>(limit) + 1);
    if (!readRows(std::nullopt)) return sqliteError(lease.handle(), "references");
  } else {
    for (auto kind : kinds) {
      st.reset();
      st.bind(1, req.symbolId);
      st.bind(2, model::toString(kind));
      st.bind(3, static_cast<int64_t>(limit) + 1);
      if (!readRows(kind)) return sqliteError(lease.handle(), "references");
    }
  }
  std::sort(out.begin(), out.end(), [](const model::EdgeView& a, const model::EdgeView& b) {
    return std::tie(a.edge.sourcePath, a.edge.line, a.edge.column, a.edge.id) <
           std::tie(b.edge.sourcePath, b.edge.line, b.edge.column, b.edge.id);
  });
  if (out.size() > limit) {
    out.resize(limit);
    cut = true;
  }
  if (more) *more = cut;
  return out;
}

Expected<std::vector<model::Neighbour>> SqliteIndex::neighbours(int64_t symbolId, bool incoming, uint32_t limit,
                                                              bool* more) {
  CG_LEASE(lease);
  // Both read an index in its own order and stop at the limit: a symbol with thousands of
  // references costs no more than one with `limit`. Outgoing: covered by refs_graph_edges.
  // Incoming: refs_to, one row lookup per edge for its confidence.
  Statement st(lease.handle(),
               incoming ? "SELECT source_id, kind, confidence FROM refs INDEXED BY refs_to "
                          "WHERE target_id = ? AND source_id IS NOT NULL ORDER BY kind, source_id LIMIT ?"
                        : "SELECT target_id, kind, confidence FROM refs WHERE source_id = ? AND target_id IS NOT "
                          "NULL AND dropped = 0 AND kind <> 'imports' ORDER BY target_id, kind LIMIT ?",
               kCached);
  if (!st.valid()) return sqliteError(lease.handle(), "neighbours");
  st.bind(1, symbolId).bind(2, static_cast<int64_t>(limit) + 1);
  std::vector<model::Neighbour> out;
  std::string lastKind;
  model::RefKind kind = model::RefKind::kCalls;
  while (st.step()) {
    if (out.size() >= limit) {
      if (more) *more = true;
      return out;
    }
    std::string_view k = st.view(1);
    if (k != lastKind) kind = model::parseRefKind(k).value_or(model::RefKind::kCalls), lastKind = k;
    out.push_back({st.i64(0), kind, st.f64(2)});
  }
  if (st.lastCode() != SQLITE_DONE) return sqliteError(lease.handle(), "neighbours");
  if (more) *more = false;
  return out;
}

Expected<std::vector<std::string>> SqliteIndex::similarNames(const std::string& name, uint32_t limit) {
  CG_LEASE(lease);
  std::set<std::string> pool;
  {
    Statement st(lease.handle(), "SELECT DISTINCT name FROM symbols WHERE name = ? COLLATE NOCASE LIMIT 20", kCached);
    st.bind(1, name);
    while (st.step()) pool.insert(st.text(0));
    if (st.failed()) return sqliteError(lease.handle(), "similar names");
  }
  {
    std::string match = ftsQuery(name, " OR ");
    if (!match.empty()) {
      Statement st(lease.handle(),
                   "SELECT DISTINCT s.name FROM symbols_fts JOIN symbols s ON s.id = symbols_fts.rowid "
                   "WHERE symbols_fts MATCH ? ORDER BY bm25(symbols_fts) LIMIT 200", kCached);
      st.bind(1, match);
      while (st.step()) pool.insert(st.text(0));
      if (st.failed()) return sqliteError(lease.handle(), "similar names");
    }
  }
  if (name.size() >= 3) {
    // Names sharing the first characters (typos usually keep the start).
    std::string lo = name.substr(0, 3), hi = lo;
    hi.back() = static_cast<char>(hi.back() + 1);
    Statement st(lease.handle(), "SELECT DISTINCT name FROM symbols WHERE name >= ? AND name < ? LIMIT 500", kCached);
    st.bind(1, lo).bind(2, hi);
    while (st.step()) pool.insert(st.text(0));
    if (st.failed()) return sqliteError(lease.handle(), "similar names");
  }
  std::vector<std::pair<size_t, std::string>> ranked;
  const std::string target = lower(name);
  for (const auto& cand : pool) {
    if (cand == name) continue;
    std::string lc = lower(cand);
    size_t d = lc == target ? 0 : editDistance(lc, target);
    size_t allowed = std::max<size_t>(2, target.size() / 3);
    // One name inside the other counts when the shorter is at least half the longer: "format"
    // for format_price, but not "note" for doesNotExistAnywhere.
    const size_t shorter = std::min(lc.size(), target.size()), longer = std::max(lc.size(), target.size());
    bool containsEither = target.size() >= 4 && shorter * 2 >= longer &&
                          (lc.find(target) != std::string::npos ||
                           (lc.size() >= 4 && target.find(lc) != std::string::npos));
    if (d <= allowed || containsEither) ranked.emplace_back(containsEither && d > allowed ? allowed + 1 : d, cand);
  }
  std::sort(ranked.begin(), ranked.end());
  std::vector<std::string> out;
  for (auto& [d, n] : ranked) {
    if (out.size() >= limit) break;
    out.push_back(n);
  }
  return out;
}

Expected<model::RefCounts> SqliteIndex::refCounts(const model::RefCountsRequest& req) {
  CG_LEASE(lease);
  const bool capped = req.incoming && !req.distinct && req.cap > 0;
  model::RefCounts out;
  if (req.incoming && req.distinct) {
    // refs_to is ordered by kind, then source, then file: the distinct sources are counted as
    // the rows stream by, where count(DISTINCT) built a temporary b-tree (3 ms for a function
    // with 7,443 call sites in the kernel; 1 ms this way). A file's top level counts once per file.
    Statement st(lease.handle(),
                 "SELECT kind, source_id, file_id FROM refs INDEXED BY refs_to WHERE target_id = ?",
                 kCached);
    if (!st.valid()) return sqliteError(lease.handle(), "reference counts");
    st.bind(1, req.symbolId);
    std::string kindText;
    model::RefCount* slot = nullptr;
    bool first = true;
    bool lastTopLevel = false;
    int64_t lastId = 0;
    model::RefCount ignored;
    while (st.step()) {
      std::string_view k = st.view(0);
      if (first || k != kindText) {
        kindText.assign(k);
        auto kind = model::parseRefKind(kindText);
        slot = kind ? &out.byKind[static_cast<size_t>(*kind)] : &ignored;
        first = true;
      }
      const bool topLevel = st.isNull(1);
      const int64_t id = topLevel ? st.i64(2) : st.i64(1);
      if (first || topLevel != lastTopLevel || id != lastId) ++slot->distinct;
      ++slot->sites;
      first = false;
      lastTopLevel = topLevel;
      lastId = id;
    }
    if (st.failed()) return sqliteError(lease.handle(), "reference counts");
    return out;
  }
  // distinct: the other end's symbol id, or the written name / the file for ends without one.
  std::string sql =
      capped ? "SELECT kind, count(*), 0 FROM (SELECT kind FROM refs INDEXED BY refs_to WHERE target_id = ?1 "
               "ORDER BY kind LIMIT ?2) GROUP BY kind"
      : req.incoming
          ? "SELECT kind, count(*), 0 FROM refs INDEXED BY refs_to WHERE target_id = ? GROUP BY kind"
          : "SELECT kind, count(*), count(DISTINCT coalesce('s' || target_id, "
            "'n' || qualifier || '.' || name)) FROM refs WHERE source_id = ? AND dropped = 0";
  if (!req.incoming && !req.includeUnresolved) sql += " AND target_id IS NOT NULL";
  if (!req.incoming) sql += " GROUP BY kind";
  Statement st(lease.handle(), sql, kCached);
  if (!st.valid()) return sqliteError(lease.handle(), "reference counts");
  st.bind(1, req.symbolId);
  if (capped) st.bind(2, static_cast<int64_t>(req.cap));
  uint64_t sites = 0;
  while (st.step()) {
    auto kind = model::parseRefKind(st.text(0));
    sites += static_cast<uint64_t>(st.i64(1));
    if (!kind) continue;
    out.byKind[static_cast<size_t>(*kind)] = {static_cast<uint32_t>(st.i64(1)),
                                              static_cast<uint32_t>(st.i64(2))};
  }
  out.capped = capped && sites >= req.cap;
  if (st.failed()) return sqliteError(lease.handle(), "reference counts");
  return out;
}

Expected<model::RankedSymbols> SqliteIndex::rankedSymbols(const model::RankedRequest& req,
                                                          bool* more) {
  CG_LEASE(lease);
  model::RankedSymbols out;
  // Totals are the indexer's cached counts when it has them (counting the kernel's 4.2 million
  // symbols of one language cost 2 s; they are cached until a change, see IndexWriter::counts),
  // otherwise counted through an index.
  std::optional<uint64_t> cachedAll, cachedLanguage;
  {
    Statement st(lease.handle(), "SELECT value FROM meta WHERE key = ?", kCached);
    if (!st.valid()) return sqliteError(lease.handle(), "ranked symbols");
    st.bind(1, IndexWriter::kCountsMeta);
    if (st.step()) {
      if (auto c = IndexWriter::decodeCounts(st.text(0))) {
        cachedAll = c->symbols;
        if (!c->symbolsByLanguage.empty())  // counted by a version that knew them
          cachedLanguage = c->symbolsByLanguage.count(req.language) ? c->symbolsByLanguage.at(req.language) : 0;
      }
    }
    if (st.failed()) return sqliteError(lease.handle(), "ranked symbols");
  }
  auto count = [&](bool ofLanguage, model::Scope scope) -> Expected<uint64_t> {
    std::vector<std::string> terms;
    if (ofLanguage) terms.push_back("s.file_id IN (SELECT f.id FROM files f WHERE f.language = ?)");
    if (scope == model::Scope::kImpl) terms.push_back("s.is_test = 0");
    if (scope == model::Scope::kTest) terms.push_back("s.is_test = 1");
    std::string sql = "SELECT count(*) FROM symbols s";  // no WHERE: SQLite counts an index
    for (size_t i = 0; i < terms.size(); ++i) sql += (i == 0 ? " WHERE " : " AND ") + terms[i];
    Statement st(lease.handle(), sql, kCached);
    if (!st.valid()) return sqliteError(lease.handle(), "ranked symbols");
    if (ofLanguage) st.bind(1, req.language);
    if (!st.step()) return sqliteError(lease.handle(), "ranked symbols");
    return static_cast<uint64_t>(st.i64(0));
  };
  const bool ofLanguage = !req.language.empty();
  std::optional<uint64_t> all = cachedAll;
  if (!all) {
    auto n = count(false, model::Scope::kAll);
    if (!n) return n.error();
    all = *n;
  }
  std::optional<uint64_t> total = req.scope != model::Scope::kAll ? std::nullopt
                                  : ofLanguage                    ? cachedLanguage
                                                                  : all;
  if (!total) {
    auto n = count(ofLanguage, req.scope);
    if (!n) return n.error();
    total = *n;
  }
  out.total = static_cast<uint32_t>(*total);
  // Most central first: read in symbols_by_centrality's order and stop at the limit, unless the
  // language has under a 20th of the symbols (the kernel's 674 Rust ones among 4.2 million: the
  // scan would read most of the index to find them); then its files' symbols are read and sorted.
  const bool rare = ofLanguage && *total * 20 < *all;
  uint32_t limit = req.limit.value_or(100);
  Statement st(lease.handle(),
               std::string("SELECT ") + kSymbolColumns + " FROM symbols s JOIN files f ON f.id = s.file_id" +
                   (rare ? " WHERE s.file_id IN (SELECT id FROM files WHERE language = ?1)"
                         : " WHERE (?1 = '' OR f.language = ?1)") +
                   (req.scope == model::Scope::kImpl   ? " AND s.is_test = 0"
                    : req.scope == model::Scope::kTest ? " AND s.is_test = 1"
                                                       : "") +
                   (rare ? " ORDER BY +s.centrality DESC" : " ORDER BY s.centrality DESC") +
                   ", f.path, s.start_line, s.start_col LIMIT ?2",
               kCached);
  if (!st.valid()) return sqliteError(lease.handle(), "ranked symbols");
  st.bind(1, req.language).bind(2, static_cast<int64_t>(limit));
  while (st.step()) out.symbols.push_back(readSymbol(st));
  if (st.failed()) return sqliteError(lease.handle(), "ranked symbols");
  if (more) *more = out.total > out.symbols.size();
  return out;
}

}  // namespace cg::store
