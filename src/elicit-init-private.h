/* elicit-init-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

#include "elicit-init.h"

G_BEGIN_DECLS

/* Called from class_init and from the entry points that format user-visible
 * text, so the library's catalogue is bound before the first _(). Inline, so
 * that elicit-gtk-1 reaches it through elicit-1's public elicit_init(). */
static inline void
elicit_ensure_i18n (void)
{
  elicit_init ();
}

G_END_DECLS
