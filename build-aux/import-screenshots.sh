#!/usr/bin/env bash
# Takes the screenshots of the window's server page (its tool list as wide
# as its titles), of the empty page with Import Servers…, and of the Import
# Servers dialog in docs/screenshots/, light, dark, German and 360 px wide:
# the app on a home holding Claude Desktop's, Cursor's and VS Code's files,
# the button found over AT-SPI by its name in the language shown, the screen
# trimmed around the windows.
#
#   build-aux/import-screenshots.sh [BUILD-DIR]      (default: _build)
#
# Needs: xvfb, dbus, imagemagick, python3-pyatspi.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-$here/_build}" && pwd)
ninja -C "$build" src/app/elicit src/demo-server/elicit-demo-server data/gschemas.compiled >/dev/null
demo=$build/src/demo-server/elicit-demo-server

# Presses the button called (in the language shown) "_Import Servers…".
press_import='
import gettext, os, sys, time, pyatspi
lang = os.environ.get("LANGUAGE") or "en"
label = gettext.translation("elicit", os.environ["ELICIT_LOCALEDIR"], languages=[lang],
                            fallback=True).gettext("_Import Servers…").replace("_", "")
deadline = time.monotonic() + 30
while time.monotonic() < deadline:
    desktop = pyatspi.Registry.getDesktop(0)
    for app in [desktop.getChildAtIndex(i) for i in range(desktop.childCount)]:
        stack = [app] if app is not None else []
        while stack:
            acc = stack.pop()
            if acc.getRoleName() == "push button" and acc.name == label:
                acc.queryAction().doAction(0)
                sys.exit(0)
            stack.extend(acc.getChildAtIndex(i) for i in range(acc.childCount))
    time.sleep(0.5)
sys.exit("no button " + label)
'

shoot () {  # NAME WIDTH HEIGHT ENV...
  local name=$1 width=$2 height=$3
  shift 3
  local home
  home=$(mktemp -d)
  mkdir -p "$home/.config/Claude" "$home/.cursor" "$home/.config/Code/User" \
           "$home/.config/glib-2.0/settings"
  cat > "$home/.config/Claude/claude_desktop_config.json" <<JSON
{"mcpServers": {
  "filesystem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "~/Documents"]},
  "demo": {"command": "$demo"}}}
JSON
  echo '{"mcpServers": {"linear": {"url": "https://mcp.linear.app/mcp"}}}' > "$home/.cursor/mcp.json"
  echo '{"servers": {"github": {"command": "gh-mcp", "env": {"GITHUB_TOKEN": "${input:token}"}}}}' \
    > "$home/.config/Code/User/mcp.json"
  printf '[org/gnome/World/Elicit]\nwindow-size=(%d, %d)\n' "$width" "$height" \
    > "$home/.config/glib-2.0/settings/keyfile"
  echo '{"mcpServers": {"demo": {"command": "'"$demo"'"}}}' > "$home/servers.json"
  echo '{"mcpServers": {}}' > "$home/empty.json"

  env HOME="$home" XDG_CONFIG_HOME="$home/.config" GSETTINGS_BACKEND=keyfile \
      GSETTINGS_SCHEMA_DIR="$build/data" GDK_BACKEND=x11 GSK_RENDERER=cairo \
      LC_ALL=C.UTF-8 LANGUAGE= ELICIT_LOCALEDIR="$build/po" PRESS_IMPORT="$press_import" "$@" \
    dbus-run-session -- xvfb-run -a -s "-screen 0 $((width + 40))x$((height + 40))x24" bash -c '
      # The pointer where nothing shows a tooltip.
      /usr/bin/python3 -c "import pyatspi; pyatspi.Registry.generateMouseEvent($2 - 30, $3 - 30, \"abs\")"
      "$0" --config "$1/servers.json" & app=$!
      sleep 6
      import -window root "$1/window.png"
      kill $app; wait $app || true
      "$0" --config "$1/empty.json" & app=$!
      sleep 4
      import -window root "$1/empty.png"
      /usr/bin/python3 -c "$PRESS_IMPORT"
      sleep 3
      import -window root "$1/import.png"
      kill $app' "$build/src/app/elicit" "$home" "$width" "$height"
  mkdir -p "$here/docs/screenshots"
  for shot in window:server-page empty:no-servers import:import-servers; do
    convert "$home/${shot%%:*}.png" -trim +repage "$here/docs/screenshots/${shot##*:}-$name.png"
  done
  echo "docs/screenshots/{server-page,no-servers,import-servers}-$name.png updated"
  rm -rf "$home"
}

shoot light 1200 760
shoot dark 1200 760 GTK_THEME=Adwaita:dark
shoot de 1200 760 LANGUAGE=de
shoot 360 360 720
