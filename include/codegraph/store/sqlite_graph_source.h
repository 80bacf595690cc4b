// SqliteGraphSource: model::GraphSource over an index database — every symbol with its stored
// analytics, every resolved symbol-to-symbol edge, the documents' mentions, the stored
// communities and document links, in a handful of sequential scans.
//
// Reads through the connection it is given, so inside the indexer's open refresh transaction it
// sees the refresh's own writes. Threads: the Database's thread only.
#pragma once

#include <functional>

#include "codegraph/model/graph_source.h"
#include "codegraph/store/database.h"

namespace cg::store {

class SqliteGraphSource : public model::GraphSource {
 public:
  explicit SqliteGraphSource(Database& db) : db_(db) {}
  Expected<model::GraphSnapshot> load() override;
  // Polled while loading; when it returns true, load() stops with ErrorCode::kCancelled.
  void setInterrupt(std::function<bool()> interrupted) { interrupted_ = std::move(interrupted); }

 private:
  Database& db_;
  std::function<bool()> interrupted_;
};

}  // namespace cg::store
