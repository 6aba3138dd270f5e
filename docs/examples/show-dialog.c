/* show-dialog.c: asks the user what an MCP server asks, in a dialog.
 *
 * Usage: show-dialog SERVER PARAMS
 *
 * SERVER is the name the user knows the server by, PARAMS the JSON text of
 * the params of its `elicitation/create` request. Prints the result to send
 * back to the server once the user has answered: accepted with the form's
 * content, declined, or cancelled.
 *
 * SPDX-License-Identifier: CC0-1.0
 */

#include <elicit-gtk.h>

static void
state_changed_cb (ElicitRequest *request,
                  GParamSpec    *pspec,
                  GMainLoop     *loop)
{
  g_autofree char *result = elicit_request_dup_result_json (request);

  if (result != NULL)
    {
      g_print ("%s\n", result);
      g_main_loop_quit (loop);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *dialog;

  if (argc != 3)
    {
      g_printerr ("Usage: %s SERVER PARAMS\n", argv[0]);
      return 2;
    }

  request = elicit_request_new_from_data (argv[2], -1, &error);
  if (request == NULL)
    {
      g_printerr ("Not a request: %s\n", error->message);
      return 1;
    }

  gtk_init ();
  loop = g_main_loop_new (NULL, FALSE);
  g_signal_connect (request, "notify::state", G_CALLBACK (state_changed_cb), loop);

  /* The dialog answers the request and closes itself; closing its window
   * cancels the request. */
  dialog = elicit_dialog_new (request);
  elicit_dialog_set_server_label (ELICIT_DIALOG (dialog), argv[1]);
  gtk_window_present (GTK_WINDOW (dialog));

  g_main_loop_run (loop);

  return 0;
}
