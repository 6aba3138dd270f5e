/* auth-jwt-sign.c: prints the client assertion Elicit signs, for
 * auth-jwt-jose.mjs to verify with an implementation no one here wrote.
 *
 *   auth-jwt-sign KEY.pem CLIENT-ID AUDIENCE [COUNT]
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "elicit-auth-jwt-private.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *pem = NULL;
  guint64 count = 1;

  if (argc < 4 || argc > 5 ||
      (argc == 5 && !g_ascii_string_to_unsigned (argv[4], 10, 1, 1000, &count, NULL)))
    {
      fprintf (stderr, "usage: %s KEY.pem CLIENT-ID AUDIENCE [COUNT]\n", argv[0]);
      return 2;
    }

  if (!g_file_get_contents (argv[1], &pem, NULL, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }

  for (guint64 i = 0; i < count; i++)
    {
      g_autofree char *token = elicit_auth_jwt_new_client_assertion (pem, argv[2], argv[3], &error);

      if (token == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return 1;
        }
      printf ("%s\n", token);
    }

  return 0;
}
