#!/usr/bin/python3
# failed-tests.py LOG.json...
#
# Repeats, at the end of a run, what each failed test said: its failed TAP
# lines and the last lines of its output. CI shows the tail of a run, and a
# failure's own words are otherwise far above it among the passing tests'.

import json
import sys

BAD = ('FAIL', 'ERROR', 'TIMEOUT', 'UNEXPECTEDPASS')
TAIL = 40


def failed(path):
    try:
        with open(path, encoding='utf-8', errors='replace') as log:
            for line in log:
                entry = json.loads(line)
                if entry.get('result') in BAD:
                    yield entry
    except OSError:
        return


def report(path, entry):
    print('--- %s (%s, %s, %.1f s)' % (entry['name'], path, entry['result'],
                                      entry.get('duration', 0)))
    out = (entry.get('stdout') or '').splitlines()
    err = (entry.get('stderr') or '').splitlines()
    for line in out:
        if line.startswith('not ok') or line.startswith('Bail out'):
            print(line)
    for name, lines in (('output', out), ('errors', err)):
        if lines:
            print('  last %d lines of its %s:' % (min(TAIL, len(lines)), name))
            for line in lines[-TAIL:]:
                print('  | ' + line)


def main():
    entries = [(path, entry) for path in sys.argv[1:] for entry in failed(path)]
    if entries:
        print('== what the failed tests said')
    for path, entry in entries:
        report(path, entry)


main()
