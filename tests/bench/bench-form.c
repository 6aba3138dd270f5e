/* bench-form.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <gtk/gtk.h>

#include "elicit-gtk.h"

/* Forms that build long forms a batch a frame say when they are done. */
#if __has_include ("elicit-form-private.h")
#include "elicit-form-private.h"
#define form_complete(form) elicit_form_get_complete (form)
#else
#define form_complete(form) TRUE
#endif

/*
 * How long building a form takes for the largest schemas a server may send:
 * a single choice with 100,000 options, a multiple choice with 10,000, and
 * 500 fields of every kind. Each form is built, laid out once in a window
 * (so lists create their visible rows), and destroyed; the best of a few runs
 * is printed, with the number of widgets the form made.
 *
 * Then the same schemas as a request, as the person meets them: from the
 * request to its ElicitDialog built, mapped and its first frame painted, and
 * until a long form has built all its rows (with the longest frame in between),
 * the median of a few runs, next to a one-field request and the frame budget,
 * and 500 three-option drop-downs next to 500 text entries.
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

/* @n_fields fields all of one @kind (the JSON inside a property). */
static char *
same_fields_schema (guint       n_fields,
                    const char *kind)
{
  GString *json = g_string_new ("{\"type\":\"object\",\"properties\":{");

  for (guint i = 0; i < n_fields; i++)
    g_string_append_printf (json, "%s\"field%u\":{\"title\":\"Field %u\",%s}",
                            i == 0 ? "" : ",", i, i, kind);
  g_string_append (json, "}}");

  return g_string_free (json, FALSE);
}

#define THREE_OPTIONS "\"type\":\"string\",\"enum\":[\"a\",\"b\",\"c\"]"
#define PLAIN_TEXT    "\"type\":\"string\""

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

/* ---- request -> dialog on screen ---------------------------------------- */

#define DIALOG_RUNS 7
#define FRAME_BUDGET_MS (1000.0 / 60)

typedef struct
{
  gint64 start;
  gint64 built;
  gint64 mapped;
  gint64 painted;
  gint64 complete;
  gint64 last_paint;
  gint64 longest_frame;
} DialogRun;

static void
dialog_map_cb (GtkWidget *dialog,
               DialogRun *run)
{
  run->mapped = g_get_monotonic_time ();
}

static void
after_paint_cb (GdkFrameClock *clock,
                DialogRun     *run)
{
  gint64 now = g_get_monotonic_time ();

  if (run->painted == 0)
    run->painted = now;
  else
    run->longest_frame = MAX (run->longest_frame, now - run->last_paint);
  run->last_paint = now;
}

static ElicitForm *
find_form (GtkWidget *widget)
{
  if (ELICIT_IS_FORM (widget))
    return ELICIT_FORM (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      ElicitForm *form = find_form (child);

      if (form != NULL)
        return form;
    }

  return NULL;
}

static void
dialog_once (JsonObject *params,
             DialogRun  *run)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitRequest) request = NULL;
  GtkWidget *dialog;
  GdkFrameClock *clock;
  ElicitForm *form;

  memset (run, 0, sizeof *run);
  run->start = g_get_monotonic_time ();
  request = elicit_request_new (params, &error);
  if (request == NULL)
    g_error ("request: %s", error->message);
  dialog = elicit_dialog_new (request);
  run->built = g_get_monotonic_time ();
  g_signal_connect (dialog, "map", G_CALLBACK (dialog_map_cb), run);
  gtk_window_present (GTK_WINDOW (dialog));
  clock = gtk_widget_get_frame_clock (dialog);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), run);

  while (run->painted == 0)
    g_main_context_iteration (NULL, TRUE);

  /* The rows a long form builds after its first frame, a batch a frame. */
  form = find_form (dialog);
  while (form != NULL && !form_complete (form))
    g_main_context_iteration (NULL, TRUE);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  run->complete = g_get_monotonic_time ();

  g_signal_handlers_disconnect_by_data (clock, run);
  gtk_window_destroy (GTK_WINDOW (dialog));
  settle ();
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *values,
        guint   n)
{
  qsort (values, n, sizeof (double), (int (*) (const void *, const void *)) compare_double);

  return values[n / 2];
}

typedef struct
{
  double built, mapped, painted, complete, frame;
} DialogFigures;

static DialogFigures
bench_dialog (const char *label,
              char       *schema_json)
{
  g_autofree char *json = g_strdup_printf ("{\"message\":\"Please fill in the form\","
                                           "\"requestedSchema\":%s}", schema_json);
  g_autoptr(JsonNode) node = json_from_string (json, NULL);
  double built[DIALOG_RUNS], mapped[DIALOG_RUNS], painted[DIALOG_RUNS];
  double complete[DIALOG_RUNS], frame[DIALOG_RUNS];
  DialogFigures figures;

  for (guint i = 0; i < DIALOG_RUNS; i++)
    {
      DialogRun run;

      dialog_once (json_node_get_object (node), &run);
      built[i] = (run.built - run.start) / 1000.0;
      mapped[i] = (run.mapped - run.start) / 1000.0;
      painted[i] = (run.painted - run.start) / 1000.0;
      complete[i] = (run.complete - run.start) / 1000.0;
      frame[i] = run.longest_frame / 1000.0;
    }

  figures.built = median (built, DIALOG_RUNS);
  figures.mapped = median (mapped, DIALOG_RUNS);
  figures.painted = median (painted, DIALOG_RUNS);
  figures.complete = median (complete, DIALOG_RUNS);
  figures.frame = median (frame, DIALOG_RUNS);
  g_print ("%-34s built %7.1f  mapped %7.1f  first frame %7.1f  all rows %7.1f ms"
           "  (longest frame after %5.1f ms)\n",
           label, figures.built, figures.mapped, figures.painted, figures.complete, figures.frame);
  g_free (schema_json);

  return figures;
}

int
main (int   argc,
      char *argv[])
{
  DialogFigures one, many, texts, enums, choice, multi;

  gtk_init ();

  if (argc < 2 || !g_str_equal (argv[1], "--dialogs-only"))
    {
      bench ("single choice, 100000 options", choice_schema (FALSE, 100000));
      bench ("multiple choice, 10000 options", choice_schema (TRUE, 10000));
      bench ("500 fields", many_fields_schema (500));
    }

  g_print ("\nRequest -> dialog (median of %d; ms from the request's params)\n", DIALOG_RUNS);
  one = bench_dialog ("1 field", many_fields_schema (1));
  many = bench_dialog ("500 mixed fields", many_fields_schema (500));
  texts = bench_dialog ("500 text fields", same_fields_schema (500, PLAIN_TEXT));
  enums = bench_dialog ("500 three-option enums", same_fields_schema (500, THREE_OPTIONS));
  choice = bench_dialog ("single choice, 100000 options", choice_schema (FALSE, 100000));
  multi = bench_dialog ("multiple choice, 10000 options", choice_schema (TRUE, 10000));
  g_print ("500 fields / 1 field, mapped: %.2fx   first frame: %.2fx\n",
           many.mapped / one.mapped, many.painted / one.painted);
  g_print ("500 fields mapped / frame budget (%.1f ms): %.2fx   first frame: %.2fx\n",
           FRAME_BUDGET_MS, many.mapped / FRAME_BUDGET_MS, many.painted / FRAME_BUDGET_MS);
  g_print ("500 three-option enums / 500 text fields, mapped: %.2fx   all rows: %.2fx\n",
           enums.mapped / texts.mapped, enums.complete / texts.complete);
  g_print ("100000-option choice / 1 field, mapped: %.2fx   first frame: %.2fx\n",
           choice.mapped / one.mapped, choice.painted / one.painted);
  g_print ("10000-option multiple choice / 1 field, mapped: %.2fx   first frame: %.2fx\n",
           multi.mapped / one.mapped, multi.painted / one.painted);

  return 0;
}
