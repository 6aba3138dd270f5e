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
 * Figures only, never a verdict: no thresholds here (the targets are printed next to them).
 * Exit status 77 (skipped, for meson) only when nothing could be measured at all.
 */

#include "config.h"

#include <locale.h>
#include <stdlib.h>
#include <sys/resource.h>

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

static const GOptionEntry entries[] = {
  { "count", 0, 0, G_OPTION_ARG_INT, &opt_count, "Messages per run (200000)", "N" },
  { "runs", 0, 0, G_OPTION_ARG_INT, &opt_runs, "Runs of each client (3)", "N" },
  { "server", 0, 0, G_OPTION_ARG_FILENAME, &opt_server, "elicit-demo-server ($ELICIT_DEMO_SERVER)", "PATH" },
  { "node", 0, 0, G_OPTION_ARG_FILENAME, &opt_node, "node ($ELICIT_NODE, or from PATH)", "PATH" },
  { "node-modules", 0, 0, G_OPTION_ARG_FILENAME, &opt_modules, "tests/node/node_modules ($ELICIT_NODE_MODULES)", "DIR" },
  { "sdk-script", 0, 0, G_OPTION_ARG_FILENAME, &opt_script, "tests/bench/flood-sdk.mjs", "FILE" },
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

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("— ElicitSession vs the TypeScript SDK");
  g_autoptr(GError) error = NULL;
  g_autofree double *session_rates = NULL;
  g_autofree double *sdk_rates = NULL;
  g_autofree double *session_cpu = NULL;
  g_autofree double *sdk_cpu = NULL;
  g_autofree char *version = NULL;
  gboolean with_sdk;
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
  with_sdk = sdk_available ();
  version = with_sdk ? sdk_version () : NULL;
  session_rates = g_new0 (double, opt_runs);
  sdk_rates = g_new0 (double, opt_runs);
  session_cpu = g_new0 (double, opt_runs);
  sdk_cpu = g_new0 (double, opt_runs);

  g_print ("Flood: %d notifications/message lines from %s --flood %d, %d runs each\n",
           opt_count, opt_server, opt_count, opt_runs);
  if (!with_sdk)
    g_print ("TypeScript SDK: skipped (no node or tests/node/node_modules: "
             "run `npm ci --prefix tests/node`)\n");

  for (int i = 0; i < opt_runs; i++)
    {
      double seconds, cpu, stall, sdk_seconds;

      if (!run_session (opt_count, &session_rates[i], &seconds, &cpu, &stall, &error))
        g_error ("%s", error->message);
      worst_stall = MAX (worst_stall, stall);
      session_cpu[i] = opt_count / cpu;
      g_print ("run %d: ElicitSession %7.0f msg/s (%.2f s, %.2f s CPU, stall %.1f ms)", i + 1,
               session_rates[i], seconds, cpu, stall);
      if (with_sdk)
        {
          if (!run_sdk (opt_count, &sdk_rates[i], &sdk_seconds, &cpu, &error))
            g_error ("%s", error->message);
          sdk_cpu[i] = opt_count / cpu;
          g_print ("; TypeScript SDK %7.0f msg/s (%.2f s, %.2f s CPU)", sdk_rates[i], sdk_seconds, cpu);
        }
      g_print ("\n");
    }

  {
    double session_median = median (session_rates, opt_runs);
    double session_cpu_median = median (session_cpu, opt_runs);

    g_print ("ElicitSession  (median): %9.0f msg/s, %9.0f msg per CPU-second\n",
             session_median, session_cpu_median);
    if (with_sdk)
      {
        double sdk_median = median (sdk_rates, opt_runs);
        double sdk_cpu_median = median (sdk_cpu, opt_runs);

        g_print ("TypeScript SDK (median): %9.0f msg/s, %9.0f msg per CPU-second "
                 "(@modelcontextprotocol/sdk %s)\n", sdk_median, sdk_cpu_median, version);
        g_print ("ratio:                   %9.2fx wall clock, %.2fx per CPU-second (target: at least 5x)\n",
                 session_median / sdk_median, session_cpu_median / sdk_cpu_median);
      }
    g_print ("longest main-loop stall: %9.1f ms (worst run; target: at most 16 ms)\n", worst_stall);
  }

  g_free (opt_server);
  g_free (opt_node);
  g_free (opt_modules);
  g_free (opt_script);
  return 0;
}
