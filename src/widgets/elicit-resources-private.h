/* elicit-resources-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include <glib.h>

G_BEGIN_DECLS

/* Makes sure the widgets' GResource (templates under /org/gnome/World/Elicit/ui) is
 * linked in, and so registered. Call it in the class_init of every widget
 * with a template, before gtk_widget_class_set_template_from_resource(). */
void elicit_ensure_resources (void);

void elicit_ensure_dark_css   (GdkDisplay *display);
void elicit_ensure_dialog_css (GtkWidget  *widget);

G_END_DECLS
