#!/usr/bin/python3
"""convert --compress draco|meshopt and --optimize (issue 14): every mode's output (GLB, and .gltf
with its .bin) has no Khronos validator error, declares its extension as the extension asks
(extensionsUsed with --fallback, extensionsRequired without it, the default since issue 36),
reads back with the triangles of the plain conversion (Draco may drop degenerate ones), and is
the same bytes on every run; the flags' usage errors write nothing.

  compress_test.py POLYXIOS REPO CORPUS NODE

The sample is the repository's robot_arm.dae; with the shared corpus (CORPUS) also a Draco glTF,
a skinned COLLADA file, and two files with tangents. Without node or the validator's
node_modules (tools/bootstrap.sh) the test is skipped (exit 77); with PX_REQUIRE_ALL=1 that, and
a corpus file missing, fail it.
"""
import json
import os
import struct
import subprocess
import sys
import tempfile
import unittest

from cli_checks import required

POLYXIOS = REPO = CORPUS = NODE = None
CORPUS_FILES = [
    'gltf/assimp/draco/2CylinderEngine.gltf',
    'collada/cts/1_5/collada/library_visual_scenes/visual_scene/node/instance_controller/'
    'different_materials_skeletons/different_materials_skeletons.dae',
    'collada/cts/Textures/alpha_transp_from_maya.dae',
    'gltf/assimp/AnimatedMorphSphere/glTF/AnimatedMorphSphere.gltf',
]
# Files whose meshes have morph targets: Draco leaves such a mesh uncompressed, with a warning,
# since it reorders the vertices the targets follow (issue 15 point 1).
MORPHED = {'AnimatedMorphSphere.gltf'}
# Each mode: its flags, the extension, and whether the fallback is left out (the default, issue
# 36: only the compressed data, as gltfpack and glTF-Transform write; --fallback keeps it).
MODES = {
    'draco-fallback': (['--compress', 'draco', '--fallback'], 'KHR_draco_mesh_compression', False),
    'draco': (['--compress', 'draco'], 'KHR_draco_mesh_compression', True),
    'meshopt-fallback': (['--compress', 'meshopt', '--fallback'], 'EXT_meshopt_compression', False),
    'meshopt': (['--compress', 'meshopt', '--optimize'], 'EXT_meshopt_compression', True),
}


def run(*args):
    return subprocess.run([POLYXIOS, *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=600)


def glb_json(path):
    with open(path, 'rb') as f:
        data = f.read()
    length = struct.unpack('<I', data[12:16])[0]
    return json.loads(data[20:20 + length])


def triangles(path):
    r = run('info', path, '--json')
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)['counts']['triangles']


def inputs():
    files = [os.path.join(REPO, 'corpus', 'samples', 'robot_arm.dae')]
    for f in CORPUS_FILES:
        if os.path.isfile(os.path.join(CORPUS, f)):
            files.append(os.path.join(CORPUS, f))
        else:
            required.skip_part(f"corpus file {os.path.join(CORPUS, f)}")
    return files


class CompressTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def test_usage_errors_write_nothing(self):
        sample = inputs()[0]
        out = os.path.join(self.dir, 'x.glb')
        for flags in (['--compress', 'zstd'], ['--compress-only'], ['--fallback'],
                      ['--compress', 'draco', '--fallback', '--compress-only'],
                      ['--draco-level', '3'],
                      ['--compress', 'meshopt', '--draco-position-bits', '12'],
                      ['--compress', 'draco', '--draco-position-bits', '31'],
                      ['--compress', 'draco', '--draco-level', '11']):
            r = run('convert', sample, out, *flags)
            self.assertEqual(r.returncode, 1, (flags, r.stderr))
            self.assertFalse(os.path.exists(out), flags)
        for flags in (['--compress', 'draco'], ['--optimize']):
            r = run('convert', sample, os.path.join(self.dir, 'x.dae'), *flags)
            self.assertEqual(r.returncode, 1, r.stderr)
        self.assertEqual(os.listdir(self.dir), [])

    def test_the_default_writes_only_the_compressed_data(self):
        # Issue 36: --compress alone leaves the fallback out (smaller, the extension required);
        # --compress-only, which asked for that before, names the default.
        source = inputs()[0]
        for method in ('draco', 'meshopt'):
            sizes = {}
            for mode, extra in (('default', []), ('only', ['--compress-only']),
                                ('fallback', ['--fallback'])):
                out = os.path.join(self.dir, f'{method}-{mode}.glb')
                r = run('convert', source, out, '--quiet', '--compress', method, *extra)
                self.assertEqual(r.returncode, 0, (method, mode, r.stderr))
                sizes[mode] = os.path.getsize(out)
            self.assertLess(sizes['default'], sizes['fallback'], method)
            with open(os.path.join(self.dir, f'{method}-default.glb'), 'rb') as a, \
                    open(os.path.join(self.dir, f'{method}-only.glb'), 'rb') as b:
                self.assertEqual(a.read(), b.read(), method)
            doc = glb_json(os.path.join(self.dir, f'{method}-default.glb'))
            self.assertEqual(len(doc.get('extensionsRequired', [])), 1, method)

    def test_every_mode_validates_declares_its_extension_and_reads_back(self):
        outputs = []
        for i, source in enumerate(inputs()):
            plain = os.path.join(self.dir, f'{i}-plain.glb')
            self.assertEqual(run('convert', source, plain, '--quiet').returncode, 0, source)
            for mode, (flags, extension, only) in MODES.items():
                out = os.path.join(self.dir, f'{i}-{mode}.glb')
                r = run('convert', source, out, *flags)
                self.assertEqual(r.returncode, 0, (source, mode, r.stderr))
                doc = glb_json(out)
                if mode.startswith('draco') and os.path.basename(source) in MORPHED:
                    self.assertNotIn(extension, doc.get('extensionsUsed', []), (source, mode))
                    self.assertIn('gltf.write.draco-morph-uncompressed', r.stderr, (source, mode))
                else:
                    self.assertIn(extension, doc.get('extensionsUsed', []), (source, mode))
                    self.assertEqual(extension in doc.get('extensionsRequired', []), only,
                                     (source, mode))
                # Draco drops degenerate triangles; nothing else is lost (meshopt keeps them).
                self.assertLessEqual(triangles(out), triangles(plain), (source, mode))
                self.assertGreater(triangles(out), 0.95 * triangles(plain), (source, mode))
                again = os.path.join(self.dir, f'{i}-{mode}-again.glb')
                self.assertEqual(run('convert', source, again, '--quiet', *flags).returncode, 0)
                with open(out, 'rb') as a, open(again, 'rb') as b:
                    self.assertEqual(a.read(), b.read(), (source, mode, 'not deterministic'))
                outputs.append(out)
                if mode.startswith('meshopt'):
                    self.assertEqual(triangles(out), triangles(plain), (source, mode))
            for mode in ('draco', 'meshopt'):
                gltf = os.path.join(self.dir, f'{i}-{mode}.gltf')
                self.assertEqual(run('convert', source, gltf, '--quiet', '--compress', mode)
                                 .returncode, 0)
                outputs.append(gltf)
        r = subprocess.run([NODE, os.path.join(REPO, 'tests', 'validator', 'validate.mjs'),
                            '--json', '--allow-missing-images', *outputs],
                           capture_output=True, text=True, timeout=600)
        self.assertEqual(r.returncode, 0, r.stderr)
        reports = [json.loads(line) for line in r.stdout.splitlines() if line.strip()]
        self.assertEqual(len(reports), len(outputs))
        for report in reports:
            self.assertEqual(report['errors'], 0, report)


if __name__ == '__main__':
    POLYXIOS, REPO, CORPUS, NODE = sys.argv[1:5]
    validator = os.path.join(REPO, 'tests', 'validator', 'node_modules', 'gltf-validator')
    if not NODE or not os.path.exists(NODE) or not os.path.isdir(validator):
        required.skip('node or tests/validator/node_modules absent (tools/bootstrap.sh)')
    unittest.main(argv=sys.argv[:1] + sys.argv[5:])
