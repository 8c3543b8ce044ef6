#!/usr/bin/env python3
"""Digests of every output polyxios writes for every file of the shared corpus, so that a refactor
can prove it changed no byte (issue 35).

  tools/output_digests.py POLYXIOS CORPUS OUT.tsv [-j N] [--match REGEX]

Each COLLADA (.dae, .DAE, .dae.gz, .zae) and glTF (.gltf, .glb) input is converted to .glb,
.gltf (+ .bin) and .dae with the default options, and to glTF also with --compress draco,
--compress meshopt, --optimize, --up-axis z --meters and --repair (to .dae with the last two:
compression writes glTF only). A line per conversion: input (relative to CORPUS), output kind,
options, exit code, the SHA-256 of each file written and of what stderr said (the warnings, with
the corpus folder spelled CORPUS). Sorted, so two runs compare with `diff`. `--match` keeps the
inputs whose path (relative to CORPUS) matches REGEX, for a quick check of part of the corpus
against the matching lines of a full table.
"""
import argparse
import concurrent.futures
import hashlib
import os
import re
import subprocess
import sys
import tempfile

GLTF_OPTIONS = [[], ['--compress', 'draco'], ['--compress', 'meshopt'], ['--optimize'],
                ['--up-axis', 'z', '--meters'], ['--repair']]
DAE_OPTIONS = [[], ['--up-axis', 'z', '--meters'], ['--repair']]


def inputs(corpus):
    found = []
    for folder, _, names in os.walk(corpus):
        for name in names:
            lower = name.lower()
            if lower.endswith(('.dae', '.dae.gz', '.zae', '.gltf', '.glb')):
                found.append(os.path.relpath(os.path.join(folder, name), corpus))
    return sorted(found)


def sha(data):
    return hashlib.sha256(data).hexdigest()[:32]


def convert(polyxios, corpus, relative, kind, options):
    with tempfile.TemporaryDirectory(prefix='px_digest_') as work:
        out = os.path.join(work, 'out.' + kind)
        p = subprocess.run([polyxios, 'convert', os.path.join(corpus, relative), out, *options],
                           capture_output=True, cwd=work, timeout=600)
        files = []
        # every file written, the image files a .gltf or .dae carries into subfolders too
        names = sorted(os.path.relpath(os.path.join(folder, name), work)
                       for folder, _, found in os.walk(work) for name in found)
        for name in names:
            with open(os.path.join(work, name), 'rb') as f:
                files.append(f'{name}={sha(f.read())}')
        err = p.stderr.replace(os.fsencode(corpus), b'CORPUS').replace(os.fsencode(work), b'WORK')
        return '\t'.join([relative, kind, ' '.join(options) or '-', str(p.returncode),
                          ','.join(files) or '-', sha(err)])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('polyxios')
    parser.add_argument('corpus')
    parser.add_argument('out')
    parser.add_argument('-j', type=int, default=os.cpu_count())
    parser.add_argument('--match', default='', help='only inputs whose relative path matches')
    args = parser.parse_args()
    polyxios = os.path.abspath(args.polyxios)
    corpus = os.path.abspath(args.corpus)
    jobs = []
    for relative in (r for r in inputs(corpus) if re.search(args.match, r)):
        for kind in ('glb', 'gltf'):
            jobs += [(relative, kind, o) for o in GLTF_OPTIONS]
        jobs += [(relative, 'dae', o) for o in DAE_OPTIONS]
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        lines = list(pool.map(lambda j: convert(polyxios, corpus, *j), jobs))
    with open(args.out, 'w') as f:
        f.write(''.join(sorted(line + '\n' for line in lines)))
    print(f'{len(lines)} conversions of {len(set(j[0] for j in jobs))} inputs -> {args.out}')


if __name__ == '__main__':
    sys.exit(main())
