#!/usr/bin/python3
# show-dialog.py: asks the user what an MCP server asks, in a dialog.
#
# Usage: show-dialog.py SERVER PARAMS
#
# SERVER is the name the user knows the server by, PARAMS the JSON text of
# the params of its `elicitation/create` request. Prints the result to send
# back to the server once the user has answered: accepted with the form's
# content, declined, or cancelled.
#
# SPDX-License-Identifier: CC0-1.0

import sys

import gi

gi.require_version('Elicit', '1.0')
gi.require_version('ElicitGtk', '1.0')
gi.require_version('Gtk', '4.0')
from gi.repository import Elicit, ElicitGtk, GLib, Gtk  # noqa: E402


def main(server, params):
    try:
        request = Elicit.Request.new_from_data(params, -1)
    except GLib.Error as error:
        print(f'Not a request: {error.message}', file=sys.stderr)
        return 1

    loop = GLib.MainLoop()

    def state_changed(request, pspec):
        result = request.dup_result_json()
        if result is not None:
            print(result, flush=True)
            loop.quit()

    request.connect('notify::state', state_changed)

    # The dialog answers the request and closes itself; closing its window
    # cancels the request.
    Gtk.init()
    dialog = ElicitGtk.Dialog.new(request)
    dialog.set_server_label(server)
    dialog.present()

    loop.run()
    return 0


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit(f'Usage: {sys.argv[0]} SERVER PARAMS')
    sys.exit(main(*sys.argv[1:]))
