/* elicit-dialog-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-accept-guard-private.h"
#include "elicit-dialog.h"
#include "elicit-form.h"
#include "elicit-url-info.h"

G_BEGIN_DECLS

/* Opens @uri for the user; replaces gtk_show_uri_full() in tests, which have
 * no browser. Returns FALSE with @error set when it cannot. */
typedef gboolean (*ElicitDialogLaunchFunc) (ElicitDialog  *dialog,
                                            const char    *uri,
                                            gpointer       user_data,
                                            GError       **error);

/* Shared by the files of ElicitDialog: elicit-dialog.c (the window, its
 * actions and form mode), elicit-dialog-attention.c (why Send waits),
 * elicit-dialog-header.c (who asks), elicit-dialog-layout.c (its height), elicit-dialog-status.c (the page
 * after the form),
 * elicit-dialog-url.c (URL mode) and elicit-dialog-queue.c (how many more
 * wait, and Cancel All). */

typedef enum
{
  ELICIT_DIALOG_STATUS_WAITING,
  ELICIT_DIALOG_STATUS_DONE,
  ELICIT_DIALOG_STATUS_WITHDRAWN,
} ElicitDialogStatus;

struct _ElicitDialog
{
  GtkWindow               parent_instance;

  ElicitRequest          *request;
  ElicitPromptQueue      *queue;
  char                   *server_label;
  char                   *server_claim;
  char                   *client_claim;
  char                   *after_completion;
  ElicitUrlInfo          *url_info;
  GError                 *url_error;
  GStrv                   browser_command;
  GCancellable           *cancellable;
  ElicitForm             *form;
  ElicitField            *question;
  GtkWidget              *attention_box;
  GtkWidget              *attention_button;
  GtkLabel               *attention_label;
  GtkLabel               *draft_label;
  GtkLabel               *launch_error_label;
  GtkWidget              *launch_error_box;

  ElicitDialogLaunchFunc  launch_func;
  gpointer                launch_data;

  guint                   notice_timeout;
  ElicitAcceptGuard       accept_guard;
  guint                   close_source;

  guint                   launching : 1;
  guint                   closing : 1;
  guint                   lost_to_popover : 1;
  guint                   fields_seen : 1;
  guint                   end_unseen : 1;     /* a layout found the form's end out of view */
  guint                   link_copied : 1;
  guint                   attention_idle;

  /* Template widgets */
  GtkLabel               *window_title_label;
  GtkStack               *stack;
  GtkWidget              *request_page;
  GtkWidget              *queue_box;
  GtkLabel               *queue_label;
  GtkLabel               *server_name_label;
  GtkLabel               *purpose_label;
  GtkLabel               *server_claim_label;
  GtkLabel               *message_label;
  GtkWidget              *body_scroller;
  GtkBox                 *body_box;
  GtkWidget              *action_separator;
  GtkWidget              *action_start;
  GtkWidget              *decline_button;
  GtkWidget              *cancel_button;
  GtkWidget              *accept_button;
  GtkWidget              *no_button;
  GtkWidget              *yes_button;
  gboolean                can_accept;
  GtkSpinner             *status_spinner;
  GtkImage               *status_icon;
  GtkLabel               *status_title_label;
  GtkLabel               *status_body_label;
  GtkWidget              *close_button;
};

gboolean    elicit_dialog_is_pending          (ElicitDialog           *self);
void        elicit_dialog_update_actions      (ElicitDialog           *self);
void        elicit_dialog_build_url           (ElicitDialog           *self);
void        elicit_dialog_accept_url          (ElicitDialog           *self);
void        elicit_dialog_update_queue        (ElicitDialog           *self);
void        elicit_dialog_fit_content         (ElicitDialog           *self);
void        elicit_dialog_close_now           (ElicitDialog           *self);
/* elicit-dialog-header.c */
char       *elicit_dialog_sanitize_server_text (const char           *text);
void        elicit_dialog_update_header       (ElicitDialog           *self);
void        elicit_dialog_load_server_names   (ElicitDialog           *self);
/* elicit-dialog-layout.c */
void        elicit_dialog_fit_to_monitor      (ElicitDialog           *self);
/* elicit-dialog-status.c */
void        elicit_dialog_show_status         (ElicitDialog           *self,
                                               ElicitDialogStatus      kind);
/* elicit-dialog-attention.c: why Send waits, and whether every field was seen */
void        elicit_dialog_build_attention     (ElicitDialog           *self);
void        elicit_dialog_update_attention    (ElicitDialog           *self);
void        elicit_dialog_note_fields_seen    (ElicitDialog           *self,
                                               GtkAdjustment          *adjustment);
void        elicit_dialog_body_adjustment_changed (ElicitDialog       *self,
                                               GtkAdjustment          *adjustment);
gboolean    elicit_dialog_settle_attention    (ElicitDialog           *self);
void        elicit_dialog_cancel_all          (ElicitDialog           *self);

void        elicit_dialog_set_launch_func     (ElicitDialog           *self,
                                               ElicitDialogLaunchFunc  func,
                                               gpointer                user_data);
void        elicit_dialog_set_notice_timeout  (ElicitDialog           *self,
                                               guint                   timeout_ms);
ElicitForm *elicit_dialog_get_form            (ElicitDialog           *self);
GtkWidget  *elicit_dialog_get_accept_button   (ElicitDialog           *self);
GtkWidget  *elicit_dialog_get_decline_button  (ElicitDialog           *self);
GtkWidget  *elicit_dialog_get_cancel_button   (ElicitDialog           *self);
GtkWidget  *elicit_dialog_get_answer_button   (ElicitDialog           *self,
                                               gboolean                yes);
const char *elicit_dialog_get_page            (ElicitDialog           *self);
GtkWidget  *elicit_dialog_get_body            (ElicitDialog           *self);

G_END_DECLS
