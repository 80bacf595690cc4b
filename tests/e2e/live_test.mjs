// Live freshness, several sessions and crash safety, end to end through the real binary
// (issue 7; docs/CONTRACT.md §3, §6). One scenario per run, each a CTest test (e2e.live.<scenario>) kept
// under ~30 s. Plain node (no packages): JSON-RPC over the server's stdio, git and the file
// system driven from here. Usage: node live_test.mjs SCENARIO BINARY
//
// Scenarios:
//   edit        rename a function → the next `symbols` call finds the new name and not the old
//               (within 1 s), also after a revert (git checkout -- FILE) and without a tool
//               call racing the debounce
//   files       add, rename, delete files; a new folder; a removed folder; a folder moved out of
//               the repository; files under an ignored folder stay out
//   branch      switch branches in a scripted git repository: old names gone, new present
//   sessions    two servers on one repository answer in parallel while the first re-indexes
//               (never "database is locked"), the second sees its updates, then takes over
//               when the first exits, and a third takes over when the second is killed -9
//   crash       kill -9 during a first index, then serve: the index is repaired and equals a
//               fresh one; kill -9 during a refresh leaves the previous index intact
//   corrupt     a truncated database file and a file that is no database are rebuilt
//   scanning    with no inotify watches left (test hook), changes are still found by scanning
//   latency     initialize and ping answer in under 50 ms while a large first index runs
//   no_watch    --no-watch: edits are not picked up while serving, but are at the next start
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const [scenario, binary] = process.argv.slice(2);
if (!scenario || !binary) {
  console.error("usage: node live_test.mjs SCENARIO BINARY");
  process.exit(2);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `cg-live-${scenario}-`));
const servers = [];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- helpers ----------------------------------------------------------------------------------

function git(repo, ...args) {
  return execFileSync("git", ["-C", repo, "-c", "user.email=t@example.com", "-c", "user.name=t", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  }).toString();
}

function makeRepo(name, files, { useGit = true } = {}) {
  const repo = path.join(tmp, name);
  fs.mkdirSync(repo, { recursive: true });
  for (const [rel, text] of Object.entries(files)) writeFile(repo, rel, text);
  if (useGit) {
    git(repo, "init", "-q", "-b", "main");
    git(repo, "add", "-A");
    git(repo, "commit", "-qm", "initial");
  }
  return repo;
}

function writeFile(repo, rel, text) {
  const abs = path.join(repo, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
}

function pyModule(fn, callee) {
  return `def ${fn}(x):\n    return ${callee ? `${callee}(x)` : "x + 1"}\n`;
}

// A repository large enough that a first index takes a while (for crash and latency tests).
function bigRepo(name, files) {
  const repo = path.join(tmp, name);
  for (let i = 0; i < files; ++i) {
    let text = "";
    for (let j = 0; j < 12; ++j)
      text += `class Widget${i}_${j}:\n    def run_${i}_${j}(self, x):\n        return helper_${i}(x) + ${j}\n\n`;
    text += `def helper_${i}(x):\n    return x * ${i}\n`;
    writeFile(repo, `pkg${i % 20}/mod_${i}.py`, text);
  }
  return repo;
}

class Server {
  constructor(repo, db, { extraArgs = [], env = {}, label = "server" } = {}) {
    this.label = label;
    this.logPath = path.join(tmp, `${label}.log`);
    this.proc = spawn(binary, ["--repo", repo, "--db", db, "--log-level", "info", ...extraArgs], {
      stdio: ["pipe", "pipe", fs.openSync(this.logPath, "w")],
      env: { ...process.env, ...env },
    });
    this.nextId = 1;
    this.pending = new Map();
    this.notifications = [];
    this.exited = new Promise((resolve) => this.proc.on("exit", (code, signal) => resolve({ code, signal })));
    let buf = "";
    this.proc.stdout.on("data", (chunk) => {
      buf += chunk.toString();
      let nl;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        const msg = JSON.parse(line); // stdout carries nothing but JSON-RPC
        if (msg.id === undefined && msg.method) this.notifications.push(msg);
        if (msg.id !== undefined && this.pending.has(msg.id)) {
          this.pending.get(msg.id)(msg);
          this.pending.delete(msg.id);
        }
      }
    });
    servers.push(this);
  }

  request(method, params = {}, timeoutMs = 20000) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.label}: ${method} timed out`)), timeoutMs);
      this.pending.set(id, (msg) => {
        clearTimeout(timer);
        resolve(msg);
      });
      this.proc.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
    });
  }

  async initialize() {
    const r = await this.request("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "live-test", version: "1" },
    });
    assert.ok(r.result, JSON.stringify(r));
    this.proc.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
    return r;
  }

  // The definitions `symbols` finds for an exact name (throws on an error answer).
  async defs(name) {
    const r = await this.request("tools/call", { name: "symbols", arguments: { name } });
    assert.ok(r.result, `${this.label}: ${JSON.stringify(r)}`);
    const text = r.result.content[0].text;
    assert.ok(!/locked/i.test(text), `${this.label}: ${text}`);
    assert.notEqual(r.result.isError, true, `${this.label}: ${text}`);
    const v = JSON.parse(text);
    return Array.isArray(v) ? v : v.definitions;
  }

  async paths(name) {
    return (await this.defs(name)).map((d) => d.path).sort();
  }

  async close() {
    this.proc.stdin.end();
    return this.exited;
  }

  kill() {
    this.proc.kill("SIGKILL");
    return this.exited;
  }

  log() {
    try {
      return fs.readFileSync(this.logPath, "utf8");
    } catch {
      return "";
    }
  }
}

async function waitUntil(what, fn, timeoutMs) {
  const start = Date.now();
  let last;
  while (Date.now() - start < timeoutMs) {
    last = await fn();
    if (last === true) return Date.now() - start;
    await sleep(25);
  }
  throw new Error(`not within ${timeoutMs} ms: ${what} (last: ${JSON.stringify(last)})`);
}

// Asks right away; retries only until `withinMs` (the freshness promise is 1 s).
async function expectPaths(server, name, expected, withinMs = 1000) {
  const want = [...expected].sort();
  let got;
  const ms = await waitUntil(
    `${name} defined in [${want}]`,
    async () => {
      got = await server.paths(name);
      return JSON.stringify(got) === JSON.stringify(want) || got;
    },
    withinMs,
  );
  return ms;
}

function runCli(args, opts = {}) {
  return execFileSync(binary, args, { stdio: ["ignore", "pipe", "pipe"], ...opts }).toString();
}

// ---- scenarios --------------------------------------------------------------------------------

const scenarios = {
  async edit() {
    const repo = makeRepo("repo", { "a.py": pyModule("alpha"), "b.py": pyModule("beta", "alpha") });
    const s = new Server(repo, path.join(tmp, "index.db"));
    await s.initialize();
    await expectPaths(s, "alpha", ["a.py"], 20000);
    let current = "alpha";
    for (let round = 0; round < 5; ++round) {
      const next = `renamed_${round}`;
      writeFile(repo, "a.py", pyModule(next));
      const t0 = Date.now();
      assert.deepEqual(await s.paths(next), ["a.py"], `round ${round}: the new name at once`);
      assert.deepEqual(await s.paths(current), [], `round ${round}: the old name is gone`);
      assert.ok(Date.now() - t0 < 1000, `round ${round}: answered in ${Date.now() - t0} ms`);
      current = next;
    }
    // A revert through git: the committed content comes back.
    git(repo, "checkout", "--", "a.py");
    assert.deepEqual(await s.paths("alpha"), ["a.py"], "revert: alpha is back");
    assert.deepEqual(await s.paths(current), [], "revert: the edited name is gone");
    // No tool call racing the debounce: the watcher applies the change on its own.
    writeFile(repo, "a.py", pyModule("quiet_change"));
    await sleep(700);
    const t1 = Date.now();
    assert.deepEqual(await s.paths("quiet_change"), ["a.py"]);
    assert.ok(Date.now() - t1 < 200, "already applied by the watcher");
    // An editor's save: write a temporary file, then rename it over the original.
    writeFile(repo, ".a.py.swp", pyModule("saved_by_editor"));
    fs.renameSync(path.join(repo, ".a.py.swp"), path.join(repo, "a.py"));
    await expectPaths(s, "saved_by_editor", ["a.py"]);
    assert.deepEqual(await s.paths("quiet_change"), []);
    await s.close();
  },

  async files() {
    const repo = makeRepo("repo", {
      "a.py": pyModule("alpha"),
      ".gitignore": "generated/\n",
    });
    const s = new Server(repo, path.join(tmp, "index.db"));
    await s.initialize();
    await expectPaths(s, "alpha", ["a.py"], 20000);

    writeFile(repo, "c.py", pyModule("gamma"));
    await expectPaths(s, "gamma", ["c.py"]);
    fs.renameSync(path.join(repo, "c.py"), path.join(repo, "d.py"));
    await expectPaths(s, "gamma", ["d.py"]);
    fs.unlinkSync(path.join(repo, "d.py"));
    await expectPaths(s, "gamma", []);

    // A new folder tree, created in one go (the watcher must catch files written before it
    // watched the new folders), then removed.
    fs.mkdirSync(path.join(repo, "sub/deep/er"), { recursive: true });
    writeFile(repo, "sub/deep/er/e.py", pyModule("epsilon"));
    writeFile(repo, "sub/s.py", pyModule("sigma"));
    await expectPaths(s, "epsilon", ["sub/deep/er/e.py"]);
    await expectPaths(s, "sigma", ["sub/s.py"]);
    writeFile(repo, "sub/deep/er/e.py", pyModule("epsilon2"));
    await expectPaths(s, "epsilon2", ["sub/deep/er/e.py"]);
    fs.rmSync(path.join(repo, "sub"), { recursive: true });
    await expectPaths(s, "epsilon2", []);
    await expectPaths(s, "sigma", []);

    // A folder moved out of the repository, and one moved in.
    writeFile(repo, "mv/m.py", pyModule("moved_fn"));
    await expectPaths(s, "moved_fn", ["mv/m.py"]);
    fs.renameSync(path.join(repo, "mv"), path.join(tmp, "outside"));
    await expectPaths(s, "moved_fn", []);
    fs.renameSync(path.join(tmp, "outside"), path.join(repo, "back"));
    await expectPaths(s, "moved_fn", ["back/m.py"]);

    // Ignored by .gitignore: never indexed, even when created while serving.
    writeFile(repo, "generated/g.py", pyModule("ignored_fn"));
    writeFile(repo, "node_modules/x/n.py", pyModule("ignored_fn"));
    writeFile(repo, "z.py", pyModule("zeta")); // a marker written after them
    await expectPaths(s, "zeta", ["z.py"]);
    assert.deepEqual(await s.paths("ignored_fn"), []);
    // Un-ignoring the folder brings its files in.
    writeFile(repo, ".gitignore", "\n");
    await expectPaths(s, "ignored_fn", ["generated/g.py"], 2000);
    await s.close();
  },

  async branch() {
    const repo = makeRepo("repo", { "a.py": pyModule("alpha"), "common.py": pyModule("common_fn") });
    git(repo, "checkout", "-q", "-b", "feature");
    fs.unlinkSync(path.join(repo, "a.py"));
    writeFile(repo, "f.py", pyModule("feature_fn"));
    writeFile(repo, "pkg/inner/p.py", pyModule("pkg_fn"));
    writeFile(repo, "common.py", pyModule("common_feature"));
    git(repo, "add", "-A");
    git(repo, "commit", "-qm", "feature");
    git(repo, "checkout", "-q", "main");

    const s = new Server(repo, path.join(tmp, "index.db"));
    await s.initialize();
    await expectPaths(s, "alpha", ["a.py"], 20000);
    for (let round = 0; round < 3; ++round) {
      git(repo, "checkout", "-q", "feature");
      await expectPaths(s, "feature_fn", ["f.py"]);
      await expectPaths(s, "pkg_fn", ["pkg/inner/p.py"]);
      await expectPaths(s, "common_feature", ["common.py"]);
      assert.deepEqual(await s.paths("alpha"), [], "feature: alpha gone");
      assert.deepEqual(await s.paths("common_fn"), [], "feature: common_fn gone");
      git(repo, "checkout", "-q", "main");
      await expectPaths(s, "alpha", ["a.py"]);
      await expectPaths(s, "common_fn", ["common.py"]);
      assert.deepEqual(await s.paths("feature_fn"), [], "main: feature_fn gone");
      assert.deepEqual(await s.paths("pkg_fn"), [], "main: pkg_fn gone");
    }
    await s.close();
  },

  async sessions() {
    const files = {};
    for (let i = 0; i < 60; ++i) files[`m${i}.py`] = pyModule(`fn_${i}`, i ? `fn_${i - 1}` : null);
    const repo = makeRepo("repo", files);
    const db = path.join(tmp, "index.db");
    const a = new Server(repo, db, { label: "first" });
    await a.initialize();
    await expectPaths(a, "fn_0", ["m0.py"], 20000);
    const b = new Server(repo, db, { label: "second" });
    await b.initialize();
    await expectPaths(b, "fn_0", ["m0.py"], 5000);

    // Both answer in parallel while the first re-indexes after every edit.
    let edits = 0;
    const editing = (async () => {
      const until = Date.now() + 3000;
      while (Date.now() < until) {
        writeFile(repo, `m${edits % 60}.py`, pyModule(`fn_${edits % 60}`, `edited_${edits}`));
        ++edits;
        await sleep(50);
      }
    })();
    let answers = 0;
    const hammer = async (server) => {
      const until = Date.now() + 3000;
      while (Date.now() < until) {
        const batch = [];
        for (let k = 0; k < 4; ++k) batch.push(server.defs(`fn_${(answers + k) % 60}`));
        for (const defs of await Promise.all(batch)) assert.equal(defs.length, 1);
        answers += batch.length;
      }
    };
    await Promise.all([editing, hammer(a), hammer(b)]);
    assert.ok(edits > 20 && answers > 40, `edits ${edits}, answers ${answers}`);

    // The second sees the first's updates.
    writeFile(repo, "m1.py", pyModule("seen_by_second"));
    await expectPaths(a, "seen_by_second", ["m1.py"]);
    await expectPaths(b, "seen_by_second", ["m1.py"], 2000);

    // The first exits: the second takes over (it polls the lock about once a second).
    await a.close();
    writeFile(repo, "m2.py", pyModule("after_takeover"));
    await expectPaths(b, "after_takeover", ["m2.py"], 5000);
    await waitUntil("the second indexes", () => /this process indexes/.test(b.log()), 3000);

    // A third joins; the second dies (kill -9); the third takes over.
    const c = new Server(repo, db, { label: "third" });
    await c.initialize();
    await expectPaths(c, "after_takeover", ["m2.py"], 5000);
    await b.kill();
    writeFile(repo, "m3.py", pyModule("after_kill"));
    await expectPaths(c, "after_kill", ["m3.py"], 5000);
    for (const s of [a, b, c]) assert.ok(!/database is locked/i.test(s.log()), `${s.label}: ${s.log()}`);
    await c.close();
  },

  async crash() {
    const repo = bigRepo("repo", 1000);
    const db = path.join(tmp, "index.db");
    // kill -9 during the first index, once part of it is committed.
    const indexer = spawn(binary, ["index", "--repo", repo, "--db", db], { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    indexer.stderr.on("data", (d) => (err += d.toString()));
    // Not on a terminal, `index` says once that parsing starts.
    await waitUntil("the index is parsing", () => /first index: 1000 files/.test(err), 20000);
    await sleep(150);
    indexer.kill("SIGKILL");
    await new Promise((r) => indexer.on("exit", r));
    assert.match(runCli(["stats", "--repo", repo, "--db", db]), /nothing indexed yet/, "killed before completion");

    // Serving repairs it: the first index is resumed and completed.
    const s = new Server(repo, db, { extraArgs: ["--no-watch"] });
    await s.initialize();
    await expectPaths(s, "helper_999", ["pkg19/mod_999.py"], 25000);
    await s.close();
    const fresh = path.join(tmp, "fresh.db");
    runCli(["index", "--repo", repo, "--db", fresh]);
    const dump = (d) => runCli(["debug-dump", "--repo", repo, "--db", d], { maxBuffer: 1 << 28 });
    const expected = dump(fresh);
    assert.equal(dump(db), expected, "the repaired index equals a fresh one");

    // kill -9 during a refresh: the previous index stays whole (the refresh is one transaction).
    for (let i = 0; i < 1000; i += 2) writeFile(repo, `pkg${i % 20}/mod_${i}.py`, pyModule(`changed_${i}`));
    const refresher = spawn(binary, ["index", "--repo", repo, "--db", db], { stdio: ["ignore", "ignore", "pipe"] });
    let err2 = "";
    refresher.stderr.on("data", (d) => (err2 += d.toString()));
    await waitUntil("the refresh is parsing", () => /indexing 500 files/.test(err2), 20000);
    refresher.kill("SIGKILL");
    await new Promise((r) => refresher.on("exit", r));
    assert.equal(dump(db), expected, "a killed refresh leaves the last good index");
    const s2 = new Server(repo, db, { extraArgs: ["--no-watch"] });
    await s2.initialize();
    await expectPaths(s2, "changed_0", ["pkg0/mod_0.py"], 20000);
    assert.deepEqual(await s2.paths("helper_0"), []);
    await s2.close();
  },

  async corrupt() {
    const repo = makeRepo("repo", { "a.py": pyModule("alpha") });
    for (let i = 0; i < 40; ++i) writeFile(repo, `m${i}.py`, pyModule(`fn_${i}`));
    const db = path.join(tmp, "index.db");
    runCli(["index", "--repo", repo, "--db", db]);
    const size = fs.statSync(db).size;
    fs.truncateSync(db, Math.floor(size / 2));
    const s = new Server(repo, db, { label: "truncated" });
    await s.initialize();
    await expectPaths(s, "alpha", ["a.py"], 20000);
    await expectPaths(s, "fn_39", ["m39.py"]);
    await s.close();
    assert.match(s.log(), /rebuilding/);

    fs.writeFileSync(db, "this is not a database, just some text that is long enough ".repeat(200));
    for (const suffix of ["-wal", "-shm"]) fs.rmSync(db + suffix, { force: true });
    const s2 = new Server(repo, db, { label: "garbage" });
    await s2.initialize();
    await expectPaths(s2, "alpha", ["a.py"], 20000);
    await s2.close();
    assert.match(s2.log(), /rebuilding/);
  },

  async scanning() {
    const repo = makeRepo("repo", { "a.py": pyModule("alpha") });
    const s = new Server(repo, path.join(tmp, "index.db"), { env: { CODEGRAPH_TEST_MAX_WATCHES: "0" } });
    await s.initialize();
    await expectPaths(s, "alpha", ["a.py"], 20000);
    writeFile(repo, "a.py", pyModule("scanned_change"));
    writeFile(repo, "new/n.py", pyModule("scanned_new"));
    await expectPaths(s, "scanned_change", ["a.py"], 5000);
    await expectPaths(s, "scanned_new", ["new/n.py"], 1000);
    fs.rmSync(path.join(repo, "new"), { recursive: true });
    await expectPaths(s, "scanned_new", [], 5000);
    await s.close();
    assert.equal(s.log().match(/scanning .* for changes every/g)?.length, 1, "logged once");
  },

  async latency() {
    const repo = bigRepo("repo", 1500);
    const s = new Server(repo, path.join(tmp, "index.db"));
    const t0 = process.hrtime.bigint();
    await s.initialize();
    const initMs = Number(process.hrtime.bigint() - t0) / 1e6;
    const pings = [];
    for (let i = 0; i < 10; ++i) {
      const t = process.hrtime.bigint();
      const r = await s.request("ping");
      assert.deepEqual(r.result, {});
      pings.push(Number(process.hrtime.bigint() - t) / 1e6);
      await sleep(50);
    }
    // The index is still being built meanwhile (otherwise the test proves nothing).
    const r = await s.request("tools/call", { name: "symbols", arguments: { name: "helper_7" } });
    console.log(`initialize ${initMs.toFixed(1)} ms (process start included), pings max ${Math.max(...pings).toFixed(1)} ms`);
    assert.ok(initMs < 50, `initialize took ${initMs} ms`);
    assert.ok(Math.max(...pings) < 50, `ping took ${Math.max(...pings)} ms`);
    assert.ok(!r.result.isError, JSON.stringify(r));
    await s.close();
  },

  // A call that waits for the first index reports its progress in one unit: a percentage of the
  // whole index (total 100), growing, whatever the phase.
  async progress() {
    const repo = bigRepo("repo", 3000);
    // The call waits for the whole first index: past the default 30 s under the sanitizers on a
    // loaded machine (ASan: 25 s of parsing alone).
    const s = new Server(repo, path.join(tmp, "index.db"), { extraArgs: ["--wait-timeout", "600"] });
    await s.initialize();
    const r = await s.request("tools/call", { name: "symbols", arguments: { name: "helper_7" }, _meta: { progressToken: "p1" } }, 600000);
    assert.ok(!r.result.isError, JSON.stringify(r));
    const progress = s.notifications.filter((n) => n.method === "notifications/progress").map((n) => n.params);
    assert.ok(progress.length >= 1, "the first index lasted long enough for a progress notification");
    let last = -1;
    for (const p of progress) {
      assert.equal(p.progressToken, "p1");
      assert.equal(p.total, 100, JSON.stringify(p));
      assert.ok(p.progress > last && p.progress <= 100, JSON.stringify(progress));
      assert.match(p.message, /^indexing: (starting|walking|parsing \d+\/\d+ files|resolving|analysing)/, p.message);
      last = p.progress;
    }
    console.log(`${progress.length} progress notifications: ${progress.map((p) => `${p.progress.toFixed(0)}% ${p.message}`).join("; ")}`);
    await s.close();
  },

  async no_watch() {
    const repo = makeRepo("repo", { "a.py": pyModule("alpha") });
    const db = path.join(tmp, "index.db");
    const s = new Server(repo, db, { extraArgs: ["--no-watch"] });
    await s.initialize();
    await expectPaths(s, "alpha", ["a.py"], 20000);
    writeFile(repo, "a.py", pyModule("unwatched"));
    await sleep(800);
    assert.deepEqual(await s.paths("alpha"), ["a.py"], "not watched: the old name stays");
    await s.close();
    const s2 = new Server(repo, db, { extraArgs: ["--no-watch"] });
    await s2.initialize();
    await expectPaths(s2, "unwatched", ["a.py"], 20000); // refreshed at start (a new process: under
    // the sanitizers its query compilation alone can outlast a few seconds)
    await s2.close();
  },
};

// ---- main -------------------------------------------------------------------------------------

const run = scenarios[scenario];
if (!run) {
  console.error(`unknown scenario ${scenario}; one of: ${Object.keys(scenarios).join(", ")}`);
  process.exit(2);
}
const started = Date.now();
let failed = false;
try {
  await run();
  console.log(`ok: ${scenario} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
} catch (e) {
  failed = true;
  console.error(`FAIL: ${scenario}: ${e.stack}`);
  for (const s of servers) console.error(`---- ${s.label} log ----\n${s.log().slice(-6000)}`);
} finally {
  for (const s of servers) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill("SIGKILL");
  if (!failed) fs.rmSync(tmp, { recursive: true, force: true });
  else console.error(`files kept in ${tmp}`);
}
process.exit(failed ? 1 : 0);
