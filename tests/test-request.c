/* test-request.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit.h"
#include "elicit-json-private.h"
#include "elicit-request-private.h"

static JsonObject *
object (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = elicit_json_parse (text, -1, 0, &error);

  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  return json_object_ref (json_node_get_object (node));
}

static ElicitRequest *
request_new (const char *params)
{
  g_autoptr(JsonObject) obj = object (params);
  g_autoptr(GError) error = NULL;
  ElicitRequest *request = elicit_request_new (obj, &error);

  g_assert_no_error (error);
  g_assert_nonnull (request);
  return request;
}

static void
assert_refused (const char *params,
                GQuark      domain,
                int         code,
                const char *message)
{
  g_autoptr(JsonObject) obj = object (params);
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitRequest) request = elicit_request_new (obj, &error);

  g_assert_null (request);
  g_assert_error (error, domain, code);
  g_assert_cmpstr (error->message, ==, message);
}

/* Captures what a request sends. */
static void
capture_cb (ElicitRequest *request,
            JsonObject    *result,
            gpointer       user_data)
{
  GPtrArray *sent = user_data;
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), result);

  g_ptr_array_add (sent, elicit_json_to_string (node, NULL));
}

static GPtrArray *
capture (ElicitRequest *request)
{
  GPtrArray *sent = g_ptr_array_new_with_free_func (g_free);

  /* The array outlives the request in every test. */
  elicit_request_set_responder (request, capture_cb, sent, NULL);
  return sent;
}

#define FORM_PARAMS \
  "{\"mode\":\"form\",\"message\":\"Who are you?\",\"requestedSchema\":{\"type\":\"object\"," \
  "\"properties\":{\"name\":{\"type\":\"string\",\"minLength\":2},\"age\":{\"type\":\"integer\"}}," \
  "\"required\":[\"name\"]}}"

#define URL_PARAMS \
  "{\"mode\":\"url\",\"message\":\"Connect your account\",\"url\":\"https://example.com/connect?x=1\"," \
  "\"elicitationId\":\"el-42\"}"

static void
test_form_parsed (void)
{
  g_autoptr(ElicitRequest) request = request_new (FORM_PARAMS);
  ElicitSchema *schema = elicit_request_get_schema (request);
  ElicitRequestMode mode;
  g_autofree char *message = NULL;

  g_assert_cmpint (elicit_request_get_mode (request), ==, ELICIT_REQUEST_MODE_FORM);
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_PENDING);
  g_assert_cmpstr (elicit_request_get_message (request), ==, "Who are you?");
  g_assert_nonnull (schema);
  g_assert_cmpuint (elicit_schema_get_n_fields (schema), ==, 2);
  g_assert_null (elicit_request_get_url (request));
  g_assert_null (elicit_request_get_elicitation_id (request));
  g_assert_null (elicit_request_get_withdrawn_reason (request));
  /* Made from parameters alone, it belongs to no session. */
  g_assert_null (elicit_request_dup_session (request));

  g_object_get (request, "mode", &mode, "message", &message, NULL);
  g_assert_cmpint (mode, ==, ELICIT_REQUEST_MODE_FORM);
  g_assert_cmpstr (message, ==, "Who are you?");
}

static void
test_mode_defaults_to_form (void)
{
  g_autoptr(ElicitRequest) request =
    request_new ("{\"message\":\"m\",\"requestedSchema\":{\"type\":\"object\",\"properties\":{}}}");

  g_assert_cmpint (elicit_request_get_mode (request), ==, ELICIT_REQUEST_MODE_FORM);
  g_assert_cmpuint (elicit_schema_get_n_fields (elicit_request_get_schema (request)), ==, 0);
}

static void
test_url_parsed (void)
{
  g_autoptr(ElicitRequest) request = request_new (URL_PARAMS);

  g_assert_cmpint (elicit_request_get_mode (request), ==, ELICIT_REQUEST_MODE_URL);
  g_assert_cmpstr (elicit_request_get_message (request), ==, "Connect your account");
  g_assert_cmpstr (elicit_request_get_url (request), ==, "https://example.com/connect?x=1");
  g_assert_cmpstr (elicit_request_get_elicitation_id (request), ==, "el-42");
  g_assert_null (elicit_request_get_schema (request));
}

static void
test_refusals (void)
{
  assert_refused ("{\"requestedSchema\":{\"type\":\"object\",\"properties\":{}}}",
                  ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_PARAMS,
                  "“message” is missing");
  assert_refused ("{\"message\":42,\"requestedSchema\":{\"type\":\"object\",\"properties\":{}}}",
                  ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_PARAMS,
                  "“message” must be a string");
  assert_refused ("{\"mode\":\"telepathy\",\"message\":\"m\"}",
                  ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_PARAMS,
                  "Unsupported elicitation mode “telepathy”");
  assert_refused ("{\"mode\":null,\"message\":\"m\"}",
                  ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_PARAMS,
                  "“mode” must be a string");
  assert_refused ("{\"message\":\"m\"}",
                  ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_PARAMS,
                  "“requestedSchema” is missing");
  assert_refused ("{\"message\":\"m\",\"requestedSchema\":[]}",
                  ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_PARAMS,
                  "“requestedSchema” must be an object");
  assert_refused ("{\"mode\":\"url\",\"message\":\"m\",\"elicitationId\":\"e\"}",
                  ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_PARAMS,
                  "“url” is missing");
  assert_refused ("{\"mode\":\"url\",\"message\":\"m\",\"url\":\"https://example.com\"}",
                  ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_PARAMS,
                  "“elicitationId” is missing");
  assert_refused ("{\"mode\":\"url\",\"message\":\"m\",\"url\":\"example.com/no-scheme\","
                  "\"elicitationId\":\"e\"}",
                  ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_PARAMS,
                  "“url” is not a valid absolute URL");
}

static void
test_schema_refusal_names_the_parameter (void)
{
  g_autoptr(JsonObject) obj = object ("{\"message\":\"m\",\"requestedSchema\":{\"type\":\"object\","
                                      "\"properties\":{\"address\":{\"type\":\"object\"}}}}");
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitRequest) request = elicit_request_new (obj, &error);

  g_assert_null (request);
  /* The schema's own error, with the parameter named first. */
  g_assert_error (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE);
  g_assert_true (g_str_has_prefix (error->message, "Invalid “requestedSchema”: "));
  g_assert_nonnull (strstr (error->message, "address"));
}

static void
test_accept_sends_content (void)
{
  g_autoptr(ElicitRequest) request = request_new (FORM_PARAMS);
  g_autoptr(GPtrArray) sent = capture (request);
  g_autoptr(JsonObject) content = object ("{\"name\":\"Ada\",\"age\":36}");
  g_autoptr(GError) error = NULL;

  g_assert_true (elicit_request_accept (request, content, &error));
  g_assert_no_error (error);
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_ACCEPTED);
  g_assert_cmpuint (sent->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (sent, 0), ==,
                   "{\"action\":\"accept\",\"content\":{\"name\":\"Ada\",\"age\":36}}");
}

static void
test_accept_refuses_invalid_content (void)
{
  g_autoptr(ElicitRequest) request = request_new (FORM_PARAMS);
  g_autoptr(GPtrArray) sent = capture (request);
  g_autoptr(JsonObject) content = object ("{\"name\":\"A\",\"age\":1.5}");
  g_autoptr(JsonObject) fixed = object ("{\"name\":\"Al\"}");
  g_autoptr(GError) error = NULL;

  g_assert_false (elicit_request_accept (request, content, &error));
  g_assert_error (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_INVALID_CONTENT);
  g_assert_nonnull (strstr (error->message, "name"));
  g_assert_cmpuint (sent->len, ==, 0);
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_PENDING);
  g_clear_error (&error);

  /* Empty content misses the required name. */
  g_assert_false (elicit_request_accept (request, NULL, &error));
  g_assert_error (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_INVALID_CONTENT);
  g_assert_cmpuint (sent->len, ==, 0);
  g_clear_error (&error);

  /* The user fixes it: now it goes out, once. */
  g_assert_true (elicit_request_accept (request, fixed, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (sent->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (sent, 0), ==, "{\"action\":\"accept\",\"content\":{\"name\":\"Al\"}}");
}

static void
test_decline_and_cancel (void)
{
  g_autoptr(ElicitRequest) declined = request_new (FORM_PARAMS);
  g_autoptr(ElicitRequest) cancelled = request_new (URL_PARAMS);
  g_autoptr(GPtrArray) sent_declined = capture (declined);
  g_autoptr(GPtrArray) sent_cancelled = capture (cancelled);

  elicit_request_decline (declined);
  elicit_request_cancel (cancelled);

  g_assert_cmpint (elicit_request_get_state (declined), ==, ELICIT_REQUEST_STATE_DECLINED);
  g_assert_cmpint (elicit_request_get_state (cancelled), ==, ELICIT_REQUEST_STATE_CANCELLED);
  g_assert_cmpuint (sent_declined->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (sent_declined, 0), ==, "{\"action\":\"decline\"}");
  g_assert_cmpuint (sent_cancelled->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (sent_cancelled, 0), ==, "{\"action\":\"cancel\"}");
}

static void
test_url_accept_has_no_content (void)
{
  g_autoptr(ElicitRequest) request = request_new (URL_PARAMS);
  g_autoptr(GPtrArray) sent = capture (request);
  g_autoptr(GError) error = NULL;

  g_assert_true (elicit_request_accept (request, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (sent->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (sent, 0), ==, "{\"action\":\"accept\"}");
}

static void
test_second_answer_is_a_bug (void)
{
  g_autoptr(ElicitRequest) request = request_new (FORM_PARAMS);
  g_autoptr(GPtrArray) sent = capture (request);
  g_autoptr(JsonObject) content = object ("{\"name\":\"Ada\"}");

  elicit_request_decline (request);

  g_test_expect_message ("Elicit", G_LOG_LEVEL_CRITICAL, "*already answered*");
  elicit_request_cancel (request);
  g_test_assert_expected_messages ();

  g_test_expect_message ("Elicit", G_LOG_LEVEL_CRITICAL, "*already answered*");
  g_assert_false (elicit_request_accept (request, content, NULL));
  g_test_assert_expected_messages ();

  g_assert_cmpuint (sent->len, ==, 1);
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_DECLINED);
}

static void
test_finalize_sends_cancel (void)
{
  g_autoptr(GPtrArray) sent = NULL;
  ElicitRequest *request = request_new (FORM_PARAMS);

  sent = capture (request);
  g_assert_finalize_object (request);

  g_assert_cmpuint (sent->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (sent, 0), ==, "{\"action\":\"cancel\"}");
}

static void
test_finalize_after_answer_sends_nothing_more (void)
{
  g_autoptr(GPtrArray) sent = NULL;
  ElicitRequest *request = request_new (FORM_PARAMS);

  sent = capture (request);
  elicit_request_decline (request);
  g_assert_finalize_object (request);

  g_assert_cmpuint (sent->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (sent, 0), ==, "{\"action\":\"decline\"}");
}

static void
count_cb (GObject  *object,
          gpointer  data)
{
  (*(guint *) data)++;
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 gpointer    data)
{
  (*(guint *) data)++;
}

static void
withdrawn_cb (ElicitRequest *request,
              const char    *reason,
              char         **out)
{
  g_free (*out);
  *out = g_strdup (reason);
}

static void
test_withdrawn (void)
{
  g_autoptr(ElicitRequest) request = request_new (FORM_PARAMS);
  g_autoptr(GPtrArray) sent = capture (request);
  g_autoptr(JsonObject) content = object ("{\"name\":\"Ada\"}");
  g_autoptr(GError) error = NULL;
  g_autofree char *reason = NULL;
  guint n_state = 0;

  g_signal_connect (request, "withdrawn", G_CALLBACK (withdrawn_cb), &reason);
  g_signal_connect (request, "notify::state", G_CALLBACK (count_notify_cb), &n_state);

  g_assert_true (elicit_request_withdraw (request, "The tool was stopped"));
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_WITHDRAWN);
  g_assert_cmpstr (reason, ==, "The tool was stopped");
  g_assert_cmpstr (elicit_request_get_withdrawn_reason (request), ==, "The tool was stopped");
  g_assert_cmpuint (n_state, ==, 1);

  /* The user clicks a moment too late: nothing is sent, and it is no bug. */
  g_assert_false (elicit_request_accept (request, content, &error));
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED);
  elicit_request_decline (request);
  elicit_request_cancel (request);
  g_assert_false (elicit_request_withdraw (request, "again"));
  g_assert_cmpuint (sent->len, ==, 0);
  g_assert_cmpuint (n_state, ==, 1);
}

static void
test_withdraw_reason_is_plain_text (void)
{
  g_autoptr(ElicitRequest) request = request_new (FORM_PARAMS);
  g_autoptr(GPtrArray) sent = capture (request);

  elicit_request_withdraw (request, "evil\u202Egnp.exe\nsecond line");
  g_assert_cmpstr (elicit_request_get_withdrawn_reason (request), ==, "evilgnp.exe second line");
  g_assert_cmpuint (sent->len, ==, 0);
}

static void
test_completed (void)
{
  g_autoptr(ElicitRequest) request = request_new (URL_PARAMS);
  g_autoptr(GPtrArray) sent = capture (request);
  guint n_completed = 0;

  g_signal_connect (request, "completed", G_CALLBACK (count_cb), &n_completed);

  /* Not before the user consented. */
  g_assert_false (elicit_request_complete (request));
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_PENDING);

  g_assert_true (elicit_request_accept (request, NULL, NULL));
  g_assert_true (elicit_request_complete (request));
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_COMPLETED);
  g_assert_cmpuint (n_completed, ==, 1);

  /* Already completed: ignored. */
  g_assert_false (elicit_request_complete (request));
  g_assert_cmpuint (n_completed, ==, 1);
  g_assert_cmpuint (sent->len, ==, 1);
}

static void
test_form_never_completes (void)
{
  g_autoptr(ElicitRequest) request = request_new (FORM_PARAMS);
  g_autoptr(GPtrArray) sent = capture (request);
  g_autoptr(JsonObject) content = object ("{\"name\":\"Ada\"}");

  g_assert_true (elicit_request_accept (request, content, NULL));
  g_assert_false (elicit_request_complete (request));
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_ACCEPTED);
  /* The accept went out once; completing a form sends nothing more. */
  g_assert_cmpuint (sent->len, ==, 1);
}

static void
test_detached_answers_change_state_only (void)
{
  g_autoptr(ElicitRequest) request = request_new (FORM_PARAMS);
  g_autoptr(JsonObject) content = object ("{\"name\":\"Ada\"}");
  ElicitRequestState state;

  g_assert_true (elicit_request_accept (request, content, NULL));
  g_object_get (request, "state", &state, NULL);
  g_assert_cmpint (state, ==, ELICIT_REQUEST_STATE_ACCEPTED);
}

static void
test_new_from_data (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitRequest) request = elicit_request_new_from_data (FORM_PARAMS, -1, &error);

  g_assert_no_error (error);
  g_assert_cmpint (elicit_request_get_mode (request), ==, ELICIT_REQUEST_MODE_FORM);
  g_assert_cmpstr (elicit_request_get_message (request), ==, "Who are you?");
  g_assert_nonnull (elicit_schema_get_field (elicit_request_get_schema (request), "name"));
}

static void
assert_refused_text (const char *data,
                     GQuark      domain,
                     int         code)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitRequest) request = elicit_request_new_from_data (data, -1, &error);

  g_assert_null (request);
  g_assert_error (error, domain, code);
}

static void
test_new_from_data_refusals (void)
{
  /* Text json-glib alone would take. */
  assert_refused_text ("{'message': 'Hi'}", ELICIT_JSON_ERROR, ELICIT_JSON_ERROR_INVALID);
  assert_refused_text ("{\"message\":\"a\",\"message\":\"b\"}", ELICIT_JSON_ERROR,
                       ELICIT_JSON_ERROR_DUPLICATE_NAME);
  assert_refused_text ("[1]", ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_PARAMS);
  assert_refused_text ("{\"requestedSchema\":{}}", ELICIT_SESSION_ERROR,
                       ELICIT_SESSION_ERROR_INVALID_PARAMS);
  assert_refused_text ("{\"message\":\"m\",\"requestedSchema\":{\"type\":\"object\","
                       "\"properties\":{\"a\":{\"type\":\"object\"}}}}",
                       ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE);
}

static void
test_result_json (void)
{
  g_autoptr(ElicitRequest) accepted = request_new (FORM_PARAMS);
  g_autoptr(ElicitRequest) declined = request_new (FORM_PARAMS);
  g_autoptr(ElicitRequest) cancelled = request_new (FORM_PARAMS);
  g_autoptr(ElicitRequest) withdrawn = request_new (FORM_PARAMS);
  g_autoptr(ElicitRequest) url = request_new ("{\"mode\":\"url\",\"message\":\"Sign in\","
                                              "\"url\":\"https://example.com/\","
                                              "\"elicitationId\":\"e1\"}");
  g_autoptr(JsonObject) content = object ("{\"name\":\"Ada\"}");
  g_autoptr(GError) error = NULL;
  g_autofree char *pending = elicit_request_dup_result_json (accepted);
  g_autofree char *accept = NULL;
  g_autofree char *decline = NULL;
  g_autofree char *cancel = NULL;
  g_autofree char *url_accept = NULL;
  g_autofree char *gone = NULL;

  g_assert_null (pending);

  elicit_request_accept (accepted, content, &error);
  g_assert_no_error (error);
  elicit_request_decline (declined);
  elicit_request_cancel (cancelled);
  elicit_request_withdraw (withdrawn, "The tool was stopped");
  elicit_request_accept (url, NULL, &error);
  g_assert_no_error (error);

  accept = elicit_request_dup_result_json (accepted);
  decline = elicit_request_dup_result_json (declined);
  cancel = elicit_request_dup_result_json (cancelled);
  gone = elicit_request_dup_result_json (withdrawn);
  url_accept = elicit_request_dup_result_json (url);

  g_assert_cmpstr (accept, ==, "{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}");
  g_assert_cmpstr (decline, ==, "{\"action\":\"decline\"}");
  g_assert_cmpstr (cancel, ==, "{\"action\":\"cancel\"}");
  g_assert_null (gone);
  g_assert_cmpstr (url_accept, ==, "{\"action\":\"accept\"}");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Elicit/Request/parses-a-form-request", test_form_parsed);
  g_test_add_func ("/Elicit/Request/is-made-from-json-text", test_new_from_data);
  g_test_add_func ("/Elicit/Request/refuses-text-that-is-not-strict-json-params",
                   test_new_from_data_refusals);
  g_test_add_func ("/Elicit/Request/gives-its-answer-as-result-json", test_result_json);
  g_test_add_func ("/Elicit/Request/treats-a-missing-mode-as-form", test_mode_defaults_to_form);
  g_test_add_func ("/Elicit/Request/parses-a-url-request", test_url_parsed);
  g_test_add_func ("/Elicit/Request/refuses-malformed-params-naming-the-field", test_refusals);
  g_test_add_func ("/Elicit/Request/refuses-an-unrepresentable-schema-with-its-reason",
                   test_schema_refusal_names_the_parameter);
  g_test_add_func ("/Elicit/Request/accept-sends-the-content", test_accept_sends_content);
  g_test_add_func ("/Elicit/Request/accept-refuses-invalid-content-and-sends-nothing",
                   test_accept_refuses_invalid_content);
  g_test_add_func ("/Elicit/Request/decline-and-cancel-send-their-action", test_decline_and_cancel);
  g_test_add_func ("/Elicit/Request/url-accept-sends-no-content", test_url_accept_has_no_content);
  g_test_add_func ("/Elicit/Request/a-second-answer-is-a-critical-and-sends-nothing",
                   test_second_answer_is_a_bug);
  g_test_add_func ("/Elicit/Request/finalized-unanswered-sends-cancel", test_finalize_sends_cancel);
  g_test_add_func ("/Elicit/Request/finalized-after-an-answer-sends-nothing-more",
                   test_finalize_after_answer_sends_nothing_more);
  g_test_add_func ("/Elicit/Request/withdrawn-sends-nothing-and-ignores-late-answers",
                   test_withdrawn);
  g_test_add_func ("/Elicit/Request/withdrawn-reason-is-plain-text",
                   test_withdraw_reason_is_plain_text);
  g_test_add_func ("/Elicit/Request/url-request-completes-after-accept", test_completed);
  g_test_add_func ("/Elicit/Request/form-request-never-completes", test_form_never_completes);
  g_test_add_func ("/Elicit/Request/detached-request-answers-without-a-session",
                   test_detached_answers_change_state_only);

  return g_test_run ();
}
