/* test-form.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <gtk/gtk.h>

#include "elicit-gtk.h"
#include "elicit-field-editor-private.h"
#include "elicit-form-private.h"
#include "elicit-multi-choice-editor-private.h"
#include "elicit-text-editor-private.h"

/* ---- helpers ------------------------------------------------------------ */

static ElicitSchema *
schema_new (const char *json)
{
  g_autoptr(GError) error = NULL;
  ElicitSchema *schema = elicit_schema_new_from_data (json, -1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (schema);

  return schema;
}

static ElicitForm *
form_new (const char *json)
{
  g_autoptr(ElicitSchema) schema = schema_new (json);

  return ELICIT_FORM (g_object_ref_sink (elicit_form_new (schema)));
}

static char *
object_to_string (JsonObject *object)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);

  return json_to_string (node, FALSE);
}

#define assert_content(form, expected) G_STMT_START { \
  g_autoptr(JsonObject) content__ = elicit_form_get_content (form); \
  g_autofree char *text__ = object_to_string (content__); \
  g_assert_cmpstr (text__, ==, (expected)); \
} G_STMT_END

static GtkWidget *
field_widget (ElicitForm *form,
              const char *name)
{
  GtkWidget *widget = elicit_form_get_field_widget (form, name);

  g_assert_nonnull (widget);

  return widget;
}

/* The editor holding a field's widget. */
static GtkWidget *
editor_of (GtkWidget *input)
{
  GtkWidget *widget;

  for (widget = input; widget != NULL; widget = gtk_widget_get_parent (widget))
    if (g_str_has_suffix (G_OBJECT_TYPE_NAME (widget), "Editor"))
      return widget;

  g_assert_not_reached ();
}

/* The row (a vertical box) holding a field's editor. */
static GtkWidget *
row_of (GtkWidget *input)
{
  return gtk_widget_get_parent (editor_of (input));
}

/* The visible error of a field's row, or NULL. */
static const char *
shown_error (ElicitForm *form,
             const char *name)
{
  GtkWidget *label = gtk_widget_get_last_child (row_of (field_widget (form, name)));

  g_assert_true (GTK_IS_LABEL (label));
  g_assert_true (gtk_widget_has_css_class (label, "error"));
  /* Kept in place, empty, until there is an error to show. */
  g_assert_true (gtk_widget_get_visible (label));
  if (*gtk_label_get_text (GTK_LABEL (label)) == '\0')
    return NULL;

  return gtk_label_get_text (GTK_LABEL (label));
}

static void
collect_type (GtkWidget *widget,
              GType      type,
              GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (found, widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_type (child, type, found);
}

static GPtrArray *
find_all (GtkWidget *root,
          GType      type)
{
  GPtrArray *found = g_ptr_array_new ();

  collect_type (root, type, found);

  return found;
}

static guint
count_widgets (GtkWidget *root)
{
  g_autoptr(GPtrArray) all = find_all (root, GTK_TYPE_WIDGET);

  return all->len;
}

static const char *
check_label (GtkCheckButton *button)
{
  GtkWidget *child = gtk_check_button_get_child (button);

  if (child == NULL)
    return gtk_check_button_get_label (button);

  return gtk_label_get_text (GTK_LABEL (child));
}

static GtkCheckButton *
find_check_now (GtkWidget  *root,
                const char *label)
{
  g_autoptr(GPtrArray) checks = find_all (root, GTK_TYPE_CHECK_BUTTON);

  for (guint i = 0; i < checks->len; i++)
    if (g_strcmp0 (check_label (checks->pdata[i]), label) == 0)
      return checks->pdata[i];

  return NULL;
}

static GtkWidget *
find_label_now (GtkWidget  *root,
                const char *text)
{
  g_autoptr(GPtrArray) labels = find_all (root, GTK_TYPE_LABEL);

  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_text (labels->pdata[i]), text) == 0)
      return labels->pdata[i];

  return NULL;
}

static void
spin_until (gboolean (*done) (gpointer),
            gpointer   data)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!done (data))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("Timed out waiting for the window to settle");
      g_main_context_iteration (NULL, FALSE);
    }
}

/* A check button by its label, waiting for a list to show it if it is in a
 * window. */
static GtkCheckButton *
find_check (GtkWidget  *root,
            const char *label)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  GtkCheckButton *button;

  while ((button = find_check_now (root, label)) == NULL &&
         gtk_widget_get_mapped (root) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);

  return button;
}

static gboolean
is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

static void
iterate_a_little (void)
{
  for (guint i = 0; i < 50; i++)
    g_main_context_iteration (NULL, FALSE);
}

/* A window showing @form, so lists create their rows. */
static GtkWidget *
show_in_window (ElicitForm *form)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), 480, 700);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (form));
  gtk_window_present (GTK_WINDOW (window));
  spin_until (is_mapped, form);
  iterate_a_little ();

  return window;
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

static void
count_changed_cb (ElicitForm *form,
                  guint      *count)
{
  (*count)++;
}

/* ---- fixtures ----------------------------------------------------------- */

/* A fixture is a requestedSchema, the params of an elicitation/create, or a
 * whole request. Fixtures the schema layer refuses are not forms. */
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

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

static GPtrArray *
fixture_schemas (void)
{
  g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "data", NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *schemas = g_ptr_array_new_with_free_func (g_object_unref);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      g_ptr_array_add (names, g_build_filename (dir_path, name, NULL));
  g_ptr_array_sort (names, compare_paths);

  for (guint i = 0; i < names->len; i++)
    {
      ElicitSchema *schema = schema_from_fixture (g_ptr_array_index (names, i));

      if (schema != NULL)
        {
          g_object_set_data_full (G_OBJECT (schema), "path", g_strdup (names->pdata[i]), g_free);
          g_ptr_array_add (schemas, schema);
        }
    }

  return schemas;
}

/* A value a user could give @field; written into @expected too. */
static void
fill_field (ElicitForm  *form,
            ElicitField *field,
            JsonObject  *expected)
{
  const char *name = elicit_field_get_name (field);
  GtkWidget *widget = field_widget (form, name);
  double minimum = 0, maximum = 0;

  switch (elicit_field_get_kind (field))
    {
    case ELICIT_FIELD_KIND_TEXT:
      {
        static const char * const samples[] = {
          "Ada Lovelace", "ada@example.org", "https://example.org/ada", "2026-11-22",
          "2026-11-22T14:30:00+01:00",
        };
        const char *text = samples[elicit_field_get_format (field)];
        g_autofree char *sized = NULL;
        gint64 min_length = elicit_field_get_min_length (field);
        gint64 max_length = elicit_field_get_max_length (field);

        /* Plain text as long as the field wants it. */
        if (elicit_field_get_format (field) == ELICIT_TEXT_FORMAT_NONE &&
            (min_length > 12 || (max_length >= 0 && max_length < 12)))
          text = sized = g_strnfill (MAX (min_length, MIN (max_length, 3)), 'a');
        if (GTK_IS_TEXT_VIEW (widget))
          gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (widget)), text, -1);
        else
          gtk_editable_set_text (GTK_EDITABLE (widget), text);
        json_object_set_string_member (expected, name, text);
        break;
      }
    case ELICIT_FIELD_KIND_NUMBER:
    case ELICIT_FIELD_KIND_INTEGER:
      {
        gboolean has_min = elicit_field_get_minimum (field, &minimum);
        gboolean has_max = elicit_field_get_maximum (field, &maximum);
        double value = has_min ? ceil (minimum) + 1 : 7;

        if (has_max && value > maximum)
          value = has_min ? minimum : floor (maximum);
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), value);
        if (value == trunc (value))
          json_object_set_int_member (expected, name, (gint64) value);
        else
          json_object_set_double_member (expected, name, value);
        break;
      }
    case ELICIT_FIELD_KIND_BOOLEAN:
      {
        gboolean active;

        if (GTK_IS_SWITCH (widget))
          {
            active = !gtk_switch_get_active (GTK_SWITCH (widget));
            gtk_switch_set_active (GTK_SWITCH (widget), active);
          }
        else
          {
            active = TRUE;
            gtk_check_button_set_active (find_check_now (widget, "Yes"), TRUE);
          }
        json_object_set_boolean_member (expected, name, active);
        break;
      }
    case ELICIT_FIELD_KIND_CHOICE:
      {
        GListModel *options = elicit_field_get_options (field);
        guint last = g_list_model_get_n_items (options) - 1;
        g_autoptr(ElicitOption) option = g_list_model_get_item (options, last);
        GListModel *shown = gtk_drop_down_get_model (GTK_DROP_DOWN (widget));

        /* The shown list may start with "Choose…": pick the last item. */
        gtk_drop_down_set_selected (GTK_DROP_DOWN (widget), g_list_model_get_n_items (shown) - 1);
        json_object_set_string_member (expected, name, elicit_option_get_value (option));
        break;
      }
    case ELICIT_FIELD_KIND_MULTI_CHOICE:
      {
        GListModel *options = elicit_field_get_options (field);
        gint64 max_items = elicit_field_get_max_items (field);
        gint64 min_items = elicit_field_get_min_items (field);
        guint n = MIN (g_list_model_get_n_items (options), (guint) MAX (1, min_items));
        g_autoptr(JsonArray) array = json_array_new ();
        g_autoptr(GPtrArray) checks = find_all (widget, GTK_TYPE_CHECK_BUTTON);

        if (max_items >= 0)
          n = MIN (n, (guint) max_items);
        g_assert_cmpuint (checks->len, >=, n);
        /* Untick the defaults first, then tick the first n. */
        for (guint i = 0; i < checks->len; i++)
          gtk_check_button_set_active (checks->pdata[i], FALSE);
        for (guint i = 0; i < n; i++)
          {
            g_autoptr(ElicitOption) option = g_list_model_get_item (options, i);

            gtk_check_button_set_active (checks->pdata[i], TRUE);
            json_array_add_string_element (array, elicit_option_get_value (option));
          }
        json_object_set_array_member (expected, name, g_steal_pointer (&array));
        break;
      }
    default:
      g_assert_not_reached ();
    }
}

static void
test_fixtures_send_what_the_user_set (void)
{
  g_autoptr(GPtrArray) schemas = fixture_schemas ();

  g_assert_cmpuint (schemas->len, >, 0);
  for (guint i = 0; i < schemas->len; i++)
    {
      ElicitSchema *schema = schemas->pdata[i];
      ElicitForm *form = ELICIT_FORM (g_object_ref_sink (elicit_form_new (schema)));
      GListModel *fields = elicit_schema_get_fields (schema);
      g_autoptr(JsonObject) expected = json_object_new ();
      g_autofree char *expected_text = NULL;

      gboolean has_pattern = FALSE;

      g_test_message ("%s", (char *) g_object_get_data (G_OBJECT (schema), "path"));
      for (guint j = 0; j < g_list_model_get_n_items (fields); j++)
        {
          g_autoptr(ElicitField) field = g_list_model_get_item (fields, j);

          fill_field (form, field, expected);
          has_pattern |= elicit_field_get_pattern (field) != NULL;
        }

      expected_text = object_to_string (expected);
      assert_content (form, expected_text);
      /* Values made to fit the constraints make a valid form (a pattern may
       * want something else). */
      if (!has_pattern)
        g_assert_true (elicit_form_get_valid (form));
      g_assert_finalize_object (form);
    }
}

/* What an untouched form sends: defaults, and the answer a required group of
 * boxes shows. A required yes/no without a default waits for a choice. */
static void
expect_untouched (ElicitField *field,
                  JsonObject  *expected)
{
  JsonNode *default_value = elicit_field_get_default (field);
  const char *name = elicit_field_get_name (field);

  if (default_value != NULL)
    json_object_set_member (expected, name, json_node_copy (default_value));
  else if (elicit_field_get_required (field) &&
           elicit_field_get_kind (field) == ELICIT_FIELD_KIND_MULTI_CHOICE)
    json_object_set_array_member (expected, name, json_array_new ());
}

static void
test_fixtures_untouched_send_only_defaults (void)
{
  g_autoptr(GPtrArray) schemas = fixture_schemas ();

  for (guint i = 0; i < schemas->len; i++)
    {
      ElicitSchema *schema = schemas->pdata[i];
      ElicitForm *form = ELICIT_FORM (g_object_ref_sink (elicit_form_new (schema)));
      GListModel *fields = elicit_schema_get_fields (schema);
      g_autoptr(JsonObject) expected = json_object_new ();
      g_autofree char *expected_text = NULL;

      g_test_message ("%s", (char *) g_object_get_data (G_OBJECT (schema), "path"));
      for (guint j = 0; j < g_list_model_get_n_items (fields); j++)
        {
          g_autoptr(ElicitField) field = g_list_model_get_item (fields, j);

          expect_untouched (field, expected);
        }

      expected_text = object_to_string (expected);
      assert_content (form, expected_text);
      g_assert_finalize_object (form);
    }
}

/* ---- defaults and omissions --------------------------------------------- */

static const char defaults_schema[] =
  "{\"type\":\"object\",\"properties\":{"
  "\"name\":{\"type\":\"string\",\"default\":\"Ada\"},"
  "\"age\":{\"type\":\"integer\",\"default\":36},"
  "\"score\":{\"type\":\"number\",\"default\":2.5},"
  "\"subscribe\":{\"type\":\"boolean\",\"default\":true},"
  "\"color\":{\"type\":\"string\",\"enum\":[\"red\",\"green\",\"blue\"],\"default\":\"green\"},"
  "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"enum\":[\"a\",\"b\",\"c\"]},"
  "\"default\":[\"c\",\"a\"]}}}";

static void
test_defaults_are_prefilled_and_sent (void)
{
  ElicitForm *form = form_new (defaults_schema);
  GtkWidget *tags = field_widget (form, "tags");

  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field_widget (form, "name"))), ==, "Ada");
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (field_widget (form, "age"))), ==, 36);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (field_widget (form, "score"))), ==, 2.5);
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (field_widget (form, "subscribe"))));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (field_widget (form, "color"))), ==, 1);
  g_assert_true (gtk_check_button_get_active (find_check (tags, "a")));
  g_assert_false (gtk_check_button_get_active (find_check (tags, "b")));
  g_assert_true (gtk_check_button_get_active (find_check (tags, "c")));

  assert_content (form, "{\"name\":\"Ada\",\"age\":36,\"score\":2.5,\"subscribe\":true,"
                        "\"color\":\"green\",\"tags\":[\"c\",\"a\"]}");
  g_assert_true (elicit_form_get_valid (form));

  /* Changing one leaves the others at their defaults. */
  gtk_check_button_set_active (find_check (tags, "b"), TRUE);
  gtk_switch_set_active (GTK_SWITCH (field_widget (form, "subscribe")), FALSE);
  assert_content (form, "{\"name\":\"Ada\",\"age\":36,\"score\":2.5,\"subscribe\":false,"
                        "\"color\":\"green\",\"tags\":[\"a\",\"b\",\"c\"]}");

  g_assert_finalize_object (form);
}

/* What an embedder prints or hands on, without a JsonGenerator. */
static void
test_content_json_is_the_content_as_text (void)
{
  ElicitForm *form = form_new (defaults_schema);
  g_autofree char *defaults = elicit_form_dup_content_json (form);
  g_autofree char *changed = NULL;

  g_assert_cmpstr (defaults, ==, "{\"name\":\"Ada\",\"age\":36,\"score\":2.5,\"subscribe\":true,"
                                 "\"color\":\"green\",\"tags\":[\"c\",\"a\"]}");

  gtk_editable_set_text (GTK_EDITABLE (field_widget (form, "name")), "Ada \"Countess\" Lovelace");
  changed = elicit_form_dup_content_json (form);
  g_assert_true (g_str_has_prefix (changed, "{\"name\":\"Ada \\\"Countess\\\" Lovelace\",\"age\":36,"));

  g_assert_finalize_object (form);
}

static const char optional_schema[] =
  "{\"type\":\"object\",\"properties\":{"
  "\"name\":{\"type\":\"string\"},"
  "\"age\":{\"type\":\"integer\"},"
  "\"score\":{\"type\":\"number\"},"
  "\"subscribe\":{\"type\":\"boolean\"},"
  "\"color\":{\"type\":\"string\",\"enum\":[\"red\",\"green\",\"blue\"]},"
  "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"enum\":[\"a\",\"b\"]}}}}";

static void
test_untouched_optional_fields_are_absent (void)
{
  ElicitForm *form = form_new (optional_schema);

  assert_content (form, "{}");
  g_assert_true (elicit_form_get_valid (form));

  /* Nothing looks filled in: no text, no number, "Choose…". */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field_widget (form, "age"))), ==, "");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field_widget (form, "score"))), ==, "");
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (field_widget (form, "color"))), ==, 0);

  g_assert_finalize_object (form);
}

static void
test_text_is_sent_as_typed_and_emptied_is_absent (void)
{
  ElicitForm *form = form_new (optional_schema);
  GtkWidget *name = field_widget (form, "name");

  gtk_editable_set_text (GTK_EDITABLE (name), "Grace Hopper");
  assert_content (form, "{\"name\":\"Grace Hopper\"}");
  gtk_editable_set_text (GTK_EDITABLE (name), "");
  assert_content (form, "{}");

  g_assert_finalize_object (form);
}

static void
test_clearing_a_default_text_sends_empty (void)
{
  ElicitForm *form = form_new (defaults_schema);

  gtk_editable_set_text (GTK_EDITABLE (field_widget (form, "name")), "");
  assert_content (form, "{\"name\":\"\",\"age\":36,\"score\":2.5,\"subscribe\":true,"
                        "\"color\":\"green\",\"tags\":[\"c\",\"a\"]}");

  g_assert_finalize_object (form);
}

/* ---- numbers ------------------------------------------------------------ */

static void
test_numbers_take_decimals_and_integers_do_not (void)
{
  ElicitForm *form = form_new (optional_schema);
  GtkSpinButton *age = GTK_SPIN_BUTTON (field_widget (form, "age"));
  GtkSpinButton *score = GTK_SPIN_BUTTON (field_widget (form, "score"));

  g_assert_cmpuint (gtk_spin_button_get_digits (age), ==, 0);
  g_assert_cmpuint (gtk_spin_button_get_digits (score), ==, 2);

  gtk_spin_button_set_value (score, 2.75);
  gtk_spin_button_set_value (age, 41);
  assert_content (form, "{\"age\":41,\"score\":2.75}");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (score)), ==, "2.75");

  g_assert_finalize_object (form);
}

static void
test_number_bounds_come_from_the_schema (void)
{
  ElicitForm *form = form_new ("{\"type\":\"object\",\"properties\":{"
                               "\"ratio\":{\"type\":\"number\",\"minimum\":0.125,\"maximum\":1},"
                               "\"count\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":99}}}");
  GtkSpinButton *ratio = GTK_SPIN_BUTTON (field_widget (form, "ratio"));
  GtkSpinButton *count = GTK_SPIN_BUTTON (field_widget (form, "count"));
  double lower, upper;

  gtk_spin_button_get_range (count, &lower, &upper);
  g_assert_cmpfloat (lower, ==, 1);
  g_assert_cmpfloat (upper, ==, 99);
  /* 0.125 needs three decimals. */
  g_assert_cmpuint (gtk_spin_button_get_digits (ratio), ==, 3);
  gtk_spin_button_set_value (ratio, 0.375);
  gtk_spin_button_set_value (count, 500);
  assert_content (form, "{\"ratio\":0.375,\"count\":99}");

  g_assert_finalize_object (form);
}

/* A Clear button anywhere in the row: there must be none. */
static GtkWidget *
clear_button_of (GtkWidget *input)
{
  g_autoptr(GPtrArray) buttons = find_all (editor_of (input), GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_widget_get_tooltip_text (buttons->pdata[i]), "Clear") == 0 ||
        g_strcmp0 (gtk_button_get_icon_name (buttons->pdata[i]), "edit-clear-symbolic") == 0)
      return buttons->pdata[i];

  return NULL;
}

/* Runs what @keyval does on @input's editor, as a key press in the field
 * bubbling up would; returns whether anything handled it. */
static gboolean
press_key_in (GtkWidget *input,
              guint      keyval)
{
  GtkWidget *editor = editor_of (input);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (editor);
  g_autoptr(GtkShortcutTrigger) wanted = gtk_keyval_trigger_new (keyval, 0);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), wanted))
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, editor,
                                                 gtk_shortcut_get_arguments (shortcut));
        }
    }

  return FALSE;
}

/* Emptying a number makes it absent; no Clear button comes and goes. */
static void
test_clearing_a_number_makes_it_absent_again (void)
{
  ElicitForm *form = form_new (optional_schema);
  GtkWidget *age = field_widget (form, "age");

  g_assert_null (clear_button_of (age));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (age), 0);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (age), 3);
  assert_content (form, "{\"age\":3}");
  g_assert_null (clear_button_of (age));

  gtk_editable_set_text (GTK_EDITABLE (age), "");
  assert_content (form, "{}");

  g_assert_finalize_object (form);
}

static void
test_typing_zero_into_an_empty_number_sends_zero (void)
{
  ElicitForm *form = form_new (optional_schema);
  GtkWidget *age = field_widget (form, "age");

  gtk_editable_set_text (GTK_EDITABLE (age), "0");
  assert_content (form, "{\"age\":0}");
  gtk_spin_button_update (GTK_SPIN_BUTTON (age));
  assert_content (form, "{\"age\":0}");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (age)), ==, "0");

  g_assert_finalize_object (form);
}

/* ---- booleans ----------------------------------------------------------- */

static void
test_optional_boolean_is_absent_until_flipped (void)
{
  ElicitForm *form = form_new (optional_schema);
  GtkWidget *subscribe = field_widget (form, "subscribe");
  GtkWidget *note = find_label_now (editor_of (subscribe), "Not set");

  assert_content (form, "{}");
  g_assert_nonnull (note);
  g_assert_false (press_key_in (subscribe, GDK_KEY_Delete));
  gtk_switch_set_active (GTK_SWITCH (subscribe), TRUE);
  assert_content (form, "{\"subscribe\":true}");
  gtk_switch_set_active (GTK_SWITCH (subscribe), FALSE);
  assert_content (form, "{\"subscribe\":false}");

  /* No Clear button: Delete or Backspace on the switch, and the note keeps
   * its place, empty, so nothing moves. */
  g_assert_null (clear_button_of (subscribe));
  g_assert_true (gtk_widget_get_visible (note));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (note)), ==, "");
  g_assert_true (press_key_in (subscribe, GDK_KEY_Delete));
  assert_content (form, "{}");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (note)), ==, "Not set");
  gtk_switch_set_active (GTK_SWITCH (subscribe), TRUE);
  g_assert_true (press_key_in (subscribe, GDK_KEY_BackSpace));
  assert_content (form, "{}");

  g_assert_finalize_object (form);
}

/* A hover text says what the person reads there, and a screen reader says
 * it as the description, as GTK's own tooltips do. */
static void
assert_hover_text (GtkWidget  *widget,
                   const char *text)
{
  g_autoptr(GtkTooltip) tooltip = g_object_new (GTK_TYPE_TOOLTIP, NULL);
  gboolean shown = FALSE;

  g_assert_true (gtk_widget_get_has_tooltip (widget));
  g_assert_cmpstr (elicit_field_editor_get_tooltip (widget), ==, text);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (widget),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text);
  g_signal_emit_by_name (widget, "query-tooltip", 1, 1, FALSE, tooltip, &shown);
  g_assert_true (shown);
}

static void
test_hover_texts_of_switches_and_drop_downs (void)
{
  ElicitForm *form = form_new (optional_schema);
  /* A drop-down shows its choice once on screen. */
  GtkWidget *window = show_in_window (form);
  GtkWidget *subscribe = field_widget (form, "subscribe");
  GtkWidget *chosen = find_label_now (field_widget (form, "color"), "Choose…");
  GtkWidget *name = field_widget (form, "name");
  g_autoptr(GtkTooltip) tooltip = g_object_new (GTK_TYPE_TOOLTIP, NULL);
  gboolean shown = FALSE;

  assert_hover_text (subscribe, "Delete or Backspace leaves this unanswered");
  /* A drop-down's option, cut short when long, reads whole on hover. */
  g_assert_nonnull (chosen);
  assert_hover_text (chosen, "Choose…");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (field_widget (form, "color")), 3);
  chosen = find_label_now (field_widget (form, "color"), "blue");
  g_assert_nonnull (chosen);
  assert_hover_text (chosen, "blue");

  /* Nothing to say, nothing shown. */
  g_assert_false (gtk_widget_get_has_tooltip (name));
  g_signal_emit_by_name (name, "query-tooltip", 1, 1, FALSE, tooltip, &shown);
  g_assert_false (shown);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (form);
}

static void
test_required_boolean_waits_for_a_choice (void)
{
  ElicitForm *form = form_new ("{\"type\":\"object\",\"properties\":{"
                               "\"agree\":{\"type\":\"boolean\",\"title\":\"I agree\"},"
                               "\"name\":{\"type\":\"string\"}},\"required\":[\"agree\"]}");
  GtkWidget *agree = field_widget (form, "agree");
  GtkCheckButton *yes = find_check_now (agree, "Yes");
  GtkCheckButton *no = find_check_now (agree, "No");

  /* Explicit Yes and No, nothing chosen, nothing sent, Accept waits. */
  g_assert_true (GTK_IS_BOX (agree));
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (agree), GTK_ACCESSIBLE_ROLE_RADIO_GROUP);
  g_assert_nonnull (yes);
  g_assert_nonnull (no);
  g_assert_false (gtk_check_button_get_active (yes));
  g_assert_false (gtk_check_button_get_active (no));
  assert_content (form, "{}");
  g_assert_false (elicit_form_get_valid (form));

  gtk_check_button_set_active (no, TRUE);
  assert_content (form, "{\"agree\":false}");
  g_assert_true (elicit_form_get_valid (form));
  gtk_check_button_set_active (yes, TRUE);
  g_assert_false (gtk_check_button_get_active (no));
  assert_content (form, "{\"agree\":true}");
  /* There is no "not answered" to go back to. */
  g_assert_false (press_key_in (agree, GDK_KEY_Delete));
  assert_content (form, "{\"agree\":true}");

  g_assert_finalize_object (form);
}

static void
test_a_lone_question_reads_yes_or_no (void)
{
  ElicitForm *form = form_new ("{\"type\":\"object\",\"properties\":{"
                               "\"confirm\":{\"type\":\"boolean\","
                               "\"title\":\"Delete the file demo.txt?\"}}}");
  GtkWidget *confirm = field_widget (form, "confirm");

  g_assert_true (GTK_IS_BOX (confirm));
  g_assert_nonnull (find_check_now (confirm, "Yes"));
  assert_content (form, "{}");
  g_assert_true (elicit_form_get_valid (form));
  g_assert_null (clear_button_of (confirm));

  gtk_check_button_set_active (find_check_now (confirm, "No"), TRUE);
  assert_content (form, "{\"confirm\":false}");
  g_assert_true (press_key_in (confirm, GDK_KEY_Delete));
  assert_content (form, "{}");
  g_assert_false (gtk_check_button_get_active (find_check_now (confirm, "No")));
  g_assert_finalize_object (form);

  /* With a default, the default is chosen. */
  form = form_new ("{\"type\":\"object\",\"properties\":{"
                   "\"confirm\":{\"type\":\"boolean\",\"default\":true}}}");
  g_assert_true (gtk_check_button_get_active (find_check_now (field_widget (form, "confirm"), "Yes")));
  assert_content (form, "{\"confirm\":true}");
  g_assert_finalize_object (form);
}

/* ---- single choice ------------------------------------------------------ */

static void
test_choice_nothing_chosen_is_absent (void)
{
  ElicitForm *form = form_new ("{\"type\":\"object\",\"properties\":{"
                               "\"color\":{\"type\":\"string\",\"oneOf\":["
                               "{\"const\":\"#f00\",\"title\":\"Red\"},"
                               "{\"const\":\"#0f0\",\"title\":\"Green\"}]}},"
                               "\"required\":[\"color\"]}");
  GtkDropDown *color = GTK_DROP_DOWN (field_widget (form, "color"));
  GListModel *shown = gtk_drop_down_get_model (color);
  g_autoptr(ElicitOption) first = g_list_model_get_item (shown, 0);

  /* "Choose…" first, and selected: the first real option is not. */
  g_assert_cmpuint (g_list_model_get_n_items (shown), ==, 3);
  g_assert_cmpstr (elicit_option_get_label (first), ==, "Choose…");
  g_assert_cmpuint (gtk_drop_down_get_selected (color), ==, 0);
  assert_content (form, "{}");
  g_assert_false (elicit_form_get_valid (form));

  gtk_drop_down_set_selected (color, 1);
  assert_content (form, "{\"color\":\"#f00\"}");
  g_assert_true (elicit_form_get_valid (form));

  gtk_drop_down_set_selected (color, 0);
  assert_content (form, "{}");
  g_assert_false (elicit_form_get_valid (form));

  g_assert_finalize_object (form);
}

static void
test_choice_with_default_has_no_placeholder (void)
{
  ElicitForm *form = form_new (defaults_schema);
  GtkDropDown *color = GTK_DROP_DOWN (field_widget (form, "color"));

  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (color)), ==, 3);
  gtk_drop_down_set_selected (color, 2);
  assert_content (form, "{\"name\":\"Ada\",\"age\":36,\"score\":2.5,\"subscribe\":true,"
                        "\"color\":\"blue\",\"tags\":[\"c\",\"a\"]}");

  g_assert_finalize_object (form);
}

static char *
choice_schema (const char *type_fragment,
               guint       n_options,
               const char *extra)
{
  GString *json = g_string_new ("{\"type\":\"object\",\"properties\":{\"pick\":{");

  g_string_append (json, type_fragment);
  for (guint i = 0; i < n_options; i++)
    g_string_append_printf (json, "%s\"option %u\"", i == 0 ? "" : ",", i);
  g_string_append_printf (json, "]%s%s}}}", strstr (type_fragment, "items") ? "}" : "", extra);

  return g_string_free (json, FALSE);
}

static void
test_long_choice_is_searchable (void)
{
  g_autofree char *short_json = choice_schema ("\"type\":\"string\",\"enum\":[", 10, "");
  g_autofree char *long_json = choice_schema ("\"type\":\"string\",\"enum\":[", 11, "");
  ElicitForm *short_form = form_new (short_json);
  ElicitForm *long_form = form_new (long_json);

  g_assert_false (gtk_drop_down_get_enable_search (GTK_DROP_DOWN (field_widget (short_form, "pick"))));
  g_assert_true (gtk_drop_down_get_enable_search (GTK_DROP_DOWN (field_widget (long_form, "pick"))));

  g_assert_finalize_object (short_form);
  g_assert_finalize_object (long_form);
}

static GtkWidget *
first_of_type (GtkWidget *root,
               GType      type)
{
  g_autoptr(GPtrArray) found = find_all (root, type);

  return found->len > 0 ? found->pdata[0] : NULL;
}

/* What the popup's list shows after typing @text into its search. */
static guint
search_popup (GtkWidget  *drop_down,
              const char *text)
{
  GtkWidget *entry = first_of_type (drop_down, GTK_TYPE_SEARCH_ENTRY);
  GtkWidget *list = first_of_type (drop_down, GTK_TYPE_LIST_VIEW);

  g_assert_nonnull (entry);
  g_assert_nonnull (list);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  g_signal_emit_by_name (entry, "search-changed");

  return g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list))));
}

static gboolean
shows_no_matches (GtkWidget *drop_down)
{
  g_autoptr(GPtrArray) labels = find_all (drop_down, GTK_TYPE_LABEL);

  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_text (labels->pdata[i]), "No matches") == 0)
      return gtk_widget_get_visible (labels->pdata[i]);

  return FALSE;
}

static void
test_long_list_search_finds_text_anywhere (void)
{
  g_autoptr(GString) json = g_string_new ("{\"type\":\"object\",\"properties\":{\"country\":"
                                          "{\"type\":\"string\",\"oneOf\":[");
  ElicitForm *form;
  GtkWidget *country;

  for (guint i = 1; i <= 150; i++)
    g_string_append_printf (json, "{\"const\":\"c%u\",\"title\":\"Country number %u\"},", i, i);
  g_string_append (json, "{\"const\":\"ci\",\"title\":\"C\u00f4te d\u2019Ivoire\"}]}}}");
  form = form_new (json->str);
  country = field_widget (form, "country");

  /* Anywhere in the title, not only at its start. */
  g_assert_cmpuint (search_popup (country, "149"), ==, 1);
  g_assert_false (shows_no_matches (country));
  /* Case and accents do not count. */
  g_assert_cmpuint (search_popup (country, "COTE"), ==, 1);
  g_assert_cmpuint (search_popup (country, "number 1"), ==, 1 + 10 + 51);
  /* Nothing found says so. */
  g_assert_cmpuint (search_popup (country, "Atlantis"), ==, 0);
  g_assert_true (shows_no_matches (country));
  /* Empty: everything, with "Choose…" first. */
  g_assert_cmpuint (search_popup (country, ""), ==, 152);
  g_assert_false (shows_no_matches (country));

  gtk_drop_down_set_selected (GTK_DROP_DOWN (country), 151);
  assert_content (form, "{\"country\":\"ci\"}");
  g_assert_finalize_object (form);
}

/* The visible text under a date field saying what it means, or NULL. */
static const char *
shown_when (ElicitForm *form,
            const char *name)
{
  g_autoptr(GPtrArray) labels = find_all (editor_of (field_widget (form, name)), GTK_TYPE_LABEL);

  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_has_css_class (labels->pdata[i], "caption") && gtk_widget_get_visible (labels->pdata[i]))
      return gtk_label_get_text (labels->pdata[i]);

  return NULL;
}

static void
test_dates_are_shown_in_the_users_terms (void)
{
  ElicitForm *form = form_new ("{\"type\":\"object\",\"properties\":{"
                               "\"day\":{\"type\":\"string\",\"format\":\"date\"},"
                               "\"meeting\":{\"type\":\"string\",\"format\":\"date-time\"}}}");
  GtkWidget *day = field_widget (form, "day");
  GtkWidget *meeting = field_widget (form, "meeting");
  g_autoptr(GDateTime) moment = g_date_time_new_from_iso8601 ("2026-11-22T14:30:00Z", NULL);
  g_autoptr(GDateTime) local = g_date_time_to_local (moment);
  g_autofree char *zone = g_date_time_format (local, "(%Z, UTC%:z)");

  g_assert_null (shown_when (form, "day"));
  gtk_editable_set_text (GTK_EDITABLE (day), "2026-11-22");
  g_assert_nonnull (shown_when (form, "day"));
  g_assert_true (g_str_has_prefix (shown_when (form, "day"), "Sunday"));
  gtk_editable_set_text (GTK_EDITABLE (day), "2026-02-30");
  g_assert_null (shown_when (form, "day"));

  /* The moment in the user's own zone, named; the text sent is the text typed. */
  gtk_editable_set_text (GTK_EDITABLE (meeting), "2026-11-22T14:30:00Z");
  g_assert_nonnull (shown_when (form, "meeting"));
  g_assert_true (g_str_has_suffix (shown_when (form, "meeting"), zone));
  g_assert_nonnull (strstr (shown_when (form, "meeting"), " your time "));
  gtk_editable_set_text (GTK_EDITABLE (day), "");
  assert_content (form, "{\"meeting\":\"2026-11-22T14:30:00Z\"}");

  g_assert_finalize_object (form);
}

static void
test_huge_choice_builds_without_a_widget_per_option (void)
{
  g_autofree char *json = choice_schema ("\"type\":\"string\",\"enum\":[", 100000, "");
  ElicitForm *form = form_new (json);
  GtkDropDown *pick = GTK_DROP_DOWN (field_widget (form, "pick"));

  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (pick)), ==, 100001);
  /* The popup's list view keeps a couple of hundred rows ready, whatever the
   * number of options; one widget per option would be 100,000. */
  g_assert_cmpuint (count_widgets (GTK_WIDGET (form)), <, 1000);
  gtk_drop_down_set_selected (pick, 100000);
  assert_content (form, "{\"pick\":\"option 99999\"}");

  g_assert_finalize_object (form);
}

/* How many labels under @root read @text. */
static guint
count_labels (GtkWidget  *root,
              const char *text)
{
  g_autoptr(GPtrArray) labels = find_all (root, GTK_TYPE_LABEL);
  guint n = 0;

  for (guint i = 0; i < labels->len; i++)
    n += g_strcmp0 (gtk_label_get_text (labels->pdata[i]), text) == 0;

  return n;
}

static gboolean
popup_shows_options (gpointer popover)
{
  return count_labels (popover, "Red") == 1 && count_labels (popover, "Green") == 1 &&
         count_labels (popover, "Blue") == 1;
}

/* A form of many small choices does not make every popup's rows: they come
 * when the popup opens, with every option, and the choice made is sent. */
static void
test_small_choice_popup_rows_come_when_it_opens (void)
{
  ElicitForm *form = form_new ("{\"type\":\"object\",\"properties\":{\"colour\":"
                               "{\"type\":\"string\",\"enum\":[\"r\",\"g\",\"b\"],"
                               "\"enumNames\":[\"Red\",\"Green\",\"Blue\"]}}}");
  GtkWidget *window = show_in_window (form);
  GtkWidget *colour = field_widget (form, "colour");
  GtkWidget *popover = first_of_type (colour, GTK_TYPE_POPOVER);

  g_assert_nonnull (popover);
  g_assert_cmpuint (count_labels (popover, "Green"), ==, 0);
  g_assert_cmpuint (count_labels (colour, "Choose…"), ==, 1);

  gtk_popover_popup (GTK_POPOVER (popover));
  spin_until (popup_shows_options, popover);
  g_assert_cmpuint (count_labels (popover, "Choose…"), ==, 1);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (colour), 2);
  gtk_popover_popdown (GTK_POPOVER (popover));
  assert_content (form, "{\"colour\":\"g\"}");

  /* Opened again, the rows are the same ones, not made twice. */
  gtk_popover_popup (GTK_POPOVER (popover));
  spin_until (popup_shows_options, popover);
  gtk_popover_popdown (GTK_POPOVER (popover));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- multiple choice ---------------------------------------------------- */

static const char toppings_schema[] =
  "{\"type\":\"object\",\"properties\":{\"toppings\":{\"type\":\"array\","
  "\"items\":{\"anyOf\":[{\"const\":\"ham\",\"title\":\"Ham\"},"
  "{\"const\":\"olives\",\"title\":\"Olives\"},{\"const\":\"basil\",\"title\":\"Basil\"}]},"
  "\"minItems\":1,\"maxItems\":2}},\"required\":[\"toppings\"]}";

static void
test_multi_choice_limits_are_enforced_and_explained (void)
{
  ElicitForm *form = form_new (toppings_schema);
  GtkWidget *group = field_widget (form, "toppings");
  GtkCheckButton *ham = find_check (group, "Ham");
  GtkCheckButton *olives = find_check (group, "Olives");
  GtkCheckButton *basil = find_check (group, "Basil");
  g_autoptr(GPtrArray) labels = find_all (editor_of (group), GTK_TYPE_LABEL);

  g_assert_cmpstr (gtk_label_get_text (labels->pdata[0]), ==, "Choose 1 or 2 options");
  g_assert_false (elicit_form_get_valid (form));

  gtk_check_button_set_active (basil, TRUE);
  gtk_check_button_set_active (ham, TRUE);
  assert_content (form, "{\"toppings\":[\"ham\",\"basil\"]}");
  g_assert_true (elicit_form_get_valid (form));

  /* At the maximum, the other box cannot be ticked. */
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (olives)));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (ham)));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (basil)));

  gtk_check_button_set_active (ham, FALSE);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (olives)));
  assert_content (form, "{\"toppings\":[\"basil\"]}");

  g_assert_finalize_object (form);
}

static void
test_multi_choice_hints (void)
{
  static const struct { const char *extra; const char *hint; } cases[] = {
    { ",\"minItems\":2,\"maxItems\":2", "Choose 2 options" },
    { ",\"minItems\":1", "Choose at least 1 option" },
    { ",\"maxItems\":3", "Choose up to 3 options" },
    { ",\"maxItems\":1", "Choose up to 1 option" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *json = g_strdup_printf ("{\"type\":\"object\",\"properties\":{\"x\":{"
                                               "\"type\":\"array\",\"items\":{\"type\":\"string\","
                                               "\"enum\":[\"a\",\"b\",\"c\",\"d\"]}%s}}}",
                                               cases[i].extra);
      ElicitForm *form = form_new (json);
      g_autoptr(GPtrArray) labels = find_all (editor_of (field_widget (form, "x")), GTK_TYPE_LABEL);

      g_assert_cmpstr (gtk_label_get_text (labels->pdata[0]), ==, cases[i].hint);
      g_assert_finalize_object (form);
    }
}

static void
test_multi_choice_emptied_optional_is_absent (void)
{
  ElicitForm *form = form_new (optional_schema);
  GtkWidget *tags = field_widget (form, "tags");

  gtk_check_button_set_active (find_check (tags, "b"), TRUE);
  assert_content (form, "{\"tags\":[\"b\"]}");
  gtk_check_button_set_active (find_check (tags, "b"), FALSE);
  assert_content (form, "{}");

  g_assert_finalize_object (form);
}

static void
test_long_multi_choice_is_a_searchable_list (void)
{
  g_autofree char *json = choice_schema ("\"type\":\"array\",\"items\":{\"type\":\"string\",\"enum\":[",
                                         10000, ",\"maxItems\":2");
  ElicitForm *form = form_new (json);
  GtkWidget *list = field_widget (form, "pick");
  ElicitMultiChoiceEditor *editor = ELICIT_MULTI_CHOICE_EDITOR (editor_of (list));
  GtkEditable *search = elicit_multi_choice_editor_get_search_entry (editor);
  GtkCheckButton *far;
  GtkWidget *window;

  g_assert_true (GTK_IS_LIST_VIEW (list));
  g_assert_nonnull (search);
  window = show_in_window (form);
  g_assert_cmpuint (count_widgets (GTK_WIDGET (form)), <, 1000);

  gtk_check_button_set_active (find_check (list, "option 1"), TRUE);

  /* Search, tick a far option, and reach the maximum. */
  gtk_editable_set_text (search, "option 9876");
  g_signal_emit_by_name (search, "search-changed");
  iterate_a_little ();
  far = find_check (list, "option 9876");
  g_assert_nonnull (far);
  g_assert_null (find_check_now (list, "option 1"));
  gtk_check_button_set_active (far, TRUE);
  assert_content (form, "{\"pick\":[\"option 1\",\"option 9876\"]}");

  /* Back to the whole list: ticked boxes stay ticked, others are insensitive. */
  gtk_editable_set_text (search, "");
  g_signal_emit_by_name (search, "search-changed");
  iterate_a_little ();
  g_assert_true (gtk_check_button_get_active (find_check (list, "option 1")));
  g_assert_false (gtk_check_button_get_active (find_check (list, "option 2")));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (find_check (list, "option 2"))));

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (form);
}

/* ---- errors and validity ------------------------------------------------ */

static const char contact_schema[] =
  "{\"type\":\"object\",\"properties\":{"
  "\"name\":{\"type\":\"string\",\"title\":\"Full name\",\"minLength\":2},"
  "\"email\":{\"type\":\"string\",\"format\":\"email\",\"title\":\"Email\","
  "\"description\":\"Where we write to you\"},"
  "\"age\":{\"type\":\"integer\",\"minimum\":18}},"
  "\"required\":[\"name\",\"email\"]}";

static char *
validator_message (ElicitForm *form,
                   const char *name,
                   JsonNode   *value)
{
  ElicitField *field = elicit_schema_get_field (elicit_form_get_schema (form), name);

  return elicit_field_validate_value (field, value);
}

static void
test_errors_appear_after_the_user_moves_on (void)
{
  ElicitForm *form = form_new (contact_schema);
  GtkWidget *email = field_widget (form, "email");
  g_autoptr(JsonNode) bad = json_node_init_string (json_node_alloc (), "not-an-address");
  g_autofree char *expected = validator_message (form, "email", bad);
  g_autoptr(GHashTable) errors = NULL;

  g_assert_nonnull (expected);
  g_assert_null (shown_error (form, "email"));

  gtk_editable_set_text (GTK_EDITABLE (email), "not-an-address");
  /* Typing alone does not nag. */
  g_assert_null (shown_error (form, "email"));
  errors = elicit_form_get_errors (form);
  g_assert_cmpstr (g_hash_table_lookup (errors, "email"), ==, expected);

  /* Enter (or leaving the field) shows it, with the validator's words. */
  g_signal_emit_by_name (email, "activate");
  g_assert_cmpstr (shown_error (form, "email"), ==, expected);
  gtk_test_accessible_assert_state (GTK_ACCESSIBLE (email), GTK_ACCESSIBLE_STATE_INVALID,
                                    GTK_ACCESSIBLE_INVALID_TRUE);

  /* Once shown, it follows the text. */
  gtk_editable_set_text (GTK_EDITABLE (email), "ada@example.org");
  g_assert_null (shown_error (form, "email"));
  g_assert_null (shown_error (form, "name"));

  g_assert_finalize_object (form);
}

/* Enter, then focus leaving: what the spin button does when a user moves on. */
static void
commit_number (GtkWidget *spin)
{
  g_signal_emit_by_name (gtk_editable_get_delegate (GTK_EDITABLE (spin)), "activate");
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
}

static void
test_number_typed_past_a_bound_stays_as_typed (void)
{
  ElicitForm *form = form_new (contact_schema);
  GtkWidget *age = field_widget (form, "age");
  g_autoptr(JsonNode) low = json_node_init_int (json_node_alloc (), 12);
  g_autofree char *expected = validator_message (form, "age", low);
  g_autoptr(GHashTable) errors = NULL;

  gtk_editable_set_text (GTK_EDITABLE (age), "12");
  assert_content (form, "{\"age\":12}");

  /* Enter and leaving: the text, the content and the reason stay. */
  commit_number (age);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (age)), ==, "12");
  assert_content (form, "{\"age\":12}");
  errors = elicit_form_get_errors (form);
  g_assert_cmpstr (g_hash_table_lookup (errors, "age"), ==, expected);
  g_assert_cmpstr (shown_error (form, "age"), ==, expected);
  g_assert_true (gtk_widget_has_css_class (age, "error"));

  gtk_editable_set_text (GTK_EDITABLE (age), "18");
  commit_number (age);
  assert_content (form, "{\"age\":18}");
  g_assert_null (shown_error (form, "age"));
  g_assert_false (gtk_widget_has_css_class (age, "error"));

  g_assert_finalize_object (form);
}

static const char bounded_schema[] =
  "{\"type\":\"object\",\"properties\":{"
  "\"age\":{\"type\":\"integer\",\"title\":\"Age\",\"minimum\":13},"
  "\"count\":{\"type\":\"integer\",\"title\":\"Count\",\"minimum\":1,\"maximum\":10},"
  "\"ratio\":{\"type\":\"number\",\"title\":\"Ratio\",\"minimum\":0,\"maximum\":1,\"default\":0.5}}}";

static void
assert_typed_stays (ElicitForm *form,
                    const char *name,
                    const char *typed,
                    const char *problem,
                    const char *content)
{
  GtkWidget *spin = field_widget (form, name);
  g_autoptr(GHashTable) errors = NULL;

  gtk_editable_set_text (GTK_EDITABLE (spin), typed);
  commit_number (spin);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, typed);
  assert_content (form, content);
  errors = elicit_form_get_errors (form);
  g_assert_cmpstr (g_hash_table_lookup (errors, name), ==, problem);
  g_assert_cmpstr (shown_error (form, name), ==, problem);
  g_assert_false (elicit_form_get_valid (form));
}

static void
test_numbers_never_alter_what_was_typed (void)
{
  ElicitForm *form = form_new (bounded_schema);

  assert_typed_stays (form, "age", "7", "Must be at least 13", "{\"age\":7,\"ratio\":0.5}");
  gtk_editable_set_text (GTK_EDITABLE (field_widget (form, "age")), "");
  assert_typed_stays (form, "count", "99", "Must be at most 10", "{\"count\":99,\"ratio\":0.5}");
  gtk_editable_set_text (GTK_EDITABLE (field_widget (form, "count")), "");
  /* Not a number: nothing is sent for it, not 0, not the default. */
  assert_typed_stays (form, "ratio", "abc", "Must be a number", "{}");
  assert_typed_stays (form, "ratio", "0.5x", "Must be a number", "{}");
  assert_typed_stays (form, "ratio", "0.12345678901234567",
                      "Too precise: a number holds at most 15 significant digits", "{}");
  gtk_editable_set_text (GTK_EDITABLE (field_widget (form, "ratio")), "0.125");
  assert_typed_stays (form, "age", "13.5", "Must be a whole number", "{\"age\":13.5,\"ratio\":0.125}");
  assert_typed_stays (form, "age", "0x10", "Must be a whole number", "{\"ratio\":0.125}");

  /* Precise within what a double holds: sent exactly, not rounded to the digits shown. */
  gtk_editable_set_text (GTK_EDITABLE (field_widget (form, "age")), "14");
  gtk_editable_set_text (GTK_EDITABLE (field_widget (form, "ratio")), "0.375");
  commit_number (field_widget (form, "ratio"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field_widget (form, "ratio"))), ==, "0.375");
  assert_content (form, "{\"age\":14,\"ratio\":0.375}");
  g_assert_true (elicit_form_get_valid (form));

  g_assert_finalize_object (form);
}

static void
test_emptying_a_number_makes_it_absent (void)
{
  ElicitForm *form = form_new (bounded_schema);
  GtkWidget *age = field_widget (form, "age");
  GtkWidget *ratio = field_widget (form, "ratio");
  g_autoptr(ElicitForm) required = NULL;
  GtkWidget *needed;
  g_autoptr(GHashTable) errors = NULL;

  gtk_editable_set_text (GTK_EDITABLE (age), "20");
  commit_number (age);
  assert_content (form, "{\"age\":20,\"ratio\":0.5}");
  gtk_editable_set_text (GTK_EDITABLE (age), "");
  commit_number (age);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (age)), ==, "");
  assert_content (form, "{\"ratio\":0.5}");

  /* A default does not come back in place of what the user deleted. */
  gtk_editable_set_text (GTK_EDITABLE (ratio), "");
  commit_number (ratio);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (ratio)), ==, "");
  assert_content (form, "{}");
  g_assert_true (elicit_form_get_valid (form));
  g_assert_finalize_object (form);

  required = form_new ("{\"type\":\"object\",\"properties\":{"
                       "\"age\":{\"type\":\"integer\",\"default\":30}},\"required\":[\"age\"]}");
  needed = field_widget (required, "age");
  gtk_editable_set_text (GTK_EDITABLE (needed), "");
  commit_number (needed);
  assert_content (required, "{}");
  errors = elicit_form_get_errors (required);
  g_assert_cmpstr (g_hash_table_lookup (errors, "age"), ==, "This field is required");
  g_assert_false (elicit_form_get_valid (required));
}

static void
test_steps_stay_within_the_bounds (void)
{
  ElicitForm *form = form_new (bounded_schema);
  GtkSpinButton *count = GTK_SPIN_BUTTON (field_widget (form, "count"));

  gtk_spin_button_spin (count, GTK_SPIN_STEP_FORWARD, 1);
  assert_content (form, "{\"count\":2,\"ratio\":0.5}");
  gtk_editable_set_text (GTK_EDITABLE (count), "10");
  commit_number (GTK_WIDGET (count));
  gtk_spin_button_spin (count, GTK_SPIN_STEP_FORWARD, 1);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (count)), ==, "10");
  assert_content (form, "{\"count\":10,\"ratio\":0.5}");

  /* From text out of range, a step lands back inside. */
  gtk_editable_set_text (GTK_EDITABLE (count), "99");
  commit_number (GTK_WIDGET (count));
  gtk_spin_button_spin (count, GTK_SPIN_STEP_BACKWARD, 1);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (count)), ==, "9");
  assert_content (form, "{\"count\":9,\"ratio\":0.5}");
  g_assert_true (elicit_form_get_valid (form));

  g_assert_finalize_object (form);
}

static void
test_show_all_errors_reveals_required_fields (void)
{
  ElicitForm *form = form_new (contact_schema);
  g_autoptr(GHashTable) errors = elicit_form_get_errors (form);
  g_autofree char *expected = validator_message (form, "name", NULL);

  g_assert_cmpuint (g_hash_table_size (errors), ==, 2);
  g_assert_null (shown_error (form, "name"));
  g_assert_null (shown_error (form, "email"));

  elicit_form_show_all_errors (form);
  g_assert_cmpstr (shown_error (form, "name"), ==, g_hash_table_lookup (errors, "name"));
  g_assert_cmpstr (shown_error (form, "email"), ==, g_hash_table_lookup (errors, "email"));
  g_assert_null (shown_error (form, "age"));
  if (expected != NULL)
    g_assert_cmpstr (shown_error (form, "name"), ==, expected);

  g_assert_finalize_object (form);
}

static void
test_valid_flips_and_notifies (void)
{
  ElicitForm *form = form_new (contact_schema);
  guint notified = 0, changed = 0;

  g_signal_connect (form, "notify::valid", G_CALLBACK (count_notify_cb), &notified);
  g_signal_connect (form, "changed", G_CALLBACK (count_changed_cb), &changed);
  g_assert_false (elicit_form_get_valid (form));

  gtk_editable_set_text (GTK_EDITABLE (field_widget (form, "name")), "Ada");
  g_assert_false (elicit_form_get_valid (form));
  g_assert_cmpuint (notified, ==, 0);

  gtk_editable_set_text (GTK_EDITABLE (field_widget (form, "email")), "ada@example.org");
  g_assert_true (elicit_form_get_valid (form));
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpuint (changed, ==, 2);

  gtk_editable_set_text (GTK_EDITABLE (field_widget (form, "name")), "A");
  g_assert_false (elicit_form_get_valid (form));
  g_assert_cmpuint (notified, ==, 2);
  assert_content (form, "{\"name\":\"A\",\"email\":\"ada@example.org\"}");

  g_assert_finalize_object (form);
}

static void
test_empty_schema_is_valid_and_says_so (void)
{
  ElicitForm *form = form_new ("{\"type\":\"object\",\"properties\":{}}");
  g_autoptr(GPtrArray) labels = find_all (GTK_WIDGET (form), GTK_TYPE_LABEL);
  gboolean noted = FALSE;

  g_assert_true (elicit_form_get_valid (form));
  assert_content (form, "{}");
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_get_visible (labels->pdata[i]) &&
        g_strcmp0 (gtk_label_get_text (labels->pdata[i]), "Nothing to fill in") == 0)
      noted = TRUE;
  g_assert_true (noted);

  g_assert_finalize_object (form);
}

static void
test_no_schema_is_not_valid (void)
{
  ElicitForm *form = ELICIT_FORM (g_object_ref_sink (elicit_form_new (NULL)));
  g_autoptr(ElicitSchema) schema = schema_new (contact_schema);
  guint notified = 0;

  g_assert_false (elicit_form_get_valid (form));
  assert_content (form, "{}");
  g_signal_connect (form, "notify::schema", G_CALLBACK (count_notify_cb), &notified);
  elicit_form_set_schema (form, schema);
  elicit_form_set_schema (form, schema);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_true (elicit_form_get_schema (form) == schema);
  g_assert_nonnull (elicit_form_get_field_widget (form, "email"));
  g_assert_null (elicit_form_get_field_widget (form, "nope"));

  g_assert_finalize_object (form);
}

/* ---- dates -------------------------------------------------------------- */

static const char dates_schema[] =
  "{\"type\":\"object\",\"properties\":{"
  "\"day\":{\"type\":\"string\",\"format\":\"date\"},"
  "\"when\":{\"type\":\"string\",\"format\":\"date-time\"}}}";

static void
test_date_popover_writes_iso_dates (void)
{
  ElicitForm *form = form_new (dates_schema);
  GtkWidget *day = field_widget (form, "day");
  ElicitTextEditor *editor = ELICIT_TEXT_EDITOR (editor_of (day));
  GtkCalendar *calendar = elicit_text_editor_get_calendar (editor);
  g_autoptr(GDateTime) chosen = g_date_time_new_local (2026, 3, 7, 0, 0, 0);
  g_autoptr(GDateTime) shown = NULL;
  GtkWidget *window = show_in_window (form);

  g_assert_nonnull (calendar);
  g_assert_cmpint (gtk_entry_get_input_purpose (GTK_ENTRY (day)), ==, GTK_INPUT_PURPOSE_FREE_FORM);

  /* The user clicks the calendar icon, then a day. */
  g_signal_emit_by_name (day, "icon-press", GTK_ENTRY_ICON_SECONDARY);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (elicit_text_editor_get_popover (editor))));
  gtk_calendar_select_day (calendar, chosen);

  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (day)), ==, "2026-03-07");
  assert_content (form, "{\"day\":\"2026-03-07\"}");
  g_assert_true (elicit_form_get_valid (form));

  /* Opening it again starts at the date in the entry. */
  gtk_editable_set_text (GTK_EDITABLE (day), "2025-12-31");
  g_signal_emit_by_name (day, "icon-press", GTK_ENTRY_ICON_SECONDARY);
  shown = gtk_calendar_get_date (calendar);
  g_assert_cmpint (g_date_time_get_day_of_month (shown), ==, 31);
  g_assert_cmpint (g_date_time_get_month (shown), ==, 12);
  g_assert_cmpint (g_date_time_get_year (shown), ==, 2025);
  /* Opening it wrote nothing. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (day)), ==, "2025-12-31");
  gtk_popover_popdown (elicit_text_editor_get_popover (editor));

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (form);
}

/* Issue 19: 31/12/2025 as people write it, in their locale or ISO; ISO
 * 8601 sent; an address without a scheme is a web address. */
static void
test_dates_as_people_write_them (void)
{
  ElicitForm *form = form_new (dates_schema);
  GtkWidget *day = field_widget (form, "day");
  GtkWidget *when = field_widget (form, "when");

  gtk_editable_set_text (GTK_EDITABLE (day), "31/12/2025");
  assert_content (form, "{\"day\":\"2025-12-31\"}");
  gtk_editable_set_text (GTK_EDITABLE (day), "31.12.2025");
  assert_content (form, "{\"day\":\"2025-12-31\"}");
  gtk_editable_set_text (GTK_EDITABLE (day), "2025-12-31");
  assert_content (form, "{\"day\":\"2025-12-31\"}");
  g_assert_true (elicit_form_get_valid (form));

  /* Alt+Down opens the calendar: the icon is no Tab stop. */
  {
    GtkWidget *window = show_in_window (form);
    ElicitTextEditor *editor = ELICIT_TEXT_EDITOR (editor_of (day));
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (day);
    g_autoptr(GtkShortcutTrigger) alt_down = gtk_keyval_trigger_new (GDK_KEY_Down, GDK_ALT_MASK);
    gboolean opened = FALSE;

    for (guint i = 0; i < g_list_model_get_n_items (controllers) && !opened; i++)
      {
        g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

        if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
          continue;
        for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
          {
            g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
            GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

            if (GTK_IS_ALTERNATIVE_TRIGGER (trigger) &&
                gtk_shortcut_trigger_equal (gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger)),
                                            alt_down))
              opened = gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, day, NULL);
          }
      }
    g_assert_true (opened);
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (elicit_text_editor_get_popover (editor))));
    /* It starts at the date typed. */
    {
      g_autoptr(GDateTime) shown = gtk_calendar_get_date (elicit_text_editor_get_calendar (editor));

      g_assert_cmpint (g_date_time_get_day_of_month (shown), ==, 31);
      g_assert_cmpint (g_date_time_get_month (shown), ==, 12);
    }
    gtk_popover_popdown (elicit_text_editor_get_popover (editor));
    gtk_window_destroy (GTK_WINDOW (window));
  }

  gtk_editable_set_text (GTK_EDITABLE (day), "the last day of the year");
  g_assert_false (elicit_form_get_valid (form));
  elicit_form_show_all_errors (form);
  g_assert_cmpstr (shown_error (form, "day"), ==, "Enter a date, such as 2025-12-31");
  gtk_editable_set_text (GTK_EDITABLE (day), "");

  gtk_editable_set_text (GTK_EDITABLE (when), "31/12/2025 14:30");
  g_assert_true (elicit_form_get_valid (form));
  {
    g_autoptr(JsonObject) content = elicit_form_get_content (form);
    const char *sent = json_object_get_string_member (content, "when");
    g_autoptr(GDateTime) moment = g_date_time_new_from_iso8601 (sent, NULL);

    g_assert_nonnull (moment);
    g_assert_true (g_str_has_prefix (sent, "2025-12-31T14:30:00"));
  }

  g_assert_finalize_object (form);
}

static void
test_an_address_without_a_scheme_is_a_web_address (void)
{
  ElicitForm *form = form_new ("{\"type\":\"object\",\"properties\":{"
                               "\"site\":{\"type\":\"string\",\"format\":\"uri\"}}}");
  GtkWidget *site = field_widget (form, "site");
  GtkWidget *window = show_in_window (form);

  gtk_widget_grab_focus (site);
  gtk_editable_set_text (GTK_EDITABLE (site), "example.com/ada");
  assert_content (form, "{\"site\":\"https://example.com/ada\"}");
  g_assert_true (elicit_form_get_valid (form));
  /* Once the person moves on, the entry shows what is sent. */
  g_signal_emit_by_name (gtk_editable_get_delegate (GTK_EDITABLE (site)), "activate");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (site)), ==, "https://example.com/ada");

  gtk_editable_set_text (GTK_EDITABLE (site), "not an address");
  g_assert_false (elicit_form_get_valid (form));
  elicit_form_show_all_errors (form);
  g_assert_cmpstr (shown_error (form, "site"), ==, "Enter a full web address, such as https://example.com");

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (form);
}

static void
test_date_time_popover_sends_rfc3339_with_offset (void)
{
  ElicitForm *form = form_new (dates_schema);
  GtkWidget *when = field_widget (form, "when");
  ElicitTextEditor *editor = ELICIT_TEXT_EDITOR (editor_of (when));
  GtkCalendar *calendar = elicit_text_editor_get_calendar (editor);
  g_autoptr(GDateTime) chosen = g_date_time_new_local (2026, 11, 22, 0, 0, 0);
  g_autoptr(GDateTime) expected_time = g_date_time_new_local (2026, 11, 22, 14, 30, 0);
  g_autofree char *expected = g_date_time_format (expected_time, "%Y-%m-%dT%H:%M:%S%:z");
  g_autofree char *content = g_strdup_printf ("{\"when\":\"%s\"}", expected);
  GtkWidget *window = show_in_window (form);

  g_signal_emit_by_name (when, "icon-press", GTK_ENTRY_ICON_SECONDARY);
  gtk_calendar_select_day (calendar, chosen);
  gtk_spin_button_set_value (elicit_text_editor_get_hour_spin (editor), 14);
  gtk_spin_button_set_value (elicit_text_editor_get_minute_spin (editor), 30);

  /* Shown as the locale writes it (here C: ISO's order), sent as RFC 3339. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (when)), ==, "2026-11-22 14:30");
  assert_content (form, content);
  g_assert_true (elicit_form_get_valid (form));

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (form);
}

/* ---- text editors ------------------------------------------------------- */

static void
test_formats_set_the_input_purpose (void)
{
  ElicitForm *form = form_new ("{\"type\":\"object\",\"properties\":{"
                               "\"mail\":{\"type\":\"string\",\"format\":\"email\"},"
                               "\"site\":{\"type\":\"string\",\"format\":\"uri\"}}}");

  g_assert_cmpint (gtk_entry_get_input_purpose (GTK_ENTRY (field_widget (form, "mail"))), ==,
                   GTK_INPUT_PURPOSE_EMAIL);
  g_assert_cmpint (gtk_entry_get_input_purpose (GTK_ENTRY (field_widget (form, "site"))), ==,
                   GTK_INPUT_PURPOSE_URL);

  g_assert_finalize_object (form);
}

static void
test_long_text_gets_a_text_view (void)
{
  ElicitForm *form = form_new ("{\"type\":\"object\",\"properties\":{"
                               "\"bio\":{\"type\":\"string\",\"maxLength\":500},"
                               "\"nick\":{\"type\":\"string\",\"maxLength\":20},"
                               "\"feedback\":{\"type\":\"string\"},"
                               "\"city\":{\"type\":\"string\"}}}");
  GtkWidget *bio = field_widget (form, "bio");

  g_assert_true (GTK_IS_TEXT_VIEW (bio));
  g_assert_true (GTK_IS_ENTRY (field_widget (form, "nick")));
  g_assert_true (GTK_IS_TEXT_VIEW (field_widget (form, "feedback")));
  g_assert_true (GTK_IS_ENTRY (field_widget (form, "city")));

  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (bio)), "Line one\nLine two", -1);
  assert_content (form, "{\"bio\":\"Line one\\nLine two\"}");

  g_assert_finalize_object (form);
}

/* ---- labels, accessibility and server text ------------------------------ */

static void
test_accessible_label_is_the_title (void)
{
  ElicitForm *form = form_new (contact_schema);
  GtkWidget *email = field_widget (form, "email");
  GtkWidget *header = gtk_widget_get_first_child (row_of (email));
  GtkWidget *title = gtk_widget_get_first_child (header);

  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (title)), ==, "Email");
  gtk_test_accessible_assert_relation (GTK_ACCESSIBLE (email),
                                       GTK_ACCESSIBLE_RELATION_LABELLED_BY, title, NULL);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (email),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Where we write to you");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (email),
                                       GTK_ACCESSIBLE_PROPERTY_REQUIRED, TRUE);

  /* Without a title, the property name is the label. */
  header = gtk_widget_get_first_child (row_of (field_widget (form, "age")));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_widget_get_first_child (header))), ==, "age");

  g_assert_finalize_object (form);
}

static gboolean
has_visible_label (GtkWidget  *root,
                   const char *prefix)
{
  g_autoptr(GPtrArray) labels = find_all (root, GTK_TYPE_LABEL);

  for (guint i = 0; i < labels->len; i++)
    if (g_str_has_prefix (gtk_label_get_text (labels->pdata[i]), prefix))
      return TRUE;

  return FALSE;
}

static void
test_secret_fields_get_a_warning (void)
{
  ElicitForm *form = form_new ("{\"type\":\"object\",\"properties\":{"
                               "\"api_key\":{\"type\":\"string\"},"
                               "\"city\":{\"type\":\"string\"},"
                               "\"x\":{\"type\":\"string\",\"title\":\"Your password\"}}}");
  const char *warning = "Servers must not ask for passwords";

  g_assert_true (has_visible_label (row_of (field_widget (form, "api_key")), warning));
  g_assert_false (has_visible_label (row_of (field_widget (form, "city")), warning));
  g_assert_true (has_visible_label (row_of (field_widget (form, "x")), warning));

  g_assert_finalize_object (form);
}

static void
test_server_text_is_plain_and_clean (void)
{
  ElicitForm *form = form_new ("{\"type\":\"object\",\"properties\":{"
                               "\"f\":{\"type\":\"string\",\"title\":\"<b>Bold</b>\\u202egpj.exe\\nx\","
                               "\"description\":\"Line\\u200b one\"},"
                               "\"c\":{\"type\":\"string\",\"oneOf\":[{\"const\":\"v\","
                               "\"title\":\"Opt\\u202eion\"}],\"default\":\"v\"}}}");
  GtkWidget *header = gtk_widget_get_first_child (row_of (field_widget (form, "f")));
  GtkLabel *title = GTK_LABEL (gtk_widget_get_first_child (header));
  GtkLabel *description = GTK_LABEL (gtk_widget_get_next_sibling (header));
  GtkDropDown *c = GTK_DROP_DOWN (field_widget (form, "c"));
  GtkExpression *expression = gtk_drop_down_get_expression (c);
  g_auto(GValue) value = G_VALUE_INIT;

  g_assert_cmpstr (gtk_label_get_text (title), ==, "<b>Bold</b>gpj.exe x");
  g_assert_false (gtk_label_get_use_markup (title));
  g_assert_cmpstr (gtk_label_get_text (description), ==, "Line one");
  g_assert_true (gtk_expression_evaluate (expression, gtk_drop_down_get_selected_item (c), &value));
  g_assert_cmpstr (g_value_get_string (&value), ==, "Option");

  g_assert_finalize_object (form);
}

/* ---- schema changes ----------------------------------------------------- */

static void
test_set_schema_rebuilds_the_rows (void)
{
  ElicitForm *form = form_new (contact_schema);
  g_autoptr(ElicitSchema) other = schema_new (optional_schema);

  gtk_editable_set_text (GTK_EDITABLE (field_widget (form, "name")), "Ada");
  elicit_form_set_schema (form, other);
  g_assert_null (elicit_form_get_field_widget (form, "email"));
  assert_content (form, "{}");
  g_assert_true (elicit_form_get_valid (form));

  g_assert_finalize_object (form);
}

/* ---- long forms ----------------------------------------------------------- */

#define LONG_FORM_FIELDS 120

/* Optional text fields "f0"… with defaults "d0"…, titled "Field 0"…. */
static ElicitSchema *
long_schema (void)
{
  g_autoptr(GString) json = g_string_new ("{\"type\":\"object\",\"properties\":{");
  g_autoptr(GError) error = NULL;
  ElicitSchema *schema;

  for (guint i = 0; i < LONG_FORM_FIELDS; i++)
    g_string_append_printf (json, "%s\"f%u\":{\"type\":\"string\",\"title\":\"Field %u\","
                            "\"default\":\"d%u\"}", i == 0 ? "" : ",", i, i, i);
  g_string_append (json, "}}");
  schema = elicit_schema_new_from_data (json->str, -1, &error);
  g_assert_no_error (error);

  return schema;
}

/* Whether Tab, from the window's first focusable widget on, gets to @target. */
static gboolean
tab_reaches (GtkWidget *window,
             GtkWidget *target)
{
  for (guint i = 0; i < 4 * LONG_FORM_FIELDS; i++)
    {
      GtkWidget *focus;

      if (!gtk_widget_child_focus (window, GTK_DIR_TAB_FORWARD))
        return FALSE;
      focus = gtk_window_get_focus (GTK_WINDOW (window));
      if (focus == target || (focus != NULL && gtk_widget_is_ancestor (focus, target)))
        return TRUE;
    }

  return FALSE;
}

static gboolean
form_is_complete (gpointer form)
{
  return elicit_form_get_complete (form);
}

/* A long form shows its first rows at once and builds the rest after; until
 * then it answers with the defaults but is not valid, and what the user
 * typed in the first rows stays as the rest arrive. */
static void
test_long_form_builds_the_rest_after_the_first_rows (void)
{
  g_autoptr(ElicitSchema) schema = long_schema ();
  ElicitForm *form = ELICIT_FORM (g_object_ref_sink (elicit_form_new (schema)));
  g_autoptr(JsonObject) before = NULL;
  g_autoptr(JsonObject) after = NULL;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();

  g_assert_false (elicit_form_get_complete (form));
  g_assert_false (elicit_form_get_valid (form));
  before = elicit_form_get_content (form);
  g_assert_cmpuint (json_object_get_size (before), ==, LONG_FORM_FIELDS);
  g_assert_cmpstr (json_object_get_string_member (before, "f119"), ==, "d119");

  gtk_editable_set_text (GTK_EDITABLE (field_widget (form, "f0")), "typed");

  gtk_window_set_default_size (GTK_WINDOW (window), 480, 700);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (form));
  gtk_window_set_child (GTK_WINDOW (window), scroller);
  gtk_window_present (GTK_WINDOW (window));
  spin_until (form_is_complete, form);

  g_assert_true (elicit_form_get_valid (form));
  after = elicit_form_get_content (form);
  g_assert_cmpuint (json_object_get_size (after), ==, LONG_FORM_FIELDS);
  g_assert_cmpstr (json_object_get_string_member (after, "f0"), ==, "typed");
  g_assert_cmpstr (json_object_get_string_member (after, "f119"), ==, "d119");
  /* Every field has its row, found by what the user reads. */
  g_assert_nonnull (find_label_now (GTK_WIDGET (form), "Field 119"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field_widget (form, "f0"))), ==, "typed");
  g_assert_true (tab_reaches (window, field_widget (form, "f119")));

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (form);
}

/* Asking for a field, or for every error, does not wait for the idle. */
static void
test_long_form_builds_what_is_asked_for_at_once (void)
{
  g_autoptr(ElicitSchema) schema = long_schema ();
  ElicitForm *form = ELICIT_FORM (g_object_ref_sink (elicit_form_new (schema)));
  GtkWidget *late;

  late = elicit_form_get_field_widget (form, "f100");
  g_assert_nonnull (late);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (late)), ==, "d100");
  g_assert_false (elicit_form_get_complete (form));
  g_assert_null (elicit_form_get_field_widget (form, "no-such-field"));

  elicit_form_show_all_errors (form);
  g_assert_true (elicit_form_get_complete (form));
  g_assert_true (elicit_form_get_valid (form));
  g_assert_nonnull (find_label_now (GTK_WIDGET (form), "Field 119"));

  g_assert_finalize_object (form);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("TZ", "Europe/Berlin", TRUE);
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Elicit/Form/every-fixture-sends-exactly-what-the-user-set",
                   test_fixtures_send_what_the_user_set);
  g_test_add_func ("/Elicit/Form/every-fixture-untouched-sends-only-defaults",
                   test_fixtures_untouched_send_only_defaults);
  g_test_add_func ("/Elicit/Form/defaults-are-prefilled-and-sent", test_defaults_are_prefilled_and_sent);
  g_test_add_func ("/Elicit/Form/content-json-is-the-content-as-text",
                   test_content_json_is_the_content_as_text);
  g_test_add_func ("/Elicit/Form/untouched-optional-fields-are-absent",
                   test_untouched_optional_fields_are_absent);
  g_test_add_func ("/Elicit/Form/text-is-sent-as-typed-and-emptied-is-absent",
                   test_text_is_sent_as_typed_and_emptied_is_absent);
  g_test_add_func ("/Elicit/Form/clearing-a-default-text-sends-empty",
                   test_clearing_a_default_text_sends_empty);
  g_test_add_func ("/Elicit/Form/numbers-take-decimals-and-integers-do-not",
                   test_numbers_take_decimals_and_integers_do_not);
  g_test_add_func ("/Elicit/Form/number-bounds-come-from-the-schema",
                   test_number_bounds_come_from_the_schema);
  g_test_add_func ("/Elicit/Form/clearing-a-number-makes-it-absent-again",
                   test_clearing_a_number_makes_it_absent_again);
  g_test_add_func ("/Elicit/Form/typing-zero-into-an-empty-number-sends-zero",
                   test_typing_zero_into_an_empty_number_sends_zero);
  g_test_add_func ("/Elicit/Form/optional-boolean-is-absent-until-flipped",
                   test_optional_boolean_is_absent_until_flipped);
  g_test_add_func ("/Elicit/Form/hover-texts-of-switches-and-drop-downs",
                   test_hover_texts_of_switches_and_drop_downs);
  g_test_add_func ("/Elicit/Form/required-boolean-waits-for-a-choice",
                   test_required_boolean_waits_for_a_choice);
  g_test_add_func ("/Elicit/Form/a-lone-question-reads-yes-or-no",
                   test_a_lone_question_reads_yes_or_no);
  g_test_add_func ("/Elicit/Form/choice-nothing-chosen-is-absent", test_choice_nothing_chosen_is_absent);
  g_test_add_func ("/Elicit/Form/choice-with-default-has-no-placeholder",
                   test_choice_with_default_has_no_placeholder);
  g_test_add_func ("/Elicit/Form/long-choice-is-searchable", test_long_choice_is_searchable);
  g_test_add_func ("/Elicit/Form/long-form-builds-the-rest-after-the-first-rows",
                   test_long_form_builds_the_rest_after_the_first_rows);
  g_test_add_func ("/Elicit/Form/long-form-builds-what-is-asked-for-at-once",
                   test_long_form_builds_what_is_asked_for_at_once);
  g_test_add_func ("/Elicit/Form/dates-are-shown-in-the-users-terms",
                   test_dates_are_shown_in_the_users_terms);
  g_test_add_func ("/Elicit/Form/long-list-search-finds-text-anywhere",
                   test_long_list_search_finds_text_anywhere);
  g_test_add_func ("/Elicit/Form/huge-choice-builds-without-a-widget-per-option",
                   test_huge_choice_builds_without_a_widget_per_option);
  g_test_add_func ("/Elicit/Form/small-choice-popup-rows-come-when-it-opens",
                   test_small_choice_popup_rows_come_when_it_opens);
  g_test_add_func ("/Elicit/Form/multi-choice-limits-are-enforced-and-explained",
                   test_multi_choice_limits_are_enforced_and_explained);
  g_test_add_func ("/Elicit/Form/multi-choice-hints-say-how-many", test_multi_choice_hints);
  g_test_add_func ("/Elicit/Form/multi-choice-emptied-optional-is-absent",
                   test_multi_choice_emptied_optional_is_absent);
  g_test_add_func ("/Elicit/Form/long-multi-choice-is-a-searchable-list",
                   test_long_multi_choice_is_a_searchable_list);
  g_test_add_func ("/Elicit/Form/errors-appear-after-the-user-moves-on",
                   test_errors_appear_after_the_user_moves_on);
  g_test_add_func ("/Elicit/Form/number-typed-past-a-bound-stays-as-typed",
                   test_number_typed_past_a_bound_stays_as_typed);
  g_test_add_func ("/Elicit/Form/numbers-never-alter-what-was-typed",
                   test_numbers_never_alter_what_was_typed);
  g_test_add_func ("/Elicit/Form/emptying-a-number-makes-it-absent",
                   test_emptying_a_number_makes_it_absent);
  g_test_add_func ("/Elicit/Form/steps-stay-within-the-bounds",
                   test_steps_stay_within_the_bounds);
  g_test_add_func ("/Elicit/Form/show-all-errors-reveals-required-fields",
                   test_show_all_errors_reveals_required_fields);
  g_test_add_func ("/Elicit/Form/valid-flips-and-notifies", test_valid_flips_and_notifies);
  g_test_add_func ("/Elicit/Form/empty-schema-is-valid-and-says-so", test_empty_schema_is_valid_and_says_so);
  g_test_add_func ("/Elicit/Form/no-schema-is-not-valid", test_no_schema_is_not_valid);
  g_test_add_func ("/Elicit/Form/date-popover-writes-iso-dates", test_date_popover_writes_iso_dates);
  g_test_add_func ("/Elicit/Form/dates-as-people-write-them", test_dates_as_people_write_them);
  g_test_add_func ("/Elicit/Form/an-address-without-a-scheme-is-a-web-address",
                   test_an_address_without_a_scheme_is_a_web_address);
  g_test_add_func ("/Elicit/Form/date-time-popover-sends-rfc3339-with-offset",
                   test_date_time_popover_sends_rfc3339_with_offset);
  g_test_add_func ("/Elicit/Form/formats-set-the-input-purpose", test_formats_set_the_input_purpose);
  g_test_add_func ("/Elicit/Form/long-text-gets-a-text-view", test_long_text_gets_a_text_view);
  g_test_add_func ("/Elicit/Form/accessible-label-is-the-title", test_accessible_label_is_the_title);
  g_test_add_func ("/Elicit/Form/secret-fields-get-a-warning", test_secret_fields_get_a_warning);
  g_test_add_func ("/Elicit/Form/server-text-is-plain-and-clean", test_server_text_is_plain_and_clean);
  g_test_add_func ("/Elicit/Form/set-schema-rebuilds-the-rows", test_set_schema_rebuilds_the_rows);

  return g_test_run ();
}
