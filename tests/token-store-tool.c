/* token-store-tool.c: ElicitTokenStore operations from the command line, one
 * process of test-token-store-keyring.py.
 *
 *   token-store-tool [--memory-only] OPERATION...
 *
 * where OPERATION is `save RESOURCE ISSUER RECORD`, `lookup RESOURCE` or
 * `forget RESOURCE`, run in order on one store. Each prints one line:
 * `save: ok`, `lookup: RECORD`, `lookup: none`, `forget: ok`, or
 * `OPERATION: ERROR CODE: MESSAGE` with CODE the error's nick (LOCKED...).
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <locale.h>

#include "elicit.h"
#include "token-store-sync.h"

static void
print_result (const char *operation,
              const char *text,
              GError     *error)
{
  g_autofree char *code = NULL;

  if (error == NULL)
    {
      g_print ("%s: %s\n", operation, text);
      return;
    }

  if (error->domain == ELICIT_TOKEN_STORE_ERROR)
    {
      g_autoptr(GEnumClass) klass = g_type_class_ref (ELICIT_TYPE_TOKEN_STORE_ERROR);
      GEnumValue *value = g_enum_get_value (klass, error->code);

      code = g_strdup (value != NULL ? value->value_nick : "?");
    }
  else
    {
      code = g_strdup_printf ("%s-%d", g_quark_to_string (error->domain), error->code);
    }

  g_print ("%s: ERROR %s: %s\n", operation, code, error->message);
}

/* Runs the operation at @args; returns how many arguments it took, or 0. */
static int
run_one (ElicitTokenStore  *store,
         char             **args,
         int                n_args)
{
  g_autoptr(GError) error = NULL;

  if (n_args >= 4 && g_str_equal (args[0], "save"))
    {
      token_store_save_sync (store, args[1], args[2], args[3], NULL, &error);
      print_result ("save", "ok", error);
      return 4;
    }

  if (n_args >= 2 && g_str_equal (args[0], "lookup"))
    {
      g_autofree char *record = token_store_lookup_sync (store, args[1], NULL, &error);

      print_result ("lookup", record != NULL ? record : "none", error);
      return 2;
    }

  if (n_args >= 2 && g_str_equal (args[0], "forget"))
    {
      token_store_forget_sync (store, args[1], NULL, &error);
      print_result ("forget", "ok", error);
      return 2;
    }

  return 0;
}

int
main (int   argc,
      char *argv[])
{
  ElicitTokenStoreFlags flags = ELICIT_TOKEN_STORE_KEYRING;
  g_autoptr(ElicitTokenStore) store = NULL;
  int i = 1;

  setlocale (LC_ALL, "");

  if (i < argc && g_str_equal (argv[i], "--memory-only"))
    {
      flags = ELICIT_TOKEN_STORE_MEMORY_ONLY;
      i++;
    }

  store = elicit_token_store_new (flags);
  while (i < argc)
    {
      int taken = run_one (store, argv + i, argc - i);

      if (taken == 0)
        {
          g_printerr ("usage: %s [--memory-only] (save RESOURCE ISSUER RECORD | lookup RESOURCE | "
                      "forget RESOURCE)...\n", argv[0]);
          return 2;
        }
      i += taken;
    }

  return 0;
}
