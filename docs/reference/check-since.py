#!/usr/bin/env python3
# Fails when a public symbol of a GIR file has no "Since:" tag, which the
# scanner turns into a version attribute. gi-docgen itself does not check it.

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


def walk(node, path, missing, skip):
    for child in node:
        name = child.get('name')
        if child.tag == f'{{{CORE}}}record' and name in skip:
            # The class structure of a final type, declared by
            # G_DECLARE_FINAL_TYPE: not an extension point, nothing to document.
            continue
        if child.tag in TAGS and name is not None:
            here = path + [name]
            inside_callback = node.tag == f'{{{CORE}}}field'
            if not inside_callback and child.get('version') is None:
                kind = child.tag.split('}')[1]
                ident = child.get(f'{{{C}}}identifier') or child.get(f'{{{C}}}type') or ''
                missing.append(f"{'.'.join(here)} ({kind}{', ' + ident if ident else ''})")
            walk(child, here, missing, skip)
        elif child.tag != f'{{{CORE}}}field':
            walk(child, path, missing, skip)


def main():
    failed = False
    for gir in sys.argv[1:]:
        ns = ET.parse(gir).getroot().find(f'{{{CORE}}}namespace')
        missing = []
        walk(ns, [ns.get('name')], missing, final_classes(ns))
        for m in missing:
            print(f'{gir}: no "Since:" on {m}')
        failed = failed or bool(missing)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
