#!/usr/bin/env bash
# test-install.sh BUILD_DIR [gtk]: install the build into a scratch DESTDIR and
# build small C programs the way an embedder would, from pkg-config alone:
# one against elicit-1, which must see no GTK, and (with "gtk") one against
# elicit-gtk-1. Prints TAP.
set -uo pipefail

build=$1
with_gtk=${2:-}
examples=$(cd "$(dirname "$0")/../docs/examples" && pwd)
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT

n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=1; echo "not ok $n - $1"; sed 's/^/# /' "$dest/log"; }
step() { local what=$1; shift; if "$@" >"$dest/log" 2>&1; then ok "$what"; else not_ok "$what"; fi; }

step "the build installs into a DESTDIR" \
  meson install -C "$build" --destdir "$dest/root" --no-rebuild --quiet

# The .pc files name the real prefix: copies of them point into DESTDIR.
mkdir -p "$dest/pc"
for f in $(find "$dest/root" -name 'elicit*.pc'); do
  sed "s|^prefix=|prefix=$dest/root|" "$f" >"$dest/pc/$(basename "$f")"
done
export PKG_CONFIG_PATH=$dest/pc
libdir=$(pkg-config --variable=libdir elicit-1)
pc=pkg-config

cat >"$dest/core.c" <<'C'
#include <elicit.h>
#ifdef GTK_MAJOR_VERSION
# error "elicit.h pulled in GTK"
#endif
int
main (void)
{
  g_autoptr(ElicitSchema) schema =
    elicit_schema_new_from_data ("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}}}", -1, NULL);
  elicit_init ();
  g_print ("%u\n", elicit_schema_get_n_fields (schema));
  return 0;
}
C

step "elicit-1's cflags name no GTK" \
  bash -c "! $pc --cflags elicit-1 | grep -q gtk"
step "a program builds against pkg-config elicit-1" \
  bash -c "cc -Wall -Werror -o '$dest/core' '$dest/core.c' \$($pc --cflags --libs elicit-1)"
step "it runs on the installed elicit-1" \
  bash -c "LD_LIBRARY_PATH='$libdir' '$dest/core' | grep -qx 1"
step "it links elicit-1 and no GTK" \
  bash -c "LD_LIBRARY_PATH='$libdir' ldd '$dest/core' >'$dest/ldd' && grep -q libelicit-1 '$dest/ldd' && ! grep -q libgtk '$dest/ldd'"

# Each text domain's catalogues, where gettext looks for them.
for domain in elicit libelicit-1 $([[ $with_gtk == gtk ]] && echo libelicit-gtk-1); do
  step "the German catalogue of $domain is installed" \
    bash -c "find '$dest/root' -path '*/share/locale/de/LC_MESSAGES/$domain.mo' | grep -q ."
done

# The "Getting started" page's example, built as the page says.
step "answer-request.c builds against pkg-config elicit-1" \
  bash -c "cc -Wall -Werror -o '$dest/answer-request' '$examples/answer-request.c' \$($pc --cflags --libs elicit-1)"

if [[ $with_gtk == gtk ]]; then
  cat >"$dest/gtk.c" <<'C'
#include <elicit-gtk.h>
int
main (void)
{
  g_autoptr(ElicitSchema) schema =
    elicit_schema_new_from_data ("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}}}", -1, NULL);
  g_print ("%s\n", g_type_name (ELICIT_TYPE_FORM));
  return schema == NULL;
}
C
  step "a program builds against pkg-config elicit-gtk-1" \
    bash -c "cc -Wall -Werror -o '$dest/gtk' '$dest/gtk.c' \$($pc --cflags --libs elicit-gtk-1)"
  step "it runs on the installed elicit-gtk-1" \
    bash -c "LD_LIBRARY_PATH='$libdir' '$dest/gtk' | grep -qx ElicitForm"
  step "show-dialog.c builds against pkg-config elicit-gtk-1" \
    bash -c "cc -Wall -Werror -o '$dest/show-dialog' '$examples/show-dialog.c' \$($pc --cflags --libs elicit-gtk-1)"
fi

echo "1..$n"
exit $failed
