#!/usr/bin/env python3
"""Definition recall of the Java extraction queries against universal-ctags.

Runs `ctags` and `cg-extract debug-extract` (with the query files on disk) over the same .java
files and reports which share of ctags' definitions we also extract, plus the most common
misses. Python 3, standard library only.

    mkdir -p /tmp/javacorpus && cd /tmp/javacorpus && \
        unzip -q -o /usr/lib/jvm/openjdk-17/lib/src.zip 'java.base/java/util/*'
    python3 tests/bench/ctags_recall_java.py /tmp/javacorpus/java.base/java/util

A ctags tag counts as found when one of our definitions in the same file has the same name and
a range that contains the ctags line (ctags reports the line of the name; our range starts at
the declaration, i.e. at its annotations, which may sit on the lines above the name).

Files the tool does not finish within --timeout count as misses and are also reported apart
(recall without them): the extractor loops forever on some files (a symbol whose explicit
container is defined later in the file, e.g. `impl Foo` before `struct Foo`).
--timing N additionally measures the extraction cost per file (see run_ours).

Excluded ctags kinds (deliberately not definitions in our model):
  package  the package clause is the file's package (@package), not a symbol.
  local    local variables (ctags disables them by default too).
"""
import argparse
import collections
import json
import os
import resource
import subprocess
import shutil
import sys
import tempfile
import time

LANG = "java"
CTAGS_LANGUAGE = "Java"
EXTENSIONS = (".java",)
SEPARATOR = "."
EXCLUDED_KINDS = {
    "package": "the package clause is not a symbol",
    "local": "local variables are not extracted",
}
# ctags kind -> the kinds of ours that express the same thing (for the kind-agreement figure).
KIND_MAP = {
    "class": {"class"},
    "interface": {"interface"},
    "annotation": {"interface"},
    "enum": {"enum"},
    "enumConstant": {"constant"},
    "field": {"field", "constant"},
    "method": {"method", "constructor"},
}

# Optional: tag -> reason (str) to leave a tag out beyond its kind, or None (other languages'
# scripts set it, e.g. Kotlin's locals).
EXCLUDE_TAG = None

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def collect_files(roots, limit):
    files = []
    for root in roots:
        if os.path.isfile(root):
            files.append(root)
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames.sort()
            for f in sorted(filenames):
                if f.endswith(EXTENSIONS):
                    files.append(os.path.join(dirpath, f))
    files = sorted(set(os.path.abspath(f) for f in files))
    return files[:limit] if limit else files


def run_ctags(files):
    cmd = ["ctags", "--sort=no", "--output-format=json", "--fields=+nKzSe",
           "--languages=" + CTAGS_LANGUAGE, "-f", "-", "-L", "-"]
    out = subprocess.run(cmd, input="\n".join(files) + "\n", capture_output=True, text=True,
                         check=True).stdout
    tags = []
    for line in out.splitlines():
        try:
            d = json.loads(line)
        except json.JSONDecodeError:
            continue
        if d.get("_type") != "tag":
            continue
        tags.append({"name": d["name"], "path": os.path.abspath(d["path"]), "line": d["line"],
                     "kind": d.get("kind", "?"), "scope": d.get("scope", ""),
                     "scopeKind": d.get("scopeKind", "")})
    return tags


def parse_def(line):
    # def <kind> <qualified> <line>-<end> <visibility> cc=<n> | <signature>
    head = line.split(" | ", 1)[0].split()
    kind, qualified, span = head[1], head[2], head[3]
    start, end = (int(x) for x in span.split("-"))
    name = qualified.rsplit(SEPARATOR, 1)[-1]
    return {"kind": kind, "qualified": qualified, "name": name, "start": start, "end": end}


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def query_dir():
    """A query folder holding only this language: the tool then loads (and times) just ours."""
    d = tempfile.mkdtemp(prefix="cg_recall_")
    os.symlink(os.path.join(REPO, "grammars", "queries", LANG), os.path.join(d, LANG))
    return d


def cpu_of(cmd, env, timeout):
    """(completed process or None on timeout, CPU seconds it used)."""
    c0 = child_cpu()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, 0.0
    return p, child_cpu() - c0


def run_ours(files, tool, timeout, repeat):
    """Extracts every file. With repeat > 0 also times the extraction: each file runs `repeat`
    times alternating with an empty file, and its cost is min(file) - min(empty): the process
    start (compiling the queries) is not extraction work, and interleaving keeps the estimate
    steady on a loaded machine."""
    qdir = query_dir()
    env = dict(os.environ, CODEGRAPH_QUERY_DIR=qdir)
    empty = os.path.join(qdir, "empty" + EXTENSIONS[0])
    open(empty, "w").close()
    defs, failures = {}, []
    work, starts = 0.0, []
    t0 = time.monotonic()
    for f in files:
        p, used = cpu_of([tool, "debug-extract", f], env, timeout)
        if p is None:
            failures.append((f, [f"timed out after {timeout}s"]))
            defs[f] = []
            continue
        if p.returncode != 0:
            failures.append((f, p.stderr.strip().splitlines()[-1:] or ["?"]))
        defs[f] = [parse_def(l) for l in p.stdout.splitlines() if l.startswith("def ")]
        if repeat:
            best_file, best_empty = used, None
            for i in range(repeat):
                if i:
                    best_file = min(best_file, cpu_of([tool, "debug-extract", f], env, None)[1])
                e = cpu_of([tool, "debug-extract", empty], env, None)[1]
                best_empty = e if best_empty is None else min(best_empty, e)
            work += max(0.0, best_file - best_empty)
            starts.append(best_empty)
    elapsed = time.monotonic() - t0
    shutil.rmtree(qdir)
    startup = sorted(starts)[len(starts) // 2] if starts else None
    return defs, failures, elapsed, work, startup


def main(doc=None):
    """Also the entry point of the scripts of other languages (ctags_recall_csharp.py, ...),
    which set this module's LANG, CTAGS_LANGUAGE, EXTENSIONS, EXCLUDED_KINDS and KIND_MAP
    first."""
    ap = argparse.ArgumentParser(description=(doc or __doc__).split("\n")[0])
    ap.add_argument("roots", nargs="+", help="directories or files")
    ap.add_argument("--tool", default="/work/cg-extract")
    ap.add_argument("--limit", type=int, default=0, help="at most this many files")
    ap.add_argument("--top", type=int, default=20, help="how many common misses to list")
    ap.add_argument("--show", type=int, default=0, help="print this many individual misses")
    ap.add_argument("--timeout", type=float, default=20, help="seconds per file")
    ap.add_argument("--timing", type=int, default=0, metavar="N",
                    help="also time the extraction (N runs per file, interleaved with an empty "
                         "file; costs 2N extra runs per file)")
    args = ap.parse_args()

    files = collect_files(args.roots, args.limit)
    if not files:
        sys.exit("no files")
    tags = run_ctags(files)
    defs, failures, elapsed, work, startup = run_ours(files, args.tool, args.timeout,
                                                      args.timing)

    def exclusion(t):
        if t["kind"] in EXCLUDED_KINDS:
            return t["kind"], EXCLUDED_KINDS[t["kind"]]
        reason = EXCLUDE_TAG(t) if EXCLUDE_TAG else None
        return ("other", reason) if reason else None

    reasons = {}
    excluded = collections.Counter()
    wanted = []
    for t in tags:
        ex = exclusion(t)
        if ex is None:
            wanted.append(t)
            continue
        key = ex[0] if ex[0] != "other" else ex[1]
        reasons[key] = ex[1]
        excluded[key] += 1
    found, kind_ok = 0, 0
    misses = []
    per_kind = collections.defaultdict(lambda: [0, 0])
    for t in wanted:
        cands = [d for d in defs.get(t["path"], []) if d["name"] == t["name"]
                 and d["start"] <= t["line"] <= d["end"]]
        per_kind[t["kind"]][1] += 1
        if cands:
            found += 1
            per_kind[t["kind"]][0] += 1
            # the innermost candidate is the definition itself
            best = min(cands, key=lambda d: d["end"] - d["start"])
            if best["kind"] in KIND_MAP.get(t["kind"], {best["kind"]}):
                kind_ok += 1
        else:
            misses.append(t)

    ours_total = sum(len(v) for v in defs.values())
    print(f"files: {len(files)}   ctags tags: {len(tags)}   excluded: "
          + (", ".join(f"{k} {n} ({reasons[k]})" if k in EXCLUDED_KINDS else f"{n} {k}"
                       for k, n in excluded.items()) or "none"))
    print(f"recall: {found}/{len(wanted)} = {100.0 * found / max(1, len(wanted)):.2f}%   "
          f"kind agreement on found: {100.0 * kind_ok / max(1, found):.2f}%   "
          f"our definitions: {ours_total}")
    print("per ctags kind: " + ", ".join(
        f"{k} {f}/{n}" for k, (f, n) in sorted(per_kind.items(), key=lambda kv: -kv[1][1])))
    timed_out = {f for f, e in failures if e[0].startswith("timed out")}
    ok_files = len(files) - len(timed_out)
    lines = 0
    for f in files:
        if f not in timed_out:
            with open(f, "rb") as fh:
                lines += fh.read().count(b"\n")
    runs = 1 + 2 * args.timing
    print(f"time: {ok_files} files ({lines} lines), {elapsed - len(timed_out) * args.timeout:.2f}s "
          f"wall = {ok_files * runs / max(1e-9, elapsed):.1f} runs/s with one process per run")
    if args.timing:
        print(f"      process start (query compilation, median) {startup * 1000:.0f} ms; "
              f"extraction alone {work:.2f}s CPU = {ok_files / max(1e-9, work):.1f} files/s "
              f"= {lines / max(1e-9, work) / 1000:.0f}k lines/s")
    if timed_out:
        missed = {id(t) for t in misses}
        rest = [t for t in wanted if t["path"] not in timed_out]
        rest_found = sum(1 for t in rest if id(t) not in missed)
        print(f"recall without the {len(timed_out)} timed-out files: {rest_found}/{len(rest)} = "
              f"{100.0 * rest_found / max(1, len(rest)):.2f}%")
        misses = [t for t in misses if t["path"] not in timed_out]
    if failures:
        print(f"extraction failures: {len(failures)}")
        for f, err in failures[:10]:
            print(f"  {f}: {err[0]}")
    common = collections.Counter((t["kind"], t["name"]) for t in misses)
    print(f"\n{min(args.top, len(common))} most common misses (kind name: count)"
          + (" outside timed-out files" if timed_out else "") + ":")
    for (kind, name), n in common.most_common(args.top):
        ex = next(t for t in misses if t["kind"] == kind and t["name"] == name)
        print(f"  {kind:12} {name:32} {n:4}   e.g. {os.path.relpath(ex['path'])}:{ex['line']}")
    for t in misses[:args.show]:
        print(f"  miss {t['kind']} {t['name']} {os.path.relpath(t['path'])}:{t['line']}")


if __name__ == "__main__":
    main()
