// SqliteGraphSource: model::GraphSource over an index database — every symbol with its stored
// analytics, every resolved symbol-to-symbol edge, the documents' mentions, the stored
// communities and document links, in a handful of sequential scans.
//
// Change tracking (for a process that keeps a snapshot between analytics runs, see
// indexer::GraphCache): track() installs temporary triggers on this connection that record the
// id of every file whose symbols, edges or mentions change (insert, delete, or an update of a
// column the snapshot holds; the analytics' own score columns are not tracked). changedFiles()
// reads that set, loadFiles() reads the current rows of some files, clearChanges() empties the
// set. The record is in a TEMP table, so it is part of the transaction that made the change: a
// refresh that rolls back leaves no mark. Only changes made through this connection are seen;
// the caller detects others with dataVersion().
//
// Reads through the connection it is given, so inside the indexer's open refresh transaction it
// sees the refresh's own writes. Threads: the Database's thread only.
#pragma once

#include <functional>
#include <vector>

#include "codegraph/model/graph_source.h"
#include "codegraph/store/database.h"

namespace cg::store {

class SqliteGraphSource : public model::GraphSource {
 public:
  explicit SqliteGraphSource(Database& db) : db_(db) {}
  Expected<model::GraphSnapshot> load() override;
  // Polled while loading; when it returns true, load() stops with ErrorCode::kCancelled.
  void setInterrupt(std::function<bool()> interrupted) { interrupted_ = std::move(interrupted); }

  // From now on this connection records in temp.cg_graph_changes the files whose graph rows
  // change: updates of the graph's columns and deleted files by triggers, rows inserted or
  // deleted by the IndexWriter statements that write them (Database::tracksGraphChanges).
  Status track();
  Expected<std::vector<int64_t>> changedFiles();
  // The nodes, edges and mentions of these files (communities and links are left empty).
  Expected<model::GraphSnapshot> loadFiles(const std::vector<int64_t>& fileIds);
  Status clearChanges();
  // PRAGMA data_version: changes when another connection commits to the database.
  Expected<int64_t> dataVersion();
  // Rows the snapshot should hold: symbols (a count SQLite answers from the table's pages, well
  // under a millisecond), and with `withEdges` the edges as load() reads them (a scan of their
  // index: ~0.13 s for Go's 0.5 M edges).
  struct Totals {
    uint64_t nodes = 0, edges = 0;
  };
  Expected<Totals> totals(bool withEdges);

 private:
  Database& db_;
  std::function<bool()> interrupted_;
};

}  // namespace cg::store
