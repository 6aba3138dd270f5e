/* elicit-field.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "elicit-i18n-private.h"

#include "elicit-field.h"
#include "elicit-field-private.h"
#include "elicit-init-private.h"
#include "elicit-option-list-private.h"
#include "elicit-schema.h"
#include "elicit-schema-enums.h"
#include "elicit-schema-private.h"
#include "elicit-text-private.h"

/**
 * ElicitField:
 *
 * One property of a requested schema: what a form shows as one row.
 *
 * A field has a [enum@FieldKind] that says which editor shows it, the
 * server's title and description (made safe to show: see
 * [method@Field.get_label]), whether it is required, a default, and the
 * constraints of its kind. Fields come from [class@Schema] and never change.
 *
 * Since: 1.0
 */


G_DEFINE_FINAL_TYPE (ElicitField, elicit_field, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_KIND,
  PROP_TITLE,
  PROP_LABEL,
  PROP_DESCRIPTION,
  PROP_REQUIRED,
  PROP_DEFAULT,
  PROP_MIN_LENGTH,
  PROP_MAX_LENGTH,
  PROP_PATTERN,
  PROP_FORMAT,
  PROP_OPTIONS,
  PROP_MIN_ITEMS,
  PROP_MAX_ITEMS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* GObject ---------------------------------------------------------------- */

static void
elicit_field_dispose (GObject *object)
{
  ElicitField *self = (ElicitField *) object;

  g_clear_object (&self->options);

  G_OBJECT_CLASS (elicit_field_parent_class)->dispose (object);
}

static void
elicit_field_finalize (GObject *object)
{
  ElicitField *self = (ElicitField *) object;

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->label, g_free);
  g_clear_pointer (&self->description, g_free);
  g_clear_pointer (&self->default_value, json_node_unref);
  g_clear_pointer (&self->pattern, g_free);
  g_clear_pointer (&self->regex, elicit_pattern_unref);

  G_OBJECT_CLASS (elicit_field_parent_class)->finalize (object);
}

static void
elicit_field_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  ElicitField *self = ELICIT_FIELD (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, elicit_field_get_name (self));
      break;

    case PROP_KIND:
      g_value_set_enum (value, elicit_field_get_kind (self));
      break;

    case PROP_TITLE:
      g_value_set_string (value, elicit_field_get_title (self));
      break;

    case PROP_LABEL:
      g_value_set_string (value, elicit_field_get_label (self));
      break;

    case PROP_DESCRIPTION:
      g_value_set_string (value, elicit_field_get_description (self));
      break;

    case PROP_REQUIRED:
      g_value_set_boolean (value, elicit_field_get_required (self));
      break;

    case PROP_DEFAULT:
      g_value_set_boxed (value, elicit_field_get_default (self));
      break;

    case PROP_MIN_LENGTH:
      g_value_set_int64 (value, elicit_field_get_min_length (self));
      break;

    case PROP_MAX_LENGTH:
      g_value_set_int64 (value, elicit_field_get_max_length (self));
      break;

    case PROP_PATTERN:
      g_value_set_string (value, elicit_field_get_pattern (self));
      break;

    case PROP_FORMAT:
      g_value_set_enum (value, elicit_field_get_format (self));
      break;

    case PROP_OPTIONS:
      g_value_set_object (value, elicit_field_get_options (self));
      break;

    case PROP_MIN_ITEMS:
      g_value_set_int64 (value, elicit_field_get_min_items (self));
      break;

    case PROP_MAX_ITEMS:
      g_value_set_int64 (value, elicit_field_get_max_items (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_field_class_init (ElicitFieldClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  elicit_ensure_i18n ();

  object_class->dispose = elicit_field_dispose;
  object_class->finalize = elicit_field_finalize;
  object_class->get_property = elicit_field_get_property;

  /**
   * ElicitField:name:
   *
   * The property's name: the key its value is sent under.
   *
   * Since: 1.0
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL, flags);

  /**
   * ElicitField:kind:
   *
   * What kind of value the field holds.
   *
   * Since: 1.0
   */
  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL,
                       ELICIT_TYPE_FIELD_KIND, ELICIT_FIELD_KIND_TEXT, flags);

  /**
   * ElicitField:title:
   *
   * The server's title, made safe to show, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL, flags);

  /**
   * ElicitField:label:
   *
   * What a form shows for the field: its title, or else its name.
   *
   * Since: 1.0
   */
  properties[PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL, NULL, flags);

  /**
   * ElicitField:description:
   *
   * The server's description, made safe to show, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL, NULL, flags);

  /**
   * ElicitField:required:
   *
   * Whether the schema requires a value.
   *
   * Since: 1.0
   */
  properties[PROP_REQUIRED] =
    g_param_spec_boolean ("required", NULL, NULL, FALSE, flags);

  /**
   * ElicitField:default:
   *
   * The server's default, when it is valid for the field, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_DEFAULT] =
    g_param_spec_boxed ("default", NULL, NULL, JSON_TYPE_NODE, flags);

  /**
   * ElicitField:min-length:
   *
   * The fewest characters a text may have, or -1.
   *
   * Since: 1.0
   */
  properties[PROP_MIN_LENGTH] =
    g_param_spec_int64 ("min-length", NULL, NULL, -1, G_MAXINT64, -1, flags);

  /**
   * ElicitField:max-length:
   *
   * The most characters a text may have, or -1.
   *
   * Since: 1.0
   */
  properties[PROP_MAX_LENGTH] =
    g_param_spec_int64 ("max-length", NULL, NULL, -1, G_MAXINT64, -1, flags);

  /**
   * ElicitField:pattern:
   *
   * The regular expression a text must match, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_PATTERN] =
    g_param_spec_string ("pattern", NULL, NULL, NULL, flags);

  /**
   * ElicitField:format:
   *
   * The format of a text field.
   *
   * Since: 1.0
   */
  properties[PROP_FORMAT] =
    g_param_spec_enum ("format", NULL, NULL,
                       ELICIT_TYPE_TEXT_FORMAT, ELICIT_TEXT_FORMAT_NONE, flags);

  /**
   * ElicitField:options:
   *
   * The options of a choice field, a list of [class@Option]; empty for
   * other kinds.
   *
   * Since: 1.0
   */
  properties[PROP_OPTIONS] =
    g_param_spec_object ("options", NULL, NULL, G_TYPE_LIST_MODEL, flags);

  /**
   * ElicitField:min-items:
   *
   * The fewest options a multiple choice needs, or -1.
   *
   * Since: 1.0
   */
  properties[PROP_MIN_ITEMS] =
    g_param_spec_int64 ("min-items", NULL, NULL, -1, G_MAXINT64, -1, flags);

  /**
   * ElicitField:max-items:
   *
   * The most options a multiple choice allows, or -1.
   *
   * Since: 1.0
   */
  properties[PROP_MAX_ITEMS] =
    g_param_spec_int64 ("max-items", NULL, NULL, -1, G_MAXINT64, -1, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
elicit_field_init (ElicitField *self)
{
  self->kind = ELICIT_FIELD_KIND_TEXT;
  self->format = ELICIT_TEXT_FORMAT_NONE;
  self->min_length = -1;
  self->max_length = -1;
  self->min_items = -1;
  self->max_items = -1;
  self->options = elicit_option_list_new ();
}

/* Getters ------------------------------------------------------------------ */

/**
 * elicit_field_get_name:
 * @self: a field
 *
 * Gets the property's name, exactly as the server sent it: the key the
 * field's value is sent under. Show [method@Field.get_label] instead.
 *
 * Returns: (transfer none): the name
 *
 * Since: 1.0
 */
const char *
elicit_field_get_name (ElicitField *self)
{
  g_return_val_if_fail (ELICIT_IS_FIELD (self), NULL);

  return self->name;
}

/**
 * elicit_field_get_kind:
 * @self: a field
 *
 * Gets what kind of value the field holds.
 *
 * Returns: the kind
 *
 * Since: 1.0
 */
ElicitFieldKind
elicit_field_get_kind (ElicitField *self)
{
  g_return_val_if_fail (ELICIT_IS_FIELD (self), ELICIT_FIELD_KIND_TEXT);

  return self->kind;
}

/**
 * elicit_field_get_title:
 * @self: a field
 *
 * Gets the server's title for the field, as one line without control or
 * invisible characters, at most a couple of hundred characters.
 *
 * Returns: (transfer none) (nullable): the title, or %NULL when there is none
 *
 * Since: 1.0
 */
const char *
elicit_field_get_title (ElicitField *self)
{
  g_return_val_if_fail (ELICIT_IS_FIELD (self), NULL);

  return self->title;
}

/**
 * elicit_field_get_label:
 * @self: a field
 *
 * Gets what a form shows for the field: its title, or else its name, made
 * safe to show the same way.
 *
 * Returns: (transfer none): the label
 *
 * Since: 1.0
 */
const char *
elicit_field_get_label (ElicitField *self)
{
  g_return_val_if_fail (ELICIT_IS_FIELD (self), NULL);

  return self->label;
}

/**
 * elicit_field_get_description:
 * @self: a field
 *
 * Gets the server's description of the field, without control or invisible
 * characters (line breaks are kept), at most ten thousand characters.
 *
 * Returns: (transfer none) (nullable): the description, or %NULL
 *
 * Since: 1.0
 */
const char *
elicit_field_get_description (ElicitField *self)
{
  g_return_val_if_fail (ELICIT_IS_FIELD (self), NULL);

  return self->description;
}

/**
 * elicit_field_get_required:
 * @self: a field
 *
 * Gets whether the schema's `required` lists the field.
 *
 * Returns: whether a value is required
 *
 * Since: 1.0
 */
gboolean
elicit_field_get_required (ElicitField *self)
{
  g_return_val_if_fail (ELICIT_IS_FIELD (self), FALSE);

  return self->required;
}

/**
 * elicit_field_get_default:
 * @self: a field
 *
 * Gets the server's default for the field. A default of the wrong type, or
 * one that fails the field's own constraints, is dropped when the schema is
 * read (with a warning), so what this returns is always valid. An integer
 * field's default is always a JSON integer.
 *
 * Returns: (transfer none) (nullable): the default, or %NULL
 *
 * Since: 1.0
 */
JsonNode *
elicit_field_get_default (ElicitField *self)
{
  g_return_val_if_fail (ELICIT_IS_FIELD (self), NULL);

  return self->default_value;
}

/**
 * elicit_field_get_min_length:
 * @self: a field
 *
 * Gets the fewest characters (not bytes) a text field's value may have.
 *
 * Returns: the minimum length, or -1 when there is none
 *
 * Since: 1.0
 */
gint64
elicit_field_get_min_length (ElicitField *self)
{
  g_return_val_if_fail (ELICIT_IS_FIELD (self), -1);

  return self->min_length;
}

/**
 * elicit_field_get_max_length:
 * @self: a field
 *
 * Gets the most characters (not bytes) a text field's value may have.
 *
 * Returns: the maximum length, or -1 when there is none
 *
 * Since: 1.0
 */
gint64
elicit_field_get_max_length (ElicitField *self)
{
  g_return_val_if_fail (ELICIT_IS_FIELD (self), -1);

  return self->max_length;
}

/**
 * elicit_field_get_pattern:
 * @self: a field
 *
 * Gets the regular expression a text field's value must match somewhere
 * (JSON Schema patterns are not anchored). A pattern GLib cannot compile is
 * ignored when the schema is read, so this is only set when it is checked.
 *
 * Returns: (transfer none) (nullable): the pattern, or %NULL
 *
 * Since: 1.0
 */
const char *
elicit_field_get_pattern (ElicitField *self)
{
  g_return_val_if_fail (ELICIT_IS_FIELD (self), NULL);

  return self->pattern;
}

/**
 * elicit_field_get_format:
 * @self: a field
 *
 * Gets the format of a text field. Formats Elicit does not know read as
 * [enum@TextFormat.NONE].
 *
 * Returns: the format
 *
 * Since: 1.0
 */
ElicitTextFormat
elicit_field_get_format (ElicitField *self)
{
  g_return_val_if_fail (ELICIT_IS_FIELD (self), ELICIT_TEXT_FORMAT_NONE);

  return self->format;
}

/**
 * elicit_field_get_minimum:
 * @self: a field
 * @minimum: (out) (optional): where to store the minimum
 *
 * Gets the smallest value a number or integer field allows.
 *
 * Returns: whether there is a minimum
 *
 * Since: 1.0
 */
gboolean
elicit_field_get_minimum (ElicitField *self,
                          double      *minimum)
{
  g_return_val_if_fail (ELICIT_IS_FIELD (self), FALSE);

  if (self->has_minimum && minimum != NULL)
    *minimum = self->minimum;

  return self->has_minimum;
}

/**
 * elicit_field_get_maximum:
 * @self: a field
 * @maximum: (out) (optional): where to store the maximum
 *
 * Gets the largest value a number or integer field allows.
 *
 * Returns: whether there is a maximum
 *
 * Since: 1.0
 */
gboolean
elicit_field_get_maximum (ElicitField *self,
                          double      *maximum)
{
  g_return_val_if_fail (ELICIT_IS_FIELD (self), FALSE);

  if (self->has_maximum && maximum != NULL)
    *maximum = self->maximum;

  return self->has_maximum;
}

/**
 * elicit_field_get_options:
 * @self: a field
 *
 * Gets the options of a choice or multiple choice field, in the server's
 * order, without repeated values. The list is empty for other kinds.
 *
 * Returns: (transfer none): a list model of [class@Option]
 *
 * Since: 1.0
 */
GListModel *
elicit_field_get_options (ElicitField *self)
{
  g_return_val_if_fail (ELICIT_IS_FIELD (self), NULL);

  return G_LIST_MODEL (self->options);
}

/**
 * elicit_field_find_option:
 * @self: a field
 * @value: an option's value
 * @position: (out) (optional): where to store the option's position
 *
 * Looks an option up by its value, in constant time.
 *
 * Returns: whether the field has an option with that value
 *
 * Since: 1.0
 */
gboolean
elicit_field_find_option (ElicitField *self,
                          const char  *value,
                          guint       *position)
{
  g_return_val_if_fail (ELICIT_IS_FIELD (self), FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  return elicit_option_list_find (self->options, value, position);
}

/**
 * elicit_field_get_min_items:
 * @self: a field
 *
 * Gets the fewest options a multiple choice field needs.
 *
 * Returns: the minimum, or -1 when there is none
 *
 * Since: 1.0
 */
gint64
elicit_field_get_min_items (ElicitField *self)
{
  g_return_val_if_fail (ELICIT_IS_FIELD (self), -1);

  return self->min_items;
}

/**
 * elicit_field_get_max_items:
 * @self: a field
 *
 * Gets the most options a multiple choice field allows.
 *
 * Returns: the maximum, or -1 when there is none
 *
 * Since: 1.0
 */
gint64
elicit_field_get_max_items (ElicitField *self)
{
  g_return_val_if_fail (ELICIT_IS_FIELD (self), -1);

  return self->max_items;
}

ElicitPattern *
elicit_field_get_regex (ElicitField *self)
{
  g_return_val_if_fail (ELICIT_IS_FIELD (self), NULL);

  return self->regex;
}
