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
 * and for zenity the last one. Needs an X display (Xvfb will do); without one
 * it says so and exits 0. Never a pass/fail verdict on speed.
 */

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>
#include <X11/Xlib.h>

#define DEADLINE_USEC (30 * G_USEC_PER_SEC)

typedef struct
{
  gint64 start;
  gint64 x_mapped;
  gint64 received;
  gint64 mapped;
  gint64 first_frame;
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
    run->received = t;
  else if ((t = parse_timing (line, "dialog-mapped")) != 0)
    run->mapped = t;
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

static gboolean
measure (Display     *display,
         const char **argv,
         gboolean     elicit,
         Run         *run)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) buffer = g_string_new (NULL);
  g_auto(GStrv) env = g_get_environ ();
  GPid pid;
  int err_fd = -1;
  int status;
  gint64 deadline;

  /* Neither program talks to an accessibility bus here: same for both. */
  env = g_environ_setenv (env, "GTK_A11Y", "none", TRUE);
  env = g_environ_setenv (env, "NO_AT_BRIDGE", "1", TRUE);
  env = g_environ_setenv (env, "ELICIT_BENCH_TIMING", "1", TRUE);
  /* zenity (GTK 3) draws with cairo. Under Xvfb, GTK 4's default GL renderer
   * runs on llvmpipe and spends ~150 ms compiling shaders before the first
   * frame, which says nothing about Elicit: same renderer for both, unless the
   * caller chose one. */
  if (g_environ_getenv (env, "GSK_RENDERER") == NULL)
    env = g_environ_setenv (env, "GSK_RENDERER", "cairo", TRUE);

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

  kill (pid, SIGTERM);
  waitpid (pid, &status, 0);
  g_spawn_close_pid (pid);
  close (err_fd);

  return run->x_mapped != 0 && (!elicit || (run->first_frame != 0 && run->mapped != 0 &&
                                            run->received != 0));
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
print_row (const char *what,
           GArray     *ms)
{
  double median;

  if (ms->len == 0)
    {
      g_print ("  %-52s %10s\n", what, "failed");
      return 0;
    }

  g_array_sort (ms, compare_double);
  median = g_array_index (ms, double, ms->len / 2);
  g_print ("  %-52s %8.1f ms  [%.1f-%.1f]\n", what, median,
           g_array_index (ms, double, 0), g_array_index (ms, double, ms->len - 1));

  return median;
}

static void
add_ms (GArray *array,
        gint64  from,
        gint64  to)
{
  double ms = (to - from) / 1000.0;

  g_array_append_val (array, ms);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *elicit = NULL;
  g_autofree char *server = NULL;
  g_autofree char *zenity = NULL;
  int runs = 7;
  const GOptionEntry entries[] = {
    { "elicit", 0, 0, G_OPTION_ARG_FILENAME, &elicit, "The elicit program", "PATH" },
    { "server", 0, 0, G_OPTION_ARG_FILENAME, &server, "elicit-demo-server", "PATH" },
    { "zenity", 0, 0, G_OPTION_ARG_FILENAME, &zenity, "zenity (default: from PATH)", "PATH" },
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Runs of each (default: 7)", "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("— elicit call vs zenity --forms");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) start_frame = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) line_mapped = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) mrtr_mapped = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) start_window = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) start_line = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) zenity_window = g_array_new (FALSE, FALSE, sizeof (double));
  Display *display;
  double elicit_median, zenity_median;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || elicit == NULL || server == NULL)
    {
      g_printerr ("bench-call: %s\n", error ? error->message : "--elicit and --server are needed");
      return 2;
    }
  if (zenity == NULL)
    zenity = g_find_program_in_path ("zenity");

  display = g_getenv ("DISPLAY") ? XOpenDisplay (NULL) : NULL;
  if (display == NULL)
    {
      g_print ("bench-call: needs an X display (run it under xvfb-run); skipped\n");
      return 0;
    }
  XSelectInput (display, DefaultRootWindow (display), SubstructureNotifyMask);
  XSync (display, False);

  signal (SIGPIPE, SIG_IGN);

  for (int i = 0; i < runs; i++)
    {
      /* The elicitation/create → dialog figure: the demo server in 2025-11-25. */
      const char *elicit_argv[] = { elicit, "call", "--name", "Bench", "--tool", "confirm", "--",
                                    server, "--protocol=2025-11-25", NULL };
      const char *modern_argv[] = { elicit, "call", "--name", "Bench", "--tool", "confirm", "--",
                                    server, NULL };
      const char *zenity_argv[] = { zenity, "--forms", "--title=Bench", "--text=Delete the file demo.txt?",
                                    "--add-entry=Confirm", NULL };
      Run run;

      if (measure (display, elicit_argv, TRUE, &run))
        {
          add_ms (start_frame, run.start, run.first_frame);
          add_ms (line_mapped, run.received, run.mapped);
          add_ms (start_window, run.start, run.x_mapped);
          add_ms (start_line, run.start, run.received);
        }

      /* The same question as an InputRequiredResult: the demo server in 2026-07-28. */
      if (measure (display, modern_argv, TRUE, &run))
        add_ms (mrtr_mapped, run.received, run.mapped);

      if (zenity != NULL && measure (display, zenity_argv, FALSE, &run))
        add_ms (zenity_window, run.start, run.x_mapped);
    }

  g_print ("Time to a question on screen, %d runs each (median [min-max])\n", runs);
  print_row ("elicit call: start -> dialog's first frame", start_frame);
  print_row ("elicit call: elicitation/create line -> dialog mapped", line_mapped);
  print_row ("elicit call: InputRequiredResult -> dialog mapped", mrtr_mapped);
  print_row ("elicit call: start -> elicitation/create line (server)", start_line);
  elicit_median = print_row ("elicit call: start -> window mapped (seen by X)", start_window);
  if (zenity != NULL)
    {
      zenity_median = print_row ("zenity --forms: start -> window mapped (seen by X)", zenity_window);
      if (elicit_median > 0 && zenity_median > 0)
        g_print ("  zenity / elicit call, start -> window mapped: %.2fx\n", zenity_median / elicit_median);
    }
  else
    g_print ("  zenity --forms: not installed (apt-get install zenity)\n");

  XCloseDisplay (display);

  return 0;
}
