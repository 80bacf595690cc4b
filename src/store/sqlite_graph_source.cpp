#include "codegraph/store/sqlite_graph_source.h"

#include <sqlite3.h>

#include "statement.h"

namespace cg::store {

Expected<model::GraphSnapshot> SqliteGraphSource::load() {
  sqlite3* h = db_.handle();
  model::GraphSnapshot snap;
  {
    Statement st(h, "SELECT s.id, s.uid, s.name, s.qualified_name, f.path, s.kind, s.complexity, "
                    "s.is_test, s.pagerank, s.centrality, s.community_id, s.complexity_rank "
                    "FROM symbols s JOIN files f ON f.id = s.file_id");
    if (!st.valid()) return sqliteError(h, "graph nodes");
    std::string lastKind;
    model::SymbolKind kind = model::SymbolKind::kFunction;
    uint32_t row = 0;
    while (st.step()) {
      if (interrupted_ && (++row & 4095) == 0 && interrupted_())
        return makeError(ErrorCode::kCancelled, "graph load interrupted");
      model::GraphNode n;
      n.id = st.i64(0);
      n.uid = st.text(1);
      n.name = st.text(2);
      n.qualifiedName = st.text(3);
      n.path = st.text(4);
      std::string_view k = st.view(5);
      if (k != lastKind) kind = model::parseSymbolKind(k).value_or(model::SymbolKind::kFunction), lastKind = k;
      n.kind = kind;
      n.complexity = static_cast<uint32_t>(st.i64(6));
      n.isTest = st.i64(7) != 0;
      n.pagerank = st.f64(8);
      n.centrality = st.f64(9);
      n.communityId = st.i64(10);
      n.complexityRank = st.f64(11);
      snap.nodes.push_back(std::move(n));
    }
    if (st.lastCode() != SQLITE_DONE) return sqliteError(h, "graph nodes");
  }
  {
    Statement st(h, "SELECT source_id, target_id, kind, confidence FROM refs WHERE target_id IS NOT "
                    "NULL AND source_id IS NOT NULL AND dropped = 0");
    if (!st.valid()) return sqliteError(h, "graph edges");
    snap.edges.reserve(1024);
    uint32_t row = 0;
    while (st.step()) {
      if (interrupted_ && (++row & 4095) == 0 && interrupted_())
        return makeError(ErrorCode::kCancelled, "graph load interrupted");
      auto kind = model::parseRefKind(st.view(2));
      if (!kind) continue;
      snap.edges.push_back({st.i64(0), st.i64(1), *kind, st.f64(3)});
    }
    if (st.lastCode() != SQLITE_DONE) return sqliteError(h, "graph edges");
  }
  {
    Statement st(h, "SELECT file_id, name FROM doc_mentions");
    if (!st.valid()) return sqliteError(h, "document mentions");
    while (st.step()) snap.mentions.push_back({st.i64(0), st.text(1)});
    if (st.lastCode() != SQLITE_DONE) return sqliteError(h, "document mentions");
  }
  {
    Statement st(h, "SELECT id, uid, label, size FROM communities");
    if (!st.valid()) return sqliteError(h, "communities");
    while (st.step())
      snap.communities.push_back({st.i64(0), st.text(1), st.text(2), static_cast<uint32_t>(st.i64(3))});
    if (st.lastCode() != SQLITE_DONE) return sqliteError(h, "communities");
  }
  {
    Statement st(h, "SELECT symbol_id, doc_file_id FROM doc_links");
    if (!st.valid()) return sqliteError(h, "document links");
    while (st.step()) snap.docLinks.push_back({st.i64(0), st.i64(1)});
    if (st.lastCode() != SQLITE_DONE) return sqliteError(h, "document links");
  }
  return snap;
}

}  // namespace cg::store
