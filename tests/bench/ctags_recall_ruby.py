#!/usr/bin/env python3
"""Definition recall of the Ruby extraction queries against universal-ctags.

Method and options: tests/bench/ctags_recall_lib.py. Corpus used for docs/ACCURACY.md: Ruby's
standard library as Debian ships it (package libruby3.1, 3.1.2-7+deb12u1):

    apt-get install libruby3.1
    python3 tests/bench/ctags_recall_ruby.py /usr/lib/ruby/3.1.0 --tool build/codegraph-mcp

Excluded ctags kinds:
  library  `require "x"` is a reference (our imports), not a definition (ctags: reference-only).
Excluded tags: ctags' misreadings of a comparison or a hash key as a constant assignment
(`Hash === x`, `RUBY_ENGINE == "jruby"`, `TYPE_VOIDP => ALIGN_VOIDP`).
Names are compared without a trailing `=`, `?` or `!`: ctags reports the writer of
`attr_accessor :x` as a tag `x=` of its own (our one property x covers both) and drops the
`?` of an alias (`alias eql? ==` is `eql` to ctags, `eql?` to us).
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ next to the scripts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ctags_recall_lib  # noqa: E402

def misread_constant(tag):
    """A ctags constant tag whose name is not followed by an assignment on its line."""
    if tag["kind"] != "constant":
        return None
    line = ctags_recall_lib.source_line(tag["path"], tag["line"])
    at = line.find(tag["name"])
    rest = line[at + len(tag["name"]):].lstrip() if at >= 0 else ""
    if rest.startswith(("=", "||=")) and not rest.startswith(("==", "=>", "=~")):
        return None
    if at >= 0 and ("," in rest.split("=")[0] if "=" in rest else False):
        return None  # `A, B = 1, 2`
    return "ctags misreads a comparison or hash key as a constant assignment"


SPEC = {
    "lang": "ruby",
    "ctags_language": "Ruby",
    "extensions": (".rb", ".rake", ".gemspec"),
    "shebangs": ("ruby",),
    "separator": ".",
    "excluded_kinds": {"library": "require is a reference, not a definition"},
    "exclude_tag": misread_constant,
    "name_key": lambda n: n.rstrip("=?!") or n,
    "kind_map": {
        "class": {"class"},
        "module": {"module"},
        "method": {"method", "constructor", "function"},
        "singletonMethod": {"method"},
        "constant": {"constant", "class"},
        "accessor": {"property"},
        "alias": {"method"},
    },
}

if __name__ == "__main__":
    sys.exit(ctags_recall_lib.main(SPEC, __doc__))
