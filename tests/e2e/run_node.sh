#!/bin/sh
# Runs one of the node end-to-end tests (CTest: e2e.mcp_sdk, e2e.mcp_inspector, e2e.token_budget,
# e2e.install.*). Exits 77 (CTest SKIP_RETURN_CODE) only when node is not installed; a missing
# node_modules is a failure: the setup script runs npm ci here.
# Usage: run_node.sh SCRIPT.mjs ARGS...
set -eu
if ! command -v node >/dev/null 2>&1; then
  echo "SKIP: node is not installed; the node end-to-end tests need node >= 18"
  exit 77
fi
here=$(cd "$(dirname "$0")" && pwd)
missing=""
for package in @modelcontextprotocol/inspector @modelcontextprotocol/sdk gpt-tokenizer jsonc-parser smol-toml; do
  [ -d "$here/node_modules/$package" ] || missing="$missing $package"
done
if [ -n "$missing" ]; then
  echo "FAIL: $here/node_modules lacks$missing: run 'npm ci' in tests/e2e (the setup script does)" >&2
  exit 1
fi
script=$1
shift
exec node "$here/$script" "$@"
