/* test-sign-in.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "elicit.h"
#include "elicit-sign-in-private.h"

#define AUTH_URL "https://auth.example.com/authorize?client_id=abc&state=xyz"

static ElicitSignIn *
sign_in_new (void)
{
  const char *scopes[] = { "read", "write", NULL };

  return elicit_sign_in_new ("Work", "https://mcp.example.com/mcp",
                             "https://auth.example.com", AUTH_URL, scopes);
}

static void
count_cb (ElicitSignIn *sign_in,
          guint        *count)
{
  (*count)++;
}

static gboolean
time_out_cb (gpointer user_data)
{
  g_error ("timed out waiting for the sign-in");
  return G_SOURCE_REMOVE;
}

static void
wait_for (gboolean *flag)
{
  guint timeout = g_timeout_add_seconds (30, time_out_cb, NULL);

  while (!*flag)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (timeout);
}

static void
test_describes_the_sign_in (void)
{
  g_autoptr(ElicitSignIn) sign_in = sign_in_new ();
  const char * const *scopes = elicit_sign_in_get_scopes (sign_in);

  g_assert_cmpstr (elicit_sign_in_get_server_label (sign_in), ==, "Work");
  g_assert_cmpstr (elicit_sign_in_get_resource (sign_in), ==, "https://mcp.example.com/mcp");
  g_assert_cmpstr (elicit_sign_in_get_authorization_server (sign_in), ==,
                   "https://auth.example.com");
  g_assert_cmpstr (elicit_sign_in_get_authorization_url (sign_in), ==, AUTH_URL);
  g_assert_cmpuint (g_strv_length ((GStrv) scopes), ==, 2);
  g_assert_cmpstr (scopes[1], ==, "write");
  g_assert_cmpint (elicit_sign_in_get_state (sign_in), ==, ELICIT_SIGN_IN_STATE_CONSENT);
  g_assert_null (elicit_sign_in_get_error (sign_in));
}

static void
test_approve_then_done_finishes_once (void)
{
  g_autoptr(ElicitSignIn) sign_in = sign_in_new ();
  guint finished = 0;

  g_signal_connect (sign_in, "finished", G_CALLBACK (count_cb), &finished);

  elicit_sign_in_approve (sign_in);
  g_assert_cmpint (elicit_sign_in_get_state (sign_in), ==, ELICIT_SIGN_IN_STATE_BROWSER);
  elicit_sign_in_advance (sign_in, ELICIT_SIGN_IN_STATE_EXCHANGING);
  elicit_sign_in_advance (sign_in, ELICIT_SIGN_IN_STATE_DONE);
  elicit_sign_in_cancel (sign_in);

  g_assert_cmpint (elicit_sign_in_get_state (sign_in), ==, ELICIT_SIGN_IN_STATE_DONE);
  g_assert_cmpuint (finished, ==, 1);
}

static void
test_cancel_cancels_the_flow (void)
{
  g_autoptr(ElicitSignIn) sign_in = sign_in_new ();
  g_autoptr(GError) error = g_error_new_literal (ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_TOKEN,
                                                 "late");
  guint finished = 0;

  g_signal_connect (sign_in, "finished", G_CALLBACK (count_cb), &finished);

  elicit_sign_in_cancel (sign_in);
  elicit_sign_in_fail (sign_in, error);
  elicit_sign_in_approve (sign_in);

  g_assert_cmpint (elicit_sign_in_get_state (sign_in), ==, ELICIT_SIGN_IN_STATE_CANCELLED);
  g_assert_true (g_cancellable_is_cancelled (elicit_sign_in_get_cancellable (sign_in)));
  g_assert_null (elicit_sign_in_get_error (sign_in));
  g_assert_cmpuint (finished, ==, 1);
}

static void
test_fail_keeps_the_error (void)
{
  g_autoptr(ElicitSignIn) sign_in = sign_in_new ();
  g_autoptr(GError) error = g_error_new_literal (ELICIT_AUTH_ERROR,
                                                 ELICIT_AUTH_ERROR_ACCESS_DENIED,
                                                 "You refused");

  elicit_sign_in_fail (sign_in, error);

  g_assert_cmpint (elicit_sign_in_get_state (sign_in), ==, ELICIT_SIGN_IN_STATE_FAILED);
  g_assert_error (elicit_sign_in_get_error (sign_in), ELICIT_AUTH_ERROR,
                  ELICIT_AUTH_ERROR_ACCESS_DENIED);
  g_assert_false (g_cancellable_is_cancelled (elicit_sign_in_get_cancellable (sign_in)));
}

/* What elicit_sign_in_launch_browser_async() said. */
typedef struct
{
  gboolean  done;
  gboolean  ok;
  GError   *error;
} Launch;

static void
launched_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  Launch *launch = user_data;

  launch->ok = elicit_sign_in_launch_browser_finish (ELICIT_SIGN_IN (object), result,
                                                     &launch->error);
  launch->done = TRUE;
}

static void
notify_finished_cb (ElicitSignIn *sign_in,
                    gboolean     *finished)
{
  *finished = TRUE;
}

/* The command records its arguments, then fails so that the sign-in ends
 * and the test has an event to wait for. */
static void
test_launch_runs_the_browser_command_with_the_url (void)
{
  g_autoptr(ElicitSignIn) sign_in = sign_in_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("elicit-sign-in-XXXXXX", &error);
  g_autofree char *file = g_build_filename (dir, "url", NULL);
  g_autofree char *quoted = g_shell_quote (file);
  g_autofree char *script = g_strdup_printf ("printf \"%%s|\" \"$@\" > %s; exit 3", quoted);
  const char *command[] = { "sh", "-c", script, "sh", NULL };
  g_autofree char *seen = NULL;
  Launch launch = { FALSE, FALSE, NULL };
  gboolean finished = FALSE;

  g_assert_no_error (error);
  g_signal_connect (sign_in, "finished", G_CALLBACK (notify_finished_cb), &finished);
  elicit_sign_in_set_browser_command (sign_in, command);
  g_assert_cmpstrv (elicit_sign_in_get_browser_command (sign_in), command);
  elicit_sign_in_launch_browser_async (sign_in, NULL, launched_cb, &launch);
  while (!launch.done)
    g_main_context_iteration (NULL, TRUE);
  /* Launched (the command may have ended already: no state to check). */
  g_assert_no_error (launch.error);
  g_assert_true (launch.ok);

  wait_for (&finished);
  g_assert_true (g_file_get_contents (file, &seen, NULL, NULL));
  g_assert_cmpstr (seen, ==, AUTH_URL "|");
  g_assert_error (elicit_sign_in_get_error (sign_in), ELICIT_AUTH_ERROR,
                  ELICIT_AUTH_ERROR_BROWSER);

  g_unlink (file);
  g_rmdir (dir);
}

static void
test_failing_browser_command_fails_the_sign_in (void)
{
  g_autoptr(ElicitSignIn) sign_in = sign_in_new ();
  Launch launch = { FALSE, FALSE, NULL };
  gboolean finished = FALSE;

  const char *command[] = { "false", NULL };

  g_signal_connect (sign_in, "finished", G_CALLBACK (notify_finished_cb), &finished);
  elicit_sign_in_set_browser_command (sign_in, command);
  elicit_sign_in_launch_browser_async (sign_in, NULL, launched_cb, &launch);
  wait_for (&finished);
  while (!launch.done)
    g_main_context_iteration (NULL, TRUE);
  g_clear_error (&launch.error);

  g_assert_cmpint (elicit_sign_in_get_state (sign_in), ==, ELICIT_SIGN_IN_STATE_FAILED);
  g_assert_error (elicit_sign_in_get_error (sign_in), ELICIT_AUTH_ERROR,
                  ELICIT_AUTH_ERROR_BROWSER);
  g_assert_cmpstr (elicit_sign_in_get_error (sign_in)->message, ==,
                   "The browser command failed before the sign-in came back");
}

static void
test_a_missing_browser_command_is_an_error (void)
{
  g_autoptr(ElicitSignIn) sign_in = sign_in_new ();
  const char *command[] = { "/nonexistent/elicit-browser", NULL };
  Launch launch = { FALSE, FALSE, NULL };

  elicit_sign_in_set_browser_command (sign_in, command);
  elicit_sign_in_launch_browser_async (sign_in, NULL, launched_cb, &launch);
  while (!launch.done)
    g_main_context_iteration (NULL, TRUE);

  g_assert_false (launch.ok);
  g_assert_error (launch.error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_BROWSER);
  g_assert_true (g_str_has_prefix (launch.error->message, "Could not run the browser command: "));
  g_clear_error (&launch.error);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Elicit/SignIn/describes-the-sign-in", test_describes_the_sign_in);
  g_test_add_func ("/Elicit/SignIn/approve-then-done-finishes-once",
                   test_approve_then_done_finishes_once);
  g_test_add_func ("/Elicit/SignIn/cancel-cancels-the-flow", test_cancel_cancels_the_flow);
  g_test_add_func ("/Elicit/SignIn/fail-keeps-the-error", test_fail_keeps_the_error);
  g_test_add_func ("/Elicit/SignIn/launch-runs-the-browser-command-with-the-url",
                   test_launch_runs_the_browser_command_with_the_url);
  g_test_add_func ("/Elicit/SignIn/failing-browser-command-fails-the-sign-in",
                   test_failing_browser_command_fails_the_sign_in);
  g_test_add_func ("/Elicit/SignIn/a-missing-browser-command-is-an-error",
                   test_a_missing_browser_command_is_an_error);

  return g_test_run ();
}
