#!/usr/bin/env python3
"""Definition recall of the Kotlin extraction queries against universal-ctags.

Same method and options as ctags_recall_java.py (shared code there, read its docstring): a
ctags tag counts as found when one of our definitions in the same file has the same name and a
range that contains the ctags line. Example (expo-modules-core ships the Kotlin sources of its
Android side):

    mkdir -p /tmp/ktcorpus && cd /tmp/ktcorpus && npm init -y && \\
        npm install expo-modules-core@58.0.7 --ignore-scripts
    python3 tests/bench/ctags_recall_kotlin.py /tmp/ktcorpus/node_modules/expo-modules-core \\
        --tool build-fx/codegraph-mcp

Excluded ctags kinds and tags (deliberately not definitions in our model):
  package    the package header is the file's package (@package), not a symbol.
  in a function: everything ctags 5.9 reports inside a function body (scope kind "method"):
             local `val`/`var`s (as constants/variables), lambdas (`<lambda>`), lambda and
             destructuring parameters (as methods), local functions.
  Companion  an unnamed `companion object`: not a symbol, its members are members of the class.
"""
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ctags_recall_java as base  # noqa: E402

base.LANG = "kotlin"
base.CTAGS_LANGUAGE = "Kotlin"
base.EXTENSIONS = (".kt", ".kts")
base.EXCLUDED_KINDS = {
    "package": "the package header is not a symbol",
}


def exclude_tag(t):
    if t["scopeKind"] == "method" or t["name"] == "<lambda>":
        return "in a function body (locals, lambdas, lambda parameters)"
    if t["kind"] == "object" and t["name"] == "Companion":
        return "unnamed companion objects (their members belong to the class)"
    return None


base.EXCLUDE_TAG = exclude_tag
base.KIND_MAP = {
    "class": {"class", "enum"},
    "interface": {"interface"},
    "object": {"class"},
    "method": {"method", "function"},
    "typealias": {"type"},
    "constant": {"constant", "property", "variable"},
    "variable": {"variable", "property", "constant"},
}

if __name__ == "__main__":
    base.main(__doc__)
