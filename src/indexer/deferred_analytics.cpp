// The deferred graph analytics of a serving indexer (indexer.h): the graph kept in memory between
// refreshes (GraphCache), and the analytics after a refresh in three steps, so that only the
// first and the last hold the write transaction, each short.
#include <spdlog/spdlog.h>

#include <chrono>
#include <functional>
#include <optional>

#include "codegraph/indexer/indexer.h"
#include "codegraph/store/database.h"
#include "codegraph/store/sqlite_graph_source.h"
#include "codegraph/store/transaction.h"
#include "analytics_phase.h"

namespace cg::indexer {

Status primeGraphCache(store::Database& db, GraphCache& cache, std::function<bool()> interrupted) {
  const auto started = std::chrono::steady_clock::now();
  auto tx = store::Transaction::begin(db, store::Transaction::Mode::kWrite);
  if (!tx) return tx.error();
  auto loaded = updateGraphCache(db, cache.state(), interrupted);
  if (!loaded) {
    tx->rollback();
    cache.reset();
    return loaded.error();
  }
  if (auto s = tx->commit(); !s) {
    cache.reset();
    return s;
  }
  cache.state().uncommittedLoad = false;
  spdlog::debug("graph cache: {} symbols, {} edges in memory ({:.3f}s)", cache.state().snapshot->nodes.size(),
                cache.state().snapshot->edges.size(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  return okStatus();
}

Status runDeferredAnalytics(store::Database& db, std::chrono::milliseconds budget,
                            std::function<bool()> interrupted, GraphCache* cache) {
  auto tx = store::Transaction::begin(db, store::Transaction::Mode::kWrite);
  if (!tx) return tx.error();
  auto analysed = runGraphAnalytics(db, true, budget, std::move(interrupted), cache ? &cache->state() : nullptr);
  if (!analysed) {
    // The cache keeps the files it re-read; their change marks are rolled back with the rest,
    // so the next run re-reads them (replacing a file's rows is idempotent). A whole load made
    // in this transaction loses its change tracking with it, so it is forgotten.
    tx->rollback();
    if (cache && cache->state().uncommittedLoad) cache->reset();
    return analysed.error();
  }
  if (auto s = tx->commit(); !s) {
    if (cache) cache->reset();
    return s;
  }
  if (cache && cache->loaded()) {
    cache->state().uncommittedLoad = false;
    model::applyAnalytics(*cache->state().snapshot, analysed->report.update, analysed->newCommunityIds);
  }
  return okStatus();
}

struct DeferredAnalytics {
  std::optional<PreparedAnalytics> prepared;
  std::optional<ComputedAnalytics> computed;
};

void DeferredAnalyticsDeleter::operator()(DeferredAnalytics* run) const { delete run; }

Expected<DeferredAnalyticsRun> beginDeferredAnalytics(store::Database& db, std::chrono::milliseconds budget,
                                                      std::function<bool()> interrupted, GraphCache& cache) {
  auto tx = store::Transaction::begin(db, store::Transaction::Mode::kWrite);
  if (!tx) return tx.error();
  auto prepared = prepareCachedAnalytics(db, true, budget, interrupted, cache.state());
  if (!prepared) {
    // As in runDeferredAnalytics: the change marks of the files read are rolled back with the
    // rest; a whole load made in this transaction loses its change tracking, so it is forgotten.
    tx->rollback();
    if (cache.state().uncommittedLoad) cache.reset();
    return prepared.error();
  }
  if (auto s = tx->commit(); !s) {
    cache.reset();
    return s.error();
  }
  cache.state().uncommittedLoad = false;
  DeferredAnalyticsRun run(new DeferredAnalytics);
  run->prepared = std::move(*prepared);
  return run;
}

Status analyseDeferredAnalytics(DeferredAnalytics& run, const GraphCache& cache, std::function<bool()> interrupted) {
  if (!run.prepared || !cache.loaded())
    return makeError(ErrorCode::kInternal, "graph analytics: analysed without being begun");
  auto computed = analyseCachedAnalytics(std::move(*run.prepared), cache.state(),
                                         std::move(interrupted));
  run.prepared.reset();
  if (!computed) return computed.error();
  run.computed = std::move(*computed);
  return okStatus();
}

Status finishDeferredAnalytics(store::Database& db, DeferredAnalytics& run, GraphCache& cache) {
  if (!run.computed) return makeError(ErrorCode::kInternal, "graph analytics: finished without a result");
  auto tx = store::Transaction::begin(db, store::Transaction::Mode::kWrite);
  if (!tx) return tx.error();
  auto written = writeGraphAnalytics(db, std::move(*run.computed));
  run.computed.reset();
  if (!written) return written.error();
  if (auto s = tx->commit(); !s) return s;
  if (cache.loaded()) model::applyAnalytics(*cache.state().snapshot, written->report.update, written->newCommunityIds);
  return okStatus();
}

}  // namespace cg::indexer
