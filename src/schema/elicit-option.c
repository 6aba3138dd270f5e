/* elicit-option.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-init-private.h"
#include "elicit-option.h"
#include "elicit-option-private.h"
#include "elicit-schema-private.h"
#include "elicit-text-private.h"

/**
 * ElicitOption:
 *
 * One value a choice field offers: the value sent back to the server, and the
 * title a user reads.
 *
 * The title is server text made safe to show: one line, no control or
 * invisible characters, at most a couple of hundred characters. The value is
 * kept exactly as the server sent it, since it is what goes back.
 *
 * Since: 1.0
 */

struct _ElicitOption
{
  GObject  parent_instance;

  char    *value;
  char    *title;
  char    *label;
};

G_DEFINE_FINAL_TYPE (ElicitOption, elicit_option, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_VALUE,
  PROP_TITLE,
  PROP_LABEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Fills in the title and label from the raw server title. */
static void
set_texts (ElicitOption *self,
           const char   *value,
           const char   *raw_title)
{
  g_autofree char *title = elicit_text_sanitize_line (raw_title, ELICIT_TEXT_LINE_MAX);

  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->label, g_free);
  g_free (self->value);
  self->value = g_strdup (value != NULL ? value : "");
  if (title != NULL && title[0] != '\0')
    self->title = g_steal_pointer (&title);

  if (self->title != NULL)
    self->label = g_strdup (self->title);
  else
    self->label = elicit_schema_make_label (self->value);
}

ElicitOption *
elicit_option_new_internal (const char *value,
                            const char *raw_title)
{
  ElicitOption *self = g_object_new (ELICIT_TYPE_OPTION, NULL);

  set_texts (self, value, raw_title);

  return self;
}

static void
elicit_option_finalize (GObject *object)
{
  ElicitOption *self = (ElicitOption *) object;

  g_clear_pointer (&self->value, g_free);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->label, g_free);

  G_OBJECT_CLASS (elicit_option_parent_class)->finalize (object);
}

static void
elicit_option_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  ElicitOption *self = ELICIT_OPTION (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      g_value_set_string (value, elicit_option_get_value (self));
      break;

    case PROP_TITLE:
      g_value_set_string (value, elicit_option_get_title (self));
      break;

    case PROP_LABEL:
      g_value_set_string (value, elicit_option_get_label (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_option_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  ElicitOption *self = ELICIT_OPTION (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      /* Construct-only; the title arrives through the same path. */
      g_free (self->value);
      self->value = g_value_dup_string (value);
      break;

    case PROP_TITLE:
      g_free (self->title);
      self->title = g_value_dup_string (value);
      break;

    case PROP_LABEL:
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_option_constructed (GObject *object)
{
  ElicitOption *self = (ElicitOption *) object;
  g_autofree char *value = g_steal_pointer (&self->value);
  g_autofree char *title = g_steal_pointer (&self->title);

  G_OBJECT_CLASS (elicit_option_parent_class)->constructed (object);

  set_texts (self, value, title);
}

static void
elicit_option_class_init (ElicitOptionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  elicit_ensure_i18n ();

  object_class->constructed = elicit_option_constructed;
  object_class->finalize = elicit_option_finalize;
  object_class->get_property = elicit_option_get_property;
  object_class->set_property = elicit_option_set_property;

  /**
   * ElicitOption:value:
   *
   * The value sent to the server when this option is chosen, exactly as the
   * server listed it.
   *
   * Since: 1.0
   */
  properties[PROP_VALUE] =
    g_param_spec_string ("value", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                          G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY));

  /**
   * ElicitOption:title:
   *
   * The server's title for this option, made safe to show, or %NULL when
   * the server gave none.
   *
   * Since: 1.0
   */
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                          G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY));

  /**
   * ElicitOption:label:
   *
   * What to show for this option: the title, or else the value.
   *
   * Since: 1.0
   */
  properties[PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
elicit_option_init (ElicitOption *self)
{
}

/**
 * elicit_option_new:
 * @value: the value sent to the server
 * @title: (nullable): what a user reads, or %NULL to show @value
 *
 * Creates an option. @title is made safe to show (see [class@Option]).
 *
 * Returns: (transfer full): a new option
 *
 * Since: 1.0
 */
ElicitOption *
elicit_option_new (const char *value,
                   const char *title)
{
  g_return_val_if_fail (value != NULL, NULL);

  return g_object_new (ELICIT_TYPE_OPTION,
                       "value", value,
                       "title", title,
                       NULL);
}

/**
 * elicit_option_get_value:
 * @self: an option
 *
 * Gets the value sent to the server when this option is chosen.
 *
 * Returns: (transfer none): the value
 *
 * Since: 1.0
 */
const char *
elicit_option_get_value (ElicitOption *self)
{
  g_return_val_if_fail (ELICIT_IS_OPTION (self), NULL);

  return self->value;
}

/**
 * elicit_option_get_title:
 * @self: an option
 *
 * Gets the option's title, made safe to show.
 *
 * Returns: (transfer none) (nullable): the title, or %NULL when there is none
 *
 * Since: 1.0
 */
const char *
elicit_option_get_title (ElicitOption *self)
{
  g_return_val_if_fail (ELICIT_IS_OPTION (self), NULL);

  return self->title;
}

/**
 * elicit_option_get_label:
 * @self: an option
 *
 * Gets what to show for the option: its title, or else its value.
 *
 * Returns: (transfer none): the label
 *
 * Since: 1.0
 */
const char *
elicit_option_get_label (ElicitOption *self)
{
  g_return_val_if_fail (ELICIT_IS_OPTION (self), NULL);

  return self->label;
}
