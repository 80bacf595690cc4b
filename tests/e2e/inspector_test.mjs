// End-to-end test with the MCP Inspector CLI (@modelcontextprotocol/inspector, --cli mode): each
// check runs the Inspector once; it starts the real binary over stdio, initializes, sends one
// request and prints the answer as one JSON object (--format json), which the checks parse.
// All runs share one index database, so the first call indexes and the later ones reuse it.
// Usage: node inspector_test.mjs BINARY FIXTURE_REPO   (run_node.sh checks node and npm ci)
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const [binary, repo] = process.argv.slice(2);
if (!binary || !repo) {
  console.error("usage: node inspector_test.mjs BINARY FIXTURE_REPO");
  process.exit(2);
}

// The five tools of docs/tools.md.
const EXPECTED_TOOLS = ["symbols", "symbol_context", "get_context", "outline", "search", "impact"];

// The Inspector's `mcp-inspector` command, run with this node (no npx, no PATH lookup).
const here = dirname(fileURLToPath(import.meta.url));
const inspectorDir = join(here, "node_modules", "@modelcontextprotocol", "inspector");
const inspectorPackage = JSON.parse(readFileSync(join(inspectorDir, "package.json"), "utf8"));
const launcher = join(inspectorDir, inspectorPackage.bin["mcp-inspector"]);

// The Inspector's exit codes for a tool that is missing or answers isError.
const EXIT_TOOL_ERROR = 5;

const tmp = mkdtempSync(join(tmpdir(), "cg-inspector-"));
const started = Date.now();

// One Inspector run: its options, then `--` and the server command (so no server flag is read
// as an Inspector option). Returns the exit status, stdout and stderr (the server's stderr too).
function inspector(method, options = []) {
  const args = [
    launcher, "--cli", "--format", "json", "--method", method, ...options, "--",
    // --wait-timeout: as in sdk_client.mjs, room for the first index under the sanitizers.
    binary, "--repo", repo, "--no-git-toplevel", "--db", join(tmp, "index.db"), "--wait-timeout", "600",
  ];
  const run = spawnSync(process.execPath, args, {
    cwd: tmp,
    encoding: "utf8",
    timeout: 150_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw new Error(`mcp-inspector ${method}: ${run.error.message}\n${run.stderr ?? ""}`);
  const what = `mcp-inspector ${method} ${options.join(" ")} (exit ${run.status}, signal ${run.signal})`;
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, what };
}

// A run that exits 0: its `result`.
function result(method, options = []) {
  const run = inspector(method, options);
  assert.equal(run.status, 0, `${run.what}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  const printed = JSON.parse(run.stdout);
  assert.ok(printed.result, `${run.what}: no result in ${run.stdout}`);
  return printed.result;
}

// The Inspector's error envelope, {"error": {code, message}}, one line of stderr among the
// server's own log lines.
function errorEnvelope(run) {
  for (const line of run.stderr.split("\n").reverse()) {
    if (!line.startsWith("{")) continue;
    try {
      const parsed = JSON.parse(line);
      if (parsed.error) return parsed.error;
    } catch {
      // a server log line that starts with a brace
    }
  }
  assert.fail(`${run.what}: no error envelope on stderr:\n${run.stderr}`);
}

try {
  // tools/list, with --strict: the Inspector also exits non-zero (6) when a tool schema has a
  // portability error.
  const { tools } = result("tools/list", ["--strict"]);
  assert.deepEqual(
    tools.map((t) => t.name).sort(),
    [...EXPECTED_TOOLS].sort(),
    "tools/list serves exactly the implemented tools",
  );
  for (const tool of tools) {
    assert.equal(tool.annotations?.readOnlyHint, true, `${tool.name}: readOnlyHint`);
    assert.equal(tool.annotations?.openWorldHint, false, `${tool.name}: openWorldHint`);
    assert.equal(tool.inputSchema?.type, "object", `${tool.name}: inputSchema.type`);
    assert.equal(tool.inputSchema.additionalProperties, false, `${tool.name}: additionalProperties`);
  }

  // symbols for a name the fixture defines: the definition in greeter.py, as structuredContent
  // that mirrors the text JSON. This call may wait for the first index.
  const found = result("tools/call", ["--tool-name", "symbols", "--tool-arg", "name=format_greeting"]);
  assert.notEqual(found.isError, true, JSON.stringify(found));
  assert.ok(found.structuredContent, `symbols: structuredContent in ${JSON.stringify(found)}`);
  assert.deepEqual(found.structuredContent, JSON.parse(found.content[0].text));
  const definition = found.structuredContent.definitions?.[0];
  assert.equal(definition?.path, "greeter.py", JSON.stringify(found.structuredContent));
  assert.equal(definition.name, "format_greeting");
  assert.equal(definition.kind, "function");

  // outline of a fixture file: the text tree, headed by the file.
  const tree = result("tools/call", ["--tool-name", "outline", "--tool-arg", "file=greeter.py"]);
  assert.notEqual(tree.isError, true, JSON.stringify(tree));
  assert.match(tree.content[0].text, /^greeter\.py\n  class Greeter  4-9\n/);
  assert.match(tree.content[0].text, /\n  def format_greeting\(greeting, name\)  12-13\n/);

  // An argument over its schema's maximum (a JSON number, via --tool-args-json) is clamped, and
  // the answer says so. An object answer carries the sentences in structuredContent.clamped ...
  const maxOf = (name, field) => tools.find((t) => t.name === name).inputSchema.properties[field].maximum;
  const symbolsMax = maxOf("symbols", "limit");
  assert.equal(typeof symbolsMax, "number", "symbols: limit has a maximum");
  const clamped = result("tools/call", [
    "--tool-name", "symbols", "--tool-args-json", JSON.stringify({ name: "Greeter", limit: 1_000_000_000 }),
  ]);
  assert.notEqual(clamped.isError, true, JSON.stringify(clamped));
  assert.equal(clamped.structuredContent?.definitions?.[0]?.path, "greeter.py", JSON.stringify(clamped));
  const notes = clamped.structuredContent.clamped;
  assert.ok(Array.isArray(notes) && notes.length === 1, `symbols: clamped in ${JSON.stringify(clamped)}`);
  assert.equal(typeof notes[0], "string");
  assert.match(notes[0], new RegExp(`'limit' 1000000000 is over the maximum ${symbolsMax}\\b.*clamped`));

  // ... and a list answer (search) in a second text item.
  const searchMax = maxOf("search", "limit");
  assert.equal(typeof searchMax, "number", "search: limit has a maximum");
  const hits = result("tools/call", [
    "--tool-name", "search", "--tool-args-json", JSON.stringify({ query: "greet", limit: 1_000_000_000 }),
  ]);
  assert.notEqual(hits.isError, true, JSON.stringify(hits));
  assert.match(hits.content[0].text, /format_greeting/);
  assert.equal(hits.content.length, 2, JSON.stringify(hits));
  assert.match(hits.content[1].text, new RegExp(`^Note: 'limit' 1000000000 is over the maximum ${searchMax}\\b.*clamped`));

  // Invalid arguments: the server's isError answer, which the Inspector prints and then exits 5
  // with a tool_is_error envelope.
  const bad = inspector("tools/call", ["--tool-name", "symbols", "--tool-arg", "nmae=format_greeting"]);
  assert.equal(bad.status, EXIT_TOOL_ERROR, `${bad.what}\nstdout: ${bad.stdout}\nstderr: ${bad.stderr}`);
  const badResult = JSON.parse(bad.stdout).result;
  assert.equal(badResult.isError, true, bad.stdout);
  assert.match(badResult.content[0].text, /^Unknown argument 'nmae'; allowed: .*\bname\b/);
  assert.equal(errorEnvelope(bad).code, "tool_is_error");

  // An unknown tool: the Inspector checks the name against tools/list before calling, so it is
  // the Inspector that answers: exit 5, nothing on stdout, and a tool_not_found envelope on
  // stderr that names the tool (the server's own -32602 answer is checked in sdk_client.mjs).
  const unknown = inspector("tools/call", ["--tool-name", "no_such_tool"]);
  assert.equal(unknown.status, EXIT_TOOL_ERROR, `${unknown.what}\nstdout: ${unknown.stdout}\nstderr: ${unknown.stderr}`);
  assert.equal(unknown.stdout.trim(), "");
  const envelope = errorEnvelope(unknown);
  assert.equal(envelope.code, "tool_not_found");
  assert.match(envelope.message, /'no_such_tool'/);

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`ok: mcp-inspector ${inspectorPackage.version}: ${tools.length} tools listed and checked, ` +
              `calls answered, clamping and errors reported (${seconds}s)`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
