#!/usr/bin/env python3
"""The impact tool on real history: this repository's own last commits, each replayed as a
working-tree change against its parent.

Two measures, per commit and overall:

1. Tests. A commit that changed code (K: C++ files under src/ and include/) together with unit
   tests (T: C++ files under tests/ that are linked against the code: tests/unit, tests/fuzz;
   .cpp, .cc, .cxx, .h, .hh, .hpp, test helpers included) is replayed without its tests: the scratch clone is put at
   the parent P with every file of the commit except K committed on top (a throwaway commit, so
   T is in its final form and is not itself a change), and then only K is applied to the work
   tree, uncommitted. `impact {"depth":D,"token_budget":8000}` (the working tree against HEAD)
   should then name, in `tests`, at least one test of every file of T (matched by file_path).
   Reported for depth 2 and 3. Test files the index cannot connect by construction are counted
   apart and never expected: tests/e2e/** and tests/install/** (Python, JavaScript, shell and
   the C++ transcript runner drive the binary as a process), and data (tests/lang/**,
   tests/fixtures/**, tests/fuzz/corpus/**, *.expected, transcripts). Test files the commit
   deleted are not expected either. With --tests-at parent, T stays as it was at P instead
   (test files the commit added are then absent, and counted apart).
   For a test file that was not named, `direct_refs` says how many references the index holds
   from that file to the changed symbols at all (0: no direct edge; the link, if any, is deeper).

2. Signature changes. `impact {"base":P,"head":C}` (work tree at C's content) lists the
   symbols the commit changed; those of a callable kind (function, method, constructor) with
   `signature` old != new (spacing and a declaration's trailing ';' aside) are the signature
   changes. Set aside and counted: a "change" whose old signature is still in the same file at
   C under another uid (a namesake's ordinal #n moved: a TEST inserted before others), and
   gtest bodies (TEST, TEST_F, ...: a renamed test is called by nothing). A function declared
   and defined in two places is one function (qualified name and kind). Its callers that the
   commit also changed are found two ways, both at P:
     - index: `symbol_context` incoming.calls of the function at P, kept when the commit's diff
       touches the caller's lines at P (anywhere in its body);
     - text (does not trust the call graph): the diff's old-side lines that fall inside a call
       written `name(` (or `name<...>(`), from the name to its closing parenthesis, in another
       symbol at P (the innermost non-type symbol holding the call, by the index's ranges at
       P; a pure insertion counts when it lands inside the call's lines), in files of the
       function's language. For C and C++ a free function's `x.name(` / `p->name(` is not a
       call of it, and a written qualifier (`ns::name(`, `Class::name(`) must end its scope.
       Still over-approximates: a namesake called in a changed line counts as well.
   Then, at P with a clean work tree, `impact {"symbols":[uids at P],"token_budget":8000}` must
   name each such caller in `dependents` (or `tests`), matched by uid at P (the uids all come
   from P's index, so `#n` suffixes and moves cannot mismatch). `missing_but_possible` in the
   JSON: a caller not named but listed among `possible`.

Run (the tool's binary must have `impact`):

    python3 tests/bench/impact_history.py --bin build/codegraph-mcp --commits 50 \\
        --json /tmp/impact_history.json

The repository (--repo, default this script's repository) is cloned into --work (default
/tmp/impact_hist/repo, reused and updated on later runs); its checkout is never touched. One
index database (--work/index.db) serves all calls, so each call is a refresh. The last
--commits non-merge commits of --rev (default HEAD) are replayed oldest first. Prints Markdown
tables and a summary on stdout, progress on stderr; --json writes the raw results. The first
call indexes the clone (~10 s); after that each state change is a refresh: 50 commits take
about 4 minutes. A call that fails is recorded (the tables say "error", the summary lists it)
and the run goes on.
"""
import argparse
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_OF_SCRIPT = os.path.normpath(os.path.join(HERE, "..", ".."))

CPP_EXT = (".cpp", ".cc", ".cxx", ".c++", ".c", ".h", ".hh", ".hpp", ".hxx", ".inl", ".ipp")
CODE_DIRS = ("src/", "include/")
PROCESS_TEST_DIRS = ("tests/e2e/", "tests/install/")
DATA_DIRS = ("tests/lang/", "tests/fixtures/", "tests/fuzz/corpus/")
NOT_TEST_DIRS = ("tests/bench/",)
CALLABLE_KINDS = {"function", "method", "constructor"}
CONTAINER_KINDS = {"namespace", "class", "struct", "enum", "union", "module", "interface", "trait",
                   "type"}
BUDGET = 8000
TEST_MACROS = {"TEST", "TEST_F", "TEST_P", "TYPED_TEST", "TYPED_TEST_P", "FUZZ_TEST"}


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def classify(path):
    """code (K), test (T), process_test, data, or other."""
    if path.endswith(".expected"):
        return "data"
    if path.startswith(CODE_DIRS):
        return "code" if path.endswith(CPP_EXT) else "other"
    if path.startswith("tests/"):
        if path.startswith(DATA_DIRS):
            return "data"
        if path.startswith(PROCESS_TEST_DIRS):
            return "process_test" if not path.endswith((".jsonl", ".json", ".txt", ".md")) else "data"
        if path.startswith(NOT_TEST_DIRS):
            return "other"
        if path.endswith(CPP_EXT):
            return "test"
        return "other"
    return "other"


# --- git ------------------------------------------------------------------------------------

def git(repo, *args, input=None, check=True):
    p = subprocess.run(["git", "-C", repo, "--literal-pathspecs", *args], input=input,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if check and p.returncode != 0:
        raise RuntimeError(f"git {' '.join(args[:3])}: {p.stderr.decode(errors='replace').strip()}")
    return p.stdout.decode("utf-8", errors="surrogateescape")


def name_status(repo, a, b):
    """[(status letter, path)] of a..b, renames as a deletion and an addition."""
    out = git(repo, "diff", "--name-status", "--no-renames", "-z", a, b).split("\0")
    return [(out[i][0], out[i + 1]) for i in range(0, len(out) - 1, 2)]


def apply_files(repo, commit, entries):
    """Makes `entries` ([(status, path)]) of the work tree and index what they are at `commit`."""
    present = [p for s, p in entries if s != "D"]
    gone = [p for s, p in entries if s == "D"]
    if present:
        git(repo, "checkout", commit, "--pathspec-from-file=-", "--pathspec-file-nul",
            input="\0".join(present).encode("utf-8", errors="surrogateescape"))
    if gone:
        git(repo, "rm", "-q", "--ignore-unmatch", "--pathspec-from-file=-", "--pathspec-file-nul",
            input="\0".join(gone).encode("utf-8", errors="surrogateescape"))


def checkout_clean(repo, rev):
    git(repo, "checkout", "-q", "--force", "--detach", rev)
    git(repo, "clean", "-fdq")


def unquote_git(text):
    if not text.startswith('"'):
        return text
    body, out, i = text[1:-1], bytearray(), 0
    esc = {"n": 10, "t": 9, '"': 34, "\\": 92, "a": 7, "b": 8, "f": 12, "r": 13, "v": 11}
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            n = body[i + 1]
            if n in esc:
                out.append(esc[n])
                i += 2
                continue
            if n.isdigit():
                out.append(int(body[i + 1:i + 4], 8))
                i += 4
                continue
        out.extend(c.encode("utf-8", errors="surrogateescape"))
        i += 1
    return out.decode("utf-8", errors="surrogateescape")


HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def old_side_changes(repo, p, c):
    """{old path: (set of removed/replaced old lines, list of insertion points k: 'after old
    line k')} for P..C with renames followed; added files are left out."""
    out = git(repo, "diff", "-U0", "-M", "--no-color", "--no-ext-diff", p, c)
    files, cur = {}, None
    for line in out.split("\n"):
        if line.startswith("diff --git "):
            cur = None
        elif line.startswith("--- "):
            name = line[4:]
            cur = None if name == "/dev/null" else unquote_git(name)
            if cur is not None:
                cur = cur[2:] if cur.startswith("a/") else cur
                files.setdefault(cur, (set(), []))
        elif cur is not None and line.startswith("@@"):
            m = HUNK.match(line)
            if not m:
                continue
            a = int(m.group(1))
            b = 1 if m.group(2) is None else int(m.group(2))
            if b == 0:
                files[cur][1].append(a)
            else:
                files[cur][0].update(range(a, a + b))
    return files


def touches(changes, start, end):
    removed, inserted = changes
    return any(start <= ln <= end for ln in removed) or any(start <= k < end for k in inserted)


# --- the tool ---------------------------------------------------------------------------------

class Tool:
    def __init__(self, binary, repo, db):
        self.binary, self.repo, self.db = binary, repo, db
        self.calls = 0

    def call(self, tool, args, timeout=900):
        """(answer dict or None, error text or None, seconds)."""
        self.calls += 1
        t0 = time.perf_counter()
        try:
            p = subprocess.run([self.binary, "call", tool, json.dumps(args), "--repo", self.repo,
                                "--db", self.db], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, f"timeout after {timeout} s", time.perf_counter() - t0
        secs = time.perf_counter() - t0
        err = p.stderr.decode(errors="replace").strip()
        if p.returncode != 0:
            return None, f"exit {p.returncode}: " + " / ".join(err[-500:].splitlines()), secs
        try:
            return with_uid_parts(json.loads(p.stdout)) if tool == "impact" else json.loads(p.stdout), None, secs
        except json.JSONDecodeError as e:
            return None, f"not JSON ({e}): {p.stdout[:200]!r}", secs

    def refresh(self):
        p = subprocess.run([self.binary, "index", "--repo", self.repo, "--db", self.db],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=900)
        if p.returncode != 0:
            raise RuntimeError(f"index: {p.stderr.decode(errors='replace').strip()[-500:]}")


class Index:
    """Read-only look-ups in the index database (only after a call or refresh has finished)."""

    def __init__(self, db):
        self.con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)

    def close(self):
        self.con.close()

    def symbols_of(self, path):
        return [dict(zip(("uid", "name", "qualified_name", "kind", "start_line", "end_line", "signature"), r))
                for r in self.con.execute(
                    "SELECT s.uid, s.name, s.qualified_name, s.kind, s.start_line, s.end_line, s.signature "
                    "FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.path = ?", (path,))]

    def by_uid(self, uid):
        r = self.con.execute(
            "SELECT s.uid, s.name, s.qualified_name, s.kind, s.start_line, s.end_line, s.signature, f.path "
            "FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.uid = ?", (uid,)).fetchone()
        return dict(zip(("uid", "name", "qualified_name", "kind", "start_line", "end_line", "signature",
                         "file_path"), r)) if r else None

    def refs_from_file_to(self, path, uids):
        if not uids:
            return 0
        marks = ",".join("?" * len(uids))
        return self.con.execute(
            f"SELECT count(*) FROM refs r JOIN files f ON f.id = r.file_id JOIN symbols t ON t.id = r.target_id "
            f"WHERE f.path = ? AND t.uid IN ({marks})", (path, *uids)).fetchone()[0]


def with_uid_parts(answer):
    """impact names a symbol by its uid alone: file_path, name and kind added from it."""
    for key in ("changed", "dependents", "tests"):
        for entry in answer.get(key, []):
            if entry.get("uid"):
                path, qual, kind = split_uid(entry["uid"])
                entry.setdefault("file_path", path)
                entry.setdefault("kind", kind)
                entry.setdefault("name", qual.replace("::", ".").split(".")[-1])
    return answer


def split_uid(uid):
    """path::qualified name::kind[#n] -> (path, qualified name, kind)."""
    path, _, rest = uid.partition("::")
    qual, _, kind = rest.rpartition("::")
    return path, qual, kind.split("#")[0]


def norm(sig):
    """A signature with its spacing and a declaration's ';' (or a body's '{') set aside."""
    return " ".join((sig or "").split()).rstrip(";{ ")


# --- the textual oracle ---------------------------------------------------------------------

def strip_line_comment(line):
    i = line.find("//")
    while i >= 0:
        if line[:i].count('"') % 2 == 0:
            return line[:i]
        i = line.find("//", i + 2)
    return line


def call_spans(lines, name, accept=lambda before: True):
    """[(first line, last line)] (1-based) of each `name(` / `name<...>(` in lines, to its ')';
    `accept(text before the name on its line)` may refuse one."""
    pat = re.compile(r"(?<![\w$])" + re.escape(name) + r"\s*(?:<[^<>;{}()]*(?:<[^<>;{}()]*>[^<>;{}()]*)*>)?\s*\(")
    spans = []
    for i, raw in enumerate(lines):
        text = strip_line_comment(raw)
        for m in pat.finditer(text):
            if not accept(text[:m.start()]):
                continue
            depth, j, row, end = 0, m.end() - 1, i, None
            cur = text
            while end is None and row < len(lines) and row < i + 100:
                in_str = None
                while j < len(cur):
                    ch = cur[j]
                    if in_str:
                        if ch == "\\":
                            j += 1
                        elif ch == in_str:
                            in_str = None
                    elif ch in "\"'":
                        in_str = ch
                    elif ch == "(":
                        depth += 1
                    elif ch == ")":
                        depth -= 1
                        if depth == 0:
                            end = row
                            break
                    j += 1
                if end is None:
                    row += 1
                    j = 0
                    cur = strip_line_comment(lines[row]) if row < len(lines) else ""
            spans.append((i + 1, (end if end is not None else i) + 1))
    return spans


def innermost(symbols, line):
    best = None
    for s in symbols:
        if s["start_line"] <= line <= s["end_line"]:
            if best is None or (s["end_line"] - s["start_line"]) < (best["end_line"] - best["start_line"]):
                best = s
    return best


LANG_OF_EXT = {**{e: "c/c++" for e in CPP_EXT}, ".py": "python", ".pyi": "python", ".js": "js", ".mjs": "js",
               ".cjs": "js", ".jsx": "js", ".ts": "js", ".tsx": "js", ".mts": "js", ".cts": "js"}


def lang_of(path):
    ext = os.path.splitext(path)[1].lower()
    return LANG_OF_EXT.get(ext, ext)


QUALIFIER = re.compile(r"((?:[A-Za-z_]\w*\s*(?:<[^<>;{}()]*>)?\s*::\s*)+)$")


def cpp_call_filter(qual, kind):
    """For C and C++: a free function is not called as a member (`x.f(`, `p->f(`), and a
    written qualifier (`ns::f(`, `Class::m(`) must end the function's own scope."""
    scope = [q for q in qual.split("::")[:-1] if q]

    def accept(before):
        b = before.rstrip()
        if kind == "function" and (b.endswith(".") or b.endswith("->")):
            return False
        m = QUALIFIER.search(before)
        if m:
            written = [re.sub(r"<.*", "", q).strip() for q in m.group(1).split("::") if q.strip()]
            if written and written != scope[len(scope) - len(written):]:
                return False
        return True
    return accept


def oracle_callers(repo, p, changes, index, name, own_uids, qual, kind, home):
    """{caller uid at P: [line, ...]} of the functions at P whose lines of a `name(` call the
    diff touches (in files of the language of `home`, the function's file), and the count of
    touched calls outside any function."""
    found, outside = {}, 0
    accept = cpp_call_filter(qual, kind) if lang_of(home) == "c/c++" else (lambda before: True)
    for path, ch in changes.items():
        if lang_of(path) != lang_of(home):
            continue
        try:
            text = git(repo, "show", f"{p}:{path}")
        except RuntimeError:
            continue
        if name not in text:
            continue
        lines = text.split("\n")
        syms = index.symbols_of(path)
        for first, last in call_spans(lines, name, accept):
            if not touches(ch, first, last):
                continue
            holder = innermost([s for s in syms if s["kind"] not in CONTAINER_KINDS], first)
            if holder is None:
                outside += 1
                continue
            if holder["uid"] in own_uids:
                continue
            if holder["name"] == name:
                # the declarator of a namesake (an overload's own definition) is no call
                body = next((k for k in range(holder["start_line"], min(holder["end_line"], len(lines)) + 1)
                             if "{" in lines[k - 1]), holder["end_line"])
                if first <= body:
                    continue
            found.setdefault(holder["uid"], []).append(first)
    return found, outside


# --- per commit -------------------------------------------------------------------------------

def measure_tests(a, repo, tool, c, p, groups):
    """Measure 1 for one commit; leaves the work tree at C's content (HEAD: P or P + non-code)."""
    res = {"K": groups["code"], "T": [], "T_deleted": [], "T_absent": [], "depths": {}}
    code = [(s, f) for s, f in groups["_entries"] if classify(f) == "code"]
    rest = [(s, f) for s, f in groups["_entries"] if classify(f) != "code"]
    checkout_clean(repo, p)
    if a.tests_at == "commit":
        apply_files(repo, c, rest)
        if git(repo, "status", "--porcelain", "--untracked-files=no").strip():
            git(repo, "-c", "user.name=impact_history", "-c", "user.email=impact_history@localhost",
                "-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", f"impact_history: {c} without K")
    apply_files(repo, c, code)
    for s, f in groups["_entries"]:
        if classify(f) != "test":
            continue
        if s == "D":
            res["T_deleted"].append(f)
        elif a.tests_at == "parent" and s == "A":
            res["T_absent"].append(f)
        else:
            res["T"].append(f)
    if not res["T"]:
        res["skipped"] = "no unit test file to expect" + (" (all deleted or absent)" if groups["test"] else "")
        return res
    for d in a.depths:
        ans, err, secs = tool.call("impact", {"depth": d, "token_budget": BUDGET})
        r = {"seconds": round(secs, 2)}
        if err:
            r["error"] = err
        else:
            named_files = sorted({t.get("file_path") for t in ans.get("tests", [])})
            r.update({
                "named": [f for f in res["T"] if f in named_files],
                "missing": [f for f in res["T"] if f not in named_files],
                "test_files_named": named_files,
                "tests": len(ans.get("tests", [])),
                "changed": len(ans.get("changed", [])),
                "dependents": len(ans.get("dependents", [])),
                "truncated": bool(ans.get("truncated")),
                "risk": ans.get("risk"),
                "note": ans.get("note"),
                "walk_capped": "walk stopped" in (ans.get("note") or ""),
            })
            if r["missing"]:
                changed_uids = [x["uid"] for x in ans.get("changed", []) if x.get("change") != "deleted"]
                idx = Index(tool.db)
                try:
                    r["direct_refs"] = {f: idx.refs_from_file_to(f, changed_uids) for f in r["missing"]}
                finally:
                    idx.close()
        res["depths"][str(d)] = r
    return res


def measure_signatures(a, repo, tool, c, p):
    """Measure 2 for one commit; expects the work tree at C's content; leaves it at P."""
    res = {"changes": []}
    ans, err, secs = tool.call("impact", {"base": p, "head": c, "token_budget": BUDGET})
    if err:
        res["error"] = err
        return res
    res["changed"] = len(ans.get("changed", []))
    res["changed_truncated"] = bool(ans.get("truncated"))
    sig = [x for x in ans.get("changed", []) if x.get("signature") and x.get("kind") in CALLABLE_KINDS
           and norm(x["signature"].get("old")) != norm(x["signature"].get("new"))]
    res["other_signature_changes"] = [x["uid"] for x in ans.get("changed", []) if x.get("signature")
                                      and x.get("kind") not in CALLABLE_KINDS
                                      and norm(x["signature"].get("old")) != norm(x["signature"].get("new"))]
    # A "signature change" whose old signature is still there at C, under another uid, is a
    # namesake whose ordinal (#n) moved (a TEST inserted before others), not a change.
    idx = Index(tool.db)  # the call refreshed the index to the work tree: C's content
    try:
        shifted = [x for x in sig if any(
            s["qualified_name"] == split_uid(x["uid"])[1] and s["kind"] == x["kind"] and s["uid"] != x["uid"]
            and norm(s["signature"]) == norm(x["signature"].get("old")) for s in idx.symbols_of(x["file_path"]))]
    finally:
        idx.close()
    res["ordinal_shifts"] = [x["uid"] for x in shifted]
    sig = [x for x in sig if x not in shifted]
    # TEST(Suite, Name) bodies: a renamed test is no signature anything calls
    macros = [x for x in sig if x.get("name") in TEST_MACROS or split_uid(x["uid"])[1].split("::")[-1] in TEST_MACROS]
    res["test_bodies_renamed"] = [x["uid"] for x in macros]
    sig = [x for x in sig if x not in macros]
    if not sig:
        return res
    # one function = its qualified name and kind (a header's declaration and its definition)
    funcs = {}
    for x in sig:
        _, qual, kind = split_uid(x["uid"])
        funcs.setdefault((qual, kind), []).append(x)
    checkout_clean(repo, p)
    tool.refresh()
    changes = old_side_changes(repo, p, c)
    renamed_from = {}
    out = git(repo, "diff", "--name-status", "-M", "-z", p, c).split("\0")
    i = 0
    while i < len(out) - 1:
        st = out[i]
        if st.startswith(("R", "C")):
            renamed_from[out[i + 2]] = out[i + 1]
            i += 3
        else:
            i += 2
    idx = Index(tool.db)
    try:
        for (qual, kind), entries in sorted(funcs.items()):
            f = {"function": qual, "kind": kind, "name": entries[0].get("name"),
                 "uids_at_c": [x["uid"] for x in entries],
                 "signatures": [x["signature"] for x in entries]}
            # the same symbols at P: same file (or the file it was renamed from), qualified name
            # and kind; among overloads, the one whose P signature is the old one
            uids_p = []
            for x in entries:
                path = renamed_from.get(x["file_path"], x["file_path"])
                cands = [s for s in idx.symbols_of(path) if s["qualified_name"] == qual and s["kind"] == kind]
                exact = [s for s in cands if norm(s["signature"]) == norm(x["signature"].get("old"))]
                for s in (exact or cands):
                    if s["uid"] not in uids_p:
                        uids_p.append(s["uid"])
            f["uids_at_p"] = uids_p
            if not uids_p:
                f["error"] = "not found at P"
                res["changes"].append(f)
                continue
            # callers by the index, kept when the commit changed them
            index_callers, capped = {}, False
            for u in uids_p:
                sc, err, _ = tool.call("symbol_context", {"symbol_uid": u})
                if err or sc.get("status") != "found":
                    f.setdefault("symbol_context_errors", []).append(err or sc.get("status"))
                    continue
                capped = capped or bool(sc.get("truncated"))
                for e in sc.get("incoming", {}).get("calls", []):
                    cu = e.get("symbol_uid")
                    if not cu or cu in uids_p:
                        continue
                    s = idx.by_uid(cu)
                    if s and s["file_path"] in changes and touches(changes[s["file_path"]], s["start_line"], s["end_line"]):
                        index_callers.setdefault(cu, e.get("line"))
            f["index_callers"] = sorted(index_callers)
            f["index_callers_capped"] = capped
            home = idx.by_uid(uids_p[0])["file_path"]
            text_callers, outside = oracle_callers(repo, p, changes, idx, f["name"] or qual.split("::")[-1],
                                                   set(uids_p), qual, kind, home)
            f["text_callers"] = sorted(text_callers)
            f["text_calls_outside_functions"] = outside
            callers = sorted(set(index_callers) | set(text_callers))
            f["callers"] = callers
            if not callers:
                res["changes"].append(f)
                continue
            im, err, secs = tool.call("impact", {"symbols": uids_p, "token_budget": BUDGET})
            if err:
                f["error"] = err
                res["changes"].append(f)
                continue
            deps = {d.get("uid"): d for d in im.get("dependents", [])}
            tests = {t.get("uid"): t for t in im.get("tests", [])}
            possible = json.dumps(im.get("possible", []))
            f["named"] = [u for u in callers if u in deps or u in tests]
            f["missing"] = [u for u in callers if u not in deps and u not in tests]
            f["missing_but_possible"] = [u for u in f["missing"] if u in possible]
            f["levels"] = {u: (deps.get(u) or tests.get(u)).get("level") for u in f["named"]}
            f["impact_truncated"] = bool(im.get("truncated"))
            f["impact_note"] = im.get("note")
            f["walk_capped"] = "walk stopped" in (im.get("note") or "")
            f["dependents"] = len(deps)
            res["changes"].append(f)
    finally:
        idx.close()
    return res


def run_commit(a, repo, tool, c):
    info = git(repo, "log", "-1", "--format=%H%x00%P%x00%s", c).rstrip("\n").split("\0")
    parents = info[1].split()
    rec = {"commit": c[:10], "subject": info[2]}
    if len(parents) != 1:
        rec["skipped"] = "root commit" if not parents else "merge"
        return rec
    p = parents[0]
    entries = name_status(repo, p, c)
    groups = {"code": [], "test": [], "process_test": [], "data": [], "other": []}
    for _, f in entries:
        groups[classify(f)].append(f)
    rec["files"] = {k: v for k, v in groups.items()}
    groups["_entries"] = entries
    if not groups["code"]:
        rec["skipped"] = "no code change (C++ under src/, include/)"
        return rec
    if groups["test"]:
        rec["tests"] = measure_tests(a, repo, tool, c, p, groups)
    else:
        rec["tests"] = {"skipped": "no unit test file changed"}
        checkout_clean(repo, c)
    rec["signatures"] = measure_signatures(a, repo, tool, c, p)
    return rec


# --- report -----------------------------------------------------------------------------------

def short(uid):
    path, qual, kind = split_uid(uid)
    suffix = uid.rpartition("#")[2] if "#" in uid.rpartition("::")[2] else ""
    return f"{path}::{qual}" + (f"#{suffix}" if suffix else "")


def report(a, recs):
    out = []
    pct = lambda x, y: f"{100.0 * x / y:.1f}%" if y else "-"
    ds = [str(d) for d in a.depths]

    out.append("## Tests named for the code of each commit\n")
    out.append("| commit | subject | K | T | " + " | ".join(f"named d{d}" for d in ds) + " | not named (depth " + ds[0] + ") |")
    out.append("|---|---|---:|---:|" + "---:|" * len(ds) + "---|")
    tot = {d: [0, 0, 0, 0] for d in ds}  # all-named commits, commits, files named, files
    measured = 0
    for r in recs:
        t = r.get("tests")
        if not t or "skipped" in t or "skipped" in r:
            continue
        measured += 1
        cells = []
        for d in ds:
            x = t["depths"].get(d, {})
            if "error" in x:
                cells.append("error")
                continue
            n, m = len(x["named"]), len(t["T"])
            tot[d][0] += n == m
            tot[d][1] += 1
            tot[d][2] += n
            tot[d][3] += m
            cells.append(f"{n}/{m}" + (" (cut)" if x.get("truncated") else "") + (" (capped)" if x.get("walk_capped") else ""))
        x0 = t["depths"].get(ds[0], {})
        miss = ", ".join(f"{f} ({x0.get('direct_refs', {}).get(f, '?')} refs)" for f in x0.get("missing", []))
        if "error" in x0:
            miss = x0["error"][:80]
        out.append(f"| {r['commit']} | {r['subject'][:50].replace('|', '/')} | {len(t['K'])} | {len(t['T'])} | "
                   + " | ".join(cells) + f" | {miss} |")
    out.append("")

    out.append("## Callers changed with a signature change, named by the impact of that change at the parent\n")
    out.append("| commit | function | callers (index / text / union) | named | not named |")
    out.append("|---|---|---|---:|---|")
    sig_tot = {"funcs": 0, "funcs_all": 0, "callers": 0, "named": 0, "index": 0, "index_named": 0,
               "text": 0, "text_named": 0, "commits": set(), "commits_missing": set()}
    for r in recs:
        s = r.get("signatures")
        if not s:
            continue
        for f in s.get("changes", []):
            if not f.get("callers"):
                continue
            if "error" in f:
                out.append(f"| {r['commit']} | {f['function']} | {len(f['callers'])} | error | {f['error'][:80]} |")
                continue
            named = set(f["named"])
            sig_tot["funcs"] += 1
            sig_tot["funcs_all"] += not f["missing"]
            sig_tot["callers"] += len(f["callers"])
            sig_tot["named"] += len(named)
            sig_tot["index"] += len(f["index_callers"])
            sig_tot["index_named"] += len(named & set(f["index_callers"]))
            sig_tot["text"] += len(f["text_callers"])
            sig_tot["text_named"] += len(named & set(f["text_callers"]))
            sig_tot["commits"].add(r["commit"])
            if f["missing"]:
                sig_tot["commits_missing"].add(r["commit"])
            miss = ", ".join(short(u) + (" (possible)" if u in f["missing_but_possible"] else "")
                             + ("" if u in f["text_callers"] else " [index only]")
                             + ("" if u in f["index_callers"] else " [text only]") for u in f["missing"])
            out.append(f"| {r['commit']} | {f['function']} | {len(f['index_callers'])} / {len(f['text_callers'])} / "
                       f"{len(f['callers'])} | {len(named)}/{len(f['callers'])}"
                       + (" (cut)" if f.get("impact_truncated") else "") + f" | {miss} |")
    out.append("")

    out.append("## Summary\n")
    replayed = [r for r in recs if "skipped" not in r]
    out.append(f"- commits: {len(recs)} non-merge; {len(replayed)} changed code; "
               f"skipped: " + ", ".join(f"{k} {v}" for k, v in sorted(_count(r.get('skipped') for r in recs if 'skipped' in r).items())))
    out.append(f"- tests measure: {measured} commits changed code and unit tests (T: {', '.join(a.test_rule)})"
               + (f"; {measured - tot[ds[0]][1]} of them failed at depth {ds[0]}" if measured - tot[ds[0]][1] else ""))
    for d in ds:
        all_named, n, fn, ft = tot[d]
        out.append(f"  - depth {d}: all T named in {all_named}/{n} commits ({pct(all_named, n)}); "
                   f"test files named {fn}/{ft} ({pct(fn, ft)})")
    proc = sum(len(r.get("files", {}).get("process_test", [])) for r in replayed)
    proc_commits = sum(1 for r in replayed if r.get("files", {}).get("process_test"))
    no_unit = sum(1 for r in replayed if r.get("tests", {}).get("skipped"))
    cut_miss = [0, 0]
    for r in recs:
        x = r.get("tests", {}).get("depths", {}).get(ds[0], {})
        cut_miss[0] += len(x.get("missing", [])) if x.get("truncated") else 0
        cut_miss[1] += len(x.get("missing", []))
    out.append(f"  - of the {cut_miss[1]} test files not named at depth {ds[0]}, {cut_miss[0]} were missing from answers "
               f"cut at the token budget ({BUDGET}; `tests` shortened)")
    out.append(f"  - not expected: {proc} process-driven test files (tests/e2e, tests/install) in {proc_commits} "
               f"code commits; {no_unit} code commits without a unit test file to expect; "
               f"{sum(len(r.get('tests', {}).get('T_deleted', [])) for r in replayed)} deleted and "
               f"{sum(len(r.get('tests', {}).get('T_absent', [])) for r in replayed)} absent test files")
    nsig = sum(1 for r in replayed for f in r.get("signatures", {}).get("changes", []))
    nsig_commits = sum(1 for r in replayed if r.get("signatures", {}).get("changes"))
    out.append(f"- signature measure: {nsig} functions with a changed signature in {nsig_commits} commits; "
               f"{sig_tot['funcs']} with callers changed alongside, in {len(sig_tot['commits'])} commits")
    shifts = sum(len(r.get("signatures", {}).get("ordinal_shifts", [])) for r in replayed)
    renamed = sum(len(r.get("signatures", {}).get("test_bodies_renamed", [])) for r in replayed)
    out.append(f"  - set aside: {shifts} 'signature changes' that are a namesake's ordinal (#n) moving "
               f"(the old signature is still at C under another uid), {renamed} renamed TEST bodies")
    out.append(f"  - callers named {sig_tot['named']}/{sig_tot['callers']} ({pct(sig_tot['named'], sig_tot['callers'])}); "
               f"functions with every caller named {sig_tot['funcs_all']}/{sig_tot['funcs']}; "
               f"commits with every caller named {len(sig_tot['commits']) - len(sig_tot['commits_missing'])}/{len(sig_tot['commits'])}")
    out.append(f"  - by the index's callers: {sig_tot['index_named']}/{sig_tot['index']} "
               f"({pct(sig_tot['index_named'], sig_tot['index'])}); by the text oracle: "
               f"{sig_tot['text_named']}/{sig_tot['text']} ({pct(sig_tot['text_named'], sig_tot['text'])})")
    errors = [(r["commit"], e) for r in recs for e in _errors(r)]
    out.append(f"- errors: {len(errors)}" + "".join(f"\n  - {c}: {e[:200]}" for c, e in errors[:20]))
    return "\n".join(out)


def _count(xs):
    d = {}
    for x in xs:
        d[x] = d.get(x, 0) + 1
    return d


def _errors(rec):
    if "error" in rec:
        yield rec["error"]
    for d in rec.get("tests", {}).get("depths", {}).values():
        if "error" in d:
            yield "tests: " + d["error"]
    s = rec.get("signatures", {})
    if "error" in s:
        yield "signatures: " + s["error"]
    for f in s.get("changes", []):
        if "error" in f:
            yield f"signature of {f['function']}: {f['error']}"
        for e in f.get("symbol_context_errors", []):
            yield f"symbol_context of {f['function']}: {e}"


# --- main -------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repo", default=REPO_OF_SCRIPT, help="the repository whose history is replayed")
    ap.add_argument("--rev", default="HEAD", help="the newest commit (default HEAD)")
    ap.add_argument("--bin", default=os.path.join(REPO_OF_SCRIPT, "build", "codegraph-mcp"))
    ap.add_argument("--work", default="/tmp/impact_hist", help="scratch folder (clone, index)")
    ap.add_argument("--commits", type=int, default=50, help="how many non-merge commits (default 50)")
    ap.add_argument("--depths", default="2,3", help="depths of the tests measure (default 2,3)")
    ap.add_argument("--tests-at", choices=("commit", "parent"), default="commit",
                    help="test files as the commit left them (default) or as the parent had them")
    ap.add_argument("--fresh", action="store_true", help="remove the scratch clone and index first")
    ap.add_argument("--json", help="write the raw results here")
    a = ap.parse_args()
    a.depths = [int(d) for d in a.depths.split(",") if d]
    a.test_rule = [f"{d}**{'/'.join(CPP_EXT)}" for d in ("tests/",)] + \
        [f"not {d}**" for d in DATA_DIRS + PROCESS_TEST_DIRS + NOT_TEST_DIRS]
    binary = os.path.abspath(a.bin)
    if not os.access(binary, os.X_OK):
        raise SystemExit(f"{binary}: no executable (--bin)")
    os.makedirs(a.work, exist_ok=True)
    repo = os.path.join(a.work, "repo")
    db = os.path.join(a.work, "index.db")
    if a.fresh:
        shutil.rmtree(repo, ignore_errors=True)
        for suffix in ("", "-wal", "-shm", ".lock"):
            if os.path.exists(db + suffix):
                os.remove(db + suffix)
    if not os.path.isdir(os.path.join(repo, ".git")):
        subprocess.run(["git", "clone", "-q", "--no-checkout", a.repo, repo], check=True)
    git(repo, "fetch", "-q", "--no-tags", "--force", os.path.abspath(a.repo), f"+{a.rev}:refs/impact-hist/tip")
    commits = git(repo, "rev-list", "--no-merges", f"--max-count={a.commits}", "refs/impact-hist/tip").split()
    commits.reverse()
    tool = Tool(binary, repo, db)
    t0 = time.time()
    recs = []
    for n, c in enumerate(commits, 1):
        t1 = time.time()
        try:
            rec = run_commit(a, repo, tool, c)
        except Exception as e:  # a git failure: recorded, the next commit goes on
            rec = {"commit": c[:10], "subject": git(repo, "log", "-1", "--format=%s", c).strip(),
                   "error": f"{type(e).__name__}: {e}"}
        rec["seconds"] = round(time.time() - t1, 1)
        recs.append(rec)
        log(f"[{n}/{len(commits)}] {rec['commit']} {rec['subject'][:60]}: "
            + (rec.get("skipped") or rec.get("error") or _progress(rec)) + f" ({rec['seconds']} s)")
    text = report(a, recs)
    print(text)
    print(f"\n{tool.calls} tool calls, {time.time() - t0:.0f} s; binary {binary}; scratch {repo}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"repo": os.path.abspath(a.repo), "rev": a.rev, "tests_at": a.tests_at,
                       "depths": a.depths, "token_budget": BUDGET, "commits": recs}, f, indent=1)


def _progress(rec):
    parts = []
    t = rec.get("tests", {})
    if "skipped" in t:
        parts.append("tests: " + t["skipped"])
    else:
        for d, x in t.get("depths", {}).items():
            parts.append(f"d{d} " + ("error" if "error" in x else f"{len(x['named'])}/{len(t['T'])} test files"))
    s = rec.get("signatures", {})
    if "error" in s:
        parts.append("signatures: error")
    elif s.get("changes"):
        parts.append("signatures: " + ", ".join(
            f"{f['name']} {len(f.get('named', []))}/{len(f.get('callers', []))}" for f in s["changes"]))
    return "; ".join(parts)


if __name__ == "__main__":
    main()
