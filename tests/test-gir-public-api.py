#!/usr/bin/python3
# test-gir-public-api.py: what the app uses of elicit-1 besides the session,
# the safe JSON reader and writer, the text sanitizers and the token store, called from Python
# through Elicit-1.0 as an embedder would (no GTK, no display).
#
# Copyright 2026 The Elicit authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Run by Debian's /usr/bin/python3 with GI_TYPELIB_PATH and LD_LIBRARY_PATH
# pointing into the build tree; prints TAP.

import sys

import gi

gi.require_version('Json', '1.0')
gi.require_version('Elicit', '1.0')

from gi.repository import Elicit, GLib, Json  # noqa: E402

results = []


def check(description, condition, detail=''):
    results.append((description, bool(condition), detail))


def json_checks():
    node = Elicit.json_parse('{"name": "Ada", "age": 36, "ratio": 30.0, "ok": true, '
                             '"tags": ["x", {"y": 1}]}', -1, 0)
    check('json_parse returns a Json.Node holding the object',
          isinstance(node, Json.Node) and node.get_node_type() == Json.NodeType.OBJECT)
    obj = node.get_object()

    check('json_object_get_string reads a string member',
          Elicit.json_object_get_string(obj, 'name') == 'Ada')
    check('json_object_get_string refuses a member of another type',
          Elicit.json_object_get_string(obj, 'age') is None)
    check('json_object_get_int returns (found, value)',
          Elicit.json_object_get_int(obj, 'age') == (True, 36),
          repr(Elicit.json_object_get_int(obj, 'age')))
    check('json_object_get_int refuses a number with a fraction',
          Elicit.json_object_get_int(obj, 'ratio')[0] is False)
    check('json_object_get_number reads integers too',
          Elicit.json_object_get_number(obj, 'age') == (True, 36.0))
    check('json_object_get_boolean reads true',
          Elicit.json_object_get_boolean(obj, 'ok') == (True, True))
    tags = Elicit.json_object_get_array(obj, 'tags')
    check('json_object_get_array and json_array_get_string read an array',
          tags is not None and Elicit.json_array_get_string(tags, 0) == 'x'
          and Elicit.json_array_get_string(tags, 5) is None)
    inner = Elicit.json_array_get_object(tags, 1)
    check('json_array_get_object reads an object element',
          inner is not None and Elicit.json_object_get_int(inner, 'y') == (True, 1))
    check('json_object_get_object is None for a missing member',
          Elicit.json_object_get_object(obj, 'nothing') is None)

    text, length = Elicit.json_to_string(node)
    check('json_to_string writes compact JSON and keeps 30.0 a double',
          text == '{"name":"Ada","age":36,"ratio":30.0,"ok":true,"tags":["x",{"y":1}]}'
          and length == len(text.encode()), repr((text, length)))

    copy = Elicit.json_deep_copy(node)
    Elicit.json_object_get_array(copy.get_object(), 'tags').add_string_element('z')
    check('json_deep_copy shares nothing with the original',
          Elicit.json_to_string(node)[0] == text)

    try:
        Elicit.json_parse('{"a": 1, "a": 2}', -1, 0)
        check('json_parse refuses a repeated member name', False, 'no error')
    except GLib.Error as e:
        check('json_parse refuses a repeated member name, in ELICIT_JSON_ERROR',
              e.matches(Elicit.json_error_quark(), Elicit.JsonError.DUPLICATE_NAME),
              '%s %d %s' % (e.domain, e.code, e.message))
    try:
        Elicit.json_check('[[[1]]]', -1, 2)
        check('json_check applies the depth limit asked for', False, 'no error')
    except GLib.Error as e:
        check('json_check applies the depth limit asked for',
              e.matches(Elicit.json_error_quark(), Elicit.JsonError.TOO_DEEP), e.message)


def text_checks():
    line = Elicit.text_sanitize_line('  Pay \u202eexe.jpg\n now  ', Elicit.TEXT_LINE_MAX)
    check('text_sanitize_line drops a bidi override and folds white space',
          line == 'Pay exe.jpg now', repr(line))
    check('text_sanitize_line keeps max_chars characters, then an ellipsis',
          Elicit.text_sanitize_line('abcdef', 3) == 'abc\u2026',
          repr(Elicit.text_sanitize_line('abcdef', 3)))
    check('text_sanitize_line maps None to None', Elicit.text_sanitize_line(None, 10) is None)
    check('text_sanitize_block keeps line breaks',
          Elicit.text_sanitize_block('one\ntwo', Elicit.TEXT_BLOCK_MAX) == 'one\ntwo')
    check('text_looks_secret sees an API key in any spelling',
          Elicit.text_looks_secret('API Key') and Elicit.text_looks_secret('api_key')
          and not Elicit.text_looks_secret('shipping'))
    check('text_is_invisible knows a zero-width space',
          Elicit.text_is_invisible('\u200b') and not Elicit.text_is_invisible('a'))
    escaped = Elicit.text_escape_for_terminal('a\x1b[2Jb\n', False)
    check('text_escape_for_terminal writes ESC as \\u{001B}',
          escaped == 'a\\u{001B}[2Jb\\u{000A}', repr(escaped))
    escaped = Elicit.text_escape_json_for_terminal('"a\u202eb"')
    check('text_escape_json_for_terminal keeps the JSON meaning',
          escaped == '"a\\u202eb"', repr(escaped))


def run_async(start, finish):
    loop = GLib.MainLoop()
    out = {}

    def done(source, result):
        try:
            out['value'] = finish(result)
        except GLib.Error as e:
            out['error'] = e
        loop.quit()

    start(done)
    loop.run()
    return out.get('value'), out.get('error')


def token_store_checks():
    # Memory only: no D-Bus (test-token-store-keyring.py drives a real keyring).
    store = Elicit.TokenStore.new(Elicit.TokenStoreFlags.MEMORY_ONLY)
    check('TokenStore.get_flags returns the flags it was made with',
          store.get_flags() == Elicit.TokenStoreFlags.MEMORY_ONLY)
    server = 'https://mcp.example.com/mcp'
    saved, error = run_async(
        lambda cb: store.save_async(server, 'https://auth.example.com', '{"t": 1}', None, cb),
        store.save_finish)
    check('TokenStore.save_async then save_finish returns True', saved is True and error is None,
          repr((saved, error)))
    found, error = run_async(lambda cb: store.lookup_async(server, None, cb), store.lookup_finish)
    check('TokenStore.lookup_finish returns the record as a str', found == '{"t": 1}',
          repr((found, error)))
    forgot, error = run_async(lambda cb: store.forget_async(server, None, cb),
                              store.forget_finish)
    found, error = run_async(lambda cb: store.lookup_async(server, None, cb), store.lookup_finish)
    check('TokenStore.forget_async forgets it: lookup_finish returns None without an error',
          forgot is True and found is None and error is None, repr((forgot, found, error)))
    saved, error = run_async(
        lambda cb: store.save_async(server, 'https://auth.example.com', '{"t": 1', None, cb),
        store.save_finish)
    check('an invalid record raises ElicitTokenStoreError.INVALID with its message',
          error is not None
          and error.matches(Elicit.token_store_error_quark(), Elicit.TokenStoreError.INVALID)
          and error.message == 'The sign-in record is not valid JSON', repr((saved, error)))


def jsonrpc_checks():
    """JSON-RPC's vocabulary, without a peer (elicit-jsonrpc.h)."""
    request = Elicit.json_parse('{"jsonrpc": "2.0", "id": 7, "method": "ping", "params": {}}',
                                -1, 0)
    kind, method, msg_id, params = Elicit.jsonrpc_classify(request)
    check('jsonrpc_classify reads a request',
          kind == Elicit.MessageKind.REQUEST and method == 'ping' and msg_id.get_int() == 7,
          repr((kind, method)))
    try:
        Elicit.jsonrpc_classify(Elicit.json_parse('[1]', -1, 0))
        error = None
    except GLib.Error as e:
        error = e
    check('jsonrpc_classify refuses a batch in ElicitJsonrpcError.INVALID_REQUEST',
          error is not None and error.domain == 'elicit-jsonrpc-error-quark'
          and error.code == Elicit.JsonrpcError.INVALID_REQUEST == -32600, repr(error))
    response = Elicit.jsonrpc_build_error_response(msg_id, Elicit.JsonrpcError.INTERNAL_ERROR,
                                                   'unreachable')
    check('jsonrpc_build_error_response makes the error response',
          Json.to_string(response, False) ==
          '{"jsonrpc":"2.0","id":7,"error":{"code":-32603,"message":"unreachable"}}',
          Json.to_string(response, False))
    check('the session error domain keeps the JSON-RPC numbers',
          Elicit.SessionError.METHOD_NOT_FOUND == Elicit.JsonrpcError.METHOD_NOT_FOUND)


def main():
    json_checks()
    text_checks()
    token_store_checks()
    jsonrpc_checks()

    print('1..%d' % len(results))
    failed = 0
    for number, (description, ok, detail) in enumerate(results, 1):
        print('%s %d - %s' % ('ok' if ok else 'not ok', number, description))
        if not ok:
            failed += 1
            print('# got: %s' % detail)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
