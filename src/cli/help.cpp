// The help texts: `codegraph-mcp --help`, `codegraph-mcp COMMAND --help` and
// `codegraph-mcp help COMMAND` print these. Every command has one, with examples.
#include <map>
#include <string>

#include "codegraph/cli/cli.h"

namespace cg::cli {
namespace {

const char* kMainHelp = R"(codegraph-mcp — a code-intelligence MCP server over a tree-sitter symbol graph

Usage:
  codegraph-mcp [serve] --repo DIR [options]     MCP over stdio (what an AI client runs)
  codegraph-mcp index --repo DIR [options]       index or refresh, then exit
  codegraph-mcp call TOOL [JSON] --repo DIR      run one tool and print its result
  codegraph-mcp stats --repo DIR                 what the index holds
  codegraph-mcp install --client NAME            register this server in an MCP client
  codegraph-mcp uninstall --client NAME          remove that registration
  codegraph-mcp doctor --repo DIR                check the setup and explain what needs attention
  codegraph-mcp help COMMAND                     one command's options and examples
  codegraph-mcp debug-extract FILE [--tree]      show what the queries extract from one file
  codegraph-mcp debug-dump --repo DIR            print the whole index as sorted lines
  codegraph-mcp debug-query-profile FILE...      where the extraction queries spend time

Options:
  --repo DIR          the repository (default: the current directory); inside a git work tree,
                      its top level, wherever in the tree DIR is
  --no-git-toplevel   serve DIR itself even inside a git work tree (one package of a monorepo)
  --db PATH           index database (default: $XDG_CACHE_HOME/codegraph-mcp/<name>-<hash>.db)
  --threads N         parser threads (default: all cores)
  --wait-timeout S    serve: how long a tool call waits for the first index (default 30)
  --no-watch          serve: do not watch the files; refresh the index at start only
  --log-level LEVEL   trace, debug, info, warn (default), error, off
  --log-file PATH     write logs to PATH instead of stderr
  --version           print the version
  --help              this text (also: codegraph-mcp COMMAND --help)

Clients: claude, cursor, vscode, codex, zed (codegraph-mcp help install).

Examples:
  codegraph-mcp --repo .
  codegraph-mcp install --client claude
  codegraph-mcp index --repo ~/src/project
  codegraph-mcp call symbols '{"name":"main"}' --repo .
  codegraph-mcp call search '{"query":"parse config","limit":5}' --repo .
  codegraph-mcp doctor --repo .
)";

const std::map<std::string, const char*, std::less<>> kCommandHelp = {
    {"serve", R"(codegraph-mcp serve --repo DIR [--db PATH] [--wait-timeout S] [--no-watch] [--no-git-toplevel] [--log-level L] [--log-file F]

Speaks MCP (JSON-RPC 2.0, one message per line) on stdin/stdout. Answers initialize at once,
indexes or refreshes the repository in the background; a tool call that arrives before the first
index is ready waits up to --wait-timeout seconds. `serve` is the default command. It stops
within 100 ms of the end of its input, SIGINT or SIGTERM.

Inside a git work tree it serves the work tree's top level, wherever in it DIR is (clients start
servers in the folder the user launched them from); --no-git-toplevel serves DIR itself.

While serving, file changes (inotify; a periodic scan when the watch limit is reached) are
re-indexed within a second, and a tool call waits (up to 2 s) for the refresh of changes made
before it. With --no-watch the index is refreshed at start only.

Several sessions may serve one repository: the first indexes (it holds <db>.lock), the others
answer from the same database and take over when it exits.

Examples (the command line an MCP client registers; `install` writes it for you):
  codegraph-mcp --repo /path/to/repo
  codegraph-mcp serve --repo . --log-file /tmp/codegraph.log --log-level info
)"},
    {"index", R"(codegraph-mcp index --repo DIR [--db PATH] [--threads N]

Indexes the repository (or refreshes an existing index: only changed files are re-parsed), shows
progress on a terminal, and prints one summary line: files, symbols, edges, seconds, files/s.

Examples:
  codegraph-mcp index --repo .
  codegraph-mcp index --repo ~/src/linux --threads 4
)"},
    {"call", R"(codegraph-mcp call TOOL [JSON] --repo DIR [--db PATH]

Refreshes the index, runs one tool with the JSON arguments (default {}) and prints its result:
JSON on one line as an MCP client receives it, indented when stdout is a terminal.
Exit code 1 when the tool answers with an error. Tools: symbols, symbol_context, get_context,
outline, search, impact (docs/tools.md).

Examples:
  codegraph-mcp call symbols '{"name":"Parser.parse"}' --repo .
  codegraph-mcp call search '{"query":"http request"}' --repo .
  codegraph-mcp call outline '{"file":"src/main.cpp"}' --repo .
)"},
    {"stats", R"(codegraph-mcp stats --repo DIR [--db PATH] [--top [N]]

Prints what the index holds: files by language, symbols, edges by kind, unresolved references,
database size and the time of the last completed index; then the analytics: communities,
document links, files with git history, the largest communities and the most central symbols
(5 of each; --top alone shows 10, --top N shows N).

Examples:
  codegraph-mcp stats --repo .
  codegraph-mcp stats --repo . --top 20
)"},
    {"install", R"(codegraph-mcp install --client NAME [--scope project|user] [--repo DIR] [--name NAME] [--binary PATH] [--dry-run]

Registers this binary as a stdio MCP server in the client's configuration, or updates an
existing registration, and prints the client's next step (Claude Code: approving the project's
server) and how to check it. A project's file names the command `codegraph-mcp` as found on
PATH, so that it works in every clone (without it on PATH: this binary's absolute path, with a
warning); a user's file names this binary's absolute path. Every other entry, comment and the file's formatting stay
as they were; a file that does not parse is reported (file and line) and left untouched.
--dry-run prints the change as a diff and writes nothing.

Clients, their files and the --repo each entry gets:
  claude   project: .mcp.json                 user: ~/.claude.json            --repo .
  cursor   project: .cursor/mcp.json          user: ~/.cursor/mcp.json        --repo ${workspaceFolder}
  vscode   project: .vscode/mcp.json          user: ~/.config/Code/User/mcp.json
                                                                              --repo ${workspaceFolder}
  codex    project: .codex/config.toml        user: ~/.codex/config.toml      --repo .
  zed      project: .zed/settings.json        user: ~/.config/zed/settings.json
                                                                              --repo .
Claude Code and Codex start the server in the folder they were launched in, and inside a git
work tree the server serves its top level, so `.` is the project; Zed starts it in its own
working folder (open the project with `zed .`); Cursor and VS Code substitute ${workspaceFolder}. The default scope is project (codex: user).

Options:
  --client NAME    claude, cursor, vscode, codex or zed (required)
  --scope S        project: the project's own file (commit it to share it); user: yours, for
                   every project
  --repo DIR       the project folder (default: the current directory); at user scope, also
                   pins the server to that repository (an absolute --repo) instead of following
                   the open project
  --name NAME      the server's name in the client (default: codegraph)
  --binary PATH    the command to register instead (a teammate's own path, at user scope)
  --dry-run        show the change, write nothing

Examples:
  codegraph-mcp install --client claude
  codegraph-mcp install --client vscode --repo ~/src/project --dry-run
  codegraph-mcp install --client codex --scope user
  codegraph-mcp install --client cursor --scope user --repo ~/src/monorepo --name monorepo
)"},
    {"uninstall", R"(codegraph-mcp uninstall --client NAME [--scope project|user] [--repo DIR] [--name NAME] [--dry-run]

Removes the server's entry (default name: codegraph) from the client's configuration, and the
parent object it leaves empty; everything else in the file stays byte for byte. Right after an
install into an existing file, uninstall gives back that file exactly. Same options and files as
install (codegraph-mcp help install).

Examples:
  codegraph-mcp uninstall --client claude
  codegraph-mcp uninstall --client zed --scope user --dry-run
)"},
    {"doctor", R"(codegraph-mcp doctor --repo DIR [--db PATH] [--no-git-toplevel]

Checks the setup and says in plain words what is fine and what needs attention:
  - the repository: which root is served (inside a git work tree, its top level), that it
    exists and is readable; git present, and whether it is a git work tree
  - the database: where it is, its size, whether its folder is writable
  - the index: when it was last built, and the files added, changed or removed since
  - inotify: fs.inotify.max_user_watches and max_user_instances against the folders to watch,
    with the sysctl commands that raise them
  - the grammars compiled in, with their pinned versions and whether their queries load
Read-only: it never indexes and never takes the indexer lock. Exit code 0 when all is well,
1 when something needs attention, 2 on a usage error.

Examples:
  codegraph-mcp doctor --repo .
  codegraph-mcp doctor --repo ~/src/project --db /tmp/project.db
)"},
    {"help", R"(codegraph-mcp help [COMMAND]

Prints the help of one command (serve, index, call, stats, install, uninstall, doctor,
debug-extract, debug-dump, debug-query-profile), or the overview without a COMMAND.

Examples:
  codegraph-mcp help install
  codegraph-mcp help
)"},
    {"debug-dump", R"(codegraph-mcp debug-dump --repo DIR [--db PATH] [--analytics]

Prints the index as sorted lines (symbols, resolved edges with confidence, unresolved
references with their candidate counts): the format of tests/fixtures/*/expected.txt.
With --analytics, prints the stored analytics instead (centrality, communities, document
links, git history; see include/codegraph/store/dump.h).

Examples:
  codegraph-mcp debug-dump --repo tests/fixtures/mcp_tiny --db /tmp/tiny.db
  codegraph-mcp debug-dump --repo . --analytics | head
)"},
    {"debug-query-profile", R"(codegraph-mcp debug-query-profile FILE... [--top N]

Parses the files (all of one language), then reports the CPU time of the language's
extraction query over them, combined and pattern by pattern (each pattern compiled alone),
the N slowest first (default 25). A development aid for writing fast queries.

Example:
  codegraph-mcp debug-query-profile $(find /usr/lib/python3.11 -name '*.py' | head -200) --top 10
)"},
    {"debug-extract", R"(codegraph-mcp debug-extract FILE [--tree]

Prints the symbols and references the language's queries extract from FILE (the format of
tests/lang/*.expected), or with --tree the parse tree. With CODEGRAPH_QUERY_DIR=grammars/queries
the query files are read from disk, so a query edit needs no rebuild.

Examples:
  codegraph-mcp debug-extract src/main.cpp
  CODEGRAPH_QUERY_DIR=grammars/queries codegraph-mcp debug-extract app.py --tree
)"},
};

}  // namespace

const char* mainHelp() { return kMainHelp; }

const char* commandHelp(std::string_view command) {
  auto it = kCommandHelp.find(command);
  return it == kCommandHelp.end() ? nullptr : it->second;
}

}  // namespace cg::cli
