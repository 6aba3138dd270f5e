#!/usr/bin/python3
# test-gir.py: ElicitForm embedded from Python through GObject Introspection,
# with both namespaces: Elicit-1.0 (elicit-1, no GTK) and ElicitGtk-1.0.
#
# Copyright 2026 The Elicit authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Run by Debian's /usr/bin/python3 with GI_TYPELIB_PATH and LD_LIBRARY_PATH
# pointing into the build tree; prints TAP.

import subprocess
import sys

import gi

gi.require_version('Gtk', '4.0')
gi.require_version('Json', '1.0')
gi.require_version('Elicit', '1.0')
gi.require_version('ElicitGtk', '1.0')

from gi.repository import Elicit, ElicitGtk, Gtk, Json  # noqa: E402

# What a program that loads only Elicit-1.0 pulls in.
CORE_ONLY = '''
import sys, gi
gi.require_version('Elicit', '1.0')
from gi.repository import Elicit
schema = Elicit.Schema.new_from_data('{"type": "object", "properties": {}}', -1)
loaded = sorted(m for m in sys.modules if m.startswith('gi.repository.'))
print(' '.join(loaded))
'''

SCHEMA = '''{
  "type": "object",
  "properties": {
    "name": {"type": "string", "title": "Name"},
    "age": {"type": "integer", "minimum": 0},
    "color": {"type": "string", "enum": ["red", "green"], "default": "green"},
    "note": {"type": "string"}
  },
  "required": ["name"]
}'''

results = []


def check(description, condition, detail=''):
    results.append((description, bool(condition), detail))


def content_text(form):
    node = Json.Node.alloc().init_object(form.get_content())
    return Json.to_string(node, False)


def main():
    core = subprocess.run([sys.executable, '-c', CORE_ONLY],
                          capture_output=True, text=True)
    loaded = core.stdout.split()
    check('Elicit-1.0 loads and parses a schema on its own',
          core.returncode == 0, core.stderr)
    check('Elicit-1.0 pulls in no GTK',
          'gi.repository.Gtk' not in loaded and 'gi.repository.Gdk' not in loaded,
          ' '.join(loaded))
    check('the widgets live in ElicitGtk, not in Elicit',
          hasattr(ElicitGtk, 'Form') and hasattr(ElicitGtk, 'Dialog')
          and not hasattr(Elicit, 'Form') and not hasattr(Elicit, 'Dialog'))

    Gtk.init()

    notes = Elicit.Schema.new_from_data(
        '{"type": "object", "properties": {"notes": {"type": "string"}}}', -1).get_field('notes')
    kind, description = ElicitGtk.Form.describe_field(notes)
    check('the widgets library says which editor a field gets, and in words',
          kind == ElicitGtk.EditorKind.MULTI_LINE_TEXT and description == 'multi-line text editor',
          '%r %r' % (kind, description))
    check('the core names the kind of value',
          Elicit.FieldKind.describe(notes.get_kind()) == 'text')

    schema = Elicit.Schema.new_from_data(SCHEMA, -1)
    form = ElicitGtk.Form.new(schema)
    check('the form is a GtkWidget', isinstance(form, Gtk.Widget))
    check('a required field left empty makes the form invalid', not form.props.valid)

    text = content_text(form)
    check('untouched, only the default is sent', text == '{"color":"green"}', text)

    notified = []
    form.connect('notify::valid', lambda *args: notified.append(True))
    form.get_field_widget('name').set_text('Ada')
    form.get_field_widget('age').set_value(36)

    text = content_text(form)
    check('values set through the widgets are sent exactly',
          text == '{"name":"Ada","age":36,"color":"green"}', text)
    check('the form became valid and said so', form.props.valid and len(notified) == 1)

    errors = form.get_errors()
    check('no errors once valid', len(errors) == 0, repr(errors))

    form.get_field_widget('name').set_text('')
    errors = form.get_errors()
    check('the errors name the field at fault', list(errors.keys()) == ['name'], repr(errors))

    print('1..%d' % len(results))
    failed = 0
    for number, (description, ok, detail) in enumerate(results, 1):
        print('%s %d - %s' % ('ok' if ok else 'not ok', number, description))
        if not ok:
            failed += 1
            print('# got: %s' % detail)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
