/* elicit-sign-in-dialog.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "elicit-gtk-i18n-private.h"

#include "elicit-accept-guard-private.h"
#include "elicit-dialog.h"
#include "elicit-resources-private.h"
#include "elicit-show-uri-private.h"
#include "elicit-sign-in-dialog-private.h"
#include "elicit-url-view-private.h"
#include "elicit-auth-error.h"
#include "elicit-text-private.h"

/**
 * ElicitSignInDialog:
 *
 * A window that asks the user whether to sign in to a remote MCP server, for
 * one [class@Elicit.SignIn], and follows the sign-in until it ends.
 *
 * The header names the server by the label the user gave it
 * ([property@Elicit.SignIn:server-label]). The body says where the user will
 * sign in — the registrable domain of the sign-in page, analysed as in URL
 * mode ([class@Elicit.UrlInfo]: look-alike and punycode hosts, plain HTTP,
 * IP addresses are warned about) — offers the full address (Copy Link), and
 * lists the scopes asked for.
 *
 * **Sign In** opens the sign-in page in the user's browser (the desktop's
 * handler, or the sign-in's [property@Elicit.SignIn:browser-command], see
 * [method@Elicit.SignIn.launch_browser_async]) and approves the sign-in. It
 * is never the default widget, Return alone never presses it, and it stays
 * insensitive for [property@SignInDialog:accept-delay] milliseconds after
 * the dialog appears or regains focus, as in [class@Dialog]. **Copy Link**
 * copies the address for a browser of the user's choosing, which approves
 * the sign-in too. The dialog then waits for the browser; if the browser
 * cannot be opened, it says so beside the buttons.
 *
 * When the sign-in ends the dialog closes itself, or shows why signing in
 * failed. Cancel, Escape and closing the window cancel the sign-in; a dialog
 * destroyed while its sign-in is under way cancels it too, so every sign-in
 * ends exactly once.
 *
 * Since: 1.0
 */

#define SERVER_TEXT_MAX  120
#define SCOPES_SHOWN_MAX 20

struct _ElicitSignInDialog
{
  GtkWindow               parent_instance;

  ElicitSignIn           *sign_in;
  ElicitUrlInfo          *url_info;
  GError                 *url_error;
  GCancellable           *cancellable;

  ElicitSignInLaunchFunc  launch_func;
  gpointer                launch_data;

  ElicitAcceptGuard       accept_guard;

  guint                   launching : 1;
  guint                   launch_failed : 1;
  guint                   closing : 1;
  guint                   can_sign_in : 1;

  /* Template widgets */
  GtkLabel               *window_title_label;
  GtkStack               *stack;
  GtkLabel               *server_name_label;
  GtkWidget              *body_scroller;
  GtkBox                 *body_box;
  GtkWidget              *launch_error_box;
  GtkLabel               *launch_error_label;
  GtkWidget              *cancel_button;
  GtkWidget              *sign_in_button;
  GtkSpinner             *status_spinner;
  GtkWidget              *status_icon;
  GtkLabel               *status_title_label;
  GtkLabel               *status_body_label;
  GtkWidget              *copy_button;
  GtkWidget              *status_cancel_button;
  GtkLabel               *status_cancel_label;
};

G_DEFINE_FINAL_TYPE (ElicitSignInDialog, elicit_sign_in_dialog, GTK_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_SIGN_IN,
  PROP_ACCEPT_DELAY,
  PROP_CAN_SIGN_IN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
is_finished (ElicitSignInDialog *self)
{
  return self->sign_in == NULL ||
         elicit_sign_in_get_state (self->sign_in) >= ELICIT_SIGN_IN_STATE_DONE;
}

/* Sign In: before consent, or again after the browser would not open. */
static gboolean
can_sign_in (ElicitSignInDialog *self)
{
  ElicitSignInState state;

  if (is_finished (self) || self->url_info == NULL || !self->accept_guard.armed || self->launching)
    return FALSE;

  state = elicit_sign_in_get_state (self->sign_in);

  return state == ELICIT_SIGN_IN_STATE_CONSENT ||
         (state == ELICIT_SIGN_IN_STATE_BROWSER && self->launch_failed);
}

/* Copying the link is consent too: the same protection as Sign In until
 * the user has agreed. */
static gboolean
can_copy_link (ElicitSignInDialog *self)
{
  if (is_finished (self) || self->url_info == NULL)
    return FALSE;

  if (elicit_sign_in_get_state (self->sign_in) == ELICIT_SIGN_IN_STATE_CONSENT)
    return self->accept_guard.armed && !self->launching;

  return TRUE;
}

static void
update_actions (ElicitSignInDialog *self)
{
  gboolean sign_in = can_sign_in (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sign-in.approve", sign_in);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sign-in.copy-link", can_copy_link (self));

  if (sign_in != self->can_sign_in)
    {
      self->can_sign_in = sign_in;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_SIGN_IN]);
    }
}

/* Arming: Sign In ignores input for a moment after the dialog appears */

static void
accept_guard_changed_cb (gpointer user_data)
{
  update_actions (user_data);
}

static void
is_active_changed_cb (ElicitSignInDialog *self)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)) && gtk_window_is_active (GTK_WINDOW (self)))
    elicit_accept_guard_restart (&self->accept_guard);
}

/* Closing */

static void
close_dialog (ElicitSignInDialog *self)
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
  if (!is_finished (self))
    elicit_sign_in_cancel (self->sign_in);
  gtk_window_destroy (GTK_WINDOW (self));
}

static gboolean
elicit_sign_in_dialog_close_request (GtkWindow *window)
{
  ElicitSignInDialog *self = ELICIT_SIGN_IN_DIALOG (window);

  self->closing = TRUE;
  g_cancellable_cancel (self->cancellable);
  if (!is_finished (self))
    elicit_sign_in_cancel (self->sign_in);

  return GTK_WINDOW_CLASS (elicit_sign_in_dialog_parent_class)->close_request (window);
}

/* The status page: waiting for the browser, exchanging the code, failed */

static const char *
site_name (ElicitSignInDialog *self)
{
  const char *domain = elicit_url_info_get_registrable_domain (self->url_info);

  return domain != NULL ? domain : elicit_url_info_get_host (self->url_info);
}

static void
show_status (ElicitSignInDialog *self,
             const char         *title,
             const char         *body,
             gboolean            failed)
{
  gtk_label_set_text (self->status_title_label, title);
  gtk_label_set_text (self->status_body_label, body);
  gtk_widget_set_visible (GTK_WIDGET (self->status_spinner), !failed);
  gtk_spinner_set_spinning (self->status_spinner, !failed);
  gtk_widget_set_visible (self->status_icon, failed);
  gtk_widget_set_visible (self->copy_button, !failed);
  gtk_label_set_text_with_mnemonic (self->status_cancel_label, failed ? _("_Close") : _("_Cancel"));
  gtk_widget_set_tooltip_text (self->status_cancel_button, failed ? NULL : _("Stop signing in"));

  gtk_stack_set_visible_child_name (self->stack, "status");
  gtk_window_set_focus (GTK_WINDOW (self), self->status_cancel_button);
}

static void
show_waiting (ElicitSignInDialog *self)
{
  /* Translators: %s is the site where the user signs in, such as example.com */
  g_autofree char *body = g_strdup_printf (_("Sign in at %s in your web browser. This window closes by itself once you are signed in. If the page did not open, copy the link into your browser."),
                                           site_name (self));

  show_status (self, _("Finish signing in in your browser…"), body, FALSE);
}

static void
show_failed (ElicitSignInDialog *self)
{
  const GError *error = elicit_sign_in_get_error (self->sign_in);
  g_autofree char *message = NULL;

  message = elicit_text_sanitize_block (error != NULL ? error->message : _("Unknown error"),
                                        ELICIT_TEXT_LINE_MAX * 4);
  show_status (self, _("Could not sign in"), message, TRUE);
}

/* Whatever moved the sign-in on — this dialog, the browser, the program —
 * the dialog follows. */
static void
sign_in_state_changed_cb (ElicitSignInDialog *self)
{
  update_actions (self);

  switch (elicit_sign_in_get_state (self->sign_in))
    {
    case ELICIT_SIGN_IN_STATE_CONSENT:
      break;

    case ELICIT_SIGN_IN_STATE_BROWSER:
      /* Until the browser opened, or after it would not: the buttons stay. */
      if (!self->launching && !self->launch_failed)
        show_waiting (self);
      break;

    case ELICIT_SIGN_IN_STATE_EXCHANGING:
      show_status (self, _("Signing in…"), _("Your browser came back. Elicit is finishing the sign-in."), FALSE);
      break;

    case ELICIT_SIGN_IN_STATE_FAILED:
      show_failed (self);
      break;

    case ELICIT_SIGN_IN_STATE_DONE:
    case ELICIT_SIGN_IN_STATE_CANCELLED:
      close_dialog (self);
      break;

    default:
      g_assert_not_reached ();
    }
}

/* Opening the browser */

static void
finish_launch (ElicitSignInDialog *self,
               gboolean            launched,
               const GError       *error)
{
  self->launching = FALSE;
  self->launch_failed = !launched;

  if (is_finished (self))
    return;

  if (launched)
    {
      gtk_widget_set_visible (self->launch_error_box, FALSE);
      update_actions (self);
      show_waiting (self);
      return;
    }

  {
    g_autofree char *text = g_strdup_printf (_("Could not open a web browser: %s"),
                                             error != NULL ? error->message : _("Unknown error"));

    gtk_label_set_text (self->launch_error_label, text);
  }
  gtk_widget_set_visible (self->launch_error_box, TRUE);
  gtk_button_set_label (GTK_BUTTON (self->sign_in_button), _("Try _Again"));
  gtk_button_set_use_underline (GTK_BUTTON (self->sign_in_button), TRUE);
  update_actions (self);
}

static void
launch_browser_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(ElicitSignInDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  gboolean launched;

  launched = elicit_sign_in_launch_browser_finish (ELICIT_SIGN_IN (object), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  finish_launch (self, launched, error);
}

static void
launched_cb (GtkWindow    *window,
             gboolean      launched,
             const GError *error)
{
  finish_launch (ELICIT_SIGN_IN_DIALOG (window), launched, error);
}

/* Approve first: the sign-in waits for the redirect before the browser can
 * bring it. */
static void
launch (ElicitSignInDialog *self)
{
  const char *url = elicit_url_info_get_url (self->url_info);

  self->launching = TRUE;
  gtk_widget_set_visible (self->launch_error_box, FALSE);
  update_actions (self);

  if (self->launch_func != NULL)
    {
      g_autoptr(GError) error = NULL;
      gboolean launched;

      elicit_sign_in_approve (self->sign_in);
      launched = self->launch_func (self, url, self->launch_data, &error);
      finish_launch (self, launched, error);
    }
  else if (elicit_sign_in_get_browser_command (self->sign_in) != NULL)
    elicit_sign_in_launch_browser_async (self->sign_in, self->cancellable,
                                         launch_browser_cb, g_object_ref (self));
  else
    {
      elicit_sign_in_approve (self->sign_in);
      elicit_show_uri (GTK_WINDOW (self), url, self->cancellable, launched_cb);
    }
}

/* Actions */

static void
approve_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  elicit_sign_in_dialog_sign_in (ELICIT_SIGN_IN_DIALOG (widget));
}

static void
copy_link_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  ElicitSignInDialog *self = ELICIT_SIGN_IN_DIALOG (widget);
  GdkClipboard *clipboard = gtk_widget_get_clipboard (widget);

  if (!can_copy_link (self))
    return;

  gdk_clipboard_set_text (clipboard, elicit_url_info_get_url (self->url_info));

  self->launch_failed = FALSE;
  if (elicit_sign_in_get_state (self->sign_in) == ELICIT_SIGN_IN_STATE_CONSENT)
    elicit_sign_in_approve (self->sign_in);
  else if (elicit_sign_in_get_state (self->sign_in) == ELICIT_SIGN_IN_STATE_BROWSER)
    show_waiting (self);
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  close_dialog (ELICIT_SIGN_IN_DIALOG (widget));
}

/* Body */

static GtkWidget *
site_label_new (ElicitSignInDialog *self)
{
  /* Translators: %s is the site where the user signs in, such as example.com */
  const char *format = _("You will sign in at %s");
  const char *at = strstr (format, "%s");
  const char *site = site_name (self);
  g_autofree char *text = NULL;
  GtkWidget *label;
  PangoAttrList *attrs;
  PangoAttribute *bold;

  if (at == NULL)
    format = at = "%s";

  /* Attributes, never markup: the host is the server's text. */
  text = g_strdup_printf ("%.*s%s%s", (int) (at - format), format, site, at + 2);
  label = elicit_url_view_label_new (text, NULL);
  attrs = pango_attr_list_new ();
  bold = pango_attr_weight_new (PANGO_WEIGHT_BOLD);
  bold->start_index = at - format;
  bold->end_index = bold->start_index + strlen (site);
  pango_attr_list_insert (attrs, bold);
  gtk_label_set_attributes (GTK_LABEL (label), attrs);
  pango_attr_list_unref (attrs);
  gtk_widget_add_css_class (label, "elicit-sign-in-site");

  return label;
}

static GtkWidget *
address_row_new (ElicitSignInDialog *self)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *expander = gtk_expander_new_with_mnemonic (_("Show the _full address"));
  GtkWidget *copy = gtk_button_new_with_mnemonic (_("Co_py Link"));

  gtk_expander_set_child (GTK_EXPANDER (expander),
                          elicit_url_view_address_new (self->url_info,
                                                       elicit_url_info_get_display_url (self->url_info),
                                                       TRUE));
  gtk_widget_set_hexpand (expander, TRUE);
  gtk_widget_set_valign (copy, GTK_ALIGN_START);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (copy), "sign-in.copy-link");
  gtk_widget_set_tooltip_text (copy, _("Copy the address of the sign-in page, to open it in a browser yourself"));
  gtk_box_append (GTK_BOX (row), expander);
  gtk_box_append (GTK_BOX (row), copy);

  return row;
}

static GtkWidget *
scopes_new (ElicitSignInDialog *self)
{
  const char * const *scopes = elicit_sign_in_get_scopes (self->sign_in);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  guint n = scopes != NULL ? g_strv_length ((GStrv) scopes) : 0;

  if (n == 0)
    {
      gtk_box_append (GTK_BOX (box),
                      elicit_url_view_label_new (_("No particular permissions are asked for."), NULL));
      return box;
    }

  gtk_box_append (GTK_BOX (box), elicit_url_view_label_new (_("Permissions asked for:"), "heading"));
  for (guint i = 0; i < n && i < SCOPES_SHOWN_MAX; i++)
    {
      g_autofree char *scope = elicit_text_sanitize_line (scopes[i], ELICIT_TEXT_LINE_MAX);
      GtkWidget *label = elicit_url_view_label_new (scope, "elicit-scope");

      gtk_widget_set_margin_start (label, 12);
      gtk_box_append (GTK_BOX (box), label);
    }

  if (n > SCOPES_SHOWN_MAX)
    {
      g_autofree char *more = g_strdup_printf (g_dngettext (elicit_gtk_gettext_domain (),
                                                            "and %u more permission",
                                                            "and %u more permissions",
                                                                 n - SCOPES_SHOWN_MAX),
                                               n - SCOPES_SHOWN_MAX);
      GtkWidget *label = elicit_url_view_label_new (more, "dim-label");

      gtk_widget_set_margin_start (label, 12);
      gtk_box_append (GTK_BOX (box), label);
    }

  return box;
}

static void
build_accepted (ElicitSignInDialog *self)
{
  guint n_warnings;

  gtk_box_append (self->body_box, site_label_new (self));
  gtk_box_append (self->body_box, elicit_url_view_details_new (self->url_info, FALSE));
  n_warnings = elicit_url_view_add_warnings (self->url_info, self->body_box);
  gtk_box_append (self->body_box, address_row_new (self));
  gtk_box_append (self->body_box, scopes_new (self));
  gtk_box_append (self->body_box,
                  elicit_url_view_label_new (_("Nothing has been opened yet. If you sign in, the sign-in page opens in your web browser, and this computer receives the answer."),
                                             "dim-label"));

  /* A warning is a reason to think twice: signing in is not the suggestion. */
  if (n_warnings > 0)
    gtk_widget_remove_css_class (self->sign_in_button, "suggested-action");
}

static void
build_refused (ElicitSignInDialog *self)
{
  elicit_url_view_add_refusal (self->body_box, _("This sign-in page will not be opened"), self->url_error->message,
                               elicit_sign_in_get_authorization_url (self->sign_in));

  gtk_widget_set_visible (self->sign_in_button, FALSE);
}

static void
build_header (ElicitSignInDialog *self)
{
  const char *label = elicit_sign_in_get_server_label (self->sign_in);
  g_autofree char *clean = elicit_text_sanitize_line (label != NULL ? label : "", SERVER_TEXT_MAX);
  g_autofree char *title = NULL;

  const char *name;

  g_strstrip (clean);
  name = *clean != '\0' ? clean : _("Unnamed server");

  /* Translators: the window title; %s is the name the user gave the server */
  title = g_strdup_printf (_("Sign In to %s"), name);
  gtk_label_set_text (self->server_name_label, name);
  gtk_label_set_text (self->window_title_label, title);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

/* Set once, at construction: the sign-in. */
static void
set_sign_in (ElicitSignInDialog *self,
             ElicitSignIn       *sign_in)
{
  const char *url;

  g_assert (self->sign_in == NULL);

  if (sign_in == NULL)
    return;

  self->sign_in = g_object_ref (sign_in);
  g_signal_connect_object (sign_in, "notify::state",
                           G_CALLBACK (sign_in_state_changed_cb), self,
                           G_CONNECT_SWAPPED);

  build_header (self);
  url = elicit_sign_in_get_authorization_url (sign_in);
  self->url_info = elicit_url_info_new (url != NULL ? url : "", &self->url_error);
  if (self->url_info != NULL)
    build_accepted (self);
  else
    build_refused (self);

  /* Never on Sign In. */
  gtk_window_set_focus (GTK_WINDOW (self), self->cancel_button);

  if (elicit_sign_in_get_state (sign_in) != ELICIT_SIGN_IN_STATE_CONSENT)
    sign_in_state_changed_cb (self);
  update_actions (self);
}

/* GObject and GtkWidget */

static void
elicit_sign_in_dialog_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (elicit_sign_in_dialog_parent_class)->map (widget);

  elicit_accept_guard_restart (&ELICIT_SIGN_IN_DIALOG (widget)->accept_guard);
}

static void
elicit_sign_in_dialog_unmap (GtkWidget *widget)
{
  elicit_accept_guard_disarm (&ELICIT_SIGN_IN_DIALOG (widget)->accept_guard);

  GTK_WIDGET_CLASS (elicit_sign_in_dialog_parent_class)->unmap (widget);
}

static void
elicit_sign_in_dialog_dispose (GObject *object)
{
  ElicitSignInDialog *self = ELICIT_SIGN_IN_DIALOG (object);

  self->closing = TRUE;

  /* The last line of defence of "every sign-in ends once". */
  if (self->sign_in != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->sign_in, self);
      if (!is_finished (self))
        elicit_sign_in_cancel (self->sign_in);
    }

  g_cancellable_cancel (self->cancellable);
  elicit_accept_guard_clear (&self->accept_guard);
  g_clear_object (&self->sign_in);
  g_clear_object (&self->url_info);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (elicit_sign_in_dialog_parent_class)->dispose (object);
}

static void
elicit_sign_in_dialog_finalize (GObject *object)
{
  ElicitSignInDialog *self = ELICIT_SIGN_IN_DIALOG (object);

  g_clear_error (&self->url_error);

  G_OBJECT_CLASS (elicit_sign_in_dialog_parent_class)->finalize (object);
}

static void
elicit_sign_in_dialog_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  ElicitSignInDialog *self = ELICIT_SIGN_IN_DIALOG (object);

  switch (prop_id)
    {
    case PROP_SIGN_IN:
      g_value_set_object (value, elicit_sign_in_dialog_get_sign_in (self));
      break;

    case PROP_ACCEPT_DELAY:
      g_value_set_uint (value, elicit_sign_in_dialog_get_accept_delay (self));
      break;

    case PROP_CAN_SIGN_IN:
      g_value_set_boolean (value, elicit_sign_in_dialog_get_can_sign_in (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_sign_in_dialog_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  ElicitSignInDialog *self = ELICIT_SIGN_IN_DIALOG (object);

  switch (prop_id)
    {
    case PROP_SIGN_IN:
      set_sign_in (self, g_value_get_object (value));
      break;

    case PROP_ACCEPT_DELAY:
      elicit_sign_in_dialog_set_accept_delay (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
install_properties (GObjectClass *object_class)
{
  /**
   * ElicitSignInDialog:sign-in:
   *
   * The sign-in this dialog asks about and follows.
   *
   * Since: 1.0
   */
  properties[PROP_SIGN_IN] =
    g_param_spec_object ("sign-in", NULL, NULL,
                         ELICIT_TYPE_SIGN_IN,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSignInDialog:accept-delay:
   *
   * How long, in milliseconds, Sign In and Copy Link stay insensitive after
   * the dialog is mapped or regains focus.
   *
   * Since: 1.0
   */
  properties[PROP_ACCEPT_DELAY] =
    g_param_spec_uint ("accept-delay", NULL, NULL,
                       0, 10000, ELICIT_DIALOG_DEFAULT_ACCEPT_DELAY,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSignInDialog:can-sign-in:
   *
   * Whether Sign In would open the browser now: the sign-in waits for
   * consent (or the browser would not open before), its page may be opened,
   * and the [property@SignInDialog:accept-delay] has passed. Sign In is
   * sensitive exactly when this is %TRUE.
   *
   * Since: 1.0
   */
  properties[PROP_CAN_SIGN_IN] =
    g_param_spec_boolean ("can-sign-in", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
elicit_sign_in_dialog_class_init (ElicitSignInDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  elicit_gtk_ensure_i18n ();
  elicit_ensure_resources ();

  object_class->dispose = elicit_sign_in_dialog_dispose;
  object_class->finalize = elicit_sign_in_dialog_finalize;
  object_class->get_property = elicit_sign_in_dialog_get_property;
  object_class->set_property = elicit_sign_in_dialog_set_property;
  widget_class->map = elicit_sign_in_dialog_map;
  widget_class->unmap = elicit_sign_in_dialog_unmap;
  window_class->close_request = elicit_sign_in_dialog_close_request;

  install_properties (object_class);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gnome/World/Elicit/ui/elicit-sign-in-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ElicitSignInDialog, window_title_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitSignInDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, ElicitSignInDialog, server_name_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitSignInDialog, body_scroller);
  gtk_widget_class_bind_template_child (widget_class, ElicitSignInDialog, body_box);
  gtk_widget_class_bind_template_child (widget_class, ElicitSignInDialog, launch_error_box);
  gtk_widget_class_bind_template_child (widget_class, ElicitSignInDialog, launch_error_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitSignInDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, ElicitSignInDialog, sign_in_button);
  gtk_widget_class_bind_template_child (widget_class, ElicitSignInDialog, status_spinner);
  gtk_widget_class_bind_template_child (widget_class, ElicitSignInDialog, status_icon);
  gtk_widget_class_bind_template_child (widget_class, ElicitSignInDialog, status_title_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitSignInDialog, status_body_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitSignInDialog, copy_button);
  gtk_widget_class_bind_template_child (widget_class, ElicitSignInDialog, status_cancel_button);
  gtk_widget_class_bind_template_child (widget_class, ElicitSignInDialog, status_cancel_label);

  gtk_widget_class_install_action (widget_class, "sign-in.approve", NULL, approve_action);
  gtk_widget_class_install_action (widget_class, "sign-in.copy-link", NULL, copy_link_action);
  gtk_widget_class_install_action (widget_class, "sign-in.cancel", NULL, cancel_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "sign-in.cancel", NULL);
}

static void
elicit_sign_in_dialog_init (ElicitSignInDialog *self)
{
  elicit_accept_guard_init (&self->accept_guard, ELICIT_DIALOG_DEFAULT_ACCEPT_DELAY,
                            accept_guard_changed_cb, self);
  self->cancellable = g_cancellable_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_add_css_class (GTK_WIDGET (self), "elicit-dialog");
  elicit_ensure_dialog_css (GTK_WIDGET (self));

  g_signal_connect (self, "notify::is-active", G_CALLBACK (is_active_changed_cb), NULL);
  update_actions (self);
}

/**
 * elicit_sign_in_dialog_new:
 * @sign_in: the sign-in to ask about
 *
 * Creates a dialog for @sign_in. Present it with gtk_window_present(); it
 * approves or cancels the sign-in and closes itself when the sign-in ends.
 *
 * Returns: (transfer none): a new [class@SignInDialog]
 *
 * Since: 1.0
 */
GtkWidget *
elicit_sign_in_dialog_new (ElicitSignIn *sign_in)
{
  g_return_val_if_fail (ELICIT_IS_SIGN_IN (sign_in), NULL);

  return g_object_new (ELICIT_TYPE_SIGN_IN_DIALOG,
                       "sign-in", sign_in,
                       NULL);
}

/**
 * elicit_sign_in_dialog_get_sign_in:
 * @self: an [class@SignInDialog]
 *
 * Gets the sign-in this dialog asks about.
 *
 * Returns: (transfer none) (nullable): the sign-in
 *
 * Since: 1.0
 */
ElicitSignIn *
elicit_sign_in_dialog_get_sign_in (ElicitSignInDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_SIGN_IN_DIALOG (self), NULL);

  return self->sign_in;
}

/**
 * elicit_sign_in_dialog_get_accept_delay:
 * @self: an [class@SignInDialog]
 *
 * Gets how long Sign In ignores input after the dialog appears.
 *
 * Returns: the delay in milliseconds
 *
 * Since: 1.0
 */
guint
elicit_sign_in_dialog_get_accept_delay (ElicitSignInDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_SIGN_IN_DIALOG (self), 0);

  return self->accept_guard.delay;
}

/**
 * elicit_sign_in_dialog_set_accept_delay:
 * @self: an [class@SignInDialog]
 * @accept_delay: milliseconds, 0 for none
 *
 * Sets how long Sign In stays insensitive after the dialog is mapped or
 * regains focus.
 *
 * Since: 1.0
 */
void
elicit_sign_in_dialog_set_accept_delay (ElicitSignInDialog *self,
                                        guint               accept_delay)
{
  g_return_if_fail (ELICIT_IS_SIGN_IN_DIALOG (self));

  if (!elicit_accept_guard_set_delay (&self->accept_guard, accept_delay,
                                      gtk_widget_get_mapped (GTK_WIDGET (self))))
    return;

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACCEPT_DELAY]);
}

/**
 * elicit_sign_in_dialog_get_can_sign_in:
 * @self: an [class@SignInDialog]
 *
 * Gets whether Sign In would open the browser now; see
 * [property@SignInDialog:can-sign-in].
 *
 * Returns: whether [method@SignInDialog.sign_in] would act
 *
 * Since: 1.0
 */
gboolean
elicit_sign_in_dialog_get_can_sign_in (ElicitSignInDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_SIGN_IN_DIALOG (self), FALSE);

  return self->can_sign_in;
}

/**
 * elicit_sign_in_dialog_sign_in:
 * @self: an [class@SignInDialog]
 *
 * Does what the Sign In button does, when
 * [property@SignInDialog:can-sign-in] is %TRUE: approves the sign-in and
 * opens its page in the browser. Does nothing otherwise.
 *
 * Returns: whether the browser is being opened
 *
 * Since: 1.0
 */
gboolean
elicit_sign_in_dialog_sign_in (ElicitSignInDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_SIGN_IN_DIALOG (self), FALSE);

  if (!can_sign_in (self))
    return FALSE;

  launch (self);

  return TRUE;
}

/* Private API, for tests */

void
elicit_sign_in_dialog_set_launch_func (ElicitSignInDialog     *self,
                                       ElicitSignInLaunchFunc  func,
                                       gpointer                user_data)
{
  g_return_if_fail (ELICIT_IS_SIGN_IN_DIALOG (self));

  self->launch_func = func;
  self->launch_data = user_data;
}

const char *
elicit_sign_in_dialog_get_page (ElicitSignInDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_SIGN_IN_DIALOG (self), NULL);

  return gtk_stack_get_visible_child_name (self->stack);
}

GtkWidget *
elicit_sign_in_dialog_get_sign_in_button (ElicitSignInDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_SIGN_IN_DIALOG (self), NULL);

  return self->sign_in_button;
}

GtkWidget *
elicit_sign_in_dialog_get_cancel_button (ElicitSignInDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_SIGN_IN_DIALOG (self), NULL);

  return self->cancel_button;
}
