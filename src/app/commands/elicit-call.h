/* elicit-call.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * ElicitCallStatus:
 * @ELICIT_CALL_STATUS_OK: the tool ran; its result is on stdout
 * @ELICIT_CALL_STATUS_TOOL_FAILED: the tool reported an error (`isError`; its
 *   result is still on stdout), or the server refused the call (an unknown
 *   tool, invalid arguments)
 * @ELICIT_CALL_STATUS_USAGE: the command line is wrong
 * @ELICIT_CALL_STATUS_SERVER_FAILED: the server could not be started, or
 *   exited, broke the protocol or stopped answering before the result
 * @ELICIT_CALL_STATUS_SAID_NO: the user declined or cancelled a request of
 *   the server (or there was no display to ask on); the result, if the
 *   server sent one, is still on stdout
 * @ELICIT_CALL_STATUS_INTERRUPTED: interrupted (SIGINT or SIGTERM); the
 *   call was cancelled
 *
 * The exit status of `elicit call`.
 */
typedef enum
{
  ELICIT_CALL_STATUS_OK            = 0,
  ELICIT_CALL_STATUS_TOOL_FAILED   = 1,
  ELICIT_CALL_STATUS_USAGE         = 2,
  ELICIT_CALL_STATUS_SERVER_FAILED = 3,
  ELICIT_CALL_STATUS_SAID_NO       = 4,
  ELICIT_CALL_STATUS_INTERRUPTED   = 130,
} ElicitCallStatus;

int elicit_call_main (int    argc,
                      char **argv);

G_END_DECLS
