// threadCpuMicros: CPU time consumed by the calling thread, in microseconds. Phase timings use
// it instead of wall time so that they stay meaningful on a loaded machine (benchmarks report
// both).
#pragma once

#include <cstdint>
#include <ctime>

namespace cg {

inline uint64_t threadCpuMicros() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1000000u + static_cast<uint64_t>(ts.tv_nsec) / 1000u;
}

}  // namespace cg
