#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The settings schema as people use it: `gsettings get` finds every key the
README and the app document, under the app's ID, and the relocatable copy
used to migrate the former ID's settings has the very same keys.

Usage: test-gschema.py SCHEMA.XML COMPILED-DIR"""

import os
import subprocess
import sys
import xml.etree.ElementTree as ET

APP_ID = 'org.gnome.World.Elicit'

xml_path, compiled_dir = sys.argv[1], sys.argv[2]
schemas = {s.get('id'): s for s in ET.parse(xml_path).getroot().iter('schema')}
failures = 0


def text_of(key):
    """A key's XML, without the whitespace that follows it."""
    key.tail = None
    return ET.tostring(key)


def keys(schema_id):
    return {k.get('name'): text_of(k) for k in schemas[schema_id].iter('key')}


app_keys = keys(APP_ID)
preference_keys = keys(APP_ID + '.Preferences')

for name, text in preference_keys.items():
    if app_keys.get(name) != text:
        print(f'not ok - {APP_ID} has {name} as the migration schema has it')
        failures += 1

env = dict(os.environ, GSETTINGS_SCHEMA_DIR=compiled_dir, GSETTINGS_BACKEND='memory')
for name in sorted(app_keys):
    default = schemas[APP_ID].find(f"key[@name='{name}']/default").text.strip()
    run = subprocess.run(['gsettings', 'get', APP_ID, name], env=env,
                         capture_output=True, text=True)
    value = run.stdout.strip()
    # gsettings prints a uint32 with its type: compare the number itself.
    if run.returncode != 0 or value.split()[-1] != default.split()[-1]:
        print(f'not ok - gsettings get {APP_ID} {name}: {run.stderr.strip() or value}'
              f' (expected {default})')
        failures += 1
    else:
        print(f'ok - gsettings get {APP_ID} {name} = {value}')

sys.exit(1 if failures else 0)
