/* test-dialog.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include <sys/stat.h>

#include <glib/gstdio.h>

#include <gtk/gtk.h>
#ifdef ELICIT_TEST_LIBADWAITA
#include <adwaita.h>
#define HOST_NAME "libadwaita"
#else
#define HOST_NAME "gtk"
#endif

#include "clipboard-capture.h"
#include "elicit-gtk.h"
#include "elicit-request-private.h"
#include "elicit-dialog.h"
#include "elicit-dialog-private.h"
#include "elicit-form.h"
#include "elicit-render-private.h"

#define TIMEOUT_S 10

/* Fixture: a request without a session whose answer the test captures, and
 * the dialog for it. */
typedef struct
{
  ElicitRequest *request;
  GtkWidget     *dialog;
  GPtrArray     *answers;   /* serialized ElicitResult objects */
  GPtrArray     *launched;  /* URLs "opened in the browser" */
  gboolean       launch_fails;
} Fixture;

static void
capture_answer_cb (ElicitRequest *request,
                   JsonObject    *result,
                   gpointer       user_data)
{
  Fixture *fixture = user_data;
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), result);

  g_ptr_array_add (fixture->answers, json_to_string (node, FALSE));
}

static gboolean
launch_cb (ElicitDialog  *dialog,
           const char    *uri,
           gpointer       user_data,
           GError       **error)
{
  Fixture *fixture = user_data;

  g_ptr_array_add (fixture->launched, g_strdup (uri));

  if (fixture->launch_fails)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "No browser here");
      return FALSE;
    }

  return TRUE;
}

static void drain_events (void);

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->answers = g_ptr_array_new_with_free_func (g_free);
  fixture->launched = g_ptr_array_new_with_free_func (g_free);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  if (fixture->dialog != NULL)
    {
      GtkWidget *dialog = g_steal_pointer (&fixture->dialog);

      /* Harmless when the dialog already closed itself. */
      gtk_window_destroy (GTK_WINDOW (dialog));
      drain_events ();
      g_assert_finalize_object (dialog);
    }

  /* Whatever the test did, the request was answered or withdrawn. */
  if (fixture->request != NULL)
    {
      g_assert_cmpint (elicit_request_get_state (fixture->request), !=, ELICIT_REQUEST_STATE_PENDING);
      g_assert_finalize_object (g_steal_pointer (&fixture->request));
    }

  g_ptr_array_unref (fixture->answers);
  g_ptr_array_unref (fixture->launched);
}

static gboolean
timeout_cb (gpointer user_data)
{
  g_error ("Timed out waiting for %s", (const char *)user_data);
  return G_SOURCE_REMOVE;
}

#define WAIT_UNTIL(cond) G_STMT_START {                                       \
    guint _timeout = g_timeout_add_seconds (TIMEOUT_S, timeout_cb, (gpointer)#cond); \
    while (!(cond))                                                           \
      g_main_context_iteration (NULL, TRUE);                                  \
    g_source_remove (_timeout);                                               \
  } G_STMT_END

static void
drain_events (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Makes the request from @params_json and a dialog for it, shown, with no
 * accept delay unless @delay says otherwise. */
static void
show_dialog (Fixture    *fixture,
             const char *params_json,
             guint       delay)
{
  g_autoptr(JsonNode) params = NULL;
  g_autoptr(GError) error = NULL;

  params = json_from_string (params_json, &error);
  g_assert_no_error (error);

  fixture->request = elicit_request_new (json_node_get_object (params), &error);
  g_assert_no_error (error);
  elicit_request_set_responder (fixture->request, capture_answer_cb, fixture, NULL);

  fixture->dialog = g_object_ref (elicit_dialog_new (fixture->request));
  elicit_dialog_set_accept_delay (ELICIT_DIALOG (fixture->dialog), delay);
  elicit_dialog_set_launch_func (ELICIT_DIALOG (fixture->dialog), launch_cb, fixture);
  elicit_dialog_set_server_label (ELICIT_DIALOG (fixture->dialog), "Test Server");

  gtk_window_present (GTK_WINDOW (fixture->dialog));
  WAIT_UNTIL (gtk_widget_get_mapped (fixture->dialog));
  drain_events ();
}

static ElicitDialog *
dialog (Fixture *fixture)
{
  return ELICIT_DIALOG (fixture->dialog);
}

/* Also checks that the public ElicitDialog:can-accept says what the button
 * shows, wherever a test looks at it. */
static gboolean
accept_sensitive (Fixture *fixture)
{
  gboolean sensitive = gtk_widget_is_sensitive (elicit_dialog_get_accept_button (dialog (fixture)));

  g_assert_cmpint (elicit_dialog_get_can_accept (dialog (fixture)), ==, sensitive);
  return sensitive;
}

static gboolean
window_gone (Fixture *fixture)
{
  return !gtk_widget_get_visible (fixture->dialog);
}

static void
assert_answers (Fixture    *fixture,
                const char *expected)
{
  g_assert_cmpuint (fixture->answers->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (fixture->answers, 0), ==, expected);
}

static GtkWidget *
find_descendant (GtkWidget *widget,
                 GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_descendant (child, type);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* The texts of the visible labels under @widget, in order. */
static void
collect_labels (GtkWidget *widget,
                GPtrArray *texts)
{
  if (!gtk_widget_get_visible (widget))
    return;

  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (texts, g_strdup (gtk_label_get_text (GTK_LABEL (widget))));

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, texts);
}

static gboolean
shows_label (Fixture    *fixture,
             const char *text)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  collect_labels (fixture->dialog, texts);

  for (guint i = 0; i < texts->len; i++)
    if (g_str_equal (g_ptr_array_index (texts, i), text))
      return TRUE;

  return FALSE;
}

static GtkLabel *
find_label (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && g_str_equal (gtk_label_get_text (GTK_LABEL (widget)), text))
    return GTK_LABEL (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_label (child, text);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static GtkWidget *
find_label_with_prefix (GtkWidget  *widget,
                        const char *prefix)
{
  if (GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_with_prefix (child, prefix);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static GtkEditable *
field_editable (Fixture    *fixture,
                const char *name)
{
  ElicitForm *form = elicit_dialog_get_form (dialog (fixture));
  GtkWidget *input = elicit_form_get_field_widget (form, name);

  g_assert_nonnull (input);
  if (GTK_IS_EDITABLE (input))
    return GTK_EDITABLE (input);

  input = find_descendant (input, GTK_TYPE_EDITABLE);
  g_assert_nonnull (input);

  return GTK_EDITABLE (input);
}

/* What a click does: only on a visible, sensitive button. */
static void
click (GtkWidget *button)
{
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  drain_events ();
}

/* Runs the key binding of @widget for @keyval, as a key press would. */
static gboolean
press_key (GtkWidget       *widget,
           guint            keyval,
           GdkModifierType  modifiers)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  g_autoptr(GtkShortcutTrigger) wanted = gtk_keyval_trigger_new (keyval, modifiers);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;

      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), wanted))
            {
              gboolean ret = gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, widget,
                                                           gtk_shortcut_get_arguments (shortcut));
              drain_events ();
              return ret;
            }
        }
    }

  return FALSE;
}

#define NAME_FORM \
  "{\"message\": \"Who are you?\", \"requestedSchema\": {\"type\": \"object\", " \
  "\"properties\": {\"name\": {\"type\": \"string\", \"title\": \"Name\"}}, \"required\": [\"name\"]}}"

#define OPTIONAL_FORM \
  "{\"message\": \"Anything to add?\", \"requestedSchema\": {\"type\": \"object\", " \
  "\"properties\": {\"note\": {\"type\": \"string\", \"title\": \"Note\"}}}}"

/* Form mode */

static void
test_accept_waits_for_a_valid_form (Fixture       *fixture,
                                    gconstpointer  data)
{
  show_dialog (fixture, NAME_FORM, 0);

  g_assert_false (accept_sensitive (fixture));
  g_assert_true (gtk_widget_is_sensitive (elicit_dialog_get_decline_button (dialog (fixture))));
  g_assert_true (gtk_widget_is_sensitive (elicit_dialog_get_cancel_button (dialog (fixture))));

  gtk_editable_set_text (field_editable (fixture, "name"), "Ada");
  drain_events ();
  g_assert_true (accept_sensitive (fixture));

  gtk_editable_set_text (field_editable (fixture, "name"), "");
  drain_events ();
  g_assert_false (accept_sensitive (fixture));

  /* An insensitive Accept does nothing, whatever activates it. */
  gtk_widget_activate_action (fixture->dialog, "dialog.accept", NULL);
  drain_events ();
  g_assert_cmpint (elicit_request_get_state (fixture->request), ==, ELICIT_REQUEST_STATE_PENDING);
  g_assert_cmpuint (fixture->answers->len, ==, 0);

  click (elicit_dialog_get_cancel_button (dialog (fixture)));
}

static void
test_accept_waits_for_the_delay (Fixture       *fixture,
                                 gconstpointer  data)
{
  const gint64 delay = 1000 * G_TIME_SPAN_MILLISECOND;
  gint64 shown;
  gboolean sensitive;

  /* Taken before the dialog maps (when the delay starts), so that a slow
   * first frame cannot make the wait look shorter than it was. Showing it
   * drains the events, which on a loaded machine (or on Wayland, where the
   * focus arrives after the map and starts more) can itself take a while:
   * Accept must be insensitive as long as the delay has not passed, which
   * the clock, read after, tells. */
  shown = g_get_monotonic_time ();
  show_dialog (fixture, OPTIONAL_FORM, delay / G_TIME_SPAN_MILLISECOND);
  sensitive = accept_sensitive (fixture);
  if (g_get_monotonic_time () - shown < delay)
    g_assert_false (sensitive);

  g_assert_cmpuint (elicit_dialog_get_accept_delay (dialog (fixture)), ==, 1000);
  if (!accept_sensitive (fixture))
    {
      gtk_widget_activate_action (fixture->dialog, "dialog.accept", NULL);
      g_assert_cmpuint (fixture->answers->len, ==, 0);
    }

  WAIT_UNTIL (accept_sensitive (fixture));
  g_assert_cmpint (g_get_monotonic_time () - shown, >=, delay - 50 * G_TIME_SPAN_MILLISECOND);

  /* Shown again: the delay starts over. */
  gtk_widget_set_visible (fixture->dialog, FALSE);
  drain_events ();
  shown = g_get_monotonic_time ();
  gtk_window_present (GTK_WINDOW (fixture->dialog));
  WAIT_UNTIL (gtk_widget_get_mapped (fixture->dialog));
  sensitive = accept_sensitive (fixture);
  if (g_get_monotonic_time () - shown < delay)
    g_assert_false (sensitive);
  WAIT_UNTIL (accept_sensitive (fixture));
  g_assert_cmpint (g_get_monotonic_time () - shown, >=, delay - 50 * G_TIME_SPAN_MILLISECOND);

  click (elicit_dialog_get_accept_button (dialog (fixture)));
  assert_answers (fixture, "{\"action\":\"accept\",\"content\":{}}");
}

static void
test_accept_is_never_the_default (Fixture       *fixture,
                                  gconstpointer  data)
{
  GtkWidget *accept;

  show_dialog (fixture, NAME_FORM, 0);
  accept = elicit_dialog_get_accept_button (dialog (fixture));

  g_assert_null (gtk_window_get_default_widget (GTK_WINDOW (fixture->dialog)));
  g_assert_false (gtk_widget_get_receives_default (accept));
  g_assert_true (gtk_widget_has_css_class (accept, "suggested-action"));
  g_assert_false (gtk_widget_has_focus (accept));
  /* The focus starts in the first field. */
  g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (fixture->dialog)),
                                         elicit_form_get_field_widget (elicit_dialog_get_form (dialog (fixture)), "name")) ||
                 gtk_window_get_focus (GTK_WINDOW (fixture->dialog)) ==
                 elicit_form_get_field_widget (elicit_dialog_get_form (dialog (fixture)), "name"));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (accept)), ==, "Send");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (elicit_dialog_get_decline_button (dialog (fixture)))))),
                   ==, "_Decline");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (elicit_dialog_get_cancel_button (dialog (fixture)))))),
                   ==, "_Cancel");

  click (elicit_dialog_get_decline_button (dialog (fixture)));
}

/* What Return in a one-line field does: its GtkText's "activate". */
static void
press_return_in (GtkWidget *field)
{
  g_signal_emit_by_name (gtk_editable_get_delegate (GTK_EDITABLE (field)), "activate");
  drain_events ();
}

/* Return in a one-line field sends a valid form, as every form people know
 * does; in a form that is not valid it shows what is missing instead. */
static void
test_return_in_an_entry_sends (Fixture       *fixture,
                               gconstpointer  data)
{
  GtkWidget *entry;

  show_dialog (fixture, NAME_FORM, 0);
  entry = elicit_form_get_field_widget (elicit_dialog_get_form (dialog (fixture)), "name");
  gtk_widget_grab_focus (entry);

  /* Nothing typed yet: Return says why, and sends nothing. */
  g_assert_false (gtk_widget_has_css_class (entry, "error"));
  press_return_in (entry);
  g_assert_cmpuint (fixture->answers->len, ==, 0);
  g_assert_true (gtk_widget_has_css_class (entry, "error"));

  gtk_editable_set_text (field_editable (fixture, "name"), "Ada");
  drain_events ();
  g_assert_true (accept_sensitive (fixture));

  /* The window's own Return binding activates the default widget: none. */
  press_key (fixture->dialog, GDK_KEY_KP_Enter, 0);
  drain_events ();
  g_assert_cmpuint (fixture->answers->len, ==, 0);

  press_return_in (entry);
  assert_answers (fixture, "{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}");
}

/* While the safety delay runs, Return in a field does nothing at all: no
 * answer, and no error either (the key was meant for another window). */
static void
test_return_waits_for_the_delay (Fixture       *fixture,
                                 gconstpointer  data)
{
  GtkWidget *entry;

  show_dialog (fixture, NAME_FORM, 60000);
  entry = elicit_form_get_field_widget (elicit_dialog_get_form (dialog (fixture)), "name");
  gtk_editable_set_text (field_editable (fixture, "name"), "Ada");
  press_return_in (entry);
  gtk_editable_set_text (field_editable (fixture, "name"), "");
  press_return_in (entry);
  g_assert_cmpuint (fixture->answers->len, ==, 0);
  click (elicit_dialog_get_cancel_button (dialog (fixture)));
}

static void
test_accept_sends_the_form_content (Fixture       *fixture,
                                    gconstpointer  data)
{
  show_dialog (fixture,
               "{\"mode\": \"form\", \"message\": \"Contact details\", \"requestedSchema\": "
               "{\"type\": \"object\", \"properties\": {"
               "\"name\": {\"type\": \"string\", \"title\": \"Name\"},"
               "\"email\": {\"type\": \"string\", \"format\": \"email\"},"
               "\"age\": {\"type\": \"integer\", \"minimum\": 0, \"default\": 30},"
               "\"nickname\": {\"type\": \"string\"}},"
               "\"required\": [\"name\", \"email\"]}}", 0);

  gtk_editable_set_text (field_editable (fixture, "name"), "Monalisa Octocat");
  gtk_editable_set_text (field_editable (fixture, "email"), "octocat@github.com");
  drain_events ();
  g_assert_true (accept_sensitive (fixture));

  click (elicit_dialog_get_accept_button (dialog (fixture)));

  assert_answers (fixture,
                  "{\"action\":\"accept\",\"content\":{\"name\":\"Monalisa Octocat\","
                  "\"email\":\"octocat@github.com\",\"age\":30}}");
  g_assert_cmpint (elicit_request_get_state (fixture->request), ==, ELICIT_REQUEST_STATE_ACCEPTED);
  WAIT_UNTIL (window_gone (fixture));
}

/* The server gets what the user typed, never a number the spin button chose. */
static void
test_numbers_are_sent_as_typed (Fixture       *fixture,
                                gconstpointer  data)
{
  GtkEditable *age, *ratio;

  show_dialog (fixture,
               "{\"mode\": \"form\", \"message\": \"About you\", \"requestedSchema\": "
               "{\"type\": \"object\", \"properties\": {"
               "\"age\": {\"type\": \"integer\", \"title\": \"Age\", \"minimum\": 13},"
               "\"ratio\": {\"type\": \"number\", \"title\": \"Ratio\", \"default\": 0.5}},"
               "\"required\": [\"age\"]}}", 0);
  age = field_editable (fixture, "age");
  ratio = field_editable (fixture, "ratio");

  /* Typed, then Tab: still 7, and Accept waits. */
  gtk_editable_set_text (age, "7");
  gtk_widget_child_focus (fixture->dialog, GTK_DIR_TAB_FORWARD);
  gtk_spin_button_update (GTK_SPIN_BUTTON (elicit_form_get_field_widget (elicit_dialog_get_form (dialog (fixture)), "age")));
  drain_events ();
  g_assert_cmpstr (gtk_editable_get_text (age), ==, "7");
  g_assert_false (accept_sensitive (fixture));

  gtk_editable_set_text (ratio, "abc");
  gtk_spin_button_update (GTK_SPIN_BUTTON (elicit_form_get_field_widget (elicit_dialog_get_form (dialog (fixture)), "ratio")));
  drain_events ();
  g_assert_cmpstr (gtk_editable_get_text (ratio), ==, "abc");

  gtk_editable_set_text (age, "13");
  drain_events ();
  g_assert_false (accept_sensitive (fixture));

  /* The default does not come back when the number is deleted. */
  gtk_editable_set_text (ratio, "");
  drain_events ();
  g_assert_true (accept_sensitive (fixture));
  click (elicit_dialog_get_accept_button (dialog (fixture)));
  assert_answers (fixture, "{\"action\":\"accept\",\"content\":{\"age\":13}}");
}

#define QUESTION \
  "{\"message\": \"The tool wants to delete a file.\", \"requestedSchema\": " \
  "{\"type\": \"object\", \"properties\": {\"confirm\": {\"type\": \"boolean\", " \
  "\"title\": \"Delete the file demo.txt?\"}}, \"required\": [\"confirm\"]}}"

/* "Delete the file?" is a question: No and Yes answer it in one click,
 * each sending exactly its answer; there is no form and no Send. */
static void
test_a_yes_no_question_is_answered_with_a_button (Fixture       *fixture,
                                                  gconstpointer  data)
{
  gboolean yes = GPOINTER_TO_INT (data);
  GtkWidget *button;

  show_dialog (fixture, QUESTION, 0);
  g_assert_true (shows_label (fixture, "Delete the file demo.txt?"));
  g_assert_null (elicit_dialog_get_form (dialog (fixture)));
  g_assert_false (gtk_widget_get_visible (elicit_dialog_get_accept_button (dialog (fixture))));
  g_assert_false (accept_sensitive (fixture));
  g_assert_true (gtk_widget_get_visible (elicit_dialog_get_decline_button (dialog (fixture))));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (elicit_dialog_get_answer_button (dialog (fixture), TRUE))))),
                   ==, "_Yes");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (elicit_dialog_get_answer_button (dialog (fixture), FALSE))))),
                   ==, "_No");

  button = elicit_dialog_get_answer_button (dialog (fixture), yes);
  g_assert_false (gtk_widget_get_receives_default (button));
  click (button);
  assert_answers (fixture, yes ? "{\"action\":\"accept\",\"content\":{\"confirm\":true}}"
                               : "{\"action\":\"accept\",\"content\":{\"confirm\":false}}");
  WAIT_UNTIL (window_gone (fixture));
}

/* The answer buttons wait for the safety delay like Send. */
static void
test_a_question_waits_for_the_delay (Fixture       *fixture,
                                     gconstpointer  data)
{
  show_dialog (fixture, QUESTION, 60000);
  g_assert_false (gtk_widget_is_sensitive (elicit_dialog_get_answer_button (dialog (fixture), TRUE)));
  g_assert_false (gtk_widget_is_sensitive (elicit_dialog_get_answer_button (dialog (fixture), FALSE)));
  gtk_widget_activate_action (fixture->dialog, "dialog.answer", "b", TRUE);
  drain_events ();
  g_assert_cmpuint (fixture->answers->len, ==, 0);
  click (elicit_dialog_get_decline_button (dialog (fixture)));
  assert_answers (fixture, "{\"action\":\"decline\"}");
}

/* elicit_dialog_accept() (elicit call --accept-defaults) answers a question
 * with its default, and only when it has one. */
static void
test_a_question_accepts_its_default (Fixture       *fixture,
                                     gconstpointer  data)
{
  show_dialog (fixture,
               "{\"message\": \"Go on?\", \"requestedSchema\": {\"type\": \"object\", "
               "\"properties\": {\"go\": {\"type\": \"boolean\", \"default\": false}}}}", 0);
  g_assert_true (accept_sensitive (fixture));
  g_assert_true (elicit_dialog_accept (dialog (fixture)));
  assert_answers (fixture, "{\"action\":\"accept\",\"content\":{\"go\":false}}");
}

/* An optional question without a default is answered for a program by
 * leaving it out (the MRTR conformance scenarios ask such a question and
 * hung on it); a required one without a default waits for a person. */
static void
test_a_question_without_a_default (Fixture       *fixture,
                                   gconstpointer  data)
{
  show_dialog (fixture,
               "{\"message\": \"Please confirm\", \"requestedSchema\": {\"type\": \"object\", "
               "\"properties\": {\"confirmed\": {\"type\": \"boolean\", \"description\": \"Confirm?\"}}}}", 0);
  g_assert_true (elicit_dialog_accept (dialog (fixture)));
  assert_answers (fixture, "{\"action\":\"accept\",\"content\":{}}");
  WAIT_UNTIL (window_gone (fixture));
}

static void
test_a_required_question_waits_for_a_person (Fixture       *fixture,
                                             gconstpointer  data)
{
  show_dialog (fixture, QUESTION, 0);
  g_assert_false (elicit_dialog_get_can_accept (dialog (fixture)));
  g_assert_false (elicit_dialog_accept (dialog (fixture)));
  click (elicit_dialog_get_decline_button (dialog (fixture)));
  assert_answers (fixture, "{\"action\":\"decline\"}");
}

/* Send says why it waits: one line beside it whose popover's entries take
 * the user to the field; no field shows an error before the user did
 * anything; Send's tooltip names its keys. */
static void
test_accept_says_why_it_waits (Fixture       *fixture,
                               gconstpointer  data)
{
  GtkWidget *accept;
  GtkWidget *entry;
  GtkWidget *name;

  show_dialog (fixture,
               "{\"message\": \"Who are you?\", \"requestedSchema\": {\"type\": \"object\", "
               "\"properties\": {\"name\": {\"type\": \"string\", \"title\": \"Name\"}, "
               "\"age\": {\"type\": \"integer\", \"title\": \"Age\", \"minimum\": 13}}, "
               "\"required\": [\"name\"]}}", 0);
  accept = elicit_dialog_get_accept_button (dialog (fixture));
  name = elicit_form_get_field_widget (elicit_dialog_get_form (dialog (fixture)), "name");

  g_assert_true (shows_label (fixture, "1 field needs attention"));
  g_assert_false (gtk_widget_has_css_class (name, "error"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (accept), ==,
                   "Send your answer (Return in a one-line field, or Ctrl+Return)");

  gtk_editable_set_text (field_editable (fixture, "age"), "7");
  drain_events ();
  g_assert_true (shows_label (fixture, "2 fields need attention"));
  /* In the line's popover, an entry per field takes the user there and
   * shows its error. */
  g_assert_nonnull (find_label (fixture->dialog, "“Age”: Must be at least 13"));
  g_assert_nonnull (find_label (fixture->dialog, "“Name”: This field is required"));
  entry = gtk_widget_get_ancestor (GTK_WIDGET (find_label (fixture->dialog, "“Name”: This field is required")),
                                   GTK_TYPE_BUTTON);
  g_assert_nonnull (entry);
  click (entry);
  g_assert_true (gtk_widget_has_focus (name) ||
                 gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (fixture->dialog)), name));
  g_assert_true (gtk_widget_has_css_class (name, "error"));

  gtk_editable_set_text (field_editable (fixture, "name"), "Ada");
  gtk_editable_set_text (field_editable (fixture, "age"), "");
  drain_events ();
  g_assert_false (shows_label (fixture, "1 field needs attention"));
  g_assert_null (find_label (fixture->dialog, "“Name”: This field is required"));

  /* Ctrl+Return sends from anywhere. */
  g_assert_true (press_key (fixture->dialog, GDK_KEY_Return, GDK_CONTROL_MASK));
  assert_answers (fixture, "{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}");
}

/* ---- layout ---------------------------------------------------------- */

static gboolean
count_frame_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  guint *frames = user_data;

  (*frames)++;
  return G_SOURCE_CONTINUE;
}

/* Lets the dialog lay itself out and paint what changed. */
static void
wait_frames (GtkWidget *widget,
             guint      n)
{
  guint frames = 0;
  guint id = gtk_widget_add_tick_callback (widget, count_frame_cb, &frames, NULL);

  WAIT_UNTIL (frames >= n);
  gtk_widget_remove_tick_callback (widget, id);
  drain_events ();
}

static void
bounds_of (GtkWidget       *widget,
           GtkWidget       *window,
           graphene_rect_t *bounds)
{
  g_assert_true (gtk_widget_compute_bounds (widget, window, bounds));
}

static void
assert_same_rect (const graphene_rect_t *before,
                  const graphene_rect_t *after,
                  const char            *what)
{
  if (!graphene_rect_equal (before, after))
    g_error ("%s moved: %g,%g %gx%g became %g,%g %gx%g", what,
             before->origin.x, before->origin.y, before->size.width, before->size.height,
             after->origin.x, after->origin.y, after->size.width, after->size.height);
}

/* Issue 19: the dialog's size, the fields and the buttons stay where they
 * were from "opened" to "the person typed something invalid and moved on",
 * and no error shows before that. */
static void
test_an_error_moves_nothing (Fixture       *fixture,
                             gconstpointer  data)
{
  ElicitForm *form;
  GtkWidget *age, *email, *accept;
  graphene_rect_t age_before, email_before, accept_before, age_after, email_after, accept_after;
  int width, height;

  show_dialog (fixture,
               "{\"message\": \"Complete your user registration\", \"requestedSchema\": "
               "{\"type\": \"object\", \"properties\": {"
               "\"username\": {\"type\": \"string\", \"title\": \"Username\", \"minLength\": 3},"
               "\"age\": {\"type\": \"integer\", \"title\": \"Age\", \"minimum\": 13},"
               "\"email\": {\"type\": \"string\", \"format\": \"email\", \"title\": \"Email\"}},"
               "\"required\": [\"username\", \"age\", \"email\"]}}", 0);
  form = elicit_dialog_get_form (dialog (fixture));
  age = elicit_form_get_field_widget (form, "age");
  email = elicit_form_get_field_widget (form, "email");
  accept = elicit_dialog_get_accept_button (dialog (fixture));
  wait_frames (fixture->dialog, 3);

  width = gtk_widget_get_width (fixture->dialog);
  height = gtk_widget_get_height (fixture->dialog);
  bounds_of (age, fixture->dialog, &age_before);
  bounds_of (email, fixture->dialog, &email_before);
  bounds_of (accept, fixture->dialog, &accept_before);
  g_assert_false (gtk_widget_has_css_class (age, "error"));

  gtk_widget_grab_focus (age);
  gtk_editable_set_text (GTK_EDITABLE (age), "7");
  gtk_widget_grab_focus (email);
  wait_frames (fixture->dialog, 3);
  g_assert_true (gtk_widget_has_css_class (age, "error"));
  g_assert_nonnull (find_label (fixture->dialog, "Must be at least 13"));

  g_assert_cmpint (gtk_widget_get_width (fixture->dialog), ==, width);
  g_assert_cmpint (gtk_widget_get_height (fixture->dialog), ==, height);
  bounds_of (age, fixture->dialog, &age_after);
  bounds_of (email, fixture->dialog, &email_after);
  bounds_of (accept, fixture->dialog, &accept_after);
  assert_same_rect (&age_before, &age_after, "the field");
  assert_same_rect (&email_before, &email_after, "the next field");
  assert_same_rect (&accept_before, &accept_after, "Send");

  click (elicit_dialog_get_cancel_button (dialog (fixture)));
}

/* Ctrl+Return waits for the safety delay like a click. */
static void
test_ctrl_return_waits_for_the_delay (Fixture       *fixture,
                                      gconstpointer  data)
{
  show_dialog (fixture, OPTIONAL_FORM, 60000);
  press_key (fixture->dialog, GDK_KEY_Return, GDK_CONTROL_MASK);
  g_assert_cmpuint (fixture->answers->len, ==, 0);
  click (elicit_dialog_get_cancel_button (dialog (fixture)));
}

static void
test_escape_cancels (Fixture       *fixture,
                     gconstpointer  data)
{
  show_dialog (fixture, NAME_FORM, 0);

  /* With the focus in a field, as when the user is typing. */
  gtk_widget_grab_focus (elicit_form_get_field_widget (elicit_dialog_get_form (dialog (fixture)), "name"));
  g_assert_true (press_key (fixture->dialog, GDK_KEY_Escape, 0));

  assert_answers (fixture, "{\"action\":\"cancel\"}");
  g_assert_cmpint (elicit_request_get_state (fixture->request), ==, ELICIT_REQUEST_STATE_CANCELLED);
  WAIT_UNTIL (window_gone (fixture));
}

static void
test_closing_the_window_cancels (Fixture       *fixture,
                                 gconstpointer  data)
{
  show_dialog (fixture, NAME_FORM, 0);

  gtk_window_close (GTK_WINDOW (fixture->dialog));
  drain_events ();

  assert_answers (fixture, "{\"action\":\"cancel\"}");
  WAIT_UNTIL (window_gone (fixture));
}

static void
test_decline_declines (Fixture       *fixture,
                       gconstpointer  data)
{
  show_dialog (fixture, NAME_FORM, 0);

  click (elicit_dialog_get_decline_button (dialog (fixture)));

  assert_answers (fixture, "{\"action\":\"decline\"}");
  g_assert_cmpint (elicit_request_get_state (fixture->request), ==, ELICIT_REQUEST_STATE_DECLINED);
  WAIT_UNTIL (window_gone (fixture));
}

static void
test_destroying_a_pending_dialog_cancels (Fixture       *fixture,
                                          gconstpointer  data)
{
  show_dialog (fixture, NAME_FORM, 0);

  gtk_window_destroy (GTK_WINDOW (fixture->dialog));
  drain_events ();
  g_assert_finalize_object (g_steal_pointer (&fixture->dialog));

  assert_answers (fixture, "{\"action\":\"cancel\"}");
}

static void
test_an_answer_from_elsewhere_closes_the_dialog (Fixture       *fixture,
                                                 gconstpointer  data)
{
  show_dialog (fixture, NAME_FORM, 0);

  elicit_request_decline (fixture->request);
  drain_events ();

  assert_answers (fixture, "{\"action\":\"decline\"}");
  WAIT_UNTIL (window_gone (fixture));
}

static void
test_withdrawn_shows_a_notice_and_sends_nothing (Fixture       *fixture,
                                                 gconstpointer  data)
{
  show_dialog (fixture, NAME_FORM, 0);
  elicit_dialog_set_notice_timeout (dialog (fixture), 50);
  gtk_editable_set_text (field_editable (fixture, "name"), "Ada");
  drain_events ();

  g_assert_true (elicit_request_withdraw (fixture->request, "The user took too long"));
  drain_events ();

  g_assert_cmpstr (elicit_dialog_get_page (dialog (fixture)), ==, "status");
  g_assert_true (shows_label (fixture, "The server withdrew this request"));
  g_assert_false (accept_sensitive (fixture));
  g_assert_cmpuint (fixture->answers->len, ==, 0);

  /* What was typed stays, selectable to copy, and the notice waits. */
  g_assert_true (shows_label (fixture, "Nothing was sent. What you typed is kept here, for you to copy."));
  g_assert_true (shows_label (fixture, "Name: Ada"));
  g_assert_true (gtk_label_get_selectable (find_label (fixture->dialog, "Name: Ada")));
  g_assert_true (gtk_widget_get_visible (fixture->dialog));
  g_assert_true (press_key (fixture->dialog, GDK_KEY_Escape, 0));
  WAIT_UNTIL (window_gone (fixture));
  g_assert_cmpuint (fixture->answers->len, ==, 0);
  g_assert_cmpint (elicit_request_get_state (fixture->request), ==, ELICIT_REQUEST_STATE_WITHDRAWN);
}

static void
test_withdrawn_notice_closes_on_a_button (Fixture       *fixture,
                                          gconstpointer  data)
{
  show_dialog (fixture, NAME_FORM, 0);
  g_assert_true (shows_label (fixture, "Name"));

  g_assert_true (elicit_request_withdraw (fixture->request, "Server disconnected"));
  drain_events ();
  g_assert_cmpstr (elicit_dialog_get_page (dialog (fixture)), ==, "status");

  g_assert_true (press_key (fixture->dialog, GDK_KEY_Escape, 0));
  WAIT_UNTIL (window_gone (fixture));
  g_assert_cmpuint (fixture->answers->len, ==, 0);
}

static void
test_server_label_and_claim (Fixture       *fixture,
                             gconstpointer  data)
{
  ElicitDialog *self;
  GtkLabel *claim;

  show_dialog (fixture, NAME_FORM, 0);
  self = dialog (fixture);

  g_assert_true (shows_label (fixture, "Test Server"));
  g_assert_true (shows_label (fixture, "asks you for information"));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (self)), ==, "Request from Test Server");
  g_assert_null (elicit_dialog_get_server_claim (self));

  elicit_dialog_set_server_label (self, "Work \u202Egithub\u202C");
  elicit_dialog_set_server_claim (self, "GitHub <b>Official</b>");
  drain_events ();

  g_assert_cmpstr (elicit_dialog_get_server_label (self), ==, "Work github");
  g_assert_true (shows_label (fixture, "Work github"));
  g_assert_true (shows_label (fixture, "The server calls itself “GitHub <b>Official</b>”."));
  claim = find_label (fixture->dialog, "The server calls itself “GitHub <b>Official</b>”.");
  g_assert_false (gtk_label_get_use_markup (claim));

  /* A claim that matches the label says nothing new. */
  elicit_dialog_set_server_claim (self, "Work github");
  drain_events ();
  g_assert_false (shows_label (fixture, "The server calls itself “Work github”."));

  click (elicit_dialog_get_cancel_button (self));
}

static void
test_message_is_plain_text (Fixture       *fixture,
                            gconstpointer  data)
{
  GtkLabel *label;

  show_dialog (fixture,
               "{\"message\": \"<b>Pay</b> &amp; \\u202Eexe.txt\\u202C now\\nSecond line\", "
               "\"requestedSchema\": {\"type\": \"object\", \"properties\": {}}}", 0);

  label = find_label (fixture->dialog, "<b>Pay</b> &amp; exe.txt now\nSecond line");
  g_assert_nonnull (label);
  g_assert_false (gtk_label_get_use_markup (label));

  click (elicit_dialog_get_cancel_button (dialog (fixture)));
}

static void
test_a_long_message_is_capped (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(GString) params = g_string_new ("{\"message\": \"");
  GtkWidget *scroller;
  GtkWidget *message;

  for (guint i = 0; i < 200; i++)
    g_string_append (params, "A long line of the server's explanation. ");
  g_string_append (params, "\", \"requestedSchema\": {\"type\": \"object\", \"properties\": {}}}");

  show_dialog (fixture, params->str, 0);

  message = find_label_with_prefix (fixture->dialog, "A long line");
  g_assert_nonnull (message);
  scroller = gtk_widget_get_ancestor (message, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scroller);
  /* It scrolls with the form, in the one scroller of the dialog. */
  g_assert_true (gtk_widget_is_ancestor (GTK_WIDGET (elicit_dialog_get_form (dialog (fixture))), scroller));
  /* It shows its start and "Show More": the form stays in view. */
  g_assert_cmpint (gtk_widget_get_height (message), <, gtk_widget_get_height (scroller));
  g_assert_true (gtk_label_get_lines (GTK_LABEL (message)) > 0);
  g_assert_nonnull (find_label (fixture->dialog, "Show More"));
  click (gtk_widget_get_ancestor (GTK_WIDGET (find_label (fixture->dialog, "Show More")), GTK_TYPE_BUTTON));
  wait_frames (fixture->dialog, 3);
  g_assert_cmpint (gtk_widget_get_height (message), >, gtk_widget_get_height (scroller));
  g_assert_nonnull (find_label (fixture->dialog, "Show Less"));

  click (elicit_dialog_get_cancel_button (dialog (fixture)));
}

#define SCROLL_HINT "Scroll down to see every field"

/* A form too long for the dialog: Send waits until its end has been on
 * screen, and the line beside it says so; elicit_dialog_accept() (for
 * programs) does not wait. */
static void
test_send_waits_until_every_field_was_shown (Fixture       *fixture,
                                             gconstpointer  data)
{
  g_autoptr(GString) params = g_string_new ("{\"message\": \"Many questions\", \"requestedSchema\": "
                                            "{\"type\": \"object\", \"properties\": {");
  GtkWidget *accept;
  GtkAdjustment *adjustment;

  for (guint i = 0; i < 40; i++)
    g_string_append_printf (params, "%s\"f%u\": {\"type\": \"string\", \"title\": \"Field %u\"}",
                            i > 0 ? ", " : "", i, i);
  g_string_append (params, "}}}");
  show_dialog (fixture, params->str, 0);
  wait_frames (fixture->dialog, 3);

  accept = elicit_dialog_get_accept_button (dialog (fixture));
  g_assert_true (elicit_dialog_get_can_accept (dialog (fixture)));
  g_assert_false (gtk_widget_is_sensitive (accept));
  g_assert_true (shows_label (fixture, SCROLL_HINT));

  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (
    GTK_WIDGET (elicit_dialog_get_form (dialog (fixture))), GTK_TYPE_SCROLLED_WINDOW)));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
  wait_frames (fixture->dialog, 3);
  g_assert_true (gtk_widget_is_sensitive (accept));
  g_assert_false (shows_label (fixture, SCROLL_HINT));

  click (accept);
  assert_answers (fixture, "{\"action\":\"accept\",\"content\":{}}");
}

static void
test_secret_fields_are_flagged (Fixture       *fixture,
                                gconstpointer  data)
{
  show_dialog (fixture,
               "{\"message\": \"Log in\", \"requestedSchema\": {\"type\": \"object\", "
               "\"properties\": {\"api_key\": {\"type\": \"string\", \"title\": \"API key\"}}}}", 0);

  g_assert_true (shows_label (fixture, "Servers must not ask for passwords, keys or other secrets "
                                       "in a form. Do not enter one here."));

  click (elicit_dialog_get_decline_button (dialog (fixture)));
  assert_answers (fixture, "{\"action\":\"decline\"}");
}

/* URL mode */

#define URL_REQUEST(url) \
  "{\"mode\": \"url\", \"message\": \"Connect your account\", " \
  "\"elicitationId\": \"e-1\", \"url\": \"" url "\"}"

static void
test_url_shows_the_domain (Fixture       *fixture,
                           gconstpointer  data)
{
  const char *url = "https://login.example.co.uk/connect?id=1";
  GtkLabel *label;
  PangoAttrList *attrs;
  g_autoptr(GSList) list = NULL;
  PangoAttribute *attr;

  show_dialog (fixture, URL_REQUEST ("https://login.example.co.uk/connect?id=1"), 0);

  label = find_label (fixture->dialog, url);
  g_assert_nonnull (label);
  g_assert_true (gtk_label_get_selectable (label));
  g_assert_false (gtk_label_get_use_markup (label));

  attrs = gtk_label_get_attributes (label);
  g_assert_nonnull (attrs);
  list = pango_attr_list_get_attributes (attrs);
  g_assert_cmpuint (g_slist_length (list), ==, 2);
  attr = list->data;
  g_assert_cmpint (attr->klass->type, ==, PANGO_ATTR_INSERT_HYPHENS);
  g_assert_cmpint (((PangoAttrInt *)attr)->value, ==, FALSE);
  attr = list->next->data;
  g_assert_cmpint (attr->klass->type, ==, PANGO_ATTR_WEIGHT);
  g_assert_cmpint (((PangoAttrInt *)attr)->value, ==, PANGO_WEIGHT_BOLD);
  g_assert_cmpuint (attr->start_index, ==, strlen ("https://login."));
  g_assert_cmpuint (attr->end_index, ==, strlen ("https://login.example.co.uk"));
  g_slist_free_full (g_steal_pointer (&list), (GDestroyNotify)pango_attribute_destroy);

  g_assert_true (shows_label (fixture, "asks you to open a web page"));
  g_assert_true (shows_label (fixture, "example.co.uk"));
  g_assert_true (shows_label (fixture, "login.example.co.uk"));
  g_assert_true (shows_label (fixture, "Encrypted (HTTPS)"));
  g_assert_true (shows_label (fixture, "Nothing has been opened yet. If you accept, this address opens in your web browser."));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (elicit_dialog_get_accept_button (dialog (fixture)))),
                   ==, "Open in Browser");
  /* Nothing is opened before consent. */
  g_assert_cmpuint (fixture->launched->len, ==, 0);
  g_assert_false (gtk_widget_has_focus (elicit_dialog_get_accept_button (dialog (fixture))));

  click (elicit_dialog_get_cancel_button (dialog (fixture)));
  assert_answers (fixture, "{\"action\":\"cancel\"}");
  g_assert_cmpuint (fixture->launched->len, ==, 0);
}

typedef struct
{
  const char *params;
  const char *warnings[3];
} UrlWarningCase;

static const UrlWarningCase url_warning_cases[] = {
  { URL_REQUEST ("http://example.com/pay"),
    { "This address uses plain HTTP: what you send and receive there can be read or changed on the way.", NULL } },
  { URL_REQUEST ("https://xn--80ak6aa92e.com/login"),
    { "This address looks like apple.com, but it is a different site: xn--80ak6aa92e.com.", NULL } },
  { URL_REQUEST ("https://203.0.113.9/setup"),
    { "The host is an IP address, not a domain name, so there is no name to check.", NULL } },
  { URL_REQUEST ("http://198.51.100.1/"),
    { "This address uses plain HTTP: what you send and receive there can be read or changed on the way.",
      "The host is an IP address, not a domain name, so there is no name to check.", NULL } },
};

static void
test_url_warnings (Fixture       *fixture,
                   gconstpointer  data)
{
  const UrlWarningCase *c = data;

  show_dialog (fixture, c->params, 0);

  for (guint i = 0; c->warnings[i] != NULL; i++)
    g_assert_true (shows_label (fixture, c->warnings[i]));
  g_assert_true (gtk_widget_get_visible (elicit_dialog_get_accept_button (dialog (fixture))));
  g_assert_false (gtk_widget_has_css_class (elicit_dialog_get_accept_button (dialog (fixture)),
                                            "suggested-action"));

  click (elicit_dialog_get_decline_button (dialog (fixture)));
  assert_answers (fixture, "{\"action\":\"decline\"}");
}

static void
test_url_idn_shows_both_forms (Fixture       *fixture,
                               gconstpointer  data)
{
  show_dialog (fixture, URL_REQUEST ("https://bücher.example/"), 0);

  g_assert_true (shows_label (fixture, "bücher.example"));
  g_assert_true (shows_label (fixture, "xn--bcher-kva.example"));
  g_assert_true (shows_label (fixture, "Host in ASCII"));

  click (elicit_dialog_get_cancel_button (dialog (fixture)));
}

/* The dialog never names a lookalike by the name it imitates, and with any
 * warning showing, opening is not the suggested action. */
static void
test_url_lookalike_is_named_in_punycode (Fixture       *fixture,
                                         gconstpointer  data)
{
  GtkWidget *accept;

  show_dialog (fixture, URL_REQUEST ("http://xn--pple-43d.com/login"), 0);
  accept = elicit_dialog_get_accept_button (dialog (fixture));

  g_assert_true (shows_label (fixture, "xn--pple-43d.com"));
  g_assert_true (shows_label (fixture, "http://xn--pple-43d.com/login"));
  g_assert_true (shows_label (fixture, "This address looks like apple.com, but it is a different site: xn--pple-43d.com."));
  g_assert_false (shows_label (fixture, "\u0430pple.com"));
  g_assert_false (shows_label (fixture, "Host in ASCII"));
  g_assert_false (gtk_widget_has_css_class (accept, "suggested-action"));
  click (elicit_dialog_get_cancel_button (dialog (fixture)));
  gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&fixture->dialog)));
  g_clear_object (&fixture->request);

  /* Written in Unicode, it is shown the same way. */
  show_dialog (fixture, URL_REQUEST ("https://\u0430pple.com/login"), 0);
  g_assert_true (shows_label (fixture, "https://xn--pple-43d.com/login"));
  g_assert_false (shows_label (fixture, "https://\u0430pple.com/login"));
  click (elicit_dialog_get_cancel_button (dialog (fixture)));
  gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&fixture->dialog)));
  g_clear_object (&fixture->request);

  /* Nothing to warn about: Open is the suggestion. */
  show_dialog (fixture, URL_REQUEST ("https://example.com/"), 0);
  g_assert_true (gtk_widget_has_css_class (elicit_dialog_get_accept_button (dialog (fixture)),
                                           "suggested-action"));
  click (elicit_dialog_get_cancel_button (dialog (fixture)));
}

typedef struct
{
  const char *params;
  const char *reason;
} RefusedCase;

static const RefusedCase refused_cases[] = {
  { URL_REQUEST ("https://user:pass@example.com/"),
    "The address contains a user name or password before the host name, which can disguise where it leads." },
  { URL_REQUEST ("https://evil.example\\\\@good.com/"),
    "The address contains a backslash, which browsers and this program would read differently." },
  { URL_REQUEST ("javascript:alert(1)"),
    "Only web addresses (http and https) can be opened, not “javascript:” addresses." },
  { URL_REQUEST ("data:text/html,hello"),
    "Only web addresses (http and https) can be opened, not “data:” addresses." },
  { URL_REQUEST ("file:///etc/passwd"),
    "Only web addresses (http and https) can be opened, not “file:” addresses." },
};

static void
test_url_refused (Fixture       *fixture,
                  gconstpointer  data)
{
  const RefusedCase *c = data;

  show_dialog (fixture, c->params, 0);

  g_assert_true (shows_label (fixture, "This address will not be opened"));
  g_assert_true (shows_label (fixture, c->reason));
  g_assert_false (gtk_widget_get_visible (elicit_dialog_get_accept_button (dialog (fixture))));
  g_assert_true (gtk_widget_get_visible (elicit_dialog_get_decline_button (dialog (fixture))));
  g_assert_true (gtk_widget_get_visible (elicit_dialog_get_cancel_button (dialog (fixture))));

  gtk_widget_activate_action (fixture->dialog, "dialog.accept", NULL);
  drain_events ();
  g_assert_cmpuint (fixture->launched->len, ==, 0);
  g_assert_cmpuint (fixture->answers->len, ==, 0);

  click (elicit_dialog_get_decline_button (dialog (fixture)));
  assert_answers (fixture, "{\"action\":\"decline\"}");
}

static void
test_url_accept_opens_then_waits (Fixture       *fixture,
                                  gconstpointer  data)
{
  show_dialog (fixture, URL_REQUEST ("https://mcp.example.com/connect?elicitationId=e-1"), 0);
  elicit_dialog_set_notice_timeout (dialog (fixture), 50);

  click (elicit_dialog_get_accept_button (dialog (fixture)));

  g_assert_cmpuint (fixture->launched->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (fixture->launched, 0), ==,
                   "https://mcp.example.com/connect?elicitationId=e-1");
  assert_answers (fixture, "{\"action\":\"accept\"}");
  g_assert_cmpstr (elicit_dialog_get_page (dialog (fixture)), ==, "status");
  g_assert_true (shows_label (fixture, "Waiting for you to finish in the browser…"));
  /* Finishing by hand is explicit, and says what it does. */
  g_assert_true (shows_label (fixture, "I’ve Finished"));
  /* Only what is true of this request: nothing about a tool being tried
   * again unless the program showing the dialog says so. */
  g_assert_true (shows_label (fixture, "Continue at “mcp.example.com” in your web browser. "
                                       "When the server reports that you are done, this window "
                                       "closes. If nothing happens after you finish, choose “I’ve Finished”."));
  elicit_dialog_set_after_completion (dialog (fixture), "The tool is then tried again.");
  g_assert_true (shows_label (fixture, "Continue at “mcp.example.com” in your web browser. "
                                       "When the server reports that you are done, this window "
                                       "closes. The tool is then tried again. If nothing happens after you "
                                       "finish, choose “I’ve Finished”."));
  g_assert_true (gtk_widget_get_visible (fixture->dialog));

  /* Before the main loop runs: the notice lasts 50 ms, which a loaded
   * machine's drain_events() can outlast. */
  g_assert_true (elicit_request_complete (fixture->request));
  g_assert_true (shows_label (fixture, "Done"));
  WAIT_UNTIL (window_gone (fixture));
  g_assert_cmpuint (fixture->answers->len, ==, 1);
}

/* A program's opener (what Elicit's programs make of ELICIT_BROWSER): the
 * command gets the URL as its last argument, and the request is accepted. */
static void
test_url_opens_with_the_browser_command (Fixture       *fixture,
                                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("elicit-dialog-XXXXXX", &error);
  g_autofree char *fifo = g_build_filename (dir, "url", NULL);
  g_autofree char *script = NULL;
  g_autofree char *seen = NULL;
  const char *command[] = { "sh", "-c", NULL, "sh", NULL };

  g_assert_no_error (error);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  script = g_strdup_printf ("printf '%%s' \"$1\" > '%s'", fifo);
  command[2] = script;

  show_dialog (fixture, URL_REQUEST ("https://mcp.example.com/connect?elicitationId=e-1"), 0);
  elicit_dialog_set_launch_func (dialog (fixture), NULL, NULL);
  g_assert_null (elicit_dialog_get_browser_command (dialog (fixture)));
  elicit_dialog_set_browser_command (dialog (fixture), command);
  g_assert_cmpstrv (elicit_dialog_get_browser_command (dialog (fixture)), command);

  click (elicit_dialog_get_accept_button (dialog (fixture)));

  /* Blocks until the command has written the URL and closed the pipe. */
  g_assert_true (g_file_get_contents (fifo, &seen, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (seen, ==, "https://mcp.example.com/connect?elicitationId=e-1");
  assert_answers (fixture, "{\"action\":\"accept\"}");
  g_assert_cmpstr (elicit_dialog_get_page (dialog (fixture)), ==, "status");

  gtk_window_close (GTK_WINDOW (fixture->dialog));
  WAIT_UNTIL (window_gone (fixture));
  g_unlink (fifo);
  g_rmdir (dir);
}

static void
test_url_waiting_closes_on_request (Fixture       *fixture,
                                    gconstpointer  data)
{
  show_dialog (fixture, URL_REQUEST ("https://mcp.example.com/connect"), 0);

  click (elicit_dialog_get_accept_button (dialog (fixture)));
  g_assert_cmpstr (elicit_dialog_get_page (dialog (fixture)), ==, "status");

  gtk_window_close (GTK_WINDOW (fixture->dialog));
  WAIT_UNTIL (window_gone (fixture));
  assert_answers (fixture, "{\"action\":\"accept\"}");
}

static void
test_url_launch_failure_keeps_the_request (Fixture       *fixture,
                                           gconstpointer  data)
{
  ClipboardCapture capture;
  GtkWidget *error;
  GtkWidget *copy;

  show_dialog (fixture, URL_REQUEST ("https://mcp.example.com/connect"), 0);
  fixture->launch_fails = TRUE;

  click (elicit_dialog_get_accept_button (dialog (fixture)));

  g_assert_cmpuint (fixture->answers->len, ==, 0);
  g_assert_true (shows_label (fixture, "Could not open a web browser: No browser here"));
  g_assert_cmpstr (elicit_dialog_get_page (dialog (fixture)), ==, "request");

  /* Beside the buttons, never scrolled away, with a way out. */
  error = GTK_WIDGET (find_label (fixture->dialog, "Could not open a web browser: No browser here"));
  g_assert_null (gtk_widget_get_ancestor (error, GTK_TYPE_SCROLLED_WINDOW));
  copy = gtk_widget_get_ancestor (GTK_WIDGET (find_label (fixture->dialog, "Copy Link")), GTK_TYPE_BUTTON);
  g_assert_nonnull (copy);
  g_assert_true (gtk_widget_is_ancestor (copy, gtk_widget_get_parent (error)));
  /* test-dialog-adw copies the same link at the same time. */
  clipboard_capture_begin (&capture, fixture->dialog);
  click (copy);
  clipboard_capture_request (&capture);
  WAIT_UNTIL (capture.text != NULL);
  g_assert_cmpstr (capture.text, ==, "https://mcp.example.com/connect");
  clipboard_capture_end (&capture);

  /* Copying is going ahead, as in the sign-in dialog: it says so, and the
   * dialog waits for the person to finish in a browser of their own. */
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (copy)), ==, "Copied");
  assert_answers (fixture, "{\"action\":\"accept\"}");
  g_assert_cmpstr (elicit_dialog_get_page (dialog (fixture)), ==, "status");
  g_assert_true (shows_label (fixture, "Link copied. Open it in your web browser…"));
  gtk_window_close (GTK_WINDOW (fixture->dialog));
  WAIT_UNTIL (window_gone (fixture));
}

/* Contrast: error and secondary text, measured in the pixels drawn */

/* A pixel of gdk_texture_download(): GDK_MEMORY_DEFAULT, B G R A in memory
 * on the little-endian machines the tests run on. */
static double
luminance (const guint8 *bgra)
{
  double c[3];

  for (guint i = 0; i < 3; i++)
    {
      double v = bgra[i] / 255.0;

      c[i] = v <= 0.03928 ? v / 12.92 : pow ((v + 0.055) / 1.055, 2.4);
    }

  return 0.2126 * c[2] + 0.7152 * c[1] + 0.0722 * c[0];
}

static double
contrast (const guint8 *a,
          const guint8 *b)
{
  double la = luminance (a), lb = luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

/* The background is the commonest colour of the label's box; the text, the
 * colour furthest from it. */
static double
label_contrast (const guint8    *pixels,
                gsize            stride,
                graphene_rect_t *box)
{
  g_autoptr(GHashTable) counts = g_hash_table_new (NULL, NULL);
  guint32 background = 0;
  guint best = 0;
  double most = 1;
  int x0 = (int) box->origin.x, y0 = (int) box->origin.y;
  int x1 = x0 + (int) box->size.width, y1 = y0 + (int) box->size.height;

  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        guint32 key = *(const guint32 *) (pixels + y * stride + x * 4);
        guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, GUINT_TO_POINTER (key))) + 1;

        g_hash_table_insert (counts, GUINT_TO_POINTER (key), GUINT_TO_POINTER (n));
        if (n > best)
          {
            best = n;
            background = key;
          }
      }

  /* Measured, not taken from the CSS: what the theme, the opacity of
   * .dim-label and the host's stylesheet (libadwaita or not) made of it.
   * Hinted glyph stems reach the text's full colour. */
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      most = MAX (most, contrast (pixels + y * stride + x * 4, (const guint8 *) &background));

  return most;
}

static void
collect_styled_labels (GtkWidget *widget,
                       GPtrArray *labels)
{
  if (!gtk_widget_get_mapped (widget))
    return;

  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)) != '\0' &&
      (gtk_widget_has_css_class (widget, "error") || gtk_widget_has_css_class (widget, "dim-label")))
    g_ptr_array_add (labels, widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_styled_labels (child, labels);
}

static void
painted_cb (GdkFrameClock *clock,
            gboolean      *painted)
{
  *painted = TRUE;
}

static void
wait_for_paint (GtkWidget *window)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  gboolean painted = FALSE;
  gulong handler = g_signal_connect (clock, "after-paint", G_CALLBACK (painted_cb), &painted);

  for (guint frames = 0; frames < 2; frames++)
    {
      painted = FALSE;
      gtk_widget_queue_draw (window);
      WAIT_UNTIL (painted);
    }
  g_signal_handler_disconnect (clock, handler);
}

static void
assert_text_contrast (Fixture  *fixture,
                      gboolean  dark)
{
  GtkWidget *window = fixture->dialog;
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autofree guint8 *pixels = NULL;
  int width = gtk_widget_get_width (window), height = gtk_widget_get_height (window);
  gsize stride = width * 4;
  guint checked = 0;

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  pixels = g_malloc (stride * height);
  gdk_texture_download (texture, pixels, stride);

  /* To look at: the dialog with its errors, in this host and theme. */
  if (g_getenv ("ELICIT_SHOTS_DIR") != NULL)
    {
      g_autofree char *name = g_strdup_printf ("contrast-%s-%s.png", HOST_NAME, dark ? "dark" : "light");
      g_autofree char *path = g_build_filename (g_getenv ("ELICIT_SHOTS_DIR"), name, NULL);

      gdk_texture_save_to_png (texture, path);
    }

  collect_styled_labels (window, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *label = labels->pdata[i];
      graphene_rect_t box, clipped;
      double ratio;

      GtkWidget *scroller = gtk_widget_get_ancestor (label, GTK_TYPE_SCROLLED_WINDOW);
      graphene_rect_t view = GRAPHENE_RECT_INIT (0, 0, width, height);

      /* Only what is on screen: not what the body has scrolled away. */
      if (scroller != NULL && !gtk_widget_compute_bounds (scroller, window, &view))
        continue;
      if (!gtk_widget_compute_bounds (label, window, &box) ||
          !graphene_rect_intersection (&box, &view, &clipped) ||
          clipped.size.height < box.size.height || clipped.size.width < 4)
        continue;

      ratio = label_contrast (pixels, stride, &clipped);
      g_test_message ("%s “%s”: %.2f:1", dark ? "dark" : "light",
                      gtk_label_get_text (GTK_LABEL (label)), ratio);
      if (ratio < 4.5 && g_getenv ("ELICIT_CONTRAST_PNG") != NULL)
        gdk_texture_save_to_png (texture, g_getenv ("ELICIT_CONTRAST_PNG"));
      if (ratio < 4.5)
        g_error ("In the %s theme, “%s” has a contrast of %.2f:1, under WCAG's 4.5:1",
                 dark ? "dark" : "light", gtk_label_get_text (GTK_LABEL (label)), ratio);
      checked++;
    }

  /* Errors and descriptions were there to measure. */
  g_assert_cmpuint (checked, >=, 3);
}

/* Dark as the host app asks for it: a plain GTK app through GtkSettings, a
 * libadwaita app (test-dialog-adw, this file built again) through its style
 * manager, which the dialog never asks directly. */
static void
set_dark (gboolean dark)
{
#ifdef ELICIT_TEST_LIBADWAITA
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
#else
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", dark, NULL);
#endif
}

/* Whether @label's text is in what @window draws now: its box holds more
 * than its background. */
static gboolean
is_drawn (GtkWidget *window,
          GtkWidget *label)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guint8 *pixels = NULL;
  int width = gtk_widget_get_width (window), height = gtk_widget_get_height (window);
  gsize stride = width * 4;
  graphene_rect_t box;

  g_assert_true (gtk_widget_compute_bounds (label, window, &box));
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  pixels = g_malloc (stride * height);
  gdk_texture_download (texture, pixels, stride);

  return label_contrast (pixels, stride, &box) > 2.0;
}

/* The hint appears after the first layout: GTK 4.8 does not redraw the
 * row of a child shown then by itself, so the dialog asks it to. */
static void
test_a_long_form_draws_its_scroll_hint (Fixture       *fixture,
                                        gconstpointer  data)
{
  g_autoptr(GString) params = g_string_new ("{\"message\": \"Many questions\", \"requestedSchema\": "
                                            "{\"type\": \"object\", \"properties\": {");
  GtkLabel *hint;

  for (guint i = 0; i < 40; i++)
    g_string_append_printf (params, "%s\"f%u\": {\"type\": \"string\", \"title\": \"Field %u\"}",
                            i > 0 ? ", " : "", i, i);
  g_string_append (params, "}}}");
  show_dialog (fixture, params->str, 0);
  wait_frames (fixture->dialog, 3);

  hint = find_label (fixture->dialog, SCROLL_HINT);
  g_assert_nonnull (hint);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (hint)));
  g_assert_true (is_drawn (fixture->dialog, GTK_WIDGET (hint)));

  click (elicit_dialog_get_cancel_button (dialog (fixture)));
}

static void
test_error_and_secondary_text_contrast (Fixture       *fixture,
                                        gconstpointer  data)
{
  gboolean dark = GPOINTER_TO_INT (data);

  set_dark (dark);
  show_dialog (fixture,
               "{\"message\": \"Who are you?\", \"requestedSchema\": {\"type\": \"object\", "
               "\"properties\": {\"name\": {\"type\": \"string\", \"title\": \"Name\", "
               "\"description\": \"As on your passport\"}, "
               "\"age\": {\"type\": \"integer\", \"title\": \"Age\", \"minimum\": 13}}, "
               "\"required\": [\"name\"]}}", 0);
  gtk_editable_set_text (field_editable (fixture, "age"), "7");
  elicit_form_show_all_errors (elicit_dialog_get_form (dialog (fixture)));
  wait_for_paint (fixture->dialog);

  assert_text_contrast (fixture, dark);

  click (elicit_dialog_get_cancel_button (dialog (fixture)));
  set_dark (FALSE);
}

/* Rendering, for `elicit lint --render` and the screenshots */

static ElicitRequest *
request_from_json (const char *params_json)
{
  g_autoptr(JsonNode) params = NULL;
  g_autoptr(GError) error = NULL;
  ElicitRequest *request;

  params = json_from_string (params_json, &error);
  g_assert_no_error (error);
  request = elicit_request_new (json_node_get_object (params), &error);
  g_assert_no_error (error);

  return request;
}

static void
render_and_check (ElicitRequest *request,
                  const char    *label,
                  const char    *claim,
                  const char    *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;

  gboolean rendered = elicit_render_dialog_to_png (request, label, claim, path, &error);

  /* The error says what is hidden, if anything is. */
  g_assert_no_error (error);
  g_assert_true (rendered);

  texture = gdk_texture_new_from_filename (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), >=, 400);
  g_assert_cmpint (gdk_texture_get_height (texture), >=, 200);

  /* Rendering is not answering: nothing is left behind on screen. */
  g_assert_cmpuint (g_list_model_get_n_items (gtk_window_get_toplevels ()), ==, 0);
}

/* Two labels drawn one over the other, as a server's text would be in a
 * broken layout. */
static GtkWidget *
overlapping_labels_new (const char *under,
                        const char *over)
{
  GtkWidget *overlay = gtk_overlay_new ();

  gtk_overlay_set_child (GTK_OVERLAY (overlay), gtk_label_new (under));
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), gtk_label_new (over));

  return overlay;
}

/* lint --render names text drawn over other text, each pair once, in the
 * order the dialog shows them, and nothing that only lies close by. */
static void
test_layout_check_names_text_drawn_over_text (Fixture       *fixture,
                                              gconstpointer  data)
{
  GtkWidget *body;
  g_autofree char *hidden = NULL;

  show_dialog (fixture, NAME_FORM, 0);
  g_assert_null (elicit_render_check_layout (fixture->dialog));

  body = elicit_dialog_get_body (dialog (fixture));
  gtk_box_append (GTK_BOX (body), overlapping_labels_new ("First under", "First over"));
  gtk_box_append (GTK_BOX (body), gtk_label_new ("Close by"));
  gtk_box_prepend (GTK_BOX (body), overlapping_labels_new ("Top under", "Top over"));
  /* Laid out: the new first and last children have their height. */
  WAIT_UNTIL (gtk_widget_get_height (gtk_widget_get_first_child (body)) > 0 &&
              gtk_widget_get_height (gtk_widget_get_last_child (body)) > 0);
  drain_events ();

  hidden = elicit_render_check_layout (fixture->dialog);
  g_assert_cmpstr (hidden, ==,
                   "“Top under” overlaps “Top over”; “First under” overlaps “First over”");
}

/* The dialog grows with a long form up to about 80% of the monitor, and
 * a short one gets no scrollbar. */
typedef struct
{
  GtkWidget *dialog;
  guint      frames;
  gboolean   hint_painted;
} HintWatch;

static void
hint_after_paint_cb (GdkFrameClock *clock,
                     HintWatch     *watch)
{
  GtkLabel *hint = find_label (watch->dialog, SCROLL_HINT);

  watch->frames++;
  if (hint != NULL && gtk_widget_get_mapped (GTK_WIDGET (hint)))
    watch->hint_painted = TRUE;
}

static void
watch_hint_cb (GtkWidget *dialog,
               HintWatch *watch)
{
  g_signal_connect (gtk_widget_get_frame_clock (dialog), "after-paint",
                    G_CALLBACK (hint_after_paint_cb), watch);
}

/* A form that fits never says "Scroll down", not even in the frame painted
 * before its first layout told that it fits. */
static void
test_a_form_that_fits_never_says_scroll_down (Fixture       *fixture,
                                              gconstpointer  data)
{
  HintWatch watch = { NULL, 0, FALSE };
  g_autoptr(JsonNode) params = NULL;
  g_autoptr(GError) error = NULL;

  params = json_from_string ("{\"message\": \"One question\", \"requestedSchema\": {\"type\": \"object\", "
                             "\"properties\": {\"name\": {\"type\": \"string\", \"title\": \"Name\"}}}}", &error);
  g_assert_no_error (error);
  fixture->request = elicit_request_new (json_node_get_object (params), &error);
  g_assert_no_error (error);
  elicit_request_set_responder (fixture->request, capture_answer_cb, fixture, NULL);
  fixture->dialog = g_object_ref (elicit_dialog_new (fixture->request));
  elicit_dialog_set_accept_delay (dialog (fixture), 0);
  watch.dialog = fixture->dialog;
  g_signal_connect_after (fixture->dialog, "realize", G_CALLBACK (watch_hint_cb), &watch);

  gtk_window_present (GTK_WINDOW (fixture->dialog));
  WAIT_UNTIL (watch.frames >= 1);
  wait_frames (fixture->dialog, 3);
  g_signal_handlers_disconnect_by_data (gtk_widget_get_frame_clock (fixture->dialog), &watch);
  g_signal_handlers_disconnect_by_data (fixture->dialog, &watch);

  g_assert_false (watch.hint_painted);
  g_assert_false (shows_label (fixture, SCROLL_HINT));
  g_assert_true (gtk_widget_is_sensitive (elicit_dialog_get_accept_button (dialog (fixture))));

  click (elicit_dialog_get_cancel_button (dialog (fixture)));
}

static void
test_dialog_fits_the_monitor (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "layout-forty-fields.json", NULL);
  g_autofree char *schema = NULL;
  g_autofree char *params = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkMonitor) monitor = NULL;
  GtkWidget *scroller;
  GtkAdjustment *adjustment;
  GdkRectangle area;
  int height;

  g_file_get_contents (path, &schema, NULL, &error);
  g_assert_no_error (error);
  params = g_strdup_printf ("{\"message\": \"Forty fields\", \"requestedSchema\": %s}", schema);
  show_dialog (fixture, params, 0);

  monitor = g_list_model_get_item (gdk_display_get_monitors (gdk_display_get_default ()), 0);
  gdk_monitor_get_geometry (monitor, &area);
  height = gtk_widget_get_height (fixture->dialog);
  g_assert_cmpint (height, <=, area.height * 4 / 5 + 20);
  g_assert_cmpint (height, >=, area.height * 3 / 5);

  /* The last field can be scrolled to. */
  scroller = gtk_widget_get_ancestor (GTK_WIDGET (elicit_dialog_get_form (dialog (fixture))),
                                      GTK_TYPE_SCROLLED_WINDOW);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >=,
                     gtk_widget_get_height (GTK_WIDGET (elicit_dialog_get_form (dialog (fixture)))));
  click (elicit_dialog_get_cancel_button (dialog (fixture)));
  gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&fixture->dialog)));
  g_clear_object (&fixture->request);

  show_dialog (fixture, NAME_FORM, 0);
  scroller = gtk_widget_get_ancestor (GTK_WIDGET (elicit_dialog_get_form (dialog (fixture))),
                                      GTK_TYPE_SCROLLED_WINDOW);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), <=, gtk_adjustment_get_page_size (adjustment) + 0.5);
  click (elicit_dialog_get_cancel_button (dialog (fixture)));
}

/* Every seed schema renders. With ELICIT_SHOTS_DIR set, the PNGs are kept
 * there as screenshots. */
static void
test_render_seeds (void)
{
  const char *shots_dir = g_getenv ("ELICIT_SHOTS_DIR");
  g_autofree char *data_dir = g_test_build_filename (G_TEST_DIST, "data", NULL);
  g_autofree char *tmp_dir = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;
  guint n = 0;

  if (shots_dir == NULL)
    {
      tmp_dir = g_dir_make_tmp ("elicit-render-XXXXXX", &error);
      g_assert_no_error (error);
    }
  else
    g_mkdir_with_parents (shots_dir, 0755);

  dir = g_dir_open (data_dir, 0, &error);
  g_assert_no_error (error);

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *contents = NULL;
      g_autofree char *params = NULL;
      g_autofree char *png = NULL;
      g_autofree char *base = NULL;
      g_autoptr(ElicitRequest) request = NULL;

      if ((!g_str_has_prefix (name, "seed-") && !g_str_has_prefix (name, "layout-")) ||
          !g_str_has_suffix (name, ".json"))
        continue;

      path = g_build_filename (data_dir, name, NULL);
      g_file_get_contents (path, &contents, NULL, &error);
      g_assert_no_error (error);

      /* A fixture is a schema, or the params of a request with its own message. */
      if (strstr (contents, "\"requestedSchema\"") != NULL)
        params = g_strdup (contents);
      else
        params = g_strdup_printf ("{\"message\": \"Please fill in the details below so the tool can continue.\", "
                                  "\"requestedSchema\": %s}", contents);
      request = request_from_json (params);
      base = g_strndup (name, strlen (name) - strlen (".json"));
      png = g_strdup_printf ("%s/%s.png", shots_dir != NULL ? shots_dir : tmp_dir, base);

      render_and_check (request, "Demo Server", "elicit-demo-server", png);
      g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_CANCELLED);
      if (shots_dir == NULL)
        g_unlink (png);
      n++;
    }

  g_assert_cmpuint (n, >, 0);
  if (tmp_dir != NULL)
    g_rmdir (tmp_dir);
}

/* A PNG path of its own: test-dialog and test-dialog-adw run at once. */
static char *
tmp_png_path (void)
{
  g_autoptr(GError) error = NULL;
  char *path = NULL;
  int fd = g_file_open_tmp ("elicit-test-XXXXXX.png", &path, &error);

  g_assert_no_error (error);
  g_close (fd, NULL);

  return path;
}

/* Where a render called @name goes: $ELICIT_SHOTS_DIR to look at, or a
 * file of this process's own. */
static char *
shot_path (const char *name)
{
  const char *shots_dir = g_getenv ("ELICIT_SHOTS_DIR");

  if (shots_dir != NULL)
    return g_strdup_printf ("%s/%s.png", shots_dir, name);

  return tmp_png_path ();
}

static void
test_render_url (void)
{
  const char *shots_dir = g_getenv ("ELICIT_SHOTS_DIR");
  const struct { const char *name; const char *url; } urls[] = {
    { "url-https", "https://accounts.example.co.uk/oauth/authorize?client_id=elicit&state=8f14e45f" },
    { "url-warnings", "http://xn--80ak6aa92e.com/login?next=%2Fsettings" },
    { "url-refused", "https://accounts.example.com\\\\@evil.example/login" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (urls); i++)
    {
      g_autofree char *params = NULL;
      g_autofree char *name = g_strdup_printf ("dialog-%s", urls[i].name);
      g_autofree char *png = shot_path (name);
      g_autoptr(ElicitRequest) request = NULL;

      params = g_strdup_printf ("{\"mode\": \"url\", \"elicitationId\": \"e-%u\", \"url\": \"%s\", "
                                "\"message\": \"Sign in to your Example account so the assistant can read your calendar.\"}",
                                i, urls[i].url);
      request = request_from_json (params);
      render_and_check (request, "Calendar", "Example Calendar MCP", png);
      if (shots_dir == NULL)
        g_unlink (png);
    }
}

/* A request already withdrawn, or accepted and waiting, shows its notice. */
static void
test_render_status (void)
{
  const char *shots_dir = g_getenv ("ELICIT_SHOTS_DIR");
  g_autoptr(ElicitRequest) withdrawn = request_from_json (NAME_FORM);
  g_autoptr(ElicitRequest) waiting = request_from_json (URL_REQUEST ("https://auth.example.com/login?elicitationId=e-1"));
  g_autoptr(GError) error = NULL;
  g_autofree char *withdrawn_png = shot_path ("dialog-withdrawn");
  g_autofree char *waiting_png = shot_path ("dialog-waiting");

  g_assert_true (elicit_request_withdraw (withdrawn, "Took too long"));
  render_and_check (withdrawn, "Demo Server", NULL, withdrawn_png);

  g_assert_true (elicit_request_accept (waiting, NULL, &error));
  g_assert_no_error (error);
  render_and_check (waiting, "Demo Server", NULL, waiting_png);
  g_assert_cmpint (elicit_request_get_state (waiting), ==, ELICIT_REQUEST_STATE_ACCEPTED);

  if (shots_dir == NULL)
    {
      g_unlink (withdrawn_png);
      g_unlink (waiting_png);
    }
}

/* The first @n_fields of the forty-field schema, as a request. */
static ElicitRequest *
forty_fields_request (guint n_fields)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "layout-forty-fields.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonNode) schema = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) params = json_object_new ();
  JsonObject *properties;
  GList *names;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  schema = json_from_string (text, &error);
  g_assert_no_error (error);
  properties = json_object_get_object_member (json_node_get_object (schema), "properties");
  names = json_object_get_members (properties);
  for (GList *l = g_list_nth (names, n_fields); l != NULL; l = l->next)
    json_object_remove_member (properties, l->data);
  g_list_free (names);
  /* What stays of "required" names fields that stay. */
  json_object_remove_member (json_node_get_object (schema), "required");

  json_object_set_string_member (params, "message", "A long form");
  json_object_set_member (params, "requestedSchema", g_steal_pointer (&schema));

  return elicit_request_new (params, &error);
}

static int
rendered_height (guint n_fields)
{
  g_autoptr(ElicitRequest) request = forty_fields_request (n_fields);
  g_autofree char *png = tmp_png_path ();
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (request);
  render_and_check (request, "Demo Server", NULL, png);
  texture = gdk_texture_new_from_filename (png, &error);
  g_assert_no_error (error);
  g_unlink (png);

  return gdk_texture_get_height (texture);
}

/* lint --render shows the whole of a form taller than the dialog, not the
 * top the window has room for: the picture grows with every field, past
 * the monitor's height. */
static void
test_render_long_form (void)
{
  g_autoptr(GdkMonitor) monitor = g_list_model_get_item (gdk_display_get_monitors (gdk_display_get_default ()), 0);
  GdkRectangle area;
  int twenty = rendered_height (20);
  int forty = rendered_height (40);

  gdk_monitor_get_geometry (monitor, &area);
  g_assert_cmpint (twenty, >, area.height * 4 / 5);
  /* A field is a title and an editor at least: 40 px. */
  g_assert_cmpint (forty, >=, twenty + 20 * 40);
  g_assert_cmpint (forty, >, area.height);
}

/* @n_fields text fields, "Field 0" to "Field n-1", as a request. */
static ElicitRequest *
text_fields_request (guint n_fields)
{
  g_autoptr(GString) json = g_string_new ("{\"message\":\"A very long form\",\"requestedSchema\":"
                                          "{\"type\":\"object\",\"properties\":{");
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < n_fields; i++)
    g_string_append_printf (json, "%s\"field%u\":{\"type\":\"string\",\"title\":\"Field %u\"}",
                            i == 0 ? "" : ",", i, i);
  g_string_append (json, "}}}");
  node = json_from_string (json->str, &error);
  g_assert_no_error (error);

  return elicit_request_new (json_node_get_object (node), &error);
}

/* Whether rows @top to @top + @height of @pixels (B G R A) hold a dark
 * pixel: text. */
static gboolean
band_has_text (const guchar *pixels,
               gsize         stride,
               int           width,
               int           top,
               int           height)
{
  for (int y = top; y < top + height; y++)
    for (int x = 0; x < width; x++)
      {
        const guchar *pixel = pixels + y * stride + x * 4;

        if (pixel[0] + pixel[1] + pixel[2] < 200)
          return TRUE;
      }

  return FALSE;
}

/* A form too tall to be drawn at once is drawn a strip at a time, each
 * from only the parts of the dialog it shows: every part of it is there,
 * from the first field's title to the last's, with no blank stretch. */
static void
test_render_very_long_form (void)
{
  g_autoptr(ElicitRequest) request = text_fields_request (150);
  g_autofree char *png = tmp_png_path ();
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree guchar *pixels = NULL;
  int width, height;
  gsize stride;

  g_assert_nonnull (request);
  render_and_check (request, "Demo Server", NULL, png);
  texture = gdk_texture_new_from_filename (png, &error);
  g_assert_no_error (error);
  g_unlink (png);

  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  /* Taller than a strip (8192 px): more than one was drawn. */
  g_assert_cmpint (height, >, 9000);
  stride = (gsize) width * 4;
  pixels = g_malloc (stride * height);
  gdk_texture_download (texture, pixels, stride);

  /* Every field is a title and an entry, under 100 px: a band of 200 px
   * without text would be a field left out. */
  for (int top = 0; top + 200 <= height; top += 200)
    if (!band_has_text (pixels, stride, width, top, 200))
      g_error ("nothing is drawn from %d to %d px of %d", top, top + 200, height);
}

static void
add_test (const char    *path,
          gconstpointer  data,
          void         (*func) (Fixture *, gconstpointer))
{
  g_test_add (path, Fixture, data, fixture_set_up, func, fixture_tear_down);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_setenv ("LANGUAGE", "C", TRUE);
  gtk_test_init (&argc, &argv, NULL);
#ifdef ELICIT_TEST_LIBADWAITA
  /* The same dialog in a libadwaita app: its stylesheet, its dark mode. */
  adw_init ();
#endif

  add_test ("/Elicit/Dialog/accept-waits-for-a-valid-form", NULL, test_accept_waits_for_a_valid_form);
  add_test ("/Elicit/Dialog/accept-waits-for-the-delay-after-appearing", NULL, test_accept_waits_for_the_delay);
  add_test ("/Elicit/Dialog/accept-is-never-the-default", NULL, test_accept_is_never_the_default);
  add_test ("/Elicit/Dialog/return-in-a-one-line-field-sends", NULL, test_return_in_an_entry_sends);
  add_test ("/Elicit/Dialog/return-waits-for-the-delay", NULL, test_return_waits_for_the_delay);
  add_test ("/Elicit/Dialog/accept-sends-the-form-content", NULL, test_accept_sends_the_form_content);
  add_test ("/Elicit/Dialog/numbers-are-sent-as-typed", NULL, test_numbers_are_sent_as_typed);
  add_test ("/Elicit/Dialog/question/yes-sends-true", GINT_TO_POINTER (TRUE),
            test_a_yes_no_question_is_answered_with_a_button);
  add_test ("/Elicit/Dialog/question/no-sends-false", GINT_TO_POINTER (FALSE),
            test_a_yes_no_question_is_answered_with_a_button);
  add_test ("/Elicit/Dialog/question/waits-for-the-delay", NULL, test_a_question_waits_for_the_delay);
  add_test ("/Elicit/Dialog/question/accept-sends-its-default", NULL, test_a_question_accepts_its_default);
  add_test ("/Elicit/Dialog/question/an-optional-one-without-a-default-is-accepted-empty", NULL,
            test_a_question_without_a_default);
  add_test ("/Elicit/Dialog/question/a-required-one-without-a-default-waits", NULL,
            test_a_required_question_waits_for_a_person);
  add_test ("/Elicit/Dialog/accept-says-why-it-waits", NULL, test_accept_says_why_it_waits);
  add_test ("/Elicit/Dialog/layout/an-error-moves-nothing", NULL, test_an_error_moves_nothing);
  add_test ("/Elicit/Dialog/ctrl-return-waits-for-the-delay", NULL, test_ctrl_return_waits_for_the_delay);
  add_test ("/Elicit/Dialog/escape-cancels", NULL, test_escape_cancels);
  add_test ("/Elicit/Dialog/closing-the-window-cancels", NULL, test_closing_the_window_cancels);
  add_test ("/Elicit/Dialog/decline-declines", NULL, test_decline_declines);
  add_test ("/Elicit/Dialog/destroying-a-pending-dialog-cancels", NULL, test_destroying_a_pending_dialog_cancels);
  add_test ("/Elicit/Dialog/an-answer-from-elsewhere-closes-the-dialog", NULL, test_an_answer_from_elsewhere_closes_the_dialog);
  add_test ("/Elicit/Dialog/withdrawn-shows-a-notice-and-sends-nothing", NULL, test_withdrawn_shows_a_notice_and_sends_nothing);
  add_test ("/Elicit/Dialog/withdrawn-notice-closes-on-a-key", NULL, test_withdrawn_notice_closes_on_a_button);
  add_test ("/Elicit/Dialog/server-label-and-claim-are-shown", NULL, test_server_label_and_claim);
  add_test ("/Elicit/Dialog/message-is-plain-text", NULL, test_message_is_plain_text);
  add_test ("/Elicit/Dialog/a-long-message-is-capped", NULL, test_a_long_message_is_capped);
  add_test ("/Elicit/Dialog/send-waits-until-every-field-was-shown", NULL,
            test_send_waits_until_every_field_was_shown);
  add_test ("/Elicit/Dialog/a-form-that-fits-never-says-scroll-down", NULL,
            test_a_form_that_fits_never_says_scroll_down);
  add_test ("/Elicit/Dialog/a-long-form-draws-its-scroll-hint", NULL,
            test_a_long_form_draws_its_scroll_hint);
  add_test ("/Elicit/Dialog/fits-the-monitor", NULL, test_dialog_fits_the_monitor);
  add_test ("/Elicit/Dialog/contrast/light", GINT_TO_POINTER (FALSE), test_error_and_secondary_text_contrast);
  add_test ("/Elicit/Dialog/contrast/dark", GINT_TO_POINTER (TRUE), test_error_and_secondary_text_contrast);
  add_test ("/Elicit/Dialog/secret-fields-are-flagged", NULL, test_secret_fields_are_flagged);
  add_test ("/Elicit/Dialog/url/shows-the-highlighted-domain", NULL, test_url_shows_the_domain);
  add_test ("/Elicit/Dialog/url/warns-about-plain-http", &url_warning_cases[0], test_url_warnings);
  add_test ("/Elicit/Dialog/url/warns-about-punycode", &url_warning_cases[1], test_url_warnings);
  add_test ("/Elicit/Dialog/url/warns-about-ip-addresses", &url_warning_cases[2], test_url_warnings);
  add_test ("/Elicit/Dialog/url/warns-about-http-to-an-ip-address", &url_warning_cases[3], test_url_warnings);
  add_test ("/Elicit/Dialog/url/idn-shows-both-forms", NULL, test_url_idn_shows_both_forms);
  add_test ("/Elicit/Dialog/url/lookalike-is-named-in-punycode", NULL,
            test_url_lookalike_is_named_in_punycode);
  add_test ("/Elicit/Dialog/url/refuses-user-info", &refused_cases[0], test_url_refused);
  add_test ("/Elicit/Dialog/url/refuses-a-backslash", &refused_cases[1], test_url_refused);
  add_test ("/Elicit/Dialog/url/refuses-javascript", &refused_cases[2], test_url_refused);
  add_test ("/Elicit/Dialog/url/refuses-data", &refused_cases[3], test_url_refused);
  add_test ("/Elicit/Dialog/url/refuses-file", &refused_cases[4], test_url_refused);
  add_test ("/Elicit/Dialog/url/accept-opens-the-browser-then-waits", NULL, test_url_accept_opens_then_waits);
  add_test ("/Elicit/Dialog/url/opens-with-the-browser-command", NULL, test_url_opens_with_the_browser_command);
  add_test ("/Elicit/Dialog/url/closing-while-waiting-sends-nothing-more", NULL, test_url_waiting_closes_on_request);
  add_test ("/Elicit/Dialog/url/a-browser-that-fails-keeps-the-request", NULL, test_url_launch_failure_keeps_the_request);

  g_test_add_func ("/Elicit/Dialog/render/every-seed-schema-renders", test_render_seeds);
  g_test_add_func ("/Elicit/Dialog/render/url-requests-render", test_render_url);
  g_test_add_func ("/Elicit/Dialog/render/notices-render", test_render_status);
  g_test_add_func ("/Elicit/Dialog/render/a-long-form-renders-whole", test_render_long_form);
  add_test ("/Elicit/Dialog/render/layout-check-names-text-drawn-over-text", NULL,
            test_layout_check_names_text_drawn_over_text);
  g_test_add_func ("/Elicit/Dialog/render/a-form-taller-than-a-strip-renders-whole",
                   test_render_very_long_form);

  return g_test_run ();
}
