/* elicit-render.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "elicit-dialog.h"
#include "elicit-dialog-private.h"
#include "elicit-init-private.h"
#include "elicit-render-private.h"

/*
 * Renders an ElicitDialog to a PNG, for `elicit lint --render` and the
 * screenshots. GTK only draws mapped widgets (and skips transparent ones), so
 * the window is mapped for the two frames it takes, taking no input and never
 * presented (no focus is requested), then destroyed. On a desktop it may
 * flicker; under Xvfb nobody sees it.
 */

#define RENDER_TIMEOUT_S 10

typedef struct
{
  gboolean painted;
  gboolean timed_out;
} RenderWait;

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       user_data)
{
  RenderWait *wait = user_data;

  wait->painted = TRUE;
}

static gboolean
timeout_cb (gpointer user_data)
{
  RenderWait *wait = user_data;

  wait->timed_out = TRUE;

  return G_SOURCE_REMOVE;
}

static gboolean
wait_for_paint (GtkWidget  *window,
                GError    **error)
{
  RenderWait wait = { FALSE, FALSE };
  GdkFrameClock *clock;
  gulong handler;
  guint timeout;

  while (!gtk_widget_get_mapped (window) && !wait.timed_out)
    g_main_context_iteration (NULL, TRUE);

  clock = gtk_widget_get_frame_clock (window);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &wait);
  timeout = g_timeout_add_seconds (RENDER_TIMEOUT_S, timeout_cb, &wait);

  /* Two frames: the first one's layout may change what the second shows
   * (scrollbars appear once the content's size is known). */
  for (guint frames = 0; frames < 2 && !wait.timed_out; frames++)
    {
      wait.painted = FALSE;
      gtk_widget_queue_draw (window);
      while (!wait.painted && !wait.timed_out)
        g_main_context_iteration (NULL, TRUE);
    }

  g_signal_handler_disconnect (clock, handler);
  if (!wait.timed_out)
    g_source_remove (timeout);

  if (!wait.painted)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                           _("The dialog was not drawn in time"));
      return FALSE;
    }

  return TRUE;
}

static gboolean
save_png (GtkWidget   *window,
          const char  *path,
          GError     **error)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  int width = gtk_widget_get_width (window);
  int height = gtk_widget_get_height (window);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL || renderer == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("The dialog could not be rendered"));
      return FALSE;
    }

  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (!gdk_texture_save_to_png (texture, path))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Could not write “%s”"), path);
      return FALSE;
    }

  return TRUE;
}

/*
 * elicit_render_dialog_to_png:
 * @request: a request, normally without a session
 * @server_label: (nullable): the name to show for the server
 * @server_claim: (nullable): what the server calls itself
 * @path: where to write the PNG
 * @error: return location for a #GError
 *
 * Draws the dialog @request would get, as it looks when it appears (Accept
 * enabled if the form's defaults are valid), into a PNG file. Needs GTK
 * initialised with a display. A pending @request is cancelled afterwards, as
 * any dialog that closes does.
 */
gboolean
elicit_render_dialog_to_png (ElicitRequest  *request,
                             const char     *server_label,
                             const char     *server_claim,
                             const char     *path,
                             GError        **error)
{
  g_autoptr(GtkWidget) dialog = NULL;
  gboolean ret;

  g_return_val_if_fail (ELICIT_IS_REQUEST (request), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  elicit_ensure_i18n ();

  if (gdk_display_get_default () == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED,
                           _("Rendering needs a display"));
      return FALSE;
    }

  dialog = g_object_ref_sink (elicit_dialog_new (request));
  elicit_dialog_set_accept_delay (ELICIT_DIALOG (dialog), 0);
  if (server_label != NULL)
    elicit_dialog_set_server_label (ELICIT_DIALOG (dialog), server_label);
  if (server_claim != NULL)
    elicit_dialog_set_server_claim (ELICIT_DIALOG (dialog), server_claim);

  gtk_widget_set_can_target (dialog, FALSE);
  gtk_widget_set_visible (dialog, TRUE);

  ret = wait_for_paint (dialog, error) && save_png (dialog, path, error);

  gtk_window_destroy (GTK_WINDOW (dialog));

  return ret;
}
