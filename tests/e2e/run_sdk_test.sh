#!/bin/sh
# The MCP SDK end-to-end test (CTest: e2e.mcp_sdk). Exits 77 (CTest SKIP_RETURN_CODE) only when
# node is not installed; a missing node_modules is a failure: the setup script runs npm ci here.
# Usage: run_sdk_test.sh BINARY FIXTURE_REPO
set -eu
if ! command -v node >/dev/null 2>&1; then
  echo "SKIP: node is not installed; the MCP TypeScript SDK test needs node >= 18"
  exit 77
fi
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -d "$here/node_modules/@modelcontextprotocol/sdk" ]; then
  echo "FAIL: $here/node_modules is missing: run 'npm ci' in tests/e2e (the setup script does)" >&2
  exit 1
fi
exec node "$here/sdk_client.mjs" "$@"
