/* bench-call.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/*
 * How fast `elicit call` puts a question on screen, next to `zenity --forms`
 * on the same machine in the same run:
 *
 *   bench-call --elicit ELICIT --server DEMO-SERVER [--zenity ZENITY] [--runs N]
 *              [--ask-server ASK-SERVER] [--before ELICIT]
 *
 * For elicit it runs `elicit call --tool confirm -- DEMO-SERVER` with
 * ELICIT_BENCH_TIMING set, which makes it print "elicit-timing EVENT USEC"
 * lines on stderr (CLOCK_MONOTONIC, as g_get_monotonic_time() here), and
 * measures:
 *
 *   start -> first frame    from spawning elicit to the dialog's first painted frame
 *   line -> mapped          from the elicitation/create line arriving to the dialog mapped
 *                          (2025-11-25), and from the InputRequiredResult arriving to the
 *                          dialog mapped (2026-07-28, multi-round-trip input)
 *   start -> window mapped  from spawning to the X server reporting the window mapped,
 *                          observed here, the same way as for zenity
 *
 * and for zenity the last one; for both, the resident memory with the dialog
 * open. With --ask-server (tests/bench/ask-server.py), also the first
 * dialog's line -> mapped next to a later one's in the same call, the server
 * asking at once and a second after the call (`elicit call` warm by then);
 * the target is one frame (16.7 ms) between them. Those are timed twice:
 * from when elicit read the line (its "elicitation-received" mark), and
 * from when the server wrote it (ask-server's own clock, the same
 * CLOCK_MONOTONIC): a question that waits in the pipe while elicit is busy
 * counts only in the second. Each with each program's default renderer, then
 * with GSK_RENDERER=cairo, alternating. --before ELICIT measures a second
 * build (say, main's) in turn with the first, in the same run, for a
 * before/after on the same load. Needs an X display (Xvfb will do); without
 * one it says so and exits 0. Never a pass/fail verdict on speed.
 */

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <X11/Xlib.h>

#define DEADLINE_USEC (30 * G_USEC_PER_SEC)

typedef struct
{
  GArray *start_frame, *line_mapped, *mrtr_mapped, *start_window, *start_line;
  GArray *zenity_window, *elicit_rss, *zenity_rss;
  GArray *first_now, *later_now, *first_late, *later_late;
  /* the same four, from when the server wrote the line */
  GArray *first_now_wrote, *later_now_wrote, *first_late_wrote, *later_late_wrote;
} Figures;

typedef struct
{
  gint64 start;
  gint64 rss_kib;
  gint64 x_mapped;
  gint64 received;
  gint64 mapped;
  gint64 first_frame;
  gint64 received_at[2];  /* the first two questions: line read, dialog mapped */
  gint64 mapped_at[2];
  gint64 asked_at[2];     /* ... and the line written, by the server's clock */
  guint  n_received, n_mapped;
} Run;

static gint64
parse_timing (const char *line,
              const char *event)
{
  g_autofree char *prefix = g_strdup_printf ("elicit-timing %s ", event);

  if (!g_str_has_prefix (line, prefix))
    return 0;

  return g_ascii_strtoll (line + strlen (prefix), NULL, 10);
}

static void
note_timing (Run        *run,
             const char *line)
{
  gint64 t;

  if ((t = parse_timing (line, "elicitation-received")) != 0)
    {
      run->received = run->received != 0 ? run->received : t;
      if (run->n_received < G_N_ELEMENTS (run->received_at))
        run->received_at[run->n_received++] = t;
    }
  else if ((t = parse_timing (line, "dialog-mapped")) != 0)
    {
      run->mapped = run->mapped != 0 ? run->mapped : t;
      if (run->n_mapped < G_N_ELEMENTS (run->mapped_at))
        run->mapped_at[run->n_mapped++] = t;
    }
  else if ((t = parse_timing (line, "dialog-first-frame")) != 0)
    run->first_frame = t;
}

/* Reads what is there of the child's stderr, line by line. */
static void
read_stderr (int      fd,
             GString *buffer,
             Run     *run)
{
  char chunk[4096];
  gssize n = read (fd, chunk, sizeof chunk);
  char *nl;

  if (n <= 0)
    return;

  g_string_append_len (buffer, chunk, n);
  while ((nl = memchr (buffer->str, '\n', buffer->len)) != NULL)
    {
      g_autofree char *line = g_strndup (buffer->str, nl - buffer->str);

      note_timing (run, line);
      g_string_erase (buffer, 0, nl - buffer->str + 1);
    }
}

static void
drain_x (Display *display,
         Run     *run)
{
  while (XPending (display) > 0)
    {
      XEvent event;

      XNextEvent (display, &event);
      if (event.type == MapNotify && !event.xmap.override_redirect && run->x_mapped == 0)
        run->x_mapped = g_get_monotonic_time ();
    }
}

/* The resident memory of @pid alone (not the server it started), in KiB. */
static gint64
rss_kib (GPid pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/status", (int) pid);
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents (path, &status, NULL, NULL) ||
      (line = strstr (status, "\nVmRSS:")) == NULL)
    return 0;

  return g_ascii_strtoll (line + strlen ("\nVmRSS:"), NULL, 10);
}

/* Ends a measured program and closes its stderr. */
static void
stop_child (GPid pid,
            int  err_fd)
{
  int status;

  kill (pid, SIGTERM);
  waitpid (pid, &status, 0);
  g_spawn_close_pid (pid);
  close (err_fd);
}

/* The environment of a measured program: the caller's, with @renderer
 * (NULL: each program's default) and the timing lines on. */
static char **
child_environ (const char *renderer)
{
  char **env = g_get_environ ();

  /* Neither program talks to an accessibility bus here: same for both. */
  env = g_environ_setenv (env, "GTK_A11Y", "none", TRUE);
  env = g_environ_setenv (env, "NO_AT_BRIDGE", "1", TRUE);
  env = g_environ_setenv (env, "ELICIT_BENCH_TIMING", "1", TRUE);
  /* zenity (GTK 3) draws with cairo whatever GSK_RENDERER says; elicit's
   * default for a short-lived dialog is cairo too, unless GSK_RENDERER or
   * GDK_DEBUG is set. */
  env = g_environ_unsetenv (env, "GSK_RENDERER");
  env = g_environ_unsetenv (env, "GDK_DEBUG");
  if (renderer != NULL)
    env = g_environ_setenv (env, "GSK_RENDERER", renderer, TRUE);

  return env;
}

static gboolean
measure (Display     *display,
         const char **argv,
         gboolean     elicit,
         const char  *renderer,
         Run         *run)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) buffer = g_string_new (NULL);
  g_auto(GStrv) env = child_environ (renderer);
  GPid pid;
  int err_fd = -1;
  gint64 deadline;

  memset (run, 0, sizeof *run);
  drain_x (display, run);
  run->x_mapped = 0;

  run->start = g_get_monotonic_time ();
  if (!g_spawn_async_with_pipes (NULL, (char **) argv, env,
                                 G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL,
                                 NULL, NULL, &pid, NULL, NULL, &err_fd, &error))
    {
      g_printerr ("bench-call: cannot start %s: %s\n", argv[0], error->message);
      return FALSE;
    }

  deadline = run->start + DEADLINE_USEC;
  while (g_get_monotonic_time () < deadline &&
         !(run->x_mapped != 0 && (!elicit || run->first_frame != 0)))
    {
      struct pollfd fds[2] = {
        { ConnectionNumber (display), POLLIN, 0 },
        { err_fd, POLLIN, 0 },
      };

      if (poll (fds, 2, 100) < 0 && errno != EINTR)
        break;
      drain_x (display, run);
      if (fds[1].revents & (POLLIN | POLLHUP))
        read_stderr (err_fd, buffer, run);
    }

  /* One dialog open, drawn: what the program holds now. */
  if (run->x_mapped != 0)
    run->rss_kib = rss_kib (pid);

  stop_child (pid, err_fd);

  return run->x_mapped != 0 && (!elicit || (run->first_frame != 0 && run->mapped != 0 &&
                                            run->received != 0));
}

/* ask-server's "asked N USEC" lines: when it wrote each question. */
static void
read_asked (const char *path,
            Run        *run)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return;

  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint n;
      gint64 usec;

      if (sscanf (lines[i], "asked %u %" G_GINT64_FORMAT, &n, &usec) == 2 &&
          n >= 1 && n <= G_N_ELEMENTS (run->asked_at))
        run->asked_at[n - 1] = usec;
    }
}

/* `elicit call --accept-defaults --tool ask -- ASK-SERVER DELAY_MS TIMING`:
 * two questions, each answered as soon as its dialog lets one; the run ends
 * when the call does. */
static gboolean
measure_rounds (const char *elicit,
                const char *ask_server,
                const char *renderer,
                int         delay_ms,
                Run        *run)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) buffer = g_string_new (NULL);
  g_auto(GStrv) env = child_environ (renderer);
  g_autofree char *delay = g_strdup_printf ("%d", delay_ms);
  g_autofree char *timing = NULL;
  const char *argv[] = { elicit, "call", "--accept-defaults", "--name", "Bench", "--tool", "ask",
                         "--", "/usr/bin/python3", ask_server, delay, NULL, NULL };
  GPid pid;
  int err_fd = -1;
  int timing_fd;
  gint64 deadline;

  env = g_environ_setenv (env, "ELICIT_PROMPTER", "local", TRUE);

  memset (run, 0, sizeof *run);
  /* An empty file of our own that ask-server appends its lines to. */
  timing_fd = g_file_open_tmp ("bench-call-XXXXXX", &timing, &error);
  if (timing_fd < 0)
    {
      g_printerr ("bench-call: %s\n", error->message);
      return FALSE;
    }
  close (timing_fd);
  argv[11] = timing;

  if (!g_spawn_async_with_pipes (NULL, (char **) argv, env,
                                 G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL,
                                 NULL, NULL, &pid, NULL, NULL, &err_fd, &error))
    {
      g_printerr ("bench-call: cannot start %s: %s\n", elicit, error->message);
      g_unlink (timing);
      return FALSE;
    }

  deadline = g_get_monotonic_time () + DEADLINE_USEC;
  while (g_get_monotonic_time () < deadline && run->n_mapped < 2)
    {
      struct pollfd fd = { err_fd, POLLIN, 0 };

      if (poll (&fd, 1, 100) < 0 && errno != EINTR)
        break;
      if (fd.revents & (POLLIN | POLLHUP))
        read_stderr (err_fd, buffer, run);
    }

  stop_child (pid, err_fd);
  read_asked (timing, run);
  g_unlink (timing);

  return run->n_received == 2 && run->n_mapped == 2 && run->asked_at[0] != 0 &&
         run->asked_at[1] != 0;
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Sorts @values; their median, 0 if none. */
static double
median (GArray *values)
{
  if (values->len == 0)
    return 0;

  g_array_sort (values, compare_double);
  return g_array_index (values, double, values->len / 2);
}

static double
print_row_unit (const char *what,
                GArray     *values,
                const char *unit)
{
  double mid = median (values);

  if (values->len == 0)
    {
      g_print ("  %-52s %10s\n", what, "failed");
      return 0;
    }

  g_print ("  %-52s %8.1f %s [%.1f-%.1f]\n", what, mid, unit,
           g_array_index (values, double, 0), g_array_index (values, double, values->len - 1));

  return mid;
}

static double
print_row (const char *what,
           GArray     *ms)
{
  return print_row_unit (what, ms, "ms ");
}

static void
add_kib (GArray *array,
         gint64  kib)
{
  double mib = kib / 1024.0;

  if (kib > 0)
    g_array_append_val (array, mib);
}

static void
add_ms (GArray *array,
        gint64  from,
        gint64  to)
{
  double ms = (to - from) / 1000.0;

  g_array_append_val (array, ms);
}

/* The first dialog next to a later one of the same call: within one frame
 * (16.7 ms) is the target. */
static void
print_first_and_later (GArray     *first_now,
                       GArray     *later_now,
                       GArray     *first_late,
                       GArray     *later_late,
                       const char *from)
{
  g_autofree char *first_now_row = g_strdup_printf ("first question, asked at once: %s -> mapped", from);
  g_autofree char *first_late_row = g_strdup_printf ("first question, asked 1 s after the call: %s -> mapped", from);
  double a = print_row (first_now_row, first_now);
  double b = print_row ("  the next question of that call", later_now);
  double c = print_row (first_late_row, first_late);
  double d = print_row ("  the next question of that call", later_late);

  if (a > 0 && b > 0 && c > 0 && d > 0)
    g_print ("  first - later question (%s): %+.1f ms asked at once, %+.1f ms asked late "
             "(target: within 16.7 ms, one frame)\n", from, a - b, c - d);
}

/* Figures holds nothing but GArray pointers: walked as an array of them. */
static void
figures_init (Figures *f)
{
  GArray **arrays = (GArray **) f;

  for (guint i = 0; i < sizeof (Figures) / sizeof (GArray *); i++)
    arrays[i] = g_array_new (FALSE, FALSE, sizeof (double));
}

static void
figures_clear (Figures *f)
{
  GArray **arrays = (GArray **) f;

  for (guint i = 0; i < sizeof (Figures) / sizeof (GArray *); i++)
    g_array_unref (arrays[i]);
}

/* One turn of one build of elicit with one renderer. */
static void
measure_elicit (Display    *display,
                const char *elicit,
                const char *server,
                const char *ask_server,
                const char *renderer,
                Figures    *f)
{
  /* The elicitation/create → dialog figure: the demo server in 2025-11-25. */
  const char *elicit_argv[] = { elicit, "call", "--name", "Bench", "--tool", "confirm", "--",
                                server, "--protocol=2025-11-25", NULL };
  const char *modern_argv[] = { elicit, "call", "--name", "Bench", "--tool", "confirm", "--",
                                server, NULL };
  Run run;

  if (measure (display, elicit_argv, TRUE, renderer, &run))
    {
      add_ms (f->start_frame, run.start, run.first_frame);
      add_ms (f->line_mapped, run.received, run.mapped);
      add_ms (f->start_window, run.start, run.x_mapped);
      add_ms (f->start_line, run.start, run.received);
      add_kib (f->elicit_rss, run.rss_kib);
    }

  /* The same question as an InputRequiredResult: the demo server in 2026-07-28. */
  if (measure (display, modern_argv, TRUE, renderer, &run))
    add_ms (f->mrtr_mapped, run.received, run.mapped);

  if (ask_server == NULL)
    return;

  /* The first question at once, then a second after the call started. */
  if (measure_rounds (elicit, ask_server, renderer, 0, &run))
    {
      add_ms (f->first_now, run.received_at[0], run.mapped_at[0]);
      add_ms (f->later_now, run.received_at[1], run.mapped_at[1]);
      add_ms (f->first_now_wrote, run.asked_at[0], run.mapped_at[0]);
      add_ms (f->later_now_wrote, run.asked_at[1], run.mapped_at[1]);
    }
  if (measure_rounds (elicit, ask_server, renderer, 1000, &run))
    {
      add_ms (f->first_late, run.received_at[0], run.mapped_at[0]);
      add_ms (f->later_late, run.received_at[1], run.mapped_at[1]);
      add_ms (f->first_late_wrote, run.asked_at[0], run.mapped_at[0]);
      add_ms (f->later_late_wrote, run.asked_at[1], run.mapped_at[1]);
    }
}

static void
print_elicit (Figures *f,
              Figures *zenity,
              gboolean ask_server)
{
  double elicit_median, zenity_median, elicit_mib, zenity_mib;

  print_row ("elicit call: start -> dialog's first frame", f->start_frame);
  print_row ("elicit call: elicitation/create line -> dialog mapped", f->line_mapped);
  print_row ("elicit call: InputRequiredResult -> dialog mapped", f->mrtr_mapped);
  print_row ("elicit call: start -> elicitation/create line (server)", f->start_line);
  elicit_median = print_row ("elicit call: start -> window mapped (seen by X)", f->start_window);
  elicit_mib = print_row_unit ("elicit call: RSS, one dialog open", f->elicit_rss, "MiB");
  if (ask_server)
    {
      print_first_and_later (f->first_now, f->later_now, f->first_late, f->later_late,
                             "line read");
      print_first_and_later (f->first_now_wrote, f->later_now_wrote, f->first_late_wrote,
                             f->later_late_wrote, "server wrote line");
    }
  if (zenity == NULL)
    return;

  /* The medians of the zenity rows, printed once after. */
  zenity_median = median (zenity->zenity_window);
  zenity_mib = median (zenity->zenity_rss);
  if (elicit_median > 0 && zenity_median > 0)
    g_print ("  elicit call / zenity, start -> window mapped: %.2fx\n", elicit_median / zenity_median);
  if (elicit_mib > 0 && zenity_mib > 0)
    g_print ("  elicit call / zenity, RSS: %.2fx\n", elicit_mib / zenity_mib);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *elicit = NULL;
  g_autofree char *before = NULL;
  g_autofree char *server = NULL;
  g_autofree char *zenity = NULL;
  g_autofree char *ask_server = NULL;
  int runs = 7;
  const GOptionEntry entries[] = {
    { "elicit", 0, 0, G_OPTION_ARG_FILENAME, &elicit, "The elicit program", "PATH" },
    { "server", 0, 0, G_OPTION_ARG_FILENAME, &server, "elicit-demo-server", "PATH" },
    { "zenity", 0, 0, G_OPTION_ARG_FILENAME, &zenity, "zenity (default: from PATH)", "PATH" },
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Runs of each (default: 7)", "N" },
    { "ask-server", 0, 0, G_OPTION_ARG_FILENAME, &ask_server,
      "tests/bench/ask-server.py: also the first dialog next to a later one", "PATH" },
    { "before", 0, 0, G_OPTION_ARG_FILENAME, &before,
      "Another elicit (say, main's) measured in turn with --elicit, same server", "PATH" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("— elicit call vs zenity --forms");
  g_autoptr(GError) error = NULL;
  const char *renderers[] = { NULL, "cairo" };
  const char *builds[2];
  guint n_builds;
  Figures figures[2][G_N_ELEMENTS (renderers)];
  Display *display;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || elicit == NULL || server == NULL)
    {
      g_printerr ("bench-call: %s\n", error ? error->message : "--elicit and --server are needed");
      return 2;
    }
  if (zenity == NULL)
    zenity = g_find_program_in_path ("zenity");
  builds[0] = elicit;
  builds[1] = before;
  n_builds = before != NULL ? 2 : 1;

  display = g_getenv ("DISPLAY") ? XOpenDisplay (NULL) : NULL;
  if (display == NULL)
    {
      g_print ("bench-call: needs an X display (run it under xvfb-run); skipped\n");
      return 0;
    }
  XSelectInput (display, DefaultRootWindow (display), SubstructureNotifyMask);
  XSync (display, False);

  signal (SIGPIPE, SIG_IGN);

  for (guint b = 0; b < G_N_ELEMENTS (figures); b++)
    for (guint r = 0; r < G_N_ELEMENTS (renderers); r++)
      figures_init (&figures[b][r]);

  /* Alternating: each run of each program with each renderer, in turn (the
   * two builds in turn first), so that the load of the machine falls on all
   * alike. */
  for (int i = 0; i < runs; i++)
    for (guint r = 0; r < G_N_ELEMENTS (renderers); r++)
      {
        const char *zenity_argv[] = { zenity, "--forms", "--title=Bench", "--text=Delete the file demo.txt?",
                                      "--add-entry=Confirm", NULL };
        Figures *z = &figures[0][r];
        Run run;

        for (guint k = 0; k < n_builds; k++)
          {
            guint b = (k + i) % n_builds;

            measure_elicit (display, builds[b], server, ask_server, renderers[r], &figures[b][r]);
          }

        if (zenity != NULL && measure (display, zenity_argv, FALSE, renderers[r], &run))
          {
            add_ms (z->zenity_window, run.start, run.x_mapped);
            add_kib (z->zenity_rss, run.rss_kib);
          }
      }

  g_print ("Time to a question on screen, %d runs each (median [min-max])\n", runs);
  for (guint r = 0; r < G_N_ELEMENTS (renderers); r++)
    {
      Figures *z = &figures[0][r];

      g_print (" %s\n", renderers[r] == NULL
               ? "each program's default renderer (elicit call: cairo unless GSK_RENDERER/GDK_DEBUG; zenity: GTK 3, cairo)"
               : "GSK_RENDERER=cairo for both");
      for (guint b = 0; b < n_builds; b++)
        {
          if (n_builds > 1)
            g_print (" %s: %s\n", b == 0 ? "after" : "before", builds[b]);
          print_elicit (&figures[b][r], zenity != NULL ? z : NULL, ask_server != NULL);
        }
      if (zenity == NULL)
        {
          g_print ("  zenity --forms: not installed (apt-get install zenity)\n");
          continue;
        }
      print_row ("zenity --forms: start -> window mapped (seen by X)", z->zenity_window);
      print_row_unit ("zenity --forms: RSS, one dialog open", z->zenity_rss, "MiB");
    }

  XCloseDisplay (display);
  for (guint b = 0; b < G_N_ELEMENTS (figures); b++)
    for (guint r = 0; r < G_N_ELEMENTS (renderers); r++)
      figures_clear (&figures[b][r]);

  return 0;
}
