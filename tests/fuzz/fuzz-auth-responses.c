/* fuzz-auth-responses.c — libFuzzer target for authorization servers' answers
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * An authorization server writes its metadata and its token responses: each
 * is parsed as JSON, its issuer checked, and read as a token response, which
 * gives tokens or an error and never crashes. The first byte picks the HTTP
 * status the answer came with.
 */

#include "config.h"

#include "elicit-auth-private.h"
#include "elicit-json.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  static const char * const secrets[] = { "the-code", "the-verifier", NULL };
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) token_error = NULL;
  g_autoptr(ElicitAuthTokens) tokens = NULL;
  guint status;

  if (size < 1)
    return 0;
  status = data[0] < 128 ? 200 : 400 + data[0] % 100;

  node = elicit_json_parse ((const char *) data + 1, size - 1, 64, &error);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return 0;

  elicit_auth_check_issuer (json_node_get_object (node), "https://as.example.test", NULL);
  tokens = elicit_auth_tokens_from_response (json_node_get_object (node), status, "read",
                                             secrets, &token_error);
  g_assert ((tokens == NULL) != (token_error == NULL));
  if (tokens != NULL)
    g_assert_true (elicit_auth_is_token_text (tokens->access_token));

  return 0;
}
