/* elicit-editor-kind.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "elicit-gtk-i18n-private.h"

#include "elicit-editor-kind.h"

/*
 * The one place that decides which editor a field gets. The editors build
 * what it says, and `elicit lint` shows its description, so the two cannot
 * drift apart.
 */

/* maxLength past which text is written in a multi-line editor. */
#define LONG_TEXT_CHARS 200
/* Options past which a single choice's drop-down offers a search entry. */
#define SEARCHABLE_CHOICE_THRESHOLD 10
/* Options past which a multiple choice becomes a searchable, scrolling list. */
#define SEARCHABLE_MULTI_THRESHOLD 30

static gboolean
contains_any (const char         *haystack,
              const char * const *needles)
{
  g_autofree char *folded = NULL;

  if (haystack == NULL)
    return FALSE;

  folded = g_utf8_casefold (haystack, -1);
  for (guint i = 0; needles[i] != NULL; i++)
    if (strstr (folded, needles[i]) != NULL)
      return TRUE;

  return FALSE;
}

/* Long text: maxLength over LONG_TEXT_CHARS or, without a maxLength, a name
 * or title that names something written in sentences (a description,
 * comments, a message, notes…) or a description that asks for paragraphs. */
static gboolean
is_long_text (ElicitField *field)
{
  static const char * const nouns[] = {
    "description", "comment", "feedback", "message", "notes", "biography", "summary",
    "details", "explanation", NULL
  };
  static const char * const phrases[] = {
    "paragraph", "multiple lines", "several lines", "multi-line", "multiline", "in detail", NULL
  };
  gint64 max_length = elicit_field_get_max_length (field);

  if (max_length >= 0)
    return max_length > LONG_TEXT_CHARS;

  return contains_any (elicit_field_get_name (field), nouns) ||
         contains_any (elicit_field_get_title (field), nouns) ||
         contains_any (elicit_field_get_description (field), phrases);
}

static ElicitEditorKind
text_editor_kind (ElicitField *field)
{
  switch (elicit_field_get_format (field))
    {
    case ELICIT_TEXT_FORMAT_EMAIL:     return ELICIT_EDITOR_KIND_EMAIL_ENTRY;
    case ELICIT_TEXT_FORMAT_URI:       return ELICIT_EDITOR_KIND_URL_ENTRY;
    case ELICIT_TEXT_FORMAT_DATE:      return ELICIT_EDITOR_KIND_DATE_ENTRY;
    case ELICIT_TEXT_FORMAT_DATE_TIME: return ELICIT_EDITOR_KIND_DATE_TIME_ENTRY;
    case ELICIT_TEXT_FORMAT_NONE:
    default:
      break;
    }

  return is_long_text (field) ? ELICIT_EDITOR_KIND_MULTI_LINE_TEXT : ELICIT_EDITOR_KIND_TEXT_ENTRY;
}

static ElicitEditorKind
editor_kind (ElicitField *field,
             guint        n_options,
             gboolean     alone)
{
  switch (elicit_field_get_kind (field))
    {
    case ELICIT_FIELD_KIND_TEXT:
      return text_editor_kind (field);
    case ELICIT_FIELD_KIND_NUMBER:
      return ELICIT_EDITOR_KIND_NUMBER;
    case ELICIT_FIELD_KIND_INTEGER:
      return ELICIT_EDITOR_KIND_INTEGER;
    case ELICIT_FIELD_KIND_BOOLEAN:
      /* A question on its own reads as a question, and a required one
       * without a default must not look answered. */
      if (alone || (elicit_field_get_required (field) && elicit_field_get_default (field) == NULL))
        return ELICIT_EDITOR_KIND_YES_NO;
      return ELICIT_EDITOR_KIND_SWITCH;
    case ELICIT_FIELD_KIND_CHOICE:
      return n_options > SEARCHABLE_CHOICE_THRESHOLD ? ELICIT_EDITOR_KIND_SEARCHABLE_DROP_DOWN
                                                     : ELICIT_EDITOR_KIND_DROP_DOWN;
    case ELICIT_FIELD_KIND_MULTI_CHOICE:
      return n_options > SEARCHABLE_MULTI_THRESHOLD ? ELICIT_EDITOR_KIND_SEARCHABLE_CHECK_LIST
                                                    : ELICIT_EDITOR_KIND_CHECK_BOXES;
    default:
      g_return_val_if_reached (ELICIT_EDITOR_KIND_TEXT_ENTRY);
    }
}

static char *
describe (ElicitEditorKind kind,
          guint            n_options)
{
  switch (kind)
    {
    case ELICIT_EDITOR_KIND_TEXT_ENTRY:
      return g_strdup (_("text entry"));
    case ELICIT_EDITOR_KIND_EMAIL_ENTRY:
      return g_strdup (_("email entry"));
    case ELICIT_EDITOR_KIND_URL_ENTRY:
      return g_strdup (_("web address entry"));
    case ELICIT_EDITOR_KIND_DATE_ENTRY:
      return g_strdup (_("date entry with a calendar"));
    case ELICIT_EDITOR_KIND_DATE_TIME_ENTRY:
      return g_strdup (_("date and time entry with a calendar"));
    case ELICIT_EDITOR_KIND_MULTI_LINE_TEXT:
      return g_strdup (_("multi-line text editor"));
    case ELICIT_EDITOR_KIND_NUMBER:
      return g_strdup (_("number box (decimals allowed)"));
    case ELICIT_EDITOR_KIND_INTEGER:
      return g_strdup (_("number box (whole numbers)"));
    case ELICIT_EDITOR_KIND_SWITCH:
      /* Translators: the on/off widget (GtkSwitch) a yes/no field gets */
      return g_strdup (C_("widget", "switch"));
    case ELICIT_EDITOR_KIND_YES_NO:
      /* Translators: the two radio buttons a yes/no question gets */
      return g_strdup (C_("widget", "Yes and No buttons, nothing chosen until the user chooses"));
    case ELICIT_EDITOR_KIND_SEARCHABLE_DROP_DOWN:
      return g_strdup_printf (g_dngettext (elicit_gtk_gettext_domain (),
                                           "searchable drop-down of %u option",
                                           "searchable drop-down of %u options", n_options),
                              n_options);
    case ELICIT_EDITOR_KIND_DROP_DOWN:
      return g_strdup_printf (g_dngettext (elicit_gtk_gettext_domain (),
                                           "drop-down of %u option",
                                           "drop-down of %u options", n_options), n_options);
    case ELICIT_EDITOR_KIND_SEARCHABLE_CHECK_LIST:
      return g_strdup_printf (g_dngettext (elicit_gtk_gettext_domain (),
                                           "searchable list of %u check box",
                                           "searchable list of %u check boxes", n_options),
                              n_options);
    case ELICIT_EDITOR_KIND_CHECK_BOXES:
      return g_strdup_printf (g_dngettext (elicit_gtk_gettext_domain (),
                                           "%u check box", "%u check boxes", n_options), n_options);
    default:
      g_return_val_if_reached (NULL);
    }
}

/**
 * elicit_form_describe_field:
 * @field: a field
 * @description: (out) (optional) (transfer full): return location for how the
 *   editor is described to a person, translated, such as "multi-line text
 *   editor" or "searchable drop-down of 12 options"
 *
 * Decides which editor [class@Form] gives @field. This is the decision the
 * form itself makes, so a tool that explains a schema (as `elicit lint`
 * does) says exactly what the user will see.
 *
 * Text gets a multi-line editor when its `maxLength` is over 200 or, without
 * a `maxLength`, when its name or title names something written in sentences
 * (a description, comments, a message, notes…) or its description asks for
 * paragraphs. A single choice over 10 options gets a searchable drop-down; a
 * multiple choice over 30 options, a searchable list.
 *
 * Returns: the editor @field gets
 *
 * Since: 1.0
 */
ElicitEditorKind
elicit_form_describe_field (ElicitField  *field,
                            char        **description)
{
  return elicit_form_describe_field_in_form (field, FALSE, description);
}

/**
 * elicit_form_describe_field_in_form:
 * @field: a field
 * @alone: whether @field is the only field of its form
 * @description: (out) (optional) (transfer full): return location for how the
 *   editor is described to a person, translated
 *
 * [func@Form.describe_field] for a field that may be the only one of its
 * form: a yes/no question asked on its own gets explicit Yes and No
 * buttons, as does a required one without a default.
 *
 * Returns: the editor @field gets
 *
 * Since: 1.0
 */
ElicitEditorKind
elicit_form_describe_field_in_form (ElicitField  *field,
                                    gboolean      alone,
                                    char        **description)
{
  guint n_options;
  ElicitEditorKind kind;

  g_return_val_if_fail (ELICIT_IS_FIELD (field), ELICIT_EDITOR_KIND_TEXT_ENTRY);

  n_options = g_list_model_get_n_items (elicit_field_get_options (field));
  kind = editor_kind (field, n_options, alone);

  if (description != NULL)
    {
      elicit_gtk_ensure_i18n ();
      *description = describe (kind, n_options);
    }

  return kind;
}
