/* atspi-dialog-host.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/*
 * The application test-atspi.py drives: it connects a session to a real MCP
 * server over stdio, calls one tool, shows an ElicitDialog for every
 * elicitation the server sends, and prints what the tool finally returned:
 *
 *   atspi-dialog-host SERVER TOOL [ARGUMENTS-JSON]
 *   atspi-dialog-host --request PARAMS-JSON
 *
 * prints one line "RESULT <text>" (the tool result's first text content) and
 * exits 0, or "ERROR <message>" and exits 1. The user — here, the AT-SPI
 * test — answers the dialog like a person would. With --request it shows
 * the dialog for one elicitation/create PARAMS-JSON without a server (URL
 * requests with warnings, which the demo server does not send) and prints
 * "STATE <n>", the request's ElicitRequestState, once the dialog closed,
 * then "CONTENT <json>" when it was accepted with a form's content.
 */

#include "config.h"

#include <locale.h>

#include <gtk/gtk.h>

#include "elicit-gtk.h"
#include "elicit-session.h"
#include "elicit-stdio-transport.h"
#include "elicit-dialog.h"

typedef struct
{
  ElicitSession *session;
  const char    *tool;
  JsonObject    *arguments;
  int            status;
  gboolean       done;
} Host;

static void
finish (Host       *host,
        int         status,
        const char *line)
{
  g_print ("%s\n", line);
  host->status = status;
  host->done = TRUE;
}

static void
elicitation_cb (ElicitSession *session,
                ElicitRequest *request,
                Host          *host)
{
  GtkWidget *dialog = elicit_dialog_new (request);

  gtk_window_present (GTK_WINDOW (dialog));
}

static const char *
first_text (JsonObject *result)
{
  JsonArray *content;
  JsonNode *first;

  if (!json_object_has_member (result, "content"))
    return NULL;

  content = json_object_get_array_member (result, "content");
  if (content == NULL || json_array_get_length (content) == 0)
    return NULL;

  first = json_array_get_element (content, 0);
  if (!JSON_NODE_HOLDS_OBJECT (first))
    return NULL;

  return json_object_get_string_member_with_default (json_node_get_object (first), "text", NULL);
}

static void
call_tool_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  Host *host = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) tool_result = NULL;
  g_autofree char *line = NULL;

  tool_result = elicit_session_call_tool_finish (ELICIT_SESSION (object), result, &error);
  if (tool_result == NULL)
    line = g_strdup_printf ("ERROR %s", error->message);
  else
    line = g_strdup_printf ("RESULT %s", first_text (tool_result));

  finish (host, tool_result != NULL ? 0 : 1, line);
}

static void
connect_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  Host *host = user_data;
  g_autoptr(GError) error = NULL;

  if (!elicit_session_connect_finish (ELICIT_SESSION (object), result, &error))
    {
      g_autofree char *line = g_strdup_printf ("ERROR %s", error->message);

      finish (host, 1, line);
      return;
    }

  elicit_session_call_tool_async (host->session, host->tool, host->arguments,
                                  NULL, NULL, NULL, call_tool_cb, host);
}

static int
show_request (const char *params_json)
{
  g_autoptr(JsonNode) params = NULL;
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *dialog;

  params = json_from_string (params_json, &error);
  if (params == NULL || !JSON_NODE_HOLDS_OBJECT (params))
    {
      g_printerr ("Invalid request: %s\n", error != NULL ? error->message : "not an object");
      return 2;
    }

  request = elicit_request_new (json_node_get_object (params), &error);
  if (request == NULL)
    {
      g_print ("ERROR %s\n", error->message);
      return 1;
    }

  dialog = elicit_dialog_new (request);
  elicit_dialog_set_server_label (ELICIT_DIALOG (dialog), "Demo Server (AT-SPI test)");
  gtk_window_present (GTK_WINDOW (dialog));
  while (g_list_model_get_n_items (gtk_window_get_toplevels ()) > 0)
    g_main_context_iteration (NULL, TRUE);

  g_print ("STATE %d\n", elicit_request_get_state (request));
  if (elicit_request_get_content (request) != NULL)
    {
      g_autoptr(JsonNode) content = json_node_init_object (json_node_alloc (),
                                                           elicit_request_get_content (request));
      g_autofree char *text = json_to_string (content, FALSE);

      g_print ("CONTENT %s\n", text);
    }

  return 0;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(ElicitTransport) transport = NULL;
  g_autoptr(JsonNode) arguments = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) server_argv = g_ptr_array_new ();
  Host host = { 0 };

  setlocale (LC_ALL, "");

  if (argc < 3)
    {
      g_printerr ("Usage: %s SERVER TOOL [ARGUMENTS-JSON [SERVER-ARGUMENT…]]\n", argv[0]);
      return 2;
    }

  g_set_prgname ("elicit-atspi-host");
  gtk_init ();

  if (g_str_equal (argv[1], "--request"))
    return show_request (argv[2]);

  arguments = json_from_string (argc > 3 ? argv[3] : "{}", &error);
  if (arguments == NULL || !JSON_NODE_HOLDS_OBJECT (arguments))
    {
      g_printerr ("Invalid arguments: %s\n", error != NULL ? error->message : "not an object");
      return 2;
    }

  g_ptr_array_add (server_argv, argv[1]);
  for (int i = 4; i < argc; i++)
    g_ptr_array_add (server_argv, argv[i]);
  g_ptr_array_add (server_argv, NULL);
  transport = elicit_stdio_transport_new ((const char * const *) server_argv->pdata, NULL, NULL, &error);
  if (transport == NULL)
    {
      g_print ("ERROR %s\n", error->message);
      return 1;
    }

  host.session = elicit_session_new (transport);
  host.tool = argv[2];
  host.arguments = json_node_get_object (arguments);
  elicit_session_set_display_name (host.session, "Demo Server (AT-SPI test)");
  g_signal_connect (host.session, "elicitation", G_CALLBACK (elicitation_cb), &host);

  elicit_session_connect_async (host.session, NULL, connect_cb, &host);

  /* Until the tool answered and the user closed every dialog (a notice may
   * outlive the request it replaced). */
  while (!host.done || g_list_model_get_n_items (gtk_window_get_toplevels ()) > 0)
    g_main_context_iteration (NULL, TRUE);

  g_clear_object (&host.session);

  return host.status;
}
