#!/bin/sh
# Runs the client scenarios of the official MCP conformance suite
# (@modelcontextprotocol/conformance 0.1.12, pinned in package-lock.json
# beside @modelcontextprotocol/sdk 1.25.2, whose tools_call test server fails
# with newer SDKs) against `elicit call --url`:
#
#   tests/conformance/run.sh ELICIT RESULTS_DIR
#
# Install the suite first: npm ci --prefix tests/conformance
#
# Prints TAP, one test per scenario with the suite's counts, and fails on any
# failed or warning check, a client that did not exit 0, or a timeout. What
# the suite writes (checks.json, the client's stdout.txt and stderr.txt) is
# kept in RESULTS_DIR/<scenario>-<time>/, with summary.txt beside it. Every
# server the suite starts listens on 127.0.0.1 only (loopback.mjs).
set -u

here=$(cd "$(dirname "$0")" && pwd)
suite=$here/node_modules/@modelcontextprotocol/conformance/dist/index.js
scenarios="initialize tools_call elicitation-sep1034-client-defaults sse-retry"

if [ $# -ne 2 ]; then
  echo "usage: $0 ELICIT RESULTS_DIR" >&2
  exit 2
fi

if ! command -v node >/dev/null 2>&1; then
  echo "1..0 # SKIP node is not installed"
  exit 0
fi
if [ ! -f "$suite" ]; then
  echo "1..0 # SKIP the conformance suite is not installed: npm ci --prefix tests/conformance"
  exit 0
fi

# The elicitation scenario shows a real dialog: it needs a display.
if [ -z "${DISPLAY:-}" ] && [ -z "${ELICIT_CONFORMANCE_XVFB:-}" ] && command -v xvfb-run >/dev/null 2>&1; then
  ELICIT_CONFORMANCE_XVFB=1 exec xvfb-run -a -s "-screen 0 1024x768x24 -noreset" "$0" "$@"
fi

ELICIT_BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
export ELICIT_BIN
export NODE_OPTIONS="--import=file://$here/loopback.mjs"
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY

rm -rf "$2"
mkdir -p "$2"
results=$(cd "$2" && pwd)
summary=$results/summary.txt
: > "$summary"

# "passed failed warnings" of one checks.json
count_checks () {
  node -e '
    const checks = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const n = (status) => checks.filter((c) => c.status === status).length;
    console.log(n("SUCCESS"), n("FAILURE"), n("WARNING"));
  ' "$1"
}

echo "1..4"
number=0
failed=0
for scenario in $scenarios; do
  number=$((number + 1))
  log=$results/$scenario.log

  node "$suite" client --command "$here/client.sh" --scenario "$scenario" \
    --timeout 30000 -o "$results" > "$log" 2>&1
  status=$?

  dir=$(ls -d "$results/$scenario"-* 2>/dev/null | tail -n 1)
  if [ -z "$dir" ] || [ ! -f "$dir/checks.json" ]; then
    echo "not ok $number - $scenario: the suite wrote no results (exit $status)"
    sed 's/^/# /' "$log"
    echo "$scenario: no results (exit $status)" >> "$summary"
    failed=1
    continue
  fi

  counts=$(count_checks "$dir/checks.json")
  passed=$(echo "$counts" | cut -d' ' -f1)
  failures=$(echo "$counts" | cut -d' ' -f2)
  warnings=$(echo "$counts" | cut -d' ' -f3)
  line="$scenario: $passed passed, $failures failed, $warnings warnings (exit $status)"
  echo "$line" >> "$summary"

  if [ "$status" -eq 0 ] && [ "$failures" -eq 0 ] && [ "$warnings" -eq 0 ] && [ "$passed" -gt 0 ]; then
    echo "ok $number - $line"
  else
    echo "not ok $number - $line"
    sed 's/^/# /' "$log"
    sed 's/^/# client stderr: /' "$dir/stderr.txt" 2>/dev/null
    failed=1
  fi
done

echo "# results in $results"
exit $failed
