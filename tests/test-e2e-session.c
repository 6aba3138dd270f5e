/* test-e2e-session.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/*
 * End to end: ElicitSession over ElicitStdioTransport, talking to real servers.
 *
 *   - elicit-demo-server (ELICIT_DEMO_SERVER), whose tools report exactly what they
 *     received, so each test pins the whole round trip;
 *   - @modelcontextprotocol/server-everything from the pinned npm install in
 *     tests/node (ELICIT_NODE_MODULES; run `npm ci --prefix tests/node`, as the setup
 *     script does). Without it those tests are skipped, saying so.
 */

#include "config.h"

#include <locale.h>
#include <string.h>

/* The schema and protocol layers only: no GTK, so these run without a display. */
#include "elicit-field.h"
#include "elicit-option.h"
#include "elicit-schema.h"
#include "elicit-session.h"
#include "elicit-stdio-transport.h"

#include "everything-answer.h"

#define WAIT_SECONDS 60

typedef struct
{
  ElicitSession *session;
  GQueue         requests;
} Fixture;

/* Main-loop helpers */

static gboolean
timed_out_cb (gpointer user_data)
{
  gboolean *timed_out = user_data;

  *timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

static void
wait_until (gboolean   *done,
            const char *what)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (WAIT_SECONDS, timed_out_cb, &timed_out);

  while (!*done && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (timed_out)
    g_error ("timed out after %d s waiting for %s", WAIT_SECONDS, what);
  g_source_remove (timeout);
}

static void
store_result_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  GAsyncResult **slot = user_data;

  *slot = g_object_ref (result);
}

static GAsyncResult *
wait_result (GAsyncResult **slot,
             const char    *what)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (WAIT_SECONDS, timed_out_cb, &timed_out);

  while (*slot == NULL && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (timed_out)
    g_error ("timed out after %d s waiting for %s", WAIT_SECONDS, what);
  g_source_remove (timeout);
  return g_steal_pointer (slot);
}

static void
set_flag_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
}

/* JSON helpers */

static JsonObject *
parse_object (const char *json)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

static char *
node_to_string (JsonNode *node)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();

  json_generator_set_root (generator, node);
  return json_generator_to_data (generator, NULL);
}

static char *
object_to_string (JsonObject *object)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);

  return node_to_string (node);
}

/* Session helpers */

static void
elicitation_cb (ElicitSession *session,
                ElicitRequest *request,
                Fixture       *fixture)
{
  g_queue_push_tail (&fixture->requests, g_object_ref (request));
}

static void
fixture_connect (Fixture            *fixture,
                 const char * const *argv)
{
  g_autoptr(ElicitTransport) transport = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  g_queue_init (&fixture->requests);
  transport = elicit_stdio_transport_new (argv, NULL, NULL, &error);
  g_assert_no_error (error);
  fixture->session = elicit_session_new (transport);
  g_signal_connect (fixture->session, "elicitation", G_CALLBACK (elicitation_cb), fixture);

  elicit_session_connect_async (fixture->session, NULL, store_result_cb, &slot);
  result = wait_result (&slot, "the handshake");
  elicit_session_connect_finish (fixture->session, result, &error);
  g_assert_no_error (error);
  g_assert_cmpint (elicit_session_get_state (fixture->session), ==, ELICIT_SESSION_STATE_READY);
}

static void
demo_setup (Fixture       *fixture,
            gconstpointer  data)
{
  const char *server = g_getenv ("ELICIT_DEMO_SERVER");
  /* These tests pin the 2025-11-25 wire: server-initiated elicitation/create. */
  const char *argv[] = { server, "--protocol=2025-11-25", NULL };

  g_assert_nonnull (server);
  fixture_connect (fixture, argv);
}

/* The demo server as it runs by default: it speaks 2026-07-28 too, and the session
 * chooses it. */
static void
modern_setup (Fixture       *fixture,
              gconstpointer  data)
{
  const char *server = g_getenv ("ELICIT_DEMO_SERVER");
  const char *argv[] = { server, NULL };

  g_assert_nonnull (server);
  fixture_connect (fixture, argv);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  if (fixture->session == NULL)
    return;

  /* Every request a test provoked was taken and answered. */
  g_assert_cmpuint (g_queue_get_length (&fixture->requests), ==, 0);

  elicit_session_close_async (fixture->session, NULL, store_result_cb, &slot);
  result = wait_result (&slot, "the session to close");
  elicit_session_close_finish (fixture->session, result, &error);
  g_assert_no_error (error);
  g_clear_object (&result);
  g_assert_finalize_object (fixture->session);
}

static void
start_call (Fixture       *fixture,
            const char    *tool,
            const char    *arguments,
            GCancellable  *cancellable,
            GAsyncResult **slot)
{
  g_autoptr(JsonObject) object = arguments ? parse_object (arguments) : NULL;

  elicit_session_call_tool_async (fixture->session, tool, object, NULL, NULL, cancellable,
                                  store_result_cb, slot);
}

static JsonObject *
finish_call (Fixture       *fixture,
             GAsyncResult **slot,
             GError       **error)
{
  g_autoptr(GAsyncResult) result = wait_result (slot, "the tools/call result");

  return elicit_session_call_tool_finish (fixture->session, result, error);
}

static ElicitRequest *
next_request (Fixture *fixture)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (WAIT_SECONDS, timed_out_cb, &timed_out);

  while (g_queue_is_empty (&fixture->requests) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (timed_out)
    g_error ("timed out after %d s waiting for elicitation/create", WAIT_SECONDS);
  g_source_remove (timeout);
  return g_queue_pop_head (&fixture->requests);
}

/* Assertions */

static const char *
kind_name (ElicitFieldKind kind)
{
  switch (kind)
    {
    case ELICIT_FIELD_KIND_TEXT: return "text";
    case ELICIT_FIELD_KIND_NUMBER: return "number";
    case ELICIT_FIELD_KIND_INTEGER: return "integer";
    case ELICIT_FIELD_KIND_BOOLEAN: return "boolean";
    case ELICIT_FIELD_KIND_CHOICE: return "choice";
    case ELICIT_FIELD_KIND_MULTI_CHOICE: return "multi";
    default: return "?";
    }
}

/* @spec lists the fields in order as "name:kind", with "*" after a required one. */
static void
assert_fields (ElicitSchema *schema,
               const char   *spec)
{
  g_auto(GStrv) expected = g_strsplit (spec, " ", -1);
  GListModel *fields = elicit_schema_get_fields (schema);
  g_autoptr(GString) actual = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (fields); i++)
    {
      g_autoptr(ElicitField) field = g_list_model_get_item (fields, i);

      g_string_append_printf (actual, "%s%s:%s%s", i ? " " : "", elicit_field_get_name (field),
                              kind_name (elicit_field_get_kind (field)),
                              elicit_field_get_required (field) ? "*" : "");
    }
  g_assert_cmpstr (actual->str, ==, spec);
  g_assert_cmpuint (elicit_schema_get_n_fields (schema), ==, g_strv_length (expected));
}

static ElicitField *
get_field (ElicitRequest *request,
           const char    *name)
{
  ElicitField *field = elicit_schema_get_field (elicit_request_get_schema (request), name);

  g_assert_nonnull (field);
  return field;
}

/* @spec is "value=label|value=label…" in order. */
static void
assert_options (ElicitField *field,
                const char  *spec)
{
  GListModel *options = elicit_field_get_options (field);
  g_autoptr(GString) actual = g_string_new (NULL);

  g_assert_nonnull (options);
  for (guint i = 0; i < g_list_model_get_n_items (options); i++)
    {
      g_autoptr(ElicitOption) option = g_list_model_get_item (options, i);

      g_string_append_printf (actual, "%s%s=%s", i ? "|" : "", elicit_option_get_value (option),
                              elicit_option_get_label (option));
    }
  g_assert_cmpstr (actual->str, ==, spec);
}

/* @expected is the default as JSON, or NULL for none. */
static void
assert_default (ElicitField *field,
                const char  *expected)
{
  JsonNode *value = elicit_field_get_default (field);
  g_autofree char *actual = value ? node_to_string (value) : NULL;

  g_assert_cmpstr (actual, ==, expected);
}

static void
assert_range (ElicitField *field,
              gboolean     has_minimum,
              double       minimum,
              gboolean     has_maximum,
              double       maximum)
{
  double value = 0;

  g_assert_cmpint (elicit_field_get_minimum (field, &value), ==, has_minimum);
  if (has_minimum)
    g_assert_cmpfloat (value, ==, minimum);
  g_assert_cmpint (elicit_field_get_maximum (field, &value), ==, has_maximum);
  if (has_maximum)
    g_assert_cmpfloat (value, ==, maximum);
}

static void
assert_form_request (ElicitRequest *request,
                     const char    *message,
                     const char    *fields)
{
  g_assert_cmpint (elicit_request_get_mode (request), ==, ELICIT_REQUEST_MODE_FORM);
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_PENDING);
  g_assert_cmpstr (elicit_request_get_message (request), ==, message);
  g_assert_nonnull (elicit_request_get_schema (request));
  assert_fields (elicit_request_get_schema (request), fields);
}

/* A demo-server result: one text item, isError, and structuredContent as JSON. */
static void
assert_demo_result (JsonObject *result,
                    gboolean    is_error,
                    const char *text,
                    const char *structured)
{
  g_autofree char *actual = NULL;

  g_assert_nonnull (result);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (result, "content")), ==, 1);
  g_assert_cmpstr (text_item (result, 0), ==, text);
  g_assert_true (json_object_has_member (result, "isError"));
  g_assert_cmpint (json_object_get_boolean_member (result, "isError"), ==, is_error);
  g_assert_true (json_object_has_member (result, "structuredContent"));
  actual = object_to_string (json_object_get_object_member (result, "structuredContent"));
  g_assert_cmpstr (actual, ==, structured);
}

static void
accept_json (ElicitRequest *request,
             const char    *content)
{
  g_autoptr(JsonObject) object = content ? parse_object (content) : NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (elicit_request_accept (request, object, &error));
  g_assert_no_error (error);
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_ACCEPTED);
}

/* Accepts what a user would send after entering @values and leaving the rest alone. */
/* elicit-demo-server */

static void
test_demo_handshake_and_tools (Fixture       *fixture,
                               gconstpointer  data)
{
  static const char *names[] = {
    "register_user", "configure_project", "setup_dev_environment", "every_field",
    "no_defaults", "every_enum", "confirm", "url_login", "url_required", "cancel_after",
    "flood_elicitations",
  };
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(JsonArray) tools = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  g_assert_cmpstr (elicit_session_get_server_name (fixture->session), ==, "elicit-demo-server");
  g_assert_cmpstr (elicit_session_get_server_title (fixture->session), ==, "Elicit Demo Server");
  g_assert_cmpstr (elicit_session_get_server_version (fixture->session), ==, PACKAGE_VERSION);
  g_assert_cmpstr (elicit_session_get_protocol_version (fixture->session), ==, "2025-11-25");

  elicit_session_list_tools_async (fixture->session, NULL, store_result_cb, &slot);
  result = wait_result (&slot, "tools/list");
  tools = elicit_session_list_tools_finish (fixture->session, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (json_array_get_length (tools), ==, G_N_ELEMENTS (names));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      JsonObject *tool = json_array_get_object_element (tools, i);
      JsonObject *schema = json_object_get_object_member (tool, "inputSchema");

      g_assert_cmpstr (json_object_get_string_member (tool, "name"), ==, names[i]);
      g_assert_nonnull (json_object_get_string_member (tool, "title"));
      g_assert_nonnull (json_object_get_string_member (tool, "description"));
      g_assert_cmpstr (json_object_get_string_member (schema, "type"), ==, "object");
    }
}

static void
test_demo_register_user (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;
  ElicitField *field;

  start_call (fixture, "register_user", NULL, NULL, &slot);
  request = next_request (fixture);
  assert_form_request (request, "Complete your user registration",
                       "username:text* email:text* age:integer* country:choice* newsletter:boolean");
  field = get_field (request, "username");
  g_assert_cmpstr (elicit_field_get_title (field), ==, "Username");
  g_assert_cmpstr (elicit_field_get_description (field), ==, "Letters, numbers, and underscores only");
  g_assert_cmpint (elicit_field_get_min_length (field), ==, 3);
  g_assert_cmpint (elicit_field_get_max_length (field), ==, 20);
  g_assert_cmpint (elicit_field_get_format (get_field (request, "email")), ==, ELICIT_TEXT_FORMAT_EMAIL);
  assert_range (get_field (request, "age"), TRUE, 13, FALSE, 0);
  assert_options (get_field (request, "country"),
                  "us=United States|ca=Canada|uk=United Kingdom|de=Germany|fr=France|jp=Japan|au=Australia");
  assert_default (get_field (request, "newsletter"), "false");
  assert_default (get_field (request, "username"), NULL);

  accept_values (request, "{\"country\":\"uk\",\"age\":36,\"username\":\"ada_l\","
                          "\"email\":\"ada@example.com\"}");
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  assert_demo_result (result, FALSE,
                      "accept: {\"username\":\"ada_l\",\"email\":\"ada@example.com\",\"age\":36,"
                      "\"country\":\"uk\",\"newsletter\":false}",
                      "{\"action\":\"accept\",\"content\":{\"username\":\"ada_l\","
                      "\"email\":\"ada@example.com\",\"age\":36,\"country\":\"uk\",\"newsletter\":false}}");
}

static void
test_demo_configure_project (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  start_call (fixture, "configure_project", NULL, NULL, &slot);
  request = next_request (fixture);
  assert_form_request (request, "Configure your new project settings",
                       "projectName:text* framework:choice* typescript:boolean port:integer apiUrl:text");
  assert_options (get_field (request, "framework"),
                  "react=React|vue=Vue.js|angular=Angular|svelte=Svelte|vanilla=Vanilla JS");
  assert_default (get_field (request, "typescript"), "true");
  assert_range (get_field (request, "port"), TRUE, 1024, TRUE, 65535);
  g_assert_cmpint (elicit_field_get_format (get_field (request, "apiUrl")), ==, ELICIT_TEXT_FORMAT_URI);

  accept_values (request, "{\"projectName\":\"Analytical Engine\",\"framework\":\"svelte\","
                          "\"port\":8080,\"apiUrl\":\"https://api.example.com/v1\"}");
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  assert_demo_result (result, FALSE,
                      "accept: {\"projectName\":\"Analytical Engine\",\"framework\":\"svelte\","
                      "\"typescript\":true,\"port\":8080,\"apiUrl\":\"https://api.example.com/v1\"}",
                      "{\"action\":\"accept\",\"content\":{\"projectName\":\"Analytical Engine\","
                      "\"framework\":\"svelte\",\"typescript\":true,\"port\":8080,"
                      "\"apiUrl\":\"https://api.example.com/v1\"}}");
}

static void
test_demo_setup_dev_environment (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  start_call (fixture, "setup_dev_environment", NULL, NULL, &slot);
  request = next_request (fixture);
  assert_form_request (request, "Set up your development environment preferences",
                       "editor:choice* shellType:choice tabSize:integer* lineEndings:choice "
                       "enableLinting:boolean maxFileSize:number");
  assert_options (get_field (request, "editor"),
                  "vscode=VS Code|vim=Vim|emacs=Emacs|sublime=Sublime Text|atom=Atom|webstorm=WebStorm");
  assert_options (get_field (request, "lineEndings"), "lf=LF (Unix)|crlf=CRLF (Windows)|auto=Auto-detect");
  assert_range (get_field (request, "tabSize"), TRUE, 2, TRUE, 8);
  assert_range (get_field (request, "maxFileSize"), TRUE, 1, TRUE, 100);
  assert_default (get_field (request, "enableLinting"), "true");

  accept_values (request, "{\"editor\":\"emacs\",\"tabSize\":2,\"maxFileSize\":12.5,"
                          "\"enableLinting\":false}");
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  assert_demo_result (result, FALSE,
                      "accept: {\"editor\":\"emacs\",\"tabSize\":2,\"enableLinting\":false,\"maxFileSize\":12.5}",
                      "{\"action\":\"accept\",\"content\":{\"editor\":\"emacs\",\"tabSize\":2,"
                      "\"enableLinting\":false,\"maxFileSize\":12.5}}");
}

#define EVERY_FIELD_SPEC \
  "name:text* code:text email:text* website:text birthday:text meeting:text ratio:number " \
  "count:integer* subscribe:boolean color:choice toppings:multi"

static void
assert_every_field_constraints (ElicitRequest *request)
{
  ElicitField *field = get_field (request, "name");

  g_assert_cmpint (elicit_field_get_min_length (field), ==, 2);
  g_assert_cmpint (elicit_field_get_max_length (field), ==, 40);
  g_assert_cmpstr (elicit_field_get_pattern (get_field (request, "code")), ==, "^[A-Z]{3}$");
  g_assert_cmpint (elicit_field_get_format (get_field (request, "email")), ==, ELICIT_TEXT_FORMAT_EMAIL);
  g_assert_cmpint (elicit_field_get_format (get_field (request, "website")), ==, ELICIT_TEXT_FORMAT_URI);
  g_assert_cmpint (elicit_field_get_format (get_field (request, "birthday")), ==, ELICIT_TEXT_FORMAT_DATE);
  g_assert_cmpint (elicit_field_get_format (get_field (request, "meeting")), ==, ELICIT_TEXT_FORMAT_DATE_TIME);
  assert_range (get_field (request, "ratio"), TRUE, 0, TRUE, 1);
  assert_range (get_field (request, "count"), TRUE, 1, TRUE, 10);
  assert_options (get_field (request, "color"), "red=red|green=green|blue=blue");
  field = get_field (request, "toppings");
  assert_options (field, "cheese=cheese|ham=ham|olives=olives");
  g_assert_cmpint (elicit_field_get_min_items (field), ==, 1);
  g_assert_cmpint (elicit_field_get_max_items (field), ==, 2);
}

static void
test_demo_every_field_defaults (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  start_call (fixture, "every_field", NULL, NULL, &slot);
  request = next_request (fixture);
  assert_form_request (request, "Fill in one field of every kind", EVERY_FIELD_SPEC);
  assert_every_field_constraints (request);
  assert_default (get_field (request, "name"), "\"Ada Lovelace\"");
  assert_default (get_field (request, "ratio"), "0.5");
  assert_default (get_field (request, "count"), "3");
  assert_default (get_field (request, "toppings"), "[\"cheese\"]");

  /* The user changes nothing: every default goes out as it is. */
  accept_values (request, "{}");
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  assert_demo_result (result, FALSE,
                      "accept: {\"name\":\"Ada Lovelace\",\"code\":\"ABC\",\"email\":\"ada@example.com\","
                      "\"website\":\"https://example.com/ada\",\"birthday\":\"1815-12-10\","
                      "\"meeting\":\"2025-11-25T10:30:00Z\",\"ratio\":0.5,\"count\":3,\"subscribe\":true,"
                      "\"color\":\"green\",\"toppings\":[\"cheese\"]}",
                      "{\"action\":\"accept\",\"content\":{\"name\":\"Ada Lovelace\",\"code\":\"ABC\","
                      "\"email\":\"ada@example.com\",\"website\":\"https://example.com/ada\","
                      "\"birthday\":\"1815-12-10\",\"meeting\":\"2025-11-25T10:30:00Z\",\"ratio\":0.5,"
                      "\"count\":3,\"subscribe\":true,\"color\":\"green\",\"toppings\":[\"cheese\"]}}");
}

static void
test_demo_no_defaults (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;
  GListModel *fields;

  start_call (fixture, "no_defaults", NULL, NULL, &slot);
  request = next_request (fixture);
  assert_form_request (request, "Fill in one field of every kind (nothing is filled in for you)",
                       EVERY_FIELD_SPEC);
  assert_every_field_constraints (request);
  fields = elicit_schema_get_fields (elicit_request_get_schema (request));
  for (guint i = 0; i < g_list_model_get_n_items (fields); i++)
    {
      g_autoptr(ElicitField) field = g_list_model_get_item (fields, i);
      assert_default (field, NULL);
    }

  /* Omitted is not empty: what the user did not touch is left out. */
  accept_values (request, "{\"count\":7,\"email\":\"ada@example.com\",\"name\":\"Ada\"}");
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  assert_demo_result (result, FALSE,
                      "accept: {\"name\":\"Ada\",\"email\":\"ada@example.com\",\"count\":7}",
                      "{\"action\":\"accept\",\"content\":{\"name\":\"Ada\",\"email\":\"ada@example.com\","
                      "\"count\":7}}");
}

static void
assert_every_enum (ElicitRequest *request)
{
  ElicitField *field;

  assert_form_request (request, "Choose one of each",
                       "plain:choice* legacy:choice titled:choice titled_any:choice multi:multi* "
                       "multi_titled:multi");
  assert_options (get_field (request, "plain"), "red=red|green=green|blue=blue");
  assert_options (get_field (request, "legacy"), "s=Small|m=Medium|l=Large");
  assert_options (get_field (request, "titled"), "#FF0000=Red|#00FF00=Green|#0000FF=Blue");
  assert_options (get_field (request, "titled_any"), "cat=Cat|dog=Dog|fish=Fish");
  field = get_field (request, "multi");
  assert_options (field, "a=a|b=b|c=c");
  g_assert_cmpint (elicit_field_get_min_items (field), ==, 1);
  g_assert_cmpint (elicit_field_get_max_items (field), ==, 2);
  field = get_field (request, "multi_titled");
  assert_options (field, "#FF0000=Red|#00FF00=Green|#0000FF=Blue|#000000=Black");
  g_assert_cmpint (elicit_field_get_min_items (field), ==, 2);
  g_assert_cmpint (elicit_field_get_max_items (field), ==, 3);
}

static void
test_demo_every_enum_defaults (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  start_call (fixture, "every_enum", NULL, NULL, &slot);
  request = next_request (fixture);
  assert_every_enum (request);
  assert_default (get_field (request, "plain"), "\"red\"");
  assert_default (get_field (request, "legacy"), "\"m\"");
  assert_default (get_field (request, "titled"), "\"#00FF00\"");
  assert_default (get_field (request, "titled_any"), "\"dog\"");
  assert_default (get_field (request, "multi"), "[\"a\"]");
  assert_default (get_field (request, "multi_titled"), "[\"#FF0000\",\"#0000FF\"]");

  accept_values (request, "{\"titled\":\"#0000FF\",\"multi\":[\"b\",\"c\"]}");
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  assert_demo_result (result, FALSE,
                      "accept: {\"plain\":\"red\",\"legacy\":\"m\",\"titled\":\"#0000FF\","
                      "\"titled_any\":\"dog\",\"multi\":[\"b\",\"c\"],\"multi_titled\":[\"#FF0000\",\"#0000FF\"]}",
                      "{\"action\":\"accept\",\"content\":{\"plain\":\"red\",\"legacy\":\"m\","
                      "\"titled\":\"#0000FF\",\"titled_any\":\"dog\",\"multi\":[\"b\",\"c\"],"
                      "\"multi_titled\":[\"#FF0000\",\"#0000FF\"]}}");
}

static void
test_demo_every_enum_no_defaults (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  start_call (fixture, "every_enum", "{\"with_defaults\":false}", NULL, &slot);
  request = next_request (fixture);
  assert_every_enum (request);
  assert_default (get_field (request, "plain"), NULL);
  assert_default (get_field (request, "multi_titled"), NULL);

  accept_values (request, "{\"plain\":\"blue\",\"legacy\":\"l\",\"titled_any\":\"cat\","
                          "\"multi\":[\"a\"],\"multi_titled\":[\"#000000\",\"#00FF00\"]}");
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  assert_demo_result (result, FALSE,
                      "accept: {\"plain\":\"blue\",\"legacy\":\"l\",\"titled_any\":\"cat\",\"multi\":[\"a\"],"
                      "\"multi_titled\":[\"#000000\",\"#00FF00\"]}",
                      "{\"action\":\"accept\",\"content\":{\"plain\":\"blue\",\"legacy\":\"l\","
                      "\"titled_any\":\"cat\",\"multi\":[\"a\"],\"multi_titled\":[\"#000000\",\"#00FF00\"]}}");
}

static void
test_demo_confirm_accept (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  start_call (fixture, "confirm", "{\"question\":\"Launch the rocket?\"}", NULL, &slot);
  request = next_request (fixture);
  assert_form_request (request, "Launch the rocket?", "confirmed:boolean*");
  g_assert_cmpstr (elicit_field_get_title (get_field (request, "confirmed")), ==, "Confirm");

  accept_json (request, "{\"confirmed\":true}");
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  assert_demo_result (result, FALSE, "accept: {\"confirmed\":true}",
                      "{\"action\":\"accept\",\"content\":{\"confirmed\":true}}");
}

static void
test_demo_decline (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  start_call (fixture, "confirm", NULL, NULL, &slot);
  request = next_request (fixture);
  g_assert_cmpstr (elicit_request_get_message (request), ==, "Delete the file demo.txt?");
  elicit_request_decline (request);
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_DECLINED);
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  assert_demo_result (result, FALSE, "decline", "{\"action\":\"decline\"}");
}

static void
test_demo_cancel (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  start_call (fixture, "register_user", NULL, NULL, &slot);
  request = next_request (fixture);
  elicit_request_cancel (request);
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_CANCELLED);
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  assert_demo_result (result, FALSE, "cancel", "{\"action\":\"cancel\"}");
}

static void
test_demo_invalid_content_is_not_sent (Fixture       *fixture,
                                       gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(JsonObject) content = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  start_call (fixture, "register_user", NULL, NULL, &slot);
  request = next_request (fixture);

  content = parse_object ("{\"username\":\"ada_l\",\"email\":\"ada@example.com\",\"age\":12,"
                          "\"country\":\"uk\"}");
  g_assert_false (elicit_request_accept (request, content, &error));
  g_assert_error (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_INVALID_CONTENT);
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_PENDING);
  g_clear_error (&error);

  /* Nothing went out: the server still waits, and takes the corrected answer. */
  accept_json (request, "{\"username\":\"ada_l\",\"email\":\"ada@example.com\",\"age\":13,"
                        "\"country\":\"uk\"}");
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  assert_demo_result (result, FALSE,
                      "accept: {\"username\":\"ada_l\",\"email\":\"ada@example.com\",\"age\":13,\"country\":\"uk\"}",
                      "{\"action\":\"accept\",\"content\":{\"username\":\"ada_l\","
                      "\"email\":\"ada@example.com\",\"age\":13,\"country\":\"uk\"}}");
}

static void
test_demo_cancel_after_withdraws (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;
  gboolean withdrawn = FALSE;

  start_call (fixture, "cancel_after", "{\"after_ms\":100}", NULL, &slot);
  request = next_request (fixture);
  assert_form_request (request, "This request will be withdrawn in a moment", "note:text");
  g_signal_connect_swapped (request, "withdrawn", G_CALLBACK (set_flag_cb), &withdrawn);

  wait_until (&withdrawn, "ElicitRequest::withdrawn");
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_WITHDRAWN);
  g_assert_cmpstr (elicit_request_get_withdrawn_reason (request), ==,
                   "The demo server withdrew this request after 100 ms.");

  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  assert_demo_result (result, FALSE, "withdrawn: the server cancelled its request after 100 ms",
                      "{\"action\":\"withdrawn\",\"after_ms\":100}");
}

static void
test_demo_url_login (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *url = NULL;
  g_autofree char *text = NULL;
  g_autofree char *structured = NULL;
  GAsyncResult *slot = NULL;
  gboolean completed = FALSE;
  const char *id;

  start_call (fixture, "url_login", "{\"complete_after_ms\":50}", NULL, &slot);
  request = next_request (fixture);
  g_assert_cmpint (elicit_request_get_mode (request), ==, ELICIT_REQUEST_MODE_URL);
  g_assert_null (elicit_request_get_schema (request));
  g_assert_cmpstr (elicit_request_get_message (request), ==, "Please sign in to Example Co to continue.");
  id = elicit_request_get_elicitation_id (request);
  g_assert_true (g_uuid_string_is_valid (id));
  url = g_strconcat ("https://auth.example.com/login?elicitationId=", id, NULL);
  g_assert_cmpstr (elicit_request_get_url (request), ==, url);

  g_signal_connect_swapped (request, "completed", G_CALLBACK (set_flag_cb), &completed);
  accept_json (request, NULL);
  wait_until (&completed, "ElicitRequest::completed");
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_COMPLETED);

  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  text = g_strdup_printf ("accept: elicitation %s completed", id);
  structured = g_strdup_printf ("{\"action\":\"accept\",\"elicitationId\":\"%s\",\"completed\":true}", id);
  assert_demo_result (result, FALSE, text, structured);
}

static void
test_demo_url_login_decline (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *structured = NULL;
  GAsyncResult *slot = NULL;

  start_call (fixture, "url_login", NULL, NULL, &slot);
  request = next_request (fixture);
  g_assert_cmpint (elicit_request_get_mode (request), ==, ELICIT_REQUEST_MODE_URL);
  elicit_request_decline (request);
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  structured = g_strdup_printf ("{\"action\":\"decline\",\"elicitationId\":\"%s\"}",
                                elicit_request_get_elicitation_id (request));
  assert_demo_result (result, FALSE, "decline", structured);
}

static void
test_demo_url_required (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitRequest) elicitation = NULL;
  g_autofree char *url = NULL;
  g_autofree char *authorized = NULL;
  GAsyncResult *slot = NULL;
  const char *id;

  /* The server answers -32042: its URL elicitation is shown like any other,
   * and the call waits for it. */
  start_call (fixture, "url_required", "{\"complete_after_ms\":100}", NULL, &slot);
  elicitation = next_request (fixture);
  g_assert_cmpint (elicit_request_get_mode (elicitation), ==, ELICIT_REQUEST_MODE_URL);
  g_assert_cmpstr (elicit_request_get_message (elicitation), ==,
                   "Authorization is required to access your Example Co files.");
  id = elicit_request_get_elicitation_id (elicitation);
  g_assert_true (g_uuid_string_is_valid (id));
  url = g_strconcat ("https://auth.example.com/connect?elicitationId=", id, NULL);
  g_assert_cmpstr (elicit_request_get_url (elicitation), ==, url);
  g_assert_null (slot);

  /* The user consents; the server reports completion; the call goes again. */
  accept_json (elicitation, NULL);
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  g_assert_cmpint (elicit_request_get_state (elicitation), ==, ELICIT_REQUEST_STATE_COMPLETED);
  authorized = g_strconcat ("authorized: elicitation ", id, NULL);
  g_assert_cmpstr (text_item (result, 0), ==, authorized);
}

static void
test_demo_cancelling_a_call_withdraws_its_request (Fixture       *fixture,
                                                   gconstpointer  data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;
  gboolean withdrawn = FALSE;

  start_call (fixture, "confirm", NULL, cancellable, &slot);
  request = next_request (fixture);
  g_signal_connect_swapped (request, "withdrawn", G_CALLBACK (set_flag_cb), &withdrawn);

  g_cancellable_cancel (cancellable);
  result = finish_call (fixture, &slot, &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  /* The server hears notifications/cancelled and withdraws its own request. */
  wait_until (&withdrawn, "ElicitRequest::withdrawn after cancelling the call");
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_WITHDRAWN);
  g_assert_cmpstr (elicit_request_get_withdrawn_reason (request), ==, "The tool call was cancelled.");
}

static void
test_demo_requests_in_flight_are_independent (Fixture       *fixture,
                                              gconstpointer  data)
{
  ElicitRequest *requests[5];
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  start_call (fixture, "flood_elicitations", "{\"count\":5}", NULL, &slot);
  for (guint i = 0; i < G_N_ELEMENTS (requests); i++)
    {
      g_autofree char *message = g_strdup_printf ("Flood request %u of 5", i + 1);

      requests[i] = next_request (fixture);
      g_assert_cmpstr (elicit_request_get_message (requests[i]), ==, message);
    }

  /* Out of order, each its own way. */
  elicit_request_cancel (requests[3]);
  accept_json (requests[1], "{\"note\":\"two\"}");
  elicit_request_decline (requests[0]);
  accept_json (requests[4], "{}");
  elicit_request_cancel (requests[2]);
  for (guint i = 0; i < G_N_ELEMENTS (requests); i++)
    g_object_unref (requests[i]);

  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  assert_demo_result (result, FALSE, "accept: 2, decline: 1, cancel: 2, error: 0, invalid: 0",
                      "{\"accept\":2,\"decline\":1,\"cancel\":2,\"error\":0,\"invalid\":0}");
}

static void
test_demo_unknown_tool (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  start_call (fixture, "no_such_tool", NULL, NULL, &slot);
  result = finish_call (fixture, &slot, &error);
  g_assert_null (result);
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_PARAMS);
  g_assert_cmpint (elicit_session_error_get_code (error), ==, -32602);
}

/* @modelcontextprotocol/server-everything */

static gboolean
everything_setup (Fixture *fixture)
{
  const char *modules = g_getenv ("ELICIT_NODE_MODULES");
  const char *node = g_getenv ("ELICIT_NODE");
  g_autofree char *script = NULL;
  g_autofree char *found = NULL;

  if (node == NULL || *node == '\0')
    node = found = g_find_program_in_path ("node");
  if (modules != NULL)
    script = g_build_filename (modules, "@modelcontextprotocol", "server-everything", "dist",
                               "index.js", NULL);
  if (node == NULL || script == NULL || !g_file_test (script, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("tests/node/node_modules is missing (or node is): run "
                   "`npm ci --prefix tests/node`, as the setup script does");
      return FALSE;
    }

  {
    const char *argv[] = { node, script, "stdio", NULL };
    fixture_connect (fixture, argv);
  }
  return TRUE;
}

static void
test_everything_form (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;
  ElicitField *field;

  if (!everything_setup (fixture))
    return;
  g_assert_cmpstr (elicit_session_get_server_name (fixture->session), ==, "mcp-servers/everything");

  start_call (fixture, "trigger-elicitation-request", NULL, NULL, &slot);
  request = next_request (fixture);
  assert_form_request (request, "Please provide inputs for the following fields:",
                       "name:text* check:boolean firstLine:text email:text homepage:text "
                       "birthdate:text integer:integer number:number untitledSingleSelectEnum:choice "
                       "untitledMultipleSelectEnum:multi titledSingleSelectEnum:choice "
                       "titledMultipleSelectEnum:multi legacyTitledEnum:choice");
  g_assert_cmpstr (elicit_field_get_title (get_field (request, "name")), ==, "String");
  g_assert_cmpstr (elicit_field_get_description (get_field (request, "name")), ==, "Your full, legal name");
  assert_default (get_field (request, "firstLine"), "\"It was a dark and stormy night.\"");
  g_assert_cmpint (elicit_field_get_format (get_field (request, "email")), ==, ELICIT_TEXT_FORMAT_EMAIL);
  g_assert_cmpint (elicit_field_get_format (get_field (request, "homepage")), ==, ELICIT_TEXT_FORMAT_URI);
  g_assert_cmpint (elicit_field_get_format (get_field (request, "birthdate")), ==, ELICIT_TEXT_FORMAT_DATE);
  field = get_field (request, "integer");
  assert_range (field, TRUE, 1, TRUE, 100);
  assert_default (field, "42");
  assert_range (get_field (request, "number"), TRUE, 0, TRUE, 1000);
  assert_options (get_field (request, "untitledSingleSelectEnum"),
                  "Monica=Monica|Rachel=Rachel|Joey=Joey|Chandler=Chandler|Ross=Ross|Phoebe=Phoebe");
  field = get_field (request, "untitledMultipleSelectEnum");
  assert_options (field, "Guitar=Guitar|Piano=Piano|Violin=Violin|Drums=Drums|Bass=Bass");
  g_assert_cmpint (elicit_field_get_min_items (field), ==, 1);
  g_assert_cmpint (elicit_field_get_max_items (field), ==, 3);
  assert_default (field, "[\"Guitar\"]");
  assert_options (get_field (request, "titledSingleSelectEnum"),
                  "hero-1=Superman|hero-2=Green Lantern|hero-3=Wonder Woman");
  assert_options (get_field (request, "titledMultipleSelectEnum"), "fish-1=Tuna|fish-2=Salmon|fish-3=Trout");
  assert_options (get_field (request, "legacyTitledEnum"),
                  "pet-1=Cats|pet-2=Dogs|pet-3=Birds|pet-4=Fish|pet-5=Reptiles");

  everything_accept (request);
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);

  assert_everything_accepted (result);
}

static void
test_everything_form_decline (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  if (!everything_setup (fixture))
    return;

  start_call (fixture, "trigger-elicitation-request", NULL, NULL, &slot);
  request = next_request (fixture);
  elicit_request_decline (request);
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text_item (result, 0), ==, "❌ User declined to provide the requested information.");
  g_assert_cmpstr (text_item (result, 1), ==, "\nRaw result: {\n  \"action\": \"decline\"\n}");
}

static void
test_everything_url (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  if (!everything_setup (fixture))
    return;

  start_call (fixture, "trigger-url-elicitation",
              "{\"url\":\"https://example.com/e2e/consent\",\"elicitationId\":\"elicit-e2e-1\"}",
              NULL, &slot);
  request = next_request (fixture);
  g_assert_cmpint (elicit_request_get_mode (request), ==, ELICIT_REQUEST_MODE_URL);
  g_assert_null (elicit_request_get_schema (request));
  g_assert_cmpstr (elicit_request_get_url (request), ==, "https://example.com/e2e/consent");
  g_assert_cmpstr (elicit_request_get_elicitation_id (request), ==, "elicit-e2e-1");
  g_assert_cmpstr (elicit_request_get_message (request), ==, "Please open the link to complete this action.");

  accept_json (request, NULL);
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text_item (result, 0), ==,
                   "✅ User completed the URL elicitation flow.\n"
                   "Elicitation ID: elicit-e2e-1\n"
                   "URL: https://example.com/e2e/consent");
  g_assert_cmpstr (text_item (result, 1), ==, "\nRaw result: {\n  \"action\": \"accept\"\n}");
}

static void
test_everything_url_error_path (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;
  GPtrArray *elicitations;
  ElicitRequest *elicitation;

  if (!everything_setup (fixture))
    return;

  start_call (fixture, "trigger-url-elicitation",
              "{\"url\":\"https://example.com/e2e/error\",\"errorPath\":true}", NULL, &slot);

  /* Shown like any elicitation; the user says no, and the call fails with
   * the server's -32042 and its step. */
  elicitation = next_request (fixture);
  elicit_request_decline (elicitation);
  result = finish_call (fixture, &slot, &error);
  g_assert_null (result);
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_URL_ELICITATION_REQUIRED);
  elicitations = elicit_session_error_get_elicitations (error);
  g_assert_nonnull (elicitations);
  g_assert_cmpuint (elicitations->len, ==, 1);
  g_assert_true (g_ptr_array_index (elicitations, 0) == elicitation);
  g_assert_cmpint (elicit_request_get_mode (elicitation), ==, ELICIT_REQUEST_MODE_URL);
  g_assert_cmpstr (elicit_request_get_url (elicitation), ==, "https://modelcontextprotocol.io");
  g_assert_cmpstr (elicit_request_get_message (elicitation), ==,
                   "Open this link to satisfy the prerequisite, then retry the request.");
  g_assert_true (g_uuid_string_is_valid (elicit_request_get_elicitation_id (elicitation)));
  g_object_unref (elicitation);
}

/* elicit-demo-server in 2026-07-28 */

static void
test_modern_handshake_and_tools (Fixture       *fixture,
                                 gconstpointer  data)
{
  static const char *names[] = {
    "register_user", "configure_project", "setup_dev_environment", "every_field",
    "no_defaults", "every_enum", "confirm", "url_login", "flood_elicitations",
    "two_questions", "two_rounds",
  };
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(JsonArray) tools = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  g_assert_cmpstr (elicit_session_get_protocol_version (fixture->session), ==, "2026-07-28");
  g_assert_cmpstr (elicit_session_get_server_name (fixture->session), ==, "elicit-demo-server");
  g_assert_cmpstr (elicit_session_get_server_title (fixture->session), ==, "Elicit Demo Server");
  g_assert_cmpstr (elicit_session_get_server_version (fixture->session), ==, PACKAGE_VERSION);

  elicit_session_list_tools_async (fixture->session, NULL, store_result_cb, &slot);
  result = wait_result (&slot, "tools/list");
  tools = elicit_session_list_tools_finish (fixture->session, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (json_array_get_length (tools), ==, G_N_ELEMENTS (names));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (tools, i), "name"),
                     ==, names[i]);
}

static void
test_modern_confirm (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  start_call (fixture, "confirm", "{\"question\":\"Launch the rocket?\"}", NULL, &slot);
  request = next_request (fixture);
  assert_form_request (request, "Launch the rocket?", "confirmed:boolean*");
  accept_json (request, "{\"confirmed\":true}");
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  assert_demo_result (result, FALSE, "accept: {\"confirmed\":true}",
                      "{\"action\":\"accept\",\"content\":{\"confirmed\":true}}");
}

static void
test_modern_two_questions (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(ElicitRequest) first = NULL;
  g_autoptr(ElicitRequest) second = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  start_call (fixture, "two_questions", NULL, NULL, &slot);
  first = next_request (fixture);
  second = next_request (fixture);
  assert_form_request (first, "What is your name?", "name:text*");
  assert_form_request (second, "Go ahead with the demo?", "confirmed:boolean*");
  accept_json (first, "{\"name\":\"Ada “the first” 🚀\"}");
  accept_json (second, "{\"confirmed\":false}");
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  assert_demo_result (result, FALSE,
                      "name: accept: {\"name\":\"Ada “the first” 🚀\"}; confirm: accept: {\"confirmed\":false}",
                      "{\"name\":{\"action\":\"accept\",\"content\":{\"name\":\"Ada “the first” 🚀\"}},"
                      "\"confirm\":{\"action\":\"accept\",\"content\":{\"confirmed\":false}}}");
}

static void
test_modern_two_rounds (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(ElicitRequest) project = NULL;
  g_autoptr(ElicitRequest) details = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  start_call (fixture, "two_rounds", NULL, NULL, &slot);
  project = next_request (fixture);
  assert_form_request (project, "Name your project", "projectName:text*");
  accept_json (project, "{\"projectName\":\"Zed\"}");

  /* Round two names the first answer: it came back through requestState. */
  details = next_request (fixture);
  assert_form_request (details, "Choose a framework and port for Zed", "framework:choice* port:integer*");
  accept_json (details, "{\"framework\":\"svelte\",\"port\":8080}");
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  assert_demo_result (result, FALSE,
                      "first: accept: {\"projectName\":\"Zed\"}; "
                      "second: accept: {\"framework\":\"svelte\",\"port\":8080}",
                      "{\"first\":{\"action\":\"accept\",\"content\":{\"projectName\":\"Zed\"}},"
                      "\"second\":{\"action\":\"accept\",\"content\":{\"framework\":\"svelte\",\"port\":8080}}}");
}

static void
test_modern_two_rounds_decline (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autoptr(ElicitRequest) project = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  start_call (fixture, "two_rounds", NULL, NULL, &slot);
  project = next_request (fixture);
  elicit_request_decline (project);
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  assert_demo_result (result, FALSE, "first: decline", "{\"first\":{\"action\":\"decline\"}}");
}

static void
test_modern_url_login (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *slot = NULL;

  start_call (fixture, "url_login", NULL, NULL, &slot);
  request = next_request (fixture);
  g_assert_cmpint (elicit_request_get_mode (request), ==, ELICIT_REQUEST_MODE_URL);
  g_assert_cmpstr (elicit_request_get_message (request), ==, "Please sign in to Example Co to continue.");
  g_assert_cmpstr (elicit_request_get_url (request), ==, "https://auth.example.com/login");
  /* 2026-07-28 URL requests carry no elicitationId. */
  g_assert_null (elicit_request_get_elicitation_id (request));
  /* Nothing will announce completion later in this revision: the accept is the end. */
  g_assert_true (elicit_request_accept (request, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_COMPLETED);
  result = finish_call (fixture, &slot, &error);
  g_assert_no_error (error);
  assert_demo_result (result, FALSE, "accept", "{\"action\":\"accept\"}");
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

#define DEMO(path, func) \
  g_test_add ("/Elicit/E2E/Demo/" path, Fixture, NULL, demo_setup, func, fixture_teardown)
#define MODERN(path, func) \
  g_test_add ("/Elicit/E2E/Demo2026/" path, Fixture, NULL, modern_setup, func, fixture_teardown)
#define EVERYTHING(path, func) \
  g_test_add ("/Elicit/E2E/Everything/" path, Fixture, NULL, NULL, func, fixture_teardown)

  DEMO ("handshake-names-the-server-and-lists-every-tool", test_demo_handshake_and_tools);
  MODERN ("discovery-chooses-2026-07-28-and-lists-its-tools", test_modern_handshake_and_tools);
  MODERN ("confirm-asks-through-input-requests-and-reports-the-answer", test_modern_confirm);
  MODERN ("two-requests-in-one-round-come-back-exactly", test_modern_two_questions);
  MODERN ("a-second-round-carries-request-state", test_modern_two_rounds);
  MODERN ("a-declined-first-round-ends-the-call", test_modern_two_rounds_decline);
  MODERN ("url-mode-without-an-elicitation-id", test_modern_url_login);
  DEMO ("register-user-arrives-as-the-seed-form-and-the-answer-arrives-exactly", test_demo_register_user);
  DEMO ("configure-project-arrives-as-the-seed-form-and-the-answer-arrives-exactly",
        test_demo_configure_project);
  DEMO ("setup-dev-environment-arrives-as-the-seed-form-and-the-answer-arrives-exactly",
        test_demo_setup_dev_environment);
  DEMO ("every-field-untouched-sends-every-default", test_demo_every_field_defaults);
  DEMO ("no-defaults-leaves-untouched-fields-out", test_demo_no_defaults);
  DEMO ("every-enum-shape-parses-with-its-defaults", test_demo_every_enum_defaults);
  DEMO ("every-enum-shape-parses-without-defaults", test_demo_every_enum_no_defaults);
  DEMO ("confirm-carries-the-question-and-reports-accept", test_demo_confirm_accept);
  DEMO ("decline-is-reported-as-decline", test_demo_decline);
  DEMO ("cancel-is-reported-as-cancel", test_demo_cancel);
  DEMO ("invalid-content-is-refused-locally-and-nothing-is-sent", test_demo_invalid_content_is_not_sent);
  DEMO ("cancel-after-withdraws-the-request", test_demo_cancel_after_withdraws);
  DEMO ("url-login-arrives-in-url-mode-and-completes", test_demo_url_login);
  DEMO ("url-login-decline-is-reported-with-its-id", test_demo_url_login_decline);
  DEMO ("url-required-shows-its-url-elicitation-then-the-call-goes-again", test_demo_url_required);
  DEMO ("cancelling-a-call-withdraws-its-request", test_demo_cancelling_a_call_withdraws_its_request);
  DEMO ("requests-in-flight-are-answered-independently", test_demo_requests_in_flight_are_independent);
  DEMO ("unknown-tool-fails-with-invalid-params", test_demo_unknown_tool);

  EVERYTHING ("trigger-elicitation-request-parses-every-field-and-reports-the-values-sent",
              test_everything_form);
  EVERYTHING ("trigger-elicitation-request-decline-is-reported", test_everything_form_decline);
  EVERYTHING ("trigger-url-elicitation-arrives-in-url-mode", test_everything_url);
  EVERYTHING ("trigger-url-elicitation-error-path-lists-its-url-elicitation", test_everything_url_error_path);

  return g_test_run ();
}
