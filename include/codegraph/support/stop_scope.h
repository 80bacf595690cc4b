// StopScope: the cancellation flag of the work the calling thread is doing for someone else (a
// tool call), visible to code far below that cannot be handed it: the store's SQLite progress
// handler polls stopRequested() and interrupts a long statement once the flag is set
// (docs/SECURITY.md, the time limit of one call). The server sets the flag when the client
// cancels the call, when the call's deadline passes (the watchdog answers it first, so the
// interrupted call's partial result is dropped, never sent), and when it stops.
//
// Threads: the scope belongs to the thread that made it; nested scopes restore the outer one on
// destruction. stopRequested() is one thread-local read and one relaxed atomic load.
#pragma once

#include <atomic>

namespace cg::support {

class StopScope {
 public:
  explicit StopScope(const std::atomic<bool>* cancelled);
  ~StopScope();
  StopScope(const StopScope&) = delete;
  StopScope& operator=(const StopScope&) = delete;

 private:
  const std::atomic<bool>* outer_;
};

// True when the calling thread is inside a StopScope whose flag is set.
bool stopRequested();

}  // namespace cg::support
