#!/usr/bin/env bash
# Java call-site oracle on pinned Debian source packages (format: FORMAT.md beside this file).
#
# Needs (installed by hand, this script installs nothing):
#   apt-get install -y --no-install-recommends default-jdk-headless dpkg-dev xz-utils
#   (default-jdk-headless = openjdk-17-jdk-headless on Debian 12: javac and the
#   jdk.compiler module whose JavacTask / Trees API java_oracle.java uses; dpkg-dev gives
#   dpkg-source, which unpacks a source package and applies its Debian patches)
#
# Reproduce (from the repository root):
#
#   bash tests/bench/oracles/java_oracle.sh commons-lang3     # or: commons-io, all
#   CODEGRAPH=build/codegraph-mcp bash tests/bench/oracles/java_oracle.sh all   # + index + compare
#
# Steps, per corpus NAME:
#   1. the corpus's Debian source package, at its pinned version, with `apt-get source
#      --download-only` through a private apt configuration under $WORK/apt (a deb-src entry
#      for deb.debian.org bookworm main, its own lists and cache: the machine's apt sources
#      and state are not touched), unpacked with dpkg-source -x (Debian patches applied);
#   2. the package's src/main/java/**/*.java (tests left out: they need junit) copied to
#      $JAVACORPUS/NAME (default /tmp/javacorpus/NAME), the tree to index; it compiles with the
#      JDK alone (0 errors with javac 17);
#   3. javac -d $WORK/classes java_oracle.java, then
#      java -cp $WORK/classes java_oracle --root $JAVACORPUS/NAME --out $OUT/java-NAME.jsonl
#      (default WORK=/tmp/java-oracle, OUT=/tmp/oracles; the sites not written, with the
#      reason, go to $OUT/java-NAME.skipped; counts to stderr);
#   4. with CODEGRAPH set: `$CODEGRAPH index --repo ROOT --db $OUT/java-NAME.db` and
#      `python3 tests/bench/oracle_compare.py --oracle $OUT/java-NAME.jsonl --db $OUT/java-NAME.db`.
# Nothing is written into the repository.
#
# Corpora (real code bases, not tuned on):
#   commons-lang3  libcommons-lang3-java 3.12.0-2+deb12u1 (Apache Commons Lang 3.12.0),
#                  215 files, 88k lines; ~8900 sites
#   commons-io     commons-io 2.11.0-2 (binary package libcommons-io-java; Apache Commons IO
#                  2.11.0), 180 files, 40k lines; ~4200 sites
# A newer Debian revision (a point release) retires the pinned one: set LANG3_VERSION /
# IO_VERSION to the version `apt-cache showsrc` lists then.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../../.." && pwd)"
WORK="${WORK:-/tmp/java-oracle}"
JAVACORPUS="${JAVACORPUS:-/tmp/javacorpus}"
OUT="${OUT:-/tmp/oracles}"
LANG3_VERSION="${LANG3_VERSION:-3.12.0-2+deb12u1}"
IO_VERSION="${IO_VERSION:-2.11.0-2}"

for tool in javac java dpkg-source; do
  command -v "$tool" >/dev/null || {
    echo "$tool missing: apt-get install -y --no-install-recommends default-jdk-headless dpkg-dev xz-utils" >&2
    exit 2
  }
done

APT="$WORK/apt"
APT_OPTS=(-o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$APT/sources"
  -o "Dir::State::Lists=$APT/lists" -o "Dir::Cache=$APT/cache" -o "APT::Sandbox::User=root")

apt_ready=""
apt_setup() {
  [[ -n "$apt_ready" ]] && return
  mkdir -p "$APT/sources" "$APT/lists/partial" "$APT/cache/archives/partial" "$APT/src"
  cat > "$APT/sources/deb-src.sources" <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  apt-get "${APT_OPTS[@]}" update -qq
  apt_ready=1
}

# fetch SRCPKG VERSION NAME: unpack SRCPKG=VERSION and copy its src/main/java to $JAVACORPUS/NAME
fetch() {
  local src="$1" ver="$2" name="$3" root="$JAVACORPUS/$3"
  local stamp="$JAVACORPUS/.$name.source"   # beside the root: ROOT holds .java files only
  if [[ -f "$stamp" && "$(cat "$stamp")" == "$src=$ver" ]]; then return; fi
  apt_setup
  local upstream="${ver%-*}"; upstream="${upstream#*:}"
  local dir="$APT/src/$src-$upstream"
  rm -rf "$dir"
  (cd "$APT/src" && apt-get "${APT_OPTS[@]}" source --download-only "$src=$ver" \
    && dpkg-source -x "${src}_${ver#*:}.dsc" "$dir")
  rm -rf "$root"; mkdir -p "$root"
  (cd "$dir/src/main/java" && find . -name '*.java' -print0 | tar --null -cf - -T -) | tar -xf - -C "$root"
  echo "$src=$ver" > "$stamp"
}

build() {
  mkdir -p "$WORK/classes"
  if [[ ! -f "$WORK/classes/java_oracle.class" || "$HERE/java_oracle.java" -nt "$WORK/classes/java_oracle.class" ]]; then
    javac -d "$WORK/classes" "$HERE/java_oracle.java"
  fi
}

run_corpus() {
  local name="$1"
  case "$name" in
    commons-lang3) fetch libcommons-lang3-java "$LANG3_VERSION" "$name" ;;
    commons-io)    fetch commons-io "$IO_VERSION" "$name" ;;
    *) echo "unknown corpus $name (commons-lang3, commons-io, all)" >&2; exit 2 ;;
  esac
  local root="$JAVACORPUS/$name"
  mkdir -p "$OUT"
  echo "== $name: root $root" >&2
  java -cp "$WORK/classes" java_oracle --root "$root" --out "$OUT/java-$name.jsonl" \
    --skipped "$OUT/java-$name.skipped" --diagnostics 5
  if [[ -n "${CODEGRAPH:-}" ]]; then
    rm -f "$OUT/java-$name.db" "$OUT/java-$name.db-wal" "$OUT/java-$name.db-shm"
    "$CODEGRAPH" index --repo "$root" --db "$OUT/java-$name.db"
    python3 "$REPO/tests/bench/oracle_compare.py" --oracle "$OUT/java-$name.jsonl" --db "$OUT/java-$name.db"
  fi
}

if [[ $# -eq 0 ]]; then set -- all; fi
build
for c in "$@"; do
  if [[ "$c" == all ]]; then run_corpus commons-lang3; run_corpus commons-io; else run_corpus "$c"; fi
done
