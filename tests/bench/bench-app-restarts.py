#!/usr/bin/python3
# bench-app-restarts.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The app's memory across server restarts: a server (restart-server.py) starts,
# lists tools, logs, asks a question; it is killed (SIGKILL) and the app told
# to restart it (app.restart-all over D-Bus, as the window's button does), N
# times. Prints the app's RSS every 100 cycles and the growth after the first
# 100 (target: under 20 MB). Needs a display and a session bus (run.sh wraps it).
# Figures only, never a verdict.
#
# Each cycle leaves a dialog ("The server disconnected", closing after 4 s), so
# a dozen windows come and go at once. With GTK's GL renderer on Xvfb (Mesa
# llvmpipe) the first few hundred windows grow RSS by about 500 MB before it
# levels off; with GSK_RENDERER=cairo it stays flat: that is the GL driver's,
# not the app's state. run.sh measures both. RESTART_ASK=0 leaves the
# question out (no dialogs).
#
# Usage: bench-app-restarts.py ELICIT [CYCLES]

import json
import os
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def rss_kib(pid):
    with open('/proc/%d/status' % pid) as f:
        for line in f:
            if line.startswith('VmRSS:'):
                return int(line.split()[1])
    return 0


def wait_for(what, predicate, timeout=30):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        time.sleep(0.005)


def read_pid(path):
    try:
        with open(path) as f:
            return int(f.read())
    except (OSError, ValueError):
        return None


def main():
    elicit = sys.argv[1]
    cycles = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    with tempfile.TemporaryDirectory(prefix='elicit-restarts-') as tmp:
        ready = os.path.join(tmp, 'ready')
        config = os.path.join(tmp, 'servers.json')
        with open(config, 'w') as f:
            json.dump({'mcpServers': {'restart': {
                'command': sys.executable, 'args': [os.path.join(HERE, 'restart-server.py'), ready]}}}, f)
        env = dict(os.environ)
        env.pop('G_DEBUG', None)
        env['XDG_CONFIG_HOME'] = os.path.join(tmp, 'config')
        env['GSETTINGS_BACKEND'] = 'memory'
        env.setdefault('GDK_BACKEND', 'x11')
        app = subprocess.Popen([elicit, '--config', config], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        samples = []
        try:
            pid = wait_for('the server', lambda: read_pid(ready))
            time.sleep(1)
            samples.append((0, rss_kib(app.pid)))
            start = time.monotonic()
            for cycle in range(1, cycles + 1):
                os.unlink(ready)
                os.kill(pid, signal.SIGKILL)
                subprocess.run(['gdbus', 'call', '--session', '--dest', 'org.gnome.World.Elicit',
                                '--object-path', '/org/gnome/World/Elicit',
                                '--method', 'org.gtk.Actions.Activate', 'restart-all', '[]', '{}'],
                               check=True, stdout=subprocess.DEVNULL)
                pid = wait_for('the server to restart', lambda: read_pid(ready))
                if cycle % 100 == 0:
                    time.sleep(5)  # withdrawn dialogs close after 4 s
                    samples.append((cycle, rss_kib(app.pid)))
            elapsed = time.monotonic() - start
        finally:
            app.terminate()
            try:
                app.wait(10)
            except subprocess.TimeoutExpired:
                app.kill()
                app.wait()

    print('app RSS over %d kill/restart cycles (%.0f s): %s' % (
        cycles, elapsed, ', '.join('%d: %.1f MiB' % (c, kib / 1024) for c, kib in samples)))
    after_100 = dict(samples).get(100)
    if after_100 is not None:
        print('app RSS growth after the first 100 cycles: %.1f MiB (target: under 20 MB)'
              % ((samples[-1][1] - after_100) / 1024))
    return 0


if __name__ == '__main__':
    sys.exit(main())
