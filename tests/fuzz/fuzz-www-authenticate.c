/* fuzz-www-authenticate.c — libFuzzer target for WWW-Authenticate challenges
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A remote server writes its 401's WWW-Authenticate header as it likes: the
 * parser returns challenges or nothing, and never crashes, whatever the bytes.
 */

#include "config.h"

#include "elicit-auth-private.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *header = g_strndup ((const char *) data, size);
  g_autoptr(GPtrArray) challenges = elicit_auth_parse_www_authenticate (header);

  if (challenges != NULL)
    {
      GHashTable *bearer = elicit_auth_find_bearer (challenges);

      if (bearer != NULL)
        g_assert_cmpuint (g_hash_table_size (bearer), <=, size);
    }

  return 0;
}
