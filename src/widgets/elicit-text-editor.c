/* elicit-text-editor.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "elicit-gtk-i18n-private.h"

#include "elicit-editor-kind.h"
#include "elicit-human-input-private.h"
#include "elicit-text-editor-private.h"

/*
 * Text fields. A GtkEntry with the input purpose of the format; `date` and
 * `date-time` add a calendar popover behind an icon, which writes the text in
 * the format the schema asks for (YYYY-MM-DD, or RFC 3339 with the local
 * offset); what the user types by hand stays theirs and is validated as text.
 *
 * Long text gets a multi-line GtkTextView instead, when
 * elicit_form_describe_field() says so.
 */

struct _ElicitTextEditor
{
  ElicitFieldEditor parent_instance;

  GtkWidget        *entry;
  GtkWidget        *scroller;
  GtkWidget        *text_view;

  GtkWidget        *popover;
  GtkWidget        *calendar;
  GtkWidget        *hour_spin;
  GtkWidget        *minute_spin;
  GtkWidget        *when_label;   /* a date as the user reads dates */

  ElicitTextFormat  format;
  guint             updating : 1;
};

G_DEFINE_FINAL_TYPE (ElicitTextEditor, elicit_text_editor, ELICIT_TYPE_FIELD_EDITOR)

static gboolean
is_long_text (ElicitField *field)
{
  return elicit_form_describe_field (field, NULL) == ELICIT_EDITOR_KIND_MULTI_LINE_TEXT;
}

static char *
dup_text (ElicitTextEditor *self)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  if (self->entry != NULL)
    return g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->entry)));

  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->text_view));
  gtk_text_buffer_get_bounds (buffer, &start, &end);

  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static void
set_text (ElicitTextEditor *self,
          const char       *text)
{
  if (self->entry != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->entry), text);
  else
    gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->text_view)), text, -1);
}

/* ---- the date picker ---------------------------------------------------- */

/* A date the user wrote, in their locale's way or ISO 8601. */
static GDateTime *
parse_date (const char *text)
{
  g_autofree char *iso = elicit_human_input_parse_date (text);
  int year, month, day;

  if (iso == NULL || sscanf (iso, "%4d-%2d-%2d", &year, &month, &day) != 3)
    return NULL;

  return g_date_time_new_local (year, month, day, 0, 0, 0);
}

static GDateTime *
parse_date_time (const char *text)
{
  g_autofree char *iso = elicit_human_input_parse_date_time (text);

  return iso != NULL ? g_date_time_new_from_iso8601 (iso, NULL) : NULL;
}

/* What is sent for what the user typed: ISO 8601 for dates and times,
 * https://… for an address typed without a scheme; else the text. */
static char *
dup_sent_text (ElicitTextEditor *self,
               const char       *text)
{
  char *sent = NULL;

  g_autoptr(GDateTime) exact = NULL;

  if (self->format == ELICIT_TEXT_FORMAT_DATE)
    sent = elicit_human_input_parse_date (text);
  else if (self->format == ELICIT_TEXT_FORMAT_DATE_TIME &&
           (exact = g_date_time_new_from_iso8601 (text, NULL)) != NULL)
    sent = g_strdup (text);  /* ISO 8601 with its zone: as typed */
  else if (self->format == ELICIT_TEXT_FORMAT_DATE_TIME)
    sent = elicit_human_input_parse_date_time (text);
  else if (self->format == ELICIT_TEXT_FORMAT_URI)
    sent = elicit_human_input_complete_url (text);

  return sent != NULL ? sent : g_strdup (text);
}

/* What the entry shows for a value: dates and times as the locale writes
 * them. */
static char *
dup_shown_text (ElicitTextEditor *self,
                const char       *value)
{
  char *shown = NULL;

  if (self->format == ELICIT_TEXT_FORMAT_DATE)
    shown = elicit_human_input_format_date (value);
  else if (self->format == ELICIT_TEXT_FORMAT_DATE_TIME)
    shown = elicit_human_input_format_date_time (value);

  return shown != NULL ? shown : g_strdup (value);
}

static GDateTime *
picker_start (ElicitTextEditor *self)
{
  g_autofree char *text = dup_text (self);
  g_autoptr(GDateTime) parsed = NULL;

  if (self->format == ELICIT_TEXT_FORMAT_DATE)
    parsed = parse_date (text);
  else
    parsed = parse_date_time (text);

  if (parsed != NULL)
    return g_date_time_to_local (parsed);

  return g_date_time_new_now_local ();
}

static char *
format_picked (ElicitTextEditor *self)
{
  g_autoptr(GDateTime) date = gtk_calendar_get_date (GTK_CALENDAR (self->calendar));
  g_autoptr(GDateTime) local = NULL;
  int year, month, day;

  g_date_time_get_ymd (date, &year, &month, &day);
  if (self->format == ELICIT_TEXT_FORMAT_DATE)
    {
      g_autofree char *iso = g_strdup_printf ("%04d-%02d-%02d", year, month, day);

      return dup_shown_text (self, iso);
    }

  local = g_date_time_new_local (year, month, day,
                                 gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->hour_spin)),
                                 gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->minute_spin)),
                                 0);
  if (local == NULL)
    return NULL;

  {
    g_autofree char *iso = g_date_time_format (local, "%Y-%m-%dT%H:%M:%S%:z");

    return dup_shown_text (self, iso);
  }
}

static void
write_picked (ElicitTextEditor *self)
{
  g_autofree char *text = NULL;

  if (self->updating)
    return;

  text = format_picked (self);
  if (text != NULL)
    set_text (self, text);
}

static void
day_selected_cb (ElicitTextEditor *self)
{
  if (self->updating)
    return;

  write_picked (self);
  if (self->format == ELICIT_TEXT_FORMAT_DATE)
    gtk_popover_popdown (GTK_POPOVER (self->popover));
}

static void ensure_picker (ElicitTextEditor *self);

static void
icon_press_cb (ElicitTextEditor     *self,
               GtkEntryIconPosition  position)
{
  g_autoptr(GDateTime) start = picker_start (self);
  GdkRectangle area;

  ensure_picker (self);

  self->updating = TRUE;
  gtk_calendar_select_day (GTK_CALENDAR (self->calendar), start);
  if (self->hour_spin != NULL)
    {
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->hour_spin), g_date_time_get_hour (start));
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->minute_spin), g_date_time_get_minute (start));
    }
  self->updating = FALSE;

  gtk_entry_get_icon_area (GTK_ENTRY (self->entry), position, &area);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->popover), &area);
  gtk_popover_popup (GTK_POPOVER (self->popover));
}

static gboolean
two_digits_cb (GtkSpinButton *spin,
               gpointer       user_data)
{
  g_autofree char *text = g_strdup_printf ("%02d", gtk_spin_button_get_value_as_int (spin));

  gtk_editable_set_text (GTK_EDITABLE (spin), text);

  return TRUE;
}

static GtkWidget *
time_spin_new (ElicitTextEditor *self,
               int               upper,
               const char       *accessible_label)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (0, upper, 1);

  gtk_spin_button_set_wrap (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (spin), GTK_ORIENTATION_VERTICAL);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 2);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, accessible_label,
                                  -1);
  g_signal_connect (spin, "output", G_CALLBACK (two_digits_cb), NULL);
  g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (write_picked), self);

  return spin;
}

static GtkWidget *
time_row_new (ElicitTextEditor *self)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (_("Time"));

  gtk_widget_set_halign (row, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (label, "dim-label");
  self->hour_spin = time_spin_new (self, 23, _("Hour"));
  self->minute_spin = time_spin_new (self, 59, _("Minute"));

  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), self->hour_spin);
  gtk_box_append (GTK_BOX (row), gtk_label_new (C_("time separator", ":")));
  gtk_box_append (GTK_BOX (row), self->minute_spin);

  return row;
}

/* The popover is made on first use: a calendar is some fifty widgets, and a
 * form may have many date fields that no one opens. */
static void
ensure_picker (ElicitTextEditor *self)
{
  GtkWidget *box;

  if (self->popover != NULL)
    return;

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  self->calendar = gtk_calendar_new ();
  g_signal_connect_swapped (self->calendar, "day-selected", G_CALLBACK (day_selected_cb), self);
  gtk_box_append (GTK_BOX (box), self->calendar);
  if (self->format == ELICIT_TEXT_FORMAT_DATE_TIME)
    gtk_box_append (GTK_BOX (box), time_row_new (self));

  self->popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (self->popover), box);
  gtk_popover_set_position (GTK_POPOVER (self->popover), GTK_POS_BOTTOM);
  gtk_widget_set_parent (self->popover, self->entry);
}

static gboolean
open_picker_cb (GtkWidget *widget,
                GVariant  *args,
                gpointer   user_data)
{
  icon_press_cb (ELICIT_TEXT_EDITOR (user_data), GTK_ENTRY_ICON_SECONDARY);

  return TRUE;
}

/* The calendar icon is no Tab stop: Alt+Down opens the picker, as it
 * opens a combo box's list. */
static void
add_picker_keys (ElicitTextEditor *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();
  GtkShortcutAction *action = gtk_callback_action_new (open_picker_cb, self, NULL);

  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_alternative_trigger_new (
                                                            gtk_keyval_trigger_new (GDK_KEY_Down, GDK_ALT_MASK),
                                                            gtk_keyval_trigger_new (GDK_KEY_KP_Down, GDK_ALT_MASK)),
                                                          action));
  gtk_widget_add_controller (self->entry, controller);
}

static void
add_picker (ElicitTextEditor *self)
{
  gtk_entry_set_icon_from_icon_name (GTK_ENTRY (self->entry), GTK_ENTRY_ICON_SECONDARY,
                                     "x-office-calendar-symbolic");
  gtk_entry_set_icon_tooltip_text (GTK_ENTRY (self->entry), GTK_ENTRY_ICON_SECONDARY,
                                   self->format == ELICIT_TEXT_FORMAT_DATE
                                   ? _("Choose a date (Alt+Down)")
                                   : _("Choose a date and time (Alt+Down)"));
  g_signal_connect_swapped (self->entry, "icon-press", G_CALLBACK (icon_press_cb), self);
  add_picker_keys (self);
}

/* ---- building ----------------------------------------------------------- */

/* The date in the user's locale, and for a date and time, the moment in
 * their own time zone, named: what RFC 3339 text means to them. */
static char *
describe_when (ElicitTextEditor *self,
               const char       *text)
{
  g_autoptr(GDateTime) parsed = NULL;
  g_autoptr(GDateTime) local = NULL;
  g_autofree char *moment = NULL;
  g_autofree char *zone = NULL;

  if (self->format == ELICIT_TEXT_FORMAT_DATE)
    {
      parsed = parse_date (text);
      /* Translators: a date as shown under a date field, see strftime(3) */
      return parsed != NULL ? g_date_time_format (parsed, C_("date shown", "%A, %x")) : NULL;
    }

  parsed = parse_date_time (text);
  if (parsed == NULL)
    return NULL;

  local = g_date_time_to_local (parsed);
  /* Translators: a date and time as shown under a date-time field, see strftime(3) */
  moment = g_date_time_format (local, C_("date-time shown", "%A, %x, %X"));
  zone = g_date_time_format (local, "%Z, UTC%:z");
  /* Translators: a date and time, then the user's time zone, as in
   * "Sunday, 22/11/26, 14:30:00 your time (CET, UTC+01:00)" */
  return g_strdup_printf (_("%s your time (%s)"), moment, zone);
}

static void
update_when (ElicitTextEditor *self)
{
  g_autofree char *when = NULL;

  if (self->when_label == NULL)
    return;

  when = describe_when (self, gtk_editable_get_text (GTK_EDITABLE (self->entry)));
  gtk_label_set_text (GTK_LABEL (self->when_label), when != NULL ? when : "");
  gtk_widget_set_visible (self->when_label, when != NULL);
}

static void
add_when_label (ElicitTextEditor *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 4);
  self->when_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->when_label), 0);
  gtk_label_set_wrap (GTK_LABEL (self->when_label), TRUE);
  gtk_widget_add_css_class (self->when_label, "dim-label");
  gtk_widget_add_css_class (self->when_label, "caption");
  gtk_widget_set_visible (self->when_label, FALSE);
  gtk_widget_set_parent (self->when_label, GTK_WIDGET (self));
}

static void
text_changed_cb (ElicitTextEditor *self)
{
  update_when (self);
  elicit_field_editor_emit_changed (ELICIT_FIELD_EDITOR (self));
}

/* Once the user is done with the field, it shows what will be sent as they
 * read it: a date in their locale's way, https:// before an address. */
static void
tidy_text (ElicitTextEditor *self)
{
  g_autofree char *text = NULL;
  g_autofree char *sent = NULL;
  g_autofree char *shown = NULL;

  if (self->entry == NULL || self->format == ELICIT_TEXT_FORMAT_NONE ||
      self->format == ELICIT_TEXT_FORMAT_EMAIL ||
      !elicit_field_editor_get_edited (ELICIT_FIELD_EDITOR (self)))
    return;

  text = dup_text (self);
  sent = dup_sent_text (self, text);
  shown = dup_shown_text (self, sent);
  if (!g_str_equal (shown, text))
    set_text (self, shown);
}

static void
commit_cb (ElicitTextEditor *self)
{
  tidy_text (self);
  elicit_field_editor_emit_commit (ELICIT_FIELD_EDITOR (self));
}

static void
activate_cb (ElicitTextEditor *self)
{
  tidy_text (self);
  elicit_field_editor_emit_activate (ELICIT_FIELD_EDITOR (self));
}

static void
watch_focus (ElicitTextEditor *self,
             GtkWidget        *widget)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  g_signal_connect_swapped (focus, "leave", G_CALLBACK (commit_cb), self);
  gtk_widget_add_controller (widget, focus);
}

/* "31.12.2025" in German, "12/31/2025 14:30" in American English. */
static void
set_example_placeholder (ElicitTextEditor *self)
{
  g_autofree char *example = dup_shown_text (self, self->format == ELICIT_TEXT_FORMAT_DATE
                                                   ? "2025-12-31" : "2025-12-31T14:30:00");
  /* Translators: the placeholder of a date field; %s is a date written as
   * the user's locale writes dates */
  g_autofree char *placeholder = g_strdup_printf (C_("date placeholder", "e.g. %s"), example);

  gtk_entry_set_placeholder_text (GTK_ENTRY (self->entry), placeholder);
}

static void
build_entry (ElicitTextEditor *self)
{
  GtkEntry *entry;

  self->entry = gtk_entry_new ();
  entry = GTK_ENTRY (self->entry);
  gtk_widget_set_hexpand (self->entry, TRUE);
  gtk_widget_set_parent (self->entry, GTK_WIDGET (self));

  switch (self->format)
    {
    case ELICIT_TEXT_FORMAT_EMAIL:
      gtk_entry_set_input_purpose (entry, GTK_INPUT_PURPOSE_EMAIL);
      gtk_entry_set_input_hints (entry, GTK_INPUT_HINT_NO_SPELLCHECK | GTK_INPUT_HINT_LOWERCASE);
      break;
    case ELICIT_TEXT_FORMAT_URI:
      gtk_entry_set_input_purpose (entry, GTK_INPUT_PURPOSE_URL);
      gtk_entry_set_input_hints (entry, GTK_INPUT_HINT_NO_SPELLCHECK);
      gtk_entry_set_placeholder_text (entry, "https://");
      break;
    case ELICIT_TEXT_FORMAT_DATE:
    case ELICIT_TEXT_FORMAT_DATE_TIME:
      set_example_placeholder (self);
      add_picker (self);
      add_when_label (self);
      break;
    case ELICIT_TEXT_FORMAT_NONE:
    default:
      break;
    }

  g_signal_connect_swapped (self->entry, "activate", G_CALLBACK (activate_cb), self);
  watch_focus (self, self->entry);
}

static void
build_text_view (ElicitTextEditor *self)
{
  self->text_view = gtk_text_view_new ();
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (self->text_view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_accepts_tab (GTK_TEXT_VIEW (self->text_view), FALSE);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (self->text_view), 6);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (self->text_view), 6);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (self->text_view), 8);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (self->text_view), 8);

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_has_frame (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (self->scroller), 96);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->scroller), 240);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->text_view);
  gtk_widget_set_hexpand (self->scroller, TRUE);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));

  watch_focus (self, self->text_view);
}

static void
elicit_text_editor_constructed (GObject *object)
{
  ElicitTextEditor *self = ELICIT_TEXT_EDITOR (object);
  ElicitField *field = elicit_field_editor_get_field (ELICIT_FIELD_EDITOR (self));
  JsonNode *default_value = elicit_field_get_default (field);

  G_OBJECT_CLASS (elicit_text_editor_parent_class)->constructed (object);

  self->format = elicit_field_get_format (field);
  if (is_long_text (field))
    build_text_view (self);
  else
    build_entry (self);

  if (default_value != NULL && JSON_NODE_HOLDS_VALUE (default_value) &&
      json_node_get_value_type (default_value) == G_TYPE_STRING)
    {
      g_autofree char *shown = dup_shown_text (self, json_node_get_string (default_value));

      set_text (self, shown);
    }
  if (self->entry != NULL)
    update_when (self);

  /* Connected after the default is in, so only the user's edits count. */
  if (self->entry != NULL)
    g_signal_connect_swapped (self->entry, "changed", G_CALLBACK (text_changed_cb), self);
  else
    g_signal_connect_swapped (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->text_view)),
                              "changed", G_CALLBACK (text_changed_cb), self);
}

static void
elicit_text_editor_dispose (GObject *object)
{
  ElicitTextEditor *self = ELICIT_TEXT_EDITOR (object);

  if (self->popover != NULL)
    {
      gtk_widget_unparent (self->popover);
      self->popover = NULL;
    }

  G_OBJECT_CLASS (elicit_text_editor_parent_class)->dispose (object);
}

/*
 * Untouched: nothing (the schema's default applies, and it is what the entry
 * shows). Emptied by the user: nothing, unless there is a default to override,
 * then "" so clearing it means what the user sees.
 */
static JsonNode *
elicit_text_editor_dup_value (ElicitFieldEditor *editor)
{
  ElicitTextEditor *self = ELICIT_TEXT_EDITOR (editor);
  g_autofree char *text = NULL;
  g_autofree char *sent = NULL;

  if (!elicit_field_editor_get_edited (editor))
    return NULL;

  text = dup_text (self);
  if (*text == '\0' && elicit_field_get_default (elicit_field_editor_get_field (editor)) == NULL)
    return NULL;

  sent = dup_sent_text (self, text);

  return json_node_init_string (json_node_alloc (), sent);
}

static char *
example_problem (ElicitTextEditor *self)
{
  g_autofree char *example = NULL;

  if (self->format == ELICIT_TEXT_FORMAT_DATE)
    {
      example = dup_shown_text (self, "2025-12-31");
      /* Translators: %s is a date written as the user's locale writes dates */
      return g_strdup_printf (_("Enter a date, such as %s"), example);
    }

  example = dup_shown_text (self, "2025-12-31T14:30:00Z");
  /* Translators: %s is a date and time written as the user's locale writes them */
  return g_strdup_printf (_("Enter a date and time, such as %s"), example);
}

/* Dates and times the user's way or ISO; a full web address. The schema
 * judges the rest (ranges, patterns), in its own words. */
static char *
elicit_text_editor_dup_problem (ElicitFieldEditor *editor)
{
  ElicitTextEditor *self = ELICIT_TEXT_EDITOR (editor);
  g_autofree char *text = NULL;
  g_autofree char *sent = NULL;
  g_autoptr(GUri) uri = NULL;

  if (self->entry == NULL || !elicit_field_editor_get_edited (editor))
    return NULL;

  text = g_strstrip (dup_text (self));
  if (*text == '\0')
    return NULL;

  switch (self->format)
    {
    case ELICIT_TEXT_FORMAT_DATE:
      return (sent = elicit_human_input_parse_date (text)) == NULL ? example_problem (self) : NULL;

    case ELICIT_TEXT_FORMAT_DATE_TIME:
      return (sent = elicit_human_input_parse_date_time (text)) == NULL ? example_problem (self) : NULL;

    case ELICIT_TEXT_FORMAT_URI:
      sent = dup_sent_text (self, text);
      uri = g_uri_parse (sent, G_URI_FLAGS_NONE, NULL);
      if (uri == NULL || g_uri_get_host (uri) == NULL || *g_uri_get_host (uri) == '\0')
        return g_strdup (_("Enter a full web address, such as https://example.com"));
      return NULL;

    case ELICIT_TEXT_FORMAT_NONE:
    case ELICIT_TEXT_FORMAT_EMAIL:
    default:
      return NULL;
    }
}

static GtkWidget *
elicit_text_editor_get_input (ElicitFieldEditor *editor)
{
  ElicitTextEditor *self = ELICIT_TEXT_EDITOR (editor);

  return self->entry != NULL ? self->entry : self->text_view;
}

static void
elicit_text_editor_class_init (ElicitTextEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ElicitFieldEditorClass *editor_class = ELICIT_FIELD_EDITOR_CLASS (klass);

  object_class->constructed = elicit_text_editor_constructed;
  object_class->dispose = elicit_text_editor_dispose;
  editor_class->dup_value = elicit_text_editor_dup_value;
  editor_class->dup_problem = elicit_text_editor_dup_problem;
  editor_class->get_input = elicit_text_editor_get_input;

  elicit_gtk_ensure_i18n ();
}

static void
elicit_text_editor_init (ElicitTextEditor *self)
{
}

GtkCalendar *
elicit_text_editor_get_calendar (ElicitTextEditor *self)
{
  g_return_val_if_fail (ELICIT_IS_TEXT_EDITOR (self), NULL);

  if (self->format == ELICIT_TEXT_FORMAT_DATE || self->format == ELICIT_TEXT_FORMAT_DATE_TIME)
    ensure_picker (self);

  return self->calendar != NULL ? GTK_CALENDAR (self->calendar) : NULL;
}

GtkSpinButton *
elicit_text_editor_get_hour_spin (ElicitTextEditor *self)
{
  g_return_val_if_fail (ELICIT_IS_TEXT_EDITOR (self), NULL);

  if (self->format == ELICIT_TEXT_FORMAT_DATE || self->format == ELICIT_TEXT_FORMAT_DATE_TIME)
    ensure_picker (self);

  return self->hour_spin != NULL ? GTK_SPIN_BUTTON (self->hour_spin) : NULL;
}

GtkSpinButton *
elicit_text_editor_get_minute_spin (ElicitTextEditor *self)
{
  g_return_val_if_fail (ELICIT_IS_TEXT_EDITOR (self), NULL);

  if (self->format == ELICIT_TEXT_FORMAT_DATE || self->format == ELICIT_TEXT_FORMAT_DATE_TIME)
    ensure_picker (self);

  return self->minute_spin != NULL ? GTK_SPIN_BUTTON (self->minute_spin) : NULL;
}

GtkPopover *
elicit_text_editor_get_popover (ElicitTextEditor *self)
{
  g_return_val_if_fail (ELICIT_IS_TEXT_EDITOR (self), NULL);

  if (self->format == ELICIT_TEXT_FORMAT_DATE || self->format == ELICIT_TEXT_FORMAT_DATE_TIME)
    ensure_picker (self);

  return self->popover != NULL ? GTK_POPOVER (self->popover) : NULL;
}
