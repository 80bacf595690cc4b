#!/usr/bin/env bash
# Runs each libFuzzer target of a CG_FUZZ build for SECONDS seconds (default 60), one after the
# other, from its committed seed corpus (tests/fuzz/corpus/<target>). New inputs and crash
# artifacts go to a temporary folder, never into the repository. Prints each target's final
# stats (executions, coverage); exits non-zero on the first finding, naming the artifact.
# Usage: tests/fuzz/run_fuzz.sh BUILD_DIR [SECONDS] [TARGET...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?usage: run_fuzz.sh BUILD_DIR [SECONDS] [TARGET...]}
seconds=${2:-60}
shift $(( $# >= 2 ? 2 : 1 ))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_jsonrpc fuzz_tool_args fuzz_extractor)
work=$(mktemp -d /tmp/cg-fuzz-run-XXXXXX)
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
status=0
for t in "${targets[@]}"; do
  mkdir -p "$work/$t/corpus" "$work/$t/artifacts"
  echo "fuzz: $t for ${seconds}s" >&2
  if ! "$build/tests/fuzz/$t" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=4096 \
       -max_len=65536 -print_final_stats=1 -artifact_prefix="$work/$t/artifacts/" \
       "$work/$t/corpus" "$here/corpus/$t" >"$work/$t/log" 2>&1; then
    tail -60 "$work/$t/log" >&2
    echo "fuzz: $t FOUND A PROBLEM; artifacts in $work/$t/artifacts" >&2
    status=1
    break
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|cov:" "$work/$t/log" | tail -3 >&2
done
[ $status -ne 0 ] || rm -rf "$work"
exit $status
