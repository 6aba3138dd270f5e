/* elicit-prompter-client.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_ELICIT_INSIDE) && !defined(ELICIT_COMPILATION)
# error "Only <elicit.h> can be included directly."
#endif

#include <gio/gio.h>

#include "elicit-version.h"
#include "elicit-request.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_PROMPTER_CLIENT (elicit_prompter_client_get_type ())

ELICIT_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitPrompterClient, elicit_prompter_client, ELICIT, PROMPTER_CLIENT, GObject)

ELICIT_AVAILABLE_IN_1_0
ElicitPrompterClient *elicit_prompter_client_new              (void) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
const char           *elicit_prompter_client_get_client_label (ElicitPrompterClient  *self);
ELICIT_AVAILABLE_IN_1_0
gboolean              elicit_prompter_client_get_available    (ElicitPrompterClient  *self);
ELICIT_AVAILABLE_IN_1_0
const char           *elicit_prompter_client_get_activation_token (ElicitPrompterClient *self);
ELICIT_AVAILABLE_IN_1_0
void                  elicit_prompter_client_set_client_label (ElicitPrompterClient  *self,
                                                               const char            *client_label);
ELICIT_AVAILABLE_IN_1_0
void                  elicit_prompter_client_set_activation_token (ElicitPrompterClient *self,
                                                                   const char           *activation_token);
ELICIT_AVAILABLE_IN_1_0
void                  elicit_prompter_client_prepare          (ElicitPrompterClient  *self);
ELICIT_AVAILABLE_IN_1_0
void                  elicit_prompter_client_ask_async        (ElicitPrompterClient  *self,
                                                               ElicitRequest         *request,
                                                               const char            *server_label,
                                                               const char            *server_claim,
                                                               const char            *parent_window,
                                                               GCancellable          *cancellable,
                                                               GAsyncReadyCallback    callback,
                                                               gpointer               user_data);
ELICIT_AVAILABLE_IN_1_0
gboolean              elicit_prompter_client_ask_finish       (ElicitPrompterClient  *self,
                                                               GAsyncResult          *result,
                                                               GError               **error);

G_END_DECLS
