/* elicit-field-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-field.h"
#include "elicit-schema-private.h"

G_BEGIN_DECLS

ElicitField *elicit_field_new_from_property (const char          *name,
                                             JsonNode            *node,
                                             gboolean             required,
                                             ElicitSchemaParser  *parser,
                                             GError             **error);
GRegex      *elicit_field_get_regex         (ElicitField         *self);
guint        elicit_field_get_n_options     (ElicitField         *self);

G_END_DECLS
