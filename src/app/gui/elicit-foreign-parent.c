/* elicit-foreign-parent.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The D-Bus prompter's dialogs over the window of the program that asked,
 * named as xdg-desktop-portal names it: "x11:XID" (hexadecimal) or
 * "wayland:HANDLE" (exported with xdg_foreign). GTK 4 has no API for a
 * parent in another process: on X11 the WM_TRANSIENT_FOR hint is set on the
 * dialog's surface, on Wayland the exported handle is imported, once the
 * dialog is realized, as xdg-desktop-portal-gnome does. A handle of the
 * other windowing system, or one that no longer exists, leaves the dialog
 * without a parent. */

#include "config.h"

#include <string.h>

#include "elicit-foreign-parent.h"

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/wayland/gdkwayland.h>
#endif

#define PARENT_KEY "elicit-foreign-parent"

#ifdef GDK_WINDOWING_X11
static void
set_x11_parent (GdkSurface *surface,
                const char *xid_text)
{
  guint64 xid = g_ascii_strtoull (xid_text, NULL, 16);

  if (xid == 0)
    return;

  gdk_x11_display_error_trap_push (gdk_surface_get_display (surface));
  XSetTransientForHint (GDK_SURFACE_XDISPLAY (surface), GDK_SURFACE_XID (surface), (Window) xid);
  /* A window that is gone: no parent, nothing else. */
  gdk_x11_display_error_trap_pop_ignored (gdk_surface_get_display (surface));
}
#endif

static void
realize_cb (GtkWidget *window)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  const char *parent = g_object_get_data (G_OBJECT (window), PARENT_KEY);

  if (surface == NULL || parent == NULL)
    return;

#ifdef GDK_WINDOWING_X11
  if (GDK_IS_X11_SURFACE (surface) && g_str_has_prefix (parent, "x11:"))
    set_x11_parent (surface, parent + strlen ("x11:"));
#endif
#ifdef GDK_WINDOWING_WAYLAND
  if (GDK_IS_WAYLAND_TOPLEVEL (surface) && g_str_has_prefix (parent, "wayland:") &&
      !gdk_wayland_toplevel_set_transient_for_exported (GDK_TOPLEVEL (surface),
                                                        (char *) parent + strlen ("wayland:")))
    g_debug ("the caller's window %s could not be the dialog's parent", parent);
#endif
}

/* elicit_foreign_parent_set:
 * @window: a window not yet realized
 * @parent_window: (nullable): "x11:XID", "wayland:HANDLE", or NULL for none
 *
 * Puts @window over another program's window, instead of any window of
 * this one.
 */
void
elicit_foreign_parent_set (GtkWindow  *window,
                           const char *parent_window)
{
  g_return_if_fail (GTK_IS_WINDOW (window));
  g_return_if_fail (!gtk_widget_get_realized (GTK_WIDGET (window)));

  if (parent_window == NULL || *parent_window == '\0')
    return;

  gtk_window_set_transient_for (window, NULL);
  g_object_set_data_full (G_OBJECT (window), PARENT_KEY, g_strdup (parent_window), g_free);
  g_signal_connect (window, "realize", G_CALLBACK (realize_cb), NULL);
}
