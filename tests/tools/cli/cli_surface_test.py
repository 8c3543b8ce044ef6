#!/usr/bin/python3
"""Issue 36 section 2 (part A), the CLI surface a pipeline engineer meets every day:

  cli_surface_test.py POLYXIOS SAMPLE.dae

1. batch and validate take every option convert takes, parsed by the same code: the same usage
   errors, and batch writes byte for byte what convert writes with the same options; --format
   and --to are one option in each.
2. -o names the output (convert, batch); `polyxios` alone prints the usage on stderr, exit 1; a
   misspelt command or option names the nearest; each command's --help lists only its options.
3. batch --progress json: one JSON object per asset on stderr; a bar as wide as the terminal
   (TIOCGWINSZ on a terminal, COLUMNS otherwise); -v prints each asset's warnings with its path.
4. a folder given to convert is a usage error naming batch; an input's format is told by its
   bytes (GLB named .gltf, glTF named .glb, COLLADA named .xml or without extension, a gzipped
   .dae named .bin), a name the bytes belie warned of (format.extension-mismatch).
5. one vocabulary: converted / refused / failed in batch's, merge-reports' and validate's
   summaries, batch's report and its progress.
"""
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile

from cli_checks import Checks, run_on_terminal

POLYXIOS = os.path.abspath(sys.argv[1])
SAMPLE = os.path.abspath(sys.argv[2])
check = Checks()

BAD_DAE = (b'<COLLADA><library_geometries><geometry id="g"><mesh><source id="s">'
           b'<float_array id="a" count="9">1 2</float_array></source></mesh></geometry>'
           b'</library_geometries></COLLADA>')


def run(*argv, env=None):
    full_env = dict(os.environ)
    for name in ('JOB_COMPLETION_INDEX', 'SLURM_ARRAY_TASK_ID', 'AWS_BATCH_JOB_ARRAY_INDEX',
                 'COLUMNS'):
        full_env.pop(name, None)
    full_env.update(env or {})
    p = subprocess.run([POLYXIOS, *argv], capture_output=True, env=full_env, timeout=300)
    return p.returncode, p.stdout.decode('utf-8', 'replace'), p.stderr.decode('utf-8', 'replace')


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'wb') as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def read(path):
    with open(path, 'rb') as f:
        return f.read()


def library(root):
    """SRC: two good assets, one warned (an up axis COLLADA does not name), one refused."""
    sample = read(SAMPLE)
    write(os.path.join(root, 'a.dae'), sample)
    write(os.path.join(root, 'sub', 'b.dae'), sample)
    write(os.path.join(root, 'warned.dae'),
          sample.replace(b'<up_axis>Y_UP</up_axis>', b'<up_axis>W_UP</up_axis>'))
    write(os.path.join(root, 'sub', 'bad.dae'), BAD_DAE)


def shared_options(tmp):
    src = os.path.join(tmp, 'src')
    library(src)
    # The same usage errors from the one parser, in each command.
    commands = {'convert': ['convert', SAMPLE, os.path.join(tmp, 'x.glb')],
                'batch': ['batch', src, os.path.join(tmp, 'o1')],
                'validate': ['validate', SAMPLE]}
    for name, argv in commands.items():
        for wrong, error in ((['--to', 'dae', '--compress', 'draco'],
                              '--compress, its options and --optimize write glTF'),
                             (['--draco-level', '3'], '--draco-level needs --compress draco'),
                             (['--bake-transforms'], '--bake-transforms needs --up-axis or --meters'),
                             (['--up-axis', 'w'], '--up-axis takes x, y or z'),
                             (['--format', 'obj'], '--format (--to) takes glb, gltf or dae'),
                             (['--transcode-images', '--no-transcode-images'], 'contradict'),
                             (['--threads', '99'], '--threads takes a number from 0 to 64')):
            code, _, err = run(*argv, *wrong)
            check(f'{name} {" ".join(wrong)}: the usage error convert gives',
                  code == 1 and error in err, err)
    # batch writes what convert writes with the same options, byte for byte.
    options = ['--compress', 'meshopt', '--optimize', '--up-axis', 'z', '--meters',
               '--threads', '1']
    one = os.path.join(tmp, 'one.glb')
    code, _, err = run('convert', SAMPLE, one, *options)
    check('convert --compress meshopt --optimize --up-axis z --meters', code == 0, err)
    out = os.path.join(tmp, 'o2')
    code, _, err = run('batch', src, out, '--to', 'glb', '--quiet', *options)
    check('batch takes the same options (exit 2 for the refused asset)', code == 2, err)
    batched = os.path.join(out, 'a.glb')
    check('batch writes what convert writes with the same options',
          os.path.exists(batched) and read(batched) == read(one) and
          b'EXT_meshopt_compression' in read(one))
    code, text, err = run('validate', SAMPLE, *options, '--compress-only', '--draco-level', '1')
    check('validate: --draco-level with --compress meshopt is refused as in convert',
          code == 1 and '--draco-level needs --compress draco' in err, err)
    code, text, err = run('validate', SAMPLE, *options, '--max-memory', '512')
    check('validate takes the conversion options and --max-memory', code == 0, text + err)
    # --format and --to: one option, in every command that chooses an output format.
    for spelling in ('--format', '--to', '--format=', '--to='):
        pair = [spelling + 'dae'] if spelling.endswith('=') else [spelling, 'dae']
        target = os.path.join(tmp, 'f' + spelling.strip('-=') + str(len(pair)))
        code, _, err = run('convert', SAMPLE, target, *pair)
        check(f'convert {" ".join(pair)} writes COLLADA', code == 0 and
              read(target).lstrip().startswith(b'<?xml'), err)
        folder = target + '.d'
        code, _, err = run('batch', src, folder, '--quiet', *pair)
        check(f'batch {" ".join(pair)} writes .dae',
              code == 2 and os.path.exists(os.path.join(folder, 'a.dae')), err)
        code, text, err = run('validate', SAMPLE, *pair)
        check(f'validate {" ".join(pair)}', code == 0 and text.startswith('ok'), text + err)


def output_usage_and_help(tmp):
    src = os.path.join(tmp, 'src')
    library(src)
    out = os.path.join(tmp, 'o.glb')
    code, _, err = run('convert', SAMPLE, '-o', out)
    check('convert IN -o OUT', code == 0 and read(out)[:4] == b'glTF', err)
    code, _, err = run('convert', SAMPLE, '--output=' + out + '2.glb')
    check('convert IN --output=OUT', code == 0 and os.path.exists(out + '2.glb'), err)
    code, _, err = run('convert', SAMPLE, out, '-o', out + '3.glb')
    check('convert IN OUT -o OUT2 is a usage error', code == 1 and 'IN -o OUT' in err, err)
    folder = os.path.join(tmp, 'batch_o')
    code, _, err = run('batch', src, '-o', folder, '--quiet')
    check('batch SRC -o OUT', code == 2 and os.path.exists(os.path.join(folder, 'sub', 'b.glb')),
          err)

    code, text, err = run()
    check('polyxios alone: the usage on stderr, exit 1, nothing on stdout',
          code == 1 and text == '' and err.startswith('usage: polyxios COMMAND') and
          'convert, info, validate, batch, merge-reports' in err, err)
    for argv, nearest in ((['conver', SAMPLE, out], 'did you mean convert?'),
                          (['valdate', SAMPLE], 'did you mean validate?'),
                          (['convert', SAMPLE, out, '--compres', 'draco'],
                           'did you mean --compress?'),
                          (['batch', src, folder, '--progres', 'json'],
                           'did you mean --progress?'),
                          (['validate', SAMPLE, '--werorr'], 'did you mean --werror?'),
                          (['convert', SAMPLE, out, '--verbos'], 'did you mean --verbose?')):
        code, _, err = run(*argv)
        check(f'{" ".join(argv[:1] + argv[3:] if argv[0] == "convert" else argv[:1])}: '
              f'{nearest}', code == 1 and nearest in err, err)
    code, _, err = run('frobnicate')
    check('a command far from any: no suggestion', code == 1 and 'did you mean' not in err and
          'unknown command frobnicate' in err, err)

    def options_of(command):
        """The options of the usage lines and the heads of the option entries."""
        text = run(command, '--help')[1]
        usage = re.findall(r'^  polyxios .*$|^ {10,}\[.*$', text, re.M)
        return (set(re.findall(r'^  (--?[a-z][a-z-]*)', text, re.M)) |
                set(re.findall(r'^  -\w, (--[a-z-]+)', text, re.M)) |
                set(re.findall(r'(?<![\w-])(--?[a-z][a-z-]*)', ' '.join(usage))))
    takes = {
        'convert': ({'--compress', '--format', '-o', '-v', '--quiet', '--max-memory'},
                    {'--json', '--werror', '--resume', '--progress'}),
        # info takes the write's options too: the sizes of the output they would write
        'info': ({'--json', '--threads', '--repair', '--compress', '--format'},
                 {'-o', '--quiet', '-v'}),
        'validate': ({'--compress', '--up-axis', '--format', '--max-memory', '--quiet', '-v'},
                     {'-o', '--resume', '--progress'}),
        'batch': ({'--compress', '--up-axis', '--format', '-o', '-v', '--quiet'},
                  {'--json', '--werror'}),
        'merge-reports': ({'-o'}, {'--threads', '--compress', '--repair', '--quiet'}),
    }
    for command, (listed, not_listed) in takes.items():
        got = options_of(command)
        check(f'{command} --help lists its options {sorted(listed)}', listed <= got, sorted(got))
        check(f'{command} --help lists none of {sorted(not_listed)}',
              not (not_listed & got), sorted(not_listed & got))


def bar_segments(stream):
    """The bar's drawings: the text after each carriage return and erase (not the lines of their
    own printed above the bar)."""
    drawn = [s.split('\n')[0].rstrip('\r') for s in stream.split('\r\x1b[K')[1:]]
    return [s for s in drawn if not s.startswith('polyxios: ')]


def progress(tmp):
    src = os.path.join(tmp, 'src')
    library(src)
    code, _, err = run('batch', src, os.path.join(tmp, 'j'), '--progress', 'json')
    lines = [line for line in err.splitlines() if line.startswith('{')]
    try:
        objects = [json.loads(line) for line in lines]
    except ValueError as e:
        objects = []
        check('--progress json: every line is JSON', False, f'{e}: {err}')
    check('--progress json: one object per asset, nothing else on stderr',
          len(objects) == 4 and len(lines) == len(err.splitlines()), err)
    check('--progress json: done counts up to total',
          [o.get('done') for o in objects] == [1, 2, 3, 4] and
          all(o.get('total') == 4 for o in objects), err)
    check('--progress json: each names its path, outcome and elapsed seconds',
          sorted(o.get('path') for o in objects) ==
          ['a.dae', 'sub/b.dae', 'sub/bad.dae', 'warned.dae'] and
          all(isinstance(o.get('elapsed'), (int, float)) for o in objects), err)
    check('--progress json: the refused asset says refused',
          {o['path']: o['outcome'] for o in objects}.get('sub/bad.dae') == 'refused', err)
    code, _, err = run('batch', src, os.path.join(tmp, 'p'), '--progress', 'frames')
    check('--progress frames is a usage error', code == 1 and '--progress takes' in err, err)

    code, _, err = run('batch', src, os.path.join(tmp, 'v'), '-v', '--progress', 'none')
    check('batch -v: each warning with its asset\'s path',
          'polyxios: batch: warning: warned.dae: collada.asset.up-axis' in err, err)
    code, _, err = run('batch', src, os.path.join(tmp, 'nv'), '--progress', 'none')
    check('batch without -v: no warning lines', 'warning:' not in err, err)
    code, _, err = run('batch', src, os.path.join(tmp, 'vl'), '--verbose', '--progress', 'lines')
    check('batch --verbose: the same among the progress lines',
          'polyxios: batch: warning: warned.dae: collada.asset.up-axis' in err, err)

    warned = os.path.join(src, 'warned.dae')
    for flag in ('-v', '--verbose'):
        code, _, err = run('convert', warned, os.path.join(tmp, 'warned.glb'), flag)
        check(f'convert {flag}: the read\'s warning, once', code == 0 and
              err.count('polyxios: warning: collada.asset.up-axis') == 1, err)
    code, _, err = run('convert', warned, os.path.join(tmp, 'warned.glb'), '-v', '--quiet')
    check('convert -v --quiet: quiet', code == 0 and err == '', err)
    # Not a terminal: COLUMNS gives the width.
    code, _, err = run('batch', src, os.path.join(tmp, 'c'), '--progress', 'bar',
                       env={'COLUMNS': '50'})
    segments = bar_segments(err)
    check('--progress bar with COLUMNS=50: every drawing within 49 columns',
          segments and all(len(s) <= 49 for s in segments), repr(err))
    check('a narrow bar keeps the counts whole',
          segments and segments[-1].startswith('4/4 files') and
          segments[-1].endswith('1 refused  0 failed'), repr(err))
    # A terminal 60 columns wide (TIOCGWINSZ), COLUMNS saying otherwise.
    seen = run_on_terminal([POLYXIOS, 'batch', src, os.path.join(tmp, 't')], columns=60,
                           env={'COLUMNS': '300'})
    segments = bar_segments(seen.decode('utf-8', 'replace'))
    check('a terminal 60 columns wide: every drawing of the bar within 59',
          segments and all(len(s) <= 59 for s in segments), repr(seen))
    wide = run('batch', src, os.path.join(tmp, 'w'), '--progress', 'bar',
               env={'COLUMNS': '200'})[2]
    check('a wide terminal: the bar, the counts and the last asset\'s path',
          any(s.startswith('[') and '4/4 files' in s and s.endswith('.dae')
              for s in bar_segments(wide)), repr(wide))


def folders_and_bytes(tmp):
    code, _, err = run('convert', os.path.dirname(SAMPLE), os.path.join(tmp, 'x.glb'))
    check('convert FOLDER: usage error (exit 1) pointing to batch',
          code == 1 and 'is a folder' in err and 'polyxios batch' in err, err)
    code, _, err = run('convert', os.path.dirname(SAMPLE), '-o', os.path.join(tmp, 'x.glb'))
    check('convert FOLDER -o OUT: the same', code == 1 and 'polyxios batch' in err, err)
    glb = os.path.join(tmp, 'real.glb')
    gltf = os.path.join(tmp, 'real.gltf')
    run('convert', SAMPLE, glb)
    run('convert', SAMPLE, gltf)
    cases = [
        ('a GLB named .gltf', 'glb_named.gltf', read(glb),
         'its bytes are GLB (binary glTF) but its extension .gltf names glTF JSON'),
        ('a COLLADA document named .gltf', 'dae_named.gltf', read(SAMPLE),
         'its bytes are COLLADA but its extension .gltf names glTF JSON'),
        ('a COLLADA document named .xml', 'scene.xml', read(SAMPLE), None),
        ('a COLLADA document without extension', 'scene', read(SAMPLE), None),
        ('a gzipped .dae named .bin', 'scene.bin', gzip.compress(read(SAMPLE)), None),
        ('a GLB named .dae', 'glb_named.dae', read(glb),
         'its bytes are GLB (binary glTF) but its extension .dae names COLLADA'),
    ]
    for what, name, data, warning in cases:
        path = os.path.join(tmp, 'sniff', name)
        write(path, data)
        out = os.path.join(tmp, 'sniff', name + '.out.glb')
        code, _, err = run('convert', path, out)
        ok = code == 0 and read(out)[:4] == b'glTF'
        if warning:
            ok = ok and 'format.extension-mismatch' in err and warning in err
        else:
            ok = ok and 'format.extension-mismatch' not in err
        check(f'{what} converts' + (', with a warning naming both' if warning else ''), ok, err)
    # A glTF JSON named .glb: its buffer beside it keeps its name.
    named = os.path.join(tmp, 'sniff', 'json.glb')
    write(named, read(gltf).replace(b'real.bin', b'json.bin'))
    write(os.path.join(tmp, 'sniff', 'json.bin'), read(os.path.join(tmp, 'real.bin')))
    code, _, err = run('convert', named, os.path.join(tmp, 'sniff', 'json.out.dae'))
    check('a glTF JSON named .glb converts, with a warning naming both',
          code == 0 and 'its bytes are glTF JSON but its extension .glb names GLB' in err, err)
    code, _, err = run('validate', os.path.join(tmp, 'sniff', 'glb_named.gltf'))
    check('validate warns of the name the bytes belie too',
          code == 0 and 'format.extension-mismatch' in _ + err, _ + err)


def vocabulary(tmp):
    src = os.path.join(tmp, 'src')
    library(src)
    report = os.path.join(tmp, 'r.jsonl')
    code, text, err = run('batch', src, os.path.join(tmp, 'o'), '--report', report,
                          '--progress', 'lines', '--progress-interval', '0.001')
    check('batch summary: converted, refused, failed',
          code == 2 and '4 assets: 3 converted, 1 refused, 0 failed' in text, text)
    check('batch progress: refused and failed', '1 refused  0 failed' in err and
          'polyxios: batch: refused sub/bad.dae: ' in err, err)
    with open(report) as f:
        outcomes = sorted(json.loads(line)['outcome'] for line in f)
    check('batch report: the same words', outcomes == ['converted'] * 3 + ['refused'], outcomes)
    code, text, err = run('merge-reports', report)
    check('merge-reports summary: the same words',
          code == 2 and '4 assets: 3 converted, 1 refused, 0 failed' in text, text + err)
    code, text, err = run('merge-reports', report, '--json')
    summary = json.loads(text) if code == 2 else {}
    check('merge-reports --json: outcomes converted, refused, failed; failures by reason',
          summary.get('outcomes') == {'converted': 3, 'refused': 1, 'failed': 0} and
          set(summary.get('failures', {})) == {'io-error', 'timeout', 'memory', 'crashed'},
          text)
    unreadable = os.path.join(tmp, 'unreadable.dae')
    os.symlink('/proc/self/mem', unreadable)
    code, text, err = run('validate', src, unreadable)
    check('validate: refused by the rules, failed for I/O, in its lines and its summary',
          code == 3 and re.search(r'^refused +\S*sub/bad\.dae', text, re.M) is not None and
          re.search(r'^failed +.*unreadable\.dae: io\.error', text, re.M) is not None and
          '5 assets: 2 ok, 1 with warnings, 1 refused, 1 failed' in text, text + err)


def main():
    for part in (shared_options, output_usage_and_help, progress, folders_and_bytes, vocabulary):
        with tempfile.TemporaryDirectory() as tmp:
            part(tmp)
    return check.summary()


if __name__ == '__main__':
    sys.exit(main())
