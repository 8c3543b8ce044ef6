#!/usr/bin/env node
// Browser check: converts a few files with the polyxios CLI, loads them with three.js's
// GLTFLoader in headless Chromium, and compares what three built (meshes and primitives with
// their vertex / index counts and attributes, materials with their factors and textures, the
// node tree, skinned meshes with their joints, lights, animation clips with their tracks, keys
// and durations) with what polyxios wrote in each file's JSON; for COLLADA clip sets, also three's
// clips against the names and windows of the file's <animation_clip>s.
//
//   node browser_check.mjs POLYXIOS_BINARY REPO_DIR [CORPUS_DIR]
//
// CORPUS_DIR (default $POLYXIOS_CORPUS, else REPO_DIR/../shared/corpus) adds a skinned + animated
// COLLADA file, a textured one and a glTF file; without it only the repository's sample runs and
// the corpus part is reported skipped. Some cases convert with --compress draco or meshopt (with
// and without --fallback, some with --optimize), which three loads through its DRACOLoader and
// MeshoptDecoder.
// Needs node's three (tests/validator/node_modules, from tools/bootstrap.sh) and Chromium
// (Debian `chromium`, also from bootstrap; $PX_CHROMIUM names another binary): without either the
// check FAILS. $PX_BROWSER_TIMEOUT: seconds to wait for the page's report (default 60).
// Exit status: 0 when three loaded every file and agrees with it, 1 otherwise.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCheck } from './check_driver.mjs';
import { compare, expectedView, readGltfJson, summary } from './expect.mjs';
import { writeMaterialFixture } from './material_fixture.mjs';

// The hand-written material fixture (material_fixture.mjs), in a folder of its own.
const fixtureDir = fs.mkdtempSync(path.join(os.tmpdir(), 'polyxios-browser-fixture-'));
process.on('exit', () => fs.rmSync(fixtureDir, { recursive: true, force: true }));

// What to convert: id (also the output's folder), input, output file name.
const sampleCases = (repo) => [
  // the repository's sample: a node hierarchy, two meshes and materials
  { id: 'robot_arm-glb', input: path.join(repo, 'corpus/samples/robot_arm.dae'), output: 'robot_arm.glb' },
  // the same as .gltf + .bin, to check that path too
  { id: 'robot_arm-gltf', input: path.join(repo, 'corpus/samples/robot_arm.dae'), output: 'robot_arm.gltf' },
  // issue 15, point 5: a Maya texture placement as KHR_texture_transform (three's map offset,
  // repeat and rotation) and <constant> as KHR_materials_unlit (a MeshBasicMaterial)
  { id: 'materials', input: writeMaterialFixture(fixtureDir), output: 'materials.glb', expectTransform: true, expectUnlit: true },
  // compressed (convert --compress): Draco with its fallback (--fallback) and without (the
  // default), meshopt with its fallback, and meshopt without it, optimized, as .gltf + .bin
  ...COMPRESSED.map(([suffix, output, flags]) => ({
    id: `robot_arm-${suffix}`, input: path.join(repo, 'corpus/samples/robot_arm.dae'), output: `robot_arm${output}`, flags,
  })),
];
const COMPRESSED = [
  ['draco-fallback', '.glb', ['--compress', 'draco', '--fallback']],
  ['draco-only', '.glb', ['--compress', 'draco']],
  ['meshopt-fallback', '.glb', ['--compress', 'meshopt', '--fallback']],
  ['meshopt-only-gltf', '.gltf', ['--compress', 'meshopt', '--optimize']],
];
const SEYMOUR = 'collada/cts/1_5/collada_other/library_geometries/geometry/mesh/triangles/seymour_plane_triangles/seymour_plane_triangles.dae';
const CLIP_SET = 'collada/cts/collada_other/library_animation_clips/animation_clips/clip_2_clips_on_same_animation_different_time/clip_2_clips_on_same_animation_different_time.dae';
const CORPUS_CASES = [
  // skinned + animated COLLADA (assimp's test model: a skinned mesh with two clips); each
  // <animation_clip> one glTF animation named by the clip, lasting its window (end - start)
  { id: 'library_animation_clips', input: 'collada/assimp/library_animation_clips.dae', output: 'library_animation_clips.glb',
    clips: [{ name: 'bend', duration: 0.625 - 0.041666666666666664 }, { name: 'turn', duration: 0.8333333333333333 }] },
  // a clip set of the CTS: two unnamed clips, [1, 2] and [3, 4] of one animation
  { id: 'clip_2_clips', input: CLIP_SET, output: 'clip_2_clips.glb',
    clips: [{ name: 'animation_0', duration: 1 }, { name: 'animation_1', duration: 1 }] },
  // textured COLLADA: a PNG the GLB embeds, two materials, ~10k vertices
  { id: 'seymour_plane', input: SEYMOUR, output: 'seymour_plane_triangles.glb' },
  // the same as .gltf + .bin: the image keeps its URI as the COLLADA spells it, so the check puts
  // the image where that URI points from the output, as it sits beside the input
  { id: 'seymour_plane-gltf', input: SEYMOUR, output: 'seymour_plane_triangles.gltf', copyImages: true },
  // issue 15 point 11: assimp's duck, whose texture is a TGA, which the GLB holds transcoded to
  // PNG: three must decode it (an image of non-zero size on the base colour map)
  { id: 'duck-transcoded', input: 'collada/assimp/duck.dae', output: 'duck.glb' },
  // lights (issue 15): a directional, a point and a spot light of the CTS, as KHR_lights_punctual
  { id: 'id_3_lights', input: 'collada/cts/1_5/collada/library_lights/id/id_3_lights/id_3_lights.dae', output: 'id_3_lights.glb' },
  // glTF -> GLB, a validator test asset: named objects, a skin, a camera, a data: URI PNG (its
  // buffer has no data, so its vertices are zeros, and its animation targets no node: dropped)
  { id: 'named_objects', input: 'gltf/validator/base/data/root/named_objects.gltf', output: 'named_objects.glb' },
  // the same as .gltf: the embedded image stays a data: URI
  { id: 'named_objects-gltf', input: 'gltf/validator/base/data/root/named_objects.gltf', output: 'named_objects.gltf' },
  // glTF -> GLB, issue 15 point 5: assimp's KHR_texture_transform test (offsets, rotations and
  // scales on base colour textures), each map placed by three as the file says
  { id: 'TextureTransformTest', input: 'gltf/assimp/textureTransform/TextureTransformTest.gltf', output: 'TextureTransformTest.glb', expectTransform: true },
  // morph targets (issue 15 point 1): a CTS morph of two targets as glTF targets and weights, and
  // glTF's animated morph sphere (a weights animation: three's morphTargetInfluences track)
  { id: 'morph_two_targets', input: 'collada/cts/collada/library_controllers/controller/morph/morph_two_targets/morph_two_targets.dae', output: 'morph_two_targets.glb' },
  { id: 'AnimatedMorphSphere', input: 'gltf/assimp/AnimatedMorphSphere/glTF/AnimatedMorphSphere.gltf', output: 'AnimatedMorphSphere.glb' },
  // glTF -> GLB with real data (assimp's test models): a skin of two joints and an animation
  { id: 'simple_skin', input: 'gltf/assimp/simple_skin/simple_skin.gltf', output: 'simple_skin.glb' },
  // compressed: the skinned + animated file, the textured one, and a Draco glTF (34 primitives)
  { id: 'library_animation_clips-draco-only', input: 'collada/assimp/library_animation_clips.dae', output: 'library_animation_clips.glb', flags: ['--compress', 'draco'] },
  { id: 'library_animation_clips-meshopt-only', input: 'collada/assimp/library_animation_clips.dae', output: 'library_animation_clips.glb', flags: ['--compress', 'meshopt', '--optimize'] },
  { id: 'seymour_plane-draco', input: SEYMOUR, output: 'seymour_plane_triangles.glb', flags: ['--compress', 'draco', '--fallback'] },
  { id: '2CylinderEngine-meshopt', input: 'gltf/assimp/draco/2CylinderEngine.gltf', output: '2CylinderEngine.glb', flags: ['--compress', 'meshopt', '--optimize', '--fallback'] },
  { id: '2CylinderEngine-draco-only', input: 'gltf/assimp/draco/2CylinderEngine.gltf', output: '2CylinderEngine.glb', flags: ['--compress', 'draco'] },
];

// What three's clips lack of those a case expects (name and duration, in order).
function clipProblems(expected, got) {
  const out = [];
  const seen = got.animations.map((a) => `${a.name} ${+a.duration.toFixed(4)} s`).join(', ');
  if (got.animations.length !== expected.length) {
    out.push(`three built ${got.animations.length} clips (${seen}), the COLLADA file has ${expected.length}`);
  }
  expected.forEach((e, i) => {
    const g = got.animations[i];
    if (!g || g.name !== e.name || Math.abs(g.duration - e.duration) > 1e-4) {
      out.push(`clip ${i}: expected ${e.name} ${+e.duration.toFixed(4)} s, three has ${g ? `${g.name} ${+g.duration.toFixed(4)} s` : 'none'}`);
    }
  });
  return out;
}

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

const CHECK = { name: 'browser_check', script: 'browser_check.mjs', tmpPrefix: 'polyxios-browser-', loaders: ['GLTFLoader.js', 'DRACOLoader.js'] };
await runCheck({ ...CHECK, sampleCases, corpusCases: CORPUS_CASES }, async (check) => {
  // 1. convert
  const loadable = [];
  for (const c of check.cases) {
    if (!check.present(c)) continue;
    const dir = path.join(check.filesDir, c.id);
    const out = await check.convert(c, dir, c.output);
    if (!out) continue;
    let expected;
    try {
      const json = readGltfJson(out);
      if (c.copyImages) copyImages(json, c.input, dir);
      expected = expectedView(json);
    } catch (e) {
      check.failures.push(`${c.id}: cannot read polyxios's output ${c.output}: ${e.message}`);
      continue;
    }
    loadable.push({ ...c, out, expected, url: `/files/${encodeURIComponent(c.id)}/${encodeURIComponent(c.output)}` });
  }
  if (loadable.length === 0) return check.failAfterTheRest('nothing converted');

  // 2. serve them and let Chromium load them
  const trip = await check.loadInChromium({
    scripts: ['page.mjs', 'page_report.mjs'],
    list: loadable.map((c) => ({ id: c.id, url: c.url })),
  });
  if (trip.exitCode) return trip.exitCode;

  // 3. compare
  const res = trip.result;
  check.say(`browser_check: ${check.threeAndBrowser(res)}, ${loadable.length} files in ${trip.seconds} s`);
  const byId = new Map(res.files.map((f) => [f.id, f]));
  for (const c of loadable) {
    const got = byId.get(c.id);
    const label = `${c.id} (${path.basename(c.input)} -> ${c.output})`;
    if (!got) {
      check.failures.push(`${label}: the page reported nothing for it`);
      continue;
    }
    const problems = [];
    if (got.error) problems.push(`GLTFLoader failed: ${got.error.split('\n').slice(0, 4).join(' / ')}`);
    else problems.push(...compare(c.expected, got), ...(c.clips ? clipProblems(c.clips, got) : []));
    // The fixture's own terms, so that the comparison above is not passed by identity alone.
    const placed = c.expected.materials.some((m) => m.maps.map && (m.placements.map.rotation !== 0 || m.placements.map.repeat[0] !== 1));
    if (c.expectTransform && !placed) problems.push('the file has no KHR_texture_transform on a base colour texture');
    if (c.expectUnlit && !got.error && !got.materials.some((m) => m.type === 'MeshBasicMaterial')) {
      problems.push('three built no MeshBasicMaterial (KHR_materials_unlit)');
    }
    const errors = got.console.filter((m) => m.level === 'error');
    const warns = got.console.filter((m) => m.level === 'warn');
    for (const m of errors) problems.push(`three logged an error: ${m.text.split('\n')[0]}`);
    for (const m of warns) problems.push(`three warned: ${m.text.split('\n')[0]}`);
    const [threeSaw, theFile] = got.error ? [null, null] : [summary(got), summary(c.expected)];
    check.judge(label, problems, { threeSaw, theFile, most: 25 });
  }
  if (trip.notFound.length) check.failures.push(`requests that got a 404: ${trip.notFound.join(', ')}`);
  return check.finish(`${loadable.length} files: three.js agrees with every file`);
});
