/* elicit-config-monitor.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-config-monitor.h"

/* Editors save in bursts (a temporary file, a rename, a change of mode):
 * one reload after the burst is enough. */
#define SETTLE_MS 250

/**
 * ElicitConfigMonitor:
 *
 * Tells when the servers file changes on disk — written, replaced, created
 * or deleted, by a text editor or by Elicit itself — once per burst of
 * changes, with [signal@ConfigMonitor::changed]. It watches a file that does
 * not exist yet too, so the first servers file a user saves is read.
 */

struct _ElicitConfigMonitor
{
  GObject       parent_instance;

  GFile        *file;
  GFileMonitor *monitor;
  guint         settle_source;
};

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ElicitConfigMonitor, elicit_config_monitor, G_TYPE_OBJECT)

static gboolean
settled_cb (gpointer user_data)
{
  ElicitConfigMonitor *self = user_data;

  self->settle_source = 0;
  g_signal_emit (self, signals[CHANGED], 0);

  return G_SOURCE_REMOVE;
}

static void
monitor_changed_cb (ElicitConfigMonitor *self,
                    GFile               *file,
                    GFile               *other_file,
                    GFileMonitorEvent    event)
{
  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
    case G_FILE_MONITOR_EVENT_RENAMED:
      g_clear_handle_id (&self->settle_source, g_source_remove);
      self->settle_source = g_timeout_add (SETTLE_MS, settled_cb, self);
      break;

    case G_FILE_MONITOR_EVENT_CHANGED:
    case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
    case G_FILE_MONITOR_EVENT_PRE_UNMOUNT:
    case G_FILE_MONITOR_EVENT_UNMOUNTED:
    case G_FILE_MONITOR_EVENT_MOVED:
    default:
      break;
    }
}

static void
elicit_config_monitor_dispose (GObject *object)
{
  ElicitConfigMonitor *self = ELICIT_CONFIG_MONITOR (object);

  g_clear_handle_id (&self->settle_source, g_source_remove);
  if (self->monitor != NULL)
    g_file_monitor_cancel (self->monitor);
  g_clear_object (&self->monitor);
  g_clear_object (&self->file);

  G_OBJECT_CLASS (elicit_config_monitor_parent_class)->dispose (object);
}

static void
elicit_config_monitor_class_init (ElicitConfigMonitorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = elicit_config_monitor_dispose;

  /**
   * ElicitConfigMonitor::changed:
   * @self: the monitor
   *
   * The file changed on disk, and has not changed again for a moment.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
elicit_config_monitor_init (ElicitConfigMonitor *self)
{
}

/**
 * elicit_config_monitor_new:
 * @file: the servers file, which need not exist
 *
 * Returns: (transfer full): a monitor of @file; without one (no inotify, say)
 *   it never tells of a change, and the file is read when the user asks
 */
ElicitConfigMonitor *
elicit_config_monitor_new (GFile *file)
{
  ElicitConfigMonitor *self;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  self = g_object_new (ELICIT_TYPE_CONFIG_MONITOR, NULL);
  self->file = g_object_ref (file);
  /* WATCH_MOVES: a text editor's save is a rename over the file. */
  self->monitor = g_file_monitor_file (file, G_FILE_MONITOR_WATCH_MOVES, NULL, &error);
  if (self->monitor != NULL)
    g_signal_connect_object (self->monitor, "changed", G_CALLBACK (monitor_changed_cb), self,
                             G_CONNECT_SWAPPED);
  else
    g_debug ("The servers file is not watched: %s", error->message);

  return self;
}

/**
 * elicit_config_monitor_get_file:
 * @self: a monitor
 *
 * Returns: (transfer none): the file watched
 */
GFile *
elicit_config_monitor_get_file (ElicitConfigMonitor *self)
{
  g_return_val_if_fail (ELICIT_IS_CONFIG_MONITOR (self), NULL);

  return self->file;
}
