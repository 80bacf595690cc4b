// Git history per file for get_context's ranking (docs/tools.md): commits in the last 90 days,
// the last commit time, and the 20 most recent commits (time, hash, subject) touching each file.
//
// One `git log` pass over at most `maxCommits` commits reachable from HEAD that touch the root
// (`--name-only --no-renames --relative -- .`, merges contribute no files), newest first; paths
// are relative to the root. Runs git the way git_files.h does (no shell, no hooks, no fsmonitor,
// no inherited GIT_* variables). Outside a git work tree, or without git, there is no history:
// the caller stores none. Thread-safe (no shared state); the caller may run it on any thread.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>

#include "codegraph/model/symbol.h"
#include "codegraph/support/expected.h"

namespace cg::indexer {

struct HistoryOptions {
  int64_t now = 0;              // unix seconds; 0 = the current time
  uint32_t maxCommits = 5000;   // bound on the commits scanned
  uint32_t recentPerFile = 20;
  int64_t windowSeconds = 90 * 24 * 3600;
};

using HistoryByPath = std::unordered_map<std::string, model::FileHistory>;

// The commit HEAD names; an error outside a git work tree, in a repository without commits, or
// when git is missing.
Expected<std::string> gitHead(const std::filesystem::path& root);

Expected<HistoryByPath> readGitHistory(const std::filesystem::path& root, const HistoryOptions& options);

// Parses the output of the log command readGitHistory runs (exposed for tests).
HistoryByPath parseGitLog(std::string_view text, const HistoryOptions& options);

}  // namespace cg::indexer
