// Looking up the entry of a table by the `id` member its entries carry.
#pragma once

#include <string_view>
#include <vector>

namespace cg {

// The first entry of `table` whose `id` is `id`, or nullptr when none is.
template <class Entry>
const Entry* findById(const std::vector<Entry>& table, std::string_view id) {
  for (const Entry& entry : table)
    if (entry.id == id) return &entry;
  return nullptr;
}

}  // namespace cg
