/* elicit-prompter.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>

#include "elicit-gtk.h"

#include "elicit-cli.h"
#include "elicit-timing.h"
#include "elicit-prompter.h"
#include "elicit-prompter-client.h"

/*
 * ElicitPrompter: what `elicit call` and `elicit proxy` answer elicitations
 * with. It owns an ElicitPromptQueue (one dialog per server at a time, the
 * cap and the rate limit) and shows each request its turn comes in an
 * ElicitDialog labelled with the name the user gave the server. Without a
 * display it answers `cancel` and says why on stderr.
 *
 * Before any dialog of its own, it asks the desktop's prompter (the Elicit
 * app over D-Bus, ElicitPrompterClient), running or activatable, labelling
 * the question with the client's name; only when there is none does it show
 * its own dialog, or answer `cancel` without a display. It counts what the user
 * said no to (declined or cancelled), so `elicit call` can exit accordingly.
 * It also asks before signing in to a remote server (ElicitSignInDialog).
 *
 * With ELICIT_BENCH_TIMING set in the environment it writes
 * "elicit-timing EVENT MICROSECONDS" lines on stderr (CLOCK_MONOTONIC, the
 * clock of g_get_monotonic_time()), which tests/bench/bench-call reads.
 */

struct _ElicitPrompter
{
  GObject            parent_instance;

  ElicitPromptQueue *queue;
  char              *server_label;
  char              *server_claim;
  char              *client_label;
  GPtrArray         *dialogs;
  GPtrArray         *sign_in_dialogs;
  ElicitPrompterClient *desktop;
  GCancellable      *cancellable;

  guint              n_refused;
  guint              n_said_no;
  guint              have_display : 1;
  guint              verbose : 1;
  guint              accept_defaults : 1;
};

enum {
  ALL_CLOSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ElicitPrompter, elicit_prompter, G_TYPE_OBJECT)

static void
after_paint_cb (GdkFrameClock *clock,
                GtkWidget     *dialog)
{
  elicit_timing_mark ("dialog-first-frame");
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, dialog);
}

static void
dialog_map_cb (GtkWidget *dialog)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (dialog);

  elicit_timing_mark ("dialog-mapped");
  if (clock != NULL)
    g_signal_connect_object (clock, "after-paint", G_CALLBACK (after_paint_cb), dialog, 0);
}

static void
dialog_destroy_cb (GtkWidget      *dialog,
                   ElicitPrompter *self)
{
  if (g_ptr_array_remove (self->dialogs, dialog) && self->dialogs->len == 0)
    g_signal_emit (self, signals[ALL_CLOSED], 0);
}

static void
request_state_cb (ElicitRequest  *request,
                  GParamSpec     *pspec,
                  ElicitPrompter *self)
{
  switch (elicit_request_get_state (request))
    {
    case ELICIT_REQUEST_STATE_DECLINED:
    case ELICIT_REQUEST_STATE_CANCELLED:
      self->n_said_no++;
      break;

    case ELICIT_REQUEST_STATE_PENDING:
    case ELICIT_REQUEST_STATE_ACCEPTED:
    case ELICIT_REQUEST_STATE_WITHDRAWN:
    case ELICIT_REQUEST_STATE_COMPLETED:
    default:
      break;
    }
}

static void
answer_without_display (ElicitPrompter *self,
                        ElicitRequest  *request)
{
  /* TRANSLATORS: %s is the name the user gave the server */
  g_printerr (_("elicit: “%s” asks for input, but there is no display to ask on; answering “cancel”\n"),
              self->server_label);
  elicit_request_cancel (request);
}

/* --accept-defaults: accepts, as a user pressing Accept would, as soon as the
 * dialog lets one: the form valid (with the defaults it shows), the accept
 * delay over. ElicitDialog:can-accept says when. For tests and automation
 * only. */
static void
can_accept_cb (ElicitDialog *dialog,
               GParamSpec   *pspec,
               gpointer      user_data)
{
  if (!elicit_dialog_get_can_accept (dialog))
    return;

  g_signal_handlers_disconnect_by_func (dialog, can_accept_cb, user_data);
  elicit_dialog_accept (dialog);
}

static void
accept_when_ready (GtkWidget *dialog)
{
  ElicitRequest *request = elicit_dialog_get_request (ELICIT_DIALOG (dialog));

  /* Never a URL: that would open a browser. */
  if (elicit_request_get_mode (request) != ELICIT_REQUEST_MODE_FORM)
    return;

  g_signal_connect (dialog, "notify::can-accept", G_CALLBACK (can_accept_cb), NULL);
  can_accept_cb (ELICIT_DIALOG (dialog), NULL, NULL);
}

static void
show_locally (ElicitPrompter *self,
              ElicitRequest  *request)
{
  g_autoptr(ElicitSession) session = elicit_request_dup_session (request);
  GtkWidget *dialog;

  if (!self->have_display)
    {
      answer_without_display (self, request);
      return;
    }

  dialog = elicit_dialog_new (request);
  elicit_dialog_set_queue (ELICIT_DIALOG (dialog), self->queue);
  elicit_timing_mark ("dialog-built");
  /* A session labels the dialog itself; the proxy's requests have none. */
  if (session == NULL)
    {
      elicit_dialog_set_server_label (ELICIT_DIALOG (dialog), self->server_label);
      elicit_dialog_set_server_claim (ELICIT_DIALOG (dialog), self->server_claim);
    }

  g_ptr_array_add (self->dialogs, dialog);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (dialog_destroy_cb), self, 0);
  if (elicit_timing_enabled ())
    g_signal_connect (dialog, "map", G_CALLBACK (dialog_map_cb), NULL);

  gtk_window_present (GTK_WINDOW (dialog));

  if (self->accept_defaults)
    accept_when_ready (dialog);
}

static void
desktop_ask_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(ElicitRequest) request = user_data;
  g_autoptr(GError) error = NULL;
  ElicitPrompter *self;

  if (elicit_prompter_client_ask_finish (ELICIT_PROMPTER_CLIENT (object), result, &error))
    return;
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  self = g_object_get_data (G_OBJECT (request), "elicit-prompter");
  g_debug ("no desktop prompter (%s): asking here", error->message);
  if (self != NULL && elicit_request_get_state (request) == ELICIT_REQUEST_STATE_PENDING)
    show_locally (self, request);
}

static void
prompt_cb (ElicitPromptQueue *queue,
           ElicitRequest     *request,
           ElicitPrompter    *self)
{
  g_autoptr(ElicitSession) session = elicit_request_dup_session (request);
  const char *label = self->server_label;
  const char *claim = self->server_claim;

  elicit_timing_mark ("prompt");
  g_signal_connect_object (request, "notify::state", G_CALLBACK (request_state_cb), self, 0);

  /* A URL step waits for its completion notice in the dialog that showed
   * it, which the desktop's prompter cannot hear: with a display of our own,
   * it stays here. */
  if (self->desktop == NULL || elicit_prompter_client_get_absent (self->desktop) ||
      (self->have_display && elicit_request_get_mode (request) == ELICIT_REQUEST_MODE_URL))
    {
      show_locally (self, request);
      return;
    }

  if (session != NULL)
    {
      label = elicit_session_get_display_name (session);
      claim = elicit_session_get_server_title (session);
      if (claim == NULL || *claim == '\0')
        claim = elicit_session_get_server_name (session);
    }

  /* Weak: the prompter may be gone by the time the bus answers. */
  g_object_set_data (G_OBJECT (request), "elicit-prompter", self);
  elicit_prompter_client_ask_async (self->desktop, request, label != NULL ? label : "",
                                    self->client_label, claim, self->cancellable,
                                    desktop_ask_cb, g_object_ref (request));
}

static void
refused_cb (ElicitPromptQueue *queue,
            ElicitRequest     *request,
            const char        *message,
            ElicitPrompter    *self)
{
  /* A flood refuses hundreds: say it once, and the count at the end. */
  if (self->n_refused++ == 0 || self->verbose)
    /* TRANSLATORS: the first %s is the name the user gave the server, the second why */
    g_printerr (_("elicit: refused a request from “%s”: %s\n"), self->server_label, message);
}

static void
withdrawn_cb (ElicitPromptQueue *queue,
              ElicitRequest     *request,
              ElicitPrompter    *self)
{
  if (self->verbose)
    g_printerr (_("elicit: “%s” withdrew its request: %s\n"), self->server_label,
                elicit_request_get_withdrawn_reason (request));
}

/* Sign-ins ------------------------------------------------------------------ */

static void
sign_in_dialog_destroy_cb (GtkWidget      *dialog,
                           ElicitPrompter *self)
{
  g_ptr_array_remove (self->sign_in_dialogs, dialog);
}

/*
 * elicit_prompter_sign_in:
 * Asks the user about @sign_in in an ElicitSignInDialog: a handler of
 * ElicitAuthorizer::sign-in. Returns FALSE, leaving the sign-in to the
 * authorizer, with --accept-defaults (the authorizer's auto-approve opens
 * the browser without asking, for automation) and when there is nobody to
 * ask (no display: the authorizer fails with its own message).
 */
gboolean
elicit_prompter_sign_in (ElicitPrompter *self,
                         ElicitSignIn   *sign_in)
{
  GtkWidget *dialog;

  g_return_val_if_fail (ELICIT_IS_PROMPTER (self), FALSE);
  g_return_val_if_fail (ELICIT_IS_SIGN_IN (sign_in), FALSE);

  /* No display: ELICIT_BROWSER may still sign in for a script; else the
   * authorizer says that the server needs signing in. */
  if (self->accept_defaults || !self->have_display)
    return FALSE;

  dialog = elicit_sign_in_dialog_new (sign_in);
  g_ptr_array_add (self->sign_in_dialogs, dialog);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (sign_in_dialog_destroy_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));

  return TRUE;
}

static void
elicit_prompter_dispose (GObject *object)
{
  ElicitPrompter *self = ELICIT_PROMPTER (object);

  elicit_prompter_close_all (self);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->desktop);
  if (self->queue != NULL)
    g_signal_handlers_disconnect_by_data (self->queue, self);
  g_clear_object (&self->queue);

  G_OBJECT_CLASS (elicit_prompter_parent_class)->dispose (object);
}

static void
elicit_prompter_finalize (GObject *object)
{
  ElicitPrompter *self = ELICIT_PROMPTER (object);

  g_clear_pointer (&self->dialogs, g_ptr_array_unref);
  g_clear_pointer (&self->sign_in_dialogs, g_ptr_array_unref);
  g_free (self->server_label);
  g_free (self->server_claim);
  g_free (self->client_label);

  G_OBJECT_CLASS (elicit_prompter_parent_class)->finalize (object);
}

static void
elicit_prompter_class_init (ElicitPrompterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = elicit_prompter_dispose;
  object_class->finalize = elicit_prompter_finalize;

  /* ElicitPrompter::all-closed: the last open dialog closed. */
  signals[ALL_CLOSED] =
    g_signal_new ("all-closed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
elicit_prompter_init (ElicitPrompter *self)
{
  self->dialogs = g_ptr_array_new ();
  self->sign_in_dialogs = g_ptr_array_new ();
  self->queue = elicit_prompt_queue_new ();
  self->cancellable = g_cancellable_new ();
  if (elicit_prompter_client_wanted ())
    {
      self->desktop = elicit_prompter_client_new ();
      elicit_prompter_client_prepare (self->desktop);
    }

  g_signal_connect (self->queue, "prompt", G_CALLBACK (prompt_cb), self);
  g_signal_connect (self->queue, "refused", G_CALLBACK (refused_cb), self);
  g_signal_connect (self->queue, "withdrawn", G_CALLBACK (withdrawn_cb), self);
}

ElicitPrompter *
elicit_prompter_new (const char *server_label,
                     gboolean    have_display)
{
  ElicitPrompter *self = g_object_new (ELICIT_TYPE_PROMPTER, NULL);

  self->server_label = g_strdup (server_label);
  self->have_display = !!have_display;

  return self;
}

ElicitPromptQueue *
elicit_prompter_get_queue (ElicitPrompter *self)
{
  g_return_val_if_fail (ELICIT_IS_PROMPTER (self), NULL);

  return self->queue;
}

/* How many requests the queue refused (flood). */
guint
elicit_prompter_get_n_refused (ElicitPrompter *self)
{
  g_return_val_if_fail (ELICIT_IS_PROMPTER (self), 0);

  return self->n_refused;
}

/* How many requests shown were declined or cancelled. */
guint
elicit_prompter_get_n_said_no (ElicitPrompter *self)
{
  g_return_val_if_fail (ELICIT_IS_PROMPTER (self), 0);

  return self->n_said_no;
}

guint
elicit_prompter_get_n_open (ElicitPrompter *self)
{
  g_return_val_if_fail (ELICIT_IS_PROMPTER (self), 0);

  return self->dialogs->len;
}

/* The server's self-reported name, shown as its claim next to the label;
 * only needed for requests without a session. */
void
elicit_prompter_set_server_claim (ElicitPrompter *self,
                                  const char     *server_claim)
{
  g_return_if_fail (ELICIT_IS_PROMPTER (self));

  g_free (self->server_claim);
  self->server_claim = g_strdup (server_claim);
}

/* The client's name, shown by the desktop's prompter as the client's
 * claim ("Everything, via claude"). */
void
elicit_prompter_set_client_label (ElicitPrompter *self,
                                  const char     *client_label)
{
  g_return_if_fail (ELICIT_IS_PROMPTER (self));

  g_free (self->client_label);
  self->client_label = g_strdup (client_label);
}

void
elicit_prompter_set_verbose (ElicitPrompter *self,
                             gboolean        verbose)
{
  g_return_if_fail (ELICIT_IS_PROMPTER (self));

  self->verbose = !!verbose;
}

void
elicit_prompter_set_accept_defaults (ElicitPrompter *self,
                                     gboolean        accept_defaults)
{
  g_return_if_fail (ELICIT_IS_PROMPTER (self));

  self->accept_defaults = !!accept_defaults;
  /* Automation answers its own dialogs: never a person's desktop prompter. */
  if (accept_defaults)
    g_clear_object (&self->desktop);
}

/* Destroys every dialog still open; their pending requests answer cancel,
 * their sign-ins are cancelled. */
void
elicit_prompter_close_all (ElicitPrompter *self)
{
  g_return_if_fail (ELICIT_IS_PROMPTER (self));

  while (self->dialogs->len > 0)
    {
      GtkWidget *dialog = g_ptr_array_steal_index (self->dialogs, self->dialogs->len - 1);

      g_signal_handlers_disconnect_by_func (dialog, dialog_destroy_cb, self);
      gtk_window_destroy (GTK_WINDOW (dialog));
    }

  while (self->sign_in_dialogs->len > 0)
    {
      GtkWidget *dialog = g_ptr_array_steal_index (self->sign_in_dialogs,
                                                   self->sign_in_dialogs->len - 1);

      g_signal_handlers_disconnect_by_func (dialog, sign_in_dialog_destroy_cb, self);
      gtk_window_destroy (GTK_WINDOW (dialog));
    }
}
