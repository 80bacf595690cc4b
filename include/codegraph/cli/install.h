// `codegraph-mcp install|uninstall --client X`: registers this binary in one MCP client's
// configuration file (client_config.h says where and how), or removes that registration.
// The file is parsed first and never overwritten when broken; the write is atomic (a
// temporary file renamed over it, permissions kept, a symlinked file written through).
#pragma once

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>

#include "codegraph/cli/client_config.h"

namespace cg::cli {

struct InstallOptions {
  std::string client;
  std::optional<Scope> scope;       // the client's default when unset
  std::optional<std::string> repo;  // project folder; at user scope also pins --repo
  std::string name = "codegraph";   // the entry's name in the client's configuration
  bool dryRun = false;
  bool uninstall = false;
  std::filesystem::path binary;  // the command to register; /proc/self/exe when empty
};

// Exit code: 0 done (or nothing to do), 1 the file is broken or cannot be written, 2 usage.
int runInstall(const InstallOptions& options, std::ostream& out, std::ostream& err);

// A line diff of two texts, `-`/`+` lines with up to 3 lines of context (for --dry-run).
std::string lineDiff(std::string_view before, std::string_view after);

}  // namespace cg::cli
