#!/usr/bin/env python3
"""`codegraph-mcp call TOOL [JSON]` (docs/CONTRACT.md §2): one tool call from the command line,
answered as an MCP client would receive it.

On a copy of tests/fixtures/python_app:
- a first call indexes the tree and answers (JSON on stdout, exit 0);
- after an edit, the next call refreshes first and sees it; after a file is removed, its
  symbols are gone;
- while a serving process holds the indexer lock, `call` answers from the index that process
  keeps (it does not index itself) and sees the same edit once that process has refreshed;
- a tool name, JSON text or arguments that are wrong: exit 2 and a message on stderr naming
  what is wrong, nothing on stdout.

Usage: cli_call_test.py BINARY
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "..", "fixtures", "python_app")


def call(binary, repo, db, *args):
    return subprocess.run([binary, "call", *args, "--repo", repo, "--db", db, "--no-git-toplevel"],
                          capture_output=True, text=True, timeout=120)


def defined(out):
    """The uids a symbols answer defines: a list of definitions, or an object holding them
    under `definitions` when it also lists references (docs/tools.md)."""
    if not out.stdout.strip():
        return []
    answer = json.loads(out.stdout)
    definitions = answer if isinstance(answer, list) else answer.get("definitions", [])
    return sorted(d["uid"] for d in definitions)


def main():
    binary = sys.argv[1]
    failures = []

    def check(ok, what):
        if not ok:
            failures.append(what)
        print(("ok   " if ok else "FAIL ") + what)

    work = tempfile.mkdtemp(prefix="cg-call-")
    try:
        repo = os.path.join(work, "repo")
        shutil.copytree(FIXTURE, repo)
        db = os.path.join(work, "index.db")

        first = call(binary, repo, db, "symbols", '{"name":"helper"}')
        check(first.returncode == 0, f"first call exits 0 (got {first.returncode}: {first.stderr.strip()})")
        check(defined(first) == ["app/models.py::helper::function"], f"first call finds helper: {first.stdout[:200]}")
        answer = json.loads(first.stdout)
        check(any(r.get("uid") == "app/service.py::UserService.add::method" for r in answer.get("referenced_by", [])),
              "its callers are listed")

        with open(os.path.join(repo, "app", "extra.py"), "w") as f:
            f.write("def helper_two(x):\n    return x\n")
        added = call(binary, repo, db, "symbols", '{"name":"helper_two"}')
        check(added.returncode == 0 and defined(added) == ["app/extra.py::helper_two::function"],
              f"an added file is seen by the next call: {added.stdout[:200]} {added.stderr.strip()}")
        os.remove(os.path.join(repo, "app", "extra.py"))
        gone = call(binary, repo, db, "symbols", '{"name":"helper_two"}')
        check(gone.returncode == 0 and defined(gone) == [], f"a removed file's symbols are gone: {gone.stdout[:200]}")

        outline = call(binary, repo, db, "outline", '{"file":"app/models.py"}')
        check(outline.returncode == 0 and "describe" in outline.stdout, "outline answers through call")

        # A serving process holds the indexer lock: call reads its index without indexing.
        server = subprocess.Popen([binary, "serve", "--repo", repo, "--db", db, "--no-git-toplevel"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        try:
            time.sleep(1.0)
            with open(os.path.join(repo, "app", "late.py"), "w") as f:
                f.write("def late_helper(x):\n    return x\n")
            seen = None
            deadline = time.time() + 30
            while time.time() < deadline:
                out = call(binary, repo, db, "symbols", '{"name":"late_helper"}')
                if out.returncode == 0 and defined(out) == ["app/late.py::late_helper::function"]:
                    seen = out
                    break
                time.sleep(0.3)
            check(seen is not None, "with a server running, call answers from its index once it refreshed")
            check(seen is not None and "keeps it fresh" in seen.stderr,
                  f"... and says the server keeps the index (it does not index itself): {seen and seen.stderr.strip()}")
        finally:
            server.stdin.close()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()

        for args, needle, what in [
            (["nosuch"], "unknown tool 'nosuch'", "an unknown tool"),
            (["symbols", "{bad"], "not valid JSON", "arguments that are not JSON"),
            (["symbols", '{"limit": 3}'], "name", "a missing required argument"),
        ]:
            out = call(binary, repo, db, *args)
            check(out.returncode == 2 and needle in out.stderr and out.stdout == "",
                  f"{what}: exit 2, said on stderr (got {out.returncode}: {out.stderr.strip()[:120]})")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
