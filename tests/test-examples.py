#!/usr/bin/python3
# test-examples.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The "Getting started" examples of elicit-1's reference work as the page
# says: docs/examples/answer-request.c (built by meson) and, where the GIR is
# built, answer-request.py run with Debian's python3 on the build tree's
# typelibs. Each takes a request and an answer as JSON text.
#
# Usage: test-examples.py PROGRAM...  (each a path, a .py run with this
# interpreter; the environment names the build tree's libraries and locale)

import os
import subprocess
import sys

from atspi_helpers import check_equal, run_tests, test

PROGRAMS = sys.argv[1:]

PARAMS = ('{"message": "Who are you?", "requestedSchema": {"type": "object",'
          ' "properties": {"name": {"type": "string", "minLength": 2}}, "required": ["name"]}}')


def run(program, *args, language='C'):
    argv = [sys.executable, program] if program.endswith('.py') else [program]
    env = dict(os.environ, LANGUAGE=language, LC_ALL='C.UTF-8')
    return subprocess.run(argv + list(args), capture_output=True, text=True, env=env, timeout=60)


def each_program(check):
    for program in PROGRAMS:
        check(program, os.path.basename(program))


@test
def an_answer_that_fits_prints_the_result():
    def check(program, name):
        done = run(program, PARAMS, '{"name": "Ada"}')
        check_equal((done.returncode, done.stdout, done.stderr),
                    (0, '{"action":"accept","content":{"name":"Ada"}}\n', ''), name)
    each_program(check)


@test
def an_answer_that_does_not_fit_says_why_in_the_users_language():
    def check(program, name):
        done = run(program, PARAMS, '{"name": "A"}')
        check_equal((done.returncode, done.stdout, done.stderr),
                    (1, '', 'name: Must be at least 2 characters\n'), name)
        done = run(program, PARAMS, '{}', language='de')
        check_equal((done.returncode, done.stdout, done.stderr),
                    (1, '', 'name: Dieses Feld ist erforderlich\n'), name + ' in German')
    each_program(check)


@test
def a_request_that_is_not_one_is_refused():
    def check(program, name):
        done = run(program, '{"message": "Hi", "requestedSchema": 7}', '{}')
        check_equal((done.returncode, done.stdout), (1, ''), name)
        check_equal(done.stderr.count('\n'), 1, name + ': one line of error')
    each_program(check)


sys.exit(run_tests('Examples'))
