#!/usr/bin/env python3
"""Definition recall of the PHP extraction queries against universal-ctags.

Method and options: tests/bench/ctags_recall_lib.py. Corpus used for docs/ACCURACY.md: the PHP
libraries Debian installs under /usr/share/php with php-symfony-console (5.4.53+dfsg-0+deb12u1)
and php-monolog (2.9.1-1), with their dependencies (php-psr-log, Symfony's contracts and
polyfills):

    apt-get install php-symfony-console php-monolog
    python3 tests/bench/ctags_recall_php.py /usr/share/php --tool build/codegraph-mcp

Excluded ctags kinds:
  alias  `use A\\B as C` binds a local name to an import (our imports' alias), not a definition.
  local  local variables (ctags disables them by default too).
Excluded tags: `variable` tags on an indented statement that is not a property declaration
(`$x = ...`, `static $x`): ctags opens no scope for an anonymous function, so the locals of
closures (`spl_autoload_register(function ($class) { $cn = ...; })`, `function () use (...) {
$result = ...; }` in a method) are reported as variables of the enclosing class or file.
Namespaces are compared by their last segment: ctags names `namespace A\B;` "A\B", we name it
B in A (qualified A\B).
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ next to the scripts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ctags_recall_lib  # noqa: E402

def closure_local(tag):
    if tag["kind"] != "variable":
        return None
    line = ctags_recall_lib.source_line(tag["path"], tag["line"])
    code = line.lstrip()
    if line[:1].isspace() and code.startswith(("$", "static $", "global $", "list(", "[")):
        return "ctags reads the locals of closures as variables of the enclosing scope"
    return None


SPEC = {
    "lang": "php",
    "ctags_language": "PHP",
    "extensions": (".php", ".phtml"),
    "shebangs": ("php",),
    "separator": "\\",
    "excluded_kinds": {
        "alias": "a `use ... as` alias is an import, not a definition",
        "local": "local variables are not symbols",
    },
    "exclude_tag": closure_local,
    "name_key": lambda n: n.rsplit("\\", 1)[-1],
    "kind_map": {
        "class": {"class"},
        "interface": {"interface"},
        "trait": {"trait"},
        "namespace": {"namespace"},
        "function": {"function", "method", "constructor"},
        "define": {"constant"},
        "variable": {"variable", "property"},
        "constant": {"constant"},
        "enum": {"enum"},
    },
}

if __name__ == "__main__":
    sys.exit(ctags_recall_lib.main(SPEC, __doc__))
