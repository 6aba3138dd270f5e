/* elicit-presenter.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-dialog.h"
#include "elicit-presenter.h"
#include "elicit-sign-in-dialog.h"

/**
 * ElicitPresenter:
 *
 * Shows the requests of an [class@Elicit.PromptQueue] in [class@Dialog]s,
 * each as its turn comes, and sign-ins in [class@SignInDialog]s.
 *
 * The queue decides when a request is shown (one per server at a time, its
 * cap and rate limit); the presenter builds the dialog, gives it the
 * [property@Presenter:accept-delay] and makes it transient for
 * [property@Presenter:parent], then presents it. Before building a dialog it
 * emits [signal@Presenter::ask], so a program can answer a request another
 * way (a desktop-wide prompter, a terminal without a display); after, it
 * emits [signal@Presenter::dialog-created], so a program can label the
 * dialog or follow it.
 *
 * ```c
 * ElicitPromptQueue *queue = elicit_prompt_queue_new ();
 * ElicitPresenter *presenter = elicit_presenter_new (queue);
 *
 * elicit_presenter_set_parent (presenter, GTK_WINDOW (main_window));
 * elicit_prompt_queue_add_session (queue, session);
 * g_signal_connect_swapped (authorizer, "sign-in",
 *                           G_CALLBACK (elicit_presenter_sign_in), presenter);
 * ```
 *
 * Every request the queue hands over ends in exactly one answer: the dialog
 * sends it, and [method@Presenter.close_all] (or the dialog's destruction)
 * cancels what is still pending.
 *
 * Since: 1.0
 */

struct _ElicitPresenter
{
  GObject            parent_instance;

  ElicitPromptQueue *queue;
  GtkWindow         *parent;           /* weak */
  GPtrArray         *dialogs;          /* ElicitDialogs, borrowed */
  GPtrArray         *sign_in_dialogs;  /* ElicitSignInDialogs, borrowed */
  guint              accept_delay;
};

enum {
  PROP_0,
  PROP_QUEUE,
  PROP_PARENT,
  PROP_ACCEPT_DELAY,
  N_PROPS
};

enum {
  ASK,
  DIALOG_CREATED,
  ALL_CLOSED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ElicitPresenter, elicit_presenter, G_TYPE_OBJECT)

static void
dialog_destroy_cb (GtkWidget       *dialog,
                   ElicitPresenter *self)
{
  if (g_ptr_array_remove (self->dialogs, dialog) && self->dialogs->len == 0)
    g_signal_emit (self, signals[ALL_CLOSED], 0);
}

static void
sign_in_dialog_destroy_cb (GtkWidget       *dialog,
                           ElicitPresenter *self)
{
  g_ptr_array_remove (self->sign_in_dialogs, dialog);
}

static void
place (ElicitPresenter *self,
       GtkWindow       *dialog)
{
  if (self->parent == NULL)
    return;

  gtk_window_set_transient_for (dialog, self->parent);
  /* A dialog of an application's window keeps the application running. */
  if (gtk_window_get_application (self->parent) != NULL)
    gtk_window_set_application (dialog, gtk_window_get_application (self->parent));
}

/**
 * elicit_presenter_present:
 * @self: a presenter
 * @request: a pending request
 *
 * Shows @request in a [class@Dialog] now, as when its turn comes in the
 * queue, without emitting [signal@Presenter::ask]: for a request a handler
 * of ::ask took and could not answer after all (the desktop's prompter was
 * not there).
 *
 * Since: 1.0
 */
void
elicit_presenter_present (ElicitPresenter *self,
                          ElicitRequest   *request)
{
  GtkWidget *dialog;

  g_return_if_fail (ELICIT_IS_PRESENTER (self));
  g_return_if_fail (ELICIT_IS_REQUEST (request));
  g_return_if_fail (elicit_request_get_state (request) == ELICIT_REQUEST_STATE_PENDING);

  dialog = elicit_dialog_new (request);

  elicit_dialog_set_queue (ELICIT_DIALOG (dialog), self->queue);
  elicit_dialog_set_accept_delay (ELICIT_DIALOG (dialog), self->accept_delay);
  place (self, GTK_WINDOW (dialog));
  g_debug ("presenter: a dialog, Accept waiting %u ms", self->accept_delay);

  g_ptr_array_add (self->dialogs, dialog);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (dialog_destroy_cb), self, 0);
  g_signal_emit (self, signals[DIALOG_CREATED], 0, dialog);

  gtk_window_present (GTK_WINDOW (dialog));
}

static void
prompt_cb (ElicitPromptQueue *queue,
           ElicitRequest     *request,
           ElicitPresenter   *self)
{
  g_autoptr(ElicitRequest) hold G_GNUC_UNUSED = g_object_ref (request);
  gboolean handled = FALSE;

  g_signal_emit (self, signals[ASK], 0, request, &handled);
  if (handled || elicit_request_get_state (request) != ELICIT_REQUEST_STATE_PENDING)
    return;

  elicit_presenter_present (self, request);
}

/* GObject ------------------------------------------------------------------------- */

static void
elicit_presenter_dispose (GObject *object)
{
  ElicitPresenter *self = ELICIT_PRESENTER (object);

  elicit_presenter_close_all (self);
  if (self->queue != NULL)
    g_signal_handlers_disconnect_by_data (self->queue, self);
  g_clear_object (&self->queue);
  g_clear_weak_pointer (&self->parent);

  G_OBJECT_CLASS (elicit_presenter_parent_class)->dispose (object);
}

static void
elicit_presenter_finalize (GObject *object)
{
  ElicitPresenter *self = ELICIT_PRESENTER (object);

  g_clear_pointer (&self->dialogs, g_ptr_array_unref);
  g_clear_pointer (&self->sign_in_dialogs, g_ptr_array_unref);

  G_OBJECT_CLASS (elicit_presenter_parent_class)->finalize (object);
}

static void
elicit_presenter_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  ElicitPresenter *self = ELICIT_PRESENTER (object);

  switch (prop_id)
    {
    case PROP_QUEUE:
      g_value_set_object (value, elicit_presenter_get_queue (self));
      break;

    case PROP_PARENT:
      g_value_set_object (value, elicit_presenter_get_parent (self));
      break;

    case PROP_ACCEPT_DELAY:
      g_value_set_uint (value, elicit_presenter_get_accept_delay (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_queue (ElicitPresenter   *self,
           ElicitPromptQueue *queue)
{
  g_assert (self->queue == NULL);

  self->queue = queue != NULL ? g_object_ref (queue) : elicit_prompt_queue_new ();
  g_signal_connect_object (self->queue, "prompt", G_CALLBACK (prompt_cb), self, 0);
}

static void
elicit_presenter_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  ElicitPresenter *self = ELICIT_PRESENTER (object);

  switch (prop_id)
    {
    case PROP_QUEUE:
      set_queue (self, g_value_get_object (value));
      break;

    case PROP_PARENT:
      elicit_presenter_set_parent (self, g_value_get_object (value));
      break;

    case PROP_ACCEPT_DELAY:
      elicit_presenter_set_accept_delay (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_presenter_class_init (ElicitPresenterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = elicit_presenter_dispose;
  object_class->finalize = elicit_presenter_finalize;
  object_class->get_property = elicit_presenter_get_property;
  object_class->set_property = elicit_presenter_set_property;

  /**
   * ElicitPresenter:queue:
   *
   * The queue whose requests are shown: given at construction, or a new
   * one.
   *
   * Since: 1.0
   */
  properties[PROP_QUEUE] =
    g_param_spec_object ("queue", NULL, NULL,
                         ELICIT_TYPE_PROMPT_QUEUE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * ElicitPresenter:parent:
   *
   * The window the dialogs are transient for, and whose application they
   * belong to; %NULL for dialogs of their own. Not a reference: the
   * presenter forgets a window that is destroyed.
   *
   * Since: 1.0
   */
  properties[PROP_PARENT] =
    g_param_spec_object ("parent", NULL, NULL,
                         GTK_TYPE_WINDOW,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * ElicitPresenter:accept-delay:
   *
   * The [property@Dialog:accept-delay] (and [property@SignInDialog:accept-delay])
   * of the dialogs shown from now on, in milliseconds.
   *
   * Since: 1.0
   */
  properties[PROP_ACCEPT_DELAY] =
    g_param_spec_uint ("accept-delay", NULL, NULL,
                       0, 10000, ELICIT_DIALOG_DEFAULT_ACCEPT_DELAY,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ElicitPresenter::ask:
   * @self: the presenter
   * @request: the request whose turn came
   *
   * Emitted when the queue hands over @request, before a dialog is built.
   * A handler that answers @request another way, now or later, returns
   * %TRUE: then no dialog is shown. A request no longer pending after the
   * handlers ran gets no dialog either.
   *
   * Returns: %TRUE to stop other handlers and show no dialog
   *
   * Since: 1.0
   */
  signals[ASK] =
    g_signal_new ("ask",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, g_signal_accumulator_true_handled, NULL, NULL,
                  G_TYPE_BOOLEAN, 1, ELICIT_TYPE_REQUEST);

  /**
   * ElicitPresenter::dialog-created:
   * @self: the presenter
   * @dialog: the dialog, not yet presented
   *
   * Emitted for each [class@Dialog] the presenter built, before it is
   * presented: to label a request that has no session
   * ([method@Dialog.set_server_label]) or to follow the dialog.
   *
   * Since: 1.0
   */
  signals[DIALOG_CREATED] =
    g_signal_new ("dialog-created",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, ELICIT_TYPE_DIALOG);

  /**
   * ElicitPresenter::all-closed:
   * @self: the presenter
   *
   * Emitted when the last open [class@Dialog] of the presenter closed.
   *
   * Since: 1.0
   */
  signals[ALL_CLOSED] =
    g_signal_new ("all-closed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
elicit_presenter_init (ElicitPresenter *self)
{
  self->dialogs = g_ptr_array_new ();
  self->sign_in_dialogs = g_ptr_array_new ();
  self->accept_delay = ELICIT_DIALOG_DEFAULT_ACCEPT_DELAY;
}

/* Public API ------------------------------------------------------------------------ */

/**
 * elicit_presenter_new:
 * @queue: (nullable): the queue whose requests to show, or %NULL for a new one
 *
 * Creates a presenter for the requests of @queue.
 *
 * Returns: (transfer full): a new presenter
 *
 * Since: 1.0
 */
ElicitPresenter *
elicit_presenter_new (ElicitPromptQueue *queue)
{
  g_return_val_if_fail (queue == NULL || ELICIT_IS_PROMPT_QUEUE (queue), NULL);

  return g_object_new (ELICIT_TYPE_PRESENTER, "queue", queue, NULL);
}

/**
 * elicit_presenter_get_queue:
 * @self: a presenter
 *
 * Gets the queue whose requests the presenter shows.
 *
 * Returns: (transfer none): the queue whose requests @self shows
 *
 * Since: 1.0
 */
ElicitPromptQueue *
elicit_presenter_get_queue (ElicitPresenter *self)
{
  g_return_val_if_fail (ELICIT_IS_PRESENTER (self), NULL);

  return self->queue;
}

/**
 * elicit_presenter_get_parent:
 * @self: a presenter
 *
 * Gets the window the dialogs are transient for.
 *
 * Returns: (transfer none) (nullable): the window the dialogs are transient for
 *
 * Since: 1.0
 */
GtkWindow *
elicit_presenter_get_parent (ElicitPresenter *self)
{
  g_return_val_if_fail (ELICIT_IS_PRESENTER (self), NULL);

  return self->parent;
}

/**
 * elicit_presenter_get_accept_delay:
 * @self: a presenter
 *
 * Gets how long Accept (and Sign In) ignore input after a dialog appears.
 *
 * Returns: the accept delay of the dialogs shown from now on, in milliseconds
 *
 * Since: 1.0
 */
guint
elicit_presenter_get_accept_delay (ElicitPresenter *self)
{
  g_return_val_if_fail (ELICIT_IS_PRESENTER (self), 0);

  return self->accept_delay;
}

/**
 * elicit_presenter_get_n_open:
 * @self: a presenter
 *
 * Gets how many of the presenter's dialogs are open.
 *
 * Returns: how many [class@Dialog]s of @self are open
 *
 * Since: 1.0
 */
guint
elicit_presenter_get_n_open (ElicitPresenter *self)
{
  g_return_val_if_fail (ELICIT_IS_PRESENTER (self), 0);

  return self->dialogs->len;
}

/**
 * elicit_presenter_set_parent:
 * @self: a presenter
 * @parent: (nullable): the window the dialogs are to be transient for
 *
 * Sets [property@Presenter:parent], for the dialogs shown from now on.
 *
 * Since: 1.0
 */
void
elicit_presenter_set_parent (ElicitPresenter *self,
                             GtkWindow       *parent)
{
  g_return_if_fail (ELICIT_IS_PRESENTER (self));
  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  if (g_set_weak_pointer (&self->parent, parent))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PARENT]);
}

/**
 * elicit_presenter_set_accept_delay:
 * @self: a presenter
 * @accept_delay: milliseconds, 0 for none
 *
 * Sets [property@Presenter:accept-delay], for the dialogs shown from now
 * on. Apps bind it to a setting of their own.
 *
 * Since: 1.0
 */
void
elicit_presenter_set_accept_delay (ElicitPresenter *self,
                                   guint            accept_delay)
{
  g_return_if_fail (ELICIT_IS_PRESENTER (self));
  g_return_if_fail (accept_delay <= 10000);

  if (self->accept_delay == accept_delay)
    return;

  self->accept_delay = accept_delay;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACCEPT_DELAY]);
}

/**
 * elicit_presenter_sign_in:
 * @self: a presenter
 * @sign_in: a sign-in waiting for the user's consent
 *
 * Asks the user about @sign_in in a [class@SignInDialog], with the
 * presenter's parent and accept delay. Its signature fits
 * [signal@Elicit.Authorizer::sign-in], connected swapped.
 *
 * Returns: %TRUE: the dialog answers @sign_in
 *
 * Since: 1.0
 */
gboolean
elicit_presenter_sign_in (ElicitPresenter *self,
                          ElicitSignIn    *sign_in)
{
  GtkWidget *dialog;

  g_return_val_if_fail (ELICIT_IS_PRESENTER (self), FALSE);
  g_return_val_if_fail (ELICIT_IS_SIGN_IN (sign_in), FALSE);

  dialog = elicit_sign_in_dialog_new (sign_in);
  elicit_sign_in_dialog_set_accept_delay (ELICIT_SIGN_IN_DIALOG (dialog), self->accept_delay);
  place (self, GTK_WINDOW (dialog));

  g_ptr_array_add (self->sign_in_dialogs, dialog);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (sign_in_dialog_destroy_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));

  return TRUE;
}

/* Answered here, not by the dialog's dispose: someone else (a binding) may
 * hold the dialog past its destruction. */
static void
give_up (GtkWidget *window)
{
  if (ELICIT_IS_DIALOG (window))
    {
      ElicitRequest *request = elicit_dialog_get_request (ELICIT_DIALOG (window));

      if (request != NULL && elicit_request_get_state (request) == ELICIT_REQUEST_STATE_PENDING)
        elicit_request_cancel (request);
    }
  else if (ELICIT_IS_SIGN_IN_DIALOG (window))
    {
      elicit_sign_in_cancel (elicit_sign_in_dialog_get_sign_in (ELICIT_SIGN_IN_DIALOG (window)));
    }
}

static void
destroy_all (ElicitPresenter *self,
             GPtrArray       *windows,
             gpointer         destroy_cb)
{
  while (windows->len > 0)
    {
      /* Held: an answered dialog may destroy itself at once. */
      g_autoptr(GtkWidget) window = g_object_ref (g_ptr_array_steal_index (windows,
                                                                         windows->len - 1));

      g_signal_handlers_disconnect_by_func (window, destroy_cb, self);
      give_up (window);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/**
 * elicit_presenter_close_all:
 * @self: a presenter
 *
 * Destroys every dialog of @self still open: their pending requests are
 * answered `cancel`, their sign-ins cancelled.
 *
 * Since: 1.0
 */
void
elicit_presenter_close_all (ElicitPresenter *self)
{
  g_return_if_fail (ELICIT_IS_PRESENTER (self));

  destroy_all (self, self->dialogs, dialog_destroy_cb);
  destroy_all (self, self->sign_in_dialogs, sign_in_dialog_destroy_cb);
}
