/* elicit-dialog-layout.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* ElicitDialog: how tall the dialog and its scrolling body are. */

#include "config.h"

#include "elicit-gtk-i18n-private.h"

#include "elicit-dialog-private.h"


/* Parts of the dialog come and go after it is shown (the queue strip): a
 * window only grows by itself for its minimum size, and never shrinks.
 * Unset the height it was given, so that it fits its content again (up to
 * the body's cap, fit_to_monitor), neither scrolling the last field out of
 * sight nor keeping an empty gap. Never while a person works in the form:
 * what Send waits for has a line of its own that keeps its size. */
void
elicit_dialog_fit_content (ElicitDialog *self)
{
  int width, height;

  /* Prompts withdrawn while the app quits come here too: nothing to fit. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)) || gtk_widget_in_destruction (GTK_WIDGET (self)))
    return;

  /* The body's cap left room for what showed then. */
  elicit_dialog_fit_to_monitor (self);

  /* The default size follows the window's size once shown; the allocated
   * width would not do, it leaves out the frame and shrinks the window.
   * (GTK 4.8 wants both pointers.) */
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  gtk_window_set_default_size (GTK_WINDOW (self), width, -1);
}

#define MIN_BODY_HEIGHT 240

/* What the title bar, the server line, the summary and the buttons take. */
static int
measure_chrome (ElicitDialog *self)
{
  GtkWidget *titlebar = gtk_window_get_titlebar (GTK_WINDOW (self));
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int total = 0, natural, height;

  if (width <= 0)
    gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);

  for (GtkWidget *child = gtk_widget_get_first_child (self->request_page);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (child == self->body_scroller || !gtk_widget_get_visible (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, NULL, &natural, NULL, NULL);
      total += natural;
    }

  if (titlebar != NULL)
    {
      gtk_widget_measure (titlebar, GTK_ORIENTATION_VERTICAL, -1, NULL, &natural, NULL, NULL);
      total += natural;
    }

  return total;
}

/* The dialog grows with its content up to about 80% of the monitor; past
 * that the message and the form scroll together. */
void
elicit_dialog_fit_to_monitor (ElicitDialog *self)
{
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (self));
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));
  g_autoptr(GdkMonitor) first = NULL;
  GdkMonitor *monitor = NULL;
  GdkRectangle area;
  int height;

  if (surface != NULL)
    monitor = gdk_display_get_monitor_at_surface (display, surface);
  if (monitor == NULL)
    {
      first = g_list_model_get_item (gdk_display_get_monitors (display), 0);
      monitor = first;
    }
  if (monitor == NULL)
    return;

  gdk_monitor_get_geometry (monitor, &area);
  height = MAX (MIN_BODY_HEIGHT, area.height * 4 / 5 - measure_chrome (self));
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->body_scroller), height);
}
