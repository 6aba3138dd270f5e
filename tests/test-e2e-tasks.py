#!/usr/bin/python3
# test-e2e-tasks.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Tasks end to end against a server on the official TypeScript SDK 1.32
# (@modelcontextprotocol/sdk 1.32.2, tests/sdk-task-server.mjs): `elicit call` runs a tool
# whose execution.taskSupport is "required", and one whose is "optional", as a 2025-11-25
# task; inside the task the tool asks a form question through the SDK's related-request
# queue (delivered while Elicit waits on tasks/result). The dialog is answered through the
# accessibility bus by its field label, as a person would, and the tool's result must show
# exactly the answer given.
#
# Needs dbus-run-session, Xvfb and python3-pyatspi, and `npm ci --prefix tests/node`.
# Run with Debian's /usr/bin/python3.

import json
import os
import subprocess
import sys

from atspi_helpers import (Failure, Skip, TIMEOUT, a11y_env, atspi_missing, check, check_equal, do_action,
                           find, find_dialog, run_tests, set_text, showing, skip_all, test, wait_for,
                           wait_sensitive)

ELICIT = os.environ.get('ELICIT_BIN')
NODE = os.environ.get('ELICIT_NODE')
NODE_MODULES = os.environ.get('ELICIT_NODE_MODULES', '')
HERE = os.environ.get('G_TEST_SRCDIR', os.path.dirname(os.path.abspath(__file__)))
SERVER = os.path.join(HERE, 'sdk-task-server.mjs')
SDK_PACKAGE = os.path.join(NODE_MODULES, '@modelcontextprotocol', 'sdk', 'package.json')
NAME = 'SDK Tasks'
TITLE = 'Request from ' + NAME

if not ELICIT:
    skip_all('ELICIT_BIN must name the program')
missing = atspi_missing()
if missing:
    skip_all(missing)


def need_sdk():
    if not NODE or not os.path.exists(SDK_PACKAGE):
        raise Skip('@modelcontextprotocol/sdk 1.32.2 is not installed (npm ci --prefix tests/node)')
    with open(SDK_PACKAGE) as f:
        version = json.load(f)['version']
    if version != '1.32.2':
        raise Skip('tests/node holds @modelcontextprotocol/sdk %s, not 1.32.2' % version)


def gone(acc):
    try:
        return not showing(acc)
    except Exception:  # destroyed
        return True


def call_and_answer(tool, answer):
    """Runs @tool as a task through `elicit call`, answers its question with @answer, and
    returns the call's result."""
    need_sdk()
    process = subprocess.Popen([ELICIT, 'call', '--verbose', '--name', NAME, '--tool', tool, '--',
                                NODE, SERVER, NODE_MODULES],
                               env=a11y_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        dialog = find_dialog(TITLE, pid=process.pid)
        check(find(dialog, 'label', 'Which codename?') is not None, 'the dialog does not show the question')
        set_text(dialog, 'text', 'Codename', answer)
        do_action(wait_sensitive(dialog, 'push button', 'Send'))
        wait_for('the dialog to close', lambda: gone(dialog))
        try:
            out, err = process.communicate(timeout=TIMEOUT * 4)
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
            raise Failure('elicit call did not finish; stderr:\n' + err)
        check_equal(process.returncode, 0, 'exit status (stderr: %s)' % err)
        return json.loads(out)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def check_result(tool, answer):
    result = call_and_answer(tool, answer)
    check_equal([item['text'] for item in result['content']],
                ['%s: accept %s' % (tool, json.dumps(answer, ensure_ascii=False))], 'the result text')
    check(not result.get('isError'), 'the result is an error: %r' % result)
    # It ran as a task: tasks/result ties the result to the task it came from.
    task = result.get('_meta', {}).get('io.modelcontextprotocol/related-task', {})
    check(isinstance(task.get('taskId'), str) and task['taskId'] != '',
          'the result is not tied to a task: %r' % result)


@test
def a_required_task_tool_that_elicits_returns_exactly_the_answer():
    check_result('ask_required', 'Blue “Heron” 🐦 #7')


@test
def an_optional_task_tool_that_elicits_returns_exactly_the_answer():
    check_result('ask_optional', 'Ünïcode — “quoted” \\ back')


if __name__ == '__main__':
    sys.exit(run_tests('E2eTasks'))
