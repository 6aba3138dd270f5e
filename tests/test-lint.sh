#!/usr/bin/env bash
# elicit lint as a server author uses it: exact output lines and exit codes.
# Usage: test-lint.sh ELICIT DATA-DIR gtk|nogtk  (prints TAP)
# Built without GTK, lint names no widget and --render says it is unavailable.
set -u
elicit=$1
data=$2
gtk=${3:-gtk}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
failed=0

# check NAME EXPECTED-EXIT EXPECTED-LINE... -- ARGS...
check() {
  local name=$1 want_exit=$2; shift 2
  local lines=()
  while [[ $1 != -- ]]; do
    [[ $gtk == gtk || $1 != "     Widget:"* ]] && lines+=("$1")
    shift
  done
  shift
  n=$((n + 1))
  local output status
  output=$(LC_ALL=C.UTF-8 "$elicit" lint "$@" 2>&1)
  status=$?
  local ok=1
  [[ $status -eq $want_exit ]] || { ok=0; echo "# exit $status, expected $want_exit"; }
  for line in "${lines[@]}"; do
    grep -qxF -- "$line" <<<"$output" || { ok=0; echo "# missing line: $line"; }
  done
  if [[ $ok -eq 1 ]]; then
    echo "ok $n - $name"
  else
    echo "not ok $n - $name"
    sed 's/^/#   /' <<<"$output"
    failed=1
  fi
}

cat >"$tmp/request.json" <<'JSON'
{"jsonrpc": "2.0", "id": 7, "method": "elicitation/create",
 "params": {"mode": "form", "message": "Who are you?",
            "requestedSchema": {"type": "object",
                                "properties": {"name": {"type": "string", "title": "Name"},
                                               "age": {"type": "integer", "minimum": 0, "maximum": 150}},
                                "required": ["name"]}}}
JSON
cat >"$tmp/params.json" <<'JSON'
{"message": "Pick", "requestedSchema": {"type": "object", "properties": {"n": {"type": "number", "default": 2.5}}}}
JSON
printf '{"name": "Ada", "age": 36}' >"$tmp/good.json"
printf '{"age": 36.5, "extra": 1}' >"$tmp/bad.json"
printf '{"type": "object", "properties": {"a": {"type": "object"}}}' >"$tmp/nested.json"
printf '{"type": "object", "properties": {"a": {"type": "strnig"}}, "x-note": 1}' >"$tmp/typo.json"
printf '{"type": "object", "properties": {}}' >"$tmp/empty.json"
printf '{"type": "object", "properties": {"api_key": {"type": "string"}}}' >"$tmp/secret.json"
printf '{"type": "object", "properties": {"a": ' >"$tmp/broken.json"

check "a seed schema lists its fields as the dialog shows them" 0 \
  "  1. username — text, required" \
  "     Label:        Username" \
  "     Constraints:  3 to 20 characters" \
  "     Widget:       email entry" \
  "     Constraints:  at least 13" \
  "     Widget:       drop-down of 7 options" \
  "       • United States  (us)" \
  "     Default:      false" \
  "Usable: 5 fields, 0 warnings." \
  -- "$data/seed-user-registration.json"
check "Chinese titles come out as UTF-8 whatever the locale" 0 \
  "     Label:        颜色选择" \
  "     Constraints:  2 to 8 characters" \
  "     Default:      \"小明\"" \
  -- "$data/seed-zh-enum-examples.json"
check "a whole JSON-RPC request is read through its params" 0 \
  "Message: Who are you?" \
  "  1. name — text, required" \
  "  2. age — integer, optional" \
  "     Constraints:  from 0 to 150" \
  -- "$tmp/request.json"
check "params alone are read too" 0 \
  "Message: Pick" "     Default:      2.5" "Usable: 1 field, 0 warnings." -- "$tmp/params.json"
check "content that fits is shown as it will be sent" 0 \
  "  ✓ valid" "  Sent as: {\"name\":\"Ada\",\"age\":36}" \
  -- --content "$tmp/good.json" "$tmp/request.json"
check "content that does not fit lists each field's error" 1 \
  "  ✗ name: This field is required" \
  "  ✗ age: Must be a whole number" \
  "  ✗ extra: Not a field of this form" \
  -- --content "$tmp/bad.json" "$tmp/request.json"
check "a nested object is refused with the property named" 1 \
  "Refused: Property “a” is a nested object, which a form cannot show" -- "$tmp/nested.json"
check "an unknown type is refused" 1 "Refused: Property “a” has unknown type “strnig”" -- "$tmp/typo.json"
check "an empty form is usable and says so" 0 \
  "  (no fields: the dialog only asks to accept or decline)" "Usable: 0 fields, 0 warnings." \
  -- "$tmp/empty.json"
check "a field that looks like a secret is flagged" 0 \
  "     Warning:      this looks like a secret; servers must not ask for secrets in form mode" \
  "Usable: 1 field, 1 warning." \
  -- "$tmp/secret.json"
check "a file that is not JSON is refused" 1 \
  "Refused: $tmp/broken.json: Not valid JSON: the text ends too early" -- "$tmp/broken.json"
check "a missing file is a usage error, not a refused schema" 2 \
  "Cannot read the file: Failed to open file “$tmp/does-not-exist.json”: No such file or directory" -- "$tmp/does-not-exist.json"
printf '{"type":"object","properties":{"a":{"type":"object"},"b":{"type":"strnig"},"c":{"type":"string"}},"required":["c","zz"]}' >"$tmp/three-problems.json"
check "every problem of a schema is listed, not only the first" 1 \
  "Refused: 3 problems:" \
  "  • The schema’s “required” names “zz”, which is not a property" \
  "  • Property “a” is a nested object, which a form cannot show" \
  "  • Property “b” has unknown type “strnig”" \
  -- "$tmp/three-problems.json"
check "the help names the command and lists its exit codes" 0 \
  "  elicit lint [OPTION…] FILE.json — check an elicitation schema as Elicit sees it" \
  -- --help
n=$((n + 1))
if LC_ALL=C.UTF-8 "$elicit" lint --help | grep -q "Exit status: 0 the dialog shows the request"; then
  echo "ok $n - lint's help gives its exit codes"
else
  echo "not ok $n - lint's help gives its exit codes"; failed=1
fi
printf '%s' '{"mode":"url","message":"Log in","elicitationId":"e1","url":"http://xn--pypal-4ve.com/login"}' >"$tmp/url.json"
printf '%s' '{"mode":"url","message":"x","elicitationId":"e2","url":"https://evil.example\\@good.com/"}' >"$tmp/backslash.json"
check "a lookalike host is named in punycode, with what it imitates, as the dialog does" 0 \
  "  URL:                 http://xn--pypal-4ve.com/login" \
  "  Host:                xn--pypal-4ve.com" \
  "  Registrable domain:  xn--pypal-4ve.com" \
  "  Warning:             This address uses plain HTTP: what you send and receive there can be read or changed on the way." \
  "  Warning:             This address looks like paypal.com, but it is a different site: xn--pypal-4ve.com." \
  -- "$tmp/url.json"
printf '%s' '{"mode":"url","message":"Open","elicitationId":"e3","url":"https://bücher.example/"}' >"$tmp/idn.json"
check "an international host that imitates nothing shows both forms" 0 \
  "  Host:                bücher.example" \
  "  Host (ASCII):        xn--bcher-kva.example" \
  -- "$tmp/idn.json"
check "a URL with a backslash is refused" 1 \
  "Refused: The address contains a backslash, which browsers and this program would read differently." \
  -- "$tmp/backslash.json"
if [[ $gtk == nogtk ]]; then
  check "without GTK, --render says it is unavailable" 2 \
    "--render is unavailable: this build of Elicit has no GTK" \
    -- --render "$tmp/out.png" "$data/seed-user-registration.json"
  n=$((n + 1))
  if LC_ALL=C.UTF-8 "$elicit" lint "$data/seed-user-registration.json" | grep -q "Widget:"; then
    echo "not ok $n - without GTK, lint guesses no widget"; failed=1
  else
    echo "ok $n - without GTK, lint guesses no widget"
  fi
  n=$((n + 1))
  output=$(LC_ALL=C.UTF-8 "$elicit" call -- true 2>&1)
  if [[ $? -eq 2 && $output == "This build of Elicit has no GTK: only “elicit lint” is available, without --render" ]]; then
    echo "ok $n - without GTK, elicit call says what this build lacks"
  else
    echo "not ok $n - without GTK, elicit call says what this build lacks"; failed=1
    sed 's/^/#   /' <<<"$output"
  fi
elif [[ -n ${DISPLAY:-} ]]; then
  check "--render draws the dialog to a PNG" 0 "Rendered: $tmp/out.png" \
    -- --render "$tmp/out.png" --name "Demo" "$data/seed-user-registration.json"
  n=$((n + 1))
  if [[ $(head -c 8 "$tmp/out.png" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]]; then
    echo "ok $n - the rendered file is a PNG image"
  else
    echo "not ok $n - the rendered file is a PNG image"; failed=1
  fi
  # The settled dialog, not a frame of the first field's focus ring fading in:
  # the same request gives the same file, which a server author can diff.
  check "--render draws the same request again" 0 "Rendered: $tmp/again.png" \
    -- --render "$tmp/again.png" --name "Demo" "$data/seed-user-registration.json"
  n=$((n + 1))
  if cmp -s "$tmp/out.png" "$tmp/again.png"; then
    echo "ok $n - the same request renders to the same PNG, byte for byte"
  else
    echo "not ok $n - the same request renders to the same PNG, byte for byte"; failed=1
  fi
fi
# A schema that tries to set the terminal's title and clear the screen through
# property names, titles, enum values, a pattern and a default (C1 CSI, U+009B).
printf '%s' '{"type":"object","properties":{"\u001b]0;pwned\u0007":{"type":"string","title":"T\u001b[2Jx","pattern":"^a\u001b]0;p\u0007$"},"c":{"type":"string","default":"d\u009b2J\u202e"},"\u001b[2J":{"type":"string","enum":["\u001b]0;pwned\u0007","\u001b[2J","ok\u009b"]}}}' >"$tmp/terminal.json"
check "escape sequences in a schema are shown escaped, never sent to the terminal" 0 \
  '  1. \u{001B}]0;pwned\u{0007} — text, optional' \
  '     Label:        T[2Jx' \
  '     Constraints:  matches /^a\u{001B}]0;p\u{0007}$/' \
  '     Default:      "d\u009b2J\u202e"' \
  '  3. \u{001B}[2J — single choice, optional' \
  '       • ]0;pwned  (\u{001B}]0;pwned\u{0007})' \
  '       • [2J  (\u{001B}[2J)' \
  '       • ok  (ok\u{009B})' \
  -- "$tmp/terminal.json"
n=$((n + 1))
# No C0 control but the line feed, no DEL, no C1 control (UTF-8 C2 80 to C2 9F).
if LC_ALL=C.UTF-8 "$elicit" lint "$tmp/terminal.json" 2>&1 |
   LC_ALL=C grep -qP '[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]'; then
  echo "not ok $n - lint writes no control character from a schema"; failed=1
else
  echo "ok $n - lint writes no control character from a schema"
fi

if [[ -n ${DISPLAY:-} ]]; then
  # Long titles, long descriptions, 40 fields, a 2,000-character message:
  # --render fails when the dialog hides content (an editor under its
  # natural height, text drawn over text, a body that cannot scroll to its end).
  for fixture in long-titles long-descriptions forty-fields long-message; do
    check "--render shows all of layout-$fixture.json" 0 "Rendered: $tmp/$fixture.png" \
      -- --render "$tmp/$fixture.png" "$data/layout-$fixture.json"
  done
fi
check "no file is a usage error" 2 "Give exactly one FILE.json" --
n=$((n + 1))
output=$(LC_ALL=C.UTF-8 "$elicit" nonsense 2>&1)
if [[ $? -eq 2 && $output == "Unknown command “nonsense”"* ]]; then
  echo "ok $n - an unknown command is named, with the usage"
else
  echo "not ok $n - an unknown command is named, with the usage"; failed=1
  sed 's/^/#   /' <<<"$output"
fi
if [[ $gtk == gtk ]]; then
  n=$((n + 1))
  output=$(LC_ALL=C.UTF-8 "$elicit" --help 2>&1)
  if grep -qxF "  elicit call    call a tool of an MCP server, answering its questions in dialogs" <<<"$output" &&
     grep -qxF "  elicit proxy   give an MCP client native dialogs for its server’s questions" <<<"$output" &&
     grep -qxF "  elicit lint    check an elicitation schema as the dialog will show it" <<<"$output"; then
    echo "ok $n - elicit --help lists the commands"
  else
    echo "not ok $n - elicit --help lists the commands"; failed=1
    sed 's/^/#   /' <<<"$output"
  fi
fi

echo "1..$n"
exit $failed
