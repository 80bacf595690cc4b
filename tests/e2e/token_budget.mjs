// get_context's token accounting against a real BPE tokenizer (o200k_base, gpt-tokenizer):
// through the official MCP SDK client, over several fixture repositories in different
// languages, formats, detail levels and budgets, the returned text's real token count must
// stay within 15% of the reported totalTokens, and totalTokens within the budget.
// Usage: node token_budget.mjs BINARY FIXTURES_DIR [--verbose]
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { encode } from "gpt-tokenizer/encoding/o200k_base";

const [binary, fixtures, flag] = process.argv.slice(2);
if (!binary || !fixtures) {
  console.error("usage: node token_budget.mjs BINARY FIXTURES_DIR [--verbose]");
  process.exit(2);
}
const verbose = flag === "--verbose";
const REPOS = ["context_app", "python_app", "java_app", "rust_app", "go_app", "cpp_app", "c_app", "tsx_app"];
const TARGETS_PER_REPO = 4;
const tmp = mkdtempSync(join(tmpdir(), "cg-tokens-"));
const samples = [];
const dump = [];  // CG_TOKEN_DUMP=file: every answer's text and o200k count, for calibration
let failures = 0;

try {
  for (const repo of REPOS) {
    const transport = new StdioClientTransport({
      command: binary,
      // The first call waits for the first index; 30 s (the default) is too short for a sanitizer
      // build on a loaded 2-core machine, where compiling the C++ query alone can take longer.
      args: ["--repo", join(fixtures, repo), "--no-git-toplevel", "--db", join(tmp, `${repo}.db`), "--wait-timeout", "600"],
      stderr: "ignore",
    });
    const client = new Client({ name: "codegraph-token-check", version: "1.0.0" });
    await client.connect(transport);
    // The most central symbols of the project are the targets.
    const outline = await client.callTool({ name: "outline", arguments: { format: "json", depth: 0, token_budget: 2000 } },
                                          undefined, { timeout: 600_000 });  // may wait for the first index
    assert.notEqual(outline.isError, true, JSON.stringify(outline));
    const uids = JSON.parse(outline.content[0].text).symbols.slice(0, TARGETS_PER_REPO).map((s) => s.uid);
    assert.ok(uids.length > 0, `${repo}: no symbols`);
    for (const uid of uids) {
      for (const format of ["compact", "json"]) {
        for (const detail of ["summary", "neighbors", "full"]) {
          for (const budget of [100, 400, 1000, 4000]) {
            const r = await client.callTool({
              name: "get_context",
              arguments: { symbol_uid: uid, format, detail_level: detail, token_budget: budget },
            });
            assert.notEqual(r.isError, true, JSON.stringify(r));
            const text = r.content[0].text;
            let reported;
            if (format === "json") reported = r.structuredContent.totalTokens;
            else reported = Number(/, (\d+) of \d+ tokens/.exec(text)?.[1]);
            assert.ok(Number.isFinite(reported), `${repo} ${uid}: no token total in ${text.slice(0, 200)}`);
            const actual = encode(text).length;
            const ratio = actual / reported;
            samples.push({ repo, uid, format, detail, budget, reported, actual, ratio });
            if (process.env.CG_TOKEN_DUMP) dump.push({ text, actual });
            const bad = reported > budget || Math.abs(ratio - 1) > 0.15;
            if (bad) failures++;
            if (bad || verbose)
              console.log(`${bad ? "FAIL" : "ok  "} ${repo} ${format}/${detail}/${budget} ${uid}: reported ${reported}, o200k ${actual} (${ratio.toFixed(3)})`);
          }
        }
      }
    }
    await client.close();
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

if (process.env.CG_TOKEN_DUMP) writeFileSync(process.env.CG_TOKEN_DUMP, JSON.stringify(dump));
const ratios = samples.map((s) => s.ratio).sort((a, b) => a - b);
const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
for (const format of ["compact", "json"]) {
  const r = samples.filter((s) => s.format === format).map((s) => s.ratio);
  console.log(`${format}: ${r.length} answers, o200k/reported min ${Math.min(...r).toFixed(3)} mean ${(r.reduce((a, b) => a + b, 0) / r.length).toFixed(3)} max ${Math.max(...r).toFixed(3)}`);
}
console.log(`all: ${samples.length} answers, mean ratio ${mean.toFixed(3)}, ${failures} outside 15% or over budget`);
process.exit(failures === 0 ? 0 : 1);
