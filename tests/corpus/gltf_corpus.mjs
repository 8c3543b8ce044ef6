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
//   clean              valid; exit 0 and the GLB has 0 validator errors
//   refused            not valid; exit 2 with `polyxios: <rule>: ...` and
//                      nothing left in its folder (also a valid file refused
//                      by gltf.extension.unsupported, a required extension
//                      polyxios does not decode: listed apart)
//   read with warnings not valid; exit 0 with converter warnings and an
//                      output with 0 validator errors of its own
//   failed             anything else: a crash (signal, sanitizer report), a
//                      hang, validator errors in an output, a valid file
//                      refused or not converted, an invalid file read without
//                      a warning ("read silently": the reader checks glTF's
//                      validity rules on the whole document, objects nothing
//                      uses included), exit 1/3/4, files left behind
//
// An output's validator error whose code the invalid input's report also
// gives (bad image bytes or an image URI kept as they were) is carried, not
// the converter's own: listed, not a failure.
//
// Images the output names but neither its folder nor the source's holds are
// not failures (harness.mjs, allowMissingImages), as in collada_corpus.mjs.
// Prints counts per class and per source folder, refusals by rule, validator
// errors by code, converter warnings by code and every failure. Exit 0; 1 on
// any failure; 77 (ctest SKIP) when CORPUS/gltf is absent; 2 on bad usage.
// With $PX_CORPUS_REPORT set, a JSON summary is written there.
//
// Arguments, the run, the converter's process, stderr and the JSON report are
// corpus_run.mjs's (shared with collada_corpus.mjs); this file picks the files,
// classifies each and prints its summary.

import fs from 'node:fs';
import path from 'node:path';
import * as corpus from './corpus_run.mjs';
import { group, lpad, pad } from './corpus_run.mjs';

const ROOTS = ['validator', 'assimp'];

const run = await corpus.openRun({ name: 'gltf_corpus', folder: 'gltf' });
const gltfRoot = run.root;
const files = corpus.findFiles(run, /\.(gltf|glb)$/i, ROOTS);
const tmp = corpus.tempRoot(run, 'polyxios-gltf-corpus-');

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
          // A required extension whose data polyxios cannot decode (Draco, meshopt: each would be a
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
          const temps = r.left.filter((f) => f !== r.outName);
          // An input's own error carried into the output (its bad image bytes, its URI) is the
          // input's, not the converter's.
          const isCarried = (code, c) => c.severity === 0 && !valid && input.codes.has(code);
          const own = Object.entries(v.codes).filter(([code, c]) => c.severity === 0 && !isCarried(code, c));
          entry.carried = Object.entries(v.codes)
            .filter(([code, c]) => isCarried(code, c))
            .map(([code]) => code);
          if (own.length > 0) {
            entry.reason = 'validator errors';
            entry.detail = corpus.errorDetail(v, '');
          } else if (temps.length) {
            entry.reason = 'left files';
            entry.detail = `converted but left: ${temps.join(', ')}`;
          } else if (valid) {
            entry.status = 'clean';
          } else {
            if (r.warnings.length) entry.status = 'read with warnings';
            else entry.reason = 'read silently';
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
const carried = {};
for (const e of results) {
  for (const [code, c] of Object.entries(e.validator?.codes || {})) {
    if (c.severity !== 0) continue;
    group(e.carried?.includes(code) ? carried : validatorErrors, code, e.file, c.count);
  }
}
const converterWarnings = corpus.groupWarnings(results);
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
corpus.printGroups(
  say,
  "validator errors of the converter's own in outputs by code (files / occurrences):",
  validatorErrors,
);
corpus.printGroups(say, "validator errors carried from the input's own (files / occurrences):", carried);
corpus.printGroups(say, 'converter warnings by code (files / lines):', converterWarnings);
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
  carriedValidatorErrorsByCode: carried,
  converterWarningsByCode: converterWarnings,
  ok: failedList.length === 0,
  files: results,
});
process.exitCode = failedList.length ? 1 : 0;
