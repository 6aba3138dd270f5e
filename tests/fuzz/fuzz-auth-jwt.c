/* fuzz-auth-jwt.c — libFuzzer target for client keys
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The key file behind `--client-key` is read as PEM and handed to GnuTLS.
 * A file that is not a usable key must end in an error, never a crash or a
 * leak; one that is must give a three-part token. Seeded with the test keys
 * in tests/fixtures/auth.
 */

#include "config.h"

#include <string.h>

#include "elicit-auth-jwt-private.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *pem = g_strndup ((const char *) data, size);
  g_autoptr(GError) error = NULL;
  g_autofree char *token = NULL;

  token = elicit_auth_jwt_new_client_assertion (pem, "fuzz-client",
                                                "https://auth.example.test/token", &error);
  g_assert ((token == NULL) != (error == NULL));
  if (token != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (token, ".", -1);

      g_assert_cmpuint (g_strv_length (parts), ==, 3);
    }

  return 0;
}
