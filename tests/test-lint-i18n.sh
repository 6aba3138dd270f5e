#!/usr/bin/env bash
# elicit lint in the server author's language: exact translated lines, with
# the values still aligned when the labels are longer or wide (CJK).
# Usage: test-lint-i18n.sh ELICIT DATA-DIR gtk|nogtk  (prints TAP; ELICIT_LOCALEDIR from
# the test env). Built without GTK, lint names no widget: those lines are not expected.
set -u
elicit=$1
data=$2
gtk=${3:-gtk}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
failed=0

# check LANGUAGE NAME EXPECTED-LINE... -- ARGS...
check() {
  local language=$1 name=$2; shift 2
  local lines=()
  while [[ $1 != -- ]]; do
    [[ $gtk == gtk || $1 != "     Bedienelement:"* ]] && lines+=("$1")
    shift
  done
  shift
  n=$((n + 1))
  local output ok=1
  output=$(LC_ALL=C.UTF-8 LANGUAGE=$language "$elicit" lint "$@" 2>&1)
  for line in "${lines[@]}"; do
    grep -qxF -- "$line" <<<"$output" || { ok=0; echo "# missing line: $line"; }
  done
  if [[ $ok -eq 1 ]]; then
    echo "ok $n - $language: $name"
  else
    echo "not ok $n - $language: $name"
    sed 's/^/#   /' <<<"$output"
    failed=1
  fi
}

# French puts a no-break space before a colon.
nbsp=$(printf '\xc2\xa0')

printf '{"mode": "url", "message": "Log in", "url": "http://bücher.example/login", "elicitationId": "x"}' \
  >"$tmp/url.json"

check de "a seed schema is described in German" \
  "Felder, wie der Dialog sie zeigt:" \
  "  1. username — Text, erforderlich" \
  "     Beschriftung:     Username" \
  "     Einschränkungen:  3 bis 20 Zeichen" \
  "     Bedienelement:    Auswahlfeld mit 7 Optionen" \
  "  5. newsletter — Wahrheitswert, optional" \
  "Verwendbar: 5 Felder, 0 Warnungen." \
  -- "$data/seed-user-registration.json"
check de "the schema layer's warnings are German too, in the singular" \
  "  • Eigenschaft „legacyColor“: „default“ verworfen: Muss eine der Optionen sein" \
  "Verwendbar: 6 Felder, 1 Warnung." \
  -- "$data/seed-zh-enum-examples.json"
check de "a URL is explained in German" \
  "  Registrierbare Domain:  bücher.example" \
  "  Warnung:                Der Hostname verwendet internationale Zeichen, die andere Namen nachahmen können. Er lautet „bücher.example“, auch geschrieben „xn--bcher-kva.example“." \
  -- "$tmp/url.json"
check fr "French counts zero as singular" \
  "  1. username — texte, obligatoire" \
  "     Contraintes${nbsp}:    3 à 20 caractères" \
  "Utilisable${nbsp}: 5 champs, 0 avertissement." \
  -- "$data/seed-user-registration.json"
check zh_CN "wide labels keep the values aligned" \
  "  6. nickname — 文本，必填" \
  "     标签：    昵称" \
  "     约束：    2 到 8 个字符" \
  "     默认值：  \"小明\"" \
  "可用：6 个字段，1 个警告。" \
  -- "$data/seed-zh-enum-examples.json"

echo "1..$n"
exit $failed
