#!/usr/bin/env bash
# tests/keyring-session.sh: run a command against a real, throwaway GNOME Keyring.
#
#   tests/keyring-session.sh COMMAND [ARG...]
#
# The user's own keyring is never touched. The script
#   - makes a temporary home (HOME, XDG_DATA_HOME, XDG_CONFIG_HOME, XDG_CACHE_HOME and
#     XDG_RUNTIME_DIR all inside it);
#   - starts a private D-Bus session bus of its own, which activates no services: nothing
#     can start a second keyring daemon behind the test's back, with the real home, and a
#     stopped daemon really leaves the bus without a Secret Service;
#   - starts `gnome-keyring-daemon --unlock --components=secrets` there, with the password
#     on its standard input: it creates the "login" collection, the default one, unlocked;
#   - waits until the daemon owns org.freedesktop.secrets (an event, not a sleep);
#   - runs COMMAND with, besides the variables above and DBUS_SESSION_BUS_ADDRESS:
#       ELICIT_TEST_KEYRING_HOME      the temporary home
#       ELICIT_TEST_KEYRING_FILE      the keyring file (encrypted with the password)
#       ELICIT_TEST_KEYRING_PID       the daemon's pid: kill it to test "no keyring"
#       ELICIT_TEST_KEYRING_PASSWORD  the password (ELICIT_TEST_KEYRING_PASSWORD if set,
#                                     else "elicit-test-password")
#       ELICIT_TEST_OUTER_BUS_ADDRESS the session bus the script was started on, if any
#                                     (where the accessibility bus is found)
#   - stops the daemon and the bus and removes the home; COMMAND's exit status is the
#     script's.
#
# It works inside or outside another D-Bus session (the test suite's dbus-run-session).
# Needs the Debian packages gnome-keyring, dbus and libglib2.0-bin (gdbus).
set -euo pipefail

if [[ ${1:-} == --inside-bus ]]; then
  shift
  # The daemon's controls go in XDG_RUNTIME_DIR, its keyrings in XDG_DATA_HOME.
  # Without a newline: the daemon takes every byte of its input as the password.
  printf %s "$ELICIT_TEST_KEYRING_PASSWORD" |
    gnome-keyring-daemon --foreground --unlock --components=secrets >"$HOME/daemon.log" 2>&1 &
  export ELICIT_TEST_KEYRING_PID=$!
  trap 'kill "$ELICIT_TEST_KEYRING_PID" 2>/dev/null || true' EXIT
  if ! gdbus wait --session --timeout 60 org.freedesktop.secrets; then
    echo "keyring-session.sh: gnome-keyring-daemon did not start:" >&2
    cat "$HOME/daemon.log" >&2
    exit 1
  fi
  status=0
  "$@" || status=$?
  exit $status
fi

if [[ $# -eq 0 ]]; then
  echo "usage: $0 COMMAND [ARG...]" >&2
  exit 2
fi

home=$(mktemp -d "${TMPDIR:-/tmp}/elicit-keyring.XXXXXX")
trap 'rm -rf "$home"' EXIT
mkdir -m 700 -p "$home/data" "$home/config" "$home/cache" "$home/runtime"

# The session bus configuration without <standard_session_servicedirs/>.
cat >"$home/bus.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=$home/runtime</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
EOF

export HOME=$home
export XDG_DATA_HOME=$home/data
export XDG_CONFIG_HOME=$home/config
export XDG_CACHE_HOME=$home/cache
export XDG_RUNTIME_DIR=$home/runtime
export ELICIT_TEST_KEYRING_HOME=$home
export ELICIT_TEST_KEYRING_FILE=$home/data/keyrings/login.keyring
export ELICIT_TEST_KEYRING_PASSWORD=${ELICIT_TEST_KEYRING_PASSWORD:-elicit-test-password}
export ELICIT_TEST_OUTER_BUS_ADDRESS=${DBUS_SESSION_BUS_ADDRESS:-}
unset GNOME_KEYRING_CONTROL SSH_AUTH_SOCK

status=0
dbus-run-session --config-file="$home/bus.conf" -- "$0" --inside-bus "$@" || status=$?
exit $status
