/* elicit-json.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_ELICIT_INSIDE) && !defined(ELICIT_COMPILATION)
# error "Only <elicit.h> can be included directly."
#endif

#include <json-glib/json-glib.h>

#include "elicit-version.h"

G_BEGIN_DECLS

/**
 * ELICIT_JSON_DEFAULT_MAX_DEPTH:
 *
 * The nesting limit for JSON from servers: what a @max_depth of 0 means for
 * [func@json_check] and [func@json_parse].
 *
 * Since: 1.0
 */
#define ELICIT_JSON_DEFAULT_MAX_DEPTH 64

/**
 * ELICIT_JSON_MAX_DEPTH_LIMIT:
 *
 * The deepest nesting any caller may ask for: json-glib recurses once per
 * level to free, copy or compare a tree, and so does [func@json_append].
 *
 * Since: 1.0
 */
#define ELICIT_JSON_MAX_DEPTH_LIMIT   1024

/**
 * ELICIT_JSON_MAX_VALUES:
 *
 * How many values one text may hold. json-glib 1.6 spends about 80 bytes per
 * value and 300 per object; this and %ELICIT_JSON_MAX_OBJECTS bound a text to
 * about 200 MB, and still fit a form of 200,000 titled options.
 *
 * Since: 1.0
 */
#define ELICIT_JSON_MAX_VALUES        2000000

/**
 * ELICIT_JSON_MAX_OBJECTS:
 *
 * How many objects one text may hold (see %ELICIT_JSON_MAX_VALUES).
 *
 * Since: 1.0
 */
#define ELICIT_JSON_MAX_OBJECTS       250000

/**
 * ELICIT_JSON_ERROR:
 *
 * The error domain of [func@json_check] and [func@json_parse]; its codes
 * are [enum@JsonError].
 *
 * Since: 1.0
 */
#define ELICIT_JSON_ERROR (elicit_json_error_quark ())

/**
 * ElicitJsonError:
 * @ELICIT_JSON_ERROR_INVALID: not strict RFC 8259 JSON (json-glib alone would
 *   accept comments, single quotes, hexadecimal and octal numbers...), or empty
 * @ELICIT_JSON_ERROR_TOO_DEEP: arrays and objects nested deeper than the limit
 * @ELICIT_JSON_ERROR_INVALID_UTF8: bytes that are not UTF-8 (a lone surrogate
 *   `\u` escape is valid JSON: it becomes U+FFFD)
 * @ELICIT_JSON_ERROR_NUL_IN_STRING: `\u0000` in a string or a member name
 * @ELICIT_JSON_ERROR_NUMBER_OUT_OF_RANGE: an integer literal outside int64, or
 *   a number too large for a double
 * @ELICIT_JSON_ERROR_DUPLICATE_NAME: one object has the same member name twice
 *   (json-glib 1.6 takes quadratic time on those, and they are ambiguous)
 * @ELICIT_JSON_ERROR_TOO_MANY_VALUES: more than %ELICIT_JSON_MAX_VALUES values,
 *   or more than %ELICIT_JSON_MAX_OBJECTS objects
 *
 * Why [func@json_check] or [func@json_parse] refused a text.
 *
 * Since: 1.0
 */
typedef enum
{
  ELICIT_JSON_ERROR_INVALID,
  ELICIT_JSON_ERROR_TOO_DEEP,
  ELICIT_JSON_ERROR_INVALID_UTF8,
  ELICIT_JSON_ERROR_NUL_IN_STRING,
  ELICIT_JSON_ERROR_NUMBER_OUT_OF_RANGE,
  ELICIT_JSON_ERROR_DUPLICATE_NAME,
  ELICIT_JSON_ERROR_TOO_MANY_VALUES,
} ElicitJsonError;

ELICIT_AVAILABLE_IN_1_0
GQuark      elicit_json_error_quark        (void);

ELICIT_AVAILABLE_IN_1_0
gboolean    elicit_json_check              (const char  *data,
                                            gssize       length,
                                            guint        max_depth,
                                            GError     **error);
ELICIT_AVAILABLE_IN_1_0
JsonNode   *elicit_json_parse              (const char  *data,
                                            gssize       length,
                                            guint        max_depth,
                                            GError     **error) G_GNUC_WARN_UNUSED_RESULT;

ELICIT_AVAILABLE_IN_1_0
void        elicit_json_append             (GString     *out,
                                            JsonNode    *node);
ELICIT_AVAILABLE_IN_1_0
char       *elicit_json_to_string          (JsonNode    *node,
                                            gsize       *length) G_GNUC_WARN_UNUSED_RESULT;

ELICIT_AVAILABLE_IN_1_0
JsonNode   *elicit_json_deep_copy          (JsonNode    *node) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
JsonObject *elicit_json_object_deep_copy   (JsonObject  *object) G_GNUC_WARN_UNUSED_RESULT;

ELICIT_AVAILABLE_IN_1_0
const char *elicit_json_object_get_string  (JsonObject  *object,
                                            const char  *name);
ELICIT_AVAILABLE_IN_1_0
JsonObject *elicit_json_object_get_object  (JsonObject  *object,
                                            const char  *name);
ELICIT_AVAILABLE_IN_1_0
JsonArray  *elicit_json_object_get_array   (JsonObject  *object,
                                            const char  *name);
ELICIT_AVAILABLE_IN_1_0
gboolean    elicit_json_object_get_int     (JsonObject  *object,
                                            const char  *name,
                                            gint64      *out_value);
ELICIT_AVAILABLE_IN_1_0
gboolean    elicit_json_object_get_number  (JsonObject  *object,
                                            const char  *name,
                                            double      *out_value);
ELICIT_AVAILABLE_IN_1_0
gboolean    elicit_json_object_get_boolean (JsonObject  *object,
                                            const char  *name,
                                            gboolean    *out_value);
ELICIT_AVAILABLE_IN_1_0
const char *elicit_json_array_get_string   (JsonArray   *array,
                                            guint        index);
ELICIT_AVAILABLE_IN_1_0
JsonObject *elicit_json_array_get_object   (JsonArray   *array,
                                            guint        index);

G_END_DECLS
