#!/usr/bin/env python3
"""Definition recall of the Lua extraction queries against universal-ctags.

Method and options: tests/bench/ctags_recall_lib.py. Corpus used for docs/ACCURACY.md: the
Penlight library as Debian ships it (package lua-penlight, 1.13.1-3):

    apt-get install lua-penlight
    python3 tests/bench/ctags_recall_lua.py /usr/share/lua/5.4/pl --tool build/codegraph-mcp

ctags' only Lua kind is `function` (`function f`, `function a.b.f`, `function T:m`, and
`f = function` assignments); nothing is excluded. ctags names a table's function by its whole
path (`pl.utils.assert_arg`, `List:append`), we by its last segment with the table as container:
names are compared by their last `.`/`:` segment.

Excluded tags: those whose line holds neither `function <name>(` nor `<name> = function(`:
ctags takes any `x = function...` text for a function assignment, so `fun = function_arg(1, fun)`
and `message = "function 'iter' was renamed"` become functions `fun` and `message` to it, and a
`gsub(..., function (w) ...)` callback gets the pattern's text as its name.
"""
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ next to the scripts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ctags_recall_lib  # noqa: E402

def misread(tag):
    line = ctags_recall_lib.source_line(tag["path"], tag["line"])
    name = tag["name"]
    last = re.split(r"[.:]", name)[-1]
    if re.search(r"\bfunction\s+[\w.:]*\b" + re.escape(last) + r"\s*\(", line):
        return None
    if re.search(re.escape(name) + r"\s*=\s*function\s*\(", line):
        return None
    return "ctags misreads `x = function_arg(...)`, strings or callbacks as function definitions"


SPEC = {
    "lang": "lua",
    "ctags_language": "Lua",
    "extensions": (".lua",),
    "shebangs": ("lua", "luajit"),
    "separator": ".",
    "excluded_kinds": {},
    "exclude_tag": misread,
    "name_key": lambda n: re.split(r"[.:]", n)[-1].lstrip("{"),
    "kind_map": {"function": {"function", "method"}},
}

if __name__ == "__main__":
    sys.exit(ctags_recall_lib.main(SPEC, __doc__))
