#!/usr/bin/env python3
"""Real-life accidents around a running server, end to end through the real binary: the
repository cloned again, swapped or checked out under it, its cache wiped, its database
truncated, odd file names, odd requests, a client that stops reading. One case per run, each a
CTest test (e2e.real_life.<case>); everything lives under one temporary folder, removed at the
end (CG_KEEP_TMP=1 keeps it).

Usage: real_life_test.py CASE BINARY        (python3, standard library only)

Cases:
  reclone          `rm -rf R; git clone other R` under a server: the new tree is served and watched
  swap             `mv R R.old; mv R.new R`: R.new is served and watched, R.old no longer
  cache_wiped      the cache folder removed under a server, a second server started: both answer,
                   exactly one of them indexes
  checkout         `git checkout` replacing 300 files: stale or new at once, new within 2 s, and the
                   index then equals a fresh one
  symlink_diamond  22 levels of two directory symlinks each (2^21 paths): indexed at once;
                   `--repo /` refused
  truncated_db     the database truncated in place under a server: every request answered, no crash,
                   and the index rebuilt
  corrupt_page     pages of the database overwritten in place: found by a query, checked, rebuilt
  private_cache    the default index folder is private (0700) even without HOME; a folder of another
                   user is refused
  lone_surrogate   a request with a lone \\ud83d escape: answered, with a note
  backpressure     a client that writes 2,000 1-MB requests and reads nothing: memory stays bounded
  unwritable_cache an unwritable XDG_CACHE_HOME: `index` and tool calls say why and name --db
  names            file names with a leading space and non-UTF-8 bytes, written %XX
"""
import difflib
import json
import os
import pwd
import queue
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time

# hostile_test.py makes its temporary folder and reads sys.argv when imported, so its helpers
# are not shared: the few needed are written here.
CASE, BINARY = (sys.argv[1], os.path.abspath(sys.argv[2])) if len(sys.argv) == 3 else (None, None)
TMP = None  # made by main()
SERVERS = []  # every server started, killed at the end if still running
GIT = ["git", "-c", "user.email=t@e", "-c", "user.name=t", "-c", "init.defaultBranch=main",
       "-c", "advice.detachedHead=false"]


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


def make_repo(name, files):
    repo = os.path.join(TMP, name)
    os.makedirs(repo, exist_ok=True)
    for rel, data in files.items():
        write(repo, rel, data)
    return repo


def git(repo, *args):
    subprocess.run(GIT + ["-C", repo, *args], check=True, capture_output=True, timeout=60)


def git_repo(name, files):
    repo = make_repo(name, files)
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "init")
    return repo


def poll(cond, timeout, what, every=0.1, server=None, names=()):
    """Calls cond() until it returns a true value; returns the seconds it took. At the deadline
    fails with what `symbols` answers for names on server, and its stderr."""
    start = time.monotonic()
    while not cond():
        if time.monotonic() - start > timeout:
            state = {n: server.call("symbols", {"name": n})["text"][:300] for n in names} if server else {}
            fail(f"{what}: not within {timeout} s; symbols now: {state}"
                 + (f"\nstderr:\n{server.tail()}" if server else ""))
        time.sleep(every)
    return time.monotonic() - start


class Server:
    """One `codegraph-mcp --repo R --db D` process (no --db when db is None) driven over stdio. A
    reader thread queues the lines it writes, so every read has a deadline; pause() stops reading
    (backpressure)."""

    def __init__(self, repo, db, extra=(), env=None, user_cmd=(), binary=None, name="server"):
        self.name = name
        self.stderr_path = os.path.join(TMP, f"{name}.stderr")
        self.stderr = open(self.stderr_path, "ab")
        cmd = list(user_cmd) + [binary or BINARY, "--repo", repo, *(["--db", db] if db else []),
                                "--wait-timeout", "20", *extra]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.stderr, env=env)
        SERVERS.append(self)
        self.lines = queue.Queue()
        self.reading = threading.Event()
        self.reading.set()
        threading.Thread(target=self._reader, daemon=True).start()
        self.next_id = 0
        self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "real_life_test", "version": "1"}})
        self.notify("notifications/initialized")

    def _reader(self):
        while True:
            self.reading.wait()
            line = self.proc.stdout.readline()
            self.lines.put(line or None)
            if not line:
                return

    def pause(self):
        self.reading.clear()

    def send_raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, msg):
        self.send_raw((json.dumps(msg) + "\n").encode())

    def notify(self, method, params=None):
        self.send({"jsonrpc": "2.0", "method": method, **({"params": params} if params else {})})

    def read(self, timeout=30):
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            fail(f"{self.name}: no message within {timeout} s; stderr:\n{self.tail()}")
        if line is None:
            self.lines.put(None)
            fail(f"{self.name} closed its output (exit {self.proc.poll()}); stderr:\n{self.tail()}")
        try:
            msg = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            fail(f"{self.name}: not one JSON message per line: {e}: {line[:200]!r}")
        check(msg.get("jsonrpc") == "2.0", f"not JSON-RPC 2.0: {line[:200]!r}")
        return msg

    def answer(self, rid, timeout=30):
        """The message with id rid (any other message is skipped)."""
        deadline = time.monotonic() + timeout
        while True:
            msg = self.read(max(0.1, deadline - time.monotonic()))
            if msg.get("id") == rid:
                return msg

    def request(self, method, params=None, timeout=30):
        self.next_id += 1
        rid = self.next_id
        self.send({"jsonrpc": "2.0", "id": rid, "method": method,
                   **({"params": params} if params is not None else {})})
        msg = self.answer(rid, timeout)
        check("error" not in msg, f"{self.name}: {method} {params} failed: {msg}")
        return msg["result"]

    def call(self, tool, args, timeout=30):
        """The tools/call result: {'text', 'json' (first block parsed, or None), 'isError',
        'notes' (the later text blocks), 'raw'}."""
        return result_of(self.request("tools/call", {"name": tool, "arguments": args}, timeout))

    def ok(self, tool, args, timeout=30):
        r = self.call(tool, args, timeout)
        check(not r["isError"], f"{self.name}: {tool} {args} answered isError: {r['text'][:500]}")
        return r

    def defs(self, name):
        """(name, path) of the definitions `symbols` finds, or None when it answers isError
        (an index being built again, say)."""
        r = self.call("symbols", {"name": name})
        if r["isError"] or not isinstance(r["json"], list):
            return None
        return [(d["name"], d["path"]) for d in r["json"]]

    def has(self, name):
        found = self.defs(name)
        return found is not None and any(n == name for n, _ in found)

    def lacks(self, name):
        found = self.defs(name)
        return found is not None and not any(n == name for n, _ in found)

    def wait_for(self, name, timeout=30):
        return poll(lambda: self.has(name), timeout, f"{self.name}: symbols {name} found", server=self,
                    names=[name])

    def rss_kb(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def tail(self):
        self.stderr.flush()
        with open(self.stderr_path, "rb") as f:
            return f.read()[-3000:].decode("utf-8", "replace")

    def close(self, timeout=30):
        """EOF on stdin: the server must exit 0, having written only JSON-RPC."""
        self.reading.set()
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                self.kill()
                fail(f"{self.name}: still writing {timeout} s after EOF; stderr:\n{self.tail()}")
            if line is None:
                break
            json.loads(line.decode("utf-8"))
        try:
            code = self.proc.wait(timeout=max(1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            self.kill()
            fail(f"{self.name}: did not exit within {timeout} s of EOF; stderr:\n{self.tail()}")
        check(code == 0, f"{self.name}: exit code {code} after EOF; stderr:\n{self.tail()}")

    def kill(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()


def result_of(r):
    content = r.get("content") or []
    text = "".join(c.get("text", "") for c in content if c.get("type") == "text")
    try:
        parsed = json.loads(content[0]["text"]) if content else None
    except ValueError:
        parsed = None
    return {"text": text, "json": parsed, "isError": bool(r.get("isError")), "raw": r,
            "notes": [c.get("text", "") for c in content[1:]]}


def run(args, timeout=60, env=None, user_cmd=(), binary=None):
    """A one-shot command of the binary: (exit code, stderr text)."""
    try:
        p = subprocess.run(list(user_cmd) + [binary or BINARY, *args], capture_output=True,
                           timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        fail(f"`codegraph-mcp {' '.join(args)}` did not finish within {timeout} s")
    return p.returncode, p.stderr.decode("utf-8", "replace"), p.stdout.decode("utf-8", "replace")


def index(repo, db, extra=(), timeout=60):
    code, err, _ = run(["index", "--repo", repo, "--db", db, *extra], timeout)
    check(code == 0, f"index {repo} exit code {code}:\n{err[-3000:]}")
    return err.strip().splitlines()[-1] if err.strip() else ""


def dump(repo, db, extra=()):
    code, err, out = run(["debug-dump", "--repo", repo, "--db", db, *extra], 120)
    check(code == 0, f"debug-dump exit code {code}:\n{err[-3000:]}")
    real = os.path.realpath(repo)
    return out.replace(real, "<repo>").replace(repo, "<repo>").splitlines()


def log_text(path):
    try:
        with open(path, "rb") as f:
            return f.read().decode("utf-8", "replace")
    except FileNotFoundError:
        return ""


# ---- the repository changes identity -----------------------------------------------------------

def case_reclone():
    repo = git_repo("repo", {"a.py": "def alpha():\n    pass\n"})
    other = git_repo("other", {"b.py": "def beta():\n    pass\n"})
    # Serves the git top level (the default).
    s = Server(repo, os.path.join(TMP, "index.db"), ["--log-level", "info"])
    s.wait_for("alpha")
    before = os.stat(repo)
    shutil.rmtree(repo)
    subprocess.run(GIT + ["clone", "-q", other, repo], check=True, capture_output=True, timeout=60)
    after = os.stat(repo)
    # The file system may give the new folder the inode number of the one just removed.
    print(f"folder inode {before.st_ino} before, {after.st_ino} after the clone")
    took = poll(lambda: s.has("beta") and s.lacks("alpha"), 15, "after the clone: beta found, alpha gone"
                f" (folder inode {before.st_ino} before, {after.st_ino} after)", server=s, names=["alpha", "beta"])
    print(f"re-clone served after {took:.2f} s")
    write(repo, "c.py", "def gamma():\n    pass\n")
    took = poll(lambda: s.has("gamma"), 15, "an edit in the re-cloned folder is indexed", server=s,
                names=["gamma"])
    print(f"edit after the re-clone indexed after {took:.2f} s")
    s.close()


def case_swap():
    repo = make_repo("R", {"a.py": "def alpha():\n    pass\n"})
    new = make_repo("R.new", {"b.py": "def beta():\n    pass\n"})
    s = Server(repo, os.path.join(TMP, "index.db"), ["--no-git-toplevel"])
    s.wait_for("alpha")
    old = os.path.join(TMP, "R.old")
    os.rename(repo, old)
    os.rename(new, repo)
    took = poll(lambda: s.has("beta") and s.lacks("alpha"), 15, "after the swap: beta found, alpha gone",
                server=s, names=["alpha", "beta"])
    print(f"swapped folder served after {took:.2f} s")
    write(old, "d.py", "def delta_old():\n    pass\n")  # first: had it a watch, it would come first
    write(repo, "e.py", "def epsilon_new():\n    pass\n")
    poll(lambda: s.has("epsilon_new"), 15, "an edit in the swapped-in folder is indexed", server=s,
         names=["epsilon_new"])
    found = s.defs("delta_old")
    check(found == [], f"an edit in the swapped-out folder R.old must not be indexed: {found}")
    s.close()


def case_cache_wiped():
    repo = make_repo("repo", {"a.py": "def alpha():\n    pass\n"})
    cache = os.path.join(TMP, "cache")
    db = os.path.join(cache, "codegraph-mcp", "x.db")
    logs = [os.path.join(TMP, "server1.log"), os.path.join(TMP, "server2.log")]

    def serve(i):
        return Server(repo, db, ["--no-git-toplevel", "--log-file", logs[i], "--log-level", "info"],
                      name=f"server{i + 1}")

    s1 = serve(0)
    s1.wait_for("alpha")
    shutil.rmtree(os.path.join(cache, "codegraph-mcp"))
    s2 = serve(1)
    again = "building the index again"
    # The first server's old database is still open (unlinked): it has to notice the wipe too.
    took = poll(lambda: again in log_text(logs[0]) and s1.has("alpha") and s2.has("alpha"), 30,
                f"both servers answer alpha, the first having logged {again!r}")
    print(f"both servers answer {took:.2f} s after the wipe")
    check(os.path.exists(db), f"the database is created again at {db}")
    write(repo, "b.py", "def beta_edit():\n    pass\n")
    poll(lambda: s1.has("beta_edit") and s2.has("beta_edit"), 15, "an edit after the wipe, seen by both")
    s1.close()
    s2.close()
    # Info lines reach a log file when a warning flushes it or at exit, so the size of a log at
    # the wipe says nothing: what the first server logged after noticing the wipe follows its
    # warning; the second started after it.
    first = log_text(logs[0])
    before, _, after = first.partition(again)
    marker = "this process indexes"
    check(before.count(marker) == 1, f"server1 indexed at start: {before.count(marker)} in\n{before[-2000:]}")
    indexers = [n for n, text in (("server1", after), ("server2", log_text(logs[1]))) if marker in text]
    print(f"indexer after the wipe: {indexers}")
    check(len(indexers) == 1, f"exactly one process indexes after the wipe, not {indexers}:\n"
                              f"server1 after the wipe:\n{after[-2000:]}\nserver2:\n{log_text(logs[1])[-2000:]}")


def case_checkout():
    repo = make_repo("repo", {f"a_{i}.py": f"def fa_{i}(): pass\n" for i in range(300)})
    git(repo, "init", "-q")
    git(repo, "checkout", "-qb", "A")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "A")
    git(repo, "checkout", "-qb", "B")
    git(repo, "rm", "-q", *[f"a_{i}.py" for i in range(300)])
    for i in range(300):
        write(repo, f"b_{i}.py", f"def fb_{i}(): pass\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "B")
    git(repo, "checkout", "-q", "A")
    db = os.path.join(TMP, "index.db")
    s = Server(repo, db)
    s.wait_for("fa_1")
    s.wait_for("fa_299")
    git(repo, "checkout", "-q", "B")
    returned = time.monotonic()
    r = s.call("symbols", {"name": "fb_1"})
    found = isinstance(r["json"], list) and any(d["name"] == "fb_1" for d in r["json"])
    stale = any("Stale" in n for n in r["notes"])
    check(not r["isError"] and (found or stale),
          f"right after the checkout, symbols fb_1 finds it or says Stale: {r['raw']}")
    print(f"first answer after the checkout: {'found' if found else 'stale'}"
          f" ({time.monotonic() - returned:.3f} s)")
    poll(lambda: s.lacks("fa_1") and s.has("fb_299"), 30, "after the checkout: fa_1 gone, fb_299 found",
         every=0.02, server=s, names=["fa_1", "fb_299"])
    took = time.monotonic() - returned
    print(f"checkout of 300 files reflected {took:.3f} s after it returned")
    check(took <= 2.0, f"the checkout is reflected within 2 s after it returned, not {took:.3f} s")
    s.close()
    copy = os.path.join(TMP, "copy")
    shutil.copytree(repo, copy, symlinks=True)
    fresh = os.path.join(TMP, "fresh.db")
    index(copy, fresh)
    served, clean = dump(repo, db), dump(copy, fresh)
    if served != clean:
        diff = list(difflib.unified_diff(clean, served, "fresh index", "served index", lineterm="", n=0))
        fail(f"the served index differs from a fresh one ({len(diff)} diff lines):\n" + "\n".join(diff[:60]))
    print(f"served index equals a fresh one ({len(served)} dump lines)")


def case_symlink_diamond():
    repo = make_repo("repo", {"d21/x.py": "def leaf():\n    pass\n"})
    for i in range(21):
        d = os.path.join(repo, f"d{i}")
        os.makedirs(d, exist_ok=True)
        os.symlink(f"../d{i + 1}", os.path.join(d, "l1"))
        os.symlink(f"../d{i + 1}", os.path.join(d, "l2"))
    db = os.path.join(TMP, "index.db")
    start = time.monotonic()
    summary = index(repo, db, ["--no-git-toplevel"], timeout=20)
    print(f"indexed in {time.monotonic() - start:.2f} s: {summary}")
    check(summary.startswith("indexed "), f"index reports a summary: {summary!r}")
    check(any("leaf" in line for line in dump(repo, db, ["--no-git-toplevel"])), "d21/x.py's leaf is indexed")
    code, err, _ = run(["index", "--repo", "/", "--db", os.path.join(TMP, "root.db")], timeout=20)
    check(code == 2 and "file system's root" in err, f"index --repo / : exit {code} (want 2), stderr:\n{err[-2000:]}")


# ---- the database and its folder ---------------------------------------------------------------

def case_truncated_db():
    repo = make_repo("repo", {f"m{i}.py": f"def f_{i}(x):\n    return g_{i}(x)\n\ndef g_{i}(x):\n    return x\n"
                              for i in range(50)})
    db = os.path.join(TMP, "index.db")
    # Indexed first by `index`, which checkpoints at its end: the index is then in the database
    # file itself (a server's first index may still be in its write-ahead log).
    index(repo, db, ["--no-git-toplevel"])
    s = Server(repo, db, ["--no-git-toplevel"])
    s.wait_for("f_49")
    size = os.path.getsize(db)
    check(size > 16384, f"the index is in the database file: {size} bytes")
    with open(db, "r+b") as f:
        f.truncate(size // 2)
    print(f"database truncated from {size} to {size // 2} bytes")
    calls = [("symbols", {"name": "f_1"}), ("outline", {"file": "m2.py"}), ("search", {"query": "f_3"}),
             ("symbol_context", {"symbol_name": "g_4"})]
    errors, sample = 0, ""
    start = time.monotonic()
    for i in range(20):
        tool, args = calls[i % len(calls)]
        s.next_id += 1
        s.send({"jsonrpc": "2.0", "id": s.next_id, "method": "tools/call",
                "params": {"name": tool, "arguments": args}})
        msg = s.answer(s.next_id, timeout=15)
        check("result" in msg or "error" in msg, f"call {i}: neither result nor error: {msg}")
        if "error" in msg or msg["result"].get("isError"):
            errors += 1
            sample = json.dumps(msg)[:300]
        check(s.proc.poll() is None, f"the server died on call {i}: exit {s.proc.poll()}; stderr:\n{s.tail()}")
        time.sleep(max(0.0, start + 0.15 * (i + 1) - time.monotonic()))
    print(f"20 calls answered over {time.monotonic() - start:.2f} s, {errors} of them errors {sample}")
    # The damage a query met is reported, and the index is rebuilt from the repository (calls
    # made before the rebuild begins may still meet the damage: what is polled is the end).
    poll(lambda: all(f"m{k}.py" in s.call("symbols", {"name": f"g_{k}"})["text"] for k in (7, 49)), 60,
         "the rebuilt index answers", server=s, names=["g_7"])
    s.close()


def case_corrupt_page():
    """Pages overwritten in place (the size unchanged, so opening finds nothing): the first query
    that reads one reports it, the whole file is checked and rebuilt, and answers come back."""
    repo = make_repo("repo", {f"m{i}.py": f"def f_{i}(x):\n    return g_{i}(x)\n\ndef g_{i}(x):\n    return x\n"
                              for i in range(200)})
    db = os.path.join(TMP, "index.db")
    index(repo, db, ["--no-git-toplevel"])
    s = Server(repo, db, ["--no-git-toplevel"])
    s.wait_for("f_199")
    size = os.path.getsize(db)
    with open(db, "r+b") as f:
        for offset in range(4096, size, 4096):  # every page but the header's: b-tree pages all
            f.seek(offset + 8)
            f.write(b"\xa5" * 64)
    damaged = 0
    for i in range(10):
        r = s.call("symbols", {"name": f"g_{i}"}, timeout=60)
        damaged += bool(r["isError"])
        check(not r["isError"] or "being checked and rebuilt" in r["text"], f"a damaged call says so: {r['text'][:300]}")
        check(s.proc.poll() is None, f"the server died: stderr:\n{s.tail()}")
    print(f"{damaged} of 10 calls met the damage")
    # Calls made before the rebuild begins may still meet the damage: what is polled is the end.
    took = poll(lambda: all(f"m{k}.py" in s.call("symbols", {"name": f"g_{k}"})["text"] for k in (3, 150, 199)),
                60, "the rebuilt index answers", server=s, names=["g_150"])
    print(f"the rebuilt index answers {took:.2f} s after the damaged calls")
    # A call that met the damage after the marker was taken leaves another: it is handled too
    # (the rebuilt file passes the check and is kept).
    poll(lambda: not os.path.exists(db + ".damaged"), 10, "the damage marker is removed once handled")
    r = s.call("symbols", {"name": "g_42"})
    check("m42.py" in r["text"], f"the rebuilt index is kept: {r['text'][:300]}")
    s.close()


def case_private_cache():
    repo = make_repo("repo", {"a.py": "def alpha():\n    pass\n"})
    env = {k: v for k, v in os.environ.items() if k not in ("HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR")}
    home = pwd.getpwuid(os.geteuid()).pw_dir
    folder = os.path.join(home, ".cache", "codegraph-mcp")
    made = [p for p in (os.path.join(home, ".cache"), folder) if not os.path.exists(p)]
    db = None
    try:
        code, err, _ = run(["index", "--repo", repo, "--no-git-toplevel", "--log-level", "info"], env=env)
        check(code == 0, f"index without HOME: exit {code}:\n{err[-3000:]}")
        m = re.search(r"\bindex (/\S+\.db)\b", err)
        check(m, f"no 'index <path>' line in the info log:\n{err[-3000:]}")
        db = m.group(1)
        check(os.path.dirname(db) == folder, f"the index is in {db}, not in {folder} (home from the password database)")
        mode = stat.S_IMODE(os.stat(folder).st_mode)
        check(mode == 0o700, f"{folder} has mode {mode:o}, not 700")
        for p in (db, db + "-wal", db + "-shm", db + ".lock"):
            if os.path.exists(p):
                mode = stat.S_IMODE(os.stat(p).st_mode)
                check(mode & 0o077 == 0, f"{p} has mode {mode:o}: group or other bits")
        print(f"default index {db}: folder 700, files private")
    finally:
        if db:
            for n in os.listdir(folder):
                if n.startswith(os.path.basename(db)):
                    os.unlink(os.path.join(folder, n))
        for p in reversed(made):
            if os.path.isdir(p) and not os.listdir(p):
                os.rmdir(p)
    if os.geteuid() != 0:
        print("SKIP: a folder of another user (needs root to chown)")
        return
    xdg = os.path.join(TMP, "xdg")
    theirs = os.path.join(xdg, "codegraph-mcp")
    os.makedirs(theirs, mode=0o700)
    os.chown(theirs, 12345, 12345)
    code, err, _ = run(["index", "--repo", repo, "--no-git-toplevel"], env=dict(env, XDG_CACHE_HOME=xdg))
    check(code == 1 and "belongs to another user" in err and "--db" in err,
          f"index with {theirs} owned by uid 12345: exit {code} (want 1), stderr:\n{err[-2000:]}")
    check(not os.listdir(theirs), f"nothing written in the other user's folder: {os.listdir(theirs)}")


def case_unwritable_cache():
    repo = make_repo("repo", {"a.py": "def alpha():\n    pass\n"})
    ro = os.path.join(TMP, "ro")
    os.makedirs(ro)
    user_cmd, binary = (), BINARY
    if os.geteuid() == 0:
        # Root writes in a 0555 folder anyway: run as nobody, from a copy it can execute.
        user_cmd = ("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups")
        os.chmod(TMP, 0o755)
        os.makedirs(os.path.join(TMP, "bin"))
        binary = os.path.join(TMP, "bin", "codegraph-mcp")
        shutil.copy(BINARY, binary)
        os.chmod(os.path.join(TMP, "bin"), 0o755)
        os.chmod(binary, 0o755)
        os.chmod(repo, 0o755)
        os.chmod(os.path.join(repo, "a.py"), 0o644)
    os.chmod(ro, 0o555)
    env = dict(os.environ, XDG_CACHE_HOME=ro, HOME=ro)
    code, err, _ = run(["index", "--repo", repo, "--no-git-toplevel"], env=env, user_cmd=user_cmd, binary=binary)
    check(code == 1 and "cannot keep the index in" in err and "--db" in err,
          f"index into an unwritable cache: exit {code} (want 1), stderr:\n{err[-2000:]}")
    s = Server(repo, None, ["--no-git-toplevel"], env=env, user_cmd=user_cmd, binary=binary)  # no --db
    start = time.monotonic()
    r = s.call("symbols", {"name": "alpha"}, timeout=15)
    took = time.monotonic() - start
    check(r["isError"] and "Indexing failed" in r["text"] and "--db" in r["text"]
          and "still being built" not in r["text"], f"symbols with an unwritable cache ({took:.2f} s): {r['text'][:500]}")
    check(took < 15, f"answered in {took:.2f} s")
    print(f"answered in {took:.2f} s: {r['text'][:200]}")
    s.close()


# ---- requests and clients ----------------------------------------------------------------------

def case_lone_surrogate():
    repo = make_repo("repo", {"a.py": "def alpha():\n    pass\n"})
    s = Server(repo, os.path.join(TMP, "index.db"), ["--no-git-toplevel"])
    s.wait_for("alpha")
    s.send_raw(b'{"jsonrpc":"2.0","id":41,"method":"tools/call","params":{"name":"symbols",'
               b'"arguments":{"name":"a\\ud83d"}}}\n')
    msg = s.answer(41)
    check("result" in msg and "error" not in msg, f"a lone surrogate is read, not refused: {msg}")
    r = result_of(msg["result"])
    check(not r["isError"], f"answered isError: {msg}")
    notes = [n for n in r["notes"] if n.startswith("Note:")] if isinstance(r["json"], list) else [r["text"]]
    check(any("surrogates" in n for n in notes), f"the answer says the surrogates were replaced: {msg}")
    s.wait_for("alpha")
    s.close()


def case_backpressure():
    repo = make_repo("repo", {"a.py": "def alpha():\n    pass\n"})
    asan = os.environ.get("ASAN_OPTIONS", "")  # a small quarantine: see hostile_test.py burst_10k
    env = dict(os.environ, ASAN_OPTIONS=(asan + ":" if asan else "") + "quarantine_size_mb=16")
    s = Server(repo, os.path.join(TMP, "index.db"), ["--no-git-toplevel"], env=env)
    s.wait_for("alpha")
    s.pause()
    base = s.rss_kb()
    big = b"x" * 1_000_000  # well under the 16 MiB a message may have
    sent = [0]

    def writer():
        try:
            for i in range(2000):
                s.proc.stdin.write(b'{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"search",'
                                   b'"arguments":{"query":"' % (1000 + i))
                s.proc.stdin.write(big)
                s.proc.stdin.write(b'"}}}\n')
                s.proc.stdin.flush()
                sent[0] += 1
        except (BrokenPipeError, ValueError, OSError):
            pass

    threading.Thread(target=writer, daemon=True).start()
    peak, end = base, time.monotonic() + 10
    while time.monotonic() < end:
        check(s.proc.poll() is None, f"the server died: exit {s.proc.poll()}; stderr:\n{s.tail()}")
        peak = max(peak, s.rss_kb())
        time.sleep(0.1)
    print(f"VmRSS {base} kB before, peak {peak} kB; {sent[0]} of 2000 1-MB requests written in 10 s")
    s.kill()
    check(peak < 400 * 1024, f"peak VmRSS {peak} kB over 400 MB with a client that reads nothing")


def case_names():
    repo = make_repo("repo", {" lead.py": "def hello():\n    pass\n"})
    with open(os.path.join(os.fsencode(repo), b"caf\xe9.py"), "wb") as f:
        f.write(b"def cafe():\n    pass\n")
    s = Server(repo, os.path.join(TMP, "index.db"), ["--no-git-toplevel"])
    s.wait_for("hello")
    r = s.ok("symbols", {"name": "cafe"})
    found = [d for d in r["json"] if d["name"] == "cafe"]
    check([d["path"] for d in found] == ["caf%E9.py"], f"symbols cafe: path written caf%E9.py: {r['text']}")
    uid = found[0]["uid"]
    r = s.call("outline", {"file": "caf%E9.py"})
    check(not r["isError"] and "cafe" in r["text"], f"outline caf%E9.py: {r['text'][:500]}")
    r = s.call("outline", {"file": " lead.py"})
    check(not r["isError"] and "hello" in r["text"], f"outline ' lead.py': {r['text'][:500]}")
    r = s.call("symbol_context", {"symbol_uid": uid})
    sym = (r["json"] or {}).get("symbol", {}) if isinstance(r["json"], dict) else {}
    check(not r["isError"] and r["json"].get("status") == "found" and sym.get("name") == "cafe",
          f"symbol_context {uid!r}: {r['text'][:500]}")
    s.close()


def main():
    global TMP
    if CASE is None:
        print(__doc__)
        return 2
    fn = globals().get("case_" + CASE)
    if fn is None:
        print(f"unknown case {CASE}", file=sys.stderr)
        return 2
    TMP = tempfile.mkdtemp(prefix=f"cg-real-life-{CASE}-")
    try:
        fn()
    except AssertionError as e:
        print(f"{CASE}: FAILED: {e}", file=sys.stderr)
        return 1
    finally:
        for s in SERVERS:
            s.kill()
        if os.environ.get("CG_KEEP_TMP") is None:
            for dirpath, dirnames, _ in os.walk(TMP):  # a 0555 folder would keep its files
                for d in dirnames:
                    p = os.path.join(dirpath, d)
                    if not os.path.islink(p):
                        os.chmod(p, 0o755)
            shutil.rmtree(TMP, ignore_errors=True)
    print(f"{CASE}: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
