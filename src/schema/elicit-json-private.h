/* elicit-json-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The nesting limit for JSON from servers (DESIGN.md §3). */
#define ELICIT_JSON_DEFAULT_MAX_DEPTH 64
/* No caller may ask for more: json-glib recurses once per level to free,
 * copy or compare a tree, and so does elicit_json_append(). */
#define ELICIT_JSON_MAX_DEPTH_LIMIT   1024
/*
 * json-glib 1.6 spends about 80 bytes per value and 300 per object: a 16 MiB
 * line of "{}," would take 1.6 GB. These bound a text to about 200 MB, and
 * still fit a form of 200,000 titled options.
 */
#define ELICIT_JSON_MAX_VALUES        2000000
#define ELICIT_JSON_MAX_OBJECTS       250000

#define ELICIT_JSON_ERROR (elicit_json_error_quark ())

/*
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
 * @ELICIT_JSON_ERROR_TOO_MANY_VALUES: more than %ELICIT_JSON_MAX_VALUES values, or
 *   more than %ELICIT_JSON_MAX_OBJECTS objects
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

GQuark    elicit_json_error_quark (void);

gboolean  elicit_json_check       (const char  *data,
                                   gssize       length,
                                   guint        max_depth,
                                   GError     **error);
JsonNode *elicit_json_parse       (const char  *data,
                                   gssize       length,
                                   guint        max_depth,
                                   GError     **error);

void      elicit_json_append      (GString     *out,
                                   JsonNode    *node);
char     *elicit_json_to_string   (JsonNode    *node,
                                   gsize       *length);

JsonNode   *elicit_json_deep_copy        (JsonNode   *node);
JsonObject *elicit_json_object_deep_copy (JsonObject *object);
/*
 * Readers for members of untrusted JSON: each returns NULL (or FALSE) unless
 * the member is there and holds the type asked for, where json-glib's own
 * json_object_get_*_member() would log a CRITICAL. @object may be NULL.
 */
const char *elicit_json_object_get_string  (JsonObject  *object,
                                            const char  *name);
JsonObject *elicit_json_object_get_object  (JsonObject  *object,
                                            const char  *name);
JsonArray  *elicit_json_object_get_array   (JsonObject  *object,
                                            const char  *name);
gboolean    elicit_json_object_get_int     (JsonObject  *object,
                                            const char  *name,
                                            gint64      *out_value);
gboolean    elicit_json_object_get_number  (JsonObject  *object,
                                            const char  *name,
                                            double      *out_value);
gboolean    elicit_json_object_get_boolean (JsonObject  *object,
                                            const char  *name,
                                            gboolean    *out_value);
const char *elicit_json_array_get_string   (JsonArray   *array,
                                            guint        index);
JsonObject *elicit_json_array_get_object   (JsonArray   *array,
                                            guint        index);

G_END_DECLS
