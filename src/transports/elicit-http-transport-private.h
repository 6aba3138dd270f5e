/* elicit-http-transport-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <libsoup/soup.h>

#include "elicit-http-transport.h"
#include "elicit-sse-parser-private.h"

G_BEGIN_DECLS

/* ElicitHttpTransport is one class in several files: the object and its API in
 * elicit-http-transport.c, the HTTP exchanges (POSTs, event streams,
 * bodies, reconnection) in elicit-http-exchange.c, signing in
 * (credentials, DPoP nonces, challenges) in elicit-http-authorization.c,
 * origins and redirects in elicit-http-redirect.c. */

#define READ_SIZE               (64 * 1024)
#define MAX_ERROR_BODY          (64 * 1024)
#define MAX_SESSION_ID_LENGTH   1024
#define MAX_HEADER_NAME_LENGTH  256
#define MAX_HEADER_VALUE_LENGTH (8 * 1024)
#define MAX_REDIRECTS           5
/* Attempts in a row that get nothing before a stream is given up. */
#define MAX_RECONNECT_FAILURES  5
/* Resumptions of one request's stream, however successful. */
#define MAX_RESUMES             100
/* A stream open this long without a message still counts as working. */
#define HEALTHY_STREAM_USEC     (G_USEC_PER_SEC)
#define DEFAULT_RECONNECT_DELAY 1000
#define MIN_RECONNECT_DELAY     100
#define MAX_RECONNECT_DELAY     (60 * 1000)
#define DELETE_TIMEOUT          5000
#define MAX_CONNECTIONS         64

typedef enum
{
  EXCHANGE_POST,    /* one client message */
  EXCHANGE_LISTEN,  /* the GET stream for messages the server starts */
  EXCHANGE_RESUME,  /* a GET resuming the stream of a request */
  EXCHANGE_DELETE,  /* ending the session */
} ExchangeKind;

typedef struct _Exchange Exchange;

struct _ElicitHttpTransport
{
  ElicitTransport parent_instance;

  char        *url;
  GUri        *uri;
  char        *origin;
  GPtrArray   *header_names;
  GPtrArray   *header_values;

  SoupSession *soup;
  char        *session_id;
  char        *protocol_version;
  /* 2026-07-28: tool name → its x-mcp-header annotations (GPtrArray), as
   * learned from tools/list answers; the ids of those calls */
  GHashTable  *tool_headers;
  GPtrArray   *tools_list_ids;
  GPtrArray   *exchanges;
  /* POSTs not sent yet, in order, and the one they wait for */
  GQueue       queue;
  Exchange    *gate;
  GPtrArray   *close_tasks;
  ElicitAuthorizer *authorizer;

  guint        timeout;
  gsize        max_body_size;
  gsize        max_event_size;

  /* The HTTP+SSE transport of 2024-11-05 (elicit-http-legacy.c): the
   * initialize waiting for the endpoint, then the endpoint POSTs go to. */
  Exchange    *legacy_initialize;
  GUri        *legacy_endpoint;
  char        *legacy_reason;

  guint        started : 1;
  guint        legacy : 1;
  guint        listening : 1;
  guint        session_expired : 1;
  guint        shutting_down : 1;
};

struct _Exchange
{
  grefcount            ref_count;
  ElicitHttpTransport *self;          /* NULL once the transport is disposed */
  ExchangeKind         kind;

  GBytes              *body;          /* what a POST sends */
  char                *method;        /* the JSON-RPC method POSTed, if any */
  char                *version;       /* the protocol version its _meta declares */
  GPtrArray           *extra_names;   /* headers of this request alone */
  GPtrArray           *extra_values;
  JsonNode            *request_id;    /* the request awaiting an answer, if any */
  GUri                *uri;
  guint                redirects;
  char                *sent_token;    /* the bearer token of this attempt */
  guint                challenges;    /* 401s and 403s answered so far */
  guint                auth_status;   /* the last of them */
  gboolean             sent_dpop;     /* this attempt carried a DPoP proof */
  gboolean             dpop_retried;  /* and was made again with a new nonce */

  SoupMessage         *message;
  GCancellable        *cancellable;
  GSource             *timer;
  GInputStream        *stream;
  ElicitSseParser     *parser;        /* reading an event stream */
  GByteArray          *body_buffer;   /* reading a body */
  gsize                body_limit;
  gboolean             error_body;    /* the body of an HTTP error */

  char                *last_event_id;
  gint64               retry;
  guint                failures;
  guint                resumes;

  guint                busy : 1;      /* an operation is under way */
  guint                finished : 1;
  guint                timed_out : 1;
  gint64               opened_at;     /* when the stream of this attempt opened */
  guint                got_message : 1;
  guint                answered : 1;
  guint                is_initialize : 1;
};


void        elicit_http_exchange_unref  (Exchange            *ex);
Exchange   *elicit_http_exchange_new    (ElicitHttpTransport *self,
                                         ExchangeKind         kind);
void        elicit_http_exchange_begin  (Exchange            *ex);
void        elicit_http_exchange_read   (Exchange            *ex);
void        elicit_http_exchange_stream_ended (Exchange      *ex,
                                               const char    *reason);
/* Shared with elicit-http-authorization.c */
Exchange   *elicit_http_exchange_ref          (Exchange   *ex);
const char *elicit_http_exchange_get_method   (Exchange   *ex);
void        elicit_http_exchange_release_gate (Exchange   *ex);
/* An exchange that got no answer; a stream that cannot be had */
void        elicit_http_exchange_failed       (Exchange   *ex,
                                               const char *reason);
void        elicit_http_exchange_give_up      (Exchange   *ex,
                                               const char *reason);

void        elicit_http_transport_close_literal  (ElicitHttpTransport  *self,
                                                  ElicitTransportError  code,
                                                  const char           *message);
void        elicit_http_transport_pump_queue     (ElicitHttpTransport  *self);
void        elicit_http_transport_forget_request (ElicitHttpTransport  *self,
                                                  JsonNode             *message);
/* elicit-http-tool-headers.c */
void        elicit_http_transport_prepare_modern_request (ElicitHttpTransport *self,
                                                          Exchange            *ex,
                                                          JsonObject          *message);
void        elicit_http_transport_learn_tool_headers (ElicitHttpTransport *self,
                                                      JsonNode            *response,
                                                      JsonNode            *id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Exchange, elicit_http_exchange_unref)

/* elicit-http-legacy.c */
void        elicit_http_legacy_fall_back     (ElicitHttpTransport *self,
                                              Exchange            *ex,
                                              const char          *reason);
gboolean    elicit_http_legacy_take_endpoint (ElicitHttpTransport *self,
                                              const char          *data,
                                              gsize                length);
gboolean    elicit_http_is_visible_ascii (const char *text);

/* elicit-http-redirect.c */
char       *elicit_http_get_origin      (GUri                *uri);
gboolean    elicit_http_redirect_follow (Exchange            *ex,
                                         char               **reason);

/* elicit-http-authorization.c */
void        elicit_http_authorization_add    (Exchange            *ex,
                                              SoupMessage         *message,
                                              const char          *method);
gboolean    elicit_http_authorization_answer (Exchange            *ex,
                                              guint                status);

G_END_DECLS
