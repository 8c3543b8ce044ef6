#!/usr/bin/env node
// Browser check: converts a few files with the polyxios CLI, loads them with three.js's
// GLTFLoader in headless Chromium, and compares what three built (meshes and primitives with
// their vertex / index counts and attributes, materials with their factors and textures, the
// node tree, skinned meshes with their joints, animation clips with their tracks, keys and
// durations) with what polyxios wrote in each file's JSON.
//
//   node browser_check.mjs POLYXIOS_BINARY REPO_DIR [CORPUS_DIR]
//
// CORPUS_DIR (default $POLYXIOS_CORPUS, else REPO_DIR/../shared/corpus) adds a skinned + animated
// COLLADA file, a textured one and a glTF file; without it only the repository's sample runs and
// the corpus part is reported skipped.
// Needs node's three (tests/validator/node_modules, from tools/bootstrap.sh) and Chromium
// (Debian `chromium`, also from bootstrap; $PX_CHROMIUM names another binary): without either the
// check FAILS. $PX_BROWSER_TIMEOUT: seconds to wait for the page's report (default 60).
// Exit status: 0 when three loaded every file and agrees with it, 1 otherwise.

import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './server.mjs';
import { compare, expectedView, readGltfJson, summary } from './expect.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const say = (s) => process.stdout.write(s + '\n');

function usage(msg) {
  process.stderr.write(`browser_check.mjs: ${msg}\nusage: node browser_check.mjs POLYXIOS_BINARY REPO_DIR [CORPUS_DIR]\n`);
  process.exit(1);
}

const [polyxios, repoArg, corpusArg] = process.argv.slice(2);
if (!polyxios || !repoArg) usage('missing arguments');
const repo = path.resolve(repoArg);
const corpus = path.resolve(corpusArg || process.env.POLYXIOS_CORPUS || path.join(repo, '..', 'shared', 'corpus'));
const timeoutSec = Number(process.env.PX_BROWSER_TIMEOUT || 60);

// What to convert: id (also the output's folder), input, output file name.
const SAMPLE_CASES = [
  // the repository's sample: a node hierarchy, two meshes and materials
  { id: 'robot_arm-glb', input: path.join(repo, 'corpus/samples/robot_arm.dae'), output: 'robot_arm.glb' },
  // the same as .gltf + .bin, to check that path too
  { id: 'robot_arm-gltf', input: path.join(repo, 'corpus/samples/robot_arm.dae'), output: 'robot_arm.gltf' },
];
const SEYMOUR = 'collada/cts/1_5/collada_other/library_geometries/geometry/mesh/triangles/seymour_plane_triangles/seymour_plane_triangles.dae';
const CORPUS_CASES = [
  // skinned + animated COLLADA (assimp's test model: a skinned mesh with two clips)
  { id: 'library_animation_clips', input: 'collada/assimp/library_animation_clips.dae', output: 'library_animation_clips.glb' },
  // textured COLLADA: a PNG the GLB embeds, two materials, ~10k vertices
  { id: 'seymour_plane', input: SEYMOUR, output: 'seymour_plane_triangles.glb' },
  // the same as .gltf + .bin: the image keeps its URI as the COLLADA spells it, so the check puts
  // the image where that URI points from the output, as it sits beside the input
  { id: 'seymour_plane-gltf', input: SEYMOUR, output: 'seymour_plane_triangles.gltf', copyImages: true },
  // glTF -> GLB, a validator test asset: named objects, a skin, a camera, a data: URI PNG (its
  // buffer has no data, so its vertices are zeros, and its animation targets no node: dropped)
  { id: 'named_objects', input: 'gltf/validator/base/data/root/named_objects.gltf', output: 'named_objects.glb' },
  // the same as .gltf: the embedded image stays a data: URI
  { id: 'named_objects-gltf', input: 'gltf/validator/base/data/root/named_objects.gltf', output: 'named_objects.gltf' },
  // glTF -> GLB with real data (assimp's test models): a skin of two joints and an animation
  { id: 'simple_skin', input: 'gltf/assimp/simple_skin/simple_skin.gltf', output: 'simple_skin.glb' },
];

// Copies the images a .gltf refers to by relative URI from beside the input to beside the output.
function copyImages(json, input, outDir) {
  const copied = [];
  for (const img of json.images || []) {
    if (!img.uri || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(img.uri) || img.uri.startsWith('/')) continue;
    const rel = decodeURIComponent(img.uri);
    const to = path.resolve(outDir, rel);
    if (!to.startsWith(outDir + path.sep)) throw new Error(`image URI ${img.uri} leaves the output folder`);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(path.resolve(path.dirname(input), rel), to);
    copied.push(rel);
  }
  return copied;
}

// ------------------------------------------------------------------ clean-up on every exit path
let tmp = null;
let browser = null; // the chromium ChildProcess (leader of its own process group)
let server = null;

function killBrowser() {
  if (browser && browser.exitCode === null && browser.signalCode === null) {
    try {
      process.kill(-browser.pid, 'SIGKILL'); // the whole group: browser, zygote, renderers, gpu
    } catch {
      /* already gone */
    }
  }
}
function removeTmp() {
  if (tmp) {
    fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
    tmp = null;
  }
}
process.on('exit', () => {
  killBrowser();
  try {
    removeTmp();
  } catch {
    /* best effort at exit */
  }
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    process.stderr.write(`browser_check.mjs: ${sig}\n`);
    process.exit(1); // the 'exit' handler kills the browser and removes the temporary folder
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms).unref());

// Stops the browser: SIGTERM to its main process first, so that it shuts down and reaps its own
// children (killed at once they would linger as zombies under a container's init), then SIGKILL
// to the whole process group in any case, for whatever is left.
async function cleanup() {
  if (browser) {
    const b = browser;
    const running = () => b.exitCode === null && b.signalCode === null;
    const exited = running() ? new Promise((r) => b.once('exit', r)) : Promise.resolve();
    if (running()) {
      try {
        process.kill(b.pid, 'SIGTERM');
      } catch {
        /* gone */
      }
      await Promise.race([exited, sleep(3000)]);
    }
    try {
      process.kill(-b.pid, 'SIGKILL');
    } catch {
      /* the group is empty */
    }
    await Promise.race([exited, sleep(3000)]);
  }
  if (server) {
    const s = server;
    server = null;
    await s.close();
  }
  removeTmp();
}

function fail(msg) {
  say(`browser_check: FAIL: ${msg}`);
  return 1;
}

// ------------------------------------------------------------------ helpers
function findChromium() {
  if (process.env.PX_CHROMIUM) return process.env.PX_CHROMIUM;
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    for (const name of ['chromium', 'chromium-browser']) {
      const p = path.join(dir || '.', name);
      try {
        fs.accessSync(p, fs.constants.X_OK);
        return p;
      } catch {
        /* next */
      }
    }
  }
  return null;
}

function run(cmd, args, timeoutMs) {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : err.signal || err.code) : 0, stdout, stderr });
    });
  });
}

const tail = (text, n) => text.split('\n').filter((l) => l.trim() !== '').slice(-n).map((l) => `    | ${l}`).join('\n');

// ------------------------------------------------------------------ main
async function main() {
  const chromium = findChromium();
  if (!chromium) {
    return fail('chromium not found on PATH: install the Debian package `chromium` (tools/bootstrap.sh does) or set PX_CHROMIUM');
  }
  const threeDir = path.join(repo, 'tests/validator/node_modules/three');
  if (!fs.existsSync(path.join(threeDir, 'build/three.module.js')) ||
      !fs.existsSync(path.join(threeDir, 'examples/jsm/loaders/GLTFLoader.js'))) {
    return fail(`three.js not found in ${threeDir}: run tools/bootstrap.sh (npm ci in tests/validator)`);
  }
  if (!fs.existsSync(polyxios)) return fail(`no polyxios binary at ${polyxios}`);

  const cases = [...SAMPLE_CASES];
  if (fs.existsSync(path.join(corpus, 'collada')) && fs.existsSync(path.join(corpus, 'gltf'))) {
    cases.push(...CORPUS_CASES.map((c) => ({ ...c, input: path.join(corpus, c.input) })));
  } else {
    say(`browser_check: corpus part skipped: no corpus at ${corpus} (set POLYXIOS_CORPUS); only the sample runs`);
  }

  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'polyxios-browser-'));
  const filesDir = path.join(tmp, 'files');
  const failures = [];

  // 1. convert
  const loadable = [];
  for (const c of cases) {
    if (!fs.existsSync(c.input)) {
      failures.push(`${c.id}: input ${c.input} is missing (the corpus changed?)`);
      continue;
    }
    const dir = path.join(filesDir, c.id);
    fs.mkdirSync(dir, { recursive: true });
    const out = path.join(dir, c.output);
    const r = await run(polyxios, ['convert', c.input, out], 120_000);
    if (r.code !== 0) {
      failures.push(`${c.id}: polyxios convert exited with ${r.code}\n${tail(r.stderr, 10)}`);
      continue;
    }
    let expected;
    try {
      const json = readGltfJson(out);
      if (c.copyImages) copyImages(json, c.input, dir);
      expected = expectedView(json);
    } catch (e) {
      failures.push(`${c.id}: cannot read polyxios's output ${c.output}: ${e.message}`);
      continue;
    }
    loadable.push({ ...c, out, expected, url: `/files/${encodeURIComponent(c.id)}/${encodeURIComponent(c.output)}` });
  }
  if (loadable.length === 0) {
    for (const f of failures) say(`browser_check: FAIL: ${f}`);
    return fail('nothing converted');
  }

  // 2. serve them and let Chromium load them
  let settle;
  const outcome = new Promise((r) => (settle = r));
  let loading = null;
  server = await startServer({
    pageDir: here,
    threeDir,
    filesDir,
    list: loadable.map((c) => ({ id: c.id, url: c.url })),
    onResult: (obj) => settle({ result: obj }),
    onProgress: (obj) => (loading = obj.id),
  });
  const notFound = server.notFound;
  const url = `http://127.0.0.1:${server.port}/`;
  const profile = path.join(tmp, 'profile');
  fs.mkdirSync(profile);
  const args = [
    '--headless=new',
    '--no-sandbox', // containers (and root) have no user namespaces for Chromium's sandbox
    '--disable-gpu',
    '--disable-dev-shm-usage', // a container's small /dev/shm
    `--user-data-dir=${profile}`,
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-extensions',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--mute-audio',
    url,
  ];
  const started = Date.now();
  let stderrText = '';
  browser = spawn(chromium, args, {
    detached: true, // its own process group, killed as a whole
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, HOME: tmp }, // nothing written to the real home
  });
  browser.stderr.on('data', (d) => {
    stderrText = (stderrText + d.toString('utf8')).slice(-20000);
  });
  browser.on('error', (e) => settle({ fatal: `cannot start ${chromium}: ${e.message}` }));
  browser.on('exit', (code, sig) => settle({ fatal: `chromium exited (${sig || code}) before the page reported` }));
  const timer = setTimeout(() => settle({ fatal: `no report from the page within ${timeoutSec} s` }), timeoutSec * 1000);
  const o = await outcome;
  clearTimeout(timer);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  await cleanup();

  const fatal = o.fatal || (o.result && o.result.fatal);
  if (fatal) {
    for (const f of failures) say(`browser_check: FAIL: ${f}`);
    let msg = fatal;
    if (loading) msg += `\n  the page was loading ${loading}`;
    if (notFound.length) msg += `\n  404s: ${notFound.join(', ')}`;
    // without the D-Bus complaints every container run prints
    const useful = stderrText.split('\n').filter((l) => !/dbus|D-Bus/.test(l)).join('\n');
    if (useful.trim()) msg += `\n  chromium's stderr (last lines):\n${tail(useful, 20)}`;
    return fail(msg);
  }

  // 3. compare
  const res = o.result;
  say(`browser_check: three.js r${res.three} in ${(res.userAgent.match(/(?:Headless)?Chrome\/[\d.]+/) || [res.userAgent])[0]}, ` +
      `${loadable.length} files in ${seconds} s`);
  const byId = new Map(res.files.map((f) => [f.id, f]));
  for (const c of loadable) {
    const got = byId.get(c.id);
    const label = `${c.id} (${path.basename(c.input)} -> ${c.output})`;
    if (!got) {
      failures.push(`${label}: the page reported nothing for it`);
      continue;
    }
    const problems = [];
    if (got.error) problems.push(`GLTFLoader failed: ${got.error.split('\n').slice(0, 4).join(' / ')}`);
    else problems.push(...compare(c.expected, got));
    const errors = got.console.filter((m) => m.level === 'error');
    const warns = got.console.filter((m) => m.level === 'warn');
    for (const m of errors) problems.push(`three logged an error: ${m.text.split('\n')[0]}`);
    for (const m of warns) problems.push(`three warned: ${m.text.split('\n')[0]}`);
    if (problems.length === 0) {
      say(`  ok   ${label}\n       three and the file: ${summary(got)}`);
    } else {
      const lines = [`${label}:`];
      if (!got.error) {
        lines.push(`  three saw: ${summary(got)}`);
        lines.push(`  the file:  ${summary(c.expected)}`);
      }
      for (const p of problems.slice(0, 25)) lines.push(`  - ${p}`);
      if (problems.length > 25) lines.push(`  - ... ${problems.length - 25} more`);
      failures.push(lines.join('\n'));
    }
  }
  if (notFound.length) failures.push(`requests that got a 404: ${notFound.join(', ')}`);

  if (failures.length) {
    for (const f of failures) say(`browser_check: FAIL: ${f}`);
    return 1;
  }
  say(`browser_check: ${loadable.length} files: three.js agrees with every file`);
  return 0;
}

let code;
try {
  code = await main();
} catch (e) {
  code = fail(`internal error: ${e && e.stack ? e.stack : e}`);
}
await cleanup();
process.exit(code);
