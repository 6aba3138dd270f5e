/* elicit-log-ring.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "elicit-log-ring.h"

/**
 * ElicitLogRing:
 *
 * A server's log as a [iface@Gio.ListModel] of [class@LogEntry]: the newest
 * [property@LogRing:capacity] lines, and a count of the older ones dropped.
 *
 * A server may write ten thousand messages a second; the log must cost
 * almost nothing until someone looks at it. So a line is kept as a small
 * record (its text cut to a few kilobytes, nothing shaped, no object), and
 * the entry objects are made only for the rows a view asks for. Lines that
 * arrive while a view listens are shown in one batch at most once per frame
 * (::items-changed at most twice per 16 ms); with no one listening they go
 * straight in.
 */

/* The most bytes of a line kept; a row shows at most 4096 characters. */
#define MAX_TEXT_BYTES 4096
/* One frame at 60 Hz. */
#define FLUSH_INTERVAL_MS 16

typedef struct
{
  char          *text;
  gint64         time;
  ElicitLogKind  kind;
  gboolean       cut;
} Record;

struct _ElicitLogRing
{
  GObject   parent_instance;

  Record   *records;     /* capacity slots, a ring */
  guint     capacity;
  guint     head;        /* the oldest record */
  guint     length;      /* what the model shows */
  GQueue    incoming;    /* Record *, not shown yet, at most capacity */
  guint     flush_source;
  guint64   n_dropped;
  guint64   n_appended;
};

enum {
  PROP_0,
  PROP_CAPACITY,
  PROP_N_DROPPED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];
static guint items_changed_id;

static void elicit_log_ring_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ElicitLogRing, elicit_log_ring, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      elicit_log_ring_list_model_init))

static void
record_clear (Record *record)
{
  g_clear_pointer (&record->text, g_free);
}

static void
record_free (Record *record)
{
  record_clear (record);
  g_free (record);
}

/* GListModel ------------------------------------------------------------------ */

static GType
elicit_log_ring_get_item_type (GListModel *model)
{
  return ELICIT_TYPE_LOG_ENTRY;
}

static guint
elicit_log_ring_get_n_items (GListModel *model)
{
  return ELICIT_LOG_RING (model)->length;
}

static gpointer
elicit_log_ring_get_item (GListModel *model,
                          guint       position)
{
  ElicitLogRing *self = ELICIT_LOG_RING (model);
  const Record *record;
  g_autofree char *cut = NULL;

  if (position >= self->length)
    return NULL;

  /* Made when a row needs it: that is when the text is cleaned and shaped. */
  record = &self->records[(self->head + position) % self->capacity];
  if (record->cut)
    cut = g_strconcat (record->text, "…", NULL);

  return elicit_log_entry_new_at (record->kind, cut != NULL ? cut : record->text, record->time);
}

static void
elicit_log_ring_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = elicit_log_ring_get_item_type;
  iface->get_n_items = elicit_log_ring_get_n_items;
  iface->get_item = elicit_log_ring_get_item;
}

/* Batches --------------------------------------------------------------------- */

/**
 * elicit_log_ring_flush:
 * @self: a log ring
 *
 * Shows the lines that arrived since the last batch now, rather than at the
 * next frame.
 */
void
elicit_log_ring_flush (ElicitLogRing *self)
{
  guint n_in, n_removed = 0;
  guint64 n_dropped_before;

  g_return_if_fail (ELICIT_IS_LOG_RING (self));

  g_clear_handle_id (&self->flush_source, g_source_remove);

  n_in = self->incoming.length;
  if (n_in == 0)
    return;

  n_dropped_before = self->n_dropped;
  if (self->length + n_in > self->capacity)
    n_removed = self->length + n_in - self->capacity;

  for (guint i = 0; i < n_removed; i++)
    {
      record_clear (&self->records[self->head]);
      self->head = (self->head + 1) % self->capacity;
    }
  self->length -= n_removed;
  self->n_dropped += n_removed;

  /* Each signal tells of the model as it is when it is emitted. */
  if (n_removed > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, n_removed, 0);

  while (!g_queue_is_empty (&self->incoming))
    {
      Record *record = g_queue_pop_head (&self->incoming);

      self->records[(self->head + self->length) % self->capacity] = *record;
      self->length++;
      g_free (record);
    }

  g_list_model_items_changed (G_LIST_MODEL (self), self->length - n_in, 0, n_in);

  if (self->n_dropped != n_dropped_before)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_DROPPED]);
}

static gboolean
flush_cb (gpointer user_data)
{
  ElicitLogRing *self = user_data;

  self->flush_source = 0;
  elicit_log_ring_flush (self);

  return G_SOURCE_REMOVE;
}

/**
 * elicit_log_ring_append_take:
 * @self: a log ring
 * @kind: what the line is
 * @text: (transfer full): the line, which is cut when very long
 *
 * Like elicit_log_ring_append(), taking @text.
 */
void
elicit_log_ring_append_take (ElicitLogRing *self,
                             ElicitLogKind  kind,
                             char          *text)
{
  Record *record;
  gsize length;

  g_return_if_fail (ELICIT_IS_LOG_RING (self));
  g_return_if_fail (text != NULL);

  record = g_new0 (Record, 1);
  record->kind = kind;
  record->time = g_get_real_time ();
  length = strlen (text);
  if (length > MAX_TEXT_BYTES)
    {
      /* At a character boundary, when the text is UTF-8. */
      const char *end = g_utf8_find_prev_char (text, text + MAX_TEXT_BYTES + 1);

      length = end != NULL ? (gsize) (end - text) : MAX_TEXT_BYTES;
      record->text = g_strndup (text, length);
      record->cut = TRUE;
      g_free (text);
    }
  else
    record->text = text;

  self->n_appended++;
  g_queue_push_tail (&self->incoming, record);
  if (self->incoming.length > self->capacity)
    {
      record_free (g_queue_pop_head (&self->incoming));
      self->n_dropped++;
    }

  /* No one shows it: nothing to batch. */
  if (!g_signal_has_handler_pending (self, items_changed_id, 0, FALSE))
    {
      elicit_log_ring_flush (self);
      return;
    }

  if (self->flush_source == 0)
    {
      /* Below redraw priority: the frame comes first. */
      self->flush_source = g_timeout_add_full (G_PRIORITY_DEFAULT_IDLE, FLUSH_INTERVAL_MS,
                                               flush_cb, self, NULL);
      g_source_set_name_by_id (self->flush_source, "[elicit] log ring flush");
    }
}

/**
 * elicit_log_ring_append:
 * @self: a log ring
 * @kind: what the line is
 * @text: the line, which is cut when very long
 *
 * Adds a line at the end, stamped with the current time. When the ring is
 * full, the oldest line is dropped and counted.
 */
void
elicit_log_ring_append (ElicitLogRing *self,
                        ElicitLogKind  kind,
                        const char    *text)
{
  g_return_if_fail (text != NULL);

  elicit_log_ring_append_take (self, kind, g_strndup (text, MAX_TEXT_BYTES + 8));
}

/**
 * elicit_log_ring_clear:
 * @self: a log ring
 *
 * Removes every line; the count of dropped lines stays.
 */
void
elicit_log_ring_clear (ElicitLogRing *self)
{
  guint n = self->length;

  g_return_if_fail (ELICIT_IS_LOG_RING (self));

  g_clear_handle_id (&self->flush_source, g_source_remove);
  g_queue_clear_full (&self->incoming, (GDestroyNotify) record_free);
  for (guint i = 0; i < self->length; i++)
    record_clear (&self->records[(self->head + i) % self->capacity]);
  self->head = 0;
  self->length = 0;

  if (n > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, n, 0);
}

/* GObject --------------------------------------------------------------------- */

static void
elicit_log_ring_finalize (GObject *object)
{
  ElicitLogRing *self = ELICIT_LOG_RING (object);

  g_clear_handle_id (&self->flush_source, g_source_remove);
  g_queue_clear_full (&self->incoming, (GDestroyNotify) record_free);
  for (guint i = 0; i < self->length; i++)
    record_clear (&self->records[(self->head + i) % self->capacity]);
  g_free (self->records);

  G_OBJECT_CLASS (elicit_log_ring_parent_class)->finalize (object);
}

static void
elicit_log_ring_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  ElicitLogRing *self = ELICIT_LOG_RING (object);

  switch (prop_id)
    {
    case PROP_CAPACITY:
      g_value_set_uint (value, self->capacity);
      break;

    case PROP_N_DROPPED:
      g_value_set_uint64 (value, self->n_dropped);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_log_ring_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  ElicitLogRing *self = ELICIT_LOG_RING (object);

  switch (prop_id)
    {
    case PROP_CAPACITY:
      self->capacity = g_value_get_uint (value);
      self->records = g_new0 (Record, self->capacity);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_log_ring_class_init (ElicitLogRingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = elicit_log_ring_finalize;
  object_class->get_property = elicit_log_ring_get_property;
  object_class->set_property = elicit_log_ring_set_property;

  /**
   * ElicitLogRing:capacity:
   *
   * How many lines are kept.
   */
  properties[PROP_CAPACITY] =
    g_param_spec_uint ("capacity", NULL, NULL, 1, G_MAXUINT / 2, ELICIT_LOG_RING_DEFAULT_CAPACITY,
                       (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitLogRing:n-dropped:
   *
   * How many of the oldest lines were dropped to keep the newest.
   */
  properties[PROP_N_DROPPED] =
    g_param_spec_uint64 ("n-dropped", NULL, NULL, 0, G_MAXUINT64, 0,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (G_TYPE_LIST_MODEL);
  items_changed_id = g_signal_lookup ("items-changed", G_TYPE_LIST_MODEL);
}

static void
elicit_log_ring_init (ElicitLogRing *self)
{
  g_queue_init (&self->incoming);
}

/**
 * elicit_log_ring_new:
 * @capacity: how many lines to keep, at least 1
 *
 * Returns: (transfer full): a new, empty log
 */
ElicitLogRing *
elicit_log_ring_new (guint capacity)
{
  g_return_val_if_fail (capacity >= 1, NULL);

  return g_object_new (ELICIT_TYPE_LOG_RING, "capacity", capacity, NULL);
}

guint
elicit_log_ring_get_capacity (ElicitLogRing *self)
{
  g_return_val_if_fail (ELICIT_IS_LOG_RING (self), 0);

  return self->capacity;
}

/**
 * elicit_log_ring_get_n_dropped:
 * @self: a log ring
 *
 * Returns: how many of the oldest lines were dropped so far
 */
guint64
elicit_log_ring_get_n_dropped (ElicitLogRing *self)
{
  g_return_val_if_fail (ELICIT_IS_LOG_RING (self), 0);

  return self->n_dropped;
}

/**
 * elicit_log_ring_get_n_appended:
 * @self: a log ring
 *
 * Returns: how many lines were ever appended
 */
guint64
elicit_log_ring_get_n_appended (ElicitLogRing *self)
{
  g_return_val_if_fail (ELICIT_IS_LOG_RING (self), 0);

  return self->n_appended;
}
