#!/usr/bin/env node
// COLLADA corpus test (ctest: collada_corpus).
//
//   node collada_corpus.mjs POLYXIOS CORPUS [--jobs N] [--timeout SECONDS]
//                           [--filter REGEX] [--keep]
//
// Converts every .dae (any case) under CORPUS/collada/, sorted, to a GLB in a
// temporary folder (one sub-folder per file, which is also the converter's
// working folder), N at a time (default 2, or $PX_CORPUS_JOBS), each with a
// time limit (default 30 s, or $PX_CORPUS_TIMEOUT). Each file is then:
//
//   clean    exit 0, the .glb is there, the glTF-Validator finds 0 errors
//   refused  exit 2 with the one-line reason `polyxios: <rule>: ...`, nothing left
//            in its folder (no output, no temporary), and the rule is the one
//            expected_refusals.tsv records for the file
//   failed   anything else: killed by a signal or a sanitizer report (crash),
//            over the time limit (hang), exit 0 without output, validator
//            errors, exit 1/3/4/other, exit 2 without a `polyxios: <rule>:`
//            line naming its rule, a refusal by another rule than the table's
//            or of a file the table does not list ("unexpected refusal"), a
//            file the table lists that is not refused ("not refused"), files
//            left behind by a refused or failed conversion, temporaries
//            (polyxios's `.<name>.polyxios-tmp-<n>`, or any `.tmp`) left beside
//            a good output
//
// The validator runs in this process through ../validator/harness.mjs, with
// the same options as validate.mjs. Relative URIs are looked up next to the
// output, then next to the source .dae (where a verbatim COLLADA image path
// resolves). An image found in neither place is NOT a failure: the
// validator's IO_ERROR for it is taken out of the counts and the image is
// listed under "unresolved images" (see harness.mjs for why: the validator
// makes every unloadable external resource an error). A missing buffer is
// still an error.
//
// Every folder of the corpus has a floor of clean conversions
// (collada_clean_floors.tsv, by its longest folder holding the file): a folder
// below its floor fails the run, as does a file under no folder of the table
// and a row of expected_refusals.tsv naming a .dae the corpus does not hold.
// None of these is checked with --filter, which leaves files out. The tables' rule codes must be codes the CLI knows
// (expected_tables.mjs).
//
// Prints counts, refusals by rule, validator error codes, the most frequent
// converter warning codes (stderr lines `polyxios: warning: <code>: ...`),
// unresolved images, each folder's clean count against its floor, every
// failure, and finally `N passed, M failed` (passed = clean + refused).
// Exit 0; 1 on any failure, a folder below its floor or a table that does not
// load; 77 (ctest SKIP) when CORPUS/collada is absent; 2 on bad usage.
// With $PX_CORPUS_REPORT set, a JSON summary (with one entry per file) is
// written there.
//
// Arguments, the run, the converter's process, stderr and the JSON report are
// corpus_run.mjs's (shared with gltf_corpus.mjs); this file picks the files,
// classifies each and prints its summary.

import fs from 'node:fs';
import path from 'node:path';
import * as corpus from './corpus_run.mjs';
import { byCodePoint, byCount, group, lpad, pad } from './corpus_run.mjs';
import * as tables from './expected_tables.mjs';

const run = await corpus.openRun({ name: 'collada_corpus', folder: 'collada' });
const colladaRoot = run.root;
const files = corpus.findFiles(run, /\.dae$/i);

// The tables, their paths and folders relative to the corpus folder (collada/...).
let expectedRefusals, floors;
try {
  expectedRefusals = tables.readPathTable(tables.TABLES.refusals);
  floors = tables.readFloors();
  const unknown = tables.unknownCodes(expectedRefusals.values(), 'expected_refusals.tsv');
  if (unknown.length) throw new Error(unknown.join('\n'));
} catch (e) {
  console.error(`collada_corpus: ${e.message || e}`);
  process.exit(1);
}
const inCorpus = (rel) => `collada/${rel}`;
const tmp = corpus.tempRoot(run, 'polyxios-corpus-');

// ---------------------------------------------------------------- one file
async function processFile(rel, index) {
  const src = path.join(colladaRoot, rel);
  return corpus.convertFile(run, src, path.join(tmp.root, String(index)), async (r) => {
    const entry = corpus.newEntry(rel, r);
    if (r.failure) {
      Object.assign(entry, r.failure);
    } else if (r.code === 2) {
      if (corpus.takeRefusal(entry, r)) {
        const expected = expectedRefusals.get(inCorpus(rel));
        if (entry.rule === expected) {
          entry.status = 'refused';
        } else {
          entry.reason = 'unexpected refusal';
          entry.detail = `refused by ${entry.rule}; expected_refusals.tsv: ${expected || 'not refused'}`;
        }
      }
    } else if (r.code === 0) {
      if (!r.left.includes(r.outName)) {
        entry.reason = 'no output';
        entry.detail = r.firstLine;
      } else {
        const extra = r.left.filter((f) => f !== r.outName);
        const temps = extra.filter(corpus.isTemporary);
        if (extra.length) entry.extraFiles = extra;
        const v = await corpus.validateOutput(run, entry, r, src);
        if (v) {
          entry.validator = {
            errors: v.errors,
            warnings: v.warnings,
            infos: v.infos,
            codes: v.codes,
            unresolvedImages: v.unresolvedImages,
          };
          entry.bytes = fs.statSync(r.out).size;
          if (v.errors > 0) {
            entry.reason = 'validator errors';
            entry.detail = corpus.errorDetail(v, `${v.errors} errors`);
          } else if (temps.length) {
            entry.reason = 'left files';
            entry.detail = `converted but left: ${temps.join(', ')}`;
          } else if (expectedRefusals.has(inCorpus(rel))) {
            entry.reason = 'not refused';
            entry.detail = `converted; expected_refusals.tsv: ${expectedRefusals.get(inCorpus(rel))}`;
          } else {
            entry.status = 'clean';
          }
        }
      }
    } else {
      entry.reason = `exit ${r.code}`;
      entry.detail = r.firstLine;
      if (r.left.length) entry.detail += ` (and left: ${r.left.join(', ')})`;
    }
    return entry;
  });
}

// ---------------------------------------------------------------- run
const { results, elapsed } = await corpus.runPool(run, files, processFile);
tmp.cleanup();

// ---------------------------------------------------------------- report
const count = (pred) => results.filter(pred).length;
const clean = count((e) => e.status === 'clean');
const refused = count((e) => e.status === 'refused');
const failedList = results.filter((e) => e.status === 'failed');
const failReasons = corpus.countReasons(failedList);

const refusals = corpus.groupRefusals(results);
const validatorErrors = {};
const validatorWarnings = {};
for (const e of results) {
  if (!e.validator) continue;
  for (const [code, c] of Object.entries(e.validator.codes)) {
    if (c.severity === 0) group(validatorErrors, code, e.file, c.count);
    else if (c.severity === 1) group(validatorWarnings, code, e.file, c.count);
  }
}
const converterWarnings = corpus.groupWarnings(results);
const unresolved = results.filter((e) => e.validator && e.validator.unresolvedImages.length);
const unresolvedUris = new Set();
for (const e of unresolved) for (const u of e.validator.unresolvedImages) unresolvedUris.add(u);

// Each folder's clean count against its floor; the files under no folder of the table; the table's
// refusals of files the run did not take. None is judged with --filter, which leaves files out.
const byFolder = new Map([...floors.keys()].map((f) => [f, { folder: f, clean: 0, total: 0, floor: floors.get(f) }]));
const unfloored = [];
for (const e of results) {
  const f = tables.floorFolder(floors, inCorpus(e.file));
  if (!f) unfloored.push(e.file);
  else {
    byFolder.get(f).total += 1;
    if (e.status === 'clean') byFolder.get(f).clean += 1;
  }
}
const folders = [...byFolder.values()];
const judged = !run.filter;
const belowFloor = judged ? folders.filter((f) => f.clean < f.floor) : [];
const taken = new Set(results.map((e) => inCorpus(e.file)));
const staleRows = judged ? [...expectedRefusals.keys()].filter((f) => f.startsWith('collada/') && !taken.has(f)) : [];
const tableFailed = belowFloor.length > 0 || (judged && unfloored.length > 0) || staleRows.length > 0;

const out = [];
const say = (s = '') => out.push(s);

const matching = run.filter ? ` matching /${run.filter.source}/` : '';
say(`collada corpus: ${files.length} files under ${colladaRoot}${matching}`);
say(corpus.runLine(run, elapsed));
say();
say(`converted clean ${lpad(clean, 6)}`);
say(`refused         ${lpad(refused, 6)}`);
say(`failed          ${lpad(failedList.length, 6)}`);
const reasonOrder = ['crash', 'hang', 'validator errors', 'no output', 'left files', 'spawn error'];
const reasons = Object.keys(failReasons).sort((a, b) => {
  const ia = reasonOrder.indexOf(a);
  const ib = reasonOrder.indexOf(b);
  return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || byCodePoint(a, b);
});
say(`  crash ${failReasons.crash || 0}, hang ${failReasons.hang || 0}, validator errors ${failReasons['validator errors'] || 0}` +
    reasons.filter((r) => !['crash', 'hang', 'validator errors'].includes(r)).map((r) => `, ${r} ${failReasons[r]}`).join(''));

corpus.printRefusals(say, refusals);

say();
say(`validator errors by code (files / occurrences):`);
if (!Object.keys(validatorErrors).length) say('  none');
for (const [code, g] of byCount(validatorErrors, { occurrences: true })) {
  say(`  ${pad(code, 44)} ${lpad(g.files, 5)} / ${g.count}`);
  for (const ex of g.examples) say(`      ${ex}`);
}
corpus.printGroups(say, `validator warnings by code (files / occurrences), top 10:`, validatorWarnings, {
  limit: 10,
  occurrences: true,
});
corpus.printGroups(say, `converter warnings, 10 most frequent codes (files / lines):`, converterWarnings, {
  limit: 10,
  occurrences: true,
});

say();
say(`unresolved images (not counted as failures): ${unresolved.length} outputs, ${unresolvedUris.size} distinct URIs`);
for (const e of unresolved.slice(0, 5)) say(`  ${e.file}: ${e.validator.unresolvedImages.slice(0, 3).join(', ')}`);

say();
say(`clean conversions per folder (collada_clean_floors.tsv), clean / total, floor:`);
for (const f of folders) {
  const mark = judged && f.clean < f.floor ? '  BELOW ITS FLOOR' : '';
  say(`  ${pad(f.folder, 56)} ${lpad(f.clean, 5)} / ${lpad(f.total, 4)}  ${lpad(f.floor, 5)}${mark}`);
}

const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 5);
say();
say(`slowest conversions: ${slowest.map((e) => `${e.file} ${(e.ms / 1000).toFixed(2)} s`).join('; ')}`);

if (failedList.length) {
  say();
  say(`failures (${failedList.length}):`);
  const rank = (e) => {
    const i = reasonOrder.indexOf(e.reason);
    return i < 0 ? 99 : i;
  };
  const listed = [...failedList].sort((a, b) => rank(a) - rank(b) || byCodePoint(a.file, b.file));
  for (const e of listed.slice(0, 100)) say(`  ${pad(e.reason, 16)} ${e.file}${e.detail ? `: ${e.detail.slice(0, 300)}` : ''}`);
  if (failedList.length > 100) say(`  ... ${failedList.length - 100} more (see $PX_CORPUS_REPORT)`);
}

if (tableFailed) {
  say();
  for (const f of belowFloor) say(`FAIL: ${f.folder}: ${f.clean} clean, below its floor of ${f.floor}`);
  if (judged && unfloored.length) {
    say(`FAIL: ${unfloored.length} files under no folder of collada_clean_floors.tsv, e.g. ${unfloored[0]}`);
  }
  for (const f of staleRows) say(`FAIL: expected_refusals.tsv names ${f}, which the corpus does not hold`);
}
say();
say(`${clean + refused} passed, ${failedList.length} failed`);
process.stdout.write(out.join('\n') + '\n');

corpus.writeReport({
  ...corpus.reportHead(run),
  jobs: run.jobs,
  timeoutSeconds: run.timeoutS,
  seconds: elapsed,
  total: files.length,
  clean,
  refused,
  failed: failedList.length,
  passed: clean + refused,
  failedByReason: failReasons,
  refusalsByRule: refusals,
  validatorErrorsByCode: validatorErrors,
  validatorWarningsByCode: validatorWarnings,
  converterWarningsByCode: converterWarnings,
  unresolvedImages: { outputs: unresolved.length, uris: [...unresolvedUris].sort() },
  folders,
  unflooredFiles: unfloored,
  staleRefusalRows: staleRows,
  ok: failedList.length === 0 && !tableFailed,
  files: results,
});
process.exitCode = failedList.length || tableFailed ? 1 : 0;
