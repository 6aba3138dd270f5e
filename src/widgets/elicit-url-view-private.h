/* elicit-url-view-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "elicit-url-info.h"

G_BEGIN_DECLS

/* How a web address is shown wherever the user must judge where it leads:
 * URL mode in ElicitDialog and the sign-in page in ElicitSignInDialog. One
 * place, so both show the same facts the same way. */

/* A wrapping label of server text (plain text, never markup). */
GtkWidget *elicit_url_view_label_new    (const char    *text,
                                         const char    *css_class);
/* An icon beside a wrapping label: a warning or a refusal. */
GtkWidget *elicit_url_view_note_new     (const char    *icon_name,
                                         const char    *text,
                                         const char    *css_class);
/* @text (the URL as shown) in a frame, selectable, the registrable domain
 * of @info in bold when @highlight. */
GtkWidget *elicit_url_view_address_new  (ElicitUrlInfo *info,
                                         const char    *text,
                                         gboolean       highlight);
/* Site (registrable domain, unless said elsewhere), host, host in ASCII,
 * connection. */
GtkWidget *elicit_url_view_details_new  (ElicitUrlInfo *info,
                                         gboolean       with_site);
/* One note per warning of @info, appended to @box; how many there were. */
guint      elicit_url_view_add_warnings (ElicitUrlInfo *info,
                                         GtkBox        *box);
/* How much of an address is shown, sanitized, where it is not analysed. */
#define ELICIT_URL_VIEW_SHOWN_MAX 4000

/* Appends to @box the icon and @heading over @message, then @url as shown:
 * an address that will not be opened. */
void       elicit_url_view_add_refusal  (GtkBox        *box,
                                         const char    *heading,
                                         const char    *message,
                                         const char    *url);

G_END_DECLS
