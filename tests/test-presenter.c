/* test-presenter.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* ElicitPresenter: the queue's requests become dialogs, one per turn, with
 * the presenter's parent and accept delay (the app's setting, through the
 * GSettings memory backend the tests run with); ::ask takes a request away
 * from it; sign-ins get the same delay; close_all answers what is open. */

#include "config.h"

#include <locale.h>

#include <gtk/gtk.h>

#include "elicit-gtk.h"
#include "elicit-settings.h"
#include "elicit-sign-in-private.h"

#define TIMEOUT_S 10

typedef struct
{
  ElicitPresenter *presenter;
  GPtrArray       *dialogs;    /* ElicitDialogs created, borrowed */
  GPtrArray       *requests;
  guint            n_all_closed;
} Fixture;

static const char *FORM =
  "{\"message\": \"Your name?\", \"requestedSchema\": {\"type\": \"object\", "
  "\"properties\": {\"name\": {\"type\": \"string\", \"title\": \"Name\"}}}}";

static gboolean
timeout_cb (gpointer user_data)
{
  g_error ("Timed out waiting for %s", (const char *) user_data);
  return G_SOURCE_REMOVE;
}

#define WAIT_UNTIL(cond) G_STMT_START {                                                \
    guint _timeout = g_timeout_add_seconds (TIMEOUT_S, timeout_cb, (gpointer) #cond);  \
    while (!(cond))                                                                    \
      g_main_context_iteration (NULL, TRUE);                                           \
    g_source_remove (_timeout);                                                        \
  } G_STMT_END

static void
drain_events (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
dialog_created_cb (ElicitPresenter *presenter,
                   ElicitDialog    *dialog,
                   Fixture         *fixture)
{
  g_ptr_array_add (fixture->dialogs, dialog);
}

static void
all_closed_cb (ElicitPresenter *presenter,
               Fixture         *fixture)
{
  fixture->n_all_closed++;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->presenter = elicit_presenter_new (NULL);
  fixture->dialogs = g_ptr_array_new ();
  fixture->requests = g_ptr_array_new_with_free_func (g_object_unref);
  g_signal_connect (fixture->presenter, "dialog-created", G_CALLBACK (dialog_created_cb), fixture);
  g_signal_connect (fixture->presenter, "all-closed", G_CALLBACK (all_closed_cb), fixture);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  elicit_presenter_close_all (fixture->presenter);
  drain_events ();
  g_assert_finalize_object (g_steal_pointer (&fixture->presenter));

  /* Every request the presenter was given ended in an answer. */
  for (guint i = 0; i < fixture->requests->len; i++)
    g_assert_cmpint (elicit_request_get_state (g_ptr_array_index (fixture->requests, i)), !=,
                     ELICIT_REQUEST_STATE_PENDING);

  g_ptr_array_unref (fixture->requests);
  g_ptr_array_unref (fixture->dialogs);
}

static ElicitRequest *
push_request (Fixture *fixture)
{
  g_autoptr(JsonNode) params = elicit_json_parse (FORM, -1, 64, NULL);
  g_autoptr(GError) error = NULL;
  ElicitRequest *request;

  request = elicit_request_new (json_node_get_object (params), &error);
  g_assert_no_error (error);
  g_ptr_array_add (fixture->requests, request);
  g_assert_true (elicit_prompt_queue_push (elicit_presenter_get_queue (fixture->presenter), request));

  return request;
}

static ElicitDialog *
dialog_at (Fixture *fixture,
           guint    index)
{
  g_assert_cmpuint (fixture->dialogs->len, >, index);

  return g_ptr_array_index (fixture->dialogs, index);
}

static void
test_the_accept_delay_setting_reaches_the_dialog (Fixture       *fixture,
                                                  gconstpointer  data)
{
  g_autoptr(GSettings) settings = elicit_settings_new ();

  g_assert_nonnull (settings);
  g_settings_set_uint (settings, "accept-delay", 1234);
  elicit_settings_bind_accept_delay (settings, fixture->presenter);
  g_assert_cmpuint (elicit_presenter_get_accept_delay (fixture->presenter), ==, 1234);

  push_request (fixture);
  g_assert_cmpuint (elicit_dialog_get_accept_delay (dialog_at (fixture, 0)), ==, 1234);
}

static void
test_a_dialog_per_turn_over_the_parent (Fixture       *fixture,
                                        gconstpointer  data)
{
  g_autoptr(GtkWidget) parent = g_object_ref_sink (gtk_window_new ());
  ElicitRequest *first, *second;

  elicit_presenter_set_parent (fixture->presenter, GTK_WINDOW (parent));
  first = push_request (fixture);
  second = push_request (fixture);

  /* One server (none here: one origin) at a time. */
  g_assert_cmpuint (fixture->dialogs->len, ==, 1);
  g_assert_true (elicit_dialog_get_request (dialog_at (fixture, 0)) == first);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog_at (fixture, 0))) ==
                 GTK_WINDOW (parent));
  g_assert_cmpuint (elicit_presenter_get_n_open (fixture->presenter), ==, 1);

  elicit_request_decline (first);
  WAIT_UNTIL (fixture->dialogs->len == 2);
  g_assert_true (elicit_dialog_get_request (dialog_at (fixture, 1)) == second);

  elicit_request_cancel (second);
  WAIT_UNTIL (elicit_presenter_get_n_open (fixture->presenter) == 0);
  /* Said as the last one closed (and maybe between the two, too). */
  g_assert_cmpuint (fixture->n_all_closed, >=, 1);

  /* A parent that goes is forgotten. */
  gtk_window_destroy (GTK_WINDOW (parent));
  g_clear_object (&parent);
  g_assert_null (elicit_presenter_get_parent (fixture->presenter));
}

static gboolean
take_cb (ElicitPresenter *presenter,
         ElicitRequest   *request,
         GPtrArray       *taken)
{
  g_ptr_array_add (taken, g_object_ref (request));
  return TRUE;
}

static void
test_a_request_taken_in_ask_gets_no_dialog_until_presented (Fixture       *fixture,
                                                            gconstpointer  data)
{
  g_autoptr(GPtrArray) taken = g_ptr_array_new_with_free_func (g_object_unref);
  ElicitRequest *request;

  g_signal_connect (fixture->presenter, "ask", G_CALLBACK (take_cb), taken);
  request = push_request (fixture);
  g_assert_cmpuint (taken->len, ==, 1);
  g_assert_cmpuint (fixture->dialogs->len, ==, 0);
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_PENDING);

  /* The other way failed: the presenter shows it after all. */
  elicit_presenter_present (fixture->presenter, request);
  g_assert_cmpuint (fixture->dialogs->len, ==, 1);
  g_assert_true (elicit_dialog_get_request (dialog_at (fixture, 0)) == request);
}

static gboolean
answer_cb (ElicitPresenter *presenter,
           ElicitRequest   *request,
           gpointer         user_data)
{
  elicit_request_decline (request);
  return FALSE;
}

static void
test_a_request_answered_in_ask_gets_no_dialog (Fixture       *fixture,
                                               gconstpointer  data)
{
  ElicitRequest *request;

  g_signal_connect (fixture->presenter, "ask", G_CALLBACK (answer_cb), NULL);
  request = push_request (fixture);
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_DECLINED);
  g_assert_cmpuint (fixture->dialogs->len, ==, 0);
}

static void
test_close_all_cancels_what_is_open (Fixture       *fixture,
                                     gconstpointer  data)
{
  ElicitRequest *request = push_request (fixture);

  g_assert_cmpuint (fixture->dialogs->len, ==, 1);
  elicit_presenter_close_all (fixture->presenter);
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_CANCELLED);
  g_assert_cmpuint (elicit_presenter_get_n_open (fixture->presenter), ==, 0);
}

static void
test_a_sign_in_waits_the_same_delay (Fixture       *fixture,
                                     gconstpointer  data)
{
  g_autoptr(ElicitSignIn) sign_in = NULL;
  GList *toplevels;
  ElicitSignInDialog *dialog = NULL;

  sign_in = elicit_sign_in_new ("Remote", "https://mcp.example.com/mcp",
                                "https://auth.example.com",
                                "https://auth.example.com/authorize?client_id=x", NULL);
  elicit_presenter_set_accept_delay (fixture->presenter, 2345);
  g_assert_true (elicit_presenter_sign_in (fixture->presenter, sign_in));

  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ELICIT_IS_SIGN_IN_DIALOG (l->data))
      dialog = l->data;
  g_list_free (toplevels);

  g_assert_nonnull (dialog);
  g_assert_cmpuint (elicit_sign_in_dialog_get_accept_delay (dialog), ==, 2345);
  /* Closing the presenter's dialogs takes the sign-in's too. */
  elicit_presenter_close_all (fixture->presenter);
  drain_events ();
}

static void
add_test (const char *path,
          void (*func) (Fixture *, gconstpointer))
{
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_setenv ("LANGUAGE", "C", TRUE);
  gtk_test_init (&argc, &argv, NULL);

  add_test ("/Elicit/Presenter/the-accept-delay-setting-reaches-the-dialog",
            test_the_accept_delay_setting_reaches_the_dialog);
  add_test ("/Elicit/Presenter/a-dialog-per-turn-over-the-parent",
            test_a_dialog_per_turn_over_the_parent);
  add_test ("/Elicit/Presenter/a-request-taken-in-ask-gets-no-dialog-until-presented",
            test_a_request_taken_in_ask_gets_no_dialog_until_presented);
  add_test ("/Elicit/Presenter/a-request-answered-in-ask-gets-no-dialog",
            test_a_request_answered_in_ask_gets_no_dialog);
  add_test ("/Elicit/Presenter/close-all-cancels-what-is-open",
            test_close_all_cancels_what_is_open);
  add_test ("/Elicit/Presenter/a-sign-in-waits-the-same-delay",
            test_a_sign_in_waits_the_same_delay);

  return g_test_run ();
}
