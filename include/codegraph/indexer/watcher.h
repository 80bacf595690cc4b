// The file watcher of a serving indexer (docs/CONTRACT.md §6, freshness): turns file-system
// changes under the repository into batches of paths to refresh.
//
//  - inotify, recursive: every directory the walk would enter is watched (the same rules:
//    built-in skips, .gitignore chains, virtualenvs); a new directory is watched as it appears
//    and the files already inside it are reported. Files are reported when the same rules
//    would index them (a tracked file matching .gitignore is the one exception: git lists it,
//    the watcher does not see it).
//  - .git internals are not watched, except `.git/HEAD`: a branch switch makes its batch a
//    full walk (the set of tracked files may have changed). An edited .gitignore, a directory
//    moved away, an overflowed event queue or a batch of more than `maxPaths` paths also make
//    a full walk; anything else is refreshed path by path (IndexOptions::onlyPaths).
//  - Debounce: a batch is delivered once no change arrived for `quiet` (150 ms), or `maxDelay`
//    after its first change when changes keep coming, or at once when sync() asks for it. A
//    `git checkout` of many files is one batch. A sync() that finds a save in progress (a file
//    modified in the last second and not yet closed by its writer: truncated, not yet written)
//    waits up to 100 ms for the writer to close it, so that a call made in the middle of a save
//    does not index the file empty.
//  - When inotify cannot watch everything (ENOSPC: fs.inotify.max_user_watches exhausted, or
//    no inotify instance), the watcher logs it once and scans instead: a size + mtime walk
//    every `pollInterval`, diffed against the previous scan.
//
// Threads: one watcher thread per FileWatcher, started by start() (which sets the watches up
// on the caller's thread, so that nothing changed after start() returns is missed). onBatch is
// called on the watcher thread. sync() and the accessors may be called from any thread.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "codegraph/support/expected.h"

namespace cg::indexer {

// Paths to refresh, or the whole repository.
struct ChangeBatch {
  std::vector<std::string> paths;  // relative, '/'-separated, sorted, unique
  bool fullWalk = false;           // refresh by walking the whole repository
  std::string reason;              // why a full walk ("branch switch", ...); empty otherwise
  uint64_t seq = 0;                // the number of the last change this batch covers
};

// Debouncing and batching, without threads or clocks of its own (unit-tested alone). Every
// accepted change gets the next sequence number; a batch covers all changes up to its seq.
class ChangeBatcher {
 public:
  using Clock = std::chrono::steady_clock;
  struct Options {
    std::chrono::milliseconds quiet{150};
    std::chrono::milliseconds maxDelay{1000};
    size_t maxPaths = 1000;  // more paths than this: one full walk instead
    // The sequence number before the first change: a watcher that replaces another continues
    // its numbering, so that a waiter's target is never already passed.
    uint64_t firstSeq = 0;
  };

  ChangeBatcher() = default;
  explicit ChangeBatcher(Options options) : options_(options), seq_(options.firstSeq) {}

  void addPath(std::string path, Clock::time_point now);
  void addFullWalk(std::string reason, Clock::time_point now);

  bool pending() const { return pending_; }
  // When take() will hand out the pending batch; nullopt when nothing is pending.
  std::optional<Clock::time_point> due() const;
  // The pending batch when it is due (or `flush` and anything is pending).
  std::optional<ChangeBatch> take(Clock::time_point now, bool flush = false);
  // The sequence number of the last accepted change.
  uint64_t seq() const { return seq_; }

 private:
  void touch(Clock::time_point now);

  Options options_;
  bool pending_ = false;
  Clock::time_point first_{}, last_{};
  std::set<std::string> paths_;
  bool fullWalk_ = false;
  std::string reason_;
  uint64_t seq_ = 0;
};

struct WatcherOptions {
  std::filesystem::path root;  // absolute, canonical
  ChangeBatcher::Options batching;
  std::chrono::milliseconds pollInterval{2000};  // the scanning fallback's period
  // Files never reported (absolute): the index database and its companions when --db points
  // into the repository, so the indexer's own writes do not trigger refreshes.
  std::vector<std::filesystem::path> excludePrefixes;
  // Test hook: behave as if inotify refused watches past this many (0 = scan from the start).
  size_t maxWatches = std::numeric_limits<size_t>::max();
};

class FileWatcher {
 public:
  using OnBatch = std::function<void(ChangeBatch)>;

  FileWatcher(WatcherOptions options, OnBatch onBatch);
  ~FileWatcher();
  FileWatcher(const FileWatcher&) = delete;
  FileWatcher& operator=(const FileWatcher&) = delete;

  // Sets the watches up (or the first scan) and starts the watcher thread.
  Status start();
  void stop();

  // The freshness barrier: makes the watcher thread read every event the kernel has queued so
  // far, deliver the pending batch at once (no quiet period), and returns the sequence number
  // of the last change seen. Bounded: returns after `bound` even if the thread is busy.
  uint64_t sync(std::chrono::milliseconds bound = std::chrono::milliseconds(200));

  bool scanning() const { return scanning_.load(); }
  size_t watchCount() const { return watchCount_.load(); }

 private:
  struct Impl;
  void run();

  WatcherOptions options_;
  OnBatch onBatch_;
  std::unique_ptr<Impl> impl_;
  std::thread thread_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> scanning_{false};
  std::atomic<size_t> watchCount_{0};
  std::atomic<uint64_t> observedSeq_{0};

  std::mutex syncMu_;
  std::condition_variable syncCv_;
  uint64_t syncRequested_ = 0;
  uint64_t syncHandled_ = 0;
  bool running_ = false;
};

}  // namespace cg::indexer
