#!/usr/bin/env bash
# TypeScript call-site oracle on a pinned npm corpus (format: FORMAT.md beside this file).
#
# Reproduce (from the repository root; needs node + npm and the npm registry):
#
#   bash tests/bench/oracles/ts_oracle.sh zod          # or: mobx, all
#   CODEGRAPH=build/codegraph-mcp bash tests/bench/oracles/ts_oracle.sh all   # + index + compare
#
# Steps, per corpus NAME:
#   1. `npm ci` of the pinned typescript (package.json / package-lock.json here) into
#      tests/bench/oracles/node_modules, when it is missing (node_modules is git-ignored);
#   2. `npm install --ignore-scripts` of the corpus at its pinned version, plus the type
#      packages its sources import, into $TSCORPUS/NAME (default /tmp/tscorpus/NAME);
#   3. node ts_oracle.mjs --root <the package's src/> --out $OUT/ts-NAME.jsonl
#      (default OUT=/tmp); sites the checker left out go to $OUT/ts-NAME.skipped;
#   4. with CODEGRAPH set: `$CODEGRAPH index --repo ROOT --db $OUT/ts-NAME.db` and
#      `python3 tests/bench/oracle_compare.py --oracle $OUT/ts-NAME.jsonl --db $OUT/ts-NAME.db`.
#
# Corpora (real code bases that ship their .ts sources, not tuned on):
#   zod  4.6.7  root node_modules/zod/src  (332 files, v3 + v4 + their vitest tests; self-imports
#               `zod/v4` resolve into src/ through the package's "@zod/source" export condition)
#               types: vitest 3.2.4, @types/node 22.20.5, @types/benchmark 2.1.5
#   mobx 7.1.3  root node_modules/mobx/src  (55 files)
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../../.." && pwd)"
TSCORPUS="${TSCORPUS:-/tmp/tscorpus}"
OUT="${OUT:-/tmp}"

if [[ ! -f "$HERE/node_modules/typescript/package.json" ]]; then
  (cd "$HERE" && npm ci --ignore-scripts --no-audit --no-fund)
fi

run_corpus() {
  local name="$1" pkg extra root cond=()
  case "$name" in
    zod)  pkg="zod@4.6.7";  extra="vitest@3.2.4 @types/node@22.20.5 @types/benchmark@2.1.5"; cond=(--condition @zod/source) ;;
    mobx) pkg="mobx@7.1.3"; extra="" ;;
    *) echo "unknown corpus $name (zod, mobx, all)" >&2; exit 2 ;;
  esac
  local dir="$TSCORPUS/$name" pname="${pkg%@*}"
  root="$dir/node_modules/$pname/src"
  local want="${pkg##*@}" have=""
  [[ -f "$dir/node_modules/$pname/package.json" ]] && have="$(node -p "require('$dir/node_modules/$pname/package.json').version")"
  if [[ "$have" != "$want" ]]; then
    mkdir -p "$dir"
    [[ -f "$dir/package.json" ]] || echo "{\"name\": \"tscorpus-$name\", \"private\": true}" > "$dir/package.json"
    # shellcheck disable=SC2086
    (cd "$dir" && npm install --save-exact --ignore-scripts --no-audit --no-fund "$pkg" $extra)
  fi
  echo "== $name: $pkg, root $root" >&2
  node "$HERE/ts_oracle.mjs" --root "$root" --out "$OUT/ts-$name.jsonl" --skipped "$OUT/ts-$name.skipped" \
    --diagnostics 5 "${cond[@]}"
  if [[ -n "${CODEGRAPH:-}" ]]; then
    rm -f "$OUT/ts-$name.db" "$OUT/ts-$name.db-wal" "$OUT/ts-$name.db-shm"
    "$CODEGRAPH" index --repo "$root" --db "$OUT/ts-$name.db"
    python3 "$REPO/tests/bench/oracle_compare.py" --oracle "$OUT/ts-$name.jsonl" --db "$OUT/ts-$name.db"
  fi
}

if [[ $# -eq 0 ]]; then set -- all; fi
for c in "$@"; do
  if [[ "$c" == all ]]; then run_corpus zod; run_corpus mobx; else run_corpus "$c"; fi
done
