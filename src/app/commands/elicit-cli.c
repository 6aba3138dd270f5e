/* elicit-cli.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdio.h>
#include <unistd.h>

#include <adwaita.h>
#include <gtk/gtk.h>

#include "elicit.h"

#include "elicit-cli.h"
#include "elicit-renderer-choice.h"
#include "elicit-theme-choice.h"
#include "elicit-timing.h"

static gboolean verbose_logging;

/* Without a locale (an MCP client may pass no LANG), GLib would write "?" for
 * every arrow and quote: logs are UTF-8 whatever the locale, as the rest of
 * MCP is. A message in the GLib format, unconverted. */
static const char *
field_value (const GLogField *fields,
             gsize            n_fields,
             const char      *key)
{
  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, key) && fields[i].length < 0)
      return fields[i].value;

  return NULL;
}

static GLogWriterOutput
write_utf8 (GLogLevelFlags   log_level,
            const GLogField *fields,
            gsize            n_fields)
{
  const char *domain = field_value (fields, n_fields, "GLIB_DOMAIN");
  const char *message = field_value (fields, n_fields, "MESSAGE");
  const char *level;

  if (log_level & G_LOG_LEVEL_ERROR)
    level = "ERROR";
  else if (log_level & G_LOG_LEVEL_CRITICAL)
    level = "CRITICAL";
  else if (log_level & G_LOG_LEVEL_WARNING)
    level = "WARNING";
  else if (log_level & G_LOG_LEVEL_MESSAGE)
    level = "Message";
  else if (log_level & G_LOG_LEVEL_INFO)
    level = "INFO";
  else
    level = "DEBUG";

  fprintf (stderr, "(%s:%d): %s%s%s: %s\n", g_get_prgname (), (int) getpid (),
           domain != NULL ? domain : "", domain != NULL ? "-" : "", level,
           message != NULL ? message : "");
  fflush (stderr);

  return G_LOG_WRITER_HANDLED;
}

static GLogWriterOutput
log_writer (GLogLevelFlags   log_level,
            const GLogField *fields,
            gsize            n_fields,
            gpointer         user_data)
{
  /* The library notes every oddity of a server at message level and below;
   * the commands report what matters in their own words. */
  g_autofree GLogField *safe_fields = NULL;
  g_autofree char *safe_message = NULL;

  if (!verbose_logging &&
      (log_level & (G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO | G_LOG_LEVEL_DEBUG)) != 0)
    return G_LOG_WRITER_HANDLED;
  if (elicit_renderer_choice_is_own_note (log_level, fields, n_fields))
    return G_LOG_WRITER_HANDLED;

  /* A message may quote a server: it never drives the terminal. */
  safe_fields = g_memdup2 (fields, n_fields * sizeof (GLogField));
  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "MESSAGE") && fields[i].length < 0 && safe_message == NULL)
      {
        safe_message = elicit_text_escape_for_terminal (fields[i].value, TRUE);
        safe_fields[i].value = safe_message;
      }

  if (!g_get_console_charset (NULL))
    return g_log_writer_default_would_drop (log_level, field_value (fields, n_fields, "GLIB_DOMAIN"))
           ? G_LOG_WRITER_HANDLED : write_utf8 (log_level, safe_fields, n_fields);

  return g_log_writer_default (log_level, safe_fields, n_fields, user_data);
}

/* What the commands print on standard error may quote a server: escape
 * sequences in it are shown escaped (elicit_text_escape_for_terminal()),
 * then the text goes out in UTF-8, whatever the locale's charset. */
static void
safe_printerr (const char *string)
{
  g_autofree char *safe = elicit_text_escape_for_terminal (string, TRUE);

  fputs (safe, stderr);
  fflush (stderr);
}

/* Logs go to stderr only (stdout is for results and MCP messages), and only
 * warnings and worse unless @verbose. */
void
elicit_cli_init_logging (gboolean verbose)
{
  verbose_logging = verbose;
  g_set_printerr_handler (safe_printerr);
  g_log_writer_default_set_use_stderr (TRUE);
  g_log_set_writer_func (log_writer, NULL, NULL);
}

/* Opens the display if there is one, with libadwaita's style as in the
 * app. Without it, the caller answers elicitations `cancel` instead of
 * showing dialogs. */
gboolean
elicit_cli_init_display (void)
{
  gboolean chosen = elicit_renderer_choice_prefer_cairo ();
  gboolean theme_chosen = elicit_theme_choice_skip_default ();
  gboolean ok;

  g_set_prgname ("elicit");
  ok = gtk_init_check ();
  elicit_renderer_choice_forget (chosen);
  /* GTK makes its settings, and loads their theme, when first asked. */
  if (ok)
    gtk_settings_get_default ();
  elicit_theme_choice_forget (theme_chosen);
  elicit_timing_mark ("gtk-ready");
  if (!ok)
    return FALSE;

  /* The same look as the app's prompts, light or dark as the desktop
   * prefers, so a person learns what a real prompt looks like. */
  adw_init ();

  gtk_window_set_default_icon_name (APP_ID);

  return TRUE;
}

/* The name a server goes by when the user gave none: its command's
 * basename, as the user typed it. */
char *
elicit_cli_default_label (const char *command)
{
  if (command == NULL || *command == '\0')
    return g_strdup ("server");

  /* A remote server (--url) is known by its host. */
  if (g_str_has_prefix (command, "http://") || g_str_has_prefix (command, "https://"))
    {
      g_autoptr(GUri) uri = g_uri_parse (command, G_URI_FLAGS_NONE, NULL);

      if (uri != NULL && g_uri_get_host (uri) != NULL && *g_uri_get_host (uri) != '\0')
        return g_strdup (g_uri_get_host (uri));
    }

  return g_path_get_basename (command);
}

static void
newline (GString *out,
         guint    depth)
{
  g_string_append_c (out, '\n');
  for (guint i = 0; i < depth; i++)
    g_string_append (out, "  ");
}

/* Indents compact JSON, two spaces a level: the output of
 * elicit_json_append(), so numbers keep their shortest form. */
static void
indent (GString    *out,
        const char *json)
{
  gboolean in_string = FALSE;
  guint depth = 0;

  for (const char *p = json; *p != '\0'; p++)
    {
      char c = *p;

      if (in_string)
        {
          g_string_append_c (out, c);
          if (c == '\\' && p[1] != '\0')
            g_string_append_c (out, *++p);
          else if (c == '"')
            in_string = FALSE;
          continue;
        }

      switch (c)
        {
        case '"':
          in_string = TRUE;
          g_string_append_c (out, c);
          break;

        case '{':
        case '[':
          g_string_append_c (out, c);
          if (p[1] == '}' || p[1] == ']')
            g_string_append_c (out, *++p);
          else
            newline (out, ++depth);
          break;

        case '}':
        case ']':
          newline (out, --depth);
          g_string_append_c (out, c);
          break;

        case ',':
          g_string_append_c (out, c);
          newline (out, depth);
          break;

        case ':':
          g_string_append (out, ": ");
          break;

        default:
          g_string_append_c (out, c);
          break;
        }
    }
}

/* Prints @node as indented JSON and a newline, and flushes. Characters that
 * could drive a terminal are written as \u escapes. */
void
elicit_cli_print_json (FILE     *out,
                       JsonNode *node)
{
  g_autoptr(GString) compact = g_string_new (NULL);
  g_autoptr(GString) pretty = g_string_new (NULL);

  g_autofree char *safe = NULL;

  elicit_json_append (compact, node);
  indent (pretty, compact->str);
  g_string_append_c (pretty, '\n');
  /* The same JSON, with what could drive a terminal as \u escapes. */
  safe = elicit_text_escape_json_for_terminal (pretty->str);
  fputs (safe, out);
  fflush (out);
}

/* Splits `OPTIONS… -- COMMAND ARG…` at the first `--`. Returns the options
 * (argv[0] included) for GOptionContext; *command gets what follows `--`,
 * or NULL when there is no `--`. */
char **
elicit_cli_split_command (int     argc,
                          char  **argv,
                          char ***command)
{
  g_autoptr(GStrvBuilder) options = g_strv_builder_new ();
  int i;

  for (i = 0; i < argc && !g_str_equal (argv[i], "--"); i++)
    g_strv_builder_add (options, argv[i]);

  *command = i < argc ? g_strdupv (argv + i + 1) : NULL;

  return g_strv_builder_end (options);
}

/* Keyring ----------------------------------------------------------------------- */

static void
store_error_cb (ElicitAuthorizer *authorizer,
                const GError     *error,
                const char       *prefix)
{
  const char *last = g_object_get_data (G_OBJECT (authorizer), "elicit-cli-store-error");

  /* A locked keyring refuses every save alike: say it once. */
  if (g_strcmp0 (last, error->message) == 0)
    return;

  g_printerr ("%s: %s\n", prefix, error->message);
  g_object_set_data_full (G_OBJECT (authorizer), "elicit-cli-store-error",
                          g_strdup (error->message), g_free);
}

static void
free_prefix (gpointer  data,
             GClosure *closure)
{
  g_free (data);
}

/* A keyring that is locked or missing is said on stderr, whatever
 * --verbose: the sign-in is then kept only until the command exits. */
void
elicit_cli_watch_store (ElicitAuthorizer *authorizer,
                        const char       *prefix)
{
  g_signal_connect_data (authorizer, "store-error", G_CALLBACK (store_error_cb),
                         g_strdup (prefix), free_prefix, 0);
}

/* Before the command exits: the sign-in it saved (or forgot) reaches the
 * keyring, so the next command finds it. Waits on the store's own
 * operations, which the Secret Service answers or D-Bus times out. */
void
elicit_cli_settle_store (ElicitAuthorizer *authorizer)
{
  ElicitTokenStore *store;

  if (authorizer == NULL || (store = elicit_authorizer_get_token_store (authorizer)) == NULL)
    return;

  while (elicit_token_store_get_busy (store))
    g_main_context_iteration (NULL, TRUE);
}

static char *activation_token;

/* Once, first thing: the xdg-activation token (Wayland) or startup
 * notification ID (X11) this command was started with, taken out of the
 * environment, so the servers it starts do not inherit it (nor would
 * GTK 4.8, which reads DESKTOP_STARTUP_ID only, use it behind our back).
 * The first prompt presents itself with it. */
void
elicit_cli_stash_activation_token (void)
{
  const char *token = g_getenv ("XDG_ACTIVATION_TOKEN");

  if (token == NULL || *token == '\0')
    token = g_getenv ("DESKTOP_STARTUP_ID");
  g_clear_pointer (&activation_token, g_free);
  if (token != NULL && *token != '\0' && g_utf8_validate (token, -1, NULL))
    activation_token = g_strdup (token);
  g_unsetenv ("XDG_ACTIVATION_TOKEN");
  g_unsetenv ("DESKTOP_STARTUP_ID");
}

/* The stashed token, for the one prompt that uses it; NULL after. */
char *
elicit_cli_take_activation_token (void)
{
  return g_steal_pointer (&activation_token);
}

/* Whether to ask the desktop's prompter at all: ELICIT_PROMPTER=local says
 * no, for scripts and tests that want the command's own dialogs. */
gboolean
elicit_cli_desktop_wanted (void)
{
  return g_strcmp0 (g_getenv ("ELICIT_PROMPTER"), "local") != 0;
}

/* The name of the process that started this one (an MCP client starts the
 * proxy): /proc/PPID/comm. Only a claim: any program can name itself. */
char *
elicit_cli_parent_name (void)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/comm", (int) getppid ());
  g_autofree char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL) || !g_utf8_validate (contents, -1, NULL))
    return NULL;

  g_strstrip (contents);

  return *contents != '\0' ? g_steal_pointer (&contents) : NULL;
}
