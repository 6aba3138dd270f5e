/* session-test.h: what the scripted-server session tests share — waiting
 * for an async result, reading what the session sent as JSON.
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <string.h>

#include "elicit.h"
#include "elicit-json-private.h"
#include "fake-peer.h"

typedef struct
{
  gboolean      done;
  GAsyncResult *result;
} Result;

static void G_GNUC_UNUSED
result_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Result *res = user_data;

  g_assert_false (res->done);
  res->result = g_object_ref (result);
  res->done = TRUE;
}

static GAsyncResult * G_GNUC_UNUSED
wait_result (Result *res)
{
  spin_until (&res->done);
  return res->result;
}

static void G_GNUC_UNUSED
result_clear (Result *res)
{
  g_clear_object (&res->result);
  res->done = FALSE;
}

static void G_GNUC_PRINTF (2, 3) G_GNUC_UNUSED
peer_send_printf (FakePeer   *peer,
                  const char *format,
                  ...)
{
  g_autofree char *line = NULL;
  va_list args;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  fake_peer_send_line (peer, line);
}

/* The next message the session sent, parsed. */
static JsonObject * G_GNUC_UNUSED
peer_read_message (FakePeer *peer)
{
  g_autofree char *line = fake_peer_read_line (peer);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;

  g_assert_nonnull (line);
  node = elicit_json_parse (line, strlen (line), ELICIT_JSON_DEFAULT_MAX_DEPTH, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));

  return json_object_ref (json_node_get_object (node));
}

static JsonObject * G_GNUC_UNUSED
member_object (JsonObject *object,
               const char *name)
{
  return elicit_json_object_get_object (object, name);
}

static char * G_GNUC_UNUSED
member_json (JsonObject *object,
             const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL ? elicit_json_to_string (node, NULL) : NULL;
}
