#!/bin/sh
# `cmake --install` puts the binary and its documents in a prefix; cpack (the `package` target)
# makes the release tarball and its SHA-256 file; the tarball's binary runs, is static and
# stripped. Usage: package_test.sh BUILD_DIR
set -eu
build=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
"$tmp/prefix/bin/codegraph-mcp" --version | grep -q '^codegraph-mcp [0-9]'
for f in LICENSE README.md THIRD_PARTY_NOTICES.md AGENTS.md; do
  test -s "$tmp/prefix/share/doc/codegraph-mcp/$f" || { echo "FAIL: $f not installed" >&2; exit 1; }
done

cpack --config "$build/CPackConfig.cmake" -B "$tmp/package" >/dev/null
set -- "$tmp"/package/codegraph-mcp-*-linux-*.tar.gz
tarball=$1
test -f "$tarball" || { echo "FAIL: no tarball in $tmp/package" >&2; ls "$tmp/package" >&2; exit 1; }
(cd "$tmp/package" && sha256sum -c "$(basename "$tarball").sha256") >/dev/null
top=$(basename "$tarball" .tar.gz)
tar -tzf "$tarball" > "$tmp/list"
for f in bin/codegraph-mcp share/doc/codegraph-mcp/LICENSE share/doc/codegraph-mcp/README.md \
         share/doc/codegraph-mcp/THIRD_PARTY_NOTICES.md; do
  grep -qx "$top/$f" "$tmp/list" || { echo "FAIL: $top/$f not in the tarball" >&2; cat "$tmp/list" >&2; exit 1; }
done
mkdir "$tmp/unpacked"
tar -xzf "$tarball" -C "$tmp/unpacked"
bin="$tmp/unpacked/$top/bin/codegraph-mcp"
"$bin" --version | grep -q '^codegraph-mcp [0-9]'
if command -v file >/dev/null 2>&1; then
  file -L "$bin" | grep -q 'statically linked' || { file -L "$bin" >&2; echo "FAIL: not static" >&2; exit 1; }
  file -L "$bin" | grep -q ', stripped' || { file -L "$bin" >&2; echo "FAIL: not stripped" >&2; exit 1; }
fi
echo "ok: installed into a prefix; $(basename "$tarball") ($(wc -c < "$tarball") bytes) with a valid SHA-256"
