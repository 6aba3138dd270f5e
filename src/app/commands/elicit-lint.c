/* elicit-lint.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdio.h>
#include <glib/gi18n.h>

#ifdef HAVE_GTK
#include "elicit-gtk.h"
#else
#include "elicit.h"
#endif

#include "elicit-lint.h"
#include "elicit-renderer-choice.h"

typedef struct
{
  JsonObject *params;          /* nullable, borrowed */
  JsonObject *schema;          /* nullable, borrowed */
} LintInput;

static void
out (const char *format,
     ...) G_GNUC_PRINTF (1, 2);

/* Server authors read this in a terminal: always UTF-8, never g_print's
 * charset conversion, which turns every non-ASCII title into escapes. What a
 * schema holds never drives the terminal: control characters (ESC, BEL, C1)
 * are escaped, whatever line they come in. */
static void
out (const char *format,
     ...)
{
  g_autofree char *text = NULL;
  g_autofree char *safe = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);

  safe = elicit_text_escape_for_terminal (text, TRUE);
  fputs (safe, stdout);
}

/* The same for standard error. */
static void
err (const char *format,
     ...) G_GNUC_PRINTF (1, 2);

static void
err (const char *format,
     ...)
{
  g_autofree char *text = NULL;
  g_autofree char *safe = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);

  safe = elicit_text_escape_for_terminal (text, TRUE);
  fputs (safe, stderr);
}

/* A name or value from the schema on one line of output. */
static char *
shown (const char *text)
{
  return elicit_text_escape_for_terminal (text, FALSE);
}

/* Terminal columns @text takes: CJK characters take two, combining marks
 * none. printf's "%-13s" counts bytes, which misaligns any translation that
 * is not ASCII. */
static int
display_width (const char *text)
{
  int width = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (!g_unichar_iszerowidth (c))
        width += g_unichar_iswide (c) ? 2 : 1;
    }

  return width;
}

/* The column the values of a block of "Label: value" rows start at, one past
 * the widest label, whatever the language. */
static int
value_column (const char * const *labels)
{
  int width = 0;

  for (guint i = 0; labels[i] != NULL; i++)
    width = MAX (width, display_width (labels[i]));

  return width + 1;
}

static void
out_row (const char *indent,
         int         column,
         const char *label,
         const char *value)
{
  out ("%s%s%*s %s\n", indent, label, MAX (column - display_width (label), 0), "", value);
}

/* FILE may be a requestedSchema, the params of elicitation/create, or a whole
 * JSON-RPC request. */
static gboolean
find_input (JsonNode   *root,
            LintInput  *input,
            GError    **error)
{
  JsonObject *object;
  JsonObject *params;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error_literal (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_NOT_AN_OBJECT,
                           _("The file does not hold a JSON object"));
      return FALSE;
    }

  object = json_node_get_object (root);
  params = elicit_json_object_get_object (object, "params");
  if (json_object_has_member (object, "method") && params != NULL)
    object = params;

  if (json_object_has_member (object, "requestedSchema") ||
      json_object_has_member (object, "mode") ||
      json_object_has_member (object, "message"))
    {
      input->params = object;
      input->schema = elicit_json_object_get_object (object, "requestedSchema");
    }
  else
    {
      input->schema = object;
    }

  return TRUE;
}

static char *
format_number (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.15g", value));
}

/* The count ngettext picks a plural form by: counts past a million keep their
 * last six digits, which is what decides the form in languages that look at
 * the last digits. */
static gulong
plural_count (gint64 n)
{
  return n > 1000000 ? (gulong) (n % 1000000 + 1000000) : (gulong) n;
}

static void
append_separator (GString *constraints)
{
  if (constraints->len > 0)
    g_string_append (constraints, "; ");
}

static void
append_length (GString     *constraints,
               ElicitField *field)
{
  gint64 min = elicit_field_get_min_length (field);
  gint64 max = elicit_field_get_max_length (field);
  g_autofree char *min_text = g_strdup_printf ("%" G_GINT64_FORMAT, min);
  g_autofree char *max_text = g_strdup_printf ("%" G_GINT64_FORMAT, max);

  if (min < 0 && max < 0)
    return;

  append_separator (constraints);
  if (min >= 0 && max >= 0)
    /* Translators: the length a text field allows; the %s are numbers */
    g_string_append_printf (constraints, ngettext ("%s to %s character", "%s to %s characters",
                                                   plural_count (max)),
                            min_text, max_text);
  else if (min >= 0)
    /* Translators: the length a text field allows; %s is a number */
    g_string_append_printf (constraints, ngettext ("at least %s character",
                                                   "at least %s characters",
                                                   plural_count (min)),
                            min_text);
  else
    /* Translators: the length a text field allows; %s is a number */
    g_string_append_printf (constraints, ngettext ("at most %s character",
                                                   "at most %s characters",
                                                   plural_count (max)),
                            max_text);
}

static void
append_items (GString     *constraints,
              ElicitField *field)
{
  gint64 min = elicit_field_get_min_items (field);
  gint64 max = elicit_field_get_max_items (field);
  g_autofree char *min_text = g_strdup_printf ("%" G_GINT64_FORMAT, min);
  g_autofree char *max_text = g_strdup_printf ("%" G_GINT64_FORMAT, max);

  if (min < 0 && max < 0)
    return;

  append_separator (constraints);
  if (min >= 0 && max >= 0)
    /* Translators: how many options of a multiple choice the user must pick;
     * the %s are numbers */
    g_string_append_printf (constraints, _("choose %s to %s"), min_text, max_text);
  else if (min >= 0)
    /* Translators: how many options of a multiple choice the user must pick;
     * %s is a number */
    g_string_append_printf (constraints, _("choose at least %s"), min_text);
  else
    /* Translators: how many options of a multiple choice the user may pick;
     * %s is a number */
    g_string_append_printf (constraints, _("choose at most %s"), max_text);
}

static void
append_bounds (GString     *constraints,
               ElicitField *field)
{
  double minimum, maximum;
  gboolean has_min = elicit_field_get_minimum (field, &minimum);
  gboolean has_max = elicit_field_get_maximum (field, &maximum);
  g_autofree char *min_text = has_min ? format_number (minimum) : NULL;
  g_autofree char *max_text = has_max ? format_number (maximum) : NULL;

  if (!has_min && !has_max)
    return;

  append_separator (constraints);
  if (has_min && has_max)
    /* Translators: the range a number field allows; the %s are numbers */
    g_string_append_printf (constraints, _("from %s to %s"), min_text, max_text);
  else if (has_min)
    /* Translators: the range a number field allows; %s is a number */
    g_string_append_printf (constraints, _("at least %s"), min_text);
  else
    /* Translators: the range a number field allows; %s is a number */
    g_string_append_printf (constraints, _("at most %s"), max_text);
}

static char *
describe_constraints (ElicitField *field)
{
  GString *constraints = g_string_new (NULL);
  const char *pattern = elicit_field_get_pattern (field);

  append_length (constraints, field);
  append_items (constraints, field);
  append_bounds (constraints, field);

  if (pattern != NULL)
    {
      append_separator (constraints);
      /* Translators: a text field must match a regular expression, shown after
       * this as /pattern/ */
      g_autofree char *shown_pattern = shown (pattern);

      g_string_append_printf (constraints, "%s /%s/", C_("constraint", "matches"), shown_pattern);
    }

  if (constraints->len == 0)
    return g_string_free (constraints, TRUE);

  return g_string_free (constraints, FALSE);
}

static void
print_options (ElicitField *field)
{
  GListModel *options = elicit_field_get_options (field);
  guint n = g_list_model_get_n_items (options);

  for (guint i = 0; i < MIN (n, 20); i++)
    {
      g_autoptr(ElicitOption) option = g_list_model_get_item (options, i);
      g_autofree char *value = shown (elicit_option_get_value (option));
      g_autofree char *label = elicit_text_sanitize_line (elicit_option_get_label (option),
                                                          ELICIT_TEXT_LINE_MAX);

      if (g_strcmp0 (label, value) == 0)
        out ("       • %s\n", label);
      else
        out ("       • %s  (%s)\n", label, value);
    }

  if (n > 20)
    out ("       • %s\n", _("…and more"));
}

static gboolean
field_looks_secret (ElicitField *field)
{
  return elicit_text_looks_secret (elicit_field_get_name (field)) ||
         elicit_text_looks_secret (elicit_field_get_title (field));
}

static void
print_field (ElicitField *field,
             guint        position,
             gboolean     alone)
{
  g_autofree char *label = elicit_text_sanitize_line (elicit_field_get_label (field),
                                                      ELICIT_TEXT_LINE_MAX);
  g_autofree char *description = elicit_text_sanitize_line (elicit_field_get_description (field),
                                                            ELICIT_TEXT_LINE_MAX);
#ifdef HAVE_GTK
  /* The widgets library's own decision: what the form will build. Without
   * GTK, lint names the kind of value only and guesses no widget. */
  g_autofree char *widget = NULL;
#endif
  g_autofree char *constraints = describe_constraints (field);
  JsonNode *default_value = elicit_field_get_default (field);
  g_autofree char *default_json = default_value ? elicit_json_to_string (default_value, NULL) : NULL;
  g_autofree char *default_text = default_json ? elicit_text_escape_json_for_terminal (default_json) : NULL;
  g_autofree char *name = shown (elicit_field_get_name (field));
  const char *labels[] = {
    _("Label:"), _("Description:"), _("Widget:"), _("Constraints:"), _("Default:"), _("Warning:"),
    NULL
  };
  int column = value_column (labels);

  out ("  %u. %s — %s%s\n", position + 1, name,
       elicit_field_kind_describe (elicit_field_get_kind (field)),
       /* Translators: appended to a field's kind, as in "1. name — text, required" */
       elicit_field_get_required (field) ? _(", required") : _(", optional"));
  out_row ("     ", column, _("Label:"), label);
  if (description != NULL && *description != '\0')
    out_row ("     ", column, _("Description:"), description);
#ifdef HAVE_GTK
  elicit_form_describe_field_in_form (field, alone, &widget);
  out_row ("     ", column, _("Widget:"), widget);
#endif
  if (constraints != NULL)
    out_row ("     ", column, _("Constraints:"), constraints);
  out_row ("     ", column, _("Default:"),
           default_text ? default_text : _("none (left out unless the user fills it in)"));
  if (field_looks_secret (field))
    out_row ("     ", column, _("Warning:"),
             _("this looks like a secret; servers must not ask for secrets in form mode"));
  if (elicit_field_get_kind (field) == ELICIT_FIELD_KIND_CHOICE ||
      elicit_field_get_kind (field) == ELICIT_FIELD_KIND_MULTI_CHOICE)
    print_options (field);
}

static void
print_schema (ElicitSchema *schema)
{
  GListModel *fields = elicit_schema_get_fields (schema);
  const char * const *warnings = elicit_schema_get_warnings (schema);
  guint n_fields = g_list_model_get_n_items (fields);
  guint n_warnings = warnings ? g_strv_length ((char **) warnings) : 0;
  guint n_secret = 0;
  g_autofree char *fields_text = NULL;
  g_autofree char *warnings_text = NULL;

  out ("%s\n", _("Fields, as the dialog shows them:"));
  if (n_fields == 0)
    out ("  %s\n", _("(no fields: the dialog only asks to accept or decline)"));

  for (guint i = 0; i < n_fields; i++)
    {
      g_autoptr(ElicitField) field = g_list_model_get_item (fields, i);

      print_field (field, i, n_fields == 1);
      /* A secret-looking field's warning counts like the schema's own. */
      n_secret += field_looks_secret (field);
    }

  if (n_warnings > 0)
    {
      out ("\n%s\n", _("Warnings:"));
      for (guint i = 0; i < n_warnings; i++)
        out ("  • %s\n", warnings[i]);
    }

  fields_text = g_strdup_printf (ngettext ("%u field", "%u fields", n_fields), n_fields);
  warnings_text = g_strdup_printf (ngettext ("%u warning", "%u warnings", n_warnings + n_secret),
                                   n_warnings + n_secret);
  out ("\n");
  /* Translators: the last line of the report, as in "Usable: 5 fields, 0 warnings.";
   * the %s are "N fields" and "N warnings" */
  out (_("Usable: %s, %s.\n"), fields_text, warnings_text);
}

static JsonNode *
read_json_file (const char  *path,
                GError     **error)
{
  g_autofree char *contents = NULL;
  gsize length;

  if (!g_file_get_contents (path, &contents, &length, error))
    return NULL;

  return elicit_json_parse (contents, length, 64, error);
}

static int
check_content (ElicitSchema *schema,
               const char   *content_path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = read_json_file (content_path, &error);
  g_autoptr(GHashTable) errors = NULL;
  g_autoptr(JsonObject) sent = NULL;
  g_autoptr(JsonNode) sent_node = NULL;
  g_autofree char *sent_text = NULL;
  GListModel *fields = elicit_schema_get_fields (schema);
  GHashTableIter iter;
  gpointer name, message;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      out ("\n%s: %s\n", content_path, error ? error->message : _("not a JSON object"));
      return 1;
    }

  errors = elicit_schema_validate (schema, json_node_get_object (node));
  out ("\n%s %s\n", _("Content:"), content_path);

  /* Field errors in the form's order first, then keys the schema lacks. */
  for (guint i = 0; i < g_list_model_get_n_items (fields); i++)
    {
      g_autoptr(ElicitField) field = g_list_model_get_item (fields, i);
      const char *field_name = elicit_field_get_name (field);
      const char *field_message = g_hash_table_lookup (errors, field_name);

      if (field_message != NULL)
        out ("  ✗ %s: %s\n", field_name, field_message);
    }
  g_hash_table_iter_init (&iter, errors);
  while (g_hash_table_iter_next (&iter, &name, &message))
    if (elicit_schema_get_field (schema, name) == NULL)
      out ("  ✗ %s: %s\n", (char *) name, (char *) message);

  if (g_hash_table_size (errors) > 0)
    return 1;

  sent = elicit_schema_build_content (schema, json_node_get_object (node));
  sent_node = json_node_init_object (json_node_alloc (), sent);
  sent_text = elicit_json_to_string (sent_node, NULL);
  /* Translators: the content checked with --content fits the schema */
  out ("  ✓ %s\n  %s %s\n", C_("content check", "valid"), _("Sent as:"), sent_text);
  return 0;
}

/* Every reason the dialog refuses the schema, so that an author fixes them
 * in one go rather than one run each. */
static void
print_problems (JsonObject   *schema_object,
                const GError *first)
{
  g_auto(GStrv) problems = elicit_schema_list_problems (schema_object);
  guint n = g_strv_length (problems);

  if (n <= 1)
    {
      out ("%s %s\n", _("Refused:"), n == 1 ? problems[0] : first->message);
      return;
    }

  out ("%s ", _("Refused:"));
  out (g_dngettext (GETTEXT_PACKAGE, "%u problem:\n", "%u problems:\n", n), n);
  for (guint i = 0; i < n; i++)
    out ("  • %s\n", problems[i]);
}

static int
lint_form (JsonObject *schema_object,
           const char *content_path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitSchema) schema = NULL;

  if (schema_object == NULL)
    {
      out ("%s %s\n", _("Refused:"), _("the request has no requestedSchema object"));
      return 1;
    }

  schema = elicit_schema_new_from_json (schema_object, &error);
  if (schema == NULL)
    {
      print_problems (schema_object, error);
      return 1;
    }

  print_schema (schema);

  if (content_path != NULL)
    return check_content (schema, content_path);

  return 0;
}

static int
lint_url (JsonObject *params)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitUrlInfo) info = NULL;
  const char *url = elicit_json_object_get_string (params, "url");
  const char * const *warnings;
  const char *labels[] = {
    _("URL:"), _("Scheme:"), _("Host:"), _("Host (ASCII):"), _("Registrable domain:"),
    _("Warning:"), NULL
  };
  int column = value_column (labels);

  out ("%s\n", _("URL, as the dialog shows it:"));
  if (url == NULL)
    {
      out ("%s %s\n", _("Refused:"), _("the request has no url string"));
      return 1;
    }

  info = elicit_url_info_new (url, &error);
  if (info == NULL)
    {
      g_autofree char *shown = elicit_text_sanitize_line (url, ELICIT_TEXT_LINE_MAX);

      out_row ("  ", column, _("URL:"), shown);
      out ("%s %s\n", _("Refused:"), error->message);
      return 1;
    }

  out_row ("  ", column, _("URL:"), elicit_url_info_get_display_url (info));
  out_row ("  ", column, _("Scheme:"), elicit_url_info_get_scheme (info));
  out_row ("  ", column, _("Host:"), elicit_url_info_get_host (info));
  if (g_strcmp0 (elicit_url_info_get_host (info), elicit_url_info_get_ascii_host (info)) != 0)
    out_row ("  ", column, _("Host (ASCII):"), elicit_url_info_get_ascii_host (info));
  if (elicit_url_info_get_registrable_domain (info) != NULL)
    out_row ("  ", column, _("Registrable domain:"), elicit_url_info_get_registrable_domain (info));

  warnings = elicit_url_info_get_warnings (info);
  for (guint i = 0; warnings != NULL && warnings[i] != NULL; i++)
    out_row ("  ", column, _("Warning:"), warnings[i]);

  return 0;
}

#ifdef HAVE_GTK
/* A bare schema becomes the params of a request, so it renders as a dialog. */
static JsonObject *
params_for_render (LintInput *input)
{
  JsonObject *params;

  if (input->params != NULL)
    return json_object_ref (input->params);

  params = json_object_new ();
  json_object_set_string_member (params, "message", "");
  json_object_set_object_member (params, "requestedSchema", json_object_ref (input->schema));
  return params;
}

static int
render (LintInput  *input,
        const char *server_label,
        const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) params = params_for_render (input);
  g_autoptr(ElicitRequest) request = NULL;
  int status = 3;
  gboolean chosen = elicit_renderer_choice_prefer_cairo ();
  gboolean ok;

  /* The dialog is drawn and gone, never presented nor answered: no
   * accessibility objects for its widgets (thousands in a long form), unless
   * the user asked for them. Lint starts no other program to inherit it. */
  g_setenv ("GTK_A11Y", "none", FALSE);
  ok = gtk_init_check ();

  elicit_renderer_choice_forget (chosen);
  if (chosen)
    elicit_renderer_choice_quiet_notes ();
  if (!ok)
    {
      err ("%s\n", _("Cannot render: no display (run under Xvfb for a headless machine)"));
      return 3;
    }

  /* The picture is of the dialog as it settles, the same every time: not
   * of wherever a transition (the first field's focus ring) or the caret's
   * blinking happens to be when it is drawn. */
  g_object_set (gtk_settings_get_default (),
                "gtk-enable-animations", FALSE,
                "gtk-cursor-blink", FALSE,
                NULL);

  request = elicit_request_new (params, &error);
  if (request != NULL && elicit_render_dialog_to_png (request, server_label, NULL, path, &error))
    {
      out ("%s %s\n", _("Rendered:"), path);
      status = 0;
    }
  else
    err ("%s %s\n", _("Cannot render:"), error->message);

  /* A detached request dropped unanswered would "send" cancel to nobody; say
   * explicitly that lint is done with it. */
  if (request != NULL && elicit_request_get_state (request) == ELICIT_REQUEST_STATE_PENDING)
    elicit_request_cancel (request);

  return status;
}
#endif

int
elicit_lint_main (int    argc,
                  char **argv)
{
  g_autofree char *content_path = NULL;
  g_autofree char *render_path = NULL;
  g_autofree char *server_label = NULL;
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;
  LintInput input = { NULL, NULL };
  int status;
  const GOptionEntry entries[] = {
    { "content", 0, 0, G_OPTION_ARG_FILENAME, &content_path,
      N_("Also validate this content against the schema"), N_("CONTENT.json") },
    { "render", 0, 0, G_OPTION_ARG_FILENAME, &render_path,
      N_("Also render the dialog to a PNG image (needs a display, e.g. Xvfb)"), N_("OUT.png") },
    { "name", 0, 0, G_OPTION_ARG_STRING, &server_label,
      N_("The server name the rendered dialog shows"), N_("NAME") },
    { NULL }
  };

  elicit_init ();
  /* The usage line names the command as people type it. */
  g_set_prgname ("elicit lint");

  context = g_option_context_new (_("FILE.json — check an elicitation schema as Elicit sees it"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_description (context,
    _("FILE.json may be a requestedSchema, the params of elicitation/create or a whole request. "
      "Lint lists the fields as the dialog shows them, every warning, and every problem that "
      "makes the dialog refuse the request. Exit status: 0 the dialog shows the request (and "
      "the --content fits it, the --render was drawn); 1 the dialog refuses the request, or the "
      "content does not fit; 2 a wrong command line, or a file that cannot be read; 3 the "
      "dialog could not be rendered."));
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2)
    {
      err ("%s\n", error ? error->message : _("Give exactly one FILE.json"));
      return 2;
    }

#ifndef HAVE_GTK
  if (render_path != NULL)
    {
      fprintf (stderr, "%s\n",
               _("--render is unavailable: this build of Elicit has no GTK"));
      return 2;
    }
#endif

  root = read_json_file (argv[1], &error);
  if (root == NULL && error->domain == G_FILE_ERROR)
    {
      err ("%s %s\n", _("Cannot read the file:"), error->message);
      return 2;
    }
  if (root == NULL || !find_input (root, &input, &error))
    {
      out ("%s %s: %s\n", _("Refused:"), argv[1], error->message);
      return 1;
    }

  if (input.params != NULL && elicit_json_object_get_string (input.params, "message") != NULL)
    {
      g_autofree char *message = elicit_text_sanitize_block (
        elicit_json_object_get_string (input.params, "message"), ELICIT_TEXT_BLOCK_MAX);

      out ("%s %s\n", _("Message:"), message);
    }

  if (input.params != NULL && g_strcmp0 (elicit_json_object_get_string (input.params, "mode"), "url") == 0)
    status = lint_url (input.params);
  else
    status = lint_form (input.schema, content_path);

#ifdef HAVE_GTK
  if (render_path != NULL && status == 0)
    status = render (&input, server_label ? server_label : _("Example server"), render_path);
#endif

  return status;
}
