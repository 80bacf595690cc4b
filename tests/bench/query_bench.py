#!/usr/bin/env python3
"""Query latency through the real stdio MCP server (docs/BENCHMARKS.md).

    python3 tests/bench/query_bench.py cpython --calls 1000

Starts `codegraph-mcp --repo DIR --db DB` and speaks newline-delimited JSON-RPC on its stdin/stdout:
initialize, notifications/initialized, then tools/call. Measures server start -> initialize
answered, the first tool answer (it waits for the start-up refresh), then waits until the server is
idle (its background work of a start: the graph cache, query compilation; --no-settle measures
during it instead), then p50/p99/max round-trip
latency over --calls calls of each tool with arguments sampled from the index (read with sqlite3):
symbols by name, symbol_context by uid and by name, outline of a file, search with name fragments,
get_context (context mode) by uid; and the server's RSS (VmRSS, VmHWM) while serving. With
--edit (needs a writable tree: the private copy index_bench.py leaves in $CG_BENCH_WORK/NAME/tree
is used when present), appends a function to a file and measures the time until `symbols` finds
it (the watcher's re-index; "one edited file -> answers updated").

The database: --db, else the one index_bench.py left ($CG_BENCH_WORK/NAME/full.db or copy.db),
else a fresh index into $CG_BENCH_WORK/NAME/query.db.
"""
import argparse
import json
import os
import random
import re
import select
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import (DEFAULT_BIN, WORK, appended_definition, db_connect, log, machine_line,  # noqa: E402
                      pct, resolve_corpus)


class Server:
    def __init__(self, cmd, stderr_path):
        self.errf = open(stderr_path, "w")
        self.t0 = time.perf_counter()
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errf)
        self.next_id = 0
        self.buf = b""

    def send(self, obj):
        self.p.stdin.write((json.dumps(obj) + "\n").encode())
        self.p.stdin.flush()

    def readline(self, timeout):
        fd = self.p.stdout.fileno()
        deadline = time.perf_counter() + timeout
        while b"\n" not in self.buf:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError("no answer from the server")
            r, _, _ = select.select([fd], [], [], left)
            if r:
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    raise EOFError("server closed stdout")
                self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def request(self, method, params, timeout=600):
        self.next_id += 1
        rid = self.next_id
        t = time.perf_counter()
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        while True:
            msg = self.readline(timeout)
            if msg.get("id") == rid:
                return msg, time.perf_counter() - t

    def call(self, tool, args, timeout=600):
        msg, dt = self.request("tools/call", {"name": tool, "arguments": args}, timeout)
        err = "error" in msg or msg.get("result", {}).get("isError", False)
        return msg, dt, err

    def rss_mb(self):
        out = {}
        with open(f"/proc/{self.p.pid}/status") as f:
            for line in f:
                if line.startswith(("VmRSS", "VmHWM")):
                    out[line.split(":")[0]] = int(line.split()[1]) / 1024
        return out

    def cpu_s(self):
        """CPU time (user + system) the server has used so far."""
        if self.p.poll() is not None:
            raise SystemExit(f"the server exited (status {self.p.returncode}); see its log")
        with open(f"/proc/{self.p.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def settle(self, limit_s=600, window_s=1.0, busy_share=0.05):
        """Waits until the server's background work after its start (loading the graph cache,
        compiling extraction queries) is over: its CPU use over `window_s` below `busy_share`.
        Returns (seconds waited, whether it became idle)."""
        t = time.perf_counter()
        last = self.cpu_s()
        while time.perf_counter() - t < limit_s:
            time.sleep(window_s)
            now = self.cpu_s()
            if now - last < busy_share * window_s:
                return time.perf_counter() - t, True
            last = now
        return time.perf_counter() - t, False

    def close(self):
        try:
            self.p.stdin.close()
            self.p.wait(timeout=30)
        except Exception:
            self.p.kill()
            self.p.wait()
        self.errf.close()


def sample_arguments(db, n, seed):
    rng = random.Random(seed)
    c = db_connect(db)
    # Ordered by uid and path, not by row id: two indexes of the same tree (by two binaries, or
    # written in another order by parallel parsers) give the same sample for the same seed.
    syms = c.execute("select s.uid, s.name, s.qualified_name from symbols s join files f on f.id=s.file_id "
                     "where s.is_test=0 and s.kind not in ('module','import') and f.language != 'markdown' "
                     "order by s.uid").fetchall()
    files = [r[0] for r in c.execute("select path from files where language != 'markdown' and is_test=0 "
                                     "order by path")]
    c.close()
    if not syms or not files:
        raise SystemExit(f"{db}: no symbols or files to sample")
    pick = lambda: rng.choice(syms)  # noqa: E731

    def fragment():
        name = pick()[1]
        if len(name) <= 4:
            return name
        k = rng.randint(4, min(8, len(name)))
        i = rng.randint(0, len(name) - k)
        return name[i:i + k]

    return {
        "symbols": [("symbols", {"name": pick()[1]}) for _ in range(n)],
        "symbol_context (uid)": [("symbol_context", {"symbol_uid": pick()[0]}) for _ in range(n)],
        "symbol_context (name)": [("symbol_context", {"symbol_name": pick()[1]}) for _ in range(n)],
        "outline (file)": [("outline", {"file": rng.choice(files)}) for _ in range(n)],
        "search": [("search", {"query": fragment()}) for _ in range(n)],
        "get_context (context, uid)": [("get_context", {"mode": "context", "symbol_uid": pick()[0]}) for _ in range(n)],
        "get_context (intent, uid)": [("get_context", {"mode": "intent", "intent": INTENTS[i % len(INTENTS)],
                                                       "target": pick()[0]}) for i in range(n)],
    }


INTENTS = ["fix", "extend", "refactor", "understand", "review"]


def found(msg):
    """Whether a symbols answer lists a definition."""
    try:
        body = json.loads(msg["result"]["content"][0]["text"])
    except (KeyError, IndexError, ValueError, TypeError):
        return False
    if isinstance(body, list):
        return len(body) > 0
    return bool(body.get("definitions"))


def find_db(label, repo, args):
    wdir = os.path.join(WORK, label)
    tree = os.path.join(wdir, "tree")
    if args.db:
        return repo, args.db
    if os.path.exists(os.path.join(wdir, "copy.db")) and os.path.isdir(tree):
        return tree, os.path.join(wdir, "copy.db")
    if os.path.exists(os.path.join(wdir, "full.db")) and not args.edit:
        return repo, os.path.join(wdir, "full.db")
    os.makedirs(wdir, exist_ok=True)
    db = os.path.join(wdir, "query.db")
    log(f"indexing {repo} into {db}")
    subprocess.run([args.bin, "index", "--repo", repo, "--db", db], check=True, stdout=subprocess.DEVNULL)
    return repo, db


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus")
    ap.add_argument("--calls", type=int, default=1000)
    ap.add_argument("--bin", default=DEFAULT_BIN)
    ap.add_argument("--db")
    ap.add_argument("--seed", type=int, default=8)
    ap.add_argument("--edit", action="store_true", help="also measure edit -> answer updated (writable tree)")
    ap.add_argument("--edits", type=int, default=5, help="edits measured with --edit")
    ap.add_argument("--json")
    ap.add_argument("--only", help="comma-separated tool rows to measure (e.g. 'symbols,outline (file)')")
    ap.add_argument("--slowest", type=int, default=0, help="print each tool's N slowest calls with their arguments")
    ap.add_argument("--no-settle", action="store_true",
                    help="measure right after the first answer, while the server still does its background "
                         "work of a start (graph cache, query compilation) instead of waiting until it is idle")
    ap.add_argument("--warm", action="store_true",
                    help="repeat each tool's calls once more and report that pass too (warm p50/p99: the "
                         "pages those calls read are then in the server's cache; the first pass reads them "
                         "from disk wherever the OS has not kept them)")
    args = ap.parse_args()
    label, repo = resolve_corpus(args.corpus)
    repo, db = find_db(label, repo, args)
    log(f"machine: {machine_line()}; serving {repo} with {db}")
    calls = sample_arguments(db, args.calls, args.seed)
    # Row names hold commas inside their parentheses ("get_context (context, uid)").
    only = {x.strip() for x in re.split(r",(?![^()]*\))", args.only)} if args.only else None
    if only and not only <= set(calls):
        raise SystemExit(f"--only: no row named {sorted(only - set(calls))}; rows: {list(calls)}")
    wdir = os.path.join(WORK, label)
    os.makedirs(wdir, exist_ok=True)
    cmd = [args.bin, "--repo", repo, "--db", db, "--log-level", os.environ.get("CG_LOG_LEVEL", "info")]
    srv = Server(cmd, os.path.join(wdir, "serve.log"))
    res = {"corpus": label, "repo": repo, "db": db, "calls": args.calls, "machine": machine_line(), "tools": {}}
    try:
        _, dt = srv.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                           "clientInfo": {"name": "cg-bench", "version": "1"}}, timeout=60)
        res["initialize_s"] = time.perf_counter() - srv.t0
        srv.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        # A server that (re)builds its index answers "still indexing" after a bounded wait:
        # measure only once it answers from a complete index.
        while True:
            _, dt, err = srv.call("symbols", {"name": calls["symbols"][0][1]["name"]})
            if not err or time.perf_counter() - srv.t0 > 3600:
                break
        res["first_answer_s"] = time.perf_counter() - srv.t0
        log(f"initialize answered {res['initialize_s'] * 1000:.0f} ms after start; first tool answer after {res['first_answer_s']:.2f} s")
        if not args.no_settle:
            waited, idle = srv.settle()
            res["settled_s"] = res["first_answer_s"] + waited
            res["settle_cpu_s"] = srv.cpu_s()
            res["settled"] = idle
            if idle:
                log(f"server idle {res['settled_s']:.1f} s after start ({res['settle_cpu_s']:.1f} s of CPU so far); measuring")
            else:
                log(f"server still busy {res['settled_s']:.1f} s after start ({res['settle_cpu_s']:.1f} s of CPU); "
                    "measuring anyway: the figures include its background work")
        for name, batch in calls.items():
            if only and name not in only:
                continue
            for tool, a in batch[:20]:  # warm-up, not counted
                srv.call(tool, a)
            lat, errors, sizes, timed = [], 0, [], []
            for tool, a in batch:
                msg, dt, err = srv.call(tool, a)
                lat.append(dt)
                timed.append((dt, a))
                errors += err
                sizes.append(len(json.dumps(msg)))
            res["tools"][name] = {"p50_ms": pct(lat, 50) * 1000, "p90_ms": pct(lat, 90) * 1000,
                                  "p99_ms": pct(lat, 99) * 1000, "max_ms": max(lat) * 1000,
                                  "errors": errors, "mean_bytes": sum(sizes) / len(sizes)}
            log(f"  {name}: p50 {pct(lat, 50) * 1000:.2f} ms, p99 {pct(lat, 99) * 1000:.2f} ms, max {max(lat) * 1000:.1f} ms, "
                f"{errors} errors/not found")
            if args.warm:
                again = [srv.call(tool, a)[1] for tool, a in batch]
                res["tools"][name].update({"warm_p50_ms": pct(again, 50) * 1000, "warm_p99_ms": pct(again, 99) * 1000})
                log(f"  {name} (same calls again): p50 {pct(again, 50) * 1000:.2f} ms, p99 {pct(again, 99) * 1000:.2f} ms")
            for dt, a in sorted(timed, key=lambda x: -x[0])[:args.slowest]:
                log(f"    {dt * 1000:.1f} ms  {json.dumps(a)}")
        res["rss"] = srv.rss_mb()
        if args.edit:
            if repo.startswith("/usr/"):
                raise SystemExit("--edit needs a private copy (run index_bench.py first)")
            c = db_connect(db)
            rows = [r[0] for r in c.execute("select path from files where language != 'markdown' order by path")]
            c.close()
            rng = random.Random(args.seed)
            rows = [p for p in rows if appended_definition(p, 0)]
            edits = []
            for i in range(args.edits):
                path = rng.choice(rows)
                k = int(time.time() * 1000) % 10 ** 9 + i
                t = time.perf_counter()
                with open(os.path.join(repo, path), "a") as f:
                    f.write(appended_definition(path, k))
                while True:
                    # scope all: the edited file may be a test file, which the default scope leaves out
                    name = f"cg_bench_fn_{k}" if not path.endswith(".java") else f"CgBench{k}"
                    msg, _, _ = srv.call("symbols", {"name": name, "scope": "all"})
                    if found(msg):
                        break
                    if time.perf_counter() - t > 30:
                        break
                edits.append(time.perf_counter() - t)
                log(f"  edit {path}: answer updated after {edits[-1] * 1000:.0f} ms")
                time.sleep(1)
            res["edit_to_answer_ms"] = [e * 1000 for e in edits]
    finally:
        srv.close()
    print(f"\nMachine: {res['machine']}\n")
    print(f"Corpus {label}: server start -> initialize answered {res['initialize_s'] * 1000:.0f} ms; "
          f"first tool answer {res['first_answer_s']:.2f} s; "
          + (f"{'idle' if res['settled'] else 'still busy'} after {res['settled_s']:.1f} s, measured then; "
             if "settled_s" in res
             else "measured from then on (--no-settle); ")
          + f"RSS while serving {res['rss'].get('VmRSS', 0):.0f} MB "
          f"(peak {res['rss'].get('VmHWM', 0):.0f} MB)\n")
    warm = " warm p50 | warm p99 |" if args.warm else ""
    print(f"| tool ({args.calls} calls) | p50 | p90 | p99 | max |{warm} errors / not found | mean answer bytes |")
    print("|---|---|---|---|---|" + ("---|---|" if args.warm else "") + "---|---|")
    for name, t in res["tools"].items():
        w = f" {t['warm_p50_ms']:.2f} ms | {t['warm_p99_ms']:.2f} ms |" if args.warm else ""
        print(f"| {name} | {t['p50_ms']:.2f} ms | {t['p90_ms']:.2f} ms | {t['p99_ms']:.2f} ms | {t['max_ms']:.1f} ms |{w} {t['errors']} | {t['mean_bytes']:,.0f} |")
    if "edit_to_answer_ms" in res:
        e = res["edit_to_answer_ms"]
        print(f"\nEdit one file -> `symbols` finds the new function: {', '.join(f'{x:.0f}' for x in e)} ms "
              f"(median {sorted(e)[len(e) // 2]:.0f} ms)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(res, f, indent=1)


if __name__ == "__main__":
    main()
