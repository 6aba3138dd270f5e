#!/usr/bin/env bash
# wayland-session.sh [--scale 2] COMMAND [ARG...]
#
# Runs COMMAND in a Wayland session of its own, as GNOME's is: a headless
# mutter (no X server at all: --no-x11, DISPLAY unset) on a private D-Bus
# session bus and a private XDG_RUNTIME_DIR, with one 1280x1024 virtual
# monitor. mutter starts COMMAND once its display is ready (with
# WAYLAND_DISPLAY set) and stops when COMMAND ends; the exit status is
# COMMAND's (0 or not). `meson test --setup wayland` then runs the tests
# with GDK_BACKEND=wayland (tests/wayland-env.sh).
#
# --scale 2 makes the monitor a 2x (HiDPI) one, as a person looking at the
# screenshots would check them (mutter reads the scale from monitors.xml).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

scale=1
if [[ ${1:-} == --scale ]]; then
  scale=$2
  shift 2
fi
if [[ $# -eq 0 ]]; then
  echo "usage: $0 [--scale N] COMMAND [ARG...]" >&2
  exit 2
fi
if ! command -v mutter >/dev/null; then
  echo "$0: mutter is not installed (Debian package mutter)" >&2
  exit 1
fi

runtime=$(mktemp -d "${TMPDIR:-/tmp}/elicit-wayland.XXXXXX")
chmod 0700 "$runtime"
trap 'rm -rf "$runtime"' EXIT
mkdir -p "$runtime/config"
if [[ $scale != 1 ]]; then
  # The same logical size at any scale: 1280x1024 logical pixels.
  width=$((1280 * scale)) height=$((1024 * scale))
  cat >"$runtime/config/monitors.xml" <<XML
<monitors version="2">
  <configuration>
    <logicalmonitor>
      <x>0</x><y>0</y><scale>$scale</scale><primary>yes</primary>
      <monitor>
        <monitorspec><connector>Meta-0</connector><vendor>MetaVendor</vendor>
          <product>MetaVirtualMonitor</product><serial>0x00</serial></monitorspec>
        <mode><width>$width</width><height>$height</height><rate>60.000</rate></mode>
      </monitor>
    </logicalmonitor>
  </configuration>
</monitors>
XML
else
  width=1280 height=1024
fi

# mutter's own settings and monitors.xml come from this private home, not the user's.
env -u DISPLAY -u XAUTHORITY -u WAYLAND_DISPLAY \
  XDG_RUNTIME_DIR="$runtime" XDG_CONFIG_HOME="$runtime/config" \
  GSETTINGS_BACKEND=memory \
  dbus-run-session -- \
  mutter --wayland --headless --no-x11 --virtual-monitor "${width}x${height}" \
    --wayland-display elicit-wayland -- /usr/bin/python3 "$here/wayland-seat.py" "$@"
