#!/usr/bin/env python3
"""Full-index and refresh benchmark against universal-ctags (docs/BENCHMARKS.md).

    python3 tests/bench/index_bench.py cpython go linux --runs 3

For each corpus (a name of corpora.py, or a directory):
  1. full index, cold (empty database), --runs times, interleaved with `ctags -R` on the same tree
     (so both see the same machine load): median wall, user+sys CPU, peak RSS (wait4 on the child),
     files/s, lines/s, database size, and the ratio to ctags;
  2. refresh, on a private copy of the tree (nothing under /usr is modified): no change; one file
     touched (mtime only); one file edited (a function appended); 500 files edited.
Prints markdown tables; --json FILE also writes every run. The binary is $CG_BIN or --bin
(default /tmp/cg-bench-bin: benchmark a copy, not a build directory others relink).
Work files (databases, copies, index logs) go to $CG_BENCH_WORK (default /tmp/cg-bench-work).
"""
import argparse
import json
import os
import random
import sqlite3
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import (DEFAULT_BIN, WORK, appended_definition, copy_tree, db_connect, db_counts,  # noqa: E402
                      db_size_mb, loadavg, log, machine_line, median_of, parse_phases, resolve_corpus,
                      rm_db, run_measured)

CTAGS = ["ctags", "-R", "--output-format=json", "--fields=+nKzSe", "-f", "-"]


def index_cmd(args, repo, db):
    cmd = [args.bin, "index", "--repo", repo, "--db", db, "--log-level", "info"]
    if args.threads:
        cmd += ["--threads", str(args.threads)]
    return cmd


def run_index(args, repo, db, logpath):
    with open(logpath, "w") as lf:
        r = run_measured(index_cmd(args, repo, db), stdout=lf, stderr=subprocess.STDOUT)
    text = open(logpath).read()
    if r["rc"] != 0:
        raise SystemExit(f"index failed (rc {r['rc']}), log {logpath}:\n{text[-2000:]}")
    r["phases"] = parse_phases(text)
    r["summary"] = [ln for ln in text.splitlines() if ln.startswith("indexed ")][-1:]
    return r


def full_index(args, label, repo, wdir):
    db = os.path.join(wdir, "full.db")
    runs, ctags_runs = [], []
    for i in range(args.runs):
        rm_db(db)
        load = loadavg()
        r = run_index(args, repo, db, os.path.join(wdir, f"full-{i}.log"))
        r["load"] = load
        runs.append(r)
        log(f"  [{label}] full index run {i + 1}: {r['wall']:.2f}s wall, {r['cpu']:.2f}s CPU, {r['maxrss_mb']:.0f} MB (load {load})")
        if not args.no_ctags:
            c = run_measured(CTAGS + [repo], cwd=repo)
            ctags_runs.append(c)
            log(f"  [{label}] ctags run {i + 1}: {c['wall']:.2f}s wall, {c['maxrss_mb']:.0f} MB")
    counts = db_counts(db)
    res = {"corpus": label, "path": repo, "runs": runs, "ctags": ctags_runs, "counts": counts,
           "db_mb": db_size_mb(db)}
    return res, db


def pick_files(db, n, seed):
    """n editable files of the corpus's main language, spread over the tree (deterministic)."""
    c = db_connect(db)
    lang = c.execute("select language from files where language not in ('markdown') "
                     "group by language order by count(*) desc limit 1").fetchone()[0]
    rows = c.execute("select path, size from files where language=? order by path", (lang,)).fetchall()
    c.close()
    rows = [p for p in rows if appended_definition(p[0], 0) is not None]
    if not rows:
        return []
    rng = random.Random(seed)
    if n == 1:
        # a typical file: the median-sized one among a random tenth
        sample = rng.sample(rows, max(1, len(rows) // 10))
        sample.sort(key=lambda r: r[1])
        return [sample[len(sample) // 2][0]]
    return [p for p, _ in rng.sample(rows, min(n, len(rows)))]


def refresh(args, label, repo, wdir, full_db):
    tree = os.path.join(wdir, "tree")
    db = os.path.join(wdir, "copy.db")
    log(f"  [{label}] copying the tree to {tree}")
    copy_tree(repo, tree)
    rm_db(db)
    # Start from the full index (paths are stored relative to the root and `cp -a` keeps mtimes,
    # so the copy is up to date); the first refresh below then shows it re-parsed nothing.
    src = sqlite3.connect(full_db)
    dst = sqlite3.connect(db)
    src.backup(dst)
    dst.close()
    src.close()
    run_index(args, tree, db, os.path.join(wdir, "copy-full.log"))
    out = {}

    def measure(name, prepare, runs):
        rs = []
        for i in range(runs):
            prepare(i)
            r = run_index(args, tree, db, os.path.join(wdir, f"refresh-{name}-{i}.log"))
            rs.append(r)
            log(f"  [{label}] refresh {name} run {i + 1}: {r['wall'] * 1000:.0f} ms wall, {r['cpu'] * 1000:.0f} ms CPU; {' '.join(r['summary'])[:160]}")
        out[name] = rs

    one = pick_files(db, 1, 1)[0]
    many = pick_files(db, 500, 2)
    out["one_file"] = one
    now = [time.time()]

    def touch(paths):
        now[0] += 2
        for p in paths:
            os.utime(os.path.join(tree, p), (now[0], now[0]))

    counter = [0]

    def append(paths):
        for p in paths:
            counter[0] += 1
            with open(os.path.join(tree, p), "a") as f:
                f.write(appended_definition(p, counter[0]))

    measure("nochange", lambda i: None, args.runs)
    measure("touch1", lambda i: touch([one]), args.runs)
    measure("edit1", lambda i: append([one]), args.runs)
    measure("edit500", lambda i: append(many), max(1, args.runs - 1))
    out["edit500_files"] = len(many)
    return out


def fmt_ms(s):
    return f"{s * 1000:.0f} ms"


def print_tables(results):
    print(f"\nMachine: {machine_line()}\n")
    print("| corpus | files | lines | MB | full index wall | CPU (user+sys) | peak RSS | files/s | lines/s | DB MB | ctags wall | ctags CPU | ctags RSS | wall ratio to ctags | CPU ratio |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        if not r["runs"]:
            continue
        c = r["counts"]
        wall = median_of(r["runs"], "wall")
        cpu = median_of(r["runs"], "cpu")
        rss = max(x["maxrss_mb"] for x in r["runs"])
        cw = median_of(r["ctags"], "wall") if r["ctags"] else float("nan")
        crss = max(x["maxrss_mb"] for x in r["ctags"]) if r["ctags"] else float("nan")
        ccpu = median_of(r["ctags"], "cpu") if r["ctags"] else float("nan")
        print(f"| {r['corpus']} | {c['files']:,} | {c['lines']:,} | {c['bytes'] / 1e6:.1f} | {wall:.2f} s | {cpu:.2f} s | "
              f"{rss:.0f} MB | {c['files'] / wall:,.0f} | {c['lines'] / wall:,.0f} | {r['db_mb']:.0f} | {cw:.2f} s | {ccpu:.2f} s | {crss:.0f} MB | {wall / cw:.2f}× | {cpu / ccpu:.1f}× |")
    print("\nPhases of the full index (median run; from `--log-level info`):\n")
    print("| corpus | parse+write wall | CPU parse | CPU query | CPU write | indexes | resolve | analytics | symbols | edges |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        if not r["runs"]:
            continue
        runs = sorted(r["runs"], key=lambda x: x["wall"])
        ph = runs[len(runs) // 2]["phases"]
        g = lambda k: f"{ph[k]:.2f} s" if k in ph else "–"  # noqa: E731
        print(f"| {r['corpus']} | {g('parse_write')} | {g('cpu_parse')} | {g('cpu_query')} | {g('cpu_write')} | "
              f"{g('indexes')} | {g('resolve')} | {g('analyse')} | {r['counts']['symbols']:,} | {r['counts']['edges']:,} |")
    if any("refresh" in r for r in results):
        print("\nRefresh (`index` on an indexed private copy; median wall / CPU; includes process start):\n")
        print("| corpus | no change | touch 1 file | edit 1 file | edit 500 files | edited file |")
        print("|---|---|---|---|---|---|")
        for r in results:
            f = r.get("refresh")
            if not f:
                continue
            cell = lambda k: f"{fmt_ms(median_of(f[k], 'wall'))} / {fmt_ms(median_of(f[k], 'cpu'))}"  # noqa: E731
            print(f"| {r['corpus']} | {cell('nochange')} | {cell('touch1')} | {cell('edit1')} | {cell('edit500')} | `{f['one_file']}` |")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpora", nargs="+")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--bin", default=DEFAULT_BIN)
    ap.add_argument("--threads", type=int, default=0, help="--threads for the indexer (default: its own)")
    ap.add_argument("--no-refresh", action="store_true", help="only the full index")
    ap.add_argument("--no-ctags", action="store_true")
    ap.add_argument("--refresh-only", action="store_true", help="only the refresh steps, from the full.db of an earlier run")
    ap.add_argument("--json", help="write all measurements to this file")
    args = ap.parse_args()
    if not os.access(args.bin, os.X_OK):
        raise SystemExit(f"{args.bin}: no binary (cp build/codegraph-mcp {DEFAULT_BIN}, or --bin)")
    log(f"machine: {machine_line()}; binary {args.bin}")
    results = []
    for arg in args.corpora:
        label, repo = resolve_corpus(arg)
        wdir = os.path.join(WORK, label)
        os.makedirs(wdir, exist_ok=True)
        if args.refresh_only:
            db = os.path.join(wdir, "full.db")
            res = {"corpus": label, "path": repo, "runs": [], "ctags": [], "counts": db_counts(db), "db_mb": db_size_mb(db)}
        else:
            res, db = full_index(args, label, repo, wdir)
        if not args.no_refresh:
            res["refresh"] = refresh(args, label, repo, wdir, db)
        results.append(res)
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"machine": machine_line(), "bin": args.bin, "results": results}, f, indent=1)
    print_tables(results)


if __name__ == "__main__":
    main()
