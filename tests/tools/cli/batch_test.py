#!/usr/bin/env python3
"""polyxios batch: outcomes and exit codes, the output layout, the report, --resume, workers that
crash, hang or allocate without end, interruption, progress, and usage errors (issue 11).

  batch_test.py --polyxios BIN --runaway BIN --sample robot_arm.dae [--sanitized] [unittest args]
"""
import argparse
import gzip
import json
import os
import pty
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

from cli_checks import run_on_terminal

ARGS = None

BAD_DAE = (b'<COLLADA><library_geometries><geometry id="g"><mesh><source id="s">'
           b'<float_array id="a" count="9">1 2</float_array></source></mesh></geometry>'
           b'</library_geometries></COLLADA>')


def warned_sample():
    """The sample with an up axis COLLADA does not name: read with one warning,
    collada.asset.up-axis (the sample itself converts with none)."""
    sample = open(ARGS.sample, 'rb').read()
    return sample.replace(b'<up_axis>Y_UP</up_axis>', b'<up_axis>W_UP</up_axis>')


def run(*argv, env=None, stdin=None, timeout=120):
    full_env = dict(os.environ)
    for name in ('JOB_COMPLETION_INDEX', 'SLURM_ARRAY_TASK_ID', 'AWS_BATCH_JOB_ARRAY_INDEX'):
        full_env.pop(name, None)
    full_env.update(env or {})
    return subprocess.run([ARGS.polyxios, *argv], capture_output=True, env=full_env,
                          input=stdin, timeout=timeout)


def report_lines(path):
    """The report's lines, each with 'why' added: its outcome (converted, refused) or, for an
    asset that failed (outcome 'failed'), the failure's reason (io-error, timeout, memory,
    crashed)."""
    with open(path) as f:
        lines = [json.loads(line) for line in f if line.strip()]
    for line in lines:
        assert line['outcome'] in ('converted', 'refused', 'failed'), line
        assert ('failure' in line) == (line['outcome'] == 'failed'), line
        line['why'] = line.get('failure', line['outcome'])
    return lines


def files_under(root):
    found = []
    for folder, _, names in os.walk(root):
        for name in names:
            found.append(os.path.relpath(os.path.join(folder, name), root))
    return sorted(found)


def big_collada(path, triangles):
    """A COLLADA file of one mesh with `triangles` triangles, written in pieces."""
    n = triangles * 3
    with open(path, 'w') as f:
        f.write('<?xml version="1.0"?><COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema"'
                ' version="1.4.1"><library_geometries><geometry id="g"><mesh>'
                f'<source id="p"><float_array id="pa" count="{n * 3}">')
        chunk = ' '.join(f'{i % 97}.5 {i % 89}.25 {i % 83}.125' for i in range(1000))
        for _ in range(n // 1000):
            f.write(chunk + ' ')
        f.write('</float_array><technique_common><accessor source="#pa" count="'
                f'{n}" stride="3"><param name="X" type="float"/><param name="Y" type="float"/>'
                '<param name="Z" type="float"/></accessor></technique_common></source>'
                '<vertices id="v"><input semantic="POSITION" source="#p"/></vertices>'
                f'<triangles count="{triangles}"><input semantic="VERTEX" source="#v" offset="0"/><p>')
        for block in range(n // 3000):
            f.write(' '.join(str(block * 3000 + i) for i in range(3000)) + ' ')
        f.write('</p></triangles></mesh></geometry></library_geometries><library_visual_scenes>'
                '<visual_scene id="s"><node id="n"><instance_geometry url="#g"/></node>'
                '</visual_scene></library_visual_scenes><scene><instance_visual_scene url="#s"/>'
                '</scene></COLLADA>')


class BatchTest(unittest.TestCase):
    def setUp(self):
        self.work = tempfile.mkdtemp(prefix='px_batch_')
        self.src = os.path.join(self.work, 'src')
        self.out = os.path.join(self.work, 'out')
        self.report = os.path.join(self.work, 'report.jsonl')
        os.makedirs(os.path.join(self.src, 'sub', 'deeper'))

    def tearDown(self):
        shutil.rmtree(self.work, ignore_errors=True)

    def put(self, relative, data):
        path = os.path.join(self.src, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'wb') as f:
            f.write(data)
        return path

    def sample_tree(self):
        sample = open(ARGS.sample, 'rb').read()
        self.put('a.dae', warned_sample())
        self.put('sub/B.DAE', sample)
        self.put('sub/deeper/c.dae.gz', gzip.compress(sample))
        self.put('sub/bad.dae', BAD_DAE)
        self.put('notes.txt', b'not an asset')

    def test_converts_a_tree_keeping_its_layout(self):
        self.sample_tree()
        r = run('batch', self.src, self.out, '--report', self.report, '-j', '2', '--quiet')
        self.assertEqual(r.returncode, 2, r.stderr)  # one refused, every other converted
        self.assertEqual(files_under(self.out), ['a.glb', 'sub/B.glb', 'sub/deeper/c.glb'])
        lines = report_lines(self.report)
        self.assertEqual(sorted(l['input'] for l in lines),
                         ['a.dae', 'sub/B.DAE', 'sub/bad.dae', 'sub/deeper/c.dae.gz'])
        by_input = {l['input']: l for l in lines}
        bad = by_input['sub/bad.dae']
        self.assertEqual(bad['outcome'], 'refused')
        self.assertEqual(bad['exitCode'], 2)
        self.assertEqual(bad['rule'], 'collada.mesh.no-vertices')
        self.assertEqual(bad['outputBytes'], 0)
        good = by_input['a.dae']
        self.assertEqual(good['outcome'], 'converted')
        self.assertEqual(good['output'], 'a.glb')
        self.assertEqual(good['exitCode'], 0)
        self.assertEqual(good['inputBytes'], os.path.getsize(os.path.join(self.src, 'a.dae')))
        self.assertEqual(good['outputBytes'], os.path.getsize(os.path.join(self.out, 'a.glb')))
        self.assertEqual(good['warnings'], {'collada.asset.up-axis': 1})
        self.assertGreater(good['seconds'], 0)
        self.assertGreater(good['peakRssKiB'], 0)
        self.assertIn(b'4 assets: 3 converted, 1 refused', r.stdout)
        self.assertIn(b'top refusal rules: collada.mesh.no-vertices (1)', r.stdout)
        self.assertEqual(r.stderr, b'')  # --quiet

    def test_every_output_format(self):
        self.put('a.dae', open(ARGS.sample, 'rb').read())
        for to, names in [('gltf', ['a.bin', 'a.gltf']), ('dae', ['a.dae']), ('glb', ['a.glb'])]:
            out = os.path.join(self.work, 'out-' + to)
            r = run('batch', self.src, out, '--to', to, '--quiet')
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(files_under(out), names)
        r = run('batch', self.src, self.out, '--to', 'obj')
        self.assertEqual(r.returncode, 1)

    def test_inputs_that_would_share_an_output_keep_their_names(self):
        sample = open(ARGS.sample, 'rb').read()
        self.put('a.dae', sample)
        r = run('convert', ARGS.sample, os.path.join(self.src, 'a.glb'))
        self.assertEqual(r.returncode, 0, r.stderr)
        r = run('batch', self.src, self.out, '--quiet')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(files_under(self.out), ['a.dae.glb', 'a.glb.glb'])

    def test_a_manifest_from_a_file_and_from_standard_input(self):
        self.sample_tree()
        listing = os.path.join(self.work, 'list.txt')
        with open(listing, 'w') as f:
            f.write('# two of them\nsub/B.DAE\n\n' + os.path.join(self.src, 'a.dae') + '\na.dae\n')
        r = run('batch', self.src, self.out, '--from', listing, '--report', self.report, '--quiet')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(files_under(self.out), ['a.glb', 'sub/B.glb'])
        self.assertEqual([l['input'] for l in report_lines(self.report)].count('a.dae'), 1)
        out2 = os.path.join(self.work, 'out2')
        r = run('batch', self.src, out2, '--from', '-', '--quiet', stdin=b'sub/deeper/c.dae.gz\n')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(files_under(out2), ['sub/deeper/c.glb'])
        r = run('batch', self.src, out2, '--from', '-', stdin=b'../escape.dae\n')
        self.assertEqual(r.returncode, 1)
        self.assertIn(b'is not under', r.stderr)
        r = run('batch', self.src, out2, '--from', '-', '--report', self.report, '--quiet',
                stdin=b'missing.dae\n')
        self.assertEqual(r.returncode, 3, r.stderr)
        self.assertEqual(report_lines(self.report)[0]['why'], 'io-error')

    def test_resume_skips_what_is_converted(self):
        self.sample_tree()
        first = run('batch', self.src, self.out, '--report', self.report, '--quiet')
        self.assertEqual(first.returncode, 2)
        second = run('batch', self.src, self.out, '--report', self.report, '--resume', '--quiet')
        self.assertEqual(second.returncode, 2)  # the refused one is tried again
        self.assertIn(b'0 converted, 1 refused', second.stdout)
        self.assertIn(b'3 skipped (already converted)', second.stdout)
        self.assertEqual(len(report_lines(self.report)), 5)
        # A touched input and a deleted output convert again.
        os.utime(os.path.join(self.src, 'a.dae'), (1, 1))
        os.remove(os.path.join(self.out, 'sub', 'B.glb'))
        third = run('batch', self.src, self.out, '--report', self.report, '--resume', '--quiet')
        self.assertIn(b'2 converted, 1 refused', third.stdout)
        self.assertIn(b'1 skipped', third.stdout)
        # Without --resume the report starts again.
        fourth = run('batch', self.src, self.out, '--report', self.report, '--quiet')
        self.assertEqual(len(report_lines(self.report)), 4)
        self.assertEqual(fourth.returncode, 2)
        # A line cut by a crash is skipped on resume.
        with open(self.report, 'a') as f:
            f.write('{"input": "a.dae", "outc')
        fifth = run('batch', self.src, self.out, '--report', self.report, '--resume', '--quiet')
        self.assertIn(b'3 skipped', fifth.stdout)
        # The cut line is gone: the resumed run's record starts a line of its own, and the
        # report merges whole with batch's exit code.
        self.assertEqual(len(report_lines(self.report)), 5)
        merged = run('merge-reports', self.report)
        self.assertEqual(merged.returncode, 2, merged.stderr)
        self.assertNotIn(b'not records skipped', merged.stderr)
        r = run('batch', self.src, self.out, '--resume')
        self.assertEqual(r.returncode, 1)

    def runaway_tree(self, words):
        for i, word in enumerate(words):
            self.put(f'{i:02d}_{word}.dae', word.encode() + b' \n')

    def runaway(self, *extra, words, env=None):
        self.runaway_tree(words)
        e = {'POLYXIOS_BATCH_WORKER': ARGS.runaway}
        e.update(env or {})
        return run('batch', self.src, self.out, '--report', self.report, '--quiet', *extra, env=e)

    def outcomes(self):
        return {l['input'].split('_', 1)[1]: l for l in report_lines(self.report)}

    def test_a_crashing_worker_ends_only_itself(self):
        r = self.runaway('-j', '2', words=['ok', 'crash', 'ok2', 'refuse', 'ioerror'])
        self.assertEqual(r.returncode, 4, r.stderr)  # a crash is an internal error
        o = self.outcomes()
        self.assertEqual(o['crash.dae']['why'], 'crashed')
        self.assertEqual(o['crash.dae']['signal'], signal.SIGSEGV)
        self.assertIsNone(o['crash.dae']['exitCode'])
        self.assertEqual(o['ok.dae']['outcome'], 'converted')
        self.assertEqual(o['ok2.dae']['outcome'], 'converted')
        self.assertEqual(o['refuse.dae']['outcome'], 'refused')
        self.assertEqual(o['ioerror.dae']['why'], 'io-error')
        self.assertEqual(files_under(self.out), ['00_ok.glb', '02_ok2.glb'])

    def test_hanging_workers_are_stopped_at_the_timeout(self):
        started = time.monotonic()
        r = self.runaway('-j', '2', '--timeout', '0.5', words=['hang', 'ok', 'hang2', 'ok2'])
        self.assertLess(time.monotonic() - started, 30)
        self.assertEqual(r.returncode, 3, r.stderr)  # retryable
        o = self.outcomes()
        self.assertEqual(o['hang.dae']['why'], 'timeout')
        self.assertEqual(o['hang2.dae']['why'], 'timeout')
        self.assertGreaterEqual(o['hang2.dae']['seconds'], 0.5)
        self.assertEqual(o['ok.dae']['outcome'], 'converted')
        self.assertEqual(o['ok2.dae']['outcome'], 'converted')

    def skip_memory_caps_under_sanitizers(self):
        if ARGS.sanitized:
            self.skipTest('AddressSanitizer cannot run under an address-space cap (it dies in its '
                          'own mmap); the release build runs this test')

    def test_timeout_and_memory_are_their_own_outcomes(self):
        self.skip_memory_caps_under_sanitizers()
        # A cap the stand-in reaches in a few thousand page faults, and a timeout well past that
        # on a loaded machine (at 0.5 s and 64 MiB, alloc was sometimes stopped as a timeout).
        r = self.runaway('-j', '2', '--timeout', '3', '--max-memory', '16',
                         words=['hang', 'alloc', 'ok'])
        self.assertEqual(r.returncode, 3, r.stderr)
        o = self.outcomes()
        self.assertEqual(o['hang.dae']['why'], 'timeout')
        self.assertEqual(o['alloc.dae']['why'], 'memory')
        self.assertEqual(o['alloc.dae']['exitCode'], 3)
        self.assertLess(o['alloc.dae']['peakRssKiB'], 200 * 1024)
        self.assertEqual(o['ok.dae']['outcome'], 'converted')
        self.assertEqual(files_under(self.out), ['02_ok.glb'])

    def test_the_real_converter_under_a_memory_limit_and_a_timeout(self):
        self.skip_memory_caps_under_sanitizers()
        big_collada(os.path.join(self.src, 'big.dae'), 200000)
        self.put('small.dae', open(ARGS.sample, 'rb').read())
        r = run('batch', self.src, self.out, '--report', self.report, '--quiet',
                '--max-memory', '4')
        self.assertEqual(r.returncode, 3, r.stderr)
        o = {l['input']: l for l in report_lines(self.report)}
        self.assertEqual(o['big.dae']['why'], 'memory', o['big.dae'])
        self.assertEqual(o['small.dae']['outcome'], 'converted')
        r = run('batch', self.src, self.out, '--report', self.report, '--quiet',
                '--timeout', '0.001')
        self.assertEqual(r.returncode, 3, r.stderr)
        o = {l['input']: l for l in report_lines(self.report)}
        self.assertEqual(o['big.dae']['why'], 'timeout', o['big.dae'])
        # small.dae may convert within the millisecond or not; either way an output is there
        # exactly when its asset converted (a timed-out one's earlier output is taken back).
        want = sorted(k[:-len('.dae')] + '.glb' for k, l in o.items() if l['outcome'] == 'converted')
        self.assertEqual(files_under(self.out), want)
        r = run('batch', self.src, self.out, '--report', self.report, '--quiet')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(files_under(self.out), ['big.glb', 'small.glb'])

    def test_one_worker_converts_asset_after_asset_each_on_its_own(self):
        """-j 1: one warm worker converts every asset in turn; one asset's warnings are not the
        next one's, and its peak RSS is not what the asset before it took."""
        self.put('a.dae', warned_sample())
        r = run('convert', ARGS.sample, os.path.join(self.src, 'b.glb'))  # converts clean
        self.assertEqual(r.returncode, 0, r.stderr)
        big_collada(os.path.join(self.src, 'c_big.dae'), 200000)
        self.put('d.dae', warned_sample())
        r = run('batch', self.src, self.out, '--report', self.report, '--quiet', '-j', '1')
        self.assertEqual(r.returncode, 0, r.stderr)
        o = {l['input']: l for l in report_lines(self.report)}
        self.assertIn('collada.asset.up-axis', o['a.dae']['warnings'])
        self.assertEqual(o['b.glb']['warnings'], {})
        self.assertEqual(o['d.dae']['warnings'], o['a.dae']['warnings'])
        if not ARGS.sanitized:  # AddressSanitizer keeps freed memory in quarantine
            self.assertLess(o['d.dae']['peakRssKiB'], o['c_big.dae']['peakRssKiB'] / 2)

    def test_a_warm_worker_writes_the_bytes_convert_writes(self):
        """-j 1, every format: each output is byte for byte what `polyxios convert` (a process of
        its own) writes for that asset, however many assets the worker converted before it."""
        self.sample_tree()
        r = run('convert', ARGS.sample, os.path.join(self.src, 'sub', 'e.glb'))
        self.assertEqual(r.returncode, 0, r.stderr)
        for to in ('glb', 'gltf', 'dae'):
            out = os.path.join(self.work, 'out-' + to)
            run('batch', self.src, out, '--to', to, '-j', '1', '--quiet')
            one = os.path.join(self.work, 'one-' + to)
            for name in ('a.dae', 'sub/B.DAE', 'sub/deeper/c.dae.gz', 'sub/e.glb'):
                stem = name.split('.')[0]
                os.makedirs(os.path.dirname(os.path.join(one, stem)), exist_ok=True)
                r = run('convert', os.path.join(self.src, name), os.path.join(one, f'{stem}.{to}'))
                self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(files_under(out), files_under(one))
            for name in files_under(one):
                with open(os.path.join(out, name), 'rb') as batched:
                    with open(os.path.join(one, name), 'rb') as alone:
                        self.assertEqual(batched.read(), alone.read(), f'{to}: {name}')

    def test_an_asset_past_the_memory_cap_ends_only_its_worker(self):
        """-j 1: the asset past --max-memory is reported memory, and a new worker converts the
        assets after it."""
        self.skip_memory_caps_under_sanitizers()
        sample = open(ARGS.sample, 'rb').read()
        self.put('a.dae', sample)
        big_collada(os.path.join(self.src, 'b_big.dae'), 200000)
        self.put('c.dae', sample)
        self.put('d.dae', sample)
        r = run('batch', self.src, self.out, '--report', self.report, '--quiet', '-j', '1',
                '--max-memory', '4')
        self.assertEqual(r.returncode, 3, r.stderr)
        o = {l['input']: l['why'] for l in report_lines(self.report)}
        self.assertEqual(o, {'a.dae': 'converted', 'b_big.dae': 'memory', 'c.dae': 'converted',
                             'd.dae': 'converted'})
        self.assertEqual(files_under(self.out), ['a.glb', 'c.glb', 'd.glb'])

    def interrupt(self, how):
        self.runaway_tree(['ok', 'ok2', 'hang', 'hang2', 'ok3'])
        env = dict(os.environ, POLYXIOS_BATCH_WORKER=ARGS.runaway)
        p = subprocess.Popen([ARGS.polyxios, 'batch', self.src, self.out, '--report',
                              self.report, '-j', '2', '--quiet'], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if os.path.exists(self.report) and len(report_lines(self.report)) >= 2:
                break
            time.sleep(0.05)
        time.sleep(0.2)
        p.send_signal(how)
        out, err = p.communicate(timeout=30)
        return p.returncode, out, err

    def assert_no_worker_left(self):
        """No live runaway_worker (a dead one whose parent died is a zombie of PID 1's)."""
        time.sleep(0.3)
        alive = []
        for pid in os.listdir('/proc'):
            try:
                with open(f'/proc/{pid}/stat') as f:
                    stat = f.read()
            except OSError:
                continue
            state = stat[stat.rindex(')') + 2]
            try:
                exe = os.readlink(f'/proc/{pid}/exe')
            except OSError:
                continue
            # This build's stand-in only: another build's tests may run beside these.
            if exe == os.path.realpath(ARGS.runaway) and state != 'Z':
                alive.append(pid)
        self.assertEqual(alive, [], 'a worker outlived its batch')

    def test_sigint_and_sigterm_keep_what_is_converted(self):
        for how in (signal.SIGINT, signal.SIGTERM):
            code, out, err = self.interrupt(how)
            self.assertEqual(code, 128 + how, err)
            self.assertIn(b'rerun with --resume', err)
            # Issue 36 §2: the summary says how far it got.
            self.assertRegex(out.decode(), r'^stopped by \w+ after 2 of 5 assets\n')
            self.assertIn(b'after 2 of 5 assets; rerun with --resume', err)
            lines = report_lines(self.report)
            self.assertEqual(sorted(l['input'] for l in lines), ['00_ok.dae', '01_ok2.dae'])
            self.assertEqual(files_under(self.out), ['00_ok.glb', '01_ok2.glb'])
            self.assert_no_worker_left()
            shutil.rmtree(self.out)
            os.remove(self.report)

    def test_kill_9_leaves_no_worker_and_no_partial_file(self):
        code, _, _ = self.interrupt(signal.SIGKILL)
        self.assertEqual(code, -signal.SIGKILL)
        self.assert_no_worker_left()
        for name in files_under(self.out):
            self.assertNotIn('tmp', name)
        self.assertEqual(files_under(self.out), ['00_ok.glb', '01_ok2.glb'])

    def test_progress_lines_a_bar_on_a_terminal_and_quiet(self):
        self.sample_tree()
        r = run('batch', self.src, self.out, '--progress-interval', '0.01')
        self.assertIn(b'polyxios: batch: 4/4 files', r.stderr)
        self.assertIn(b'1 refused  0 failed', r.stderr)
        self.assertIn(b'polyxios: batch: refused sub/bad.dae: collada.mesh.no-vertices', r.stderr)
        r = run('batch', self.src, self.out, '--quiet')
        self.assertEqual(r.stderr, b'')
        # On a terminal: a bar redrawn in place.
        seen = run_on_terminal([ARGS.polyxios, 'batch', self.src, self.out])
        self.assertIn(b'\r\x1b[K[', seen)
        self.assertIn(b'4/4 files', seen)

    def test_usage_and_io_errors(self):
        self.sample_tree()
        for argv in (['batch'], ['batch', self.src], ['batch', self.src, self.out, '-j', '0'],
                     ['batch', self.src, self.out, '--timeout', '-1'],
                     ['batch', self.src, self.out, '--max-memory', 'lots'],
                     ['batch', self.src, self.out, '--bogus'],
                     ['batch', self.src, self.src]):
            r = run(*argv)
            self.assertEqual(r.returncode, 1, (argv, r.stderr))
            self.assertIn(b'polyxios: ', r.stderr)
        r = run('batch', os.path.join(self.work, 'nowhere'), self.out)
        self.assertEqual(r.returncode, 3)
        self.assertFalse(os.path.exists(self.out))

    def test_an_output_folder_inside_the_source_is_not_read_again(self):
        self.put('a.dae', open(ARGS.sample, 'rb').read())
        inner = os.path.join(self.src, 'converted')
        for _ in range(2):
            r = run('batch', self.src, inner, '--to', 'dae', '--quiet')
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn(b'1 assets: 1 converted', r.stdout)

    def test_shards_split_the_list_and_merge_reports_folds_them(self):
        sample = open(ARGS.sample, 'rb').read()
        for i in range(12):
            self.put(f'set{i % 3}/m{i}.dae', sample)
        self.put('set0/bad.dae', BAD_DAE)
        reports = []
        for k in (1, 2, 3):
            reports.append(os.path.join(self.work, f'shard{k}.jsonl'))
            r = run('batch', self.src, self.out, '--shard', f'{k}/3', '--report', reports[-1])
            self.assertIn(r.returncode, (0, 2), r.stderr)
            self.assertIn(f'polyxios: batch: shard {k}/3 from --shard {k}/3: '.encode(), r.stderr)
        inputs = [l['input'] for rep in reports for l in report_lines(rep)]
        self.assertEqual(len(inputs), 13)
        self.assertEqual(len(set(inputs)), 13)  # each asset in exactly one shard
        merged = os.path.join(self.work, 'merged.jsonl')
        r = run('merge-reports', *reports, '-o', merged)
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn(b'13 assets: 12 converted, 1 refused', r.stdout)
        self.assertIn(b'top refusal rules: collada.mesh.no-vertices (1)', r.stdout)
        lines = report_lines(merged)
        self.assertEqual([l['input'] for l in lines], sorted(inputs))
        r = run('merge-reports', *reports, '--json')
        summary = json.loads(r.stdout)
        self.assertEqual(summary['assets'], 13)
        self.assertEqual(summary['outcomes']['converted'], 12)
        self.assertEqual(summary['exitCode'], 2)
        # A rerun's line wins over the first: the refused asset, fixed, converts.
        self.put('set0/bad.dae', sample)
        rerun = os.path.join(self.work, 'rerun.jsonl')
        r = run('batch', self.src, self.out, '--from', '-', '--report', rerun, '--quiet',
                stdin=b'set0/bad.dae\n')
        self.assertEqual(r.returncode, 0, r.stderr)
        r = run('merge-reports', *reports, rerun)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn(b'13 assets: 13 converted', r.stdout)
        self.assertEqual(run('merge-reports').returncode, 1)
        self.assertEqual(run('merge-reports', os.path.join(self.work, 'absent.jsonl')).returncode, 3)
        with open(os.path.join(self.work, 'junk.jsonl'), 'w') as f:
            f.write('not json\n')
        r = run('merge-reports', os.path.join(self.work, 'junk.jsonl'))
        self.assertEqual(r.returncode, 1)  # issue 36: no asset in the reports
        self.assertIn(b'1 lines that are not records skipped', r.stderr)
        r = run('merge-reports', '--allow-empty', os.path.join(self.work, 'junk.jsonl'))
        self.assertEqual(r.returncode, 0, r.stderr)
        for bad in ('0/3', '4/3', 'x'):
            self.assertEqual(run('batch', self.src, self.out, '--shard', bad).returncode, 1)
        r = run('batch', self.src, self.out, env={'JOB_COMPLETION_INDEX': '1'})
        self.assertEqual(r.returncode, 1)
        self.assertIn(b'--shards N', r.stderr)

    def test_names_that_are_not_utf8_stay_apart_in_the_report(self):
        sample = open(ARGS.sample, 'rb').read()
        names = [b'bad\xff\xfeutf8.dae', b'bad\xfe\xffutf8.dae', b'caf\xe9.dae', b'caf\xe8.dae']
        for name in names:
            with open(os.path.join(os.fsencode(self.src), name), 'wb') as f:
                f.write(sample)
        r = run('batch', self.src, self.out, '--report', self.report, '--quiet')
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = report_lines(self.report)
        self.assertEqual(len(lines), 4)
        self.assertEqual(len({l['input'] for l in lines}), 2)  # as U+FFFD spells them
        self.assertEqual(len({l['inputRaw'] for l in lines}), 4)
        r = run('merge-reports', self.report)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn(b'4 assets: 4 converted', r.stdout)
        r = run('batch', self.src, self.out, '--report', self.report, '--resume', '--quiet')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn(b'4 skipped (already converted)', r.stdout)

    def test_help_and_readme_name_every_command_and_flag(self):
        help_text = run('--help').stdout.decode()
        readme = open(os.path.join(os.path.dirname(__file__), '..', '..', '..', 'README.md')).read()
        flags = ['convert', 'info', 'validate', 'batch', 'merge-reports', '--json', '--werror',
                 '--to', '-j', '--config', '--ignore', '--only', '--severity', '--from',
                 '--timeout', '--max-memory', '--report', '--resume', '--quiet',
                 '--progress-interval', '--shard', '--shards', '--format', '-o',
                 '--allow-external-files', '--allow-remote-uris', '--max-input',
                 '--compress', '--fallback', '--optimize', '--draco-position-bits',
                 '--draco-normal-bits', '--draco-texcoord-bits', '--draco-color-bits',
                 '--draco-generic-bits', '--draco-level',
                 'JOB_COMPLETION_INDEX', 'SLURM_ARRAY_TASK_ID',
                 'AWS_BATCH_JOB_ARRAY_INDEX', '{shard}']
        for flag in flags:
            named = re.search(r'(^|[\s\[(|"])' + re.escape(flag) + r'([\s\]=)|",.]|$)', help_text)
            self.assertTrue(named, f'--help does not name {flag}')
            self.assertTrue(flag in readme, f'the README does not name {flag}')

    def test_an_input_past_max_input_is_refused_by_its_rule(self):
        self.put('a.dae', open(ARGS.sample, 'rb').read())
        big_collada(os.path.join(self.src, 'big.dae'), 30000)
        self.assertGreater(os.path.getsize(os.path.join(self.src, 'big.dae')), 1 << 20)
        r = run('batch', self.src, self.out, '--report', self.report, '--max-input', '1', '--quiet')
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertEqual(files_under(self.out), ['a.glb'])
        big = {l['input']: l for l in report_lines(self.report)}['big.dae']
        self.assertEqual((big['outcome'], big['rule']), ('refused', 'limits.input-bytes'))
        self.assertEqual(run('batch', self.src, self.out, '--max-input', '0').returncode, 1)

    def test_an_empty_source(self):
        # Issue 36: no asset is a usage error, so a mistyped SRC does not pass; --allow-empty.
        r = run('batch', self.src, self.out, '--report', self.report)
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn(b'polyxios: batch: no asset found in ', r.stderr)
        r = run('batch', self.src, self.out, '--report', self.report, '--allow-empty')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn(b'0 assets', r.stdout)
        self.assertEqual(report_lines(self.report), [])


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('--polyxios', required=True)
    parser.add_argument('--runaway', required=True)
    parser.add_argument('--sample', required=True)
    parser.add_argument('--sanitized', action='store_true')
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0], *rest], verbosity=2)
