/* elicit-pattern-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A field's `pattern`, compiled by PCRE2 with bounded matching. */
typedef struct _ElicitPattern ElicitPattern;

typedef enum
{
  ELICIT_PATTERN_NO_MATCH,
  ELICIT_PATTERN_MATCH,
  /* The match ran into its cost limits: the pattern decides nothing. */
  ELICIT_PATTERN_TOO_COSTLY,
} ElicitPatternResult;

ElicitPattern       *elicit_pattern_new   (const char     *ecma_pattern,
                                           GError        **error);
ElicitPattern       *elicit_pattern_ref   (ElicitPattern  *self);
void                 elicit_pattern_unref (ElicitPattern  *self);
ElicitPatternResult  elicit_pattern_match (ElicitPattern  *self,
                                           const char     *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ElicitPattern, elicit_pattern_unref)

G_END_DECLS
