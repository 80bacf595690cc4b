// IndexerLock: the election of the one process that writes a repository's index
// when several processes serve it (docs/CONTRACT.md §6). The lock is an flock(2) on
// `<database>.lock`, next to the database:
//
//  - exclusive and non-blocking: tryAcquire either wins at once or reports who holds it;
//  - it dies with its process (the kernel drops an flock when the last descriptor of the open
//    file goes away), so a kill -9 releases it and another process takes over;
//  - the descriptor is close-on-exec, so a child (git) never inherits and prolongs it;
//  - the file is never unlinked (unlinking a lock file lets two processes lock two different
//    inodes); it holds the holder's pid as text, for messages only.
//
// flock locks belong to the open file description, so two IndexerLocks in one process exclude
// each other too (the unit tests rely on it). Threads: an IndexerLock is a value owned by one
// thread; holderPid may be called from anywhere.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <optional>

#include "codegraph/support/expected.h"

namespace cg::indexer {

class IndexerLock {
 public:
  // `<dbPath>.lock`.
  static std::filesystem::path pathFor(const std::filesystem::path& dbPath);

  // Wins the lock or fails: kBusy when another process (or another IndexerLock) holds it, kIo
  // when the lock file cannot be created or locked. The file is created 0600; its folder must exist
  // (store::prepareDatabaseFolder).
  static Expected<IndexerLock> tryAcquire(const std::filesystem::path& lockPath);

  // The pid written by the current holder, when the file names one.
  static std::optional<pid_t> holderPid(const std::filesystem::path& lockPath);

  IndexerLock(IndexerLock&& other) noexcept;
  IndexerLock& operator=(IndexerLock&& other) noexcept;
  IndexerLock(const IndexerLock&) = delete;
  IndexerLock& operator=(const IndexerLock&) = delete;
  ~IndexerLock();

  void release();
  bool held() const { return fd_ >= 0; }

 private:
  explicit IndexerLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace cg::indexer
