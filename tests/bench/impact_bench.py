#!/usr/bin/env python3
"""impact's latency through the real stdio MCP server, on a working-tree change of N files.

    python3 tests/bench/impact_bench.py cpython --files 20 --calls 30

Copies the corpus (benchlib.resolve_corpus: a name of tests/bench/corpora.py or a folder) into
$CG_BENCH_WORK/impact-NAME/tree, makes it a git repository with one commit, then edits --files
of its Python, C or Go files spread evenly over the tree: in each, the first function's body
gains a statement (a modified function) and a new function is appended (an added one). Starts `codegraph-mcp --repo TREE --db DB`, waits for the index and for the server to be
idle, and measures --calls `impact` calls (the default form: the working tree against HEAD, at
the default depth and budget): p50, p95 and max round-trip time, and the answer's size. Also
measures the symbols form on the first modified symbol, and a session's first call (a new
server on the same index: the old versions of the files are not yet extracted).
"""
import argparse
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import DEFAULT_BIN, WORK, appended_definition, copy_tree, log, machine_line, pct, resolve_corpus  # noqa: E402
from query_bench import Server  # noqa: E402

EDITABLE = (".py", ".c", ".go")


def git(tree, *args):
    env = {**os.environ, "GIT_AUTHOR_NAME": "b", "GIT_AUTHOR_EMAIL": "b@b", "GIT_COMMITTER_NAME": "b",
           "GIT_COMMITTER_EMAIL": "b@b"}
    subprocess.run(["git", "-C", tree, *args], check=True, capture_output=True, env=env)


def edit_files(tree, n):
    candidates = []
    for dirpath, dirnames, files in os.walk(tree):
        dirnames[:] = sorted(d for d in dirnames if d != ".git")
        for f in sorted(files):
            if f.endswith(EDITABLE):
                candidates.append(os.path.join(dirpath, f))
    edited = []
    step = max(1, len(candidates) // (n * 2))
    for path in candidates[::step]:
        if len(edited) >= n:
            break
        with open(path, encoding="utf-8", errors="surrogateescape") as fh:
            lines = fh.read().split("\n")
        ext = os.path.splitext(path)[1]
        # The first function's body gains a statement after its first line (a one-line `def`
        # header ending in ':', a C body's lone '{', a Go `func ... {`): a modified function.
        if ext == ".py":
            at = next((i for i, line in enumerate(lines)
                       if line.lstrip().startswith("def ") and line.rstrip().endswith(":")), None)
            body = None if at is None else " " * (len(lines[at]) - len(lines[at].lstrip()) + 4) + "_cg_bench = 0"
        elif ext == ".c":
            at = next((i for i, line in enumerate(lines) if line == "{"), None)
            body = "    (void)0;"
        else:
            at = next((i for i, line in enumerate(lines) if line.startswith("func ") and line.rstrip().endswith("{")), None)
            body = "\t_ = 0"
        if at is None:
            continue
        lines.insert(at + 1, body)
        text = "\n".join(lines) + appended_definition(path, len(edited))
        with open(path, "w", encoding="utf-8", errors="surrogateescape") as fh:
            fh.write(text)
        edited.append(os.path.relpath(path, tree))
    return edited


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus")
    ap.add_argument("--bin", default=DEFAULT_BIN)
    ap.add_argument("--files", type=int, default=20)
    ap.add_argument("--calls", type=int, default=30)
    args = ap.parse_args()
    name, src = resolve_corpus(args.corpus)
    work = os.path.join(WORK, "impact-" + name)
    tree = os.path.join(work, "tree")
    db = os.path.join(work, "index.db")
    log(f"copying {src} to {tree}")
    copy_tree(src, tree)
    for p in (db, db + "-wal", db + "-shm"):
        if os.path.exists(p):
            os.remove(p)
    git(tree, "init", "-q")
    git(tree, "add", "-A")
    git(tree, "commit", "-qm", "base")
    edited = edit_files(tree, args.files)
    log(f"edited {len(edited)} files")
    server = Server([args.bin, "--repo", tree, "--no-git-toplevel", "--db", db], os.path.join(work, "server.log"))
    try:
        server.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                      "clientInfo": {"name": "impact-bench", "version": "1"}})
        server.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        msg, first, err = server.call("impact", {})
        if err:
            raise SystemExit("impact failed: " + json.dumps(msg)[:500])
        server.settle()
        times, sizes = [], []
        answer = None
        for _ in range(args.calls):
            msg, dt, err = server.call("impact", {})
            if err:
                raise SystemExit("impact failed: " + json.dumps(msg)[:500])
            times.append(dt * 1000)
            text = msg["result"]["content"][0]["text"]
            sizes.append(len(text))
            answer = json.loads(text)
        changed = answer["changed"]
        kinds = {}
        for c in changed:
            kinds[c["change"]] = kinds.get(c["change"], 0) + 1
        print(f"machine: {machine_line()}")
        print(f"corpus {name}: {len(edited)} files edited; impact (working tree) over {args.calls} calls: "
              f"p50 {pct(times, 50):.1f} ms, p95 {pct(times, 95):.1f} ms, max {max(times):.1f} ms; "
              f"answer {sizes[-1]} bytes, {len(changed)} changed ({kinds}), {len(answer['dependents'])} dependents "
              f"shown, {len(answer['tests'])} tests, truncated {answer['truncated']}; first call (with the "
              f"index) {first:.1f} s")
        modified = [c["uid"] for c in changed if c["change"] == "modified"]
        if modified:
            times = []
            for _ in range(args.calls):
                msg, dt, err = server.call("impact", {"symbols": modified[:1]})
                times.append(dt * 1000)
            print(f"impact (symbols, {modified[0]}): p50 {pct(times, 50):.1f} ms, p95 {pct(times, 95):.1f} ms")
    finally:
        server.close()
    # A session's first call: a new server on the same index, idle, then one call (the versions
    # of HEAD it reads are not yet in its cache of extracted files).
    cold = []
    for _ in range(3):
        server = Server([args.bin, "--repo", tree, "--no-git-toplevel", "--db", db], os.path.join(work, "server2.log"))
        try:
            server.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                          "clientInfo": {"name": "impact-bench", "version": "1"}})
            server.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
            server.call("symbols", {"name": "main"})  # waits for the start-up refresh
            server.settle()
            msg, dt, err = server.call("impact", {})
            cold.append(dt * 1000)
        finally:
            server.close()
    print(f"a session's first impact call (3 sessions): {', '.join(f'{c:.0f}' for c in cold)} ms")


if __name__ == "__main__":
    main()
