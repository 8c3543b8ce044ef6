#!/usr/bin/python3
"""EXT_mesh_gpu_instancing through the command line (issue 15, point 9).

A hand-written glTF whose node draws a triangle at three instances (float translations, rotations
as normalized shorts, float scales and a custom _ID) is converted:
- info --json counts the instances;
- to GLB and .gltf: the extension is on the node, used and required, its accessors float, the
  values kept; each output validator-clean;
- with --up-axis z --bake-transforms: the instance translations turned as the node's frame is,
  validator-clean;
- to COLLADA: schema-valid, one <instance_geometry> per instance, the expansion and the dropped
  _ID warned about.

  instancing_test.py POLYXIOS NODE VALIDATE_MJS SCHEMA
"""
import base64
import json
import os
import struct
import subprocess
import sys
import tempfile

from cli_checks import Schema, glb_json
from cli_checks import Checks, check_validator_clean

POLYXIOS, NODE, VALIDATE, SCHEMA = sys.argv[1:5]
check = Checks()


HALF = 23170  # sin and cos of 45 degrees as a normalized short
PARTS = [
    ('<9f', (0, 0, 0, 1, 0, 0, 0, 1, 0)),
    ('<9f', (1, 0, 0, 0, 2, 0, 0, 0, 3)),
    ('<12h', (0, 0, 0, 32767, 0, 0, HALF, HALF, HALF, 0, 0, HALF)),
    ('<9f', (1, 1, 1, 2, 2, 2, 1, 1, 1)),
    ('<3f', (7, 8, 9)),
]


def source():
    data, views = b'', []
    for fmt, values in PARTS:
        chunk = struct.pack(fmt, *values)
        views.append({'buffer': 0, 'byteOffset': len(data), 'byteLength': len(chunk)})
        data += chunk
    accessor = lambda v, t, n, **more: {'bufferView': v, 'componentType': t, 'count': n,
                                        'type': more.pop('type'), **more}
    return {
        'asset': {'version': '2.0'},
        'extensionsUsed': ['EXT_mesh_gpu_instancing'],
        'extensionsRequired': ['EXT_mesh_gpu_instancing'],
        'buffers': [{'byteLength': len(data), 'uri': 'data:application/octet-stream;base64,' +
                     base64.b64encode(data).decode()}],
        'bufferViews': views,
        'accessors': [
            accessor(0, 5126, 3, type='VEC3', min=[0, 0, 0], max=[1, 1, 0]),
            accessor(1, 5126, 3, type='VEC3'),
            accessor(2, 5122, 3, type='VEC4', normalized=True),
            accessor(3, 5126, 3, type='VEC3'),
            accessor(4, 5126, 3, type='SCALAR'),
        ],
        'meshes': [{'primitives': [{'attributes': {'POSITION': 0}}]}],
        'nodes': [{'mesh': 0, 'extensions': {'EXT_mesh_gpu_instancing': {'attributes': {
            'TRANSLATION': 1, 'ROTATION': 2, 'SCALE': 3, '_ID': 4}}}}],
        'scenes': [{'nodes': [0]}],
        'scene': 0,
    }


def convert(src, out, *flags):
    p = subprocess.run([POLYXIOS, 'convert', *flags, src, out], capture_output=True, text=True,
                       stdin=subprocess.DEVNULL, timeout=120)
    check(f'convert {os.path.basename(out)} {flags}', p.returncode == 0, p.stderr)
    return p.stderr


def floats(doc, bin_bytes, index):
    a = doc['accessors'][index]
    v = doc['bufferViews'][a['bufferView']]
    n = a['count'] * {'SCALAR': 1, 'VEC3': 3, 'VEC4': 4}[a['type']]
    check(f'accessor {index} is float', a['componentType'] == 5126)
    return list(struct.unpack_from(f'<{n}f', bin_bytes, v.get('byteOffset', 0)))


def glb_bin(path):
    data = open(path, 'rb').read()
    length = struct.unpack_from('<I', data, 12)[0]
    return data[20 + length + 8:]


def check_written(name, doc, bin_bytes):
    check(f'{name}: used', 'EXT_mesh_gpu_instancing' in doc.get('extensionsUsed', []))
    check(f'{name}: required', 'EXT_mesh_gpu_instancing' in doc.get('extensionsRequired', []))
    attributes = doc['nodes'][0]['extensions']['EXT_mesh_gpu_instancing']['attributes']
    check(f'{name}: attributes', sorted(attributes) == ['ROTATION', 'SCALE', 'TRANSLATION', '_ID'],
          str(attributes))
    return {k: floats(doc, bin_bytes, i) for k, i in attributes.items()}


def near(a, b):
    return len(a) == len(b) and all(abs(x - y) < 1e-4 for x, y in zip(a, b))


with tempfile.TemporaryDirectory() as tmp:
    src = os.path.join(tmp, 'instanced.gltf')
    with open(src, 'w') as f:
        json.dump(source(), f)
    info = subprocess.run([POLYXIOS, 'info', '--json', src], capture_output=True, text=True,
                          timeout=120)
    counts = json.loads(info.stdout)['counts'] if info.returncode == 0 else {}
    check('info counts the instances', counts.get('gpuInstances') == 3, info.stdout + info.stderr)
    glb = os.path.join(tmp, 'instanced.glb')
    stderr = convert(src, glb)
    check('no extension dropped', 'extension-dropped' not in stderr, stderr)
    values = check_written('glb', glb_json(glb), glb_bin(glb))
    check('translations kept', near(values['TRANSLATION'], [1, 0, 0, 0, 2, 0, 0, 0, 3]))
    check('ids kept', near(values['_ID'], [7, 8, 9]))
    h = 0.5 ** 0.5
    check('rotations unit', near(values['ROTATION'], [0, 0, 0, 1, 0, 0, h, h, h, 0, 0, h]),
          str(values['ROTATION']))

    gltf = os.path.join(tmp, 'again.gltf')
    convert(glb, gltf)
    with open(gltf) as f:
        doc = json.load(f)
    with open(os.path.join(tmp, 'again.bin'), 'rb') as f:
        again = check_written('gltf', doc, f.read())
    check('.gltf round trip', all(near(values[k], again[k]) for k in values))

    baked = os.path.join(tmp, 'baked.glb')
    convert(src, baked, '--up-axis', 'z', '--bake-transforms')
    turned = check_written('baked', glb_json(baked), glb_bin(baked))
    # Y up to Z up: y goes to z, z to -y.
    check('baked translations turned', near(turned['TRANSLATION'], [1, 0, 0, 0, 0, 2, 0, -3, 0]),
          str(turned['TRANSLATION']))

    dae = os.path.join(tmp, 'instanced.dae')
    stderr = convert(src, dae)
    check('expansion warned', 'collada.write.instances-expanded' in stderr, stderr)
    check('_ID dropped warned', 'collada.write.instance-attribute-dropped' in stderr and
          '_ID' in stderr, stderr)
    text = open(dae).read()
    check('an <instance_geometry> per instance', text.count('<instance_geometry') == 3)
    schema = Schema(SCHEMA)
    complaint = schema.errors(dae)
    check('the .dae is schema-valid', not complaint, complaint)
    schema.note()

    check_validator_clean(NODE, VALIDATE, [glb, gltf, baked], check)

sys.exit(check.summary())
