// End-to-end test with the official MCP TypeScript SDK: spawn the real binary over stdio,
// initialize, list the tools, check each one's shape, call tools.
// Usage: node sdk_client.mjs BINARY FIXTURE_REPO   (run_sdk_test.sh checks node and npm ci)
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

// The SPEC §5 tools implemented so far (symbol_context, get_context and outline are listed
// only once they are real; add them here when they land).
const EXPECTED_TOOLS = ["symbols", "search"];

const tmp = mkdtempSync(join(tmpdir(), "cg-sdk-"));
const transport = new StdioClientTransport({
  command: binary,
  args: ["--repo", repo, "--db", join(tmp, "index.db")],
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
  const found = await client.callTool({ name: "symbols", arguments: { name: "format_greeting" } });
  assert.notEqual(found.isError, true, JSON.stringify(found));
  assert.equal(found.content[0].type, "text");
  assert.match(found.content[0].text, /greeter\.py/);
  if (found.structuredContent !== undefined) {
    assert.deepEqual(found.structuredContent, JSON.parse(found.content[0].text));
  }

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
