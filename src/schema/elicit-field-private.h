/* elicit-field-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-field.h"
#include "elicit-option-list-private.h"
#include "elicit-schema-private.h"

G_BEGIN_DECLS

/* Shared by elicit-field.c (the object) and elicit-field-parse.c (reading
 * it from a schema). */
struct _ElicitField
{
  GObject           parent_instance;

  char             *name;
  char             *title;
  char             *label;
  char             *description;
  JsonNode         *default_value;

  ElicitFieldKind   kind;
  gboolean          required;

  gint64            min_length;
  gint64            max_length;
  char             *pattern;
  ElicitPattern    *regex;
  ElicitTextFormat  format;

  gboolean          has_minimum;
  gboolean          has_maximum;
  double            minimum;
  double            maximum;

  ElicitOptionList *options;
  gint64            min_items;
  gint64            max_items;
};


ElicitField *elicit_field_new_from_property (const char          *name,
                                             JsonNode            *node,
                                             gboolean             required,
                                             ElicitSchemaParser  *parser,
                                             GError             **error);
ElicitPattern *elicit_field_get_regex       (ElicitField         *self);

G_END_DECLS
