#!/usr/bin/python3
# bench-prompter.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# How long from `elicit proxy` receiving an elicitation/create to a dialog
# mapped on screen, three ways, in the same run:
#
#   in-process  the proxy's own dialog (ELICIT_PROMPTER=local): the figure to meet
#   running     the desktop's prompter, the Elicit app already running
#   activated   the desktop's prompter started by D-Bus activation for this prompt
#
#   bench-prompter.py BUILD_DIR [RUNS]
#
# Both processes print "elicit-timing EVENT USEC" lines (ELICIT_BENCH_TIMING,
# CLOCK_MONOTONIC, comparable across processes): the proxy's
# "elicitation-received", and "dialog-mapped" (its own dialog) or the app's
# "app-dialog-mapped". Everything runs on a private bus at
# $XDG_RUNTIME_DIR/bus whose <servicedir> holds BUILD_DIR/tests's .service
# file. Needs an X display. Never a pass/fail verdict on speed.

import os
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

build = os.path.abspath(sys.argv[1])
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 10
src = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
elicit = os.path.join(build, 'src', 'app', 'elicit')
client = os.path.join(src, 'fake-mcp-client.py')

if not os.environ.get('DISPLAY'):
    print('prompter: skipped, no X display')
    sys.exit(0)

runtime = tempfile.mkdtemp(prefix='elicit-bench-prompter-')
address = 'unix:path=' + os.path.join(runtime, 'bus')
with open(os.path.join(runtime, 'bus.conf'), 'w') as conf:
    conf.write('<busconfig><include>/usr/share/dbus-1/session.conf</include>'
               '<servicedir>%s</servicedir></busconfig>' % os.path.join(build, 'tests'))

env = dict(os.environ, XDG_RUNTIME_DIR=runtime, DBUS_SESSION_BUS_ADDRESS=address,
           ELICIT_BENCH_TIMING='1', GSETTINGS_BACKEND='memory',
           GSETTINGS_SCHEMA_DIR=os.path.join(build, 'data'), GDK_BACKEND='x11',
           GTK_A11Y='none', NO_AT_BRIDGE='1')
env.pop('G_DEBUG', None)
# Each process's own renderer choice: cairo, without GL, for the proxy's own
# dialog and the service the prompter is started as.
env.pop('GSK_RENDERER', None)
env.pop('GDK_DEBUG', None)
# The activated app writes its timing lines where the daemon writes.
daemon = subprocess.Popen(['dbus-daemon', '--config-file', os.path.join(runtime, 'bus.conf'),
                           '--address', address, '--nofork', '--print-address'],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
daemon.stdout.readline()


def read_until(streams, events, deadline=30):
    """Reads timing lines from streams until every event has been seen."""
    seen = {}
    end = time.monotonic() + deadline
    while len(seen) < len(events):
        ready = select.select(streams, [], [], max(0, end - time.monotonic()))[0]
        if not ready:
            raise SystemExit('prompter: timed out waiting for %s' % ', '.join(events))
        for stream in ready:
            words = stream.readline().split()
            if len(words) == 3 and words[0] == 'elicit-timing' and words[1] in events:
                seen.setdefault(words[1], int(words[2]))
    return seen


def owner_pid():
    done = subprocess.run(['gdbus', 'call', '--session', '-d', 'org.freedesktop.DBus',
                           '-o', '/org/freedesktop/DBus', '-m',
                           'org.freedesktop.DBus.GetConnectionUnixProcessID',
                           'org.gnome.World.Elicit'], env=env, capture_output=True, text=True)
    return int(done.stdout.split()[-1].strip(',)')) if done.returncode == 0 else None


def one(mode, app_stderr=None):
    run_env = dict(env, ELICIT_PROMPTER='local') if mode == 'in-process' else env
    process = subprocess.Popen([sys.executable, client, elicit, 'Bench', ''],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               env=run_env, start_new_session=True)
    try:
        if mode == 'in-process':
            seen = read_until([process.stderr], ['elicitation-received', 'dialog-mapped'])
            return seen['dialog-mapped'] - seen['elicitation-received']
        seen = read_until([process.stderr, app_stderr], ['elicitation-received', 'app-dialog-mapped'])
        return seen['app-dialog-mapped'] - seen['elicitation-received']
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def stop_app():
    pid = owner_pid()
    if pid is not None:
        os.kill(pid, signal.SIGTERM)
        while owner_pid() is not None:
            time.sleep(0.05)


def report(name, samples):
    ms = [s / 1000 for s in samples]
    print('prompter %-11s median %6.1f ms  min %6.1f ms  max %6.1f ms  (%d runs)'
          % (name, statistics.median(ms), min(ms), max(ms), len(ms)))
    return statistics.median(ms)


try:
    local = report('in-process', [one('in-process') for _ in range(runs)])

    app = subprocess.Popen([elicit, '--gapplication-service'], stderr=subprocess.PIPE, text=True,
                           env=env)
    while owner_pid() != app.pid:
        time.sleep(0.05)
    one('running', app.stderr)  # warm-up: the bus connection, the first dialog's resources
    running = report('running', [one('running', app.stderr) for _ in range(runs)])
    app.send_signal(signal.SIGTERM)
    app.wait()

    activated = []
    for _ in range(max(1, runs // 3)):
        activated.append(one('activated', daemon.stderr))
        stop_app()
    report('activated', activated)
    print('prompter running - in-process: %+.1f ms (target: within 10 ms)' % (running - local))
finally:
    stop_app()
    daemon.terminate()
    daemon.wait()
    shutil.rmtree(runtime, ignore_errors=True)
