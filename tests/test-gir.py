#!/usr/bin/python3
# test-gir.py: ElicitForm embedded from Python through GObject Introspection,
# with both namespaces: Elicit-1.0 (elicit-1, no GTK) and ElicitGtk-1.0.
#
# Copyright 2026 The Elicit authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Run by Debian's /usr/bin/python3 with GI_TYPELIB_PATH and LD_LIBRARY_PATH
# pointing into the build tree; prints TAP.

import os
import subprocess
import sys
import tempfile

import gi

gi.require_version('Gtk', '4.0')
gi.require_version('Json', '1.0')
gi.require_version('Elicit', '1.0')
gi.require_version('ElicitGtk', '1.0')

from gi.repository import Elicit, ElicitGtk, GLib, Gtk, Json  # noqa: E402

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

PARAMS = ('{"message": "Who?", "requestedSchema": {"type": "object", "properties": '
          '{"name": {"type": "string", "title": "Name", "default": "Ada"}}, "required": ["name"]}}')

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

    dialog_checks()
    presenter_checks()

    print('1..%d' % len(results))
    failed = 0
    for number, (description, ok, detail) in enumerate(results, 1):
        print('%s %d - %s' % ('ok' if ok else 'not ok', number, description))
        if not ok:
            failed += 1
            print('# got: %s' % detail)
    return 1 if failed else 0


def new_request():
    return Elicit.Request.new(Elicit.json_parse(PARAMS, -1, 0).get_object())


def wait_for(condition):
    """Runs the main context until @condition holds, or 10 s pass."""
    timed_out = []
    source = GLib.timeout_add_seconds(10, lambda: timed_out.append(True) or False)
    context = GLib.MainContext.default()
    while not condition() and not timed_out:
        context.iteration(True)
    if not timed_out:
        GLib.source_remove(source)
    return condition()


def dialog_checks():
    # What `elicit call --accept-defaults` does, through public API only.
    request = new_request()
    dialog = ElicitGtk.Dialog.new(request)
    dialog.set_server_label('Test server')
    dialog.set_accept_delay(0)
    notified = []
    dialog.connect('notify::can-accept', lambda *args: notified.append(dialog.props.can_accept))
    check('a dialog not yet shown cannot accept',
          not dialog.props.can_accept and not dialog.get_can_accept() and not dialog.accept())
    dialog.present()
    check('once shown, with valid defaults, the dialog can accept, and says so',
          wait_for(dialog.get_can_accept) and notified == [True], repr(notified))
    check('accept() answers the request with the form',
          dialog.accept() and request.get_state() == Elicit.RequestState.ACCEPTED,
          repr(request.get_state()))
    check('an answered request can no longer be accepted',
          not dialog.props.can_accept and not dialog.accept())
    wait_for(lambda: not dialog.get_visible())

    # What `elicit lint --render` does.
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, 'dialog.png')
        ok = ElicitGtk.render_dialog_to_png(new_request(), 'Test server', None, path)
        with open(path, 'rb') as f:
            magic = f.read(8)
        check('render_dialog_to_png writes a PNG of the dialog',
              ok and magic == b'\x89PNG\r\n\x1a\n', repr(magic))


def presenter_checks():
    # An embedder's queue shown by ElicitPresenter, from Python.
    queue = Elicit.PromptQueue.new()
    presenter = ElicitGtk.Presenter.new(queue)
    presenter.props.accept_delay = 0
    created = []
    presenter.connect('dialog-created', lambda p, dialog: created.append(dialog))
    taken = []

    def ask(p, request):
        taken.append(request)
        return len(taken) == 1   # the first goes elsewhere, the second is shown
    presenter.connect('ask', ask)

    first = new_request()
    queue.push(first)
    check('a request ::ask takes gets no dialog', taken == [first] and created == [],
          repr((taken, created)))
    first.cancel()
    second = new_request()
    queue.push(second)
    check('the next request gets a dialog with the presenter\'s delay',
          len(created) == 1 and created[0].get_request() == second and
          created[0].get_accept_delay() == 0, repr(created))
    presenter.close_all()
    check('close_all() cancels it', second.get_state() == Elicit.RequestState.CANCELLED,
          repr(second.get_state()))


if __name__ == '__main__':
    sys.exit(main())
