#!/usr/bin/python3
"""Issue 36 section 2: -v / --verbose prints each warning as it happens.

  live_warnings_test.py POLYXIOS SAMPLE.dae

1. convert -v prints a write's warning while the write is still under way (its GLB held up on a
   standard output nobody reads yet), each line once: a warning repeated is printed once, and
   nothing printed live is printed again at the end. Without -v every warning comes at the end,
   with its count, as before; --quiet prints none.
2. validate --quiet prints no line per asset, only the summary, with the same exit code (--json's
   reports unchanged); validate -v prints each message on stderr, graded, with its asset's path,
   in threads and in --timeout's worker processes alike, and --ignore drops it there too.
3. batch -v prints each warning its worker sends, with the asset's path and the message, once.
"""
import json
import os
import re
import select
import subprocess
import sys
import tempfile
import time

from cli_checks import Checks
from cli_documents import textured_triangle_dae

POLYXIOS = os.path.abspath(sys.argv[1])
SAMPLE = os.path.abspath(sys.argv[2])
check = Checks()

OUTSIDE = 'collada.image.outside-folder'  # a read's warning
URI_DROPPED = 'gltf.write.image-uri-dropped'  # a write's


def run(*argv):
    p = subprocess.run([POLYXIOS, *argv], capture_output=True, timeout=300)
    return p.returncode, p.stdout.decode('utf-8', 'replace'), p.stderr.decode('utf-8', 'replace')


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write(text)


def big_textured_dae(side):
    """The textured triangle's document with a side x side grid of quads as its mesh (some 2 MB of
    GLB at 200), its image named twice by an absolute path: the read warns OUTSIDE (twice, one
    line [x2]) and the write URI_DROPPED."""
    doc = textured_triangle_dae('/nonexistent/wood.png')
    doc = doc.replace('</library_images>', '<image id="wood2"><init_from>/nonexistent/wood.png'
                      '</init_from></image></library_images>')
    n = side + 1
    positions = ' '.join(f'{x} {y} 0' for y in range(n) for x in range(n))
    uvs = ' '.join(f'{x / side} {y / side}' for y in range(n) for x in range(n))
    quads = []
    for y in range(side):
        for x in range(side):
            a, b, c, d = y * n + x, y * n + x + 1, (y + 1) * n + x + 1, (y + 1) * n + x
            quads.append(f'{a} {b} {c} {a} {c} {d}')
    doc = re.sub(r'<float_array id="pa" count="9">[^<]*', f'<float_array id="pa" '
                 f'count="{3 * n * n}">{positions}', doc)
    doc = re.sub(r'<float_array id="ta" count="6">[^<]*', f'<float_array id="ta" '
                 f'count="{2 * n * n}">{uvs}', doc)
    doc = doc.replace('accessor source="#pa" count="3"', f'accessor source="#pa" count="{n * n}"')
    doc = doc.replace('accessor source="#ta" count="3"', f'accessor source="#ta" count="{n * n}"')
    return doc.replace('<triangles count="1" material="mat">',
                       f'<triangles count="{2 * side * side}" material="mat">').replace(
                           '<p>0 1 2</p>', '<p>' + ' '.join(quads) + '</p>')


def held_up_convert(argv, wanted, seconds=120):
    """Runs convert writing GLB to a standard output left unread (so the write cannot end) until
    stderr holds `wanted` and then nothing more for a second, or `seconds` pass; gives what stderr
    held then, whether convert was still running, then its exit code, stdout and whole stderr once
    stdout is read."""
    p = subprocess.Popen([POLYXIOS, 'convert', *argv, '-'], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    early = b''
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not select.select([p.stderr], [], [], 1)[0]:
            if wanted.encode() in early:
                break
            continue
        chunk = os.read(p.stderr.fileno(), 65536)
        if not chunk:
            break
        early += chunk
    running = p.poll() is None
    out, rest = p.communicate(timeout=300)
    return (early.decode('utf-8', 'replace'), running, p.returncode, out,
            (early + rest).decode('utf-8', 'replace'))


def convert_live(tmp):
    big = os.path.join(tmp, 'big', 'textured.dae')
    write(big, big_textured_dae(200))
    early, running, code, out, err = held_up_convert(['-v', big], URI_DROPPED)
    check('convert -v: the write\'s warning while the write is held up on standard output',
          running and URI_DROPPED in early and OUTSIDE in early, early)
    check('convert -v: the GLB written whole once read', code == 0 and out[:4] == b'glTF' and
          len(out) > 1 << 20, f'{code} {len(out)} {err}')
    lines = err.splitlines()
    check('convert -v: the read\'s warning before the write\'s',
          [line.split(': ')[2] for line in lines][:2] == [OUTSIDE, URI_DROPPED], err)
    check('convert -v: no line twice, nothing after the live lines',
          len(lines) == len(set(lines)) and all(line in early for line in lines), err)
    check('convert -v: a warning repeated is printed once, as first raised',
          err.count(OUTSIDE) == 1 and '[x2]' not in err, err)

    early, running, code, out, err = held_up_convert([big], URI_DROPPED, seconds=3)
    check('convert without -v: nothing while the write is under way', running and early == '',
          early)
    check('convert without -v: every warning at the end, with its count',
          code == 0 and re.search(rf'^polyxios: warning: {OUTSIDE}: .*\(line \d+\) \[x2\]$', err,
                                  re.M) is not None and err.count(URI_DROPPED) == 1, err)
    early, running, code, out, err = held_up_convert(['-v', '--quiet', big], URI_DROPPED,
                                                     seconds=3)
    check('convert -v --quiet: nothing at all', code == 0 and err == '', err)
    code, _, err = run('convert', '--verbose', big, os.path.join(tmp, 'out.dae'))
    check('convert --verbose to COLLADA: each warning once',
          code == 0 and err.count(OUTSIDE) == 1 and
          len(err.splitlines()) == len(set(err.splitlines())), err)


def library(root):
    """ok.dae (the sample), warned.dae (an up axis COLLADA does not name), textured.dae (a read's
    and a write's warning)."""
    with open(SAMPLE) as f:
        sample = f.read()
    write(os.path.join(root, 'ok.dae'), sample)
    write(os.path.join(root, 'warned.dae'),
          sample.replace('<up_axis>Y_UP</up_axis>', '<up_axis>W_UP</up_axis>'))
    write(os.path.join(root, 'textured.dae'), big_textured_dae(2))


def said(err, level, rest):
    """Whether validate -v printed a line of that level for an asset: `rest` from its file name."""
    return re.search(rf'^polyxios: validate: {level}: \S*/{rest}', err, re.M) is not None


def validate_quiet_and_verbose(tmp):
    src = os.path.join(tmp, 'src')
    library(src)
    code, text, err = run('validate', src)
    summary = '3 assets: 1 ok, 2 with warnings, 0 refused, 0 failed'
    check('validate: a line per asset and the summary',
          code == 0 and len(text.splitlines()) == 4 and summary in text, text + err)
    code, text, err = run('validate', '--quiet', src)
    check('validate --quiet: only the summary, the same exit code',
          code == 0 and text == summary + '\n' and err == '', text + err)
    code, text, err = run('validate', '--quiet', '--werror', src)
    check('validate --quiet --werror: the summary and exit 2',
          code == 2 and text == '3 assets: 1 ok, 0 with warnings, 2 refused, 0 failed\n',
          text + err)
    code, loud, _ = run('validate', '--json', src)
    code_quiet, quiet, err = run('validate', '--json', '--quiet', src)
    reports = [json.loads(line) for line in quiet.splitlines()]
    check('validate --json --quiet: the reports as without --quiet, the summary on stderr',
          code == code_quiet == 0 and [r['uri'] for r in reports] ==
          [json.loads(line)['uri'] for line in loud.splitlines()] and
          [r['issues'] for r in reports] ==
          [json.loads(line)['issues'] for line in loud.splitlines()] and summary in err,
          quiet + err)

    _, plain, _ = run('validate', src)
    for argv in (['-v'], ['--verbose', '-j', '1'], ['-v', '--timeout', '120', '-j', '2']):
        code, text, err = run('validate', *argv, src)
        lines = err.splitlines()
        check(f'validate {" ".join(argv)}: stdout as without it', code == 0 and text == plain,
              text)
        check(f'validate {" ".join(argv)}: each message graded, with its asset\'s path',
              said(err, 'warning', r'warned\.dae: collada\.asset\.up-axis: ') and
              said(err, 'warning', rf'textured\.dae: {OUTSIDE}: .*\(line \d+\)$') and
              said(err, 'info', rf'textured\.dae: {URI_DROPPED}: '), err)
        check(f'validate {" ".join(argv)}: each message once, none for ok.dae',
              len(lines) == len(set(lines)) and 'ok.dae' not in err, err)
    code, text, err = run('validate', '-v', '--ignore', URI_DROPPED, src)
    check('validate -v --ignore CODE: not printed', code == 0 and URI_DROPPED not in err and
          OUTSIDE in err, err)
    code, text, err = run('validate', '-v', '--quiet', src)
    check('validate -v --quiet: quiet', code == 0 and text == summary + '\n' and err == '',
          text + err)


def batch_verbose(tmp):
    src = os.path.join(tmp, 'src')
    library(src)
    code, text, err = run('batch', src, os.path.join(tmp, 'out'), '-v', '--progress', 'none',
                          '-j', '1')
    lines = err.splitlines()
    check('batch -v: each warning with its asset\'s path and its message',
          code == 0 and
          re.search(r'^polyxios: batch: warning: warned\.dae: collada\.asset\.up-axis: .+',
                    err, re.M) is not None and
          re.search(rf'^polyxios: batch: warning: textured\.dae: {OUTSIDE}: .*\(line \d+\)$',
                    err, re.M) is not None and
          re.search(rf'^polyxios: batch: warning: textured\.dae: {URI_DROPPED}: ', err,
                    re.M) is not None, err)
    check('batch -v: each once, the read\'s before the write\'s',
          len(lines) == len(set(lines)) and err.count(OUTSIDE) == 1 and
          err.index(OUTSIDE) < err.index(URI_DROPPED), err)
    code, text, err = run('batch', src, os.path.join(tmp, 'quiet'), '--progress', 'none')
    check('batch without -v: no warning lines', code == 0 and 'warning' not in err, err)


def main():
    for part in (convert_live, validate_quiet_and_verbose, batch_verbose):
        with tempfile.TemporaryDirectory() as tmp:
            part(tmp)
    return check.summary()


if __name__ == '__main__':
    sys.exit(main())
