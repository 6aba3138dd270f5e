/* elicit-session-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-input-source-private.h"
#include "elicit-json.h"
#include "elicit-peer-private.h"
#include "elicit-session.h"
#include "elicit-session-error-private.h"

G_BEGIN_DECLS

/* ElicitSession is one class in five files, split by concern:
 *
 *   elicit-session.c           the object: properties, signals, closing
 *   elicit-session-connect.c   the handshake and version negotiation
 *   elicit-session-calls.c     what the client calls: tools, ping, any method
 *   elicit-session-server.c    what the server sends: input, progress, logs
 *   elicit-session-tasks.c     tools that run as tasks, in both wire formats
 */
/* Whether the session may take one more elicitation/create from its
 * server: NULL, or why not. Asked before the request's params are read, so
 * a request over a limit costs no parsing: it stands as an unread request
 * carrying the refusal (elicit_request_set_refusal()). */
typedef const char *(*ElicitSessionAdmitFunc) (ElicitSession *session,
                                               gpointer       user_data);

struct _ElicitSession
{
  GObject             parent_instance;

  ElicitTransport    *transport;
  ElicitPeer         *peer;
  ElicitInputSource  *input;
  ElicitSessionState  state;
  GError             *close_error;

  char               *display_name;
  char               *client_name;
  char               *client_title;
  char               *client_version;

  char               *protocol_version;
  JsonObject         *server_capabilities;
  char               *server_name;
  char               *server_title;
  char               *server_version;
  char               *instructions;

  /* The modern version every request declares in `_meta`; NULL in the
   * legacy era (an initialize handshake). */
  char               *meta_version;
  guint               discover_attempts;
  /* The versions the session may speak, best first */
  GStrv               protocol_versions;

  /* 2026-07-28: whether tools/list was read, and the tools it rejected
   * (name → reason) for invalid x-mcp-header annotations */
  gboolean            tools_known;
  GHashTable         *invalid_tools;
  /* tool name → its execution.taskSupport, from tools/list */
  GHashTable         *task_support;
  /* task id → the tools/call running as that task (elicit-session-tasks.c) */
  GHashTable         *task_runs;

  /* gint64 call id → Progress, for calls made with a progress callback */
  GHashTable         *progress;

  /* Asked before an elicitation/create is read (the prompt queue's limits) */
  ElicitSessionAdmitFunc admit_func;
  gpointer               admit_data;

  /* Log messages still to come before ::message's handlers are looked for
   * again (elicit-session-server.c) */
  guint               log_handler_trust;
};

enum {
  ELICIT_SESSION_PROP_0,
  ELICIT_SESSION_PROP_TRANSPORT,
  ELICIT_SESSION_PROP_STATE,
  ELICIT_SESSION_PROP_DISPLAY_NAME,
  ELICIT_SESSION_PROP_PROTOCOL_VERSION,
  ELICIT_SESSION_PROP_SERVER_CAPABILITIES,
  ELICIT_SESSION_PROP_SERVER_NAME,
  ELICIT_SESSION_PROP_SERVER_TITLE,
  ELICIT_SESSION_PROP_SERVER_VERSION,
  ELICIT_SESSION_PROP_INSTRUCTIONS,
  ELICIT_SESSION_PROP_TIMEOUT,
  ELICIT_SESSION_N_PROPS
};

enum {
  ELICIT_SESSION_SIGNAL_ELICITATION,
  ELICIT_SESSION_SIGNAL_MESSAGE,
  ELICIT_SESSION_SIGNAL_PROGRESS,
  ELICIT_SESSION_SIGNAL_LIST_CHANGED,
  ELICIT_SESSION_SIGNAL_CLOSED,
  ELICIT_SESSION_SIGNAL_TASK_STATUS,
  ELICIT_SESSION_N_SIGNALS
};

/* Every version Elicit speaks, best first, NULL-terminated. */
extern const char * const elicit_session_known_versions[];

extern GParamSpec *elicit_session_properties[ELICIT_SESSION_N_PROPS];
extern guint elicit_session_signals[ELICIT_SESSION_N_SIGNALS];

/* What the client declares: capabilities and identity, fresh objects. */
JsonObject *elicit_session_client_capabilities (ElicitSession        *self,
                                                gboolean              modern);
JsonObject *elicit_session_client_info         (ElicitSession        *self);

void      elicit_session_set_state           (ElicitSession          *self,
                                              ElicitSessionState      state);
/* Fails @task and returns FALSE unless the session is ready for calls. */
gboolean  elicit_session_check_ready         (ElicitSession          *self,
                                              GTask                  *task);
/* A call through the peer; @callback gets a GTask of @self whose pointer
 * result is the `result` JsonNode. -32042 errors carry their elicitations. */
void      elicit_session_start_call          (ElicitSession          *self,
                                              const char             *method,
                                              JsonObject             *params,
                                              ElicitPeerCallFlags     flags,
                                              ElicitProgressCallback  progress,
                                              gpointer                progress_data,
                                              GCancellable           *cancellable,
                                              GAsyncReadyCallback     callback,
                                              gpointer                user_data);
void      elicit_session_start_call_with_timeout (ElicitSession          *self,
                                                  const char             *method,
                                                  JsonObject             *params,
                                                  ElicitPeerCallFlags     flags,
                                                  guint                   timeout,
                                                  ElicitProgressCallback  progress,
                                                  gpointer                progress_data,
                                                  GCancellable           *cancellable,
                                                  GAsyncReadyCallback     callback,
                                                  gpointer                user_data);
/* elicit-session-server.c: what the server may send, wired to the peer. */
void      elicit_session_listen_to_server    (ElicitSession          *self);
/* The prompt queue sets it for the sessions it serves; NULL admits all. */
void      elicit_session_set_admit_func      (ElicitSession          *self,
                                              ElicitSessionAdmitFunc  func,
                                              gpointer                user_data);
gboolean  elicit_session_admit               (ElicitSession          *self,
                                              const char            **refusal);
/* elicit-session-tasks.c: tools run as tasks (2025-11-25). */
gboolean  elicit_session_offers_tool_tasks   (ElicitSession          *self);
gboolean  elicit_session_tool_runs_as_task   (ElicitSession          *self,
                                              const char             *name);
/* Calls the tool as a task; @task (taken) gets the final result. */
void      elicit_session_call_tool_as_task   (ElicitSession          *self,
                                              JsonObject             *params,
                                              ElicitProgressCallback  progress,
                                              gpointer                progress_data,
                                              GTask                  *task);
void      elicit_session_task_status_changed (ElicitSession          *self,
                                              JsonObject             *task);
/* 2026-07-28: the call was answered with a task (CreateTaskResult);
 * @task (taken) gets the final result. */
void      elicit_session_follow_task         (ElicitSession          *self,
                                              JsonObject             *created,
                                              GTask                  *task);
/* Reports progress for @token to the call it belongs to, if any. */
void      elicit_session_report_progress     (ElicitSession          *self,
                                              JsonNode               *token,
                                              double                  progress,
                                              double                  total,
                                              const char             *message);

G_END_DECLS
