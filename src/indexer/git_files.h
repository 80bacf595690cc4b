// The file list of a git work tree: `git ls-files -z --cached --others --exclude-standard`, run
// in the root (so a root below the work tree's top lists only what is under it, with paths
// relative to the root).
//
// Git never runs repository code on our behalf: the process is spawned directly (posix_spawn, no
// shell) with `-c core.fsmonitor=false -c core.hooksPath=/dev/null -c core.quotePath=false`, GIT_OPTIONAL_LOCKS=0 (no
// index refresh, no lock taken) and every other GIT_* variable removed from its environment (a
// GIT_DIR or GIT_WORK_TREE inherited from a hook must not redirect it). stdin and stderr are
// /dev/null. The caller falls back to the .gitignore walk on any error.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "codegraph/indexer/indexer.h"
#include "codegraph/support/expected.h"

namespace cg::indexer {

// runGit (codegraph/indexer/indexer.h) runs every git command as described above.

// Paths as git prints them, unsorted and possibly repeated (unmerged entries appear once per
// stage); entries ending in '/' (untracked nested repositories) are dropped. Errors: git missing
// (kNotFound), not a work tree or any other non-zero exit (kIo).
Expected<std::vector<std::string>> listGitFiles(const std::filesystem::path& root);

}  // namespace cg::indexer
