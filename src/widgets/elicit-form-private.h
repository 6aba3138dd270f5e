/* elicit-form-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-form.h"

G_BEGIN_DECLS

/* A long form builds the rows past the first screenful in idle batches. */
gboolean  elicit_form_get_complete (ElicitForm *self);
void      elicit_form_complete     (ElicitForm *self);

G_END_DECLS
