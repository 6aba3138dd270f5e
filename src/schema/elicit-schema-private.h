/* elicit-schema-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "elicit-pattern-private.h"

G_BEGIN_DECLS

/* Limits on what a server may ask a form to show. */
#define ELICIT_SCHEMA_MAX_PROPERTIES      1000
#define ELICIT_SCHEMA_MAX_OPTIONS         200000
/* Past this many, further warnings are only counted. */
#define ELICIT_SCHEMA_MAX_WARNINGS        100
/* A longer `pattern` is ignored (with a warning). */
#define ELICIT_SCHEMA_MAX_PATTERN_LENGTH  4096
/* Compiling and checking one schema's patterns may take this long in all
 * (µs); each match is bounded on its own too (elicit-pattern.c). */
#define ELICIT_SCHEMA_PATTERN_TIME_BUDGET (100 * G_TIME_SPAN_MILLISECOND)

/* State shared by the parsing of one schema's properties. */
typedef struct
{
  GPtrArray *warnings;       /* char *, owned, in order */
  guint      n_unrecorded;   /* warnings past ELICIT_SCHEMA_MAX_WARNINGS */
  guint      n_options;      /* options of all fields so far */
  GPtrArray *problems;       /* char *, owned; when set, a property that cannot
                              * be shown is recorded here and parsing goes on */
  GTimeSpan  pattern_time;   /* spent on patterns so far */
} ElicitSchemaParser;

void  elicit_schema_parser_warn     (ElicitSchemaParser *parser,
                                     const char         *format,
                                     ...) G_GNUC_PRINTF (2, 3);

gboolean             elicit_schema_parser_has_pattern_time (ElicitSchemaParser  *parser);
ElicitPattern       *elicit_schema_parser_compile_pattern  (ElicitSchemaParser  *parser,
                                                            const char          *pattern,
                                                            GError             **error);
ElicitPatternResult  elicit_schema_parser_match_pattern    (ElicitSchemaParser  *parser,
                                                            ElicitPattern       *pattern,
                                                            const char          *text);

char *elicit_schema_display_text   (const char         *text);
char *elicit_schema_make_label     (const char         *text);
char *elicit_schema_format_number  (double              value);

/* The string a node holds, or NULL when it holds anything else. */
static inline const char *
elicit_node_get_string (JsonNode *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  return json_node_get_string (node);
}

static inline JsonObject *
elicit_node_get_object (JsonNode *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return NULL;

  return json_node_get_object (node);
}

static inline JsonArray *
elicit_node_get_array (JsonNode *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return NULL;

  return json_node_get_array (node);
}

/* Whether a node holds an integer or a finite double, and which. */
gboolean elicit_node_get_number (JsonNode *node,
                                 double   *value,
                                 gboolean *is_int);

G_END_DECLS
