#!/usr/bin/env python3
"""Benchmark corpora: real code bases from Debian packages (docs/BENCHMARKS.md).

    python3 tests/bench/corpora.py                 # ensure every corpus, print NAME PATH lines
    python3 tests/bench/corpora.py linux go        # only these
    python3 tests/bench/corpora.py --path linux    # print the path of one corpus (for scripts)
    python3 tests/bench/corpora.py --list          # what each name is

Idempotent: a corpus already present is not touched. Packages that are missing are installed with
apt-get (needs root); archives (OpenJDK src.zip, the kernel tarball) are extracted once into the
cache directory ($CG_CORPORA, default /tmp/cg-corpora), marked complete by a `.cg-complete` file.
Trees under /usr are used in place and never modified: the benchmarks copy them before editing.
Stdlib only.
"""
import argparse
import os
import shutil
import subprocess
import sys
import zipfile

CACHE = os.environ.get("CG_CORPORA", "/tmp/cg-corpora")
PYENV_STDLIB = "/root/.pyenv/versions/3.11.7/lib/python3.11"

# name: (description, debian package or None, kind, source, extracted subdir)
CORPORA = {
    "cpython": ("CPython 3.11 standard library with its tests, site-packages excluded (pyenv build "
                "when present, copied; else Debian's /usr/lib/python3.11)", None, "cpython", None),
    "cpython-debian": ("Debian's CPython 3.11 standard library (no tests)", "libpython3.11-stdlib",
                       "dir", "/usr/lib/python3.11"),
    "go": ("Go 1.19 standard library and toolchain sources", "golang-1.19-src", "dir",
           "/usr/share/go-1.19/src"),
    "jdk": ("OpenJDK 17 class library (Java), src.zip extracted", "openjdk-17-source", "zip",
            "/usr/lib/jvm/openjdk-17/lib/src.zip"),
    "rust": ("Rust standard library (rust-src)", "rust-src", "dir", "/usr/lib/rustlib/src/rust/library"),
    "boost": ("Boost 1.81 headers (C++)", "libboost1.81-dev", "dir", "/usr/include/boost"),
    "linux": ("Linux 6.1 kernel source (Debian linux-source-6.1), tarball extracted",
              "linux-source-6.1", "tar", "/usr/src/linux-source-6.1.tar.xz"),
    "linux-core": ("Linux 6.1 without drivers/, arch/, sound/, tools/ and the rest: kernel mm fs net "
                   "include lib block security crypto io_uring ipc init (hard links into 'linux')",
                   "linux-source-6.1", "subset", "linux"),
}
LINUX_CORE_DIRS = ["kernel", "mm", "fs", "net", "include", "lib", "block", "security", "crypto",
                   "io_uring", "ipc", "init"]


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def apt_install(pkg):
    log(f"corpora: installing Debian package {pkg}")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    r = subprocess.run(["apt-get", "install", "-y", "--no-install-recommends", pkg], env=env)
    if r.returncode != 0:
        subprocess.run(["apt-get", "update"], env=env, check=True)
        subprocess.run(["apt-get", "install", "-y", "--no-install-recommends", pkg], env=env, check=True)


def ensure_source(pkg, source):
    if not os.path.exists(source):
        apt_install(pkg)
    if not os.path.exists(source):
        raise SystemExit(f"corpora: {source} still missing after installing {pkg}")


# Debian's linux-source tarball appends "/*" and "!/debian/" to the kernel's top .gitignore (so
# that only its packaging folder can be committed): a walk that honours .gitignore, as ours and
# git do, then finds no source file at all. The benchmark wants the upstream tree, so those two
# packaging lines are removed; the kernel's own rules stay.
DEBIAN_PACKAGING_IGNORE = ["/*", "!/debian/"]


def drop_packaging_ignore(dest):
    path = os.path.join(dest, ".gitignore")
    if not os.path.exists(path):
        return
    with open(path) as f:
        lines = f.read().split("\n")
    kept = [l for l in lines if l.strip() not in DEBIAN_PACKAGING_IGNORE]
    if len(kept) != len(lines):
        log(f"corpora: removing Debian's packaging rules {DEBIAN_PACKAGING_IGNORE} from {path}")
        with open(path, "w") as f:
            f.write("\n".join(kept))


def ensure(name):
    desc, pkg, kind, source = CORPORA[name]
    if kind == "cpython":
        if not os.path.isdir(PYENV_STDLIB):
            return ensure("cpython-debian")
        # The standard library with its tests, without the third-party site-packages the pyenv
        # build carries (1,790 .py files, as the reference figures).
        dest = os.path.join(CACHE, name)
        marker = os.path.join(dest, ".cg-complete")
        if not os.path.exists(marker):
            if os.path.exists(dest):
                shutil.rmtree(dest)
            log(f"corpora: copying {PYENV_STDLIB} without site-packages/ and __pycache__/ into {dest}")
            top = os.path.realpath(PYENV_STDLIB)
            shutil.copytree(PYENV_STDLIB, dest, symlinks=True, ignore=lambda d, names: [
                n for n in names if n == "__pycache__" or (n == "site-packages" and os.path.realpath(d) == top)])
            with open(marker, "w") as f:
                f.write(PYENV_STDLIB + " minus site-packages\n")
        return dest
    if kind == "dir":
        ensure_source(pkg, source)
        return source
    dest = os.path.join(CACHE, name)
    marker = os.path.join(dest, ".cg-complete")
    if os.path.exists(marker):
        if kind == "tar":
            drop_packaging_ignore(dest)
        return dest
    if kind == "subset":
        full = ensure(source)
        if os.path.exists(dest):
            shutil.rmtree(dest)
        os.makedirs(dest)
        log(f"corpora: linking {', '.join(LINUX_CORE_DIRS)} of {full} into {dest}")
        for d in LINUX_CORE_DIRS:
            subprocess.run(["cp", "-al", os.path.join(full, d), os.path.join(dest, d)], check=True)
        with open(marker, "w") as f:
            f.write(full + " subset\n")
        return dest
    ensure_source(pkg, source)
    if os.path.exists(dest):
        shutil.rmtree(dest)  # an interrupted earlier extraction
    os.makedirs(dest)
    log(f"corpora: extracting {source} into {dest}")
    if kind == "zip":
        with zipfile.ZipFile(source) as z:
            z.extractall(dest)
    else:  # tar.xz with one top-level folder
        subprocess.run(["tar", "-xJf", source, "-C", dest, "--strip-components=1"], check=True)
        drop_packaging_ignore(dest)
    with open(marker, "w") as f:
        f.write(source + "\n")
    return dest


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help="corpora to ensure (default: all)")
    ap.add_argument("--path", metavar="NAME", help="ensure one corpus and print only its path")
    ap.add_argument("--list", action="store_true", help="describe the corpora and exit")
    a = ap.parse_args()
    if a.list:
        for n, (desc, pkg, _, src) in CORPORA.items():
            print(f"{n:15} {desc} [{pkg or 'on the machine'}]")
        return
    if a.path:
        if a.path not in CORPORA:
            raise SystemExit(f"unknown corpus {a.path}; known: {', '.join(CORPORA)}")
        print(ensure(a.path))
        return
    for n in a.names or CORPORA:
        if n not in CORPORA:
            raise SystemExit(f"unknown corpus {n}; known: {', '.join(CORPORA)}")
        print(n, ensure(n))


if __name__ == "__main__":
    main()
