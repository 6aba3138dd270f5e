/* bench-flood.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/*
 * The flood benchmark: elicit-demo-server --flood N writes N notifications/message lines
 * as soon as it receives notifications/initialized. We time how fast ElicitSession turns
 * them into ElicitSession::message signals, and how fast the official TypeScript SDK
 * client (flood-sdk.mjs) receives them, alternately, on the same server, in the same run.
 * Both clocks start when the handshake is done (notifications/initialized sent) and stop
 * at the Nth message. While ElicitSession receives, a 1 ms timeout records the longest gap
 * between its dispatches: the longest the main loop stalled.
 *
 * Wall-clock rates depend on what else the machine runs, so each client's own CPU time
 * (user + system, over the same interval; the server's is not counted) is reported too:
 * messages per CPU-second compare the clients' efficiency even on a busy machine.
 *
 * Two more peers bound the figures from above, on the same server in the same run: the
 * "read limit" is a few lines of C that make the same handshake over the same pipes and
 * then only split what arrives into lines (--limit-parse also gives each line to the
 * strict parser, building its tree, as Elicit did before it classified lines). With
 * --elicit, `elicit call` itself ingests the flood, with and without a display (the
 * display only when $DISPLAY is set, e.g. under xvfb-run): it marks "connected" and
 * "finishing" on stderr (ELICIT_BENCH_TIMING), and the answer to its call arrives after
 * the last flood line, since the server writes the flood before it reads the call.
 *
 * Figures only, never a verdict: no thresholds here (the targets are printed next to them).
 * Exit status 77 (skipped, for meson) only when nothing could be measured at all.
 */

#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <gio/gunixinputstream.h>
#include <gio/gunixoutputstream.h>

#include "elicit-json-private.h"
#include "elicit-schema.h"
#include "elicit-session.h"
#include "elicit-stdio-transport.h"

#define WAIT_SECONDS 600

typedef struct
{
  guint    count;
  guint    received;
  gint64   start;
  gint64   end;
  gint64   cpu_start;
  gint64   cpu_end;
  gint64   last_tick;
  gint64   max_gap;
  guint    ticker;
  gboolean connected;
  gboolean closed;
  GError  *error;
} SessionRun;

static int    opt_count = 200000;
static int    opt_runs = 3;
static char  *opt_server;
static char  *opt_node;
static char  *opt_modules;
static char  *opt_script;
static char  *opt_elicit;
static gboolean opt_limit_parse;
static char  *opt_only;

static const GOptionEntry entries[] = {
  { "count", 0, 0, G_OPTION_ARG_INT, &opt_count, "Messages per run (200000)", "N" },
  { "runs", 0, 0, G_OPTION_ARG_INT, &opt_runs, "Runs of each client (3)", "N" },
  { "server", 0, 0, G_OPTION_ARG_FILENAME, &opt_server, "elicit-demo-server ($ELICIT_DEMO_SERVER)", "PATH" },
  { "node", 0, 0, G_OPTION_ARG_FILENAME, &opt_node, "node ($ELICIT_NODE, or from PATH)", "PATH" },
  { "node-modules", 0, 0, G_OPTION_ARG_FILENAME, &opt_modules, "tests/node/node_modules ($ELICIT_NODE_MODULES)", "DIR" },
  { "sdk-script", 0, 0, G_OPTION_ARG_FILENAME, &opt_script, "tests/bench/flood-sdk.mjs", "FILE" },
  { "elicit", 0, 0, G_OPTION_ARG_FILENAME, &opt_elicit, "Also time `elicit call` (the app)", "PATH" },
  { "limit-parse", 0, 0, G_OPTION_ARG_NONE, &opt_limit_parse,
    "Also time the read limit + elicit_json_parse() per line", NULL },
  { "only", 0, 0, G_OPTION_ARG_STRING, &opt_only,
    "Time one client alone, for perf and strace (session, limit)", "CLIENT" },
  { NULL }
};

static gint64
cpu_usec (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * G_USEC_PER_SEC
         + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
}

static gboolean
timed_out_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
wait_until (gboolean   *done,
            const char *what)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (WAIT_SECONDS, timed_out_cb, &timed_out);

  while (!*done && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (timed_out)
    g_error ("timed out after %d s waiting for %s", WAIT_SECONDS, what);
  g_source_remove (timeout);
}

/* ElicitSession */

static gboolean
tick_cb (gpointer user_data)
{
  SessionRun *run = user_data;
  gint64 now = g_get_monotonic_time ();

  run->max_gap = MAX (run->max_gap, now - run->last_tick);
  run->last_tick = now;
  return G_SOURCE_CONTINUE;
}

static void
message_cb (ElicitSession *session,
            const char    *level,
            const char    *logger,
            JsonNode      *data,
            SessionRun    *run)
{
  if (++run->received == run->count)
    {
      run->end = g_get_monotonic_time ();
      run->cpu_end = cpu_usec ();
      tick_cb (run);
      g_clear_handle_id (&run->ticker, g_source_remove);
    }
}

static void
closed_cb (ElicitSession *session,
           const GError  *error,
           SessionRun    *run)
{
  if (run->received < run->count && run->error == NULL)
    run->error = g_error_copy (error);
}

static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  SessionRun *run = user_data;

  run->start = run->last_tick = g_get_monotonic_time ();
  run->cpu_start = cpu_usec ();
  if (elicit_session_connect_finish (ELICIT_SESSION (source), result, &run->error))
    run->ticker = g_timeout_add (1, tick_cb, run);
  run->connected = TRUE;
}

static void
session_closed_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  SessionRun *run = user_data;

  elicit_session_close_finish (ELICIT_SESSION (source), result, NULL);
  run->closed = TRUE;
}

static gboolean
run_session (guint    count,
             double  *rate,
             double  *seconds,
             double  *cpu_seconds,
             double  *stall_ms,
             GError **error)
{
  g_autofree char *count_text = g_strdup_printf ("%u", count);
  /* The flood follows notifications/initialized, which only 2025-11-25 has. */
  const char *argv[] = { opt_server, "--protocol=2025-11-25", "--flood", count_text, NULL };
  g_autoptr(ElicitTransport) transport = NULL;
  g_autoptr(ElicitSession) session = NULL;
  SessionRun run = { .count = count };
  gboolean finished = FALSE;

  transport = elicit_stdio_transport_new (argv, NULL, NULL, error);
  if (transport == NULL)
    return FALSE;
  session = elicit_session_new (transport);
  g_signal_connect (session, "message", G_CALLBACK (message_cb), &run);
  g_signal_connect (session, "closed", G_CALLBACK (closed_cb), &run);

  elicit_session_connect_async (session, NULL, connected_cb, &run);
  wait_until (&run.connected, "the handshake");
  while (run.error == NULL && run.received < count)
    {
      g_main_context_iteration (NULL, TRUE);
      finished = run.received >= count;
    }
  g_clear_handle_id (&run.ticker, g_source_remove);

  elicit_session_close_async (session, NULL, session_closed_cb, &run);
  wait_until (&run.closed, "the session to close");
  if (!finished)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&run.error),
                                  "ElicitSession received %u of %u messages: ", run.received, count);
      return FALSE;
    }

  *seconds = (run.end - run.start) / (double) G_USEC_PER_SEC;
  *rate = count / *seconds;
  *cpu_seconds = (run.cpu_end - run.cpu_start) / (double) G_USEC_PER_SEC;
  *stall_ms = run.max_gap / 1000.0;
  return TRUE;
}

/* The read limit: the same handshake, then only lines */

typedef enum
{
  LIMIT_READ,
  LIMIT_PARSE,
} LimitMode;

static void
write_all (int         fd,
           const char *text)
{
  gsize len = strlen (text);

  while (len > 0)
    {
      gssize n = write (fd, text, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        g_error ("bench-flood: writing to the server: %s", g_strerror (errno));
      text += n;
      len -= (gsize) n;
    }
}

/* Reads until @count lines have arrived; each complete line is handed to
 * the parser in LIMIT_PARSE. Lines split across reads are kept in @buf. */
static guint
read_lines (int        fd,
            GString   *buf,
            guint      count,
            LimitMode  mode)
{
  guint lines = 0;
  gsize start = 0;

  for (;;)
    {
      const char *nl;

      while (lines < count &&
             (nl = memchr (buf->str + start, '\n', buf->len - start)) != NULL)
        {
          gsize end = (gsize) (nl - buf->str);

          if (mode == LIMIT_PARSE)
            {
              JsonNode *node = elicit_json_parse (buf->str + start, end - start, 0, NULL);

              if (node == NULL)
                g_error ("bench-flood: the server wrote a line that is not JSON");
              json_node_unref (node);
            }
          lines++;
          start = end + 1;
        }
      g_string_erase (buf, 0, start);
      start = 0;
      if (lines >= count)
        return lines;

      {
        gsize old = buf->len;
        gssize n;

        g_string_set_size (buf, old + 65536);
        do
          n = read (fd, buf->str + old, 65536);
        while (n < 0 && errno == EINTR);
        g_string_set_size (buf, old + MAX (n, 0));
        if (n <= 0)
          return lines;
      }
    }
}

static gboolean
run_limit (guint      count,
           LimitMode  mode,
           double    *rate,
           double    *seconds,
           double    *cpu_seconds,
           GError   **error)
{
  g_autofree char *count_text = g_strdup_printf ("%u", count);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GString) buf = g_string_sized_new (2 * 65536);
  gint64 start, cpu_start;
  int in_fd, out_fd;
  guint got;

  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                              G_SUBPROCESS_FLAGS_STDERR_SILENCE, error,
                              opt_server, "--protocol=2025-11-25", "--flood", count_text, NULL);
  if (process == NULL)
    return FALSE;
  in_fd = g_unix_output_stream_get_fd (G_UNIX_OUTPUT_STREAM (g_subprocess_get_stdin_pipe (process)));
  out_fd = g_unix_input_stream_get_fd (G_UNIX_INPUT_STREAM (g_subprocess_get_stdout_pipe (process)));

  write_all (in_fd, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                    "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                    "\"clientInfo\":{\"name\":\"bench-flood\",\"version\":\"1\"}}}\n");
  if (read_lines (out_fd, buf, 1, LIMIT_READ) != 1)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "the server did not answer initialize");
      return FALSE;
    }

  start = g_get_monotonic_time ();
  cpu_start = cpu_usec ();
  write_all (in_fd, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n");
  got = read_lines (out_fd, buf, count, mode);
  *seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  *cpu_seconds = (cpu_usec () - cpu_start) / (double) G_USEC_PER_SEC;
  *rate = count / *seconds;

  g_subprocess_force_exit (process);
  g_subprocess_wait (process, NULL, NULL);
  if (got < count)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "the read limit got %u of %u lines",
                   got, count);
      return FALSE;
    }
  return TRUE;
}

/* `elicit call`, with or without a display */

static gint64
timing_mark (const char *err,
             const char *event)
{
  g_autofree char *needle = g_strdup_printf ("elicit-timing %s ", event);
  const char *at = strstr (err, needle);

  return at != NULL ? g_ascii_strtoll (at + strlen (needle), NULL, 10) : 0;
}

static gboolean
run_call (guint      count,
          gboolean   display,
          double    *rate,
          double    *seconds,
          GError   **error)
{
  g_autofree char *count_text = g_strdup_printf ("%u", count);
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autofree char *err = NULL;
  gint64 connected, finishing;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "ELICIT_BENCH_TIMING", "1", TRUE);
  g_subprocess_launcher_unsetenv (launcher, "G_DEBUG");
  g_subprocess_launcher_unsetenv (launcher, "WAYLAND_DISPLAY");
  if (!display)
    g_subprocess_launcher_unsetenv (launcher, "DISPLAY");
  else
    g_subprocess_launcher_setenv (launcher, "GDK_BACKEND", "x11", FALSE);

  /* No --tool: it lists the tools, whose answer comes after the flood. */
  process = g_subprocess_launcher_spawn (launcher, error, opt_elicit, "call", "--",
                                         opt_server, "--protocol=2025-11-25", "--flood",
                                         count_text, NULL);
  if (process == NULL || !g_subprocess_communicate_utf8 (process, NULL, NULL, NULL, &err, error))
    return FALSE;

  connected = timing_mark (err, "connected");
  finishing = timing_mark (err, "finishing");
  if (connected == 0 || finishing <= connected)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "elicit call did not report its timing "
                   "(status %d)", g_subprocess_get_exit_status (process));
      return FALSE;
    }
  *seconds = (finishing - connected) / (double) G_USEC_PER_SEC;
  *rate = count / *seconds;
  return TRUE;
}

/* The TypeScript SDK, through flood-sdk.mjs */

static gboolean
run_sdk (guint    count,
         double  *rate,
         double  *seconds,
         double  *cpu_seconds,
         GError **error)
{
  g_autofree char *count_text = g_strdup_printf ("%u", count);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *out = NULL;
  JsonObject *report;

  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, error, opt_node, opt_script,
                              opt_modules, opt_server, count_text, NULL);
  if (process == NULL || !g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, error))
    return FALSE;
  if (!g_subprocess_get_successful (process))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "flood-sdk.mjs failed (status %d)",
                   g_subprocess_get_exit_status (process));
      return FALSE;
    }
  if (!json_parser_load_from_data (parser, out, -1, error))
    return FALSE;
  report = json_node_get_object (json_parser_get_root (parser));
  if (json_object_get_int_member_with_default (report, "received", 0) != count)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "flood-sdk.mjs: unexpected report %s", out);
      return FALSE;
    }
  *rate = json_object_get_double_member (report, "rate");
  *seconds = json_object_get_double_member (report, "seconds");
  *cpu_seconds = json_object_get_double_member (report, "cpuSeconds");
  return TRUE;
}

static char *
sdk_version (void)
{
  g_autofree char *path = g_build_filename (opt_modules, "@modelcontextprotocol", "sdk",
                                            "package.json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();

  if (!json_parser_load_from_file (parser, path, NULL))
    return g_strdup ("?");
  return g_strdup (json_object_get_string_member_with_default (
                     json_node_get_object (json_parser_get_root (parser)), "version", "?"));
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *values,
        guint   n)
{
  qsort (values, n, sizeof *values, compare_doubles);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

static gboolean
resolve_paths (void)
{
  if (opt_server == NULL)
    opt_server = g_strdup (g_getenv ("ELICIT_DEMO_SERVER"));
  if (opt_modules == NULL)
    opt_modules = g_strdup (g_getenv ("ELICIT_NODE_MODULES"));
  if (opt_node == NULL && g_getenv ("ELICIT_NODE") && *g_getenv ("ELICIT_NODE"))
    opt_node = g_strdup (g_getenv ("ELICIT_NODE"));
  if (opt_node == NULL)
    opt_node = g_find_program_in_path ("node");
  if (opt_script == NULL && g_getenv ("G_TEST_SRCDIR"))
    opt_script = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "bench", "flood-sdk.mjs", NULL);
  return opt_server != NULL;
}

static gboolean
sdk_available (void)
{
  g_autofree char *sdk = NULL;

  if (opt_node == NULL || opt_modules == NULL || opt_script == NULL)
    return FALSE;
  sdk = g_build_filename (opt_modules, "@modelcontextprotocol", "sdk", "package.json", NULL);
  return g_file_test (sdk, G_FILE_TEST_EXISTS) && g_file_test (opt_script, G_FILE_TEST_EXISTS);
}

enum
{
  ROW_SESSION,
  ROW_CALL,
  ROW_CALL_DISPLAY,
  ROW_SDK,
  ROW_LIMIT,
  ROW_LIMIT_PARSE,
  N_ROWS
};

static const char * const row_names[N_ROWS] = {
  "ElicitSession",
  "elicit call, no display",
  "elicit call, display",
  "TypeScript SDK",
  "C read limit",
  "C read + parse",
};

static void
print_ratio (const char *what,
             double      a,
             double      b,
             const char *target)
{
  if (a > 0 && b > 0)
    g_print ("  %-44s %6.2fx%s\n", what, a / b, target);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("— ElicitSession vs the TypeScript SDK");
  g_autoptr(GError) error = NULL;
  g_autofree char *version = NULL;
  double *rates[N_ROWS] = { NULL };
  double *cpu_rates[N_ROWS] = { NULL };
  double med[N_ROWS] = { 0 };
  double cpu_med[N_ROWS] = { 0 };
  gboolean enabled[N_ROWS] = { FALSE };
  double worst_stall = 0;

  setlocale (LC_ALL, "");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || opt_count < 1 || opt_runs < 1)
    {
      g_printerr ("bench-flood: %s\n", error ? error->message : "--count and --runs must be positive");
      return 2;
    }
  if (!resolve_paths ())
    {
      g_printerr ("bench-flood: no server: pass --server or set ELICIT_DEMO_SERVER\n");
      return 77;
    }
  enabled[ROW_SESSION] = TRUE;
  enabled[ROW_LIMIT] = TRUE;
  enabled[ROW_LIMIT_PARSE] = opt_limit_parse;
  enabled[ROW_SDK] = sdk_available ();
  enabled[ROW_CALL] = opt_elicit != NULL;
  enabled[ROW_CALL_DISPLAY] = opt_elicit != NULL && g_getenv ("DISPLAY") != NULL;
  if (g_strcmp0 (opt_only, "session") == 0 || g_strcmp0 (opt_only, "limit") == 0)
    for (int r = 0; r < N_ROWS; r++)
      enabled[r] = r == (g_str_equal (opt_only, "session") ? ROW_SESSION : ROW_LIMIT);
  else if (opt_only != NULL)
    {
      g_printerr ("bench-flood: --only takes session or limit\n");
      return 2;
    }
  version = enabled[ROW_SDK] ? sdk_version () : NULL;
  for (int r = 0; r < N_ROWS; r++)
    {
      rates[r] = g_new0 (double, opt_runs);
      cpu_rates[r] = g_new0 (double, opt_runs);
    }

  g_print ("Flood: %d notifications/message lines from %s --flood %d, %d runs each, alternating\n",
           opt_count, opt_server, opt_count, opt_runs);
  if (!enabled[ROW_SDK])
    g_print ("TypeScript SDK: skipped (no node or tests/node/node_modules: "
             "run `npm ci --prefix tests/node`)\n");

  for (int i = 0; i < opt_runs; i++)
    {
      double seconds, cpu = 0, stall;

      g_print ("run %d:", i + 1);
      for (int r = 0; r < N_ROWS; r++)
        {
          gboolean ok = TRUE;

          if (!enabled[r])
            continue;
          cpu = 0;
          switch (r)
            {
            case ROW_SESSION:
              ok = run_session (opt_count, &rates[r][i], &seconds, &cpu, &stall, &error);
              worst_stall = MAX (worst_stall, ok ? stall : 0);
              break;
            case ROW_CALL:
            case ROW_CALL_DISPLAY:
              ok = run_call (opt_count, r == ROW_CALL_DISPLAY, &rates[r][i], &seconds, &error);
              break;
            case ROW_SDK:
              ok = run_sdk (opt_count, &rates[r][i], &seconds, &cpu, &error);
              break;
            case ROW_LIMIT:
            case ROW_LIMIT_PARSE:
            default:
              ok = run_limit (opt_count, r == ROW_LIMIT ? LIMIT_READ : LIMIT_PARSE,
                              &rates[r][i], &seconds, &cpu, &error);
              break;
            }
          if (!ok)
            g_error ("%s: %s", row_names[r], error->message);
          cpu_rates[r][i] = cpu > 0 ? opt_count / cpu : 0;
          g_print (" %s %.0f/s;", row_names[r], rates[r][i]);
        }
      g_print ("\n");
    }

  g_print ("%-26s %12s %18s\n", "median of the runs", "msg/s", "msg per CPU-second");
  for (int r = 0; r < N_ROWS; r++)
    {
      if (!enabled[r])
        continue;
      med[r] = median (rates[r], opt_runs);
      cpu_med[r] = median (cpu_rates[r], opt_runs);
      if (cpu_med[r] > 0)
        g_print ("%-26s %12.0f %18.0f\n", row_names[r], med[r], cpu_med[r]);
      else
        g_print ("%-26s %12.0f %18s\n", row_names[r], med[r], "-");
    }
  if (version != NULL)
    g_print ("(TypeScript SDK: @modelcontextprotocol/sdk %s)\n", version);

  if (enabled[ROW_SESSION] && enabled[ROW_LIMIT])
    {
      /* Each run's own ratio: both clients met the same machine load. */
      g_autofree double *own = g_new (double, opt_runs);

      for (int i = 0; i < opt_runs; i++)
        own[i] = rates[ROW_SESSION][i] / rates[ROW_LIMIT][i];
      g_print ("ElicitSession / C read limit, median of the runs' own ratios: %.2fx\n",
               median (own, opt_runs));
    }
  g_print ("ratios (wall clock; per CPU-second where both are measured):\n");
  print_ratio ("ElicitSession / TypeScript SDK", med[ROW_SESSION], med[ROW_SDK], "  (target: at least 20x)");
  print_ratio ("  per CPU-second", cpu_med[ROW_SESSION], cpu_med[ROW_SDK], "");
  print_ratio ("ElicitSession / C read limit", med[ROW_SESSION], med[ROW_LIMIT], "  (target: at least 0.33x)");
  print_ratio ("  per CPU-second", cpu_med[ROW_SESSION], cpu_med[ROW_LIMIT], "");
  print_ratio ("elicit call, no display / TypeScript SDK", med[ROW_CALL], med[ROW_SDK], "  (target: at least 20x)");
  print_ratio ("elicit call, no display / C read limit", med[ROW_CALL], med[ROW_LIMIT], "  (target: at least 0.33x)");
  print_ratio ("elicit call, display / TypeScript SDK", med[ROW_CALL_DISPLAY], med[ROW_SDK], "  (target: at least 20x)");
  print_ratio ("elicit call, display / C read limit", med[ROW_CALL_DISPLAY], med[ROW_LIMIT], "  (target: at least 0.33x)");
  print_ratio ("C read + parse / C read limit", med[ROW_LIMIT_PARSE], med[ROW_LIMIT], "");
  g_print ("longest main-loop stall of ElicitSession: %.1f ms (worst run; target: at most 16 ms)\n",
           worst_stall);

  for (int r = 0; r < N_ROWS; r++)
    {
      g_free (rates[r]);
      g_free (cpu_rates[r]);
    }
  g_free (opt_server);
  g_free (opt_node);
  g_free (opt_modules);
  g_free (opt_script);
  g_free (opt_elicit);
  g_free (opt_only);
  return 0;
}
