#!/usr/bin/env bash
# Backs up a directory.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly RETENTION=7
export BACKUP_ROOT=/var/backups
source "$SCRIPT_DIR/lib/common.sh"
. ./config.sh

# Prints usage.
usage() {
  echo "usage: $0 DIR" >&2
}

function rotate {
  local dir=$1
  find "$dir" -mtime +"$RETENTION" -delete || true
}

backup() (
  local src=$1
  [[ -d "$src" ]] || { usage; exit 2; }
  tar -czf "$BACKUP_ROOT/$(date +%F).tgz" "$src" && rotate "$BACKUP_ROOT"
)

case "${1:-}" in
  -h|--help) usage ;;
  *) backup "$1" ;;
esac
