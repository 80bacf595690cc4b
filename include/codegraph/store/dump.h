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

// The stored analytics, same conventions (opt-in: `debug-dump --analytics`; not part of the
// fixture expectations):
//   centrality <uid> <percentile %.3f> complexity <percentile %.3f>
//   member <uid> <community uid>
//   community <community uid> <size> <label>
//   doclink <document path> -> <uid>
//   history <path> <commits in 90 days> <last commit time> <recent commits listed>
Expected<std::vector<std::string>> dumpAnalytics(Database& db);

}  // namespace cg::store
