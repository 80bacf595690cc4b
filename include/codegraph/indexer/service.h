// IndexService: keeps a serving process's answers fresh (docs/CONTRACT.md §3, §6;
// docs/ARCHITECTURE.md).
//
// Roles. Every serving process of one repository runs an IndexService; the one holding the
// indexer lock (indexer_lock.h, `<db>.lock`) is the INDEXER: it opens the database for writing
// (repairing or rebuilding it, database.h), refreshes it at start, then watches the files
// (watcher.h) and applies each batch of changes as one refresh transaction. The others are
// READERS: they never write, they answer from what the indexer committed (WAL; every tool call
// is one read transaction, so one consistent snapshot), and they try the lock about once a
// second, so one of them takes over within about a second when the indexer exits or dies.
//
// Readiness. A database whose first index completed (`indexed_at` in meta) answers at once; one
// still being built makes tool calls wait (waitReady) up to the caller's bound, with progress.
// A reader follows the indexer's progress through the meta row `index_progress`.
//
// Freshness policy (the indexer process). A tool call first asks the watcher for a barrier
// (FileWatcher::sync): every change whose event the kernel had queued when the call arrived is
// collected, and the pending batch is sent at once instead of after its quiet period. The call
// then waits until a refresh covering those changes has been applied (or has failed), and
// likewise for the refresh that runs at start, bounded by `freshnessWait` (default 2 s). Past
// the bound it answers from the last completed refresh, which is never half-applied. A reader
// process has no watcher: its answers are the indexer's last commit (typically ~200 ms behind
// an edit).
//
// Identity. The repository and the index are files that can be replaced under a running
// server: a re-clone or a restored backup at the same path, folders swapped by renames, the
// cache folder wiped. About twice a second, and before each refresh, the indexer compares the
// (device, inode) of the root, its `.git`, the database and the lock file with those it
// started with. A new root (or `.git`) gets a new watcher and a full walk; while the root is
// missing nothing is refreshed (the last index answers). A database or lock file removed or
// replaced makes this process give up both and run the election again: the winner (this
// process or another) creates and builds the new index, the others read it, never two indexers.
//
// Git operations. While `.git/index.lock` exists (git is checking out, merging, rebasing) a
// refresh waits for it to go (up to kGitSettleMax), then takes every change queued meanwhile:
// a refresh never commits a tree that is half one branch and half the other.
//
// Damage. A query that meets a damaged database (store::setCorruptionHandler) calls
// reportDamage(): the process leaves a marker file (`<db>.damaged`) that the indexer, in this or
// another process, sees at its next identity check. The indexer then checks the whole file
// (quick_check) and, when it is damaged, rebuilds it from the repository; while it checks and
// until a rebuild completes, calls wait for it with progress as for a first index (what a
// damaged file answers cannot be trusted, a file being replaced cannot be opened, and a
// half-built one must not be read). A file the check finds sound answers again at once.
//
// Staleness. A call answered while changes it waited for are not yet applied (past the
// freshness wait, during a git operation, after the root was replaced) gets a sentence saying
// so (waitReady's `stale`); the tools return it as `stale`.
//
// Failures. A failed refresh (disk full, I/O error) is rolled back whole: the last completed
// index keeps answering, the error is logged (at each failed attempt), and a full refresh is
// retried after a pause. A failed first index is reported to waiting tool calls.
//
// Threads: start/stop from the owning thread. One coordinator thread (election, database,
// refreshes; it runs at a lower CPU priority, and the pipeline's parser threads inherit it) and
// the watcher's thread. waitReady, progress and role may be called from any thread.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "codegraph/indexer/indexer.h"
#include "codegraph/indexer/indexer_lock.h"
#include "codegraph/indexer/watcher.h"
#include "codegraph/store/database.h"

namespace cg::indexer {

class HistoryRefresh;

struct ServiceOptions {
  IndexOptions index;  // root, threads, limits (progress and cancel are the service's)
  std::filesystem::path dbPath;
  bool privateDbFolder = false;  // dbPath is in the default index folder (store::prepareDatabaseFolder)
  bool watch = true;       // false: refresh at start only (--no-watch)
  WatcherOptions watcher;  // root and excludePrefixes are filled in by the service
  std::chrono::milliseconds freshnessWait{2000};
  std::chrono::milliseconds lockPoll{1000};  // a reader tries the lock this often
  std::chrono::milliseconds retryAfterFailure{5000};
  // Test hook: runs on the coordinator thread after the indexer opened the database.
  std::function<void(store::Database&)> afterOpen;
};

enum class ServiceRole { kStarting, kIndexer, kReader };

class IndexService {
 public:
  explicit IndexService(ServiceOptions options);
  ~IndexService();
  IndexService(const IndexService&) = delete;
  IndexService& operator=(const IndexService&) = delete;

  void start();
  // Asks every thread of the service to stop at its next check, without waiting for them.
  void requestStop();
  // requestStop(), then waits for the threads.
  void stop();

  // nullopt when the index can answer (after the freshness wait above); otherwise a sentence
  // saying how far indexing has got. onTick is called about once a second while waiting for a
  // first index (for progress notifications).
  // `stale`, when given, is set to a sentence when the index can answer but does not yet
  // reflect every change made before the call (see Staleness above); cleared otherwise.
  std::optional<std::string> waitReady(std::chrono::milliseconds timeout,
                                       const std::function<bool()>& cancelled,
                                       const std::function<void(const IndexProgress&)>& onTick,
                                       std::string* stale = nullptr);

  // A query met a damaged database (any thread, any role); see Damage above.
  void reportDamage();
  static std::filesystem::path damageMarkerFor(const std::filesystem::path& dbPath);

  IndexProgress progress() const;
  ServiceRole role() const { return role_.load(); }
  // Refreshes applied (or failed) by this process since start; for tests and logs.
  uint64_t refreshCount() const { return refreshes_.load(); }

 private:
  // A file or folder whose replacement this process must notice. It is held open (O_PATH), so
  // its inode cannot be freed and its number given to a successor (`rm -rf R && git clone ...
  // R` would otherwise often get the same number back); it is still in place when the path names
  // the same (device, inode) and it has not been deleted.
  class Held {
   public:
    Held() = default;
    explicit Held(const std::filesystem::path& path);
    Held(Held&& other) noexcept;
    Held& operator=(Held&& other) noexcept;
    Held(const Held&) = delete;
    Held& operator=(const Held&) = delete;
    ~Held();
    bool exists() const { return fd_ >= 0; }
    bool stillAt(const std::filesystem::path& path) const;

   private:
    int fd_ = -1;
    uint64_t dev_ = 0, ino_ = 0;
  };
  enum class Change { kNone, kRootMissing, kRootReplaced, kIndexReplaced, kIndexDamaged };
  Change checkIdentity();
  void recordIdentity();
  bool startWatcher();
  void stopWatcher();
  void waitForGitToSettle(ChangeBatch& merged);
  void takeQueued(ChangeBatch& merged);  // mu_ held: every queued batch merged into `merged`
  void setPending(std::string reason);  // what a stale answer says; empty: nothing pending

  void run();
  bool pollAsReader();  // false when stopping
  void runIndexer();
  // runIndexer's parts: extraction queries compiled before the first edits, what a change of
  // identity found between refreshes does, and a reopen after corruption (false when stopping).
  void startQueryWarmup();
  void onRootMissing();
  void onIndexDamaged();
  void onRootReplaced();
  bool reopenAfterCorruption(ChangeBatch& merged);
  bool openForWriting(bool fullCheck = false);
  void applyRefresh(const ChangeBatch& batch);
  void onBatch(ChangeBatch batch);
  std::optional<std::string> notReadyReason() const;  // mu_ held
  void sleepFor(std::chrono::milliseconds d);

  ServiceOptions options_;
  std::thread thread_;
  std::atomic<bool> cancel_{false};
  std::atomic<ServiceRole> role_{ServiceRole::kStarting};
  std::atomic<uint64_t> refreshes_{0};

  // Owned by the coordinator thread.
  std::unique_ptr<store::Database> db_;
  std::optional<IndexerLock> lock_;
  std::chrono::steady_clock::time_point lastProgressWrite_{};
  bool reopen_ = false;  // a refresh met corruption: reopen (check, rebuild) before the next
  bool reelect_ = false;  // the database or lock file was replaced: give both up, elect again
  Held root_, git_, dbFile_, lockFile_;  // as recorded when this process became the indexer
  std::filesystem::path gitDir_;            // the repository's git folder ("" outside git)
  bool rootMissing_ = false;

  mutable std::mutex mu_;
  std::condition_variable cv_;  // readiness, applied refreshes, queued batches, stop
  bool ready_ = false;
  bool startupRefreshDone_ = false;  // this process's (indexer's) refresh at start completed
  std::string failure_;              // the first index failed
  std::string holder_;               // readers: who indexes
  std::string pending_;              // why answers may be stale (setPending); empty: nothing
  IndexProgress progress_;
  std::shared_ptr<FileWatcher> watcher_;
  std::deque<ChangeBatch> queue_;
  uint64_t attemptedSeq_ = 0;  // changes up to this sequence number are applied (or failed)
  uint64_t lastSeq_ = 0;       // the last sequence number of a watcher that was replaced
  uint32_t freshnessWaiters_ = 0;  // tool calls waiting for queued changes to be applied

  // Deferred graph analytics (coordinator thread only): due once the queue has been quiet for
  // kAnalyticsQuiet after a refresh that changed the graph, and at most kAnalyticsMaxDelay after
  // the first such refresh even while edits keep coming. A queued change interrupts them unless
  // they are overdue; a tool call waiting for that change interrupts them always (on the kernel
  // they take ~15 s, and the answer comes first: the scores follow at the next quiet moment).
  std::optional<std::chrono::steady_clock::time_point> analyticsDueAt_;
  std::chrono::steady_clock::time_point analyticsFirstDue_{};
  // The graph the analytics run on, kept between runs (see GraphCache): loaded when the start-up
  // refresh is done, then updated with each refresh's changed files.
  GraphCache graphCache_;
  // The resolver's file map and include closures, kept between refreshes (see ResolverMemory).
  ResolverMemory resolverMemory_;
  // The git history, refreshed after a refresh when HEAD moved: git runs on a thread of its own
  // at the lowest priority, and its result is written when it is ready (coordinator thread).
  std::unique_ptr<HistoryRefresh> history_;
  void finishHistoryIfReady();
  // Compiles the extraction queries of the indexed languages after the start-up refresh, off the
  // coordinator thread (joined by stop()).
  std::thread queryWarmup_;
  // The deferred analytics' analysis, on a thread of its own (nice 19) while the coordinator's
  // connection is free: a change that arrives meanwhile is refreshed at once, and the run given
  // up (analysisStop_; the thread ends at its next check). It reads graphCache_, so the
  // coordinator joins it (joinAnalysis) before anything changes the cache: the next run, a
  // reopen, the end.
  std::thread analysis_;
  DeferredAnalyticsRun analysisRun_;
  std::atomic<bool> analysisStop_{false};
  bool analysisDone_ = false;          // guarded by mu_
  Status analysisResult_ = okStatus();  // guarded by mu_
  void joinAnalysis();
  void runAnalyticsIfDue();
  bool analyticsInterrupted(bool overdue);
};

}  // namespace cg::indexer
