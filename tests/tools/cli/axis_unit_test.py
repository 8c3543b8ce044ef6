#!/usr/bin/python3
"""convert --up-axis / --meters / --bake-transforms (issue 15, point 13): Z-up and X-up corpus
files in centimetres and inches turned to Y-up metres, as a root node and baked. Each GLB has no
Khronos validator error, each .dae is schema-valid and records Y_UP and meter 1, the world-space
bounds of both modes agree and are the default conversion's turned and scaled, outputs are the
same bytes on every run, batch writes what convert writes, and the default conversion records the
source's axis untouched. The flags' usage errors write nothing.

  axis_unit_test.py POLYXIOS CORPUS NODE VALIDATE_MJS SCHEMA

Without the corpus, node, the validator's node_modules (tools/bootstrap.sh) or xmllint it is
skipped (exit 77), or fails with PX_REQUIRE_ALL=1.
"""
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest

from cli_checks import required

POLYXIOS = CORPUS = NODE = VALIDATE = SCHEMA = None
# Each file: its path under the corpus, its up axis and metres per unit.
FILES = [
    ('collada/cts/collada/library_controllers/controller/skin/skin_1_influence/'
     'skin_1_influence.dae', 'Z', 0.01),  # 3ds Max: a skin, a camera, a light
    ('collada/assimp/box_nested_animation.dae', 'Z', 1),  # animations and a skin
    ('collada/assimp/anims_with_full_rotations_between_keys.DAE', 'Z', 1),  # 180 animations
    ('collada/assimp/cameras.dae', 'Z', 1),
    ('collada/cts/collada/asset/up_axis/z_up/z_up.dae', 'Z', 0.0254),
    ('collada/cts/collada/asset/up_axis/x_up/x_up.dae', 'X', 0.0254),
]


def run(*args):
    return subprocess.run([POLYXIOS, *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=600)


def glb_json(path):
    with open(path, 'rb') as f:
        data = f.read()
    length = struct.unpack('<I', data[12:16])[0]
    return json.loads(data[20:20 + length])


def bounds(path):
    r = run('info', path, '--json')
    assert r.returncode == 0, r.stderr
    b = json.loads(r.stdout)['bounds']
    return None if b is None else (b['min'], b['max'])


def to_y_up(axis, scale, box):
    """The box of the default conversion (in the source's frame) in Y-up metres."""
    if box is None:  # nothing to show: a file of cameras
        return None
    lo, hi = box
    if axis == 'Z':  # (x, y, z) -> (x, z, -y)
        return [lo[0] * scale, lo[2] * scale, -hi[1] * scale], \
               [hi[0] * scale, hi[2] * scale, -lo[1] * scale]
    if axis == 'X':  # (x, y, z) -> (-y, x, z)
        return [-hi[1] * scale, lo[0] * scale, lo[2] * scale], \
               [-lo[1] * scale, hi[0] * scale, hi[2] * scale]
    return [v * scale for v in lo], [v * scale for v in hi]


class AxisUnitTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def assertBoxEqual(self, a, b, what):
        if a is None or b is None:
            self.assertEqual(a, b, what)
            return
        size = max(max(abs(v) for v in a[0] + a[1] + b[0] + b[1]), 1e-6)
        for x, y in zip(a[0] + a[1], b[0] + b[1]):
            self.assertLess(abs(x - y), 1e-5 * size, f'{what}: {a} vs {b}')

    def validate(self, files):
        p = subprocess.run([NODE, VALIDATE, '--json', *files], capture_output=True, text=True,
                           timeout=600)
        self.assertEqual(p.returncode, 0, p.stderr)
        for line in p.stdout.splitlines():
            report = json.loads(line)
            self.assertEqual(report['errors'], 0, f"{report['file']}: {report['messages']}")

    def test_both_modes_agree_validate_and_follow_the_default(self):
        glbs = []
        for relative, axis, scale in FILES:
            source = os.path.join(CORPUS, relative)
            name = os.path.splitext(os.path.basename(relative))[0]
            plain = os.path.join(self.dir, name + '.plain.glb')
            r = run('convert', source, plain, '--quiet')
            self.assertEqual(r.returncode, 0, r.stderr)
            # The default records the source's axis and applies nothing.
            self.assertEqual(glb_json(plain)['asset']['extras']['up_axis'], axis + '_UP')
            want = to_y_up(axis, scale, bounds(plain))
            for mode, flags in (('root', []), ('baked', ['--bake-transforms'])):
                out = os.path.join(self.dir, f'{name}.{mode}.glb')
                args = [source, out, '--up-axis', 'y', '--meters', *flags]
                r = run('convert', *args)
                self.assertEqual(r.returncode, 0, r.stderr)
                with open(out, 'rb') as f:
                    first = f.read()
                r = run('convert', *args)
                with open(out, 'rb') as f:
                    self.assertEqual(f.read(), first, f'{name} {mode}: not deterministic')
                doc = glb_json(out)
                self.assertEqual(doc['asset']['extras']['up_axis'], 'Y_UP')
                self.assertEqual(doc['asset']['extras']['unit']['meter'], 1)
                self.assertBoxEqual(bounds(out), want, f'{name} {mode}')
                glbs.append(out)
                dae = os.path.join(self.dir, f'{name}.{mode}.dae')
                r = run('convert', source, dae, '--up-axis', 'y', '--meters', *flags)
                self.assertEqual(r.returncode, 0, r.stderr)
                x = subprocess.run(['xmllint', '--noout', '--schema', SCHEMA, dae],
                                   capture_output=True, text=True)
                self.assertEqual(x.returncode, 0, x.stderr)
                with open(dae, encoding='utf-8') as f:
                    text = f.read()
                self.assertIn('<up_axis>Y_UP</up_axis>', text)
                self.assertRegex(text, r'<unit [^>]*meter="1"')
                self.assertBoxEqual(bounds(dae), want, f'{name} {mode} as COLLADA')
        self.validate(glbs)

    def test_gltf_input_is_corrected_from_the_record_polyxios_left(self):
        # A default conversion keeps the source's axis and unit in asset.extras, so converting
        # that GLB corrects it as the source would be; a glTF without a record is Y-up metres.
        relative, _, _ = FILES[0]
        source = os.path.join(CORPUS, relative)
        plain, direct, again, twice = (os.path.join(self.dir, n + '.glb')
                                       for n in ('plain', 'direct', 'again', 'twice'))
        self.assertEqual(run('convert', source, plain).returncode, 0)
        flags = ['--up-axis', 'y', '--meters']
        self.assertEqual(run('convert', source, direct, *flags).returncode, 0)
        self.assertEqual(run('convert', plain, again, *flags).returncode, 0)
        self.assertBoxEqual(bounds(again), bounds(direct), 'through a plain GLB')
        self.assertEqual(run('convert', again, twice, *flags, '--bake-transforms').returncode, 0)
        self.assertBoxEqual(bounds(twice), bounds(direct), 'already Y-up metres')
        self.assertEqual(len(glb_json(twice)['nodes']), len(glb_json(again)['nodes']))

    def test_a_baked_animation_keeps_its_channel_and_turns_its_keys(self):
        relative, _, _ = FILES[1]
        source = os.path.join(CORPUS, relative)
        out = os.path.join(self.dir, 'anim.glb')
        r = run('convert', source, out, '--up-axis', 'y', '--meters', '--bake-transforms')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertNotIn('scene.axis', r.stderr)
        plain = os.path.join(self.dir, 'anim.plain.glb')
        self.assertEqual(run('convert', source, plain).returncode, 0)
        a, b = glb_json(plain), glb_json(out)
        self.assertEqual([len(x['channels']) for x in a.get('animations', [])],
                         [len(x['channels']) for x in b.get('animations', [])])
        self.assertTrue(b.get('animations'), 'the file lost its animation')

    def test_batch_writes_what_convert_writes(self):
        src = os.path.join(self.dir, 'src')
        os.makedirs(src)
        relative = FILES[0][0]
        shutil.copy(os.path.join(CORPUS, relative), os.path.join(src, 'a.dae'))
        one = os.path.join(self.dir, 'one.glb')
        flags = ['--up-axis', 'y', '--meters', '--bake-transforms']
        self.assertEqual(run('convert', os.path.join(src, 'a.dae'), one, *flags).returncode, 0)
        r = run('batch', src, os.path.join(self.dir, 'out'), '-j', '1', '--quiet', *flags)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(one, 'rb') as f, open(os.path.join(self.dir, 'out', 'a.glb'), 'rb') as g:
            self.assertEqual(f.read(), g.read())

    def test_usage_errors_write_nothing(self):
        source = os.path.join(CORPUS, FILES[0][0])
        out = os.path.join(self.dir, 'x.glb')
        for flags in (['--up-axis', 'w'], ['--up-axis', 'Z_UP'], ['--bake-transforms']):
            r = run('convert', source, out, *flags)
            self.assertEqual(r.returncode, 1, f'{flags}: {r.stderr}')
            self.assertFalse(os.path.exists(out), flags)
        r = run('batch', self.dir, os.path.join(self.dir, 'o'), '--bake-transforms')
        self.assertEqual(r.returncode, 1, r.stderr)


def main():
    global POLYXIOS, CORPUS, NODE, VALIDATE, SCHEMA
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    POLYXIOS, CORPUS, NODE, VALIDATE, SCHEMA = sys.argv[1:]
    modules = os.path.join(os.path.dirname(VALIDATE), 'node_modules')
    corpus_files = [os.path.join(CORPUS, f[0]) for f in FILES]
    needed = [(path, os.path.isfile(path)) for path in corpus_files]
    needed += [('node', NODE), (modules, os.path.isdir(modules)),
               ('xmllint', shutil.which('xmllint'))]
    missing = [what for what, present in needed if not present]
    if missing:
        required.skip(f"absent: {', '.join(missing)}")
    unittest.main(argv=sys.argv[:1], verbosity=2)


if __name__ == '__main__':
    main()
