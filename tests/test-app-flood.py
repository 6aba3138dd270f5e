#!/usr/bin/python3
# test-app-flood.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The app (`elicit --config FILE`) under a server's flood of elicitation/create,
# several times over (issue 22): under a flood the window's notice of refused
# prompts changes several times a second, and libadwaita 1.2 crashed (SIGSEGV
# in an AdwAnimation's "done" handler) when a toast was replaced while it
# still animated. Each run must end with the app still up, every request not
# held by the prompt queue answered, and no CRITICAL. The flooding server is
# the benchmark's (tests/bench/app-flood-server.py). setup.sh runs it under
# AddressSanitizer too (suite unit), where a use after free aborts the app.

import os

os.environ['G_DEBUG'] = 'gc-friendly,fatal-criticals'

import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402

from atspi_helpers import check, display_missing, run_tests, skip_all, test, wait_for  # noqa: E402

ELICIT = os.environ.get('ELICIT_BIN')
SRCDIR = os.environ.get('G_TEST_SRCDIR', os.path.dirname(os.path.abspath(__file__)))
FLOOD_SERVER = os.path.join(SRCDIR, 'bench', 'app-flood-server.py')
PYTHON = '/usr/bin/python3'
RUNS = 3
SECONDS = 4
RATE = 100
# ELICIT_PROMPT_QUEUE_DEFAULT_MAX_PENDING: one prompt open, the rest waiting for it.
HELD = 16

if not ELICIT:
    skip_all('ELICIT_BIN must name the program')
if display_missing():
    skip_all(display_missing())


def flood_once(run):
    with tempfile.TemporaryDirectory(prefix='elicit-test-flood-') as tmp:
        results = os.path.join(tmp, 'results.json')
        config = os.path.join(tmp, 'servers.json')
        with open(config, 'w') as f:
            json.dump({'mcpServers': {'flood': {
                'command': PYTHON,
                'args': [FLOOD_SERVER, 'requests', results, str(SECONDS), str(RATE)]}}}, f)
        env = dict(os.environ)
        env['XDG_CONFIG_HOME'] = os.path.join(tmp, 'config')
        with open(os.path.join(tmp, 'app.log'), 'w+') as log:
            app = subprocess.Popen([ELICIT, '--config', config], env=env,
                                   stdout=subprocess.DEVNULL, stderr=log)
            try:
                wait_for('run %d: the flood to end' % run,
                         lambda: app.poll() is not None or os.path.exists(results), timeout=120)
                alive = app.poll() is None
            finally:
                app.terminate()
                try:
                    app.wait(30)
                except subprocess.TimeoutExpired:
                    app.kill()
                    app.wait()
            log.seek(0)
            stderr = log.read()
        check(alive, 'run %d: the app died under the flood (status %d):\n%s'
              % (run, app.returncode, stderr[-4000:]))
        check('CRITICAL' not in stderr and 'ERROR: AddressSanitizer' not in stderr,
              'run %d: the app complained:\n%s' % (run, stderr[-4000:]))
        with open(results) as f:
            figures = json.load(f)
        check(figures['sent'] >= RATE * SECONDS // 2, 'run %d: the server sent only %d requests'
              % (run, figures['sent']))
        check(figures['answered'] >= figures['sent'] - HELD,
              'run %d: %d of %d requests answered' % (run, figures['answered'], figures['sent']))


@test
def the_app_survives_a_flood_of_elicitations_several_times():
    for run in range(1, RUNS + 1):
        flood_once(run)


sys.exit(run_tests('AppFlood'))
