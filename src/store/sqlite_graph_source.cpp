#include "codegraph/store/sqlite_graph_source.h"

#include <sqlite3.h>

#include <algorithm>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include <spdlog/spdlog.h>

#include "statement.h"

namespace cg::store {
namespace {

constexpr const char* kNodeColumns =
    "SELECT s.id, s.file_id, s.uid, s.name, s.qualified_name, f.path, s.kind, s.complexity, s.is_test, "
    "s.pagerank, s.centrality, s.community_id, s.complexity_rank FROM symbols s JOIN files f ON f.id = s.file_id";
// The WHERE is refs_graph_edges' (schema.sql), so every edge read is covered by that index.
constexpr const char* kEdgeColumns =
    "SELECT source_id, target_id, kind, confidence, file_id FROM refs WHERE target_id IS NOT NULL AND "
    "source_id IS NOT NULL AND dropped = 0";

// Reads one result row each; keeps the last kind text so repeated kinds parse once, and gives the
// symbols of one file one shared path string.
struct RowReader {
  std::string lastKind;
  model::SymbolKind kind = model::SymbolKind::kFunction;
  std::unordered_map<int64_t, std::shared_ptr<const std::string>> paths;
  int64_t lastFileId = -1;
  std::shared_ptr<const std::string> lastPath;
  uint64_t foreignUids = 0;  // uids not of the form model::symbolUid makes (none expected)

  model::GraphNode node(Statement& st) {
    model::GraphNode n;
    n.id = st.i64(0);
    n.fileId = st.i64(1);
    n.name = st.text(3);
    if (std::string_view q = st.view(4); q == n.name) n.qualifiedIsName = true;
    else n.qualified = q;
    if (n.fileId != lastFileId) {
      auto& shared = paths[n.fileId];
      if (!shared) shared = std::make_shared<const std::string>(st.text(5));
      lastFileId = n.fileId;
      lastPath = shared;
    }
    n.path = lastPath;
    std::string_view k = st.view(6);
    if (k != lastKind) kind = model::parseSymbolKind(k).value_or(model::SymbolKind::kFunction), lastKind = k;
    n.kind = kind;
    const int64_t ordinal = model::uidOrdinal(st.view(2), *n.path, n.qualifiedName(), n.kind);
    if (ordinal < 0) ++foreignUids;
    n.ordinal = static_cast<uint32_t>(std::max<int64_t>(ordinal, 0));
    n.complexity = static_cast<uint32_t>(st.i64(7));
    n.isTest = st.i64(8) != 0;
    n.pagerank = st.f64(9);
    n.centrality = st.f64(10);
    n.communityId = st.i64(11);
    n.complexityRank = st.f64(12);
    return n;
  }
  static std::optional<model::GraphEdge> edge(Statement& st) {
    auto kind = model::parseRefKind(st.view(2));
    if (!kind) return std::nullopt;
    return model::GraphEdge{st.i64(0), st.i64(1), *kind, st.f64(3), st.i64(4)};
  }
};

// While alive, a long statement on the connection stops (SQLITE_INTERRUPT) once `interrupted`
// says so: SQLite asks every 50,000 virtual-machine steps (about a millisecond). Counting the
// kernel's 8.6 million edges took 0.85 s with no check, and a waiting edit waited for it.
class InterruptScope {
 public:
  InterruptScope(sqlite3* h, const std::function<bool()>& interrupted) : h_(h), interrupted_(interrupted) {
    if (interrupted_) sqlite3_progress_handler(h_, 50000, &InterruptScope::poll, this);
  }
  ~InterruptScope() {
    if (interrupted_) sqlite3_progress_handler(h_, 0, nullptr, nullptr);
  }
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;
  bool fired() const { return fired_; }
  // The error of a failed statement: cancelled when this scope stopped it.
  Error failure(const char* what) const {
    return fired_ ? makeError(ErrorCode::kCancelled, "graph load interrupted") : sqliteError(h_, what);
  }
  // Hands every row of `sql` to `take`, asking `interrupted` every 4096 rows as well: a long
  // loop over rows runs between SQLite's checks. A failed statement is the error named `what`.
  template <class Take>
  Status readRows(const char* sql, const char* what, Take take) {
    Statement st(h_, sql);
    if (!st.valid()) return failure(what);
    uint32_t row = 0;
    while (st.step()) {
      if (interrupted_ && (++row & 4095) == 0 && interrupted_())
        return makeError(ErrorCode::kCancelled, "graph load interrupted");
      take(st);
    }
    if (st.lastCode() != SQLITE_DONE) return failure(what);
    return okStatus();
  }

 private:
  static int poll(void* self) {
    auto* s = static_cast<InterruptScope*>(self);
    s->fired_ = s->fired_ || s->interrupted_();
    return s->fired_ ? 1 : 0;
  }
  sqlite3* h_;
  const std::function<bool()>& interrupted_;
  bool fired_ = false;
};

// The temp trigger cg_gc_<name>_upd that records in cg_graph_changes the files of a row of
// main.<table> (rows carrying file_id) updated with a new value in one of `watched`. An update
// that leaves those columns as they were (a reference bound again to the same target, the common
// case of a refresh) records nothing. Rows inserted or deleted are recorded by the statements
// that write them (IndexWriter, with Database::tracksGraphChanges), or by the deletion of their
// file (cg_gc_files_del): per-row triggers on every inserted row cost more than the writes.
std::string fileChangeTrigger(const std::string& name, const std::string& table,
                              std::initializer_list<std::string> watched) {
  const std::string trigger = "CREATE TEMP TRIGGER IF NOT EXISTS cg_gc_" + name;
  const std::string record = "\n  BEGIN INSERT OR IGNORE INTO cg_graph_changes VALUES ";
  std::string sql;
  std::string columns, changed;
  for (const std::string& c : watched) {
    columns += (columns.empty() ? "" : ", ") + c;
    changed += (changed.empty() ? "" : " OR ") + ("old." + c + " IS NOT new." + c);
  }
  return sql + trigger + "_upd AFTER UPDATE OF " + columns + " ON main." + table + "\n  WHEN " +
         changed + record + "(old.file_id), (new.file_id); END;\n";
}

}  // namespace

Expected<model::GraphSnapshot> SqliteGraphSource::load() {
  sqlite3* h = db_.handle();
  model::GraphSnapshot snap;
  RowReader reader;
  // Reserved, so the vectors never grow by doubling: on the kernel, 4.2 M nodes and 8.6 M edges
  // would otherwise briefly need the old and the doubled block together (over 1 GB).
  if (auto t = totals(true)) {
    snap.nodes.reserve(t->nodes);
    snap.edges.reserve(t->edges);
  } else if (t.error().code == ErrorCode::kCancelled) {
    return t.error();
  }
  InterruptScope scope(h, interrupted_);
  auto nodes = scope.readRows(kNodeColumns, "graph nodes",
                              [&](Statement& st) { snap.nodes.push_back(reader.node(st)); });
  if (!nodes) return nodes.error();
  if (reader.foreignUids)
    spdlog::warn(
        "graph: {} symbol uids are not <path>::<qualified name>::<kind>[#n]; their community uids "
        "may differ",
        reader.foreignUids);
  auto edges = scope.readRows(kEdgeColumns, "graph edges", [&](Statement& st) {
    if (auto e = RowReader::edge(st)) snap.edges.push_back(*e);
  });
  if (!edges) return edges.error();
  {
    Statement st(h, "SELECT file_id, name FROM doc_mentions");
    if (!st.valid()) return scope.failure("document mentions");
    while (st.step()) snap.mentions.push_back({st.i64(0), st.text(1)});
    if (st.lastCode() != SQLITE_DONE) return scope.failure("document mentions");
  }
  {
    Statement st(h, "SELECT id, uid, label, size FROM communities");
    if (!st.valid()) return scope.failure("communities");
    while (st.step())
      snap.communities.push_back({st.i64(0), st.text(1), st.text(2), static_cast<uint32_t>(st.i64(3))});
    if (st.lastCode() != SQLITE_DONE) return scope.failure("communities");
  }
  {
    Statement st(h, "SELECT symbol_id, doc_file_id FROM doc_links");
    if (!st.valid()) return scope.failure("document links");
    while (st.step()) snap.docLinks.push_back({st.i64(0), st.i64(1)});
    if (st.lastCode() != SQLITE_DONE) return scope.failure("document links");
  }
  return snap;
}

Status SqliteGraphSource::track() {
  // One trigger per table; INSERT OR IGNORE keeps one row per file.
  const std::string sql =
      "CREATE TEMP TABLE IF NOT EXISTS cg_graph_changes(file_id INTEGER PRIMARY KEY);\n" +
      fileChangeTrigger("symbols", "symbols",
                        {"file_id", "uid", "name", "qualified_name", "kind", "complexity", "is_test"}) +
      fileChangeTrigger("refs", "refs", {"target_id", "confidence", "dropped", "source_id", "kind", "file_id"}) +
      R"sql(
CREATE TEMP TRIGGER IF NOT EXISTS cg_gc_files_del AFTER DELETE ON main.files
  BEGIN INSERT OR IGNORE INTO cg_graph_changes VALUES (old.id); END;
CREATE TEMP TRIGGER IF NOT EXISTS cg_gc_files_upd AFTER UPDATE OF path ON main.files
  BEGIN INSERT OR IGNORE INTO cg_graph_changes VALUES (old.id); END;
)sql";
  if (auto s = db_.exec(sql); !s) return s;
  db_.setTracksGraphChanges();
  return okStatus();
}

Expected<std::vector<int64_t>> SqliteGraphSource::changedFiles() {
  sqlite3* h = db_.handle();
  Statement st(h, "SELECT file_id FROM temp.cg_graph_changes ORDER BY file_id");
  if (!st.valid()) return sqliteError(h, "graph changes");
  std::vector<int64_t> ids;
  while (st.step()) ids.push_back(st.i64(0));
  if (st.lastCode() != SQLITE_DONE) return sqliteError(h, "graph changes");
  return ids;
}

Status SqliteGraphSource::clearChanges() { return db_.exec("DELETE FROM temp.cg_graph_changes"); }

Expected<model::GraphSnapshot> SqliteGraphSource::loadFiles(const std::vector<int64_t>& fileIds) {
  sqlite3* h = db_.handle();
  model::GraphSnapshot snap;
  RowReader reader;
  Statement nodes(h, std::string(kNodeColumns) + " WHERE s.file_id = ?", kCached);
  Statement edges(h, std::string(kEdgeColumns) + " AND file_id = ?", kCached);
  Statement mentions(h, "SELECT file_id, name FROM doc_mentions WHERE file_id = ?", kCached);
  if (!nodes.valid() || !edges.valid() || !mentions.valid()) return sqliteError(h, "graph of changed files");
  for (int64_t id : fileIds) {
    nodes.reset();
    nodes.bind(1, id);
    while (nodes.step()) snap.nodes.push_back(reader.node(nodes));
    if (nodes.lastCode() != SQLITE_DONE) return sqliteError(h, "graph nodes of changed files");
    edges.reset();
    edges.bind(1, id);
    while (edges.step())
      if (auto e = RowReader::edge(edges)) snap.edges.push_back(*e);
    if (edges.lastCode() != SQLITE_DONE) return sqliteError(h, "graph edges of changed files");
    mentions.reset();
    mentions.bind(1, id);
    while (mentions.step()) snap.mentions.push_back({mentions.i64(0), mentions.text(1)});
    if (mentions.lastCode() != SQLITE_DONE) return sqliteError(h, "mentions of changed files");
  }
  return snap;
}

Expected<int64_t> SqliteGraphSource::dataVersion() {
  sqlite3* h = db_.handle();
  Statement st(h, "PRAGMA data_version");
  if (!st.valid() || !st.step()) return sqliteError(h, "data_version");
  return st.i64(0);
}

Expected<SqliteGraphSource::Totals> SqliteGraphSource::totals(bool withEdges) {
  sqlite3* h = db_.handle();
  InterruptScope scope(h, interrupted_);
  Totals t;
  Statement n(h, "SELECT count(*) FROM symbols", kCached);
  if (!n.valid() || !n.step()) return scope.failure("graph totals");
  t.nodes = static_cast<uint64_t>(n.i64(0));
  if (!withEdges) return t;
  Statement e(h, "SELECT count(*) FROM refs WHERE target_id IS NOT NULL AND source_id IS NOT NULL AND dropped = 0",
              kCached);
  if (!e.valid() || !e.step()) return scope.failure("graph totals");
  t.edges = static_cast<uint64_t>(e.i64(0));
  return t;
}

}  // namespace cg::store
