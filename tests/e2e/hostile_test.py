#!/usr/bin/env python3
"""Hostile repositories and hostile requests, end to end through the real binary (issue 9;
docs/CONTRACT.md §7, docs/SECURITY.md). One case per run, each a CTest test (e2e.hostile.<case>): the
repository is generated in a temporary folder here (nothing big is committed), indexed, and
queried over JSON-RPC on the server's stdio. Every line the server writes must be one valid
JSON-RPC message; the server must answer the last query and exit cleanly on EOF.

Usage: hostile_test.py CASE BINARY        (python3, standard library only)

Repositories:
  minified_50mb    one 50 MB single-line JavaScript file beside a normal one
  deep_nesting     100,000-deep nested expressions and blocks in 8 languages: the rest of
                   each file (a function after the nest) is indexed
  invalid_utf8     identifiers, strings and comments with invalid UTF-8 byte sequences
  nul_bytes        source files with NUL bytes inside
  mutating_files   files truncated, deleted and rewritten while they are being indexed
  many_tiny_files  100,000 one-line files
  symlink_loop     a file symlink loop, a directory symlink to its parent, a dangling link
  symlink_to_etc   a directory symlink to /etc and a file symlink to /etc/passwd
  weird_names      file names with newlines, quotes, percent signs, backslashes, spaces
  unreadable_file  a file without read permission (the server runs as an unprivileged user
                   when the test runs as root: root ignores file permissions)
  special_files    a FIFO and a socket named like source files (reading either would block)
Requests:
  path_escape      file/file_path with '..', absolute paths, symlinks out: isError, no content
  sql_literal      names with SQL wildcards, quotes and FTS syntax are matched literally
  huge_limits      limits, depths and budgets far over the maximum: clamped, and said so
  burst_10k        10,000 requests written at once: all answered, memory flat (VmRSS/VmHWM)
  no_repo_writes   indexing + serving + every tool leaves the repository byte-for-byte as it was
  answer_cap       an answer over the size cap is an isError naming the cap (test hook)
"""
import hashlib
import json
import os
import random
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time

CASE, BINARY = (sys.argv[1], os.path.abspath(sys.argv[2])) if len(sys.argv) == 3 else (None, None)
TMP = tempfile.mkdtemp(prefix=f"cg-hostile-{CASE}-")
WAIT = ["--wait-timeout", "600"]


def fail(msg):
    raise AssertionError(msg)


def check(cond, msg):
    if not cond:
        fail(msg)


def write(repo, rel, data):
    path = os.path.join(repo, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return path


def make_repo(name, files=None):
    repo = os.path.join(TMP, name)
    os.makedirs(repo, exist_ok=True)
    for rel, data in (files or {}).items():
        write(repo, rel, data)
    return repo


class Server:
    """One `codegraph-mcp --repo R --db D` process driven over stdio."""

    def __init__(self, repo, db=None, extra=(), env=None, preexec=None, user_cmd=()):
        self.db = db or os.path.join(TMP, "index.db")
        cmd = list(user_cmd) + [BINARY, "--repo", repo, "--db", self.db, *WAIT, *extra]
        self.stderr = open(os.path.join(TMP, "server.stderr"), "ab")
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.stderr, env=env, preexec_fn=preexec)
        self.next_id = 0
        self.lines = 0
        self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "hostile_test", "version": "1"}})
        self.notify("notifications/initialized")

    def send(self, msg):
        self.proc.stdin.write((json.dumps(msg) + "\n").encode())
        self.proc.stdin.flush()

    def notify(self, method, params=None):
        self.send({"jsonrpc": "2.0", "method": method, **({"params": params} if params else {})})

    def read(self):
        line = self.proc.stdout.readline()
        if not line:
            fail(f"server closed its output (exit {self.proc.poll()}); stderr:\n{self.tail()}")
        self.lines += 1
        try:
            msg = json.loads(line.decode("utf-8"))  # strict: invalid UTF-8 is a failure
        except (UnicodeDecodeError, ValueError) as e:
            fail(f"not one JSON message per line: {e}: {line[:200]!r}")
        check(msg.get("jsonrpc") == "2.0", f"not JSON-RPC 2.0: {line[:200]!r}")
        return msg

    def request(self, method, params=None):
        self.next_id += 1
        rid = self.next_id
        self.send({"jsonrpc": "2.0", "id": rid, "method": method,
                   **({"params": params} if params is not None else {})})
        while True:
            msg = self.read()
            if msg.get("id") == rid:
                check("error" not in msg, f"{method} failed: {msg}")
                return msg["result"]

    def call(self, tool, args):
        """The tools/call result: {'text', 'json' (parsed or None), 'isError', 'raw'}."""
        r = self.request("tools/call", {"name": tool, "arguments": args})
        text = "".join(c.get("text", "") for c in r["content"] if c.get("type") == "text")
        first = r["content"][0]["text"] if r["content"] else ""
        try:
            parsed = json.loads(first)
        except ValueError:
            parsed = None
        return {"text": text, "json": parsed, "isError": bool(r.get("isError")), "raw": r,
                "notes": [c["text"] for c in r["content"][1:]]}

    def ok(self, tool, args):
        r = self.call(tool, args)
        check(not r["isError"], f"{tool} {args} answered isError: {r['text']}")
        return r

    def status(self):
        out = {}
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                k, _, v = line.partition(":")
                if k in ("VmRSS", "VmHWM"):
                    out[k] = int(v.split()[0])  # kB
        return out

    def tail(self):
        self.stderr.flush()
        with open(os.path.join(TMP, "server.stderr"), "rb") as f:
            return f.read()[-3000:].decode("utf-8", "replace")

    def close(self):
        self.proc.stdin.close()
        rest = self.proc.stdout.read()
        for line in rest.splitlines():
            if line.strip():
                json.loads(line.decode("utf-8"))
        code = self.proc.wait(timeout=120)
        check(code == 0, f"server exit code {code}; stderr:\n{self.tail()}")


def index(repo, db=None, timeout=600, env=None, user_cmd=()):
    """`codegraph-mcp index`: must exit 0 (never crash); returns its summary line."""
    db = db or os.path.join(TMP, "index.db")
    p = subprocess.run(list(user_cmd) + [BINARY, "index", "--repo", repo, "--db", db],
                       capture_output=True, timeout=timeout, env=env)
    err = p.stderr.decode("utf-8", "replace")
    check(p.returncode == 0, f"index exit code {p.returncode}:\n{err[-3000:]}")
    return err.strip().splitlines()[-1] if err.strip() else ""


def names(result):
    j = result["json"]
    defs = j["definitions"] if isinstance(j, dict) else j
    return [(d["name"], d["path"]) for d in defs]


def find(server, name, path=None):
    r = server.ok("symbols", {"name": name, "scope": "all"})
    found = names(r)
    check(any(n == name and (path is None or p == path) for n, p in found),
          f"symbols {name!r}: expected it{' in ' + repr(path) if path else ''}, got {found}")
    return found


# ---- hostile repositories ----------------------------------------------------------------------

def case_minified_50mb():
    repo = make_repo("repo", {"ok.js": "function stillIndexed() { return 1; }\n"})
    unit = b"var a=function(b){return b+1},c=[1,2,3].map(a);"
    with open(os.path.join(repo, "bundle.js"), "wb") as f:
        for _ in range((50 << 20) // len(unit) + 1):
            f.write(unit)
    check(os.path.getsize(os.path.join(repo, "bundle.js")) >= 50 << 20, "50 MB written")
    start = time.time()
    summary = index(repo)
    check(time.time() - start < 120, f"index took {time.time() - start:.0f}s")
    check("too_large" in summary or "large" in summary or "minified" in summary,
          f"the 50 MB file is skipped and counted: {summary}")
    s = Server(repo)
    find(s, "stillIndexed", "ok.js")
    r = s.call("outline", {"file": "bundle.js", "format": "json"})
    check(len(r["text"]) < 1 << 20, "the outline of the huge file stays small")
    s.close()


def case_deep_nesting():
    n = 100_000
    # One level per line: a 100,000-character line would be skipped as minified instead.
    o, c = "(\n", ")\n"
    repo = make_repo("repo", {
        "lines.py": "x = " + o * n + "1" + c * n + "\n\ndef after_lines_py():\n    pass\n",
        "lines.js": "var x = " + "[\n" * n + "]\n" * n + ";\nfunction afterLinesJs() {}\n",
        "lines.c": "void f(void) {" + "{\n" * n + "}\n" * n + "}\nint after_lines_c(void) { return 0; }\n",
        "lines.rs": "fn f() { let x = " + o * n + "1" + c * n + "; }\nfn after_lines_rs() {}\n",
        "lines.java": "class L { int x = " + o * n + "1" + c * n + "; void afterLinesJava() {} }\n",
        "lines.go": "package p\nvar x = " + o * n + "1" + c * n + "\nfunc AfterLinesGo() {}\n",
        "lines.ts": "let t = " + o * n + "1" + c * n + ";\nfunction afterLinesTs() {}\n",
        "lines.rb": "x = " + "[\n" * n + "]\n" * n + "\ndef after_lines_rb; end\n",
        "deep.py": "x = " + "(" * n + "1" + ")" * n + "\n\ndef after_deep_py():\n    pass\n",
        "deep_list.py": "y = " + "[" * n + "]" * n + "\n",
        "deep.js": "var x = " + "[" * n + "]" * n + ";\nfunction afterDeepJs() {}\n",
        "deep.ts": "let t = " + "(" * n + "1" + ")" * n + ";\n",
        "deep.c": "void f(void) {" + "{" * n + "}" * n + "}\nint y = " + "(" * n + "1" + ")" * n + ";\n",
        "deep.cpp": "int z = " + "-" * n + "1;\n",
        "deep.go": "package p\nvar x = " + "(" * n + "1" + ")" * n + "\n",
        "deep.rs": "fn f() { let x = " + "(" * n + "1" + ")" * n + "; }\n",
        "deep.java": "class D { int x = " + "(" * n + "1" + ")" * n + "; }\n",
        "deep.rb": "x = " + "[" * n + "]" * n + "\n",
        "ok.py": "def beside_deep():\n    pass\n",
    })
    start = time.time()
    summary = index(repo, timeout=300)
    print(f"indexed in {time.time() - start:.1f}s: {summary}")
    check(" 0 failed" in summary, f"the 8 deeply nested files are indexed, not failed or hung: {summary}")
    s = Server(repo)
    find(s, "beside_deep", "ok.py")
    # Only what nests past the extractor's depth is left out: the symbols after the nest are kept.
    for name, f in (("after_lines_py", "lines.py"), ("afterLinesJs", "lines.js"),
                    ("after_lines_c", "lines.c"), ("after_lines_rs", "lines.rs"),
                    ("afterLinesJava", "lines.java"), ("AfterLinesGo", "lines.go"),
                    ("afterLinesTs", "lines.ts"), ("after_lines_rb", "lines.rb")):
        find(s, name, f)
    for f in ("lines.py", "lines.js", "lines.c", "lines.rs", "lines.java", "lines.go", "lines.ts", "lines.rb"):
        s.ok("outline", {"file": f, "format": "json"})
    s.ok("outline", {"file": "deep.py", "format": "json"})
    s.ok("search", {"query": "after deep"})
    s.close()


def case_invalid_utf8():
    repo = make_repo("repo", {
        "bad.py": b"# \xff\xfe comment \xc3\x28\n"
                  b"def bad_\xe9name():\n    return '\xff\xfe\xfd'\n\n"
                  b"def good_after_bad():\n    \"\"\"doc \xed\xa0\x80 surrogate\"\"\"\n    pass\n",
        "bad.js": b"// \xf0\x28\x8c\xbc\nvar s = '\xff';\nfunction fineJs() { return '\xc0\xaf'; }\n",
        # An invalid identifier: tree-sitter recovers as it can (best-effort, no assertion).
        "ident.js": b"function \xf0\x28\x8c\xbc() {}\nfunction afterIdent() {}\n",
        "bad.md": b"# Title \xff\n\n`good_after_bad` is documented \xfe here.\n",
    })
    index(repo)
    s = Server(repo)
    find(s, "good_after_bad", "bad.py")
    find(s, "fineJs", "bad.js")
    s.ok("outline", {"file": "bad.py", "format": "json"})
    s.ok("outline", {"file": "bad.py"})
    s.ok("outline", {})
    r = s.ok("symbol_context", {"symbol_name": "good_after_bad", "include_content": True,
                                "include_documents": True})
    s.ok("get_context", {"entity": "good_after_bad", "format": "json"})
    s.ok("get_context", {"entity": "good_after_bad"})
    s.ok("search", {"query": "bad"})
    # Invalid UTF-8 in a request is not JSON: a parse error (-32700, id null), then the next
    # request is answered.
    s.proc.stdin.write(b'{"jsonrpc":"2.0","id":"u","method":"tools/call","params":{"name":"symbols",'
                       b'"arguments":{"name":"bad_\xe9name"}}}\n')
    s.proc.stdin.flush()
    msg = s.read()
    check(msg.get("id") == "u" or msg.get("error", {}).get("code") == -32700, f"answered: {msg}")
    s.request("ping")
    s.close()


def case_nul_bytes():
    repo = make_repo("repo", {
        "nul.c": b"int before_nul(void) { return 0; }\n\x00\x00\x00\nint after_nul(void) { return 1; }\n",
        "nul.py": b"def py_before():\n    pass\nx = '\x00'\ndef py_after():\n    pass\n",
        "ok.c": "int clean_function(void) { return 2; }\n",
    })
    summary = index(repo)
    s = Server(repo)
    find(s, "clean_function", "ok.c")
    for f in ("nul.c", "nul.py"):
        s.call("outline", {"file": f, "format": "json"})  # skipped (binary) or parsed: answered
    s.ok("search", {"query": "nul"})
    s.close()
    check(" 0 failed" in summary, f"NUL bytes: skipped as binary or parsed, never a failure: {summary}")


def case_mutating_files():
    repo = make_repo("repo", {"stable.py": "def stable_function():\n    pass\n"})
    body = "".join(f"def func_{i}(a, b):\n    return helper(a) + {i}\n\n" for i in range(150))
    paths = [write(repo, f"pkg{i % 20}/mod_{i}.py", body) for i in range(600)]
    stop = threading.Event()
    actions = {"truncate": 0, "delete": 0, "rewrite": 0}

    def mutate():
        rnd = random.Random(9)
        while not stop.is_set():
            p = rnd.choice(paths)
            what = rnd.choice(list(actions))
            try:
                if what == "truncate":
                    with open(p, "r+b") as f:
                        f.truncate(rnd.randrange(1, 4000))
                elif what == "delete":
                    os.unlink(p)
                else:
                    with open(p, "wb") as f:
                        f.write(body[: rnd.randrange(10, len(body))].encode())
                actions[what] += 1
            except OSError:
                pass

    t = threading.Thread(target=mutate)
    t.start()
    try:
        for _ in range(2):  # a first index, then a refresh, both racing the mutations
            index(repo)
        s = Server(repo)  # serving (watcher on) while files keep changing
        for _ in range(20):
            find(s, "stable_function", "stable.py")
            s.ok("search", {"query": "func"})
            time.sleep(0.1)
    finally:
        stop.set()
        t.join()
    check(sum(actions.values()) > 100, f"mutations happened while indexing: {actions}")
    find(s, "stable_function", "stable.py")
    s.close()


def case_many_tiny_files():
    repo = make_repo("repo")
    n = 100_000
    for d in range(100):
        os.makedirs(os.path.join(repo, f"d{d}"))
    for i in range(n):
        with open(os.path.join(repo, f"d{i % 100}", f"f{i}.py"), "w") as f:
            f.write(f"def tiny_{i}(): pass\n")
    start = time.time()
    summary = index(repo, timeout=1200)
    took = time.time() - start
    check(f"indexed {n} files" in summary, summary)
    s = Server(repo)
    find(s, "tiny_99999", "d99/f99999.py")
    r = s.ok("search", {"query": "tiny", "limit": 200})
    check(len(r["json"]) <= 200, "search answers stay within their limit")
    s.ok("outline", {})
    s.ok("outline", {"file": "d7"})
    s.close()
    print(f"100k files indexed in {took:.1f}s")


def case_symlink_loop():
    repo = make_repo("repo", {"real.py": "def real_function():\n    pass\n"})
    os.symlink("a.py", os.path.join(repo, "b.py"))
    os.symlink("b.py", os.path.join(repo, "a.py"))
    os.symlink("self.py", os.path.join(repo, "self.py"))
    os.makedirs(os.path.join(repo, "sub"))
    os.symlink("..", os.path.join(repo, "sub", "up"))
    os.symlink(".", os.path.join(repo, "sub", "here"))
    os.symlink("missing.py", os.path.join(repo, "dangling.py"))
    os.symlink("real.py", os.path.join(repo, "alias.py"))
    index(repo, timeout=120)
    s = Server(repo)
    found = find(s, "real_function")
    check(all("up/" not in p and "here/" not in p for _, p in found), f"no looped paths: {found}")
    for f in ("a.py", "self.py", "sub/up/real.py", "dangling.py"):
        s.call("outline", {"file": f, "format": "json"})
    s.close()


def case_symlink_to_etc():
    repo = make_repo("repo", {"inside.py": "def inside_function():\n    pass\n"})
    os.symlink("/etc", os.path.join(repo, "etc"))
    os.symlink("/etc/passwd", os.path.join(repo, "passwd.py"))
    os.symlink("/etc/hostname", os.path.join(repo, "host.c"))
    index(repo)
    s = Server(repo)
    find(s, "inside_function", "inside.py")
    for args in ({"file": "etc"}, {"file": "etc/passwd"}, {"file": "passwd.py"}, {"file": "host.c"},
                 {"file": "etc", "format": "json"}):
        r = s.call("outline", args)
        check(r["isError"], f"outline {args} must be refused: {r['text'][:300]}")
        check("root:" not in r["text"], "no content from /etc")
    r = s.ok("outline", {"format": "json"})
    check("etc/" not in r["text"] and "passwd" not in r["text"], "nothing from /etc is indexed")
    r = s.ok("search", {"query": "root"})
    check("etc/" not in r["text"], "nothing from /etc is searchable")
    s.close()


def case_weird_names():
    names_ = ["new\nline.py", "quo\"te's.py", "per%cent%s%n%d.py", "back\\slash.py",
              "sp ace.py", "semi;colon$(echo x).py", "uni\u00e9\u6f22.py", "tab\tname.py"]
    files = {n: f"def weird_{i}():\n    pass\n" for i, n in enumerate(names_)}
    files["dir%s\n\"x\"/inner.py"] = "def weird_inner():\n    pass\n"
    repo = make_repo("repo", files)
    index(repo)
    s = Server(repo)
    for i, n in enumerate(names_):
        find(s, f"weird_{i}", n)
        r = s.ok("outline", {"file": n, "format": "json"})
        check(f"weird_{i}" in r["text"], f"outline of {n!r}: {r['text'][:200]}")
        r = s.ok("symbol_context", {"symbol_name": f"weird_{i}", "include_content": True})
        check(r["json"]["symbol"]["file_path"] == n, f"symbol_context path of {n!r}")
    find(s, "weird_inner", "dir%s\n\"x\"/inner.py")
    s.ok("outline", {"file": "per%cent%s%n%d.py"})
    s.ok("outline", {})
    s.close()


def case_unreadable_file():
    repo = make_repo("repo", {"secret.py": "def secret_function():\n    pass\n",
                              "open.py": "def open_function():\n    pass\n"})
    os.chmod(os.path.join(repo, "secret.py"), 0)
    user_cmd = ()
    if os.geteuid() == 0:
        # Root reads a mode-000 file anyway, so run the server as an unprivileged user: the
        # permission check is then the kernel's, as on a developer's machine.
        user_cmd = ("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups")
        for p in (TMP, repo, os.path.join(repo, "open.py")):
            os.chmod(p, 0o755 if os.path.isdir(p) else 0o644)
        os.chmod(TMP, 0o777)
    with open(os.path.join(TMP, "probe"), "w") as f:
        f.write("x")
    if user_cmd:
        p = subprocess.run(list(user_cmd) + ["cat", os.path.join(repo, "secret.py")], capture_output=True)
        check(p.returncode != 0, "the unprivileged user cannot read the file")
    index(repo, user_cmd=user_cmd)
    s = Server(repo, user_cmd=user_cmd)
    find(s, "open_function", "open.py")
    r = s.ok("symbols", {"name": "secret_function", "scope": "all"})
    check("secret.py" not in r["text"], f"nothing indexed from the unreadable file: {r['text']}")
    s.call("outline", {"file": "secret.py"})  # answered either way
    s.close()


def case_special_files():
    repo = make_repo("repo", {"normal.py": "def normal_function():\n    pass\n"})
    os.mkfifo(os.path.join(repo, "fifo.py"))
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(os.path.join(repo, "sock.c"))
    try:
        index(repo, timeout=60)
        s = Server(repo)
        find(s, "normal_function", "normal.py")
        s.call("outline", {"file": "fifo.py"})
        s.call("symbol_context", {"symbol_name": "normal_function", "file_path": "fifo.py"})
        s.close()
    finally:
        sock.close()


# ---- hostile requests --------------------------------------------------------------------------

SECRET = "codegraph-outside-secret"


def request_repo():
    outside = make_repo("outside", {"leak.py": f"def leaked_function():\n    return '{SECRET}'\n"})
    repo = make_repo("repo", {
        "src/app.py": "def app_main():\n    return helper()\n\ndef helper():\n    return 1\n\n"
                      "def abc():\n    pass\n\ndef a_c():\n    pass\n\ndef percent_100():\n    pass\n",
        "src/util.py": "from src.app import helper\n\ndef use_helper():\n    return helper()\n",
    })
    os.symlink(outside, os.path.join(repo, "out"))
    os.symlink(os.path.join(outside, "leak.py"), os.path.join(repo, "leak.py"))
    return repo, outside


def case_path_escape():
    repo, outside = request_repo()
    index(repo)
    s = Server(repo)
    bad = ["..", "../outside/leak.py", "src/../../outside/leak.py", "/etc/passwd", "/etc",
           os.path.join(outside, "leak.py"), "out/leak.py", "out", "leak.py", "src/../..",
           "/", "//etc/passwd", "./../outside", "src/\x00/../..", "~/../../etc/passwd",
           "/proc/self/environ", os.path.join(repo, "..", "outside", "leak.py")]
    calls = []
    for p in bad:
        calls += [("outline", {"file": p}), ("outline", {"file": p, "format": "json"}),
                  ("symbols", {"name": "helper", "file": p}),
                  ("symbol_context", {"symbol_name": "helper", "file_path": p, "include_content": True}),
                  ("get_context", {"entity": "helper", "file": p, "format": "json"})]
    refused = 0
    for tool, args in calls:
        r = s.call(tool, args)
        check(SECRET not in r["text"] and "root:" not in r["text"] and "leaked_function" not in r["text"],
              f"{tool} {args!r} leaked content: {r['text'][:300]}")
        if r["isError"]:
            refused += 1
    for p in bad:
        if p in ("~/../../etc/passwd",):
            continue  # '~' is no home folder here: 'etc/passwd' inside the repository (absent)
        for tool, args in (("outline", {"file": p}),
                           ("symbol_context", {"symbol_name": "helper", "file_path": p})):
            r = s.call(tool, args)
            check(r["isError"], f"{tool} {args!r} must be isError: {r['text'][:300]}")
    # Inside the repository, absolute or relative, with a '..' that stays inside: answered.
    s.ok("outline", {"file": os.path.join(repo, "src", "app.py")})
    s.ok("outline", {"file": "src/../src/app.py"})
    r = s.ok("symbol_context", {"symbol_name": "helper", "file_path": "src/app.py", "include_content": True})
    check("return 1" in r["text"], "content inside the repository is served")
    s.close()
    print(f"{len(calls)} escaping calls, {refused} refused, none leaked")


def case_sql_literal():
    repo, _ = request_repo()
    index(repo)
    s = Server(repo)
    for name in ["%", "_", "a_c", "%help%", "help%", "*", "'", "\"", "''", "' OR '1'='1",
                 "helper'; DROP TABLE symbols; --", "a\\_c", "[a-z]*", "helper\"", "?", "\\"]:
        r = s.ok("symbols", {"name": name, "scope": "all"})
        found = names(r) if r["json"] is not None else []
        check(all(n == name or n.lower() == name.lower() for n, _ in found),
              f"symbols {name!r} matched other names: {found}")
        r = s.call("symbol_context", {"symbol_name": name})
        check(r["isError"] or r["json"]["status"] != "found" or r["json"]["symbol"]["name"] == name,
              f"symbol_context {name!r}: {r['text'][:200]}")
        for q in (name, f"help {name}", f"{name} OR helper"):
            r = s.call("search", {"query": q})
            check(not any(w in r["text"].lower() for w in ("fts5", "syntax error", "sqlite")),
                  f"search {q!r}: {r['text']}")
        r = s.call("outline", {"symbol": name, "format": "json"})
        r = s.call("outline", {"file": name, "format": "json"})
        check(r["isError"] or "app_main" not in r["text"] or name in ("*",), f"outline file {name!r}: {r['text'][:200]}")
    r = s.ok("symbols", {"name": "a_c", "scope": "all"})
    check(names(r) == [("a_c", "src/app.py")], f"'_' is not a wildcard: {names(r)}")
    for q in ['"', "NEAR(a b)", "a AND", "OR", "*", "^x", "col:helper", "helper*", "(", ")", "-helper", "{}",
              'help"er', "help' OR 1=1 --", "a_c", "%elp%"]:
        r = s.call("search", {"query": q})
        # Refused only for having nothing to search for, never for query syntax.
        check(not r["isError"] or "letter or digit" in r["text"], f"search {q!r} failed: {r['text']}")
        check(not any(w in r["text"].lower() for w in ("fts5", "syntax error", "sqlite")), r["text"])
    find(s, "helper", "src/app.py")  # the index survived the "DROP TABLE"
    s.close()


def case_huge_limits():
    repo, _ = request_repo()
    index(repo)
    s = Server(repo)
    cases = [("symbols", {"name": "helper", "limit": 10**9}, "limit"),
             ("symbols", {"name": "helper", "limit": 2**63 - 1}, "limit"),
             ("search", {"query": "help", "limit": 10**12}, "limit"),
             ("outline", {"symbol": "helper", "depth": 10**6}, "depth"),
             ("outline", {"token_budget": 10**15}, "token_budget"),
             ("get_context", {"entity": "helper", "depth": 10**9, "token_budget": 10**12}, "depth"),
             ("get_context", {"mode": "path", "from": "app_main", "to": "helper", "max_depth": 10**8}, "max_depth"),
             ("symbols", {"name": "helper", "limit": 1e300}, "limit")]
    for tool, args, field in cases:
        r = s.call(tool, args)
        check(not r["isError"], f"{tool} {args}: clamped, not refused: {r['text'][:300]}")
        said = r["text"] + json.dumps(r["raw"].get("structuredContent", {}))
        check(field in said and ("maximum" in said or "clamped" in said),
              f"{tool} {args}: the answer says {field} was clamped: {said[:400]}")
    r = s.call("symbols", {"name": "helper", "limit": 0})
    check(r["isError"], "below the minimum is still an error")
    r = s.call("symbols", {"name": "helper", "limit": -(10**12)})
    check(r["isError"], "a negative limit is an error")
    s.close()


def case_burst_10k():
    repo, _ = request_repo()
    index(repo)
    # Under AddressSanitizer freed memory is held in a quarantine of up to 256 MB, which fills
    # with the allocations of 10k requests and counts in VmRSS: a small quarantine keeps the
    # check about our memory (a release binary ignores ASAN_OPTIONS).
    asan = os.environ.get("ASAN_OPTIONS", "")
    env = dict(os.environ, ASAN_OPTIONS=(asan + ":" if asan else "") + "quarantine_size_mb=16")
    s = Server(repo, env=env)

    def burst(first, count):
        out = []
        for i in range(first, first + count):
            k = i % 4
            if k == 0:
                out.append({"jsonrpc": "2.0", "id": i, "method": "ping"})
            elif k == 1:
                out.append({"jsonrpc": "2.0", "id": i, "method": "tools/call",
                            "params": {"name": "symbols", "arguments": {"name": "helper"}}})
            elif k == 2:
                out.append({"jsonrpc": "2.0", "id": i, "method": "tools/call",
                            "params": {"name": "search", "arguments": {"query": "help"}}})
            else:
                out.append({"jsonrpc": "2.0", "id": i, "method": "tools/call",
                            "params": {"name": "outline", "arguments": {"file": "src/app.py"}}})
        data = "".join(json.dumps(m) + "\n" for m in out).encode()
        writer = threading.Thread(target=lambda: (s.proc.stdin.write(data), s.proc.stdin.flush()))
        writer.start()
        seen = set()
        while len(seen) < count:
            msg = s.read()
            if "id" in msg:
                check("error" not in msg and not msg["result"].get("isError"), f"answered: {msg}")
                seen.add(msg["id"])
        writer.join()
        check(seen == set(range(first, first + count)), "every request answered exactly once")

    burst(1000, 2000)  # warm up: caches, worker threads, SQLite page cache
    warm = s.status()
    burst(10_000, 10_000)
    after = s.status()
    grow = after["VmRSS"] - warm["VmRSS"]
    print(f"VmRSS {warm['VmRSS']} kB → {after['VmRSS']} kB, VmHWM {warm['VmHWM']} → {after['VmHWM']} kB")
    check(grow < 64 * 1024, f"memory flat over 10k requests: VmRSS grew {grow} kB")
    check(after["VmHWM"] - warm["VmHWM"] < 128 * 1024, f"peak flat: {warm} → {after}")
    s.close()


def snapshot(root):
    out = {}
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        for n in dirnames + filenames:
            p = os.path.join(dirpath, n)
            st = os.lstat(p)
            digest = ""
            if stat.S_ISREG(st.st_mode):
                with open(p, "rb") as f:
                    digest = hashlib.sha256(f.read()).hexdigest()
            elif stat.S_ISLNK(st.st_mode):
                digest = os.readlink(p)
            out[os.path.relpath(p, root)] = (st.st_mode, st.st_size, st.st_mtime_ns, digest)
    return out


def case_no_repo_writes():
    repo, outside = request_repo()
    write(repo, "README.md", "# Project\n\n`helper` does things.\n")
    write(repo, ".gitignore", "build/\n")
    subprocess.run(["git", "init", "-q", repo], check=True)
    subprocess.run(["git", "-C", repo, "-c", "user.email=t@e", "-c", "user.name=t", "add", "-A"], check=True)
    subprocess.run(["git", "-C", repo, "-c", "user.email=t@e", "-c", "user.name=t", "commit", "-qm", "x"],
                   check=True)
    before, before_out = snapshot(repo), snapshot(outside)
    os.chmod(repo, 0o755)
    # The default database location (XDG cache) as an agent would run it, and an explicit --db.
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(TMP, "cache"), HOME=os.path.join(TMP, "home"))
    p = subprocess.run([BINARY, "index", "--repo", repo], capture_output=True, env=env, timeout=120)
    check(p.returncode == 0, p.stderr.decode()[-2000:])
    proc = subprocess.Popen([BINARY, "--repo", repo, *WAIT], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env)
    s = Server.__new__(Server)
    s.proc, s.next_id, s.lines = proc, 0, 0
    s.stderr = open(os.path.join(TMP, "server.stderr"), "ab")
    s.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                             "clientInfo": {"name": "t", "version": "1"}})
    for tool, args in [("symbols", {"name": "helper"}), ("search", {"query": "help"}),
                       ("outline", {}), ("outline", {"file": "src/app.py"}),
                       ("symbol_context", {"symbol_name": "helper", "include_content": True,
                                           "include_documents": True}),
                       ("get_context", {"entity": "helper"}),
                       ("get_context", {"mode": "intent", "intent": "fix", "target": "helper"}),
                       ("get_context", {"mode": "path", "from": "app_main", "to": "helper"})]:
        s.ok(tool, args)
    time.sleep(1.5)  # past the watcher's debounce and the analytics refresh
    s.close()
    s2 = Server(repo)  # and with an explicit --db outside
    s2.ok("outline", {})
    s2.close()
    after = snapshot(repo)
    changed = sorted(set(before.items()) ^ set(after.items()))
    check(not changed, f"the repository changed: {changed[:10]}")
    check(snapshot(outside) == before_out, "the folder outside changed")
    check(os.listdir(os.path.join(TMP, "cache")), "the default index lives in the cache folder")


def case_answer_cap():
    repo = make_repo("repo", {f"m{i}.py": "".join(f"def fn_{i}_{j}():\n    pass\n" for j in range(200))
                              for i in range(20)})
    index(repo)
    env = dict(os.environ, CODEGRAPH_TEST_MAX_ANSWER_BYTES="4000")
    s = Server(repo, env=env)
    r = s.call("outline", {"format": "json", "token_budget": 100000})
    check(r["isError"] and "4000" in r["text"] and "byte" in r["text"], f"capped: {r['text'][:300]}")
    check("structuredContent" not in r["raw"], "an error carries no structuredContent")
    r = s.ok("symbols", {"name": "fn_1_1"})  # a small answer still goes through
    s.request("ping")
    s.close()


def main():
    if CASE is None:
        print(__doc__)
        return 2
    fn = globals().get("case_" + CASE)
    if fn is None:
        print(f"unknown case {CASE}", file=sys.stderr)
        return 2
    try:
        fn()
    finally:
        shutil.rmtree(TMP, ignore_errors=True) if os.environ.get("CG_KEEP_TMP") is None else None
    print(f"{CASE}: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
