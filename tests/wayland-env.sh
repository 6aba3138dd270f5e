#!/bin/sh
# The wrapper of `meson test --setup wayland` (tests/meson.build): runs one
# test with GTK on Wayland, after the test's own environment (which names
# x11 for the Xvfb run) is set. No X server may be reached: DISPLAY goes,
# so nothing falls back to X11 without a word.
if [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "Bail out! no WAYLAND_DISPLAY: run meson test --setup wayland under tests/wayland-session.sh"
  exit 1
fi
unset DISPLAY XAUTHORITY
GDK_BACKEND=wayland
export GDK_BACKEND
exec "$@"
