// The indexing pipeline: walk → parse (parallel) → extract → write (one writer, batched
// transactions) → resolve → analyse. The same entry point does a full index (empty database)
// and an incremental refresh: unchanged files (size + mtime, then content hash) are not
// re-parsed; changed, added and removed files are applied and the references into them
// re-resolved, so the result equals a fresh full index of the same tree.
//
// Threads: indexRepository runs parser threads internally and writes from the calling thread;
// a full index also binds its references on helper threads, each reading through a read-only
// connection of its own (IndexOptions::parallelBindRefs).
// Only one process writes a database at a time (the caller holds the indexer lock).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "codegraph/indexer/walker.h"
#include "codegraph/support/expected.h"

namespace cg::store {
class Database;
}

namespace cg::indexer {

struct IndexProgress {
  std::string phase;  // "walking", "parsing", "resolving", "analysing"
  uint64_t done = 0;
  uint64_t total = 0;
};

// How far a whole index is, from 0 to 100, in one unit whatever the phase (walking 0–2,
// parsing 2–80, resolving 80–95, analysing 95–99): what a progress notification reports, so
// that progress only grows and always has the same total. progressWords words the phase:
// "parsing 1200/3400 files" ("starting" before the first report).
double progressPercent(const IndexProgress& p);
std::string progressWords(const IndexProgress& p);

class ResolverMemory;

struct IndexOptions {
  std::filesystem::path root;  // absolute, canonical
  unsigned threads = 0;        // parser threads; 0 = hardware concurrency
  uint64_t maxFileBytes = 1 << 20;
  bool useGit = true;
  std::function<void(const IndexProgress&)> progress;  // called from the writer thread
  const std::atomic<bool>* cancel = nullptr;
  // Only these paths (relative) are examined; empty = walk the whole repository.
  std::vector<std::string> onlyPaths;
  // Bound on a refresh's graph analytics (community recomputation gives up at it; see
  // graph/analyse.h). A full index is not bounded.
  std::chrono::milliseconds analyticsBudget{800};
  // A refresh commits without recomputing the graph analytics and reports them as due
  // (IndexSummary::analyticsDue); the caller runs runDeferredAnalytics() later, in its own
  // transaction. The serving process does this so an edit reaches the answers without waiting
  // for PageRank and communities, and a burst of edits pays for them once.
  bool deferAnalytics = false;
  // Leave the git history to the caller (the serving process refreshes it after the refresh,
  // off its path: after a branch switch `git log` would compete with parsing for the cores and
  // hold the refresh until it ends).
  bool deferHistory = false;
  // Fill IndexSummary's database totals (symbols, edges by kind, unresolved): a scan of every
  // reference, which a small refresh whose caller does not report them can skip.
  bool countTotals = true;
  // A full index resolves its references in pages of this many (ordered by file), so that they
  // are never all in memory at once (the kernel has about ten million).
  size_t resolvePageRefs = 100000;
  // Between those pages the resolver forgets the definitions it has read once it holds more
  // than this many (on the kernel it would otherwise hold nearly all 4.2 million).
  size_t resolveHeldDefinitions = 1000000;
  // A full index binds its references on `threads` helper threads (at most 4), each with its
  // own read-only connection and its share of resolveHeldDefinitions, from the first page of at
  // least this many references on; a smaller index binds on the calling thread (opening the
  // connections would cost more than it saves).
  size_t parallelBindRefs = 20000;
  // A refresh reuses what an earlier one kept here (the file map and the C/C++ include
  // closures) while no file came, went or changed its imports, language or package, and keeps
  // it for the next. The serving process passes one; null = computed afresh every time.
  ResolverMemory* resolverMemory = nullptr;
};

struct IndexSummary {
  uint64_t filesSeen = 0;       // files the walk selected
  uint64_t filesParsed = 0;     // parsed this run
  uint64_t filesUnchanged = 0;  // skipped by size+mtime or hash
  uint64_t filesRemoved = 0;
  uint64_t parseFailures = 0;   // unreadable or unparsable (counted, logged)
  uint64_t failuresUnchanged = 0;  // of those: failed before and unchanged since, not parsed again
  std::map<std::string, uint64_t> filesByLanguage;  // of the files seen
  std::map<SkipReason, uint64_t> skipped;
  uint64_t symbols = 0;  // in the database after the run (these three: when countTotals)
  std::map<std::string, uint64_t> edgesByKind;  // resolved edges in the database
  uint64_t unresolved = 0;
  uint64_t refsResolved = 0;  // references (re)resolved this run
  unsigned bindThreads = 0;   // threads that bound them: helpers of a full index, else 1 (0: none)
  double seconds = 0;
  bool fullIndex = false;
  bool analyticsDue = false;  // deferAnalytics: the graph changed and its analytics are stale
};

Expected<IndexSummary> indexRepository(store::Database& db, const IndexOptions& options);

// The symbol graph a serving process keeps in memory between deferred analytics runs, so a run
// reads only the files changed since the previous one instead of the whole graph (on CPython,
// 0.5–0.7 s of a run otherwise). The database connection records which files change
// (store::SqliteGraphSource::track, temporary triggers); a run replaces those files' nodes,
// edges and mentions, then checks the result against the database's symbol count (and, every
// 16th run, its edge count) and reloads everything on a mismatch, or when another connection
// has written (PRAGMA data_version).
// Memory: the snapshot (~150 bytes per symbol, 40 per edge; CPython ~20 MB).
// Threads: used by one thread, the one that owns the Database.
// What a serving process keeps of name resolution between refreshes: the module map (every
// file's path, language and package, 57k files on the kernel: 0.15-0.25 s to build) and the
// imports and include closures read through it (up to 0.8 s of a one-file refresh on the kernel).
// All of it depends only on the set of files and their imports, so a refresh that changes
// neither (an edit inside a function) resolves with it as it is; any other refresh, and any
// refresh that fails, starts from scratch and fills it again. Threads: the writer thread only.
class ResolverMemory {
 public:
  ResolverMemory();
  ~ResolverMemory();
  ResolverMemory(const ResolverMemory&) = delete;
  ResolverMemory& operator=(const ResolverMemory&) = delete;
  void reset();  // forget everything: the next refresh computes afresh
  bool valid() const;

  struct State;
  State& state() { return *state_; }

 private:
  std::unique_ptr<State> state_;
};

class GraphCache {
 public:
  GraphCache();
  ~GraphCache();
  GraphCache(const GraphCache&) = delete;
  GraphCache& operator=(const GraphCache&) = delete;
  // Forget the snapshot (the next run loads the whole graph): after the connection is reopened.
  void reset();
  bool loaded() const;

  struct State;
  State& state() { return *state_; }
  const State& state() const { return *state_; }

 private:
  std::unique_ptr<State> state_;
};

// Loads the whole graph into `cache` and starts recording changes, in one transaction, so a
// later runDeferredAnalytics with the cache reads only what changed. Interruptible like it.
Status primeGraphCache(store::Database& db, GraphCache& cache, std::function<bool()> interrupted = {});

// The incremental graph analytics a deferred refresh left due, in one transaction of their own
// (readers see either all the old scores or all the new ones), bounded by `budget`.
// `interrupted` (optional): polled during the computation; when it returns true, nothing is
// written, the analytics stay due and the result is ErrorCode::kCancelled (a refresh waiting
// behind them goes first). `cache` (optional): see GraphCache.
Status runDeferredAnalytics(store::Database& db, std::chrono::milliseconds budget,
                            std::function<bool()> interrupted = {}, GraphCache* cache = nullptr);

// runDeferredAnalytics in three steps, for a caller whose connection has other work while the
// analysis runs (a serving process refreshes meanwhile instead of waiting for the analysis to
// give way: on the kernel it takes seconds). begin: one short transaction that brings `cache`
// up to date (interruptible like runDeferredAnalytics). analyse: no database; it reads the
// cache, which nothing may change until it returns; kCancelled when `interrupted` stops it.
// finish: one short transaction that writes the result, then applies it to the cache. The
// caller finishes only if it committed nothing in between (the result would describe an older
// graph); otherwise it drops the run, and the analytics stay due.
struct DeferredAnalytics;
struct DeferredAnalyticsDeleter {
  void operator()(DeferredAnalytics* run) const;
};
using DeferredAnalyticsRun = std::unique_ptr<DeferredAnalytics, DeferredAnalyticsDeleter>;
Expected<DeferredAnalyticsRun> beginDeferredAnalytics(store::Database& db, std::chrono::milliseconds budget,
                                                      std::function<bool()> interrupted, GraphCache& cache);
Status analyseDeferredAnalytics(DeferredAnalytics& run, const GraphCache& cache,
                                std::function<bool()> interrupted);
Status finishDeferredAnalytics(store::Database& db, DeferredAnalytics& run, GraphCache& cache);

// 64-bit FNV-1a of a file's content, hex: the content hash of docs/CONTRACT.md §6.
std::string contentHash(std::string_view data);

// The symbols the index would hold for `text` as the file `path` in language `languageId` (empty:
// the language the walk would give it, by the path and the text's head), in source order, with
// their uids; `id` is each one's 1-based position and `parentId` its parent's (0: top level).
// What impact reads an old version of a file with. Errors: no extracted language
// (kInvalidArgument), the parser gave up.
Expected<std::vector<model::Symbol>> extractFileSymbols(const std::string& path, std::string_view text,
                                                        const std::string& languageId);

// Runs `git -C root <safety options> args...` and returns its stdout. Git never runs
// repository code on our behalf: the process is spawned directly (no shell) with
// `-c core.fsmonitor=false -c core.hooksPath=/dev/null -c core.quotePath=false`,
// GIT_OPTIONAL_LOCKS=0 (no index refresh, no lock taken) and every other GIT_* variable removed
// from its environment; stdin and stderr are /dev/null. Errors: git missing (kNotFound), any
// non-zero exit or signal (kIo).
Expected<std::string> runGit(const std::filesystem::path& root, const std::vector<std::string>& args);

}  // namespace cg::indexer
