#!/usr/bin/env python3
"""Compares a codegraph-mcp index's call edges with a type checker's (an oracle's) answers.

The oracle (tests/bench/oracles/, format in tests/bench/oracles/FORMAT.md) lists the call sites
its checker resolved and the declaration each one calls, or null for a declaration outside the
indexed tree (library code). This script matches every such site with the `calls` reference the
index holds at the same file, line and name (the nearest column when a line has several) and
classifies it:

  site whose target is in the tree:
    right        bound to the checker's declaration (for an overloaded function: its
                 implementation or any of its signatures, `target.overloads`)
    wrong        bound to another definition of the tree
    other_build  bound to a definition in a file the checker did not compile (Go: another
                 GOOS/GOARCH, a _test.go file); a wrong binding too
    unresolved   no edge (the reference has no target)
    missing      the index holds no reference at that site
  site whose target is library code (or lies in a file the index skips by rule: vendor/):
    false_lib    bound to a definition of the tree (a false edge)
    unbound      no edge (right)

and reports, over the sites the checker judged:
    recall            right / sites with a target in the tree
    call edges        the index's bound edges at judged sites
    wrong %           (wrong [+ other_build]) / call edges
    false library %   false_lib / call edges
    precision         right / edges, per confidence value the index emitted
and recall per call shape (plain, qualified, self, typed_receiver, field_chain, call_result,
interface, super).

    python3 tests/bench/oracle_compare.py --oracle go-sql.jsonl --db /tmp/go.db [--json]
        [--examples 5] [--files-only]

--files-only: judge only sites in the oracle's checked files (always true: sites come from them)
and count other_build separately (always done); kept for clarity of commands.
"""
import argparse
import bisect
import collections
import json
import re
import sqlite3
import sys

# The product's test-code rule (docs: "Test code"), for --impl-only.
TEST_PATH = re.compile(r"(^|/)(tests?|__tests__|spec|src/test)/|_test\.go$|(^|/)test_[^/]*\.py$|_test\.py$|"
                       r"\.(test|spec)\.[^/]+$|Tests?\.(java|cs)$")

CLASS_KINDS = {"class", "struct", "interface", "trait", "enum"}


def load_oracle(path):
    with open(path, encoding="utf-8") as f:
        header = json.loads(f.readline())
        sites = [json.loads(line) for line in f if line.strip()]
    return header, sites


def load_index(db_path):
    con = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    paths = dict(con.execute("SELECT id, path FROM files"))
    symbols = {}
    for sid, fid, name, qname, kind, sl, el, parent in con.execute(
            "SELECT id, file_id, name, qualified_name, kind, start_line, end_line, parent_id FROM symbols"):
        symbols[sid] = (paths.get(fid, ""), name, qname, kind, sl, el, parent)
    refs = collections.defaultdict(list)  # (path, line, name) -> [(col, target, confidence, candidates)]
    total_edges = 0
    for fid, line, col, name, target, conf, cands in con.execute(
            "SELECT file_id, line, col, name, target_id, confidence, candidates FROM refs WHERE kind = 'calls'"):
        refs[(paths.get(fid, ""), line, name)].append((col, target, conf, cands))
        if target is not None:
            total_edges += 1
    return symbols, refs, total_edges, set(paths.values())


def is_right(symbols, sym_id, target):
    s = symbols.get(sym_id)
    if not s:
        return False
    path, name, _q, kind, sl, el, parent = s
    if path != target["file"]:
        return False
    lines = [target["line"]] + list(target.get("overloads", []))
    if any(sl <= line <= el for line in lines) and (name == target["name"] or kind in CLASS_KINDS):
        return True  # the declaration (or one of its overload signatures), or the class whose
                     # constructor the checker named
    if kind == "constructor" and parent in symbols:
        p = symbols[parent]
        return p[0] == target["file"] and p[4] <= target["line"] <= p[5]
    return False


def describe(symbols, sym_id):
    s = symbols.get(sym_id)
    return f"{s[0]}:{s[4]} {s[2]} ({s[3]})" if s else f"#{sym_id}"


def compare(header, sites, symbols, refs, indexed, impl_only=False):
    checked = set(header.get("files", []))
    counts = collections.Counter()
    shapes = collections.defaultdict(collections.Counter)
    by_conf = collections.defaultdict(collections.Counter)
    examples = collections.defaultdict(list)
    for site in sites:
        # The index skips some folders by rule (vendor/, node_modules/, hidden folders): a site
        # in a file it does not hold is not judged, and a target in one is library code to it.
        if site["file"] not in indexed:
            counts["not_indexed"] += 1
            continue
        if impl_only and TEST_PATH.search(site["file"]):
            counts["test_sites"] += 1
            continue
        if site.get("target") is not None and site["target"]["file"] not in indexed:
            site = dict(site, target=None)
        key = (site["file"], site["line"], site["name"])
        cands = refs.get(key)
        target = site.get("target")
        shape = site.get("shape", "plain")
        ref = min(cands, key=lambda r: abs(r[0] - site["col"])) if cands else None
        bound = ref[1] if ref else None
        if target is not None:
            counts["internal"] += 1
            shapes[shape]["sites"] += 1
            if ref is None:
                verdict = "missing"
            elif bound is None:
                verdict = "unresolved"
            elif is_right(symbols, bound, target):
                verdict = "right"
                shapes[shape]["right"] += 1
            elif checked and symbols.get(bound, ("",))[0] not in checked:
                verdict = "other_build"
            else:
                verdict = "wrong"
        else:
            counts["external"] += 1
            verdict = "false_lib" if bound is not None else "unbound"
        counts[verdict] += 1
        if bound is not None:
            counts["edges"] += 1
            by_conf[round(ref[2], 2)]["right" if verdict == "right" else "not"] += 1
        if verdict in ("wrong", "other_build", "false_lib", "unresolved", "missing"):
            ex = examples[verdict]
            if len(ex) < 200:
                ex.append({"site": f"{site['file']}:{site['line']}:{site['col']} {site['name']} [{shape}]",
                           "bound": describe(symbols, bound) if bound is not None else None,
                           "confidence": ref[2] if ref else None,
                           "candidates": ref[3] if ref else None,
                           "oracle": (f"{target['file']}:{target['line']} {target['name']}" if target else "library")})
    return counts, shapes, by_conf, examples


def pct(a, b):
    return 100.0 * a / b if b else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--oracle", required=True)
    ap.add_argument("--db", required=True)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--examples", type=int, default=0)
    ap.add_argument("--files-only", action="store_true")
    ap.add_argument("--impl-only", action="store_true",
                    help="judge only call sites outside test code (the product's test-path rule)")
    args = ap.parse_args()
    header, sites = load_oracle(args.oracle)
    symbols, refs, total_edges, indexed = load_index(args.db)
    counts, shapes, by_conf, examples = compare(header, sites, symbols, refs, indexed, args.impl_only)
    edges = counts["edges"]
    summary = {
        "oracle": header.get("oracle"), "language": header.get("language"), "root": header.get("root"),
        "sites": len(sites) - counts["not_indexed"] - counts["test_sites"],
        "not_indexed": counts["not_indexed"], "test_sites_skipped": counts["test_sites"],
        "internal": counts["internal"], "external": counts["external"],
        "right": counts["right"], "wrong": counts["wrong"], "other_build": counts["other_build"],
        "unresolved": counts["unresolved"], "missing": counts["missing"],
        "false_lib": counts["false_lib"], "call_edges_judged": edges, "call_edges_in_index": total_edges,
        "recall": round(pct(counts["right"], counts["internal"]), 2),
        "wrong_pct": round(pct(counts["wrong"], edges), 3),
        "wrong_or_other_build_pct": round(pct(counts["wrong"] + counts["other_build"], edges), 3),
        "false_lib_pct": round(pct(counts["false_lib"], edges), 3),
        "by_shape": {k: {"sites": v["sites"], "right": v["right"],
                         "recall": round(pct(v["right"], v["sites"]), 1)} for k, v in sorted(shapes.items())},
        "by_confidence": {f"{k:.2f}": {"edges": v["right"] + v["not"], "right": v["right"],
                                       "precision": round(pct(v["right"], v["right"] + v["not"]), 1)}
                          for k, v in sorted(by_conf.items(), reverse=True)},
    }
    if args.examples:
        summary["examples"] = {k: v[:args.examples] for k, v in examples.items()}
    if args.json:
        json.dump(summary, sys.stdout, indent=1)
        print()
        return
    s = summary
    print(f"{s['oracle']} ({s['language']}) on {s['root']}")
    print(f"  sites judged {s['sites']}: in the tree {s['internal']}, library {s['external']}"
          f" (not judged: {s['not_indexed']} in files the index skips by rule, e.g. vendor/)")
    print(f"  recall {s['recall']}%  (right {s['right']}, wrong {s['wrong']}, other build {s['other_build']}, "
          f"unresolved {s['unresolved']}, no reference {s['missing']})")
    print(f"  call edges at judged sites {edges} (index: {total_edges}): wrong {s['wrong_pct']}%, "
          f"wrong+other build {s['wrong_or_other_build_pct']}%, false to library {s['false_lib']} = {s['false_lib_pct']}%")
    print("  recall by shape:")
    for k, v in s["by_shape"].items():
        print(f"    {k:15s} {v['right']:6d} / {v['sites']:6d} = {v['recall']:5.1f}%")
    print("  precision by confidence:")
    for k, v in s["by_confidence"].items():
        flag = "" if v["edges"] < 30 or v["precision"] >= 100 * float(k) - 5 else "   <-- below level - 0.05"
        print(f"    {k}  {v['right']:6d} / {v['edges']:6d} = {v['precision']:5.1f}%{flag}")
    for kind, ex in s.get("examples", {}).items():
        print(f"  examples: {kind}")
        for e in ex:
            print(f"    {e['site']}  ->  {e['bound']} @{e['confidence']} (cands {e['candidates']}); oracle: {e['oracle']}")


if __name__ == "__main__":
    main()
