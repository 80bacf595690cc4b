"""Shared helpers of the benchmark scripts (stdlib only)."""
import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import corpora  # noqa: E402

DEFAULT_BIN = os.environ.get("CG_BIN", "/tmp/cg-bench-bin")
WORK = os.environ.get("CG_BENCH_WORK", "/tmp/cg-bench-work")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def resolve_corpus(arg):
    """A corpus name of corpora.py or a directory -> (label, absolute path)."""
    if arg in corpora.CORPORA:
        return arg, corpora.ensure(arg)
    if os.path.isdir(arg):
        p = os.path.abspath(arg)
        return os.path.basename(p.rstrip("/")) or "root", p
    raise SystemExit(f"{arg}: neither a corpus name ({', '.join(corpora.CORPORA)}) nor a directory")


def run_measured(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=None):
    """Runs cmd; returns dict(wall, user, sys, cpu, maxrss_mb, rc). Resource usage of the child
    (and anything it waited for) via wait4."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=stdout, stderr=stderr, cwd=cwd)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    return {"wall": wall, "user": ru.ru_utime, "sys": ru.ru_stime, "cpu": ru.ru_utime + ru.ru_stime,
            "maxrss_mb": ru.ru_maxrss / 1024.0, "rc": p.returncode}


def median_of(runs, key):
    return statistics.median(r[key] for r in runs)


def rm_db(db):
    for suffix in ("", "-wal", "-shm", ".lock"):
        try:
            os.remove(db + suffix)
        except FileNotFoundError:
            pass


def db_size_mb(db):
    total = 0
    for suffix in ("", "-wal"):
        try:
            total += os.path.getsize(db + suffix)
        except FileNotFoundError:
            pass
    return total / 1e6


def db_connect(db):
    return sqlite3.connect(f"file:{db}?mode=ro", uri=True)


def db_counts(db):
    c = db_connect(db)
    files, lines, nbytes = c.execute("select count(*), coalesce(sum(lines),0), coalesce(sum(size),0) from files").fetchone()
    syms = c.execute("select count(*) from symbols").fetchone()[0]
    refs = c.execute("select count(*) from refs where target_id is not null").fetchone()[0]
    langs = c.execute("select language, count(*) from files group by language order by 2 desc").fetchall()
    c.close()
    return {"files": files, "lines": lines, "bytes": nbytes, "symbols": syms, "edges": refs, "languages": langs}


PHASES = [
    ("walk", re.compile(r"walk of .*?: (\d+) files")),
    ("parse_write", re.compile(r"parse\+write: \d+ files in ([\d.]+)s \(CPU: parse ([\d.]+)s, query ([\d.]+)s, write ([\d.]+)s\)")),
    ("indexes", re.compile(r"indexes built in ([\d.]+)s")),
    ("resolve", re.compile(r"resolve: \d+ references in ([\d.]+)s")),
    ("analyse", re.compile(r"analyse \(\w+\).*total ([\d.]+)s")),
]


def parse_phases(text):
    """Phase timings from an `index --log-level info` log."""
    out = {}
    for name, rx in PHASES:
        m = rx.search(text)
        if not m:
            continue
        if name == "parse_write":
            out["parse_write"] = float(m.group(1))
            out["cpu_parse"] = float(m.group(2))
            out["cpu_query"] = float(m.group(3))
            out["cpu_write"] = float(m.group(4))
        elif name != "walk":
            out[name] = float(m.group(1))
    return out


def copy_tree(src, dst):
    """A private, writable copy of a corpus (benchmarks that edit files never touch /usr)."""
    if os.path.exists(dst):
        shutil.rmtree(dst)
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    subprocess.run(["cp", "-a", src, dst], check=True)


def machine_line():
    cpu = "?"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    mem = 0
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal"):
                mem = int(line.split()[1]) / 1024 / 1024
    return f"{os.cpu_count()} cores ({cpu}), {mem:.0f} GiB RAM, load {loadavg()}"


def loadavg():
    return " ".join(open("/proc/loadavg").read().split()[:3])


# Appending one new function per language (by extension) for the edit benchmarks.
def appended_definition(path, k):
    ext = os.path.splitext(path)[1]
    if ext == ".py":
        return f"\n\ndef cg_bench_fn_{k}():\n    return {k}\n"
    if ext in (".c", ".h", ".cc", ".cpp", ".hpp", ".cxx", ".hh"):
        return f"\nint cg_bench_fn_{k}(void) {{ return {k}; }}\n"
    if ext == ".go":
        return f"\nfunc cg_bench_fn_{k}() int {{ return {k} }}\n"
    if ext == ".rs":
        return f"\nfn cg_bench_fn_{k}() -> i32 {{ {k} }}\n"
    if ext == ".java":
        return f"\nclass CgBench{k} {{ int cg_bench_fn_{k}() {{ return {k}; }} }}\n"
    if ext in (".js", ".ts", ".jsx", ".tsx", ".mjs"):
        return f"\nfunction cg_bench_fn_{k}() {{ return {k}; }}\n"
    return None


def pct(values, p):
    s = sorted(values)
    if not s:
        return float("nan")
    i = min(len(s) - 1, max(0, int(round(p / 100.0 * len(s) + 0.5)) - 1))
    return s[i]
