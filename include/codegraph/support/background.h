// Background work: what no caller is waiting for (loading the graph cache after a start, the
// deferred graph analytics after edits, compiling extraction queries ahead of the first edit)
// runs at the lowest CPU priority, so that tool calls and refreshes arriving meanwhile get the
// cores first. On a 2-core machine the graph cache of the Linux kernel takes ~11 s of CPU right
// after the server starts; at normal priority every tool call of those seconds shared a core
// with it (docs/BENCHMARKS.md, query latencies while the server warms up).
//
// Threads: Linux gives each thread its own nice value. An unprivileged thread can lower its
// priority but never raise it again, so low-priority work runs on a thread of its own.
#pragma once

#include <exception>
#include <optional>
#include <thread>
#include <type_traits>
#include <utility>

namespace cg::support {

inline constexpr int kLowestPriority = 19;  // nice steps: enough to reach the lowest from any

// Adds `steps` to the calling thread's nice value (at most 19, the lowest priority); threads it
// creates afterwards inherit it. Returns false where that was refused: the work then runs at the
// priority it had, which is only slower for others, never wrong.
bool lowerThreadPriority(int steps);

// Runs fn() on a new thread at the lowest priority and returns its result; the calling thread
// waits. For work that must not run alongside the caller (it uses the caller's connection) but
// should give way to everything else. An exception fn throws is rethrown here.
template <class F>
std::invoke_result_t<F> atLowPriority(F&& fn) {
  using R = std::invoke_result_t<F>;
  std::exception_ptr failure;
  if constexpr (std::is_void_v<R>) {
    std::thread t([&] {
      lowerThreadPriority(kLowestPriority);
      try {
        fn();
      } catch (...) {
        failure = std::current_exception();
      }
    });
    t.join();
    if (failure) std::rethrow_exception(failure);
  } else {
    std::optional<R> result;
    std::thread t([&] {
      lowerThreadPriority(kLowestPriority);
      try {
        result.emplace(fn());
      } catch (...) {
        failure = std::current_exception();
      }
    });
    t.join();
    if (failure) std::rethrow_exception(failure);
    return std::move(*result);
  }
}

}  // namespace cg::support
