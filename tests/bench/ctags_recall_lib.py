"""Shared engine of the definition-recall scripts of the second-wave languages
(ctags_recall_ruby.py, _php, _lua, _bash): each script is a SPEC dict and a docstring.

Method (as ctags_recall_java.py): run universal-ctags and `codegraph-mcp debug-extract FILE`
(with CODEGRAPH_QUERY_DIR pointing at a folder holding only this language's on-disk queries)
over the same files; a ctags tag counts as found when one of our definitions in the same file
has the same name and a range containing the tag's line. Reported: recall, the agreement of
kinds on the found tags, recall per ctags kind, and the most common misses.

SPEC keys:
  lang            our language id (also the query folder name)
  ctags_language  ctags' language name (`ctags --list-languages`)
  extensions      file name endings that select files in a directory walk
  separator       our qualified-name separator (to take the last segment)
  excluded_kinds  {ctags kind: why it is not compared}
  kind_map        {ctags kind: set of our kinds that express the same thing}
  shebangs        optional: interpreter names; extensionless files starting with such a
                  `#!` line are selected too
  ctags_args      optional: extra ctags arguments (e.g. --map-Sh=+.bats)
  exclude_tag     optional: function(tag) -> reason or None, for individual tags that are not
                  definitions in our model (e.g. names ctags misreads)
  name_key        optional: function(name) -> the name compared, applied to ctags' names and
                  ours alike (ctags reports Ruby's `attr_accessor :x` writer as `x=` and
                  `alias eql? ==` as `eql`)
Python 3, standard library only.
"""
import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_TOOL = os.path.join(REPO, "build", "codegraph-mcp")


def has_shebang(path, names):
    try:
        with open(path, "rb") as fh:
            first = fh.readline(200).decode("utf-8", "replace")
    except OSError:
        return False
    if not first.startswith("#!"):
        return False
    words = first[2:].split()
    if words and os.path.basename(words[0]) == "env":
        words = [w for w in words[1:] if not w.startswith("-")]
    return bool(words) and os.path.basename(words[0]) in names


def collect_files(spec, roots, limit):
    files = []
    for root in roots:
        if os.path.isfile(root):
            files.append(root)
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames.sort()
            for f in sorted(filenames):
                p = os.path.join(dirpath, f)
                if f.endswith(tuple(spec["extensions"])):
                    files.append(p)
                elif "." not in f and spec.get("shebangs") and has_shebang(p, spec["shebangs"]):
                    files.append(p)
    files = sorted(set(os.path.abspath(f) for f in files))
    return files[:limit] if limit else files


def run_ctags(spec, files):
    # Each file is named to ctags with its language: extensionless scripts are not guessed.
    cmd = ["ctags", "--sort=no", "--output-format=json", "--fields=+nKzSe",
           "--language-force=" + spec["ctags_language"], *spec.get("ctags_args", ()),
           "-f", "-", "-L", "-"]
    out = subprocess.run(cmd, input="\n".join(files) + "\n", capture_output=True, text=True,
                         errors="replace", check=True).stdout
    tags = []
    for line in out.splitlines():
        try:
            d = json.loads(line)
        except json.JSONDecodeError:
            continue
        if d.get("_type") != "tag":
            continue
        tags.append({"name": d["name"], "path": os.path.abspath(d["path"]), "line": d["line"],
                     "kind": d.get("kind", "?"), "scope": d.get("scope", "")})
    return tags


def source_line(path, line, cache={}):
    """Line `line` (1-based) of `path`, for exclude_tag hooks that look at the code."""
    if path not in cache:
        with open(path, encoding="utf-8", errors="replace") as fh:
            cache.clear()  # one file at a time: tags come file by file
            cache[path] = fh.read().splitlines()
    lines = cache[path]
    return lines[line - 1] if 0 < line <= len(lines) else ""


def parse_def(line, separator):
    # def <kind> <qualified> <line>-<end> <visibility> cc=<n> | <signature>
    head = line.split(" | ", 1)[0].split()
    start, end = (int(x) for x in head[3].split("-"))
    return {"kind": head[1], "name": head[2].rsplit(separator, 1)[-1], "start": start,
            "end": end}


def run_ours(spec, files, tool, timeout):
    qdir = tempfile.mkdtemp(prefix="cg_recall_")
    os.symlink(os.path.join(REPO, "grammars", "queries", spec["lang"]),
               os.path.join(qdir, spec["lang"]))
    env = dict(os.environ, CODEGRAPH_QUERY_DIR=qdir)
    defs, failures = {}, []
    try:
        for f in files:
            try:
                p = subprocess.run([tool, "debug-extract", f], capture_output=True, text=True,
                                   errors="replace", env=env, timeout=timeout)
            except subprocess.TimeoutExpired:
                failures.append((f, f"timed out after {timeout}s"))
                defs[f] = []
                continue
            if p.returncode != 0:
                failures.append((f, (p.stderr.strip().splitlines() or ["?"])[-1]))
            defs[f] = [parse_def(l, spec["separator"]) for l in p.stdout.splitlines()
                       if l.startswith("def ")]
    finally:
        shutil.rmtree(qdir)
    return defs, failures


def main(spec, doc, argv=None):
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("roots", nargs="+", help="directories or files")
    ap.add_argument("--tool", default=DEFAULT_TOOL, help="the codegraph-mcp binary")
    ap.add_argument("--limit", type=int, default=0, help="at most this many files")
    ap.add_argument("--top", type=int, default=20, help="how many common misses to list")
    ap.add_argument("--show", type=int, default=0, help="print this many individual misses")
    ap.add_argument("--timeout", type=float, default=20, help="seconds per file")
    args = ap.parse_args(argv)

    files = collect_files(spec, args.roots, args.limit)
    if not files:
        sys.exit("no files")
    tags = run_ctags(spec, files)
    defs, failures = run_ours(spec, files, args.tool, args.timeout)

    excluded = collections.Counter()
    wanted = []
    exclude_tag = spec.get("exclude_tag", lambda t: None)
    for t in tags:
        reason = spec["excluded_kinds"].get(t["kind"]) or exclude_tag(t)
        if reason:
            excluded[reason] += 1
        else:
            wanted.append(t)
    found, kind_ok, misses = 0, 0, []
    key = spec.get("name_key", lambda n: n)
    per_kind = collections.defaultdict(lambda: [0, 0])
    for t in wanted:
        cands = [d for d in defs.get(t["path"], [])
                 if key(d["name"]) == key(t["name"]) and d["start"] <= t["line"] <= d["end"]]
        per_kind[t["kind"]][1] += 1
        if not cands:
            misses.append(t)
            continue
        found += 1
        per_kind[t["kind"]][0] += 1
        best = min(cands, key=lambda d: d["end"] - d["start"])  # the innermost: the tag itself
        if best["kind"] in spec["kind_map"].get(t["kind"], {best["kind"]}):
            kind_ok += 1

    ours = sum(len(v) for v in defs.values())
    print(f"files: {len(files)}   ctags tags: {len(tags)}   excluded: "
          + (", ".join(f"{n} ({why})" for why, n in excluded.most_common()) or "none"))
    print(f"recall: {found}/{len(wanted)} = {100.0 * found / max(1, len(wanted)):.2f}%   "
          f"kind agreement on found: {100.0 * kind_ok / max(1, found):.2f}%   "
          f"our definitions: {ours}")
    print("per ctags kind: " + ", ".join(
        f"{k} {f}/{n}" for k, (f, n) in sorted(per_kind.items(), key=lambda kv: -kv[1][1])))
    if failures:
        print(f"extraction failures: {len(failures)}")
        for f, err in failures[:10]:
            print(f"  {f}: {err}")
    common = collections.Counter((t["kind"], t["name"]) for t in misses)
    print(f"\n{min(args.top, len(common))} most common misses (kind name: count):")
    for (kind, name), n in common.most_common(args.top):
        ex = next(t for t in misses if t["kind"] == kind and t["name"] == name)
        print(f"  {kind:16} {name:32} {n:4}   e.g. {ex['path']}:{ex['line']}")
    for t in misses[:args.show]:
        print(f"  miss {t['kind']} {t['name']} {t['path']}:{t['line']}")
    return 0
