/* elicit-dialog-queue.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-gtk-i18n-private.h"

#include "elicit-dialog-private.h"

/*
 * ElicitDialog's queue indicator: when more prompts of the same server wait
 * behind this one, a line over the request says "1 of 5 from Demo", with
 * Cancel All. It follows the [class@Elicit.PromptQueue]'s counts, whoever put the
 * requests there (the app's servers, `elicit proxy`, D-Bus callers).
 */

/* The strip appears when more prompts arrive, usually after the dialog has
 * been shown at the height its content needed: it must not take that
 * height from the form (scrolling its last field out of sight). */
static void
show_strip (ElicitDialog *self,
            gboolean      visible)
{
  if (gtk_widget_get_visible (self->queue_box) == visible)
    return;

  gtk_widget_set_visible (self->queue_box, visible);
  elicit_dialog_fit_content (self);
}

void
elicit_dialog_update_queue (ElicitDialog *self)
{
  g_autofree char *text = NULL;
  guint position = 0;
  guint n_pending = 0;

  /* Its server's requests, or its D-Bus caller's. */
  if (self->queue != NULL && self->request != NULL && elicit_dialog_is_pending (self))
    {
      position = elicit_prompt_queue_get_position (self->queue, self->request);
      n_pending = elicit_prompt_queue_get_n_pending_with (self->queue, self->request);
    }

  show_strip (self, position > 0 && n_pending > 1);
  if (position == 0 || n_pending <= 1)
    return;

  /* Translators: a dialog's place among the prompts of one server that wait:
   * "1 of 5 from Demo"; %1$u is its place, %2$u how many wait, %3$s the
   * server's name */
  text = g_strdup_printf (g_dngettext (elicit_gtk_gettext_domain (),
                                       "%1$u of %2$u from %3$s",
                                       "%1$u of %2$u from %3$s", n_pending),
                          position, n_pending, elicit_dialog_get_server_label (self));
  gtk_label_set_text (self->queue_label, text);
}

void
elicit_dialog_cancel_all (ElicitDialog *self)
{
  if (self->queue == NULL || self->request == NULL)
    return;

  /* This dialog's request is among them: it closes as it is answered. */
  elicit_prompt_queue_cancel_with (self->queue, self->request);
}

/**
 * elicit_dialog_get_queue:
 * @self: a dialog
 *
 * Gets the queue set with [method@Dialog.set_queue].
 *
 * Returns: (transfer none) (nullable): the queue, or %NULL
 *
 * Since: 1.0
 */
ElicitPromptQueue *
elicit_dialog_get_queue (ElicitDialog *self)
{
  g_return_val_if_fail (ELICIT_IS_DIALOG (self), NULL);

  return self->queue;
}

/**
 * elicit_dialog_set_queue:
 * @self: a dialog
 * @queue: (nullable): the queue the dialog's request came from
 *
 * Lets the dialog tell how many more prompts of the same server wait
 * behind it ("1 of 5 from Demo"), and offer Cancel All, which answers each
 * of them `cancel` through [method@Elicit.PromptQueue.cancel_all]. The dialog
 * follows the queue as prompts come and go.
 *
 * Since: 1.0
 */
void
elicit_dialog_set_queue (ElicitDialog      *self,
                         ElicitPromptQueue *queue)
{
  g_return_if_fail (ELICIT_IS_DIALOG (self));
  g_return_if_fail (queue == NULL || ELICIT_IS_PROMPT_QUEUE (queue));

  if (self->queue == queue)
    return;

  if (self->queue != NULL)
    g_signal_handlers_disconnect_by_data (self->queue, self);
  g_set_object (&self->queue, queue);
  if (queue != NULL)
    g_signal_connect_object (queue, "items-changed", G_CALLBACK (elicit_dialog_update_queue),
                             self, G_CONNECT_SWAPPED);

  elicit_dialog_update_queue (self);
}
