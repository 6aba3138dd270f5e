/* elicit-auth-http.c: bounded JSON over HTTP with an authorization server
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-auth-private.h"
#include "elicit-json.h"

#define READ_CHUNK 16384

typedef struct
{
  SoupMessage  *message;
  GInputStream *stream;
  GByteArray   *body;
  char         *host;
} Exchange;

static void
exchange_free (Exchange *ex)
{
  g_clear_object (&ex->message);
  g_clear_object (&ex->stream);
  g_clear_pointer (&ex->body, g_byte_array_unref);
  g_free (ex->host);
  g_free (ex);
}

SoupSession *
elicit_auth_soup_session_new (void)
{
  return g_object_new (SOUP_TYPE_SESSION,
                       "timeout", ELICIT_AUTH_TIMEOUT_S,
                       "idle-timeout", ELICIT_AUTH_TIMEOUT_S,
                       "user-agent", "Elicit/" PACKAGE_VERSION " ",
                       NULL);
}

static gboolean
is_json (SoupMessage *message)
{
  const char *type = soup_message_headers_get_content_type (soup_message_get_response_headers (message),
                                                            NULL);

  return type != NULL && (g_ascii_strcasecmp (type, "application/json") == 0 ||
                          (g_str_has_prefix (type, "application/") && g_str_has_suffix (type, "+json")));
}

static void read_cb (GObject *object, GAsyncResult *result, gpointer user_data);

static void
read_more (GTask *task)
{
  Exchange *ex = g_task_get_task_data (task);

  g_input_stream_read_bytes_async (ex->stream, READ_CHUNK, G_PRIORITY_DEFAULT,
                                   g_task_get_cancellable (task), read_cb, task);
}

static void
finish_body (GTask *task)
{
  Exchange *ex = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;

  if (!is_json (ex->message))
    {
      g_task_return_new_error (task, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_INVALID_RESPONSE,
                               _("%s answered HTTP %u without JSON"), ex->host,
                               soup_message_get_status (ex->message));
      return;
    }

  node = elicit_json_parse ((const char *) ex->body->data, ex->body->len,
                            ELICIT_JSON_DEFAULT_MAX_DEPTH, &error);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_task_return_new_error (task, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_INVALID_RESPONSE,
                               _("%s answered with invalid JSON"), ex->host);
      return;
    }

  g_task_return_pointer (task, json_object_ref (json_node_get_object (node)),
                         (GDestroyNotify) json_object_unref);
}

static void
read_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Exchange *ex = g_task_get_task_data (task);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (object), result, &error);
  if (bytes == NULL)
    {
      g_task_return_new_error (task, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_INVALID_RESPONSE,
                               _("Could not read the answer of %s: %s"), ex->host, error->message);
      return;
    }

  if (g_bytes_get_size (bytes) == 0)
    {
      finish_body (task);
      return;
    }

  if (ex->body->len + g_bytes_get_size (bytes) > ELICIT_AUTH_MAX_BODY)
    {
      g_task_return_new_error (task, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_INVALID_RESPONSE,
                               _("%s sent an answer too large to read (over %u KiB)"), ex->host,
                               ELICIT_AUTH_MAX_BODY / 1024);
      return;
    }

  g_byte_array_append (ex->body, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  read_more (g_steal_pointer (&task));
}

static void
sent_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Exchange *ex = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  goffset length;

  ex->stream = soup_session_send_finish (SOUP_SESSION (object), result, &error);
  if (ex->stream == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_task_return_error (task, g_steal_pointer (&error));
      else
        g_task_return_new_error (task, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_DISCOVERY,
                                 _("Could not reach %s: %s"), ex->host, error->message);
      return;
    }

  length = soup_message_headers_get_content_length (soup_message_get_response_headers (ex->message));
  if (length > ELICIT_AUTH_MAX_BODY)
    {
      g_task_return_new_error (task, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_INVALID_RESPONSE,
                               _("%s sent an answer too large to read (over %u KiB)"), ex->host,
                               ELICIT_AUTH_MAX_BODY / 1024);
      return;
    }

  read_more (g_steal_pointer (&task));
}

/* An authorization server on this machine is never reached through a
 * proxy (nor is the system's proxy configuration consulted for it): a
 * second session, without one, kept beside the first. */
static SoupSession *
session_for (SoupSession *soup,
             SoupMessage *message)
{
  SoupSession *direct;

  if (!elicit_auth_is_loopback_host (g_uri_get_host (soup_message_get_uri (message))))
    return soup;

  direct = g_object_get_data (G_OBJECT (soup), "elicit-auth-direct");
  if (direct == NULL)
    {
      direct = elicit_auth_soup_session_new ();
      g_object_set (direct, "proxy-resolver", NULL, NULL);
      g_object_set_data_full (G_OBJECT (soup), "elicit-auth-direct", direct, g_object_unref);
    }

  return direct;
}

static void
start (SoupSession         *soup,
       SoupMessage         *message,
       gpointer             source_tag,
       GCancellable        *cancellable,
       GAsyncReadyCallback  callback,
       gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  Exchange *ex = g_new0 (Exchange, 1);

  g_task_set_source_tag (task, source_tag);
  ex->message = message;
  ex->body = g_byte_array_new ();
  ex->host = g_strdup (g_uri_get_host (soup_message_get_uri (message)));
  g_task_set_task_data (task, ex, (GDestroyNotify) exchange_free);

  soup_message_add_flags (message, SOUP_MESSAGE_NO_REDIRECT);
  soup_message_headers_replace (soup_message_get_request_headers (message), "Accept",
                                "application/json");
  soup_session_send_async (session_for (soup, message), message, G_PRIORITY_DEFAULT, cancellable,
                           sent_cb, g_steal_pointer (&task));
}

static JsonObject *
finish (GAsyncResult  *result,
        gpointer       source_tag,
        guint         *status,
        GError       **error)
{
  GTask *task = G_TASK (result);
  Exchange *ex = g_task_get_task_data (task);

  g_return_val_if_fail (g_task_get_source_tag (task) == source_tag, NULL);

  if (status != NULL)
    *status = ex->message != NULL ? soup_message_get_status (ex->message) : 0;

  return g_task_propagate_pointer (task, error);
}

void
elicit_auth_get_json_async (SoupSession         *soup,
                            const char          *url,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  SoupMessage *message = soup_message_new (SOUP_METHOD_GET, url);

  g_return_if_fail (message != NULL);

  start (soup, message, elicit_auth_get_json_async, cancellable, callback, user_data);
}

JsonObject *
elicit_auth_get_json_finish (GAsyncResult  *result,
                             guint         *status,
                             GError       **error)
{
  return finish (result, elicit_auth_get_json_async, status, error);
}

void
elicit_auth_post_async (SoupSession         *soup,
                        const char          *url,
                        const char          *content_type,
                        GBytes              *body,
                        const char          *authorization,
                        const char          *dpop_proof,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  SoupMessage *message = soup_message_new (SOUP_METHOD_POST, url);

  g_return_if_fail (message != NULL);

  soup_message_set_request_body_from_bytes (message, content_type, body);
  if (authorization != NULL)
    soup_message_headers_replace (soup_message_get_request_headers (message), "Authorization",
                                  authorization);
  if (dpop_proof != NULL)
    soup_message_headers_replace (soup_message_get_request_headers (message), "DPoP", dpop_proof);

  start (soup, message, elicit_auth_post_async, cancellable, callback, user_data);
}

JsonObject *
elicit_auth_post_finish (GAsyncResult  *result,
                         guint         *status,
                         GError       **error)
{
  return finish (result, elicit_auth_post_async, status, error);
}

const char *
elicit_auth_post_get_dpop_nonce (GAsyncResult *result)
{
  Exchange *ex = g_task_get_task_data (G_TASK (result));
  const char *nonce;

  if (ex->message == NULL)
    return NULL;

  nonce = soup_message_headers_get_one (soup_message_get_response_headers (ex->message), "DPoP-Nonce");
  return nonce != NULL && elicit_auth_is_token_text (nonce) ? nonce : NULL;
}
