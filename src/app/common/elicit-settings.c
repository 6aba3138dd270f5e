/* elicit-settings.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The app's GSettings, found installed or in the build tree, and their
 * one-time migration from the former application ID, org.gnome.Elicit.
 *
 * The keys live in the app's schema and, again, in a relocatable one,
 * org.gnome.World.Elicit.Preferences, which, put at
 * the former path, reads what the user had set there. Only keys the user
 * set are copied; the former ones are reset after, so dconf keeps one copy. */

#include "config.h"

#include "elicit-settings.h"

#define PREFERENCES_SCHEMA_ID APP_ID ".Preferences"
#define MIGRATED_KEY          "settings-migrated"

static GSettingsSchemaSource *
find_source (const char *schema_id)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autofree char *exe = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *data = NULL;
  g_autofree char *compiled = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, schema_id, TRUE);
  if (schema != NULL)
    return g_settings_schema_source_ref (source);

  /* Run from the build tree: its data folder has the compiled schema. */
  exe = g_file_read_link ("/proc/self/exe", NULL);
  if (exe == NULL)
    return NULL;
  dir = g_path_get_dirname (exe);
  data = g_build_filename (dir, "..", "..", "data", NULL);
  compiled = g_build_filename (data, "gschemas.compiled", NULL);
  if (!g_file_test (compiled, G_FILE_TEST_EXISTS))
    return NULL;

  return g_settings_schema_source_new_from_directory (data, source, FALSE, NULL);
}

/* elicit_settings_new:
 *
 * The app's settings, migrated from the former application ID the first
 * time; %NULL (settings are then not kept) when the schema is not installed.
 */
GSettings *
elicit_settings_new (void)
{
  g_autoptr(GSettingsSchemaSource) source = find_source (APP_ID);
  g_autoptr(GSettingsSchema) schema = NULL;
  GSettings *settings;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema == NULL)
    {
      g_debug ("the GSettings schema %s is not installed; settings will not be kept", APP_ID);
      return NULL;
    }

  settings = g_settings_new_full (schema, NULL, NULL);
  elicit_settings_migrate (settings, ELICIT_SETTINGS_FORMER_PATH);
  return settings;
}

static void
copy_user_values (GSettings *former,
                  GSettings *settings)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  g_object_get (former, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);

  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_autoptr(GVariant) value = g_settings_get_user_value (former, keys[i]);

      if (value == NULL)
        continue;
      /* The range of a key may have narrowed since: keep the default then. */
      if (!g_settings_schema_key_range_check (g_settings_schema_get_key (schema, keys[i]), value))
        continue;
      g_settings_set_value (settings, keys[i], value);
      g_settings_reset (former, keys[i]);
    }
}

/* elicit_settings_migrate:
 * @settings: the app's settings
 * @former_path: where the former application ID kept them
 *
 * Copies what the user set under @former_path into @settings, once: the
 * `settings-migrated` key remembers that it was done.
 */
void
elicit_settings_migrate (GSettings  *settings,
                         const char *former_path)
{
  g_autoptr(GSettingsSchemaSource) source = NULL;
  g_autoptr(GSettingsSchema) preferences = NULL;
  g_autoptr(GSettings) former = NULL;

  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (former_path != NULL);

  if (g_settings_get_boolean (settings, MIGRATED_KEY))
    return;

  source = find_source (PREFERENCES_SCHEMA_ID);
  if (source != NULL)
    preferences = g_settings_schema_source_lookup (source, PREFERENCES_SCHEMA_ID, TRUE);
  if (preferences != NULL)
    {
      g_autoptr(GSettingsBackend) backend = NULL;

      g_object_get (settings, "backend", &backend, NULL);
      former = g_settings_new_full (preferences, backend, former_path);
      copy_user_values (former, settings);
    }
  g_settings_set_boolean (settings, MIGRATED_KEY, TRUE);
}

/* elicit_settings_bind_accept_delay:
 * @settings: the app's settings
 * @object: an object with an `accept-delay` property: an ElicitPresenter
 *
 * Keeps @object's accept delay what the `accept-delay` setting says: the
 * app, `elicit call`, `elicit proxy` and the prompter service alike.
 */
void
elicit_settings_bind_accept_delay (GSettings *settings,
                                   gpointer   object)
{
  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (G_IS_OBJECT (object));

  g_settings_bind (settings, "accept-delay", object, "accept-delay", G_SETTINGS_BIND_GET);
}
