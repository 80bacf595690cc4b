#!/usr/bin/env python3
"""CI smoke variant of the benchmarks (ctest `bench.smoke`, label bench): no targets asserted.

    python3 tests/bench/smoke.py [BINARY] [CORPUS_DIR]

Runs index_bench.py (1 run, ctags too when installed, refresh steps) and query_bench.py (50 calls of
each tool, plus edit -> answer) on a small corpus: by default this repository's tests/fixtures.
Fails only when a script fails (the server errs, a measurement cannot be taken). Work files go to a
temporary directory that is removed afterwards.
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    binary = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.environ.get("CG_BIN", "/tmp/cg-bench-bin")
    corpus = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else os.path.join(HERE, "..", "fixtures")
    corpus = os.path.realpath(corpus)
    work = tempfile.mkdtemp(prefix="cg-bench-smoke-")
    env = dict(os.environ, CG_BENCH_WORK=work, CG_BIN=binary)
    try:
        common = [sys.executable]
        idx = common + [os.path.join(HERE, "index_bench.py"), corpus, "--runs", "1"]
        if not shutil.which("ctags"):
            idx.append("--no-ctags")
        subprocess.run(idx, env=env, check=True)
        subprocess.run(common + [os.path.join(HERE, "query_bench.py"), corpus, "--calls", "50", "--edit", "--edits", "2"],
                       env=env, check=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
