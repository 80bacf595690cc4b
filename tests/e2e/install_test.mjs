// `codegraph-mcp install/uninstall --client X` against a temporary HOME and project, for one
// client, with the official MCP SDK client starting whatever the written entry says:
//  - fresh:    no config file → install → the entry's command line initializes and lists the
//              5 tools → uninstall removes the entry;
//  - existing: a config with other servers (and comments where the format allows them) →
//              install keeps every other entry → the server answers → install again changes
//              nothing → uninstall gives back the original file byte for byte;
//  - user scope, following the open project (no --repo) and pinned (--repo DIR: absolute);
//  - --dry-run writes nothing and prints the added lines;
//  - a broken file is reported with its name and line, and left untouched.
// The files are read back with jsonc-parser (VS Code's own parser) and smol-toml.
// Usage: node install_test.mjs BINARY CLIENT FIXTURE_REPO   (run_node.sh checks node and npm ci)
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

import * as jsonc from "jsonc-parser";
import { parse as parseToml } from "smol-toml";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [binaryArg, client, fixture] = process.argv.slice(2);
if (!binaryArg || !client || !fixture) {
  console.error("usage: node install_test.mjs BINARY CLIENT FIXTURE_REPO");
  process.exit(2);
}
const binary = realpathSync(binaryArg);
const TOOLS = ["get_context", "impact", "outline", "search", "symbol_context", "symbols"];

const tmp = mkdtempSync(join(tmpdir(), `cg-install-${client}-`));
const home = join(tmp, "home");
const project = join(tmp, "project");
mkdirSync(home);
cpSync(fixture, project, { recursive: true });
// The binary on PATH as `codegraph-mcp` (a project's file names it so; a user's file names the
// absolute path).
const bin = join(tmp, "bin");
mkdirSync(bin);
symlinkSync(binary, join(bin, "codegraph-mcp"));
const env = {
  ...process.env,
  PATH: `${bin}:${process.env.PATH ?? "/usr/bin:/bin"}`,
  HOME: home,
  XDG_CONFIG_HOME: join(home, ".config"),
  XDG_CACHE_HOME: join(tmp, "cache"),
};
delete env.CODEX_HOME;

// Where each client keeps its configuration (written down here independently of the C++ table).
const CLIENTS = {
  claude: { project: ".mcp.json", user: join(home, ".claude.json"), format: "json", key: ["mcpServers"], type: true },
  cursor: { project: ".cursor/mcp.json", user: join(home, ".cursor/mcp.json"), format: "jsonc", key: ["mcpServers"], type: false },
  vscode: { project: ".vscode/mcp.json", user: join(home, ".config/Code/User/mcp.json"), format: "jsonc", key: ["servers"], type: true },
  codex: { project: ".codex/config.toml", user: join(home, ".codex/config.toml"), format: "toml", key: ["mcp_servers"], type: false },
  zed: { project: ".zed/settings.json", user: join(home, ".config/zed/settings.json"), format: "jsonc", key: ["context_servers"], type: false },
};
const spec = CLIENTS[client];
assert.ok(spec, `unknown client ${client}`);
const fileFor = (scope) => (scope === "project" ? join(project, spec.project) : spec.user);

// A config with other servers (and comments where the format has them), and a broken one.
const OTHER = { command: "npx", args: ["-y", "@example/other-mcp"], env: { TOKEN: "x" } };
const EXISTING = {
  claude: `{\n  "numStartups": 3,\n  "mcpServers": {\n    "other": ${JSON.stringify(OTHER)}\n  },\n  "projects": {\n    "/src/app": {"allowedTools": []}\n  }\n}\n`,
  cursor: `{\n  "mcpServers": {\n    "other": ${JSON.stringify(OTHER)}\n  }\n}\n`,
  vscode:
    `// servers for this workspace\n{\n\t"inputs": [],\n\t"servers": {\n\t\t/* the other one */\n\t\t"other": ${JSON.stringify({ type: "stdio", ...OTHER })}, // keep\n\t},\n}\n`,
  codex:
    `# Codex\nmodel = "o4-mini" # default\n\n[mcp_servers.other]\ncommand = "npx"\nargs = ["-y", "@example/other-mcp"]\nenv = { TOKEN = "x" }\n\n[profiles.fast]\nmodel = "o3"\n`,
  zed: `// Zed settings\n{\n  "theme": "One Dark", // dark\n  "context_servers": {\n    "other": ${JSON.stringify(OTHER)},\n  },\n  "vim_mode": true,\n}\n`,
};
const BROKEN = {
  toml: `model = "o4-mini"\n[mcp_servers.other\ncommand = "npx"\n`,
  json: `{\n  "mcpServers": {\n    "other": {"command": "npx"}\n    "second": {}\n  }\n}\n`,
};
const BROKEN_LINE = { toml: 2, json: 4 };

function readConfig(path) {
  const text = readFileSync(path, "utf8");
  if (spec.format === "toml") return parseToml(text);
  const errors = [];
  const doc = jsonc.parse(text, errors, { allowTrailingComma: spec.format === "jsonc", disallowComments: spec.format === "json" });
  assert.deepEqual(errors, [], `${path} parses as ${spec.format}`);
  if (spec.format === "json") assert.doesNotThrow(() => JSON.parse(text), `${path} is strict JSON`);
  return doc;
}
const servers = (doc) => spec.key.reduce((o, k) => o?.[k], doc);

function run(args, cwd = project) {
  const r = spawnSync(binary, args, { cwd, env, encoding: "utf8" });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
function install(scope, extra = [], verb = "install") {
  const r = run([verb, "--client", client, "--scope", scope, ...extra]);
  assert.equal(r.code, 0, `${verb} ${scope} ${extra.join(" ")}: ${r.out}${r.err}`);
  return r;
}

// Starts the registered command line as the client would and checks initialize + tools/list.
async function startAsClient(entry, label, scope) {
  if (scope === "project") assert.equal(entry.command, "codegraph-mcp", `${label}: the command found on PATH`);
  else assert.equal(entry.command, binary, `${label}: the absolute path of this binary`);
  if (spec.type) assert.equal(entry.type, "stdio", `${label}: "type": "stdio"`);
  const args = entry.args.map((a) => a.replaceAll("${workspaceFolder}", project));
  const transport = new StdioClientTransport({ command: entry.command, args, cwd: project, env, stderr: "pipe" });
  const sdk = new Client({ name: `install-test-${client}`, version: "1.0.0" });
  try {
    await sdk.connect(transport);
    assert.equal(sdk.getServerVersion()?.name, "codegraph-mcp", label);
    const { tools } = await sdk.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), TOOLS, `${label}: tools/list`);
    const found = await sdk.callTool({ name: "symbols", arguments: { name: "format_greeting" } });
    assert.match(found.content[0].text, /greeter\.py/, `${label}: the server serves the project`);
  } finally {
    await sdk.close();
  }
}

try {
  for (const scope of ["project", "user"]) {
    const file = fileFor(scope);
    const label = `${client} ${scope}`;

    // Fresh: no file yet.
    rmSync(file, { force: true });
    const fresh = install(scope, scope === "project" ? ["--repo", project] : []);
    assert.match(fresh.out, /added "codegraph" to /);
    const entry = servers(readConfig(file))?.codegraph;
    assert.ok(entry, `${label}: entry written to ${file}`);
    assert.equal(entry.args[0], "--repo");
    assert.equal(entry.args[1], ["cursor", "vscode"].includes(client) ? "${workspaceFolder}" : ".", `${label}: --repo follows the open project`);
    assert.match(fresh.out, /^Next: .*Check: /m, `${label}: the next step and how to check it`);
    if (client === "claude" && scope === "project") assert.match(fresh.out, /enabledMcpjsonServers/, `${label}: how to approve`);
    await startAsClient(entry, `${label} fresh`, scope);
    install(scope, [], "uninstall");
    assert.equal(servers(readConfig(file))?.codegraph, undefined, `${label}: uninstall removed the entry`);

    // Existing config with other servers; user scope pinned to an absolute --repo.
    const original = EXISTING[client];
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, original);
    const before = servers(readConfig(file));
    const pinned = scope === "user" ? ["--repo", project] : [];
    install(scope, pinned);
    const afterDoc = readConfig(file);
    const after = servers(afterDoc);
    assert.deepEqual(after.other, before.other, `${label}: the other server is untouched`);
    if (original.includes("//")) assert.match(readFileSync(file, "utf8"), /\/\/ /, `${label}: comments survive`);
    if (spec.format === "toml") {
      assert.match(readFileSync(file, "utf8"), /# default/);
      assert.equal(afterDoc.profiles.fast.model, "o3");
    }
    if (scope === "user") assert.equal(after.codegraph.args[1], project, `${label}: --repo pinned to the absolute path`);
    await startAsClient(after.codegraph, `${label} existing`, scope);
    const installed = readFileSync(file, "utf8");
    assert.match(install(scope, pinned).out, /already up to date/);
    assert.equal(readFileSync(file, "utf8"), installed, `${label}: a second install changes nothing`);
    install(scope, [], "uninstall");
    assert.equal(readFileSync(file, "utf8"), original, `${label}: uninstall restores the file byte for byte`);
    assert.match(install(scope, [], "uninstall").out, /nothing to remove/);

    // Without codegraph-mcp on PATH a project's file names this machine's path, and says so.
    if (scope === "project") {
      const r = spawnSync(binary, ["install", "--client", client, "--scope", "project", "--dry-run"], {
        cwd: project, env: { ...env, PATH: "/usr/bin:/bin" }, encoding: "utf8" });
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /not on PATH/, `${label}: the warning about a machine's path`);
      assert.ok(r.stdout.includes(binary), `${label}: the absolute path without PATH`);
    }

    // --dry-run: prints the change, writes nothing.
    const dry = install(scope, ["--dry-run"]);
    assert.match(dry.out, /^\+.*codegraph/m, `${label}: the diff shows the added entry`);
    assert.match(dry.out, /nothing was written/);
    assert.equal(readFileSync(file, "utf8"), original, `${label}: --dry-run wrote nothing`);

    // A broken file: reported with its name and line, never overwritten.
    const kind = spec.format === "toml" ? "toml" : "json";
    writeFileSync(file, BROKEN[kind]);
    for (const verb of ["install", "uninstall"]) {
      const r = run([verb, "--client", client, "--scope", scope]);
      assert.equal(r.code, 1, `${label}: ${verb} of a broken file fails: ${r.out}${r.err}`);
      assert.ok(r.err.includes(file), `${label}: the error names the file: ${r.err}`);
      assert.match(r.err, new RegExp(`line ${BROKEN_LINE[kind]}\\b`), `${label}: the error names the line`);
      assert.match(r.err, /not changed/);
      assert.equal(readFileSync(file, "utf8"), BROKEN[kind], `${label}: the broken file is untouched`);
    }
    rmSync(file);
  }
  assert.ok(!existsSync(join(project, ".git")), "the project was not turned into anything else");
  console.log(`ok: ${client}: install/uninstall in both scopes, fresh and existing files, dry run, broken file`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
