// One run of indexRepository (indexer.h): the full index or a refresh as a sequence of stages,
// each a member with one job, sharing what the run has learnt so far. Private to src/indexer;
// the stages are defined in pipeline.cpp (walk, parse and write, indexes, analyse, finish) and
// resolve_stage.cpp (resolve).
//
// The stages, in order (indexRepository):
//   loadKnown     what the index holds: its files, whether this is a full index, failed files
//   walk          the files to index (the whole tree, or only the given paths) and those gone
//   plan          which files to parse, whether the set of files or any Go file changed
//   keepMemory    whether the resolver's memory of an earlier refresh still holds
//   begin         the write transaction (a full index: the secondary indexes dropped first)
//   removeFiles   the rows of the files gone
//   parseAndWrite every changed file parsed on the parser threads and written on this one
//   resolve       the references to bind again, bound and applied; Go's structural implements
//   finishIndexes a full index's remaining indexes, its analytics computing meanwhile
//   analyse       a refresh's analytics (now, or marked due); the failed files and `indexed_at`
//   commit        the last transaction; then a full index's analytics, the git history
//   count         the totals of the summary
//
// Transactions: a refresh runs in one write transaction (readers never see half of it); a full
// index commits every kFilesPerTransaction files and between its phases, so memory and the WAL
// stay bounded. A stage that fails returns its error; the run's transaction is rolled back when
// the run is destroyed, before anything else of it.
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "codegraph/indexer/indexer.h"
#include "codegraph/store/database.h"
#include "codegraph/store/index_writer.h"
#include "codegraph/store/transaction.h"
#include "analytics_phase.h"
#include "parse_pool.h"

namespace cg::indexer {

class Resolver;

// Forgets the caller's resolver memory unless the run reached its end (a rolled-back refresh
// may have filled it from rows that were never committed).
struct ForgetUnlessDone {
  ResolverMemory* memory = nullptr;
  bool done = false;
  ~ForgetUnlessDone() {
    if (memory && !done) memory->reset();
  }
};

// Seconds since `t`.
inline double secondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

class IndexRun {
 public:
  IndexRun(store::Database& db, const IndexOptions& options);

  Status loadKnown();
  Status walk();
  void plan();
  void keepMemory();
  Status begin();
  Status removeFiles();
  Status parseAndWrite();
  Status buildResolveIndexes();
  Status resolve();
  Status finishIndexes();
  Status analyse();
  Status commit();
  void count();

  // Whether anything the graph is made of changed: then it is resolved and analysed again.
  bool graphChanged() const {
    return summary.fullIndex || !changedFiles_.empty() || !affectedNames_.empty() ||
           !importerFiles_.empty() || summary.filesRemoved > 0;
  }
  // Records the time since the last lap under `what` (logged at the end, at debug level).
  void lap(const char* what);
  void report(const char* phase, uint64_t done, uint64_t total) const {
    if (options_.progress) options_.progress(IndexProgress{phase, done, total});
  }

  IndexSummary summary;
  ForgetUnlessDone forgetUnlessDone;
  const std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  std::string laps;  // " step 1.2ms" per lap

 private:
  struct ResolveTimes {
    double prepare = 0, select = 0, bind = 0, apply = 0;
  };
  // One parsed file's rows written, and what its change means for the resolution.
  Status writeParsed(const ParseOutput& out, uint64_t& writeMicros);
  // What each import is bound to, read before removals and rewrites unbind them (resolve()).
  Status readImports();
  // `resolutions` applied in chunks, progress reported from `done` of `total`.
  Status applyResolutions(const std::vector<store::Resolution>& resolutions, size_t done, size_t total);
  Status resolveEverything(Resolver& resolver, unsigned bindThreads, size_t heldDefinitions,
                           ResolveTimes& times);
  Status resolveChanged(Resolver& resolver, ResolveTimes& times);
  // Binds `refs`: the inheritance among them first, applied at once with the C++ out-of-line
  // visibility pass (member lookups read the bases), then the others, returned to be applied.
  Expected<std::vector<store::Resolution>> bindWithInheritance(Resolver& resolver,
                                                               const std::vector<store::PendingRef>& refs);
  // Binds again the references of files whose imports now reach other targets.
  Status resolveRebound(Resolver& resolver, const std::vector<store::PendingRef>& pending,
                        const std::vector<store::Resolution>& resolutions);
  bool cancelled() const { return options_.cancel && options_.cancel->load(); }

  store::Database& db_;
  const IndexOptions& options_;
  store::IndexWriter writer_;
  store::IndexReader reader_;  // on the writer's connection: sees what this run wrote
  std::chrono::steady_clock::time_point lastLap_ = started;

  // What the index held before this run.
  std::unordered_map<std::string, store::FileRow> existing_;
  std::unordered_map<std::string, FailedFile> failedBefore_;
  std::map<std::string, FailedFile> failedNow_;  // written back before the final commit

  std::vector<WalkedFile> walked_;
  std::vector<std::string> removed_;
  std::vector<ParseJob> jobs_;

  // Whether module paths came or went (a file added, removed or of another language now): only
  // then can an import elsewhere bind to a different file.
  bool fileSetChanged_ = false;
  // Go's structural implements (method sets) are recomputed when a Go file may have changed.
  bool goChanged_ = false;
  bool keepResolverMemory_ = false;
  int64_t dataVersion_ = -1;  // of the database when the run began (IndexOptions::resolverMemory)
  // The whole graph is analysed after the commit (a full index, or analytics never completed).
  bool analyseFull_ = false;

  std::vector<int64_t> changedFiles_;
  std::set<int64_t> importerFiles_;  // files importing a changed or removed module
  std::set<std::string> affectedNames_;
  // Names whose definitions came, went or changed their declared type: calls typed through them
  // (their receiver or qualifier names one) bind again.
  std::set<std::string> receiverNames_;
  std::unordered_map<int64_t, store::ImportTarget> importTargetsBefore_;
  bool importsRead_ = false;

  std::optional<HistoryRefresh> history_;
  // A full index's analytics, computing while its last indexes are built (finishIndexes).
  std::optional<AnalyticsInBackground> background_;
  // Last: destroyed first, so a failed run is rolled back before anything else of it ends.
  store::Transaction tx_;
};

}  // namespace cg::indexer
