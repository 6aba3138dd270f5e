#!/usr/bin/env python3
# Fails when a declaration in a public header is not marked with the release
# that added it, or says something else than its documentation.
#
#   check-availability.py VERSION [--gir GIR]... HEADER...
#
# Every function and every G_DECLARE_* of an installed header must open with
# ELICIT_AVAILABLE_IN_x_y or ELICIT_DEPRECATED_IN_x_y[_FOR (…)] (ELICIT_GTK_
# in elicit-gtk-1's headers, which live in src/widgets/): the blanket
# *_AVAILABLE_IN_ALL belongs to generated headers only. x.y may not be newer
# than VERSION, the project's; and when GIRs are given, the symbol's "Since:"
# (the GIR's version attribute) must name the same release as its macro.

import re
import sys
import xml.etree.ElementTree as ET

CORE = '{http://www.gtk.org/introspection/core/1.0}'
GLIB = '{http://www.gtk.org/introspection/glib/1.0}'
C = '{http://www.gtk.org/introspection/c/1.0}'

MARK = re.compile(r'^(?P<prefix>ELICIT_GTK_|ELICIT_)'
                  r'(?:AVAILABLE_IN_(?P<a>\d+_\d+)|DEPRECATED_IN_(?P<d>\d+_\d+)(?:_FOR\s*\([^)]*\))?)\s+')
SKIP = ('typedef', 'struct', 'enum', 'union', 'static', 'G_DEFINE_AUTOPTR_CLEANUP_FUNC')


def declarations(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    text = re.sub(r'//[^\n]*', ' ', text)
    text = re.sub(r'^\s*#(?:[^\n]*\\\n)*[^\n]*', ' ', text, flags=re.M)
    if 'G_BEGIN_DECLS' in text:
        text = text.split('G_BEGIN_DECLS', 1)[1].split('G_END_DECLS', 1)[0]
    # Bodies of structures and enumerations hold no declarations to mark.
    while True:
        flat = re.sub(r'\{[^{}]*\}', '', text)
        if flat == text:
            break
        text = flat
    # G_DECLARE_* ends without a semicolon.
    text = re.sub(r'(G_DECLARE_\w+\s*\([^)]*\))', r'\1;', text)
    for statement in text.split(';'):
        statement = ' '.join(statement.split())
        if statement and not statement.startswith(SKIP):
            yield statement


def symbol(statement):
    declare = re.search(r'G_DECLARE_\w+\s*\(\s*\w+\s*,\s*(\w+)', statement)
    if declare:
        return declare.group(1) + '_get_type'
    name = re.search(r'(\w+)\s*\(', MARK.sub('', statement))
    return name.group(1) if name else statement


def gir_versions(paths):
    versions = {}
    for path in paths:
        for node in ET.parse(path).iter():
            ident = node.get(f'{C}identifier')
            get_type = node.get(f'{GLIB}get-type')
            for name in (ident, get_type):
                if name and node.get('version'):
                    versions[name] = node.get('version')
    return versions


def main(argv):
    version = tuple(int(n) for n in argv[0].split('.')[:2])
    girs, headers = [], []
    args = iter(argv[1:])
    for arg in args:
        if arg == '--gir':
            girs.append(next(args))
        else:
            headers.append(arg)
    since = gir_versions(girs)
    problems = []
    count = 0
    for header in headers:
        prefix = 'ELICIT_GTK_' if '/widgets/' in header else 'ELICIT_'
        with open(header) as f:
            text = f.read()
        for statement in declarations(text):
            count += 1
            name = symbol(statement)
            mark = MARK.match(statement)
            if not mark:
                problems.append(f'{header}: {name} has no {prefix}AVAILABLE_IN_x_y')
                continue
            if mark.group('prefix') != prefix:
                problems.append(f'{header}: {name} is marked {mark.group("prefix")}…, '
                                f'not {prefix}… like the rest of its library')
            release = tuple(int(n) for n in (mark.group('a') or mark.group('d')).split('_'))
            if release > version:
                problems.append(f'{header}: {name} is marked for {release[0]}.{release[1]}, '
                                f'newer than this version, {argv[0]}')
            documented = since.get(name)
            if girs and documented is not None and \
                    tuple(int(n) for n in documented.split('.')[:2]) != release:
                problems.append(f'{header}: {name} says "Since: {documented}" '
                                f'but is marked for {release[0]}.{release[1]}')
    for problem in problems:
        print(f'FAIL: {problem}')
    print(f'# {count} declarations in {len(headers)} headers, {len(problems)} problems')
    if count == 0:
        print('FAIL: no declarations found: the header parser is broken')
        return 1
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
