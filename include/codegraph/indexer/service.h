// IndexService: the serving process's indexer. Runs the first index (or the refresh of an
// existing one) on a background thread so that initialize and ping are answered at once, and
// lets tool calls wait for it with progress, up to a bound.
//
// An existing, completed index answers immediately while its refresh runs (it is the last
// completed refresh); a database without one makes callers wait for the first index.
//
// Threads: start/stop from the owning thread; waitReady and progress from any thread.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "codegraph/indexer/indexer.h"
#include "codegraph/store/database.h"

namespace cg::indexer {

class IndexService {
 public:
  IndexService(std::unique_ptr<store::Database> db, IndexOptions options);
  ~IndexService();

  void start();
  void stop();

  // nullopt when the index can answer; otherwise a sentence saying how far indexing has got.
  // onTick is called about once a second while waiting (for progress notifications).
  std::optional<std::string> waitReady(
      std::chrono::milliseconds timeout, const std::function<bool()>& cancelled,
      const std::function<void(const IndexProgress&)>& onTick);

  IndexProgress progress() const;

 private:
  void run();

  std::unique_ptr<store::Database> db_;
  IndexOptions options_;
  std::thread thread_;
  std::atomic<bool> cancel_{false};
  mutable std::mutex mu_;
  std::condition_variable cv_;
  bool ready_ = false;
  bool finished_ = false;
  std::string failure_;
  IndexProgress progress_;
};

}  // namespace cg::indexer
