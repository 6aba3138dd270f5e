/* incoming-same-as-tree.h — the fast path reads a line as the full parser does
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Shared by tests/test-incoming.c, tests/test-json-suite.c and
 * tests/fuzz/fuzz-incoming.c. A line the peer reads without a tree (an
 * ElicitIncoming that elicit_incoming_notification() vouches for) must say
 * exactly what the tree would: the same verdict and error from the strict
 * parser, the same kind and method from elicit_jsonrpc_classify(), and the
 * same params members, strings and values alike.
 */

#pragma once

#include "elicit-incoming-private.h"
#include "elicit-jsonrpc-private.h"
#include "elicit-json-private.h"

/* Compares one params member both ways; aborts on a difference. */
static inline void
incoming_same_member (ElicitIncoming *incoming,
                      JsonObject     *params,
                      const char     *name)
{
  char buf[8];
  g_autofree char *heap = NULL;
  g_autoptr(JsonNode) fast = elicit_incoming_dup_params_member (incoming, name);
  const char *fast_string = elicit_incoming_params_string (incoming, name, buf, sizeof buf, &heap);
  JsonNode *slow = params != NULL && json_object_has_member (params, name)
                   ? json_object_get_member (params, name) : NULL;

  g_assert_cmpstr (fast_string, ==, elicit_json_object_get_string (params, name));
  g_assert_true ((fast == NULL) == (slow == NULL));
  if (fast != NULL)
    {
      /* Serialised, an integer and a double differ (1 and 1.0). */
      g_autofree char *fast_json = elicit_json_to_string (fast, NULL);
      g_autofree char *slow_json = elicit_json_to_string (slow, NULL);

      g_assert_true (json_node_equal (fast, slow));
      g_assert_cmpstr (fast_json, ==, slow_json);
    }
}

/* Returns whether the fast path took @text, after checking that it agrees
 * with the full parser and classification. */
static inline gboolean
incoming_same_as_tree (const char *text,
                       gsize       length)
{
  g_autoptr(GError) fast_error = NULL;
  g_autoptr(GError) slow_error = NULL;
  g_autoptr(JsonNode) tree = NULL;
  ElicitIncoming incoming;
  char method[ELICIT_INCOMING_METHOD_MAX];
  const char *slow_method = NULL;
  JsonObject *params = NULL;
  JsonNode *id = NULL;
  gboolean ok, fast;

  ok = elicit_incoming_init_text (&incoming, text, length, &fast_error);
  tree = elicit_json_parse (text, length, ELICIT_JSON_DEFAULT_MAX_DEPTH, &slow_error);

  /* The same verdict, the same words. */
  g_assert_true (ok == (tree != NULL));
  if (!ok)
    {
      g_assert_true (fast_error->domain == slow_error->domain);
      g_assert_cmpint (fast_error->code, ==, slow_error->code);
      g_assert_cmpstr (fast_error->message, ==, slow_error->message);
      return FALSE;
    }

  fast = elicit_incoming_notification (&incoming, method, sizeof method);
  if (fast)
    {
      static const char * const names[] = { "level", "logger", "data", "progressToken",
                                             "requestId", "reason", "" };

      g_assert_cmpint (elicit_jsonrpc_classify (tree, &slow_method, &id, &params, NULL), ==,
                       ELICIT_MESSAGE_KIND_NOTIFICATION);
      g_assert_cmpstr (method, ==, slow_method);
      g_assert_null (id);

      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        incoming_same_member (&incoming, params, names[i]);
      if (params != NULL)
        {
          g_autoptr(GList) members = json_object_get_members (params);

          for (GList *l = members; l != NULL; l = l->next)
            incoming_same_member (&incoming, params, l->data);
        }
      /* What the tree would have been, had anyone asked. */
      g_assert_true (json_node_equal (elicit_incoming_get_node (&incoming), tree));
    }

  elicit_incoming_clear (&incoming);
  return fast;
}
