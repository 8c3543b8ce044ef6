#!/usr/bin/env python3
"""batch over the shared COLLADA corpus (issue 11): every file ends in one of the outcomes, the
report has one line per file, and a second run with --resume converts nothing. Exit 77 (skipped)
where the corpus is absent, 1 with PX_REQUIRE_ALL=1.

  batch_corpus_test.py --polyxios BIN --corpus DIR
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

from cli_checks import required

OUTCOMES = {'converted', 'refused', 'failed'}  # a failed line names its reason in 'failure'
ASSET_SUFFIXES = ('.dae', '.dae.gz', '.zae', '.gltf', '.glb')


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--polyxios', required=True)
    parser.add_argument('--corpus', required=True)
    args = parser.parse_args()
    if not os.path.isdir(args.corpus):
        required.skip(f'no corpus at {args.corpus}')
    assets = set()
    for folder, _, names in os.walk(args.corpus):
        for name in names:
            if name.lower().endswith(ASSET_SUFFIXES) and len(name) > 4:
                assets.add(os.path.relpath(os.path.join(folder, name), args.corpus))
    work = tempfile.mkdtemp(prefix='px_batch_corpus_')
    failures = []
    try:
        out = os.path.join(work, 'out')
        report = os.path.join(work, 'report.jsonl')
        first = subprocess.run([args.polyxios, 'batch', args.corpus, out, '--report', report,
                                '--timeout', '120', '--quiet'], capture_output=True)
        lines = [json.loads(l) for l in open(report) if l.strip()]
        inputs = [l['input'] for l in lines]
        if len(inputs) != len(set(inputs)):
            failures.append('an input has two lines')
        if set(inputs) != assets:
            failures.append(f'report inputs differ from the corpus: {len(set(inputs) ^ assets)}')
        for l in lines:
            if l['outcome'] not in OUTCOMES:
                failures.append(f"{l['input']}: outcome {l['outcome']}")
            if l['outcome'] == 'failed':
                failures.append(f"{l['input']}: {l.get('failure')}: {l.get('message')}")
            if l['outcome'] == 'converted' and not os.path.isfile(os.path.join(out, l['output'])):
                failures.append(f"{l['input']}: converted but {l['output']} is missing")
            if l['outcome'] == 'refused' and not l.get('rule'):
                failures.append(f"{l['input']}: refused without a rule")
        counts = {o: sum(1 for l in lines if l['outcome'] == o) for o in sorted(OUTCOMES)}
        print(f'{len(lines)} assets: {counts}; exit {first.returncode}')
        print(first.stdout.decode(errors='replace'), end='')
        want_exit = 2 if counts['refused'] else 0
        if first.returncode != want_exit:
            failures.append(f'exit {first.returncode}, expected {want_exit}')
        second = subprocess.run([args.polyxios, 'batch', args.corpus, out, '--report', report,
                                 '--resume', '--quiet'], capture_output=True)
        print(second.stdout.decode(errors='replace'), end='')
        if b' 0 converted' not in second.stdout:
            failures.append('the resumed run converted something')
        if f"{counts['converted']} skipped".encode() not in second.stdout:
            failures.append('the resumed run did not skip every converted asset')
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for f in failures[:30]:
        print('FAIL:', f)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
