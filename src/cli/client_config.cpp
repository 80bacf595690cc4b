// The client table of client_config.h and the entry edits per file format.
#include "codegraph/cli/client_config.h"

#include <cstdlib>

#include "codegraph/support/find_by_id.h"

namespace fs = std::filesystem;

namespace cg::cli {
namespace {

const std::vector<ClientSpec>& table() {
  static const std::vector<ClientSpec> kClients = {
      {"claude", "Claude Code", ConfigFormat::kJson, {"mcpServers"}, true, Scope::kProject,
       ".mcp.json", ".", ".",
       "Claude Code starts stdio servers in the folder it was launched in; inside a git work tree "
       "the server serves the work tree's top level, so --repo . is the project",
       "Claude Code asks before it starts a project's servers. Approve it once: start `claude` in "
       "{project} and choose \"Use this MCP server\", or add \"{name}\" to "
       "\"enabledMcpjsonServers\" in {project}/.claude/settings.local.json (an approval holds for "
       "the folder claude is started in). Check: `claude mcp list` shows it Connected",
       "Start a new claude session. Check: `claude mcp list` shows it Connected"},
      {"cursor", "Cursor", ConfigFormat::kJsoncFile, {"mcpServers"}, false, Scope::kProject,
       ".cursor/mcp.json", "${workspaceFolder}", "${workspaceFolder}",
       "Cursor replaces ${workspaceFolder} with the open workspace's folder",
       "Open Cursor Settings > Tools & MCP and turn {name} on if it is off. Check: it shows a "
       "green dot there",
       "Open Cursor Settings > Tools & MCP and turn {name} on if it is off. Check: it shows a "
       "green dot there"},
      {"vscode", "VS Code", ConfigFormat::kJsoncFile, {"servers"}, true, Scope::kProject,
       ".vscode/mcp.json", "${workspaceFolder}", "${workspaceFolder}",
       "VS Code replaces ${workspaceFolder} with the open workspace's folder",
       "Run \"MCP: List Servers\" from the Command Palette, start {name} and trust it when "
       "asked. Check: the list shows it Running",
       "Run \"MCP: List Servers\" from the Command Palette, start {name} and trust it when "
       "asked. Check: the list shows it Running"},
      {"codex", "Codex", ConfigFormat::kToml, {"mcp_servers"}, false, Scope::kUser,
       ".codex/config.toml", ".", ".",
       "Codex starts stdio servers in the folder it was launched in; inside a git work tree the "
       "server serves the work tree's top level, so --repo . is the project "
       "(a project's .codex/config.toml is read only when the project is trusted)",
       "Codex reads a project's .codex/config.toml only when the project is trusted: set "
       "trust_level = \"trusted\" under [projects.\"{project}\"] in ~/.codex/config.toml, then "
       "start a new codex session. Check: `codex mcp list` lists {name}",
       "Start a new codex session (servers start with it). Check: `codex mcp list` lists {name}"},
      {"zed", "Zed", ConfigFormat::kJsoncFile, {"context_servers"}, false, Scope::kProject,
       ".zed/settings.json", ".", ".",
       "Zed starts context servers in its own working folder: open the project with `zed .` from "
       "a terminal in it (or pin the folder: install --scope user --repo DIR)",
       "Zed starts it when the settings are saved. Check: the Agent Panel's settings show "
       "{name} with a green dot",
       "Zed starts it when the settings are saved. Check: the Agent Panel's settings show "
       "{name} with a green dot"},
  };
  return kClients;
}

fs::path envPath(const char* name) {
  const char* v = std::getenv(name);
  return v && *v ? fs::path(v) : fs::path();
}

}  // namespace

std::span<const ClientSpec> allClients() { return table(); }

const ClientSpec* clientById(std::string_view id) {
  return findById(table(), id);
}

std::string clientIds() {
  std::string out;
  for (const auto& c : table()) out += (out.empty() ? "" : ", ") + std::string(c.id);
  return out;
}

UserDirs UserDirs::fromEnvironment() {
  UserDirs d;
  d.home = envPath("HOME");
  if (d.home.empty()) d.home = fs::current_path();
  d.config = envPath("XDG_CONFIG_HOME");
  if (d.config.empty()) d.config = d.home / ".config";
  d.codexHome = envPath("CODEX_HOME");
  if (d.codexHome.empty()) d.codexHome = d.home / ".codex";
  return d;
}

fs::path configFile(const ClientSpec& client, Scope scope, const fs::path& project, const UserDirs& dirs) {
  if (scope == Scope::kProject) return project / fs::path(std::string(client.projectFile));
  if (client.id == "claude") return dirs.home / ".claude.json";
  if (client.id == "cursor") return dirs.home / ".cursor" / "mcp.json";
  if (client.id == "vscode") return dirs.config / "Code" / "User" / "mcp.json";
  if (client.id == "codex") return dirs.codexHome / "config.toml";
  return dirs.config / "zed" / "settings.json";
}

OrderedJson serverEntry(const ClientSpec& client, const std::string& binary, const std::string& repoArg) {
  OrderedJson e = OrderedJson::object();
  if (client.typeStdio) e["type"] = "stdio";
  e["command"] = binary;
  e["args"] = OrderedJson::array({"--repo", repoArg});
  return e;
}

Expected<EditResult> editConfig(const ClientSpec& client, std::string_view text, const std::string& name,
                                const std::optional<OrderedJson>& entry) {
  std::vector<std::string> path = client.container;
  path.push_back(name);
  if (client.format == ConfigFormat::kToml) return entry ? tomlSet(text, path, *entry) : tomlRemove(text, path);
  JsonSyntax syntax = client.format == ConfigFormat::kJsoncFile ? kJsonc : kStrictJson;
  return entry ? jsonSet(text, path, *entry, syntax) : jsonRemove(text, path, syntax);
}

}  // namespace cg::cli
