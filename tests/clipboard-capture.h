/* clipboard-capture.h: what a test's own dialog copies, read back on X11
 * and on Wayland alike.
 *
 * On Wayland the compositor hands the selection only to the window with
 * the keyboard focus, and takes it back at once from any other; the tests
 * that run beside one take the focus whenever a window of theirs maps.
 * There, what this process puts on the clipboard is caught as it is put.
 * On X11 it is read back, not "is it ours": the tests run in parallel on
 * one display, and another may copy the same text at the same time.
 *
 *   clipboard_capture_begin (&capture, dialog);   before the copy
 *   clipboard_capture_request (&capture);          after it
 *   WAIT_UNTIL (capture.text != NULL);
 *   clipboard_capture_end (&capture);
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>

typedef struct
{
  GdkClipboard *clipboard;
  char         *text;
} ClipboardCapture;

static inline gboolean
clipboard_capture_on_wayland (void)
{
  return g_strcmp0 (g_getenv ("GDK_BACKEND"), "wayland") == 0;
}

static void
clipboard_capture_changed_cb (GdkClipboard     *clipboard,
                              ClipboardCapture *capture)
{
  GdkContentProvider *content = gdk_clipboard_get_content (clipboard);
  GValue value = G_VALUE_INIT;

  if (content == NULL || !gdk_clipboard_is_local (clipboard))
    return;
  g_value_init (&value, G_TYPE_STRING);
  if (gdk_content_provider_get_value (content, &value, NULL))
    {
      g_free (capture->text);
      capture->text = g_value_dup_string (&value);
    }
  g_value_unset (&value);
}

static void
clipboard_capture_read_cb (GObject      *object,
                           GAsyncResult *result,
                           gpointer      user_data)
{
  ClipboardCapture *capture = user_data;
  g_autoptr(GError) error = NULL;

  capture->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (object), result, &error);
  g_assert_no_error (error);
}

static inline void
clipboard_capture_begin (ClipboardCapture *capture,
                         GtkWidget        *widget)
{
  capture->clipboard = gtk_widget_get_clipboard (widget);
  capture->text = NULL;
  if (clipboard_capture_on_wayland ())
    g_signal_connect (capture->clipboard, "changed",
                      G_CALLBACK (clipboard_capture_changed_cb), capture);
}

/* After a copy: on X11, reads the clipboard back into capture->text; on
 * Wayland, what was put there is in capture->text already. */
static inline void
clipboard_capture_request (ClipboardCapture *capture)
{
  if (!clipboard_capture_on_wayland ())
    gdk_clipboard_read_text_async (capture->clipboard, NULL, clipboard_capture_read_cb, capture);
}

static inline void
clipboard_capture_end (ClipboardCapture *capture)
{
  if (capture->clipboard != NULL)
    g_signal_handlers_disconnect_by_func (capture->clipboard, clipboard_capture_changed_cb,
                                          capture);
  capture->clipboard = NULL;
  g_clear_pointer (&capture->text, g_free);
}
