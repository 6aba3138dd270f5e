/* test-sign-in-dialog.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <locale.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "clipboard-capture.h"
#include "elicit-gtk.h"
#include "elicit-sign-in-private.h"
#include "elicit-render-private.h"
#include "elicit-sign-in-dialog-private.h"

#define TIMEOUT_S 10

#define AUTH_URL "https://login.auth.example.com/authorize?response_type=code&client_id=elicit" \
                 "&state=Zm9vYmFy&code_challenge=abc&code_challenge_method=S256"
/* A Cyrillic look-alike of apple.com, as in the URL-mode tests. */
#define LOOKALIKE_URL "https://xn--80ak6aa92e.com/authorize?client_id=elicit&state=s"

/* Fixture: a sign-in as the authorizer would make it, and its dialog. */
typedef struct
{
  ElicitSignIn *sign_in;
  GtkWidget    *dialog;
  GPtrArray    *launched;   /* URLs "opened in the browser" */
  gboolean      launch_fails;
  guint         n_finished;
  ClipboardCapture capture; /* what the dialog put on the clipboard */
} Fixture;

static gboolean
launch_cb (ElicitSignInDialog  *dialog,
           const char          *uri,
           gpointer             user_data,
           GError             **error)
{
  Fixture *fixture = user_data;

  g_ptr_array_add (fixture->launched, g_strdup (uri));

  if (fixture->launch_fails)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "No browser here");
      return FALSE;
    }

  return TRUE;
}

static void
finished_cb (ElicitSignIn *sign_in,
             Fixture      *fixture)
{
  fixture->n_finished++;
}

static void
drain_events (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static gboolean
timeout_cb (gpointer user_data)
{
  g_error ("Timed out waiting for %s", (const char *) user_data);
  return G_SOURCE_REMOVE;
}

#define WAIT_UNTIL(cond) G_STMT_START {                                       \
    guint _timeout = g_timeout_add_seconds (TIMEOUT_S, timeout_cb, (gpointer)#cond); \
    while (!(cond))                                                           \
      g_main_context_iteration (NULL, TRUE);                                  \
    g_source_remove (_timeout);                                               \
  } G_STMT_END

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->launched = g_ptr_array_new_with_free_func (g_free);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  if (fixture->dialog != NULL)
    {
      GtkWidget *dialog = g_steal_pointer (&fixture->dialog);

      gtk_window_destroy (GTK_WINDOW (dialog));
      drain_events ();
      g_assert_finalize_object (dialog);
    }

  /* Whatever the test did, the sign-in ended, exactly once. */
  if (fixture->sign_in != NULL)
    {
      g_assert_cmpint (elicit_sign_in_get_state (fixture->sign_in), >=, ELICIT_SIGN_IN_STATE_DONE);
      g_assert_cmpuint (fixture->n_finished, ==, 1);
      g_assert_finalize_object (g_steal_pointer (&fixture->sign_in));
    }

  g_ptr_array_unref (fixture->launched);
  clipboard_capture_end (&fixture->capture);
}

static void
show_dialog_full (Fixture            *fixture,
                  const char         *label,
                  const char         *url,
                  const char * const *scopes,
                  guint               delay)
{
  fixture->sign_in = elicit_sign_in_new (label, "https://mcp.example.com/mcp",
                                         "https://auth.example.com", url, scopes);
  g_signal_connect (fixture->sign_in, "finished", G_CALLBACK (finished_cb), fixture);

  fixture->dialog = g_object_ref (elicit_sign_in_dialog_new (fixture->sign_in));
  elicit_sign_in_dialog_set_accept_delay (ELICIT_SIGN_IN_DIALOG (fixture->dialog), delay);
  elicit_sign_in_dialog_set_launch_func (ELICIT_SIGN_IN_DIALOG (fixture->dialog), launch_cb, fixture);

  clipboard_capture_begin (&fixture->capture, fixture->dialog);

  gtk_window_present (GTK_WINDOW (fixture->dialog));
  WAIT_UNTIL (gtk_widget_get_mapped (fixture->dialog));
  drain_events ();
}

static void
show_dialog (Fixture    *fixture,
             const char *url,
             guint       delay)
{
  const char *scopes[] = { "mcp:tools", "offline_access", NULL };

  show_dialog_full (fixture, "Work Tracker", url, scopes, delay);
}

static ElicitSignInDialog *
dialog (Fixture *fixture)
{
  return ELICIT_SIGN_IN_DIALOG (fixture->dialog);
}

/* Also checks that ElicitSignInDialog:can-sign-in says what the button shows. */
static gboolean
sign_in_sensitive (Fixture *fixture)
{
  gboolean sensitive = gtk_widget_is_sensitive (elicit_sign_in_dialog_get_sign_in_button (dialog (fixture)));

  g_assert_cmpint (elicit_sign_in_dialog_get_can_sign_in (dialog (fixture)), ==, sensitive);
  return sensitive;
}

static gboolean
window_gone (Fixture *fixture)
{
  return !gtk_widget_get_visible (fixture->dialog);
}

/* Among what the user sees: mapped widgets only. */
static GtkLabel *
find_label (GtkWidget  *widget,
            const char *text)
{
  if (!gtk_widget_get_mapped (widget))
    return NULL;

  if (GTK_IS_LABEL (widget) && g_str_equal (gtk_label_get_text (GTK_LABEL (widget)), text))
    return GTK_LABEL (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_label (child, text);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* Shown: visible, on the page the stack shows. */
static gboolean
shows_label (Fixture    *fixture,
             const char *text)
{
  GtkLabel *label = find_label (fixture->dialog, text);

  return label != NULL && gtk_widget_get_mapped (GTK_WIDGET (label));
}

/* The button around the visible, mapped label @text. */
static GtkWidget *
find_button (Fixture    *fixture,
             const char *text)
{
  GtkLabel *label = find_label (fixture->dialog, text);
  GtkWidget *button;

  g_assert_nonnull (label);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (label)));
  button = gtk_widget_get_ancestor (GTK_WIDGET (label), GTK_TYPE_BUTTON);
  g_assert_nonnull (button);

  return button;
}

static void
click (GtkWidget *button)
{
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  drain_events ();
}

static char *
clipboard_text (Fixture *fixture)
{
  clipboard_capture_request (&fixture->capture);
  WAIT_UNTIL (fixture->capture.text != NULL);

  return g_steal_pointer (&fixture->capture.text);
}

/* What the user reads */

static void
test_names_server_site_and_scopes (Fixture       *fixture,
                                   gconstpointer  data)
{
  show_dialog (fixture, AUTH_URL, 0);

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (fixture->dialog)), ==, "Sign In to Work Tracker");
  g_assert_true (shows_label (fixture, "Work Tracker"));
  g_assert_true (shows_label (fixture, "asks you to sign in"));
  g_assert_true (shows_label (fixture, "You will sign in at example.com"));
  g_assert_true (shows_label (fixture, "login.auth.example.com"));
  g_assert_true (shows_label (fixture, "Encrypted (HTTPS)"));
  g_assert_true (shows_label (fixture, "Permissions asked for:"));
  g_assert_true (shows_label (fixture, "mcp:tools"));
  g_assert_true (shows_label (fixture, "offline_access"));
  g_assert_cmpstr (elicit_sign_in_dialog_get_page (dialog (fixture)), ==, "consent");

  /* Nothing opened before consent. */
  g_assert_cmpuint (fixture->launched->len, ==, 0);
  g_assert_cmpint (elicit_sign_in_get_state (fixture->sign_in), ==, ELICIT_SIGN_IN_STATE_CONSENT);

  click (elicit_sign_in_dialog_get_cancel_button (dialog (fixture)));
}

static void
test_no_scopes_says_so (Fixture       *fixture,
                        gconstpointer  data)
{
  show_dialog_full (fixture, "Work Tracker", AUTH_URL, NULL, 0);

  g_assert_true (shows_label (fixture, "No particular permissions are asked for."));
  g_assert_false (shows_label (fixture, "Permissions asked for:"));

  click (elicit_sign_in_dialog_get_cancel_button (dialog (fixture)));
}

/* The server's label is its configured name: cleaned of controls and
 * direction overrides, never markup. */
static void
test_server_label_is_plain_text (Fixture       *fixture,
                                 gconstpointer  data)
{
  show_dialog_full (fixture, "<b>Work</b>\u202e Tracker\n", AUTH_URL, NULL, 0);

  g_assert_true (shows_label (fixture, "<b>Work</b> Tracker"));

  click (elicit_sign_in_dialog_get_cancel_button (dialog (fixture)));
}

static void
test_lookalike_authorization_server_warns (Fixture       *fixture,
                                           gconstpointer  data)
{
  GtkWidget *button;

  show_dialog (fixture, LOOKALIKE_URL, 0);

  g_assert_true (shows_label (fixture, "You will sign in at xn--80ak6aa92e.com"));
  g_assert_true (shows_label (fixture, "This address looks like apple.com, but it is a different site: xn--80ak6aa92e.com."));

  /* A warning: signing in is not the suggestion, but stays possible. */
  button = elicit_sign_in_dialog_get_sign_in_button (dialog (fixture));
  g_assert_false (gtk_widget_has_css_class (button, "suggested-action"));
  g_assert_true (sign_in_sensitive (fixture));

  click (elicit_sign_in_dialog_get_cancel_button (dialog (fixture)));
}

static void
test_refused_address_cannot_be_opened (Fixture       *fixture,
                                       gconstpointer  data)
{
  show_dialog (fixture, "https://auth.example.com\\@evil.example/authorize", 0);

  g_assert_true (shows_label (fixture, "This sign-in page will not be opened"));
  g_assert_false (gtk_widget_get_visible (elicit_sign_in_dialog_get_sign_in_button (dialog (fixture))));
  g_assert_false (elicit_sign_in_dialog_sign_in (dialog (fixture)));
  gtk_widget_activate_action (fixture->dialog, "sign-in.copy-link", NULL);
  g_assert_cmpuint (fixture->launched->len, ==, 0);
  g_assert_cmpint (elicit_sign_in_get_state (fixture->sign_in), ==, ELICIT_SIGN_IN_STATE_CONSENT);

  click (elicit_sign_in_dialog_get_cancel_button (dialog (fixture)));
}

/* Sign In */

static void
test_sign_in_waits_for_the_delay (Fixture       *fixture,
                                  gconstpointer  data)
{
  GtkWidget *button;

  show_dialog (fixture, AUTH_URL, 60000);

  button = elicit_sign_in_dialog_get_sign_in_button (dialog (fixture));
  g_assert_false (sign_in_sensitive (fixture));
  g_assert_false (elicit_sign_in_dialog_sign_in (dialog (fixture)));
  g_assert_false (gtk_widget_is_sensitive (find_button (fixture, "Copy Link")));

  /* Never the default: Return alone cannot sign in. */
  g_assert_false (gtk_widget_get_receives_default (button));
  g_assert_true (gtk_window_get_default_widget (GTK_WINDOW (fixture->dialog)) != button);
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (fixture->dialog)) != button);

  g_assert_cmpuint (fixture->launched->len, ==, 0);
  g_assert_cmpint (elicit_sign_in_get_state (fixture->sign_in), ==, ELICIT_SIGN_IN_STATE_CONSENT);

  elicit_sign_in_dialog_set_accept_delay (dialog (fixture), 0);
  g_assert_true (sign_in_sensitive (fixture));

  click (elicit_sign_in_dialog_get_cancel_button (dialog (fixture)));
}

static void
test_sign_in_opens_the_browser_and_waits (Fixture       *fixture,
                                          gconstpointer  data)
{
  show_dialog (fixture, AUTH_URL, 0);

  g_assert_true (sign_in_sensitive (fixture));
  click (elicit_sign_in_dialog_get_sign_in_button (dialog (fixture)));

  g_assert_cmpuint (fixture->launched->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (fixture->launched, 0), ==, AUTH_URL);
  g_assert_cmpint (elicit_sign_in_get_state (fixture->sign_in), ==, ELICIT_SIGN_IN_STATE_BROWSER);
  g_assert_cmpstr (elicit_sign_in_dialog_get_page (dialog (fixture)), ==, "status");
  g_assert_true (shows_label (fixture, "Finish signing in in your browser…"));
  g_assert_false (sign_in_sensitive (fixture));
  g_assert_true (gtk_widget_is_sensitive (find_button (fixture, "Copy Link")));

  /* The redirect came back, the code is exchanged, signed in: it closes. */
  elicit_sign_in_advance (fixture->sign_in, ELICIT_SIGN_IN_STATE_EXCHANGING);
  drain_events ();
  g_assert_true (shows_label (fixture, "Signing in…"));
  elicit_sign_in_advance (fixture->sign_in, ELICIT_SIGN_IN_STATE_DONE);
  WAIT_UNTIL (window_gone (fixture));
  g_assert_cmpint (elicit_sign_in_get_state (fixture->sign_in), ==, ELICIT_SIGN_IN_STATE_DONE);
}

static void
test_copy_link_copies_the_exact_url (Fixture       *fixture,
                                     gconstpointer  data)
{
  g_autofree char *text = NULL;
  g_autofree char *again = NULL;

  show_dialog (fixture, AUTH_URL, 0);

  click (find_button (fixture, "Copy Link"));
  text = clipboard_text (fixture);
  g_assert_cmpstr (text, ==, AUTH_URL);

  /* Copying is consent to sign in elsewhere: the sign-in waits for it. */
  g_assert_cmpint (elicit_sign_in_get_state (fixture->sign_in), ==, ELICIT_SIGN_IN_STATE_BROWSER);
  g_assert_cmpuint (fixture->launched->len, ==, 0);
  g_assert_cmpstr (elicit_sign_in_dialog_get_page (dialog (fixture)), ==, "status");

  /* And again while waiting. */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (fixture->dialog), "something else");
  click (find_button (fixture, "Copy Link"));
  again = clipboard_text (fixture);
  g_assert_cmpstr (again, ==, AUTH_URL);

  click (find_button (fixture, "Cancel"));
  WAIT_UNTIL (window_gone (fixture));
  g_assert_cmpint (elicit_sign_in_get_state (fixture->sign_in), ==, ELICIT_SIGN_IN_STATE_CANCELLED);
}

/* Beside the buttons, never scrolled away, with Copy Link beside it. */
static void
test_launch_failure_shown_beside_the_button (Fixture       *fixture,
                                             gconstpointer  data)
{
  g_autofree char *text = NULL;
  GtkWidget *error;
  GtkWidget *copy;

  show_dialog (fixture, AUTH_URL, 0);
  fixture->launch_fails = TRUE;

  click (elicit_sign_in_dialog_get_sign_in_button (dialog (fixture)));

  g_assert_cmpstr (elicit_sign_in_dialog_get_page (dialog (fixture)), ==, "consent");
  g_assert_true (shows_label (fixture, "Could not open a web browser: No browser here"));
  error = GTK_WIDGET (find_label (fixture->dialog, "Could not open a web browser: No browser here"));
  g_assert_null (gtk_widget_get_ancestor (error, GTK_TYPE_SCROLLED_WINDOW));

  /* Try again, or copy the link into a browser by hand. */
  g_assert_true (shows_label (fixture, "Try Again"));
  g_assert_true (sign_in_sensitive (fixture));
  copy = gtk_widget_get_next_sibling (error);
  g_assert_true (GTK_IS_BUTTON (copy));
  g_assert_nonnull (find_label (copy, "Copy Link"));
  click (copy);
  text = clipboard_text (fixture);
  g_assert_cmpstr (text, ==, AUTH_URL);
  g_assert_cmpstr (elicit_sign_in_dialog_get_page (dialog (fixture)), ==, "status");
  g_assert_cmpint (elicit_sign_in_get_state (fixture->sign_in), ==, ELICIT_SIGN_IN_STATE_BROWSER);

  gtk_window_close (GTK_WINDOW (fixture->dialog));
  WAIT_UNTIL (window_gone (fixture));
  g_assert_cmpint (elicit_sign_in_get_state (fixture->sign_in), ==, ELICIT_SIGN_IN_STATE_CANCELLED);
}

/* Endings */

static void
test_cancel_cancels_once (Fixture       *fixture,
                          gconstpointer  data)
{
  show_dialog (fixture, AUTH_URL, 60000);

  /* Cancel is never held back by the delay. */
  click (elicit_sign_in_dialog_get_cancel_button (dialog (fixture)));
  WAIT_UNTIL (window_gone (fixture));
  g_assert_cmpint (elicit_sign_in_get_state (fixture->sign_in), ==, ELICIT_SIGN_IN_STATE_CANCELLED);
  g_assert_cmpuint (fixture->n_finished, ==, 1);
  g_assert_cmpuint (fixture->launched->len, ==, 0);
}

static void
test_escape_cancels (Fixture       *fixture,
                     gconstpointer  data)
{
  show_dialog (fixture, AUTH_URL, 0);

  g_assert_true (gtk_widget_activate_action (fixture->dialog, "sign-in.cancel", NULL));
  WAIT_UNTIL (window_gone (fixture));
  g_assert_cmpint (elicit_sign_in_get_state (fixture->sign_in), ==, ELICIT_SIGN_IN_STATE_CANCELLED);
}

static void
test_closing_the_window_cancels (Fixture       *fixture,
                                 gconstpointer  data)
{
  show_dialog (fixture, AUTH_URL, 0);

  gtk_window_close (GTK_WINDOW (fixture->dialog));
  WAIT_UNTIL (window_gone (fixture));
  g_assert_cmpint (elicit_sign_in_get_state (fixture->sign_in), ==, ELICIT_SIGN_IN_STATE_CANCELLED);
}

static void
test_destroying_the_dialog_cancels (Fixture       *fixture,
                                    gconstpointer  data)
{
  show_dialog (fixture, AUTH_URL, 0);

  gtk_window_destroy (GTK_WINDOW (fixture->dialog));
  drain_events ();
  g_assert_finalize_object (g_steal_pointer (&fixture->dialog));
  g_assert_cmpint (elicit_sign_in_get_state (fixture->sign_in), ==, ELICIT_SIGN_IN_STATE_CANCELLED);
}

static void
test_failure_shows_the_error (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autoptr(GError) error = g_error_new_literal (ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_ACCESS_DENIED,
                                                 "The authorization server refused the sign-in: access_denied");

  show_dialog (fixture, AUTH_URL, 0);
  click (elicit_sign_in_dialog_get_sign_in_button (dialog (fixture)));

  elicit_sign_in_fail (fixture->sign_in, error);
  drain_events ();

  g_assert_cmpstr (elicit_sign_in_dialog_get_page (dialog (fixture)), ==, "status");
  g_assert_true (shows_label (fixture, "Could not sign in"));
  g_assert_true (shows_label (fixture, "The authorization server refused the sign-in: access_denied"));
  g_assert_false (shows_label (fixture, "Copy Link"));

  /* Closing now changes nothing: the sign-in already ended. */
  click (find_button (fixture, "Close"));
  WAIT_UNTIL (window_gone (fixture));
  g_assert_cmpint (elicit_sign_in_get_state (fixture->sign_in), ==, ELICIT_SIGN_IN_STATE_FAILED);
}

/* The program cancelled (the connection went away): the dialog goes too. */
static void
test_cancelled_elsewhere_closes (Fixture       *fixture,
                                 gconstpointer  data)
{
  show_dialog (fixture, AUTH_URL, 0);

  elicit_sign_in_cancel (fixture->sign_in);
  WAIT_UNTIL (window_gone (fixture));
}

/* The dialog renders to a PNG of its own size: into ELICIT_SCREENSHOT_DIR
 * when set (build-aux/screenshots.sh, the README's pictures), else into a
 * temporary folder, removed after. */
static void
test_renders (Fixture       *fixture,
              gconstpointer  data)
{
  const char *dir = g_getenv ("ELICIT_SCREENSHOT_DIR");
  const char *name = g_getenv ("ELICIT_SCREENSHOT_NAME");
  const char *scopes[] = { "mcp:tools", "mcp:resources", "offline_access", NULL };
  g_autofree char *tmp = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;

  if (dir == NULL)
    {
      tmp = g_dir_make_tmp ("elicit-sign-in-XXXXXX", &error);
      g_assert_no_error (error);
      dir = tmp;
    }

  show_dialog_full (fixture, "Work Tracker", AUTH_URL, scopes, 0);
  path = g_build_filename (dir, name != NULL ? name : "sign-in.png", NULL);
  g_assert_true (elicit_render_window_to_png (fixture->dialog, path, &error));
  g_assert_no_error (error);

  texture = gdk_texture_new_from_filename (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), >=, gtk_widget_get_width (fixture->dialog));
  g_assert_cmpint (gdk_texture_get_height (texture), >=, gtk_widget_get_height (fixture->dialog));

  if (tmp != NULL)
    {
      g_assert_cmpint (g_remove (path), ==, 0);
      g_assert_cmpint (g_rmdir (tmp), ==, 0);
    }

  click (elicit_sign_in_dialog_get_cancel_button (dialog (fixture)));
}

#define ADD(path, func) \
  g_test_add ("/Elicit/SignInDialog/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  gtk_test_init (&argc, &argv, NULL);
  /* No crossfade: a page the stack left is unmapped at once. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  ADD ("names-the-server-the-site-and-the-scopes", test_names_server_site_and_scopes);
  ADD ("says-when-no-scopes-are-asked-for", test_no_scopes_says_so);
  ADD ("shows-the-server-label-as-plain-text", test_server_label_is_plain_text);
  ADD ("warns-about-a-look-alike-authorization-server", test_lookalike_authorization_server_warns);
  ADD ("refuses-an-address-it-must-not-open", test_refused_address_cannot_be_opened);
  ADD ("sign-in-waits-for-the-delay-and-is-never-the-default", test_sign_in_waits_for_the_delay);
  ADD ("sign-in-opens-the-browser-and-waits", test_sign_in_opens_the_browser_and_waits);
  ADD ("copy-link-copies-the-exact-url", test_copy_link_copies_the_exact_url);
  ADD ("launch-failure-shown-beside-the-button", test_launch_failure_shown_beside_the_button);
  ADD ("cancel-cancels-once", test_cancel_cancels_once);
  ADD ("escape-cancels", test_escape_cancels);
  ADD ("closing-the-window-cancels", test_closing_the_window_cancels);
  ADD ("destroying-the-dialog-cancels", test_destroying_the_dialog_cancels);
  ADD ("failure-shows-the-error", test_failure_shows_the_error);
  ADD ("cancelled-elsewhere-closes", test_cancelled_elsewhere_closes);
  ADD ("renders", test_renders);

  return g_test_run ();
}
