#!/usr/bin/env python3
"""Rewrites an oracle file (FORMAT.md) for a tree laid out under a new root.

    reroot.py IN.jsonl OUT.jsonl --root NEW_ROOT --prefix src/

Every file path (the header's `files`, each site's `file` and its target's `file`) gains PREFIX,
and the header's root becomes NEW_ROOT: the same judgments, for the same files, where the tree
is a subfolder of the indexed root. Used for zod laid out as its own repository (package.json
beside src/), docs/ACCURACY.md:

    mkdir -p /tmp/zodrepo && cp -r /tmp/tscorpus/zod/node_modules/zod/src /tmp/zodrepo/ &&
      cp /tmp/tscorpus/zod/node_modules/zod/package.json /tmp/zodrepo/
    python3 tests/bench/oracles/reroot.py /tmp/oracles/ts-zod.jsonl /tmp/oracles/ts-zod-repo.jsonl \\
      --root /tmp/zodrepo --prefix src/
"""
import argparse
import json


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("src")
    ap.add_argument("dst")
    ap.add_argument("--root", required=True)
    ap.add_argument("--prefix", required=True)
    args = ap.parse_args()
    with open(args.src) as f, open(args.dst, "w") as out:
        header = json.loads(f.readline())
        header["root"] = args.root
        header["files"] = [args.prefix + p for p in header.get("files", [])]
        out.write(json.dumps(header) + "\n")
        for line in f:
            site = json.loads(line)
            site["file"] = args.prefix + site["file"]
            if site.get("target"):
                site["target"]["file"] = args.prefix + site["target"]["file"]
            out.write(json.dumps(site) + "\n")


if __name__ == "__main__":
    main()
