// End-to-end test with the official MCP TypeScript SDK: spawn the real binary over stdio,
// initialize, list the tools, check each one's shape, call tools.
// Usage: node sdk_client.mjs BINARY FIXTURE_REPO   (run_node.sh checks node and npm ci)
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [binary, repo] = process.argv.slice(2);
if (!binary || !repo) {
  console.error("usage: node sdk_client.mjs BINARY FIXTURE_REPO");
  process.exit(2);
}

// The tools of docs/tools.md.
const EXPECTED_TOOLS = ["symbols", "symbol_context", "get_context", "outline", "search", "impact"];

const tmp = mkdtempSync(join(tmpdir(), "cg-sdk-"));
const transport = new StdioClientTransport({
  command: binary,
  // --wait-timeout: as in token_budget.mjs, room for the first index under the sanitizers.
  args: ["--repo", repo, "--no-git-toplevel", "--db", join(tmp, "index.db"), "--wait-timeout", "600"],
  stderr: "inherit",
});
const client = new Client({ name: "codegraph-e2e", version: "1.0.0" });

try {
  await client.connect(transport); // initialize, then notifications/initialized

  const info = client.getServerVersion();
  assert.equal(info?.name, "codegraph-mcp");
  assert.match(info?.version ?? "", /^\d+\.\d+/);
  assert.deepEqual(client.getServerCapabilities()?.tools, { listChanged: false });
  assert.ok((client.getInstructions() ?? "").length > 0, "initialize carries instructions");

  await client.ping();

  const { tools } = await client.listTools();
  assert.deepEqual(
    tools.map((t) => t.name).sort(),
    [...EXPECTED_TOOLS].sort(),
    "tools/list serves exactly the implemented tools",
  );
  for (const tool of tools) {
    assert.equal(tool.annotations?.readOnlyHint, true, `${tool.name}: readOnlyHint`);
    assert.equal(tool.inputSchema.type, "object", `${tool.name}: inputSchema.type`);
    assert.equal(tool.inputSchema.additionalProperties, false, `${tool.name}: additionalProperties`);
    assert.ok(tool.title && tool.title.length > 0, `${tool.name}: title`);
    assert.ok(tool.description && tool.description.length > 20, `${tool.name}: description`);
  }

  // A valid call: the answer names what was asked for; structuredContent mirrors the text JSON.
  const found = await client.callTool({ name: "symbols", arguments: { name: "format_greeting" } },
                                      undefined, { timeout: 600_000 });  // may wait for the first index
  assert.notEqual(found.isError, true, JSON.stringify(found));
  assert.equal(found.content[0].type, "text");
  assert.match(found.content[0].text, /greeter\.py/);
  if (found.structuredContent !== undefined) {
    assert.deepEqual(found.structuredContent, JSON.parse(found.content[0].text));
  }

  // symbol_context: the found status, the symbol and its caller with the call site.
  const context = await client.callTool({
    name: "symbol_context",
    arguments: { symbol_name: "format_greeting" },
  });
  assert.notEqual(context.isError, true, JSON.stringify(context));
  assert.deepEqual(context.structuredContent, JSON.parse(context.content[0].text));
  assert.equal(context.structuredContent.status, "found");
  assert.equal(context.structuredContent.symbol.uid, "greeter.py::format_greeting::function");
  assert.equal(context.structuredContent.symbol.start_line, 12);
  const caller = context.structuredContent.incoming.calls[0];
  assert.equal(caller.symbol_uid, "greeter.py::Greeter.greet::method");
  assert.equal(caller.line, 9);

  // outline: a text answer (the tree), so no structuredContent; the JSON form carries it.
  const tree = await client.callTool({ name: "outline", arguments: { file: "greeter.py" } });
  assert.notEqual(tree.isError, true, JSON.stringify(tree));
  assert.equal(tree.structuredContent, undefined);
  assert.match(tree.content[0].text, /^greeter\.py\n  class Greeter  4-9\n/);
  assert.match(tree.content[0].text, /\n  def format_greeting\(greeting, name\)  12-13\n/);
  const outlineJson = await client.callTool({
    name: "outline",
    arguments: { file: "greeter.py", format: "json", depth: 0 },
  });
  assert.equal(outlineJson.structuredContent.total_symbols, 5);
  assert.equal(outlineJson.structuredContent.truncated, false);
  assert.deepEqual(
    outlineJson.structuredContent.symbols.map((s) => s.name),
    ["Greeter", "__init__", "greeting", "greet", "format_greeting"],
  );

  // search: ranked hits.
  const hits = await client.callTool({ name: "search", arguments: { query: "greet" } });
  assert.notEqual(hits.isError, true, JSON.stringify(hits));
  assert.match(hits.content[0].text, /format_greeting/);

  // get_context: compact text with the target first; json with the fields of docs/tools.md; path mode.
  const ctx = await client.callTool({ name: "get_context", arguments: { entity: "greet", token_budget: 1000 } });
  assert.notEqual(ctx.isError, true, JSON.stringify(ctx));
  assert.match(ctx.content[0].text, /^# get_context context: \d+ of \d+ items, \d+ of 1000 tokens/);
  assert.match(ctx.content[0].text, /\nTARGET method Greeter\.greet  greeter\.py:8-/);
  const ctxJson = await client.callTool({
    name: "get_context",
    arguments: { mode: "intent", intent: "fix", target: "main", format: "json" },
  });
  assert.notEqual(ctxJson.isError, true, JSON.stringify(ctxJson));
  assert.equal(ctxJson.structuredContent.target.uid, "main.py::main::function");
  assert.ok(ctxJson.structuredContent.totalTokens <= ctxJson.structuredContent.tokenBudget);
  assert.ok(ctxJson.structuredContent.context.some((c) => c.name === "Greeter" && c.reason.startsWith("target calls it")));
  const unchanged = await client.callTool({
    name: "get_context",
    arguments: { mode: "intent", intent: "fix", target: "main", format: "json", known_hash: ctxJson.structuredContent.hash },
  });
  assert.equal(unchanged.structuredContent.status, "not_modified");
  const path = await client.callTool({ name: "get_context", arguments: { mode: "path", from: "main", to: "format_greeting" } });
  assert.equal(path.structuredContent.found, true, JSON.stringify(path));
  assert.deepEqual(path.structuredContent.hops.map((h) => h.name), ["main", "greet", "format_greeting"]);

  // Invalid arguments: a normal result with isError and a sentence naming the field.
  const bad = await client.callTool({ name: "symbols", arguments: { nmae: "format_greeting" } });
  assert.equal(bad.isError, true);
  assert.equal(bad.structuredContent, undefined);
  assert.match(bad.content[0].text, /^Unknown argument 'nmae'; allowed: .*\bname\b/);

  // An unknown tool: a JSON-RPC error, -32602.
  await assert.rejects(
    client.callTool({ name: "no_such_tool", arguments: {} }),
    (err) => err.code === -32602,
  );

  console.log(`ok: ${tools.length} tools listed and checked, calls answered`);
} finally {
  await client.close();
  rmSync(tmp, { recursive: true, force: true });
}
