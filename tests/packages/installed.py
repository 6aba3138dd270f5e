#!/usr/bin/python3
# installed.py STEP: one step of tests/packages/run.sh, run against the
# installed packages only (run.sh starts it from a scratch directory, in a
# clean environment, under dbus-run-session and xvfb-run). Exits 0 when the
# step holds; says why on stderr when it does not.
#
#   call-local     `elicit call` on elicit-demo-server, its own dialog
#                  answered through AT-SPI
#   call-activated `elicit call` asks the desktop's prompter, which the bus
#                  starts from the installed service file
#   gi             Python imports Elicit 1.0 and ElicitGtk 1.0 from the
#                  system's typelibs
#
# The AT-SPI helpers are the test suite's (tests/atspi_helpers.py, by path):
# test code, not the product under test.

import json
import os
import signal
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

from atspi_helpers import (TIMEOUT, Failure, a11y_env, atspi_missing, check,  # noqa: E402
                           check_equal, do_action, find_dialog, pick_option, set_number,
                           set_text, toggle, wait_for, wait_sensitive)

ELICIT = '/usr/bin/elicit'
DEMO = '/usr/bin/elicit-demo-server'
LIBDIR = os.environ['ELICIT_LIBDIR']  # /usr/lib/<multiarch triplet>, from run.sh


def run_call(tool, env, answer):
    """Runs `elicit call --name Installed --tool TOOL -- elicit-demo-server`
    (both found on PATH, as a user types it), lets answer(process) answer
    the dialog, and returns the tool's structuredContent."""
    process = subprocess.Popen(['elicit', 'call', '--name', 'Installed', '--tool', tool,
                                '--', 'elicit-demo-server'],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        answer(process)
        out, err = process.communicate(timeout=TIMEOUT * 2)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    check_equal(process.returncode, 0, 'exit status of elicit call (stderr: %s)' % err)
    return json.loads(out)['structuredContent']


def call_local():
    def answer(process):
        dialog = find_dialog('Request from Installed', pid=process.pid)
        set_text(dialog, 'text', 'Username', 'ada_l')
        set_text(dialog, 'text', 'Email Address', 'ada@example.com')
        set_number(dialog, 'Age', 36)
        pick_option(dialog, 'Country', 'Germany')
        toggle(dialog, 'check box', 'Subscribe to Newsletter')
        do_action(wait_sensitive(dialog, 'push button', 'Send'))

    got = run_call('register_user', dict(a11y_env(), ELICIT_PROMPTER='local'), answer)
    check_equal(got, {'action': 'accept',
                      'content': {'username': 'ada_l', 'email': 'ada@example.com', 'age': 36,
                                  'country': 'de', 'newsletter': True}},
                'what the demo server received')


def prompter_pid():
    from gi.repository import Gio, GLib
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    try:
        return bus.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus',
                             'GetConnectionUnixProcessID',
                             GLib.Variant('(s)', ('org.gnome.World.Elicit',)), GLib.VariantType('(u)'),
                             Gio.DBusCallFlags.NONE, -1, None).unpack()[0]
    except GLib.Error:
        return None


def call_activated():
    check(prompter_pid() is None, 'a prompter was running before the call')
    prompter = {}

    def answer(process):
        pid = wait_for('the bus to start the prompter', prompter_pid)
        prompter['pid'] = pid
        check(pid != process.pid, 'elicit call showed its own dialog')
        exe = os.readlink('/proc/%d/exe' % pid)
        with open('/proc/%d/cmdline' % pid, 'rb') as f:
            argv = f.read().decode().split('\0')[:-1]
        check_equal((exe, argv), (ELICIT, [ELICIT, '--gapplication-service']),
                    'the prompter the bus started (the installed service file\'s Exec)')
        dialog = find_dialog('Request from Installed', pid=pid)
        do_action(wait_sensitive(dialog, 'push button', 'Yes'))

    env = a11y_env()
    env.pop('ELICIT_PROMPTER', None)
    try:
        got = run_call('confirm', env, answer)
        check_equal(got, {'action': 'accept', 'content': {'confirmed': True}},
                    'what the demo server received')
    finally:
        # The prompter quits when idle; do not wait for it.
        if 'pid' in prompter:
            try:
                os.kill(prompter['pid'], signal.SIGTERM)
            except ProcessLookupError:
                pass


def gi():
    import gi as pygobject
    pygobject.require_version('GIRepository', '2.0')
    pygobject.require_version('Elicit', '1.0')
    pygobject.require_version('ElicitGtk', '1.0')
    from gi.repository import GIRepository
    from gi.repository import Elicit, ElicitGtk
    repository = GIRepository.Repository.get_default()
    for namespace in ('Elicit', 'ElicitGtk'):
        check_equal(repository.get_typelib_path(namespace),
                    '%s/girepository-1.0/%s-1.0.typelib' % (LIBDIR, namespace),
                    'where %s comes from' % namespace)
    schema = Elicit.Schema.new_from_data(
        '{"type":"object","properties":{"name":{"type":"string","title":"Name"}}}', -1)
    check_equal(schema.get_n_fields(), 1, 'fields of a schema made in Python')
    check_equal(ElicitGtk.Form.__gtype__.name, 'ElicitForm', 'the form\'s type')
    with open('/proc/self/maps') as maps:
        libraries = {line.split()[-1] for line in maps if 'libelicit' in line}
    check_equal(libraries, {os.path.realpath('%s/libelicit-1.so.0' % LIBDIR),
                            os.path.realpath('%s/libelicit-gtk-1.so.0' % LIBDIR)},
                'the libraries Python loaded')


STEPS = {'call-local': call_local, 'call-activated': call_activated, 'gi': gi}

if __name__ == '__main__':
    step = STEPS[sys.argv[1]]
    if step is not gi:
        missing = atspi_missing()
        if missing:
            print(missing, file=sys.stderr)
            sys.exit(1)
    try:
        step()
    except Failure as e:
        print(e, file=sys.stderr)
        sys.exit(1)
