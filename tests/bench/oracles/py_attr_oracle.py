#!/usr/bin/python3
"""Python member-access oracle: jedi's `Script.goto` at sampled `x.attr` reads and writes,
against the accesses/assigns edges of an index of the same tree.

A site is an `ast.Attribute` that is not the callee of a call (`x.m()` is the call oracle's,
py_oracle.py), loaded (a read) or stored (a write, `x.a = v`, `x.a += v`). jedi says what it
names: every definition it lists inside ROOT an assignment in a method or the body of one class
C, or a @property of C, and all of them the same C -> the site names C.attr, a field of the
repository (`target`); a definition outside ROOT (library, built-in) or a method, class or
module -> the site names no field of the repository (`none`); no definition, or definitions in
several classes -> the site is not counted (jedi cannot say).

The index's answer for the site: the accesses (read) or assigns (write) reference of that name
made by the innermost symbol around the site (references are kept once per symbol, qualifier
and name), and its target when bound. Counted:

  recall     sites jedi names a field of, whose reference binds exactly that field
  precision  bound references at sites jedi decides, whose target is what jedi names
  wrong      bound to another field, or bound where jedi names none

One command (jedi and the corpus from Debian, as py_oracle.py):

    /usr/bin/python3 tests/bench/oracles/py_attr_oracle.py /tmp/pycorpus/jinja2 --db /tmp/py-jinja2.db \\
        --sample 2000 --seed 1

The project path is ROOT's parent when ROOT is a package (as py_oracle.py). --examples K prints K
sites of each disagreement.
"""
import argparse
import ast
import os
import random
import sqlite3
import sys

import jedi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# The tree walk and the parse, and jedi without its third-party stubs, as the call oracle has them.
from py_oracle import python_files, read_source as parse  # noqa: E402

PROPERTY_DECORATORS = {"property", "cached_property", "setter", "getter", "deleter"}
# Right: the field jedi names, or the same attribute declared by a class up or down its hierarchy
# (classes matched by name from the bases as written: the one check not made by jedi).


def sites_of(data, tree):
    """[(line, byte_col, attr, 'read'|'write', receiver shape, receiver as written)] of the file's
    member accesses."""
    callees = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    lines = data.split(b"\n")
    text = data.decode("utf-8", "replace")
    out = []
    for n in ast.walk(tree):
        if not isinstance(n, ast.Attribute) or id(n) in callees or isinstance(n.ctx, ast.Del):
            continue
        line = n.end_lineno
        attr = n.attr.encode("utf-8")
        col = n.end_col_offset - len(attr)
        if lines[line - 1][col:col + len(attr)] != attr:
            continue  # an unusual layout: the name is not where the node ends
        v = n.value
        shape = ("self" if isinstance(v, ast.Name) and v.id in ("self", "cls") else
                 "name" if isinstance(v, ast.Name) else
                 "chain" if isinstance(v, ast.Attribute) else "other")
        written = "".join((ast.get_source_segment(text, v) or "").split())
        out.append((line, col, n.attr, "write" if isinstance(n.ctx, ast.Store) else "read", shape, written))
    return out


def property_lines(tree):
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for d in n.decorator_list:
                name = d.attr if isinstance(d, ast.Attribute) else getattr(d, "id", None)
                if name in PROPERTY_DECORATORS:
                    out.add(n.lineno)
    return out


class Oracle:
    def __init__(self, root, project_path):
        self.root = os.path.realpath(root)
        self.project = jedi.Project(project_path)
        self.properties = {}

    def is_property(self, path, line):
        if path not in self.properties:
            try:
                self.properties[path] = property_lines(parse(path)[1])
            except (SyntaxError, OSError, ValueError):
                self.properties[path] = set()
        return line in self.properties[path]

    def inside(self, d):
        mp = os.path.realpath(str(d.module_path)) if d.module_path else None
        return mp is not None and (mp == self.root or mp.startswith(self.root + os.sep))

    def answer(self, script, line, char_col, attr):
        """('target', 'mod.Class', attr) | ('none',) | None when jedi cannot say."""
        try:
            defs = script.goto(line, char_col, follow_imports=True)
        except Exception:
            return None
        if not defs:
            return None
        owners = set()
        for d in defs:
            if not self.inside(d):
                return ("none",)
            if d.type == "statement":
                p = d.parent()
                owner = p.parent() if p is not None and p.type == "function" else p
            elif d.type == "property" or (d.type == "function" and self.is_property(str(d.module_path), d.line)):
                owner = d.parent()
            else:
                return ("none",)  # a method, a class, a module
            if owner is None or owner.type != "class":
                return ("none",) if owner is not None and owner.type == "module" else None
            owners.add(owner.full_name)
        if len(owners) != 1:
            return None
        return ("target", owners.pop(), attr)


def class_bases(root, package):
    """{class full name: [base full names]} of ROOT's classes, a base as written matched to the
    repository's classes by its last name (of several, those of the same module; else all)."""
    written, by_name = {}, {}
    for rel in python_files(root):
        try:
            _, tree = parse(os.path.join(root, rel))
        except (SyntaxError, OSError, ValueError):
            continue
        module = module_of(rel, package)

        def visit(node, prefix):
            for n in ast.iter_child_nodes(node):
                if isinstance(n, ast.ClassDef):
                    full = f"{prefix}.{n.name}"
                    names = []
                    for b in n.bases:
                        t = b.attr if isinstance(b, ast.Attribute) else getattr(b, "id", None)
                        if isinstance(b, ast.Subscript):
                            v = b.value
                            t = v.attr if isinstance(v, ast.Attribute) else getattr(v, "id", None)
                        if t:
                            names.append(t)
                    written[full] = (module, names)
                    by_name.setdefault(n.name, []).append(full)
                    visit(n, full)
                elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    continue
        visit(tree, module)
    bases = {}
    for full, (module, names) in written.items():
        out = []
        for t in names:
            # Never the class itself: `class HTMLTranslator(_html_base.HTMLTranslator)`.
            cands = [c for c in by_name.get(t, []) if c != full]
            same = [c for c in cands if c.startswith(module + ".")]
            out += same or cands
        bases[full] = out
    return bases


def ancestors(bases, cls):
    seen, todo = set(), [cls]
    while todo:
        c = todo.pop()
        for b in bases.get(c, []):
            if b not in seen:
                seen.add(b)
                todo.append(b)
    return seen


def module_of(path, package):
    """The dotted module of a path below ROOT, as jedi names it (`package`: ROOT's own name when
    ROOT is a package, else "")."""
    m = path[:-3] if path.endswith(".py") else path
    if m == "__init__" or m.endswith("/__init__"):
        m = m[: -len("__init__")].rstrip("/")
    parts = [p for p in (package, m.replace("/", ".")) if p]
    return ".".join(parts)


def index_answer(db, prefix, package, rel, line, attr, kind, written):
    """(class, attr) of the reference's target for the site: '' unbound, None no reference (the
    reference of the innermost symbol around the site with the same receiver as written)."""
    rows = db.execute(
        "SELECT r.dropped, ts.uid, ts.qualified_name, tf.path, coalesce(ss.start_line, 0), r.qualifier "
        "FROM refs r "
        "JOIN files f ON f.id = r.file_id LEFT JOIN symbols ss ON ss.id = r.source_id "
        "LEFT JOIN symbols ts ON ts.id = r.target_id LEFT JOIN files tf ON tf.id = ts.file_id "
        "WHERE f.path = ? AND r.name = ? AND r.kind = ? AND "
        "(r.source_id IS NULL OR (ss.start_line <= ? AND ss.end_line >= ?))",
        (prefix + rel, attr, "assigns" if kind == "write" else "accesses", line, line)).fetchall()
    if not rows:
        return None
    # The receiver as the index writes it: `self` for the method's own receiver name.
    rows = [r for r in rows if r[5] == written or (r[5] == "self" and written in ("self", "cls"))]
    if not rows:
        return None
    inner = max(r[4] for r in rows)
    rows = [r for r in rows if r[4] == inner]
    bound = {(module_of(r[3][len(prefix):], package) + "." + r[2].rsplit(".", 1)[0], r[2].rsplit(".", 1)[-1])
             for r in rows if r[1] and "." in r[2]}
    if len(bound) == 1:
        return bound.pop()
    return "" if not bound else "several"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("root")
    ap.add_argument("--db", required=True, help="an index of ROOT (codegraph-mcp index --repo ROOT --db DB)")
    ap.add_argument("--prefix", default="", help="ROOT's path inside the indexed repository, e.g. 'jinja2/'")
    ap.add_argument("--sample", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--examples", type=int, default=0)
    args = ap.parse_args()
    root = os.path.realpath(args.root)
    is_package = os.path.exists(os.path.join(root, "__init__.py"))
    project_path = os.path.dirname(root) if is_package else root
    package = os.path.basename(root) if is_package else ""
    oracle = Oracle(root, project_path)
    all_sites = []
    for rel in python_files(root):
        try:
            data, tree = parse(os.path.join(root, rel))
        except (SyntaxError, OSError, ValueError):
            continue
        all_sites += [(rel,) + s for s in sites_of(data, tree)]
    rng = random.Random(args.seed)
    picked = sorted(rng.sample(all_sites, min(args.sample, len(all_sites))))
    db = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
    bases = class_bases(root, package)
    counts = {k: 0 for k in ("sites", "undecided", "field", "field_bound_right", "field_unbound",
                             "field_bound_wrong", "none", "none_bound", "no_reference", "hierarchy")}
    by_shape = {}
    examples = {"missed": [], "wrong": [], "bound_to_none": []}
    scripts = {}
    for rel, line, col, attr, kind, shape, written in picked:
        counts["sites"] += 1
        path = os.path.join(root, rel)
        if rel not in scripts:
            scripts.clear()
            data = open(path, "rb").read()
            scripts[rel] = (jedi.Script(data.decode("utf-8", "replace"), path=path, project=oracle.project),
                            data.split(b"\n"))
        script, lines = scripts[rel]
        char_col = len(lines[line - 1][:col].decode("utf-8", "replace"))
        said = oracle.answer(script, line, char_col, attr)
        if said is None:
            counts["undecided"] += 1
            continue
        ours = index_answer(db, args.prefix, package, rel, line, attr, kind, written)
        s = by_shape.setdefault(shape, {"field": 0, "right": 0, "bound": 0, "bound_right": 0})
        site = f"{rel}:{line} {kind} .{attr} ({shape})"
        if ours is None:
            counts["no_reference"] += 1
        if ours not in (None, "") and ours != "several":
            s["bound"] += 1
        if said[0] == "target":
            counts["field"] += 1
            s["field"] += 1
            # The same attribute of the same objects, declared by a class up or down the
            # hierarchy (`self.outdir` assigned in Builder.__init__ and again in a subclass).
            related = (ours not in (None, "", "several") and ours[1] == said[2] and
                       (ours[0] in ancestors(bases, said[1]) or said[1] in ancestors(bases, ours[0])))
            if related:
                counts["hierarchy"] += 1
            if ours == (said[1], said[2]) or related:
                counts["field_bound_right"] += 1
                s["right"] += 1
                s["bound_right"] += 1
            elif ours in (None, "", "several"):
                counts["field_unbound"] += 1
                examples["missed"].append(f"{site}: jedi {said[1]}.{said[2]}")
            else:
                counts["field_bound_wrong"] += 1
                examples["wrong"].append(f"{site}: jedi {said[1]}.{said[2]}, index {ours[0]}.{ours[1]}")
        else:
            counts["none"] += 1
            if ours not in (None, "", "several"):
                counts["none_bound"] += 1
                examples["bound_to_none"].append(f"{site}: jedi none, index {ours[0]}.{ours[1]}")
    bound = counts["field_bound_right"] + counts["field_bound_wrong"] + counts["none_bound"]
    recall = counts["field_bound_right"] / counts["field"] if counts["field"] else 0.0
    precision = counts["field_bound_right"] / bound if bound else 0.0
    print(f"{root}: {len(all_sites)} member reads and writes, {counts['sites']} sampled (seed {args.seed})")
    print(f"  jedi undecided: {counts['undecided']}; a field of the repository: {counts['field']}; "
          f"no field of the repository: {counts['none']}")
    print(f"  (right: the class jedi names, or one up or down its hierarchy declaring the same attribute: "
          f"{counts['hierarchy']})")
    print(f"  recall    {counts['field_bound_right']}/{counts['field']} = {100 * recall:.1f}%  "
          f"(unbound {counts['field_unbound']}; bound elsewhere {counts['field_bound_wrong']}; "
          f"sites with no reference of that receiver as written: {counts['no_reference']})")
    print(f"  precision {counts['field_bound_right']}/{bound} = {100 * precision:.1f}%  "
          f"(bound where jedi names no field: {counts['none_bound']})")
    for shape, s in sorted(by_shape.items()):
        r = s["right"] / s["field"] if s["field"] else 0.0
        p = s["bound_right"] / s["bound"] if s["bound"] else 0.0
        print(f"  {shape:6} fields {s['field']:5}  recall {100 * r:5.1f}%  bound {s['bound']:5}  precision {100 * p:5.1f}%")
    if args.examples:
        for k, v in examples.items():
            for e in v[: args.examples]:
                print(f"  {k}: {e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
