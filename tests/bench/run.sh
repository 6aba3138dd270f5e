#!/usr/bin/env bash
# Runs every benchmark next to its peer on the same input, in the same run, and
# prints the figures and the ratios. Never a pass/fail verdict on speed.
#
# Usage: tests/bench/run.sh [BUILD_DIR [FLOOD_COUNT [RUNS]]]
#   BUILD_DIR defaults to _build; use a build without sanitizers for meaningful figures.
#   The peers need `npm ci --prefix tests/node` (the setup script runs it).
set -euo pipefail

src=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$src/_build}
count=${2:-200000}
runs=${3:-3}
node_modules=$src/tests/node/node_modules
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ninja -C "$build" tests/bench/bench-schema tests/bench/bench-flood \
  src/demo-server/elicit-demo-server >/dev/null

echo "== Schema: parse the request, build the model, validate the answer (ms per request)"
"$build/tests/bench/bench-schema" --write-inputs "$work" >"$work/elicit.txt"
: >"$work/sdk.txt"
for name in 500-fields 100000-options; do
  # Ajv overflows its stack compiling a 100,000-option oneOf; say so rather than hide it.
  if ! node "$src/tests/bench/bench-schema-sdk.mjs" "$work" "$name" >>"$work/sdk.txt" 2>"$work/sdk.err"; then
    echo "$name failed: $(grep -m1 -E 'Error' "$work/sdk.err")" >>"$work/sdk.txt"
  fi
done
printf '%-16s %12s %22s %8s\n' case Elicit "TS SDK (zod) + Ajv" ratio
while read -r name ms _; do
  peer=$(awk -v n="$name" '$1 == n && $3 == "ms" { print $2 }' "$work/sdk.txt")
  if [[ -n $peer ]]; then
    ratio=$(awk -v a="$ms" -v b="$peer" 'BEGIN { printf "%.1fx", b / a }')
    printf '%-16s %9s ms %19s ms %8s\n' "$name" "$ms" "$peer" "$ratio"
  else
    printf '%-16s %9s ms %22s %8s\n' "$name" "$ms" "failed" "-"
    grep "^$name failed" "$work/sdk.txt" | sed 's/^/    peer: /'
  fi
done <"$work/elicit.txt"

echo
echo "== Flood: $count notifications/message lines after the handshake"
echo "   (ingest: ElicitSession and \`elicit call\` without and with a display, next to the"
echo "   TypeScript SDK and to a C reader that only splits lines: the read limit)"
ninja -C "$build" src/app/elicit >/dev/null 2>&1 && elicit_arg=(--elicit "$build/src/app/elicit") || elicit_arg=()
xwrap=()
[[ -z ${DISPLAY:-} ]] && command -v xvfb-run >/dev/null && xwrap+=(xvfb-run -a -s "-screen 0 1280x1024x24")
"${xwrap[@]}" "$build/tests/bench/bench-flood" \
  --count "$count" --runs "$runs" --limit-parse "${elicit_arg[@]}" \
  --server "$build/src/demo-server/elicit-demo-server" \
  --node-modules "$node_modules" \
  --sdk-script "$src/tests/bench/flood-sdk.mjs"

echo
echo "== Parser: one flood line (microseconds per line; callgrind counts in the README)"
ninja -C "$build" tests/bench/bench-json >/dev/null
printf '%-34s %10s %14s\n' parser "µs/line" "vs Elicit"
elicit_us=
for parser in ingest elicit json-glib; do
  us=$("$build/tests/bench/bench-json" --case flood --parser "$parser" | awk '{ print $(NF-5) }')
  [[ -z $elicit_us ]] && elicit_us=$us
  printf '%-34s %10s %14s\n' "Elicit ($parser)" "$us" \
    "$(awk -v a="$elicit_us" -v b="$us" 'BEGIN { printf "%.2fx", b / a }')"
done
us=$(node "$src/tests/bench/bench-json-node.mjs" 200000 | awk '{ print $(NF-5) }')
printf '%-34s %10s %14s\n' "Node $(node --version) JSON.parse" "$us" \
  "$(awk -v a="$elicit_us" -v b="$us" 'BEGIN { printf "%.2fx", b / a }')"

# The same floods through the app's servers file, measured by the flooding server
# itself (requests answered, latency, the longest ping round trip: the longest the
# app's main loop stalled; RSS before and after). The app needs a display and a bus.
if ninja -C "$build" src/app/elicit >/dev/null 2>&1; then
  app_seconds=${APP_FLOOD_SECONDS:-30}
  wrap=()
  [[ -z ${DBUS_SESSION_BUS_ADDRESS:-} ]] && wrap+=(dbus-run-session --)
  [[ -z ${DISPLAY:-} ]] && wrap+=(xvfb-run -a -s "-screen 0 1280x1024x24")
  echo
  echo "== App under a flood: 10,000 elicitation/create per second for ${app_seconds} s, then $count notifications/message lines"
  echo "   (targets: every request answered within 1 s, longest stall 50 ms, memory flat)"
  "${wrap[@]}" /usr/bin/python3 "$src/tests/bench/bench-app-flood.py" "$build/src/app/elicit" \
    requests "$app_seconds" 10000 2>/dev/null | grep '^app' || echo "app requests flood: failed"
  "${wrap[@]}" /usr/bin/python3 "$src/tests/bench/bench-app-flood.py" "$build/src/app/elicit" \
    messages "$count" 2>/dev/null | grep '^app' || echo "app messages flood: failed"
  /usr/bin/python3 "$src/tests/bench/bench-app-flood.py" "$build/src/app/elicit" \
    call-messages "$count" 2>/dev/null | grep '^elicit call' || echo "elicit call messages flood: failed"

  cycles=${APP_RESTART_CYCLES:-1000}
  echo
  echo "== App memory over $cycles kill/restart cycles of a server that asks a question each time"
  for renderer in cairo default; do
    echo "GSK_RENDERER=$renderer:"
    if [[ $renderer == cairo ]]; then renderer_env=(env GSK_RENDERER=cairo); else renderer_env=(env); fi
    "${wrap[@]}" "${renderer_env[@]}" /usr/bin/python3 "$src/tests/bench/bench-app-restarts.py" \
      "$build/src/app/elicit" "$cycles" 2>/dev/null | grep '^app' || echo "app restarts: failed"
  done
fi

if [[ -x $build/tests/bench-form ]]; then
  echo
  echo "== Form: building widgets for big schemas, and request -> dialog on screen"
  echo "   (no peer builds GTK forms: the peers are a one-field request, 500 text fields for 500"
  echo "   drop-downs, and the 16.7 ms frame; the ratios are the last lines)"
  wrap=()
  [[ -z ${DISPLAY:-} ]] && wrap+=(xvfb-run -a -s "-screen 0 1280x1024x24")
  "${wrap[@]}" env GDK_BACKEND=x11 GSK_RENDERER=cairo GTK_A11Y=test NO_AT_BRIDGE=1 \
    "$build/tests/bench-form"
fi

if ninja -C "$build" src/app/elicit >/dev/null 2>&1; then
  echo
  echo "== lint --render: the whole of a 500-field form next to a one-field one (whole command)"
  wrap=()
  [[ -z ${DISPLAY:-} ]] && wrap+=(xvfb-run -a -s "-screen 0 1280x1024x24")
  "${wrap[@]}" /usr/bin/python3 "$src/tests/bench/bench-lint-render.py" "$build/src/app/elicit" \
    "${LINT_RUNS:-7}" 2>/dev/null | grep '^lint' || echo "lint --render: failed"
fi

if ninja -C "$build" tests/bench/bench-call src/app/elicit >/dev/null 2>&1; then
  echo
  echo "== Dialog on screen: elicit call next to zenity --forms, each renderer, and memory"
  wrap=()
  [[ -z ${DISPLAY:-} ]] && wrap+=(xvfb-run -a -s "-screen 0 1280x1024x24")
  "${wrap[@]}" "$build/tests/bench/bench-call" --elicit "$build/src/app/elicit" \
    --server "$build/src/demo-server/elicit-demo-server" --ask-server "$src/tests/bench/ask-server.py"
fi

if ninja -C "$build" src/app/elicit >/dev/null 2>&1; then
  echo
  echo "== The desktop's prompter: elicit proxy receives elicitation/create -> dialog mapped"
  echo "   (its own dialog; the Elicit app already running, idle and while a second server floods it;"
  echo "   the app started by D-Bus activation; its memory with one dialog next to zenity --forms)"
  wrap=()
  [[ -z ${DISPLAY:-} ]] && wrap+=(xvfb-run -a -s "-screen 0 1280x1024x24")
  "${wrap[@]}" /usr/bin/python3 "$src/tests/bench/bench-prompter.py" "$build" "${PROMPTER_RUNS:-10}" \
    2>/dev/null | grep '^prompter' || echo "prompter: failed"
fi
