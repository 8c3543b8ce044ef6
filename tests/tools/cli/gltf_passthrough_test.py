#!/usr/bin/python3
"""glTF -> glTF keeps what the file holds (issue 15, point 9) on the shared corpus.

Every corpus .gltf / .glb whose extensionsUsed names one of the extensions point 9 lists is
converted to GLB, and each must convert (59 files, all of which did when this was made strict: a
file failing to convert fails the test, it is not skipped); every GLB must pass the Khronos
validator without error, and the number of files whose GLB still declares each extension must
reach KEPT (measured when point 9 was done: the files that do not are the validator's own cases of
data out of range, custom properties or a WebP source naming a PNG, which the reader leaves out
with a warning).
Before point 9 no output declared any of them (the reader warned gltf.read.extension-dropped);
KHR_mesh_quantization is dequantised on read, so that its outputs, plain floats, need it no more;
no corpus file uses EXT_mesh_gpu_instancing (instancing_test.py covers it).

Each file naming a material extension also goes on from its GLB (which holds its images) to
COLLADA and back to GLB: the COLLADA document must pass the COLLADA 1.4.1 schema (when xmllint
and the schema are at hand) and its GLB the validator, and the number of files whose GLB still
declares each material extension, carried by the effects' polyxios technique, must reach
KEPT_THROUGH_DAE (measured then: as many as glTF -> glTF keeps; before, a COLLADA write left
them all out).

  gltf_passthrough_test.py POLYXIOS CORPUS NODE VALIDATE_MJS

Without the corpus it is skipped (exit 77); without node or the validator's node_modules the
validator check is skipped, saying so; with PX_REQUIRE_ALL=1 either fails it.
"""
import json
import os
import struct
import subprocess
import sys
import tempfile

from cli_checks import Checks, Schema, check_validator_clean, required

POLYXIOS, CORPUS, NODE, VALIDATE = sys.argv[1:5]
KEPT = {
    'KHR_materials_anisotropy': 4,
    'KHR_materials_clearcoat': 7,
    'KHR_materials_diffuse_transmission': 0,
    'KHR_materials_dispersion': 3,
    'KHR_materials_iridescence': 4,
    'KHR_materials_sheen': 3,
    'KHR_materials_transmission': 8,
    'KHR_materials_volume': 7,
    'KHR_texture_basisu': 0,
    'EXT_texture_webp': 1,
    'EXT_texture_avif': 0,
    'KHR_materials_variants': 9,
}
# The material extensions the COLLADA write's polyxios technique carries, in as many files.
KEPT_THROUGH_DAE = {e: n for e, n in KEPT.items()
                    if e.startswith('KHR_materials_') and e != 'KHR_materials_variants'}
SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', '..', 'shared',
                      'spec', 'collada_schema_1_4_1.xsd')
LISTED = list(KEPT) + ['KHR_mesh_quantization', 'EXT_mesh_gpu_instancing']

check = Checks()
SCHEMA_CHECK = Schema(SCHEMA)


def document(path):
    """The JSON of a .gltf or of a GLB's first chunk, None when it does not parse."""
    data = open(path, 'rb').read()
    try:
        if data[:4] == b'glTF':
            length = struct.unpack('<I', data[12:16])[0]
            data = data[20:20 + length]
        doc = json.loads(data)
        return doc if isinstance(doc, dict) else None
    except (ValueError, struct.error):
        return None


def convert(source, target):
    """None when polyxios converts source to target, else its exit status and what it said."""
    p = subprocess.run([POLYXIOS, 'convert', source, target], capture_output=True, text=True,
                       stdin=subprocess.DEVNULL, timeout=120)
    return None if p.returncode == 0 else f'exit {p.returncode}: {p.stderr.strip()[-500:]}'


def converts(name, source, target):
    """Checks that source converts to target."""
    problem = convert(source, target)
    return check(name, problem is None, problem)


def used(doc):
    names = doc.get('extensionsUsed') if doc else None
    return {n for n in names if isinstance(n, str)} if isinstance(names, list) else set()


root = os.path.join(CORPUS, 'gltf')
if not os.path.isdir(root):
    required.skip(f"no corpus at {root}")

inputs = []
for folder, _, names in sorted(os.walk(root)):
    for name in sorted(names):
        if name.endswith(('.gltf', '.glb')):
            path = os.path.join(folder, name)
            if used(document(path)) & set(LISTED):
                inputs.append(path)

declared = {e: 0 for e in LISTED}
kept = {e: 0 for e in LISTED}
kept_through_dae = {e: 0 for e in KEPT_THROUGH_DAE}
with tempfile.TemporaryDirectory() as tmp:
    glbs = []
    for path in inputs:
        rel = os.path.relpath(path, root)
        before = used(document(path))
        for e in before & set(LISTED):
            declared[e] += 1
        out = os.path.join(tmp, rel.replace('/', '_') + '.glb')
        if not converts(f'{rel} converts', path, out):
            continue
        glbs.append(out)
        for e in used(document(out)) & before & set(LISTED):
            kept[e] += 1
        if not before & set(KEPT_THROUGH_DAE):
            continue
        dae, back = out + '.dae', out + '.dae.glb'
        converts(f'{rel} -> dae', out, dae)
        converts(f'{rel} -> dae -> glb', dae, back)
        problem = SCHEMA_CHECK.errors(dae) if os.path.isfile(dae) else 'not written'
        if problem is not None:
            check(f'{rel} -> dae passes the schema', not problem, problem)
        if os.path.isfile(back):
            glbs.append(back)
            for e in used(document(back)) & before & set(KEPT_THROUGH_DAE):
                kept_through_dae[e] += 1
    print(f'{len(inputs)} corpus files name one of the listed extensions; {len(glbs)} convert')
    for e in LISTED:
        print(f'  {e}: declared by {declared[e]}, kept in {kept[e]} GLBs')
    for e in KEPT_THROUGH_DAE:
        print(f'  {e}: kept in {kept_through_dae[e]} GLBs through COLLADA')
    for e, floor in KEPT_THROUGH_DAE.items():
        check(f'{e} kept in at least {floor} GLBs through COLLADA', kept_through_dae[e] >= floor,
              str(kept_through_dae[e]))
    for e, floor in KEPT.items():
        check(f'{e} kept in at least {floor} GLBs', kept[e] >= floor, str(kept[e]))
    check('KHR_mesh_quantization is dequantised on read', kept['KHR_mesh_quantization'] == 0)
    check_validator_clean(NODE, VALIDATE, glbs, check)

SCHEMA_CHECK.note()
sys.exit(check.summary())
