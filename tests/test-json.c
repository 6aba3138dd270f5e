/* test-json.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <locale.h>
#include <math.h>
#include <string.h>

#include "elicit-json-private.h"
#include "json-same-tree.h"

/* Refusals ------------------------------------------------------------------ */

typedef struct
{
  const char      *path;
  const char      *json;
  gssize           length;
  ElicitJsonError  code;
  const char      *message;
} Refusal;

static const Refusal refusals[] = {
  { "empty", "", -1, ELICIT_JSON_ERROR_INVALID, "Not valid JSON: the text is empty" },
  { "only-white-space", " \t\r\n", -1, ELICIT_JSON_ERROR_INVALID, "Not valid JSON: the text is empty" },
  { "trailing-comma-in-array", "[1,]", -1, ELICIT_JSON_ERROR_INVALID,
    "Not valid JSON: unexpected “]” at byte 3" },
  { "trailing-comma-in-object", "{\"a\":1,}", -1, ELICIT_JSON_ERROR_INVALID,
    "Not valid JSON: unexpected “}” at byte 7" },
  { "octal-looking-number", "[010]", -1, ELICIT_JSON_ERROR_INVALID,
    "Not valid JSON: a number with a leading zero at byte 1" },
  { "hexadecimal-number", "[0x10]", -1, ELICIT_JSON_ERROR_INVALID,
    "Not valid JSON: unexpected “x” at byte 2" },
  { "dollar-hexadecimal-number", "[$10]", -1, ELICIT_JSON_ERROR_INVALID,
    "Not valid JSON: unexpected “$” at byte 1" },
  { "single-quotes", "['a']", -1, ELICIT_JSON_ERROR_INVALID,
    "Not valid JSON: unexpected “'” at byte 1" },
  { "comment", "[/*c*/1]", -1, ELICIT_JSON_ERROR_INVALID,
    "Not valid JSON: unexpected “/” at byte 1" },
  { "nan", "[NaN]", -1, ELICIT_JSON_ERROR_INVALID, "Not valid JSON: unexpected “N” at byte 1" },
  { "infinity", "[Infinity]", -1, ELICIT_JSON_ERROR_INVALID,
    "Not valid JSON: unexpected “I” at byte 1" },
  { "leading-dot", "[.5]", -1, ELICIT_JSON_ERROR_INVALID, "Not valid JSON: unexpected “.” at byte 1" },
  { "trailing-dot", "[1.]", -1, ELICIT_JSON_ERROR_INVALID, "Not valid JSON: unexpected “]” at byte 3" },
  { "plus-sign", "[+1]", -1, ELICIT_JSON_ERROR_INVALID, "Not valid JSON: unexpected “+” at byte 1" },
  { "lone-minus", "[-]", -1, ELICIT_JSON_ERROR_INVALID, "Not valid JSON: unexpected “]” at byte 2" },
  { "empty-exponent", "[1e]", -1, ELICIT_JSON_ERROR_INVALID, "Not valid JSON: unexpected “]” at byte 3" },
  { "bare-word", "[abc]", -1, ELICIT_JSON_ERROR_INVALID, "Not valid JSON: unexpected “a” at byte 1" },
  { "truncated-literal", "[tru]", -1, ELICIT_JSON_ERROR_INVALID, "Not valid JSON: unexpected “t” at byte 1" },
  { "missing-comma", "[1 2]", -1, ELICIT_JSON_ERROR_INVALID, "Not valid JSON: unexpected “2” at byte 3" },
  { "missing-colon", "{\"a\" 1}", -1, ELICIT_JSON_ERROR_INVALID, "Not valid JSON: unexpected “1” at byte 5" },
  { "name-not-a-string", "{a:1}", -1, ELICIT_JSON_ERROR_INVALID, "Not valid JSON: unexpected “a” at byte 1" },
  { "unknown-escape", "[\"\\x41\"]", -1, ELICIT_JSON_ERROR_INVALID,
    "Not valid JSON: an unknown escape “\\x” at byte 2" },
  { "broken-unicode-escape", "[\"\\u12\"]", -1, ELICIT_JSON_ERROR_INVALID,
    "Not valid JSON: a broken “\\u” escape at byte 2" },
  { "raw-tab-in-string", "[\"a\tb\"]", -1, ELICIT_JSON_ERROR_INVALID,
    "Not valid JSON: a control character inside a string at byte 3" },
  { "unclosed-string", "[\"abc", -1, ELICIT_JSON_ERROR_INVALID,
    "Not valid JSON: the string at byte 1 is not closed" },
  { "unclosed-array", "[1", -1, ELICIT_JSON_ERROR_INVALID, "Not valid JSON: the text ends too early" },
  { "unclosed-object", "{\"a\":", -1, ELICIT_JSON_ERROR_INVALID, "Not valid JSON: the text ends too early" },
  { "text-after-the-end", "[1] x", -1, ELICIT_JSON_ERROR_INVALID,
    "Not valid JSON: more text after the end at byte 4" },
  { "two-values", "1 2", -1, ELICIT_JSON_ERROR_INVALID, "Not valid JSON: more text after the end at byte 2" },
  { "byte-order-mark", "\xef\xbb\xbf[1]", -1, ELICIT_JSON_ERROR_INVALID,
    "Not valid JSON: unexpected character at byte 0" },
  { "raw-nul-byte", "[1,\0]", 5, ELICIT_JSON_ERROR_INVALID,
    "Not valid JSON: unexpected character at byte 3" },
  { "non-ascii-outside-strings", "[\xc3\xa9]", -1, ELICIT_JSON_ERROR_INVALID,
    "Not valid JSON: unexpected character at byte 1" },
  { "escaped-nul", "[\"a\\u0000b\"]", -1, ELICIT_JSON_ERROR_NUL_IN_STRING,
    "A JSON string contains a NUL character (\\u0000) at byte 3" },
  { "escaped-nul-in-a-name", "{\"\\u0000\":1}", -1, ELICIT_JSON_ERROR_NUL_IN_STRING,
    "A JSON string contains a NUL character (\\u0000) at byte 2" },
  { "invalid-byte", "[\"\xff\"]", -1, ELICIT_JSON_ERROR_INVALID_UTF8, "Not valid UTF-8 at byte 2" },
  { "overlong-encoding", "[\"\xc0\xaf\"]", -1, ELICIT_JSON_ERROR_INVALID_UTF8, "Not valid UTF-8 at byte 2" },
  { "overlong-three-bytes", "[\"\xe0\x80\xaf\"]", -1, ELICIT_JSON_ERROR_INVALID_UTF8,
    "Not valid UTF-8 at byte 2" },
  { "encoded-surrogate", "[\"\xed\xa0\x80\"]", -1, ELICIT_JSON_ERROR_INVALID_UTF8,
    "Not valid UTF-8 at byte 2" },
  { "past-unicode", "[\"\xf4\x90\x80\x80\"]", -1, ELICIT_JSON_ERROR_INVALID_UTF8,
    "Not valid UTF-8 at byte 2" },
  { "truncated-sequence", "[\"a\xe2\x82\"]", -1, ELICIT_JSON_ERROR_INVALID_UTF8,
    "Not valid UTF-8 at byte 3" },
  { "stray-continuation-byte", "[\"\x80\"]", -1, ELICIT_JSON_ERROR_INVALID_UTF8,
    "Not valid UTF-8 at byte 2" },
  { "integer-past-int64", "[9223372036854775808]", -1, ELICIT_JSON_ERROR_NUMBER_OUT_OF_RANGE,
    "The integer at byte 1 does not fit in 64 bits" },
  { "integer-below-int64", "[-9223372036854775809]", -1, ELICIT_JSON_ERROR_NUMBER_OUT_OF_RANGE,
    "The integer at byte 1 does not fit in 64 bits" },
  { "integer-past-uint64", "[18446744073709551616]", -1, ELICIT_JSON_ERROR_NUMBER_OUT_OF_RANGE,
    "The integer at byte 1 does not fit in 64 bits" },
  { "huge-integer", "{\"n\":99999999999999999999999999999}", -1, ELICIT_JSON_ERROR_NUMBER_OUT_OF_RANGE,
    "The integer at byte 5 does not fit in 64 bits" },
  { "infinite-number", "[1e400]", -1, ELICIT_JSON_ERROR_NUMBER_OUT_OF_RANGE,
    "The number at byte 1 is too large" },
  { "negative-infinite-number", "[-1e400]", -1, ELICIT_JSON_ERROR_NUMBER_OUT_OF_RANGE,
    "The number at byte 1 is too large" },
  { "just-past-the-largest-double", "[1.7976931348623159e308]", -1, ELICIT_JSON_ERROR_NUMBER_OUT_OF_RANGE,
    "The number at byte 1 is too large" },
  { "huge-exponent", "[1e99999999999999999999]", -1, ELICIT_JSON_ERROR_NUMBER_OUT_OF_RANGE,
    "The number at byte 1 is too large" },
  { "repeated-name", "{\"a\":1,\"a\":2}", -1, ELICIT_JSON_ERROR_DUPLICATE_NAME,
    "A JSON object repeats the member name at byte 7" },
  { "repeated-name-spelled-with-an-escape", "{\"a\":1,\"\\u0061\":2}", -1, ELICIT_JSON_ERROR_DUPLICATE_NAME,
    "A JSON object repeats the member name at byte 7" },
  { "repeated-name-escaped-first", "{\"b\":0,\"\\u0061\":1,\"a\":2}", -1, ELICIT_JSON_ERROR_DUPLICATE_NAME,
    "A JSON object repeats the member name at byte 18" },
  { "repeated-empty-name", "{\"\":1,\"\":2}", -1, ELICIT_JSON_ERROR_DUPLICATE_NAME,
    "A JSON object repeats the member name at byte 6" },
  { "repeated-non-ascii-name", "{\"\xc3\xa9\":1,\"\\u00e9\":2}", -1, ELICIT_JSON_ERROR_DUPLICATE_NAME,
    "A JSON object repeats the member name at byte 8" },
  { "repeated-name-with-a-lone-surrogate", "{\"\xef\xbf\xbd\":1,\"\\ud800\":2}", -1,
    ELICIT_JSON_ERROR_DUPLICATE_NAME, "A JSON object repeats the member name at byte 9" },
  { "repeated-name-with-surrogate-pair", "{\"\xf0\x9f\x98\x80\":1,\"\\ud83d\\ude00\":2}", -1,
    ELICIT_JSON_ERROR_DUPLICATE_NAME, "A JSON object repeats the member name at byte 10" },
  /* Refused after much of the tree was built: what was built is freed (LeakSanitizer). */
  { "error-deep-inside-a-built-tree", "{\"a\":[1,\"x\",{\"b\":null,\"c\":[true]}],\"d\":{\"e\":[1e400]}}", -1,
    ELICIT_JSON_ERROR_NUMBER_OUT_OF_RANGE, "The number at byte 45 is too large" },
  { "repeated-name-deep-inside-a-built-tree", "[{\"a\":{\"x\":[{}],\"y\":\"\\u00e9\",\"x\":0}}]", -1,
    ELICIT_JSON_ERROR_DUPLICATE_NAME, "A JSON object repeats the member name at byte 29" },
  { "repeated-name-before-its-bad-value", "{\"a\":1,\"a\":1e400}", -1, ELICIT_JSON_ERROR_DUPLICATE_NAME,
    "A JSON object repeats the member name at byte 7" },
  { "text-ends-inside-a-built-tree", "{\"a\":[1,2,{\"b\":\"c\"", -1, ELICIT_JSON_ERROR_INVALID,
    "Not valid JSON: the text ends too early" },
  { "second-value-after-a-built-tree", "{\"a\":[1]} {}", -1, ELICIT_JSON_ERROR_INVALID,
    "Not valid JSON: more text after the end at byte 10" },
};

static void
test_refusal (gconstpointer data)
{
  const Refusal *refusal = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;

  node = elicit_json_parse (refusal->json, refusal->length, 0, &error);
  g_assert_null (node);
  g_assert_error (error, ELICIT_JSON_ERROR, (int) refusal->code);
  g_assert_cmpstr (error->message, ==, refusal->message);

  g_clear_error (&error);
  g_assert_false (elicit_json_check (refusal->json, refusal->length, 0, &error));
  g_assert_error (error, ELICIT_JSON_ERROR, (int) refusal->code);
  g_assert_cmpstr (error->message, ==, refusal->message);

  /* Without a GError, too. */
  g_assert_false (elicit_json_check (refusal->json, refusal->length, 0, NULL));
}

/* Acceptance ---------------------------------------------------------------- */

typedef struct
{
  const char *path;
  const char *json;
  const char *written;
} Acceptance;

static const Acceptance acceptances[] = {
  { "scalars-at-the-top", "\"text\"", "\"text\"" },
  { "white-space-around", " \r\n\t[ 1 , 2 ] \n", "[1,2]" },
  { "every-literal", "[true,false,null]", "[true,false,null]" },
  { "integers-at-the-edges-of-int64", "[9223372036854775807,-9223372036854775808]",
    "[9223372036854775807,-9223372036854775808]" },
  { "integers-past-2-to-the-53-exactly", "[9007199254740993]", "[9007199254740993]" },
  { "negative-zero", "[-0,-0.0]", "[0,-0.0]" },
  { "numbers-with-exponents", "[1e5,-1E-5,1E+2,0.5e1]", "[100000.0,-1e-05,100.0,5.0]" },
  { "the-largest-double", "[1.7976931348623157e308]", "[1.7976931348623157e+308]" },
  { "underflow-to-zero", "[1e-400]", "[0.0]" },
  { "long-mantissa", "[123456789012345678901234567890.0]", "[1.2345678901234568e+29]" },
  { "every-escape", "[\"\\b\\f\\n\\r\\t\\/\\\\\\\"\"]", "[\"\\b\\f\\n\\r\\t/\\\\\\\"\"]" },
  { "unicode-escapes", "[\"\\u00e9\\ud83d\\ude00\\uFFFF\\u001f\"]", "[\"é😀\xef\xbf\xbf\\u001f\"]" },
  { "raw-utf8", "[\"é中😀\"]", "[\"é中😀\"]" },
  { "delete-character", "[\"\x7f\"]", "[\"\x7f\"]" },
  { "member-order-kept", "{\"z\":1,\"a\":2,\"m\":3}", "{\"z\":1,\"a\":2,\"m\":3}" },
  { "same-name-in-sibling-objects", "[{\"a\":1},{\"a\":2}]", "[{\"a\":1},{\"a\":2}]" },
  { "same-name-in-nested-objects", "{\"a\":{\"a\":{\"a\":1}}}", "{\"a\":{\"a\":{\"a\":1}}}" },
  { "names-differing-after-a-common-start", "{\"ab\":1,\"a\":2,\"abc\":3}", "{\"ab\":1,\"a\":2,\"abc\":3}" },
  { "empty-containers", "{\"a\":[],\"b\":{},\"\":\"\"}", "{\"a\":[],\"b\":{},\"\":\"\"}" },
  /* Lone surrogates become U+FFFD, as a UTF-8 encoder makes them. */
  { "lone-high-surrogate", "[\"\\ud800\"]", "[\"\uFFFD\"]" },
  { "lone-low-surrogate", "[\"\\uDC00\"]", "[\"\uFFFD\"]" },
  { "half-an-emoji-in-a-log-line", "{\"data\":\"ok \\ud83d\"}", "{\"data\":\"ok \uFFFD\"}" },
  { "high-surrogate-before-a-letter", "[\"\\ud800\\u0041\"]", "[\"\uFFFDA\"]" },
  { "two-high-surrogates-then-a-low", "[\"\\ud800\\ud83d\\ude00\"]", "[\"\uFFFD😀\"]" },
  { "low-before-high", "[\"\\udc00\\ud800\"]", "[\"\uFFFD\uFFFD\"]" },
  { "high-surrogate-at-the-end-of-a-name", "{\"a\\ud800\":1}", "{\"a\uFFFD\":1}" },
  { "high-surrogate-before-an-escape", "[\"\\ud800\\n\"]", "[\"\uFFFD\\n\"]" },
};

static void
test_acceptance (gconstpointer data)
{
  const Acceptance *acceptance = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *written = NULL;

  node = elicit_json_parse (acceptance->json, -1, 0, &error);
  g_assert_no_error (error);
  g_assert_nonnull (node);

  written = elicit_json_to_string (node, NULL);
  g_assert_cmpstr (written, ==, acceptance->written);
}

/* Limits ------------------------------------------------------------------ */

static char *
nested_arrays (guint depth)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < depth; i++)
    g_string_append_c (out, '[');
  for (guint i = 0; i < depth; i++)
    g_string_append_c (out, ']');

  return g_string_free (out, FALSE);
}

static void
test_depth_limit (void)
{
  g_autofree char *ok = nested_arrays (64);
  g_autofree char *deep = nested_arrays (65);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;

  node = elicit_json_parse (ok, -1, ELICIT_JSON_DEFAULT_MAX_DEPTH, &error);
  g_assert_no_error (error);
  g_assert_nonnull (node);

  g_assert_null (elicit_json_parse (deep, -1, 0, &error));
  g_assert_error (error, ELICIT_JSON_ERROR, ELICIT_JSON_ERROR_TOO_DEEP);
  g_assert_cmpstr (error->message, ==, "JSON nested deeper than 64 levels");
}

static void
test_depth_limit_is_a_parameter (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (elicit_json_check ("[[1]]", -1, 2, NULL));
  g_assert_false (elicit_json_check ("[[[1]]]", -1, 2, &error));
  g_assert_error (error, ELICIT_JSON_ERROR, ELICIT_JSON_ERROR_TOO_DEEP);
  g_assert_cmpstr (error->message, ==, "JSON nested deeper than 2 levels");

  /* Objects count as levels too. */
  g_clear_error (&error);
  g_assert_false (elicit_json_check ("{\"a\":{\"b\":[1]}}", -1, 2, &error));
  g_assert_error (error, ELICIT_JSON_ERROR, ELICIT_JSON_ERROR_TOO_DEEP);
}

static void
test_depth_limit_is_capped (void)
{
  g_autofree char *at_cap = nested_arrays (ELICIT_JSON_MAX_DEPTH_LIMIT);
  g_autofree char *past_cap = nested_arrays (ELICIT_JSON_MAX_DEPTH_LIMIT + 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;

  node = elicit_json_parse (at_cap, -1, G_MAXUINT, &error);
  g_assert_no_error (error);
  g_assert_nonnull (node);

  g_assert_false (elicit_json_check (past_cap, -1, G_MAXUINT, &error));
  g_assert_error (error, ELICIT_JSON_ERROR, ELICIT_JSON_ERROR_TOO_DEEP);
  g_assert_cmpstr (error->message, ==, "JSON nested deeper than 1024 levels");
}

/* json-glib 1.6 overflows its stack near 100,000 brackets; we never let it see them. */
static void
test_hundred_thousand_brackets (void)
{
  g_autofree char *open_only = g_strnfill (100000, '[');
  g_autofree char *balanced = nested_arrays (100000);
  g_autofree char *objects = NULL;
  g_autoptr(GString) builder = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  g_assert_null (elicit_json_parse (open_only, -1, 0, &error));
  g_assert_error (error, ELICIT_JSON_ERROR, ELICIT_JSON_ERROR_TOO_DEEP);
  g_clear_error (&error);

  g_assert_null (elicit_json_parse (balanced, -1, 0, &error));
  g_assert_error (error, ELICIT_JSON_ERROR, ELICIT_JSON_ERROR_TOO_DEEP);
  g_clear_error (&error);

  for (guint i = 0; i < 100000; i++)
    g_string_append (builder, "{\"a\":");
  objects = g_strdup (builder->str);
  g_assert_null (elicit_json_parse (objects, -1, 0, &error));
  g_assert_error (error, ELICIT_JSON_ERROR, ELICIT_JSON_ERROR_TOO_DEEP);
  g_assert_cmpstr (error->message, ==, "JSON nested deeper than 64 levels");
}

static void
test_length_bounds_the_text (void)
{
  const char text[] = "[1]garbage";
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;

  node = elicit_json_parse (text, 3, 0, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (node));
  g_assert_cmpint (json_array_get_int_element (json_node_get_array (node), 0), ==, 1);

  /* A string cut by the length is not closed, whatever follows in memory. */
  g_assert_false (elicit_json_check ("\"ab\"", 3, 0, &error));
  g_assert_error (error, ELICIT_JSON_ERROR, ELICIT_JSON_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "Not valid JSON: the string at byte 0 is not closed");
  g_clear_error (&error);

  /* A multibyte character cut by the length. */
  g_assert_false (elicit_json_check ("\"\xc3\xa9\"", 2, 0, &error));
  g_assert_error (error, ELICIT_JSON_ERROR, ELICIT_JSON_ERROR_INVALID_UTF8);
  g_clear_error (&error);

  /* An escape cut by the length. */
  g_assert_false (elicit_json_check ("\"\\u0041\"", 5, 0, &error));
  g_assert_error (error, ELICIT_JSON_ERROR, ELICIT_JSON_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "Not valid JSON: a broken “\\u” escape at byte 1");
}

static void
test_values_read_exactly (void)
{
  g_autoptr(JsonNode) node = NULL;
  JsonArray *array;

  node = elicit_json_parse ("[9223372036854775807,-9223372036854775808,9007199254740993,"
                            "\"a\\u00e9\",1.5,1e308]", -1, 0, NULL);
  g_assert_nonnull (node);
  array = json_node_get_array (node);
  g_assert_cmpint (json_node_get_value_type (json_array_get_element (array, 0)), ==, G_TYPE_INT64);
  g_assert_cmpint (json_array_get_int_element (array, 0), ==, G_MAXINT64);
  g_assert_cmpint (json_array_get_int_element (array, 1), ==, G_MININT64);
  g_assert_cmpint (json_array_get_int_element (array, 2), ==, G_GINT64_CONSTANT (9007199254740993));
  g_assert_cmpstr (json_array_get_string_element (array, 3), ==, "aé");
  g_assert_cmpfloat (json_array_get_double_element (array, 4), ==, 1.5);
  g_assert_cmpfloat (json_array_get_double_element (array, 5), ==, 1e308);
}

/* json-glib 1.6 spends a linear search on every repeated name: a few megabytes took hours. */
static void
test_many_repeated_names_refused (void)
{
  g_autoptr(GString) text = g_string_new ("{");
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  gsize offset;

  for (guint i = 0; i < 100000; i++)
    g_string_append_printf (text, "\"k%u\":1,", i);
  offset = text->len;
  for (guint i = 0; i < 100000; i++)
    g_string_append (text, "\"k99999\":1,");
  g_string_append (text, "\"end\":1}");

  g_assert_false (elicit_json_check (text->str, text->len, 0, &error));
  g_assert_error (error, ELICIT_JSON_ERROR, ELICIT_JSON_ERROR_DUPLICATE_NAME);
  expected = g_strdup_printf ("A JSON object repeats the member name at byte %" G_GSIZE_FORMAT, offset);
  g_assert_cmpstr (error->message, ==, expected);
}

static void
test_many_names_accepted (void)
{
  g_autoptr(GString) text = g_string_new ("[");
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;
  JsonArray *array;

  /* Three sibling objects at one level: the name table is reset between them. */
  for (guint n = 0; n < 3; n++)
    {
      g_string_append (text, n > 0 ? ",{" : "{");
      for (guint i = 0; i < 1000; i++)
        g_string_append_printf (text, "%s\"name%u\":%u", i > 0 ? "," : "", i, i);
      g_string_append_c (text, '}');
    }
  g_string_append_c (text, ']');

  node = elicit_json_parse (text->str, text->len, 0, &error);
  g_assert_no_error (error);
  array = json_node_get_array (node);
  g_assert_cmpuint (json_array_get_length (array), ==, 3);
  g_assert_cmpuint (json_object_get_size (json_array_get_object_element (array, 2)), ==, 1000);
}

static void
test_repeated_name_among_many (void)
{
  g_autoptr(GString) text = g_string_new ("{");
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 50; i++)
    g_string_append_printf (text, "\"n%u\":0,", i);
  g_string_append (text, "\"n\\u0032\\u0037\":0}");

  g_assert_false (elicit_json_check (text->str, text->len, 0, &error));
  g_assert_error (error, ELICIT_JSON_ERROR, ELICIT_JSON_ERROR_DUPLICATE_NAME);
}

static char *
repeated_array (const char *element,
                guint       n)
{
  GString *out = g_string_new ("[");

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append (out, element);
    }
  g_string_append_c (out, ']');

  return g_string_free (out, FALSE);
}

/* json-glib 1.6 turns a 16 MiB line of "{}," into 1.6 GB: values are counted. */
static void
test_value_limits (void)
{
  g_autofree char *most_values = repeated_array ("0", ELICIT_JSON_MAX_VALUES - 1);
  g_autofree char *too_many_values = repeated_array ("0", ELICIT_JSON_MAX_VALUES);
  g_autofree char *most_objects = repeated_array ("{}", ELICIT_JSON_MAX_OBJECTS);
  g_autofree char *too_many_objects = repeated_array ("{}", ELICIT_JSON_MAX_OBJECTS + 1);
  g_autoptr(GError) error = NULL;

  g_assert_true (elicit_json_check (most_values, -1, 0, &error));
  g_assert_no_error (error);
  g_assert_false (elicit_json_check (too_many_values, -1, 0, &error));
  g_assert_error (error, ELICIT_JSON_ERROR, ELICIT_JSON_ERROR_TOO_MANY_VALUES);
  g_assert_cmpstr (error->message, ==, "JSON holding more than 2000000 values");
  g_clear_error (&error);

  g_assert_true (elicit_json_check (most_objects, -1, 0, &error));
  g_assert_no_error (error);
  g_assert_false (elicit_json_check (too_many_objects, -1, 0, &error));
  g_assert_error (error, ELICIT_JSON_ERROR, ELICIT_JSON_ERROR_TOO_MANY_VALUES);
  g_assert_cmpstr (error->message, ==, "JSON holding more than 250000 objects");
}

static void
test_large_string (void)
{
  gsize size = 16 * 1024 * 1024;
  g_autoptr(GString) text = g_string_sized_new (size + 16);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;

  g_string_append_c (text, '"');
  while (text->len < size)
    g_string_append (text, "abcdefgh\xc3\xa9\xe4\xb8\xad\\n");
  g_string_append_c (text, '"');

  node = elicit_json_parse (text->str, text->len, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (strlen (json_node_get_string (node)), >, 14 * 1024 * 1024);
}

/* Same trees as json-glib ---------------------------------------------------- */

static JsonNode *
json_glib_parse (const char *text,
                 gssize      length)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, length, &error);
  g_assert_no_error (error);

  return json_parser_steal_root (parser);
}

/* What elicit_json_parse() builds from @text is what JsonParser builds. */
static void
assert_same_as_json_glib (const char *text,
                          gssize      length,
                          guint       max_depth)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) ours = NULL;
  g_autoptr(JsonNode) theirs = NULL;
  g_autoptr(GString) why = g_string_new (NULL);

  if (length < 0)
    length = (gssize) strlen (text);

  ours = elicit_json_parse (text, length, max_depth, &error);
  g_assert_no_error (error);
  g_assert_nonnull (ours);
  theirs = json_glib_parse (text, length);
  g_assert_nonnull (theirs);

  if (!json_same_tree (ours, theirs, why))
    g_error ("Not the tree JsonParser builds (%s) from: %.200s", why->str, text);
}

typedef struct
{
  const char *path;
  const char *json;
} Tricky;

static const Tricky trickies[] = {
  { "every-escape", "[\"\\b\\f\\n\\r\\t\\/\\\\\\\"\", \"a\\/b\", \"\\\\u0041\"]" },
  { "escapes-at-both-ends", "\"\\n\\u00e9 middle \\t\"" },
  { "control-characters-escaped", "\"\\u0001\\u001f\\u007f\\u0080\\u009f\"" },
  { "unicode-escapes-of-every-length", "\"\\u0041\\u00e9\\u07ff\\u0800\\u4e2d\\uffff\\uFFFE\\uABCD\"" },
  { "surrogate-pairs", "[\"\\ud83d\\ude00\", \"\\uD800\\uDC00\", \"\\uDBFF\\uDFFF\", \"x\\ud834\\udd1ey\"]" },
  { "line-separators", "\"\\u2028\\u2029\xe2\x80\xa8\"" },
  { "raw-utf8-of-every-length", "\"a\xc2\x80\xdf\xbf\xe0\xa0\x80\xef\xbf\xbf\xf0\x90\x80\x80\xf4\x8f\xbf\xbf\"" },
  { "delete-and-high-ascii-neighbours", "\"\x7f~ \"" },
  { "empty-strings-and-names", "{\"\":\"\",\"a\":{\"\":[\"\"]}}" },
  { "escaped-member-names", "{\"\\u0061\":1,\"b\\n\":2,\"\\ud83d\\ude00\":3,\"\\\"\":4}" },
  { "small-integers", "[0,-0,1,-1,7,10,-10,123456789]" },
  { "integers-at-the-edges-of-int64", "[9223372036854775807,-9223372036854775808,-9223372036854775807]" },
  { "integers-past-2-to-the-53", "[9007199254740993,-9007199254740993,9007199254740992]" },
  { "zeros", "[0,-0,0.0,-0.0,0e0,-0e0,0E+0,-0.0e-0,0.000]" },
  { "the-largest-doubles", "[1e308,-1e308,1.7976931348623157e308,-1.7976931348623157E+308]" },
  { "the-smallest-doubles", "[5e-324,-5e-324,4.9406564584124654e-324,2.2250738585072014e-308]" },
  { "halfway-to-the-smallest-double", "[2.4703282292062328e-324,2.4703282292062327e-324]" },
  { "underflows-to-zero", "[1e-400,-1e-400,1e-99999999999999999999]" },
  { "the-hard-rounding-case", "[2.2250738585072011e-308,2.2250738585072012e-308]" },
  { "decimal-fractions", "[0.1,0.2,0.30000000000000004,1.5,-2.25,3.14159265358979323846]" },
  { "exponents-of-every-form", "[1e5,1E5,1e+5,1E-5,-1e-5,10e-1,0.5e1,100e-2,1e0]" },
  { "integers-written-as-doubles", "[1.0,-1.0,100.0,1e2,9007199254740993.0,9223372036854775808.0]" },
  { "long-mantissas",
    "[123456789012345678901234567890.0,"
    "0.1000000000000000055511151231257827021181583404541015625,"
    "1.00000000000000011102230246251565404236316680908203125,"
    "1.0000000000000001110223024625156540423631668090820312500000000000000000000001,"
    "-0.000000000000000000000000000000000000000000000000000000000000000000000000123456789e70]" },
  { "every-literal", "[true,false,null,[true],{\"n\":null}]" },
  { "empty-containers", "[[],{},[[]],[{}],{\"a\":[],\"b\":{}},[[],[]]]" },
  { "empty-object-at-the-top", "{}" },
  { "empty-array-at-the-top", "[]" },
  { "string-at-the-top", "\"top\"" },
  { "integer-at-the-top", "-42" },
  { "double-at-the-top", "-4.2e1" },
  { "literal-at-the-top", "null" },
  { "white-space-everywhere", " \t\r\n{ \"a\" \n: [ 1 ,\t2 , { \"b\" : null } ] , \"c\"\r: \"d\" }\n " },
  { "member-order-kept", "{\"z\":1,\"a\":2,\"m\":3,\"b\":{\"y\":1,\"x\":2},\"0\":0}" },
  { "member-order-past-the-small-names", "{\"j\":1,\"i\":2,\"h\":3,\"g\":4,\"f\":5,\"e\":6,\"d\":7,\"c\":8,"
                                          "\"b\":9,\"a\":10,\"ab\":11,\"aa\":12}" },
  { "same-names-at-different-levels", "{\"a\":{\"a\":{\"a\":[{\"a\":1},{\"a\":2}]}},\"b\":{\"a\":3}}" },
  { "mixed-nesting", "[{\"a\":[{\"b\":[[{\"c\":{}}]]}]},[[[{}]]],{\"d\":[1,[2,[3,{\"e\":4}]]]}]" },
  { "a-flood-line", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\","
                    "\"logger\":\"flood\",\"data\":\"flood message 1 of 200000\"}}" },
};

static void
test_same_as_json_glib (gconstpointer data)
{
  const Tricky *tricky = data;

  assert_same_as_json_glib (tricky->json, -1, 0);
}

static void
test_fixtures_same_as_json_glib (void)
{
  g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "data", NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n_fixtures = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *contents = NULL;
      gsize length;

      if (!g_str_has_suffix (name, ".json"))
        continue;

      path = g_build_filename (dir_path, name, NULL);
      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      assert_same_as_json_glib (contents, length, 0);
      n_fixtures++;
    }

  /* tests/data has 32 fixtures today: never pass by finding none. */
  g_assert_cmpuint (n_fixtures, >=, 32);
}

static char *
deep_text (guint depth)
{
  GString *out = g_string_new (NULL);

  /* Arrays and objects in turn, a value at every level. */
  for (guint i = 0; i < depth; i++)
    g_string_append_printf (out, i % 2 == 0 ? "[%u," : "{\"k%u\":", i);
  g_string_append (out, "\"bottom\"");
  for (guint i = depth; i > 0; i--)
    g_string_append_c (out, (i - 1) % 2 == 0 ? ']' : '}');

  return g_string_free (out, FALSE);
}

static void
test_deep_same_as_json_glib (void)
{
  g_autofree char *at_default = deep_text (ELICIT_JSON_DEFAULT_MAX_DEPTH);
  g_autofree char *at_cap = deep_text (ELICIT_JSON_MAX_DEPTH_LIMIT);
  g_autofree char *brackets = nested_arrays (ELICIT_JSON_DEFAULT_MAX_DEPTH);

  assert_same_as_json_glib (at_default, -1, 0);
  assert_same_as_json_glib (brackets, -1, 0);
  assert_same_as_json_glib (at_cap, -1, ELICIT_JSON_MAX_DEPTH_LIMIT);
}

/* Strings and numbers longer than any buffer kept on the stack. */
static void
test_long_values_same_as_json_glib (void)
{
  g_autoptr(GString) text = g_string_new ("{\"");
  g_autofree char *digits = g_strnfill (400, '7');

  for (guint i = 0; i < 300; i++)
    g_string_append (text, i % 7 == 0 ? "\\u00e9" : i % 5 == 0 ? "\\n" : "n");
  g_string_append (text, "\":[\"");
  for (guint i = 0; i < 5000; i++)
    g_string_append (text, i % 3 == 0 ? "\\ud83d\\ude00" : i % 11 == 0 ? "\\\"" : "abc\xc3\xa9");
  g_string_append_printf (text, "\",\"%s\",0.%s,%s.5e-300,-%se-700]}", digits, digits, digits, digits);

  assert_same_as_json_glib (text->str, text->len, 0);
}

/* Many members, read both linearly and through a hash table, in order. */
static void
test_many_members_same_as_json_glib (void)
{
  g_autoptr(GString) text = g_string_new ("{");

  for (guint i = 0; i < 2000; i++)
    g_string_append_printf (text, "%s\"m%u\":{\"const\":\"v%u\",\"title\":\"Title %u\"}",
                            i > 0 ? "," : "", (i * 7919) % 2000, i, i);
  g_string_append_c (text, '}');

  assert_same_as_json_glib (text->str, text->len, 0);
}

/* Writing ----------------------------------------------------------------- */

static JsonNode *
double_node (double value)
{
  JsonNode *node = json_node_new (JSON_NODE_VALUE);

  json_node_set_double (node, value);
  return node;
}

static void
test_write_doubles (void)
{
  static const struct
  {
    double      value;
    const char *text;
  } cases[] = {
    { 30.0, "30.0" },
    { 0.1, "0.1" },
    { -0.0, "-0.0" },
    { 1e20, "1e+20" },
    { 1e-7, "1e-07" },
    { 1.0 / 3.0, "0.3333333333333333" },
    { 0.1 + 0.2, "0.30000000000000004" },
    { 123456789.125, "123456789.125" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(JsonNode) node = double_node (cases[i].value);
      g_autofree char *text = elicit_json_to_string (node, NULL);
      g_autoptr(JsonNode) back = elicit_json_parse (text, -1, 0, NULL);

      g_assert_cmpstr (text, ==, cases[i].text);
      g_assert_nonnull (back);
      g_assert_cmpint (json_node_get_value_type (back), ==, G_TYPE_DOUBLE);
      g_assert_cmpfloat (json_node_get_double (back), ==, cases[i].value);
    }
}

static void
test_write_non_finite_as_null (void)
{
  g_autoptr(JsonNode) inf = double_node (INFINITY);
  g_autoptr(JsonNode) nan = double_node (NAN);
  g_autofree char *inf_text = elicit_json_to_string (inf, NULL);
  g_autofree char *nan_text = elicit_json_to_string (nan, NULL);

  g_assert_cmpstr (inf_text, ==, "null");
  g_assert_cmpstr (nan_text, ==, "null");
}

static void
test_write_strings (void)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_VALUE);
  g_autofree char *text = NULL;
  g_autofree char *repaired = NULL;
  gsize length = 0;

  json_node_set_string (node, "a\"b\\c\n\x01\x1f\x7f/é");
  text = elicit_json_to_string (node, &length);
  g_assert_cmpstr (text, ==, "\"a\\\"b\\\\c\\n\\u0001\\u001f\x7f/é\"");
  g_assert_cmpuint (length, ==, strlen (text));

  /* A string that is not UTF-8 is repaired, not written as invalid JSON. */
  json_node_set_string (node, "a\xff" "b");
  repaired = elicit_json_to_string (node, NULL);
  g_assert_cmpstr (repaired, ==, "\"a\xef\xbf\xbd" "b\"");
}

static void
test_write_builds_and_appends (void)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GString) out = g_string_new ("x");
  g_autofree char *null_text = elicit_json_to_string (NULL, NULL);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "b");
  json_builder_add_int_value (builder, 1);
  json_builder_set_member_name (builder, "a");
  json_builder_begin_array (builder);
  json_builder_add_boolean_value (builder, TRUE);
  json_builder_add_null_value (builder);
  json_builder_add_double_value (builder, 2.0);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);

  elicit_json_append (out, root);
  g_string_append_c (out, '\n');
  g_assert_cmpstr (out->str, ==, "x{\"b\":1,\"a\":[true,null,2.0]}\n");
  g_assert_cmpstr (null_text, ==, "null");
}

/* Type-checking readers ------------------------------------------------------ */

static void
test_readers_check_types (void)
{
  g_autoptr(JsonNode) root = elicit_json_parse ("{\"s\":\"text\",\"o\":{\"k\":1},\"a\":[\"x\",{},1],"
                                                "\"i\":-7,\"d\":1.5,\"w\":2.0,\"b\":true,\"n\":null}",
                                                -1, 0, NULL);
  JsonObject *object = json_node_get_object (root);
  const char *names[] = { "s", "o", "a", "i", "d", "w", "b", "n", "missing" };
  JsonArray *array;
  gint64 i = 0;
  double d = 0;
  gboolean b = FALSE;

  /* Every reader on every type: the right one answers, the rest say no
   * (json-glib's own readers would log a CRITICAL for most of these). */
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    {
      const char *name = names[k];

      g_assert_true ((elicit_json_object_get_string (object, name) != NULL) == g_str_equal (name, "s"));
      g_assert_true ((elicit_json_object_get_object (object, name) != NULL) == g_str_equal (name, "o"));
      g_assert_true ((elicit_json_object_get_array (object, name) != NULL) == g_str_equal (name, "a"));
      g_assert_true (elicit_json_object_get_int (object, name, NULL) == g_str_equal (name, "i"));
      g_assert_true (elicit_json_object_get_number (object, name, NULL) ==
                     (g_str_equal (name, "i") || g_str_equal (name, "d") || g_str_equal (name, "w")));
      g_assert_true (elicit_json_object_get_boolean (object, name, NULL) == g_str_equal (name, "b"));
    }

  g_assert_cmpstr (elicit_json_object_get_string (object, "s"), ==, "text");
  g_assert_true (elicit_json_object_get_int (object, "i", &i));
  g_assert_cmpint (i, ==, -7);
  g_assert_true (elicit_json_object_get_number (object, "d", &d));
  g_assert_cmpfloat (d, ==, 1.5);
  g_assert_true (elicit_json_object_get_number (object, "i", &d));
  g_assert_cmpfloat (d, ==, -7.0);
  g_assert_true (elicit_json_object_get_boolean (object, "b", &b));
  g_assert_true (b);
  g_assert_true (elicit_json_object_get_int (elicit_json_object_get_object (object, "o"), "k", &i));
  g_assert_cmpint (i, ==, 1);

  array = elicit_json_object_get_array (object, "a");
  g_assert_cmpstr (elicit_json_array_get_string (array, 0), ==, "x");
  g_assert_null (elicit_json_array_get_string (array, 1));
  g_assert_null (elicit_json_array_get_string (array, 2));
  g_assert_null (elicit_json_array_get_string (array, 3));
  g_assert_null (elicit_json_array_get_object (array, 0));
  g_assert_nonnull (elicit_json_array_get_object (array, 1));
  g_assert_null (elicit_json_array_get_object (array, 2));
  g_assert_null (elicit_json_array_get_object (array, 300));

  /* A missing container reads as missing members. */
  g_assert_null (elicit_json_object_get_string (NULL, "s"));
  g_assert_null (elicit_json_object_get_object (elicit_json_object_get_object (object, "x"), "y"));
  g_assert_false (elicit_json_object_get_int (NULL, "i", &i));
  g_assert_null (elicit_json_array_get_string (NULL, 0));
  g_assert_null (elicit_json_array_get_object (elicit_json_object_get_array (object, "s"), 0));
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (refusals); i++)
    {
      g_autofree char *path = g_strdup_printf ("/Elicit/Json/refuses/%s", refusals[i].path);

      g_test_add_data_func (path, &refusals[i], test_refusal);
    }

  for (guint i = 0; i < G_N_ELEMENTS (acceptances); i++)
    {
      g_autofree char *path = g_strdup_printf ("/Elicit/Json/accepts/%s", acceptances[i].path);

      g_test_add_data_func (path, &acceptances[i], test_acceptance);
    }

  for (guint i = 0; i < G_N_ELEMENTS (trickies); i++)
    {
      g_autofree char *path = g_strdup_printf ("/Elicit/Json/builds-what-json-glib-builds/%s",
                                               trickies[i].path);

      g_test_add_data_func (path, &trickies[i], test_same_as_json_glib);
    }

  g_test_add_func ("/Elicit/Json/readers-check-the-type-of-untrusted-members",
                   test_readers_check_types);
  g_test_add_func ("/Elicit/Json/builds-what-json-glib-builds/from-every-fixture",
                   test_fixtures_same_as_json_glib);
  g_test_add_func ("/Elicit/Json/builds-what-json-glib-builds/at-the-deepest-allowed",
                   test_deep_same_as_json_glib);
  g_test_add_func ("/Elicit/Json/builds-what-json-glib-builds/from-long-strings-and-numbers",
                   test_long_values_same_as_json_glib);
  g_test_add_func ("/Elicit/Json/builds-what-json-glib-builds/from-thousands-of-members",
                   test_many_members_same_as_json_glib);
  g_test_add_func ("/Elicit/Json/nesting-past-64-levels-is-refused", test_depth_limit);
  g_test_add_func ("/Elicit/Json/nesting-limit-is-a-parameter", test_depth_limit_is_a_parameter);
  g_test_add_func ("/Elicit/Json/nesting-limit-is-capped-at-1024", test_depth_limit_is_capped);
  g_test_add_func ("/Elicit/Json/hundred-thousand-brackets-never-reach-json-glib", test_hundred_thousand_brackets);
  g_test_add_func ("/Elicit/Json/length-bounds-the-text", test_length_bounds_the_text);
  g_test_add_func ("/Elicit/Json/values-are-read-exactly", test_values_read_exactly);
  g_test_add_func ("/Elicit/Json/many-repeated-names-are-refused", test_many_repeated_names_refused);
  g_test_add_func ("/Elicit/Json/many-distinct-names-are-accepted", test_many_names_accepted);
  g_test_add_func ("/Elicit/Json/a-repeated-name-among-many-is-found", test_repeated_name_among_many);
  g_test_add_func ("/Elicit/Json/values-and-objects-are-counted", test_value_limits);
  g_test_add_func ("/Elicit/Json/sixteen-megabyte-string-parses", test_large_string);
  g_test_add_func ("/Elicit/Json/doubles-are-written-as-valid-json", test_write_doubles);
  g_test_add_func ("/Elicit/Json/non-finite-numbers-are-written-as-null", test_write_non_finite_as_null);
  g_test_add_func ("/Elicit/Json/strings-are-escaped-and-repaired", test_write_strings);
  g_test_add_func ("/Elicit/Json/objects-keep-their-order", test_write_builds_and_appends);

  return g_test_run ();
}
