#!/usr/bin/env python3
# Fails when a public symbol of a GIR file has no "Since:" tag, which the
# scanner turns into a version attribute, or one newer than the project's
# version (nothing can be available since a release that has not been made).
# gi-docgen itself checks neither.
#
#   check-since.py [--version X.Y.Z] GIR...

import sys
import xml.etree.ElementTree as ET

CORE = 'http://www.gtk.org/introspection/core/1.0'
GLIB = 'http://www.gtk.org/introspection/glib/1.0'
C = 'http://www.gtk.org/introspection/c/1.0'

# Elements that are public API of their own; enum members, struct fields and
# virtual methods are documented with their type (a virtual method with its
# class structure).
TAGS = {
    f'{{{CORE}}}class', f'{{{CORE}}}interface', f'{{{CORE}}}record',
    f'{{{CORE}}}enumeration', f'{{{CORE}}}bitfield', f'{{{CORE}}}callback',
    f'{{{CORE}}}constant', f'{{{CORE}}}function', f'{{{CORE}}}method',
    f'{{{CORE}}}constructor',
    f'{{{CORE}}}property', f'{{{GLIB}}}signal', f'{{{CORE}}}function-macro',
}


def final_classes(ns):
    return {c.get(f'{{{GLIB}}}type-struct') for c in ns.findall(f'{{{CORE}}}class')
            if c.get('final') == '1'}


def too_new(version, ceiling):
    if ceiling is None:
        return False
    return tuple(int(n) for n in version.split('.')[:2]) > ceiling


def walk(node, path, missing, skip, ceiling=None):
    for child in node:
        name = child.get('name')
        if child.tag == f'{{{CORE}}}record' and name in skip:
            # The class structure of a final type, declared by
            # G_DECLARE_FINAL_TYPE: not an extension point, nothing to document.
            continue
        if child.tag in TAGS and name is not None:
            here = path + [name]
            inside_callback = node.tag == f'{{{CORE}}}field'
            kind = child.tag.split('}')[1]
            ident = child.get(f'{{{C}}}identifier') or child.get(f'{{{C}}}type') or ''
            what = f"{'.'.join(here)} ({kind}{', ' + ident if ident else ''})"
            version = child.get('version')
            if not inside_callback and version is None:
                missing.append(f'no "Since:" on {what}')
            elif version is not None and too_new(version, ceiling):
                missing.append(f'"Since: {version}", newer than this version, on {what}')
            walk(child, here, missing, skip, ceiling)
        elif child.tag != f'{{{CORE}}}field':
            walk(child, path, missing, skip, ceiling)


def main():
    failed = False
    args = sys.argv[1:]
    ceiling = None
    if args[:1] == ['--version']:
        ceiling = tuple(int(n) for n in args[1].split('.')[:2])
        args = args[2:]
    for gir in args:
        ns = ET.parse(gir).getroot().find(f'{{{CORE}}}namespace')
        missing = []
        walk(ns, [ns.get('name')], missing, final_classes(ns), ceiling)
        for m in missing:
            print(f'{gir}: {m}')
        failed = failed or bool(missing)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
