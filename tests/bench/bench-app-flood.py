#!/usr/bin/python3
# bench-app-flood.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The app (`elicit --config FILE`) under a server's flood, measured by the server
# itself (app-flood-server.py): requests answered, answer latency, the longest
# ping round trip (the longest main-loop stall, as a server sees it), and the
# app's RSS before and after. Needs an X display (run.sh uses xvfb-run).
# Figures only, never a verdict.
#
# Usage: bench-app-flood.py ELICIT requests SECONDS RATE
#        bench-app-flood.py ELICIT messages COUNT
#        bench-app-flood.py ELICIT call-messages COUNT   (`elicit call`, headless, for comparison)

import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run(elicit, args):
    with tempfile.TemporaryDirectory(prefix='elicit-bench-') as tmp:
        results = os.path.join(tmp, 'results.json')
        config = os.path.join(tmp, 'servers.json')
        with open(config, 'w') as f:
            json.dump({'mcpServers': {'flood': {
                'command': sys.executable,
                'args': [os.path.join(HERE, 'app-flood-server.py'), args[0], results] + args[1:]}}}, f)
        env = dict(os.environ)
        env.pop('G_DEBUG', None)
        env['XDG_CONFIG_HOME'] = os.path.join(tmp, 'config')
        env['GSETTINGS_BACKEND'] = 'memory'
        # The app reports each main-loop stall of 20 ms or more on stderr.
        env['ELICIT_BENCH_TIMING'] = '1'
        log = open(os.path.join(tmp, 'app.log'), 'w+')
        env.setdefault('GDK_BACKEND', 'x11')
        app = subprocess.Popen([elicit, '--config', config], env=env,
                               stdout=subprocess.DEVNULL, stderr=log)
        try:
            deadline = time.monotonic() + 900
            while not os.path.exists(results):
                if app.poll() is not None:
                    return {'error': 'the app exited with status %d' % app.returncode}
                if time.monotonic() > deadline:
                    return {'error': 'no results after 900 s'}
                time.sleep(0.2)
            with open(results) as f:
                figures = json.load(f)
            log.seek(0)
            stalls = []
            for line in log:
                parts = line.split()
                if len(parts) == 4 and parts[:2] == ['elicit-timing', 'stall']:
                    gap, end = int(parts[2]), int(parts[3])
                    if figures['start_us'] <= end <= figures['end_us']:
                        stalls.append(gap)
            figures['stalls_over_20ms'] = len(stalls)
            figures['longest_stall_ms'] = round(max(stalls) / 1000, 1) if stalls else '< 20'
            return figures
        finally:
            app.terminate()
            try:
                app.wait(10)
            except subprocess.TimeoutExpired:
                app.kill()
                app.wait()


def run_call(elicit, count):
    """The same messages flood to `elicit call --tool flood`, without a display."""
    with tempfile.TemporaryDirectory(prefix='elicit-bench-') as tmp:
        results = os.path.join(tmp, 'results.json')
        env = dict(os.environ)
        env.pop('G_DEBUG', None)
        env.pop('DISPLAY', None)
        env.pop('WAYLAND_DISPLAY', None)
        done = subprocess.run([elicit, 'call', '--tool', 'flood', '--', sys.executable,
                               os.path.join(HERE, 'app-flood-server.py'), 'messages', results, str(count)],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=900)
        if not os.path.exists(results):
            return {'error': 'elicit call exited with status %d' % done.returncode}
        with open(results) as f:
            figures = json.load(f)
        figures['longest_stall_ms'] = '-'
        figures['stalls_over_20ms'] = 0
        return figures


def main():
    elicit, mode = sys.argv[1], sys.argv[2]
    if mode == 'call-messages':
        figures = run_call(elicit, int(sys.argv[3]))
        if 'error' in figures:
            print('elicit call messages flood: %s' % figures['error'])
            return 1
        print('elicit call, %d notifications/message lines: read in %s s, longest ping %s ms, '
              'RSS %.1f MiB -> %.1f MiB' % (figures['count'], figures['seconds'], figures['longest_ping_ms'],
                                           figures['rss_before_kib'] / 1024, figures['rss_after_kib'] / 1024))
        return 0
    figures = run(elicit, [mode] + sys.argv[3:])
    if 'error' in figures:
        print('app %s flood: %s' % (mode, figures['error']))
        return 1
    mib = lambda kib: '%.1f MiB' % (kib / 1024)
    if mode == 'requests':
        print('app, %d elicitation/create per second for %d s: %d sent, %d answered (%d within 1 s), '
              'p50 %s ms, p99 %s ms; longest main-loop stall %s ms (%d over 20 ms); ping round trip: '
              'longest %s ms, after the first second %s ms, p99 %s ms (%d pings, %d unanswered); '
              'RSS %s -> %s'
              % (figures['rate'], figures['seconds'], figures['sent'], figures['answered'],
                 figures['answered_within_1s'], figures['p50_ms'], figures['p99_ms'],
                 figures['longest_stall_ms'], figures['stalls_over_20ms'],
                 figures['longest_ping_ms'], figures.get('longest_ping_after_1s_ms'),
                 figures.get('p99_ping_ms'), figures['pings'], figures['pings_unanswered'],
                 mib(figures['rss_before_kib']), mib(figures['rss_after_kib'])))
    else:
        print('app, %d notifications/message lines: read in %s s, longest main-loop stall %s ms '
              '(%d over 20 ms), longest ping %s ms, RSS %s -> %s'
              % (figures['count'], figures['seconds'], figures['longest_stall_ms'],
                 figures['stalls_over_20ms'], figures['longest_ping_ms'],
                 mib(figures['rss_before_kib']), mib(figures['rss_after_kib'])))
    return 0


if __name__ == '__main__':
    sys.exit(main())
