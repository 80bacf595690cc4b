#!/usr/bin/env python3
"""How fast the MCP server ends, at any moment of its life, and whether the index survives it.

Each trial starts `codegraph-mcp --repo CORPUS` as a client would, sends initialize (timing the
answer), waits a random moment (uniform in [0, --span] seconds: the first index, its analytics,
the query warm-up, or idle), then ends it one of three ways: stdin EOF, SIGTERM or SIGINT. It
records the time from that event to the process's exit. Every --check-every trials the database
is checked (PRAGMA quick_check) and the next trial starts from it, so an interrupted first index
is resumed, as a user's next session would.

    tests/bench/exit_bench.py cpython --trials 60 --span 12 --bin build/codegraph-mcp

Prints one JSON object (per way: median, p95 and max milliseconds; initialize medians) and a
table on stderr. Exit status 1 when a database check fails or a server outlives --kill-after.
"""
import argparse
import json
import os
import random
import select
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402

INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                   "clientInfo": {"name": "exit_bench", "version": "1"}}}


def one_trial(binary, repo, db, delay, way, kill_after):
    p = subprocess.Popen([binary, "--repo", repo, "--db", db], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    t0 = time.perf_counter()
    p.stdin.write((json.dumps(INIT) + "\n").encode())
    p.stdin.flush()
    line = p.stdout.readline()
    init_ms = (time.perf_counter() - t0) * 1000
    if not line:
        raise SystemExit("the server closed stdout before answering initialize")
    p.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
    p.stdin.flush()
    time.sleep(delay)
    # A blocking waitpid in a thread notes the exit to the microsecond (Popen.wait with a timeout
    # polls at growing intervals, up to 50 ms).
    ended = {}
    waiter = threading.Thread(target=lambda: ended.setdefault("at", (p.wait(), time.perf_counter())[1]))
    waiter.start()
    t1 = time.perf_counter()
    if way == "eof":
        p.stdin.close()
    else:
        p.send_signal(signal.SIGTERM if way == "sigterm" else signal.SIGINT)
    waiter.join(kill_after)
    if "at" not in ended:
        p.kill()
        waiter.join()
        return init_ms, None
    exit_ms = (ended["at"] - t1) * 1000
    if way != "eof":
        p.stdin.close()
    p.stdout.close()
    return init_ms, exit_ms


def quick_check(db):
    if not os.path.exists(db):
        return "ok"  # nothing written yet
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10)
    try:
        return con.execute("PRAGMA quick_check").fetchone()[0]
    finally:
        con.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus")
    ap.add_argument("--bin", default=benchlib.DEFAULT_BIN)
    ap.add_argument("--trials", type=int, default=60)
    ap.add_argument("--span", type=float, default=12.0, help="latest moment to end a server, seconds")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check-every", type=int, default=1)
    ap.add_argument("--fresh-every", type=int, default=3,
                    help="start every Nth trial from no database (a first index)")
    ap.add_argument("--kill-after", type=float, default=30.0)
    args = ap.parse_args()
    _, repo = benchlib.resolve_corpus(args.corpus)
    binary = os.path.abspath(args.bin)
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="cg-exit-")
    db = os.path.join(work, "index.db")
    ways = ["eof", "sigterm", "sigint"]
    results = {w: [] for w in ways}
    inits, failures, hung = [], [], 0
    for t in range(args.trials):
        if t % args.fresh_every == 0:
            benchlib.rm_db(db)
        way = ways[t % len(ways)]
        delay = rng.uniform(0, args.span)
        init_ms, exit_ms = one_trial(binary, repo, db, delay, way, args.kill_after)
        inits.append(init_ms)
        if exit_ms is None:
            hung += 1
            benchlib.log(f"trial {t}: {way} at {delay:.2f}s: still running after {args.kill_after}s")
        else:
            results[way].append(exit_ms)
            benchlib.log(f"trial {t}: {way} at {delay:.2f}s: exit in {exit_ms:.0f} ms")
        if (t + 1) % args.check_every == 0:
            verdict = quick_check(db)
            if verdict != "ok":
                failures.append((t, verdict))
                benchlib.log(f"trial {t}: quick_check: {verdict}")

    def summary(xs):
        if not xs:
            return None
        xs = sorted(xs)
        return {"n": len(xs), "median_ms": round(statistics.median(xs), 1),
                "p95_ms": round(xs[min(len(xs) - 1, int(0.95 * len(xs)))], 1), "max_ms": round(xs[-1], 1)}

    out = {"corpus": repo, "trials": args.trials, "span_s": args.span,
           "exit": {w: summary(results[w]) for w in ways},
           "exit_all": summary([x for w in ways for x in results[w]]),
           "initialize_median_ms": round(statistics.median(inits), 1),
           "initialize_max_ms": round(max(inits), 1),
           "hung": hung, "check_failures": len(failures)}
    print(json.dumps(out, indent=2))
    for w in ways:
        s = out["exit"][w]
        if s:
            benchlib.log(f"{w:8} n={s['n']:3} median {s['median_ms']:7.1f} ms  p95 {s['p95_ms']:7.1f}  max {s['max_ms']:7.1f}")
    benchlib.rm_db(db)
    os.rmdir(work) if not os.listdir(work) else None
    return 1 if failures or hung else 0


if __name__ == "__main__":
    sys.exit(main())
