#!/usr/bin/env bash
# tests/packages/run.sh: the Debian packages as a user of Debian gets them.
# Builds them from a clean copy of the source (build-aux/build-packages.sh),
# checks them with lintian, installs them with apt-get, then uses only what
# they installed, from a scratch directory in a clean environment: elicit call
# on elicit-demo-server with its dialog answered through AT-SPI, the prompter
# started by D-Bus activation, the typelibs from Python, the .pc files from
# a C program, the desktop file and metainfo; then purges them and checks
# nothing is left. Prints TAP; exits non-zero on any failure.
#
# Installs system-wide: needs root (or sudo), and purges whatever it installed
# on every exit. Other builds' tests never read installed files while it runs
# only because it is setup.sh's last stage.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
tests=$here/tests/packages
work=$(mktemp -d "${TMPDIR:-/tmp}/elicit-packages.XXXXXX")
chmod 755 "$work"
sudo=()
[[ $(id -u) -eq 0 ]] || sudo=(sudo)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
libdir=/usr/lib/$multiarch

n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=1; echo "not ok $n - $1"; sed 's/^/# /' "$work/log"; }
step() {
  local what=$1 start=$SECONDS
  shift
  if "$@" >"$work/log" 2>&1; then ok "$what"; else not_ok "$what"; fi
  echo "# $((SECONDS - start)) s"
}

packages=()
purge() {
  [[ ${#packages[@]} -gt 0 ]] || return 0
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get purge -y -q "${packages[@]}"
}
cleanup() { purge >/dev/null 2>&1; rm -rf "$work"; }
trap cleanup EXIT

# What a user's login gives a program, and nothing of this tree: no
# LD_LIBRARY_PATH, GI_TYPELIB_PATH, XDG_DATA_DIRS, GSETTINGS_SCHEMA_DIR or
# ELICIT_LOCALEDIR, PATH the system's, a home of its own.
as_user() {
  (cd "$work/cwd" && env -i HOME="$work/home" PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 \
     USER="${USER:-root}" XDG_RUNTIME_DIR="$work/runtime" GSETTINGS_BACKEND=memory \
     ${DISPLAY:+DISPLAY="$DISPLAY"} ${XAUTHORITY:+XAUTHORITY="$XAUTHORITY"} \
     ELICIT_LIBDIR="$libdir" "$@")
}
# A private session bus from the default session configuration, which reads
# /usr/share/dbus-1/services; an X server of its own unless there is one.
headless() {
  if [[ -n ${DISPLAY:-} ]]; then
    as_user dbus-run-session -- "$@"
  else
    as_user dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" "$@"
  fi
}
mkdir -p "$work/cwd" "$work/home" "$work/runtime" "$work/debs"
chmod 700 "$work/runtime"

step "the packages build from a clean copy of the source" \
  "$here/build-aux/build-packages.sh" "$work/debs"
mapfile -t debs < <(ls "$work"/debs/*.deb 2>/dev/null | grep -v -- '-dbgsym_')
for deb in "${debs[@]}"; do packages+=("$(dpkg-deb -f "$deb" Package)"); done
echo "# packages: ${packages[*]}"

# dpkg-gensymbols fails the build when a symbol disappears; one that
# appears without a line in debian/*.symbols only warns, and would go
# unversioned: fail here, showing the lines to add.
symbols_complete() {
  [[ -f $work/debs/build.log ]] && ! grep -A40 'new symbols appeared' "$work/debs/build.log"
}
step "debian/*.symbols list every symbol the libraries export" symbols_complete

step "lintian finds no error and no warning" \
  lintian --fail-on error,warning "$work"/debs/*.changes

not_installed() {
  ! dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' "${packages[@]}" 2>/dev/null | grep ' .i'
}
step "none of them is installed before" not_installed

step "apt-get installs them" \
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${debs[@]}"

# Every path they installed, for the purge check.
for p in "${packages[@]}"; do dpkg -L "$p"; done 2>/dev/null | sort -u >"$work/installed-paths"

on_path() {
  local found
  found=$(cd "$work/cwd" && env -i PATH=/usr/local/bin:/usr/bin:/bin which elicit elicit-demo-server)
  echo "$found"
  [[ $found == $'/usr/bin/elicit\n/usr/bin/elicit-demo-server' ]]
}
step "elicit and elicit-demo-server are found on PATH in /usr/bin" on_path

# loaded_from PROGRAM SONAME PACKAGE: the dynamic loader finds SONAME for
# PROGRAM in a file that PACKAGE installed.
loaded_from() {
  local path
  path=$(cd "$work/cwd" && env -i ldd "$1" | sed -n "s|^\t$2 => \(/[^ ]*\) .*|\1|p")
  echo "$1: $2 => ${path:-not found}"
  [[ -n $path ]] && dpkg-query -S "$(readlink -f "$path")" | grep -E "^$3(:[a-z0-9]+)?: "
}
loads_installed() {
  loaded_from /usr/bin/elicit libelicit-1.so.0 libelicit-1-0 &&
    loaded_from /usr/bin/elicit libelicit-gtk-1.so.0 libelicit-gtk-1-0 &&
    ! readelf -d /usr/bin/elicit "$libdir/libelicit-gtk-1.so.0" | grep 'RUNPATH\|RPATH'
}
step "elicit loads the installed libelicit-1 and libelicit-gtk-1, and has no RUNPATH" loads_installed

# debian/changelog repeats meson.build's version: the installed program says
# which one it was built as.
same_version() {
  local program package
  program=$(as_user elicit --version) && package=$(dpkg-query -W -f='${Version}' elicit) &&
    echo "elicit --version: $program; package: $package" &&
    [[ $program == *" $package" ]]
}
step "elicit --version names the packages' version (debian/changelog keeps up)" same_version

step "the installed settings schema is compiled (gsettings lists accept-delay)" \
  as_user sh -c 'gsettings list-keys org.gnome.World.Elicit | grep -x accept-delay'

step "elicit call answers elicit-demo-server's form in its own dialog (AT-SPI)" \
  headless /usr/bin/python3 "$tests/installed.py" call-local

step "elicit call's prompt starts the prompter by D-Bus activation, which answers it" \
  headless /usr/bin/python3 "$tests/installed.py" call-activated

step "Python imports Elicit 1.0 and ElicitGtk 1.0 from the system's typelibs" \
  headless /usr/bin/python3 "$tests/installed.py" gi

cat >"$work/cwd/embed.c" <<'C'
#include <elicit-gtk.h>
int
main (void)
{
  g_autoptr(ElicitSchema) schema =
    elicit_schema_new_from_data ("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}}}", -1, NULL);
  elicit_init ();
  g_print ("%u %s\n", elicit_schema_get_n_fields (schema), g_type_name (ELICIT_TYPE_FORM));
  return 0;
}
C
step "a C program builds against pkg-config elicit-1 elicit-gtk-1" \
  as_user sh -c 'cc -Wall -Werror -o embed embed.c $(pkg-config --cflags --libs elicit-1 elicit-gtk-1)'
runs_installed() {
  local out
  out=$(as_user ./embed) && echo "$out" && [[ $out == '1 ElicitForm' ]] &&
    loaded_from ./embed libelicit-1.so.0 libelicit-1-0 &&
    loaded_from ./embed libelicit-gtk-1.so.0 libelicit-gtk-1-0
}
step "it runs on the installed libraries" runs_installed

step "desktop-file-validate passes the installed desktop file" \
  desktop-file-validate /usr/share/applications/org.gnome.World.Elicit.desktop
step "appstreamcli validate --no-net passes the installed metainfo" \
  appstreamcli validate --no-net /usr/share/metainfo/org.gnome.World.Elicit.metainfo.xml

step "apt-get purge removes them" purge
packages=()
# Directories another package owns may stay; nothing else.
nothing_left() {
  local path
  [[ -s $work/installed-paths ]] || { echo "no list of installed paths"; return 1; }
  {
    while read -r path; do
      [[ $path != /. ]] && [[ -e $path || -L $path ]] || continue
      [[ -d $path && ! -L $path ]] && dpkg-query -S "$path" >/dev/null 2>&1 && continue
      echo "left behind: $path"
    done <"$work/installed-paths"
    ls -d "$libdir"/libelicit* "$libdir"/girepository-1.0/Elicit* /usr/share/dbus-1/services/*Elicit* \
      /usr/share/glib-2.0/schemas/*Elicit* 2>/dev/null
    env -i gsettings list-schemas | grep Elicit
  } >"$work/left"
  cat "$work/left"
  [[ ! -s $work/left ]]
}
step "nothing of them is left, not even in the compiled settings schemas" nothing_left

echo "1..$n"
exit $failed
