#!/usr/bin/env bash
# Builds the fuzz targets with clang and runs each for a while on a corpus
# seeded from the test fixtures. Usage: tests/fuzz/run.sh [SECONDS-PER-TARGET]
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-60}
build=$top/_build-fuzz

if [[ ! -f $build/build.ninja ]]; then
  CC=clang meson setup "$build" "$top" -Dfuzzing=true -Dgtk=disabled -Dtests=true \
    -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debugoptimized \
    -Dwerror=true -Dc_args="-fsanitize=fuzzer-no-link" >/dev/null
else
  meson configure "$build" -Dwerror=true \
    -Dc_args="-fsanitize=fuzzer-no-link" >/dev/null
fi
targets=(fuzz-schema fuzz-json fuzz-incoming fuzz-sse fuzz-session fuzz-auth-jwt fuzz-www-authenticate
         fuzz-url-info fuzz-servers-file fuzz-auth-responses fuzz-line-framing)
if ! ninja -C "$build" "${targets[@]/#/tests/fuzz/}" >"$build/ninja.log" 2>&1; then
  echo "building the fuzz targets failed:"
  grep -E 'error|FAILED' -A5 "$build/ninja.log" | head -40
  exit 1
fi

status=0
for target in "${targets[@]}"; do
  corpus=$build/corpus-$target
  artifacts=$build/artifacts-$target/
  mkdir -p "$corpus" "$artifacts"
  if [[ $target == fuzz-auth-jwt ]]; then
    cp "$top"/tests/fixtures/auth/*.pem "$corpus"/
  else
    cp "$top"/tests/data/*.json "$corpus"/ 2>/dev/null || true
  fi
  if [[ $target == fuzz-session ]]; then cp "$top"/tests/fuzz/session-seeds/* "$corpus"/; fi
  log=$build/$target.log
  if G_DEBUG=fatal-criticals ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1 \
     "$build/tests/fuzz/$target" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
       -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts" "$corpus" \
       >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "$target: ${runs:-?} executions in ${seconds}s, no crash, leak or timeout"
  else
    echo "$target FAILED; see $log and $artifacts"
    grep -E 'ERROR|SUMMARY|Test unit written' "$log" | head -20
    status=1
  fi
done
exit $status
