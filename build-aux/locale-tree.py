#!/usr/bin/env python3
# The build's locale tree: every text domain's catalogues (po/, po-libelicit/,
# po-libelicit-gtk/ each build theirs in a folder of its own) copied into one
# directory laid out as gettext looks for them, OUTPUT/LANG/LC_MESSAGES/DOMAIN.mo,
# which ELICIT_LOCALEDIR names for `meson devenv` and the tests.
# Usage: locale-tree.py OUTPUT MO-FILE...  (each MO-FILE at …/LANG/LC_MESSAGES/DOMAIN.mo)
import os
import shutil
import sys

output = sys.argv[1]
# Made anew, so its time stamp tells ninja it is up to date.
shutil.rmtree(output, ignore_errors=True)
for mo in sys.argv[2:]:
    messages = os.path.dirname(os.path.abspath(mo))
    language = os.path.basename(os.path.dirname(messages))
    target = os.path.join(output, language, 'LC_MESSAGES')
    os.makedirs(target, exist_ok=True)
    shutil.copy(mo, os.path.join(target, os.path.basename(mo)))
os.makedirs(output, exist_ok=True)
