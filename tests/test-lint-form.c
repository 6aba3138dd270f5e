/* test-lint-form.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/*
 * `elicit lint` and ElicitForm agree on every fixture, field by field: the
 * "Widget:" line lint prints for a field names the editor the form really
 * builds for it. The editor is read back from the built widgets (a GtkTextView
 * or a GtkEntry, its input purpose and calendar icon, a spin button's digits,
 * a drop-down's search, a list or a column of check boxes), never from the
 * decision both sides share.
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include <gtk/gtk.h>

#include "elicit-gtk.h"

typedef struct
{
  char *name;
  char *widget;
} LintField;

static void
lint_field_free (gpointer data)
{
  LintField *field = data;

  g_free (field->name);
  g_free (field->widget);
  g_free (field);
}

/* The same reading of a fixture as lint's: a requestedSchema, the params of
 * elicitation/create, or a whole request. NULL for what is not a form. */
static ElicitSchema *
schema_from_fixture (const char *path)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *params;
  JsonNode *node;

  if (!json_parser_load_from_file (parser, path, NULL))
    return NULL;
  node = json_parser_get_root (parser);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return NULL;

  root = json_node_get_object (node);
  params = root;
  if (json_object_has_member (root, "params") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (root, "params")))
    params = json_object_get_object_member (root, "params");
  if (json_object_has_member (params, "requestedSchema") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (params, "requestedSchema")))
    root = json_object_get_object_member (params, "requestedSchema");

  return elicit_schema_new_from_json (root, NULL);
}

/* Runs `elicit lint PATH` in English; returns its fields in order, each with
 * the text of its "Widget:" line. */
static GPtrArray *
run_lint (const char *path)
{
  const char *elicit = g_getenv ("ELICIT_BIN");
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) lint = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *output = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *fields = g_ptr_array_new_with_free_func (lint_field_free);
  LintField *current = NULL;

  g_assert_nonnull (elicit);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_unsetenv (launcher, "LANGUAGE");
  lint = g_subprocess_launcher_spawn (launcher, &error, elicit, "lint", path, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (lint, NULL, NULL, &output, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (lint));
  g_assert_cmpint (g_subprocess_get_exit_status (lint), ==, 0);

  lines = g_strsplit (output, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      const char *dash;
      guint number;
      int consumed = 0;

      /* "  3. name — text, required" */
      if (sscanf (line, "  %u. %n", &number, &consumed) == 1 && consumed > 0 &&
          (dash = strstr (line, " — ")) != NULL)
        {
          current = g_new0 (LintField, 1);
          current->name = g_strndup (line + consumed, dash - (line + consumed));
          g_ptr_array_add (fields, current);
        }
      else if (current != NULL && g_str_has_prefix (line, "     Widget:"))
        {
          current->widget = g_strdup (g_strchug ((char *) line + strlen ("     Widget:")));
        }
    }

  return fields;
}

static guint
count_check_buttons (GtkWidget *box)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (box); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_CHECK_BUTTON (child))
      n++;

  return n;
}

static const char *
plural (guint n,
        const char *one,
        const char *many)
{
  return n == 1 ? one : many;
}

/* What a person sees for @field in @form, in lint's words. */
static char *
describe_built_editor (ElicitForm  *form,
                       ElicitField *field)
{
  GtkWidget *widget = elicit_form_get_field_widget (form, elicit_field_get_name (field));
  guint n_options = g_list_model_get_n_items (elicit_field_get_options (field));

  g_assert_nonnull (widget);

  if (GTK_IS_TEXT_VIEW (widget))
    return g_strdup ("multi-line text editor");

  if (GTK_IS_ENTRY (widget))
    {
      GtkEntry *entry = GTK_ENTRY (widget);
      g_autofree char *tooltip = NULL;

      switch ((int) gtk_entry_get_input_purpose (entry))
        {
        case GTK_INPUT_PURPOSE_EMAIL:
          return g_strdup ("email entry");
        case GTK_INPUT_PURPOSE_URL:
          return g_strdup ("web address entry");
        default:
          break;
        }

      if (gtk_entry_get_icon_name (entry, GTK_ENTRY_ICON_SECONDARY) == NULL)
        return g_strdup ("text entry");

      tooltip = gtk_entry_get_icon_tooltip_text (entry, GTK_ENTRY_ICON_SECONDARY);
      if (g_strcmp0 (tooltip, g_dgettext (GETTEXT_PACKAGE, "Choose a date (Alt+Down)")) == 0)
        return g_strdup ("date entry with a calendar");
      return g_strdup ("date and time entry with a calendar");
    }

  if (GTK_IS_SPIN_BUTTON (widget))
    return g_strdup (gtk_spin_button_get_digits (GTK_SPIN_BUTTON (widget)) == 0
                     ? "number box (whole numbers)"
                     : "number box (decimals allowed)");

  if (GTK_IS_SWITCH (widget))
    return g_strdup ("switch");

  if (GTK_IS_DROP_DOWN (widget))
    return g_strdup_printf ("%sdrop-down of %u %s",
                            gtk_drop_down_get_enable_search (GTK_DROP_DOWN (widget))
                            ? "searchable " : "",
                            n_options, plural (n_options, "option", "options"));

  if (GTK_IS_LIST_VIEW (widget))
    return g_strdup_printf ("searchable list of %u %s", n_options,
                            plural (n_options, "check box", "check boxes"));

  if (GTK_IS_BOX (widget))
    {
      guint n = count_check_buttons (widget);

      /* A yes/no question: two radio buttons, Yes and No, in a box. */
      if (elicit_field_get_kind (field) == ELICIT_FIELD_KIND_BOOLEAN && n == 2)
        return g_strdup ("Yes and No buttons, nothing chosen until the user chooses");

      return g_strdup_printf ("%u %s", n, plural (n, "check box", "check boxes"));
    }

  g_assert_not_reached ();
}

static void
add_fixtures (GPtrArray  *paths,
              const char *subdir)
{
  g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "data", subdir, NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      g_ptr_array_add (paths, g_build_filename (dir_path, name, NULL));
}

/* Every fixture, and in data/lint/ forms too long for the other tests, which
 * fill every field of every fixture by hand. */
static GPtrArray *
fixture_paths (void)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);

  add_fixtures (paths, ".");
  add_fixtures (paths, "lint");

  return paths;
}

static void
test_every_fixture (void)
{
  g_autoptr(GPtrArray) paths = fixture_paths ();
  guint n_forms = 0, n_fields = 0, n_multi_line = 0, n_lists = 0;

  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = paths->pdata[i];
      g_autoptr(ElicitSchema) schema = schema_from_fixture (path);
      g_autoptr(GPtrArray) lint_fields = NULL;
      GtkWidget *form;
      GListModel *fields;

      if (schema == NULL)
        continue;

      g_test_message ("%s", path);
      lint_fields = run_lint (path);
      form = g_object_ref_sink (elicit_form_new (schema));
      fields = elicit_schema_get_fields (schema);
      g_assert_cmpuint (lint_fields->len, ==, g_list_model_get_n_items (fields));

      for (guint j = 0; j < lint_fields->len; j++)
        {
          LintField *said = lint_fields->pdata[j];
          g_autoptr(ElicitField) field = g_list_model_get_item (fields, j);
          g_autofree char *built = describe_built_editor (ELICIT_FORM (form), field);

          g_test_message ("  %s: lint says “%s”, the form built “%s”",
                          said->name, said->widget, built);
          g_assert_cmpstr (said->name, ==, elicit_field_get_name (field));
          g_assert_cmpstr (said->widget, ==, built);
          n_fields++;
          if (GTK_IS_TEXT_VIEW (elicit_form_get_field_widget (ELICIT_FORM (form), said->name)))
            n_multi_line++;
          if (GTK_IS_LIST_VIEW (elicit_form_get_field_widget (ELICIT_FORM (form), said->name)))
            n_lists++;
        }

      g_object_unref (form);
      n_forms++;
    }

  /* The fixtures hold forms, and among their fields the case lint used to
   * get wrong (long text without a maxLength, known by its name) and long
   * lists of check boxes. */
  g_assert_cmpuint (n_forms, >=, 20);
  g_assert_cmpuint (n_fields, >=, 50);
  g_assert_cmpuint (n_multi_line, >=, 3);
  g_assert_cmpuint (n_lists, >=, 2);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Elicit/LintForm/every-fixture-lint-names-the-editor-the-form-builds",
                   test_every_fixture);

  return g_test_run ();
}
