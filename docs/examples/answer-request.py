#!/usr/bin/python3
# answer-request.py: checks an answer to an MCP elicitation request.
#
# Usage: answer-request.py PARAMS CONTENT
#
# PARAMS is the JSON text of the params of an `elicitation/create` request,
# CONTENT the JSON object a user answered with. Prints the result to send
# back to the server, or why the answer does not fit the request's form.
#
# SPDX-License-Identifier: CC0-1.0

import locale
import sys

import gi

gi.require_version('Elicit', '1.0')
from gi.repository import Elicit, GLib  # noqa: E402


def main(params, content):
    try:
        request = Elicit.Request.new_from_data(params, -1)
        answer = Elicit.json_parse(content, -1, 0).get_object()
    except GLib.Error as error:
        print(error.message, file=sys.stderr)
        return 1
    if answer is None:
        print(f'Not a JSON object: {content}', file=sys.stderr)
        return 1

    # One message per field that is wrong, in the user's language.
    problems = request.get_schema().validate(answer)
    for field, problem in problems.items():
        print(f'{field}: {problem}', file=sys.stderr)
    if problems:
        return 1

    request.accept(answer)
    print(request.dup_result_json())
    return 0


if __name__ == '__main__':
    # The library's messages in the user's language.
    locale.setlocale(locale.LC_ALL, '')
    if len(sys.argv) != 3:
        sys.exit(f'Usage: {sys.argv[0]} PARAMS CONTENT')
    sys.exit(main(*sys.argv[1:]))
