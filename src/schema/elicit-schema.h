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
 * @ELICIT_SCHEMA_ERROR_INVALID_JSON: the text is not JSON
 * @ELICIT_SCHEMA_ERROR_NOT_AN_OBJECT: the root is not `type: object` with `properties`
 * @ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE: a property's `type` is unknown, missing or not
 *   representable (nested objects, arrays of anything but enum strings)
 * @ELICIT_SCHEMA_ERROR_UNSUPPORTED_KEYWORD: a keyword a form cannot honour, such as `$ref`
 * @ELICIT_SCHEMA_ERROR_INVALID_REQUIRED: `required` is not an array of strings naming properties
 * @ELICIT_SCHEMA_ERROR_INVALID_OPTIONS: an empty or non-string `enum`, or malformed `oneOf`
 * @ELICIT_SCHEMA_ERROR_INVALID_CONSTRAINT: a constraint of the wrong type (`minLength: "x"`)
 *   or a `pattern` that is not a valid regular expression
 * @ELICIT_SCHEMA_ERROR_TOO_LARGE: past a limit (nesting, properties, options, string length)
 * @ELICIT_SCHEMA_ERROR_INVALID_CONTENT: content does not satisfy the schema
 *
 * Why a schema was refused, or content rejected.
 */
typedef enum
{
  ELICIT_SCHEMA_ERROR_INVALID_JSON,
  ELICIT_SCHEMA_ERROR_NOT_AN_OBJECT,
  ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
  ELICIT_SCHEMA_ERROR_UNSUPPORTED_KEYWORD,
  ELICIT_SCHEMA_ERROR_INVALID_REQUIRED,
  ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
  ELICIT_SCHEMA_ERROR_INVALID_CONSTRAINT,
  ELICIT_SCHEMA_ERROR_TOO_LARGE,
  ELICIT_SCHEMA_ERROR_INVALID_CONTENT,
} ElicitSchemaError;

#define ELICIT_TYPE_SCHEMA (elicit_schema_get_type ())

ELICIT_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (ElicitSchema, elicit_schema, ELICIT, SCHEMA, GObject)

ELICIT_AVAILABLE_IN_ALL
GQuark              elicit_schema_error_quark     (void);
ELICIT_AVAILABLE_IN_ALL
ElicitSchema       *elicit_schema_new_from_json   (JsonObject    *requested_schema,
                                                   GError       **error) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_ALL
ElicitSchema       *elicit_schema_new_from_data   (const char    *data,
                                                   gssize         length,
                                                   GError       **error) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_ALL
GListModel         *elicit_schema_get_fields      (ElicitSchema  *self);
ELICIT_AVAILABLE_IN_ALL
guint               elicit_schema_get_n_fields    (ElicitSchema  *self);
ELICIT_AVAILABLE_IN_ALL
ElicitField        *elicit_schema_get_field       (ElicitSchema  *self,
                                                   const char    *name);
ELICIT_AVAILABLE_IN_ALL
const char * const *elicit_schema_get_warnings    (ElicitSchema  *self);
ELICIT_AVAILABLE_IN_ALL
GHashTable         *elicit_schema_validate        (ElicitSchema  *self,
                                                   JsonObject    *content) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_ALL
gboolean            elicit_schema_check_content   (ElicitSchema  *self,
                                                   JsonObject    *content,
                                                   GError       **error);
ELICIT_AVAILABLE_IN_ALL
JsonObject         *elicit_schema_build_content   (ElicitSchema  *self,
                                                   JsonObject    *values) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
