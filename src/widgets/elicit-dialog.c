/* elicit-dialog.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-gtk-i18n-private.h"

#include "elicit-resources-private.h"
#include "elicit-dialog.h"
#include "elicit-dialog-private.h"
#include "elicit-form.h"
#include "elicit-url-info.h"
#include "elicit-session.h"
#include "elicit-text-private.h"

/**
 * ElicitDialog:
 *
 * A window that shows one [class@Elicit.Request] and sends the user's answer.
 *
 * The header names the server as the user labelled it (the session's display
 * name, or [property@Dialog:server-label]); when the server calls itself
 * something else, that is shown too, as the server's own claim. Then come the
 * server's message, as plain text, and either an [class@Form] (form mode) or
 * the URL the server wants opened, its registrable domain highlighted and any
 * warnings listed (URL mode, see [class@Elicit.UrlInfo]).
 *
 * **Decline**, **Cancel** and **Send** answer the request. Send stays
 * insensitive until the form is valid and for
 * [property@Dialog:accept-delay] milliseconds after the dialog is mapped or
 * regains focus, so keystrokes and clicks meant for another window cannot
 * answer a request that just appeared. After that, Return in a one-line
 * field sends a valid form (and shows what is missing in one that is not),
 * and Ctrl+Return sends from anywhere; Send is never the default widget, so
 * Return on another button does only what that button says. Escape and
 * closing the window cancel.
 * Every request ends with exactly one answer: a dialog destroyed while its
 * request is pending cancels it.
 *
 * When the server withdraws the request (it cancelled it, or disconnected),
 * the dialog shows a short notice, sends nothing, and closes itself. In URL
 * mode, Accept opens the user's browser (or runs
 * [property@Dialog:browser-command]) and the dialog waits until the server
 * reports completion or the user closes it.
 *
 * Since: 1.0
 */

#define NOTICE_TIMEOUT_MS 4000

G_DEFINE_FINAL_TYPE (ElicitDialog, elicit_dialog, GTK_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_REQUEST,
  PROP_SERVER_LABEL,
  PROP_SERVER_CLAIM,
  PROP_CLIENT_CLAIM,
  PROP_ACCEPT_DELAY,
  PROP_BROWSER_COMMAND,
  PROP_CAN_ACCEPT,
  PROP_AFTER_COMPLETION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

gboolean
elicit_dialog_is_pending (ElicitDialog *self)
{
  return self->request != NULL &&
         elicit_request_get_state (self->request) == ELICIT_REQUEST_STATE_PENDING;
}

static JsonNode *
question_default (ElicitDialog *self)
{
  JsonNode *value = elicit_field_get_default (self->question);

  if (value == NULL || !JSON_NODE_HOLDS_VALUE (value) ||
      json_node_get_value_type (value) != G_TYPE_BOOLEAN)
    return NULL;

  return value;
}

static gboolean
can_accept (ElicitDialog *self)
{
  if (!elicit_dialog_is_pending (self) || !self->accept_guard.armed || self->launching)
    return FALSE;

  if (elicit_request_get_mode (self->request) == ELICIT_REQUEST_MODE_URL)
    return self->url_info != NULL;

  /* A question has no Send: what the caller may accept is its default, or,
   * for an optional question without one, no answer (the field left out). */
  if (self->question != NULL)
    return question_default (self) != NULL || !elicit_field_get_required (self->question);

  return self->form != NULL && elicit_form_get_valid (self->form);
}

/* What the person can do: never answer with fields they have not had on
 * screen. (elicit_dialog_accept() answers for a program, which sees all.) */
static gboolean
can_send (ElicitDialog *self)
{
  return can_accept (self) && (self->form == NULL || self->fields_seen);
}

void
elicit_dialog_update_actions (ElicitDialog *self)
{
  gboolean pending = elicit_dialog_is_pending (self);
  gboolean accept = can_accept (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "dialog.accept", can_send (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "dialog.answer",
                                 self->question != NULL && pending && self->accept_guard.armed &&
                                 !self->launching);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "dialog.decline", pending && !self->launching);

  if (accept != self->can_accept)
    {
      self->can_accept = accept;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_ACCEPT]);
    }
}

/* Accept ignores input for a moment whenever the dialog appears or comes to
 * the front: a click or a Return meant for the window that was there must
 * not answer a request the user has not read. */
static void
accept_guard_changed_cb (gpointer user_data)
{
  elicit_dialog_update_actions (user_data);
}

void
elicit_dialog_close_now (ElicitDialog *self)
{
  if (self->closing)
    return;

  /* gtk_window_close() does nothing to a window that was never shown. */
  if (gtk_widget_get_realized (GTK_WIDGET (self)))
    {
      gtk_window_close (GTK_WINDOW (self));
      return;
    }

  self->closing = TRUE;
  if (elicit_dialog_is_pending (self))
    elicit_request_cancel (self->request);
  gtk_window_destroy (GTK_WINDOW (self));
}

/* Whatever answered the request — this dialog, the application, the server
 * withdrawing it — the dialog follows, so it is never left open and dead. */
static void
request_state_changed_cb (ElicitDialog  *self,
                          GParamSpec    *pspec,
                          ElicitRequest *request)
{
  ElicitRequestState state = elicit_request_get_state (request);
  gboolean url_mode = elicit_request_get_mode (request) == ELICIT_REQUEST_MODE_URL;

  elicit_dialog_update_actions (self);
  elicit_dialog_update_queue (self);

  switch (state)
    {
    case ELICIT_REQUEST_STATE_PENDING:
      break;

    case ELICIT_REQUEST_STATE_ACCEPTED:
      if (url_mode && self->url_info != NULL)
        elicit_dialog_show_status (self, ELICIT_DIALOG_STATUS_WAITING);
      else
        elicit_dialog_close_now (self);
      break;

    case ELICIT_REQUEST_STATE_DECLINED:
    case ELICIT_REQUEST_STATE_CANCELLED:
      elicit_dialog_close_now (self);
      break;

    case ELICIT_REQUEST_STATE_WITHDRAWN:
      elicit_dialog_show_status (self, ELICIT_DIALOG_STATUS_WITHDRAWN);
      break;

    case ELICIT_REQUEST_STATE_COMPLETED:
      elicit_dialog_show_status (self, ELICIT_DIALOG_STATUS_DONE);
      break;

    default:
      g_assert_not_reached ();
    }
}

static void
send_content (ElicitDialog *self,
              JsonObject   *content)
{
  g_autoptr(GError) error = NULL;

  if (!elicit_request_accept (self->request, content, &error))
    {
      /* The form said it was valid; should the request still refuse the
       * content, keep the dialog open so the user can correct or cancel. */
      g_debug ("Content refused by the request: %s", error->message);
      elicit_dialog_update_actions (self);
    }
}

/* {"confirm": true}: a question's answer, or its default. */
static JsonObject *
question_content (ElicitDialog *self,
                  gboolean      yes)
{
  JsonObject *content = json_object_new ();

  json_object_set_boolean_member (content, elicit_field_get_name (self->question), yes);

  return content;
}

static void
accept_form (ElicitDialog *self)
{
  g_autoptr(JsonObject) content = NULL;

  if (self->question != NULL && question_default (self) != NULL)
    content = question_content (self, json_node_get_boolean (question_default (self)));
  else if (self->question != NULL)
    content = json_object_new ();
  else
    content = elicit_form_get_content (self->form);
  send_content (self, content);
}

static void
answer_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ElicitDialog *self = ELICIT_DIALOG (widget);
  g_autoptr(JsonObject) content = NULL;

  if (self->question == NULL || !elicit_dialog_is_pending (self) || !self->accept_guard.armed ||
      self->launching)
    return;

  content = question_content (self, g_variant_get_boolean (parameter));
  send_content (self, content);
}

static void
accept_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ElicitDialog *self = ELICIT_DIALOG (widget);

  if (can_send (self))
    elicit_dialog_accept (self);
}

static void
decline_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  ElicitDialog *self = ELICIT_DIALOG (widget);

  /* Answering closes the dialog, through the request's state. */
  if (elicit_dialog_is_pending (self) && !self->launching)
    elicit_request_decline (self->request);
  else
    elicit_dialog_close_now (self);
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  elicit_dialog_close_now (ELICIT_DIALOG (widget));
}

static void
cancel_all_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  elicit_dialog_cancel_all (ELICIT_DIALOG (widget));
}

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  elicit_dialog_close_now (ELICIT_DIALOG (widget));
}

static gboolean
elicit_dialog_close_request (GtkWindow *window)
{
  ElicitDialog *self = ELICIT_DIALOG (window);
  gboolean ret;

  self->closing = TRUE;
  g_cancellable_cancel (self->cancellable);

  if (elicit_dialog_is_pending (self))
    elicit_request_cancel (self->request);

  ret = GTK_WINDOW_CLASS (elicit_dialog_parent_class)->close_request (window);

  /* Hidden instead of destroyed (hide-on-close): it may be shown again. */
  self->closing = FALSE;

  return ret;
}

static void
elicit_dialog_map (GtkWidget *widget)
{
  ElicitDialog *self = ELICIT_DIALOG (widget);
  GtkWidget *focus;

  GTK_WIDGET_CLASS (elicit_dialog_parent_class)->map (widget);

  /* Start in the first field, not on the scrollable message (nor, ever, on
   * Send); in URL mode on Cancel, not on the URL, which would select it; on
   * Cancel for a question too, never on one of its answers. */
  focus = gtk_window_get_focus (GTK_WINDOW (self));
  if ((self->url_info != NULL || self->question != NULL) &&
      gtk_stack_get_visible_child (self->stack) == self->request_page)
    gtk_window_set_focus (GTK_WINDOW (self), self->cancel_button);
  else if (self->form != NULL &&
           gtk_stack_get_visible_child (self->stack) == self->request_page &&
           (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self->form))) &&
           !gtk_widget_child_focus (GTK_WIDGET (self->form), GTK_DIR_TAB_FORWARD))
    gtk_window_set_focus (GTK_WINDOW (self), self->cancel_button);

  elicit_accept_guard_restart (&self->accept_guard);
}

static void
elicit_dialog_unmap (GtkWidget *widget)
{
  ElicitDialog *self = ELICIT_DIALOG (widget);

  elicit_accept_guard_disarm (&self->accept_guard);

  GTK_WIDGET_CLASS (elicit_dialog_parent_class)->unmap (widget);
}

static gboolean
shows_popover (GtkWidget *widget)
{
  if (GTK_IS_POPOVER (widget) && gtk_widget_get_mapped (widget))
    return TRUE;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (shows_popover (child))
      return TRUE;

  return FALSE;
}

static void
is_active_changed_cb (ElicitDialog *self)
{
  gboolean popover = shows_popover (GTK_WIDGET (self));

  /* A drop-down's list takes the focus from the window while it is open,
   * and X11 then hands it back and forth (inactive, active with the list
   * still up, inactive and active again once it closed): coming back from
   * one's own list is not coming to the front. The person was already
   * working in this dialog. */
  if (popover)
    self->lost_to_popover = TRUE;
  if (!gtk_window_is_active (GTK_WINDOW (self)))
    return;

  if (self->lost_to_popover)
    {
      if (!popover)
        self->lost_to_popover = FALSE;
      return;
    }

  /* Only on coming to the front: a window that never gets the focus (no
   * window manager) must still be usable with the mouse. */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    elicit_accept_guard_restart (&self->accept_guard);
}

/* Say why Accept waits */

/* How many fields the summary names; the rest are counted. */
/* Return in a one-line field answers, as in every form people know, once
 * the delay has passed; during the delay it does nothing at all. */
static void
form_activate_cb (ElicitDialog *self)
{
  if (!elicit_dialog_is_pending (self) || !self->accept_guard.armed || self->launching)
    return;

  if (can_send (self))
    elicit_dialog_accept (self);
  else
    elicit_form_show_all_errors (self->form);
}

static void
form_valid_changed_cb (ElicitDialog *self)
{
  elicit_dialog_update_actions (self);
  elicit_dialog_update_attention (self);
}

/* Body: the form */

static GtkWidget *
body_label_new (const char *text,
                const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_width_chars (GTK_LABEL (label), 12);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 48);
  gtk_widget_add_css_class (label, css_class);

  return label;
}

/* A form whose only field is yes or no is a question, answered as a
 * permission prompt is: one click on No or Yes (plus Decline and Cancel),
 * never a radio button and then Send. */
static void
build_question (ElicitDialog *self)
{
  g_autofree char *title = elicit_text_sanitize_line (elicit_field_get_label (self->question),
                                                      ELICIT_TEXT_LINE_MAX);
  g_autofree char *description = elicit_text_sanitize_block (elicit_field_get_description (self->question),
                                                             ELICIT_TEXT_BLOCK_MAX);
  GtkWidget *title_label = body_label_new (title, "heading");

  gtk_label_set_text (self->purpose_label, _("asks you a question"));
  gtk_box_append (self->body_box, title_label);
  if (description != NULL)
    g_strstrip (description);
  if (description != NULL && *description != '\0')
    gtk_box_append (self->body_box, body_label_new (description, "dim-label"));

  gtk_widget_set_visible (self->accept_button, FALSE);
  gtk_widget_set_visible (self->no_button, TRUE);
  gtk_widget_set_visible (self->yes_button, TRUE);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->yes_button),
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, title_label, NULL, -1);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->no_button),
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, title_label, NULL, -1);
}

static void
build_form (ElicitDialog *self)
{
  ElicitSchema *schema = elicit_request_get_schema (self->request);

  /* Translators: shown under the server's name: "GitHub" / "asks you for information" */
  gtk_label_set_text (self->purpose_label, _("asks you for information"));

  if (schema == NULL)
    return;

  if (elicit_schema_get_question (schema) != NULL)
    {
      self->question = g_object_ref (elicit_schema_get_question (schema));
      build_question (self);
      return;
    }

  self->form = ELICIT_FORM (elicit_form_new (schema));
  gtk_box_append (self->body_box, GTK_WIDGET (self->form));
  g_signal_connect_object (self->form, "notify::valid",
                           G_CALLBACK (form_valid_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->form, "changed",
                           G_CALLBACK (elicit_dialog_update_attention), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->form, "activate",
                           G_CALLBACK (form_activate_cb), self,
                           G_CONNECT_SWAPPED);

  elicit_dialog_build_attention (self);
  elicit_dialog_update_attention (self);
}

/* A message longer than this many lines (or characters, about as many
 * lines at the label's width) shows its start and "Show More": a long
 * message must not push the question and the fields out of sight. */
#define MESSAGE_LINES 6
#define MESSAGE_CHARS 320

static gboolean
message_is_long (const char *message)
{
  guint newlines = 0;

  for (const char *p = message; *p != '\0'; p++)
    if (*p == '\n')
      newlines++;

  return newlines >= MESSAGE_LINES || g_utf8_strlen (message, -1) > MESSAGE_CHARS;
}

static void
show_more_cb (ElicitDialog *self,
              GtkButton    *button)
{
  gboolean capped = gtk_label_get_lines (self->message_label) > 0;

  gtk_label_set_lines (self->message_label, capped ? -1 : MESSAGE_LINES);
  gtk_label_set_ellipsize (self->message_label, capped ? PANGO_ELLIPSIZE_NONE : PANGO_ELLIPSIZE_END);
  gtk_label_set_text_with_mnemonic (GTK_LABEL (gtk_button_get_child (button)),
                                    capped ? _("Show _Less") : _("Show _More"));
}

static void
cap_message (ElicitDialog *self)
{
  GtkWidget *button = gtk_button_new ();
  /* A label of our own: GTK 4.8 names a button made with a mnemonic
   * "Show _More Show More". */
  GtkWidget *label = gtk_label_new_with_mnemonic (_("Show _More"));

  gtk_label_set_mnemonic_widget (GTK_LABEL (label), button);
  gtk_button_set_child (GTK_BUTTON (button), label);

  gtk_label_set_lines (self->message_label, MESSAGE_LINES);
  gtk_label_set_ellipsize (self->message_label, PANGO_ELLIPSIZE_END);
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "elicit-show-more");
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (show_more_cb), self);
  gtk_box_insert_child_after (self->body_box, button, GTK_WIDGET (self->message_label));
}

static void
build_body (ElicitDialog *self)
{
  g_autofree char *message = NULL;
  const char *text = elicit_request_get_message (self->request);

  message = elicit_text_sanitize_block (text != NULL ? text : "", ELICIT_TEXT_BLOCK_MAX);
  g_strstrip (message);
  gtk_label_set_text (self->message_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), *message != '\0');
  if (message_is_long (message))
    cap_message (self);

  if (elicit_request_get_mode (self->request) == ELICIT_REQUEST_MODE_URL)
    elicit_dialog_build_url (self);
  else
    build_form (self);
}

/* Set once, at construction: the request. */
static void
set_request (ElicitDialog  *self,
             ElicitRequest *request)
{
  g_assert (self->request == NULL);

  if (request == NULL)
    return;

  self->request = g_object_ref (request);
  g_signal_connect_object (request, "notify::state",
                           G_CALLBACK (request_state_changed_cb), self,
                           G_CONNECT_SWAPPED);

  elicit_dialog_load_server_names (self);
  elicit_dialog_update_header (self);
  build_body (self);
  elicit_dialog_update_actions (self);

  /* Withdrawn or finished before the dialog was even made: say so at once. */
  switch (elicit_request_get_state (request))
    {
    case ELICIT_REQUEST_STATE_WITHDRAWN:
      elicit_dialog_show_status (self, ELICIT_DIALOG_STATUS_WITHDRAWN);
      break;

    case ELICIT_REQUEST_STATE_COMPLETED:
      elicit_dialog_show_status (self, ELICIT_DIALOG_STATUS_DONE);
      break;

    case ELICIT_REQUEST_STATE_ACCEPTED:
      if (self->url_info != NULL)
        elicit_dialog_show_status (self, ELICIT_DIALOG_STATUS_WAITING);
      break;

    case ELICIT_REQUEST_STATE_PENDING:
    case ELICIT_REQUEST_STATE_DECLINED:
    case ELICIT_REQUEST_STATE_CANCELLED:
    default:
      break;
    }

  /* The first focus is chosen when the dialog maps (elicit_dialog_map()):
   * giving it one now, before it is shown, registers the window with the
   * accessibility bus half made, and screen readers never see it showing. */
}

static void
elicit_dialog_dispose (GObject *object)
{
  ElicitDialog *self = (ElicitDialog *)object;

  self->closing = TRUE;

  /* The last line of defence of "every request ends in one answer". */
  if (self->request != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->request, self);
      if (elicit_dialog_is_pending (self))
        elicit_request_cancel (self->request);
    }

  g_cancellable_cancel (self->cancellable);
  elicit_accept_guard_clear (&self->accept_guard);
  g_clear_handle_id (&self->close_source, g_source_remove);
  g_clear_handle_id (&self->attention_idle, g_source_remove);
  if (self->queue != NULL)
    g_signal_handlers_disconnect_by_data (self->queue, self);
  g_clear_object (&self->queue);

  /* No gtk_widget_dispose_template(): GtkWindow disposes its own child and
   * titlebar, and unparenting them under it breaks its bookkeeping. */
  self->form = NULL;
  self->launch_error_label = NULL;
  self->launch_error_box = NULL;
  self->attention_box = NULL;
  self->attention_button = NULL;
  self->attention_label = NULL;
  g_clear_object (&self->request);
  g_clear_object (&self->question);
  g_clear_object (&self->url_info);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (elicit_dialog_parent_class)->dispose (object);
}

static void
elicit_dialog_finalize (GObject *object)
{
  ElicitDialog *self = (ElicitDialog *)object;

  g_clear_error (&self->url_error);
  g_strfreev (self->browser_command);
  g_free (self->server_label);
  g_free (self->server_claim);
  g_free (self->client_claim);
  g_free (self->after_completion);

  G_OBJECT_CLASS (elicit_dialog_parent_class)->finalize (object);
}

static void
elicit_dialog_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  ElicitDialog *self = ELICIT_DIALOG (object);

  switch (prop_id)
    {
    case PROP_REQUEST:
      g_value_set_object (value, elicit_dialog_get_request (self));
      break;

    case PROP_SERVER_LABEL:
      g_value_set_string (value, elicit_dialog_get_server_label (self));
      break;

    case PROP_SERVER_CLAIM:
      g_value_set_string (value, elicit_dialog_get_server_claim (self));
      break;

    case PROP_CLIENT_CLAIM:
      g_value_set_string (value, elicit_dialog_get_client_claim (self));
      break;

    case PROP_ACCEPT_DELAY:
      g_value_set_uint (value, elicit_dialog_get_accept_delay (self));
      break;

    case PROP_BROWSER_COMMAND:
      g_value_set_boxed (value, elicit_dialog_get_browser_command (self));
      break;

    case PROP_CAN_ACCEPT:
      g_value_set_boolean (value, elicit_dialog_get_can_accept (self));
      break;

    case PROP_AFTER_COMPLETION:
      g_value_set_string (value, elicit_dialog_get_after_completion (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_dialog_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  ElicitDialog *self = ELICIT_DIALOG (object);

  switch (prop_id)
    {
    case PROP_REQUEST:
      set_request (self, g_value_get_object (value));
      break;

    case PROP_SERVER_LABEL:
      elicit_dialog_set_server_label (self, g_value_get_string (value));
      break;

    case PROP_SERVER_CLAIM:
      elicit_dialog_set_server_claim (self, g_value_get_string (value));
      break;

    case PROP_CLIENT_CLAIM:
      elicit_dialog_set_client_claim (self, g_value_get_string (value));
      break;

    case PROP_ACCEPT_DELAY:
      elicit_dialog_set_accept_delay (self, g_value_get_uint (value));
      break;

    case PROP_BROWSER_COMMAND:
      elicit_dialog_set_browser_command (self, g_value_get_boxed (value));
      break;

    case PROP_AFTER_COMPLETION:
      elicit_dialog_set_after_completion (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void elicit_dialog_realize (GtkWidget *widget);

static void
elicit_dialog_class_init (ElicitDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  elicit_gtk_ensure_i18n ();

  object_class->dispose = elicit_dialog_dispose;
  object_class->finalize = elicit_dialog_finalize;
  object_class->get_property = elicit_dialog_get_property;
  object_class->set_property = elicit_dialog_set_property;

  widget_class->realize = elicit_dialog_realize;
  widget_class->map = elicit_dialog_map;
  widget_class->unmap = elicit_dialog_unmap;

  window_class->close_request = elicit_dialog_close_request;

  /**
   * ElicitDialog:request:
   *
   * The request this dialog answers.
   *
   * Since: 1.0
   */
  properties[PROP_REQUEST] =
    g_param_spec_object ("request", NULL, NULL,
                         ELICIT_TYPE_REQUEST,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitDialog:server-label:
   *
   * The name the user knows the server by, shown as the dialog's title.
   *
   * Taken from the request's session ([method@Elicit.Session.get_display_name])
   * unless set; a request without a session needs it set.
   *
   * Since: 1.0
   */
  properties[PROP_SERVER_LABEL] =
    g_param_spec_string ("server-label", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitDialog:server-claim:
   *
   * What the server calls itself, shown as its own claim when it differs
   * from [property@Dialog:server-label].
   *
   * Taken from the request's session (the server's title, else its name)
   * unless set.
   *
   * Since: 1.0
   */
  properties[PROP_SERVER_CLAIM] =
    g_param_spec_string ("server-claim", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitDialog:client-claim:
   *
   * The name of the program that asks on the server's behalf (an MCP
   * client, when a request comes through Elicit's D-Bus prompter), as that
   * program gives it: shown as its claim, never as trusted text.
   *
   * Since: 1.0
   */
  properties[PROP_CLIENT_CLAIM] =
    g_param_spec_string ("client-claim", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitDialog:accept-delay:
   *
   * How long, in milliseconds, Accept stays insensitive after the dialog is
   * mapped or regains focus.
   *
   * Since: 1.0
   */
  properties[PROP_ACCEPT_DELAY] =
    g_param_spec_uint ("accept-delay", NULL, NULL,
                       0, 10000, ELICIT_DIALOG_DEFAULT_ACCEPT_DELAY,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitDialog:browser-command:
   *
   * The command that opens a URL-mode request's page once the user
   * accepts, instead of the desktop's handler, as an argument vector: the
   * URL is appended as one more argument, and the command runs without a
   * shell. %NULL (the default) uses the desktop's handler.
   *
   * The widget never chooses a command by itself: a program that lets its
   * users pick one (Elicit's own read `ELICIT_BROWSER`) sets it here, as it
   * sets [property@Elicit.Authorizer:browser-command] for sign-ins.
   *
   * Since: 1.0
   */
  properties[PROP_BROWSER_COMMAND] =
    g_param_spec_boxed ("browser-command", NULL, NULL,
                        G_TYPE_STRV,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitDialog:can-accept:
   *
   * Whether [method@Dialog.accept] would answer the request now: it is
   * pending, the form is valid (or the link could be analysed), and the
   * [property@Dialog:accept-delay] after the dialog appeared has passed.
   * The Send button is sensitive when this is %TRUE and, for a form too
   * long for the dialog, once its last field has been on screen.
   *
   * Since: 1.0
   */
  properties[PROP_CAN_ACCEPT] =
    g_param_spec_boolean ("can-accept", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitDialog:after-completion:
   *
   * What happens once the user has finished in the browser and the server
   * hears back, as the program showing the dialog knows it (for example
   * "The tool is then tried again."): one sentence, added to the URL-mode
   * waiting notice. %NULL says nothing more than what is true of every
   * request.
   *
   * Since: 1.0
   */
  properties[PROP_AFTER_COMPLETION] =
    g_param_spec_string ("after-completion", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gnome/World/Elicit/ui/elicit-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, window_title_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, request_page);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, queue_box);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, queue_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, server_name_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, purpose_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, server_claim_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, message_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, body_scroller);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, body_box);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, action_separator);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, action_start);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, decline_button);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, accept_button);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, no_button);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, yes_button);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, status_spinner);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, status_icon);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, status_title_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, status_body_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitDialog, close_button);

  gtk_widget_class_install_action (widget_class, "dialog.accept", NULL, accept_action);
  gtk_widget_class_install_action (widget_class, "dialog.answer", "b", answer_action);
  gtk_widget_class_install_action (widget_class, "dialog.decline", NULL, decline_action);
  gtk_widget_class_install_action (widget_class, "dialog.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "dialog.close", NULL, close_action);
  gtk_widget_class_install_action (widget_class, "dialog.cancel-all", NULL, cancel_all_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "dialog.cancel", NULL);
  /* Ctrl+Return answers from anywhere, a multi-line field included, once
   * the safety delay has passed, as the action checks; Return alone does
   * from a one-line field (form_activate_cb()). Accept is never the
   * default widget, so Return on another button does only what it says. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "dialog.accept", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK, "dialog.accept", NULL);
}

static void
elicit_dialog_realize (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (elicit_dialog_parent_class)->realize (widget);

  elicit_dialog_fit_to_monitor (ELICIT_DIALOG (widget));
}

static void
elicit_dialog_init (ElicitDialog *self)
{
  GtkAdjustment *adjustment;

  elicit_accept_guard_init (&self->accept_guard, ELICIT_DIALOG_DEFAULT_ACCEPT_DELAY,
                            accept_guard_changed_cb, self);
  self->notice_timeout = NOTICE_TIMEOUT_MS;
  self->cancellable = g_cancellable_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_add_css_class (GTK_WIDGET (self), "elicit-dialog");
  elicit_ensure_dialog_css (GTK_WIDGET (self));

  g_signal_connect (self, "notify::is-active", G_CALLBACK (is_active_changed_cb), NULL);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->body_scroller));
  g_signal_connect_object (adjustment, "changed", G_CALLBACK (elicit_dialog_body_adjustment_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (adjustment, "value-changed", G_CALLBACK (elicit_dialog_note_fields_seen), self,
                           G_CONNECT_SWAPPED);
  elicit_dialog_update_header (self);
  elicit_dialog_update_actions (self);
}

/**
 * elicit_dialog_new:
 * @request: the request to show
 *
 * Creates a dialog for @request. Present it with gtk_window_present(); it
 * answers the request and closes itself.
 *
 * Returns: (transfer none): a new [class@Dialog]
 *
 * Since: 1.0
 */
GtkWidget *
elicit_dialog_new (ElicitRequest *request)
{
  g_return_val_if_fail (ELICIT_IS_REQUEST (request), NULL);

  return g_object_new (ELICIT_TYPE_DIALOG,
                       "request", request,
                       NULL);
}

/**
 * elicit_dialog_get_request:
 * @self: an [class@Dialog]
 *
 * Gets the request this dialog answers.
 *
 * Returns: (transfer none) (nullable): the request
 *
 * Since: 1.0
 */
ElicitRequest *
elicit_dialog_get_request (ElicitDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_DIALOG (self), NULL);

  return self->request;
}

/**
 * elicit_dialog_get_server_label:
 * @self: an [class@Dialog]
 *
 * Gets the name the dialog shows for the server, as cleaned for display.
 *
 * Returns: (nullable): the server's label
 *
 * Since: 1.0
 */
const char *
elicit_dialog_get_server_label (ElicitDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_DIALOG (self), NULL);

  return self->server_label;
}

/**
 * elicit_dialog_get_server_claim:
 * @self: an [class@Dialog]
 *
 * Gets what the server calls itself, as cleaned for display.
 *
 * Returns: (nullable): the server's own name for itself
 *
 * Since: 1.0
 */
const char *
elicit_dialog_get_server_claim (ElicitDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_DIALOG (self), NULL);

  return self->server_claim;
}

/**
 * elicit_dialog_get_accept_delay:
 * @self: an [class@Dialog]
 *
 * Gets how long Accept ignores input after the dialog appears.
 *
 * Returns: the delay in milliseconds
 *
 * Since: 1.0
 */
guint
elicit_dialog_get_accept_delay (ElicitDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_DIALOG (self), 0);

  return self->accept_guard.delay;
}

/**
 * elicit_dialog_set_server_label:
 * @self: an [class@Dialog]
 * @server_label: (nullable): the name the user knows the server by
 *
 * Sets the name shown for the server. Server text is cleaned of invisible
 * characters and shortened.
 *
 * Since: 1.0
 */
void
elicit_dialog_set_server_label (ElicitDialog *self,
                                const char   *server_label)
{
  g_autofree char *clean = NULL;

  g_return_if_fail (ELICIT_IS_DIALOG (self));

  clean = elicit_dialog_sanitize_server_text (server_label);
  if (g_strcmp0 (clean, self->server_label) == 0)
    return;

  g_free (self->server_label);
  self->server_label = g_steal_pointer (&clean);
  elicit_dialog_update_header (self);
  elicit_dialog_update_queue (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER_LABEL]);
}

/**
 * elicit_dialog_set_server_claim:
 * @self: an [class@Dialog]
 * @server_claim: (nullable): what the server calls itself
 *
 * Sets the server's own name for itself, shown as its claim when it differs
 * from the label.
 *
 * Since: 1.0
 */
void
elicit_dialog_set_server_claim (ElicitDialog *self,
                                const char   *server_claim)
{
  g_autofree char *clean = NULL;

  g_return_if_fail (ELICIT_IS_DIALOG (self));

  clean = elicit_dialog_sanitize_server_text (server_claim);
  if (g_strcmp0 (clean, self->server_claim) == 0)
    return;

  g_free (self->server_claim);
  self->server_claim = g_steal_pointer (&clean);
  elicit_dialog_update_header (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER_CLAIM]);
}

/**
 * elicit_dialog_get_client_claim:
 * @self: an [class@Dialog]
 *
 * Gets the name the asking program gives for itself.
 *
 * Returns: (nullable): the claim, or %NULL
 *
 * Since: 1.0
 */
const char *
elicit_dialog_get_client_claim (ElicitDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_DIALOG (self), NULL);

  return self->client_claim;
}

/**
 * elicit_dialog_set_client_claim:
 * @self: an [class@Dialog]
 * @client_claim: (nullable): what the asking program calls itself
 *
 * Sets the name of the program that asks on the server's behalf, shown as
 * that program's claim.
 *
 * Since: 1.0
 */
void
elicit_dialog_set_client_claim (ElicitDialog *self,
                                const char   *client_claim)
{
  g_autofree char *clean = NULL;

  g_return_if_fail (ELICIT_IS_DIALOG (self));

  clean = elicit_dialog_sanitize_server_text (client_claim);
  if (g_strcmp0 (clean, self->client_claim) == 0)
    return;

  g_free (self->client_claim);
  self->client_claim = g_steal_pointer (&clean);
  elicit_dialog_update_header (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLIENT_CLAIM]);
}

/**
 * elicit_dialog_set_accept_delay:
 * @self: an [class@Dialog]
 * @accept_delay: milliseconds, 0 for none
 *
 * Sets how long Accept stays insensitive after the dialog is mapped or
 * regains focus. Applies from the next time the dialog appears.
 *
 * Since: 1.0
 */
void
elicit_dialog_set_accept_delay (ElicitDialog *self,
                                guint         accept_delay)
{
  g_return_if_fail (ELICIT_IS_DIALOG (self));

  if (!elicit_accept_guard_set_delay (&self->accept_guard, accept_delay,
                                      gtk_widget_get_mapped (GTK_WIDGET (self))))
    return;

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACCEPT_DELAY]);
}

/**
 * elicit_dialog_get_browser_command:
 * @self: an [class@Dialog]
 *
 * Gets [property@Dialog:browser-command].
 *
 * Returns: (transfer none) (nullable) (array zero-terminated=1): the
 *   command that opens URL-mode pages, or %NULL for the desktop's handler
 *
 * Since: 1.0
 */
const char * const *
elicit_dialog_get_browser_command (ElicitDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_DIALOG (self), NULL);

  return (const char * const *) self->browser_command;
}

/**
 * elicit_dialog_set_browser_command:
 * @self: an [class@Dialog]
 * @argv: (nullable) (array zero-terminated=1): the command that opens
 *   URL-mode pages, the URL appended; %NULL or empty for the desktop's
 *   handler
 *
 * Sets [property@Dialog:browser-command].
 *
 * Since: 1.0
 */
void
elicit_dialog_set_browser_command (ElicitDialog       *self,
                                   const char * const *argv)
{
  g_return_if_fail (ELICIT_IS_DIALOG (self));

  if (argv != NULL && argv[0] == NULL)
    argv = NULL;
  if (self->browser_command == NULL && argv == NULL)
    return;
  if (self->browser_command != NULL && argv != NULL &&
      g_strv_equal ((const char * const *) self->browser_command, argv))
    return;

  g_strfreev (self->browser_command);
  self->browser_command = g_strdupv ((char **) argv);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BROWSER_COMMAND]);
}

/**
 * elicit_dialog_get_after_completion:
 * @self: an [class@Dialog]
 *
 * Gets what the waiting notice says happens once the user is done in the
 * browser; see [property@Dialog:after-completion].
 *
 * Returns: (nullable): the sentence, or %NULL
 *
 * Since: 1.0
 */
const char *
elicit_dialog_get_after_completion (ElicitDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_DIALOG (self), NULL);

  return self->after_completion;
}

/**
 * elicit_dialog_set_after_completion:
 * @self: an [class@Dialog]
 * @after_completion: (nullable): one sentence, such as "The tool is then
 *   tried again."
 *
 * Sets what the URL-mode waiting notice says happens once the user is done
 * in the browser. Server text does not belong here: only what the program
 * showing the dialog will do.
 *
 * Since: 1.0
 */
void
elicit_dialog_set_after_completion (ElicitDialog *self,
                                    const char   *after_completion)
{
  g_return_if_fail (ELICIT_IS_DIALOG (self));

  if (g_strcmp0 (after_completion, self->after_completion) == 0)
    return;

  g_free (self->after_completion);
  self->after_completion = g_strdup (after_completion);
  if (self->url_info != NULL && g_strcmp0 (elicit_dialog_get_page (self), "status") == 0 &&
      elicit_request_get_state (self->request) == ELICIT_REQUEST_STATE_ACCEPTED)
    elicit_dialog_show_status (self, ELICIT_DIALOG_STATUS_WAITING);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AFTER_COMPLETION]);
}

/**
 * elicit_dialog_get_can_accept:
 * @self: an [class@Dialog]
 *
 * Gets whether Accept would answer the request now; see
 * [property@Dialog:can-accept].
 *
 * Returns: whether [method@Dialog.accept] would answer
 *
 * Since: 1.0
 */
gboolean
elicit_dialog_get_can_accept (ElicitDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_DIALOG (self), FALSE);

  return self->can_accept;
}

/**
 * elicit_dialog_accept:
 * @self: an [class@Dialog]
 *
 * Does what the Accept button does, when [property@Dialog:can-accept] is
 * %TRUE: accepts a form request with the form's content, or opens the link
 * of a URL request in the browser. Does nothing otherwise.
 *
 * For programs that answer with the defaults on the user's behalf (such as
 * `elicit call --accept-defaults`) and for tests.
 *
 * Returns: whether the request was accepted (or its link opened)
 *
 * Since: 1.0
 */
gboolean
elicit_dialog_accept (ElicitDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_DIALOG (self), FALSE);

  if (!can_accept (self))
    return FALSE;

  if (elicit_request_get_mode (self->request) == ELICIT_REQUEST_MODE_URL)
    elicit_dialog_accept_url (self);
  else
    accept_form (self);

  return TRUE;
}

/* Private API, for tests and the renderer */

void
elicit_dialog_set_launch_func (ElicitDialog           *self,
                               ElicitDialogLaunchFunc  func,
                               gpointer                user_data)
{
  g_return_if_fail (ELICIT_IS_DIALOG (self));

  self->launch_func = func;
  self->launch_data = user_data;
}

void
elicit_dialog_set_notice_timeout (ElicitDialog *self,
                                  guint         timeout_ms)
{
  g_return_if_fail (ELICIT_IS_DIALOG (self));

  self->notice_timeout = timeout_ms;
}

ElicitForm *
elicit_dialog_get_form (ElicitDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_DIALOG (self), NULL);

  return self->form;
}

GtkWidget *
elicit_dialog_get_accept_button (ElicitDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_DIALOG (self), NULL);

  return self->accept_button;
}

GtkWidget *
elicit_dialog_get_decline_button (ElicitDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_DIALOG (self), NULL);

  return self->decline_button;
}

GtkWidget *
elicit_dialog_get_cancel_button (ElicitDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_DIALOG (self), NULL);

  return self->cancel_button;
}

GtkWidget *
elicit_dialog_get_answer_button (ElicitDialog *self,
                                 gboolean      yes)
{
  g_return_val_if_fail (ELICIT_IS_DIALOG (self), NULL);

  return yes ? self->yes_button : self->no_button;
}

const char *
elicit_dialog_get_page (ElicitDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_DIALOG (self), NULL);

  return gtk_stack_get_visible_child_name (self->stack);
}

/* The box holding the message and the form (or the URL), inside the scroller. */
GtkWidget *
elicit_dialog_get_body (ElicitDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_DIALOG (self), NULL);

  return GTK_WIDGET (self->body_box);
}
