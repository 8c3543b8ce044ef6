#!/usr/bin/env node
// glTF corpus test (ctest: gltf_corpus).
//
//   node gltf_corpus.mjs POLYXIOS CORPUS [--jobs N] [--timeout SECONDS]
//                        [--filter REGEX] [--keep]
//
// Reads every .gltf and .glb (any case) under CORPUS/gltf/validator (the
// Khronos validator's test assets, each with the official validator's
// .report.json) and CORPUS/gltf/assimp, sorted, with `polyxios convert X
// out.glb`, in a temporary folder per file, N at a time (default 2, or
// $PX_CORPUS_JOBS), each with a time limit (default 30 s, or
// $PX_CORPUS_TIMEOUT).
//
// A file is valid when its .report.json gives 0 errors; a file without a
// report (assimp's) is validated in this process with ../validator/harness.mjs
// first. Each file is then:
//
//   clean              valid; exit 0, the GLB has 0 validator errors, and
//                      every converter warning is on ALLOWED_ON_VALID below
//                      (a loss polyxios reports honestly, each with its reason)
//   refused            not valid; exit 2 with `polyxios: <rule>: ...` and
//                      nothing left in its folder (also a valid file refused
//                      by gltf.extension.unsupported, a required extension
//                      polyxios does not decode: listed apart)
//   read with warnings not valid; exit 0 with converter warnings and an
//                      output with 0 validator errors, and for every error
//                      code of the input's a warning validator_codes.tsv
//                      pairs with it (the validity check that reports it)
//   failed             anything else: a crash (signal, sanitizer report), a
//                      hang, any validator error in an output (an invalid
//                      input's own included: what a read kept with a warning
//                      is repaired or left out on write), a valid file
//                      refused or not converted, a valid file converted with
//                      a warning not on the allow-list ("warning on valid"),
//                      an invalid file read without a warning ("read
//                      silently": the reader checks glTF's validity rules on
//                      the whole document, objects nothing uses included),
//                      an invalid file whose warnings leave one of its
//                      error codes unreported ("error not reported": no
//                      warning of those validator_codes.tsv pairs with the
//                      code, or a code the table does not hold), exit
//                      1/3/4, files left behind
//
// The one validator error never counted: images the output names but neither
// its folder nor the source's holds (harness.mjs, allowMissingImages), since a
// .gltf may be copied before its textures (gltf.image.missing on read), as in
// collada_corpus.mjs.
// Prints counts per class and per source folder, refusals by rule, validator
// errors by code, converter warnings by code (those on valid inputs apart) and
// every failure. Exit 0; 1 on any failure or a table that does not load (a
// polyxios code the CLI does not know); 77 (ctest SKIP) when CORPUS/gltf is
// absent; 2 on bad usage. With $PX_CORPUS_REPORT set, a JSON summary is
// written there.
//
// Arguments, the run, the converter's process, stderr and the JSON report are
// corpus_run.mjs's (shared with collada_corpus.mjs); this file picks the files,
// classifies each and prints its summary.

import fs from 'node:fs';
import path from 'node:path';
import * as corpus from './corpus_run.mjs';
import { group, lpad, pad } from './corpus_run.mjs';
import * as tables from './expected_tables.mjs';

const ROOTS = ['validator', 'assimp'];

// The warnings a valid input may raise, each a loss or change polyxios reports
// honestly (found by running the corpus and reading every warning on a valid
// file). Any other warning on a valid file fails it: a false positive of the
// reader or a writer change that should not happen.
const ALLOWED_ON_VALID = new Map([
  ['gltf.read.attribute-filled', 'primitives sharing a mesh with one that gives NORMAL / TANGENT get zeros there: the model keeps one attribute set per mesh'],
  ['gltf.read.buffer-no-data', 'a buffer without uri outside a GLB is the application\'s to fill; it reads as zeros'],
  ['gltf.read.extension-dropped', 'extensions whose data polyxios does not keep (KHR_materials_pbrSpecularGlossiness, ...)'],
  ['gltf.read.glb-trailing-bytes', 'bytes after the GLB\'s last chunk are not read'],
  ['gltf.read.light-range-unused', 'a range on a directional light, which KHR_lights_punctual does not give it, is dropped'],
  ['gltf.read.light-type-unknown', 'a light of a type KHR_lights_punctual does not define is dropped'],
  ['gltf.read.indices-unused', 'indices that make no whole cell of the primitive\'s mode are left out'],
  ['gltf.read.morph-targets-dropped', 'morph targets of a Draco primitive, or primitives giving different numbers of them, are dropped; the mesh reads at rest'],
  ['gltf.read.morph-attribute-dropped', 'a morph target attribute the model does not keep (not POSITION, NORMAL, TANGENT, TEXCOORD_n or COLOR_n; or of other components than the primitive\'s)'],
  ['gltf.read.primitive-skipped', 'a primitive without POSITION has nothing the model can hold'],
  ['gltf.read.skin-undecoded', 'inverse bind matrices of an accessor without bufferView (zeros, not a valid matrix) are not decoded'],
  ['gltf.write.animation-channel-skipped', 'morph weight channels on a mesh whose targets were dropped, and key times that do not increase (zeros of an accessor without bufferView)'],
  ['gltf.write.animation-empty', 'an animation left with no channel, which glTF cannot hold'],
  ['gltf.write.attribute-dropped', 'a tangent of zero length (an accessor without bufferView), a mesh\'s extras'],
  ['gltf.write.global-dropped', 'a minVersion above the 2.0 written (glTF has no field for it)'],
  ['gltf.write.image-dropped', 'WebP / KTX2 images no texture takes through its extension, which glTF takes only so'],
  ['gltf.write.image-not-embedded', 'bytes of a type glTF does not know keep their URI instead of being embedded'],
  ['gltf.write.image-transcoded', 'TGA, BMP, TIFF or DDS images decoded and embedded as PNG (--transcode-images, on for GLB)'],
  ['gltf.write.image-undecodable', 'TGA, BMP, TIFF or DDS bytes that do not decode keep their URI or are left out'],
  ['gltf.write.material-extension-dropped', 'anisotropy or a clearcoat normal texture on a mesh whose TANGENT was left out (zero length: an accessor without bufferView), so that it has no tangent space'],
  ['gltf.write.mesh-skipped', 'a mesh left with no primitive (see gltf.read.primitive-skipped)'],
  ['gltf.write.normal-replaced', 'normals of zero length (an accessor without bufferView) are written as (0,0,1)'],
  ['gltf.write.rotation-normalised', 'rotation keys a little off unit length are scaled to it'],
  ['gltf.write.skin-dropped', 'a skin whose inverse bind matrices were never decoded (gltf.read.skin-undecoded)'],
  ['gltf.write.skin-member-dropped', 'members glTF does not define on a skin are not written'],
  ['gltf.write.vertex-unweighted', 'vertices with no positive weight (zeros of an accessor without bufferView) are bound to their first joint'],
]);

const run = await corpus.openRun({ name: 'gltf_corpus', folder: 'gltf' });
const gltfRoot = run.root;
const files = corpus.findFiles(run, /\.(gltf|glb)$/i, ROOTS);
// Khronos error code -> the polyxios codes that report it.
let reportedBy;
try {
  reportedBy = tables.readValidatorCodes();
  const unknown = tables.unknownCodes([...reportedBy.values()].flatMap((s) => [...s]), 'validator_codes.tsv');
  if (unknown.length) throw new Error(unknown.join('\n'));
} catch (e) {
  console.error(`gltf_corpus: ${e.message || e}`);
  process.exit(1);
}
const tmp = corpus.tempRoot(run, 'polyxios-gltf-corpus-');

// The input's error codes no warning reports: none of the codes validator_codes.tsv pairs with the
// code (or the table does not hold the code).
function unreported(inputCodes, warnings) {
  return [...inputCodes].filter((code) => !warnings.some((w) => reportedBy.get(code)?.has(w))).sort();
}

// The input's validator errors and their codes: from its .report.json, else
// validated here.
async function inputErrors(src) {
  const report = `${src}.report.json`;
  if (fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    const codes = r.issues.messages.filter((m) => m.severity === 0).map((m) => m.code);
    return { errors: r.issues.numErrors, codes: new Set(codes), from: 'report' };
  }
  const v = await run.harness.validateFile(src);
  const codes = Object.entries(v.codes).filter(([, c]) => c.severity === 0).map(([code]) => code);
  return { errors: v.errors, codes: new Set(codes), from: 'validated' };
}

// ---------------------------------------------------------------- one file
async function processFile(rel, index) {
  const src = path.join(gltfRoot, rel);
  const input = await inputErrors(src);
  const valid = input.errors === 0;
  return corpus.convertFile(run, src, path.join(tmp.root, String(index)), async (r) => {
    const entry = corpus.newEntry(rel, r, { valid, inputErrors: input.errors, errorsFrom: input.from });
    if (r.failure) {
      Object.assign(entry, r.failure);
    } else if (r.code === 2) {
      if (corpus.takeRefusal(entry, r)) {
        if (valid && entry.rule === 'gltf.extension.unsupported') {
          // A required extension whose data polyxios cannot decode (KHR_meshopt_compression: it would be a
          // new dependency): a refusal by rule, listed apart so that it stays visible.
          entry.status = 'refused';
          entry.unsupportedExtension = true;
        } else if (valid) {
          entry.reason = 'valid file refused';
        } else {
          entry.status = 'refused';
        }
      }
    } else if (r.code === 0) {
      if (!r.left.includes(r.outName)) {
        entry.reason = 'no output';
        entry.detail = r.firstLine;
      } else {
        const v = await corpus.validateOutput(run, entry, r, src);
        if (v) {
          entry.validator = { errors: v.errors, warnings: v.warnings, codes: v.codes };
          const temps = r.left.filter(
            (f) => f !== r.outName && !corpus.carriedFrom(src, path.dirname(r.out), f),
          );
          const unexpected = valid ? [...new Set(r.warnings.filter((w) => !ALLOWED_ON_VALID.has(w)))] : [];
          if (v.errors > 0) {
            entry.reason = 'validator errors';
            entry.detail = corpus.errorDetail(v, '');
          } else if (temps.length) {
            entry.reason = 'left files';
            entry.detail = `converted but left: ${temps.join(', ')}`;
          } else if (unexpected.length) {
            entry.reason = 'warning on valid';
            entry.detail = `warnings not on the allow-list: ${unexpected.join(', ')}`;
          } else if (valid) {
            entry.status = 'clean';
          } else if (!r.warnings.length) {
            entry.reason = 'read silently';
          } else if (unreported(input.codes, r.warnings).length) {
            entry.reason = 'error not reported';
            const missing = unreported(input.codes, r.warnings);
            entry.detail = `no warning validator_codes.tsv pairs with ${missing.join(', ')}`;
          } else {
            entry.status = 'read with warnings';
          }
        }
      }
    } else {
      entry.reason = `exit ${r.code}`;
      entry.detail = r.firstLine;
    }
    return entry;
  });
}

// ---------------------------------------------------------------- run
const { results, elapsed } = await corpus.runPool(run, files, processFile);
tmp.cleanup();

// ---------------------------------------------------------------- report
const CLASSES = ['clean', 'refused', 'read with warnings', 'failed'];
const tally = (list) => Object.fromEntries(CLASSES.map((c) => [c, list.filter((e) => e.status === c).length]));
const refusals = corpus.groupRefusals(results);
const validatorErrors = {};
for (const e of results) {
  for (const [code, c] of Object.entries(e.validator?.codes || {})) {
    if (c.severity === 0) group(validatorErrors, code, e.file, c.count);
  }
}
const converterWarnings = corpus.groupWarnings(results.filter((e) => !e.valid));
const warningsOnValid = corpus.groupWarnings(results.filter((e) => e.valid));
const failedList = results.filter((e) => e.status === 'failed');
const unsupported = results.filter((e) => e.unsupportedExtension);
const out = [];
const say = (s = '') => out.push(s);

const matching = run.filter ? ` matching /${run.filter.source}/` : '';
say(`glTF corpus: ${files.length} files under ${gltfRoot} (${ROOTS.join(', ')})${matching}`);
say(corpus.runLine(run, elapsed));
say();
const valid = results.filter((e) => e.valid);
const invalid = results.filter((e) => !e.valid);
say(`valid inputs (0 validator errors): ${valid.length}; inputs with errors: ${invalid.length}`);
say(`${pad('', 12)}${CLASSES.map((c) => lpad(c, 20)).join('')}`);
for (const root of ROOTS) {
  const t = tally(results.filter((e) => e.file.startsWith(`${root}/`)));
  say(`${pad(root, 12)}${CLASSES.map((c) => lpad(t[c], 20)).join('')}`);
}
const all = tally(results);
say(`${pad('all', 12)}${CLASSES.map((c) => lpad(all[c], 20)).join('')}`);
const failReasons = corpus.countReasons(failedList);
say(`failed by reason: ${Object.entries(failReasons).map(([r, n]) => `${r} ${n}`).join(', ') || 'none'}`);

corpus.printRefusals(say, refusals);
corpus.printGroups(say, 'validator errors in outputs by code (files / occurrences):', validatorErrors);
corpus.printGroups(say, 'converter warnings on invalid inputs by code (files / lines):', converterWarnings);
corpus.printGroups(say, 'converter warnings on valid inputs by code (files / lines):', warningsOnValid);
if (failedList.length) {
  say();
  say(`failures (${failedList.length}):`);
  for (const e of failedList) say(`  ${pad(e.reason, 20)} ${e.file}${e.detail ? `: ${e.detail.slice(0, 300)}` : ''}`);
}
say();
if (unsupported.length) {
  say(`valid files refused for a required extension polyxios does not decode (${unsupported.length}):`);
  for (const e of unsupported) say(`  ${e.file}: ${e.detail.slice(0, 200)}`);
}
say(`${results.length - failedList.length} passed, ${failedList.length} failed`);
process.stdout.write(out.join('\n') + '\n');

corpus.writeReport({
  ...corpus.reportHead(run),
  seconds: elapsed,
  total: results.length,
  classes: all,
  failedByReason: failReasons,
  refusalsByRule: refusals,
  validatorErrorsByCode: validatorErrors,
  converterWarningsByCode: converterWarnings,
  converterWarningsOnValidByCode: warningsOnValid,
  ok: failedList.length === 0,
  files: results,
});
process.exitCode = failedList.length ? 1 : 0;
