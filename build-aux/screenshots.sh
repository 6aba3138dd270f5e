#!/usr/bin/env bash
# Renders the dialog for every seed example (and a URL-mode request) into
# docs/screenshots/ with `elicit lint --render`, headless under Xvfb, so the
# README's pictures are the real widgets as they look today.
# Usage: build-aux/screenshots.sh [BUILD_DIR]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/_build}
out=$top/docs/screenshots
mkdir -p "$out"
ninja -C "$build" src/app/elicit >/dev/null

render() {
  local name=$1 input=$2
  xvfb-run -a -s "-screen 0 1280x1024x24" env GDK_BACKEND=x11 GSK_RENDERER=cairo \
    "$build/src/app/elicit" lint --render "$out/$name.png" --name "Demo server" "$input" >/dev/null
  echo "$out/$name.png"
}

for f in "$top"/tests/data/seed-*.json; do
  name=$(basename "$f" .json)
  render "$name" "$f"
done

url=$(mktemp --suffix=.json)
trap 'rm -f "$url"' EXIT
cat >"$url" <<'JSON'
{"mode": "url", "message": "Sign in to your account to continue.",
 "elicitationId": "7f0c1c9e", "url": "http://xn--pypal-4ve.com/login?next=%2Fsettings"}
JSON
render url-warnings "$url"
