// impact through the official MCP TypeScript SDK client, on a git repository made from the
// signature_change fixture (tests/fixtures/impact): the working-tree form while the server
// watches the files (an edit saved during the session shows in the next answer), base..head,
// the symbols form, get_context's review of the current change, and a folder outside git.
// Usage: node impact_sdk.mjs BINARY FIXTURES_DIR   (run_node.sh checks node and npm ci)
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [binary, fixtures] = process.argv.slice(2);
if (!binary || !fixtures) {
  console.error("usage: node impact_sdk.mjs BINARY FIXTURES_DIR");
  process.exit(2);
}

const tmp = mkdtempSync(join(tmpdir(), "cg-impact-sdk-"));
const repo = join(tmp, "repo");
const gitEnv = { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" };
const git = (...args) => execFileSync("git", ["-C", repo, ...args], { env: gitEnv }).toString().trim();
cpSync(join(fixtures, "signature_change", "before"), repo, { recursive: true });
git("init", "-q");
git("add", "-A");
git("commit", "-qm", "before");
const before = git("rev-parse", "HEAD");
cpSync(join(fixtures, "signature_change", "after"), repo, { recursive: true });

async function withServer(root, fn) {
  const transport = new StdioClientTransport({
    command: binary,
    args: ["--repo", root, "--no-git-toplevel", "--db", join(tmp, `index-${Math.random()}.db`), "--wait-timeout", "600"],
    stderr: "inherit",
  });
  const client = new Client({ name: "codegraph-impact-e2e", version: "1.0.0" });
  await client.connect(transport);
  try {
    await fn(client);
  } finally {
    await client.close();
  }
}

const call = async (client, name, args) => {
  const r = await client.callTool({ name, arguments: args }, undefined, { timeout: 600_000 });
  return r;
};

try {
  await withServer(repo, async (client) => {
    // The working tree against HEAD: Lookup's new signature, its callers, its test.
    let r = await call(client, "impact", {});
    assert.notEqual(r.isError, true, JSON.stringify(r));
    assert.deepEqual(r.structuredContent, JSON.parse(r.content[0].text));
    let a = r.structuredContent;
    assert.equal(a.changes, "working_tree");
    assert.deepEqual(a.changed.map((c) => [c.uid, c.change]), [["store/store.go::Lookup::function", "modified"]]);
    assert.equal(a.changed[0].signature.new, "func Lookup(ctx context.Context, id string) (*Item, error)");
    assert.deepEqual(a.dependents.map((d) => [d.uid, d.level]),
      [["api/handler.go::GetItem::function", 1], ["api/handler.go::Routes::function", 2]]);
    assert.equal(a.dependents[0].via.kind, "calls");
    assert.equal(a.dependents[0].via.from_uid, "store/store.go::Lookup::function");
    assert.deepEqual(a.tests.map((t) => t.uid), ["store/store_test.go::TestLookup::function"]);
    assert.equal(a.truncated, false);
    assert.ok(a.totalTokens <= a.tokenBudget);

    // An edit saved while the server runs: a new function in an untracked file. An answer soon
    // after has it as added (part of the change, so not listed again as a dependent).
    appendFileSync(join(repo, "api", "extra.go"), "package api\n\nfunc Preview() string {\n\treturn GetItem(\"p\")\n}\n");
    let seen = false;
    for (let i = 0; i < 100 && !seen; ++i) {
      a = (await call(client, "impact", {})).structuredContent;
      seen = a.changed.some((c) => c.uid === "api/extra.go::Preview::function" && c.change === "added") &&
             !a.dependents.some((d) => d.uid === "api/extra.go::Preview::function");
      if (!seen) await new Promise((res) => setTimeout(res, 100));
    }
    assert.ok(seen, "the saved edit shows in impact: " + JSON.stringify(a));

    // base..head between two commits: the same signature change, read from git alone.
    git("add", "-A");
    git("commit", "-qm", "after");
    r = await call(client, "impact", { base: before, head: "HEAD" });
    a = r.structuredContent;
    assert.ok(a.changed.some((c) => c.uid === "store/store.go::Lookup::function" && c.change === "modified"), JSON.stringify(a));
    assert.ok(a.changed.some((c) => c.uid === "api/extra.go::Preview::function" && c.change === "added"));

    // The symbols form: what if Count changes.
    r = await call(client, "impact", { symbols: ["Count"] });
    a = r.structuredContent;
    assert.deepEqual(a.changed.map((c) => c.uid), ["store/store.go::Count::function"]);
    assert.deepEqual(a.dependents.map((d) => d.uid), ["api/handler.go::Stats::function"]);

    // A revision that does not exist, and two forms at once: an isError sentence.
    r = await call(client, "impact", { base: "no-such-branch" });
    assert.equal(r.isError, true);
    assert.match(r.content[0].text, /'no-such-branch' is not a revision/);
    r = await call(client, "impact", { symbols: ["Count"], base: "HEAD" });
    assert.equal(r.isError, true);

    // get_context review of the current change (clean tree now: it says so).
    r = await call(client, "get_context", { mode: "intent", intent: "review", target: "the current change", format: "json" });
    assert.equal(r.structuredContent.found, false, JSON.stringify(r.structuredContent));
    appendFileSync(join(repo, "store", "store.go"), "\nfunc Reset() {\n\titems = map[string]*Item{}\n}\n");
    let reviewed = null;
    for (let i = 0; i < 100 && !reviewed; ++i) {
      const g = await call(client, "get_context", { mode: "intent", intent: "review", format: "json" });
      const t = g.structuredContent.target;
      if (t && (Array.isArray(t) ? t : [t]).some((x) => x.uid === "store/store.go::Reset::function")) reviewed = g;
      else await new Promise((res) => setTimeout(res, 100));
    }
    assert.ok(reviewed, "review targets the symbol the change adds");
  });

  // Outside a git work tree: the symbols form works; the working-tree form says what to do.
  const plain = join(tmp, "plain");
  cpSync(join(fixtures, "signature_change", "before"), plain, { recursive: true });
  cpSync(join(fixtures, "signature_change", "after"), plain, { recursive: true });
  await withServer(plain, async (client) => {
    let r = await call(client, "impact", {});
    assert.equal(r.isError, true);
    assert.match(r.content[0].text, /not a git work tree.*symbols/);
    r = await call(client, "impact", { symbols: ["store/store.go::Lookup::function"] });
    assert.notEqual(r.isError, true, JSON.stringify(r));
    assert.deepEqual(r.structuredContent.dependents.map((d) => d.uid),
      ["api/handler.go::GetItem::function", "api/handler.go::Routes::function"]);
  });
  console.log("ok: impact answered through the SDK client");
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
