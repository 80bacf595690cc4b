#!/usr/bin/env python3
"""A branch switch under a running server: how soon the index equals the new branch.

Builds a git repository from a source tree (e.g. Django from the Debian source package), with a
branch `changed` on which --files Python files each gain one function `cg_switch_<k>`. The server
serves the main branch; then `git checkout changed` runs, and from the moment it returns the
bench asks `symbols cg_switch_<last>` every 20 ms, and records the time until it is found, and
how many answers before that said they were stale (`Stale` / `stale`) and how many did not (an
answer from the old branch that did not say so is a failure). --trials switches back and forth.

    tests/bench/checkout_bench.py /tmp/django-src --files 939 --trials 5 --bin build/codegraph-mcp

Prints one JSON object; exit status 1 when an answer was silently old.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from query_bench import Server  # noqa: E402


def git(repo, *args):
    subprocess.run(["git", "-C", repo, *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def make_repo(src, work, files):
    repo = os.path.join(work, "repo")
    shutil.copytree(src, repo, symlinks=True)
    shutil.rmtree(os.path.join(repo, ".git"), ignore_errors=True)
    env_id = ["-c", "user.name=bench", "-c", "user.email=bench@example.com"]
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, *env_id, "commit", "-q", "-m", "main")
    py = sorted(os.path.relpath(os.path.join(d, f), repo) for d, _, fs in os.walk(repo) if ".git" not in d
                for f in fs if f.endswith(".py"))[:files]
    git(repo, "checkout", "-q", "-b", "changed")
    for k, rel in enumerate(py):
        with open(os.path.join(repo, rel), "a") as f:
            f.write(f"\n\ndef cg_switch_{k}():\n    return {k}\n")
    git(repo, "add", "-A")
    git(repo, *env_id, "commit", "-q", "-m", "changed")
    git(repo, "checkout", "-q", "main")
    return repo, len(py)


def answer_of(msg):
    res = msg.get("result", {})
    texts = [c.get("text", "") for c in res.get("content", [])]
    return texts[0] if texts else "", " ".join(texts[1:]), bool(res.get("isError"))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("source")
    ap.add_argument("--files", type=int, default=939)
    ap.add_argument("--trials", type=int, default=5)
    ap.add_argument("--bin", default="build/codegraph-mcp")
    ap.add_argument("--server-log", help="keep the server's debug log at this path (its refresh phases)")
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="cg-checkout-")
    try:
        repo, n = make_repo(args.source, work, args.files)
        db = os.path.join(work, "index.db")
        cmd = [os.path.abspath(args.bin), "--repo", repo, "--db", db, "--wait-timeout", "600"]
        if args.server_log:
            cmd += ["--log-level", "debug"]
        srv = Server(cmd, args.server_log or os.path.join(work, "server.log"))
        srv.call("symbols", {"name": "setup"})
        srv.settle()
        marker = f"cg_switch_{n - 1}"
        times, stale_total, silent_old = [], 0, 0
        for t in range(args.trials):
            to_changed = t % 2 == 0
            start = time.monotonic()
            git(repo, "checkout", "-q", "changed" if to_changed else "main")
            done = time.monotonic()
            while True:
                text, notes, err = answer_of(srv.call("symbols", {"name": marker})[0])
                found = marker in text
                if found == to_changed:
                    break
                if "Stale" in notes or "stale" in text:
                    stale_total += 1
                else:
                    silent_old += 1
                time.sleep(0.02)
            times.append(time.monotonic() - done)
            print(f"trial {t}: checkout {done - start:.2f} s, index matches the branch "
                  f"{times[-1]:.2f} s after it", file=sys.stderr)
            srv.settle()
        srv.close()
        out = {"files_changed": n, "trials": args.trials, "checkout_to_match_s_median": round(statistics.median(times), 3),
               "max_s": round(max(times), 3), "stale_answers": stale_total, "silently_old_answers": silent_old}
        print(json.dumps(out))
        return 1 if silent_old else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
