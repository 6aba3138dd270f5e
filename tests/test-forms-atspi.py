#!/usr/bin/python3
# test-forms-atspi.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A person answers the demo server's everyday prompts with the keyboard
# alone: typed keys (Tab, Return, Space, arrows, text), never a mouse, never
# an accessibility action on the answer buttons. The accessibility tree is
# only read: to find where the focus is, what a label says, what is
# sensitive. What the server received is the tool's result text, printed by
# atspi-dialog-host. Run with Debian's /usr/bin/python3 and python3-pyatspi,
# under dbus-run-session and Xvfb or a headless mutter (Wayland).

import os
import sys

from atspi_helpers import (KEY_DOWN, KEY_RETURN, KEY_SPACE, KEY_TAB, KEY_UP, DialogHost, atspi_missing,
                           Failure, check, check_equal, describe, find, focused, focused_object, press,
                           press_with_control, run_tests, sensitive, skip_all, test, type_text, wait_for)

missing = atspi_missing()
if missing:
    skip_all(missing)
if not os.environ.get('ELICIT_ATSPI_HOST') or not os.environ.get('ELICIT_DEMO_SERVER'):
    skip_all('ELICIT_ATSPI_HOST and ELICIT_DEMO_SERVER must name the programs')

import pyatspi  # noqa: E402

KEY_SHIFT_TAB = 0xfe20  # ISO_Left_Tab, what Shift+Tab sends


def wait_focus(dialog, role, name):
    """Waits until the keyboard focus is on the role called name."""
    last = []

    def there():
        acc = focused_object(dialog)
        last[:] = [acc]
        return acc if acc is not None and acc.getRoleName() == role and acc.name == name else None
    try:
        return wait_for('the focus on %s %r' % (role, name), there)
    except Failure as e:
        raise Failure('%s (it is on %s)' % (e, describe(last[0]) if last and last[0] else 'nothing'))


def ctrl_return():
    """Ctrl+Return, which sends from anywhere in the dialog (Control held
    as a locked modifier while Return is pressed)."""
    press_with_control(KEY_RETURN)


def text_of(acc):
    contents = acc.queryText()
    # GTK 4.8 answers getText (0, -1) with nothing: ask for the exact range.
    return contents.getText(0, contents.characterCount)


def wait_text(field, text):
    wait_for('%r in %s' % (text, field.name), lambda: text_of(field) == text)


def ready(dialog, role, name):
    """The dialog is active and past its accept delay: name is sensitive."""
    wait_for('the dialog to be active', lambda: dialog.getState().contains(pyatspi.STATE_ACTIVE))
    return wait_for('%s %r to be sensitive' % (role, name),
                    lambda: (lambda acc: acc if acc is not None and sensitive(acc) else None)(
                        find(dialog, role, name)))


def choose_with_keys(dialog, name, option):
    """With the focus on the drop-down name: Space opens it, arrows go to
    option, Return picks it."""
    combo = find(dialog, 'combo box', name)
    press(KEY_SPACE)

    def item():
        for acc in _walk(combo):
            if acc.getRoleName() == 'list item' and \
                    any(child.getRoleName() == 'label' and child.name == option for child in _walk(acc)):
                return acc
        return None
    wanted = wait_for('the option %r' % option, item)
    current = wait_for('a focused row', lambda: next((acc for acc in _walk(wanted.parent)
                                                      if acc.getRoleName() == 'list item' and focused(acc)),
                                                     None))
    steps = wanted.getIndexInParent() - current.getIndexInParent()
    for _ in range(abs(steps)):
        press(KEY_DOWN if steps > 0 else KEY_UP)
    press(KEY_RETURN)
    wait_for('the drop-down to show %r' % option,
             lambda: any(acc.getRoleName() == 'label' and acc.name == option
                         for acc in _walk(combo.getChildAtIndex(0))))


def _walk(acc):
    yield acc
    for i in range(acc.childCount):
        child = acc.getChildAtIndex(i)
        if child is not None:
            yield from _walk(child)


@test
def return_in_a_field_sends_the_registration_form():
    host = DialogHost('register_user')
    try:
        dialog = host.dialog()
        ready(dialog, 'push button', 'Cancel')
        username = wait_focus(dialog, 'text', 'Username')
        type_text('ada_l')
        wait_text(username, 'ada_l')
        press(KEY_TAB)
        email = wait_focus(dialog, 'text', 'Email Address')
        type_text('ada@example.com')
        wait_text(email, 'ada@example.com')
        press(KEY_TAB)
        age = wait_focus(dialog, 'spin button', 'Age')
        type_text('36')
        wait_text(age, '36')

        # The country is still missing: Return sends nothing and goes there.
        press(KEY_RETURN)
        wait_focus(dialog, 'push button', 'Country')
        choose_with_keys(dialog, 'Country', 'Germany')
        wait_focus(dialog, 'push button', 'Country')
        press(KEY_SHIFT_TAB)
        wait_focus(dialog, 'spin button', 'Age')
        # Coming back from the drop-down's list is not coming to the front:
        # the answer button does not wait again.
        check(sensitive(find(dialog, 'push button', 'Send')), 'the answer button waits again')
        press(KEY_RETURN)

        check_equal(host.result(),
                    'RESULT accept: {"username":"ada_l","email":"ada@example.com","age":36,'
                    '"country":"de","newsletter":false}',
                    'what the server received')
    finally:
        host.close()


def answer_question(keys, expected):
    """The demo server's confirm tool: keys from the first focus (Cancel)."""
    host = DialogHost('confirm', '{"question": "Delete the file demo.txt?"}')
    try:
        dialog = host.dialog()
        check(find(dialog, 'label', 'Delete the file demo.txt?') is not None, 'no question')
        check(find(dialog, 'push button', 'Send') is None, 'a question has no Send button')
        ready(dialog, 'push button', 'Yes')
        wait_focus(dialog, 'push button', 'Cancel')
        for key, then in keys:
            press(key)
            if then is not None:
                wait_focus(dialog, 'push button', then)
        check_equal(host.result(), expected, 'what the server received')
    finally:
        host.close()


@test
def no_answers_a_question_with_false():
    answer_question([(KEY_TAB, 'No'), (KEY_SPACE, None)], 'RESULT accept: {"confirmed":false}')


@test
def yes_answers_a_question_with_true():
    answer_question([(KEY_TAB, 'No'), (KEY_TAB, 'Yes'), (KEY_RETURN, None)],
                    'RESULT accept: {"confirmed":true}')


@test
def decline_stays_within_reach_of_a_question():
    answer_question([(KEY_SHIFT_TAB, 'Decline'), (KEY_SPACE, None)], 'RESULT decline')


@test
def a_long_message_leaves_the_fields_in_view_and_send_waits_until_they_were_shown():
    message = ' '.join(['The server explains at length what it will do with your answers.'] * 40)
    properties = {'f%d' % i: {'type': 'string', 'title': 'Answer %d' % i} for i in range(12)}
    host = DialogHost(None, request={'message': message,
                                     'requestedSchema': {'type': 'object', 'properties': properties}})
    try:
        dialog = host.dialog()
        wait_focus(dialog, 'text', 'Answer 0')
        check(find(dialog, 'push button', 'Show More') is not None, 'the long message has no "Show More": %r' %
              [describe(acc) for acc in _walk(dialog) if acc.getRoleName() in ('push button', 'toggle button')])
        wait_for('the dialog to be active', lambda: dialog.getState().contains(pyatspi.STATE_ACTIVE))
        send = find(dialog, 'push button', 'Send')
        check(find(dialog, 'push button', 'Scroll down to see every field') is not None,
              'nothing says why the answer button waits')
        check(not sensitive(send), 'the answer button is sensitive before every field was shown')
        # Return in the first field does not send either: it has not all been seen.
        type_text('yes')
        press(KEY_RETURN)
        for i in range(1, 12):
            press(KEY_TAB)
            wait_focus(dialog, 'text', 'Answer %d' % i)
        wait_for('the answer button to be sensitive', lambda: sensitive(send))
        press(KEY_RETURN)
        check_equal(host.result(), 'STATE 1\nCONTENT {"f0":"yes"}', 'what was answered')
    finally:
        host.close()


FOCUS_OPTIONS = ['Technical/scientific details and specifications', 'Historical perspective and origins',
                 'Current events and recent developments', 'Practical applications and everyday how-tos']


@test
def drop_down_options_are_readable_in_full():
    # As server-everything's research clarification asks: long titles, short button.
    schema = {'type': 'object', 'required': ['focus'], 'properties': {'focus': {
        'type': 'string', 'title': 'Focus',
        'oneOf': [{'const': 'c%d' % i, 'title': title} for i, title in enumerate(FOCUS_OPTIONS)]}}}
    host = DialogHost(None, request={'message': 'What should the research focus on?',
                                     'requestedSchema': schema})
    try:
        dialog = host.dialog()
        wait_focus(dialog, 'push button', 'Focus')
        button_width = find(dialog, 'push button', 'Focus').queryComponent().getExtents(pyatspi.DESKTOP_COORDS).width
        press(KEY_SPACE)

        def options():
            labels = [acc for acc in _walk(dialog) if acc.getRoleName() == 'label' and acc.name in FOCUS_OPTIONS and
                      acc.parent is not None and acc.parent.getRoleName() == 'list item']
            return labels if len(labels) == len(FOCUS_OPTIONS) else None
        labels = wait_for('the options', options)
        check_equal(sorted(acc.name for acc in labels), sorted(FOCUS_OPTIONS), 'the options read back')
        widest = max(acc.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).width for acc in labels)
        check(widest > button_width, 'the list is no wider than the button (%d <= %d px): options are cut short'
              % (widest, button_width))
        # The list opens on "Choose…"; the first option is one row down.
        press(KEY_DOWN)
        press(KEY_RETURN)
        wait_focus(dialog, 'push button', 'Focus')
        wait_for('the answer button to be sensitive', lambda: sensitive(find(dialog, 'push button', 'Send')))
        ctrl_return()
        check_equal(host.result(), 'STATE 1\nCONTENT {"focus":"c0"}', 'what was answered')
    finally:
        host.close()


def type_a_date(language, shown, picker_title, send_label, title_prefix):
    env = dict(os.environ)
    env['LANGUAGE'] = language
    env['LC_ALL'] = 'C.UTF-8'
    schema = {'type': 'object', 'required': ['day'],
              'properties': {'day': {'type': 'string', 'format': 'date', 'title': picker_title}}}
    host = DialogHost(None, request={'message': 'When?', 'requestedSchema': schema}, env=env)
    try:
        dialog = host.dialog(title_prefix)
        day = wait_focus(dialog, 'text', picker_title)
        type_text('31/12/2025')
        wait_text(day, '31/12/2025')
        # Once the person moves on, the date shows as their language writes it.
        press(KEY_TAB)
        wait_for('the date to read %r' % shown, lambda: text_of(day) == shown)
        press(KEY_SHIFT_TAB)
        wait_focus(dialog, 'text', picker_title)
        ready(dialog, 'push button', send_label)
        press(KEY_RETURN)
        check_equal(host.result(), 'STATE 1\nCONTENT {"day":"2025-12-31"}', 'what was sent')
    finally:
        host.close()


@test
def a_date_typed_the_german_way_is_sent_in_iso():
    type_a_date('de', '31.12.2025', 'Tag', 'Senden', 'Anfrage von ')


@test
def a_date_typed_the_english_way_is_sent_in_iso():
    type_a_date('C', '2025-12-31', 'Day', 'Send', 'Request from ')


@test
def a_set_switch_then_tab_and_space_erases_nothing():
    schema = {'type': 'object', 'properties': {
        'subscribe': {'type': 'boolean', 'title': 'Subscribe'},
        'note': {'type': 'string', 'title': 'Note'}}}
    host = DialogHost(None, request={'message': 'Anything else?', 'requestedSchema': schema})
    try:
        dialog = host.dialog()
        switch = wait_focus(dialog, 'check box', 'Subscribe')
        check(find(dialog, 'label', 'Not set') is not None, 'no "Not set" before the switch is set')
        press(KEY_SPACE)
        wait_for('the switch to be on', lambda: switch.getState().contains(pyatspi.STATE_CHECKED))
        # The next stop is the next field, not a Clear button.
        press(KEY_TAB)
        wait_focus(dialog, 'text', 'Note')
        press(KEY_SPACE)
        check(switch.getState().contains(pyatspi.STATE_CHECKED), 'the answer was erased')
        ready(dialog, 'push button', 'Send')
        ctrl_return()
        check_equal(host.result(), 'STATE 1\nCONTENT {"subscribe":true,"note":" "}', 'what was sent')
    finally:
        host.close()


if __name__ == '__main__':
    sys.exit(run_tests('FormsAtspi'))
