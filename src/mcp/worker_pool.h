// A fixed pool of threads running jobs in FIFO order; tools/call handlers run here so the
// reader thread stays free to answer ping and cancellations while a long call runs.
//
// A job must not throw (the server wraps every handler). submit() may be called from any
// thread. shutdown() (also run by the destructor) lets the queued jobs finish, then joins every
// thread; submit() after shutdown() runs nothing.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace cg::mcp {

class WorkerPool {
 public:
  explicit WorkerPool(unsigned threads);  // at least one thread
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // False when the pool is shut down and the job was dropped.
  bool submit(std::function<void()> job);
  void shutdown();

 private:
  void loop();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace cg::mcp
