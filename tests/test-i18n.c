/* test-i18n.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <locale.h>

#include <gtk/gtk.h>

#include "elicit-gtk.h"
#include "elicit-request-private.h"
#include "elicit-dialog.h"
#include "elicit-dialog-private.h"

/* What a user of each language must read: the three answers of the dialog
 * (with their mnemonics), its title, and messages from the schema layer,
 * one of them in a plural form. "C" is the untranslated source, so the same
 * checks prove that switching languages really switches. */
typedef struct
{
  const char *language;
  const char *decline;
  const char *cancel;
  const char *accept;
  const char *title;
  const char *required;
  const char *at_least_3;
  const char *at_most_0;
} Expected;

static const Expected expectations[] = {
  {
    "C",
    "_Decline", "_Cancel", "Send",
    "Request from Test Server",
    "This field is required",
    "Must be at least 3 characters",
    "Must be at most 0 characters",
  },
  {
    "de",
    "A_blehnen", "_Abbrechen", "Senden",
    "Anfrage von Test Server",
    "Dieses Feld ist erforderlich",
    "Muss mindestens 3 Zeichen lang sein",
    "Darf höchstens 0 Zeichen lang sein",
  },
  {
    /* French counts 0 as singular: plural=(n > 1). */
    "fr",
    "_Refuser", "_Annuler", "Envoyer",
    "Demande de Test Server",
    "Ce champ est obligatoire",
    "Doit comporter au moins 3 caractères",
    "Doit comporter au plus 0 caractère",
  },
  {
    "zh_CN",
    "拒绝(_D)", "取消(_C)", "发送",
    "来自 Test Server 的请求",
    "此字段为必填项",
    "至少需要 3 个字符",
    "最多只能有 0 个字符",
  },
};

/* gettext caches each lookup until the locale is set again, so a new
 * LANGUAGE only takes effect after setlocale(). */
static void
use_language (const char *language)
{
  g_setenv ("LANGUAGE", language, TRUE);
  g_assert_nonnull (setlocale (LC_ALL, ""));
}

static const char *
child_label (GtkWidget *button)
{
  GtkWidget *child = gtk_button_get_child (GTK_BUTTON (button));

  g_assert_true (GTK_IS_LABEL (child));
  return gtk_label_get_label (GTK_LABEL (child));
}

static void
test_dialog (gconstpointer data)
{
  const Expected *expected = data;
  g_autoptr(JsonNode) params = NULL;
  g_autoptr(GError) error = NULL;
  ElicitRequest *request;
  GtkWidget *dialog;

  use_language (expected->language);

  params = json_from_string ("{\"message\": \"Who are you?\","
                             " \"requestedSchema\": {\"type\": \"object\","
                             "   \"properties\": {\"name\": {\"type\": \"string\"}},"
                             "   \"required\": [\"name\"]}}", &error);
  g_assert_no_error (error);
  request = elicit_request_new (json_node_get_object (params), &error);
  g_assert_no_error (error);

  dialog = g_object_ref (elicit_dialog_new (request));
  elicit_dialog_set_server_label (ELICIT_DIALOG (dialog), "Test Server");

  g_assert_cmpstr (child_label (elicit_dialog_get_decline_button (ELICIT_DIALOG (dialog))), ==,
                   expected->decline);
  g_assert_cmpstr (child_label (elicit_dialog_get_cancel_button (ELICIT_DIALOG (dialog))), ==,
                   expected->cancel);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (elicit_dialog_get_accept_button (ELICIT_DIALOG (dialog)))),
                   ==, expected->accept);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, expected->title);
  /* From elicit-gtk-1's own domain: this program binds no domain of its own. */
  g_assert_cmpstr (g_dpgettext2 ("libelicit-gtk-1", "elicitation answer", "_Decline"), ==,
                   expected->decline);

  /* Destroying the dialog answers the request (cancel), so nothing is left pending. */
  gtk_window_destroy (GTK_WINDOW (dialog));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_finalize_object (dialog);
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_CANCELLED);
  g_assert_finalize_object (request);
}

/* The one problem @content_json has against @schema, in field "name". */
static char *
problem_for (ElicitSchema *schema,
             const char   *content_json)
{
  g_autoptr(JsonNode) content = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) problems = NULL;

  content = json_from_string (content_json, &error);
  g_assert_no_error (error);
  problems = elicit_schema_validate (schema, json_node_get_object (content));
  g_assert_cmpuint (g_hash_table_size (problems), ==, 1);
  g_assert_true (g_hash_table_contains (problems, "name"));

  return g_strdup (g_hash_table_lookup (problems, "name"));
}

static void
test_validation (gconstpointer data)
{
  const Expected *expected = data;
  g_autoptr(ElicitSchema) at_least = NULL;
  g_autoptr(ElicitSchema) at_most = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *missing = NULL;
  g_autofree char *too_short = NULL;
  g_autofree char *too_long = NULL;

  use_language (expected->language);

  at_least = elicit_schema_new_from_data ("{\"type\": \"object\","
                                          " \"properties\": {\"name\": {\"type\": \"string\", \"minLength\": 3}},"
                                          " \"required\": [\"name\"]}", -1, &error);
  g_assert_no_error (error);
  at_most = elicit_schema_new_from_data ("{\"type\": \"object\","
                                         " \"properties\": {\"name\": {\"type\": \"string\", \"maxLength\": 0}}}",
                                         -1, &error);
  g_assert_no_error (error);

  missing = problem_for (at_least, "{}");
  too_short = problem_for (at_least, "{\"name\": \"ab\"}");
  too_long = problem_for (at_most, "{\"name\": \"a\"}");

  g_assert_cmpstr (missing, ==, expected->required);
  g_assert_cmpstr (too_short, ==, expected->at_least_3);
  g_assert_cmpstr (too_long, ==, expected->at_most_0);
}

int
main (int   argc,
      char *argv[])
{
  /* A UTF-8 locale every system has; LANGUAGE then picks the catalogue. */
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, "");
  gtk_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (expectations); i++)
    {
      g_autofree char *dialog_path = g_strdup_printf ("/Elicit/I18n/%s/dialog-answers-and-title-are-translated",
                                                      expectations[i].language);
      g_autofree char *validation_path = g_strdup_printf ("/Elicit/I18n/%s/validation-messages-are-translated",
                                                          expectations[i].language);

      g_test_add_data_func (dialog_path, &expectations[i], test_dialog);
      g_test_add_data_func (validation_path, &expectations[i], test_validation);
    }

  return g_test_run ();
}
