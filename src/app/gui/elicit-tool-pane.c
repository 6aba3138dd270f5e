/* elicit-tool-pane.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "elicit.h"

#include "elicit-schema.h"
#include "elicit-form.h"

#include "elicit-result-view.h"
#include "elicit-tool-pane.h"

/* What the result view shows of one text item, and of all of them. */
#define RESULT_TEXT_MAX   100000
#define RESULT_JSON_MAX   100000

/**
 * ElicitToolPane:
 *
 * Runs one tool of one server: its title and description, a form for its
 * arguments (an [class@Form] on its `inputSchema` when the schema is flat
 * enough for one, a JSON editor otherwise), **Run** and **Stop**, and the
 * result (text content, then structured content as JSON).
 *
 * A call goes on when the user looks at another tool; its result is there
 * when they come back. Elicitations the tool makes meanwhile go through the
 * application's prompt queue like any other. A call the server runs as a
 * task shows the task's state and the server's words for it in the status
 * line; **Stop** cancels the task.
 */

typedef struct
{
  GWeakRef      pane;
  char         *tool_name;
  GCancellable *cancellable;
  char         *status;
  char         *text;
  JsonObject   *answer;       /* the result, shown as content besides its text */
  JsonObject   *arguments;
  ElicitServer *server;
  ElicitSession *session;     /* whose task-status is followed, while running */
  gulong        task_status_id;
  gboolean      running;
  gboolean      is_error;
} ToolRun;

struct _ElicitToolPane
{
  GtkWidget         parent_instance;

  ElicitServer     *server;
  ElicitServerTool *tool;
  GHashTable       *runs;       /* tool name → ToolRun */
  ElicitForm       *form;       /* nullable: NULL means the JSON editor */

  guint             scroll_source;

  /* Template widgets */
  GtkStack         *stack;
  GtkScrolledWindow *scroller;
  GtkLabel         *title_label;
  GtkLabel         *name_label;
  GtkLabel         *description_label;
  GtkWidget        *arguments_heading;
  GtkBox           *form_box;
  GtkWidget        *json_frame;
  GtkTextView      *json_view;
  GtkLabel         *json_note_label;
  GtkLabel         *run_error_label;
  GtkWidget        *stop_button;
  GtkWidget        *run_button;
  GtkWidget        *result_box;
  GtkSpinner       *result_spinner;
  GtkLabel         *result_status_label;
  GtkWidget        *result_frame;
  GtkTextView      *result_view;
  ElicitResultView *content_view;
};

enum {
  PROP_0,
  PROP_SERVER,
  PROP_TOOL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (ElicitToolPane, elicit_tool_pane, GTK_TYPE_WIDGET)

/* Runs --------------------------------------------------------------------------- */

static ToolRun *
tool_run_new (ElicitToolPane *pane,
              const char     *tool_name)
{
  ToolRun *run = g_rc_box_new0 (ToolRun);

  g_weak_ref_init (&run->pane, pane);
  run->tool_name = g_strdup (tool_name);

  return run;
}

static void stop_following_task (ToolRun *run);

static void
tool_run_clear (ToolRun *run)
{
  stop_following_task (run);
  g_weak_ref_clear (&run->pane);
  g_free (run->tool_name);
  g_clear_object (&run->cancellable);
  g_free (run->status);
  g_free (run->text);
  g_clear_pointer (&run->answer, json_object_unref);
  g_clear_pointer (&run->arguments, json_object_unref);
  g_clear_object (&run->server);
}

static ToolRun *
tool_run_ref (ToolRun *run)
{
  return g_rc_box_acquire (run);
}

static void
tool_run_unref (ToolRun *run)
{
  g_rc_box_release_full (run, (GDestroyNotify) tool_run_clear);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ToolRun, tool_run_unref)

static ToolRun *
current_run (ElicitToolPane *self)
{
  if (self->tool == NULL)
    return NULL;

  return g_hash_table_lookup (self->runs, elicit_server_tool_get_name (self->tool));
}

/* Rendering ------------------------------------------------------------------------ */

static void
update_buttons (ElicitToolPane *self)
{
  ToolRun *run = current_run (self);
  gboolean running = run != NULL && run->running;
  gboolean ready = self->server != NULL &&
                   elicit_server_get_state (self->server) == ELICIT_SERVER_STATE_READY;

  gtk_widget_set_sensitive (self->run_button, ready && !running);
  gtk_widget_set_visible (self->stop_button, running);
  gtk_widget_set_tooltip_text (self->run_button,
                               ready ? NULL : _("The server is not running"));
}

/* JSON and tool output break inside words without gaining hyphens that are
 * not in them ("webs-ite"). */
static void
apply_no_hyphens (GtkTextBuffer *buffer)
{
  GtkTextTagTable *table = gtk_text_buffer_get_tag_table (buffer);
  GtkTextTag *tag = gtk_text_tag_table_lookup (table, "elicit-no-hyphens");
  GtkTextIter start, end;

  if (tag == NULL)
    tag = gtk_text_buffer_create_tag (buffer, "elicit-no-hyphens", "insert-hyphens", FALSE, NULL);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_apply_tag (buffer, tag, &start, &end);
}

static void
render_run (ElicitToolPane *self)
{
  ToolRun *run = current_run (self);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->result_view);

  gtk_widget_set_visible (self->result_box, run != NULL);
  elicit_result_view_set_result (self->content_view, run != NULL ? run->answer : NULL);
  if (run == NULL)
    {
      gtk_text_buffer_set_text (buffer, "", 0);
      update_buttons (self);
      return;
    }

  gtk_spinner_set_spinning (self->result_spinner, run->running);
  gtk_widget_set_visible (GTK_WIDGET (self->result_spinner), run->running);
  gtk_label_set_text (self->result_status_label, run->status != NULL ? run->status : "");
  gtk_text_buffer_set_text (buffer, run->text != NULL ? run->text : "", -1);
  apply_no_hyphens (buffer);
  gtk_widget_set_visible (self->result_frame, run->text != NULL);

  if (run->is_error)
    gtk_widget_add_css_class (GTK_WIDGET (self->result_view), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->result_view), "error");

  update_buttons (self);
}

/* Safe readers: a server's JSON may hold anything anywhere. */
static const char *
get_string (JsonObject *object,
            const char *member,
            const char *fallback)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return fallback;

  return json_node_get_string (node);
}

static gboolean
get_true (JsonObject *object,
          const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_BOOLEAN && json_node_get_boolean (node);
}

static void
append_text_content (GString    *out,
                     JsonObject *item)
{
  g_autofree char *text = NULL;

  /* Pictures, sounds, links and resources are the content view's. */
  if (g_strcmp0 (get_string (item, "type", ""), "text") != 0)
    return;

  if (out->len > 0)
    g_string_append (out, "\n\n");
  text = elicit_text_sanitize_block (get_string (item, "text", ""), RESULT_TEXT_MAX);
  g_string_append (out, text);
}

/* The result's text, or NULL when all it holds is shown otherwise. */
static char *
format_result (JsonObject *result)
{
  GString *out = g_string_new (NULL);
  JsonNode *content = json_object_get_member (result, "content");
  JsonNode *structured = json_object_get_member (result, "structuredContent");
  gboolean has_other = structured != NULL && !JSON_NODE_HOLDS_NULL (structured);

  if (content != NULL && JSON_NODE_HOLDS_ARRAY (content))
    {
      JsonArray *items = json_node_get_array (content);

      for (guint i = 0; i < json_array_get_length (items); i++)
        {
          JsonNode *item = json_array_get_element (items, i);

          has_other = TRUE;
          if (JSON_NODE_HOLDS_OBJECT (item))
            append_text_content (out, json_node_get_object (item));
        }
    }

  if (out->len == 0 && has_other)
    return (g_string_free (out, TRUE), NULL);
  if (out->len == 0)
    g_string_append (out, _("(The tool returned no content.)"));

  return g_string_free (out, FALSE);
}

/* Calling ------------------------------------------------------------------------------ */

static void call_tool_cb (GObject      *object,
                          GAsyncResult *result,
                          gpointer      user_data);
static void render_run (ElicitToolPane *self);

/* What the status line says of a call that runs as a task; NULL for a
 * state the server should not have sent. */
static char *
describe_task_status (const char *status,
                      const char *message)
{
  gboolean has_message = message != NULL && *message != '\0';

  if (g_strcmp0 (status, "working") == 0)
    /* Translators: %s is the server's description of what its task is doing */
    return has_message ? g_strdup_printf (_("Running as a task: working — %s"), message)
                       : g_strdup (_("Running as a task: working"));
  if (g_strcmp0 (status, "input_required") == 0)
    /* Translators: %s is the server's description of what it asks */
    return has_message ? g_strdup_printf (_("Waiting for your answer — %s"), message)
                       : g_strdup (_("Waiting for your answer"));
  if (g_strcmp0 (status, "completed") == 0)
    return g_strdup (_("The task is done; fetching its result…"));
  if (g_strcmp0 (status, "failed") == 0 || g_strcmp0 (status, "cancelled") == 0)
    return g_strdup (_("The server ended the task"));

  return NULL;
}

static void
task_status_cb (ElicitSession *session,
                const char    *task_id,
                const char    *status,
                const char    *message,
                ToolRun       *run)
{
  g_autoptr(ElicitToolPane) pane = NULL;
  char *shown;

  /* Another run's task, or another application's call. */
  if (run->cancellable == NULL ||
      elicit_session_get_task_cancellable (session, task_id) != run->cancellable)
    return;

  shown = describe_task_status (status, message);
  if (shown == NULL)
    return;

  g_free (run->status);
  run->status = shown;
  pane = g_weak_ref_get (&run->pane);
  if (pane != NULL && current_run (pane) == run)
    render_run (pane);
}

static void
follow_task (ToolRun *run)
{
  ElicitSession *session = elicit_server_get_session (run->server);

  if (session == NULL)
    return;

  run->session = g_object_ref (session);
  run->task_status_id = g_signal_connect (session, "task-status",
                                          G_CALLBACK (task_status_cb), run);
}

static void
stop_following_task (ToolRun *run)
{
  g_clear_signal_handler (&run->task_status_id, run->session);
  g_clear_object (&run->session);
}

static void
start_call (ToolRun *run)
{
  run->running = TRUE;
  g_clear_object (&run->cancellable);
  run->cancellable = g_cancellable_new ();
  stop_following_task (run);
  follow_task (run);
  elicit_server_call_tool_async (run->server, run->tool_name, run->arguments, run->cancellable,
                                 call_tool_cb, tool_run_ref (run));
}

static void
finish_with_error (ToolRun        *run,
                   ElicitToolPane *pane,
                   const GError   *error)
{
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      run->status = g_strdup (_("Stopped; the server was told to cancel the call"));
      return;
    }

  /* A -32042 ends here only when a step in the browser was refused: the
   * session showed the steps and ran the tool again until then. */
  run->status = g_strdup (_("The call failed"));

  run->text = elicit_text_sanitize_block (error->message, RESULT_TEXT_MAX);
  run->is_error = TRUE;
}

static void
call_tool_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(ToolRun) run = user_data;
  g_autoptr(ElicitToolPane) pane = g_weak_ref_get (&run->pane);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) answer = NULL;

  answer = elicit_server_call_tool_finish (ELICIT_SERVER (object), result, &error);

  run->running = FALSE;
  stop_following_task (run);
  g_clear_object (&run->cancellable);
  g_clear_pointer (&run->status, g_free);
  g_clear_pointer (&run->text, g_free);
  g_clear_pointer (&run->answer, json_object_unref);
  run->is_error = FALSE;

  if (answer == NULL)
    finish_with_error (run, pane, error);
  else
    {
      run->is_error = get_true (answer, "isError");
      run->status = g_strdup (run->is_error ? _("The tool reported an error") : _("Done"));
      run->text = format_result (answer);
      run->answer = json_object_ref (answer);
    }

  if (pane != NULL && current_run (pane) == run)
    render_run (pane);
}

static JsonObject *
collect_arguments (ElicitToolPane  *self,
                   GError         **error)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;
  g_autofree char *text = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) parse_error = NULL;

  if (self->form != NULL)
    {
      if (!elicit_form_get_valid (self->form))
        {
          elicit_form_show_all_errors (self->form);
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("Some arguments are missing or not valid"));
          return NULL;
        }

      return elicit_form_get_content (self->form);
    }

  buffer = gtk_text_view_get_buffer (self->json_view);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);

  node = elicit_json_parse (text, -1, 0, &parse_error);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      /* Translators: %s says what is wrong with the JSON */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The arguments must be a JSON object: %s"),
                   parse_error != NULL ? parse_error->message : _("this is another kind of value"));
      return NULL;
    }

  return json_object_ref (json_node_get_object (node));
}

/* The run's state is at the end of the pane: once laid out, show it. */
static gboolean
scroll_to_run_cb (gpointer user_data)
{
  ElicitToolPane *self = user_data;
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);

  self->scroll_source = 0;
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment) -
                                        gtk_adjustment_get_page_size (adjustment));

  return G_SOURCE_REMOVE;
}

static void
run_clicked_cb (ElicitToolPane *self)
{
  g_autoptr(JsonObject) arguments = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;
  ToolRun *run;

  if (self->tool == NULL || self->server == NULL)
    return;

  arguments = collect_arguments (self, &error);
  gtk_label_set_text (self->run_error_label, arguments == NULL ? error->message : "");
  if (arguments == NULL)
    return;

  name = elicit_server_tool_get_name (self->tool);
  run = tool_run_new (self, name);
  run->arguments = json_object_ref (arguments);
  run->server = g_object_ref (self->server);
  run->status = g_strdup (_("Running…"));
  g_hash_table_replace (self->runs, g_strdup (name), run);
  start_call (run);
  render_run (self);
  g_clear_handle_id (&self->scroll_source, g_source_remove);
  /* Below the redraw priority: after the frame that lays the result out. */
  self->scroll_source = g_idle_add_full (G_PRIORITY_LOW, scroll_to_run_cb, self, NULL);
}

static void
stop_clicked_cb (ElicitToolPane *self)
{
  ToolRun *run = current_run (self);

  if (run != NULL && run->cancellable != NULL)
    g_cancellable_cancel (run->cancellable);
}

/* Arguments ----------------------------------------------------------------------------- */

static void
clear_arguments (ElicitToolPane *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->form_box))) != NULL)
    gtk_box_remove (self->form_box, child);
  self->form = NULL;

  gtk_widget_set_visible (self->json_frame, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->json_note_label), FALSE);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->json_view), "{}", -1);
  gtk_label_set_text (self->run_error_label, "");
}

static void
show_json_editor (ElicitToolPane *self,
                  const char     *why)
{
  g_autofree char *note = NULL;

  /* Translators: %s says why the arguments cannot be shown as a form */
  note = g_strdup_printf (_("These arguments cannot be shown as a form (%s). Write them as a "
                            "JSON object."), why);
  gtk_label_set_text (self->json_note_label, note);
  gtk_widget_set_visible (GTK_WIDGET (self->json_note_label), TRUE);
  gtk_widget_set_visible (self->json_frame, TRUE);
}

static void
build_arguments (ElicitToolPane *self)
{
  JsonObject *input_schema = elicit_server_tool_get_input_schema (self->tool);
  g_autoptr(ElicitSchema) schema = NULL;
  g_autoptr(GError) error = NULL;

  clear_arguments (self);

  if (input_schema == NULL)
    {
      show_json_editor (self, _("the tool has no input schema"));
      return;
    }

  schema = elicit_schema_new_from_json (input_schema, &error);
  if (schema == NULL)
    {
      g_autofree char *why = elicit_text_sanitize_line (error->message, ELICIT_TEXT_LINE_MAX);

      show_json_editor (self, why);
      return;
    }

  self->form = ELICIT_FORM (elicit_form_new (schema));
  gtk_box_append (self->form_box, GTK_WIDGET (self->form));
}

static void
show_tool (ElicitToolPane *self)
{
  const char *description;

  if (self->tool == NULL)
    {
      clear_arguments (self);
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }

  description = elicit_server_tool_get_description (self->tool);
  gtk_label_set_text (self->title_label, elicit_server_tool_get_title (self->tool));
  gtk_label_set_text (self->name_label, elicit_server_tool_get_name (self->tool));
  gtk_label_set_text (self->description_label, description);
  gtk_widget_set_visible (GTK_WIDGET (self->description_label), *description != '\0');

  build_arguments (self);
  render_run (self);
  gtk_stack_set_visible_child_name (self->stack, "tool");
}

static void
server_state_cb (ElicitToolPane *self)
{
  update_buttons (self);
}

/* GObject ---------------------------------------------------------------------------------- */

static void
elicit_tool_pane_dispose (GObject *object)
{
  ElicitToolPane *self = ELICIT_TOOL_PANE (object);
  GtkWidget *child;

  g_clear_handle_id (&self->scroll_source, g_source_remove);
  if (self->server != NULL)
    g_signal_handlers_disconnect_by_data (self->server, self);
  g_clear_object (&self->server);
  g_clear_object (&self->tool);
  self->form = NULL;

  gtk_widget_dispose_template (GTK_WIDGET (self), ELICIT_TYPE_TOOL_PANE);
  /* The template's unnamed children too. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (elicit_tool_pane_parent_class)->dispose (object);
}

static void
elicit_tool_pane_finalize (GObject *object)
{
  ElicitToolPane *self = ELICIT_TOOL_PANE (object);

  g_hash_table_unref (self->runs);

  G_OBJECT_CLASS (elicit_tool_pane_parent_class)->finalize (object);
}

static void
elicit_tool_pane_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  ElicitToolPane *self = ELICIT_TOOL_PANE (object);

  switch (prop_id)
    {
    case PROP_SERVER:
      g_value_set_object (value, elicit_tool_pane_get_server (self));
      break;

    case PROP_TOOL:
      g_value_set_object (value, elicit_tool_pane_get_tool (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_tool_pane_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  ElicitToolPane *self = ELICIT_TOOL_PANE (object);

  switch (prop_id)
    {
    case PROP_SERVER:
      elicit_tool_pane_set_server (self, g_value_get_object (value));
      break;

    case PROP_TOOL:
      elicit_tool_pane_set_tool (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_tool_pane_class_init (ElicitToolPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = elicit_tool_pane_dispose;
  object_class->finalize = elicit_tool_pane_finalize;
  object_class->get_property = elicit_tool_pane_get_property;
  object_class->set_property = elicit_tool_pane_set_property;

  /**
   * ElicitToolPane:server:
   *
   * The server whose tools the pane runs.
   */
  properties[PROP_SERVER] =
    g_param_spec_object ("server", NULL, NULL,
                         ELICIT_TYPE_SERVER,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitToolPane:tool:
   *
   * The tool shown, or %NULL.
   */
  properties[PROP_TOOL] =
    g_param_spec_object ("tool", NULL, NULL,
                         ELICIT_TYPE_SERVER_TOOL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ELICIT_TYPE_RESULT_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/gnome/World/Elicit/ui/elicit-tool-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, ElicitToolPane, stack);
  gtk_widget_class_bind_template_child (widget_class, ElicitToolPane, title_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitToolPane, name_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitToolPane, description_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitToolPane, arguments_heading);
  gtk_widget_class_bind_template_child (widget_class, ElicitToolPane, form_box);
  gtk_widget_class_bind_template_child (widget_class, ElicitToolPane, json_frame);
  gtk_widget_class_bind_template_child (widget_class, ElicitToolPane, json_view);
  gtk_widget_class_bind_template_child (widget_class, ElicitToolPane, json_note_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitToolPane, run_error_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitToolPane, stop_button);
  gtk_widget_class_bind_template_child (widget_class, ElicitToolPane, run_button);
  gtk_widget_class_bind_template_child (widget_class, ElicitToolPane, result_box);
  gtk_widget_class_bind_template_child (widget_class, ElicitToolPane, result_spinner);
  gtk_widget_class_bind_template_child (widget_class, ElicitToolPane, result_status_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitToolPane, result_frame);
  gtk_widget_class_bind_template_child (widget_class, ElicitToolPane, result_view);
  gtk_widget_class_bind_template_child (widget_class, ElicitToolPane, content_view);
  gtk_widget_class_bind_template_child (widget_class, ElicitToolPane, scroller);
  gtk_widget_class_bind_template_callback (widget_class, run_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_clicked_cb);

  gtk_widget_class_set_css_name (widget_class, "elicittoolpane");
}

/* A tab of the result view is two characters wide. */
static void
set_tab_width (GtkTextView *view)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (view), "  ");
  PangoTabArray *tabs;
  int width;

  pango_layout_get_pixel_size (layout, &width, NULL);
  tabs = pango_tab_array_new_with_positions (1, TRUE, PANGO_TAB_LEFT, MAX (width, 1));
  gtk_text_view_set_tabs (view, tabs);
  pango_tab_array_free (tabs);
}

static void
elicit_tool_pane_init (ElicitToolPane *self)
{
  self->runs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                      (GDestroyNotify) tool_run_unref);

  gtk_widget_init_template (GTK_WIDGET (self));
  set_tab_width (self->result_view);
}

/**
 * elicit_tool_pane_new:
 *
 * Returns: (transfer floating): a new tool pane, showing nothing
 */
GtkWidget *
elicit_tool_pane_new (void)
{
  return g_object_new (ELICIT_TYPE_TOOL_PANE, NULL);
}

/**
 * elicit_tool_pane_get_server:
 * @self: a tool pane
 *
 * Returns: (transfer none) (nullable): the server
 */
ElicitServer *
elicit_tool_pane_get_server (ElicitToolPane *self)
{
  g_return_val_if_fail (ELICIT_IS_TOOL_PANE (self), NULL);

  return self->server;
}

/**
 * elicit_tool_pane_get_tool:
 * @self: a tool pane
 *
 * Returns: (transfer none) (nullable): the tool shown
 */
ElicitServerTool *
elicit_tool_pane_get_tool (ElicitToolPane *self)
{
  g_return_val_if_fail (ELICIT_IS_TOOL_PANE (self), NULL);

  return self->tool;
}

/**
 * elicit_tool_pane_set_server:
 * @self: a tool pane
 * @server: (nullable): the server whose tools to run
 *
 * Sets the server; what was shown of another server is forgotten.
 */
void
elicit_tool_pane_set_server (ElicitToolPane *self,
                             ElicitServer   *server)
{
  g_return_if_fail (ELICIT_IS_TOOL_PANE (self));
  g_return_if_fail (server == NULL || ELICIT_IS_SERVER (server));

  if (self->server == server)
    return;

  if (self->server != NULL)
    g_signal_handlers_disconnect_by_data (self->server, self);
  g_set_object (&self->server, server);
  if (server != NULL)
    g_signal_connect_object (server, "notify::state",
                             G_CALLBACK (server_state_cb), self, G_CONNECT_SWAPPED);

  g_hash_table_remove_all (self->runs);
  elicit_tool_pane_set_tool (self, NULL);
  update_buttons (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER]);
}

/**
 * elicit_tool_pane_set_tool:
 * @self: a tool pane
 * @tool: (nullable): the tool to show
 *
 * Shows @tool, with the result of its last call if there was one.
 */
void
elicit_tool_pane_set_tool (ElicitToolPane   *self,
                           ElicitServerTool *tool)
{
  g_return_if_fail (ELICIT_IS_TOOL_PANE (self));
  g_return_if_fail (tool == NULL || ELICIT_IS_SERVER_TOOL (tool));

  if (!g_set_object (&self->tool, tool))
    return;

  show_tool (self);
  /* Each tool is read from its title down, wherever the last one was left. */
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
}
