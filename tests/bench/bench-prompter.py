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
#   flooded     the prompter already running, while a second server floods it with
#               elicitation/create (through its own `elicit proxy`), one of its
#               dialogs open and the rest queued or refused
#
# and the prompter's resident memory with one dialog open, next to `zenity --forms`
# with its one (seen mapped by xwininfo).
#
#   bench-prompter.py BUILD_DIR [RUNS]
#
# Both processes print "elicit-timing EVENT USEC" lines (ELICIT_BENCH_TIMING,
# CLOCK_MONOTONIC, comparable across processes): the proxy's
# "elicitation-received", and "dialog-mapped" (its own dialog) or the app's
# "app-dialog-mapped". Everything runs on a private bus at
# $XDG_RUNTIME_DIR/bus whose <servicedir> holds BUILD_DIR/tests's .service
# file. Needs an X display. Never a pass/fail verdict on speed.

import json
import os
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

build = os.path.abspath(sys.argv[1])
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 10
src = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
elicit = os.path.join(build, 'src', 'app', 'elicit')
client = os.path.join(src, 'fake-mcp-client.py')
server = os.path.join(src, 'fake-mcp-server.py')

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


def rss_mib(pid):
    with open('/proc/%d/status' % pid) as f:
        for line in f:
            if line.startswith('VmRSS:'):
                return int(line.split()[1]) / 1024
    return 0


def one(mode, app_stderr=None, app_pid=None):
    run_env = dict(env, ELICIT_PROMPTER='local') if mode == 'in-process' else env
    process = subprocess.Popen([sys.executable, client, elicit, 'Bench', ''],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               env=run_env, start_new_session=True)
    try:
        if mode == 'in-process':
            seen = read_until([process.stderr], ['elicitation-received', 'dialog-mapped'])
            return seen['dialog-mapped'] - seen['elicitation-received']
        seen = read_until([process.stderr, app_stderr], ['elicitation-received', 'app-dialog-mapped'])
        if app_pid is not None:
            rss.append(rss_mib(app_pid))  # one dialog open
        return seen['app-dialog-mapped'] - seen['elicitation-received']
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


class Flood:
    """A second server behind its own `elicit proxy`, asking the prompter
    500 questions per call, call after call, until stopped."""

    def __init__(self):
        self.proxy = subprocess.Popen([elicit, 'proxy', '--name', 'Flood', '--', '/usr/bin/python3',
                                       server], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, text=True, env=env,
                                      start_new_session=True)
        self.stopped = threading.Event()
        self.sent = 0
        self.send({'jsonrpc': '2.0', 'id': 0, 'method': 'initialize',
                   'params': {'protocolVersion': '2025-11-25', 'capabilities': {}}})
        self.reply(0)
        self.send({'jsonrpc': '2.0', 'method': 'notifications/initialized'})
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def send(self, message):
        self.proxy.stdin.write(json.dumps(message) + '\n')
        self.proxy.stdin.flush()

    def reply(self, msg_id):
        for line in self.proxy.stdout:
            if json.loads(line).get('id') == msg_id:
                return
        raise OSError('the flooding proxy closed')

    def run(self):
        msg_id = 1
        try:
            while not self.stopped.is_set():
                self.send({'jsonrpc': '2.0', 'id': msg_id, 'method': 'tools/call',
                           'params': {'name': 'flood', 'arguments': {'count': 500, 'log': os.devnull}}})
                self.reply(msg_id)
                self.sent += 500
                msg_id += 1
        except (OSError, ValueError):
            pass

    def stop(self):
        self.stopped.set()
        os.killpg(self.proxy.pid, signal.SIGKILL)
        self.proxy.wait()


def zenity_rss():
    """zenity --forms with one dialog mapped: its resident memory, in MiB."""
    zenity = shutil.which('zenity')
    if zenity is None:
        return None
    process = subprocess.Popen([zenity, '--forms', '--title=ZenityBench', '--text=Delete demo.txt?',
                                '--add-entry=Confirm'], env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        end = time.monotonic() + 30
        while time.monotonic() < end:
            tree = subprocess.run(['xwininfo', '-root', '-tree'], capture_output=True, text=True).stdout
            if '"ZenityBench"' in tree:
                return rss_mib(process.pid)
            time.sleep(0.05)
        return None
    finally:
        process.kill()
        process.wait()


def stop_app():
    pid = owner_pid()
    if pid is not None:
        os.kill(pid, signal.SIGTERM)
        while owner_pid() is not None:
            time.sleep(0.05)


def report(name, samples):
    ms = [s / 1000 for s in samples if s is not None]
    missed = len(samples) - len(ms)
    if not ms:
        print('prompter %-11s no dialog mapped within 30 s (%d runs)' % (name, missed))
        return float('nan')
    print('prompter %-11s median %6.1f ms  min %6.1f ms  max %6.1f ms  (%d runs%s)'
          % (name, statistics.median(ms), min(ms), max(ms), len(ms),
             ', %d more with no dialog within 30 s' % missed if missed else ''))
    return statistics.median(ms)


def one_or_none(mode, app_stderr):
    try:
        return one(mode, app_stderr)
    except SystemExit:
        return None


try:
    local = report('in-process', [one('in-process') for _ in range(runs)])

    app = subprocess.Popen([elicit, '--gapplication-service'], stderr=subprocess.PIPE, text=True,
                           env=env)
    while owner_pid() != app.pid:
        time.sleep(0.05)
    one('running', app.stderr)  # warm-up: the bus connection, the first dialog's resources
    rss = []
    running = report('running', [one('running', app.stderr, app.pid) for _ in range(runs)])
    app_rss = statistics.median(rss)

    flood = Flood()
    # The flood's own first dialog, which stays open: the next one mapped is ours.
    read_until([app.stderr], ['app-dialog-mapped'])
    flooded = report('flooded', [one_or_none('running', app.stderr) for _ in range(runs)])
    flood.stop()
    app.send_signal(signal.SIGTERM)
    app.wait()

    activated = []
    for _ in range(max(1, runs // 3)):
        activated.append(one('activated', daemon.stderr))
        stop_app()
    report('activated', activated)
    print('prompter running - in-process: %+.1f ms (target: within 10 ms)' % (running - local))
    print('prompter flooded / running: %.2fx (a second server flooding it: %d elicitation/create '
          'sent meanwhile)' % (flooded / running, flood.sent))
    zenity = statistics.median([zenity_rss() or 0 for _ in range(3)])
    if zenity:
        print('prompter RSS, one dialog open: %.1f MiB; zenity --forms: %.1f MiB; ratio %.2fx '
              '(target: at most 1x)' % (app_rss, zenity, app_rss / zenity))
    else:
        print('prompter RSS, one dialog open: %.1f MiB; zenity --forms: not measured' % app_rss)
finally:
    stop_app()
    daemon.terminate()
    daemon.wait()
    shutil.rmtree(runtime, ignore_errors=True)
