#!/usr/bin/env bash
# Lay out a benchmark run under /tmp/agentbench (or $AGENTBENCH):
#   tests/bench/agent/setup_run.sh [--no-index]
#
#   sphinx/          the corpus (fetch_corpus.sh), laid anew
#   questions.json   the questions, without the key
#   bin-grep/        logged                       (arm A's PATH: no codegraph-mcp)
#   bin-tools/       logged, codegraph-mcp        (arm B; a link to build/codegraph-mcp)
#   log-*.jsonl, answers-*.json of an earlier run are moved to old-<time>/
# then derives the key (answer_key.json beside this script; it must not change) and, unless
# --no-index, indexes the corpus for arm B so that its first call does not pay the indexing.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=${AGENTBENCH:-/tmp/agentbench}
BIN=${CODEGRAPH_MCP:-$HERE/../../../build/codegraph-mcp}
mkdir -p "$ROOT"
"$HERE/fetch_corpus.sh" "$ROOT/sphinx"
cp "$HERE/questions.json" "$ROOT/questions.json"
rm -rf "$ROOT/bin-grep" "$ROOT/bin-tools"
mkdir -p "$ROOT/bin-grep" "$ROOT/bin-tools"
cp "$HERE/logged" "$ROOT/bin-grep/logged"
cp "$HERE/logged" "$ROOT/bin-tools/logged"
ln -s "$(realpath "$BIN")" "$ROOT/bin-tools/codegraph-mcp"
# cg TOOL 'JSON': one tool call on the corpus (codegraph-mcp call TOOL JSON --repo .).
cat > "$ROOT/bin-tools/cg" <<'SH'
#!/usr/bin/env bash
exec codegraph-mcp call "$1" "${2:-{\}}" --repo .
SH
chmod +x "$ROOT/bin-tools/cg"
shopt -s nullglob
old=("$ROOT"/log-*.jsonl "$ROOT"/answers-*.json)
if (( ${#old[@]} )); then
    dest="$ROOT/old-$(date +%Y%m%d-%H%M%S)"
    mkdir -p "$dest"
    mv "${old[@]}" "$dest/"
    echo "setup_run: moved the previous run's logs and answers to $dest"
fi
python3 "$HERE/derive_key.py" "$ROOT/sphinx" -o "$ROOT/answer_key.check.json" >/dev/null
python3 - "$HERE/answer_key.json" "$ROOT/answer_key.check.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
if a != b:
    sys.exit("setup_run: the key derived from this corpus differs from answer_key.json")
PY
rm -f "$ROOT/answer_key.check.json"
"$ROOT/bin-tools/codegraph-mcp" --version
if [[ ${1:-} != --no-index ]]; then
    (cd "$ROOT/sphinx" && "$ROOT/bin-tools/codegraph-mcp" index --repo .)   # as arm B calls it
fi
echo "setup_run: ready in $ROOT"
