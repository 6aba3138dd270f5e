#!/usr/bin/python3
# server-screenshots.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Screenshots of the screens of servers managed in the window, in light,
# dark, German and at 360 px: the server editor, a servers file that cannot
# be read, a server's details with a result shown as content. Drives the app
# through AT-SPI as the tests do; run under dbus-run-session and Xvfb with
# the environment of `meson test` (ELICIT_BIN, ELICIT_DEMO_SERVER, ELICIT_NODE,
# ELICIT_NODE_MODULES, GSETTINGS_SCHEMA_DIR, ELICIT_LOCALEDIR):
#
#   build-aux/server-screenshots.py OUTPUT-DIR

import ctypes
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests'))
os.environ['G_DEBUG'] = 'gc-friendly,fatal-criticals'

from atspi_helpers import (a11y_env, do_action, find, find_dialog,  # noqa: E402
                           set_text, wait_for, wait_sensitive, walk)

OUT = os.path.abspath(sys.argv[1])
DEMO = os.environ['ELICIT_DEMO_SERVER']
EVERYTHING = os.path.join(os.environ.get('ELICIT_NODE_MODULES', ''), '@modelcontextprotocol',
                          'server-everything', 'dist', 'index.js')
VARIANTS = {
    '': {},
    '-dark': {'ADW_DEBUG_COLOR_SCHEME': 'prefer-dark'},
    '-de': {'LANGUAGE': 'de', 'LC_ALL': 'C.UTF-8'},
    '-360': {},
}
TEXT = {
    '': {'add': 'Add Server', 'save': 'Save', 'name': 'Name', 'program': 'Program',
         'arguments': 'Arguments', 'environment': 'Environment', 'details': 'Details',
         'run': 'Run'},
    '-de': {'add': 'Server hinzufügen', 'save': 'Speichern', 'name': 'Name',
            'program': 'Programm', 'arguments': 'Argumente', 'environment': 'Umgebung',
            'details': 'Details', 'run': 'Ausführen'},
}


def shot(name):
    raw = os.path.join(OUT, name + '.raw.png')
    subprocess.run(['import', '-window', 'root', raw], check=True)
    subprocess.run(['convert', raw, '-trim', '+repage', os.path.join(OUT, name + '.png')],
                   check=True)
    os.unlink(raw)


def resize(title, width, height):
    tree = subprocess.run(['xwininfo', '-root', '-tree'], capture_output=True, text=True).stdout
    windows = []
    for line in tree.splitlines():
        match = re.match(r'\s*(0x[0-9a-f]+) "%s": .*?\s(\d+)x(\d+)[+-]' % re.escape(title), line)
        if match:
            windows.append((int(match.group(2)) * int(match.group(3)), int(match.group(1), 16)))
    x11 = ctypes.CDLL('libX11.so.6')
    x11.XOpenDisplay.restype = ctypes.c_void_p
    display = ctypes.c_void_p(x11.XOpenDisplay(None))
    x11.XResizeWindow(display, ctypes.c_ulong(max(windows)[1]), width, height)
    x11.XFlush(display)
    x11.XCloseDisplay(display)


class App:
    def __init__(self, text, variant):
        self.dir = tempfile.mkdtemp(prefix='elicit-shots-')
        self.config = os.path.join(self.dir, 'servers.json')
        with open(self.config, 'w', encoding='utf-8') as f:
            f.write(text)
        env = a11y_env()
        env['HOME'] = self.dir
        env['XDG_CONFIG_HOME'] = os.path.join(self.dir, 'config')
        keyfile = os.path.join(self.dir, 'config', 'glib-2.0', 'settings', 'keyfile')
        os.makedirs(os.path.dirname(keyfile))
        size = (360, 760) if variant == '-360' else (1100, 760)
        with open(keyfile, 'w', encoding='utf-8') as f:
            f.write('[org/gnome/World/Elicit]\nwindow-size=(%d, %d)\n' % size)
        env['GSETTINGS_BACKEND'] = 'keyfile'
        env.update(VARIANTS[variant])
        self.process = subprocess.Popen([os.environ['ELICIT_BIN'], '--config', self.config],
                                        env=env, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        self.window = find_dialog('Elicit', self.process.pid)

    def close(self):
        self.process.kill()
        self.process.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


def editor(variant):
    t = TEXT.get(variant, TEXT[''])
    app = App(json.dumps({'mcpServers': {'demo': {'command': DEMO}}}, indent=2), variant)
    try:
        if variant == '-360':
            do_action(wait_sensitive(app.window, 'push button', 'Back to the Servers'))
        do_action(wait_sensitive(app.window, 'push button', t['add']))
        dialog = find_dialog(t['add'], app.process.pid)
        if variant == '-360':
            resize(t['add'], 360, 700)
        wait_sensitive(dialog, 'push button', t['save'])
        set_text(dialog, 'text', t['name'], 'files')
        set_text(dialog, 'text', t['program'], 'npx')
        set_text(dialog, 'text', t['arguments'], '-y @modelcontextprotocol/server-filesystem ~/Documents')
        view = find(dialog, 'text', t['environment'])
        view.queryEditableText().setTextContents('LOG_LEVEL=info\n')
        wait_for('the text', lambda: view.queryText().characterCount > 0)
        shot('server-editor' + variant)
    finally:
        app.close()


def broken(variant):
    app = App('{\n  "mcpServers": {\n    "demo": {"command": "x",}\n  }\n}\n', variant)
    try:
        wait_for('the reason', lambda: next(
            (acc for acc in walk(app.window) if acc.getRoleName() == 'label' and
             ':3:28: ' in (acc.name or '')), None))
        shot('broken-servers-file' + variant)
    finally:
        app.close()


def details(variant):
    t = TEXT.get(variant, TEXT[''])
    if not os.path.exists(EVERYTHING):
        return
    app = App(json.dumps({'mcpServers': {'Everything': {
        'command': os.environ.get('ELICIT_NODE', 'node'), 'args': [EVERYTHING, 'stdio']}}}),
        variant)
    try:
        window = app.window
        tools = wait_for('the tool list', lambda: find(window, 'list', 'Tools' if variant != '-de'
                                                       else 'Werkzeuge'))

        def select():
            for i in range(tools.childCount):
                if any(acc.name == 'Get Resource Links Tool'
                       for acc in walk(tools.getChildAtIndex(i))):
                    tools.querySelection().selectChild(i)
                    return True
            return False
        wait_for('the tool in the list', select, timeout=60)
        wait_for('the tool', lambda: len([acc for acc in walk(window) if acc.getRoleName() == 'label'
                                          and acc.name == 'Get Resource Links Tool']) >= 2)
        do_action(wait_sensitive(window, 'push button', t['run']))
        wait_for('the links', lambda: find(window, 'label', 'Text Resource 2'), timeout=30)
        if variant != '-360':
            do_action(wait_for('Details', lambda: next(
                (acc for acc in walk(window) if acc.name == t['details'] and
                 acc.getRoleName() in ('push button', 'toggle button')), None)))
            wait_for('the instructions', lambda: next(
                (acc for acc in walk(window) if (acc.name or '').startswith('Speaks MCP') or
                 (acc.name or '').startswith('Spricht MCP')), None))
        shot('server-details' + variant)
    finally:
        app.close()


if __name__ == '__main__':
    os.makedirs(OUT, exist_ok=True)
    only = sys.argv[2:] or ['editor', 'broken', 'details']
    for variant in VARIANTS:
        for name in only:
            globals()[name](variant)
