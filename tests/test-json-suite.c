/* test-json-suite.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The families of JSONTestSuite (https://github.com/nst/JSONTestSuite), with
 * cases of our own, each sent by a server as one stdio line to a whole
 * ElicitSession (DESIGN.md §3: valid JSON never ends a session):
 *
 * - y_: JSON that must be accepted. Alone on a line it is not a JSON-RPC
 *   message and gets -32600; as the data of a notifications/message it
 *   arrives as the very tree json-glib builds from it.
 * - n_: text that is not JSON. It closes the session naming the line.
 * - i_: what RFC 8259 leaves to implementations, each with our decision:
 *   accepted (lone surrogates become U+FFFD, numbers that underflow become 0),
 *   refused with -32600 (numbers out of range, nesting past 64 levels,
 *   \u0000, repeated member names), closed (bytes that are not UTF-8, a byte
 *   order mark) or skipped (lines of only white space).
 *
 * After every case that must not close the session, a ping still answers.
 */

#include "config.h"

#include "elicit.h"
#include "elicit-json-private.h"
#include "fake-peer.h"
#include "incoming-same-as-tree.h"
#include "json-same-tree.h"

#define INIT_REQUEST \
  "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{" \
  "\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"elicitation\":{\"form\":{},\"url\":{}}," \
  "\"tasks\":{\"list\":{},\"cancel\":{},\"requests\":{\"elicitation\":{\"create\":{}}}}}," \
  "\"clientInfo\":{\"name\":\"elicit\",\"title\":\"Elicit\",\"version\":\"" PACKAGE_VERSION "\"}}}"

#define INIT_RESULT \
  "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-11-25\"," \
  "\"capabilities\":{\"logging\":{}},\"serverInfo\":{\"name\":\"fake\",\"version\":\"1\"}}}"

#define INITIALIZED "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"

#define LOG_BEFORE "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":"
#define LOG_AFTER "}}"

typedef enum
{
  ACCEPT,   /* valid: -32600 alone, the same tree as log data */
  ACCEPT_AS,/* accepted as log data, written as @expect */
  REFUSE,   /* -32600 "Invalid Request: @expect" (NULL: the parser's message) */
  CLOSE,    /* the session closes: "received invalid JSON on line 2: @expect" */
  SKIP,     /* nothing happens */
} Decision;

typedef struct
{
  char     *path;
  char     *text;
  gsize     length;
  Decision  decision;
  char     *expect;
} Case;

static GPtrArray *cases;

static void
add_case (char        family,
          const char *name,
          const char *text,
          gssize      length,
          Decision    decision,
          const char *expect)
{
  Case *c = g_new0 (Case, 1);

  c->length = length < 0 ? strlen (text) : (gsize) length;
  c->path = g_strdup_printf ("/Elicit/JsonSuite/%c/%c_%s", family, family, name);
  c->text = g_memdup2 (text, c->length + 1);
  c->decision = decision;
  c->expect = g_strdup (expect);
  g_ptr_array_add (cases, c);
}

static void
case_free (gpointer data)
{
  Case *c = data;

  g_free (c->path);
  g_free (c->text);
  g_free (c->expect);
  g_free (c);
}

/* The session ---------------------------------------------------------------- */

typedef struct
{
  FakePeer        *peer;
  ElicitTransport *transport;
  ElicitSession   *session;
  GPtrArray       *data;      /* what each message carried, as written */
  JsonNode        *expected;  /* the tree each message must carry, if set */
  GError          *closed;
  guint            n_closed;
} Fixture;

static void
message_cb (ElicitSession *session,
            const char    *level,
            const char    *logger,
            JsonNode      *data,
            Fixture       *f)
{
  g_autoptr(GString) why = g_string_new (NULL);

  /* Compared here: the tree is the session's, with its parents. */
  if (f->expected != NULL &&
      (!json_node_equal (data, f->expected) ||
       !same_subtree (data, f->expected, json_node_get_parent (data), NULL, why)))
    g_error ("not the tree json-glib builds: %s", why->str);
  g_ptr_array_add (f->data, elicit_json_to_string (data, NULL));
}

static void
closed_cb (ElicitSession *session,
           const GError  *error,
           Fixture       *f)
{
  f->n_closed++;
  g_clear_error (&f->closed);
  f->closed = error != NULL ? g_error_copy (error) : NULL;
}

static void
connect_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (elicit_session_connect_finish (ELICIT_SESSION (object), result, &error));
  g_assert_no_error (error);
  *(gboolean *) user_data = TRUE;
}

static void
close_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_assert_true (elicit_session_close_finish (ELICIT_SESSION (object), result, NULL));
  *(gboolean *) user_data = TRUE;
}

static void
setup (Fixture       *f,
       gconstpointer  data)
{
  gboolean done = FALSE;

  f->transport = fake_peer_new (&f->peer);
  f->session = elicit_session_new (f->transport);
  elicit_session_set_protocol_versions (f->session, fake_legacy_versions);
  f->data = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (f->session, "message", G_CALLBACK (message_cb), f);
  g_signal_connect (f->session, "closed", G_CALLBACK (closed_cb), f);

  /* The initialize result is line 1; every case is line 2. */
  elicit_session_connect_async (f->session, NULL, connect_cb, &done);
  fake_peer_expect (f->peer, INIT_REQUEST);
  fake_peer_send_line (f->peer, INIT_RESULT);
  spin_until (&done);
  fake_peer_expect (f->peer, INITIALIZED);
}

static void
teardown (Fixture       *f,
          gconstpointer  data)
{
  gboolean done = FALSE;

  elicit_session_close_async (f->session, NULL, close_cb, &done);
  spin_until (&done);
  g_assert_cmpuint (f->n_closed, ==, 1);
  g_assert_finalize_object (f->session);
  g_assert_finalize_object (f->transport);
  fake_peer_free (f->peer);
  g_ptr_array_unref (f->data);
  g_clear_error (&f->closed);
}

static void
wait_closed (Fixture *f)
{
  gint64 deadline = g_get_monotonic_time () + FAKE_PEER_DEADLINE_USEC;

  while (f->n_closed == 0)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for the session to close");
      spin_once ();
    }
}

static void
assert_alive (Fixture *f)
{
  fake_peer_sync (f->peer);
  g_assert_cmpuint (f->n_closed, ==, 0);
  g_assert_cmpint (elicit_session_get_state (f->session), ==, ELICIT_SESSION_STATE_READY);
}

/* Reads the next line the client wrote: a -32600 error with a null id. */
static void
expect_invalid_request (Fixture    *f,
                        const char *message)
{
  g_autofree char *line = fake_peer_read_line (f->peer);
  g_autoptr(JsonNode) node = elicit_json_parse (line, -1, 0, NULL);
  g_autofree char *expected = g_strconcat ("Invalid Request: ", message, NULL);
  JsonObject *object, *error;

  g_assert_nonnull (node);
  object = json_node_get_object (node);
  g_assert_cmpstr (json_object_get_string_member (object, "jsonrpc"), ==, "2.0");
  g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (object, "id")));
  error = json_object_get_object_member (object, "error");
  g_assert_cmpint (json_object_get_int_member (error, "code"), ==, -32600);
  g_assert_cmpstr (json_object_get_string_member (error, "message"), ==, expected);
}

static void
send_case (Fixture    *f,
           const Case *c)
{
  g_autoptr(GString) line = g_string_new_len (c->text, c->length);

  g_string_append_c (line, '\n');
  fake_peer_send_len (f->peer, line->str, line->len);
}

static void
send_as_log_data (Fixture    *f,
                  const Case *c)
{
  g_autoptr(GString) line = g_string_new (LOG_BEFORE);

  g_string_append_len (line, c->text, c->length);
  g_string_append (line, LOG_AFTER "\n");
  fake_peer_send_len (f->peer, line->str, line->len);
}

/* What a valid text is, alone on a line, to JSON-RPC. */
static const char *
not_a_message (JsonNode *node)
{
  if (JSON_NODE_HOLDS_ARRAY (node))
    return "batches are not supported";
  if (JSON_NODE_HOLDS_OBJECT (node))
    return "no method, result or error";
  return "not a JSON object";
}

static void
test_accept (Fixture       *f,
             gconstpointer  data)
{
  const Case *c = data;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonNode *root;

  /* The oracle: json-glib reads every y_ case the same way. */
  g_assert_true (json_parser_load_from_data (parser, c->text, c->length, NULL));
  root = json_parser_get_root (parser);

  send_case (f, c);
  expect_invalid_request (f, not_a_message (root));
  assert_alive (f);

  f->expected = root;
  send_as_log_data (f, c);
  assert_alive (f);
  f->expected = NULL;
  g_assert_cmpuint (f->data->len, ==, 1);
}

static void
test_accept_as (Fixture       *f,
                gconstpointer  data)
{
  const Case *c = data;

  send_as_log_data (f, c);
  assert_alive (f);
  g_assert_cmpuint (f->data->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (f->data, 0), ==, c->expect);
}

static void
test_refuse (Fixture       *f,
             gconstpointer  data)
{
  const Case *c = data;
  g_autoptr(GError) error = NULL;

  g_assert_false (elicit_json_check (c->text, c->length, ELICIT_JSON_DEFAULT_MAX_DEPTH, &error));
  g_assert_true (error->domain == ELICIT_JSON_ERROR);
  g_assert_cmpint (error->code, !=, ELICIT_JSON_ERROR_INVALID);
  g_assert_cmpint (error->code, !=, ELICIT_JSON_ERROR_INVALID_UTF8);

  send_case (f, c);
  expect_invalid_request (f, c->expect != NULL ? c->expect : error->message);
  assert_alive (f);
  g_assert_cmpuint (f->data->len, ==, 0);
}

static void
test_close (Fixture       *f,
            gconstpointer  data)
{
  const Case *c = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *reason = NULL;

  g_assert_false (elicit_json_check (c->text, c->length, ELICIT_JSON_DEFAULT_MAX_DEPTH, &error));
  g_assert_true (error->code == ELICIT_JSON_ERROR_INVALID ||
                 error->code == ELICIT_JSON_ERROR_INVALID_UTF8);
  if (c->expect != NULL)
    g_assert_cmpstr (error->message, ==, c->expect);

  send_case (f, c);
  /* A request after it is never read. */
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":\"after\",\"method\":\"ping\"}");
  wait_closed (f);

  reason = g_strconcat ("received invalid JSON on line 2: ", error->message, NULL);
  g_assert_error (f->closed, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_INVALID_JSON);
  g_assert_cmpstr (f->closed->message, ==, reason);
  g_assert_cmpuint (f->data->len, ==, 0);
  fake_peer_expect_eof (f->peer);
}

static void
test_skip (Fixture       *f,
           gconstpointer  data)
{
  const Case *c = data;

  send_case (f, c);
  assert_alive (f);
  g_assert_cmpuint (f->data->len, ==, 0);
}

/* y_: must be accepted -------------------------------------------------------- */

static const char * const y_numbers[] = {
  "0", "-0", "1", "-1", "7", "42", "-42", "123", "1234567890", "-1234567890",
  "9007199254740991", "9007199254740993", "-9007199254740993",
  "9223372036854775807", "-9223372036854775808", "4294967296", "-2147483649",
  "0.0", "-0.0", "1.0", "1.5", "-1.5", "0.5", "0.000001", "3.141592653589793",
  "1e1", "1E1", "1e+1", "1E+1", "1e-1", "1E-1", "0e0", "0E0", "0e+0", "-0e-0",
  "1e22", "1e-7", "20e1", "123e65", "123.456e78", "-123.456e-78", "1.5e10",
  "-1.5E-10", "2.5e+300", "1.7976931348623157e308", "-1.7976931348623157e308",
  "2.2250738585072014e-308", "4.9e-324", "5e-324", "1.0e0", "10.0e-1",
  "123456789012345678901234567890.0", "0.1", "0.2", "0.30000000000000004", "100e-2",
  "1e0", "1E00", "1e0001", "12.34e5",
};

static const char * const y_strings[] = {
  "\"\"", "\"a\"", "\"abc\"", "\" \"", "\"  spaces  \"", "\"\\\"\"", "\"\\\\\"", "\"\\/\"",
  "\"\\b\"", "\"\\f\"", "\"\\n\"", "\"\\r\"", "\"\\t\"", "\"\\b\\f\\n\\r\\t\"",
  "\"\\u0041\"", "\"\\u00e9\"", "\"\\u00E9\"", "\"\\u20ac\"", "\"\\uFFFF\"", "\"\\uffff\"",
  "\"\\uFFFE\"", "\"\\u0001\"", "\"\\u001f\"", "\"\\u001F\"", "\"\\u0020\"", "\"\\u007f\"",
  "\"\\u0080\"", "\"\\u2028\\u2029\"", "\"\\ud83d\\ude00\"", "\"\\uD834\\uDD1E\"",
  "\"\\uD800\\uDC00\"", "\"\\uDBFF\\uDFFF\"", "\"\\u005C\"", "\"\\u0022\"", "\"\\u002F\"",
  "\"\\\\u0000\"", "\"\\\\n\"", "\"a\\u0001b\"", "\"é\"", "\"中文\"", "\"😀\"", "\"\x7f\"",
  "\"\xe2\x80\xa8\xe2\x80\xa9\"", "\"\xef\xbb\xbf\"", "\"\xf4\x8f\xbf\xbf\"", "\"\xe0\xa0\x80\"",
  "\"\xed\x9f\xbf\"", "\"\xee\x80\x80\"", "\"\xc2\x80\"", "\"\xdf\xbf\"", "\"\xf0\x90\x80\x80\"",
  "\"\xef\xbf\xbd\"", "\"<script>alert(1)</script>\"", "\"'\"", "\"`$(rm -rf)`\"",
  "\"\\u001b[2J\"", "\"\\u001b]0;pwned\\u0007\"", "\"a/*b*/c\"", "\"//\"", "\"NaN\"",
  "\"\\u0123\\u4567\\u89AB\\uCDEF\\uabcd\\uef4A\"", "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"",
  "\"\xe2\x80\x8b\"", "\"\xd8\xa7\xd9\x84\xd8\xb9\xd8\xb1\xd8\xa8\xd9\x8a\xd8\xa9\"",
};

static const char * const y_structures[] = {
  "[]", "{}", "[[]]", "[{}]", "{\"a\":[]}", "{\"a\":{}}", "[[],[]]", "[{},{}]", "[1,2,3]",
  "[ 1 , 2 , 3 ]", "\t[\t]\t", " [ ] ", "[\r1\r]", " { } ", "{ \"a\" : 1 }", "{\"\":0}",
  "{\"\":\"\"}", "{\"a\":\"b\",\"a2\":\"c\"}", "[null]", "[true]", "[false]", "null", "true",
  "false", "[null,true,false]", "[[[[[[[[[[1]]]]]]]]]]", "{\"a\":{\"b\":{\"c\":{}}}}",
  "[\"a\",1,true,null,{},[]]", "{\"z\":1,\"a\":2,\"m\":3}", "{\"a\":1,\"A\":2}",
  "{\"a\":1,\"a \":2}", "{\"\\u0061b\":1,\"ac\":2}", "{\"é\":1,\"e\":2}", "[1e1,-0,0.5,\"x\"]",
  "{\"x\":[1,{\"y\":[2,{\"z\":[3]}]}]}", "[[1],[2,[3,[4]]]]", "{\"a\":null}", "[\"\",\"\"]", "[-1,-2,-3]", "[0,0e0]",
  "{\"a\":[{\"b\":[{\"c\":[]}]}]}", "[\t1\t,\t2\t]", "[1\r,\r2]", "{\"\\\"\":\"\\\\\"}",
  "{\"😀\":\"😀\"}", "{\"\\ud83d\\ude00\":1,\"\\ud83d\\ude01\":2}", "[[[]],[[]],[[]]]",
};

static char *
nest (guint depth,
      const char *open,
      const char *inside,
      const char *close)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < depth; i++)
    g_string_append (s, open);
  g_string_append (s, inside);
  for (guint i = 0; i < depth; i++)
    g_string_append (s, close);
  return g_string_free (s, FALSE);
}

static void
add_y_cases (void)
{
  g_autofree char *deep_object = nest (63, "{\"a\":", "1", "}");
  g_autofree char *long_string = NULL;
  g_autofree char *xs = NULL;
  g_autofree char *many = NULL;
  GString *s;

  for (guint i = 0; i < G_N_ELEMENTS (y_numbers); i++)
    {
      g_autofree char *name = g_strdup_printf ("number_%02u", i);
      g_autofree char *in_array = g_strdup_printf ("[%s]", y_numbers[i]);
      g_autofree char *in_object = g_strdup_printf ("{\"n\":%s}", y_numbers[i]);
      g_autofree char *name_array = g_strdup_printf ("number_%02u_in_array", i);
      g_autofree char *name_object = g_strdup_printf ("number_%02u_in_object", i);

      add_case ('y', name, y_numbers[i], -1, ACCEPT, NULL);
      add_case ('y', name_array, in_array, -1, ACCEPT, NULL);
      add_case ('y', name_object, in_object, -1, ACCEPT, NULL);
    }

  for (guint i = 0; i < G_N_ELEMENTS (y_strings); i++)
    {
      g_autofree char *name = g_strdup_printf ("string_%02u", i);
      g_autofree char *in_array = g_strdup_printf ("[%s]", y_strings[i]);
      g_autofree char *as_name = g_strdup_printf ("{%s:%s}", y_strings[i], y_strings[i]);
      g_autofree char *name_array = g_strdup_printf ("string_%02u_in_array", i);
      g_autofree char *name_object = g_strdup_printf ("string_%02u_as_member_name", i);

      add_case ('y', name, y_strings[i], -1, ACCEPT, NULL);
      add_case ('y', name_array, in_array, -1, ACCEPT, NULL);
      add_case ('y', name_object, as_name, -1, ACCEPT, NULL);
    }

  for (guint i = 0; i < G_N_ELEMENTS (y_structures); i++)
    {
      g_autofree char *name = g_strdup_printf ("structure_%02u", i);

      add_case ('y', name, y_structures[i], -1, ACCEPT, NULL);
    }

  /* The limits, reached and not passed. As log data, one level lower. */
  {
    g_autofree char *deep62 = nest (62, "[", "", "]");

    add_case ('y', "structure_62_nested_arrays", deep62, -1, ACCEPT, NULL);
    add_case ('y', "structure_62_nested_objects", deep_object + 5, strlen (deep_object) - 6,
              ACCEPT, NULL);
  }

  xs = g_strnfill (10000, 'x');
  long_string = g_strdup_printf ("\"%s\"", xs);
  add_case ('y', "string_10000_characters", long_string, -1, ACCEPT, NULL);

  s = g_string_new ("{");
  for (guint i = 0; i < 1000; i++)
    g_string_append_printf (s, "%s\"m%u\":%u", i ? "," : "", i, i);
  g_string_append (s, "}");
  many = g_string_free (s, FALSE);
  add_case ('y', "object_1000_members", many, -1, ACCEPT, NULL);
}

/* n_: not JSON; the session closes ---------------------------------------------- */

static const char * const n_texts[] = {
  /* arrays */
  "[1,]", "[,1]", "[1,,2]", "[,]", "[", "]", "[1", "[1,", "[\"a\"", "[\"a\",", "[1 2]",
  "[\"a\" \"b\"]", "[true false]", "[null null]", "[1:2]", "[\"a\":1]", "[]]", "[[]", "[]x",
  "[] []", "[1]]", "[[1]", "[1,]]", "[*]", "[1}", "[1,/*x*/2]", "[1]//c", "[1]#c",
  "[1;2]", "[1\x0c]", "[1\x0b]", "[\xc2\xa0]", "[\xe2\x80\x83]", "[\xef\xbb\xbf]", "[\\]",
  "[.]", "[-]", "[+]", "[#]", "[a]", "[abc]", "[undefined]",
  /* objects */
  "{", "}", "{,}", "{\"a\"", "{\"a\":", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "{'a':1}", "{\"a\"::1}",
  "{:1}", "{1:1}", "{null:1}", "{true:1}", "{[]:1}", "{{}:1}", "{\"a\",\"b\"}", "{\"a\":1 \"b\":2}",
  "{\"a\":1,,\"b\":2}", "{}}", "{\"a\":1}x", "{\"a\":1}}", "{\"a\":}", "{\"a\":1;\"b\":2}",
  "{\"a\"=1}", "{\"a\":1,\"b\"}", "{\"a\":1,\"b\":}", "{\"a\":[}", "{\"a\":{]}", "{\"a\":1]",
  "[\"a\":1}", "{\"\\x\":1}", "{\"a\":'b'}", "{\"a\":1}{\"b\":2}", "{ \"a\" : 1 , }",
  "{\"a\":1/**/}", "{\"a\":1,\"b\":2,}", "{\"\xff\":1}", "{\"\xc3\":1}", "{\"a\" :: 1}",
  /* numbers */
  "[01]", "[-01]", "[00]", "[1.]", "[.1]", "[1.e1]", "[1e]", "[1e+]", "[1e-]", "[+1]",
  "[0x10]", "[0X1F]", "[0b1]", "[0o7]", "[NaN]", "[-NaN]", "[Infinity]", "[-Infinity]",
  "[inf]", "[1.0.0]", "[1e1e1]", "[0.1e]", "[1e1.5]", "[0.e1]", "[1_000]", "[1,000]",
  "[- 1]", "[--1]", "[1-]", "[1+]", "[.5e1]", "[1E]", "[1E+]", "[2.e3]", "[1ea]", "[1.a]",
  "[-a]", "[-.1]", "[١]", "[１]", "[1 .5]", "[012]", "[-012.5]", "[0e]", "[1.2.3]",
  "01", "-", "+1", ".1", "1.", "1e", "- 1", "1 2", "0x1", "Infinity", "NaN",
  /* literals */
  "[nul]", "[tru]", "[fals]", "[True]", "[FALSE]", "[Null]", "[NULL]", "[null1]", "[truefalse]",
  "[nulll]", "[t]", "[n]", "[f]", "nul", "truex", "tru", "nulL", "falsey",
  /* strings */
  "[\"a]", "[\"\\\"]", "\"", "\"abc", "[\"\\x41\"]", "[\"\\a\"]", "[\"\\u00\"]", "[\"\\u00zz\"]",
  "[\"\\u\"]", "[\"\\u1\"]", "[\"\\u12\"]", "[\"\\u123\"]", "[\"\\uGHIJ\"]", "[\"\\U0041\"]",
  "[\"\\'\"]", "[\"\\0\"]", "[\"\\ \"]", "[\"\\\\\\\"]", "[\"\t\"]", "[\"\x01\"]", "[\"\x1f\"]",
  "[\"\r\"]", "[\"\x02\"]", "['a']", "[\"a\"\"b\"]", "\"a\" \"b\"", "[\"\\uD800\\u\"]",
  "[\"\\uD800\\u12\"]", "[\"\\uD834\\uDd\"]", "[\"\\\xc3\xa9\"]", "[\"a\\", "\"\\", "[\"\\u00e\"]",
  "abc", "'abc'", "\\u0041", "[\"\xff\"]", "[\"\xfe\"]", "[\"\xc0\x80\"]", "[\"\xc1\xbf\"]",
  "[\"\xed\xa0\x80\"]", "[\"\xed\xbf\xbf\"]", "[\"\xf8\x88\x80\x80\x80\"]", "[\"\xc3\"]",
  "[\"\xe2\x82\"]", "[\"\xf0\x9f\x98\"]", "[\"\x80\"]", "[\"\xbf\"]", "[\"\xf5\x80\x80\x80\"]",
  "[\"\xe0\x80\xaf\"]", "[\"\xf0\x80\x80\xaf\"]", "[\"\xf4\x90\x80\x80\"]",
  /* structure */
  "[\xc3\xa9]", "\xc3\xa9", "<null>", "<?xml?>", "*", "[\"a\"]x", "{}0", "@[]", "[]@",
  "/* c */ []", "// c", "# c", "Listening on stdio...", "Server started on port 8080",
  "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1", "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1}}",
  "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":01}", "{\"jsonrpc\":'2.0',\"method\":\"ping\",\"id\":1}",
  "data: {}", "event: message", "\x1b[31mred\x1b[0m", "\xff\xfe[]",
};

/* Valid texts whose every proper prefix is not JSON. */
static const char * const n_truncated[] = {
  "{\"a\":[1,true,null,\"x\\u00e9\"],\"b\":{\"c\":-1.5e3}}",
  "[\"\\ud83d\\ude00\",{\"k\":[false,0]}]",
  "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}",
  "[[[1],2],{\"é\":\"😀\"}]",
  "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"hi\"}}",
};

static void
add_n_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (n_texts); i++)
    {
      g_autofree char *name = g_strdup_printf ("not_json_%03u", i);

      add_case ('n', name, n_texts[i], -1, CLOSE, NULL);
    }

  /* With NUL bytes inside. */
  add_case ('n', "raw_nul_in_array", "[\0]", 3, CLOSE, "Not valid JSON: unexpected character at byte 1");
  add_case ('n', "raw_nul_in_string", "[\"a\0b\"]", 7, CLOSE,
            "Not valid JSON: a control character inside a string at byte 3");
  add_case ('n', "raw_nul_after_value", "[1]\0", 4, CLOSE,
            "Not valid JSON: more text after the end at byte 3");
  add_case ('n', "utf16_le", "[\0\"\0a\0\"\0]\0", 10, CLOSE, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (n_truncated); i++)
    {
      gsize length = strlen (n_truncated[i]);

      for (gsize cut = 1; cut < length; cut++)
        {
          g_autofree char *name = NULL;

          /* Not inside a UTF-8 sequence: those prefixes are not UTF-8 either. */
          if ((n_truncated[i][cut] & 0xc0) == 0x80)
            continue;
          name = g_strdup_printf ("truncated_%u_at_%02" G_GSIZE_FORMAT, i, cut);
          add_case ('n', name, n_truncated[i], cut, CLOSE, NULL);
        }
    }
}

/* i_: left to implementations; our decisions ------------------------------------ */

typedef struct
{
  const char *name;
  const char *text;
  Decision    decision;
  const char *expect;
} Decided;

#define TOO_LARGE(b) "The number at byte " #b " is too large"
#define PAST_INT64(b) "The integer at byte " #b " does not fit in 64 bits"
#define NUL(b) "A JSON string contains a NUL character (\\u0000) at byte " #b
#define REPEATED(b) "A JSON object repeats the member name at byte " #b

static const Decided i_decided[] = {
  /* Numbers out of range are refused; underflow becomes zero. */
  { "number_1e400", "[1e400]", REFUSE, TOO_LARGE (1) },
  { "number_minus_1e400", "[-1e400]", REFUSE, TOO_LARGE (1) },
  { "number_1e309", "[1e309]", REFUSE, TOO_LARGE (1) },
  { "number_1_8e308", "[1.8e308]", REFUSE, TOO_LARGE (1) },
  { "number_huge_exponent", "[123123e100000]", REFUSE, TOO_LARGE (1) },
  { "number_huge_exponent_2", "[1e99999999999999999999]", REFUSE, TOO_LARGE (1) },
  { "number_huge_mantissa_and_exponent", "[123123123123123123123123123123e309]", REFUSE, TOO_LARGE (1) },
  { "number_just_past_max_double", "[1.7976931348623159e308]", REFUSE, TOO_LARGE (1) },
  { "number_very_big_negative_int", "[-237462374673276894279832749832423479823246327846]", REFUSE, PAST_INT64 (1) },
  { "number_int_past_int64", "[9223372036854775808]", REFUSE, PAST_INT64 (1) },
  { "number_int_below_int64", "[-9223372036854775809]", REFUSE, PAST_INT64 (1) },
  { "number_int_past_uint64", "[18446744073709551616]", REFUSE, PAST_INT64 (1) },
  { "number_100_digit_int", "[1000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000]", REFUSE, PAST_INT64 (1) },
  { "number_big_int_in_object", "{\"n\":99999999999999999999}", REFUSE, PAST_INT64 (5) },
  { "number_big_int_as_id", "{\"jsonrpc\":\"2.0\",\"id\":9223372036854775808,\"method\":\"ping\"}", REFUSE, PAST_INT64 (22) },
  { "number_1e400_in_params", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":1e400}}", REFUSE, TOO_LARGE (54) },
  { "number_underflow", "[1e-400]", ACCEPT_AS, "[0.0]" },
  { "number_negative_underflow", "[-1e-400]", ACCEPT_AS, "[-0.0]" },
  { "number_tiny_mantissa_underflow", "[123.456e-789]", ACCEPT_AS, "[0.0]" },
  { "number_long_negative_exponent", "[0.4e-00000000000000000000000000000000000000000000001]", ACCEPT_AS, "[0.04]" },
  { "number_subnormal", "[1.5e-320]", ACCEPT_AS, "[1.49998330077402e-320]" },
  { "number_double_huge_neg_exp", "[1.5e-99999999999999999999]", ACCEPT_AS, "[0.0]" },
  { "number_int_edge_max", "[9223372036854775807]", ACCEPT_AS, "[9223372036854775807]" },
  { "number_int_edge_min", "[-9223372036854775808]", ACCEPT_AS, "[-9223372036854775808]" },
  { "number_2_to_53_plus_1", "[9007199254740993]", ACCEPT_AS, "[9007199254740993]" },
  { "number_long_mantissa", "[123456789012345678901234567890.5]", ACCEPT_AS, "[1.2345678901234568e+29]" },
  { "number_very_precise", "[0.12345678901234567890123456789]", ACCEPT_AS, "[0.12345678901234568]" },
  { "number_negative_zero_int", "[-0]", ACCEPT_AS, "[0]" },
  /* Lone surrogates become U+FFFD. */
  { "string_lone_high_surrogate", "[\"\\ud800\"]", ACCEPT_AS, "[\"\xef\xbf\xbd\"]" },
  { "string_lone_low_surrogate", "[\"\\udc00\"]", ACCEPT_AS, "[\"\xef\xbf\xbd\"]" },
  { "string_lone_high_uppercase", "[\"\\uDBFF\"]", ACCEPT_AS, "[\"\xef\xbf\xbd\"]" },
  { "string_lone_low_uppercase", "[\"\\uDFFF\"]", ACCEPT_AS, "[\"\xef\xbf\xbd\"]" },
  { "string_half_an_emoji", "\"ok \\ud83d\"", ACCEPT_AS, "\"ok \xef\xbf\xbd\"" },
  { "string_half_an_emoji_then_text", "\"\\ud83d and more\"", ACCEPT_AS, "\"\xef\xbf\xbd and more\"" },
  { "string_second_half_only", "\"\\ude00\"", ACCEPT_AS, "\"\xef\xbf\xbd\"" },
  { "string_two_high_surrogates", "[\"\\ud800\\ud800\"]", ACCEPT_AS, "[\"\xef\xbf\xbd\xef\xbf\xbd\"]" },
  { "string_two_low_surrogates", "[\"\\udc00\\udc00\"]", ACCEPT_AS, "[\"\xef\xbf\xbd\xef\xbf\xbd\"]" },
  { "string_low_then_high", "[\"\\udc00\\ud800\"]", ACCEPT_AS, "[\"\xef\xbf\xbd\xef\xbf\xbd\"]" },
  { "string_high_then_pair", "[\"\\ud800\\ud83d\\ude00\"]", ACCEPT_AS, "[\"\xef\xbf\xbd😀\"]" },
  { "string_pair_then_low", "[\"\\ud83d\\ude00\\ude00\"]", ACCEPT_AS, "[\"😀\xef\xbf\xbd\"]" },
  { "string_high_then_letter", "[\"\\ud800\\u0041\"]", ACCEPT_AS, "[\"\xef\xbf\xbd" "A\"]" },
  { "string_high_then_raw_letter", "[\"\\ud800x\"]", ACCEPT_AS, "[\"\xef\xbf\xbdx\"]" },
  { "string_high_then_escape", "[\"\\ud800\\n\"]", ACCEPT_AS, "[\"\xef\xbf\xbd\\n\"]" },
  { "string_high_then_raw_emoji", "[\"\\ud800😀\"]", ACCEPT_AS, "[\"\xef\xbf\xbd😀\"]" },
  { "string_lone_surrogate_in_name", "{\"\\ud800\":1}", ACCEPT_AS, "{\"\xef\xbf\xbd\":1}" },
  { "string_lone_surrogate_in_name_and_value", "{\"a\\udc00\":\"\\ud800b\"}", ACCEPT_AS, "{\"a\xef\xbf\xbd\":\"\xef\xbf\xbd" "b\"}" },
  { "string_two_names_with_lone_surrogates", "{\"\\ud800\":1,\"\\udbff\":2}", REFUSE, REPEATED (12) },
  { "string_lone_surrogate_equal_to_fffd", "{\"\\ufffd\":1,\"\\udc00\":2}", REFUSE, REPEATED (12) },
  /* The pair in the middle stays a pair: U+10FC00. */
  { "string_lone_surrogates_around_a_pair", "[\"\\ud800\\udbff\\udc00\\udfff\\ud83d\"]", ACCEPT_AS, "[\"\xef\xbf\xbd\xf4\x8f\xb0\x80\xef\xbf\xbd\xef\xbf\xbd\"]" },
  { "string_noncharacters", "[\"\\uFDD0\\uFFFE\\uFFFF\"]", ACCEPT_AS, "[\"\xef\xb7\x90\xef\xbf\xbe\xef\xbf\xbf\"]" },
  { "string_raw_noncharacter", "[\"\xef\xbf\xbe\"]", ACCEPT_AS, "[\"\xef\xbf\xbe\"]" },
  { "string_u_plus_10ffff_escaped", "[\"\\udbff\\udfff\"]", ACCEPT_AS, "[\"\xf4\x8f\xbf\xbf\"]" },
  /* \u0000 is refused. */
  { "string_escaped_nul", "[\"a\\u0000b\"]", REFUSE, NUL (3) },
  { "string_only_escaped_nul", "\"\\u0000\"", REFUSE, NUL (1) },
  { "string_escaped_nul_in_name", "{\"\\u0000\":1}", REFUSE, NUL (2) },
  { "string_escaped_nul_in_id", "{\"jsonrpc\":\"2.0\",\"id\":\"a\\u0000b\",\"method\":\"ping\"}", REFUSE, NUL (24) },
  { "string_escaped_nul_in_method", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\\u0000x\"}", REFUSE, NUL (38) },
  /* A member name twice is refused. */
  { "object_same_name", "{\"a\":1,\"a\":2}", REFUSE, REPEATED (7) },
  { "object_same_name_same_value", "{\"a\":\"b\",\"a\":\"b\"}", REFUSE, REPEATED (9) },
  { "object_same_name_escaped", "{\"a\":1,\"\\u0061\":2}", REFUSE, REPEATED (7) },
  { "object_same_name_nested", "[{\"x\":{\"y\":1,\"y\":2}}]", REFUSE, REPEATED (13) },
  { "object_same_empty_name", "{\"\":1,\"\":2}", REFUSE, REPEATED (6) },
  { "object_same_id_twice", "{\"jsonrpc\":\"2.0\",\"id\":1,\"id\":2,\"method\":\"ping\"}", REFUSE, REPEATED (24) },
  { "object_same_method_twice", "{\"jsonrpc\":\"2.0\",\"method\":\"a\",\"method\":\"b\"}", REFUSE, REPEATED (30) },
  { "object_same_non_ascii_name", "{\"é\":1,\"\\u00e9\":2}", REFUSE, REPEATED (8) },
  { "object_same_astral_name", "{\"😀\":1,\"\\ud83d\\ude00\":2}", REFUSE, REPEATED (10) },
  /* Whitespace-only lines are skipped like empty ones. */
  { "structure_space_only", " ", SKIP, NULL },
  { "structure_spaces_only", "                                ", SKIP, NULL },
  { "structure_tab_only", "\t", SKIP, NULL },
  { "structure_tabs_and_spaces", " \t \t ", SKIP, NULL },
  { "structure_carriage_return_only", "\r", SKIP, NULL },
  { "structure_carriage_returns", "\r\r\r", SKIP, NULL },
  { "structure_mixed_white_space", " \r\t \r", SKIP, NULL },
  /* Other white space and byte order marks are not JSON. */
  { "structure_utf8_bom_empty_object", "\xef\xbb\xbf{}", CLOSE, "Not valid JSON: unexpected character at byte 0" },
  { "structure_utf8_bom_only", "\xef\xbb\xbf", CLOSE, "Not valid JSON: unexpected character at byte 0" },
  { "structure_utf16_bom", "\xfe\xff[]", CLOSE, "Not valid JSON: unexpected character at byte 0" },
  { "structure_no_break_space_only", "\xc2\xa0", CLOSE, "Not valid JSON: unexpected character at byte 0" },
  { "structure_form_feed_only", "\x0c", CLOSE, "Not valid JSON: unexpected character at byte 0" },
  { "structure_vertical_tab_only", "\x0b", CLOSE, "Not valid JSON: unexpected character at byte 0" },
  /* Bytes that are not UTF-8 close the session. */
  { "string_invalid_byte", "[\"\xff\"]", CLOSE, "Not valid UTF-8 at byte 2" },
  { "string_overlong_slash", "[\"\xc0\xaf\"]", CLOSE, "Not valid UTF-8 at byte 2" },
  { "string_overlong_nul", "[\"\xc0\x80\"]", CLOSE, "Not valid UTF-8 at byte 2" },
  { "string_overlong_three_bytes", "[\"\xe0\x80\xaf\"]", CLOSE, "Not valid UTF-8 at byte 2" },
  { "string_overlong_four_bytes", "[\"\xf0\x80\x80\xaf\"]", CLOSE, "Not valid UTF-8 at byte 2" },
  { "string_encoded_high_surrogate", "[\"\xed\xa0\x80\"]", CLOSE, "Not valid UTF-8 at byte 2" },
  { "string_encoded_low_surrogate", "[\"\xed\xb0\x80\"]", CLOSE, "Not valid UTF-8 at byte 2" },
  { "string_encoded_surrogate_pair", "[\"\xed\xa0\xbd\xed\xb8\x80\"]", CLOSE, "Not valid UTF-8 at byte 2" },
  { "string_past_unicode", "[\"\xf4\x90\x80\x80\"]", CLOSE, "Not valid UTF-8 at byte 2" },
  { "string_five_byte_sequence", "[\"\xf8\x88\x80\x80\x80\"]", CLOSE, "Not valid UTF-8 at byte 2" },
  { "string_six_byte_sequence", "[\"\xfc\x84\x80\x80\x80\x80\"]", CLOSE, "Not valid UTF-8 at byte 2" },
  { "string_truncated_two_bytes", "[\"a\xc3\"]", CLOSE, "Not valid UTF-8 at byte 3" },
  { "string_truncated_three_bytes", "[\"a\xe2\x82\"]", CLOSE, "Not valid UTF-8 at byte 3" },
  { "string_truncated_four_bytes", "[\"\xf0\x9f\x98\"]", CLOSE, "Not valid UTF-8 at byte 2" },
  { "string_lone_continuation", "[\"\x80\"]", CLOSE, "Not valid UTF-8 at byte 2" },
  { "string_continuations", "[\"\x80\x80\x80\"]", CLOSE, "Not valid UTF-8 at byte 2" },
  { "string_latin1", "[\"caf\xe9\"]", CLOSE, "Not valid UTF-8 at byte 5" },
  { "string_utf16_units", "[\"\xd8\x3d\xde\x00\"]", CLOSE, "Not valid UTF-8 at byte 2" },
  { "string_invalid_in_name", "{\"\xff\":1}", CLOSE, "Not valid UTF-8 at byte 2" },
  { "string_invalid_after_valid", "[\"é中😀\xfe\"]", CLOSE, "Not valid UTF-8 at byte 11" },
  { "string_invalid_in_log_message", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"\xff\xfe\"}}", CLOSE, "Not valid UTF-8 at byte 83" },
};

static void
add_i_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (i_decided); i++)
    add_case ('i', i_decided[i].name, i_decided[i].text, -1, i_decided[i].decision,
              i_decided[i].expect);

  /* Nesting: 64 levels are read, deeper is refused, however deep. */
  for (guint depth = 65; depth <= 200; depth += (depth < 80 ? 1 : 20))
    {
      g_autofree char *arrays = nest (depth, "[", "", "]");
      g_autofree char *objects = nest (depth, "{\"a\":", "0", "}");
      g_autofree char *mixed = nest (depth, "[{\"a\":", "1", "}]");
      g_autofree char *name_arrays = g_strdup_printf ("structure_%u_nested_arrays", depth);
      g_autofree char *name_objects = g_strdup_printf ("structure_%u_nested_objects", depth);
      g_autofree char *name_mixed = g_strdup_printf ("structure_%u_nested_array_object_pairs", depth);

      add_case ('i', name_arrays, arrays, -1, REFUSE, "JSON nested deeper than 64 levels");
      add_case ('i', name_objects, objects, -1, REFUSE, "JSON nested deeper than 64 levels");
      add_case ('i', name_mixed, mixed, -1, REFUSE, "JSON nested deeper than 64 levels");
    }

  {
    g_autofree char *unclosed = g_strnfill (100000, '[');
    g_autofree char *deep = nest (100000, "[", "", "]");

    add_case ('i', "structure_100000_opening_arrays", deep, -1, REFUSE,
              "JSON nested deeper than 64 levels");
    add_case ('i', "structure_100000_unclosed_arrays", unclosed, -1, REFUSE,
              "JSON nested deeper than 64 levels");
  }
}

/* The peer's fast path ----------------------------------------------------------- */

/* Each case read by the index as by the tree (incoming-same-as-tree.h):
 * alone, as the data of a log message, and as the params of one. */
static void
test_fast_path (gconstpointer data)
{
  const Case *c = data;
  static const char * const wrappers[][2] = {
    { "", "" },
    { LOG_BEFORE, LOG_AFTER },
    { "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":", "}" },
    { "{\"jsonrpc\":\"2.0\",\"method\":", "}" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (wrappers); i++)
    {
      g_autoptr(GString) line = g_string_new (wrappers[i][0]);

      g_string_append_len (line, c->text, c->length);
      g_string_append (line, wrappers[i][1]);
      incoming_same_as_tree (line->str, line->len);
    }
}

/* ------------------------------------------------------------------------------ */

int
main (int   argc,
      char *argv[])
{
  guint counts[3] = { 0, 0, 0 };
  int status;

  g_test_init (&argc, &argv, NULL);

  cases = g_ptr_array_new_with_free_func (case_free);
  add_y_cases ();
  add_n_cases ();
  add_i_cases ();

  for (guint i = 0; i < cases->len; i++)
    {
      const Case *c = g_ptr_array_index (cases, i);
      static const GTestFixtureFunc tests[] = {
        [ACCEPT] = (GTestFixtureFunc) test_accept,
        [ACCEPT_AS] = (GTestFixtureFunc) test_accept_as,
        [REFUSE] = (GTestFixtureFunc) test_refuse,
        [CLOSE] = (GTestFixtureFunc) test_close,
        [SKIP] = (GTestFixtureFunc) test_skip,
      };

      counts[c->path[18] == 'y' ? 0 : c->path[18] == 'n' ? 1 : 2]++;
      g_autofree char *fast_path = g_strdup_printf ("/Elicit/JsonSuite/fast-path/%s", c->path + 18);

      g_test_add_vtable (c->path, sizeof (Fixture), c,
                         (GTestFixtureFunc) setup, tests[c->decision],
                         (GTestFixtureFunc) teardown);
      g_test_add_data_func (fast_path, c, test_fast_path);
    }
  g_test_message ("JSON cases: %u y_, %u n_, %u i_", counts[0], counts[1], counts[2]);

  status = g_test_run ();
  g_ptr_array_unref (cases);
  return status;
}
