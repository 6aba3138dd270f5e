#!/usr/bin/env bash
# Runs every benchmark next to its peer on the same input, in the same run, and
# prints the figures and ratios. Usage: tests/bench/run.sh [BUILD-DIR]
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$top/_build}
node_dir=$top/tests/node
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a > 0) printf "%.1f", b / a; else print "n/a" }'; }

echo "== schema: parse + validate + build content (ms per request; lower is better)"
"$build/tests/bench/bench-schema" --write-inputs "$work" >"$work/elicit.txt"
if [[ -d $node_dir/node_modules/@modelcontextprotocol/sdk ]]; then
  node "$top/tests/bench/bench-schema-sdk.mjs" "$work" 500-fields 100000-options >"$work/sdk.txt"
else
  : >"$work/sdk.txt"
fi
printf '%-16s %12s %14s %8s\n' case elicit "TS SDK+Ajv" ratio
while read -r name ms _; do
  peer=$(awk -v n="$name" '$1 == n { print $2 }' "$work/sdk.txt")
  printf '%-16s %9s ms %11s ms %7sx\n' "$name" "$ms" "${peer:-n/a}" "$(ratio "$ms" "${peer:-0}")"
done <"$work/elicit.txt"
