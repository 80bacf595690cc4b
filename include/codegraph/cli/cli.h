// The command-line subcommands that are not the MCP server and need no index open: install,
// uninstall, doctor and help (src/main.cpp hands them over before parsing its own options),
// plus the help texts of every subcommand and the default database location, shared with
// src/main.cpp. Human output goes to stdout, errors to stderr; exit codes 0 ok, 1 failure or
// something needing attention, 2 usage error.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace cg::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

// True for the commands runCliCommand handles ("install", "uninstall", "doctor", "help").
bool isCliCommand(std::string_view command);
int runCliCommand(int argc, char** argv);

// `codegraph-mcp --help`, and one command's `--help` (nullptr for an unknown command).
const char* mainHelp();
const char* commandHelp(std::string_view command);

// The folder a server started at `folder` (canonical) serves. Inside a git work tree it is the
// innermost work tree's top level, as `git rev-parse --show-toplevel` answers: the folder that
// holds a `.git` folder or a `.git` file (a submodule or a linked worktree is its own work tree;
// a nested repository is too). Clients start servers wherever the user launched them, so
// `--repo .` in repo/src still serves repo. Two exceptions keep `folder` itself: no work tree
// above it, and a work tree whose top level is the user's home folder (a dotfiles repository is
// not the project). Reads the file system only; git need not be installed.
// --no-git-toplevel serves `folder` itself (one package of a large monorepo).
struct ServedRoot {
  std::filesystem::path root;       // what is indexed and served
  std::filesystem::path requested;  // the folder asked for
  bool gitTopLevel = false;         // root is a git work tree's top level
  // One line for logs, `stats` and `doctor`: "/r (the git work tree's top level; asked for /r/src)".
  std::string describe() const;
};
// `gitTopLevel` false (--no-git-toplevel): `folder` itself, inside a work tree or not.
ServedRoot servedRoot(const std::filesystem::path& folder, bool gitTopLevel = true);

// The default index folder, private to this user (store::prepareDatabaseFolder):
// Why `root` (canonical) cannot be served, or nullopt: the file system's root, and /proc, /sys,
// /dev and /run (kernel and runtime state: endless or blocking files, no source).
std::optional<std::string> refusedRoot(const std::filesystem::path& root);

// $XDG_CACHE_HOME/codegraph-mcp, else ~/.cache/codegraph-mcp ($HOME, else the password
// database's home), else $XDG_RUNTIME_DIR/codegraph-mcp, else <temporary folder>/codegraph-mcp-<uid>.
std::filesystem::path defaultIndexFolder();

// <defaultIndexFolder()>/<name>-<hash of the absolute repository path>.db
std::filesystem::path defaultDbPath(const std::filesystem::path& root);

}  // namespace cg::cli
