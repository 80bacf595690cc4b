// The command-line subcommands that are not the MCP server and need no index open: install,
// uninstall, doctor and help (src/main.cpp hands them over before parsing its own options),
// plus the help texts of every subcommand and the default database location, shared with
// src/main.cpp. Human output goes to stdout, errors to stderr; exit codes 0 ok, 1 failure or
// something needing attention, 2 usage error.
#pragma once

#include <filesystem>
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

// $XDG_CACHE_HOME/codegraph-mcp/<name>-<hash of the absolute repository path>.db (~/.cache when
// XDG_CACHE_HOME is unset; the temporary folder without HOME).
std::filesystem::path defaultDbPath(const std::filesystem::path& root);

}  // namespace cg::cli
