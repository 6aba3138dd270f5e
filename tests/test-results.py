#!/usr/bin/python3
# test-results.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A tool's result as content, read back through the accessibility bus:
# server-everything's tiny image as a picture, its resource links as links
# by name, its structured content as names and values; an isError result
# (fake-mcp-server.py's "fail") as an error; Show JSON keeps the raw form. Run with Debian's /usr/bin/python3
# and python3-pyatspi, under dbus-run-session and Xvfb.

import os

os.environ['G_DEBUG'] = 'gc-friendly,fatal-criticals'

import subprocess  # noqa: E402

from atspi_helpers import (ConfigApp, Skip, atspi_missing, check, do_action, find, find_all,
                           pick_option, run_tests, skip_all, test, wait_for, wait_sensitive,
                           walk)  # noqa: E402
from atspi_helpers import screenshot  # noqa: E402

DEMO = os.environ.get('ELICIT_DEMO_SERVER')
NODE = os.environ.get('ELICIT_NODE')
EVERYTHING = os.path.join(os.environ.get('ELICIT_NODE_MODULES', ''), '@modelcontextprotocol',
                          'server-everything', 'dist', 'index.js')
SRCDIR = os.environ.get('G_TEST_SRCDIR', os.path.dirname(os.path.abspath(__file__)))

if not os.environ.get('ELICIT_BIN') or not DEMO:
    skip_all('ELICIT_BIN and ELICIT_DEMO_SERVER must name the programs')
missing = atspi_missing()
if missing:
    skip_all(missing)


def run(window, title, fill=None, also=None):
    tools = wait_for('the tool list', lambda: find(window, 'list', 'Tools'))

    def select():
        for i in range(tools.childCount):
            row = tools.getChildAtIndex(i)
            if any(acc.getRoleName() == 'label' and acc.name in (title, also)
                   for acc in walk(row)):
                tools.querySelection().selectChild(i)
                return True
        return False
    wait_for('the tool %r' % title, select, timeout=60)
    wait_for('the tool %r to be shown' % title,
             lambda: len([acc for acc in walk(window)
                          if acc.getRoleName() == 'label' and acc.name in (title, also)]) >= 2)
    if fill:
        fill(window)
    do_action(wait_sensitive(window, 'push button', 'Run'))


def wait_label(window, text, timeout=30):
    return wait_for('the label %r' % text, lambda: find(window, 'label', text), timeout=timeout)


def everything():
    if not NODE or not os.path.exists(EVERYTHING):
        raise Skip('server-everything is not installed (npm ci --prefix tests/node)')
    return ConfigApp({'Everything': {'command': NODE, 'args': [EVERYTHING, 'stdio']}})


@test
def an_image_is_shown_as_a_picture():
    app = everything()
    try:
        window = app.window('Elicit')
        run(window, 'Get Tiny Image Tool')
        picture = wait_for('the picture', lambda: next(
            (acc for acc in walk(window) if acc.name == 'Image (image/png)'), None), timeout=30)
        extents = picture.queryComponent().getExtents(0)
        check(extents.width > 0 and extents.height > 0, 'the picture has no size')
        screenshot('result-image')
    finally:
        app.close()


@test
def resource_links_are_shown_by_name_and_address():
    app = everything()
    try:
        window = app.window('Elicit')
        run(window, 'Get Resource Links Tool')
        wait_label(window, 'Text Resource 2')
        check(find(window, 'label', 'demo://resource/dynamic/text/2') is not None,
              'no address shown for the links')
        screenshot('result-links')
    finally:
        app.close()


@test
def structured_content_is_a_list_of_names_and_values():
    app = everything()
    try:
        window = app.window('Elicit')
        run(window, 'Get Structured Content Tool',
            lambda w: pick_option(w, 'location', 'Chicago'))
        wait_label(window, 'Light rain / drizzle')
        check(find(window, 'label', 'conditions') is not None, 'the name “conditions” is not shown')
        check(find(window, 'label', 'humidity') is not None, 'the name “humidity” is not shown')
        screenshot('result-structured')

        do_action(wait_sensitive(window, 'toggle button', 'Show JSON')
                  if find(window, 'toggle button', 'Show JSON') is not None
                  else wait_sensitive(window, 'push button', 'Show JSON'))
        raw = wait_for('the JSON', lambda: find(window, 'text', 'Result as JSON'))
        text = raw.queryText()
        check('"structuredContent"' in text.getText(0, text.characterCount),
              'the raw JSON does not show structuredContent')
    finally:
        app.close()


@test
def an_error_result_is_shown_as_an_error():
    app = ConfigApp({'fake': {'command': '/usr/bin/python3',
                              'args': [os.path.join(SRCDIR, 'fake-mcp-server.py'), '--list-fail']}})
    try:
        window = app.window('Elicit')
        run(window, 'Fail')
        wait_label(window, 'The tool reported an error')
        view = wait_for('the result', lambda: find(window, 'text', 'Result'))
        text = view.queryText()
        check(text.getText(0, text.characterCount) == 'it broke',
              'the error text: %r' % text.getText(0, text.characterCount))
        screenshot('result-error')
    finally:
        app.close()


if __name__ == '__main__':
    raise SystemExit(run_tests('Results'))
