#!/usr/bin/env python3
"""Derive answer_key.json for the agent benchmark from the corpus source (never from codegraph-mcp).

    python3 tests/bench/agent/derive_key.py /tmp/agentbench/sphinx [-o tests/bench/agent/answer_key.json]

How: Python's ast indexes every definition of the corpus (sphinx/**.py) and finds every candidate
site of a question (each call whose callee is spelled NAME, each attribute access .NAME, ...).
Where the answer depends on a receiver's type, the candidate sites are classified by hand in the
tables below; each entry records why its receiver is (or is not) the class asked about, checked by
reading the code (and grep). The script fails when the corpus has a candidate site that no table
entry classifies, or an entry that matches no site, so a different corpus cannot silently give a
different key. Questions whose answer is structural (definitions, class bases, top-level names)
are computed from the ast alone.

Conventions (also stated in questions.json and README.md):
  - qualified name: the module's dotted path (a package's __init__.py is the package), then the
    class and function names: sphinx.builders.Builder.read, sphinx.util.get_filetype.
  - path:line: path relative to the corpus root, line (1-based) of the `def`/`class` keyword.
  - a call or access site belongs to its outermost enclosing function: a module-level function or
    a method of a module-level class (module-level if/try blocks included); code in nested
    functions, lambdas and nested classes counts for that outer function.
Standard library only.
"""
import argparse
import ast
import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


# ----------------------------------------------------------------------------------------------
# index

class Corpus:
    def __init__(self, root):
        self.root = root
        self.files = {}   # rel path -> (module, tree)
        self.mod2rel = {}
        for dp, dn, fn in os.walk(os.path.join(root, "sphinx")):
            dn[:] = sorted(d for d in dn if d != "__pycache__")
            for f in sorted(fn):
                if not f.endswith(".py"):
                    continue
                rel = os.path.relpath(os.path.join(dp, f), root)
                mod = rel[:-3].replace("/", ".")
                if mod.endswith(".__init__"):
                    mod = mod[: -len(".__init__")]
                with open(os.path.join(dp, f), encoding="utf-8") as fh:
                    tree = ast.parse(fh.read(), rel)
                self.files[rel] = (mod, tree)
                self.mod2rel[mod] = rel
        self.defs = {}            # qual -> dict(kind, path, line, name, node, cls, unit)
        self.unit_nodes = {}      # unit qual -> node (outermost functions)
        self.site_unit = {}       # id(node) -> unit qual (or module name)
        self.site_path = {}       # id(node) -> rel path
        self.imports = {}         # module -> {local name: qualified target}
        for rel, (mod, tree) in self.files.items():
            self.imports[mod] = self._imports(mod, rel, tree)
            self._walk(rel, mod, tree, prefix=mod, unit=None, in_func=False)
        self.classes = {q: d for q, d in self.defs.items() if d["kind"] == "class"}
        self.bases = {q: [self.resolve_expr(d["module"], b) for b in d["node"].bases]
                      for q, d in self.classes.items()}

    def _imports(self, mod, rel, tree):
        table = {}
        pkg = mod if rel.endswith("__init__.py") else mod.rpartition(".")[0]
        for n in ast.walk(tree):
            if isinstance(n, ast.ImportFrom):
                base = n.module or ""
                if n.level:
                    p = pkg
                    for _ in range(n.level - 1):
                        p = p.rpartition(".")[0]
                    base = p + ("." + base if base else "")
                for a in n.names:
                    table[a.asname or a.name] = base + "." + a.name
            elif isinstance(n, ast.Import):
                for a in n.names:
                    if a.asname:
                        table[a.asname] = a.name
                    else:
                        table[a.name.split(".")[0]] = a.name.split(".")[0]
        return table

    def _walk(self, rel, mod, node, prefix, unit, in_func):
        for ch in ast.iter_child_nodes(node):
            if isinstance(ch, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                qual = prefix + "." + ch.name
                is_func = not isinstance(ch, ast.ClassDef)
                kind = "class" if not is_func else ("method" if isinstance(node, ast.ClassDef) else "function")
                new_unit = unit
                if unit is None and is_func:
                    new_unit = qual
                    self.unit_nodes[qual] = ch
                # the first definition of a name wins (conditional redefinitions keep the first line)
                self.defs.setdefault(qual, dict(kind=kind, path=rel, line=ch.lineno, name=ch.name,
                                                node=ch, module=mod, unit=new_unit, nested=in_func))
                self.site_unit[id(ch)] = unit or mod
                self.site_path[id(ch)] = rel
                self._walk(rel, mod, ch, qual, new_unit, in_func or is_func)
            else:
                self.site_unit[id(ch)] = unit or mod
                self.site_path[id(ch)] = rel
                self._walk(rel, mod, ch, prefix, unit, in_func)

    # names and classes ------------------------------------------------------------------------
    def resolve_name(self, mod, dotted):
        """Resolve a dotted name used in module `mod` to a qualified name (follows imports and
        re-exports inside the corpus); external names come back as their import target."""
        head, _, rest = dotted.partition(".")
        local = mod + "." + head
        if local in self.defs and not self.defs[local]["nested"]:
            q = local
        elif head in self.imports[mod]:
            q = self.imports[mod][head]
        else:
            return dotted
        q = q + ("." + rest if rest else "")
        return self.follow(q)

    def follow(self, q, depth=0):
        if q in self.defs or depth > 10:
            return q
        # q = module.name...: find the longest module prefix, then resolve the rest there
        parts = q.split(".")
        for i in range(len(parts) - 1, 0, -1):
            m = ".".join(parts[:i])
            if m in self.mod2rel:
                rest = parts[i:]
                if rest[0] in self.imports[m]:
                    return self.follow(".".join([self.imports[m][rest[0]]] + rest[1:]), depth + 1)
                return q
        return q

    def resolve_expr(self, mod, expr):
        if isinstance(expr, ast.Subscript):       # Generic[T], MutableMapping[str, Domain]
            expr = expr.value
        return self.resolve_name(mod, ast.unparse(expr))

    def subclasses(self, cls, transitive):
        direct = collections.defaultdict(set)
        for c, bs in self.bases.items():
            for b in bs:
                direct[b].add(c)
        if not transitive:
            return set(direct[cls])
        out, todo = set(), [cls]
        while todo:
            for c in direct[todo.pop()]:
                if c not in out:
                    out.add(c)
                    todo.append(c)
        return out

    # sites ------------------------------------------------------------------------------------
    def nodes(self):
        for rel, (mod, tree) in self.files.items():
            for n in ast.walk(tree):
                yield rel, n

    def call_sites(self, name):
        """Every call whose callee is spelled NAME or X.NAME: (path, line, unit, callee source)."""
        out = []
        for rel, n in self.nodes():
            if isinstance(n, ast.Call):
                f = n.func
                if (isinstance(f, ast.Attribute) and f.attr == name) or (isinstance(f, ast.Name) and f.id == name):
                    out.append((rel, n.lineno, self.site_unit[id(n)], ast.unparse(f)))
        return out

    def attr_sites(self, name):
        """Every attribute access .NAME: (path, line, unit, 'load'|'store'|'del', source)."""
        out = []
        for rel, n in self.nodes():
            if isinstance(n, ast.Attribute) and n.attr == name:
                ctx = {ast.Load: "load", ast.Store: "store", ast.Del: "del"}[type(n.ctx)]
                out.append((rel, n.lineno, self.site_unit[id(n)], ctx, ast.unparse(n)))
        return out

    def calls_in(self, unit):
        node = self.unit_nodes[unit]
        return [n for n in ast.walk(node) if isinstance(n, ast.Call)]

    def def_of(self, qual):
        if qual not in self.defs:
            raise SystemExit(f"derive_key: {qual} is not defined in the corpus")
        d = self.defs[qual]
        return f"{d['path']}:{d['line']}"


def classify(sites, table, what):
    """sites: [(path, line, unit, ...)]; table: {(path, line): (bool, reason)}.
    Every site must be classified and every entry must match a site. Returns (accepted units,
    evidence lines)."""
    keys = collections.Counter((s[0], s[1]) for s in sites)
    missing = sorted(set(keys) - set(table))
    extra = sorted(set(table) - set(keys))
    if missing or extra:
        raise SystemExit(f"derive_key: {what}: unclassified sites {missing}, entries matching no site {extra}")
    units, evidence = set(), []
    for s in sorted(sites, key=lambda s: (s[0], s[1])):
        ok, why = table[(s[0], s[1])]
        if ok:
            units.add(s[2])
        evidence.append(f"{s[0]}:{s[1]} in {s[2]} `{s[-1]}`: {'YES' if ok else 'no'} - {why}")
    return units, sorted(set(evidence), key=evidence.index)


# ----------------------------------------------------------------------------------------------
# hand-checked tables (each reason was checked by reading the code at that line)

ENV_BUILDER = ("self.env of a Builder: Builder.__init__ sets `self.env: BuildEnvironment = env` "
               "and set_environment(env: BuildEnvironment) (sphinx/builders/__init__.py 89-123)")

CLEAR_DOC = {
    ("sphinx/builders/__init__.py", 417): (True, ENV_BUILDER),
    ("sphinx/builders/__init__.py", 453): (True, ENV_BUILDER),
    ("sphinx/builders/__init__.py", 467): (True, ENV_BUILDER),
    ("sphinx/environment/__init__.py", 349): (False, "`domain` iterates self.domains.values(): Domain objects -> Domain.clear_doc and its overrides"),
    ("sphinx/domains/c.py", 1623): (False, "sChild iterates self._children of a c.Symbol -> sphinx.domains.c.Symbol.clear_doc"),
    ("sphinx/domains/c.py", 3808): (False, "rootSymbol = self.data['root_symbol'], a c.Symbol (CDomain.initial_data)"),
    ("sphinx/domains/cpp.py", 4334): (False, "sChild iterates self._children of a cpp.Symbol -> sphinx.domains.cpp.Symbol.clear_doc"),
    ("sphinx/domains/cpp.py", 7896): (False, "rootSymbol = self.data['root_symbol'], a cpp.Symbol (CPPDomain.initial_data)"),
}

APP_VIA_ENV = ("BuildEnvironment.app is annotated `self.app: Sphinx` (sphinx/environment/__init__.py:149) "
               "and set from the Sphinx object in BuildEnvironment.setup")
EVENTS = "an EventManager: `self.events: EventManager` (Builder, BuildEnvironment) / `self.events = EventManager(self)` (Sphinx)"
SPHINX_EMIT = {
    ("sphinx/io.py", 113): (False, "env.events: BuildEnvironment.events is an EventManager -> EventManager.emit"),
    ("sphinx/application.py", 241): (False, "self.events of Sphinx: EventManager(self) (application.py:175)"),
    ("sphinx/application.py", 329): (False, "self.events of Sphinx: EventManager"),
    ("sphinx/application.py", 343): (False, "self.events of Sphinx: EventManager"),
    ("sphinx/application.py", 349): (False, "self.events of Sphinx: EventManager"),
    ("sphinx/application.py", 452): (False, "inside Sphinx.emit itself: self.events.emit, EventManager"),
    ("sphinx/events.py", 115): (False, "self.emit inside EventManager.emit_firstresult: EventManager.emit"),
    ("sphinx/util/logging.py", 157): (False, "super().emit in NewLineStreamHandler: logging.StreamHandler.emit"),
    ("sphinx/transforms/__init__.py", 381): (True, "DoctreeReadEvent(SphinxTransform).apply: self.app is the SphinxTransform.app property, `-> 'Sphinx'`, returning self.env.app"),
    ("sphinx/builders/__init__.py", 397): (False, EVENTS),
    ("sphinx/builders/__init__.py", 416): (False, EVENTS),
    ("sphinx/builders/__init__.py", 422): (False, EVENTS),
    ("sphinx/builders/__init__.py", 439): (False, EVENTS),
    ("sphinx/builders/__init__.py", 452): (False, EVENTS),
    ("sphinx/builders/__init__.py", 466): (False, EVENTS),
    ("sphinx/builders/html/__init__.py", 705): (False, EVENTS),
    ("sphinx/environment/__init__.py", 367): (False, EVENTS),
    ("sphinx/environment/__init__.py", 496): (False, EVENTS),
    ("sphinx/environment/__init__.py", 642): (False, EVENTS),
    ("sphinx/environment/__init__.py", 699): (False, EVENTS),
    ("sphinx/directives/__init__.py", 265): (True, "ObjectDescription(SphinxDirective).run: self.env is the SphinxDirective.env property -> BuildEnvironment; " + APP_VIA_ENV),
    ("sphinx/ext/todo.py", 91): (True, "TodoDomain.process_doc(self, env: BuildEnvironment, ...): env.app; " + APP_VIA_ENV),
    ("sphinx/ext/autodoc/__init__.py", 547): (True, "Documenter: `self.env: BuildEnvironment = directive.env` (autodoc/__init__.py:317); " + APP_VIA_ENV),
    ("sphinx/ext/autodoc/__init__.py", 1283): (True, "FunctionDocumenter(Documenter): self.env.app, as above"),
    ("sphinx/ext/autodoc/__init__.py", 1496): (True, "ClassDocumenter(Documenter): self.env.app, as above"),
    ("sphinx/ext/autodoc/__init__.py", 1512): (True, "ClassDocumenter: self.env.app"),
    ("sphinx/ext/autodoc/__init__.py", 1523): (True, "ClassDocumenter: self.env.app"),
    ("sphinx/ext/autodoc/__init__.py", 1535): (True, "ClassDocumenter: self.env.app"),
    ("sphinx/ext/autodoc/__init__.py", 1669): (False, "self.env.events: EventManager"),
    ("sphinx/ext/autodoc/__init__.py", 2155): (True, "MethodDocumenter(DocstringSignatureMixin, ClassLevelDocumenter): self.env.app"),
    ("sphinx/ext/autodoc/__init__.py", 2159): (True, "MethodDocumenter: self.env.app"),
}

# Builder.read_doc: every call in its body -> the repository definition it calls, or None
READ_DOC_CALLS = {
    "self.env.prepare_settings": ("sphinx.environment.BuildEnvironment.prepare_settings", ENV_BUILDER),
    "path.join": (None, "os.path (from os import path)"),
    "path.isfile": (None, "os.path"),
    "self.env.note_dependency": ("sphinx.environment.BuildEnvironment.note_dependency", ENV_BUILDER),
    "self.env.doc2path": ("sphinx.environment.BuildEnvironment.doc2path",
                          ENV_BUILDER + "; not sphinx.project.Project.doc2path"),
    "get_filetype": ("sphinx.util.get_filetype", "from sphinx.util import get_filetype"),
    "self.app.registry.get_publisher": ("sphinx.registry.SphinxComponentRegistry.get_publisher",
                                        "Builder.app: Sphinx; Sphinx.__init__ sets self.registry = SphinxComponentRegistry() (application.py:134)"),
    "DependencyList": (None, "docutils.utils.DependencyList"),
    "sphinx_domains": ("sphinx.util.docutils.sphinx_domains", "from sphinx.util.docutils import sphinx_domains; a class, instantiated"),
    "rst.default_role": ("sphinx.util.rst.default_role", "from sphinx.util import rst; rst.default_role is a @contextmanager function"),
    "codecs.register_error": (None, "standard library"),
    "UnicodeDecodeErrorHandler": ("sphinx.util.UnicodeDecodeErrorHandler", "from sphinx.util import UnicodeDecodeErrorHandler; a class, instantiated"),
    "publisher.set_source": (None, "publisher comes from SphinxComponentRegistry.get_publisher -> docutils.core.Publisher (registry.py:498)"),
    "publisher.publish": (None, "docutils.core.Publisher.publish"),
    "max": (None, "builtin"),
    "time.time": (None, "standard library"),
    "path.getmtime": (None, "os.path"),
    "self.env.temp_data.clear": (None, "BuildEnvironment.temp_data is a dict"),
    "self.env.ref_context.clear": (None, "BuildEnvironment.ref_context is a dict"),
    "self.write_doctree": ("sphinx.builders.Builder.write_doctree", "self is a Builder; no subclass overrides write_doctree (checked below)"),
}

# BuildEnvironment.get_and_resolve_doctree: level 1 and level 2 callers
GET_AND_RESOLVE = {
    ("sphinx/builders/__init__.py", 578): (True, ENV_BUILDER),
    ("sphinx/builders/__init__.py", 592): (True, ENV_BUILDER),
    ("sphinx/builders/__init__.py", 612): (True, ENV_BUILDER + " (in the nested on_chunk_done, counted for _write_parallel)"),
    ("sphinx/builders/_epub_base.py", 222): (True, ENV_BUILDER + " (EpubBuilder is a Builder)"),
    ("sphinx/builders/_epub_base.py", 674): (True, ENV_BUILDER),
    ("sphinx/builders/epub3.py", 162): (True, ENV_BUILDER),
}
LEVEL2 = {
    "_write_serial": {("sphinx/builders/__init__.py", 571): (True, "self._write_serial in Builder.write")},
    "_write_parallel": {("sphinx/builders/__init__.py", 568): (True, "self._write_parallel in Builder.write")},
    "get_toc": {("sphinx/builders/epub3.py", 72): (True, "self.get_toc in Epub3Builder(EpubBuilder).handle_finish")},
    "build_toc": {
        ("sphinx/builders/epub3.py", 77): (True, "self.build_toc in Epub3Builder.handle_finish -> EpubBuilder.build_toc"),
        ("sphinx/environment/collectors/toctree.py", 84): (False, "build_toc here is the function nested in TocTreeCollector.process_doc"),
        ("sphinx/environment/collectors/toctree.py", 92): (False, "nested build_toc of TocTreeCollector.process_doc (recursion)"),
        ("sphinx/environment/collectors/toctree.py", 152): (False, "nested build_toc of TocTreeCollector.process_doc"),
    },
    "build_navigation_doc": {("sphinx/builders/epub3.py", 76): (True, "self.build_navigation_doc in Epub3Builder.handle_finish")},
}

WRITE_DOC_CALLS = {
    ("sphinx/builders/__init__.py", 581): (True, "self.write_doc in Builder._write_serial"),
    ("sphinx/builders/__init__.py", 587): (True, "self.write_doc in write_process, nested in Builder._write_parallel"),
    ("sphinx/builders/__init__.py", 595): (True, "self.write_doc in Builder._write_parallel"),
    ("sphinx/builders/singlehtml.py", 155): (True, "self.write_doc in SingleFileHTMLBuilder.write (a Builder subclass)"),
    ("sphinx/builders/_epub_base.py", 368): (True, "super().write_doc in EpubBuilder.write_doc -> StandaloneHTMLBuilder.write_doc"),
}

DOCTREEDIR = {
    # (path, line): (is a read of BuildEnvironment.doctreedir, reason); stores are listed too
    ("sphinx/application.py", 139): (False, "store, Sphinx.doctreedir"),
    ("sphinx/application.py", 287): (False, "self is Sphinx"),
    ("sphinx/application.py", 346): (False, "self is Sphinx"),
    ("sphinx/builders/__init__.py", 85): (False, "app.doctreedir (Sphinx) read, self.doctreedir (Builder) stored"),
    ("sphinx/builders/__init__.py", 86): (False, "self is a Builder: Builder.doctreedir"),
    ("sphinx/builders/__init__.py", 342): (False, "Builder.doctreedir"),
    ("sphinx/builders/__init__.py", 539): (False, "Builder.doctreedir"),
    ("sphinx/cmd/build.py", 207): (False, "args: argparse.Namespace"),
    ("sphinx/cmd/build.py", 208): (False, "args: argparse.Namespace, store"),
    ("sphinx/cmd/build.py", 277): (False, "args: argparse.Namespace"),
    ("sphinx/environment/__init__.py", 150): (False, "store in BuildEnvironment.__init__"),
    ("sphinx/environment/__init__.py", 262): (False, "store self.doctreedir = app.doctreedir (reads Sphinx.doctreedir)"),
    ("sphinx/environment/__init__.py", 455): (True, "self.doctreedir read in a BuildEnvironment method"),
    ("sphinx/environment/__init__.py", 569): (True, "self.doctreedir read in BuildEnvironment.get_doctree"),
    ("sphinx/ext/autosummary/__init__.py", 150): (False, "store, FakeApplication.doctreedir"),
    ("sphinx/transforms/post_transforms/images.py", 37): (False, "self.app.doctreedir: Sphinx"),
    ("sphinx/versioning.py", 154): (True, "UIDTransform(SphinxTransform).apply: env = self.env, the SphinxTransform.env property -> BuildEnvironment"),
}

CONFIG_STATUS = {
    ("sphinx/builders/__init__.py", 393): (False, "load"),
    ("sphinx/builders/__init__.py", 407): (False, "load"),
    ("sphinx/builders/__init__.py", 444): (True, "store: " + ENV_BUILDER),
    ("sphinx/environment/__init__.py", 153): (True, "store in BuildEnvironment.__init__"),
    ("sphinx/environment/__init__.py", 285): (True, "store in BuildEnvironment._update_config"),
    ("sphinx/environment/__init__.py", 288): (True, "store"),
    ("sphinx/environment/__init__.py", 290): (True, "store"),
    ("sphinx/environment/__init__.py", 303): (True, "store"),
}

# call chains: each hop (caller, callee, path:line of the call, why that call reaches callee)
CHAIN_MAIN_FIND_FILES = [
    ("sphinx.cmd.build.main", "sphinx.cmd.build.build_main", 315, "build_main(argv), module-level function of the same file"),
    ("sphinx.cmd.build.build_main", "sphinx.application.Sphinx.__init__", 276, "app = Sphinx(...) (from sphinx.application import Sphinx): the instantiation runs Sphinx.__init__"),
    ("sphinx.application.Sphinx.__init__", "sphinx.application.Sphinx._post_init_env", 253, "self._post_init_env()"),
    ("sphinx.application.Sphinx._post_init_env", "sphinx.environment.BuildEnvironment.find_files", 312,
     "self.env.find_files(...): Sphinx.env is set by self.env = self._init_env(freshenv), annotated -> BuildEnvironment"),
]
CHAIN_AUTODOC = [
    ("sphinx.ext.autodoc.directive.AutodocDirective.run", "sphinx.ext.autodoc.Documenter.generate", 148,
     "documenter = doccls(params, ...), doccls = self.env.app.registry.documenters[objtype]: a Documenter subclass "
     "(SphinxComponentRegistry.documenters: Dict[str, Type[Documenter]]); Documenter.generate is the generate "
     "all of them inherit (ClassDocumenter's override calls it through super())"),
    ("sphinx.ext.autodoc.Documenter.generate", "sphinx.ext.autodoc.Documenter.add_content", 951, "self.add_content(more_content)"),
    ("sphinx.ext.autodoc.Documenter.add_content", "sphinx.ext.autodoc.Documenter.process_doc", 587, "self.process_doc(docstrings); no subclass overrides process_doc"),
]
# A shortest path in the name-based call graph (an over-approximation: a call spelled X.f reaches
# every definition named f) that is not the chain above must be refuted here.
CHAIN_REFUTED = {
    ("sphinx.cmd.build.main", "sphinx.cmd.build.build_main", "sphinx.application.Sphinx.__init__",
     "sphinx.builders.Builder.read", "sphinx.environment.BuildEnvironment.find_files"):
    "Sphinx.__init__ -> Builder.read is a name-only edge: its only call spelled .read is "
    "Config.read(self.confdir, ...) at sphinx/application.py:196, the classmethod sphinx.config.Config.read",
    ("sphinx.cmd.build.main", "sphinx.cmd.build.build_main", "sphinx.builders.Builder.build",
     "sphinx.builders.Builder.read", "sphinx.environment.BuildEnvironment.find_files"):
    "build_main -> Builder.build is a name-only edge: its call spelled .build is app.build(...) at "
    "sphinx/cmd/build.py:281 with app = Sphinx(...), i.e. sphinx.application.Sphinx.build (which reaches "
    "Builder.build only through build_all/build_specific/build_update: longer)",
}


# ----------------------------------------------------------------------------------------------

def name_graph(c):
    """unit -> set of units it may call, by name only (over-approximation)."""
    by_name = collections.defaultdict(set)
    for q, d in c.defs.items():
        if d["kind"] in ("function", "method") and not d["nested"]:
            by_name[d["name"]].add(q)
        if d["kind"] == "class" and q + ".__init__" in c.defs:
            by_name[d["name"]].add(q + ".__init__")
    g = collections.defaultdict(set)
    for unit in c.unit_nodes:
        for call in c.calls_in(unit):
            f = call.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
            if name:
                g[unit] |= by_name.get(name, set())
    return g


def shortest_paths(g, a, b):
    """All shortest paths from a to b in g."""
    dist, preds, frontier = {a: 0}, collections.defaultdict(list), [a]
    while frontier and b not in dist:
        nxt = []
        for u in frontier:
            for v in sorted(g.get(u, ())):
                if v not in dist:
                    dist[v] = dist[u] + 1
                    nxt.append(v)
                if dist.get(v) == dist[u] + 1:
                    preds[v].append(u)
        frontier = nxt
    if b not in dist:
        return []
    def back(v):
        if v == a:
            return [[a]]
        return [p + [v] for u in sorted(set(preds[v])) for p in back(u)]
    return back(b)


def check_chain(c, g, chain, refuted):
    evidence = []
    for caller, callee, line, why in chain:
        d = c.defs[caller]
        callee_name = callee.split(".")[-1]
        if callee_name == "__init__":
            callee_name = callee.split(".")[-2]
        hits = [n for n in c.calls_in(d["unit"]) if n.lineno == line and
                ((isinstance(n.func, ast.Attribute) and n.func.attr == callee_name) or
                 (isinstance(n.func, ast.Name) and n.func.id == callee_name))]
        if not hits or callee not in c.defs:
            raise SystemExit(f"derive_key: chain hop {caller} -> {callee} not found at line {line}")
        evidence.append(f"{caller} -> {callee}: {d['path']}:{line} `{ast.unparse(hits[0].func)}` - {why}")
    items = [chain[0][0]] + [h[1] for h in chain]
    paths = shortest_paths(g, items[0], items[-1])
    if not paths or len(paths[0]) != len(items):
        raise SystemExit(f"derive_key: name-graph shortest path {paths[:1]} differs in length from {items}")
    others = [tuple(p) for p in paths if p != items]
    for p in others:
        if p not in refuted:
            raise SystemExit(f"derive_key: another shortest path, not refuted: {p}")
    evidence.append(f"shortest: the name-based call graph (a call spelled f reaches every definition named f) "
                    f"has no shorter path; {len(paths)} path(s) of this length" +
                    ("" if not others else "; the others refuted: " + "; ".join(refuted[p] for p in others)))
    return items, evidence


def derive(c):
    key = {}

    def put(qid, items, evidence, fmt="qualname", ordered=False):
        for it in items:
            if fmt == "qualname" and it not in c.defs:
                raise SystemExit(f"derive_key: {qid}: {it} is not a definition")
        key[qid] = {"format": fmt, "ordered": ordered,
                    "items": list(items) if ordered else sorted(items), "evidence": evidence}

    # where is X defined -------------------------------------------------------------------------
    q = "sphinx.registry.SphinxComponentRegistry.get_publisher"
    put("def_get_publisher", [c.def_of(q)], [f"ast: {q} is defined at {c.def_of(q)}"], fmt="path:line")

    md = sorted((d for d in c.defs.values() if d["name"] == "merge_domaindata" and d["kind"] == "method"),
                key=lambda d: (d["path"], d["line"]))
    put("defs_merge_domaindata", [f"{d['path']}:{d['line']}" for d in md],
        ["ast: every `def merge_domaindata` in a class body (the def line, decorators excluded); "
         "grep -rn 'def merge_domaindata' gives the same lines"], fmt="path:line")

    # callers --------------------------------------------------------------------------------------
    units, ev = classify(c.call_sites("clear_doc"), CLEAR_DOC, "clear_doc")
    put("callers_env_clear_doc", units, ["candidates: every call spelled .clear_doc(...) (ast)"] + ev)

    units, ev = classify(c.call_sites("emit"), SPHINX_EMIT, "emit")
    put("callers_sphinx_emit", units, ["candidates: every call spelled .emit(...) or emit(...) (ast)"] + ev)

    # callees --------------------------------------------------------------------------------------
    unit = "sphinx.builders.Builder.read_doc"
    srcs = collections.Counter(ast.unparse(n.func) for n in c.calls_in(unit))
    if set(srcs) != set(READ_DOC_CALLS):
        raise SystemExit(f"derive_key: read_doc calls {sorted(srcs)} != table {sorted(READ_DOC_CALLS)}")
    for sub in c.subclasses("sphinx.builders.Builder", transitive=True):
        if sub + ".write_doctree" in c.defs:
            raise SystemExit(f"derive_key: {sub} overrides write_doctree")
    items = {t for t, _ in READ_DOC_CALLS.values() if t}
    ev = [f"`{s}(...)` -> {t or 'not in the repository'}: {why}" for s, (t, why) in sorted(READ_DOC_CALLS.items())]
    put("callees_read_doc", items, ["every ast Call in Builder.read_doc (sphinx/builders/__init__.py:490-524)"] + ev)

    # call chains ----------------------------------------------------------------------------------
    g = name_graph(c)
    items, ev = check_chain(c, g, CHAIN_MAIN_FIND_FILES, CHAIN_REFUTED)
    put("chain_main_find_files", items, ev, ordered=True)
    items, ev = check_chain(c, g, CHAIN_AUTODOC, CHAIN_REFUTED)
    put("chain_autodoc_process_doc", items, ev, ordered=True)

    # subclasses -----------------------------------------------------------------------------------
    unresolved = sorted({b for bs in c.bases.values() for b in bs
                         if b.startswith("sphinx.") and b not in c.classes})
    if unresolved:
        raise SystemExit(f"derive_key: class bases not resolved: {unresolved}")
    base_ev = ["ast: each ClassDef's bases resolved through the module's imports (relative imports, "
               "`from sphinx.builders import _epub_base` + `_epub_base.EpubBuilder`, re-exports); "
               "every base spelled sphinx.* resolves to a class of the corpus"]
    s = c.subclasses("sphinx.builders.Builder", transitive=False)
    put("subclasses_builder_direct", s, base_ev + [f"{x}: bases {c.bases[x]}" for x in sorted(s)])
    s = c.subclasses("sphinx.ext.autodoc.Documenter", transitive=True)
    put("subclasses_documenter_all", s, base_ev + [f"{x}: bases {c.bases[x]}" for x in sorted(s)])

    # impact: callers up to depth 2 ----------------------------------------------------------------
    lvl1, ev1 = classify(c.call_sites("get_and_resolve_doctree"), GET_AND_RESOLVE, "get_and_resolve_doctree")
    lvl2, ev2 = set(), []
    for u in sorted(lvl1):
        name = c.defs[u]["name"]
        units, ev = classify(c.call_sites(name), LEVEL2[name], name)
        lvl2 |= units
        ev2 += [f"callers of {u}: " + e for e in ev]
    for name in LEVEL2:
        if not any(c.defs[u]["name"] == name for u in lvl1):
            raise SystemExit(f"derive_key: LEVEL2 entry {name} is not a level-1 caller")
    put("impact_get_and_resolve_doctree", lvl1 | lvl2,
        [f"depth 1: {sorted(lvl1)}", f"depth 2: {sorted(lvl2)}"] + ev1 + ev2)

    # before changing write_doc: overrides + callers ------------------------------------------------
    subs = c.subclasses("sphinx.builders.Builder", transitive=True)
    overrides = {s + ".write_doc" for s in subs if s + ".write_doc" in c.defs}
    callers, ev = classify(c.call_sites("write_doc"), WRITE_DOC_CALLS, "write_doc")
    put("before_change_write_doc", overrides | callers,
        [f"overrides (ast: write_doc defined in a transitive subclass of Builder): {sorted(overrides)}",
         f"callers: {sorted(callers)}"] + ev)

    # what a file defines ---------------------------------------------------------------------------
    rel = "sphinx/util/docutils.py"
    mod = c.files[rel][0]
    top = sorted(q for q, d in c.defs.items() if d["path"] == rel and q.count(".") == mod.count(".") + 1)
    put("outline_util_docutils", top,
        ["ast: def/class statements of sphinx/util/docutils.py not nested in a def or class; "
         "`findall` (line 595) is defined inside the module-level `if docutils.__version_info__ <= (0, 18):`"])

    # attributes ------------------------------------------------------------------------------------
    units, ev = classify(c.attr_sites("doctreedir"), DOCTREEDIR, "doctreedir")
    put("reads_env_doctreedir", units, ["candidates: every attribute access .doctreedir (ast), loads and stores"] + ev)
    sites = [s for s in c.attr_sites("config_status")]
    units, ev = classify(sites, CONFIG_STATUS, "config_status")
    put("writes_env_config_status", units, ["candidates: every attribute access .config_status (ast)"] + ev)
    return key


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus", help="directory laid by fetch_corpus.sh (holds sphinx/)")
    ap.add_argument("-o", "--out", default=os.path.join(HERE, "answer_key.json"))
    args = ap.parse_args()
    c = Corpus(args.corpus)
    key = derive(c)
    with open(os.path.join(HERE, "questions.json")) as f:
        qids = [q["id"] for q in json.load(f)]
    if sorted(qids) != sorted(key):
        raise SystemExit(f"derive_key: questions {sorted(set(qids) ^ set(key))} have no key or no question")
    version = ""
    vf = os.path.join(args.corpus, "CORPUS_VERSION")
    if os.path.exists(vf):
        version = open(vf).read().splitlines()[0]
    out = {"corpus": version, "answers": {qid: key[qid] for qid in qids}}
    with open(args.out, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    for qid in qids:
        print(f"{qid:34} {len(key[qid]['items']):3} items")


if __name__ == "__main__":
    main()
