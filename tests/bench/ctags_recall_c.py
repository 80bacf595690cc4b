#!/usr/bin/env python3
"""Definition recall of the C queries against universal-ctags.

Runs `ctags --output-format=json --fields=+nKzSe` and `cg-extract debug-extract` (with the query
files on disk) over the same files and reports which of ctags' definitions we also extract: a
ctags tag matches when one of our definitions in the same file has the same name and its range
(first line of the definition to its last) contains the tag's line. ctags reports the line of
the name, we report the first line of the definition: `static int\nfoo(void)` or
`template <class T>\nclass Foo` start one line earlier than the name.

Usage:
  tests/bench/ctags_recall_c.py [PATH ...] [--tool BIN] [--queries DIR] [--top N] [--dump FILE]
  (default: /usr/include/*.h, which includes /usr/include/sqlite3.h)

Kinds compared (ctags' default C kinds): macro, function, enum, enumerator, struct, union,
typedef, member, variable. Not compared:
  - ctags kinds that are off by default and that we deliberately do not extract: prototypes
    (a prototype in a header would make every call ambiguous), extern variables, locals,
    parameters, labels, macro parameters; `header` tags are references, not definitions;
  - tags ctags names itself (`__anon...` for anonymous structs/unions/enums);
  - ctags' misreadings where the "name" is a macro invoked on that line (`__NTH (atoi (...))`
    reported as a function __NTH): upper-case names with an underscore, followed by `(`.
Headers written in C++ (C++ lines outside `#ifdef __cplusplus` blocks: curses' C++ binding,
z3++.h, gmpxx.h) are left out of the C run.
Also printed: the 20 most common misses (grouped by file and ctags kind, with an example), the
definitions we extract that ctags does not report (by kind; --dump FILE lists every miss and
every extra), and the speed: the recall run starts one process per file (the tool takes one
FILE), so the speed of parsing + extraction is measured on the same files concatenated into
inputs of at most 1 MB, minus the process start and query compilation of each run, in CPU time
(stable when other jobs share the machine).

Standard library only (python3).
"""
import argparse
import collections
import glob
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))

# ctags kind -> our kinds that count as the same definition (for the kind-agreement figure; the
# recall itself matches on name + file + line).
C_KIND_MAP = {
    "macro": {"macro"},
    "function": {"function", "method", "constructor"},
    "enum": {"enum"},
    "enumerator": {"constant"},
    "struct": {"struct", "class"},
    "union": {"union"},
    "typedef": {"type", "struct", "union", "enum", "class"},
    "member": {"field", "method", "constructor"},
    "variable": {"variable", "constant", "field"},
    "class": {"class", "struct"},
    "namespace": {"namespace"},
}
C_EXCLUDED_KINDS = {
    "prototype": "prototypes are declarations, not definitions (ctags: off by default)",
    "externvar": "extern declarations are not definitions (ctags: off by default)",
    "local": "local variables are not symbols (ctags: off by default)",
    "parameter": "parameters are not symbols (ctags: off by default)",
    "label": "goto labels are not symbols (ctags: off by default)",
    "macroparam": "macro parameters are not symbols (ctags: off by default)",
    "header": "#include is a reference (imports), not a definition",
}

# Mirror of detectLanguage() for .h files (src/lang/language.cpp): a header whose first 512
# bytes contain one of these markers is parsed as C++.
CPP_MARKERS = ["namespace ", "class ", "template<", "template <", "public:", "private:",
               "protected:", "virtual ", "std::", "#include <iostream>", "operator", "constexpr "]


def detected_language(path):
    ext = os.path.splitext(path)[1].lower()
    if ext == ".c":
        return "c"
    if ext == ".h":
        with open(path, "rb") as f:
            head = f.read(512).decode("utf-8", "replace")
        return "cpp" if any(m in head for m in CPP_MARKERS) else "c"
    return "cpp"


CPP_LINE = re.compile(r"^\s*(class\s|namespace\s|template\s*<|public:|private:|protected:)")
PP_IF = re.compile(r"^\s*#\s*(if|ifdef|ifndef)\b")
PP_ENDIF = re.compile(r"^\s*#\s*endif\b")


def is_cpp_header(path):
    """A header written in C++ (curses' C++ binding, z3++.h), not a C header with C++ in its
    `#ifdef __cplusplus` blocks: C++ lines outside any conditional that mentions __cplusplus."""
    with open(path, "rb") as f:
        lines = f.read().decode("utf-8", "replace").splitlines()
    stack, cpp_lines = [], 0
    for line in lines:
        if PP_IF.match(line):
            stack.append("__cplusplus" in line)
        elif PP_ENDIF.match(line):
            if stack:
                stack.pop()
        elif not any(stack) and CPP_LINE.match(line):
            cpp_lines += 1
    return cpp_lines >= 3


def run_ctags(files, ctags_args):
    """ctags tags as dicts with path, name, kind, line (one ctags run over all files)."""
    with tempfile.NamedTemporaryFile("w", suffix=".lst", delete=False) as lst:
        lst.write("\n".join(files) + "\n")
        list_path = lst.name
    try:
        cmd = ["ctags", "--output-format=json", "--fields=+nKzSe", "-f", "-", "-L", list_path]
        cmd[1:1] = ctags_args
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(list_path)
    tags = []
    for line in out.splitlines():
        if not line.startswith("{"):
            continue
        t = json.loads(line)
        if t.get("_type") != "tag":
            continue
        tags.append({"path": os.path.abspath(t["path"]), "name": t["name"], "kind": t.get("kind", ""),
                     "line": int(t.get("line", 0)), "scope": t.get("scope", "")})
    return tags


def parse_defs(text):
    """Our `def` lines -> list of (kind, qualified, name, start, end)."""
    defs = []
    for line in text.splitlines():
        if not line.startswith("def "):
            continue
        head = line.split(" | ", 1)[0].split(" ")
        # def <kind> <qualified...> <start>-<end> <visibility> cc=<n>; qualified names may hold
        # spaces (`operator bool`), so read the fixed fields from the right.
        kind = head[1]
        rng = head[-3]
        qualified = " ".join(head[2:-3])
        start, end = (int(x) for x in rng.split("-"))
        name = normalize_name(qualified.rsplit("::", 1)[-1])
        defs.append((kind, qualified, name, start, end))
    return defs


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_tool(files, tool, queries):
    """Runs the tool once per file (it takes one FILE). Returns {path: defs}, {path: error} and
    the CPU seconds (user + system) of each run: CPU time, unlike wall time, does not grow when
    other jobs share the machine."""
    env = dict(os.environ, CODEGRAPH_QUERY_DIR=queries)
    results, errors, cpu = {}, {}, []
    for path in files:
        before = child_cpu()
        p = subprocess.run([tool, "debug-extract", path], capture_output=True, text=True, env=env)
        cpu.append(child_cpu() - before)
        if p.returncode != 0:
            errors[path] = p.stderr.strip().splitlines()[-1:] if p.stderr else ["exit %d" % p.returncode]
        results[path] = parse_defs(p.stdout)
    return results, errors, cpu


def startup_cpu(tool, queries, suffix):
    """CPU seconds of a run over an empty file: process start plus query compilation (the
    least of five runs)."""
    env = dict(os.environ, CODEGRAPH_QUERY_DIR=queries)
    with tempfile.NamedTemporaryFile("w", suffix=suffix, delete=False) as f:
        f.write("\n")
        empty = f.name
    try:
        runs = []
        for _ in range(5):
            before = child_cpu()
            subprocess.run([tool, "debug-extract", empty], capture_output=True, env=env)
            runs.append(child_cpu() - before)
        return min(runs)
    finally:
        os.unlink(empty)


def source_line(path, line, cache={}):
    if path not in cache:
        with open(path, "rb") as f:
            cache[path] = f.read().decode("utf-8", "replace").splitlines()
    lines = cache[path]
    return lines[line - 1].strip() if 0 < line <= len(lines) else ""


MACRO_NAME = re.compile(r"^_*[A-Z][A-Z0-9]*_[A-Z0-9_]*$|^__[A-Z0-9_]+$")


def is_macro_call_name(tag):
    """ctags' own misreadings: the name it reports is a macro invoked on that line, e.g.
    `__NTH (atoi (const char *__nptr))` reported as a function __NTH, or
    `BOOST_ASIO_INITFN_AUTO_RESULT_TYPE_PREFIX(ReadToken, ...) async_read(...)` as a function
    BOOST_ASIO_INITFN_AUTO_RESULT_TYPE_PREFIX. Upper-case names with an underscore, called."""
    if not MACRO_NAME.match(tag["name"]):
        return False
    line = source_line(tag["path"], tag["line"])
    return re.search(re.escape(tag["name"]) + r"\s*\(", line) is not None


def normalize_name(name):
    """ctags writes `operator ==`, we keep the text as written: `operator==`."""
    if name.startswith("operator"):
        return "operator" + "".join(name[len("operator"):].split()) if not name[8:9].isalnum() else name
    return name


def evaluate(tags, ours, kind_map, excluded_kinds, top, label, dump=None):
    by_file = collections.defaultdict(list)
    for path, defs in ours.items():
        for d in defs:
            by_file[path].append(d)
    considered = matched = exact = kind_agree = 0
    skipped = collections.Counter()
    misses = []
    per_kind = collections.defaultdict(lambda: [0, 0])
    used = set()
    for t in tags:
        if t["kind"] in excluded_kinds:
            skipped[t["kind"]] += 1
            continue
        if t["name"].startswith("__anon"):
            skipped["anonymous (__anon...)"] += 1
            continue
        if t["kind"] != "macro" and is_macro_call_name(t):
            skipped["macro invocation taken for a name"] += 1
            continue
        if t["path"] not in ours:
            continue
        considered += 1
        per_kind[t["kind"]][1] += 1
        best = None
        tag_name = normalize_name(t["name"])
        for i, (kind, q, name, start, end) in enumerate(by_file[t["path"]]):
            if name != tag_name or not (start <= t["line"] <= end):
                continue
            score = (start == t["line"], kind in kind_map.get(t["kind"], ()))
            if best is None or score > best[0]:
                best = (score, i, kind)
        if best is None:
            misses.append(t)
            continue
        matched += 1
        per_kind[t["kind"]][0] += 1
        used.add((t["path"], best[1]))
        exact += best[0][0]
        kind_agree += best[0][1]

    print(f"== {label}: definition recall against ctags")
    print(f"ctags definitions compared: {considered}")
    pct = 100.0 * matched / considered if considered else 0.0
    print(f"found (name + file + line within our range): {matched}  recall {pct:.2f}%")
    if matched:
        print(f"  of which on our first line: {exact} ({100.0 * exact / matched:.1f}%), "
              f"same kind family: {kind_agree} ({100.0 * kind_agree / matched:.1f}%)")
    print("by ctags kind (found/compared):")
    for k, (m, n) in sorted(per_kind.items(), key=lambda kv: -kv[1][1]):
        print(f"  {k:12s} {m:6d}/{n:<6d} {100.0 * m / n:6.2f}%")
    if skipped:
        print("not compared:")
        for k, n in skipped.most_common():
            why = excluded_kinds.get(k, {
                "anonymous (__anon...)": "names ctags invents for anonymous types and lambdas",
                "macro invocation taken for a name": "ctags misread a macro call as a definition's name",
            }.get(k, ""))
            print(f"  {k:22s} {n:6d}  {why}")
    groups = collections.Counter((os.path.basename(m["path"]), m["kind"]) for m in misses)
    first = {}
    for m in misses:
        first.setdefault((os.path.basename(m["path"]), m["kind"]), m)
    print(f"misses: {len(misses)}; the {top} most common, by file and ctags kind (count, an example):")
    for (base, kind), n in groups.most_common(top):
        m = first[(base, kind)]
        print(f"  {n:4d}  {kind:10s} {base}:{m['line']} {m['name']}: {source_line(m['path'], m['line'])[:80]}")
    extra = collections.Counter()
    for path, defs in by_file.items():
        for i, d in enumerate(defs):
            if (path, i) not in used:
                extra[d[0]] += 1
    print("our definitions that ctags does not report, by kind: " +
          ", ".join(f"{k} {n}" for k, n in extra.most_common()))
    if dump:
        with open(dump, "w") as out:
            for m in misses:
                out.write(f"miss {m['kind']} {m['name']} {m['path']}:{m['line']}: "
                          f"{source_line(m['path'], m['line'])}\n")
            for path, defs in sorted(by_file.items()):
                for i, d in enumerate(defs):
                    if (path, i) not in used:
                        out.write(f"extra {d[0]} {d[1]} {path}:{d[3]}: {source_line(path, d[3])}\n")
    return pct


def collect(paths, exts):
    files = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                for n in names:
                    if os.path.splitext(n)[1].lower() in exts:
                        files.append(os.path.join(root, n))
        else:
            files.extend(glob.glob(p))
    return sorted(set(os.path.abspath(f) for f in files))


def main(argv=None, lang="c", doc=__doc__):
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="*")
    ap.add_argument("--tool", default="/work/cg-extract")
    ap.add_argument("--queries", default=os.path.join(REPO, "grammars", "queries"))
    ap.add_argument("--top", type=int, default=20)
    ap.add_argument("--dump", help="write every miss and every extra definition to this file")
    ap.add_argument("--limit", type=int, default=0, help="use only the first N files")
    args = ap.parse_args(argv)
    if lang == "c":
        paths = args.paths or ["/usr/include/*.h"]
        files = collect(paths, {".c", ".h"})
        ctags_args = ["--languages=C", "--langmap=C:.c.h"]
        kind_map, excluded = C_KIND_MAP, C_EXCLUDED_KINDS
    else:
        from ctags_recall_cpp import CPP_KIND_MAP, CPP_EXCLUDED_KINDS, CPP_EXTS, CPP_DEFAULT
        paths = args.paths or CPP_DEFAULT
        files = collect(paths, CPP_EXTS)
        ctags_args = ["--languages=C++", "--langmap=C++:+.ipp"]
        kind_map, excluded = CPP_KIND_MAP, CPP_EXCLUDED_KINDS
    if lang == "c":
        cpp = [f for f in files if os.path.splitext(f)[1].lower() == ".h" and is_cpp_header(f)]
        if cpp:
            print(f"C++ headers left to the C++ benchmark: {' '.join(os.path.basename(f) for f in cpp)}")
        files = [f for f in files if f not in cpp]
    if args.limit:
        files = files[:args.limit]
    if not files:
        sys.exit("no files")
    langs = collections.Counter(detected_language(f) for f in files)
    print(f"files: {len(files)} ({', '.join(f'{k} {n}' for k, n in langs.items())})")
    tags = run_ctags(files, ctags_args)
    t0 = time.monotonic()
    ours, errors, cpu = run_tool(files, args.tool, args.queries)
    wall = time.monotonic() - t0
    for path, err in sorted(errors.items()):
        print(f"tool error: {path}: {' '.join(err)}")
    evaluate(tags, ours, kind_map, excluded, args.top, "C" if lang == "c" else "C++", args.dump)
    suffix = ".c" if lang == "c" else ".cpp"
    boot = startup_cpu(args.tool, args.queries, suffix)
    total_bytes = sum(os.path.getsize(f) for f in files)
    print(f"speed, one process per file (as the recall run above): {len(files)} files, "
          f"{total_bytes / 1e6:.1f} MB in {wall:.0f} s wall, {sum(cpu):.0f} s CPU; "
          f"process start + query compilation alone: {boot:.2f} s CPU per run")
    batch_cpu, runs = speed_batches(files, args.tool, args.queries, suffix)
    work = batch_cpu - boot * runs
    print(f"speed of parsing + extraction: the same files concatenated into "
          f"{runs} inputs of <= 1 MB, {batch_cpu:.1f} s CPU, minus process start = "
          f"{work:.1f} s: {len(files) / work if work > 0 else float('inf'):.0f} files/s, "
          f"{total_bytes / 1e6 / work if work > 0 else float('inf'):.2f} MB/s (one core)")


def speed_batches(files, tool, queries, suffix, limit=1 << 20):
    """CPU seconds to extract every file once, and the number of processes: files are concatenated into
    inputs of at most `limit` bytes, so the process start and the query compilation (paid once
    per process by the tool, once per index run by the server) weigh little."""
    env = dict(os.environ, CODEGRAPH_QUERY_DIR=queries)
    batches, cur, size = [], [], 0
    for f in files:
        n = os.path.getsize(f)
        if cur and size + n > limit:
            batches.append(cur)
            cur, size = [], 0
        cur.append(f)
        size += n
    if cur:
        batches.append(cur)
    total = 0.0
    for batch in batches:
        with tempfile.NamedTemporaryFile("wb", suffix=suffix, delete=False) as out:
            for f in batch:
                with open(f, "rb") as src:
                    out.write(src.read())
                out.write(b"\n")
            path = out.name
        try:
            before = child_cpu()
            subprocess.run([tool, "debug-extract", path], capture_output=True, env=env)
            total += child_cpu() - before
        finally:
            os.unlink(path)
    return total, len(batches)

if __name__ == "__main__":
    main()
