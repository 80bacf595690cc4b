#include "analytics_phase.h"


#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <system_error>
#include <unordered_set>

#include "codegraph/store/analytics_writer.h"
#include "codegraph/store/transaction.h"
#include "codegraph/store/sqlite_graph_source.h"
#include "codegraph/support/background.h"

namespace cg::indexer {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int64_t kHistoryMaxAgeSeconds = 12 * 3600;
constexpr uint32_t kEdgeCheckEvery = 16;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

int64_t unixNow() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

bool analyticsDone(store::Database& db) { return db.meta("analytics_at").ok(); }

GraphCache::GraphCache() : state_(std::make_unique<State>()) {}
GraphCache::~GraphCache() = default;
void GraphCache::reset() {
  state_->snapshot.reset();
  state_->uncommittedLoad = false;
}
bool GraphCache::loaded() const { return state_->snapshot.has_value(); }

Expected<int64_t> updateGraphCache(store::Database& db, GraphCache::State& cache,
                                   const std::function<bool()>& interrupted) {
  store::SqliteGraphSource source(db);
  source.setInterrupt(interrupted);
  auto version = source.dataVersion();
  if (!version) return version.error();
  if (cache.snapshot && *version == cache.dataVersion) {
    auto changed = source.changedFiles();
    if (!changed) return changed.error();
    // Beyond a third of the files, reading them one by one costs more than one full scan.
    size_t files = 0;
    if (changed->size() > 64) {
      std::unordered_set<int64_t> distinct;
      for (const auto& n : cache.snapshot->nodes) distinct.insert(n.fileId);
      files = distinct.size();
    }
    if (changed->size() <= 64 || changed->size() <= files / 3) {
      if (!changed->empty()) {
        auto fresh = source.loadFiles(*changed);
        if (!fresh) return fresh.error();
        model::replaceFiles(*cache.snapshot, *changed, std::move(*fresh));
        if (auto s = source.clearChanges(); !s) return s.error();
      }
      // The safety net under the change tracking: the symbol count every time, the edge count
      // (a scan) every kEdgeCheckEvery updates.
      const bool checkEdges = ++cache.updatesSinceEdgeCheck >= kEdgeCheckEvery;
      auto totals = source.totals(checkEdges);
      if (!totals) return totals.error();
      if (checkEdges) cache.updatesSinceEdgeCheck = 0;
      if (totals->nodes == cache.snapshot->nodes.size() &&
          (!checkEdges || totals->edges == cache.snapshot->edges.size()))
        return static_cast<int64_t>(changed->size());
      ++cache.resyncs;
      spdlog::warn("graph cache out of step with the database ({} symbols, {} edges held; {} symbols{} stored): "
                   "reloading the graph",
                   cache.snapshot->nodes.size(), cache.snapshot->edges.size(), totals->nodes,
                   checkEdges ? fmt::format(", {} edges", totals->edges) : std::string());
    }
  } else if (cache.snapshot) {
    spdlog::info("another connection wrote the database: reloading the graph");
  }
  cache.snapshot.reset();
  if (auto s = source.track(); !s) return s.error();
  auto loaded = source.load();
  if (!loaded) return loaded.error();
  if (auto s = source.clearChanges(); !s) return s.error();
  // In uid order, which model::replaceFiles keeps and graph::buildSymbolGraph then need not redo.
  std::sort(loaded->nodes.begin(), loaded->nodes.end(),
            [](const model::GraphNode& a, const model::GraphNode& b) { return model::uidLess(a, b); });
  loaded->uidOrdered = true;
  cache.snapshot = std::move(*loaded);
  cache.dataVersion = *version;
  cache.uncommittedLoad = true;
  ++cache.wholeLoads;
  return -1;
}

Expected<ComputedAnalytics> computeGraphAnalytics(store::Database& db, bool incremental,
                                                  std::chrono::milliseconds budget,
                                                  std::function<bool()> interrupted, GraphCache::State* cache) {
  if (cache) {
    auto prepared = prepareCachedAnalytics(db, incremental, budget, interrupted, *cache);
    if (!prepared) return prepared.error();
    return analyseCachedAnalytics(std::move(*prepared), *cache, std::move(interrupted));
  }
  ComputedAnalytics out;
  out.started = Clock::now();
  out.incremental = incremental;
  std::optional<model::GraphSnapshot> own;
  const model::GraphSnapshot* snapshot = nullptr;
  {
    store::SqliteGraphSource source(db);
    source.setInterrupt(interrupted);
    auto loaded = source.load();
    if (!loaded) return loaded.error();
    own = std::move(*loaded);
    snapshot = &*own;
  }
  out.loadSeconds = since(out.started);

  graph::AnalyseOptions options;
  options.incremental = incremental;
  options.deadline = out.started + budget;
  options.interrupted = interrupted;
  if (own) options.edgesRead = [&own] { std::vector<model::GraphEdge>().swap(own->edges); };
  if (incremental)
    if (auto drift = db.meta("analytics_drift"); drift) options.previousDrift = std::atof(drift->c_str());
  out.nodeCount = snapshot->nodes.size();
  out.edgeCount = snapshot->edges.size();  // before edgesRead
  out.report = graph::analyse(*snapshot, options);
  if (out.report.interrupted) return makeError(ErrorCode::kCancelled, "graph analytics interrupted");
  // A snapshot of our own is not needed for the write: freed here, so that the write (and the
  // index it rebuilds) does not add to it.
  return out;
}

Expected<PreparedAnalytics> prepareCachedAnalytics(store::Database& db, bool incremental,
                                                   std::chrono::milliseconds budget,
                                                   const std::function<bool()>& interrupted,
                                                   GraphCache::State& cache) {
  PreparedAnalytics p;
  ComputedAnalytics& out = p.computed;
  out.started = Clock::now();
  out.incremental = incremental;
  auto updated = updateGraphCache(db, cache, interrupted);
  if (!updated) return updated.error();
  out.filesRead = *updated;
  out.loadSeconds = since(out.started);
  p.options.incremental = incremental;
  p.options.deadline = out.started + budget;
  if (incremental)
    if (auto drift = db.meta("analytics_drift"); drift) p.options.previousDrift = std::atof(drift->c_str());
  out.nodeCount = cache.snapshot->nodes.size();
  out.edgeCount = cache.snapshot->edges.size();
  return p;
}

Expected<ComputedAnalytics> analyseCachedAnalytics(PreparedAnalytics&& prepared, const GraphCache::State& cache,
                                                   std::function<bool()> interrupted) {
  prepared.options.interrupted = std::move(interrupted);
  ComputedAnalytics out = std::move(prepared.computed);
  out.report = graph::analyse(*cache.snapshot, prepared.options);
  if (out.report.interrupted) return makeError(ErrorCode::kCancelled, "graph analytics interrupted");
  return out;
}

Expected<AnalyticsRun> writeGraphAnalytics(store::Database& db, ComputedAnalytics&& computed) {
  AnalyticsRun run;
  run.report = std::move(computed.report);
  const auto& report = run.report;
  const auto writeStart = Clock::now();
  store::AnalyticsWriter writer(db);
  // One savepoint for the results and the meta rows that describe them.
  auto tx = store::Transaction::savepoint(db, "analytics");
  if (!tx) return tx.error();
  if (auto s = writer.apply(report.update, &run.newCommunityIds); !s) return s.error();
  if (auto s = db.setMeta("analytics_at", std::to_string(unixNow())); !s) return s.error();
  if (auto s = db.setMeta("analytics_drift", std::to_string(report.drift)); !s) return s.error();
  if (auto s = db.setMeta("analytics_due", "0"); !s) return s.error();
  if (auto s = tx->commit(); !s) return s.error();
  const double writeSeconds = since(writeStart);

  spdlog::info(
      "analyse ({}): {} symbols, {} edges; {} {:.3f}s, graph {:.3f}s, pagerank {:.3f}s ({} iterations{}), "
      "communities {:.3f}s ({}{}, modularity {:.3f}), docs+rest {:.3f}s ({} links), write {:.3f}s "
      "({} symbol rows, {} new communities); total {:.3f}s",
      computed.incremental ? "incremental" : "full", computed.nodeCount, computed.edgeCount,
      computed.filesRead < 0 ? std::string("load") : fmt::format("update of {} files", computed.filesRead),
      computed.loadSeconds, report.buildSeconds, report.pagerankSeconds, report.pagerankIterations,
      report.pagerankConverged ? "" : ", not converged", report.communitySeconds, report.communities,
      report.louvainRan ? (report.louvainComplete ? ", louvain" : ", louvain cut by the deadline") : ", kept",
      report.modularity, report.otherSeconds, report.docLinks, writeSeconds, report.update.symbols.size(),
      report.update.newCommunities.size(), since(computed.started));
  return run;
}

Expected<AnalyticsRun> runGraphAnalytics(store::Database& db, bool incremental, std::chrono::milliseconds budget,
                                         std::function<bool()> interrupted, GraphCache::State* cache) {
  auto computed = computeGraphAnalytics(db, incremental, budget, std::move(interrupted), cache);
  if (!computed) return computed.error();
  return writeGraphAnalytics(db, std::move(*computed));
}

AnalyticsInBackground::AnalyticsInBackground(const std::filesystem::path& dbPath, std::chrono::milliseconds budget)
    : stop_(std::make_unique<std::atomic<bool>>(false)) {
  std::atomic<bool>* stop = stop_.get();
  try {
    job_ = std::async(std::launch::async, [dbPath, budget, stop]() -> Expected<ComputedAnalytics> {
      auto db = store::Database::openHelperReader(dbPath);
      if (!db) return db.error();
      return computeGraphAnalytics(**db, false, budget, [stop] { return stop->load(); });
    });
  } catch (const std::system_error& e) {  // no thread to be had: finish() computes them itself
    spdlog::debug("graph analytics on the calling thread: {}", e.what());
  }
}

AnalyticsInBackground::~AnalyticsInBackground() {
  if (!job_.valid()) return;
  stop_->store(true);
  job_.wait();
}

Expected<AnalyticsRun> AnalyticsInBackground::finish(store::Database& db, std::chrono::milliseconds budget) {
  if (!job_.valid()) return runGraphAnalytics(db, false, budget);
  auto computed = job_.get();
  if (!computed) {
    // Its own connection failed it (no file handle, say): the writer's can still do the work.
    spdlog::warn("graph analytics beside the index builds failed ({}); computing them again",
                 computed.error().message);
    return runGraphAnalytics(db, false, budget);
  }
  return writeGraphAnalytics(db, std::move(*computed));
}

HistoryRefresh HistoryRefresh::start(store::Database& db, const std::filesystem::path& root, bool useGit,
                                     bool lowPriority) {
  HistoryRefresh h;
  h.started_ = Clock::now();
  auto storedHead = db.meta("history_head");
  const bool hadHistory = storedHead.ok() && !storedHead->empty();
  auto head = useGit ? gitHead(root) : Expected<std::string>(makeError(ErrorCode::kNotFound, "git not used"));
  if (!head) {
    if (hadHistory) h.action_ = Action::kClear;
    return h;
  }
  int64_t at = 0;
  if (auto a = db.meta("history_at"); a) at = std::atoll(a->c_str());
  if (hadHistory && *storedHead == *head && unixNow() - at < kHistoryMaxAgeSeconds) return h;
  h.action_ = Action::kReplace;
  h.head_ = *head;
  h.job_ = std::async(std::launch::async, [root, lowPriority] {
    if (lowPriority) support::lowerThreadPriority(support::kLowestPriority);  // git inherits it
    return readGitHistory(root, HistoryOptions{});
  });
  return h;
}

Status HistoryRefresh::finish(store::Database& db) {
  if (action_ == Action::kNone) return okStatus();
  store::AnalyticsWriter writer(db);
  HistoryByPath history;
  if (action_ == Action::kReplace) {
    auto found = job_.get();
    if (!found) {
      spdlog::warn("git history unavailable: {}", found.error().message);
      return okStatus();
    }
    history = std::move(*found);
  }
  auto tx = store::Transaction::begin(db, store::Transaction::Mode::kWrite);
  if (!tx) return tx.error();
  if (auto s = writer.replaceHistory(history); !s) return s;
  if (auto s = db.setMeta("history_head", head_); !s) return s;
  if (auto s = db.setMeta("history_at", std::to_string(unixNow())); !s) return s;
  if (auto s = tx->commit(); !s) return s;
  spdlog::info("history: {} files with git history in {:.3f}s", history.size(), since(started_));
  return okStatus();
}

}  // namespace cg::indexer
