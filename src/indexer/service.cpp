#include "codegraph/indexer/service.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "codegraph/lang/extractor.h"
#include "codegraph/store/index_writer.h"
#include "codegraph/support/background.h"
#include "analytics_phase.h"

namespace cg::indexer {
namespace {

constexpr int kIndexingNice = 5;  // added to the coordinator thread's nice value
constexpr auto kReaderPollNotReady = std::chrono::milliseconds(250);
constexpr auto kProgressWriteEvery = std::chrono::milliseconds(300);
constexpr auto kAnalyticsQuiet = std::chrono::milliseconds(400);
constexpr auto kAnalyticsMaxDelay = std::chrono::milliseconds(10000);
constexpr auto kIdentityEvery = std::chrono::milliseconds(500);
// A git operation's lock held longer than this is taken as left behind by a git that died.
constexpr auto kGitSettleMax = std::chrono::milliseconds(10000);
constexpr auto kGitSettlePoll = std::chrono::milliseconds(20);

std::string progressText(const IndexProgress& p) {
  return p.phase + " " + std::to_string(p.done) + " " + std::to_string(p.total);
}

IndexProgress parseProgress(const std::string& text) {
  IndexProgress p;
  std::istringstream in(text);
  in >> p.phase >> p.done >> p.total;
  return p;
}

}  // namespace

double progressPercent(const IndexProgress& p) {
  const double part = p.total ? std::min(1.0, static_cast<double>(p.done) / static_cast<double>(p.total)) : 0.0;
  if (p.phase == "parsing") return 2 + 78 * part;
  if (p.phase == "resolving") return 80 + 15 * part;
  if (p.phase == "analysing") return 95 + 4 * part;
  return 2 * part;  // walking
}

std::string progressWords(const IndexProgress& p) {
  if (p.phase.empty()) return "starting";  // before the walk reports
  if (p.total == 0) return p.phase;
  return p.phase + " " + std::to_string(p.done) + "/" + std::to_string(p.total) +
         (p.phase == "parsing" ? " files" : "");
}

namespace {

bool isDiskFull(const Error& e) {
  return e.message.find("full") != std::string::npos;
}

}  // namespace

IndexService::IndexService(ServiceOptions options) : options_(std::move(options)) {}

void IndexService::setPending(std::string reason) {
  std::lock_guard<std::mutex> g(mu_);
  pending_ = std::move(reason);
}

bool IndexService::startWatcher() {
  if (!options_.watch) return false;
  WatcherOptions wo = options_.watcher;
  wo.root = options_.index.root;
  wo.excludePrefixes.push_back(options_.dbPath);
  {
    std::lock_guard<std::mutex> g(mu_);
    wo.batching.firstSeq = std::max(attemptedSeq_, lastSeq_);
  }
  auto watcher = std::make_shared<FileWatcher>(wo, [this](ChangeBatch b) { onBatch(std::move(b)); });
  if (auto s = watcher->start(); !s) {
    spdlog::warn("file watching unavailable ({}); the index is refreshed at start only", s.error().message);
    return false;
  }
  std::lock_guard<std::mutex> g(mu_);
  watcher_ = std::move(watcher);
  return true;
}

void IndexService::stopWatcher() {
  std::shared_ptr<FileWatcher> watcher;
  {
    std::lock_guard<std::mutex> g(mu_);
    watcher = std::move(watcher_);
  }
  if (!watcher) return;
  watcher->stop();
  std::lock_guard<std::mutex> g(mu_);
  lastSeq_ = std::max(lastSeq_, watcher->sync());  // stopped: its last number, at once
}

// Holds `merged` back while git changes the work tree (its index.lock exists), then adds every
// change queued meanwhile, the watcher's pending ones included.
void IndexService::waitForGitToSettle(ChangeBatch& merged) {
  if (gitDir_.empty()) return;
  const auto lockFile = gitDir_ / "index.lock";
  const auto start = std::chrono::steady_clock::now();
  bool waited = false;
  std::error_code ec;
  while (!cancel_ && std::filesystem::exists(lockFile, ec) &&
         std::chrono::steady_clock::now() - start < kGitSettleMax) {
    if (!waited) {
      waited = true;
      setPending("git is changing the working tree (a checkout, merge or rebase); this answer is "
                 "from the index as it was before, and the next call after git finishes sees the new files");
      spdlog::debug("refresh waits for git to finish ({} exists)", lockFile.string());
    }
    sleepFor(kGitSettlePoll);
  }
  if (!waited || cancel_) return;
  std::shared_ptr<FileWatcher> watcher;
  {
    std::lock_guard<std::mutex> g(mu_);
    watcher = watcher_;
  }
  if (watcher) watcher->sync();  // the events git's last writes made, delivered now
  std::lock_guard<std::mutex> g(mu_);
  takeQueued(merged);
}

void IndexService::takeQueued(ChangeBatch& merged) {
  std::set<std::string> paths(merged.paths.begin(), merged.paths.end());
  for (auto& b : queue_) {
    merged.fullWalk = merged.fullWalk || b.fullWalk;
    if (b.fullWalk && merged.reason.empty()) merged.reason = b.reason;
    merged.seq = std::max(merged.seq, b.seq);
    paths.insert(b.paths.begin(), b.paths.end());
  }
  queue_.clear();
  merged.paths.assign(paths.begin(), paths.end());
}

IndexService::~IndexService() {
  stop();
}

void IndexService::start() {
  cancel_ = false;
  thread_ = std::thread([this] { run(); });
}

void IndexService::requestStop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    cancel_ = true;
  }
  cv_.notify_all();
}

void IndexService::stop() {
  requestStop();
  if (thread_.joinable()) thread_.join();
  if (queryWarmup_.joinable()) queryWarmup_.join();
}

void IndexService::sleepFor(std::chrono::milliseconds d) {
  std::unique_lock<std::mutex> lock(mu_);
  cv_.wait_for(lock, d, [&] { return cancel_.load(); });
}

void IndexService::run() {
  // Indexing yields to the protocol and tool threads on a busy machine (threads it creates
  // inherit the priority).
  support::lowerThreadPriority(kIndexingNice);
  const auto lockPath = IndexerLock::pathFor(options_.dbPath);
  bool announcedReader = false;
  std::string folderProblem;
  while (!cancel_) {
    // A folder that cannot hold the index fails every call with the reason (never "still being
    // built"), and is checked again after a pause: the user may fix it while the server runs.
    if (auto ready = store::prepareDatabaseFolder(options_.dbPath, options_.privateDbFolder); !ready) {
      if (ready.error().message != folderProblem) spdlog::error("{}", ready.error().message);
      folderProblem = ready.error().message;
      {
        std::lock_guard<std::mutex> g(mu_);
        if (!ready_) failure_ = folderProblem;
      }
      cv_.notify_all();
      sleepFor(options_.retryAfterFailure);
      continue;
    }
    if (!folderProblem.empty()) {
      folderProblem.clear();
      std::lock_guard<std::mutex> g(mu_);
      failure_.clear();
    }
    auto lock = IndexerLock::tryAcquire(lockPath);
    if (lock) {
      lock_.emplace(std::move(*lock));
      role_ = ServiceRole::kIndexer;
      spdlog::info("this process indexes {} (lock {})", options_.index.root.string(),
                   lockPath.string());
      runIndexer();
      if (!reelect_ || cancel_) break;
      // The index was removed or replaced under this process: give up the database and the
      // lock, and elect again; the new index is built from scratch (by whoever wins).
      reelect_ = false;
      history_.reset();  // waits for its git, if still running
      stopWatcher();
      graphCache_.reset();
      resolverMemory_.reset();
      analyticsDueAt_.reset();
      db_.reset();
      lock_.reset();
      role_ = ServiceRole::kStarting;
      announcedReader = false;
      {
        std::lock_guard<std::mutex> g(mu_);
        ready_ = false;
        startupRefreshDone_ = false;
        progress_ = IndexProgress{};
        queue_.clear();
        failure_.clear();
        pending_.clear();
      }
      cv_.notify_all();
      continue;
    }
    role_ = ServiceRole::kReader;
    {
      std::lock_guard<std::mutex> g(mu_);
      holder_ = lock.error().message;
      // Not another indexer: a lock this process cannot take at all (permissions) is a failure
      // every call reports, not an index still being built.
      if (lock.error().code != ErrorCode::kBusy && !ready_)
        failure_ = lock.error().message + "; choose a writable folder of your own with --db PATH";
    }
    if (!announcedReader) {
      announcedReader = true;
      if (lock.error().code == ErrorCode::kBusy)
        spdlog::info("{}; serving read-only from {}", lock.error().message,
                     options_.dbPath.string());
      else
        spdlog::error("{}; serving read-only from {}", lock.error().message,
                      options_.dbPath.string());
    }
    if (!pollAsReader()) break;
  }
  stopWatcher();
  history_.reset();
  db_.reset();
  lock_.reset();
}

// One lock-poll period as a reader: follows the indexer's commits through the meta table.
bool IndexService::pollAsReader() {
  const auto until = std::chrono::steady_clock::now() + options_.lockPoll;
  while (!cancel_) {
    store::OpenOptions o;
    o.path = options_.dbPath;
    o.readOnly = true;
    o.rebuildIfIncompatible = false;
    bool ready = false;
    IndexProgress progress;
    if (auto db = store::Database::open(o)) {
      ready = (*db)->meta("indexed_at").ok();
      if (auto p = (*db)->meta("index_progress")) progress = parseProgress(*p);
    }
    {
      std::lock_guard<std::mutex> g(mu_);
      ready_ = ready;
      if (!progress.phase.empty()) progress_ = progress;
    }
    cv_.notify_all();
    auto now = std::chrono::steady_clock::now();
    if (now >= until) break;
    auto step =
        ready ? until - now
              : std::min<std::chrono::steady_clock::duration>(until - now, kReaderPollNotReady);
    sleepFor(std::chrono::duration_cast<std::chrono::milliseconds>(step));
  }
  return !cancel_;
}

// Opens (repairing or rebuilding) the database for writing; retries until it works or stop.
bool IndexService::openForWriting(bool fullCheck) {
  db_.reset();
  while (!cancel_) {
    store::OpenOptions o;  // run() prepared its folder
    o.path = options_.dbPath;
    o.fullCheck = fullCheck;
    auto db = store::Database::open(o);
    if (db) {
      db_ = std::move(*db);
      return true;
    }
    spdlog::error("cannot open the index database: {}; retrying in {}s", db.error().message,
                  options_.retryAfterFailure.count() / 1000.0);
    {
      std::lock_guard<std::mutex> g(mu_);
      if (!ready_) failure_ = db.error().message;
    }
    cv_.notify_all();
    sleepFor(options_.retryAfterFailure);
  }
  return false;
}

void IndexService::runIndexer() {
  if (!openForWriting()) return;
  if (options_.afterOpen) options_.afterOpen(*db_);
  {
    std::lock_guard<std::mutex> g(mu_);
    ready_ = db_->meta("indexed_at").ok();  // a completed index answers while it is refreshed
    failure_.clear();
  }
  cv_.notify_all();

  recordIdentity();
  startWatcher();

  ChangeBatch startup;
  startup.fullWalk = true;
  startup.reason = "start";
  applyRefresh(startup);
  {
    std::lock_guard<std::mutex> g(mu_);
    startupRefreshDone_ = true;
  }
  cv_.notify_all();
  // The first edit of each language would otherwise compile its extraction query (Python
  // ~0.5 s, C++ ~2.4 s of CPU) before its refresh could start.
  if (options_.watch && refreshes_ > 0 && !queryWarmup_.joinable()) startQueryWarmup();
  // The graph the deferred analytics of later edits start from (one full read now, so an edit's
  // analytics read only the files it changed). Gives way to a change that arrives meanwhile, and
  // runs at the lowest priority: tool calls go first. Without a watcher no edit follows: nothing
  // to keep.
  if (options_.watch && refreshes_ > 0 && !analyticsDueAt_)
    if (auto s = support::atLowPriority([this] {
          return primeGraphCache(*db_, graphCache_, [this] { return analyticsInterrupted(false); });
        });
        !s)
      spdlog::debug("graph cache not loaded: {}", s.error().message);

  using Clock = std::chrono::steady_clock;
  const Clock::time_point never = Clock::time_point::max();
  // A failed refresh is retried as a full walk then.
  Clock::time_point retryAt = refreshes_ == 0 ? Clock::now() + options_.retryAfterFailure : never;
  while (!cancel_) {
    switch (checkIdentity()) {
      case Change::kNone:
        break;
      case Change::kIndexReplaced:
        spdlog::warn("the index database {} or its lock file was removed or replaced (a cleared cache?); "
                     "building the index again",
                     options_.dbPath.string());
        reelect_ = true;
        joinAnalysis();
        return;
      case Change::kRootMissing:
        onRootMissing();
        sleepFor(kIdentityEvery);
        continue;
      case Change::kIndexDamaged:
        onIndexDamaged();
        break;
      case Change::kRootReplaced:
        onRootReplaced();
        break;
    }
    finishHistoryIfReady();
    ChangeBatch merged;
    {
      std::unique_lock<std::mutex> lock(mu_);
      auto wake = [&] { return cancel_.load() || !queue_.empty(); };
      // Woken at least every kIdentityEvery to check the identity of the files above.
      const Clock::time_point until =
          std::min({retryAt, analyticsDueAt_.value_or(never), Clock::now() + kIdentityEvery});
      cv_.wait_until(lock, until, wake);
      if (cancel_) break;
      if (queue_.empty() && analyticsDueAt_ && Clock::now() >= *analyticsDueAt_) {
        lock.unlock();
        runAnalyticsIfDue();
        continue;
      }
      if (queue_.empty() && Clock::now() < retryAt) continue;
      takeQueued(merged);
      merged.seq = std::max(merged.seq, attemptedSeq_);
    }
    if (retryAt != never) {
      merged.fullWalk = true;  // what the failed refresh missed is found by a full walk
      if (merged.reason.empty()) merged.reason = "retry after a failed refresh";
      retryAt = never;
    }
    if (reopen_ && !reopenAfterCorruption(merged)) break;
    waitForGitToSettle(merged);
    if (checkIdentity() != Change::kNone) {
      // Found at the top of the loop; what was merged is walked again in any case.
      std::lock_guard<std::mutex> g(mu_);
      queue_.push_front(std::move(merged));
      continue;
    }
    uint64_t before = refreshes_;
    applyRefresh(merged);
    std::lock_guard<std::mutex> g(mu_);
    if (refreshes_ == before) retryAt = Clock::now() + options_.retryAfterFailure;
  }
  joinAnalysis();
}

// Compiles the extraction queries of the index's languages on a background thread, the language
// with most files first (the one an edit most likely touches is not left waiting behind a rare
// one: a C++ query alone takes seconds). Checks for a stop between languages, so stopping waits
// for one compilation at most.
void IndexService::startQueryWarmup() {
  std::map<std::string, size_t> count;
  if (auto files = store::IndexReader(*db_).files(); files)
    for (const auto& f : *files) ++count[f.language];
  std::vector<std::string> languages;
  for (const auto& [language, n] : count) languages.push_back(language);
  std::stable_sort(languages.begin(), languages.end(),
                   [&](const std::string& a, const std::string& b) { return count[a] > count[b]; });
  queryWarmup_ = std::thread([this, languages] {
    support::lowerThreadPriority(support::kLowestPriority);  // nothing waits for it (support/background.h)
    for (const auto& language : languages) {
      if (cancel_) return;
      lang::precompileQueries({language});
    }
  });
}

// The repository folder is gone: said once (in the log and in answers), and the queued changes
// dropped; what vanished with the folder stays indexed until it is back and walked again.
void IndexService::onRootMissing() {
  if (!rootMissing_) {
    rootMissing_ = true;
    spdlog::warn("the repository folder {} is gone; answers come from the last index until it is back",
                 options_.index.root.string());
    setPending("the repository folder is gone (moved, deleted or being cloned again); this answer is "
               "from the last index");
  }
  {
    // What vanished with the folder stays indexed: it is walked again when the folder is back.
    std::lock_guard<std::mutex> g(mu_);
    queue_.clear();
  }
}

// A query found the database damaged: the marker is removed, and a full walk queued behind a
// reopen (which checks the file and rebuilds it when damaged).
void IndexService::onIndexDamaged() {
  spdlog::warn("a query found the index database {} damaged; checking it", options_.dbPath.string());
  reopen_ = true;
  std::error_code ec;
  std::filesystem::remove(damageMarkerFor(options_.dbPath), ec);
  ChangeBatch walk;
  walk.fullWalk = true;
  walk.reason = "database reopened after corruption";
  onBatch(std::move(walk));
}

// The repository folder was replaced: the new one is watched, its identity recorded, and a full
// walk queued; answers meanwhile say they come from the previous folder.
void IndexService::onRootReplaced() {
  spdlog::warn("the repository folder {} was replaced (cloned again, restored or swapped); "
               "watching and walking it again",
               options_.index.root.string());
  stopWatcher();
  recordIdentity();
  startWatcher();
  setPending("the repository folder was replaced; this answer is from the index of the previous "
             "folder, and the new one is being indexed");
  ChangeBatch walk;
  walk.fullWalk = true;
  walk.reason = "the repository folder was replaced";
  onBatch(std::move(walk));
}

// SQLite reported corruption: reopens the database (a quick_check of the whole file, rebuilt
// when damaged) and makes `merged` a full walk; false when stopping.
bool IndexService::reopenAfterCorruption(ChangeBatch& merged) {
  reopen_ = false;
  joinAnalysis();  // it reads the cache
  graphCache_.reset();
  resolverMemory_.reset();
  // Calls wait while the file is checked, and rebuilt if damaged: a rebuild replaces the
  // file, which a call reading meanwhile would find missing or empty.
  bool wasReady = false;
  {
    std::lock_guard<std::mutex> g(mu_);
    wasReady = ready_;
    ready_ = false;
  }
  if (!openForWriting(/*fullCheck=*/true)) return false;
  recordIdentity();  // a rebuilt database is a new file, of this process's making
  if (!db_->wasRebuilt()) {
    // The file was sound: what it answered before, it answers again.
    std::lock_guard<std::mutex> g(mu_);
    ready_ = wasReady;
    cv_.notify_all();
  }
  // Rebuilt: empty now; calls wait for the full walk below (with progress) rather than read
  // a half-built index.
  merged.fullWalk = true;
  merged.reason = "database reopened after corruption";
  return true;
}

void IndexService::finishHistoryIfReady() {
  if (!history_ || !history_->ready()) return;
  if (auto s = history_->finish(*db_); !s) {
    spdlog::warn("git history not stored: {}", s.error().message);
    if (s.error().code == ErrorCode::kCorrupt) reopen_ = true;
  }
  history_.reset();
}

void IndexService::onBatch(ChangeBatch batch) {
  {
    std::lock_guard<std::mutex> g(mu_);
    queue_.push_back(std::move(batch));
  }
  cv_.notify_all();
}

// Applies one batch (one transaction for a refresh; batches for a first index). refreshes_
// counts only successful refreshes; a failure leaves the last completed index in place.
void IndexService::applyRefresh(const ChangeBatch& batch) {
  IndexOptions o = options_.index;
  o.cancel = &cancel_;
  o.progress = [this](const IndexProgress& p) {
    bool firstIndex;
    {
      std::lock_guard<std::mutex> g(mu_);
      progress_ = p;
      firstIndex = !ready_;
    }
    // Reader processes follow a first index through this row (committed with each batch).
    auto now = std::chrono::steady_clock::now();
    if (firstIndex && now - lastProgressWrite_ >= kProgressWriteEvery) {
      lastProgressWrite_ = now;
      (void)db_->setMeta("index_progress", progressText(p));
    }
  };
  if (!batch.fullWalk) o.onlyPaths = batch.paths;
  o.deferAnalytics = true;
  o.deferHistory = true;
  o.resolverMemory = &resolverMemory_;
  o.countTotals = batch.fullWalk;  // only the full walk's log line reports them
  auto result = indexRepository(*db_, o);
  {
    std::lock_guard<std::mutex> g(mu_);
    attemptedSeq_ = std::max(attemptedSeq_, batch.seq);
    if (result) {
      ready_ = true;
      failure_.clear();
      ++refreshes_;
      if (queue_.empty() && !rootMissing_) pending_.clear();  // nothing known to be missing
    } else if (result.error().code != ErrorCode::kCancelled && !ready_) {
      failure_ = result.error().message;
    }
  }
  cv_.notify_all();
  if (result && !history_) {
    HistoryRefresh h = HistoryRefresh::start(*db_, options_.index.root, options_.index.useGit, /*lowPriority=*/true);
    if (!h.idle()) history_ = std::make_unique<HistoryRefresh>(std::move(h));
  }
  if (result) {
    const auto& r = *result;
    if (r.analyticsDue) {
      const auto now = std::chrono::steady_clock::now();
      if (!analyticsDueAt_) analyticsFirstDue_ = now;
      analyticsDueAt_ = std::min(now + kAnalyticsQuiet, analyticsFirstDue_ + kAnalyticsMaxDelay);
    }
    if (batch.fullWalk)
      spdlog::info(
          "refresh ({}): {} files seen, {} parsed, {} unchanged, {} removed, {} symbols in {:.2f}s",
          batch.reason, r.filesSeen, r.filesParsed, r.filesUnchanged, r.filesRemoved, r.symbols,
          r.seconds);
    else
      spdlog::info("refresh of {} changed path(s): {} parsed, {} removed in {:.3f}s",
                   batch.paths.size(), r.filesParsed, r.filesRemoved, r.seconds);
    return;
  }
  const Error& e = result.error();
  if (e.code == ErrorCode::kCancelled) return;
  if (e.code == ErrorCode::kCorrupt) reopen_ = true;
  if (isDiskFull(e))
    spdlog::error(
        "the index database {} is full ({}): this refresh was rolled back and answers come "
        "from the last completed index; free space on its disk (it is retried every {}s)",
        options_.dbPath.string(), e.message, options_.retryAfterFailure.count() / 1000.0);
  else
    spdlog::error(
        "refresh failed and was rolled back ({}); answers come from the last completed "
        "index; retrying in {}s",
        e.message, options_.retryAfterFailure.count() / 1000.0);
}

bool IndexService::analyticsInterrupted(bool overdue) {
  if (cancel_) return true;
  std::lock_guard<std::mutex> g(mu_);
  if (queue_.empty()) return false;
  // Overdue analytics finish, except when a tool call waits for the queued change.
  return !overdue || freshnessWaiters_ > 0;
}

void IndexService::joinAnalysis() {
  if (analysis_.joinable()) {
    analysisStop_ = true;  // a run given up, or the end: it stops at its next check
    analysis_.join();
  }
  analysisRun_.reset();
}

void IndexService::runAnalyticsIfDue() {
  if (!analyticsDueAt_) return;
  analyticsDueAt_.reset();
  joinAnalysis();  // a run given up reads the cache until it notices: not below it
  // A change that arrives meanwhile goes first (its refresh must not wait behind PageRank),
  // unless the analytics have already waited their longest: then they finish.
  const bool overdue = std::chrono::steady_clock::now() >= analyticsFirstDue_ + kAnalyticsMaxDelay;
  auto interrupted = [this, overdue] { return analyticsInterrupted(overdue); };
  auto failed = [this](const Error& e) {
    if (e.code == ErrorCode::kCancelled) {
      // Still due: the refresh that interrupted them schedules them again.
      analyticsDueAt_ = std::chrono::steady_clock::now() + kAnalyticsQuiet;
      spdlog::debug("graph analytics interrupted by a change; due again");
      return;
    }
    // The scores stay those of the previous computation; the next refresh that changes the
    // graph makes them due again.
    spdlog::warn("graph analytics after a refresh failed and were rolled back: {}", e.message);
    if (e.code == ErrorCode::kCorrupt) reopen_ = true;
  };
  // 1. The kept graph brought up to date, in a short transaction. At the lowest priority, like
  // the graph cache: tool calls arriving meanwhile go first.
  auto begun = support::atLowPriority([&] {
    return beginDeferredAnalytics(*db_, options_.index.analyticsBudget, interrupted, graphCache_);
  });
  if (!begun) return failed(begun.error());
  analysisRun_ = std::move(*begun);
  // 2. The analysis on a thread of its own, without the connection: a change that arrives
  // meanwhile is refreshed at once instead of waiting until the analysis notices it (on the
  // kernel that took 40-80 ms, once a second, on every edit that came while they ran).
  {
    std::lock_guard<std::mutex> g(mu_);
    analysisDone_ = false;
    analysisResult_ = okStatus();
  }
  analysisStop_ = false;
  try {
    analysis_ = std::thread([this, run = analysisRun_.get()] {
      support::lowerThreadPriority(support::kLowestPriority);
      Status s = okStatus();
      try {
        s = analyseDeferredAnalytics(*run, graphCache_, [this] { return analysisStop_.load() || cancel_.load(); });
      } catch (const std::exception& e) {
        s = makeError(ErrorCode::kInternal, std::string("graph analytics: ") + e.what());
      }
      {
        std::lock_guard<std::mutex> g(mu_);
        analysisResult_ = std::move(s);
        analysisDone_ = true;
      }
      cv_.notify_all();
    });
  } catch (const std::system_error&) {  // no thread to be had: analysed here
    Status s = analyseDeferredAnalytics(*analysisRun_, graphCache_, interrupted);
    std::lock_guard<std::mutex> g(mu_);
    analysisResult_ = std::move(s);
    analysisDone_ = true;
  }
  Status analysed = okStatus();
  {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [&] {
      return analysisDone_ || cancel_.load() || (!queue_.empty() && (!overdue || freshnessWaiters_ > 0));
    });
    if (!analysisDone_) {
      lock.unlock();
      analysisStop_ = true;  // joined before the next run, a reopen, or the end
      return failed(makeError(ErrorCode::kCancelled, "graph analytics interrupted"));
    }
    analysed = analysisResult_;
  }
  if (analysis_.joinable()) analysis_.join();
  if (!analysed) {
    analysisRun_.reset();
    return failed(analysed.error());
  }
  // 3. Written in a short transaction; nothing was committed since step 1 (this thread is the
  // only writer and did nothing else).
  auto written = support::atLowPriority([&] { return finishDeferredAnalytics(*db_, *analysisRun_, graphCache_); });
  analysisRun_.reset();
  if (!written) failed(written.error());
}

IndexProgress IndexService::progress() const {
  std::lock_guard<std::mutex> lock(mu_);
  return progress_;
}

std::optional<std::string> IndexService::notReadyReason() const {
  if (!failure_.empty()) return "Indexing failed: " + failure_;
  const IndexProgress& p = progress_;
  std::string where = p.phase.empty() ? std::string("starting") : p.phase;
  const char* unit = p.phase == "parsing" ? " files" : " references";
  if (p.total > 0) where += " " + std::to_string(p.done) + "/" + std::to_string(p.total) + unit;
  else if (p.done > 0) where += " " + std::to_string(p.done) + unit;
  std::string who =
      role_ == ServiceRole::kReader && !holder_.empty() ? "; " + holder_ : std::string();
  return "The index is still being built (" + where + who + "); try again shortly.";
}

std::optional<std::string> IndexService::waitReady(
    std::chrono::milliseconds timeout, const std::function<bool()>& cancelled,
    const std::function<void(const IndexProgress&)>& onTick, std::string* stale) {
  if (stale) stale->clear();
  auto deadline = std::chrono::steady_clock::now() + timeout;
  std::unique_lock<std::mutex> lock(mu_);
  while (!ready_ && failure_.empty() && !cancel_) {
    if (cancelled && cancelled()) return std::string("Cancelled while waiting for the index.");
    auto now = std::chrono::steady_clock::now();
    if (now >= deadline) break;
    cv_.wait_until(lock, std::min(deadline, now + std::chrono::seconds(1)));
    if (!ready_ && onTick) {
      IndexProgress p = progress_;
      lock.unlock();
      onTick(p);
      lock.lock();
    }
  }
  if (!ready_) return notReadyReason();

  // Freshness (see the header): only the indexer knows of pending changes.
  if (role_ != ServiceRole::kIndexer) return std::nullopt;
  std::shared_ptr<FileWatcher> watcher = watcher_;
  lock.unlock();
  const uint64_t target = watcher ? watcher->sync() : 0;
  lock.lock();
  auto fresh = [&] { return cancel_.load() || (startupRefreshDone_ && attemptedSeq_ >= target); };
  ++freshnessWaiters_;  // interrupts graph analytics that would hold the refresh back
  cv_.notify_all();     // the coordinator waits on it while the analysis runs
  const bool isFresh = cv_.wait_until(lock, std::chrono::steady_clock::now() + options_.freshnessWait, fresh);
  if (!isFresh)
    spdlog::debug("freshness wait over ({} ms): answering from the last completed refresh",
                  options_.freshnessWait.count());
  --freshnessWaiters_;
  if (stale) {
    if (!pending_.empty())
      *stale = pending_;
    else if (!isFresh)
      *stale = "files changed before this call are still being indexed (past the " +
               std::to_string(options_.freshnessWait.count()) +
               " ms wait); this answer is from the index before those changes";
  }
  return std::nullopt;
}

}  // namespace cg::indexer
