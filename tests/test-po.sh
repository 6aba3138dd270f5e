#!/usr/bin/env bash
# The translations as a translator and a user depend on them: every catalogue
# in po/LINGUAS passes `msgfmt --check`, and translates every message the
# sources hold today (nothing untranslated, nothing fuzzy), so a string added
# without its translations fails here rather than showing up in English.
# Usage: test-po.sh SOURCE-ROOT  (prints TAP; needs xgettext, msgmerge, msgfmt)
set -u
root=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
failed=0

ok() {
  n=$((n + 1))
  echo "ok $n - $1"
}

not_ok() {
  n=$((n + 1))
  echo "not ok $n - $1"
  sed 's/^/#   /' "$2"
  failed=1
}

# The same keywords as i18n.gettext(preset: 'glib') in po/meson.build.
grep -v -e '^#' -e '^$' "$root/po/POTFILES.in" >"$tmp/files"
if ! (cd "$root" && xgettext --package-name=elicit --from-code=UTF-8 \
        --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
        --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
        --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
        --flag=g_dngettext:2:pass-c-format --flag=g_set_error:4:c-format \
        --flag=g_strdup_printf:1:c-format --flag=g_string_append_printf:2:c-format \
        -f "$tmp/files" -o "$tmp/elicit.pot") >"$tmp/xgettext.log" 2>&1; then
  not_ok "xgettext reads every file in po/POTFILES.in" "$tmp/xgettext.log"
  exit 1
fi
if [[ -s $tmp/xgettext.log ]]; then
  not_ok "xgettext reads every file in po/POTFILES.in without a warning" "$tmp/xgettext.log"
else
  ok "xgettext reads every file in po/POTFILES.in without a warning"
fi

languages=$(grep -v -e '^#' "$root/po/LINGUAS" | tr -s ' \n' '\n' | grep -v '^$')
for lang in $languages; do
  po=$root/po/$lang.po

  if msgfmt --check --statistics -o /dev/null "$po" >"$tmp/check.log" 2>&1; then
    ok "$lang.po passes msgfmt --check"
  else
    not_ok "$lang.po passes msgfmt --check" "$tmp/check.log"
    continue
  fi

  # Statistics of the catalogue merged with what the sources hold now.
  msgmerge --quiet --no-fuzzy-matching -o "$tmp/$lang.po" "$po" "$tmp/elicit.pot" >"$tmp/merge.log" 2>&1 ||
    { not_ok "$lang.po merges with the sources' messages" "$tmp/merge.log"; continue; }
  msgfmt --statistics -o /dev/null "$tmp/$lang.po" >"$tmp/stats.log" 2>&1
  if grep -q -e 'untranslated' -e 'fuzzy' "$tmp/stats.log"; then
    { cat "$tmp/stats.log"
      echo "untranslated:"
      msgattrib --untranslated --no-obsolete "$tmp/$lang.po" | grep -e '^msgctxt' -e '^msgid' | grep -v -x 'msgid ""' | head -20
      echo "fuzzy:"
      msgattrib --only-fuzzy --no-obsolete "$tmp/$lang.po" | grep -e '^msgctxt' -e '^msgid' | grep -v -x 'msgid ""' | head -20
    } >"$tmp/report.log"
    not_ok "$lang.po translates every message in the sources" "$tmp/report.log"
  else
    ok "$lang.po translates every message in the sources ($(tr -d '\n' <"$tmp/stats.log"))"
  fi
done

echo "1..$n"
exit $failed
