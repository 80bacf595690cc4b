// The "analyse" phase of the pipeline: graph analytics (src/graph over the store's snapshot,
// written back by store::AnalyticsWriter) and git history, with the bounds a refresh needs.
//
//  - runGraphAnalytics: loads the snapshot, computes, writes the difference in one transaction
//    (the caller's open refresh transaction, or its own), and records in the meta table when it
//    ran (`analytics_at`) and the community drift carried to the next refresh
//    (`analytics_drift`). Incremental mode is bounded by `budget` (see graph/analyse.h).
//  - HistoryRefresh: `git log` on a thread of its own, only when HEAD moved since the stored
//    `history_head` (or the stored history is more than 12 hours old: the 90-day window moves);
//    finish() writes the result in one transaction. Outside a git work tree it clears any stored
//    history once. The `index` command starts it with the index, so git runs while files are
//    parsed; a serving process starts it after a refresh, at the lowest priority, and stores it
//    when ready (IndexOptions::deferHistory), so that a branch switch's refresh does not wait
//    for it.
// Threads: the Database's thread; HistoryRefresh runs git on one extra thread, and
// AnalyticsInBackground computes on one extra thread with a connection of its own.
#pragma once

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "codegraph/graph/analyse.h"
#include "codegraph/indexer/indexer.h"
#include "codegraph/model/graph_source.h"
#include "codegraph/store/database.h"
#include "git_history.h"

namespace cg::indexer {

struct GraphCache::State {
  std::optional<model::GraphSnapshot> snapshot;  // as stored after the last committed run
  int64_t dataVersion = 0;                       // PRAGMA data_version when it was last checked
  // Loaded whole in a transaction not yet committed: its change tracking (temporary triggers)
  // would be rolled back with it, so a rollback must forget the snapshot.
  bool uncommittedLoad = false;
  uint32_t updatesSinceEdgeCheck = 0;
  uint64_t wholeLoads = 0;  // loads of the whole graph (the first, and each reload)
  uint64_t resyncs = 0;     // of which found the snapshot out of step with the row counts
};

struct AnalyticsRun {
  graph::AnalyseReport report;
  std::vector<int64_t> newCommunityIds;  // the store's ids of report.update.newCommunities
};

// `interrupted` (optional) is polled while loading and between the steps; when it returns true
// the computation stops, nothing is written, and the result is ErrorCode::kCancelled.
// `cache` (optional): the graph is taken from it, brought up to date with the files changed
// since (loaded whole when it is empty or cannot be trusted); the caller applies the run's
// update to it once the transaction has committed (model::applyAnalytics).
Expected<AnalyticsRun> runGraphAnalytics(store::Database& db, bool incremental, std::chrono::milliseconds budget,
                                         std::function<bool()> interrupted = {},
                                         GraphCache::State* cache = nullptr);

// The two halves of runGraphAnalytics. computeGraphAnalytics loads the graph (from `cache` when
// given, see above) and analyses it, writing nothing; writeGraphAnalytics stores the result in
// one transaction (the caller's open one, or its own) with the meta rows that describe it.
struct ComputedAnalytics {
  graph::AnalyseReport report;
  bool incremental = false;
  size_t nodeCount = 0, edgeCount = 0;
  int64_t filesRead = -1;  // -1: the whole graph was loaded
  double loadSeconds = 0;
  std::chrono::steady_clock::time_point started;
};
Expected<ComputedAnalytics> computeGraphAnalytics(store::Database& db, bool incremental,
                                                  std::chrono::milliseconds budget,
                                                  std::function<bool()> interrupted = {},
                                                  GraphCache::State* cache = nullptr);
Expected<AnalyticsRun> writeGraphAnalytics(store::Database& db, ComputedAnalytics&& computed);

// computeGraphAnalytics over a cache, in its two halves: prepareCachedAnalytics brings `cache`
// up to date and reads what the analysis needs (the database's part); analyseCachedAnalytics
// computes over the cache's graph without the database, which nothing may change meanwhile.
struct PreparedAnalytics {
  ComputedAnalytics computed;
  graph::AnalyseOptions options;
};
Expected<PreparedAnalytics> prepareCachedAnalytics(store::Database& db, bool incremental,
                                                   std::chrono::milliseconds budget,
                                                   const std::function<bool()>& interrupted,
                                                   GraphCache::State& cache);
Expected<ComputedAnalytics> analyseCachedAnalytics(PreparedAnalytics&& prepared, const GraphCache::State& cache,
                                                   std::function<bool()> interrupted);

// A full index's analytics, computed on a thread of their own over a read-only connection to
// what the writer has committed, while the writer's thread builds the remaining indexes (on the
// kernel: load and analysis ~30 s, those indexes ~55 s, each mostly on one core). finish() waits
// and writes them through the writer's connection; without a thread (none could be started), or
// when the thread's connection failed, it computes them itself. Destroying it unfinished stops
// the computation and waits for it.
class AnalyticsInBackground {
 public:
  AnalyticsInBackground(const std::filesystem::path& dbPath, std::chrono::milliseconds budget);
  ~AnalyticsInBackground();
  AnalyticsInBackground(const AnalyticsInBackground&) = delete;
  AnalyticsInBackground& operator=(const AnalyticsInBackground&) = delete;
  Expected<AnalyticsRun> finish(store::Database& db, std::chrono::milliseconds budget);

 private:
  std::unique_ptr<std::atomic<bool>> stop_;
  std::future<Expected<ComputedAnalytics>> job_;
};

// Brings cache->snapshot up to date (see GraphCache), inside the caller's transaction; returns
// the number of files re-read, or -1 when the whole graph was loaded.
Expected<int64_t> updateGraphCache(store::Database& db, GraphCache::State& cache,
                                   const std::function<bool()>& interrupted);

// Whether the graph analytics have completed once on this database (a refresh that changed
// nothing may skip them only then).
bool analyticsDone(store::Database& db);

class HistoryRefresh {
 public:
  // `lowPriority`: git runs at the lowest CPU priority (a serving process's history, which
  // nothing waits for).
  static HistoryRefresh start(store::Database& db, const std::filesystem::path& root, bool useGit,
                              bool lowPriority = false);
  // Nothing to do (HEAD has not moved, or no git and no stored history).
  bool idle() const { return action_ == Action::kNone; }
  // finish() would not wait for git.
  bool ready() const {
    return action_ != Action::kReplace || job_.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
  }
  // Waits for git and stores what it found. A git failure is logged, not fatal.
  Status finish(store::Database& db);

 private:
  enum class Action { kNone, kClear, kReplace } action_ = Action::kNone;
  std::string head_;
  std::future<Expected<HistoryByPath>> job_;
  std::chrono::steady_clock::time_point started_;
};

}  // namespace cg::indexer
