#!/bin/sh
# The MCP client the official conformance suite runs for each scenario: the
# suite appends the URL of its test server and names the scenario in
# MCP_CONFORMANCE_SCENARIO. It is `elicit call --url`, as a user runs it;
# the elicitation scenario's form is accepted as shown, with the defaults it
# shows, by the real dialog (--accept-defaults, an option for automation).
set -eu

url=$1
elicit=${ELICIT_BIN:?ELICIT_BIN names the elicit program}

case ${MCP_CONFORMANCE_SCENARIO:-} in
  initialize)
    exec "$elicit" call --name conformance --url "$url" ;;
  tools_call)
    exec "$elicit" call --name conformance --url "$url" \
      --tool add_numbers --arguments '{"a": 5, "b": 3}' ;;
  elicitation-sep1034-client-defaults)
    exec "$elicit" call --name conformance --url "$url" \
      --tool test_client_elicitation_defaults --accept-defaults ;;
  sse-retry)
    exec "$elicit" call --name conformance --url "$url" --tool test_reconnection ;;
  *)
    echo "client.sh: no client for scenario “${MCP_CONFORMANCE_SCENARIO:-}”" >&2
    exit 2 ;;
esac
