#!/usr/bin/env bash
# Go call-site oracle: writes the JSONL of tests/bench/oracles/FORMAT.md for a Go tree, from
# go/types (go_oracle.go beside this script; standard library only, nothing downloaded).
#
# It builds go_oracle.go to /tmp/go-oracle/go_oracle (never into the repo), then type-checks the
# non-test linux/amd64 build (cgo off) in GOPATH mode: GO111MODULE=off GOPATH=/usr/share/gocode
# CGO_ENABLED=0 GOOS=linux GOARCH=amd64, imports type-checked from source.
#
#   tests/bench/oracles/go_oracle.sh OUT.jsonl CORPUS
#   tests/bench/oracles/go_oracle.sh OUT.jsonl ROOT [IMPORT/PATH ...]   (none: all packages under ROOT)
#
# Corpora (needs golang-1.19-go golang-1.19-src; the others: apt-get install -y --no-install-recommends
#   golang-github-spf13-cobra-dev golang-google-grpc-dev golang-github-go-git-go-git-dev):
#   std    ROOT=/usr/share/go-1.19/src, packages database/sql net/http encoding/json go/types
#          and, as for every corpus, the packages under ROOT they import (-deps, default on)
#   grpc   ROOT=/usr/share/gocode/src/google.golang.org/grpc, all packages
#   cobra  ROOT=/usr/share/gocode/src/github.com/spf13/cobra, all packages
#   gogit  ROOT=/usr/share/gocode/src/github.com/go-git/go-git (golang-github-go-git-go-git-dev), all
#          packages; Debian installs it without its /v5 module path, so the oracle reads it
#          through a GOPATH symlink /tmp/go-oracle/gopath/src/github.com/go-git/go-git/v5
# Set GO_ORACLE_FLAGS=-deps=false to check only the named packages.
#
# Reproduce the measurement (the index is built from the same ROOT):
#   tests/bench/oracles/go_oracle.sh /tmp/go-std.jsonl std
#   build/codegraph-mcp index --repo /usr/share/go-1.19/src --db /tmp/go-std.db
#   python3 tests/bench/oracle_compare.py --oracle /tmp/go-std.jsonl --db /tmp/go-std.db
set -euo pipefail

if [ $# -lt 2 ]; then
  sed -n '2,/^set -e/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'
  exit 2
fi
out=$1; shift
here=$(cd "$(dirname "$0")" && pwd)
GO=${GO:-/usr/lib/go-1.19/bin/go}
export GO111MODULE=off GOPATH=/usr/share/gocode CGO_ENABLED=0 GOOS=linux GOARCH=amd64 GOFLAGS=
export GOCACHE=${GOCACHE:-/tmp/go-oracle/cache}
mkdir -p /tmp/go-oracle

case "$1" in
  std)   set -- /usr/share/go-1.19/src database/sql net/http encoding/json go/types ;;
  grpc)  set -- /usr/share/gocode/src/google.golang.org/grpc ;;
  cobra) set -- /usr/share/gocode/src/github.com/spf13/cobra ;;
  gogit) v5=/tmp/go-oracle/gopath/src/github.com/go-git/go-git/v5
         mkdir -p "$(dirname "$v5")"; ln -sfn /usr/share/gocode/src/github.com/go-git/go-git "$v5"
         export GOPATH=/tmp/go-oracle/gopath:$GOPATH
         set -- "$v5" ;;
esac
root=$1; shift

"$GO" build -o /tmp/go-oracle/go_oracle "$here/go_oracle.go"
# shellcheck disable=SC2086
/tmp/go-oracle/go_oracle ${GO_ORACLE_FLAGS:-} -root "$root" -o "$out" "$@"
