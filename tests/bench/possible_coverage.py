#!/usr/bin/env python3
"""How much of what the call graph misses its answers admit: of the call sites an oracle
(tests/bench/oracles, FORMAT.md) resolves and the index leaves unbound, the share listed as
possible references (unbound with candidates: refs.candidates > 0, what `possible` and
`unresolved_outgoing` read), and of the unbound calls of library code, the share listed anyway.

    python3 tests/bench/possible_coverage.py --oracle ORACLE.jsonl --db INDEX.db

A possible reference is listed under every repository definition of its name whose shape fits
(docs/tools.md "Possible references"); this script counts sites, not those pairs.
"""
import argparse
import json
import sqlite3


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--oracle", required=True)
    ap.add_argument("--db", required=True)
    ap.add_argument("--examples", type=int, default=0, help="print N unbound repository calls not listed")
    a = ap.parse_args()
    db = sqlite3.connect(f"file:{a.db}?mode=ro", uri=True)
    lines = [json.loads(l) for l in open(a.oracle) if l.strip()]
    repo_unbound = repo_listed = lib_unbound = lib_listed = 0
    missed = []
    for site in lines[1:]:
        if "file" not in site:
            continue
        row = db.execute(
            "SELECT r.target_id, r.candidates, r.qualifier FROM refs r JOIN files f ON f.id = r.file_id "
            "WHERE f.path = ? AND r.line = ? AND r.name = ? AND r.kind = 'calls' AND r.dropped = 0 "
            "ORDER BY abs(r.col - ?) LIMIT 1",
            (site["file"], site["line"], site["name"], site.get("col", 0))).fetchone()
        if not row or row[0] is not None:
            continue
        listed = row[1] > 0
        if site["target"] is None:
            lib_unbound += 1
            lib_listed += listed
        else:
            repo_unbound += 1
            repo_listed += listed
            if not listed:
                missed.append(f"{site['file']}:{site['line']} {row[2]}.{site['name']}")
    pct = lambda a, b: f"{100.0 * a / b:.1f}%" if b else "-"
    print(f"unbound calls of repository code: {repo_unbound}, listed as possible {repo_listed} ({pct(repo_listed, repo_unbound)})")
    print(f"unbound calls of library code: {lib_unbound}, listed as possible {lib_listed} ({pct(lib_listed, lib_unbound)})")
    for m in missed[: a.examples]:
        print("  not listed:", m)


if __name__ == "__main__":
    main()
