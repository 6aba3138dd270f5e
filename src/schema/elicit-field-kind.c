/* elicit-field-kind.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-field-kind.h"
#include "elicit-init-private.h"

/**
 * elicit_field_kind_describe:
 * @kind: a field kind
 *
 * Names the kind of value a field holds, as a person reads it: "text",
 * "number", "integer", "boolean", "single choice" or "multiple choice",
 * translated. It says what the field holds, not how a form shows it: for
 * that, elicit-gtk-1 has `elicit_form_describe_field()`.
 *
 * Returns: (transfer none): the translated name of @kind
 *
 * Since: 1.0
 */
const char *
elicit_field_kind_describe (ElicitFieldKind kind)
{
  elicit_ensure_i18n ();

  /* Translators: the kinds of form field, as in "2. age — integer, optional" */
  switch (kind)
    {
    case ELICIT_FIELD_KIND_TEXT:         return C_("field kind", "text");
    case ELICIT_FIELD_KIND_NUMBER:       return C_("field kind", "number");
    case ELICIT_FIELD_KIND_INTEGER:      return C_("field kind", "integer");
    case ELICIT_FIELD_KIND_BOOLEAN:      return C_("field kind", "boolean");
    case ELICIT_FIELD_KIND_CHOICE:       return C_("field kind", "single choice");
    case ELICIT_FIELD_KIND_MULTI_CHOICE: return C_("field kind", "multiple choice");
    default:                             g_return_val_if_reached (NULL);
    }
}
