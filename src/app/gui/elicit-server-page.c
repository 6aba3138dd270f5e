/* elicit-server-page.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "elicit-gtk.h"

#include "elicit-request.h"

#include "elicit-log-entry.h"
#include "elicit-log-view.h"
#include "elicit-server-page.h"
#include "elicit-server-tool.h"
#include "elicit-tool-pane.h"
#include "elicit-width-bin.h"
#include "elicit-window.h"

#define PROMPT_MESSAGE_MAX 300

/**
 * ElicitServerPage:
 *
 * Everything about one server, in the window's main area: its name, state
 * (for a failed server, the reason) and a row of actions (Restart; more
 * with elicit_server_page_add_header_action()); then three
 * sections: its **Tools** (a list, and an [class@ToolPane] to run the one
 * chosen; narrow, the two take turns), the **Prompts** it sent that wait for an answer, and its **Log**
 * (standard error, protocol traffic both ways, log messages, Elicit's
 * notices), which follows new lines while scrolled to the end.
 */

struct _ElicitServerPage
{
  GtkWidget          parent_instance;

  ElicitServer      *server;
  GtkFilterListModel *prompts;
  GtkCustomFilter    *prompt_filter;
  guint               prompts_source;
  char               *selected_tool;
  GSettings          *settings;
  int                 drag_start_width;

  /* Template widgets */
  GtkLabel          *name_label;
  GtkImage          *status_icon;
  GtkLabel          *status_label;
  GtkLabel          *claim_label;
  GtkLabel          *instructions_label;
  GtkLabel          *instructions_heading;
  GtkWidget         *details_expander;
  GtkLabel          *detail_label;
  GtkLabel          *revision_label;
  GtkWidget         *header_actions;
  GtkWidget         *restart_button;
  GtkWidget         *sign_in_button;
  GtkWidget         *sign_out_button;
  GtkLabel          *sign_in_label;
  GtkStack          *page_stack;
  AdwLeaflet        *tools_leaflet;
  ElicitWidthBin    *tools_width;
  GtkWidget         *tools_handle;
  GtkStack          *tools_stack;
  GtkListBox        *tool_list;
  GtkLabel          *tools_empty_label;
  ElicitToolPane    *tool_pane;
  GtkStackPage      *prompts_page;
  GtkStack          *prompts_stack;
  GtkListBox        *prompt_list;
  ElicitLogView     *log_view;
};

G_DEFINE_FINAL_TYPE (ElicitServerPage, elicit_server_page, GTK_TYPE_WIDGET)

static const char * const state_classes[] = { "starting", "ready", "failed", "stopped" };

/* Header ---------------------------------------------------------------------------- */

static void
set_state_class (GtkWidget  *widget,
                 const char *style_class)
{
  for (guint i = 0; i < G_N_ELEMENTS (state_classes); i++)
    gtk_widget_remove_css_class (widget, state_classes[i]);
  gtk_widget_add_css_class (widget, style_class);
}

static void
update_tools_empty (ElicitServerPage *self)
{
  guint n_tools = g_list_model_get_n_items (elicit_server_get_tools (self->server));
  ElicitServerState state = elicit_server_get_state (self->server);
  const char *text;

  if (n_tools > 0)
    {
      gtk_stack_set_visible_child_name (self->tools_stack, "list");
      return;
    }

  if (state == ELICIT_SERVER_STATE_READY)
    text = _("This server offers no tools.");
  else if (state == ELICIT_SERVER_STATE_STARTING)
    text = _("Waiting for the server…");
  else
    text = _("The server is not running.");

  gtk_label_set_text (self->tools_empty_label, text);
  gtk_stack_set_visible_child_name (self->tools_stack, "empty");
}

/* Enough of a server's instructions for a person to see what they are. */
#define INSTRUCTIONS_MAX 4000

/* Only texts change inside the details, never what is shown: GTK 4.8's
 * AT-SPI bridge fails (a CRITICAL) on widgets shown or hidden inside a
 * collapsed expander, which was never mapped. */
static gboolean
set_detail_label (GtkLabel   *label,
                  const char *text)
{
  gboolean shown = text != NULL && *text != '\0';

  gtk_label_set_text (label, shown ? text : "");

  return shown;
}

static void
update_details (ElicitServerPage *self)
{
  ElicitSession *session = elicit_server_get_session (self->server);
  const char *version = NULL;
  g_autofree char *revision = NULL;
  g_autofree char *instructions = NULL;
  gboolean shown = FALSE;

  if (session != NULL && elicit_server_get_state (self->server) == ELICIT_SERVER_STATE_READY)
    version = elicit_session_get_protocol_version (session);
  if (version != NULL)
    /* Translators: %s is an MCP revision, such as 2025-11-25 */
    revision = g_strdup_printf (_("Speaks MCP %s"), version);
  instructions = elicit_text_sanitize_block (elicit_server_get_instructions (self->server),
                                             INSTRUCTIONS_MAX);

  shown |= set_detail_label (self->detail_label, elicit_server_get_detail (self->server));
  shown |= set_detail_label (self->revision_label, revision);
  shown |= set_detail_label (self->claim_label, elicit_server_get_claim (self->server));
  if (set_detail_label (self->instructions_label, instructions))
    {
      shown = TRUE;
      gtk_label_set_text (self->instructions_heading, _("Instructions for AI models"));
    }
  else
    gtk_label_set_text (self->instructions_heading, "");

  gtk_widget_set_visible (self->details_expander, shown);
}

static void update_sign_in (ElicitServerPage *self);

static void
update_header (ElicitServerPage *self)
{
  ElicitServerState state = elicit_server_get_state (self->server);
  const char *icon_name = elicit_server_state_get_icon_name (state);

  gtk_label_set_text (self->status_label, elicit_server_get_status (self->server));
  gtk_image_set_from_icon_name (self->status_icon,
                                icon_name != NULL ? icon_name : "content-loading-symbolic");
  set_state_class (GTK_WIDGET (self->status_icon), elicit_server_state_get_style_class (state));
  set_state_class (GTK_WIDGET (self->status_label), elicit_server_state_get_style_class (state));

  update_details (self);

  /* Starting again changes nothing for an entry the servers file gets wrong. */
  gtk_widget_set_sensitive (self->restart_button,
                            state != ELICIT_SERVER_STATE_DISABLED &&
                            elicit_server_config_get_problem (elicit_server_get_config (self->server)) == NULL);
  update_tools_empty (self);
  update_sign_in (self);
}

static void
restart_clicked_cb (ElicitServerPage *self)
{
  elicit_server_restart (self->server);
}

/* Signing in ---------------------------------------------------------------------------- */

/* A remote server says whether it is signed in, and offers Sign In (which
 * connects again, and so asks) or Sign Out. */
static void
update_sign_in (ElicitServerPage *self)
{
  gboolean remote = elicit_server_is_remote (self->server);
  gboolean signed_in = elicit_server_get_signed_in (self->server);
  ElicitServerState state = elicit_server_get_state (self->server);

  gtk_widget_set_visible (GTK_WIDGET (self->sign_in_label), remote);
  gtk_label_set_text (self->sign_in_label, signed_in ? _("Signed in") : _("Not signed in"));
  gtk_widget_set_visible (self->sign_out_button, remote && signed_in);
  gtk_widget_set_visible (self->sign_in_button,
                          remote && !signed_in && state != ELICIT_SERVER_STATE_STARTING &&
                          state != ELICIT_SERVER_STATE_DISABLED);
}

static void
sign_in_clicked_cb (ElicitServerPage *self)
{
  elicit_server_restart (self->server);
}

static void
notify (ElicitServerPage *self,
        const char       *text)
{
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (self)));

  if (ELICIT_IS_WINDOW (window))
    elicit_window_show_notice (ELICIT_WINDOW (window), text, FALSE);
}

static void
sign_out_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(ElicitServerPage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *name = elicit_text_sanitize_line (elicit_server_get_name (ELICIT_SERVER (object)),
                                                     ELICIT_TEXT_LINE_MAX);

  if (elicit_server_sign_out_finish (ELICIT_SERVER (object), result, &error))
    /* Translators: %s is the name the user gave the server */
    text = g_strdup_printf (_("Signed out of “%s”: its tokens and registration are forgotten"), name);
  else
    /* Translators: %s is the name the user gave the server, then why the keyring failed */
    text = g_strdup_printf (_("Signed out of “%s” until Elicit quits, but the keyring could not forget it: %s"),
                            name, error->message);

  notify (self, text);
}

static void
sign_out_clicked_cb (ElicitServerPage *self)
{
  elicit_server_sign_out_async (self->server, NULL, sign_out_cb, g_object_ref (self));
}

/* Tools --------------------------------------------------------------------------------- */

static GtkWidget *
create_tool_row (gpointer item,
                 gpointer user_data)
{
  ElicitServerTool *tool = item;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (elicit_server_tool_get_title (tool));
  GtkWidget *description = gtk_label_new (elicit_server_tool_get_description (tool));
  GtkWidget *row = gtk_list_box_row_new ();

  /* A title is read whole ("Trigger Elicitation Requ…" said nothing): it
   * wraps; the description is the one cut short. */
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (title), PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (title, "heading");
  gtk_box_append (GTK_BOX (box), title);

  gtk_label_set_xalign (GTK_LABEL (description), 0);
  gtk_label_set_wrap (GTK_LABEL (description), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (description), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (GTK_LABEL (description), 2);
  /* Asks for little width of its own: the list is as wide as its titles. */
  gtk_label_set_max_width_chars (GTK_LABEL (description), 20);
  gtk_label_set_ellipsize (GTK_LABEL (description), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (description, "description");
  gtk_widget_add_css_class (description, "dim-label");
  gtk_widget_set_visible (description, *elicit_server_tool_get_description (tool) != '\0');
  gtk_box_append (GTK_BOX (box), description);

  gtk_widget_add_css_class (row, "tool-row");
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  /* Screen readers name the row by the tool. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, elicit_server_tool_get_title (tool),
                                  -1);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, description, NULL,
                                  -1);
  g_object_set_data_full (G_OBJECT (row), "elicit-tool", g_object_ref (tool), g_object_unref);

  return row;
}

static void
tool_row_selected_cb (ElicitServerPage *self,
                      GtkListBoxRow    *row)
{
  ElicitServerTool *tool = row != NULL ? g_object_get_data (G_OBJECT (row), "elicit-tool") : NULL;

  /* A refreshed list drops the selection; keep showing the tool meanwhile. */
  if (tool == NULL)
    return;

  g_free (self->selected_tool);
  self->selected_tool = g_strdup (elicit_server_tool_get_name (tool));
  elicit_tool_pane_set_tool (self->tool_pane, tool);
  /* Narrow, choosing a tool shows it. */
  adw_leaflet_navigate (self->tools_leaflet, ADW_NAVIGATION_DIRECTION_FORWARD);
}

static void
tools_back_clicked_cb (ElicitServerPage *self)
{
  adw_leaflet_navigate (self->tools_leaflet, ADW_NAVIGATION_DIRECTION_BACK);
}

/* After the server lists its tools again, select the same tool again. */
static void
tools_changed_cb (ElicitServerPage *self)
{
  GListModel *tools = elicit_server_get_tools (self->server);
  guint n_tools = g_list_model_get_n_items (tools);
  gboolean found = FALSE;

  update_tools_empty (self);

  for (guint i = 0; self->selected_tool != NULL && i < n_tools && !found; i++)
    {
      g_autoptr(ElicitServerTool) tool = g_list_model_get_item (tools, i);

      if (g_str_equal (elicit_server_tool_get_name (tool), self->selected_tool))
        {
          gtk_list_box_select_row (self->tool_list, gtk_list_box_get_row_at_index (self->tool_list, i));
          found = TRUE;
        }
    }

  if (!found && n_tools == 0)
    elicit_tool_pane_set_tool (self->tool_pane, NULL);
}

/* Prompts ------------------------------------------------------------------------------- */

static gboolean
prompt_filter_func (gpointer item,
                    gpointer user_data)
{
  ElicitServerPage *self = user_data;
  g_autoptr(ElicitSession) session = elicit_request_dup_session (item);

  return session != NULL && session == elicit_server_get_session (self->server);
}

static char *
describe_prompt (ElicitRequest *request)
{
  if (elicit_request_get_mode (request) == ELICIT_REQUEST_MODE_URL)
    {
      g_autofree char *url = elicit_text_sanitize_line (elicit_request_get_url (request),
                                                        PROMPT_MESSAGE_MAX);

      /* Translators: %s is a web address a server asks the user to open */
      return g_strdup_printf (_("Asks you to open %s"), url);
    }

  return elicit_text_sanitize_block (elicit_request_get_message (request), PROMPT_MESSAGE_MAX);
}

static GtkWidget *
create_prompt_row (ElicitServerPage *self,
                   ElicitRequest    *request,
                   gboolean          first)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *labels = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *message = describe_prompt (request);
  GtkWidget *label = gtk_label_new (message);
  GtkWidget *state = gtk_label_new (first ? _("Open in a window")
                                          : _("Waiting until the one above is answered"));
  GtkWidget *row = gtk_list_box_row_new ();

  gtk_box_append (GTK_BOX (box), gtk_image_new_from_icon_name (APP_ID "-symbolic"));

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (GTK_LABEL (label), 3);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (labels), label);
  gtk_label_set_xalign (GTK_LABEL (state), 0);
  gtk_widget_add_css_class (state, "dim-label");
  gtk_widget_add_css_class (state, "caption");
  gtk_box_append (GTK_BOX (labels), state);
  gtk_widget_set_hexpand (labels, TRUE);
  gtk_box_append (GTK_BOX (box), labels);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL,
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, state, NULL,
                                  -1);

  if (first)
    {
      GtkWidget *button = gtk_button_new ();
      GtkWidget *button_label = gtk_label_new_with_mnemonic (_("_Show"));

      /* A label of its own: GTK 4.8 names a mnemonic button "_Show Show". */
      gtk_label_set_mnemonic_widget (GTK_LABEL (button_label), button);
      gtk_button_set_child (GTK_BUTTON (button), button_label);

      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "app.show-prompt");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s",
                                        elicit_server_get_name (self->server));
      gtk_box_append (GTK_BOX (box), button);
    }

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);

  return row;
}

/* At most the queue's per-server cap of rows: rebuilt whole on each change,
 * since which one is shown changes with the others. */
static void
update_prompts (ElicitServerPage *self)
{
  GListModel *prompts = G_LIST_MODEL (self->prompts);
  guint n_prompts = g_list_model_get_n_items (prompts);
  GtkWidget *child;
  g_autofree char *title = NULL;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->prompt_list))) != NULL)
    gtk_list_box_remove (self->prompt_list, child);

  for (guint i = 0; i < n_prompts; i++)
    {
      g_autoptr(ElicitRequest) request = g_list_model_get_item (prompts, i);

      gtk_list_box_append (self->prompt_list, create_prompt_row (self, request, i == 0));
    }

  gtk_stack_set_visible_child_name (self->prompts_stack, n_prompts > 0 ? "list" : "empty");

  if (n_prompts > 0)
    /* Translators: a section's title with how many prompts wait in it */
    title = g_strdup_printf (C_("section title", "Prompts (%u)"), n_prompts);
  else
    title = g_strdup (C_("section title", "Prompts"));
  gtk_stack_page_set_title (self->prompts_page, title);
  gtk_stack_page_set_needs_attention (self->prompts_page, n_prompts > 0);
}

static gboolean
update_prompts_cb (gpointer user_data)
{
  ElicitServerPage *self = user_data;

  self->prompts_source = 0;
  update_prompts (self);

  return G_SOURCE_REMOVE;
}

/* A flood changes the queue thousands of times a second: the rows follow at
 * most once a frame, below redraw priority. */
static void
prompts_changed_cb (ElicitServerPage *self)
{
  if (self->prompts_source == 0)
    self->prompts_source = g_timeout_add_full (G_PRIORITY_DEFAULT_IDLE, 16, update_prompts_cb,
                                               self, NULL);
}

static void
session_changed_cb (ElicitServerPage *self)
{
  gtk_filter_changed (GTK_FILTER (self->prompt_filter), GTK_FILTER_CHANGE_DIFFERENT);
}

/* Log --------------------------------------------------------------------------------------- */

static void
setup_log (ElicitServerPage *self)
{
  elicit_log_view_set_log (self->log_view, ELICIT_LOG_RING (elicit_server_get_log (self->server)));
}

/* The tool list's width ---------------------------------------------------------------------- */

/* The tool list, the handle and the tool's narrowest (ElicitToolPane's 320 px). */
#define TOOL_LIST_MIN_WIDTH 240
#define TOOL_MIN_WIDTH 320

static void
drag_begin_cb (ElicitServerPage *self)
{
  self->drag_start_width = gtk_widget_get_width (GTK_WIDGET (self->tools_width));
}

static void
drag_update_cb (ElicitServerPage *self,
                double            dx)
{
  int room = gtk_widget_get_width (GTK_WIDGET (self->tools_leaflet)) -
             gtk_widget_get_width (self->tools_handle) - TOOL_MIN_WIDTH;
  int width = self->drag_start_width + (int) dx;

  /* Wider than leaves the tool its room would fold the leaflet under the pointer. */
  width = CLAMP (width, TOOL_LIST_MIN_WIDTH, MAX (room, TOOL_LIST_MIN_WIDTH));
  elicit_width_bin_set_natural_width (self->tools_width, width);
}

/* Remembered once the drag ends, for every server's page and the next start. */
static void
drag_end_cb (ElicitServerPage *self)
{
  if (self->settings != NULL)
    g_settings_set_int (self->settings, "tool-list-width",
                        elicit_width_bin_get_natural_width (self->tools_width));
}

static void
setup_handle (ElicitServerPage *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();

  gtk_widget_set_cursor_from_name (self->tools_handle, "col-resize");
  g_signal_connect_object (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (drag, "drag-update", G_CALLBACK (drag_update_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (drag, "drag-end", G_CALLBACK (drag_end_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (self->tools_handle, GTK_EVENT_CONTROLLER (drag));
}

/* GObject ------------------------------------------------------------------------------------- */

static void
elicit_server_page_dispose (GObject *object)
{
  ElicitServerPage *self = ELICIT_SERVER_PAGE (object);
  GtkWidget *child;

  g_clear_handle_id (&self->prompts_source, g_source_remove);
  if (self->server != NULL)
    g_signal_handlers_disconnect_by_data (self->server, self);
  if (self->prompts != NULL)
    g_signal_handlers_disconnect_by_data (self->prompts, self);

  gtk_widget_dispose_template (GTK_WIDGET (self), ELICIT_TYPE_SERVER_PAGE);
  /* The template's unnamed children too. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  g_clear_object (&self->prompts);
  g_clear_object (&self->server);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (elicit_server_page_parent_class)->dispose (object);
}

static void
elicit_server_page_finalize (GObject *object)
{
  ElicitServerPage *self = ELICIT_SERVER_PAGE (object);

  g_free (self->selected_tool);

  G_OBJECT_CLASS (elicit_server_page_parent_class)->finalize (object);
}

static void
elicit_server_page_class_init (ElicitServerPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = elicit_server_page_dispose;
  object_class->finalize = elicit_server_page_finalize;

  g_type_ensure (ELICIT_TYPE_TOOL_PANE);
  g_type_ensure (ELICIT_TYPE_WIDTH_BIN);
  g_type_ensure (ELICIT_TYPE_LOG_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/gnome/World/Elicit/ui/elicit-server-page.ui");
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, name_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, status_icon);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, claim_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, instructions_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, instructions_heading);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, details_expander);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, detail_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, revision_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, header_actions);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, restart_button);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, sign_in_button);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, sign_out_button);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, sign_in_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, page_stack);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, tools_leaflet);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, tools_width);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, tools_handle);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, tools_stack);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, tool_list);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, tools_empty_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, tool_pane);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, prompts_page);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, prompts_stack);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, prompt_list);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerPage, log_view);
  gtk_widget_class_bind_template_callback (widget_class, restart_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, sign_in_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, sign_out_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, tool_row_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, tools_back_clicked_cb);

  gtk_widget_class_set_css_name (widget_class, "elicitserverpage");
}

static void
elicit_server_page_init (ElicitServerPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  setup_handle (self);
}

static void
bind_server (ElicitServerPage *self)
{
  g_autofree char *name = elicit_text_sanitize_line (elicit_server_get_name (self->server),
                                                     ELICIT_TEXT_LINE_MAX);

  gtk_label_set_text (self->name_label, name);
  elicit_tool_pane_set_server (self->tool_pane, self->server);

  gtk_list_box_bind_model (self->tool_list, elicit_server_get_tools (self->server),
                           create_tool_row, NULL, NULL);
  g_signal_connect_object (elicit_server_get_tools (self->server), "items-changed",
                           G_CALLBACK (tools_changed_cb), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);

  self->prompt_filter = gtk_custom_filter_new (prompt_filter_func, self, NULL);
  self->prompts = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (elicit_server_get_queue (self->server))),
                                             GTK_FILTER (self->prompt_filter));
  g_signal_connect_object (self->prompts, "items-changed",
                           G_CALLBACK (prompts_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->server, "notify::session",
                           G_CALLBACK (session_changed_cb), self, G_CONNECT_SWAPPED);

  setup_log (self);

  g_signal_connect_object (self->server, "notify::state",
                           G_CALLBACK (update_header), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->server, "notify::status",
                           G_CALLBACK (update_header), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->server, "notify::claim",
                           G_CALLBACK (update_header), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->server, "notify::detail",
                           G_CALLBACK (update_details), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->server, "notify::instructions",
                           G_CALLBACK (update_details), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->server, "notify::signed-in",
                           G_CALLBACK (update_sign_in), self, G_CONNECT_SWAPPED);
  update_header (self);
  update_prompts (self);
}

/**
 * elicit_server_page_new:
 * @server: a server
 *
 * Returns: (transfer floating): the page of @server
 */
GtkWidget *
elicit_server_page_new (ElicitServer *server)
{
  ElicitServerPage *self;

  g_return_val_if_fail (ELICIT_IS_SERVER (server), NULL);

  self = g_object_new (ELICIT_TYPE_SERVER_PAGE, NULL);
  self->server = g_object_ref (server);
  bind_server (self);

  return GTK_WIDGET (self);
}

/**
 * elicit_server_page_set_settings:
 * @self: a server page
 * @settings: the app's settings
 *
 * Takes the tool list's width from @settings (`tool-list-width`), follows it
 * as other pages change it, and keeps it there when the person drags it.
 */
void
elicit_server_page_set_settings (ElicitServerPage *self,
                                 GSettings        *settings)
{
  g_return_if_fail (ELICIT_IS_SERVER_PAGE (self));
  g_return_if_fail (G_IS_SETTINGS (settings));

  if (!g_set_object (&self->settings, settings))
    return;

  g_settings_bind (settings, "tool-list-width", self->tools_width, "natural-width",
                   G_SETTINGS_BIND_GET);
}

/**
 * elicit_server_page_get_server:
 * @self: a server page
 *
 * Returns: (transfer none): the server
 */
ElicitServer *
elicit_server_page_get_server (ElicitServerPage *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_PAGE (self), NULL);

  return self->server;
}

/**
 * elicit_server_page_get_prompts:
 * @self: a server page
 *
 * Returns: (transfer none): the server's [class@Request]s waiting for an
 *   answer, the one shown first
 */
GListModel *
elicit_server_page_get_prompts (ElicitServerPage *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_PAGE (self), NULL);

  return G_LIST_MODEL (self->prompts);
}

/**
 * elicit_server_page_add_header_action:
 * @self: a server page
 * @widget: a button, say
 *
 * Adds @widget to the row of actions under the server's name and state,
 * after Restart.
 */
void
elicit_server_page_add_header_action (ElicitServerPage *self,
                                      GtkWidget        *widget)
{
  g_return_if_fail (ELICIT_IS_SERVER_PAGE (self));
  g_return_if_fail (GTK_IS_WIDGET (widget));

  gtk_box_append (GTK_BOX (self->header_actions), widget);
}

/**
 * elicit_server_page_show_section:
 * @self: a server page
 * @name: `tools`, `prompts` or `log`
 *
 * Shows one of the page's sections.
 */
void
elicit_server_page_show_section (ElicitServerPage *self,
                                 const char       *name)
{
  g_return_if_fail (ELICIT_IS_SERVER_PAGE (self));
  g_return_if_fail (name != NULL);

  gtk_stack_set_visible_child_name (self->page_stack, name);
}
