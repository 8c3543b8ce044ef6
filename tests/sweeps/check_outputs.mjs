#!/usr/bin/env node
// Checks what the truncation sweep (truncation_test.cc) wrote: every distinct GLB with the Khronos
// glTF-Validator (../validator/harness.mjs) and every distinct COLLADA document against the
// COLLADA 1.4.1 schema with xmllint, all in this one process (xmllint many files a run).
//
//   node check_outputs.mjs OUTPUT_DIR SCHEMA
//
// OUTPUT_DIR holds a folder per sweep, each with its outputs and a manifest.tsv (output file name,
// fixture, cut). A GLB passes with no validator error of its own: an error whose code the glTF
// fixture itself has (its .report.json, else validated here) is carried from the input (bad image
// bytes), as tests/corpus/gltf_corpus.mjs counts it, and images neither folder holds are not
// errors (allowMissingImages). A document passes when xmllint finds it valid, but for what spec
// collada.md's Known limitations let through (as tests/corpus/collada_write_corpus.mjs): a name
// that is not an xs:NCName, an id or sid with a letter beyond ASCII. Exit 0 when every output
// passes, 1 otherwise, and 1 when there are none (the sweep always has the repository's sample to
// cut: no output is a sweep that broke); the counts are printed. Without the schema the COLLADA
// outputs are not checked (a failure with PX_REQUIRE_ALL=1, ../support/required.mjs).

import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { skipPart } from '../support/required.mjs';
import { validateFile } from '../validator/harness.mjs';

const [outputDir, schema] = process.argv.slice(2);
if (!outputDir || !schema) {
  console.error('usage: node check_outputs.mjs OUTPUT_DIR SCHEMA');
  process.exit(2);
}

const outputs = [];  // {file, fixture, cut}
for (const sweep of fs.existsSync(outputDir) ? fs.readdirSync(outputDir).sort() : []) {
  const manifest = path.join(outputDir, sweep, 'manifest.tsv');
  if (!fs.existsSync(manifest)) continue;
  for (const line of fs.readFileSync(manifest, 'utf8').split('\n')) {
    if (!line) continue;
    const [name, fixture, cut] = line.split('\t');
    outputs.push({ file: path.join(outputDir, sweep, name), fixture, cut: Number(cut) });
  }
}
if (outputs.length === 0) {
  console.error(`check_outputs: no outputs under ${outputDir}: the truncation sweep wrote nothing`);
  process.exit(1);
}
const failures = [];
const fail = (o, why) => failures.push(`${path.basename(o.file)} (${o.fixture} cut at ${o.cut}): ${why}`);

// ---------------------------------------------------------------- GLB
const fixtureErrors = new Map();
async function errorCodesOf(fixture) {
  if (!/\.(gltf|glb)$/i.test(fixture)) return new Set();
  if (!fixtureErrors.has(fixture)) {
    const report = `${fixture}.report.json`;
    let codes;
    if (fs.existsSync(report)) {
      const r = JSON.parse(fs.readFileSync(report, 'utf8'));
      codes = r.issues.messages.filter((m) => m.severity === 0).map((m) => m.code);
    } else {
      const v = await validateFile(fixture);
      codes = Object.entries(v.codes).filter(([, c]) => c.severity === 0).map(([code]) => code);
    }
    fixtureErrors.set(fixture, new Set(codes));
  }
  return fixtureErrors.get(fixture);
}

const glbs = outputs.filter((o) => o.file.endsWith('.glb'));
let carried = 0;
let glbFailures = 0;
for (const o of glbs) {
  const v = await validateFile(o.file, { allowMissingImages: true, searchDirs: [path.dirname(o.fixture)] });
  const inputCodes = await errorCodesOf(o.fixture);
  const own = Object.entries(v.codes).filter(([code, c]) => c.severity === 0 && !inputCodes.has(code));
  carried += Object.entries(v.codes).filter(([code, c]) => c.severity === 0 && inputCodes.has(code)).length;
  if (own.length) {
    const first = v.messages.find((m) => m.severity === 0 && !inputCodes.has(m.code));
    glbFailures += 1;
    fail(o, `validator errors ${own.map(([code, c]) => `${code} x${c.count}`).join(', ')}: ${first?.pointer} ${first?.message}`);
  }
}

// ---------------------------------------------------------------- COLLADA
const SCHEMA_LINE = /attribute '([^']+)': '((?:[^']|'(?! is not))*)' is not a valid value of the atomic type 'xs:(\w+)'/;
function excused(message) {
  const m = SCHEMA_LINE.exec(message);
  if (!m) return false;
  const [, attribute, value, type] = m;
  return (attribute === 'name' && type === 'NCName') ||
    ((attribute === 'id' || attribute === 'sid') && /[^\x00-\x7f]/.test(value));
}

const daes = outputs.filter((o) => o.file.endsWith('.dae'));
let excusedLines = 0;
if (daes.length && !fs.existsSync(schema)) {
  skipPart(`check_outputs: no COLLADA schema at ${schema}: ${daes.length} COLLADA outputs not ` +
    'checked');
} else {
  const BATCH = 100;
  for (let i = 0; i < daes.length; i += BATCH) {
    const batch = daes.slice(i, i + BATCH);
    const byFile = new Map(batch.map((o) => [o.file, o]));
    const r = spawnSync('xmllint', ['--noout', '--nonet', '--schema', schema, ...byFile.keys()], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    if (r.error) {
      console.error(`check_outputs: xmllint: ${r.error.message}`);
      process.exit(1);
    }
    const verdicts = new Map();
    for (const line of r.stderr.split('\n')) {
      const m = /^(.+?\.dae)(?::| validates$| fails to validate$)/.exec(line);
      const o = m && byFile.get(m[1]);
      if (!o) continue;
      if (line === `${m[1]} validates`) verdicts.set(o, verdicts.get(o) ?? 'valid');
      else if (line === `${m[1]} fails to validate`) verdicts.set(o, verdicts.get(o) ?? 'excused');
      else if (excused(line)) excusedLines += 1;
      else verdicts.set(o, line.slice(m[1].length + 1));
    }
    for (const o of batch) {
      const verdict = verdicts.get(o);
      if (verdict === undefined) fail(o, 'xmllint gave no verdict');
      else if (verdict !== 'valid' && verdict !== 'excused') fail(o, `schema: ${verdict}`);
    }
  }
}

console.log(
  `truncation outputs: ${glbs.length} GLB validated (${glbs.length - glbFailures} ` +
    `without validator errors of their own, ${carried} error codes carried from the input); ` +
    `${daes.length} COLLADA documents checked against the schema (${excusedLines} name lines excused)`,
);
for (const f of failures.slice(0, 50)) console.log(`  failed: ${f}`);
console.log(`${outputs.length - failures.length} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
