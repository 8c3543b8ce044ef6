#!/usr/bin/python3
"""--repair (issue 15, point 12) on the shared COLLADA corpus and on the command line.

Every corpus file the spec refuses (tests/corpus/expected_refusals.tsv: 41 when --repair came -
array counts, indices past their source, decimal commas, unresolved #urls, and rules --repair
leaves alone, non-finite numbers, malformed XML; fewer since point 8 follows other documents'
#urls, which 7 refused) is still refused without it, by the rule the table records; batch --repair
converts at least the 29 it was measured to convert, each with a collada.repair.* warning, each
GLB free of Khronos validator errors and each .dae valid against the COLLADA 1.4.1 schema. On the
command line convert, info, validate and batch take the flag.

  repair_test.py POLYXIOS CORPUS NODE VALIDATE_MJS SCHEMA

Without the corpus, node, the validator's node_modules or xmllint it is skipped (exit 77), or
fails with PX_REQUIRE_ALL=1.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from cli_checks import required

POLYXIOS = CORPUS = NODE = VALIDATE = SCHEMA = None
TABLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'corpus',
                     'expected_refusals.tsv')
# The corpus files refused by default, under CORPUS/collada, and the rule of each.
with open(TABLE) as f:
    REFUSED = {path.removeprefix('collada/'): rule
               for path, rule in (line.rstrip('\n').split('\t') for line in f
                                  if line.strip() and not line.startswith('#'))
               if path.startswith('collada/')}
# Measured when --repair came; more is better, fewer a regression.
CONVERTED_AT_LEAST = 29


def run(*args):
    return subprocess.run([POLYXIOS, *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=600)


class RepairTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        self.src = os.path.join(CORPUS, 'collada')
        self.listing = os.path.join(self.dir, 'refused.txt')
        with open(self.listing, 'w') as f:
            f.write('\n'.join(REFUSED) + '\n')

    def tearDown(self):
        self.tmp.cleanup()

    def batch(self, to, *flags):
        out = os.path.join(self.dir, to + ''.join(flags))
        report = out + '.jsonl'
        r = run('batch', self.src, out, '--from', self.listing, '--to', to, '-j', '2',
                '--quiet', '--report', report, *flags)
        self.assertIn(r.returncode, (0, 2), r.stderr)
        with open(report) as f:
            return out, {e['input']: e for e in map(json.loads, f)}

    def test_refused_by_default(self):
        _, report = self.batch('glb')
        self.assertEqual(sorted(report), sorted(REFUSED))
        for name, entry in report.items():
            self.assertEqual(entry['outcome'], 'refused', name)
            self.assertEqual(entry.get('rule'), REFUSED[name], name)

    def test_repair_converts_validator_clean_and_schema_valid(self):
        out, report = self.batch('glb', '--repair')
        converted = sorted(n for n, e in report.items() if e['outcome'] == 'converted')
        print(f'--repair converts {len(converted)} of {len(REFUSED)} refused files',
              file=sys.stderr)
        self.assertGreaterEqual(len(converted), CONVERTED_AT_LEAST)
        for name in converted:
            codes = report[name]['warnings']
            self.assertTrue(any(c.startswith('collada.repair.') for c in codes), (name, codes))
        glbs = [os.path.join(out, report[n]['output']) for n in converted]
        p = subprocess.run([NODE, VALIDATE, '--json', *glbs], capture_output=True, text=True,
                           timeout=600)
        self.assertEqual(p.returncode, 0, p.stderr)
        for line in p.stdout.splitlines():
            entry = json.loads(line)
            self.assertEqual(entry['errors'], 0, f"{entry['file']}: {entry['messages']}")
        dae_out, dae_report = self.batch('dae', '--repair')
        for name in converted:  # a .dae also holds what glTF refuses (the INF files)
            self.assertEqual(dae_report[name]['outcome'], 'converted', name)
        x = subprocess.run(['xmllint', '--noout', '--schema', SCHEMA,
                            *[os.path.join(dae_out, dae_report[n]['output']) for n in converted]],
                           capture_output=True, text=True)
        self.assertEqual(x.returncode, 0, x.stderr[-2000:])

    def test_a_refusal_the_repair_reads_says_so(self):
        # Issue 36: each refusal --repair reads ends "; --repair reads it", and batch's summary
        # counts them; a refusal it leaves alone does not say so.
        _, refused = self.batch('glb')
        _, repaired = self.batch('glb', '--repair')
        said = {n for n, e in refused.items() if e['message'].endswith('; --repair reads it')}
        read = {n for n, e in repaired.items() if e['outcome'] == 'converted'}
        print(f'{len(said)} refusals say --repair reads them; --repair reads {len(read)}',
              file=sys.stderr)
        self.assertEqual(read - said, set())
        self.assertEqual(said - read, set())
        r = run('batch', self.src, os.path.join(self.dir, 'summary'), '--from', self.listing,
                '-j', '2', '--quiet')
        self.assertIn(f'{len(REFUSED)} refused ({len(said)} of them readable with --repair)',
                      r.stdout)

    def test_command_line(self):
        teapots = os.path.join(self.src, 'assimp/teapots.DAE')
        out = os.path.join(self.dir, 'teapots.glb')
        r = run('convert', teapots, out)
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn('number.not-a-number', r.stderr)
        self.assertFalse(os.path.exists(out))
        r = run('convert', '--repair', teapots, out)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('collada.repair.decimal-comma', r.stderr)
        self.assertTrue(os.path.exists(out))
        r = run('info', '--repair', '--json', teapots)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('collada.repair.decimal-comma', r.stdout)
        self.assertEqual(run('info', teapots).returncode, 2)
        self.assertEqual(run('validate', teapots).returncode, 2)
        r = run('validate', '--repair', teapots)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn('collada.repair.decimal-comma', r.stdout)
        # Each command that reads takes it, as its own --help says.
        for command in ('convert', 'info', 'validate', 'batch'):
            self.assertIn('--repair', run(command, '--help').stdout, command)


def main():
    global POLYXIOS, CORPUS, NODE, VALIDATE, SCHEMA
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    POLYXIOS, CORPUS, NODE, VALIDATE, SCHEMA = sys.argv[1:]
    modules = os.path.join(os.path.dirname(VALIDATE), 'node_modules')
    collada = os.path.join(CORPUS, 'collada')
    needed = [(collada, os.path.isdir(collada)), ('node', NODE), (modules, os.path.isdir(modules)),
              ('xmllint', shutil.which('xmllint'))]
    missing = [what for what, present in needed if not present]
    if missing:
        required.skip(f"absent: {', '.join(missing)}")
    unittest.main(argv=sys.argv[:1], verbosity=2)


if __name__ == '__main__':
    main()
