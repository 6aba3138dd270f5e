/* elicit-dialog.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "elicit-init-private.h"
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
 * mode, Accept opens the user's browser and the dialog waits until the server
 * reports completion or the user closes it.
 *
 * Since: 1.0
 */

#define NOTICE_TIMEOUT_MS 4000
#define SERVER_TEXT_MAX   120

typedef enum
{
  STATUS_WAITING,
  STATUS_DONE,
  STATUS_WITHDRAWN,
} StatusKind;

G_DEFINE_FINAL_TYPE (ElicitDialog, elicit_dialog, GTK_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_REQUEST,
  PROP_SERVER_LABEL,
  PROP_SERVER_CLAIM,
  PROP_CLIENT_CLAIM,
  PROP_ACCEPT_DELAY,
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

  /* A question has no Send: what the caller may accept is its default. */
  if (self->question != NULL)
    return question_default (self) != NULL;

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

static void
close_dialog (ElicitDialog *self)
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

static gboolean
notice_timeout_cb (gpointer user_data)
{
  ElicitDialog *self = user_data;

  self->close_source = 0;
  close_dialog (self);

  return G_SOURCE_REMOVE;
}

/* What the user typed into a form the server withdrew: each text they
 * entered, one "Title: text" per field, so none of it is lost. */
static char *
dup_draft (ElicitDialog *self)
{
  g_autoptr(JsonObject) content = NULL;
  g_autoptr(GString) draft = g_string_new (NULL);
  GListModel *fields;

  if (self->form == NULL || elicit_form_get_schema (self->form) == NULL)
    return NULL;

  content = elicit_form_get_content (self->form);
  fields = elicit_schema_get_fields (elicit_form_get_schema (self->form));
  for (guint i = 0; i < g_list_model_get_n_items (fields); i++)
    {
      g_autoptr(ElicitField) field = g_list_model_get_item (fields, i);
      JsonNode *value = json_object_get_member (content, elicit_field_get_name (field));
      JsonNode *fallback = elicit_field_get_default (field);
      g_autofree char *title = NULL;

      if (value == NULL || elicit_field_get_kind (field) != ELICIT_FIELD_KIND_TEXT ||
          !JSON_NODE_HOLDS_VALUE (value) || json_node_get_value_type (value) != G_TYPE_STRING ||
          *json_node_get_string (value) == '\0' ||
          (fallback != NULL && json_node_equal (value, fallback)))
        continue;

      title = elicit_text_sanitize_line (elicit_field_get_label (field), ELICIT_TEXT_LINE_MAX);
      if (draft->len > 0)
        g_string_append_c (draft, '\n');
      /* Translators: a field's title, then the text the user typed into it */
      g_string_append_printf (draft, _("%s: %s"), title, json_node_get_string (value));
    }

  return draft->len > 0 ? g_string_free (g_steal_pointer (&draft), FALSE) : NULL;
}

static void
show_draft (ElicitDialog *self,
            const char   *draft)
{
  if (self->draft_label == NULL)
    {
      if (draft == NULL)
        return;

      self->draft_label = GTK_LABEL (gtk_label_new (NULL));
      gtk_label_set_selectable (self->draft_label, TRUE);
      gtk_label_set_wrap (self->draft_label, TRUE);
      gtk_label_set_wrap_mode (self->draft_label, PANGO_WRAP_WORD_CHAR);
      gtk_label_set_xalign (self->draft_label, 0);
      gtk_label_set_max_width_chars (self->draft_label, 48);
      gtk_widget_add_css_class (GTK_WIDGET (self->draft_label), "elicit-draft");
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->draft_label),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("What you typed"),
                                      -1);
      gtk_box_append (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->status_body_label))),
                      GTK_WIDGET (self->draft_label));
    }

  gtk_label_set_text (self->draft_label, draft != NULL ? draft : "");
  gtk_widget_set_visible (GTK_WIDGET (self->draft_label), draft != NULL);
}

/* Only what is true of every request: what follows once the server hears
 * back (a tool tried again, a sign-in finished) only the program that
 * showed the dialog knows, in ElicitDialog:after-completion. */
static char *
waiting_text (ElicitDialog *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  /* Translators: %s is the host name of the web page the user opened */
  g_string_append_printf (text, _("Continue at “%s” in your web browser. When the server reports that you are done, this window closes."),
                          elicit_url_info_get_host (self->url_info));
  if (self->after_completion != NULL)
    g_string_append_printf (text, " %s", self->after_completion);
  g_string_append_c (text, ' ');
  g_string_append (text, _("If nothing happens after you finish, choose “I’ve Finished”."));

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
show_status (ElicitDialog *self,
             StatusKind    kind)
{
  const char *title = NULL;
  g_autofree char *body = NULL;
  const char *icon = NULL;
  g_autofree char *draft = NULL;

  g_clear_handle_id (&self->close_source, g_source_remove);

  switch (kind)
    {
    case STATUS_WAITING:
      title = self->link_copied ? _("Link copied. Open it in your web browser…")
                                : _("Waiting for you to finish in the browser…");
      body = waiting_text (self);
      break;

    case STATUS_DONE:
      title = C_("elicitation finished", "Done");
      body = g_strdup (_("The server reports that the interaction is complete."));
      icon = "object-select-symbolic";
      break;

    case STATUS_WITHDRAWN:
      {
        g_autoptr(ElicitSession) session = elicit_request_dup_session (self->request);

        /* Not Adwaita's information icon, a light bulb: nothing here is a tip. */
        if (session != NULL && elicit_session_get_state (session) == ELICIT_SESSION_STATE_CLOSED)
          {
            title = _("The server disconnected");
            icon = "network-offline-symbolic";
          }
        else
          {
            title = _("The server withdrew this request");
            icon = "edit-undo-symbolic";
          }
        draft = dup_draft (self);
        body = g_strdup (draft != NULL ? _("Nothing was sent. What you typed is kept here, for you to copy.")
                                       : _("Nothing was sent. This window closes by itself."));
      }
      break;

    default:
      g_assert_not_reached ();
    }

  gtk_label_set_text (self->status_title_label, title);
  gtk_label_set_text (self->status_body_label, body);
  gtk_widget_set_visible (GTK_WIDGET (self->status_spinner), kind == STATUS_WAITING);
  gtk_spinner_set_spinning (self->status_spinner, kind == STATUS_WAITING);
  gtk_widget_set_visible (GTK_WIDGET (self->status_icon), icon != NULL);
  if (icon != NULL)
    gtk_image_set_from_icon_name (self->status_icon, icon);

  gtk_label_set_text_with_mnemonic (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (self->close_button))),
                                    kind == STATUS_WAITING ? _("I’ve _Finished") : _("_Close"));
  gtk_widget_set_tooltip_text (self->close_button,
                               kind == STATUS_WAITING ? _("Close this window: you are done in the browser") : NULL);
  show_draft (self, draft);
  gtk_stack_set_visible_child_name (self->stack, "status");
  gtk_window_set_focus (GTK_WINDOW (self), self->close_button);

  /* A draft stays until the user has copied what they need. */
  if (kind != STATUS_WAITING && draft == NULL)
    self->close_source = g_timeout_add (self->notice_timeout, notice_timeout_cb, self);
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
        show_status (self, STATUS_WAITING);
      else
        close_dialog (self);
      break;

    case ELICIT_REQUEST_STATE_DECLINED:
    case ELICIT_REQUEST_STATE_CANCELLED:
      close_dialog (self);
      break;

    case ELICIT_REQUEST_STATE_WITHDRAWN:
      show_status (self, STATUS_WITHDRAWN);
      break;

    case ELICIT_REQUEST_STATE_COMPLETED:
      show_status (self, STATUS_DONE);
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
      g_message ("Content refused by the request: %s", error->message);
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

  if (self->question != NULL)
    content = question_content (self, json_node_get_boolean (question_default (self)));
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
    close_dialog (self);
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  close_dialog (ELICIT_DIALOG (widget));
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
  close_dialog (ELICIT_DIALOG (widget));
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
#define ATTENTION_MAX 3

static char *
attention_text (guint n_problems)
{
  return g_strdup_printf (ngettext ("%u field needs attention", "%u fields need attention", n_problems),
                          n_problems);
}

static void
attention_clicked_cb (GtkButton *button,
                      gpointer   user_data)
{
  ElicitDialog *self = user_data;
  const char *name = g_object_get_data (G_OBJECT (button), "elicit-field-name");

  gtk_menu_button_popdown (GTK_MENU_BUTTON (self->attention_button));
  if (self->form != NULL && name != NULL)
    elicit_form_focus_field (self->form, name);
}

static GtkWidget *
attention_entry_new (ElicitDialog *self,
                     ElicitField  *field,
                     const char   *problem)
{
  g_autofree char *title = elicit_text_sanitize_line (elicit_field_get_label (field), ELICIT_TEXT_LINE_MAX);
  g_autofree char *reason = elicit_text_sanitize_line (problem, ELICIT_TEXT_LINE_MAX);
  /* Translators: a field's name, then what is wrong with its value */
  g_autofree char *text = g_strdup_printf (_("“%s”: %s"), title, reason);
  GtkWidget *button = gtk_button_new ();
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 48);
  gtk_button_set_child (GTK_BUTTON (button), label);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "elicit-attention-entry");
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (button, _("Go to this field"));
  /* GTK 4.8 names a button only from a label it made itself: without this,
   * screen readers announce "GtkButton". */
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _("Go to this field"),
                                  -1);
  g_object_set_data_full (G_OBJECT (button), "elicit-field-name",
                          g_strdup (elicit_field_get_name (field)), g_free);
  g_signal_connect (button, "clicked", G_CALLBACK (attention_clicked_cb), self);

  return button;
}

/* Parts of the dialog come and go after it is shown (the queue strip): a
 * window only grows by itself for its minimum size, and never shrinks.
 * Unset the height it was given, so that it fits its content again (up to
 * the body's cap, fit_to_monitor), neither scrolling the last field out of
 * sight nor keeping an empty gap. Never while a person works in the form:
 * what Send waits for has a line of its own that keeps its size. */
static void fit_to_monitor (ElicitDialog *self);

void
elicit_dialog_fit_content (ElicitDialog *self)
{
  int width, height;

  /* Prompts withdrawn while the app quits come here too: nothing to fit. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)) || gtk_widget_in_destruction (GTK_WIDGET (self)))
    return;

  /* The body's cap left room for what showed then. */
  fit_to_monitor (self);

  /* The default size follows the window's size once shown; the allocated
   * width would not do, it leaves out the frame and shrinks the window.
   * (GTK 4.8 wants both pointers.) */
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  gtk_window_set_default_size (GTK_WINDOW (self), width, -1);
}

static void fill_attention (ElicitDialog *self);

/* Beside the buttons: why Send waits, in one line whose popover takes the
 * user to each field. It never covers the form nor changes the dialog's
 * size: the action row is as tall with it as without. */
static void
update_attention (ElicitDialog *self)
{
  if (self->attention_button == NULL)
    return;

  fill_attention (self);
}

static void
show_attention (ElicitDialog *self,
                gboolean      shown)
{
  gtk_widget_set_child_visible (self->attention_button, shown);
  gtk_widget_set_can_target (self->attention_button, shown);
  gtk_widget_set_can_focus (self->attention_button, shown);
}

/* The form is valid, but its end has not been on screen yet. */
static void
fill_unseen (ElicitDialog *self)
{
  const char *text = _("Scroll down to see every field");
  GtkWidget *label = gtk_label_new (_("Send waits until every field has been on screen."));

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 36);
  gtk_box_append (GTK_BOX (self->attention_box), label);
  gtk_label_set_text (self->attention_label, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->attention_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  show_attention (self, TRUE);
}

static void
fill_attention (ElicitDialog *self)
{
  g_autoptr(GHashTable) errors = NULL;
  g_autofree char *summary = NULL;
  GListModel *fields;
  GtkWidget *child;
  guint n_problems, shown = 0;

  while ((child = gtk_widget_get_first_child (self->attention_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->attention_box), child);

  errors = elicit_form_get_errors (self->form);
  n_problems = g_hash_table_size (errors);
  if (n_problems == 0 && !self->fields_seen)
    {
      fill_unseen (self);
      return;
    }

  /* Hidden, it leaves its room to the buttons; the row's height stays. */
  show_attention (self, n_problems > 0);
  if (n_problems == 0)
    {
      gtk_menu_button_popdown (GTK_MENU_BUTTON (self->attention_button));
      gtk_label_set_text (self->attention_label, "");
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->attention_button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);
      return;
    }

  summary = attention_text (n_problems);
  gtk_label_set_text (self->attention_label, summary);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->attention_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, summary, -1);

  fields = elicit_schema_get_fields (elicit_form_get_schema (self->form));
  for (guint i = 0; i < g_list_model_get_n_items (fields) && shown < ATTENTION_MAX; i++)
    {
      g_autoptr(ElicitField) field = g_list_model_get_item (fields, i);
      const char *problem = g_hash_table_lookup (errors, elicit_field_get_name (field));

      if (problem == NULL)
        continue;
      gtk_box_append (GTK_BOX (self->attention_box), attention_entry_new (self, field, problem));
      shown++;
    }

  if (n_problems > shown)
    {
      g_autofree char *more = g_strdup_printf (ngettext ("and %u more field", "and %u more fields",
                                                         n_problems - shown),
                                               n_problems - shown);

      child = gtk_label_new (more);
      gtk_label_set_xalign (GTK_LABEL (child), 0);
      gtk_widget_set_margin_start (child, 10);
      gtk_widget_add_css_class (child, "dim-label");
      gtk_box_append (GTK_BOX (self->attention_box), child);
    }
}

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
  update_attention (self);
}

/* Header */

static char *
sanitize_server_text (const char *text)
{
  g_autofree char *clean = NULL;

  if (text == NULL)
    return NULL;

  clean = elicit_text_sanitize_line (text, SERVER_TEXT_MAX);
  g_strstrip (clean);

  return *clean != '\0' ? g_steal_pointer (&clean) : NULL;
}

static void
update_header (ElicitDialog *self)
{
  const char *label = self->server_label != NULL ? self->server_label : _("Unnamed server");
  /* Translators: the window title; %s is the name the user gave the server */
  g_autofree char *window_title = g_strdup_printf (_("Request from %s"), label);
  g_autoptr(GString) claims = g_string_new (NULL);

  gtk_label_set_text (self->server_name_label, label);
  gtk_label_set_text (self->window_title_label, window_title);
  gtk_window_set_title (GTK_WINDOW (self), window_title);

  if (self->server_claim != NULL &&
      (self->server_label == NULL || g_utf8_collate (self->server_claim, self->server_label) != 0))
    /* Translators: %s is the name the server reports for itself, which may differ
     * from (and try to imitate) the name the user gave it */
    g_string_append_printf (claims, _("The server calls itself “%s”."), self->server_claim);

  if (self->client_claim != NULL)
    {
      if (claims->len > 0)
        g_string_append_c (claims, '\n');
      /* Translators: %s is the name a program that asks on a server's behalf (an MCP
       * client such as an AI assistant) gives for itself; nothing vouches for it */
      g_string_append_printf (claims, _("Asked through “%s”, as that program calls itself."),
                              self->client_claim);
    }

  gtk_label_set_text (self->server_claim_label, claims->str);
  gtk_widget_set_visible (GTK_WIDGET (self->server_claim_label), claims->len > 0);
}

static void
load_server_names (ElicitDialog *self)
{
  g_autoptr(ElicitSession) session = elicit_request_dup_session (self->request);
  const char *claim;

  if (session == NULL)
    return;

  self->server_label = sanitize_server_text (elicit_session_get_display_name (session));

  claim = elicit_session_get_server_title (session);
  if (claim == NULL || *claim == '\0')
    claim = elicit_session_get_server_name (session);
  self->server_claim = sanitize_server_text (claim);
}

/* Body: the form */

static void
build_attention (ElicitDialog *self)
{
  GtkWidget *popover = gtk_popover_new ();

  /* Two short lines at most, in the height of the buttons beside it. */
  self->attention_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->attention_label, TRUE);
  gtk_label_set_wrap_mode (self->attention_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (self->attention_label, 2);
  gtk_label_set_ellipsize (self->attention_label, PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (self->attention_label, 8);
  gtk_label_set_max_width_chars (self->attention_label, 24);
  gtk_label_set_xalign (self->attention_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->attention_label), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (self->attention_label), "caption");

  self->attention_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_add_css_class (self->attention_box, "elicit-attention");
  gtk_popover_set_child (GTK_POPOVER (popover), self->attention_box);

  self->attention_button = gtk_menu_button_new ();
  gtk_menu_button_set_child (GTK_MENU_BUTTON (self->attention_button), GTK_WIDGET (self->attention_label));
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->attention_button), popover);
  gtk_menu_button_set_has_frame (GTK_MENU_BUTTON (self->attention_button), FALSE);
  gtk_menu_button_set_direction (GTK_MENU_BUTTON (self->attention_button), GTK_ARROW_UP);
  gtk_widget_set_hexpand (self->attention_button, TRUE);
  gtk_widget_set_halign (self->attention_button, GTK_ALIGN_START);
  gtk_widget_set_valign (self->attention_button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (self->attention_button, _("What Send waits for"));
  gtk_box_append (GTK_BOX (self->action_start), self->attention_button);
  update_attention (self);
}

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
                           G_CALLBACK (update_attention), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->form, "activate",
                           G_CALLBACK (form_activate_cb), self,
                           G_CONNECT_SWAPPED);

  build_attention (self);
  update_attention (self);
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

  load_server_names (self);
  update_header (self);
  build_body (self);
  elicit_dialog_update_actions (self);

  /* Withdrawn or finished before the dialog was even made: say so at once. */
  switch (elicit_request_get_state (request))
    {
    case ELICIT_REQUEST_STATE_WITHDRAWN:
      show_status (self, STATUS_WITHDRAWN);
      break;

    case ELICIT_REQUEST_STATE_COMPLETED:
      show_status (self, STATUS_DONE);
      break;

    case ELICIT_REQUEST_STATE_ACCEPTED:
      if (self->url_info != NULL)
        show_status (self, STATUS_WAITING);
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

  elicit_ensure_i18n ();

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
   * Since: 1.2
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
   * Since: 1.2
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

static gboolean
attention_idle_cb (gpointer user_data)
{
  ElicitDialog *self = user_data;

  self->attention_idle = 0;
  update_attention (self);

  return G_SOURCE_REMOVE;
}

/* The form ends the body: once its last field has been on screen (scrolled
 * to, tabbed to, or it all fits), every field has been. Until then Send waits, so that a
 * long form cannot be answered with fields the person never saw. */
static GtkWidget *
last_field_widget (ElicitDialog *self)
{
  ElicitSchema *schema = elicit_form_get_schema (self->form);
  guint n = elicit_schema_get_n_fields (schema);
  g_autoptr(ElicitField) last = NULL;

  if (n == 0)
    return NULL;
  last = g_list_model_get_item (elicit_schema_get_fields (schema), n - 1);

  return elicit_form_get_field_widget (self->form, elicit_field_get_name (last));
}

/* Whether the last field's top (a line of it) is in the body's view. */
static gboolean
last_field_in_view (ElicitDialog  *self,
                    GtkAdjustment *adjustment)
{
  double page = gtk_adjustment_get_page_size (adjustment);
  double value = gtk_adjustment_get_value (adjustment);
  GtkWidget *last = last_field_widget (self);
  graphene_rect_t bounds;

  if (page <= 0)
    return FALSE;
  if (value + page >= gtk_adjustment_get_upper (adjustment) - 1)
    return TRUE;
  if (last == NULL || !gtk_widget_compute_bounds (last, GTK_WIDGET (self->body_box), &bounds))
    return FALSE;

  return bounds.origin.y + MIN (bounds.size.height, 24) <= value + page;
}

static void
note_fields_seen (ElicitDialog  *self,
                  GtkAdjustment *adjustment)
{
  if (self->fields_seen || self->form == NULL || !last_field_in_view (self, adjustment))
    return;

  self->fields_seen = TRUE;
  elicit_dialog_update_actions (self);
  /* Its text changes size: not during the allocation this runs in. */
  if (self->attention_idle == 0)
    self->attention_idle = g_idle_add (attention_idle_cb, self);
}

/* A line above the buttons when the body scrolls, so a field cut in half
 * reads as "more below", not as the end of the form. */
static void
body_adjustment_changed_cb (ElicitDialog  *self,
                            GtkAdjustment *adjustment)
{
  gboolean scrolls = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_lower (adjustment) >
                     gtk_adjustment_get_page_size (adjustment) + 0.5;

  /* Opacity, not visibility: this runs during size allocation, where a
   * change of size would be too late for this frame. */
  gtk_widget_set_opacity (self->action_separator, scrolls ? 1.0 : 0.0);
  note_fields_seen (self, adjustment);
}

#define MIN_BODY_HEIGHT 240

/* What the title bar, the server line, the summary and the buttons take. */
static int
measure_chrome (ElicitDialog *self)
{
  GtkWidget *titlebar = gtk_window_get_titlebar (GTK_WINDOW (self));
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int total = 0, natural, height;

  if (width <= 0)
    gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);

  for (GtkWidget *child = gtk_widget_get_first_child (self->request_page);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (child == self->body_scroller || !gtk_widget_get_visible (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, NULL, &natural, NULL, NULL);
      total += natural;
    }

  if (titlebar != NULL)
    {
      gtk_widget_measure (titlebar, GTK_ORIENTATION_VERTICAL, -1, NULL, &natural, NULL, NULL);
      total += natural;
    }

  return total;
}

/* The dialog grows with its content up to about 80% of the monitor; past
 * that the message and the form scroll together. */
static void
fit_to_monitor (ElicitDialog *self)
{
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (self));
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));
  g_autoptr(GdkMonitor) first = NULL;
  GdkMonitor *monitor = NULL;
  GdkRectangle area;
  int height;

  if (surface != NULL)
    monitor = gdk_display_get_monitor_at_surface (display, surface);
  if (monitor == NULL)
    {
      first = g_list_model_get_item (gdk_display_get_monitors (display), 0);
      monitor = first;
    }
  if (monitor == NULL)
    return;

  gdk_monitor_get_geometry (monitor, &area);
  height = MAX (MIN_BODY_HEIGHT, area.height * 4 / 5 - measure_chrome (self));
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->body_scroller), height);
}

static void
elicit_dialog_realize (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (elicit_dialog_parent_class)->realize (widget);

  fit_to_monitor (ELICIT_DIALOG (widget));
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
  g_signal_connect_object (adjustment, "changed", G_CALLBACK (body_adjustment_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (adjustment, "value-changed", G_CALLBACK (note_fields_seen), self,
                           G_CONNECT_SWAPPED);
  update_header (self);
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

  clean = sanitize_server_text (server_label);
  if (g_strcmp0 (clean, self->server_label) == 0)
    return;

  g_free (self->server_label);
  self->server_label = g_steal_pointer (&clean);
  update_header (self);
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

  clean = sanitize_server_text (server_claim);
  if (g_strcmp0 (clean, self->server_claim) == 0)
    return;

  g_free (self->server_claim);
  self->server_claim = g_steal_pointer (&clean);
  update_header (self);

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
 * Since: 1.2
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
 * Since: 1.2
 */
void
elicit_dialog_set_client_claim (ElicitDialog *self,
                                const char   *client_claim)
{
  g_autofree char *clean = NULL;

  g_return_if_fail (ELICIT_IS_DIALOG (self));

  clean = sanitize_server_text (client_claim);
  if (g_strcmp0 (clean, self->client_claim) == 0)
    return;

  g_free (self->client_claim);
  self->client_claim = g_steal_pointer (&clean);
  update_header (self);

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
 * elicit_dialog_get_after_completion:
 * @self: an [class@Dialog]
 *
 * Gets what the waiting notice says happens once the user is done in the
 * browser; see [property@Dialog:after-completion].
 *
 * Returns: (nullable): the sentence, or %NULL
 *
 * Since: 1.2
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
 * Since: 1.2
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
    show_status (self, STATUS_WAITING);

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
