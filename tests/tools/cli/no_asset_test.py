#!/usr/bin/python3
"""validate, batch and merge-reports that find no asset (issue 36): a mistyped path, an empty
folder or reports holding no line exit 1, as a usage error, with one line on stderr saying so and
nothing written; --allow-empty makes such a run exit 0. A shard that gets none of a few assets is
no empty run.

  no_asset_test.py POLYXIOS SAMPLE.dae
"""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

POLYXIOS = SAMPLE = None


def run(*args):
    return subprocess.run([POLYXIOS, *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=300)


class NoAssetTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        self.empty = os.path.join(self.dir, 'empty')
        os.mkdir(self.empty)
        with open(os.path.join(self.empty, 'notes.txt'), 'w') as f:
            f.write('not an asset\n')

    def tearDown(self):
        self.tmp.cleanup()

    def assert_no_asset(self, r, command):
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn(f'polyxios: {command}: no asset found in ', r.stderr)
        self.assertIn('--allow-empty', r.stderr)

    def test_validate(self):
        self.assert_no_asset(run('validate', self.empty), 'validate')
        self.assert_no_asset(run('validate', '--json', self.empty), 'validate')
        r = run('validate', '--allow-empty', self.empty)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('0 assets', r.stdout)
        # A mistyped path is an I/O error (3), as before; a folder with an asset passes.
        self.assertEqual(run('validate', os.path.join(self.dir, 'typo')).returncode, 3)
        shutil.copy(SAMPLE, self.empty)
        self.assertEqual(run('validate', self.empty).returncode, 0)

    def test_batch(self):
        out = os.path.join(self.dir, 'out')
        report = os.path.join(self.dir, 'report.jsonl')
        self.assert_no_asset(run('batch', self.empty, out, '--report', report), 'batch')
        self.assertFalse(os.path.exists(report))
        listing = os.path.join(self.dir, 'list.txt')
        with open(listing, 'w') as f:
            f.write('# nothing\n')
        self.assert_no_asset(run('batch', self.empty, out, '--from', listing), 'batch')
        r = run('batch', '--allow-empty', self.empty, out, '--quiet')
        self.assertEqual(r.returncode, 0, r.stderr)
        # Two assets in eight shards: most shards get none, and that is no failure.
        for name in ('a.dae', 'b.dae'):
            shutil.copy(SAMPLE, os.path.join(self.empty, name))
        for k in range(1, 9):
            r = run('batch', self.empty, out, '--shard', f'{k}/8', '--quiet')
            self.assertEqual(r.returncode, 0, (k, r.stderr))

    def test_merge_reports(self):
        empty_report = os.path.join(self.dir, 'empty.jsonl')
        open(empty_report, 'w').close()
        merged = os.path.join(self.dir, 'merged.jsonl')
        self.assert_no_asset(run('merge-reports', empty_report, '-o', merged), 'merge-reports')
        self.assertFalse(os.path.exists(merged))
        r = run('merge-reports', '--allow-empty', empty_report)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('0 assets', r.stdout)


if __name__ == '__main__':
    POLYXIOS, SAMPLE = sys.argv[1:3]
    unittest.main(argv=sys.argv[:1])
