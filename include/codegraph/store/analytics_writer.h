// AnalyticsWriter: stores what src/graph computed (model::AnalyticsUpdate) and the git history
// of files, each call as one transaction — or as part of the caller's open transaction, if there
// is one — so a reader sees all of an update or none of it, never half-updated scores.
//
// Also the summary readers for `codegraph-mcp stats` (community counts, top communities, most
// central symbols). Threads: the Database's thread only.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "codegraph/model/graph_source.h"
#include "codegraph/model/symbol.h"
#include "codegraph/store/database.h"

namespace cg::store {

class AnalyticsWriter {
 public:
  explicit AnalyticsWriter(Database& db) : db_(db) {}

  // `newCommunityIds` (optional) receives the ids given to update.newCommunities, in order.
  Status apply(const model::AnalyticsUpdate& update, std::vector<int64_t>* newCommunityIds = nullptr);
  // Replaces the stored history of every file with `byPath` (paths not indexed are ignored;
  // files absent from the map get no history).
  Status replaceHistory(const std::unordered_map<std::string, model::FileHistory>& byPath);

 private:
  Database& db_;
};

struct AnalyticsSummary {
  uint64_t communities = 0;
  uint64_t docLinks = 0;
  uint64_t linkedDocuments = 0;
  uint64_t filesWithHistory = 0;
  std::vector<model::Community> largestCommunities;  // by size, then uid
  struct Central {
    std::string uid;
    double centrality = 0;
  };
  std::vector<Central> mostCentral;  // by raw PageRank
};

Expected<AnalyticsSummary> readAnalyticsSummary(Database& db, uint32_t top);

}  // namespace cg::store
