#!/usr/bin/env bash
# Renders the dialog for every seed example, the layout fixtures, a yes/no
# question and URL-mode requests into docs/screenshots/ with
# `elicit lint --render`, and the sign-in dialog with its widget test,
# headless under Xvfb, so the README's pictures are the real widgets as they
# look today: in the light theme, and a selection in
# the dark theme (-dark) and in German (-de). Rendering fails if a dialog
# hides content. Then the dialog embedded in a plain GTK and in a libadwaita
# host, light and dark (embedded-*.png). Chinese text needs a CJK font
# (fonts-wqy-microhei, in setup.sh's list).
# Usage: build-aux/screenshots.sh [BUILD_DIR]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/_build}
out=$top/docs/screenshots
mkdir -p "$out"
ninja -C "$build" >/dev/null  # the program and the catalogues

# render NAME INPUT [ENV...]
render() {
  local name=$1 input=$2
  shift 2
  xvfb-run -a -s "-screen 0 1280x1024x24" env GDK_BACKEND=x11 GSK_RENDERER=cairo \
    LC_ALL=C.UTF-8 LANGUAGE= ELICIT_LOCALEDIR="$build/locale" "$@" \
    "$build/src/app/elicit" lint --render "$out/$name.png" --name "Demo server" "$input" >/dev/null
  echo "$out/$name.png"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/url-warnings.json" <<'JSON'
{"mode": "url", "message": "Sign in to your account to continue.",
 "elicitationId": "7f0c1c9e", "url": "http://xn--pypal-4ve.com/login?next=%2Fsettings"}
JSON
cat >"$tmp/url-lookalike.json" <<'JSON'
{"mode": "url", "message": "Sign in with your Apple ID.",
 "elicitationId": "0b9d", "url": "http://xn--pple-43d.com/login"}
JSON
cat >"$tmp/yes-no.json" <<'JSON'
{"message": "The tool wants to delete a file.", "requestedSchema": {"type": "object",
 "properties": {"confirm": {"type": "boolean", "title": "Delete the file demo.txt?"}},
 "required": ["confirm"]}}
JSON

for f in "$top"/tests/data/seed-*.json "$top"/tests/data/layout-*.json; do
  render "$(basename "$f" .json)" "$f"
done
for name in url-warnings url-lookalike yes-no; do
  render "$name" "$tmp/$name.json"
done

# Dark and German: the everyday form, numbers, a long title, a URL, yes/no.
for input in "$top/tests/data/seed-user-registration.json" "$top/tests/data/seed-request-types-numbers.json" \
             "$top/tests/data/layout-long-titles.json" "$tmp/url-lookalike.json" "$tmp/yes-no.json"; do
  name=$(basename "$input" .json)
  render "$name-dark" "$input" GTK_THEME=Adwaita:dark
  render "$name-de" "$input" LANGUAGE=de
done

# The sign-in dialog (ElicitSignInDialog), drawn by its widget test.
render_sign_in() {
  local name=$1
  shift
  xvfb-run -a -s "-screen 0 1280x1024x24" env GDK_BACKEND=x11 GSK_RENDERER=cairo GTK_A11Y=test \
    NO_AT_BRIDGE=1 LC_ALL=C.UTF-8 LANGUAGE= ELICIT_LOCALEDIR="$build/locale" \
    ELICIT_SCREENSHOT_DIR="$out" ELICIT_SCREENSHOT_NAME="$name.png" "$@" \
    "$build/tests/test-sign-in-dialog" -p /Elicit/SignInDialog/renders >/dev/null
  echo "$out/$name.png"
}
render_sign_in sign-in
render_sign_in sign-in-dark GTK_THEME=Adwaita:dark
render_sign_in sign-in-de LANGUAGE=de

# The embeddable dialog in a plain GTK host and in a libadwaita host (as in
# Elicit's own window), light and dark, with validation errors showing: the
# renders test-dialog and test-dialog-adw measure for contrast.
ninja -C "$build" tests/test-dialog tests/test-dialog-adw >/dev/null
for host in gtk:test-dialog libadwaita:test-dialog-adw; do
  xvfb-run -a -s "-screen 0 1280x1024x24" env GDK_BACKEND=x11 GSK_RENDERER=cairo GTK_A11Y=test \
    NO_AT_BRIDGE=1 GSETTINGS_BACKEND=memory ELICIT_SHOTS_DIR="$tmp" \
    "$build/tests/${host##*:}" -p /Elicit/Dialog/contrast/light -p /Elicit/Dialog/contrast/dark >/dev/null
  for theme in light dark; do
    cp "$tmp/contrast-${host%%:*}-$theme.png" "$out/embedded-${host%%:*}-$theme.png"
    echo "$out/embedded-${host%%:*}-$theme.png"
  done
done

# GNOME's default session: the dialog on Wayland, under a headless mutter
# (tests/wayland-session.sh) with a 2x (HiDPI) monitor, rendered at the
# display's scale: wayland-2x-*.png.
render_wayland() {
  local name=$1 input=$2
  shift 2
  "$top/tests/wayland-session.sh" --scale 2 env GDK_BACKEND=wayland GSK_RENDERER=cairo NO_AT_BRIDGE=1 \
    LC_ALL=C.UTF-8 LANGUAGE= ELICIT_LOCALEDIR="$build/po" "$@" \
    "$build/src/app/elicit" lint --render "$out/$name.png" --name "Demo server" "$input" \
    >/dev/null 2>&1
  echo "$out/$name.png"
}
if command -v mutter >/dev/null; then
  render_wayland wayland-2x-seed-user-registration "$top/tests/data/seed-user-registration.json"
  render_wayland wayland-2x-url-warnings-dark "$tmp/url-warnings.json" GTK_THEME=Adwaita:dark
fi
