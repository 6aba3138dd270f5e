#!/usr/bin/python3
# test-server-editor.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Servers managed in the window, through the accessibility bus as a person
# would: a local server (the demo server) and a remote one added with the
# editor, found again after a restart, a tool run on the one added; the
# servers file keeps a key and a server Elicit does not know byte for byte;
# a write into a folder that cannot be written keeps the old file and says
# why. Run with Debian's /usr/bin/python3 and python3-pyatspi, under
# dbus-run-session and Xvfb. With ELICIT_SCREENSHOT_DIR set, it saves
# screenshots of the editor there.

import os

os.environ['G_DEBUG'] = 'gc-friendly,fatal-criticals'

import json  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402

from atspi_helpers import (Failure, a11y_env, atspi_missing, check, check_equal, do_action,
                           find, find_all, find_dialog, run_tests, set_text, skip_all, test, wait_for,
                           wait_sensitive, walk)  # noqa: E402
from atspi_helpers import screenshot  # noqa: E402

ELICIT = os.environ.get('ELICIT_BIN')
DEMO = os.environ.get('ELICIT_DEMO_SERVER')
SRCDIR = os.environ.get('G_TEST_SRCDIR', os.path.dirname(os.path.abspath(__file__)))
PYTHON = '/usr/bin/python3'

if not ELICIT or not DEMO:
    skip_all('ELICIT_BIN and ELICIT_DEMO_SERVER must name the programs')
missing = atspi_missing()
if missing:
    skip_all(missing)

# What Elicit does not know: a key of another client, and a server entry
# of a kind it cannot use, written as that client writes them.
FOREIGN_KEY = '"globalShortcut": "Ctrl+Space"'
FOREIGN_SERVER = ('"socket-thing": { "transport": "websocket",  "endpoint": "ws://localhost:9" }')
ORIGINAL = ('{\n  %s,\n  "mcpServers": {\n    %s\n  }\n}\n' % (FOREIGN_KEY, FOREIGN_SERVER))


class App:
    """elicit --config FILE on a servers file in a folder of its own."""

    def __init__(self, folder, env=None):
        self.folder = folder
        self.config = os.path.join(folder, 'servers.json')
        program_env = a11y_env()
        program_env['XDG_CONFIG_HOME'] = os.path.join(folder, 'config')
        program_env.update(env or {})
        self.log = open(os.path.join(folder, 'elicit.log'), 'a', encoding='utf-8')
        self.process = subprocess.Popen([ELICIT, '--config', self.config], env=program_env,
                                        stdout=self.log, stderr=subprocess.STDOUT)

    def window(self):
        return find_dialog('Elicit', self.process.pid)

    def editor(self, title):
        return find_dialog(title, self.process.pid)

    def showing(self, title):
        import pyatspi
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is None or app.get_process_id() != self.process.pid:
                continue
            for j in range(app.childCount):
                frame = app.getChildAtIndex(j)
                if frame is not None and frame.name == title and \
                        frame.getState().contains(pyatspi.STATE_SHOWING):
                    return True
        return False

    def close(self):
        self.process.kill()
        self.process.wait()
        self.log.close()


def server_list(window):
    return wait_for('the server list', lambda: find(window, 'list', 'Servers'))


def wait_server(window, name):
    servers = server_list(window)
    return wait_for('the server %r in the list' % name,
                    lambda: next((acc for acc in walk(servers)
                                  if acc.getRoleName() == 'list item' and acc.name == name), None))


def choose_server(window, name):
    servers = server_list(window)
    wait_server(window, name)

    def select():
        for i in range(servers.childCount):
            if servers.getChildAtIndex(i).name == name:
                servers.querySelection().selectChild(i)
                return servers.querySelection().isChildSelected(i)
        return False
    wait_for('the server %r chosen' % name, select)


def set_lines(dialog, label, text):
    view = wait_for('the field %r' % label, lambda: find(dialog, 'text', label))
    view.queryEditableText().setTextContents(text)


def add_server(app, window, name, fill, picture=None):
    do_action(wait_sensitive(window, 'push button', 'Add Server'))
    editor = app.editor('Add Server')
    wait_sensitive(editor, 'push button', 'Save')
    set_text(editor, 'text', 'Name', name)
    fill(editor)
    if picture:
        screenshot(picture)
    do_action(find(editor, 'push button', 'Save'))
    wait_server(window, name)
    wait_for('the editor to close', lambda: not app.showing('Add Server'))


def fill_local(editor):
    set_text(editor, 'text', 'Program', DEMO)
    set_text(editor, 'text', 'Arguments', "--protocol '2025-11-25'")
    set_lines(editor, 'Environment', 'ELICIT_DEMO_GREETING=hello\n')


def fill_remote(editor):
    do_action(find(editor, 'push button', 'Remote Address'))
    set_text(editor, 'text', 'Address', 'http://127.0.0.1:9/mcp')
    set_lines(editor, 'Headers', 'X-Team: blue\n')
    set_text(editor, 'text', 'Scopes', 'read write')


def run_a_tool(app, window):
    choose_server(window, 'Local Demo')
    # Every server's page has a tool list: the one with the tool is the demo's.
    def select():
        for tools in find_all(window, 'list'):
            if tools.name != 'Tools':
                continue
            for i in range(tools.childCount):
                row = tools.getChildAtIndex(i)
                if any(acc.getRoleName() == 'label' and acc.name == 'Register a user'
                       for acc in walk(row)):
                    tools.querySelection().selectChild(i)
                    return tools
        return None
    tools = wait_for('the tool “Register a user”', select)
    page = tools
    while find(page, 'push button', 'Run') is None:
        page = page.parent
    do_action(wait_sensitive(page, 'push button', 'Run'))
    dialog = find_dialog('Request from Local Demo', app.process.pid)
    do_action(wait_sensitive(dialog, 'push button', 'Decline'))
    wait_for('the tool to be done', lambda: find(window, 'label', 'Done'), timeout=60)


def frame_with_label(app, text):
    """The app's window that shows the label text (a message dialog has no title)."""
    import pyatspi

    def found():
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            program = desktop.getChildAtIndex(i)
            if program is None or program.get_process_id() != app.process.pid:
                continue
            for j in range(program.childCount):
                frame = program.getChildAtIndex(j)
                if frame is not None and find(frame, 'label', text) is not None:
                    return frame
        return None
    return wait_for('a window saying %r' % text, found)


def edit_then_remove(app, window):
    choose_server(window, 'Far Away')
    do_action(wait_sensitive(window, 'push button', 'Edit Server'))
    editor = app.editor('Edit Server')
    wait_sensitive(editor, 'push button', 'Remove Server…')
    address = find(editor, 'text', 'Address')
    check_equal(address.queryText().getText(0, -1) or
                address.queryText().getText(0, address.queryText().characterCount),
                'http://127.0.0.1:9/mcp', 'the address shown')
    set_text(editor, 'text', 'Address', 'http://127.0.0.1:9/v2')
    do_action(find(editor, 'push button', 'Save'))
    wait_for('the editor to close', lambda: not app.showing('Edit Server'))
    with open(app.config, encoding='utf-8') as f:
        servers = json.load(f)['mcpServers']
    check_equal(servers['Far Away'], {'url': 'http://127.0.0.1:9/v2',
                                      'headers': {'X-Team': 'blue'},
                                      'oauth': {'scope': 'read write'}}, 'the edited server')

    choose_server(window, 'Far Away')
    do_action(wait_sensitive(window, 'push button', 'Edit Server'))
    editor = app.editor('Edit Server')
    do_action(wait_sensitive(editor, 'push button', 'Remove Server…'))
    question = frame_with_label(app, 'Remove “Far Away”?')
    screenshot('server-editor-remove')
    remove = wait_for('the Remove button', lambda: next(
        (acc for acc in walk(question) if acc.getRoleName() == 'push button' and
         acc.name.endswith('Remove')), None))
    do_action(remove)
    servers = server_list(window)
    wait_for('“Far Away” to leave the list', lambda: not any(
        acc.getRoleName() == 'list item' and acc.name == 'Far Away' for acc in walk(servers)))


@test
def servers_added_in_the_window_are_there_after_a_restart_and_the_rest_of_the_file_stays():
    folder = tempfile.mkdtemp(prefix='elicit-editor-')
    with open(os.path.join(folder, 'servers.json'), 'w', encoding='utf-8') as f:
        f.write(ORIGINAL)
    app = App(folder)
    try:
        window = app.window()
        wait_server(window, 'socket-thing')
        add_server(app, window, 'Local Demo', fill_local, 'server-editor-local')
        add_server(app, window, 'Far Away', fill_remote, 'server-editor-remote')
        app.close()

        with open(app.config, encoding='utf-8') as f:
            text = f.read()
        check(FOREIGN_KEY in text and FOREIGN_SERVER in text,
              'the file lost what Elicit does not know:\n' + text)
        servers = json.loads(text)['mcpServers']
        check_equal(servers['Local Demo'], {'command': DEMO, 'args': ['--protocol', '2025-11-25'],
                                            'env': {'ELICIT_DEMO_GREETING': 'hello'}},
                    'the local server')
        check_equal(servers['Far Away'], {'url': 'http://127.0.0.1:9/mcp',
                                          'headers': {'X-Team': 'blue'},
                                          'oauth': {'scope': 'read write'}},
                    'the remote server')

        app = App(folder)
        window = app.window()
        wait_server(window, 'Far Away')
        run_a_tool(app, window)
        screenshot('server-editor-after-restart')

        edit_then_remove(app, window)
        with open(app.config, encoding='utf-8') as f:
            text = f.read()
        check(FOREIGN_KEY in text and FOREIGN_SERVER in text,
              'the file lost what Elicit does not know:\n' + text)
        check_equal(sorted(json.loads(text)['mcpServers']), ['Local Demo', 'socket-thing'],
                    'the servers left')
    finally:
        app.close()
        shutil.rmtree(folder, ignore_errors=True)


def make_read_only(folder):
    """As root, permissions do not stop a write; the immutable flag does."""
    os.chmod(folder, 0o555)
    if not os.access(folder, os.W_OK):
        return True
    subprocess.run(['chattr', '+i', folder], check=False, stderr=subprocess.DEVNULL)
    return not os.access(folder, os.W_OK)


def make_writable(folder):
    subprocess.run(['chattr', '-i', folder], check=False, stderr=subprocess.DEVNULL)
    os.chmod(folder, 0o755)


@test
def a_write_that_fails_keeps_the_old_file_and_says_why():
    folder = tempfile.mkdtemp(prefix='elicit-editor-')
    config = os.path.join(folder, 'servers.json')
    with open(config, 'w', encoding='utf-8') as f:
        f.write(ORIGINAL)
    app = App(folder)
    try:
        window = app.window()
        choose_server(window, 'socket-thing')
        check(make_read_only(folder), 'the folder could not be made read-only')
        do_action(wait_sensitive(window, 'push button', 'Add Server'))
        editor = app.editor('Add Server')
        wait_sensitive(editor, 'push button', 'Save')
        set_text(editor, 'text', 'Name', 'Local Demo')
        set_text(editor, 'text', 'Program', DEMO)
        do_action(find(editor, 'push button', 'Save'))
        prefix = 'Could not save %s: ' % config
        problem = wait_for('the reason', lambda: next(
            (acc for acc in walk(editor) if acc.getRoleName() == 'label' and
             acc.name.startswith(prefix)), None))
        check(problem.name.endswith('. The file was left as it was.'), problem.name)
        screenshot('server-editor-write-failed')
        with open(config, encoding='utf-8') as f:
            check_equal(f.read(), ORIGINAL, 'the servers file')
        check_equal(sorted(os.listdir(folder)), ['config', 'elicit.log', 'servers.json']
                    if os.path.exists(os.path.join(folder, 'config'))
                    else ['elicit.log', 'servers.json'], 'the folder')
    finally:
        make_writable(folder)
        app.close()
        shutil.rmtree(folder, ignore_errors=True)


@test
def the_editor_says_what_is_missing_in_words_and_the_loaders_problems_as_it_reads_them():
    folder = tempfile.mkdtemp(prefix='elicit-editor-')
    with open(os.path.join(folder, 'servers.json'), 'w', encoding='utf-8') as f:
        f.write(ORIGINAL)
    app = App(folder)
    try:
        window = app.window()
        do_action(wait_sensitive(window, 'push button', 'Add Server'))
        editor = app.editor('Add Server')
        wait_sensitive(editor, 'push button', 'Save')
        set_text(editor, 'text', 'Name', 'socket-thing')
        do_action(find(editor, 'push button', 'Save'))
        wait_for('what is missing', lambda: find(editor, 'label',
                                                 'Enter the program that runs the server'))
        set_text(editor, 'text', 'Program', 'true')
        set_lines(editor, 'Environment', 'no equals sign')
        wait_for('the environment problem', lambda: find(
            editor, 'label', 'Write each environment variable on a line of its own, as NAME=value'))
        set_lines(editor, 'Environment', '=x')
        wait_for('the loader\'s problem', lambda: find(
            editor, 'label', '“” is not a valid environment variable name'))
        set_lines(editor, 'Environment', '')
        do_action(find(editor, 'push button', 'Save'))
        wait_for('the name taken', lambda: find(
            editor, 'label', 'There is already a server called “socket-thing”'))
        screenshot('server-editor-problem')
    finally:
        app.close()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == '__main__':
    raise SystemExit(run_tests('ServerEditor'))
