// fnv1a64Hex: the 64-bit FNV-1a hash of bytes as 16 lowercase hex digits. The one hash of the
// project: file content hashes (docs/CONTRACT.md §6), get_context's neighbourhood hash,
// database names.
// Not cryptographic; collisions only cost a re-parse or a missed not_modified.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace cg {

inline std::string fnv1a64Hex(std::string_view data) {
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : data) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, h >>= 4) out[static_cast<size_t>(i)] = kHex[h & 0xF];
  return out;
}

}  // namespace cg
