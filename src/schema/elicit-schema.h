/* elicit-schema.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_ELICIT_INSIDE) && !defined(ELICIT_COMPILATION)
# error "Only <elicit.h> can be included directly."
#endif

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "elicit-version.h"
#include "elicit-field.h"

G_BEGIN_DECLS

/**
 * ELICIT_SCHEMA_ERROR:
 *
 * The error domain of schemas a form cannot represent, and of content that
 * does not fit its schema.
 */
#define ELICIT_SCHEMA_ERROR (elicit_schema_error_quark ())

/**
 * ElicitSchemaError:
 * @ELICIT_SCHEMA_ERROR_INVALID_JSON: the text is not JSON (only from
 *   elicit_schema_new_from_data())
 * @ELICIT_SCHEMA_ERROR_NOT_AN_OBJECT: the schema is not a JSON object, its `type` is not
 *   `object`, or its `properties` is not an object
 * @ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE: a property is not an object, or its `type` is
 *   unknown, missing (and not implied by `enum`, `oneOf`, `anyOf` or `items`), several types,
 *   or not representable (nested objects, null, arrays of anything but listed options)
 * @ELICIT_SCHEMA_ERROR_UNSUPPORTED_KEYWORD: a keyword a form cannot honour: `$ref`,
 *   anywhere in a property or at the root
 * @ELICIT_SCHEMA_ERROR_INVALID_REQUIRED: `required` is not an array of strings, or names a
 *   missing property
 * @ELICIT_SCHEMA_ERROR_INVALID_OPTIONS: an `enum` that is not a list, empty or not all
 *   strings; a `oneOf`/`anyOf` that is not a list, empty, or has an entry without a string
 *   `const`; options on a number or boolean
 * @ELICIT_SCHEMA_ERROR_TOO_LARGE: past a limit: more than 1000 properties, more than
 *   200,000 options in the whole schema; JSON nested deeper than 64 levels, holding more
 *   than two million values, or an integer outside 64 bits or a number too large for a
 *   double
 * @ELICIT_SCHEMA_ERROR_INVALID_CONTENT: content does not satisfy the schema
 *   (elicit_schema_check_content())
 *
 * Why a schema was refused, or content rejected. Messages name the property
 * at fault and are translated.
 *
 * Since: 1.0
 */
typedef enum
{
  ELICIT_SCHEMA_ERROR_INVALID_JSON,
  ELICIT_SCHEMA_ERROR_NOT_AN_OBJECT,
  ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
  ELICIT_SCHEMA_ERROR_UNSUPPORTED_KEYWORD,
  ELICIT_SCHEMA_ERROR_INVALID_REQUIRED,
  ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
  ELICIT_SCHEMA_ERROR_TOO_LARGE,
  ELICIT_SCHEMA_ERROR_INVALID_CONTENT,
} ElicitSchemaError;

#define ELICIT_TYPE_SCHEMA (elicit_schema_get_type ())

ELICIT_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitSchema, elicit_schema, ELICIT, SCHEMA, GObject)

ELICIT_AVAILABLE_IN_1_0
GQuark              elicit_schema_error_quark     (void);
ELICIT_AVAILABLE_IN_1_0
ElicitSchema       *elicit_schema_new_from_json   (JsonObject    *requested_schema,
                                                   GError       **error) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
ElicitSchema       *elicit_schema_new_from_data   (const char    *data,
                                                   gssize         length,
                                                   GError       **error) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
char              **elicit_schema_list_problems   (JsonObject    *requested_schema) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
GListModel         *elicit_schema_get_fields      (ElicitSchema  *self);
ELICIT_AVAILABLE_IN_1_0
guint               elicit_schema_get_n_fields    (ElicitSchema  *self);
ELICIT_AVAILABLE_IN_1_0
ElicitField        *elicit_schema_get_field       (ElicitSchema  *self,
                                                   const char    *name);
ELICIT_AVAILABLE_IN_1_0
ElicitField        *elicit_schema_get_question    (ElicitSchema  *self);
ELICIT_AVAILABLE_IN_1_0
const char * const *elicit_schema_get_warnings    (ElicitSchema  *self);
ELICIT_AVAILABLE_IN_1_0
GHashTable         *elicit_schema_validate        (ElicitSchema  *self,
                                                   JsonObject    *content) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
gboolean            elicit_schema_check_content   (ElicitSchema  *self,
                                                   JsonObject    *content,
                                                   GError       **error);
ELICIT_AVAILABLE_IN_1_0
JsonObject         *elicit_schema_build_content   (ElicitSchema  *self,
                                                   JsonObject    *values) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
