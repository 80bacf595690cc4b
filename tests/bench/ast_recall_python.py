#!/usr/bin/env python3
"""Recall of codegraph's Python function/class extraction against Python's own `ast` module.

Every FunctionDef, AsyncFunctionDef and ClassDef that `ast` finds (at any depth) must be
extracted by our tool (`cg-extract debug-extract FILE`, with CODEGRAPH_QUERY_DIR pointing at the
on-disk query files) with the same name at the same line. For decorated definitions, ast's
lineno is the `def`/`class` line, which is also our symbol's line. Files that this Python's
`ast` cannot parse (Python 2 test data, deliberately broken files) are skipped and counted.

Usage:
  python3 tests/bench/ast_recall_python.py DIR [DIR...] [--tool /work/cg-extract]
      [--query-dir grammars/queries] [--max-files N] [--show N]
"""
import argparse
import ast
import collections
import os
import subprocess
import sys
import time
import warnings


def python_files(roots):
    out = []
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = sorted(d for d in dirnames
                                 if d not in ("__pycache__", "site-packages") and not d.startswith("."))
            for f in sorted(filenames):
                if f.endswith(".py"):
                    out.append(os.path.join(dirpath, f))
    return out


def ast_defs(path):
    with open(path, "rb") as fh:
        source = fh.read()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tree = ast.parse(source, filename=path)
    defs = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            kind = "class" if isinstance(node, ast.ClassDef) else "function"
            defs.append((node.name, node.lineno, kind))
    return defs


def our_defs(tool, query_dir, path, timeout):
    env = dict(os.environ, CODEGRAPH_QUERY_DIR=query_dir)
    try:
        r = subprocess.run([tool, "debug-extract", path], capture_output=True, text=True,
                           errors="replace", env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    found = set()
    for line in r.stdout.splitlines():
        if not line.startswith("def "):
            continue
        head = line.split(" | ", 1)[0].split()
        name = head[2].rsplit(".", 1)[-1]
        found.add((name, int(head[3].split("-", 1)[0])))
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("roots", nargs="+")
    ap.add_argument("--tool", default="/work/cg-extract")
    ap.add_argument("--query-dir",
                    default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                         "..", "..", "grammars", "queries"))
    ap.add_argument("--max-files", type=int, default=0,
                    help="compare an evenly spread sample of at most N files")
    ap.add_argument("--show", type=int, default=20)
    ap.add_argument("--timeout", type=float, default=30.0,
                    help="seconds per file; a file that takes longer counts as all missed")
    args = ap.parse_args()

    files = python_files(args.roots)
    if args.max_files and len(files) > args.max_files:
        step = len(files) / args.max_files
        files = [files[int(i * step)] for i in range(args.max_files)]

    total = found = skipped = 0
    by_kind = collections.Counter()
    found_kind = collections.Counter()
    misses = []
    timeouts = []
    t0 = time.time()
    for path in files:
        try:
            expected = ast_defs(path)
        except (SyntaxError, ValueError, RecursionError):
            skipped += 1
            continue
        if not expected:
            continue
        ours = our_defs(args.tool, os.path.abspath(args.query_dir), path, args.timeout)
        if ours is None:
            timeouts.append(path)
            ours = set()
        for name, line, kind in expected:
            total += 1
            by_kind[kind] += 1
            if (name, line) in ours:
                found += 1
                found_kind[kind] += 1
            else:
                misses.append(f"{path}:{line} {kind} {name}")
    elapsed = time.time() - t0

    print(f"files: {len(files)} ({skipped} skipped: not parseable by this Python's ast); "
          f"{elapsed:.1f}s")
    if timeouts:
        print(f"timed out (> {args.timeout:.0f}s, counted as missed): {len(timeouts)}: "
              + ", ".join(timeouts[:10]))
    pct = 100.0 * found / total if total else 0.0
    print(f"recall: {found}/{total} = {pct:.3f}%")
    for kind in sorted(by_kind):
        print(f"  {kind}: {found_kind[kind]}/{by_kind[kind]}")
    print(f"misses ({len(misses)}), first {args.show}:")
    for m in misses[: args.show]:
        print(f"  {m}")
    return 0 if pct >= 99.0 else 1


if __name__ == "__main__":
    sys.exit(main())
