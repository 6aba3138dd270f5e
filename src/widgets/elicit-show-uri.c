/* elicit-show-uri.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* How the dialogs open a page the user agreed to open (ElicitDialog's URL
 * mode, ElicitSignInDialog): the desktop's handler for the URL, through the
 * portal when sandboxed, with the dialog as its parent; never a shell.
 * GtkUriLauncher where GTK has it (4.10), gtk_show_uri_full() before. */

#include "config.h"

#include "elicit-show-uri-private.h"

typedef struct
{
  GtkWindow         *parent;
  ElicitShowUriDone  done;
} ShowUri;

static void
show_uri_done (ShowUri  *show,
               gboolean  launched,
               GError   *error)
{
  /* Cancelled: the dialog is going, nobody waits for the answer. */
  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    show->done (show->parent, launched, error);

  g_clear_error (&error);
  g_object_unref (show->parent);
  g_free (show);
}

#if GTK_CHECK_VERSION (4, 10, 0)
static void
uri_launcher_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  GError *error = NULL;
  gboolean launched;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  launched = gtk_uri_launcher_launch_finish (GTK_URI_LAUNCHER (object), result, &error);
  G_GNUC_END_IGNORE_DEPRECATIONS
  show_uri_done (user_data, launched, error);
}
#else
static void
show_uri_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  GError *error = NULL;
  gboolean launched;

  launched = gtk_show_uri_full_finish (GTK_WINDOW (object), result, &error);
  show_uri_done (user_data, launched, error);
}
#endif

/* elicit_show_uri:
 * @parent: the dialog that asked the user; held until @done ran
 * @uri: an http or https URL the user consented to open
 * @cancellable: cancelled when @parent goes: @done is not called then
 * @done: called once the browser was started, or could not be
 *
 * Opens @uri in the user's browser.
 */
void
elicit_show_uri (GtkWindow         *parent,
                 const char        *uri,
                 GCancellable      *cancellable,
                 ElicitShowUriDone  done)
{
  ShowUri *show = g_new0 (ShowUri, 1);

  g_assert (GTK_IS_WINDOW (parent));
  g_assert (uri != NULL);
  g_assert (done != NULL);

  show->parent = g_object_ref (parent);
  show->done = done;

#if GTK_CHECK_VERSION (4, 10, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  {
    g_autoptr(GtkUriLauncher) launcher = gtk_uri_launcher_new (uri);

    gtk_uri_launcher_launch (launcher, parent, cancellable, uri_launcher_cb, show);
  }
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  gtk_show_uri_full (parent, uri, GDK_CURRENT_TIME, cancellable, show_uri_cb, show);
#endif
}
