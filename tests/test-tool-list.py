#!/usr/bin/python3
# test-tool-list.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The window's layout as a person keeps it, over the accessibility bus: the
# tool list of a server's page dragged wider by its handle has the same
# width after a restart (GSettings' keyfile backend, in a folder of the
# test's own). Run
# with Debian's /usr/bin/python3 and python3-pyatspi, under dbus-run-session
# and Xvfb.

import os

os.environ['G_DEBUG'] = 'gc-friendly,fatal-criticals'

import json  # noqa: E402
import shutil  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402

from atspi_helpers import (a11y_env, atspi_missing, check, check_equal, do_action, find,
                           find_dialog, run_tests, skip_all, test, wait_for, wait_sensitive,
                           walk)  # noqa: E402

ELICIT = os.environ.get('ELICIT_BIN')
DEMO = os.environ.get('ELICIT_DEMO_SERVER')

if not ELICIT or not DEMO:
    skip_all('ELICIT_BIN and ELICIT_DEMO_SERVER must name the programs')
missing = atspi_missing()
if missing:
    skip_all(missing)

import pyatspi  # noqa: E402


class App:
    def __init__(self, folder):
        self.folder = folder
        self.config = os.path.join(folder, 'servers.json')
        if not os.path.exists(self.config):
            with open(self.config, 'w', encoding='utf-8') as f:
                json.dump({'mcpServers': {'demo': {'command': DEMO}}}, f)
        self.keyfile = os.path.join(folder, 'config', 'glib-2.0', 'settings', 'keyfile')
        if not os.path.exists(self.keyfile):
            os.makedirs(os.path.dirname(self.keyfile))
            with open(self.keyfile, 'w', encoding='utf-8') as f:
                f.write('[org/gnome/World/Elicit]\nwindow-size=(1200, 800)\n')
        env = a11y_env()
        env['XDG_CONFIG_HOME'] = os.path.join(folder, 'config')
        env['GSETTINGS_BACKEND'] = 'keyfile'
        self.log = open(os.path.join(folder, 'elicit.log'), 'a', encoding='utf-8')
        self.process = subprocess.Popen([ELICIT, '--config', self.config], env=env,
                                        stdout=self.log, stderr=subprocess.STDOUT)

    def window(self):
        return find_dialog('Elicit', self.process.pid)

    def quit(self):
        """SIGTERM quits cleanly, settings written."""
        self.process.send_signal(signal.SIGTERM)
        check_equal(self.process.wait(timeout=30), 0, 'the exit status')
        self.log.close()

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.log.close()


def extents(acc):
    return acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)


def tool_list(window):
    """The demo's tool list, once it lists the tools."""
    def listed():
        tools = find(window, 'list', 'Tools')
        return tools if tools is not None and tools.childCount > 0 else None
    return wait_for('the tool list', listed, timeout=60)


def handle(window):
    return wait_for('the handle', lambda: next(
        (acc for acc in walk(window) if acc.name == 'Tool List Width'), None))


def drag(acc, dx):
    box = extents(acc)
    x, y = box.x + box.width // 2, box.y + box.height // 2
    pyatspi.Registry.generateMouseEvent(x, y, 'abs')
    pyatspi.Registry.generateMouseEvent(x, y, 'b1p')
    for step in range(1, 11):
        pyatspi.Registry.generateMouseEvent(x + dx * step // 10, y, 'abs')
    pyatspi.Registry.generateMouseEvent(x + dx, y, 'b1r')


@test
def the_tool_list_keeps_its_dragged_width_after_a_restart():
    folder = tempfile.mkdtemp(prefix='elicit-tool-list-')
    app = None
    try:
        app = App(folder)
        window = app.window()
        tools = tool_list(window)
        before = wait_for('the list to be laid out', lambda: extents(tools).width or None)
        drag(handle(window), 150)
        # Positions are the window's (GTK 4.8 reports no screen coordinates),
        # which is all a drag within the window needs.
        dragged = wait_for('the list to be wider',
                           lambda: extents(tools).width if extents(tools).width > before + 100
                           else None)
        app.quit()
        with open(app.keyfile, encoding='utf-8') as f:
            check('tool-list-width=' in f.read(), 'the width is not in the settings')

        app = App(folder)
        window = app.window()
        tools = tool_list(window)
        wait_for('the list as wide as it was dragged',
                 lambda: extents(tools).width == dragged)
    finally:
        if app is not None:
            app.kill()
        if os.environ.get('ELICIT_TEST_KEEP'):
            print('# kept', folder)
        else:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == '__main__':
    raise SystemExit(run_tests('ToolList'))
