// The MCP clients `codegraph-mcp install` knows: where each keeps its MCP configuration, in
// which format, and the entry that registers this server there. One table row per client;
// README "Register it in your client" shows the same entries written by hand.
//
// What each client's documentation and issue threads say:
//  - Claude Code: project `.mcp.json` / user `~/.claude.json`, top-level "mcpServers", entries
//    {"type":"stdio","command","args"}; stdio servers start in the folder Claude Code was
//    launched in (the project), so `--repo .` follows the project.
//  - Cursor: `.cursor/mcp.json` / `~/.cursor/mcp.json`, "mcpServers"; `${workspaceFolder}` is
//    interpolated in command and args.
//  - VS Code: `.vscode/mcp.json` / the user profile's `mcp.json` (~/.config/Code/User), "servers",
//    entries with "type":"stdio"; predefined variables such as `${workspaceFolder}` apply; JSONC.
//  - Codex: `~/.codex/config.toml` ($CODEX_HOME) or a trusted project's `.codex/config.toml`,
//    table `[mcp_servers.<name>]` with command and args; servers start in Codex's folder.
//  - Zed: `~/.config/zed/settings.json` or `.zed/settings.json`, "context_servers" entries
//    {"command","args"}; context servers are spawned in the project root (no variables); JSONC.
#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "codegraph/cli/config_edit.h"

namespace cg::cli {

enum class Scope { kProject, kUser };
enum class ConfigFormat { kJson, kJsoncFile, kToml };

struct ClientSpec {
  std::string_view id;    // "claude", as given to --client
  std::string_view name;  // "Claude Code"
  ConfigFormat format;
  std::vector<std::string> container;  // the object/table holding the servers: {"mcpServers"}
  bool typeStdio;                      // entries carry "type": "stdio"
  Scope defaultScope;
  std::string_view projectFile;     // relative to the project folder
  std::string_view projectRepoArg;  // --repo value at project scope
  std::string_view userRepoArg;     // at user scope when no --repo is given
  std::string_view howItStarts;     // one sentence: why that --repo value is right
  // What the user does next for the client to start the server, and how to check it; one
  // text per scope (project, user). "{project}" stands for the project folder.
  std::string_view nextProject;
  std::string_view nextUser;
};

std::span<const ClientSpec> allClients();
const ClientSpec* clientById(std::string_view id);
std::string clientIds();  // "claude, cursor, vscode, codex, zed"

// Where configuration lives for a user: $HOME, $XDG_CONFIG_HOME, $CODEX_HOME.
struct UserDirs {
  std::filesystem::path home;
  std::filesystem::path config;     // $XDG_CONFIG_HOME or ~/.config
  std::filesystem::path codexHome;  // $CODEX_HOME or ~/.codex
  static UserDirs fromEnvironment();
};

std::filesystem::path configFile(const ClientSpec& client, Scope scope,
                                 const std::filesystem::path& project, const UserDirs& dirs);

// The entry registering `binary` with `--repo repoArg`.
OrderedJson serverEntry(const ClientSpec& client, const std::string& binary, const std::string& repoArg);

// Adds or updates (set) or removes the entry `name` in the text of the client's file.
Expected<EditResult> editConfig(const ClientSpec& client, std::string_view text,
                                const std::string& name, const std::optional<OrderedJson>& entry);

}  // namespace cg::cli
