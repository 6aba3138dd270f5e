#!/usr/bin/python3
# test-examples-atspi.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The "Getting started" examples of elicit-gtk-1's reference work as the
# page says: docs/examples/show-dialog.c (built by meson) and, where the GIR
# is built, show-dialog.py on the build tree's typelibs, each show a request
# in a dialog that a person (here, AT-SPI) answers, and print the result.
# Run under dbus-run-session and Xvfb with Debian's python3-pyatspi.
#
# Usage: test-examples-atspi.py PROGRAM...

import os
import subprocess
import sys

from atspi_helpers import (TIMEOUT, Failure, a11y_env, atspi_missing, check_equal, do_action,
                           find_dialog, run_tests, set_text, skip_all, test, wait_sensitive)

missing = atspi_missing()
if missing:
    skip_all(missing)

PROGRAMS = sys.argv[1:]

PARAMS = ('{"message": "Where are you?", "requestedSchema": {"type": "object",'
          ' "properties": {"city": {"type": "string", "title": "City"}}, "required": ["city"]}}')


class Example:
    def __init__(self, program):
        argv = [sys.executable, program] if program.endswith('.py') else [program]
        self.name = os.path.basename(program)
        self.process = subprocess.Popen(argv + ['Weather', PARAMS], env=a11y_env(),
                                        stdout=subprocess.PIPE, text=True)

    def dialog(self):
        return find_dialog('Request from Weather', pid=self.process.pid)

    def printed(self):
        try:
            out, _ = self.process.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise Failure(self.name + ' did not finish')
        return self.process.returncode, out


def each_program(answer, expected):
    for program in PROGRAMS:
        example = Example(program)
        try:
            answer(example.dialog())
            check_equal(example.printed(), (0, expected + '\n'), example.name)
        finally:
            if example.process.poll() is None:
                example.process.kill()
                example.process.wait()


@test
def a_person_fills_the_form_and_sends_it():
    def answer(dialog):
        set_text(dialog, 'text', 'City', 'Lyon')
        do_action(wait_sensitive(dialog, 'push button', 'Send'))
    each_program(answer, '{"action":"accept","content":{"city":"Lyon"}}')


@test
def a_person_declines():
    def answer(dialog):
        do_action(wait_sensitive(dialog, 'push button', 'Decline'))
    each_program(answer, '{"action":"decline"}')


sys.exit(run_tests('ExamplesAtspi'))
