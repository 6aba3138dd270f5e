#!/usr/bin/python3
# test-import.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Servers of other MCP clients imported through the window, as a person
# would, over the accessibility bus: a home with Claude Desktop's, Cursor's
# and VS Code's files; Import Servers… on the empty page lists them, a
# server VS Code fills a variable into cannot be checked, of two servers
# with one name one can be checked at a time; the imported server appears
# in the list and in Elicit's servers file, and the other clients' files are
# the same bytes with the same modification time afterwards; the notice
# that says so goes away by itself. Opened again
# from the main menu, the dialog marks the server as already in Elicit.
# Run with Debian's /usr/bin/python3 and python3-pyatspi, under
# dbus-run-session and Xvfb. With ELICIT_SCREENSHOT_DIR set, it saves a
# screenshot of the dialog there.

import os

os.environ['G_DEBUG'] = 'gc-friendly,fatal-criticals'

import json  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

from atspi_helpers import (KEY_RETURN, a11y_env, atspi_missing, check, check_equal, do_action,
                           find, find_dialog, press, run_tests, sensitive, skip_all, test,
                           toggle, wait_for, wait_sensitive, walk)  # noqa: E402
from atspi_helpers import screenshot  # noqa: E402

ELICIT = os.environ.get('ELICIT_BIN')
DEMO = os.environ.get('ELICIT_DEMO_SERVER')
KEY_F10 = 0xffc7

if not ELICIT or not DEMO:
    skip_all('ELICIT_BIN and ELICIT_DEMO_SERVER must name the programs')
missing = atspi_missing()
if missing:
    skip_all(missing)

CLAUDE = ('{\n  "globalShortcut": "Alt+Space",\n  "mcpServers": {\n'
          '    "Local Demo": {"command": "%s", "args": ["--protocol", "2025-11-25"],\n'
          '                   "env": {"ELICIT_DEMO_GREETING": "hi"}}\n  }\n}\n' % DEMO)
CURSOR = '{"mcpServers": {"Local Demo": {"url": "https://cursor.example/mcp"}}}\n'
VS_CODE = ('{\n  // VS Code asks for the key itself\n  "inputs": [{"id": "key", "type": "promptString"}],\n'
           '  "servers": {"github": {"command": "gh-mcp", "env": {"KEY": "${input:key}"}},},\n}\n')


class Home:
    """A home folder with other clients' files, and Elicit's servers file."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix='elicit-import-')
        self.home = os.path.join(self.folder, 'home')
        self.config_dir = os.path.join(self.home, '.config')
        self.config = os.path.join(self.folder, 'servers.json')
        self.others = {
            os.path.join(self.config_dir, 'Claude', 'claude_desktop_config.json'): CLAUDE,
            os.path.join(self.home, '.cursor', 'mcp.json'): CURSOR,
            os.path.join(self.config_dir, 'Code', 'User', 'mcp.json'): VS_CODE,
        }
        for path, text in self.others.items():
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, 'w', encoding='utf-8') as f:
                f.write(text)
            # Long ago, so that a write now could not keep the time by chance.
            os.utime(path, ns=(1_000_000_000_000_000_000, 1_000_000_000_000_000_000))
        self.before = {path: self.stat(path) for path in self.others}
        with open(self.config, 'w', encoding='utf-8') as f:
            f.write('{\n  "mcpServers": {}\n}\n')

    @staticmethod
    def stat(path):
        with open(path, 'rb') as f:
            data = f.read()
        return data, os.stat(path).st_mtime_ns

    def start(self):
        env = a11y_env()
        # xvfb-run leaves the display's key in ~/.Xauthority: keep it found.
        env.setdefault('XAUTHORITY', os.path.join(os.path.expanduser('~'), '.Xauthority'))
        env['HOME'] = self.home
        env['XDG_CONFIG_HOME'] = self.config_dir
        self.log = open(os.path.join(self.folder, 'elicit.log'), 'a', encoding='utf-8')
        self.process = subprocess.Popen([ELICIT, '--config', self.config], env=env,
                                        stdout=self.log, stderr=subprocess.STDOUT)
        return find_dialog('Elicit', self.process.pid)

    def close(self):
        self.process.kill()
        self.process.wait()
        self.log.close()
        if not os.environ.get('ELICIT_TEST_KEEP'):
            shutil.rmtree(self.folder, ignore_errors=True)


def check_box(dialog, name):
    return wait_for('the check box %r' % name, lambda: find(dialog, 'check box', name))


def wait_server(window, name):
    servers = wait_for('the server list', lambda: find(window, 'list', 'Servers'))
    return wait_for('the server %r in the list' % name,
                    lambda: next((acc for acc in walk(servers)
                                  if acc.getRoleName() == 'list item' and acc.name == name), None))


@test
def import_from_claude_desktop_leaves_its_file_alone():
    home = Home()
    try:
        window = home.start()
        do_action(wait_sensitive(window, 'push button', 'Import Servers…'))
        dialog = find_dialog('Import Servers', home.process.pid)
        github = check_box(dialog, 'github')
        check(not sensitive(github), 'a server with ${input:key} can be checked')
        check('${input:key}' in github.description, 'no reason given: %r' % github.description)
        cursor_demo = [acc for acc in walk(dialog)
                       if acc.getRoleName() == 'check box' and acc.name == 'Local Demo']
        check_equal(len(cursor_demo), 2, 'servers called “Local Demo”')
        screenshot('import-servers')

        toggle(dialog, 'check box', 'Local Demo', within=cursor_demo[0].parent)
        wait_for('the other “Local Demo” to be unavailable', lambda: not sensitive(cursor_demo[1]))
        do_action(wait_sensitive(dialog, 'push button', 'Import'))

        wait_server(window, 'Local Demo')
        # News, not a question: the notice goes away with no one dismissing it.
        wait_for('the notice', lambda: find(window, 'label', 'Imported 1 server'))
        started = time.monotonic()
        wait_for('the notice to go away by itself',
                 lambda: find(window, 'label', 'Imported 1 server') is None)
        print('# the notice went away after %.1f s' % (time.monotonic() - started), flush=True)
        with open(home.config, encoding='utf-8') as f:
            servers = json.load(f)['mcpServers']
        check_equal(servers, {'Local Demo': {'command': DEMO, 'args': ['--protocol', '2025-11-25'],
                                             'env': {'ELICIT_DEMO_GREETING': 'hi'}}},
                    'the servers file')
        for path, before in home.before.items():
            check_equal(home.stat(path), before, 'the bytes and the time of ' + path)

        # Again, from the main menu: the server is marked as Elicit's own now.
        press(KEY_F10)
        item = wait_for('the menu item', lambda: find(window, 'menu item', 'Import Servers…'))
        wait_for('the menu item to have the focus',
                 lambda: item.getState().contains(__import__('pyatspi').STATE_FOCUSED))
        press(KEY_RETURN)
        dialog = find_dialog('Import Servers', home.process.pid)
        wait_for('the servers listed', lambda: find(dialog, 'check box', 'github'))
        claude_demo = next(acc for acc in walk(dialog)
                           if acc.getRoleName() == 'check box' and acc.name == 'Local Demo')
        check(not sensitive(claude_demo), 'an imported server can be imported again')
        check('Already in Elicit' in claude_demo.description,
              'not marked as present: %r' % claude_demo.description)
    finally:
        home.close()


if __name__ == '__main__':
    raise SystemExit(run_tests('Import'))
