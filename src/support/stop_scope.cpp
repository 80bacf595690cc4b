#include "codegraph/support/stop_scope.h"

namespace cg::support {
namespace {
thread_local const std::atomic<bool>* tCancelled = nullptr;
}  // namespace

StopScope::StopScope(const std::atomic<bool>* cancelled) : outer_(tCancelled) {
  tCancelled = cancelled;
}

StopScope::~StopScope() { tCancelled = outer_; }

bool stopRequested() {
  const std::atomic<bool>* flag = tCancelled;
  return flag && flag->load(std::memory_order_relaxed);
}

}  // namespace cg::support
