#!/usr/bin/env python3
"""Definition recall of the TSX queries (typescript/tags.scm + JSX references) against
universal-ctags, over .tsx files. Same method, exclusions and options as
ctags_recall_javascript.py; ctags is told to parse .tsx with its TypeScript parser (it has no
JSX support there, so it may lose its way inside JSX-heavy files).
  python3 tests/bench/ctags_recall_tsx.py DIR...
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ctags_recall_javascript as base  # noqa: E402
import ctags_recall_typescript as ts  # noqa: E402

TSX = dict(ts.TS, id="tsx", query_dirs=["tsx", "typescript"], extensions=(".tsx",),
           ctags_args=("--map-TypeScript=+.tsx",))

if __name__ == "__main__":
    sys.exit(base.main(TSX))
