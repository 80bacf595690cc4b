#!/usr/bin/env python3
"""Definition recall of the C# extraction queries against universal-ctags.

Same method and options as ctags_recall_java.py (shared code there, read its docstring): a
ctags tag counts as found when one of our definitions in the same file has the same name and a
range that contains the ctags line. Example (edge-js ships the C# sources of its .NET side):

    mkdir -p /tmp/cscorpus && cd /tmp/cscorpus && npm init -y && \\
        npm install edge-js@26.1.0 --ignore-scripts
    python3 tests/bench/ctags_recall_csharp.py /tmp/cscorpus/node_modules/edge-js \\
        --tool build-fx/codegraph-mcp

Excluded ctags kinds (deliberately not definitions in our model):
  namespace  a namespace is the file's package (@package), not a symbol.
  macro      `#define SYMBOL` defines a preprocessor symbol, not a name of the program.
  local      local variables (ctags disables them by default too).
"""
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ctags_recall_java as base  # noqa: E402

base.LANG = "csharp"
base.CTAGS_LANGUAGE = "C#"
base.EXTENSIONS = (".cs",)
base.EXCLUDED_KINDS = {
    "namespace": "a namespace is the file's package, not a symbol",
    "macro": "#define symbols are not program names",
    "local": "local variables are not extracted",
}
base.KIND_MAP = {
    "class": {"class"},
    "interface": {"interface"},
    "struct": {"struct"},
    "enum": {"enum"},
    "enumerator": {"constant"},
    "field": {"field", "constant"},
    "event": {"field"},
    "property": {"property"},
    "method": {"method", "constructor", "function"},
    "typedef": {"type"},
}

if __name__ == "__main__":
    base.main(__doc__)
