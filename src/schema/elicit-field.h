/* elicit-field.h
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

G_BEGIN_DECLS

/**
 * ElicitFieldKind:
 * @ELICIT_FIELD_KIND_TEXT: a string (`type: string` without options)
 * @ELICIT_FIELD_KIND_NUMBER: a number that may have decimals (`type: number`)
 * @ELICIT_FIELD_KIND_INTEGER: a whole number (`type: integer`)
 * @ELICIT_FIELD_KIND_BOOLEAN: yes or no (`type: boolean`)
 * @ELICIT_FIELD_KIND_CHOICE: one value among options (`enum`, `oneOf`, `anyOf`)
 * @ELICIT_FIELD_KIND_MULTI_CHOICE: several values among options (`type: array`)
 *
 * What kind of value a field holds, and so which editor shows it.
 *
 * Since: 1.0
 */
typedef enum
{
  ELICIT_FIELD_KIND_TEXT,
  ELICIT_FIELD_KIND_NUMBER,
  ELICIT_FIELD_KIND_INTEGER,
  ELICIT_FIELD_KIND_BOOLEAN,
  ELICIT_FIELD_KIND_CHOICE,
  ELICIT_FIELD_KIND_MULTI_CHOICE,
} ElicitFieldKind;

/**
 * ElicitTextFormat:
 * @ELICIT_TEXT_FORMAT_NONE: free text
 * @ELICIT_TEXT_FORMAT_EMAIL: an email address (`format: email`)
 * @ELICIT_TEXT_FORMAT_URI: an absolute URI (`format: uri`)
 * @ELICIT_TEXT_FORMAT_DATE: a calendar date, `YYYY-MM-DD` (`format: date`)
 * @ELICIT_TEXT_FORMAT_DATE_TIME: an RFC 3339 date and time (`format: date-time`)
 *
 * The format of a text field.
 *
 * Since: 1.0
 */
typedef enum
{
  ELICIT_TEXT_FORMAT_NONE,
  ELICIT_TEXT_FORMAT_EMAIL,
  ELICIT_TEXT_FORMAT_URI,
  ELICIT_TEXT_FORMAT_DATE,
  ELICIT_TEXT_FORMAT_DATE_TIME,
} ElicitTextFormat;

#define ELICIT_TYPE_FIELD (elicit_field_get_type ())

ELICIT_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitField, elicit_field, ELICIT, FIELD, GObject)

ELICIT_AVAILABLE_IN_1_0
const char       *elicit_field_get_name         (ElicitField  *self);
ELICIT_AVAILABLE_IN_1_0
ElicitFieldKind   elicit_field_get_kind         (ElicitField  *self);
ELICIT_AVAILABLE_IN_1_0
const char       *elicit_field_get_title        (ElicitField  *self);
ELICIT_AVAILABLE_IN_1_0
const char       *elicit_field_get_label        (ElicitField  *self);
ELICIT_AVAILABLE_IN_1_0
const char       *elicit_field_get_description  (ElicitField  *self);
ELICIT_AVAILABLE_IN_1_0
gboolean          elicit_field_get_required     (ElicitField  *self);
ELICIT_AVAILABLE_IN_1_0
JsonNode         *elicit_field_get_default      (ElicitField  *self);
ELICIT_AVAILABLE_IN_1_0
gint64            elicit_field_get_min_length   (ElicitField  *self);
ELICIT_AVAILABLE_IN_1_0
gint64            elicit_field_get_max_length   (ElicitField  *self);
ELICIT_AVAILABLE_IN_1_0
const char       *elicit_field_get_pattern      (ElicitField  *self);
ELICIT_AVAILABLE_IN_1_0
ElicitTextFormat  elicit_field_get_format       (ElicitField  *self);
ELICIT_AVAILABLE_IN_1_0
gboolean          elicit_field_get_minimum      (ElicitField  *self,
                                                 double       *minimum);
ELICIT_AVAILABLE_IN_1_0
gboolean          elicit_field_get_maximum      (ElicitField  *self,
                                                 double       *maximum);
ELICIT_AVAILABLE_IN_1_0
GListModel       *elicit_field_get_options      (ElicitField  *self);
ELICIT_AVAILABLE_IN_1_0
gboolean          elicit_field_find_option      (ElicitField  *self,
                                                 const char   *value,
                                                 guint        *position);
ELICIT_AVAILABLE_IN_1_0
gint64            elicit_field_get_min_items    (ElicitField  *self);
ELICIT_AVAILABLE_IN_1_0
gint64            elicit_field_get_max_items    (ElicitField  *self);
ELICIT_AVAILABLE_IN_1_0
char             *elicit_field_validate_value   (ElicitField  *self,
                                                 JsonNode     *value) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
