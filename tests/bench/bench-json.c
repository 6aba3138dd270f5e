/* bench-json.c — how long elicit_json_parse() takes on the lines servers write
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Usage: bench-json [--case flood|schema|all] [--parser elicit|ingest|json-glib|check]
 *                   [--flood-lines N] [--schema-runs N]
 *
 * Two fixed workloads: N notifications/message lines as elicit-demo-server
 * --flood writes them, and N parses of one elicitation/create line whose
 * schema has 100,000 titled options (as bench-schema's 100000-options case).
 * --parser json-glib times what elicit_json_parse() did before it built trees
 * itself (elicit_json_check(), then JsonParser); --parser check times the
 * check alone; --parser ingest what the peer does with a log line nobody
 * wants as a tree (check and index, classify, read level and logger). Prints one line per case: the time per parse and the rate.
 *
 * Wall-clock figures move with whatever else the machine runs; instruction
 * counts do not:
 *   valgrind --tool=callgrind --toggle-collect=parse_many bench-json ...
 * counts only the timed loop, setup excluded.
 */

#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "elicit-incoming-private.h"
#include "elicit-json-private.h"

#define N_FLOOD_VARIANTS 1000

typedef enum
{
  PARSER_ELICIT,
  PARSER_JSON_GLIB,
  PARSER_CHECK,
  PARSER_INGEST,
} Parser;

static char *opt_case = NULL;
static char *opt_parser = NULL;
static int   opt_flood_lines = 200000;
static int   opt_schema_runs = 20;

static const GOptionEntry entries[] = {
  { "case", 0, 0, G_OPTION_ARG_STRING, &opt_case, "flood, schema or all (all)", "CASE" },
  { "parser", 0, 0, G_OPTION_ARG_STRING, &opt_parser,
    "elicit, ingest (the peer's fast path), json-glib (check + JsonParser) or check", "PARSER" },
  { "flood-lines", 0, 0, G_OPTION_ARG_INT, &opt_flood_lines, "Flood lines to parse (200000)", "N" },
  { "schema-runs", 0, 0, G_OPTION_ARG_INT, &opt_schema_runs,
    "Parses of the schema line (20)", "N" },
  { NULL }
};

static gboolean
parse_one (Parser      parser,
           const char *text,
           gsize       length)
{
  g_autoptr(JsonNode) node = NULL;

  switch (parser)
    {
    case PARSER_ELICIT:
      node = elicit_json_parse (text, length, ELICIT_JSON_DEFAULT_MAX_DEPTH, NULL);
      break;

    case PARSER_JSON_GLIB:
      if (elicit_json_check (text, length, ELICIT_JSON_DEFAULT_MAX_DEPTH, NULL))
        {
          g_autoptr(JsonParser) json_parser = json_parser_new ();

          if (json_parser_load_from_data (json_parser, text, length, NULL))
            node = json_parser_steal_root (json_parser);
        }
      break;

    case PARSER_INGEST:
      {
        ElicitIncoming incoming;
        char method[ELICIT_INCOMING_METHOD_MAX], level[64], logger[256];
        char *heap = NULL;
        gboolean ok;

        if (!elicit_incoming_init_text (&incoming, text, length, NULL))
          return FALSE;
        /* A schema line is a request: the peer builds its tree. */
        if (!elicit_incoming_notification (&incoming, method, sizeof method))
          ok = elicit_incoming_get_node (&incoming) != NULL;
        else
          {
            ok = elicit_incoming_params_string (&incoming, "level", level, sizeof level, &heap) != NULL;
            g_free (heap);
            elicit_incoming_params_string (&incoming, "logger", logger, sizeof logger, &heap);
            g_free (heap);
          }
        elicit_incoming_clear (&incoming);
        return ok;
      }

    case PARSER_CHECK:
    default:
      return elicit_json_check (text, length, ELICIT_JSON_DEFAULT_MAX_DEPTH, NULL);
    }

  return node != NULL;
}

/* The timed loop, kept out of line so callgrind can count it alone. */
static G_GNUC_NO_INLINE void
parse_many (Parser         parser,
            char * const  *lines,
            const gsize   *lengths,
            guint          n_lines,
            guint          n_parses)
{
  for (guint i = 0; i < n_parses; i++)
    if (!parse_one (parser, lines[i % n_lines], lengths[i % n_lines]))
      g_error ("bench-json: a benchmark line was refused");
}

static void
run_case (const char    *name,
          Parser         parser,
          char * const  *lines,
          guint          n_lines,
          guint          n_parses)
{
  g_autofree gsize *lengths = g_new (gsize, n_lines);
  gsize bytes = 0;
  gint64 start, elapsed;

  for (guint i = 0; i < n_lines; i++)
    lengths[i] = strlen (lines[i]);
  for (guint i = 0; i < n_parses; i++)
    bytes += lengths[i % n_lines];

  start = g_get_monotonic_time ();
  parse_many (parser, lines, lengths, n_lines, n_parses);
  elapsed = MAX (g_get_monotonic_time () - start, 1);

  printf ("%s: %u parses of %" G_GSIZE_FORMAT " bytes each, %.3f µs per parse, %.1f MB/s\n",
          name, n_parses, bytes / MAX (n_parses, 1), (double) elapsed / MAX (n_parses, 1),
          (double) bytes / elapsed);
}

static char **
flood_lines (guint count)
{
  char **lines = g_new0 (char *, N_FLOOD_VARIANTS + 1);

  /* As elicit-demo-server --flood writes them. */
  for (guint i = 0; i < N_FLOOD_VARIANTS; i++)
    lines[i] = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                                "\"params\":{\"level\":\"info\",\"logger\":\"flood\","
                                "\"data\":\"flood message %u of %u\"}}", i + 1, count);

  return lines;
}

static char **
schema_line (guint n_options)
{
  GString *line = g_string_new ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"elicitation/create\","
                                "\"params\":{\"mode\":\"form\",\"message\":\"Bench\","
                                "\"requestedSchema\":{\"type\":\"object\",\"properties\":"
                                "{\"choice\":{\"type\":\"string\",\"oneOf\":[");
  char **lines = g_new0 (char *, 2);

  for (guint i = 0; i < n_options; i++)
    g_string_append_printf (line, "%s{\"const\":\"option-%06u\",\"title\":\"Option %u\"}",
                            i > 0 ? "," : "", i, i);
  g_string_append (line, "]}}}}}");

  lines[0] = g_string_free (line, FALSE);
  return lines;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("— time elicit_json_parse()");
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) flood = NULL;
  g_auto(GStrv) schema = NULL;
  const char *which;
  Parser parser = PARSER_ELICIT;

  setlocale (LC_ALL, "");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) ||
      opt_flood_lines < 0 || opt_schema_runs < 0)
    {
      g_printerr ("bench-json: %s\n",
                  error != NULL ? error->message : "counts must not be negative");
      return 2;
    }

  if (opt_parser == NULL || g_str_equal (opt_parser, "elicit"))
    parser = PARSER_ELICIT;
  else if (g_str_equal (opt_parser, "json-glib"))
    parser = PARSER_JSON_GLIB;
  else if (g_str_equal (opt_parser, "check"))
    parser = PARSER_CHECK;
  else if (g_str_equal (opt_parser, "ingest"))
    parser = PARSER_INGEST;
  else
    {
      g_printerr ("bench-json: unknown parser “%s”\n", opt_parser);
      return 2;
    }

  which = opt_case != NULL ? opt_case : "all";
  if (g_str_equal (which, "flood") || g_str_equal (which, "all"))
    {
      flood = flood_lines (200000);
      run_case ("flood", parser, flood, N_FLOOD_VARIANTS, (guint) opt_flood_lines);
    }
  if (g_str_equal (which, "schema") || g_str_equal (which, "all"))
    {
      schema = schema_line (100000);
      run_case ("schema-100000-options", parser, schema, 1, (guint) opt_schema_runs);
    }

  g_free (opt_case);
  g_free (opt_parser);
  return 0;
}
