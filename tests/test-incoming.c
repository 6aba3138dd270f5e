/* test-incoming.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The fast path of the peer (ElicitIncoming, elicit-incoming.c) reads a
 * notification from the strict parser's index instead of its tree. Every line
 * here goes both ways (incoming-same-as-tree.h): whatever the fast path takes
 * must come out exactly as the tree says, and what it cannot be sure of must
 * go to the tree. tests/test-json-suite.c does the same for the JSONTestSuite
 * cases, alone and as log data; tests/fuzz/fuzz-incoming.c for any bytes.
 */

#include "config.h"

#include "elicit.h"
#include "elicit-peer-private.h"
#include "elicit-stream-transport.h"
#include "incoming-same-as-tree.h"

typedef struct
{
  const char *name;
  const char *text;
  gboolean    fast;
} Line;

#define LOG(params) "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":" params "}"

static const Line lines[] = {
  { "flood-line", LOG ("{\"level\":\"info\",\"logger\":\"flood\",\"data\":\"flood message 1 of 2\"}"), TRUE },
  { "members-in-any-order", "{\"params\":{\"data\":1,\"level\":\"info\"},\"method\":\"notifications/message\",\"jsonrpc\":\"2.0\"}", TRUE },
  { "white-space-everywhere", " \t{ \"jsonrpc\" :\r\n\"2.0\" , \"method\"\t:\"notifications/message\" ,\"params\" : { \"level\" : \"info\" , \"data\" : [ 1 , 2 ] } } \n", TRUE },
  { "no-params", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", TRUE },
  { "params-null", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":null}", TRUE },
  { "params-array", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":[1,2]}", TRUE },
  { "params-string", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":\"level\"}", TRUE },
  { "escaped-data", LOG ("{\"level\":\"info\",\"data\":\"a\\\"b\\\\c\\u00e9\\ud83d\\ude00\\ud800 \\/\"}"), TRUE },
  { "escaped-level", LOG ("{\"level\":\"in\\u0066o\",\"logger\":\"l\\nl\",\"data\":null}"), TRUE },
  { "escaped-member-names", LOG ("{\"\\u006cevel\":\"info\",\"d\\u0061ta\":{\"a\":[true,false,null,-0,1e2,-0.0]}}"), TRUE },
  { "escaped-top-names", "{\"\\u006aso\\u006erpc\":\"2.0\",\"\\u006dethod\":\"notifications/message\",\"p\\u0061rams\":{\"level\":\"x\",\"data\":0}}", TRUE },
  { "method-in-nested-objects", "{\"jsonrpc\":\"2.0\",\"params\":{\"method\":\"x\",\"id\":1,\"level\":\"info\",\"data\":{\"method\":\"y\",\"id\":2}},\"method\":\"notifications/message\"}", TRUE },
  { "other-members-too", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"result\":1,\"error\":{},\"params\":{\"progressToken\":9007199254740993,\"progress\":1}}", TRUE },
  { "long-method", "{\"jsonrpc\":\"2.0\",\"method\":\"" "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789" "\"}", FALSE },
  { "huge-numbers-in-params", LOG ("{\"level\":\"info\",\"data\":[9223372036854775807,-9223372036854775808,1.5e308,4.9e-324]}"), TRUE },
  { "empty-strings", LOG ("{\"level\":\"\",\"logger\":\"\",\"data\":\"\"}"), TRUE },
  /* Names that share their first bytes with the ones read, and an empty one. */
  { "names-alike", LOG ("{\"\":\"e\",\"l\":\"a\",\"lev\":\"b\",\"levels\":\"c\",\"level\":\"warning\",\"loggers\":\"d\",\"logger\":\"l\",\"dat\":0,\"data\":2}"), TRUE },
  { "unicode-text", LOG ("{\"level\":\"info\",\"logger\":\"журнал\",\"data\":\"中文 😀 é\"}"), TRUE },
  /* The last string of a line ends in its last 8 bytes: read one byte at a time. */
  { "escape-at-the-end", LOG ("{\"level\":\"info\",\"data\":\"ab\\n\"}"), TRUE },
  { "non-ascii-at-the-end", LOG ("{\"level\":\"info\",\"data\":\"é\"}"), TRUE },
  { "escaped-name-at-the-end", LOG ("{\"level\":\"info\",\"data\":1,\"\\u0078\":\"\"}"), TRUE },
  { "params-before-another-object", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"data\":1},\"x\":{\"level\":\"info\",\"logger\":\"l\",\"data\":2}}", TRUE },
  /* What the fast path leaves to the tree. */
  { "escaped-method", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications\\/message\",\"params\":{\"level\":\"info\",\"data\":1}}", FALSE },
  { "escaped-version", "{\"jsonrpc\":\"2\\u002e0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":1}}", FALSE },
  { "wrong-version", "{\"jsonrpc\":\"2.00\",\"method\":\"notifications/message\"}", FALSE },
  { "version-number", "{\"jsonrpc\":2.0,\"method\":\"notifications/message\"}", FALSE },
  { "no-version", "{\"method\":\"notifications/message\"}", FALSE },
  { "method-number", "{\"jsonrpc\":\"2.0\",\"method\":1}", FALSE },
  { "method-null", "{\"jsonrpc\":\"2.0\",\"method\":null}", FALSE },
  { "id-integer", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", FALSE },
  { "id-null", "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"notifications/message\"}", FALSE },
  { "id-huge", "{\"jsonrpc\":\"2.0\",\"id\":9007199254740993,\"method\":\"ping\"}", FALSE },
  { "id-past-int64", "{\"jsonrpc\":\"2.0\",\"id\":9223372036854775808,\"method\":\"ping\"}", FALSE },
  { "id-escaped-name", "{\"jsonrpc\":\"2.0\",\"\\u0069d\":1,\"method\":\"ping\"}", FALSE },
  { "response", "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}", FALSE },
  { "batch", "[{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\"}]", FALSE },
  { "not-an-object", "\"notifications/message\"", FALSE },
  /* Refused or not JSON: the same error both ways. */
  { "duplicate-method", "{\"jsonrpc\":\"2.0\",\"method\":\"a\",\"method\":\"notifications/message\"}", FALSE },
  { "duplicate-escaped", "{\"jsonrpc\":\"2.0\",\"method\":\"a\",\"\\u006dethod\":\"b\"}", FALSE },
  { "duplicate-in-params", LOG ("{\"level\":\"info\",\"level\":\"error\",\"data\":1}"), FALSE },
  { "nul-in-data", LOG ("{\"level\":\"info\",\"data\":\"a\\u0000b\"}"), FALSE },
  { "number-too-large", LOG ("{\"level\":\"info\",\"data\":1e400}"), FALSE },
  { "integer-too-large", LOG ("{\"level\":\"info\",\"data\":18446744073709551616}"), FALSE },
  { "byte-order-mark", "\xef\xbb\xbf{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\"}", FALSE },
  { "trailing-text", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\"} x", FALSE },
  { "two-objects", "{\"jsonrpc\":\"2.0\",\"method\":\"a\"}{}", FALSE },
  { "truncated", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\"", FALSE },
  { "bad-utf8-in-data", LOG ("{\"level\":\"info\",\"data\":\"\xff\"}"), FALSE },
  { "form-feed-space", "\x0c{\"jsonrpc\":\"2.0\",\"method\":\"a\"}", FALSE },
  { "empty", "", FALSE },
};

static void
test_line (gconstpointer data)
{
  const Line *line = data;

  g_assert_cmpint (incoming_same_as_tree (line->text, strlen (line->text)), ==, line->fast);
}

/* More members than the index holds: the tree decides. */
static void
test_many_members (void)
{
  g_autoptr(GString) text = g_string_new ("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                                          "\"params\":{\"level\":\"info\",\"data\":1");

  for (guint i = 0; i < ELICIT_JSON_INDEX_SIZE - 5; i++)
    g_string_append_printf (text, ",\"m%u\":%u", i, i);
  g_string_append (text, "}}");
  g_assert_true (incoming_same_as_tree (text->str, text->len));

  g_string_truncate (text, text->len - 2);
  g_string_append (text, ",\"one-too-many\":0}}");
  g_assert_false (incoming_same_as_tree (text->str, text->len));
}

/* Every level of nesting the parser allows, inside a fast line. */
static void
test_deep_data (void)
{
  g_autoptr(GString) text = g_string_new ("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                                          "\"params\":{\"level\":\"info\",\"data\":");

  for (guint i = 0; i < ELICIT_JSON_DEFAULT_MAX_DEPTH - 2; i++)
    g_string_append_c (text, '[');
  for (guint i = 0; i < ELICIT_JSON_DEFAULT_MAX_DEPTH - 2; i++)
    g_string_append_c (text, ']');
  g_string_append (text, "}}");
  g_assert_true (incoming_same_as_tree (text->str, text->len));

  g_string_insert_c (text, text->len - 2 - (ELICIT_JSON_DEFAULT_MAX_DEPTH - 2), '[');
  g_string_insert_c (text, text->len - 2, ']');
  g_assert_false (incoming_same_as_tree (text->str, text->len));
}

/* Session level: ElicitSession::message gets the same arguments whether the
 * peer read the line from the text or, because a ::notification handler
 * wants the tree, from the tree. */
typedef struct
{
  GPtrArray *seen;
  guint      notifications;
} Seen;

static void
message_cb (ElicitSession *session,
            const char    *level,
            const char    *logger,
            JsonNode      *data,
            Seen          *seen)
{
  g_autofree char *json = elicit_json_to_string (data, NULL);

  g_ptr_array_add (seen->seen, g_strdup_printf ("%s|%s|%s", level, logger ? logger : "(null)", json));
}

static void
notification_cb (ElicitPeer *peer,
                 const char *method,
                 JsonObject *params,
                 JsonNode   *message,
                 Seen       *seen)
{
  seen->notifications++;
}

static void
closed_cb (ElicitSession *session,
           const GError  *error,
           gboolean      *closed)
{
  *closed = TRUE;
}

static void
run_session (const char *text,
             gboolean    with_tree,
             Seen       *seen)
{
  g_autoptr(GInputStream) input = g_memory_input_stream_new_from_data (text, -1, NULL);
  g_autoptr(GOutputStream) output = g_memory_output_stream_new_resizable ();
  g_autoptr(GIOStream) stream = g_simple_io_stream_new (input, output);
  g_autoptr(ElicitTransport) transport = elicit_stream_transport_new (stream);
  g_autoptr(ElicitSession) session = elicit_session_new (transport);
  gboolean closed = FALSE;

  g_signal_connect (session, "message", G_CALLBACK (message_cb), seen);
  g_signal_connect (session, "closed", G_CALLBACK (closed_cb), &closed);
  if (with_tree)
    g_signal_connect (elicit_session_get_peer (session), "notification",
                      G_CALLBACK (notification_cb), seen);

  elicit_peer_start (elicit_session_get_peer (session));
  while (!closed)
    g_main_context_iteration (NULL, TRUE);
}

static void
test_session_same_both_ways (void)
{
  g_autoptr(GString) text = g_string_new (NULL);
  Seen fast = { g_ptr_array_new_with_free_func (g_free), 0 };
  Seen slow = { g_ptr_array_new_with_free_func (g_free), 0 };

  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    if (strchr (lines[i].text, '\n') == NULL &&
        incoming_same_as_tree (lines[i].text, strlen (lines[i].text)))
      g_string_append_printf (text, "%s\n", lines[i].text);

  run_session (text->str, FALSE, &fast);
  run_session (text->str, TRUE, &slow);

  g_assert_cmpuint (fast.notifications, ==, 0);
  g_assert_cmpuint (slow.notifications, >, 0);
  g_assert_cmpuint (fast.seen->len, >, 5);
  g_assert_cmpuint (fast.seen->len, ==, slow.seen->len);
  for (guint i = 0; i < fast.seen->len; i++)
    g_assert_cmpstr (g_ptr_array_index (fast.seen, i), ==, g_ptr_array_index (slow.seen, i));

  g_ptr_array_unref (fast.seen);
  g_ptr_array_unref (slow.seen);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autofree char *path = g_strdup_printf ("/Elicit/Incoming/same-as-the-tree/%s", lines[i].name);

      g_test_add_data_func (path, &lines[i], test_line);
    }
  g_test_add_func ("/Elicit/Incoming/more-members-than-the-index-holds-go-to-the-tree",
                   test_many_members);
  g_test_add_func ("/Elicit/Incoming/nesting-limit-holds-inside-a-fast-line", test_deep_data);
  g_test_add_func ("/Elicit/Incoming/session-messages-are-the-same-with-or-without-a-tree",
                   test_session_same_both_ways);

  return g_test_run ();
}
