#!/usr/bin/python3
# bench-lint-render.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# What `elicit lint --render` costs for a 500-field request next to a
# one-field one, the whole command each time (start-up included), run in
# turn, medians: wall-clock time, CPU time (user + system, which the load of
# the machine changes less) and the height of the PNG (the whole form).
#
#   bench-lint-render.py ELICIT [RUNS]
#
# Needs an X display. Never a pass/fail verdict on speed.

import json
import os
import resource
import statistics
import struct
import subprocess
import sys
import tempfile
import time

elicit = sys.argv[1]
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 7

if not os.environ.get('DISPLAY'):
    print('lint --render: skipped, no X display')
    sys.exit(0)

# The same eight kinds as bench-form.c's 500 fields.
KINDS = [{'type': 'string', 'description': 'Some words about it'},
         {'type': 'string', 'format': 'email'},
         {'type': 'string', 'format': 'date'},
         {'type': 'integer', 'minimum': 0, 'maximum': 100},
         {'type': 'number', 'default': 1.5},
         {'type': 'boolean'},
         {'type': 'string', 'enum': ['a', 'b', 'c']},
         {'type': 'array', 'items': {'type': 'string', 'enum': ['x', 'y']}}]


def request(n_fields):
    properties = {'field%d' % i: dict(KINDS[i % len(KINDS)], title='Field %d' % i)
                  for i in range(n_fields)}
    return {'message': 'Please fill in the form',
            'requestedSchema': {'type': 'object', 'properties': properties}}


def png_height(path):
    with open(path, 'rb') as png:
        return struct.unpack('>II', png.read(24)[16:24])[1]


def one(work, n_fields):
    schema = os.path.join(work, '%d.json' % n_fields)
    png = os.path.join(work, '%d.png' % n_fields)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    done = subprocess.run([elicit, 'lint', '--render', png, schema],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit('lint --render %d fields: exit %d: %s' % (n_fields, done.returncode, done.stderr))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall * 1000, cpu * 1000, png_height(png)


with tempfile.TemporaryDirectory(prefix='elicit-bench-lint-') as work:
    sizes = (1, 500)
    for n in sizes:
        with open(os.path.join(work, '%d.json' % n), 'w') as out:
            json.dump(request(n), out)
    samples = {n: [] for n in sizes}
    for _ in range(runs):
        for n in sizes:
            samples[n].append(one(work, n))
    medians = {}
    for n in sizes:
        wall = statistics.median(s[0] for s in samples[n])
        cpu = statistics.median(s[1] for s in samples[n])
        medians[n] = (wall, cpu)
        print('lint --render %3d field%s  wall %7.1f ms  cpu %7.1f ms  png %6d px tall  (median of %d)'
              % (n, ' ' if n == 1 else 's', wall, cpu, samples[n][0][2], runs))
    print('lint --render 500 / 1 field: wall %.2fx  cpu %.2fx'
          % (medians[500][0] / medians[1][0], medians[500][1] / medians[1][1]))
