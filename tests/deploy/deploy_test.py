#!/usr/bin/env python3
"""deploy/: the Kubernetes manifests, the Slurm scripts and the Dockerfile (issue 11).

The manifests are read with a YAML parser and checked for what the Job relies on; then, for each
scheduler, N shard processes run here as the scheduler would start them (the manifest's own
args, the real sbatch script, AWS Batch's variable), and together they must convert every asset
exactly once, with merge-reports folding their reports into the full count.

  deploy_test.py --polyxios BIN --sample robot_arm.dae --repo REPO [unittest args]
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

import yaml

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'support'))
import required  # noqa: E402  (tests/support, put on the path above)

ARGS = None

# Refused by the reader: a mesh with no <vertices> (collada.mesh.no-vertices).
REFUSED_DAE = (b'<COLLADA><library_geometries><geometry id="g"><mesh><source id="s">'
               b'<float_array id="a" count="9">1 2</float_array></source></mesh></geometry>'
               b'</library_geometries></COLLADA>')
REFUSED = 'broken/refused.dae'
SHARD_LINE = re.compile(r'polyxios: batch: shard (\d+)/(\d+) from (.*): (\d+) of (\d+) assets')


def deploy_path(*parts):
    return os.path.join(ARGS.repo, 'deploy', *parts)


def yaml_documents(*parts):
    with open(deploy_path(*parts)) as f:
        return [d for d in yaml.safe_load_all(f) if d is not None]


def the_job(*parts):
    jobs = [d for d in yaml_documents(*parts) if d.get('kind') == 'Job']
    assert len(jobs) == 1, parts
    return jobs[0]


def scheduler_free_env(extra=None):
    """This environment less any scheduler's variables (a CI run inside Slurm has them)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(('SLURM_', 'AWS_BATCH_')) and k != 'JOB_COMPLETION_INDEX'}
    env.update(extra or {})
    return env


def report_lines(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def flag_value(args, flag):
    return args[args.index(flag) + 1]


def mebibytes(quantity):
    units = {'Ki': 1 / 1024, 'Mi': 1, 'Gi': 1024, 'Ti': 1024 * 1024}
    number, unit = re.fullmatch(r'(\d+)([KMGT]i)', quantity).groups()
    return int(number) * units[unit]


def policy_action(job, exit_code=None, condition=None):
    """What the Job's podFailurePolicy does with a pod that failed so (the first rule that
    matches, as the Job controller reads them; none matching is Count)."""
    for rule in job['spec']['podFailurePolicy']['rules']:
        on_codes = rule.get('onExitCodes')
        if on_codes and exit_code is not None:
            inside = exit_code in on_codes['values']
            if inside == (on_codes['operator'] == 'In'):
                return rule['action']
        for pattern in rule.get('onPodConditions', []):
            if pattern['type'] == condition and pattern.get('status', 'True') == 'True':
                return rule['action']
    return 'Count'


def expand_kubernetes(text, env):
    """$(NAME) from the container's environment, as the kubelet expands command and args."""
    return re.sub(r'\$\(([A-Za-z_][A-Za-z0-9_]*)\)', lambda m: env.get(m.group(1), m.group(0)),
                  text)


def mounted(text, mounts):
    """A path inside the container, as the path on this machine its volume mount gives."""
    for mount_path, local in sorted(mounts.items(), key=lambda m: -len(m[0])):
        if text == mount_path or text.startswith(mount_path + '/'):
            return local + text[len(mount_path):]
    return text


def volume_mounts(job, volume_root):
    """mountPath -> volume_root/subPath, for the Job's first container."""
    container = job['spec']['template']['spec']['containers'][0]
    mounts = {}
    for m in container['volumeMounts']:
        local = os.path.join(volume_root, m.get('subPath', ''))
        os.makedirs(local, exist_ok=True)  # the kubelet makes a missing subPath
        mounts[m['mountPath']] = local.rstrip('/')
    return mounts


class ManifestTest(unittest.TestCase):
    def setUp(self):
        self.job = the_job('kubernetes', 'polyxios-batch.yaml')
        self.spec = self.job['spec']
        self.pod = self.spec['template']['spec']
        self.container = self.pod['containers'][0]
        self.args = self.container['args']

    def test_an_indexed_job_with_one_pod_per_shard(self):
        self.assertEqual(self.job['apiVersion'], 'batch/v1')
        self.assertEqual(self.spec['completionMode'], 'Indexed')
        self.assertEqual(self.args[0], 'batch')
        self.assertEqual(self.spec['completions'], int(flag_value(self.args, '--shards')))
        self.assertLessEqual(self.spec['parallelism'], self.spec['completions'])
        self.assertNotIn('--shard', self.args)  # the index comes from JOB_COMPLETION_INDEX

    def test_each_shard_resumes_its_own_report(self):
        self.assertIn('--resume', self.args)
        report = flag_value(self.args, '--report')
        self.assertIn('$(JOB_COMPLETION_INDEX)', report)
        # Kubernetes sets it itself: a value here would give every pod the same report.
        self.assertNotIn('JOB_COMPLETION_INDEX', [e['name'] for e in self.container.get('env', [])])
        mount_paths = [m['mountPath'] for m in self.container['volumeMounts']]
        self.assertIn(os.path.dirname(report), mount_paths)

    def test_the_pod_failure_policy(self):
        self.assertEqual(self.pod['restartPolicy'], 'Never')
        self.assertGreater(self.spec['backoffLimitPerIndex'], 0)  # FailIndex needs it
        self.assertEqual(policy_action(self.job, exit_code=2), 'FailIndex')  # refused: no retry
        self.assertEqual(policy_action(self.job, exit_code=3), 'Count')  # I/O, timeout: retry
        self.assertEqual(policy_action(self.job, exit_code=4), 'Count')
        self.assertEqual(policy_action(self.job, exit_code=1), 'FailJob')  # usage: all would
        self.assertEqual(policy_action(self.job, condition='DisruptionTarget'), 'Ignore')
        names = {c['name'] for c in self.pod['containers']}
        for rule in self.spec['podFailurePolicy']['rules']:
            self.assertIn(rule['action'], ('Ignore', 'FailJob', 'FailIndex', 'Count'))
            self.assertNotEqual('onExitCodes' in rule, 'onPodConditions' in rule)
            if 'onExitCodes' in rule:
                codes = rule['onExitCodes']
                self.assertIn(codes['operator'], ('In', 'NotIn'))
                self.assertIn(codes.get('containerName', next(iter(names))), names)
                values = codes['values']
                self.assertEqual(values, sorted(set(values)))  # the API wants them so
                self.assertNotIn(0, values)

    def test_image_volumes_and_resources_agree(self):
        self.assertEqual(self.container['image'].split(':')[0], 'polyxios')
        volumes = {v['name']: v for v in self.pod['volumes']}
        for m in self.container['volumeMounts']:
            self.assertIn(m['name'], volumes)
        mount_paths = {m['mountPath']: m for m in self.container['volumeMounts']}
        self.assertTrue(mount_paths['/data/assets'].get('readOnly'))
        self.assertEqual(self.args[1:3], ['/data/assets', '/data/converted'])
        self.assertIn('/data/converted', mount_paths)
        claims = {d['metadata']['name'] for d in yaml_documents('kubernetes', 'polyxios-data.yaml')
                  if d['kind'] == 'PersistentVolumeClaim'}
        merge = the_job('kubernetes', 'polyxios-merge.yaml')
        for pod in (self.pod, merge['spec']['template']['spec']):
            for v in pod['volumes']:
                self.assertIn(v['persistentVolumeClaim']['claimName'], claims)
            self.assertEqual(pod['containers'][0]['image'], self.container['image'])
        pvc = yaml_documents('kubernetes', 'polyxios-data.yaml')[0]
        self.assertIn('ReadWriteMany', pvc['spec']['accessModes'])  # pods on several nodes
        # One worker per CPU, and every worker's --max-memory inside the pod's limit.
        resources = self.container['resources']
        workers = int(flag_value(self.args, '-j'))
        self.assertEqual(workers, int(resources['requests']['cpu']))
        self.assertLess(workers * int(flag_value(self.args, '--max-memory')),
                        mebibytes(resources['limits']['memory']))
        self.assertEqual(self.pod['securityContext']['runAsUser'], dockerfile_user())


def dockerfile_lines():
    with open(deploy_path('Dockerfile')) as f:
        text = re.sub(r'\\\n', ' ', f.read())
    return [line.strip() for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith('#')]


def dockerfile_user():
    users = [line.split()[1] for line in dockerfile_lines() if line.startswith('USER ')]
    return int(users[-1].split(':')[0])


class DockerfileTest(unittest.TestCase):
    def test_debian_12_in_both_stages_and_polyxios_the_entry_point(self):
        lines = dockerfile_lines()
        froms = [line.split()[1] for line in lines if line.startswith('FROM ')]
        self.assertEqual(froms, ['debian:12', 'debian:12-slim'])
        entry = [line for line in lines if line.startswith('ENTRYPOINT ')]
        self.assertEqual(json.loads(entry[-1][len('ENTRYPOINT '):]), ['polyxios'])
        self.assertNotEqual(dockerfile_user(), 0)

    def test_the_build_options_exist(self):
        with open(os.path.join(ARGS.repo, 'CMakeLists.txt')) as f:
            options = set(re.findall(r'^option\((\w+)', f.read(), re.M))
        used = set(re.findall(r'-D(PX_\w+)=', ' '.join(dockerfile_lines())))
        self.assertTrue(used)
        self.assertLessEqual(used, options)

    def test_the_runtime_stage_installs_what_the_binary_loads(self):
        """The runtime stage installs the package of each library the binary loads, and nothing
        else: with the Dockerfile's build options polyxios is a static PIE that ldd finds no
        library in, and opens meshoptimizer by its soname (named in its bytes) when a conversion
        needs it; libmeshoptimizer's own dependencies come with its package."""
        if not shutil.which('dpkg') or not shutil.which('ldd') or not shutil.which('ldconfig'):
            required.skip_test(self, 'ldd, ldconfig or dpkg absent')
        if not ARGS.dockerfile_build:
            self.skipTest('this build links polyxios otherwise than the Dockerfile does (a '
                          'sanitizer build, or PX_STATIC_BINARY off)')
        runtime = dockerfile_lines()
        runtime = runtime[max(i for i, l in enumerate(runtime) if l.startswith('FROM ')):]
        installs = ' '.join(l for l in runtime if 'apt-get install' in l)
        packages = set(re.findall(r'\b(lib[\w.+-]+|zlib1g)\b', installs))
        ldd = subprocess.run(['ldd', ARGS.polyxios], capture_output=True, text=True)
        libraries = re.findall(r'=> (/\S+)', ldd.stdout)
        self.assertEqual(libraries, [], 'a static PIE links no shared library')
        with open(ARGS.polyxios, 'rb') as f:
            opened = sorted(set(re.findall(rb'libmeshoptimizer\.so\.[\w.]+', f.read())))
        self.assertEqual(len(opened), 1, opened)
        cache = subprocess.run(['ldconfig', '-p'], capture_output=True, text=True, check=True)
        found = re.search(re.escape(opened[0].decode()) + r' .*=> (/\S+)', cache.stdout)
        self.assertIsNotNone(found, opened[0])
        owner = subprocess.run(['dpkg', '-S', os.path.realpath(found.group(1))],
                               capture_output=True, text=True)
        if owner.returncode != 0:
            owner = subprocess.run(['dpkg', '-S', found.group(1)], capture_output=True, text=True)
        self.assertEqual(packages, {owner.stdout.split(':')[0]})

    def test_dockerignore_keeps_build_folders_out(self):
        with open(os.path.join(ARGS.repo, '.dockerignore')) as f:
            patterns = f.read().split()
        self.assertIn('build*', patterns)
        self.assertIn('**/node_modules', patterns)


class SlurmScriptTest(unittest.TestCase):
    def test_the_scripts_parse_and_their_directives_come_first(self):
        for name in ('polyxios-batch.sbatch', 'polyxios-merge.sbatch'):
            path = deploy_path('slurm', name)
            r = subprocess.run(['bash', '-n', path], capture_output=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(path) as f:
                lines = f.read().splitlines()
            # sbatch reads #SBATCH lines only up to the first command.
            first_command = next(i for i, l in enumerate(lines)
                                 if l.strip() and not l.startswith('#'))
            self.assertTrue(any(l.startswith('#SBATCH') for l in lines[:first_command]))
            self.assertFalse(any(l.startswith('#SBATCH') for l in lines[first_command:]))

    def test_outside_an_array_it_says_so(self):
        r = subprocess.run(['bash', deploy_path('slurm', 'polyxios-batch.sbatch')],
                           capture_output=True, env=scheduler_free_env(), cwd=tempfile.gettempdir())
        self.assertNotEqual(r.returncode, 0)
        self.assertIn(b'submit with sbatch', r.stderr)


def array_of_sbatch():
    with open(deploy_path('slurm', 'polyxios-batch.sbatch')) as f:
        first, last = re.search(r'^#SBATCH --array=(\d+)-(\d+)', f.read(), re.M).groups()
    return list(range(int(first), int(last) + 1))


class ShardingTest(unittest.TestCase):
    """N shard processes per scheduler, over one tree of 41 assets (one refused)."""

    def setUp(self):
        self.work = tempfile.mkdtemp(prefix='px_deploy_')
        self.volume = os.path.join(self.work, 'volume')
        self.src = os.path.join(self.volume, 'assets')
        self.assets = self.make_tree(40)

    def tearDown(self):
        shutil.rmtree(self.work, ignore_errors=True)

    def make_tree(self, count, start=0):
        with open(ARGS.sample, 'rb') as f:
            sample = f.read()
        made = []
        for i in range(start, start + count):
            rel = f'set{i % 5}/group{i % 3}/asset_{i:02d}.dae'
            os.makedirs(os.path.join(self.src, os.path.dirname(rel)), exist_ok=True)
            with open(os.path.join(self.src, rel), 'wb') as f:
                f.write(sample)
            made.append(rel)
        if start == 0:
            os.makedirs(os.path.join(self.src, 'broken'), exist_ok=True)
            with open(os.path.join(self.src, REFUSED), 'wb') as f:
                f.write(REFUSED_DAE)
            made.append(REFUSED)
        return sorted(made)

    def check_shards(self, runs, reports, out, source):
        """runs: the shard processes' results; reports: their report files, in shard order."""
        shard_of = {}
        listed = 0
        for shard, (run, report) in enumerate(zip(runs, reports)):
            self.assertIn(run.returncode, (0, 2), run.stderr)
            lines = report_lines(report)
            inputs = [line['input'] for line in lines]
            self.assertEqual(len(inputs), len(set(inputs)), report)
            for rel in inputs:
                self.assertNotIn(rel, shard_of, f'{rel} in shards {shard_of.get(rel)} and {shard}')
                shard_of[rel] = shard
            self.assertEqual(run.returncode, 2 if REFUSED in inputs else 0)
            # The line saying which slice it took, and from which variable.
            said = SHARD_LINE.search(run.stderr.decode())
            self.assertIsNotNone(said, run.stderr)
            self.assertEqual(int(said.group(1)), shard + 1)
            self.assertEqual(int(said.group(2)), len(reports))
            self.assertTrue(said.group(3).startswith(source), said.group(3))
            self.assertEqual(int(said.group(4)), len(inputs))
            self.assertEqual(int(said.group(5)), len(self.assets))
            listed += len(inputs)
        self.assertEqual(sorted(shard_of), self.assets)
        self.assertEqual(listed, len(self.assets))
        self.assertGreater(len(set(shard_of.values())), 1)  # the work is spread
        for rel in self.assets:
            glb = os.path.join(out, rel[:-len('.dae')] + '.glb')
            self.assertEqual(os.path.isfile(glb), rel != REFUSED, glb)
        merged = subprocess.run([ARGS.polyxios, 'merge-reports', *reports, '--json'],
                                capture_output=True, env=scheduler_free_env())
        self.assertEqual(merged.returncode, 2, merged.stderr)
        summary = json.loads(merged.stdout)
        self.assertEqual(summary['assets'], len(self.assets))
        self.assertEqual(summary['outcomes']['converted'], len(self.assets) - 1)
        self.assertEqual(summary['outcomes']['refused'], 1)
        self.assertEqual(summary['exitCode'], 2)
        return shard_of

    def run_shards(self, commands):
        """commands: (argv, env) per shard, started at once as a scheduler would."""
        def run(command):
            argv, env = command
            return subprocess.run(argv, capture_output=True, env=env, timeout=300)
        with concurrent.futures.ThreadPoolExecutor(len(commands)) as pool:
            return list(pool.map(run, commands))

    def flag_shards(self, n, out, reports):
        os.makedirs(reports, exist_ok=True)
        paths = [os.path.join(reports, f'shard-{k}.jsonl') for k in range(1, n + 1)]
        runs = self.run_shards([([ARGS.polyxios, 'batch', self.src, out, '--shard', f'{k}/{n}',
                                  '--report', paths[k - 1], '-j', '2'], scheduler_free_env())
                                for k in range(1, n + 1)])
        return self.check_shards(runs, paths, out, '--shard ')

    def test_shard_flags(self):
        self.flag_shards(3, os.path.join(self.work, 'out'), os.path.join(self.work, 'reports'))

    def test_kubernetes_indexed_job(self):
        job = the_job('kubernetes', 'polyxios-batch.yaml')
        mounts = volume_mounts(job, self.volume)
        args = job['spec']['template']['spec']['containers'][0]['args']
        n = job['spec']['completions']
        commands, reports = [], []
        for index in range(n):
            env = scheduler_free_env({'JOB_COMPLETION_INDEX': str(index)})
            argv = [mounted(expand_kubernetes(a, env), mounts) for a in args]
            commands.append(([ARGS.polyxios, *argv], env))
            reports.append(mounted(expand_kubernetes(flag_value(args, '--report'), env), mounts))
        runs = self.run_shards(commands)
        self.check_shards(runs, reports, mounts['/data/converted'], 'JOB_COMPLETION_INDEX=')
        # The pod with the refused asset fails its index; every other pod succeeds.
        refused_pods = [i for i, r in enumerate(runs) if r.returncode != 0]
        self.assertEqual(len(refused_pods), 1)
        self.assertEqual(policy_action(job, exit_code=runs[refused_pods[0]].returncode),
                         'FailIndex')
        # A retried pod (the same index again) resumes: nothing converts twice.
        again = self.run_shards([commands[refused_pods[0]]])[0]
        self.assertEqual(again.returncode, 2)
        self.assertRegex(again.stdout.decode(), r'\d+ skipped \(already converted\)')
        # The merge Job, through its shell, over the same reports.
        merge = the_job('kubernetes', 'polyxios-merge.yaml')
        container = merge['spec']['template']['spec']['containers'][0]
        merge_mounts = volume_mounts(merge, self.volume)
        script = container['args'][0]
        for mount_path, local in merge_mounts.items():
            script = script.replace(mount_path, local)
        path = os.path.dirname(ARGS.polyxios) + os.pathsep + os.environ.get('PATH', '')
        r = subprocess.run([*container['command'], script], capture_output=True,
                           env=scheduler_free_env({'PATH': path}))
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn(f'{len(self.assets)} assets: {len(self.assets) - 1} converted, 1 refused',
                      r.stdout.decode())
        merged = report_lines(os.path.join(merge_mounts['/data/reports'], 'merged.jsonl'))
        self.assertEqual([line['input'] for line in merged], self.assets)

    def slurm_array(self, task_ids, reports, out, env_extra=None):
        commands = []
        for task in task_ids:
            env = scheduler_free_env({
                'SLURM_ARRAY_JOB_ID': '4242', 'SLURM_ARRAY_TASK_ID': str(task),
                'SLURM_ARRAY_TASK_COUNT': str(len(task_ids)),
                'SLURM_ARRAY_TASK_MIN': str(task_ids[0]), 'SLURM_ARRAY_TASK_MAX': str(task_ids[-1]),
                'SLURM_CPUS_PER_TASK': '2', 'SLURM_MEM_PER_CPU': '2048',
                'POLYXIOS': ARGS.polyxios, 'SRC': self.src, 'OUT': out, 'REPORTS': reports,
                **(env_extra or {})})
            commands.append((['bash', deploy_path('slurm', 'polyxios-batch.sbatch')], env))
        runs = self.run_shards(commands)
        paths = [os.path.join(reports, f'shard-{task}.jsonl') for task in task_ids]
        return runs, paths

    def test_slurm_array(self):
        # The script's own array, and one given on the command line (sbatch --array=1-3).
        for task_ids in (array_of_sbatch(), [1, 2, 3]):
            with self.subTest(array=task_ids):
                out = os.path.join(self.work, f'out-{task_ids[0]}')
                reports = os.path.join(self.work, f'reports-{task_ids[0]}')
                runs, paths = self.slurm_array(task_ids, reports, out)
                shard_of = self.check_shards(runs, paths, out, 'SLURM_ARRAY_TASK_ID=')
                # Resubmitting the same array: each task skips what it converted (--resume).
                again, _ = self.slurm_array(task_ids, reports, out)
                for shard, run in enumerate(again):
                    converted = sum(1 for rel, s in shard_of.items()
                                    if s == shard and rel != REFUSED)
                    if converted:
                        self.assertIn(f'{converted} skipped', run.stdout.decode())
                merge = subprocess.run(
                    ['bash', deploy_path('slurm', 'polyxios-merge.sbatch')], capture_output=True,
                    env=scheduler_free_env({'POLYXIOS': ARGS.polyxios, 'REPORTS': reports}))
                self.assertEqual(merge.returncode, 2, merge.stderr)
                merged = report_lines(os.path.join(reports, 'merged.jsonl'))
                self.assertEqual([line['input'] for line in merged], self.assets)

    def test_aws_batch_array(self):
        n = 4
        out, reports = os.path.join(self.work, 'out'), os.path.join(self.work, 'reports')
        os.makedirs(reports)
        # As AWS Batch runs it: no shell, the count from AWS_BATCH_JOB_ARRAY_SIZE, and {shard}
        # naming each child's report (K of K/N, so 1 to n).
        paths = [os.path.join(reports, f'shard-{i + 1}.jsonl') for i in range(n)]
        runs = self.run_shards([
            ([ARGS.polyxios, 'batch', self.src, out, '--report',
              os.path.join(reports, 'shard-{shard}.jsonl'), '--resume', '-j', '2'],
             scheduler_free_env({'AWS_BATCH_JOB_ARRAY_INDEX': str(i),
                                 'AWS_BATCH_JOB_ARRAY_SIZE': str(n)}))
            for i in range(n)])
        self.check_shards(runs, paths, out, 'AWS_BATCH_JOB_ARRAY_INDEX=')

    def test_adding_files_moves_no_existing_asset_to_another_shard(self):
        before = self.flag_shards(4, os.path.join(self.work, 'out-1'),
                                  os.path.join(self.work, 'reports-1'))
        added = self.make_tree(10, start=40)
        self.assets = sorted(self.assets + added)
        after = self.flag_shards(4, os.path.join(self.work, 'out-2'),
                                 os.path.join(self.work, 'reports-2'))
        self.assertEqual({rel: after[rel] for rel in before}, before)


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('--polyxios', required=True)
    parser.add_argument('--sample', required=True)
    parser.add_argument('--repo', required=True)
    parser.add_argument('--dockerfile-build', action='store_true',
                        help='polyxios is linked as the Dockerfile links it')
    ARGS, rest = parser.parse_known_args()
    ARGS.polyxios = os.path.abspath(ARGS.polyxios)
    ARGS.repo = os.path.abspath(ARGS.repo)
    unittest.main(argv=[sys.argv[0], *rest], verbosity=2)
