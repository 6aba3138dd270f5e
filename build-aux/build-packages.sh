#!/usr/bin/env bash
# build-packages.sh OUTDIR: builds the Debian packages (debian/) from a clean
# copy of this source tree and leaves the .debs, .changes and .buildinfo in
# OUTDIR. The copy holds what git tracks plus untracked files it does not
# ignore (the working tree as the other stages build it, without _build*/
# or node_modules/); outside a git checkout, the tree less those.
#
# The package build does not run the test suite (DEB_BUILD_OPTIONS=nocheck,
# unless the caller's DEB_BUILD_OPTIONS say otherwise): setup.sh test has
# run it already. `dpkg-buildpackage -us -uc -b` in a copy runs it too.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$(mkdir -p "$1" && cd "$1" && pwd)
version=$(dpkg-parsechangelog -l "$here/debian/changelog" -S Version)
work=$(mktemp -d "${TMPDIR:-/tmp}/elicit-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT
src=$work/elicit-$version
mkdir "$src"

if git -C "$here" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  # Deleted but still tracked files are left out.
  git -C "$here" ls-files -z --cached --others --exclude-standard |
    (cd "$here" && while IFS= read -r -d '' f; do [[ -e $f || -L $f ]] && printf '%s\0' "$f"; done) |
    tar -C "$here" --null -T - -cf - | tar -C "$src" -xf -
else
  tar -C "$here" --exclude='./_build*' --exclude=node_modules --exclude=./_packages -cf - . |
    tar -C "$src" -xf -
fi

cd "$src"
dpkg-checkbuilddeps
DEB_BUILD_OPTIONS=${DEB_BUILD_OPTIONS-"nocheck parallel=$(nproc)"} \
  dpkg-buildpackage -us -uc -b >"$work/build.log" 2>&1 || {
  cat "$work/build.log" >&2
  exit 1
}
rm -f "$out"/*.deb "$out"/*.changes "$out"/*.buildinfo
mv "$work"/*.deb "$work"/*.changes "$work"/*.buildinfo "$out"/
cp "$work/build.log" "$out/build.log"
