/* elicit-resources.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-resources.h"
#include "elicit-resources-private.h"

/*
 * The resource registers itself when the program starts (a constructor in
 * the generated code), but only if the linker keeps that code: from a static
 * library it keeps only what something refers to. Referring to it here, from
 * every widget's class_init, keeps it.
 */
void
elicit_ensure_resources (void)
{
  (void) elicit_get_resource ();
}

static gboolean
theme_is_dark (GtkSettings *settings)
{
  g_autofree char *theme = NULL;
  gboolean prefer_dark = FALSE;
  const char *forced;

  g_object_get (settings,
                "gtk-theme-name", &theme,
                "gtk-application-prefer-dark-theme", &prefer_dark,
                NULL);

  /* GTK_THEME=Adwaita:dark picks the variant without telling the settings. */
  forced = g_getenv ("GTK_THEME");

  if (forced != NULL && *forced != '\0')
    return g_str_has_suffix (forced, ":dark") || g_str_has_suffix (forced, "-dark");

  return prefer_dark || (theme != NULL && g_str_has_suffix (theme, "-dark"));
}

static void
theme_changed_cb (GtkSettings    *settings,
                  GParamSpec     *pspec,
                  GtkCssProvider *provider)
{
  GdkDisplay *display = g_object_get_data (G_OBJECT (provider), "elicit-display");
  gboolean dark = theme_is_dark (settings);

  if (dark == GPOINTER_TO_INT (g_object_get_data (G_OBJECT (provider), "elicit-added")))
    return;

  if (dark)
    gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  else
    gtk_style_context_remove_provider_for_display (display, GTK_STYLE_PROVIDER (provider));
  g_object_set_data (G_OBJECT (provider), "elicit-added", GINT_TO_POINTER (dark));
}

/*
 * elicit_ensure_dark_css:
 * Once per display: the colours the dark theme needs for contrast, added
 * while the theme is dark, removed when it is not.
 */
void
elicit_ensure_dark_css (GdkDisplay *display)
{
  GtkSettings *settings;
  GtkCssProvider *provider;

  if (display == NULL || g_object_get_data (G_OBJECT (display), "elicit-dark-css") != NULL)
    return;

  settings = gtk_settings_get_for_display (display);
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, "/org/gnome/World/Elicit/ui/elicit-dark.css");
  g_object_set_data (G_OBJECT (provider), "elicit-display", display);
  g_object_set_data_full (G_OBJECT (display), "elicit-dark-css", provider, g_object_unref);
  g_signal_connect_object (settings, "notify::gtk-theme-name", G_CALLBACK (theme_changed_cb), provider, 0);
  g_signal_connect_object (settings, "notify::gtk-application-prefer-dark-theme",
                           G_CALLBACK (theme_changed_cb), provider, 0);
  theme_changed_cb (settings, NULL, provider);
}

/*
 * elicit_ensure_dialog_css:
 * Once per display: the look of the dialogs' windows (class elicit-dialog),
 * ElicitDialog's and ElicitSignInDialog's, and the dark theme's colours.
 */
void
elicit_ensure_dialog_css (GtkWidget *widget)
{
  GdkDisplay *display = gtk_widget_get_display (widget);
  g_autoptr(GtkCssProvider) provider = NULL;

  elicit_ensure_dark_css (display);
  if (g_object_get_data (G_OBJECT (display), "elicit-dialog-css") != NULL)
    return;

  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, "/org/gnome/World/Elicit/ui/elicit-dialog.css");
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION - 1);
  g_object_set_data (G_OBJECT (display), "elicit-dialog-css", GINT_TO_POINTER (1));
}
