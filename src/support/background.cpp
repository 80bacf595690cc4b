#include "codegraph/support/background.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace cg::support {

bool lowerThreadPriority(int steps) {
  // PRIO_PROCESS with a thread id reads and sets that thread's nice value only (Linux).
  const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
  errno = 0;
  const int current = ::getpriority(PRIO_PROCESS, tid);
  if (errno != 0) return false;
  return ::setpriority(PRIO_PROCESS, tid, std::min(kLowestPriority, current + steps)) == 0;
}

}  // namespace cg::support
