#!/usr/bin/env python3
"""Indexes every oracle's tree with one codegraph-mcp binary and tabulates call recall per
language and per call shape, with the false-edge and calibration figures (oracle_compare.py's
rules; oracles in tests/bench/oracles/, format in FORMAT.md).

    python3 tests/bench/oracle_table.py --binary build/codegraph-mcp --tag after \\
        /tmp/oracles/go-std.jsonl /tmp/oracles/ts-zod.jsonl ... [--impl-only] [--json OUT]

Each tree is indexed afresh into /tmp/oracle-dbs/<tag>/<oracle name>.db (the tree itself is not
written to). Prints one Markdown row per oracle: recall, wrong %, false-to-library %, recall per
shape, and the confidence levels whose measured precision is below (level - 0.05) on 30 edges or
more.
"""
import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import oracle_compare as oc  # noqa: E402

SHAPES = ["plain", "qualified", "self", "typed_receiver", "field_chain", "call_result", "interface", "super"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", required=True)
    ap.add_argument("--tag", required=True)
    ap.add_argument("--impl-only", action="store_true")
    ap.add_argument("--json")
    ap.add_argument("oracles", nargs="+")
    args = ap.parse_args()
    out = {}
    print("| oracle | recall | wrong % | false lib % | " + " | ".join(SHAPES) + " | miscalibrated |")
    print("|---|---|---|---|" + "---|" * len(SHAPES) + "---|")
    for path in args.oracles:
        name = os.path.basename(path).rsplit(".", 1)[0]
        header, sites = oc.load_oracle(path)
        db = f"/tmp/oracle-dbs/{args.tag}/{name}.db"
        os.makedirs(os.path.dirname(db), exist_ok=True)
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(db + suffix):
                os.remove(db + suffix)
        subprocess.run([args.binary, "index", "--repo", header["root"], "--db", db],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        symbols, refs, _total, indexed = oc.load_index(db)
        counts, shapes, by_conf, _ex = oc.compare(header, sites, symbols, refs, indexed, args.impl_only)
        edges = counts["edges"]
        row = {
            "internal": counts["internal"], "right": counts["right"],
            "recall": round(oc.pct(counts["right"], counts["internal"]), 1),
            "wrong_pct": round(oc.pct(counts["wrong"] + counts["other_build"], edges), 2),
            "false_lib_pct": round(oc.pct(counts["false_lib"], edges), 2),
            "shapes": {k: [v["right"], v["sites"]] for k, v in shapes.items()},
            "levels": {f"{k:.2f}": [v["right"], v["right"] + v["not"]] for k, v in by_conf.items()},
        }
        out[name] = row
        bad = [f"{lvl}: {r}/{n}" for lvl, (r, n) in sorted(row["levels"].items(), reverse=True)
               if n >= 30 and 100.0 * r / n < 100 * float(lvl) - 5]
        cells = []
        for s in SHAPES:
            r, n = row["shapes"].get(s, [0, 0])
            cells.append(f"{oc.pct(r, n):.1f} ({n})" if n else "—")
        print(f"| {name} | {row['recall']} ({row['internal']}) | {row['wrong_pct']} | {row['false_lib_pct']} | "
              + " | ".join(cells) + f" | {', '.join(bad) or 'none'} |", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
