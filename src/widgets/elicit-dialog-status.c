/* elicit-dialog-status.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* ElicitDialog: the page that replaces the form once it is answered elsewhere,
 * waited for in the browser, or withdrawn, with what the person typed. */

#include "config.h"

#include "elicit-gtk-i18n-private.h"

#include "elicit-dialog-private.h"
#include "elicit-form.h"
#include "elicit-session.h"
#include "elicit-text-private.h"


static gboolean
notice_timeout_cb (gpointer user_data)
{
  ElicitDialog *self = user_data;

  self->close_source = 0;
  elicit_dialog_close_now (self);

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

void
elicit_dialog_show_status (ElicitDialog       *self,
                           ElicitDialogStatus  kind)
{
  const char *title = NULL;
  g_autofree char *body = NULL;
  const char *icon = NULL;
  g_autofree char *draft = NULL;

  g_clear_handle_id (&self->close_source, g_source_remove);

  switch (kind)
    {
    case ELICIT_DIALOG_STATUS_WAITING:
      title = self->link_copied ? _("Link copied. Open it in your web browser…")
                                : _("Waiting for you to finish in the browser…");
      body = waiting_text (self);
      break;

    case ELICIT_DIALOG_STATUS_DONE:
      title = C_("elicitation finished", "Done");
      body = g_strdup (_("The server reports that the interaction is complete."));
      icon = "object-select-symbolic";
      break;

    case ELICIT_DIALOG_STATUS_WITHDRAWN:
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
  gtk_widget_set_visible (GTK_WIDGET (self->status_spinner), kind == ELICIT_DIALOG_STATUS_WAITING);
  gtk_spinner_set_spinning (self->status_spinner, kind == ELICIT_DIALOG_STATUS_WAITING);
  gtk_widget_set_visible (GTK_WIDGET (self->status_icon), icon != NULL);
  if (icon != NULL)
    gtk_image_set_from_icon_name (self->status_icon, icon);

  gtk_label_set_text_with_mnemonic (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (self->close_button))),
                                    kind == ELICIT_DIALOG_STATUS_WAITING ? _("I’ve _Finished") : _("_Close"));
  gtk_widget_set_tooltip_text (self->close_button,
                               kind == ELICIT_DIALOG_STATUS_WAITING ? _("Close this window: you are done in the browser") : NULL);
  show_draft (self, draft);
  gtk_stack_set_visible_child_name (self->stack, "status");
  gtk_window_set_focus (GTK_WINDOW (self), self->close_button);

  /* A draft stays until the user has copied what they need. */
  if (kind != ELICIT_DIALOG_STATUS_WAITING && draft == NULL)
    self->close_source = g_timeout_add (self->notice_timeout, notice_timeout_cb, self);
}
