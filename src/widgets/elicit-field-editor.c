/* elicit-field-editor.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-field-editor-private.h"

#include "elicit-boolean-editor-private.h"
#include "elicit-choice-editor-private.h"
#include "elicit-multi-choice-editor-private.h"
#include "elicit-number-editor-private.h"
#include "elicit-text-editor-private.h"
#include "elicit-text-private.h"

typedef struct
{
  ElicitField *field;
  gboolean     edited;
  gboolean     alone;
} ElicitFieldEditorPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (ElicitFieldEditor, elicit_field_editor, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_FIELD,
  PROP_ALONE,
  N_PROPS
};

enum {
  CHANGED,
  COMMIT,
  ACTIVATE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
elicit_field_editor_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (elicit_field_editor_parent_class)->dispose (object);
}

static void
elicit_field_editor_finalize (GObject *object)
{
  ElicitFieldEditor *self = ELICIT_FIELD_EDITOR (object);
  ElicitFieldEditorPrivate *priv = elicit_field_editor_get_instance_private (self);

  g_clear_object (&priv->field);

  G_OBJECT_CLASS (elicit_field_editor_parent_class)->finalize (object);
}

static void
elicit_field_editor_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  ElicitFieldEditor *self = ELICIT_FIELD_EDITOR (object);

  switch (prop_id)
    {
    case PROP_FIELD:
      g_value_set_object (value, elicit_field_editor_get_field (self));
      break;
    case PROP_ALONE:
      g_value_set_boolean (value, elicit_field_editor_get_alone (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_field_editor_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  ElicitFieldEditor *self = ELICIT_FIELD_EDITOR (object);
  ElicitFieldEditorPrivate *priv = elicit_field_editor_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_FIELD:
      /* construct-only */
      priv->field = g_value_dup_object (value);
      break;
    case PROP_ALONE:
      /* construct-only */
      priv->alone = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_field_editor_class_init (ElicitFieldEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = elicit_field_editor_dispose;
  object_class->finalize = elicit_field_editor_finalize;
  object_class->get_property = elicit_field_editor_get_property;
  object_class->set_property = elicit_field_editor_set_property;

  properties[PROP_FIELD] =
    g_param_spec_object ("field", NULL, NULL,
                         ELICIT_TYPE_FIELD,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /* The field is the form's only one: its title is the question. */
  properties[PROP_ALONE] =
    g_param_spec_boolean ("alone", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The value changed because of the user. */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /* The user is done with the field for now (left it or pressed Enter): the
   * form may show its error from now on. */
  signals[COMMIT] =
    g_signal_new ("commit",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /* The user pressed Return in a one-line input: after "commit", the form
   * may be submitted. */
  signals[ACTIVATE] =
    g_signal_new ("activate",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

static void
elicit_field_editor_init (ElicitFieldEditor *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);
}

/*
 * elicit_field_editor_new:
 * Returns the editor for @field's kind (floating).
 */
GtkWidget *
elicit_field_editor_new (ElicitField *field)
{
  return elicit_field_editor_new_full (field, FALSE);
}

/*
 * elicit_field_editor_new_full:
 * @alone: whether @field is the only field of its form
 * Returns the editor for @field's kind (floating).
 */
GtkWidget *
elicit_field_editor_new_full (ElicitField *field,
                              gboolean     alone)
{
  GType type = G_TYPE_INVALID;

  g_return_val_if_fail (ELICIT_IS_FIELD (field), NULL);

  switch (elicit_field_get_kind (field))
    {
    case ELICIT_FIELD_KIND_TEXT:
      type = ELICIT_TYPE_TEXT_EDITOR;
      break;
    case ELICIT_FIELD_KIND_NUMBER:
    case ELICIT_FIELD_KIND_INTEGER:
      type = ELICIT_TYPE_NUMBER_EDITOR;
      break;
    case ELICIT_FIELD_KIND_BOOLEAN:
      type = ELICIT_TYPE_BOOLEAN_EDITOR;
      break;
    case ELICIT_FIELD_KIND_CHOICE:
      type = ELICIT_TYPE_CHOICE_EDITOR;
      break;
    case ELICIT_FIELD_KIND_MULTI_CHOICE:
      type = ELICIT_TYPE_MULTI_CHOICE_EDITOR;
      break;
    default:
      g_return_val_if_reached (NULL);
    }

  return g_object_new (type, "field", field, "alone", alone, NULL);
}

ElicitField *
elicit_field_editor_get_field (ElicitFieldEditor *self)
{
  ElicitFieldEditorPrivate *priv = elicit_field_editor_get_instance_private (self);

  g_return_val_if_fail (ELICIT_IS_FIELD_EDITOR (self), NULL);

  return priv->field;
}

gboolean
elicit_field_editor_get_alone (ElicitFieldEditor *self)
{
  ElicitFieldEditorPrivate *priv = elicit_field_editor_get_instance_private (self);

  g_return_val_if_fail (ELICIT_IS_FIELD_EDITOR (self), FALSE);

  return priv->alone;
}

GtkWidget *
elicit_field_editor_get_input (ElicitFieldEditor *self)
{
  g_return_val_if_fail (ELICIT_IS_FIELD_EDITOR (self), NULL);

  return ELICIT_FIELD_EDITOR_GET_CLASS (self)->get_input (self);
}

/*
 * elicit_field_editor_dup_value:
 * Returns (transfer full) (nullable): what the user gave, or NULL when the
 * field holds nothing of theirs.
 */
JsonNode *
elicit_field_editor_dup_value (ElicitFieldEditor *self)
{
  g_return_val_if_fail (ELICIT_IS_FIELD_EDITOR (self), NULL);

  return ELICIT_FIELD_EDITOR_GET_CLASS (self)->dup_value (self);
}

/*
 * elicit_field_editor_dup_problem:
 * Returns (transfer full) (nullable): why what the user typed cannot be
 * sent at all, before the schema is asked, or NULL.
 */
char *
elicit_field_editor_dup_problem (ElicitFieldEditor *self)
{
  ElicitFieldEditorClass *klass;

  g_return_val_if_fail (ELICIT_IS_FIELD_EDITOR (self), NULL);

  klass = ELICIT_FIELD_EDITOR_GET_CLASS (self);

  return klass->dup_problem != NULL ? klass->dup_problem (self) : NULL;
}

/* Whether the user changed the value since the editor was built or cleared. */
gboolean
elicit_field_editor_get_edited (ElicitFieldEditor *self)
{
  ElicitFieldEditorPrivate *priv = elicit_field_editor_get_instance_private (self);

  g_return_val_if_fail (ELICIT_IS_FIELD_EDITOR (self), FALSE);

  return priv->edited;
}

/*
 * elicit_field_editor_set_labels:
 * Gives the input its accessible name (the visible title) and description,
 * so assistive technology finds the field by what the user sees.
 */
void
elicit_field_editor_set_labels (ElicitFieldEditor *self,
                                GtkWidget         *title_label,
                                const char        *description)
{
  GtkAccessible *input;
  ElicitFieldEditorPrivate *priv = elicit_field_editor_get_instance_private (self);

  g_return_if_fail (ELICIT_IS_FIELD_EDITOR (self));
  g_return_if_fail (GTK_IS_WIDGET (title_label));

  input = GTK_ACCESSIBLE (elicit_field_editor_get_input (self));
  gtk_accessible_update_relation (input,
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, title_label, NULL,
                                  -1);
  gtk_accessible_update_property (input,
                                  GTK_ACCESSIBLE_PROPERTY_REQUIRED,
                                  elicit_field_get_required (priv->field),
                                  -1);
  if (description != NULL && *description != '\0')
    gtk_accessible_update_property (input,
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                    -1);

  /* A GtkDropDown takes focus in its toggle button, which screen readers
   * announce on its own ("GtkToggleButton"): name it by the field too. */
  if (GTK_IS_DROP_DOWN (input))
    for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (input));
         child != NULL;
         child = gtk_widget_get_next_sibling (child))
      if (GTK_IS_TOGGLE_BUTTON (child))
        {
          gtk_accessible_update_relation (GTK_ACCESSIBLE (child),
                                          GTK_ACCESSIBLE_RELATION_LABELLED_BY, title_label, NULL,
                                          -1);
          if (description != NULL && *description != '\0')
            gtk_accessible_update_property (GTK_ACCESSIBLE (child),
                                            GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                            -1);
        }
}

void
elicit_field_editor_emit_changed (ElicitFieldEditor *self)
{
  ElicitFieldEditorPrivate *priv = elicit_field_editor_get_instance_private (self);

  g_assert (ELICIT_IS_FIELD_EDITOR (self));

  priv->edited = TRUE;
  g_signal_emit (self, signals[CHANGED], 0);
}

void
elicit_field_editor_emit_commit (ElicitFieldEditor *self)
{
  g_assert (ELICIT_IS_FIELD_EDITOR (self));

  g_signal_emit (self, signals[COMMIT], 0);
}

/* Return in a one-line input: the field is done with, then the form may be
 * submitted. */
void
elicit_field_editor_emit_activate (ElicitFieldEditor *self)
{
  g_assert (ELICIT_IS_FIELD_EDITOR (self));

  g_signal_emit (self, signals[COMMIT], 0);
  g_signal_emit (self, signals[ACTIVATE], 0);
}

/* Back to "the user gave nothing" (a clear button), then tell the form. */
void
elicit_field_editor_reset_edited (ElicitFieldEditor *self)
{
  ElicitFieldEditorPrivate *priv = elicit_field_editor_get_instance_private (self);

  g_assert (ELICIT_IS_FIELD_EDITOR (self));

  priv->edited = FALSE;
  g_signal_emit (self, signals[CHANGED], 0);
}

char *
elicit_field_editor_dup_option_label (ElicitOption *option)
{
  if (option == NULL)
    return NULL;

  return elicit_text_sanitize_line (elicit_option_get_label (option), ELICIT_TEXT_LINE_MAX);
}

static char *
option_label_cb (ElicitOption *option,
                 gpointer      user_data)
{
  return elicit_field_editor_dup_option_label (option);
}

static GQuark
tooltip_quark (void)
{
  static GQuark quark;

  if (G_UNLIKELY (quark == 0))
    quark = g_quark_from_static_string ("elicit-field-editor-tooltip");

  return quark;
}

static gboolean
query_tooltip_cb (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard_tooltip,
                  GtkTooltip *tooltip,
                  gpointer    user_data)
{
  const char *text = g_object_get_qdata (G_OBJECT (widget), tooltip_quark ());

  if (text == NULL)
    return FALSE;

  gtk_tooltip_set_text (tooltip, text);

  return TRUE;
}

/*
 * elicit_field_editor_set_tooltip:
 * What gtk_widget_set_tooltip_text() gives a person, the text on hover and
 * (GTK 4.8) as the accessible description, or neither for NULL or "". GTK
 * also asks the display where the pointer is each time a shown widget's
 * tooltip is set: an X round trip for every row of a long form, and every
 * drop-down's option as it is bound. The text is handed out when a tooltip
 * is asked for instead.
 */
void
elicit_field_editor_set_tooltip (GtkWidget  *widget,
                                 const char *text)
{
  gboolean has_text = text != NULL && *text != '\0';

  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (has_text &&
      g_signal_handler_find (widget, G_SIGNAL_MATCH_FUNC, 0, 0, NULL, query_tooltip_cb, NULL) == 0)
    g_signal_connect (widget, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);
  g_object_set_qdata_full (G_OBJECT (widget), tooltip_quark (),
                           has_text ? g_strdup (text) : NULL, g_free);
  gtk_widget_set_has_tooltip (widget, has_text);
  if (has_text)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                    -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/* The text elicit_field_editor_set_tooltip() gave @widget, or NULL. */
const char *
elicit_field_editor_get_tooltip (GtkWidget *widget)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);

  return g_object_get_qdata (G_OBJECT (widget), tooltip_quark ());
}

/* A GtkExpression for drop-downs and filters: an option's shown label. */
GtkExpression *
elicit_field_editor_option_label_expression (void)
{
  return gtk_cclosure_expression_new (G_TYPE_STRING, NULL, 0, NULL,
                                      G_CALLBACK (option_label_cb), NULL, NULL);
}
