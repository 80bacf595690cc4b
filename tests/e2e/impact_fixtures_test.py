#!/usr/bin/env python3
"""impact on one fixture repository per kind of change (tests/fixtures/impact/<kind>/).

Each fixture holds `before/` (committed as the repository's only commit), `after/` (the files
the change writes, copied over it; `delete` in expected.json lists the files it removes), and
`expected.json`: the
answer's changed symbols, dependents and tests, projected to what the fixture decides
(uid and change; uid or file, level and the edge's kind and origin; test uids), written by hand
from the sources. `stage: true` in it stages the change first (`git add -A`), as a rename needs
for git to see it as one. The test runs `codegraph-mcp call impact` with the fixture's `args` and
asserts the projection equals the expectation exactly.

Usage: impact_fixtures_test.py BINARY [FIXTURE...]   (default: every fixture)
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "fixtures", "impact")


def git(repo, *args):
    subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True,
                   env={**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
                        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"})


def project(answer):
    changed = sorted([c["uid"], c["change"]] + ([c["from_file_path"]] if "from_file_path" in c else [])
                     for c in answer["changed"])
    deps = sorted([d.get("uid") or d["file_path"], d["level"], d["via"]["kind"], d["via"]["from_uid"]]
                  for d in answer["dependents"])
    tests = sorted([t.get("uid") or t["file_path"], t["level"]] for t in answer["tests"])
    sigs = sorted([c["uid"], c["signature"]["old"], c["signature"]["new"]]
                  for c in answer["changed"] if "signature" in c)
    return {"changed": changed, "dependents": deps, "tests": tests, "signatures": sigs}


def run_fixture(binary, name):
    spec_path = os.path.join(FIXTURES, name, "expected.json")
    with open(spec_path) as f:
        spec = json.load(f)
    work = tempfile.mkdtemp(prefix="cg-impact-")
    try:
        repo = os.path.join(work, "repo")
        shutil.copytree(os.path.join(FIXTURES, name, "before"), repo)
        git(repo, "init", "-q")
        git(repo, "add", "-A")
        git(repo, "commit", "-qm", "before")
        shutil.copytree(os.path.join(FIXTURES, name, "after"), repo, dirs_exist_ok=True)
        for path in spec.get("delete", []):
            os.remove(os.path.join(repo, path))
        if spec.get("stage"):
            git(repo, "add", "-A")
        out = subprocess.run([binary, "call", "impact", json.dumps(spec.get("args", {})), "--repo", repo,
                              "--db", os.path.join(work, "index.db")],
                             capture_output=True, text=True, timeout=120)
        if out.returncode != 0:
            return [f"{name}: exit {out.returncode}: {out.stderr.strip()}"]
        got = project(json.loads(out.stdout))
        problems = []
        for key in ("changed", "dependents", "tests", "signatures"):
            want = sorted(spec["expected"].get(key, []))
            if got[key] != want:
                problems.append(f"{name}: {key}\n  want {json.dumps(want)}\n  got  {json.dumps(got[key])}")
        return problems
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    binary = sys.argv[1]
    names = sys.argv[2:] or sorted(d for d in os.listdir(FIXTURES)
                                   if os.path.isfile(os.path.join(FIXTURES, d, "expected.json")))
    problems = []
    for name in names:
        found = run_fixture(binary, name)
        print(("FAIL " if found else "ok   ") + name)
        problems += found
    for p in problems:
        print(p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
