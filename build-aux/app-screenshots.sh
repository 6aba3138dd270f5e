#!/usr/bin/env bash
# Takes the app's screenshots in docs/screenshots/ (window.png, result.png,
# flood.png, and task-waiting.png when server-everything is installed in
# tests/node) by running tests/test-app.py with ELICIT_SCREENSHOT_DIR set, on
# Xvfb with openbox placing the windows (without a window manager every
# window sits in the corner), then trimming the empty screen around them.
#
#   build-aux/app-screenshots.sh [BUILD-DIR]      (default: _build)
#
# Needs: xvfb, dbus, at-spi2-core, python3-pyatspi, imagemagick, openbox.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-$here/_build}" && pwd)
shots=$(mktemp -d)
trap 'rm -rf "$shots"' EXIT

command -v openbox >/dev/null || { echo "openbox is needed to place the windows" >&2; exit 1; }
ninja -C "$build" src/app/elicit src/demo-server/elicit-demo-server data/gschemas.compiled \
  tests/elicit-test-server.mo >/dev/null

export ELICIT_BIN=$build/src/app/elicit
export ELICIT_DEMO_SERVER=$build/src/demo-server/elicit-demo-server
export ELICIT_TEST_SERVER_MO=$build/tests/elicit-test-server.mo
export ELICIT_LOCALEDIR=$build/locale
export GSETTINGS_SCHEMA_DIR=$build/data GSETTINGS_BACKEND=memory
export GDK_BACKEND=x11 GSK_RENDERER=cairo
export G_TEST_SRCDIR=$here/tests
export ELICIT_SCREENSHOT_DIR=$shots
# server-everything's task tool, for task-waiting.png.
ELICIT_NODE=$(command -v node || true)
export ELICIT_NODE ELICIT_NODE_MODULES=$here/tests/node/node_modules

dbus-run-session -- xvfb-run -a -s "-screen 0 1600x1000x24 -noreset" \
  bash -c 'openbox >/dev/null 2>&1 & sleep 1; exec /usr/bin/python3 "$0"' "$here/tests/test-app.py"

mkdir -p "$here/docs/screenshots"
for pair in dialog:window result:result flood:flood task-waiting:task-waiting; do
  [[ -f $shots/${pair%%:*}.png ]] || continue
  convert "$shots/${pair%%:*}.png" -trim +repage "$here/docs/screenshots/${pair##*:}.png"
  echo "docs/screenshots/${pair##*:}.png updated"
done
