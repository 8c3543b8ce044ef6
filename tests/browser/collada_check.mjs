#!/usr/bin/env node
// COLLADA browser check: converts a few files to .dae with the polyxios CLI, loads each written
// .dae with three.js's ColladaLoader in headless Chromium, and compares what three built (the
// object tree, meshes with their vertex and attribute counts and groups, materials with their
// colours and textures, skinned meshes with their bones, animation clips with their tracks and
// keys) with what the written XML says, read by the browser's DOMParser independently of three
// (collada_expect.mjs says how, and where ColladaLoader's model differs from COLLADA's by design).
// Each input that is COLLADA is also loaded as it is, unconverted: a check of the check, since
// three and the expectation must agree on a file no one on this project wrote; and what three
// builds from the written file is held against what it builds from the input (ColladaLoader's
// view of a COLLADA input, GLTFLoader's of a glTF one) on what a conversion keeps: named nodes'
// world matrices, the span of the positions (compareRoundTrip).
//
//   node collada_check.mjs POLYXIOS_BINARY REPO_DIR [CORPUS_DIR]
//
// CORPUS_DIR (default $POLYXIOS_CORPUS, else REPO_DIR/../shared/corpus) adds skinned, animated,
// textured, multi-material and instancing COLLADA files and skinned, animated, textured, double-
// sided and normal-mapped glTF files; without it only the repository's sample runs and the corpus
// part is reported skipped.
// Needs node's three (tests/validator/node_modules, from tools/bootstrap.sh) and Chromium
// (Debian `chromium`, also from bootstrap; $PX_CHROMIUM names another binary): without either the
// check FAILS. $PX_BROWSER_TIMEOUT: seconds to wait for the page's report (default 60);
// $PX_COLLADA_DUMP: a file to write the page's report to (both views of every file, as JSON);
// $PX_COLLADA_EXTRA: more inputs to convert and load (paths separated by ':'), when debugging.
// Exit status: 0 when three loaded every file and agrees with it, 1 otherwise.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './server.mjs';
import { Headless, findChromium } from './headless.mjs';
import { UNSEEN, compare, compareRoundTrip, summary } from './collada_compare.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const say = (s) => process.stdout.write(s + '\n');

const [polyxios, repoArg, corpusArg] = process.argv.slice(2);
if (!polyxios || !repoArg) {
  process.stderr.write('usage: node collada_check.mjs POLYXIOS_BINARY REPO_DIR [CORPUS_DIR]\n');
  process.exit(1);
}
const repo = path.resolve(repoArg);
const corpus = path.resolve(corpusArg || process.env.POLYXIOS_CORPUS || path.join(repo, '..', 'shared', 'corpus'));
const timeoutSec = Number(process.env.PX_BROWSER_TIMEOUT || 60);

// What to load: id (also the output's folder), input (relative to the corpus for CORPUS_CASES);
// every input is converted to <id>.dae, and a COLLADA input is also loaded as it is.
const SAMPLE_CASES = [
  // the repository's sample: a node hierarchy, a polylist cube instanced three times, a triangle gripper, two materials
  { id: 'robot_arm', input: path.join(repo, 'corpus/samples/robot_arm.dae') },
];
const CORPUS_CASES = [
  // skinned + animated (assimp's Blender export): a skin of five joints, Z_UP, two clips
  { id: 'library_animation_clips', input: 'collada/assimp/library_animation_clips.dae' },
  // textured and multi-material: a PNG diffuse, one geometry of two blocks of two materials, ~10k vertices
  { id: 'seymour_plane', input: 'collada/cts/1_5/collada_other/library_geometries/geometry/mesh/triangles/seymour_plane_triangles/seymour_plane_triangles.dae' },
  // multi-material: a cube of six <triangles> blocks, each its own material
  { id: 'cube_6_materials', input: 'collada/cts/1_5/collada/library_visual_scenes/visual_scene/node/instance_geometry/bind_material/instance_material/instance_material_cube_with_6_materials/instance_material_cube_with_6_materials.dae' },
  // instancing: a <library_nodes> node instanced three times by <instance_node>
  { id: '3insts', input: 'collada/cts/collada/library_nodes/node/3insts/3insts.dae' },
  // a skin of two influences per vertex on a geometry of a long id
  { id: 'skin_2_influence', input: 'collada/cts/1_5/collada/library_controllers/controller/skin/skin_2_influence/skin_2_influence.dae' },
  // instancing a skinned node: one <instance_controller> node instanced twice, a rig of six joints
  { id: 'SkinController', input: 'collada/cts/1_5/collada/library_nodes/node/SkinController/SkinController.dae' },
  // glTF: a skin of two joints and an animation (assimp's test model)
  { id: 'simple_skin', input: 'gltf/assimp/simple_skin/simple_skin.gltf' },
  // glTF: a textured box (a PNG by URI)
  { id: 'BoxTextured', input: 'gltf/assimp/BoxTextured-glTF/BoxTextured.gltf' },
  // glTF: a double-sided textured box with two texture coordinate sets
  { id: 'boxTexcoords', input: 'gltf/assimp/BoxTexcoords-glTF/boxTexcoords.gltf' },
  // glTF: 27 PBR materials, normal maps among their textures (~110k vertices)
  { id: 'ClearCoatTest', input: 'gltf/assimp/ClearCoat-glTF/ClearCoatTest.gltf' },
];

// Copies the images a .dae names by relative URI from beside the input to beside the output (the
// writer keeps an image's URI as the input spells it).
function copyImages(daeText, input, outDir) {
  for (const m of daeText.matchAll(/<init_from>([^<]*)<\/init_from>/g)) {
    const uri = m[1].trim();
    if (!uri || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(uri) || uri.startsWith('/')) continue;
    let rel;
    try {
      rel = decodeURIComponent(uri);
    } catch {
      continue;
    }
    const from = path.resolve(path.dirname(input), rel);
    const to = path.resolve(outDir, rel);
    if (!to.startsWith(outDir + path.sep) || !fs.existsSync(from) || !fs.statSync(from).isFile()) continue;
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(from, to);
  }
}

// Copies the buffers and images a .gltf names by relative URI from beside it into outDir.
function copyGltfResources(input, outDir) {
  let json;
  try {
    json = JSON.parse(fs.readFileSync(input, 'utf8').replace(/^\uFEFF/, ''));
  } catch {
    return; // GLTFLoader will say what it cannot read
  }
  for (const r of [...(json.buffers || []), ...(json.images || [])]) {
    const uri = r && r.uri;
    if (typeof uri !== 'string' || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(uri) || uri.startsWith('/')) continue;
    let rel;
    try {
      rel = decodeURIComponent(uri);
    } catch {
      continue;
    }
    const from = path.resolve(path.dirname(input), rel);
    const to = path.resolve(outDir, rel);
    if (!to.startsWith(outDir + path.sep) || !fs.existsSync(from)) continue;
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(from, to);
  }
}

// ------------------------------------------------------------------ clean-up on every exit path
let tmp = null;
let browser = null;
let server = null;
function removeTmp() {
  if (tmp) {
    fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
    tmp = null;
  }
}
process.on('exit', () => {
  if (browser) browser.kill();
  try {
    removeTmp();
  } catch {
    /* best effort at exit */
  }
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    process.stderr.write(`collada_check.mjs: ${sig}\n`);
    process.exit(1);
  });
}
async function cleanup() {
  if (browser) await browser.stop();
  if (server) {
    const s = server;
    server = null;
    await s.close();
  }
  removeTmp();
}

function fail(msg) {
  say(`browser_collada_check: FAIL: ${msg}`);
  return 1;
}

function run(cmd, args, timeoutMs) {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : err.signal || err.code) : 0, stdout, stderr });
    });
  });
}

const tail = (text, n) => text.split('\n').filter((l) => l.trim() !== '').slice(-n).map((l) => `    | ${l}`).join('\n');

// The problems of one loaded file: the comparison, and what three logged beyond what the file's
// own content makes it say (a Z-UP asset is always announced; a reference file may warn more).
function problemsOf(c, got) {
  const problems = [];
  if (got.expectError) problems.push(`the file's XML: ${got.expectError}`);
  if (got.error) problems.push(`ColladaLoader failed: ${got.error.split('\n').slice(0, 4).join(' / ')}`);
  if (!got.error && !got.expectError) problems.push(...compare(got.expected, got.got).filter((p) => !c.reference || !p.startsWith(UNSEEN)));
  const predicted = got.expected ? got.expected.warnings : [];
  for (const m of got.console) {
    const text = m.text.split('\n')[0];
    const known = predicted.find((w) => text.includes(w));
    if (known && (c.reference || known.startsWith('You are loading an asset with a Z-UP'))) continue;
    problems.push(`three ${m.level === 'error' ? 'logged an error' : 'warned'}: ${text}${known ? ' (as the file predicts)' : ''}`);
  }
  // (a data: URI, which ColladaLoader resolves against the document's folder, never loads)
  for (const t of got.textures) if (!t.url.includes('/data:')) problems.push(`three could not load the image ${t.url}`);
  return problems;
}

// ------------------------------------------------------------------ main
async function main() {
  const chromium = findChromium();
  if (!chromium) {
    return fail('chromium not found on PATH: install the Debian package `chromium` (tools/bootstrap.sh does) or set PX_CHROMIUM');
  }
  const threeDir = path.join(repo, 'tests/validator/node_modules/three');
  if (!fs.existsSync(path.join(threeDir, 'build/three.module.js')) ||
      !fs.existsSync(path.join(threeDir, 'examples/jsm/loaders/ColladaLoader.js'))) {
    return fail(`three.js not found in ${threeDir}: run tools/bootstrap.sh (npm ci in tests/validator)`);
  }
  if (!fs.existsSync(polyxios)) return fail(`no polyxios binary at ${polyxios}`);

  const cases = [...SAMPLE_CASES];
  if (fs.existsSync(path.join(corpus, 'collada')) && fs.existsSync(path.join(corpus, 'gltf'))) {
    cases.push(...CORPUS_CASES.map((c) => ({ ...c, input: path.join(corpus, c.input) })));
  } else {
    say(`browser_collada_check: corpus part skipped: no corpus at ${corpus} (set POLYXIOS_CORPUS); only the sample runs`);
  }

  // $PX_COLLADA_EXTRA: more inputs (paths, separated by ':'), converted and loaded like the rest
  for (const extra of (process.env.PX_COLLADA_EXTRA || '').split(':').filter(Boolean)) {
    cases.push({ id: `extra${cases.length}-${path.basename(extra).replace(/\.[^.]*$/, '')}`, input: path.resolve(extra) });
  }

  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'polyxios-collada-'));
  const filesDir = path.join(tmp, 'files');
  const failures = [];

  // 1. convert (and, for a COLLADA input, load the input itself as a reference)
  const loadable = [];
  const started = Date.now();
  for (const c of cases) {
    if (!fs.existsSync(c.input)) {
      failures.push(`${c.id}: input ${c.input} is missing (the corpus changed?)`);
      continue;
    }
    if (/\.dae$/i.test(c.input)) {
      // a copy, beside copies of its images
      const refDir = path.join(filesDir, `${c.id}-reference`);
      const name = path.basename(c.input);
      fs.mkdirSync(refDir, { recursive: true });
      fs.copyFileSync(c.input, path.join(refDir, name));
      copyImages(fs.readFileSync(c.input, 'utf8'), c.input, refDir);
      loadable.push({ ...c, id: `${c.id}-reference`, reference: true, label: `${c.id} (${name} as it is)`, url: `/files/${encodeURIComponent(`${c.id}-reference`)}/${encodeURIComponent(name)}` });
    }
    const dir = path.join(filesDir, c.id);
    fs.mkdirSync(dir, { recursive: true });
    const out = path.join(dir, `${c.id}.dae`);
    const r = await run(polyxios, ['convert', c.input, out], 120_000);
    if (r.code !== 0) {
      failures.push(`${c.id}: polyxios convert exited with ${r.code}\n${tail(r.stderr, 10)}`);
      continue;
    }
    copyImages(fs.readFileSync(out, 'utf8'), c.input, dir);
    let gltfInput = null;
    if (/\.(gltf|glb)$/i.test(c.input)) {
      // the input itself, beside copies of its buffers and images, for GLTFLoader
      const inDir = path.join(filesDir, `${c.id}-input`);
      fs.mkdirSync(inDir, { recursive: true });
      fs.copyFileSync(c.input, path.join(inDir, path.basename(c.input)));
      if (/\.gltf$/i.test(c.input)) copyGltfResources(c.input, inDir);
      gltfInput = `/files/${encodeURIComponent(`${c.id}-input`)}/${encodeURIComponent(path.basename(c.input))}`;
    }
    const referenceId = /\.dae$/i.test(c.input) ? `${c.id}-reference` : null;
    loadable.push({ ...c, referenceId, gltfInput, label: `${c.id} (${path.basename(c.input)} -> ${c.id}.dae)`, url: `/files/${encodeURIComponent(c.id)}/${encodeURIComponent(`${c.id}.dae`)}` });
  }
  const convertSeconds = ((Date.now() - started) / 1000).toFixed(1);

  // 2. serve them and let Chromium load them
  let settle;
  const outcome = new Promise((r) => (settle = r));
  let loading = null;
  server = await startServer({
    pageDir: here,
    threeDir,
    filesDir,
    index: 'collada.html',
    scripts: ['collada_page.mjs', 'collada_expect.mjs', 'collada_expect_animations.mjs'],
    list: loadable.map((c) => ({ id: c.id, url: c.url, gltfInput: c.gltfInput })),
    onResult: (obj) => settle({ result: obj }),
    onProgress: (obj) => (loading = obj.id),
  });
  const notFound = server.notFound;
  const loadStarted = Date.now();
  browser = new Headless(chromium, tmp);
  browser.open(`http://127.0.0.1:${server.port}/`, (fatal) => settle({ fatal }));
  const timer = setTimeout(() => settle({ fatal: `no report from the page within ${timeoutSec} s` }), timeoutSec * 1000);
  const o = await outcome;
  clearTimeout(timer);
  const seconds = ((Date.now() - loadStarted) / 1000).toFixed(1);
  const stderrTail = browser.stderr(20);
  await cleanup();

  const fatal = o.fatal || (o.result && o.result.fatal);
  if (fatal) {
    for (const f of failures) say(`browser_collada_check: FAIL: ${f}`);
    let msg = fatal;
    if (loading) msg += `\n  the page was loading ${loading}`;
    if (notFound.length) msg += `\n  404s: ${notFound.join(', ')}`;
    if (stderrTail.trim()) msg += `\n  chromium's stderr (last lines):\n${tail(stderrTail, 20)}`;
    return fail(msg);
  }

  // 3. compare
  const res = o.result;
  if (process.env.PX_COLLADA_DUMP) fs.writeFileSync(process.env.PX_COLLADA_DUMP, JSON.stringify(res, null, 1));
  say(`browser_collada_check: three.js r${res.three} in ${(res.userAgent.match(/(?:Headless)?Chrome\/[\d.]+/) || [res.userAgent])[0]}, ` +
      `${cases.length} inputs converted in ${convertSeconds} s, ${loadable.length} files loaded in ${seconds} s`);
  const byId = new Map(res.files.map((f) => [f.id, f]));
  for (const c of loadable) {
    const got = byId.get(c.id);
    if (!got) {
      failures.push(`${c.label}: the page reported nothing for it`);
      continue;
    }
    const problems = problemsOf(c, got);
    // held against its input when three and the file agree (bar what three cannot see)
    const agree = problems.every((p) => p.startsWith(UNSEEN));
    const reference = c.referenceId && byId.get(c.referenceId);
    if (agree && reference && reference.got && problemsOf({ reference: true }, reference).length === 0) {
      problems.push(...compareRoundTrip(reference, got, reference.expected.notes).map((p) => `against the input: ${p}`));
    }
    if (agree && got.input) {
      problems.push(...compareRoundTrip({ got: got.input }, got, []).map((p) => `against the glTF input: ${p}`));
    }
    let notes = got.expected && got.expected.notes.length ? `\n       not read by ColladaLoader: ${got.expected.notes.join('; ')}` : '';
    if (got.inputError) notes += `\n       not held against its input, which GLTFLoader cannot load: ${got.inputError.split('\n')[0]}`;
    if (problems.length === 0) {
      say(`  ok   ${c.label}\n       three and the file: ${summary(got.got)}${notes}`);
    } else {
      const lines = [`${c.label}:`];
      if (got.got) lines.push(`  three saw: ${summary(got.got)}`);
      if (got.expected) lines.push(`  the file:  ${summary(got.expected)}${notes}`);
      for (const p of problems.slice(0, 30)) lines.push(`  - ${p}`);
      if (problems.length > 30) lines.push(`  - ... ${problems.length - 30} more`);
      failures.push(lines.join('\n'));
    }
  }
  const missing = notFound.filter((u) => !u.includes('/data:'));
  if (missing.length) failures.push(`requests that got a 404: ${missing.join(', ')}`);

  if (failures.length) {
    for (const f of failures) say(`browser_collada_check: FAIL: ${f}`);
    return 1;
  }
  say(`browser_collada_check: ${loadable.length} files: three.js's ColladaLoader agrees with every file`);
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
