#!/usr/bin/env python3
"""Definition recall of the JavaScript queries against universal-ctags.

Runs `ctags -R --output-format=json --fields=+nKzSe -f - PATH...` and
`cg-extract debug-extract FILE` (with CODEGRAPH_QUERY_DIR, so the query files on disk are used)
over the same files, and reports which share of ctags' definitions we extract too: a ctags tag is
found when we have a definition with the same name in the same file whose first line is the tag's
line (or up to 3 lines above it, inside the definition: decorators and modifiers written on their
own lines start our node earlier than ctags' name line).

Some ctags tags are excluded on purpose, each category counted in the report:
  anonymous   `AnonymousFunction…` names ctags invents for unnamed callbacks: nothing to jump to.
  local       variables/constants (and object literals ctags calls classes) declared inside a
              function, method or initializer: inside the range of a ctags tag other than a
              namespace/enum/interface/type alias, or of a
              function/method/constructor we extract (ctags does not tag every function, e.g.
              `a.x = a.y = function () {...}`). ctags tags JavaScript `var`s anywhere; we keep
              module-level ones and those of a top-level IIFE (not a function for either tool).
              For TypeScript (no IIFE module scope), also any indented var/let/const outside a
              namespace: ctags' TypeScript parser tags no anonymous function, and loses its
              scopes inside JSX, so locals of callbacks look top-level.
  require     `var x = require('m')` / `require('m').y`: we record these as imports with an alias,
              not as definitions (a local definition would shadow the import in name resolution).
  data-key    object-literal keys holding data (`'\\xc0': 'A'`, `headers: {...}`), not functions:
              values, not declarations (lodash's deburredLetters alone has ~190).
  member      `obj.prop = value` assignments that are not declarations: ctags tags every one as a
              property (`lodash.chunk = chunk`, `res.statusCode = 404`, `this.params = p` in a
              method). We extract member assignments of functions, `X.prototype.y = ...`, and
              `this.x = ...` directly in a constructor (ES6 `constructor`, ES5 capitalised
              function) as the declarations of fields.
  class-at    ctags invents a class tag for `X` at the line of its first `X.prototype.y = ...`;
              we have X's own definition (the constructor function) in the same file.
  computed    `obj[name] = function () {...}`: the member name is computed at run time; ctags
              names the tag after the object, there is no name to jump to.
  parameter   function parameters (ctags `z`, disabled by default in ctags anyway).
Usage:
  ctags_recall_javascript.py [--tool BIN] [--query-dir DIR] [--misses N] [--show-extra] PATH...
Example (express and lodash ship readable JavaScript):
  mkdir -p /tmp/tscorpus && cd /tmp/tscorpus && npm init -y &&
    npm install lodash@4.17.21 express@4.21.2 --ignore-scripts
  python3 tests/bench/ctags_recall_javascript.py node_modules/express/lib node_modules/lodash/*.js
PATH: directories (walked) or files; minified files (*.min.js, *-min.js) and files over 1 MiB
are skipped like the indexer does.
"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

JS = {
    "id": "javascript",
    "query_dirs": ["javascript"],
    "extensions": (".js", ".jsx", ".mjs", ".cjs"),
    "ctags_args": ("--map-JavaScript=+.cjs",),
    # ctags kind -> our kind(s); None = deliberately not extracted (reason in the docstring)
    "kinds": {
        "function": {"function", "method"},
        "generator": {"function", "method"},
        "class": {"class", "function"},  # ctags calls ES5 constructor functions classes
        "method": {"method", "function", "constructor", "property"},
        "property": {"property", "field", "method", "function"},
        "field": {"field", "method"},
        "getter": {"property"},
        "setter": {"property"},
        "constant": {"constant", "variable"},
        "variable": {"variable", "constant", "function", "class"},
        "parameter": None,
        "local": None,
    },
}

SCOPE_KINDS = {"function", "method", "class", "generator", "getter", "setter"}
# tags whose range holds module-level declarations; any other multi-line tag (a function, a
# method, a class, a property initializer) makes the variables inside it locals
CONTAINER_KINDS = {"namespace", "module", "enum", "interface", "alias"}
MINIFIED = re.compile(r"[.-]min\.js$")


def collect_files(paths, extensions):
    out = []
    for p in paths:
        if os.path.isfile(p):
            cand = [p]
        else:
            cand = []
            for dirpath, dirnames, filenames in os.walk(p):
                dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
                cand += [os.path.join(dirpath, f) for f in sorted(filenames)]
        for f in cand:
            if not f.endswith(extensions) or MINIFIED.search(f):
                continue
            if os.path.getsize(f) > 1 << 20:
                continue
            out.append(os.path.normpath(os.path.abspath(f)))
    return sorted(set(out))


def run_ctags(files, extra_args=()):
    cmd = ["ctags", "-R", "--output-format=json", "--fields=+nKzSe", *extra_args, "-f", "-", "-L", "-"]
    res = subprocess.run(cmd, input="\n".join(files), capture_output=True, text=True, check=True)
    tags = []
    for line in res.stdout.split("\n"):  # not splitlines(): tags may hold U+2028
        if not line:
            continue
        d = json.loads(line)
        if d.get("_type") != "tag":
            continue
        d["path"] = os.path.normpath(os.path.abspath(d["path"]))
        tags.append(d)
    return tags


def query_dir_for(lang, query_dir):
    """A private query folder with only the languages this run needs: the tool compiles every
    language's queries at start-up, colleagues' unfinished ones included."""
    tmp = tempfile.mkdtemp(prefix="cg-recall-")
    for q in lang["query_dirs"]:
        os.symlink(os.path.join(query_dir, q), os.path.join(tmp, q))
    return tmp


def run_tool(tool, qdir, files):
    env = dict(os.environ, CODEGRAPH_QUERY_DIR=qdir)
    defs = collections.defaultdict(list)  # path -> [(name, kind, start, end)]
    failures = []
    start = time.time()
    for f in files:
        res = subprocess.run([tool, "debug-extract", f], env=env, capture_output=True, text=True)
        if res.returncode != 0:
            failures.append((f, res.stderr.strip().splitlines()[-1:] or ["?"]))
            continue
        for line in res.stdout.split("\n"):
            if not line.startswith("def "):
                continue
            head = line.split(" | ", 1)[0].split()
            kind, qualified, rng = head[1], head[2], head[3]
            s, e = rng.split("-")
            name = re.split(r"\.(?=[^.]*$)", qualified)[-1]
            defs[f].append((name, kind, int(s), int(e)))
    return defs, failures, time.time() - start


def is_data_key(tag):
    """An object-literal key whose value is data: `key: value` / `'key': value`, no function."""
    pat = tag.get("pattern", "")[2:]
    m = re.search(r"(^|[{,\s])['\"]?" + re.escape(tag["name"]) + r"['\"]?\s*:\s*(.*)", pat)
    if not m:
        # keys ctags unescaped (`'\\xc0': 'A'` is tagged `xc0`): a line of quoted keys
        m = re.match(r"\s*(['\"]).*?\1\s*:\s*(.*)", pat)
        if not m:
            return False
    value = m.group(2)
    return not re.match(r"(async\s+)?(function\b|\(|[A-Za-z_$][\w$]*\s*=>)", value)


def classify(tag, ranges_by_file, names_by_file, containers_by_file, lang):
    kind = tag.get("kind", "")
    name = tag["name"]
    pattern = tag.get("pattern", "")[2:]
    if name.startswith("AnonymousFunction") or name.startswith("__anon"):
        return "anonymous"
    if lang["kinds"].get(kind, "?") is None:
        return "parameter" if kind == "parameter" else "local"
    if re.match(r"\s*" + re.escape(name) + r"(\.prototype)?\[", pattern):
        return "computed"
    declared = re.match(r"\s*(export\s+)?(var|let|const)\s+" + re.escape(name) + r"\b", pattern)
    if kind in ("variable", "constant", "local") or (kind == "class" and declared):
        if re.search(r"=\s*require\s*\(", pattern):
            return "require"
        if tag.get("scopeKind") in SCOPE_KINDS - {"class"}:
            return "local"
        line = tag["line"]
        for (s, e, n) in ranges_by_file.get(tag["path"], ()):
            if s < line <= e and n != name:
                return "local"
        # TypeScript has no top-level IIFE module scope: an indented declaration outside a
        # namespace is inside some (possibly anonymous, untagged) function
        if lang.get("indented_locals") and re.match(r"\s+(export\s+)?(declare\s+)?(var|let|const)\b", pattern):
            if not any(s < line <= e for (s, e) in containers_by_file.get(tag["path"], ())):
                return "local"
    if kind in ("property", "class", "constant", "variable", "field") and is_data_key(tag):
        return "data-key"
    member = re.match(r"\s*([\w$.]+)\.([\w$]+)\s*=[^=]", pattern)
    if member and member.group(2) == name and kind in ("property", "class"):
        obj = member.group(1)
        scope = tag.get("scope") or ""
        in_ctor = scope.split(".")[-1] == "constructor" or (
            tag.get("scopeKind") == "class" and "." not in scope)
        if obj.endswith(".prototype") or (obj == "this" and in_ctor):
            return None
        return "member"
    if kind == "class" and re.match(r"\s*" + re.escape(name) + r"\.prototype\b", pattern):
        if any(n == name for (n, _s, _e) in names_by_file.get(tag["path"], ())):
            return "class-at"
    return None


def main(lang=JS, argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--tool", default="/work/cg-extract")
    ap.add_argument("--query-dir", default=os.path.join(ROOT, "grammars", "queries"))
    ap.add_argument("--misses", type=int, default=20)
    ap.add_argument("--show-extra", action="store_true", help="also list our definitions ctags lacks")
    args = ap.parse_args(argv)

    files = collect_files(args.paths, lang["extensions"])
    if not files:
        sys.exit("no files")
    tags = run_ctags(files, lang.get("ctags_args", ()))
    fileset = set(files)
    tags = [t for t in tags if t["path"] in fileset]

    # Ranges of ctags' functions/methods/classes, to tell locals from module-level variables.
    ranges = collections.defaultdict(list)
    containers = collections.defaultdict(list)
    for t in tags:
        if t.get("kind") not in CONTAINER_KINDS and t.get("end", 0) > t["line"]:
            ranges[t["path"]].append((t["line"], t["end"], t["name"]))
        elif t.get("kind") in ("namespace", "module") and t.get("end", 0) > t["line"]:
            containers[t["path"]].append((t["line"], t["end"]))

    qdir = query_dir_for(lang, args.query_dir)
    try:
        defs, failures, seconds = run_tool(args.tool, qdir, files)
    finally:
        shutil.rmtree(qdir, ignore_errors=True)
    for path, lst in defs.items():
        for (name, kind, s, e) in lst:
            if kind in ("function", "method", "constructor") and e > s:
                ranges[path].append((s, e, name))

    names_by_file = {p: [(n, s, e) for (n, k, s, e) in lst] for p, lst in defs.items()}
    seen = set()
    excluded = collections.Counter()
    considered = []
    for t in tags:
        key = (t["name"], t["path"], t["line"])
        if key in seen:
            continue
        seen.add(key)
        why = classify(t, ranges, names_by_file, containers, lang)
        if why:
            excluded[why] += 1
        else:
            considered.append(t)

    by_name = collections.defaultdict(list)
    for path, lst in defs.items():
        for (name, kind, s, e) in lst:
            by_name[(path, name)].append((kind, s, e))

    found, misses, kind_agree = 0, [], 0
    matched_defs = set()
    for t in considered:
        line = t["line"]
        hit = None
        # ctags drops the `#` of private names (`#count` is tagged `count`)
        cands = by_name.get((t["path"], t["name"]), []) + by_name.get((t["path"], "#" + t["name"]), [])
        for (kind, s, e) in cands:
            if s == line or (s < line <= e and line - s <= 3):
                hit = (kind, s, e)
                break
        if hit:
            found += 1
            matched_defs.add((t["path"], t["name"], hit[1]))
            if hit[0] in (lang["kinds"].get(t.get("kind")) or ()):
                kind_agree += 1
        else:
            misses.append(t)

    ndefs = sum(len(v) for v in defs.values())
    total = len(considered)
    print(f"language: {lang['id']}  files: {len(files)}  tool failures: {len(failures)}")
    print(f"ctags tags: {len(seen)} unique (name, file, line); excluded: "
          + ", ".join(f"{k} {v}" for k, v in excluded.most_common()))
    print(f"considered: {total}  found: {found}  recall: {100.0 * found / max(total, 1):.2f}%")
    print(f"kind agreement on found tags (ctags kind maps to ours): {100.0 * kind_agree / max(found, 1):.1f}%")
    print(f"our definitions: {ndefs}  (not in ctags: {ndefs - len(matched_defs)})")
    print(f"tool time: {seconds:.1f}s for {len(files)} files = {len(files) / seconds:.1f} files/s "
          f"(one process per file, start-up included)")
    for f, err in failures[:10]:
        print(f"  failed: {f}: {err[0]}")

    groups = collections.Counter()
    examples = {}
    for t in misses:
        g = (t.get("kind"), t.get("scopeKind") or "-")
        groups[g] += 1
        examples.setdefault(g, t)
    if misses:
        print(f"\nmisses by (ctags kind, scope kind), the {args.misses} most common:")
        for g, n in groups.most_common(args.misses):
            t = examples[g]
            print(f"  {n:5d}  {g[0]:10s} in {g[1]:10s} e.g. {os.path.relpath(t['path'])}:{t['line']} "
                  f"{t['name']}  {t.get('pattern', '')[2:70]}")
        print(f"\nthe first {args.misses} misses:")
        for t in misses[: args.misses]:
            print(f"  {os.path.relpath(t['path'])}:{t['line']} {t.get('kind')} {t['name']} "
                  f"(scope {t.get('scope', '-')})  {t.get('pattern', '')[2:80]}")
    if args.show_extra:
        print("\nour definitions ctags lacks:")
        for path, lst in sorted(defs.items()):
            for (name, kind, s, e) in lst:
                if (path, name, s) not in matched_defs:
                    print(f"  {os.path.relpath(path)}:{s} {kind} {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
