#!/usr/bin/env python3
"""polyxios convert killed with SIGKILL at any moment (issue 13): while it reads, and at points
spread over its write (the first byte, a third, half, the end of the output's bytes, watched
through /proc/PID/fd), of a large generated COLLADA document to .glb, .gltf + .bin and .dae,
into an empty folder and over the outputs of an earlier convert. Each output path holds
afterwards nothing, the earlier file whole or the new file whole, and nothing else is left but a
named writer's temporaries (".out.glb.polyxios-tmp-N"), which the next convert or batch writing
the same path removes. PX_TEST_NAMED_TEMPORARIES=1 makes polyxios write through named
temporaries, as on a file system without O_TMPFILE, whose kill must leave one.

  kill_test.py --polyxios BIN --sample robot_arm.dae [--sanitized] [unittest args]
"""
import argparse
import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

from batch_test import big_collada

ARGS = None
# The generated document's triangles: 22 MB of COLLADA, a 14 MB GLB, written over a tenth of
# a second or more in the release build; a quarter of it under the sanitizers.
TRIANGLES = 300_000
TEMPORARY = re.compile(r'^\.(out\.(?:glb|gltf|bin|dae))\.polyxios-tmp-\d+$')
NAMED = {'PX_TEST_NAMED_TEMPORARIES': '1'}


def convert_argv(src, out):
    return [ARGS.polyxios, 'convert', '--quiet', src, out]


def folder_files(folder):
    """Every file in folder (hidden ones too) with its size and SHA-256."""
    found = {}
    for name in os.listdir(folder):
        with open(os.path.join(folder, name), 'rb') as f:
            data = f.read()
        found[name] = (len(data), hashlib.sha256(data).hexdigest())
    return found


def bytes_written(pid, folder):
    """The sizes summed of the files process pid has open in folder (its outputs, named or not:
    an O_TMPFILE file shows as 'folder/#inode (deleted)'); None once it has exited."""
    fds = f'/proc/{pid}/fd'
    try:
        names = os.listdir(fds)
    except OSError:
        return None
    total = 0
    for fd in names:
        try:
            if os.readlink(os.path.join(fds, fd)).startswith(folder + '/'):
                total += os.stat(os.path.join(fds, fd)).st_size
        except OSError:
            pass  # closed meanwhile
    return total


def run_killed(argv, folder, at_bytes=None, at_seconds=None, env=None):
    """Runs argv and kills it with SIGKILL once its files in folder hold at_bytes (or after
    at_seconds). Returns True when it was killed, False when it ended first."""
    full_env = dict(os.environ)
    full_env.update(env or {})
    folder = os.path.realpath(folder)
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env=full_env)
    start = time.monotonic()
    try:
        while process.poll() is None:
            if at_seconds is not None:
                due = time.monotonic() - start >= at_seconds
            else:
                written = bytes_written(process.pid, folder)
                due = written is not None and written >= at_bytes
            if due:
                process.send_signal(signal.SIGKILL)
                break
            time.sleep(0.001)
    finally:
        code = process.wait(timeout=120)
    return code == -signal.SIGKILL


def kill_mid_write(argv, folder, at_bytes, env=None):
    """run_killed at_bytes, again (up to three times) when the convert ended first: this
    process was not scheduled in time. Returns whether one was killed."""
    for _ in range(3):
        if run_killed(argv, folder, at_bytes=at_bytes, env=env):
            return True
    return False


class KillTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.mkdtemp(prefix='px_kill_')
        cls.big = os.path.join(cls.work, 'big.dae')
        big_collada(cls.big, TRIANGLES // 4 if ARGS.sanitized else TRIANGLES)
        # What a whole convert writes, and how long it takes, for each output.
        cls.whole = {}
        cls.seconds = {}
        for ext in ('glb', 'gltf', 'dae'):
            folder = os.path.join(cls.work, 'whole_' + ext)
            os.mkdir(folder)
            start = time.monotonic()
            r = subprocess.run(convert_argv(cls.big, os.path.join(folder, 'out.' + ext)),
                               capture_output=True)
            assert r.returncode == 0, r.stderr
            cls.seconds[ext] = time.monotonic() - start
            cls.whole[ext] = folder_files(folder)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work)

    def setUp(self):
        self.out = os.path.join(self.work, 'out_' + self.id().rsplit('.', 1)[-1])
        os.mkdir(self.out)

    def tearDown(self):
        shutil.rmtree(self.out)

    def empty_folder(self):
        shutil.rmtree(self.out)
        os.mkdir(self.out)

    def earlier_outputs(self, ext):
        """The outputs of converting the small sample to out.EXT."""
        r = subprocess.run(convert_argv(ARGS.sample, os.path.join(self.out, 'out.' + ext)),
                           capture_output=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        return folder_files(self.out)

    def check_left(self, ext, before, named):
        """Each output in the folder is the earlier one or the new one, whole; a named temporary
        is the only other file, and an unnamed writer's only ever holds the whole new file (it is
        named only between its link and its rename)."""
        whole = self.whole[ext]
        left = folder_files(self.out)
        for name, data in left.items():
            temporary = TEMPORARY.match(name)
            if temporary:
                if not named:
                    self.assertEqual(data, whole[temporary.group(1)], name)
                continue
            self.assertTrue(name in whole, f'{name} left in the output folder')
            self.assertTrue(data == whole[name] or data == before.get(name),
                            f'{name} is neither the earlier file nor the new one whole '
                            f'({data[0]} bytes)')
        if ext == 'gltf' and left.get('out.gltf') == whole['out.gltf']:
            # The .bin goes into place before the .gltf that names it.
            self.assertEqual(left.get('out.bin'), whole['out.bin'])
        return left

    def total(self, ext):
        return sum(size for size, _ in self.whole[ext].values())

    def kill_at(self, ext, fraction, before, env=None):
        """Kills a convert to out.EXT once its outputs hold that fraction of the bytes a whole
        one writes (0: the first byte) and checks what it leaves. Returns whether it was killed
        and what it left."""
        argv = convert_argv(self.big, os.path.join(self.out, 'out.' + ext))
        killed = kill_mid_write(argv, self.out, max(1, int(self.total(ext) * fraction)), env)
        return killed, self.check_left(ext, before, named=env is not None)

    def whole_convert_cleans_up(self, ext):
        r = subprocess.run(convert_argv(self.big, os.path.join(self.out, 'out.' + ext)),
                           capture_output=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(folder_files(self.out), self.whole[ext])

    def test_killed_at_any_moment_leaves_no_partial_output(self):
        for ext, first_written in (('glb', 'out.glb'), ('gltf', 'out.bin'), ('dae', 'out.dae')):
            with self.subTest(ext=ext):
                self.empty_folder()
                # Into an empty folder: while it reads, and a third into its write.
                argv = convert_argv(self.big, os.path.join(self.out, 'out.' + ext))
                self.assertTrue(run_killed(argv, self.out, at_seconds=self.seconds[ext] * 0.2))
                self.assertEqual(folder_files(self.out), {})
                self.assertTrue(self.kill_at(ext, 1 / 3, {})[0], 'ended before a third')
                # Over the outputs of an earlier convert: at the first byte and at the end.
                self.empty_folder()
                before = self.earlier_outputs(ext)
                self.assertTrue(self.kill_at(ext, 0, before)[0], 'ended before its first byte')
                self.kill_at(ext, 0.99, before)
                # Halfway with named temporaries: the one being written is left.
                killed, left = self.kill_at(ext, 0.5, before, env=NAMED)
                self.assertTrue(killed, 'ended before half')
                self.assertTrue(any(name.startswith(f'.{first_written}.polyxios-tmp-')
                                    for name in left), sorted(left))
                # The next convert removes it.
                self.whole_convert_cleans_up(ext)

    def test_named_temporaries_left_by_a_kill_are_removed_by_batch(self):
        src = os.path.join(self.work, 'src')
        os.makedirs(src, exist_ok=True)
        shutil.copy(ARGS.sample, os.path.join(src, 'robot_arm.dae'))
        for ext, temporary in (('glb', 'robot_arm.glb'), ('gltf', 'robot_arm.bin')):
            with self.subTest(ext=ext):
                self.empty_folder()
                # A convert of the large document to the path batch writes, killed mid-write.
                argv = convert_argv(self.big, os.path.join(self.out, 'robot_arm.' + ext))
                self.assertTrue(kill_mid_write(argv, self.out, self.total(ext) // 4, NAMED))
                self.assertIn(f'.{temporary}.polyxios-tmp-0', os.listdir(self.out))
                r = subprocess.run([ARGS.polyxios, 'batch', '--quiet', '--to', ext, src,
                                    self.out], capture_output=True)
                self.assertEqual(r.returncode, 0, r.stderr)
                expected = ['robot_arm.glb'] if ext == 'glb' else ['robot_arm.bin',
                                                                   'robot_arm.gltf']
                self.assertEqual(sorted(os.listdir(self.out)), expected)


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('--polyxios', required=True)
    parser.add_argument('--sample', required=True)
    parser.add_argument('--sanitized', action='store_true')
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0], *rest], verbosity=2)
