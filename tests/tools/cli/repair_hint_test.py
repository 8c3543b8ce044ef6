#!/usr/bin/python3
"""A refusal the --repair mode would read says so (issue 36): its message ends
"; --repair reads it" (an array count its content disagrees with, an index past its source, an
unresolved #url --repair drops), one it does not read does not; batch's summary counts them.
Documents made here, so that it runs without the shared corpus (cli_repair checks the corpus).

  repair_hint_test.py POLYXIOS SAMPLE.dae
"""
import os
import re
import subprocess
import sys
import tempfile
import unittest

POLYXIOS = SAMPLE = None
HINT = '; --repair reads it'


def run(*args):
    return subprocess.run([POLYXIOS, *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=120)


class RepairHintTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        with open(SAMPLE) as f:
            sample = f.read()
        array = re.search(r'<float_array id="([^"]+)" count="(\d+)"', sample)
        self.docs = {
            # count one past the content: --repair takes the content's
            'count.dae': sample.replace(array.group(0), array.group(0).replace(
                f'count="{array.group(2)}"', f'count="{int(array.group(2)) + 1}"'), 1),
            # an instance_geometry naming an id the document lacks: --repair drops it
            'url.dae': re.sub(r'<instance_geometry url="#[^"]+"',
                             '<instance_geometry url="#nowhere"',
                             sample, count=1),
            # not COLLADA at all: --repair reads it no better
            'root.dae': '<?xml version="1.0"?><scene/>',
        }
        self.src = os.path.join(self.dir, 'src')
        os.mkdir(self.src)
        for name, text in self.docs.items():
            with open(os.path.join(self.src, name), 'w') as f:
                f.write(text)

    def tearDown(self):
        self.tmp.cleanup()

    def test_the_refusal_says_so_and_repair_reads_it(self):
        for name, readable in (('count.dae', True), ('url.dae', True), ('root.dae', False)):
            path = os.path.join(self.src, name)
            r = run('convert', path, os.path.join(self.dir, 'x.glb'))
            self.assertEqual(r.returncode, 2, (name, r.stderr))
            self.assertEqual(r.stderr.rstrip('\n').endswith(HINT), readable, (name, r.stderr))
            r = run('convert', '--repair', path, os.path.join(self.dir, 'x.glb'))
            self.assertEqual(r.returncode, 0 if readable else 2, (name, r.stderr))
            self.assertNotIn(HINT, r.stderr, name)

    def test_batch_counts_them(self):
        r = run('batch', self.src, os.path.join(self.dir, 'out'), '--quiet', '-j', '1')
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn('3 refused (2 of them readable with --repair)', r.stdout)


if __name__ == '__main__':
    POLYXIOS, SAMPLE = sys.argv[1:3]
    unittest.main(argv=sys.argv[:1])
