/* test-prompt-queue.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit.h"
#include "elicit-json-private.h"
#include "elicit-prompt-queue-private.h"
#include "elicit-request-private.h"
#include "fake-peer.h"

#define INIT_REQUEST \
  "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{" \
  "\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"elicitation\":{\"form\":{},\"url\":{}}," \
  "\"tasks\":{\"list\":{},\"cancel\":{},\"requests\":{\"elicitation\":{\"create\":{}}}}}," \
  "\"clientInfo\":{\"name\":\"elicit\",\"title\":\"Elicit\",\"version\":\"" PACKAGE_VERSION "\"}}}"

#define INIT_RESULT \
  "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-11-25\"," \
  "\"capabilities\":{},\"serverInfo\":{\"name\":\"fake\",\"version\":\"1.0\"}}}"

#define INITIALIZED "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"

#define FORM_PARAMS \
  "{\"message\":\"Your name?\",\"requestedSchema\":{\"type\":\"object\"," \
  "\"properties\":{\"name\":{\"type\":\"string\"}}}}"

#define TOO_MANY \
  "Too many requests from this server are waiting for the user; this one was refused without asking"
#define TOO_FAST \
  "This server sends requests faster than the user can answer them; this one was refused without asking"

/* One server on the other end of a socket pair. */
typedef struct
{
  FakePeer        *peer;
  ElicitTransport *transport;
  ElicitSession   *session;
} Server;

typedef struct
{
  ElicitPromptQueue *queue;
  GPtrArray         *prompts;
  GPtrArray         *refused;
  GPtrArray         *withdrawn;
  GPtrArray         *answers;
  gint64             clock;
} Fixture;

static void
prompt_cb (ElicitPromptQueue *queue,
           ElicitRequest     *request,
           Fixture           *f)
{
  g_ptr_array_add (f->prompts, g_object_ref (request));
}

static void
refused_cb (ElicitPromptQueue *queue,
            ElicitRequest     *request,
            const char        *message,
            Fixture           *f)
{
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_CANCELLED);
  g_ptr_array_add (f->refused, g_strdup (message));
}

static void
withdrawn_cb (ElicitPromptQueue *queue,
              ElicitRequest     *request,
              Fixture           *f)
{
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_WITHDRAWN);
  g_ptr_array_add (f->withdrawn, g_object_ref (request));
}

static gint64
fake_clock (gpointer data)
{
  Fixture *f = data;

  return f->clock;
}

static void
setup (Fixture       *f,
       gconstpointer  data)
{
  f->queue = elicit_prompt_queue_new ();
  f->prompts = g_ptr_array_new_with_free_func (g_object_unref);
  f->refused = g_ptr_array_new_with_free_func (g_free);
  f->withdrawn = g_ptr_array_new_with_free_func (g_object_unref);
  f->answers = g_ptr_array_new_with_free_func (g_free);
  f->clock = 1000 * G_USEC_PER_SEC;
  elicit_prompt_queue_set_clock (f->queue, fake_clock, f);

  g_signal_connect (f->queue, "prompt", G_CALLBACK (prompt_cb), f);
  g_signal_connect (f->queue, "refused", G_CALLBACK (refused_cb), f);
  g_signal_connect (f->queue, "withdrawn", G_CALLBACK (withdrawn_cb), f);
}

static void
teardown (Fixture       *f,
          gconstpointer  data)
{
  g_clear_pointer (&f->prompts, g_ptr_array_unref);
  g_clear_pointer (&f->withdrawn, g_ptr_array_unref);
  g_assert_finalize_object (f->queue);
  g_clear_pointer (&f->refused, g_ptr_array_unref);
  g_clear_pointer (&f->answers, g_ptr_array_unref);
}

/* Spins until the idle callbacks that bring the next prompt forward ran. */
static void
settle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Requests without a session, whose answers the fixture records -------------- */

static void
capture_cb (ElicitRequest *request,
            JsonObject    *result,
            gpointer       data)
{
  Fixture *f = data;
  g_autoptr(JsonNode) node = NULL;

  if (result == NULL)
    {
      g_assert_true (elicit_request_get_refused (request));
      g_ptr_array_add (f->answers, g_strdup ("refused"));
      return;
    }

  node = json_node_init_object (json_node_alloc (), result);
  g_ptr_array_add (f->answers, elicit_json_to_string (node, NULL));
}

static ElicitRequest *
new_request (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) params = elicit_json_parse (FORM_PARAMS, -1, 0, &error);
  ElicitRequest *request;

  g_assert_no_error (error);
  request = elicit_request_new (json_node_get_object (params), &error);
  g_assert_no_error (error);
  elicit_request_set_responder (request, capture_cb, f, NULL);

  return request;
}

static ElicitRequest *
prompt_at (Fixture *f,
           guint    i)
{
  g_assert_cmpuint (f->prompts->len, >, i);
  return g_ptr_array_index (f->prompts, i);
}

static void
answer_name (ElicitRequest *request,
             const char    *name)
{
  g_autoptr(JsonObject) content = json_object_new ();
  g_autoptr(GError) error = NULL;

  json_object_set_string_member (content, "name", name);
  g_assert_true (elicit_request_accept (request, content, &error));
  g_assert_no_error (error);
}

static void
test_one_at_a_time_in_order (Fixture       *f,
                             gconstpointer  data)
{
  g_autoptr(ElicitRequest) first = new_request (f);
  g_autoptr(ElicitRequest) second = new_request (f);
  g_autoptr(ElicitRequest) third = new_request (f);

  g_assert_true (elicit_prompt_queue_push (f->queue, first));
  /* The first one is shown before push() returns. */
  g_assert_cmpuint (f->prompts->len, ==, 1);
  g_assert_true (prompt_at (f, 0) == first);
  g_assert_true (elicit_prompt_queue_push (f->queue, second));
  g_assert_true (elicit_prompt_queue_push (f->queue, third));
  settle ();
  g_assert_cmpuint (f->prompts->len, ==, 1);
  g_assert_true (elicit_prompt_queue_get_shown (f->queue, NULL) == first);
  g_assert_cmpuint (elicit_prompt_queue_get_n_pending (f->queue, NULL), ==, 3);

  answer_name (first, "Ada");
  g_assert_null (elicit_prompt_queue_get_shown (f->queue, NULL));
  settle ();
  g_assert_cmpuint (f->prompts->len, ==, 2);
  g_assert_true (prompt_at (f, 1) == second);

  elicit_request_decline (second);
  settle ();
  g_assert_cmpuint (f->prompts->len, ==, 3);
  g_assert_true (prompt_at (f, 2) == third);

  elicit_request_cancel (third);
  settle ();
  g_assert_cmpuint (f->prompts->len, ==, 3);
  g_assert_cmpuint (elicit_prompt_queue_get_n_pending (f->queue, NULL), ==, 0);

  g_assert_cmpuint (f->answers->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (f->answers, 0), ==,
                   "{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}");
  g_assert_cmpstr (g_ptr_array_index (f->answers, 1), ==, "{\"action\":\"decline\"}");
  g_assert_cmpstr (g_ptr_array_index (f->answers, 2), ==, "{\"action\":\"cancel\"}");
  g_assert_cmpuint (f->refused->len, ==, 0);
}

static void
test_cap_refuses_with_an_error (Fixture       *f,
                                gconstpointer  data)
{
  g_autoptr(ElicitRequest) first = new_request (f);
  g_autoptr(ElicitRequest) second = new_request (f);
  g_autoptr(ElicitRequest) third = new_request (f);
  g_autoptr(ElicitRequest) fourth = new_request (f);

  elicit_prompt_queue_set_max_pending (f->queue, 2);
  g_assert_true (elicit_prompt_queue_push (f->queue, first));
  g_assert_true (elicit_prompt_queue_push (f->queue, second));
  g_assert_false (elicit_prompt_queue_push (f->queue, third));

  g_assert_cmpint (elicit_request_get_state (third), ==, ELICIT_REQUEST_STATE_CANCELLED);
  g_assert_cmpuint (f->answers->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (f->answers, 0), ==, "refused");
  g_assert_cmpuint (f->refused->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (f->refused, 0), ==, TOO_MANY);

  /* Room again once the user answered one. */
  elicit_request_decline (first);
  g_assert_true (elicit_prompt_queue_push (f->queue, fourth));
  settle ();
  g_assert_cmpuint (f->prompts->len, ==, 2);
  g_assert_true (prompt_at (f, 1) == second);
  g_assert_cmpuint (elicit_prompt_queue_get_n_pending (f->queue, NULL), ==, 2);
}

static void
test_rate_limit (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GPtrArray) requests = g_ptr_array_new_with_free_func (g_object_unref);

  elicit_prompt_queue_set_burst (f->queue, 3);
  elicit_prompt_queue_set_rate (f->queue, 0.5);

  /* Each answered at once, so the cap never matters: only the rate does. */
  for (guint i = 0; i < 4; i++)
    {
      ElicitRequest *request = new_request (f);

      g_ptr_array_add (requests, request);
      if (elicit_prompt_queue_push (f->queue, request))
        elicit_request_decline (request);
      settle ();
    }

  g_assert_cmpuint (f->prompts->len, ==, 3);
  g_assert_cmpuint (f->refused->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (f->refused, 0), ==, TOO_FAST);
  g_assert_cmpstr (g_ptr_array_index (f->answers, 3), ==, "refused");

  /* One second refills half a token: still refused. Two seconds: one. */
  f->clock += G_USEC_PER_SEC;
  g_ptr_array_add (requests, new_request (f));
  g_assert_false (elicit_prompt_queue_push (f->queue, g_ptr_array_index (requests, 4)));
  f->clock += G_USEC_PER_SEC;
  g_ptr_array_add (requests, new_request (f));
  g_assert_true (elicit_prompt_queue_push (f->queue, g_ptr_array_index (requests, 5)));
  g_assert_cmpuint (f->prompts->len, ==, 4);
  g_assert_cmpuint (f->refused->len, ==, 2);

  /* A long quiet spell refills no more than the burst. */
  elicit_request_decline (g_ptr_array_index (requests, 5));
  settle ();
  f->clock += G_GINT64_CONSTANT (3600) * G_USEC_PER_SEC;
  for (guint i = 0; i < 4; i++)
    {
      ElicitRequest *request = new_request (f);

      g_ptr_array_add (requests, request);
      if (elicit_prompt_queue_push (f->queue, request))
        elicit_request_decline (request);
      settle ();
    }
  g_assert_cmpuint (f->prompts->len, ==, 7);
  g_assert_cmpuint (f->refused->len, ==, 3);
}

/* Each origin (a D-Bus caller) has its own place, cap and rate limit: a
 * flood from one is refused while another's question is shown at once. */
static void
test_origins_have_their_own_places (Fixture       *f,
                                    gconstpointer  data)
{
  g_autoptr(GPtrArray) flood = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(ElicitRequest) quiet = new_request (f);
  g_autoptr(ElicitRequest) plain = new_request (f);

  elicit_prompt_queue_set_burst (f->queue, 3);
  elicit_prompt_queue_set_rate (f->queue, 0.0);
  for (guint i = 0; i < 10; i++)
    {
      g_ptr_array_add (flood, new_request (f));
      elicit_prompt_queue_push_from (f->queue, g_ptr_array_index (flood, i), ":1.10");
    }
  g_assert_cmpuint (f->refused->len, ==, 7);
  g_assert_cmpuint (f->prompts->len, ==, 1);

  g_assert_true (elicit_prompt_queue_push_from (f->queue, quiet, ":1.11"));
  g_assert_true (elicit_prompt_queue_push (f->queue, plain));
  g_assert_cmpuint (f->prompts->len, ==, 3);
  g_assert_true (prompt_at (f, 1) == quiet);
  g_assert_true (prompt_at (f, 2) == plain);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (f->queue)), ==, 5);
  /* "2 of 3" among its own origin's only. */
  g_assert_cmpuint (elicit_prompt_queue_get_position (f->queue, g_ptr_array_index (flood, 1)), ==, 2);
  g_assert_cmpuint (elicit_prompt_queue_get_n_pending_with (f->queue, g_ptr_array_index (flood, 1)), ==, 3);
  g_assert_cmpuint (elicit_prompt_queue_get_n_pending_with (f->queue, quiet), ==, 1);
  g_assert_cmpuint (elicit_prompt_queue_get_n_pending_with (f->queue, g_ptr_array_index (flood, 9)), ==, 0);

  /* The flooder goes away: its requests only. */
  elicit_prompt_queue_withdraw_origin (f->queue, ":1.10", "The program that asked went away");
  settle ();
  g_assert_cmpuint (f->withdrawn->len, ==, 3);
  g_assert_cmpstr (elicit_request_get_withdrawn_reason (g_ptr_array_index (flood, 2)), ==,
                   "The program that asked went away");
  g_assert_cmpint (elicit_request_get_state (quiet), ==, ELICIT_REQUEST_STATE_PENDING);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (f->queue)), ==, 2);
  /* Forgotten with it: the same name starts afresh. */
  g_ptr_array_add (flood, new_request (f));
  g_assert_true (elicit_prompt_queue_push_from (f->queue, g_ptr_array_index (flood, 10), ":1.10"));
  g_assert_cmpuint (f->prompts->len, ==, 4);
  elicit_prompt_queue_withdraw_origin (f->queue, ":1.12", "unknown: nothing happens");
  g_assert_cmpuint (elicit_prompt_queue_cancel_with (f->queue, g_ptr_array_index (flood, 10)), ==, 1);
  g_assert_cmpint (elicit_request_get_state (quiet), ==, ELICIT_REQUEST_STATE_PENDING);

  answer_name (quiet, "Ada");
  g_assert_cmpstr (json_object_get_string_member (elicit_request_get_content (quiet), "name"), ==,
                   "Ada");
  g_assert_true (json_object_has_member (elicit_request_get_params (quiet), "requestedSchema"));
}

static void
test_withdraw_all (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(ElicitRequest) first = new_request (f);
  g_autoptr(ElicitRequest) second = new_request (f);

  g_assert_true (elicit_prompt_queue_push (f->queue, first));
  g_assert_true (elicit_prompt_queue_push (f->queue, second));

  elicit_prompt_queue_withdraw_all (f->queue, NULL, "The server went away");
  settle ();

  g_assert_cmpint (elicit_request_get_state (first), ==, ELICIT_REQUEST_STATE_WITHDRAWN);
  g_assert_cmpint (elicit_request_get_state (second), ==, ELICIT_REQUEST_STATE_WITHDRAWN);
  g_assert_cmpstr (elicit_request_get_withdrawn_reason (second), ==, "The server went away");
  g_assert_cmpuint (f->withdrawn->len, ==, 2);
  /* The second one was never shown, and nothing was sent. */
  g_assert_cmpuint (f->prompts->len, ==, 1);
  g_assert_cmpuint (f->answers->len, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (f->queue)), ==, 0);
}

static void
test_cancel_all (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(ElicitRequest) first = new_request (f);
  g_autoptr(ElicitRequest) second = new_request (f);
  g_autoptr(ElicitRequest) third = new_request (f);
  g_autoptr(ElicitRequest) not_queued = new_request (f);

  g_assert_true (elicit_prompt_queue_push (f->queue, first));
  g_assert_true (elicit_prompt_queue_push (f->queue, second));
  g_assert_true (elicit_prompt_queue_push (f->queue, third));
  g_assert_cmpuint (elicit_prompt_queue_get_position (f->queue, first), ==, 1);
  g_assert_cmpuint (elicit_prompt_queue_get_position (f->queue, third), ==, 3);
  g_assert_cmpuint (elicit_prompt_queue_get_position (f->queue, not_queued), ==, 0);

  g_assert_cmpuint (elicit_prompt_queue_cancel_all (f->queue, NULL), ==, 3);
  settle ();

  /* Each answered `cancel` once, in the order they came; none shown after. */
  g_assert_cmpuint (f->answers->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpstr (g_ptr_array_index (f->answers, i), ==, "{\"action\":\"cancel\"}");
  g_assert_cmpuint (f->prompts->len, ==, 1);
  g_assert_cmpuint (elicit_prompt_queue_get_n_pending (f->queue, NULL), ==, 0);
  g_assert_cmpuint (elicit_prompt_queue_get_position (f->queue, second), ==, 0);
  g_assert_cmpuint (elicit_prompt_queue_cancel_all (f->queue, NULL), ==, 0);
  g_assert_cmpuint (f->answers->len, ==, 3);
}

static void
count_changes_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  GString    *log)
{
  g_string_append_printf (log, "%u-%u+%u ", position, removed, added);
}

static void
test_list_model (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(ElicitRequest) first = new_request (f);
  g_autoptr(ElicitRequest) second = new_request (f);
  g_autoptr(ElicitRequest) item = NULL;
  g_autoptr(GString) log = g_string_new (NULL);

  g_signal_connect (f->queue, "items-changed", G_CALLBACK (count_changes_cb), log);
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (f->queue)) == ELICIT_TYPE_REQUEST);

  elicit_prompt_queue_push (f->queue, first);
  elicit_prompt_queue_push (f->queue, second);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (f->queue)), ==, 2);
  item = g_list_model_get_item (G_LIST_MODEL (f->queue), 1);
  g_assert_true (item == second);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (f->queue), 2));

  elicit_request_cancel (first);
  settle ();
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (f->queue)), ==, 1);
  g_assert_cmpstr (log->str, ==, "0-0+1 1-0+1 0-1+0 ");
  g_signal_handlers_disconnect_by_func (f->queue, count_changes_cb, log);
}

static void
test_dropped_queue_cancels (Fixture       *f,
                            gconstpointer  data)
{
  ElicitRequest *request = new_request (f);

  elicit_prompt_queue_push (f->queue, request);
  g_object_unref (request);
  g_ptr_array_set_size (f->prompts, 0);
  g_assert_cmpuint (f->answers->len, ==, 0);

  /* The last reference goes with the queue: the server is told `cancel`
   * rather than left waiting. */
  g_clear_object (&f->queue);
  g_assert_cmpuint (f->answers->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (f->answers, 0), ==, "{\"action\":\"cancel\"}");
  f->queue = elicit_prompt_queue_new ();
}

/* Real sessions over socket pairs ------------------------------------------- */

static void
result_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static Server *
server_connect (void)
{
  Server *server = g_new0 (Server, 1);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  server->transport = fake_peer_new (&server->peer);
  server->session = elicit_session_new (server->transport);
  elicit_session_set_protocol_versions (server->session, fake_legacy_versions);

  elicit_session_connect_async (server->session, NULL, result_cb, &result);
  fake_peer_expect (server->peer, INIT_REQUEST);
  fake_peer_send_line (server->peer, INIT_RESULT);
  while (result == NULL)
    spin_once ();
  g_assert_true (elicit_session_connect_finish (server->session, result, &error));
  g_assert_no_error (error);
  g_clear_object (&result);
  fake_peer_expect (server->peer, INITIALIZED);

  return server;
}

static void
server_free (Server *server)
{
  g_autoptr(GAsyncResult) result = NULL;

  elicit_session_close_async (server->session, NULL, result_cb, &result);
  while (result == NULL)
    spin_once ();
  g_assert_true (elicit_session_close_finish (server->session, result, NULL));
  g_clear_object (&result);
  g_assert_finalize_object (server->session);
  g_assert_finalize_object (server->transport);
  fake_peer_free (server->peer);
  g_free (server);
}

static void
send_elicitation (Server *server,
                  guint   id)
{
  g_autofree char *line =
    g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%u,\"method\":\"elicitation/create\","
                     "\"params\":" FORM_PARAMS "}", id);

  fake_peer_send_line (server->peer, line);
}

static void
test_servers_do_not_wait_for_each_other (Fixture       *f,
                                         gconstpointer  data)
{
  Server *a = server_connect ();
  Server *b = server_connect ();
  g_autoptr(ElicitSession) session = NULL;

  elicit_prompt_queue_add_session (f->queue, a->session);
  elicit_prompt_queue_add_session (f->queue, b->session);

  send_elicitation (a, 10);
  send_elicitation (a, 11);
  fake_peer_sync (a->peer);
  send_elicitation (b, 20);
  fake_peer_sync (b->peer);
  settle ();

  /* One of each server's, at the same time. */
  g_assert_cmpuint (f->prompts->len, ==, 2);
  session = elicit_request_dup_session (prompt_at (f, 0));
  g_assert_true (session == a->session);
  g_clear_object (&session);
  session = elicit_request_dup_session (prompt_at (f, 1));
  g_assert_true (session == b->session);
  g_assert_true (elicit_prompt_queue_get_shown (f->queue, a->session) == prompt_at (f, 0));
  g_assert_cmpuint (elicit_prompt_queue_get_n_pending (f->queue, a->session), ==, 2);
  g_assert_cmpuint (elicit_prompt_queue_get_n_pending (f->queue, b->session), ==, 1);

  /* The answer goes back to the server that asked, with its id. */
  answer_name (prompt_at (f, 1), "Grace");
  fake_peer_expect (b->peer,
                    "{\"jsonrpc\":\"2.0\",\"id\":20,\"result\":{\"action\":\"accept\","
                    "\"content\":{\"name\":\"Grace\"}}}");
  answer_name (prompt_at (f, 0), "Ada");
  fake_peer_expect (a->peer,
                    "{\"jsonrpc\":\"2.0\",\"id\":10,\"result\":{\"action\":\"accept\","
                    "\"content\":{\"name\":\"Ada\"}}}");
  settle ();
  g_assert_cmpuint (f->prompts->len, ==, 3);
  g_clear_object (&session);
  session = elicit_request_dup_session (prompt_at (f, 2));
  g_assert_true (session == a->session);
  elicit_request_decline (prompt_at (f, 2));
  fake_peer_expect (a->peer, "{\"jsonrpc\":\"2.0\",\"id\":11,\"result\":{\"action\":\"decline\"}}");

  g_clear_object (&session);
  g_ptr_array_set_size (f->prompts, 0);
  server_free (a);
  server_free (b);
}

static void
test_flood (Fixture       *f,
            gconstpointer  data)
{
  Server *server = server_connect ();
  g_autoptr(GString) flood = g_string_new (NULL);

  elicit_prompt_queue_add_session (f->queue, server->session);

  for (guint id = 1; id <= 1000; id++)
    g_string_append_printf (flood, "{\"jsonrpc\":\"2.0\",\"id\":%u,\"method\":\"elicitation/create\","
                            "\"params\":" FORM_PARAMS "}\n", id);
  fake_peer_send (server->peer, flood->str);

  /* The 984 beyond the cap are answered at once, in order, with the one
   * documented error, whatever the reason the user is told. */
  for (guint id = 17; id <= 1000; id++)
    {
      g_autofree char *expected =
        g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%u,\"error\":{\"code\":-31000,"
                         "\"message\":\"Refused without asking the user: too many requests\"}}",
                         id);

      fake_peer_expect (server->peer, expected);
    }
  fake_peer_sync (server->peer);
  settle ();

  g_assert_cmpuint (f->prompts->len, ==, 1);
  g_assert_cmpuint (f->refused->len, ==, 984);
  g_assert_cmpuint (elicit_prompt_queue_get_n_pending (f->queue, server->session), ==, 16);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (f->queue)), ==, 16);

  elicit_request_cancel (prompt_at (f, 0));
  fake_peer_expect (server->peer, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"action\":\"cancel\"}}");
  settle ();
  g_assert_cmpuint (f->prompts->len, ==, 2);
  g_assert_cmpuint (elicit_prompt_queue_get_n_pending (f->queue, server->session), ==, 15);

  g_ptr_array_set_size (f->prompts, 0);
  server_free (server);
}

/* A request whose schema would be costly to read: the most fields a form takes, each with a pattern to compile. */
static char *
costly_elicitation (guint id)
{
  g_autoptr(GString) line = g_string_new (NULL);

  g_string_append_printf (line, "{\"jsonrpc\":\"2.0\",\"id\":%u,\"method\":\"elicitation/create\","
                          "\"params\":{\"message\":\"Everything?\",\"requestedSchema\":"
                          "{\"type\":\"object\",\"properties\":{", id);
  for (guint i = 0; i < 1000; i++)
    g_string_append_printf (line, "%s\"f%u\":{\"type\":\"string\",\"pattern\":\"^(a+)+$\"}",
                            i > 0 ? "," : "", i);
  g_string_append (line, "}}}}");

  return g_string_free (g_steal_pointer (&line), FALSE);
}

/* The limits come before the parsing: a server over its rate limit gets
 * the usual error for a request whose schema is never read. */
static void
test_rate_limit_before_parsing (Fixture       *f,
                                gconstpointer  data)
{
  Server *server = server_connect ();
  g_autofree char *costly = costly_elicitation (2);
  guint parsed;

  elicit_prompt_queue_set_burst (f->queue, 1);
  elicit_prompt_queue_set_rate (f->queue, 0.0);
  elicit_prompt_queue_add_session (f->queue, server->session);

  send_elicitation (server, 1);
  fake_peer_sync (server->peer);
  settle ();
  g_assert_cmpuint (f->prompts->len, ==, 1);

  parsed = elicit_request_get_n_parsed ();
  fake_peer_send_line (server->peer, costly);
  fake_peer_expect (server->peer,
                    "{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-31000,"
                    "\"message\":\"Refused without asking the user: too many requests\"}}");
  settle ();
  g_assert_cmpuint (elicit_request_get_n_parsed (), ==, parsed);
  g_assert_cmpuint (f->refused->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (f->refused, 0), ==, TOO_FAST);

  /* Once removed, the session's requests are read again, whatever the queue thought. */
  elicit_prompt_queue_remove_session (f->queue, server->session);
  send_elicitation (server, 3);
  fake_peer_expect (server->peer, "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"action\":\"cancel\"}}");
  g_assert_cmpuint (elicit_request_get_n_parsed (), ==, parsed + 1);

  elicit_request_cancel (prompt_at (f, 0));
  fake_peer_expect (server->peer, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"action\":\"cancel\"}}");
  g_ptr_array_set_size (f->prompts, 0);
  server_free (server);
}

static void
test_disconnect_withdraws (Fixture       *f,
                           gconstpointer  data)
{
  Server *server = server_connect ();
  g_autoptr(ElicitRequest) shown = NULL;

  elicit_prompt_queue_add_session (f->queue, server->session);
  send_elicitation (server, 1);
  send_elicitation (server, 2);
  send_elicitation (server, 3);
  fake_peer_sync (server->peer);
  g_assert_cmpuint (f->prompts->len, ==, 1);
  shown = g_object_ref (prompt_at (f, 0));

  fake_peer_close (server->peer);
  while (elicit_session_get_state (server->session) != ELICIT_SESSION_STATE_CLOSED)
    spin_once ();
  settle ();

  /* Shown or waiting, all three are withdrawn; none of the others is shown. */
  g_assert_cmpuint (f->withdrawn->len, ==, 3);
  g_assert_cmpuint (f->prompts->len, ==, 1);
  g_assert_cmpint (elicit_request_get_state (shown), ==, ELICIT_REQUEST_STATE_WITHDRAWN);
  g_assert_cmpstr (elicit_request_get_withdrawn_reason (shown), ==,
                   "the connection was closed by the peer");
  for (guint i = 0; i < 3; i++)
    g_assert_cmpint (elicit_request_get_state (g_ptr_array_index (f->withdrawn, i)), ==,
                     ELICIT_REQUEST_STATE_WITHDRAWN);
  g_assert_cmpuint (elicit_prompt_queue_get_n_pending (f->queue, server->session), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (f->queue)), ==, 0);

  g_ptr_array_set_size (f->prompts, 0);
  g_ptr_array_set_size (f->withdrawn, 0);
  g_clear_object (&shown);
  server_free (server);
}

static void
test_cancelled_waiting_request (Fixture       *f,
                                gconstpointer  data)
{
  Server *server = server_connect ();

  elicit_prompt_queue_add_session (f->queue, server->session);
  send_elicitation (server, 1);
  send_elicitation (server, 2);
  send_elicitation (server, 3);
  fake_peer_send_line (server->peer,
                       "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                       "\"params\":{\"requestId\":2,\"reason\":\"changed my mind\"}}");
  fake_peer_sync (server->peer);

  g_assert_cmpuint (f->withdrawn->len, ==, 1);
  g_assert_cmpstr (elicit_request_get_withdrawn_reason (g_ptr_array_index (f->withdrawn, 0)), ==,
                   "changed my mind");
  g_assert_cmpuint (elicit_prompt_queue_get_n_pending (f->queue, server->session), ==, 2);

  /* The withdrawn one is skipped: after the first comes the third. */
  elicit_request_decline (prompt_at (f, 0));
  fake_peer_expect (server->peer, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"action\":\"decline\"}}");
  settle ();
  g_assert_cmpuint (f->prompts->len, ==, 2);
  elicit_request_decline (prompt_at (f, 1));
  fake_peer_expect (server->peer, "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"action\":\"decline\"}}");

  g_ptr_array_set_size (f->prompts, 0);
  g_ptr_array_set_size (f->withdrawn, 0);
  server_free (server);
}

static void
test_removed_session (Fixture       *f,
                      gconstpointer  data)
{
  Server *server = server_connect ();

  elicit_prompt_queue_add_session (f->queue, server->session);
  elicit_prompt_queue_add_session (f->queue, server->session);
  send_elicitation (server, 1);
  fake_peer_sync (server->peer);
  g_assert_cmpuint (f->prompts->len, ==, 1);

  elicit_prompt_queue_remove_session (f->queue, server->session);
  send_elicitation (server, 2);
  /* No longer queued: nobody keeps it, so the session answers cancel. */
  fake_peer_expect (server->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"action\":\"cancel\"}}");
  g_assert_cmpuint (f->prompts->len, ==, 1);
  g_assert_cmpuint (elicit_prompt_queue_get_n_pending (f->queue, server->session), ==, 1);

  g_ptr_array_set_size (f->prompts, 0);
  server_free (server);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define TEST(path, func) \
  g_test_add ("/Elicit/PromptQueue/" path, Fixture, NULL, setup, func, teardown)

  TEST ("shows-one-request-at-a-time-in-the-order-they-arrived", test_one_at_a_time_in_order);
  TEST ("refuses-requests-beyond-the-cap-with-a-json-rpc-error", test_cap_refuses_with_an_error);
  TEST ("refuses-a-server-that-sends-faster-than-its-rate-limit", test_rate_limit);
  TEST ("refuses-over-the-rate-limit-before-parsing-the-schema", test_rate_limit_before_parsing);
  TEST ("withdraw-all-withdraws-shown-and-waiting-requests", test_withdraw_all);
  TEST ("is-a-list-model-of-the-requests-it-holds", test_list_model);
  TEST ("each-origin-has-its-own-place-cap-and-rate-limit", test_origins_have_their_own_places);
  TEST ("a-dropped-queue-lets-the-server-know", test_dropped_queue_cancels);
  TEST ("cancel-all-answers-each-waiting-request-cancel-once", test_cancel_all);
  TEST ("servers-do-not-wait-for-each-other", test_servers_do_not_wait_for_each_other);
  TEST ("a-flood-of-1000-keeps-one-prompt-and-sixteen-requests", test_flood);
  TEST ("a-disconnecting-server-withdraws-its-shown-and-queued-prompts", test_disconnect_withdraws);
  TEST ("a-request-cancelled-while-waiting-is-never-shown", test_cancelled_waiting_request);
  TEST ("a-removed-session-is-no-longer-queued", test_removed_session);

  return g_test_run ();
}
