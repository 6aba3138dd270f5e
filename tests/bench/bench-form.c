/* bench-form.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <gtk/gtk.h>

#include "elicit-gtk.h"

/*
 * How long building a form takes for the largest schemas a server may send:
 * a single choice with 100,000 options, a multiple choice with 10,000, and
 * 500 fields of every kind. Each form is built, laid out once in a window
 * (so lists create their visible rows), and destroyed; the best of a few runs
 * is printed, with the number of widgets the form made.
 */

#define RUNS 5

static char *
choice_schema (gboolean multiple,
               guint    n_options)
{
  GString *json = g_string_new ("{\"type\":\"object\",\"properties\":{\"pick\":{");

  g_string_append (json, multiple
                   ? "\"type\":\"array\",\"items\":{\"type\":\"string\",\"enum\":["
                   : "\"type\":\"string\",\"enum\":[");
  for (guint i = 0; i < n_options; i++)
    g_string_append_printf (json, "%s\"Option number %u\"", i == 0 ? "" : ",", i);
  g_string_append (json, multiple ? "]}}}}" : "]}}}");

  return g_string_free (json, FALSE);
}

static char *
many_fields_schema (guint n_fields)
{
  static const char * const kinds[] = {
    "\"type\":\"string\",\"description\":\"Some words about it\"",
    "\"type\":\"string\",\"format\":\"email\"",
    "\"type\":\"string\",\"format\":\"date\"",
    "\"type\":\"integer\",\"minimum\":0,\"maximum\":100",
    "\"type\":\"number\",\"default\":1.5",
    "\"type\":\"boolean\"",
    "\"type\":\"string\",\"enum\":[\"a\",\"b\",\"c\"]",
    "\"type\":\"array\",\"items\":{\"type\":\"string\",\"enum\":[\"x\",\"y\"]}",
  };
  GString *json = g_string_new ("{\"type\":\"object\",\"properties\":{");

  for (guint i = 0; i < n_fields; i++)
    g_string_append_printf (json, "%s\"field%u\":{\"title\":\"Field %u\",%s}",
                            i == 0 ? "" : ",", i, i, kinds[i % G_N_ELEMENTS (kinds)]);
  g_string_append (json, "}}");

  return g_string_free (json, FALSE);
}

static guint
count_widgets (GtkWidget *widget)
{
  guint n = 1;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_widgets (child);

  return n;
}

static void
settle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Builds the form, shows it and lays it out; returns the seconds it took. */
static double
build_once (ElicitSchema *schema,
            guint        *n_widgets)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  gint64 start = g_get_monotonic_time ();
  GtkWidget *form = elicit_form_new (schema);
  double elapsed;

  gtk_window_set_default_size (GTK_WINDOW (window), 600, 800);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), form);
  gtk_window_set_child (GTK_WINDOW (window), scroller);
  gtk_window_present (GTK_WINDOW (window));
  settle ();
  elapsed = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;

  *n_widgets = count_widgets (form);
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();

  return elapsed;
}

static void
bench (const char *label,
       char       *json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitSchema) schema = NULL;
  gint64 start = g_get_monotonic_time ();
  double parse, best = G_MAXDOUBLE;
  guint n_widgets = 0;

  schema = elicit_schema_new_from_data (json, -1, &error);
  parse = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  if (schema == NULL)
    g_error ("%s: %s", label, error->message);

  for (guint i = 0; i < RUNS; i++)
    best = MIN (best, build_once (schema, &n_widgets));

  g_print ("%-34s parse %8.2f ms   build+layout %8.2f ms (best of %d)   %6u widgets\n",
           label, parse * 1000, best * 1000, RUNS, n_widgets);
  g_free (json);
}

int
main (int   argc,
      char *argv[])
{
  gtk_init ();

  bench ("single choice, 100000 options", choice_schema (FALSE, 100000));
  bench ("multiple choice, 10000 options", choice_schema (TRUE, 10000));
  bench ("500 fields", many_fields_schema (500));

  return 0;
}
