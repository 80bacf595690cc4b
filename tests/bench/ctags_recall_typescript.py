#!/usr/bin/env python3
"""Definition recall of the TypeScript queries against universal-ctags.

Same method, exclusions and options as ctags_recall_javascript.py (read its docstring); here over
.ts/.mts/.cts files with ctags' TypeScript kinds. Example (rxjs ships its TypeScript sources):
  mkdir -p /tmp/tscorpus && cd /tmp/tscorpus && npm init -y && npm install rxjs@7.8.1 --ignore-scripts
  python3 tests/bench/ctags_recall_typescript.py /tmp/tscorpus/node_modules/rxjs/src
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ctags_recall_javascript as base  # noqa: E402

TS = {
    "id": "typescript",
    "query_dirs": ["typescript"],
    "extensions": (".ts", ".mts", ".cts"),
    "ctags_args": ("--map-TypeScript=+.mts", "--map-TypeScript=+.cts"),
    "indented_locals": True,
    # ctags kind -> our kind(s); None = deliberately not extracted
    "kinds": {
        "function": {"function", "method"},
        "generator": {"function", "method"},
        "class": {"class"},
        "method": {"method", "constructor", "property", "function"},
        "property": {"property", "field", "method", "function"},
        "interface": {"interface"},
        "alias": {"type"},
        "enum": {"enum"},
        "enumerator": {"constant"},
        "namespace": {"namespace"},
        "constant": {"constant", "variable", "function", "class"},
        "variable": {"variable", "constant", "function", "class"},
        "parameter": None,
        "local": None,
    },
}

if __name__ == "__main__":
    sys.exit(base.main(TS))
