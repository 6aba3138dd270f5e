/* fuzz-incoming.c — libFuzzer target for the peer's fast path
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Any bytes, read by the strict parser's index (ElicitIncoming) and by its
 * tree: the same verdict and error, and for every line the fast path takes,
 * the same notification, method and params (incoming-same-as-tree.h aborts
 * on a difference). Each input also goes as the params of a log message, so
 * the fuzzer reaches the fast path without having to find its envelope.
 */

#include "config.h"

#include <string.h>

#include "elicit-schema.h"

#include "../incoming-same-as-tree.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  static const char before[] = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":";
  g_autoptr(GString) line = g_string_new (before);

  if (size > 1 << 16)
    return 0;

  incoming_same_as_tree ((const char *) data, size);

  g_string_append_len (line, (const char *) data, size);
  g_string_append_c (line, '}');
  incoming_same_as_tree (line->str, line->len);

  return 0;
}
