// A canonical text dump of an index: one line per symbol and per edge, sorted, ids replaced by
// uids. Tests compare dumps (fixture expectations; incremental refresh == full index).
//   symbol <uid> <line>-<end line> <visibility>
//   edge <kind> <source uid | file path> -> <target uid> <confidence>
//   unresolved <kind> <source uid | file path> -> <qualifier.name> candidates=<n>
#pragma once

#include <string>
#include <vector>

#include "codegraph/store/database.h"

namespace cg::store {

Expected<std::vector<std::string>> dumpIndex(Database& db, bool includeUnresolved);

}  // namespace cg::store
