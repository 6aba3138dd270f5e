/* elicit-init-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Called from class_init and from the entry points that format user-visible
 * text, so the library's catalogue is bound before the first _(). */
void elicit_ensure_i18n (void);

G_END_DECLS
