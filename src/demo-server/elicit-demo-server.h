/* elicit-demo-server.h: what the demo server's files share
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once



#include "config.h"

#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gio/gio.h>
#include <gio/gunixinputstream.h>
#include <gio/gunixoutputstream.h>
#include <json-glib/json-glib.h>

#define MAX_LINE_LENGTH   (16 * 1024 * 1024)
#define MAX_DEPTH         64
#define READ_CHUNK_SIZE   (64 * 1024)
#define FLOOD_BATCH_SIZE  (64 * 1024)
#define MAX_SAFE_ID       G_GINT64_CONSTANT (9007199254740991)

#define JSONRPC_PARSE_ERROR             (-32700)
#define JSONRPC_INVALID_REQUEST         (-32600)
#define JSONRPC_METHOD_NOT_FOUND        (-32601)
#define JSONRPC_INVALID_PARAMS          (-32602)
#define MCP_URL_ELICITATION_REQUIRED    (-32042)

#define SERVER_NAME    "elicit-demo-server"
#define LATEST_VERSION "2025-11-25"

typedef struct _Server  Server;
typedef struct _Call    Call;
typedef struct _Pending Pending;
typedef struct _Tool    Tool;
typedef struct _Round   Round;

typedef void (*ToolStartFunc)    (Call     *call);
typedef void (*ToolAnsweredFunc) (Call     *call,
                                  Pending  *pending,
                                  JsonNode *result,
                                  JsonNode *error,
                                  gboolean  lossy);
/* 2026-07-28: answers one stateless attempt at a tools/call, complete or input_required;
 * returns NULL after setting round->problem for an invalid retry. */
typedef JsonObject *(*ToolModernFunc) (Round *round);

struct _Tool
{
  const char       *name;
  const char       *title;
  const char       *description;
  const char       *input_schema;
  const char       *message;
  const char       *requested_schema;
  ToolStartFunc     start;
  ToolAnsweredFunc  answered;  /* NULL start: only in 2026-07-28 */
  ToolModernFunc    modern;    /* NULL: only in 2025-11-25 */
};

/* One attempt at a 2026-07-28 tools/call: everything comes with the request. */
struct _Round
{
  Server     *server;
  const Tool *tool;
  JsonObject *arguments;  /* checked against the input schema */
  JsonNode   *schema;     /* a copy of the tool's requested schema, or NULL */
  JsonObject *responses;  /* params.inputResponses, or NULL */
  const char *state;      /* params.requestState, or NULL */
  gboolean    lossy;
  gboolean    can_form;
  gboolean    can_url;
  char       *problem;
};

struct _Server
{
  GMainLoop     *loop;
  GInputStream  *input;
  GOutputStream *output;
  GCancellable  *cancellable;
  GByteArray    *buffer;
  gboolean       discarding;
  gboolean       stopping;
  int            exit_status;

  guint          flood;
  gboolean       legacy_only;       /* --protocol=2025-11-25 */

  gboolean       initialize_seen;
  gboolean       initialized_seen;
  gboolean       can_form;
  gboolean       can_url;

  gint64         next_request_id;
  GHashTable    *calls;             /* id key → Call, tools/call in progress */
  GHashTable    *pending;           /* gint64 id → Pending, our elicitation/create requests */
  GHashTable    *input_schemas;     /* tool name → JsonNode */
  GHashTable    *requested_schemas; /* tool name → JsonNode */

  char          *required_id;       /* url_required's elicitation */
  guint          required_timer;
  gboolean       required_complete;
};

struct _Call
{
  Server     *server;
  char       *key;
  JsonNode   *id;
  const Tool *tool;
  JsonObject *arguments;
  JsonNode   *schema;
  GPtrArray  *pending;
  guint       timer;
  gint64      delay_ms;
  char       *elicitation_id;
  guint       tally[5];
  /* flood_elicitations: the distinct errors answered, first seen first
   * ({"code", "message", "count"}), so a test sees what a client refused with */
  JsonArray  *errors;
};

struct _Pending
{
  gint64  id;
  Call   *call;
};

/* The tools, in the order tools/list gives them (elicit-demo-tools.c). */
extern const Tool  demo_tools[];
extern const guint demo_n_tools;

/* elicit-demo-modern.c */

#define MODERN_VERSION "2026-07-28"

gboolean   modern_handle_request (Server     *self,
                                  JsonNode   *id,
                                  const char *method,
                                  JsonObject *params,
                                  gboolean    lossy);
gboolean   modern_is_request     (JsonObject *params);
JsonObject *modern_form          (Round *round);
JsonObject *modern_url_login     (Round *round);
JsonObject *modern_flood         (Round *round);
JsonObject *modern_two_questions (Round *round);
JsonObject *modern_two_rounds    (Round *round);

/* elicit-demo-tools.c */

JsonObject *form_outcome (JsonNode *schema,
                          JsonNode *result,
                          JsonNode *error,
                          gboolean  lossy);

/* elicit-demo-wire.c */

void     log_line (const char *format,
                   ...) G_GNUC_PRINTF (1, 2);

void
write_bytes (Server     *self,
             const char *data,
             gsize       len);

JsonObject *
new_message (void);

void
send_object (Server     *self,
             JsonObject *object);

void
send_result (Server     *self,
             JsonNode   *id,
             JsonObject *result);

void
send_error (Server     *self,
            JsonNode   *id,
            int         code,
            const char *text,
            JsonObject *data);

void
send_notification (Server     *self,
                   const char *method,
                   JsonObject *params);

void
append_json (GString  *out,
             JsonNode *node);

char *
format_number (double value);

JsonObject *
tool_result (gboolean    is_error,
             const char *text,
             JsonObject *structured);

JsonObject *
action_object (const char *action);

JsonObject *
result_with_reason (const char *action,
                    const char *reason);

JsonObject *
result_from_error (JsonNode *error);

void
read_next (Server *self);


/* elicit-demo-validate.c */

gboolean
node_is_string (JsonNode *node);

const char *
schema_string (JsonObject *object,
               const char *keyword);

gboolean
validate_object (JsonNode    *schema,
                 JsonNode    *value,
                 const char  *where,
                 JsonObject **normalised,
                 char       **problem);

gboolean
parse_answer (JsonNode     *result,
              JsonNode     *schema,
              const char  **action,
              JsonObject  **content,
              char        **problem);

JsonNode *
parse_static_json (const char *text);

void
strip_defaults (JsonNode *schema);


/* elicit-demo-tools.c */

void
call_free (Call *call);

void
call_drop (Call       *call,
           const char *reason);

const Tool *
find_tool (const char *name);

void
load_schemas (Server *self);


/* elicit-demo-server.c */

void
handle_message (Server     *self,
                JsonObject *message,
                gboolean    lossy);

