// `codegraph-mcp doctor`: exit codes and the plain-words report on a healthy repository, a
// stale index, no index, a missing repository, an unwritable cache location, and a usage error.
// Plain node, no packages. Usage: node doctor_test.mjs BINARY FIXTURE_REPO GRAMMARS_PACKAGE_JSON
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { appendFileSync, chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [binary, fixture, manifest] = process.argv.slice(2);
if (!binary || !fixture || !manifest) {
  console.error("usage: node doctor_test.mjs BINARY FIXTURE_REPO GRAMMARS_PACKAGE_JSON");
  process.exit(2);
}
const tmp = mkdtempSync(join(tmpdir(), "cg-doctor-"));
const repo = join(tmp, "repo");
cpSync(fixture, repo, { recursive: true });

function run(args, cache) {
  const r = spawnSync(binary, args, { env: { ...process.env, XDG_CACHE_HOME: cache }, encoding: "utf8" });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const doctor = (cache, extra = []) => run(["doctor", "--repo", repo, ...extra], cache);

try {
  // Not indexed yet: attention, and the command that fixes it.
  const cache = join(tmp, "cache");
  let r = doctor(cache);
  assert.equal(r.code, 1, r.out + r.err);
  assert.match(r.out, /^ {2}!! {2}index +not built yet$/m);
  assert.match(r.out, new RegExp(`run \`codegraph-mcp index --repo ${repo}\``));
  assert.match(r.out, /1 thing needs attention \(marked !!\)\.\n$/);

  // Healthy: indexed, nothing changed since. Every check is there, all "ok", exit 0.
  assert.equal(run(["index", "--repo", repo], cache).code, 0);
  r = doctor(cache);
  assert.equal(r.code, 0, r.out + r.err);
  assert.equal(r.err, "", "the report goes to stdout, nothing to stderr");
  for (const check of ["repository", "git", "database", "index", "inotify", "grammars"])
    assert.match(r.out, new RegExp(`^ {2}ok {2}${check} `, "m"), `${check} is ok`);
  assert.doesNotMatch(r.out, /!!/);
  assert.match(r.out, /is readable: 3 files to index/);
  assert.match(r.out, /index +built \d+ seconds? ago \(.*\), 3 files; no file changed since/);
  assert.match(r.out, new RegExp(`database +${cache}/codegraph-mcp/repo-[0-9a-f]{12}\\.db \\(\\d+\\.\\d KiB\\); its folder is writable`));
  assert.match(r.out, /fs\.inotify\.max_user_watches = \d+, max_user_instances = \d+/);
  // Grammar versions are the pinned ones (grammars/package.json).
  const pins = JSON.parse(readFileSync(manifest, "utf8")).dependencies;
  assert.match(r.out, new RegExp(`tree-sitter runtime ${pins["tree-sitter"].replaceAll(".", "\\.")}`));
  assert.match(r.out, new RegExp(`Python +tree-sitter-python ${pins["tree-sitter-python"].replaceAll(".", "\\.")} +ABI \\d+ +queries load`));
  assert.match(r.out, new RegExp(`Go +tree-sitter-go ${pins["tree-sitter-go"].replaceAll(".", "\\.")} +ABI \\d+ +ok \\(no such files here\\)`));
  assert.match(r.out, /All is well\.\n$/);

  // A file changed and one added since the index: pending, named, attention.
  appendFileSync(join(repo, "greeter.py"), "\n# edited\n");
  writeFileSync(join(repo, "extra.py"), "def extra():\n    return 1\n");
  r = doctor(cache);
  assert.equal(r.code, 1, r.out);
  assert.match(r.out, /2 files pending \(1 new, 1 changed, 0 removed\)/);
  assert.match(r.out, /new: extra\.py/);
  assert.match(r.out, /changed: greeter\.py/);

  // A missing repository: attention (not a crash, not a usage error).
  r = run(["doctor", "--repo", join(tmp, "nowhere")], cache);
  assert.equal(r.code, 1, r.out + r.err);
  assert.match(r.out, /!! {2}repository +.*nowhere does not exist/);

  // The cache location cannot be written: a file where the folder should be (this holds even
  // for root, who may write into any folder whatever its permission bits).
  const notAFolder = join(tmp, "cache-file");
  writeFileSync(notAFolder, "");
  r = doctor(notAFolder);
  assert.equal(r.code, 1, r.out);
  assert.match(r.out, /!! {2}database /);
  assert.match(r.out, /cache-file is a file where a folder is expected: the index cannot be written there/);
  r = doctor(cache, ["--db", join(notAFolder, "index.db")]);
  assert.equal(r.code, 1, r.out);
  assert.match(r.out, /is a file where a folder is expected/);

  // A read-only cache folder (permission bits): only meaningful when not running as root.
  if (process.getuid && process.getuid() !== 0) {
    const readOnly = join(tmp, "ro-cache");
    mkdirSync(join(readOnly, "codegraph-mcp"), { recursive: true });
    chmodSync(join(readOnly, "codegraph-mcp"), 0o555);
    r = doctor(readOnly);
    chmodSync(join(readOnly, "codegraph-mcp"), 0o755);
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /cannot create files in .*ro-cache\/codegraph-mcp: Permission denied/);
  } else {
    console.log("note: running as root, where chmod does not stop writes: the read-only folder case is covered by the file-where-a-folder-is-expected case");
  }

  // Usage errors: exit 2.
  assert.equal(run(["doctor", "--bogus"], cache).code, 2);
  assert.equal(run(["doctor", "--repo"], cache).code, 2);
  assert.match(run(["doctor", "--help"], cache).out, /^codegraph-mcp doctor --repo DIR/);

  console.log("ok: doctor on healthy, stale, unindexed and missing repositories and unwritable cache locations");
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
