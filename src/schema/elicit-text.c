/* elicit-text.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "elicit-text-private.h"

/*
 * Server text is untrusted. Bidirectional overrides can make "gpj.exe" read as
 * "exe.jpg", zero-width characters can make two names look alike, and control
 * characters can break a layout. Labels lose all of them; blocks of text keep
 * line breaks and tabs.
 */

/**
 * elicit_text_is_invisible:
 * @c: a Unicode character
 *
 * Whether @c renders as nothing or reorders the text around it: controls,
 * format characters (zero-width characters, bidirectional marks and
 * overrides), fillers, unassigned, private-use and surrogate code points.
 * [func@text_sanitize_line] drops them.
 *
 * Returns: whether @c is invisible
 *
 * Since: 1.0
 */
gboolean
elicit_text_is_invisible (gunichar c)
{
  switch (c)
    {
    case 0x061C:             /* ARABIC LETTER MARK */
    case 0x115F: case 0x1160: case 0x3164: case 0xFFA0: /* Hangul fillers: letters that draw nothing */
    case 0x180E:             /* MONGOLIAN VOWEL SEPARATOR */
    case 0x200B: case 0x200C: case 0x200D: case 0x200E: case 0x200F:
    case 0x202A: case 0x202B: case 0x202C: case 0x202D: case 0x202E:
    case 0x2060: case 0x2061: case 0x2062: case 0x2063: case 0x2064:
    case 0x2066: case 0x2067: case 0x2068: case 0x2069:
    case 0xFEFF:
      return TRUE;
    default:
      break;
    }

  switch (g_unichar_type (c))
    {
    case G_UNICODE_CONTROL:
    case G_UNICODE_FORMAT:
    case G_UNICODE_UNASSIGNED:
    case G_UNICODE_PRIVATE_USE:
    case G_UNICODE_SURROGATE:
      return TRUE;
    case G_UNICODE_LOWERCASE_LETTER:
    case G_UNICODE_MODIFIER_LETTER:
    case G_UNICODE_OTHER_LETTER:
    case G_UNICODE_TITLECASE_LETTER:
    case G_UNICODE_UPPERCASE_LETTER:
    case G_UNICODE_SPACING_MARK:
    case G_UNICODE_ENCLOSING_MARK:
    case G_UNICODE_NON_SPACING_MARK:
    case G_UNICODE_DECIMAL_NUMBER:
    case G_UNICODE_LETTER_NUMBER:
    case G_UNICODE_OTHER_NUMBER:
    case G_UNICODE_CONNECT_PUNCTUATION:
    case G_UNICODE_DASH_PUNCTUATION:
    case G_UNICODE_CLOSE_PUNCTUATION:
    case G_UNICODE_FINAL_PUNCTUATION:
    case G_UNICODE_INITIAL_PUNCTUATION:
    case G_UNICODE_OTHER_PUNCTUATION:
    case G_UNICODE_OPEN_PUNCTUATION:
    case G_UNICODE_CURRENCY_SYMBOL:
    case G_UNICODE_MODIFIER_SYMBOL:
    case G_UNICODE_MATH_SYMBOL:
    case G_UNICODE_OTHER_SYMBOL:
    case G_UNICODE_LINE_SEPARATOR:
    case G_UNICODE_PARAGRAPH_SEPARATOR:
    case G_UNICODE_SPACE_SEPARATOR:
    default:
      return FALSE;
    }
}

static char *
sanitize (const char *text,
          gsize       max_chars,
          gboolean    keep_breaks)
{
  g_autofree char *valid = NULL;
  GString *out;
  gsize n_chars = 0;
  gboolean pending_space = FALSE;

  if (text == NULL)
    return NULL;

  valid = g_utf8_make_valid (text, -1);
  out = g_string_sized_new (MIN (strlen (valid), max_chars * 4) + 4);

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gboolean is_break = (c == '\n' || c == '\r' || c == 0x2028 || c == 0x2029);

      if (keep_breaks && (c == '\n' || c == '\t'))
        {
          /* keep as is */
        }
      else if (is_break || c == '\t' || g_unichar_isspace (c))
        {
          pending_space = out->len > 0;
          continue;
        }
      else if (elicit_text_is_invisible (c))
        continue;

      if (n_chars >= max_chars)
        {
          g_string_append (out, "…");
          break;
        }

      if (pending_space && !(keep_breaks && c == '\n'))
        {
          g_string_append_c (out, ' ');
          n_chars++;
        }
      pending_space = FALSE;

      g_string_append_unichar (out, c);
      n_chars++;
    }

  return g_string_free (out, FALSE);
}

/**
 * elicit_text_sanitize_line:
 * @text: (nullable): text from a server, possibly not UTF-8
 * @max_chars: how many characters to keep, such as %ELICIT_TEXT_LINE_MAX
 *
 * Makes untrusted text fit for a one-line label: valid UTF-8, no controls, no
 * bidi overrides or invisible characters, runs of white space folded to one
 * space, at most @max_chars characters (then an ellipsis).
 *
 * Returns: (transfer full) (nullable): the line; %NULL when @text is %NULL
 *
 * Since: 1.0
 */
char *
elicit_text_sanitize_line (const char *text,
                           gsize       max_chars)
{
  return sanitize (text, max_chars, FALSE);
}

/**
 * elicit_text_sanitize_block:
 * @text: (nullable): text from a server, possibly not UTF-8
 * @max_chars: how many characters to keep, such as %ELICIT_TEXT_BLOCK_MAX
 *
 * Like [func@text_sanitize_line], but keeps line breaks and tabs, for
 * messages and descriptions.
 *
 * Returns: (transfer full) (nullable): the text; %NULL when @text is %NULL
 *
 * Since: 1.0
 */
char *
elicit_text_sanitize_block (const char *text,
                            gsize       max_chars)
{
  return sanitize (text, max_chars, TRUE);
}

/**
 * elicit_text_looks_secret:
 * @text: (nullable): a field's name or title
 *
 * Whether a field name or title looks like it asks for a secret the spec
 * forbids servers to request in form mode: passwords, tokens, API keys, card
 * numbers. Compares case-insensitively and ignores separators, so "api_key",
 * "API Key" and "apiKey" all match.
 *
 * Returns: whether @text names a secret; %FALSE for %NULL
 *
 * Since: 1.0
 */
gboolean
elicit_text_looks_secret (const char *text)
{
  static const char * const needles[] = {
    "password", "passwd", "passphrase", "secret", "token", "apikey", "accesskey",
    "privatekey", "cardnumber", "creditcard", "cvv", "cvc", "securitycode", "pin",
    "ssn", "socialsecurity", "iban", "otp", "2fa", "mfacode",
  };
  g_autofree char *folded = NULL;
  GString *squashed;

  if (text == NULL)
    return FALSE;

  folded = g_utf8_casefold (text, -1);
  squashed = g_string_new (NULL);
  for (const char *p = folded; *p != '\0'; p++)
    if (g_ascii_isalnum (*p) || (guchar) *p >= 0x80)
      g_string_append_c (squashed, *p);

  for (guint i = 0; i < G_N_ELEMENTS (needles); i++)
    {
      const char *hit = strstr (squashed->str, needles[i]);

      /* "pin" and "otp" are short: only a whole word counts ("pin", "pin code"),
       * never a part of "spinner" or "shipping". */
      if (hit != NULL && strlen (needles[i]) <= 3 && !g_str_equal (squashed->str, needles[i]) &&
          !(hit == squashed->str && g_str_has_suffix (squashed->str, "code")))
        continue;
      if (hit != NULL)
        {
          g_string_free (squashed, TRUE);
          return TRUE;
        }
    }

  g_string_free (squashed, TRUE);
  return FALSE;
}

/* Whether @c must not reach a terminal as it is: C0 controls (ESC starts
 * escape sequences that set the title or clear the screen, BEL ends them),
 * DEL, C1 controls (U+009B is CSI to terminals that read 8-bit controls),
 * and format characters, which reorder or hide the text around them. */
static gboolean
drives_terminal (gunichar c)
{
  if (c < 0x20 || (c >= 0x7f && c <= 0x9f))
    return TRUE;

  return g_unichar_type (c) == G_UNICODE_FORMAT ||
         c == 0x2028 || c == 0x2029;
}

/**
 * elicit_text_escape_for_terminal:
 * @text: (nullable): text from a server or a schema, possibly not UTF-8
 * @keep_breaks: whether line feeds and tabs pass as they are
 *
 * Makes text safe to print to a terminal. %NULL reads as "".
 *
 * The characters escaped are those that must not reach a terminal as they
 * are: C0 controls (ESC starts escape sequences that set the title or clear
 * the screen, BEL ends them), DEL, C1 controls (U+009B is CSI to terminals
 * that read 8-bit controls), and format characters, which reorder or hide
 * the text around them.
 *
 * Returns: (transfer full): @text as UTF-8 in which each of those characters
 *   is written as its code point in hex, as the schema's warnings write
 *   them: ESC becomes `\u{001B}`
 *
 * Since: 1.0
 */
char *
elicit_text_escape_for_terminal (const char *text,
                                 gboolean    keep_breaks)
{
  g_autofree char *valid = NULL;
  GString *out;

  if (text == NULL)
    return g_strdup ("");

  if (!g_utf8_validate (text, -1, NULL))
    text = valid = g_utf8_make_valid (text, -1);

  out = g_string_sized_new (strlen (text));
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (keep_breaks && (c == '\n' || c == '\t'))
        g_string_append_c (out, (char) c);
      else if (drives_terminal (c))
        g_string_append_printf (out, "\\u{%04X}", c);
      else
        g_string_append_unichar (out, c);
    }

  return g_string_free (out, FALSE);
}

/**
 * elicit_text_escape_json_for_terminal:
 * @json: JSON text in UTF-8, as [func@json_append] writes it
 *
 * Makes JSON text safe to print to a terminal without changing what it means.
 *
 * Returns: (transfer full): @json with the rest of what
 *   [func@text_escape_for_terminal] escapes (DEL, C1 controls, format characters)
 *   written as JSON escapes such as `\u007f`: the same JSON, safe to print.
 *   Outside strings JSON holds none of them.
 *
 * Since: 1.0
 */
char *
elicit_text_escape_json_for_terminal (const char *json)
{
  GString *out = g_string_sized_new (strlen (json));

  for (const char *p = json; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c != '\n' && drives_terminal (c))
        {
          if (c > 0xffff)
            g_string_append_printf (out, "\\u%04x\\u%04x",
                                    0xd800 + ((c - 0x10000) >> 10), 0xdc00 + ((c - 0x10000) & 0x3ff));
          else
            g_string_append_printf (out, "\\u%04x", c);
        }
      else if (c < 0x80)
        g_string_append_c (out, (char) c);
      else
        g_string_append_unichar (out, c);
    }

  return g_string_free (out, FALSE);
}
