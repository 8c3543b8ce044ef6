#!/usr/bin/python3
"""A .gltf or .dae written to another folder than its input's carries its image files (issue 36):
each image it names by a relative URI is copied beside the output at the path that URI names, so
the URI, kept as the input spelled it, resolves; a file there with the same bytes is left alone,
a different one is never replaced: the copy takes the next free name (maps/wood-1.png, ...), the
URI names it, and gltf.write.image-renamed / collada.write.image-renamed (an info) says so. No
file is written through a symlink leading out of the output's folder: that warns
gltf.write.image-not-copied / collada.write.image-not-copied. A document that fails to commit
takes back the images carried for it. A GLB embeds the PNG and copies nothing. The .gltf passes the Khronos validator with its image checked.

  image_files_test.py POLYXIOS NODE VALIDATE_MJS
"""
import json
import os
import struct
import subprocess
import sys
import tempfile
import unittest
import zlib

from cli_checks import Validator
from cli_documents import textured_triangle_dae

POLYXIOS = NODE = VALIDATE = None
URI = 'maps/wood.png'


def png(rgb):
    """A 1x1 PNG of that colour."""
    def chunk(kind, data):
        return (struct.pack('>I', len(data)) + kind + data +
                struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff))
    header = struct.pack('>IIBBBBB', 1, 1, 8, 2, 0, 0, 0)
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) +
            chunk(b'IDAT', zlib.compress(b'\x00' + bytes(rgb))) + chunk(b'IEND', b''))


def run(*args):
    return subprocess.run([POLYXIOS, *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=120)


def read(path):
    with open(path, 'rb') as f:
        return f.read()


class ImageFilesTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        self.src = os.path.join(self.dir, 'src')
        os.makedirs(os.path.join(self.src, 'maps'))
        self.image = png((200, 120, 40))
        with open(os.path.join(self.src, URI), 'wb') as f:
            f.write(self.image)
        self.dae = os.path.join(self.src, 'scene.dae')
        with open(self.dae, 'w') as f:
            f.write(textured_triangle_dae(URI))

    def tearDown(self):
        self.tmp.cleanup()

    def convert(self, source, out, *flags):
        r = run('convert', source, out, *flags)
        self.assertEqual(r.returncode, 0, r.stderr)
        return r.stderr

    def test_copied_beside_a_gltf_and_a_dae_the_uri_kept(self):
        for name in ('scene.gltf', 'scene.dae'):
            out = os.path.join(self.dir, 'out-' + name.split('.')[1], 'deeper', name)
            os.makedirs(os.path.dirname(out))
            warnings = self.convert(self.dae, out)
            self.assertNotIn('image-not-copied', warnings)
            self.assertEqual(read(os.path.join(os.path.dirname(out), URI)), self.image, name)
            with open(out) as f:
                text = f.read()
            self.assertIn(f'"{URI}"' if name.endswith('.gltf') else f'>{URI}<', text)
        gltf = os.path.join(self.dir, 'out-gltf', 'deeper', 'scene.gltf')
        with open(gltf) as f:
            self.assertEqual([i['uri'] for i in json.load(f)['images']], [URI])
        errors = Validator(NODE, VALIDATE, timeout=120).errors(gltf)  # images checked too
        if errors is not None:
            self.assertEqual(errors, [])
        # And on again, .gltf to .dae in a third folder.
        third = os.path.join(self.dir, 'third', 'again.dae')
        os.makedirs(os.path.dirname(third))
        self.assertNotIn('image-not-copied', self.convert(gltf, third))
        self.assertEqual(read(os.path.join(self.dir, 'third', URI)), self.image)

    def test_beside_its_input_nothing_is_touched(self):
        before = os.stat(os.path.join(self.src, URI)).st_mtime_ns
        self.assertNotIn('image-not-copied',
                         self.convert(self.dae, os.path.join(self.src, 'copy.gltf')))
        self.assertEqual(os.stat(os.path.join(self.src, URI)).st_mtime_ns, before)

    def test_a_different_file_there_is_kept_and_the_copy_takes_the_next_free_name(self):
        other = png((1, 2, 3))
        renamed = 'maps/wood-2.png'
        for ext, code in (('gltf', 'gltf.write.image-renamed'),
                          ('dae', 'collada.write.image-renamed')):
            out_dir = os.path.join(self.dir, 'taken-' + ext)
            os.makedirs(os.path.join(out_dir, 'maps'))
            for taken in (URI, 'maps/wood-1.png'):
                with open(os.path.join(out_dir, taken), 'wb') as f:
                    f.write(other)
            out = os.path.join(out_dir, 'scene.' + ext)
            for run_number in (1, 2):  # the second finds its own copy and takes it again
                notes = self.convert(self.dae, out)
                self.assertIn(f'note: {code}', notes)
                self.assertIn(f'{URI} -> {renamed}', notes)
                self.assertNotIn('image-not-copied', notes)
                self.assertEqual(read(os.path.join(out_dir, URI)), other)
                self.assertEqual(read(os.path.join(out_dir, 'maps/wood-1.png')), other)
                self.assertEqual(read(os.path.join(out_dir, renamed)), self.image)
                self.assertEqual(sorted(os.listdir(os.path.join(out_dir, 'maps'))),
                                 ['wood-1.png', 'wood-2.png', 'wood.png'], run_number)
                with open(out) as f:
                    text = f.read()
                self.assertIn(f'"{renamed}"' if ext == 'gltf' else f'>{renamed}<', text)
            if ext == 'gltf':
                errors = Validator(NODE, VALIDATE, timeout=120).errors(out)  # the copy checked
                if errors is not None:
                    self.assertEqual(errors, [])

    def test_no_file_is_written_through_a_symlink_leading_out(self):
        outside = os.path.join(self.dir, 'outside')
        out_dir = os.path.join(self.dir, 'linked')
        os.makedirs(outside)
        os.makedirs(out_dir)
        os.symlink(outside, os.path.join(out_dir, 'maps'))
        warnings = self.convert(self.dae, os.path.join(out_dir, 'scene.gltf'))
        self.assertIn('gltf.write.image-not-copied', warnings)
        self.assertEqual(os.listdir(outside), [])

    def test_a_document_that_fails_to_commit_takes_back_its_images(self):
        # A folder where the document goes: its images are carried and its .bin made, then its
        # rename fails; none of them, nor the folder made for the image, is left.
        for ext in ('gltf', 'dae'):
            out_dir = os.path.join(self.dir, 'blocked-' + ext)
            os.makedirs(os.path.join(out_dir, 'scene.' + ext, 'inside'))
            r = run('convert', self.dae, os.path.join(out_dir, 'scene.' + ext))
            self.assertEqual(r.returncode, 3, r.stderr)
            self.assertEqual(os.listdir(out_dir), ['scene.' + ext], ext)
            self.assertEqual(os.listdir(os.path.join(out_dir, 'scene.' + ext)), ['inside'])

    def test_a_glb_embeds_and_copies_nothing(self):
        out_dir = os.path.join(self.dir, 'glb')
        os.makedirs(out_dir)
        self.convert(self.dae, os.path.join(out_dir, 'scene.glb'))
        self.assertEqual(os.listdir(out_dir), ['scene.glb'])


if __name__ == '__main__':
    POLYXIOS, NODE, VALIDATE = sys.argv[1:4]
    unittest.main(argv=sys.argv[:1])
