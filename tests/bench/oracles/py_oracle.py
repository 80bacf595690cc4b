#!/usr/bin/python3
"""Python call-site oracle: jedi's `Script.goto` at every (sampled) call site of a tree.

Writes the JSONL of tests/bench/oracles/FORMAT.md. Call sites come from Python's `ast`
(every Call node; the callee identifier is the Name of `f()` or the attr of `x.m()`), and jedi
(an inference engine, not a type checker: hand-check disagreements) says what each one calls:
exactly one definition of type function/class inside the root -> that target; a definition
outside the root (standard library, builtins, typeshed, site/dist-packages) -> target null;
a library alias (`statement`, e.g. random.choice) -> null too; several definitions (ambiguous),
none (unresolved), a variable/parameter inside the root (a call of a value) or an `instance`
outside it (jedi losing a decorator: an Enum's @classmethod comes back as builtins.classmethod)
-> the site is not written.

Needs jedi; Debian's python3-jedi lives in /usr/bin/python3's dist-packages (a pyenv
`python3` earlier on PATH usually lacks it), hence the shebang.

One command, from a clean machine (the example corpus is Debian's Jinja2; any package works):

    apt-get install -y --no-install-recommends python3-jedi python3-jinja2 && \
    rm -rf /tmp/pycorpus/jinja2 && mkdir -p /tmp/pycorpus && \
    cp -rL /usr/lib/python3/dist-packages/jinja2 /tmp/pycorpus/jinja2 && \
    find /tmp/pycorpus/jinja2 -name __pycache__ -prune -exec rm -rf {} + && \
    /usr/bin/python3 tests/bench/oracles/py_oracle.py /tmp/pycorpus/jinja2 \
        --out /tmp/py-jinja2.jsonl --sample 3000 --seed 1 --jobs 1 && \
    /tmp/cg-baseline index --repo /tmp/pycorpus/jinja2 --db /tmp/py-jinja2.db && \
    python3 tests/bench/oracle_compare.py --oracle /tmp/py-jinja2.jsonl --db /tmp/py-jinja2.db

The project path (the sys.path entry that makes the tree importable) is ROOT's parent when ROOT
itself is a package (has __init__.py) so that `import <rootname>.x` resolves to the copy under
ROOT, else ROOT. jedi puts it before the interpreter's own sys.path, so the copy shadows the
installed package of the same name; dependencies resolve through the interpreter's
dist-packages and count as library code (target null). --project-path overrides it.

Options: --sample N checks a uniform random sample of N call sites of the whole tree (seeded by
--seed; every file's sites are equally likely), --jobs K runs K worker processes (default 1;
jedi is slow and memory hungry), --progress prints a line per file to stderr.

Shapes: plain `f()`; qualified `mod.f()`, `pkg.mod.f()`, `Class.m()` (the receiver resolves to a
module or class); self `self.m()` / `cls.m()`; super `super().m()`; field_chain `self.x.m()`,
`a.b.m()`; call_result `f().m()`; typed_receiver any other receiver; interface when the target
is decorated @abstractmethod.
"""
import argparse
import ast
import json
import multiprocessing
import os
import random
import sys
import time
import warnings

import jedi
import jedi.inference.gradual.typeshed as _typeshed

# jedi bundles old third-party typeshed stubs (jinja2 2.x, click, flask, werkzeug, requests,
# markupsafe, yaml, ...). With them, goto in a copy of such a package lands in the stub (outside
# the root: a false "library" verdict) instead of the source. Keep only the stdlib stubs.
_orig_typeshed_dirs = _typeshed._get_typeshed_directories
_typeshed._get_typeshed_directories = \
    lambda version_info: (p for p in _orig_typeshed_dirs(version_info) if not p.is_third_party)

CALLABLE_TYPES = {"function", "class"}


def python_files(root):
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
        for f in sorted(filenames):
            if f.endswith(".py"):
                out.append(os.path.relpath(os.path.join(dirpath, f), root).replace(os.sep, "/"))
    return out


def read_source(path):
    with open(path, "rb") as fh:
        data = fh.read()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tree = ast.parse(data, filename=path)
    return data, tree


def receiver_kind(node):
    """Coarse receiver class of an Attribute callee, before asking jedi about modules."""
    v = node.value
    if isinstance(v, ast.Name):
        return "self" if v.id in ("self", "cls") else "name"
    if isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id == "super":
        return "super"
    if isinstance(v, ast.Call):
        return "call_result"
    if isinstance(v, ast.Attribute):
        return "chain"
    return "typed_receiver"


def call_sites(data, tree):
    """[(line, byte_col, name, kind, receiver_pos)]; receiver_pos = (line, byte_col) of the
    receiver's last identifier for `name`/`chain` receivers, for the module/class test."""
    lines = data.split(b"\n")
    sites = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name):
            sites.append((f.lineno, f.col_offset, f.id, "plain", None))
        elif isinstance(f, ast.Attribute):
            line = f.end_lineno
            col = f.end_col_offset - len(f.attr.encode("utf-8"))
            text = lines[line - 1][col:col + len(f.attr.encode("utf-8"))].decode("utf-8", "replace")
            if text != f.attr:  # e.g. a parenthesised/odd layout; locate the attr on its line
                idx = lines[line - 1].rfind(f.attr.encode("utf-8"), 0, f.end_col_offset)
                if idx < 0:
                    continue
                col = idx
            kind = receiver_kind(f)
            rpos = None
            v = f.value
            if kind == "name":
                rpos = (v.lineno, v.col_offset)
            elif kind == "chain":
                rl = v.end_lineno
                rc = v.end_col_offset - len(v.attr.encode("utf-8"))
                rpos = (rl, rc)
            sites.append((line, col, f.attr, kind, rpos))
    sites.sort()
    return sites


def byte_to_char_col(line_bytes, col):
    return len(line_bytes[:col].decode("utf-8", "replace"))


def abstract_defs(root, rel, cache):
    """Set of (line, name) of @abstractmethod functions in root/rel (line of the def keyword)."""
    if rel in cache:
        return cache[rel]
    out = set()
    try:
        _, tree = read_source(os.path.join(root, rel))
        for n in ast.walk(tree):
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for d in n.decorator_list:
                    dn = d.attr if isinstance(d, ast.Attribute) else getattr(d, "id", None)
                    if dn in ("abstractmethod", "abstractproperty"):
                        out.add((n.lineno, n.name))
    except (SyntaxError, OSError, ValueError):
        pass
    cache[rel] = out
    return out


_STATE = {}


def _init_worker(root, project_path, extra_sys_path):
    _STATE["root"] = os.path.realpath(root)
    _STATE["project"] = jedi.Project(project_path, added_sys_path=tuple(extra_sys_path))
    _STATE["abstract"] = {}


def check_file(job):
    rel, picked = job
    root = _STATE["root"]
    project = _STATE["project"]
    path = os.path.join(root, rel)
    data, _ = read_source(path)
    lines = data.split(b"\n")
    code = data.decode("utf-8", "replace")
    script = jedi.Script(code, path=path, project=project)
    out, stats = [], {"checked": 0, "written": 0, "ambiguous": 0, "unresolved": 0,
                      "variable": 0, "lib_value": 0, "error": 0}
    for line, col, name, kind, rpos in picked:
        stats["checked"] += 1
        try:
            defs = script.goto(line, byte_to_char_col(lines[line - 1], col), follow_imports=True)
        except Exception:  # jedi crashes on some constructs; treat as unresolved
            stats["error"] += 1
            continue
        # goto may list the same definition twice (stub + source); dedupe by position
        uniq = {}
        for d in defs:
            uniq[(str(d.module_path), d.line, d.column, d.type)] = d
        defs = list(uniq.values())
        if not defs:
            stats["unresolved"] += 1
            continue
        if len(defs) > 1:
            stats["ambiguous"] += 1
            continue
        d = defs[0]
        mp = os.path.realpath(str(d.module_path)) if d.module_path else None
        inside = mp is not None and (mp == root or mp.startswith(root + os.sep))
        if inside:
            if d.type not in CALLABLE_TYPES or d.line is None:
                stats["variable"] += 1
                continue
            trel = os.path.relpath(mp, root).replace(os.sep, "/")
            target = {"file": trel, "line": d.line, "name": d.name}
        elif d.type in CALLABLE_TYPES or d.type == "statement":
            target = None  # `statement`: a library alias such as random.choice, os.fspath
        else:
            # an instance outside the root: jedi failing on a decorator (a @classmethod in an Enum comes back as `builtins.classmethod`)
            stats["lib_value"] += 1
            if os.environ.get("PY_ORACLE_DEBUG"):
                print(f"lib_value {rel}:{line}:{col} {name} -> {d.type} {d.full_name}", file=sys.stderr)
            continue
        shape = kind
        if kind == "name" or kind == "chain":
            shape = "typed_receiver" if kind == "name" else "field_chain"
            try:
                rl, rc = rpos
                rdefs = script.goto(rl, byte_to_char_col(lines[rl - 1], rc), follow_imports=True)
                if rdefs and all(r.type in ("module", "class") for r in rdefs):
                    shape = "qualified"
            except Exception:
                pass
        if target is not None and d.type == "function" and \
                (target["line"], target["name"]) in abstract_defs(root, target["file"], _STATE["abstract"]):
            shape = "interface"
        out.append({"file": rel, "line": line, "col": col, "name": name, "target": target,
                    "shape": shape})
        stats["written"] += 1
    return rel, out, stats


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("root")
    ap.add_argument("--out", required=True)
    ap.add_argument("--sample", type=int, default=0, help="check N random call sites of the tree (0 = all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--project-path", help="sys.path entry that makes ROOT importable (default: see above)")
    ap.add_argument("--sys-path", action="append", default=[],
                    help="extra sys.path entries for dependencies (appended)")
    ap.add_argument("--progress", action="store_true")
    args = ap.parse_args()

    root = os.path.realpath(args.root)
    if args.project_path:
        project_path = os.path.realpath(args.project_path)
    elif os.path.isfile(os.path.join(root, "__init__.py")):
        project_path = os.path.dirname(root)
    else:
        project_path = root

    files = python_files(root)
    per_file, parsed, skipped = {}, [], []
    for rel in files:
        try:
            data, tree = read_source(os.path.join(root, rel))
        except (SyntaxError, ValueError, OSError):
            skipped.append(rel)
            continue
        parsed.append(rel)
        per_file[rel] = call_sites(data, tree)
    all_sites = [(rel, s) for rel in parsed for s in per_file[rel]]
    if args.sample and args.sample < len(all_sites):
        rng = random.Random(args.seed)
        chosen = rng.sample(all_sites, args.sample)
    else:
        chosen = all_sites
    jobs = {}
    for rel, s in chosen:
        jobs.setdefault(rel, []).append(s)
    work = [(rel, sorted(jobs[rel])) for rel in parsed if rel in jobs]

    header = {"oracle": f"jedi {jedi.__version__} (Script.goto follow_imports, python "
                        f"{sys.version_info.major}.{sys.version_info.minor})",
              "language": "python", "root": root, "files": parsed,
              "project_path": project_path, "sites_total": len(all_sites),
              "sites_checked": len(chosen), "sample": args.sample, "seed": args.seed}
    totals = {}
    t0 = time.time()
    results = {}
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs, _init_worker, (root, project_path, args.sys_path),
                                  maxtasksperchild=20) as pool:
            for rel, out, stats in pool.imap_unordered(check_file, work):
                results[rel] = out
                for k, v in stats.items():
                    totals[k] = totals.get(k, 0) + v
                if args.progress:
                    print(f"{rel}: {stats}", file=sys.stderr, flush=True)
    else:
        _init_worker(root, project_path, args.sys_path)
        for job in work:
            rel, out, stats = check_file(job)
            results[rel] = out
            for k, v in stats.items():
                totals[k] = totals.get(k, 0) + v
            if args.progress:
                print(f"{rel}: {stats} ({time.time() - t0:.0f}s)", file=sys.stderr, flush=True)
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write(json.dumps(header) + "\n")
        for rel in parsed:
            for site in results.get(rel, []):
                fh.write(json.dumps(site) + "\n")
    print(json.dumps({"root": root, "files": len(parsed), "unparsable": skipped,
                      "sites_total": len(all_sites), "sites_checked": len(chosen),
                      "seconds": round(time.time() - t0, 1), **totals}), file=sys.stderr)


if __name__ == "__main__":
    main()
