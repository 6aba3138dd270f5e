/* elicit-server-tool.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit.h"

#include "elicit-server-tool.h"

/* Tool descriptions are often long; the list shows the start. */
#define DESCRIPTION_MAX 2000

/**
 * ElicitServerTool:
 *
 * One tool a server offers, from its `tools/list` answer. The title and the
 * description are cleaned for display (plain text, no invisible or
 * reordering characters, capped); the name is the one sent back to call it.
 */

struct _ElicitServerTool
{
  GObject     parent_instance;

  char       *name;
  char       *title;
  char       *description;
  JsonObject *input_schema;
};

enum {
  PROP_0,
  PROP_NAME,
  PROP_TITLE,
  PROP_DESCRIPTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (ElicitServerTool, elicit_server_tool, G_TYPE_OBJECT)

static void
elicit_server_tool_finalize (GObject *object)
{
  ElicitServerTool *self = ELICIT_SERVER_TOOL (object);

  g_free (self->name);
  g_free (self->title);
  g_free (self->description);
  g_clear_pointer (&self->input_schema, json_object_unref);

  G_OBJECT_CLASS (elicit_server_tool_parent_class)->finalize (object);
}

static void
elicit_server_tool_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  ElicitServerTool *self = ELICIT_SERVER_TOOL (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, elicit_server_tool_get_name (self));
      break;

    case PROP_TITLE:
      g_value_set_string (value, elicit_server_tool_get_title (self));
      break;

    case PROP_DESCRIPTION:
      g_value_set_string (value, elicit_server_tool_get_description (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_server_tool_class_init (ElicitServerToolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = elicit_server_tool_finalize;
  object_class->get_property = elicit_server_tool_get_property;

  /**
   * ElicitServerTool:name:
   *
   * The tool's name, as the server wants it called.
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitServerTool:title:
   *
   * The tool's title for display: its `title`, else `annotations.title`,
   * else its name.
   */
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitServerTool:description:
   *
   * What the tool does, for display; empty when the server did not say.
   */
  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
elicit_server_tool_init (ElicitServerTool *self)
{
}

static char *
make_title (JsonObject *tool,
            const char *name)
{
  const char *candidates[] = {
    elicit_json_object_get_string (tool, "title"),
    elicit_json_object_get_string (elicit_json_object_get_object (tool, "annotations"), "title"),
    name,
  };

  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    {
      g_autofree char *clean = elicit_text_sanitize_line (candidates[i], ELICIT_TEXT_LINE_MAX);

      if (clean != NULL && *clean != '\0')
        return g_steal_pointer (&clean);
    }

  return g_strdup (name);
}

/**
 * elicit_server_tool_new_from_json:
 * @tool: one element of `tools` in a `tools/list` answer
 *
 * Returns: (transfer full) (nullable): the tool, or %NULL when it has no name
 */
ElicitServerTool *
elicit_server_tool_new_from_json (JsonObject *tool)
{
  ElicitServerTool *self;
  const char *name;
  JsonObject *input_schema;
  g_autofree char *description = NULL;

  g_return_val_if_fail (tool != NULL, NULL);

  name = elicit_json_object_get_string (tool, "name");
  if (name == NULL || *name == '\0')
    return NULL;

  description = elicit_text_sanitize_block (elicit_json_object_get_string (tool, "description"), DESCRIPTION_MAX);

  self = g_object_new (ELICIT_TYPE_SERVER_TOOL, NULL);
  self->name = g_strdup (name);
  self->title = make_title (tool, name);
  self->description = description != NULL ? g_steal_pointer (&description) : g_strdup ("");
  input_schema = elicit_json_object_get_object (tool, "inputSchema");
  if (input_schema != NULL)
    self->input_schema = json_object_ref (input_schema);

  return self;
}

/**
 * elicit_server_tool_get_name:
 * @self: a tool
 *
 * Returns: the name to call the tool by
 */
const char *
elicit_server_tool_get_name (ElicitServerTool *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_TOOL (self), NULL);

  return self->name;
}

/**
 * elicit_server_tool_get_title:
 * @self: a tool
 *
 * Returns: the title to show
 */
const char *
elicit_server_tool_get_title (ElicitServerTool *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_TOOL (self), NULL);

  return self->title;
}

/**
 * elicit_server_tool_get_description:
 * @self: a tool
 *
 * Returns: the description to show, possibly empty
 */
const char *
elicit_server_tool_get_description (ElicitServerTool *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_TOOL (self), NULL);

  return self->description;
}

/**
 * elicit_server_tool_get_input_schema:
 * @self: a tool
 *
 * Returns: (transfer none) (nullable): the tool's `inputSchema`
 */
JsonObject *
elicit_server_tool_get_input_schema (ElicitServerTool *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_TOOL (self), NULL);

  return self->input_schema;
}
