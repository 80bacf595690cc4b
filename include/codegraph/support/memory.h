// Process memory: the resident set, for the phase logs that tell where an index's peak memory is,
// and giving freed heap back to the system between phases. glibc keeps freed blocks in its
// arenas; after the resolver drops its caches (hundreds of MB on a large repository) that memory
// would otherwise stay resident under the analytics that follow, and the two peaks would add up.
#pragma once

#include <cstdint>
#include <cstdio>

#include <unistd.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace cg {

// Resident set size in bytes (Linux /proc/self/statm); 0 where unknown.
inline uint64_t residentBytes() {
  FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  unsigned long long pages = 0, resident = 0;
  const int n = std::fscanf(f, "%llu %llu", &pages, &resident);
  std::fclose(f);
  const long page = sysconf(_SC_PAGESIZE);
  return n == 2 && page > 0 ? resident * static_cast<uint64_t>(page) : 0;
}

// Returns the heap's free memory to the system where the allocator supports it (glibc).
inline void releaseFreeMemory() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

}  // namespace cg
