#!/usr/bin/python3
"""External references (issue 15, point 8) on the CTS files of the shared corpus.

The CTS xml/uri/external_references documents name elements of sibling documents
(library_nodes.dae#node, library_materials.dae#lambert1, ...). Before point 8, 7 of them were
refused by collada.url.external (an <instance_material>, <instance_light> or <instance_camera> of
another document) and the others dropped their instances with that warning. Now every one
converts; a reference whose document exists is followed (no collada.url.external warning: the
controller and effects cases' <instance_controller> and <instance_effect> too, the skin and the
effect's colour kept); a missing document warns collada.url.external-missing; every GLB passes
the Khronos validator.

  external_refs_test.py POLYXIOS CORPUS NODE VALIDATE_MJS

Without the corpus it is skipped (exit 77); without node or the validator's node_modules the
validator check is skipped, saying so; with PX_REQUIRE_ALL=1 either fails it.
"""
import os
import subprocess
import sys
import tempfile

from cli_checks import Checks, check_validator_clean, required

POLYXIOS, CORPUS, NODE, VALIDATE = sys.argv[1:5]
ROOTS = ['cts/xml/uri/external_references', 'cts/1_5/xml/uri/external_references']
# Refused by collada.url.external before point 8.
REFUSED_BEFORE = [f'{root}/{p}/{p}.dae' for root in ROOTS[:1] for p in
                  ['camera', 'different_doc_same_id', 'light', 'material']] + \
                 [f'{root}/{p}/{p}.dae' for root in ROOTS[1:] for p in
                  ['different_doc_same_id', 'light', 'material']]

check = Checks()


def glb_text(path):
    with open(path, 'rb') as f:
        return f.read().decode('latin-1')


collada = os.path.join(CORPUS, 'collada')
if not os.path.isdir(os.path.join(collada, ROOTS[0])):
    required.skip(f"no corpus at {os.path.join(collada, ROOTS[0])}")

mains = []
for root in ROOTS:
    for case in sorted(os.listdir(os.path.join(collada, root))):
        main = os.path.join(root, case, case + '.dae')
        if os.path.isfile(os.path.join(collada, main)):
            mains.append((case, main))

with tempfile.TemporaryDirectory() as tmp:
    glbs = []
    converted = 0
    for case, main in mains:
        out = os.path.join(tmp, main.replace('/', '_') + '.glb')
        p = subprocess.run([POLYXIOS, 'convert', os.path.join(collada, main), out],
                           capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
        check(f'{main} converts', p.returncode == 0, p.stderr)
        if p.returncode != 0:
            continue
        converted += main in REFUSED_BEFORE
        glbs.append(out)
        folder = os.path.dirname(os.path.join(collada, main))
        named = [line for line in open(os.path.join(collada, main), encoding='utf-8',
                                       errors='replace') if '.dae#' in line]
        present = all(os.path.isfile(os.path.join(folder, n.split('.dae#')[0].split('"')[-1] +
                                                  '.dae')) for n in named)
        if present:
            check(f'{main}: every reference followed', 'collada.url.external ' not in
                  p.stderr.replace('collada.url.external:', 'collada.url.external '), p.stderr)
        if not present:
            check(f'{main}: a missing document warns', 'collada.url.external-missing' in p.stderr,
                  p.stderr)
        if case == 'controller':
            check(f'{main}: the skin of the other document is kept', '"skins"' in glb_text(out))
        if case == 'effects':
            check(f'{main}: the effect of the other document is read',
                  '"baseColorFactor":[0.5,0.5,0.5,1' in glb_text(out).replace(' ', ''))
        check(f'{main}: no host path in the output', tmp.encode() not in open(out, 'rb').read()
              and collada.encode() not in open(out, 'rb').read())
    print(f'{converted} of the {len(REFUSED_BEFORE)} files refused before point 8 convert; '
          f'{len(glbs)} of {len(mains)} external-reference files converted')
    check('every file refused before converts', converted == len(REFUSED_BEFORE))
    check_validator_clean(NODE, VALIDATE, glbs, check)

sys.exit(check.summary())
