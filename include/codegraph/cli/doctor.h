// `codegraph-mcp doctor --repo DIR`: checks what the server needs and says, in plain words, what
// is fine and what needs attention: the repository, git, the database location and size, the
// index's age and the files changed since, inotify limits against the folders to watch, and the
// grammars compiled in (with their pinned versions). Read-only: it opens the index read-only,
// walks the repository like the indexer does, and never takes the indexer lock.
#pragma once

#include <iosfwd>
#include <string>

namespace cg::cli {

struct DoctorOptions {
  std::string repo = ".";
  std::string db;  // default: defaultDbPath(repo)
  bool gitTopLevel = true;  // false: --no-git-toplevel
};

// Exit code: 0 all is well, 1 something needs attention.
int runDoctor(const DoctorOptions& options, std::ostream& out);

}  // namespace cg::cli
