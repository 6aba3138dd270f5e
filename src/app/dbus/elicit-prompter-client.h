/* elicit-prompter-client.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_PROMPTER_CLIENT (elicit_prompter_client_get_type ())

G_DECLARE_FINAL_TYPE (ElicitPrompterClient, elicit_prompter_client, ELICIT, PROMPTER_CLIENT, GObject)

ElicitPrompterClient *elicit_prompter_client_new          (void) G_GNUC_WARN_UNUSED_RESULT;
void                  elicit_prompter_client_ask_async    (ElicitPrompterClient  *self,
                                                           ElicitRequest         *request,
                                                           const char            *server_label,
                                                           const char            *client_label,
                                                           const char            *server_claim,
                                                           GCancellable          *cancellable,
                                                           GAsyncReadyCallback    callback,
                                                           gpointer               user_data);
void                  elicit_prompter_client_prepare      (ElicitPrompterClient  *self);
gboolean              elicit_prompter_client_get_absent   (ElicitPrompterClient  *self);
gboolean              elicit_prompter_client_ask_finish   (ElicitPrompterClient  *self,
                                                           GAsyncResult          *result,
                                                           GError               **error);
char                 *elicit_prompter_client_parent_name  (void) G_GNUC_WARN_UNUSED_RESULT;
gboolean              elicit_prompter_client_wanted       (void);

G_END_DECLS
