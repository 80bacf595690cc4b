#!/usr/bin/env python3
"""Definition recall of codegraph's Go extraction against universal-ctags.

Runs `ctags -R --output-format=json --fields=+nKzSe -f - --languages=Go DIR` and our
extractor (`cg-extract debug-extract FILE`, with CODEGRAPH_QUERY_DIR pointing at the on-disk
query files) over the same .go files, and reports the share of ctags' definitions that we also
extract with the same name, file and line, plus the most common misses.

Usage:
  python3 tests/bench/ctags_recall_go.py DIR [--tool /work/cg-extract]
      [--query-dir grammars/queries] [--max-files N] [--show N]

Excluded ctags kinds (not definitions in our model, or deliberately not extracted):
  package (p): the package clause is the file's package name (`package` line of our output),
      not a symbol;
  packageName (P): the local name of an import (`f "fmt"`) — an import reference with an alias;
  anonMember (M): embedded struct fields (`io.Reader`, `*Base`) — recorded as `extends`
      references, not as field definitions;
  receiver (R): method receivers are parameters (disabled in ctags by default too).
Only `.go` files are compared.
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import time

EXCLUDED_KINDS = {"package", "packageName", "anonMember", "receiver"}

# ctags kind -> the kinds of ours that count as the same sort of definition (reported as
# "kind agreement"; recall itself matches name + file + line).
KIND_MAP = {
    "func": {"function", "method"},
    "methodSpec": {"method"},
    "struct": {"struct"},
    "interface": {"interface"},
    "type": {"type", "struct", "interface"},
    "talias": {"type", "struct", "interface"},
    "member": {"field"},
    "const": {"constant"},
    "var": {"variable"},
    "unknown": set(),
}


def run_ctags(root):
    cmd = ["ctags", "-R", "--output-format=json", "--fields=+nKzSe", "-f", "-",
           "--languages=Go", root]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True,
                         errors="replace").stdout
    tags = []
    for line in out.splitlines():
        try:
            t = json.loads(line)
        except json.JSONDecodeError:
            continue
        if t.get("_type") != "tag" or not t.get("path", "").endswith(".go"):
            continue
        tags.append(t)
    return tags


def run_ours(tool, query_dir, path, timeout):
    env = dict(os.environ, CODEGRAPH_QUERY_DIR=query_dir)
    try:
        r = subprocess.run([tool, "debug-extract", path], capture_output=True, text=True,
                           errors="replace", env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    defs = {}
    for line in r.stdout.splitlines():
        if not line.startswith("def "):
            continue
        head = line.split(" | ", 1)[0].split()
        # def <kind> <qualified> <line>-<end> <visibility> cc=<n>
        kind, qualified, rng = head[1], head[2], head[3]
        name = qualified.rsplit(".", 1)[-1]
        start = int(rng.split("-", 1)[0])
        defs.setdefault((name, start), set()).add(kind)
    return defs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("root")
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

    tags = run_ctags(args.root)
    by_file = collections.defaultdict(list)
    for t in tags:
        by_file[t["path"]].append(t)
    files = sorted(by_file)
    if args.max_files and len(files) > args.max_files:
        step = len(files) / args.max_files
        files = [files[int(i * step)] for i in range(args.max_files)]

    total = found = kind_ok = 0
    excluded = collections.Counter()
    misses = collections.Counter()
    missed_names = collections.Counter()
    examples = {}
    timeouts = []
    timeout_defs = 0
    t0 = time.time()
    for path in files:
        ours = run_ours(args.tool, os.path.abspath(args.query_dir), path, args.timeout)
        if ours is None:
            timeouts.append(path)
            ours = {}
        timed_out = path in timeouts[-1:]
        for t in by_file[path]:
            kind = t.get("kind", "")
            if kind in EXCLUDED_KINDS:
                excluded[kind] += 1
                continue
            total += 1
            if timed_out:
                timeout_defs += 1
            key = (t["name"], t["line"])
            if key in ours:
                found += 1
                if ours[key] & KIND_MAP.get(kind, set()):
                    kind_ok += 1
                continue
            if timed_out:
                continue
            scope = t.get("scopeKind", "")
            label = f"{kind}" + (f" in {scope}" if scope else "")
            misses[label] += 1
            missed_names[f"{kind} {t['name']}"] += 1
            examples.setdefault(label, []).append(f"{path}:{t['line']} {t['name']}")
    elapsed = time.time() - t0

    print(f"files compared: {len(files)}  ({elapsed:.1f}s for our tool, one process per file)")
    if timeouts:
        print(f"timed out (> {args.timeout:.0f}s, counted as missed): {len(timeouts)}: "
              + ", ".join(timeouts[:10]))
    print(f"excluded ctags kinds: {dict(excluded)}")
    pct = 100.0 * found / total if total else 0.0
    print(f"recall: {found}/{total} = {pct:.2f}%")
    if timeout_defs:
        rest = total - timeout_defs
        print(f"recall without the timed-out files: {found}/{rest} = {100.0 * found / rest:.2f}%")
    if found:
        print(f"kind agreement among found: {kind_ok}/{found} = {100.0 * kind_ok / found:.2f}%")
    print(f"misses by ctags kind/scope: {dict(misses.most_common())}")
    print("20 most common misses (ctags kind, name: count):")
    for key, n in missed_names.most_common(20):
        print(f"  {key}: {n}")
    all_examples = [e for label, _ in misses.most_common() for e in examples[label]]
    print(f"first {args.show} misses:")
    shown = 0
    for label, _ in misses.most_common():
        for e in examples[label]:
            if shown >= args.show:
                break
            print(f"  [{label}] {e}")
            shown += 1
    return 0 if all_examples is not None else 1


if __name__ == "__main__":
    sys.exit(main())
