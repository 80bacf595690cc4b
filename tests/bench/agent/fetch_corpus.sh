#!/usr/bin/env bash
# Lay the agent-benchmark corpus, Sphinx 5.3.0 as packaged by Debian 12 (python3-sphinx 5.3.0-4),
# into DEST:   tests/bench/agent/fetch_corpus.sh /tmp/agentbench/sphinx
#
# Result: DEST/sphinx/... (the package's Python sources and the data files shipped beside them,
# no __pycache__) and DEST/CORPUS_VERSION (package, version, .deb sha256, file and line counts).
# The .deb is fetched with `apt-get download` (needs Debian's package lists: `apt-get update`);
# when that fails and the same version is installed, /usr/lib/python3/dist-packages/sphinx is copied.
# DEST is replaced if it exists.
set -euo pipefail
PKG=python3-sphinx
VERSION=5.3.0-4
SHA256=926b09b1cb4ce93a11dc7dd83e00df770496bd308e47833e553761f854290953
DEST=${1:?usage: fetch_corpus.sh DEST}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"   # apt's _apt user must be able to write there
src=
origin=
if (cd "$tmp" && apt-get download -q "$PKG=$VERSION" >/dev/null 2>"$tmp/apt.err"); then
    deb=$(ls "$tmp"/*.deb)
    got=$(sha256sum "$deb" | cut -d' ' -f1)
    [[ $got == "$SHA256" ]] || { echo "fetch_corpus: $deb sha256 $got, expected $SHA256" >&2; exit 1; }
    dpkg-deb -x "$deb" "$tmp/x"
    src=$tmp/x/usr/lib/python3/dist-packages/sphinx
    origin="apt-get download $PKG=$VERSION (sha256 $SHA256)"
elif [[ $(dpkg-query -W -f='${Version}' "$PKG" 2>/dev/null || true) == "$VERSION" ]]; then
    src=/usr/lib/python3/dist-packages/sphinx
    origin="installed $PKG $VERSION, $src"
else
    cat "$tmp/apt.err" >&2
    echo "fetch_corpus: cannot download $PKG=$VERSION (run apt-get update?) and it is not installed" >&2
    exit 1
fi

rm -rf "$DEST"
mkdir -p "$DEST"
# -L: Debian's package may symlink shipped files into /usr/share; the corpus wants plain files.
(cd "$(dirname "$src")" && tar -c --exclude=__pycache__ --exclude='*.pyc' sphinx) | tar -x -C "$DEST"
find "$DEST" -type l -delete   # symlinks into sphinx-common (templates, locale) are not Python sources

nfiles=$(find "$DEST/sphinx" -name '*.py' | wc -l)
nlines=$(find "$DEST/sphinx" -name '*.py' -print0 | xargs -0 cat | wc -l)
cat > "$DEST/CORPUS_VERSION" <<EOV
package: $PKG $VERSION (Debian 12 bookworm), upstream Sphinx 5.3.0
origin: $origin
python files: $nfiles
python lines: $nlines
EOV
cat "$DEST/CORPUS_VERSION"
