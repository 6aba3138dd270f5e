/* elicit-auth-listener.c: the loopback redirect listener (RFC 8252 §7.3)
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-auth-private.h"

#define CALLBACK_PATH "/callback"
/* A browser that does not read its last page does not hold the sign-in up longer. */
#define LAST_PAGE_TIMEOUT_SECONDS 5

struct _ElicitAuthListener
{
  SoupServer *server;
  char       *state;
  char       *redirect_uri;
  GTask      *task;        /* the one waiting */
  GHashTable *params;      /* the answer, once it came */
  GError     *error;       /* or why it is no good */
  gboolean    taken;       /* an answer came: no other is taken */
  gboolean    answered;    /* the browser got its page, or waits for the outcome */
  SoupServerMessage *held; /* the browser's request, paused until the outcome is known */
  gboolean    concluded;   /* the held request got its page */
  GTask      *conclude_task; /* waits for that page to go out */
  guint       conclude_timeout_id;
  guint       sent_idle_id;
  gboolean    free_when_sent; /* freed while the last page was still going out */
  guint       idle_id;
  GCancellable *cancellable;
  gulong      cancelled_id;
  guint       cancel_idle_id;
};

static void
return_cancelled (ElicitAuthListener *self)
{
  g_autoptr(GTask) task = g_steal_pointer (&self->task);

  if (task != NULL)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The sign-in was cancelled"));
}

static void
complete (ElicitAuthListener *self)
{
  g_autoptr(GTask) task = NULL;

  if (self->task == NULL || !self->answered)
    return;

  task = g_steal_pointer (&self->task);
  if (self->error != NULL)
    g_task_return_error (task, g_steal_pointer (&self->error));
  else
    g_task_return_pointer (task, g_steal_pointer (&self->params),
                           (GDestroyNotify) g_hash_table_unref);
}

/* After the page went out, outside libsoup's own frames: the waiter may
 * free the listener. */
static gboolean
complete_idle_cb (gpointer user_data)
{
  ElicitAuthListener *self = user_data;

  self->idle_id = 0;
  complete (self);

  return G_SOURCE_REMOVE;
}

static void
message_finished_cb (SoupServerMessage  *message,
                     ElicitAuthListener *self)
{
  self->answered = TRUE;
  if (self->idle_id == 0)
    self->idle_id = g_idle_add (complete_idle_cb, self);
}

static void
respond (SoupServerMessage *message,
         guint              status,
         const char        *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  g_autofree char *page = NULL;

  page = g_strdup_printf ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                          "<title>Elicit</title></head>\n"
                          "<body style=\"font-family: sans-serif; margin: 3em;\">"
                          "<p>%s</p></body></html>\n", escaped);
  soup_server_message_set_status (message, status, NULL);
  soup_server_message_set_response (message, "text/html; charset=utf-8", SOUP_MEMORY_COPY,
                                    page, strlen (page));
}

/* What the redirect says: its parameters, or an error. */
static GError *
judge (ElicitAuthListener *self,
       GHashTable         *query)
{
  const char *error = g_hash_table_lookup (query, "error");

  if (error != NULL)
    {
      g_autofree char *code = elicit_auth_clean_text (error, NULL);
      const char *description = g_hash_table_lookup (query, "error_description");
      g_autofree char *text = description != NULL ? elicit_auth_clean_text (description, NULL) : NULL;

      if (text != NULL)
        return g_error_new (ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_ACCESS_DENIED,
                            _("The authorization server refused the sign-in: %s (%s)"), text, code);
      return g_error_new (ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_ACCESS_DENIED,
                          _("The authorization server refused the sign-in (%s)"), code);
    }

  if (g_hash_table_lookup (query, "code") == NULL)
    return g_error_new_literal (ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_INVALID_RESPONSE,
                                _("The authorization server sent no authorization code"));

  return NULL;
}

static gboolean
is_ours (ElicitAuthListener *self,
         SoupServerMessage  *message,
         const char         *path,
         GHashTable         *query)
{
  const char *state = query != NULL ? g_hash_table_lookup (query, "state") : NULL;

  return g_str_equal (path, CALLBACK_PATH) &&
         g_strcmp0 (soup_server_message_get_method (message), SOUP_METHOD_GET) == 0 &&
         g_strcmp0 (state, self->state) == 0;
}

static void held_done_cb (SoupServerMessage  *message,
                          ElicitAuthListener *self);

/* The authorization server's answer: held until Elicit has checked the
 * issuer and exchanged the code, so the page says how that went. */
static void
hold (ElicitAuthListener *self,
      SoupServerMessage  *message,
      GHashTable         *query)
{
  self->params = g_hash_table_ref (query);
  self->held = g_object_ref (message);
  soup_server_message_pause (message);
  g_signal_connect (message, "finished", G_CALLBACK (held_done_cb), self);
  g_signal_connect (message, "disconnected", G_CALLBACK (held_done_cb), self);

  self->answered = TRUE;
  if (self->idle_id == 0)
    self->idle_id = g_idle_add (complete_idle_cb, self);
}

static void
respond_failure (SoupServerMessage *message,
                 const GError      *error)
{
  g_autofree char *text = g_strdup_printf (_("Signing in did not work: %s. You can return "
                                             "to Elicit."), error->message);

  respond (message, SOUP_STATUS_BAD_REQUEST, text);
}

/*
 * The port is visible to every local user: a request without this sign-in's
 * state (or to another path) gets an error page and changes nothing, so no
 * other process can end the sign-in. Only the first request with the right
 * state is the answer.
 */
static void
callback_cb (SoupServer        *server,
             SoupServerMessage *message,
             const char        *path,
             GHashTable        *query,
             gpointer           user_data)
{
  ElicitAuthListener *self = user_data;

  if (!is_ours (self, message, path, query))
    {
      g_debug ("Sign-in listener: a request that is not this sign-in's answer, refused");
      respond (message, g_str_equal (path, CALLBACK_PATH) ? SOUP_STATUS_BAD_REQUEST : SOUP_STATUS_NOT_FOUND,
               _("This page does not belong to a sign-in in progress. You can close it."));
      return;
    }

  if (self->taken)
    {
      respond (message, SOUP_STATUS_GONE, _("This sign-in is over. You can close this page."));
      return;
    }

  self->taken = TRUE;
  self->error = judge (self, query);
  if (self->error == NULL)
    {
      hold (self, message, query);
      return;
    }

  respond_failure (message, self->error);
  g_signal_connect (message, "finished", G_CALLBACK (message_finished_cb), self);
}

ElicitAuthListener *
elicit_auth_listener_new (const char  *state,
                          GError     **error)
{
  return elicit_auth_listener_new_at (state, 0, error);
}

/* On @port if it is free (the one a registration names), else on any. */
ElicitAuthListener *
elicit_auth_listener_new_at (const char  *state,
                             guint        port,
                             GError     **error)
{
  g_autoptr(ElicitAuthListener) self = g_new0 (ElicitAuthListener, 1);
  GSList *uris;

  self->state = g_strdup (state);
  self->server = soup_server_new ("server-header", NULL, NULL);
  soup_server_add_handler (self->server, NULL, callback_cb, self, NULL);

  /* RFC 8252 §8.3: the loopback IP literal, not "localhost", which a
   * resolver or firewall could send elsewhere. */
  if ((port == 0 ||
       !soup_server_listen_local (self->server, port, SOUP_SERVER_LISTEN_IPV4_ONLY, NULL)) &&
      !soup_server_listen_local (self->server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, error))
    return NULL;

  uris = soup_server_get_uris (self->server);
  if (uris == NULL)
    {
      g_set_error_literal (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_BROWSER,
                           _("Could not listen for the sign-in’s answer"));
      return NULL;
    }
  self->redirect_uri = g_strdup_printf ("http://127.0.0.1:%d" CALLBACK_PATH,
                                        g_uri_get_port (uris->data));
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);

  return g_steal_pointer (&self);
}

static void
really_free (ElicitAuthListener *self)
{
  if (self->server != NULL)
    soup_server_disconnect (self->server);
  g_clear_object (&self->server);
  g_clear_pointer (&self->params, g_hash_table_unref);
  g_clear_error (&self->error);
  g_free (self->state);
  g_free (self->redirect_uri);
  g_free (self);
}

static void
return_concluded (ElicitAuthListener *self)
{
  g_autoptr(GTask) task = g_steal_pointer (&self->conclude_task);

  g_clear_handle_id (&self->conclude_timeout_id, g_source_remove);
  if (task != NULL)
    g_task_return_boolean (task, TRUE);
}

static gboolean
conclude_timeout_cb (gpointer user_data)
{
  ElicitAuthListener *self = user_data;

  self->conclude_timeout_id = 0;
  return_concluded (self);

  return G_SOURCE_REMOVE;
}

/* libsoup may still use the message after "finished": dropped later. */
static gboolean
unref_idle_cb (gpointer user_data)
{
  g_object_unref (user_data);
  return G_SOURCE_REMOVE;
}

/* Outside libsoup's own frames: the waiter may free the listener, which
 * disconnects the server. */
static gboolean
sent_idle_cb (gpointer user_data)
{
  ElicitAuthListener *self = user_data;

  self->sent_idle_id = 0;
  if (self->free_when_sent)
    {
      really_free (self);
      return G_SOURCE_REMOVE;
    }

  return_concluded (self);
  return G_SOURCE_REMOVE;
}

static void
held_done_cb (SoupServerMessage  *message,
              ElicitAuthListener *self)
{
  g_signal_handlers_disconnect_by_data (message, self);
  g_idle_add (unref_idle_cb, g_steal_pointer (&self->held));
  if (self->sent_idle_id == 0)
    self->sent_idle_id = g_idle_add (sent_idle_cb, self);
}

static void
conclude (ElicitAuthListener *self,
          const GError       *error)
{
  SoupServerMessage *message = self->held;

  if (message == NULL || self->concluded)
    return;

  self->concluded = TRUE;
  if (error != NULL)
    respond_failure (message, error);
  else
    respond (message, SOUP_STATUS_OK, _("You are signed in. You can return to Elicit and close this page."));
  soup_server_message_unpause (message);
}

/*
 * Tells the browser, still waiting on the answer it delivered, how the
 * sign-in ended (@error, or %NULL when Elicit accepted it), and finishes once
 * that page went out: a command that exits next has not cut it off. Finishes
 * at once if no answer is held.
 */
void
elicit_auth_listener_conclude_async (ElicitAuthListener  *self,
                                     const GError        *error,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, NULL, callback, user_data);

  g_task_set_source_tag (task, elicit_auth_listener_conclude_async);
  if (self->held == NULL || self->concluded)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  g_assert (self->conclude_task == NULL);
  self->conclude_task = g_steal_pointer (&task);
  self->conclude_timeout_id = g_timeout_add_seconds (LAST_PAGE_TIMEOUT_SECONDS, conclude_timeout_cb, self);
  conclude (self, error);
}

gboolean
elicit_auth_listener_conclude_finish (ElicitAuthListener  *self,
                                      GAsyncResult        *result,
                                      GError             **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

void
elicit_auth_listener_free (ElicitAuthListener *self)
{
  return_cancelled (self);
  g_clear_handle_id (&self->idle_id, g_source_remove);
  g_clear_handle_id (&self->cancel_idle_id, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_disconnect (self->cancellable, self->cancelled_id);
  g_clear_object (&self->cancellable);

  /* The browser's page is on its way: the server lives until it is sent. */
  g_clear_handle_id (&self->conclude_timeout_id, g_source_remove);
  g_clear_object (&self->conclude_task);
  if (self->held != NULL || self->sent_idle_id != 0)
    {
      g_autoptr(GError) over = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                    _("The sign-in was cancelled"));

      conclude (self, over);
      self->free_when_sent = TRUE;
      return;
    }

  really_free (self);
}

const char *
elicit_auth_listener_get_redirect_uri (ElicitAuthListener *self)
{
  return self->redirect_uri;
}

static gboolean
cancel_idle_cb (gpointer user_data)
{
  ElicitAuthListener *self = user_data;

  self->cancel_idle_id = 0;
  return_cancelled (self);

  return G_SOURCE_REMOVE;
}

/* Not from the handler itself: the waiter frees the listener, which
 * disconnects the handler, which must not happen inside it. */
static void
cancelled_cb (GCancellable       *cancellable,
              ElicitAuthListener *self)
{
  if (self->cancel_idle_id == 0)
    self->cancel_idle_id = g_idle_add (cancel_idle_cb, self);
}

void
elicit_auth_listener_wait_async (ElicitAuthListener  *self,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_assert (self->task == NULL);
  g_assert (self->cancellable == NULL);

  self->task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (self->task, elicit_auth_listener_wait_async);

  if (cancellable != NULL)
    {
      self->cancellable = g_object_ref (cancellable);
      self->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (cancelled_cb), self, NULL);
    }

  complete (self);
}

GHashTable *
elicit_auth_listener_wait_finish (ElicitAuthListener  *self,
                                  GAsyncResult        *result,
                                  GError             **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}
