#!/usr/bin/env python3
"""Definition recall of the Bash extraction queries against universal-ctags (Sh parser).

Method and options: tests/bench/ctags_recall_lib.py. Corpus used for docs/ACCURACY.md: Debian's
bash-completion (1:2.11-6), whose scripts have neither extension nor shebang (they are sourced),
copied with a `.bash` suffix so that both tools read them as Bash (symbolic links skipped):

    apt-get install bash-completion
    cd /usr/share/bash-completion && find . -type f | while read f; do \\
        mkdir -p "/tmp/bashcorpus/$(dirname "$f")"; cp "$f" "/tmp/bashcorpus/$f.bash"; done
    python3 tests/bench/ctags_recall_bash.py /tmp/bashcorpus --tool build/codegraph-mcp

Excluded ctags kinds:
  heredoc  the label of a here-document (`<<EOF`) is not a definition.
  script   `source file` is a reference (our imports), not a definition (ctags: reference-only).
  alias    `alias ll='ls -l'`: an interactive shorthand; we do not extract aliases.
Excluded tags: names that are no shell function name (`COMPREPLY=`, `{`, `--`): ctags reads an
array assignment `NAME=(...)` and some `{ ... }` groups as function definitions.
"""
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ next to the scripts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ctags_recall_lib  # noqa: E402

def misread(tag):
    n = tag["name"]
    if n.endswith("=") or not re.match(r"^[\w.:@+-]*[\w@+]$", n) or n.startswith("-"):
        return "ctags reads `NAME=(...)` assignments and `{` groups as functions"
    return None


SPEC = {
    "lang": "bash",
    "ctags_language": "Sh",
    "extensions": (".sh", ".bash", ".bats"),
    "shebangs": ("sh", "bash", "zsh", "dash", "ksh"),
    "separator": ".",
    "excluded_kinds": {
        "heredoc": "a here-document label is not a definition",
        "script": "source is a reference, not a definition",
        "alias": "aliases are not extracted",
    },
    "exclude_tag": misread,
    "kind_map": {"function": {"function"}},
}

if __name__ == "__main__":
    sys.exit(ctags_recall_lib.main(SPEC, __doc__))
