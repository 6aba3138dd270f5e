#!/bin/bash
# Rewrites tests/abi/libelicit-1.abi and libelicit-gtk-1.abi from a build of
# the current tree: run it when a release adds API (the abi-* tests say so),
# and commit the records with the change.
#
#   tests/abi/update.sh [BUILD_DIR]     (default: _build)
#
# The build must be the default one: gcc, with debug information, no
# sanitizer (abi.py refuses others). Running it twice changes nothing.
set -euo pipefail

cd "$(dirname "$0")/../.."
build=${1:-_build}
ninja -C "$build" >/dev/null
ELICIT_ABI_UPDATE=1 meson test -C "$build" --no-rebuild --print-errorlogs \
  abi-elicit abi-elicit-gtk
git status --short tests/abi/
