#!/usr/bin/env python3
"""Accuracy of codegraph-mcp on a Python tree, checked against Python's own `ast` module.

  tests/bench/cpython_accuracy.py [--binary build/codegraph-mcp] [TREE]

TREE defaults to /usr/lib/python3.11. The tree is indexed into a temporary database, then:

1. Definitions: every FunctionDef, AsyncFunctionDef and ClassDef that `ast` finds must be a
   symbol with the same name, in the same file, starting on the `def`/`class` line.
2. Certain calls: calls whose target `ast` alone proves, and which must be `calls` edges from the
   right caller to the right callee at the right line:
   a. a function calling a top-level function of its own module by bare name, where the module
      binds that name exactly once (one def, no assignment, import, global or del of it) and
      the caller does not bind it locally (parameter, assignment, import, nested def);
   b. `self.m()` inside a method of class C (first parameter `self`), where C itself defines
      method m exactly once and nothing in C assigns `self.m`.
Prints both figures and the most common misses; exit code 1 when definitions < 99% or
certain calls < 95%.
"""
import argparse, ast, collections, os, sqlite3, subprocess, sys, tempfile

def qualname_walk(tree):
    """Yields (node, qualified name, class stack) for defs, with nested names joined by '.'."""
    out = []
    def visit(node, prefix, classes):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                q = prefix + [child.name]
                out.append((child, ".".join(q), classes))
                visit(child, q, classes + [child] if isinstance(child, ast.ClassDef) else classes)
            else:
                visit(child, prefix, classes)
    visit(tree, [], [])
    return out

def bound_names(node):
    """Names a scope binds locally (params, assignments, imports, defs), not descending into defs."""
    names = set()
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        a = node.args
        for arg in a.posonlyargs + a.args + a.kwonlyargs + ([a.vararg] if a.vararg else []) + ([a.kwarg] if a.kwarg else []):
            names.add(arg.arg)
    def visit(n):
        for c in ast.iter_child_nodes(n):
            if isinstance(c, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(c.name)
                continue
            if isinstance(c, ast.Name) and isinstance(c.ctx, (ast.Store, ast.Del)):
                names.add(c.id)
            elif isinstance(c, (ast.Import, ast.ImportFrom)):
                for al in c.names:
                    names.add((al.asname or al.name).split(".")[0])
            elif isinstance(c, (ast.Global, ast.Nonlocal)):
                names.update(c.names)
            visit(c)
    for stmt in (node.body if hasattr(node, "body") else []):
        visit(ast.Module(body=[stmt], type_ignores=[]))
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(stmt.name)
    return names

def module_binding_counts(tree):
    counts = collections.Counter()
    for stmt in tree.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            counts[stmt.name] += 1
    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            counts[n.id] += 1
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            for al in n.names:
                counts[(al.asname or al.name).split(".")[0]] += 1
        elif isinstance(n, ast.Global):
            for g in n.names:
                counts[g] += 1
    return counts

def calls_in(func):
    """Calls inside a function body, not inside nested defs/classes/lambdas."""
    out = []
    def visit(n):
        for c in ast.iter_child_nodes(n):
            if isinstance(c, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                continue
            if isinstance(c, ast.Call):
                out.append(c)
            visit(c)
    for stmt in func.body:
        visit(ast.Module(body=[stmt], type_ignores=[]))
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            pass
    return out

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tree", nargs="?", default="/usr/lib/python3.11")
    ap.add_argument("--binary", default=os.path.join(os.path.dirname(__file__), "../../build/codegraph-mcp"))
    args = ap.parse_args()
    tree_root = os.path.realpath(args.tree)
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "index.db")
        subprocess.run([args.binary, "index", "--repo", tree_root, "--db", db], check=True,
                       stderr=subprocess.DEVNULL)
        con = sqlite3.connect(db)
        syms = collections.defaultdict(set)   # (path, name) -> {start lines}
        by_q = {}                              # (path, qualified) -> id (first)
        for sid, path, name, q, line in con.execute(
                "SELECT s.id, f.path, s.name, s.qualified_name, s.start_line FROM symbols s JOIN files f ON f.id=s.file_id"):
            syms[(path, name)].add(line)
            by_q.setdefault((path, q), sid)
        edges = set()
        for src, tgt, line in con.execute("SELECT source_id, target_id, line FROM refs WHERE kind='calls' AND target_id IS NOT NULL"):
            edges.add((src, tgt, line))
        indexed = {p for (p,) in con.execute("SELECT path FROM files WHERE language='python'")}

    def_total = def_found = 0
    call_total = call_found = 0
    def_miss = collections.Counter()
    call_miss = collections.Counter()
    for path in sorted(indexed):
        try:
            src = open(os.path.join(tree_root, path), "rb").read()
            tree = ast.parse(src)
        except (SyntaxError, ValueError):
            continue
        defs = qualname_walk(tree)
        for node, q, classes in defs:
            def_total += 1
            if node.lineno in syms.get((path, node.name), ()):
                def_found += 1
            else:
                def_miss[type(node).__name__] += 1
        counts = module_binding_counts(tree)
        top_funcs = {s.name for s in tree.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
        for node, q, classes in defs:
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            caller = by_q.get((path, q))
            local = bound_names(node)
            for call in calls_in(node):
                target_q = None
                f = call.func
                if isinstance(f, ast.Name) and f.id in top_funcs and counts[f.id] == 1 and f.id not in local:
                    target_q = f.id
                elif (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "self"
                      and classes and q.count(".") >= 1 and node.args.args and node.args.args[0].arg == "self"):
                    cls = classes[-1]
                    parent_q = q.rsplit(".", 1)[0]
                    if not parent_q.endswith(cls.name):
                        continue
                    methods = [s for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == f.attr]
                    assigned = any(isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store) and n.attr == f.attr
                                   for n in ast.walk(cls))
                    if len(methods) == 1 and not assigned:
                        target_q = parent_q + "." + f.attr
                if target_q is None:
                    continue
                call_total += 1
                target = by_q.get((path, target_q))
                if caller is not None and target is not None and (caller, target, call.lineno) in edges:
                    call_found += 1
                else:
                    call_miss["self-call" if "." in target_q else "module-call"] += 1
    dp = 100.0 * def_found / max(def_total, 1)
    cp = 100.0 * call_found / max(call_total, 1)
    print(f"tree: {tree_root}")
    print(f"definitions: {def_found}/{def_total} = {dp:.2f}%  misses by kind: {dict(def_miss)}")
    print(f"certain calls: {call_found}/{call_total} = {cp:.2f}%  misses: {dict(call_miss)}")
    return 0 if dp >= 99.0 and cp >= 95.0 else 1

if __name__ == "__main__":
    sys.exit(main())
