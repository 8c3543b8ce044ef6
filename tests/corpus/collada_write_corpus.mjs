#!/usr/bin/env node
// COLLADA writer corpus test (ctest: collada_write_corpus).
//
//   node collada_write_corpus.mjs POLYXIOS CORPUS [--jobs N] [--timeout SECONDS]
//                                 [--filter REGEX] [--keep]
//
// Writes every .dae (any case) under CORPUS/collada/ as COLLADA again (dae -> dae) and every
// .gltf / .glb under CORPUS/gltf/ as COLLADA (gltf -> dae) with `polyxios convert IN out.dae`, in
// a temporary folder per file, N at a time (default 2, or $PX_CORPUS_JOBS), each with a time
// limit (default 30 s, or $PX_CORPUS_TIMEOUT). Every output is then checked against the COLLADA
// 1.4.1 schema with `xmllint --noout --nonet --schema` (the schema is
// $PX_COLLADA_SCHEMA, else CORPUS/../spec/collada_schema_1_4_1.xsd), many files per xmllint run,
// since parsing the schema is most of a small file's cost. Each file is:
//
//   refused on read   exit 2 with `polyxios: <rule>: ...`, a reader's rule, nothing left behind;
//                     for a .dae, the rule expected_refusals.tsv records for it (its rows of
//                     reader rules: a gltf.write.* row is collada_corpus's GLB writer)
//   refused on write  exit 2 with a `collada.write.*` rule, nothing left behind, the rule
//                     expected_write_refusals.tsv records for the file: counted by rule, not a
//                     failure (the writer refuses what it cannot write, spec "Writing")
//   schema-valid      exit 0, out.dae is there, whole (it ends with </COLLADA>), and xmllint
//                     finds it valid
//   valid but names   as schema-valid, but for `name` attributes that are not xs:NCName (spec
//                     collada.md, Known limitations: a name is written as given, so a name with a
//                     space or a leading digit makes a document a validating parser rejects), and
//                     for ids / sids holding a non-ASCII letter that libxml2's XML Schema 1.0 name
//                     classes reject (Known limitations: ids follow XML 1.0 fifth edition). Counted
//                     apart, not failures.
//   failed            anything else: a crash (signal, sanitizer report, exit 4), a hang, exit 0
//                     without out.dae or with a partial one (not ending with </COLLADA>, or not
//                     well-formed XML), any other schema error, exit 1/3/other, exit 2 without a
//                     `polyxios: <rule>:` line naming its rule, files left behind, a refusal the
//                     tables do not record for the file ("unexpected refusal"), a file they
//                     record as refused that is not ("not refused")
//
// The schema-valid outputs of each source may not fall below SCHEMA_VALID_FLOORS (not checked
// with --filter, which leaves files out); the tables' codes must be codes the CLI knows.
//
// Prints the counts per source (dae -> dae, gltf -> dae), refusals on write by rule, refusals on
// read by rule, the writer's warning codes, schema errors by kind and every failure, and finally
// `N passed, M failed`. Exit 0; 1 on any failure, a count below its floor or a table that does not
// load; 77 (ctest SKIP) when the corpus or the schema is absent (1 with PX_REQUIRE_ALL=1,
// ../support/required.mjs); 2 on bad usage. With $PX_CORPUS_REPORT set, a JSON summary is written
// there.
//
// Arguments, the converter's process and stderr are corpus_run.mjs's (shared with
// collada_corpus.mjs and gltf_corpus.mjs).

import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { spawn, spawnSync } from 'node:child_process';
import * as corpus from './corpus_run.mjs';
import { byCodePoint, group, lpad, pad } from './corpus_run.mjs';
import * as tables from './expected_tables.mjs';
import { skip } from '../support/required.mjs';

const OUT_NAME = 'out.dae';
// The schema-valid outputs of each source may not fall below these: measured with main at 2af7d83
// (1238 of 1273 .dae files, 344 of 424 glTF files).
const SCHEMA_VALID_FLOORS = { dae: 1238, gltf: 344 };
// What a reader refusal of a .dae may be: expected_refusals.tsv's row, unless it names a writer's
// rule (a GLB write's, in collada_corpus).
const isWriterRule = (rule) => /^(gltf|collada)\.write\./.test(rule);
// Files per xmllint run: the schema parse (~0.1 s) is shared, and a failing batch still names
// every file.
const BATCH = 100;
const SOURCES = { dae: 'dae -> dae', gltf: 'gltf -> dae' };

const run = await corpus.openRun({ name: 'collada_write_corpus', folder: '.', needsHarness: false });
const schema = process.env.PX_COLLADA_SCHEMA || path.join(run.root, '..', 'spec', 'collada_schema_1_4_1.xsd');
const files = [
  ...corpus.findFiles(run, /\.dae$/i, ['collada']),
  ...corpus.findFiles(run, /\.(gltf|glb)$/i, ['gltf']),
];
if (!fs.existsSync(path.join(run.root, 'collada')) && !fs.existsSync(path.join(run.root, 'gltf'))) {
  skip(`collada_write_corpus: no collada/ or gltf/ corpus under ${run.root}`);
}
if (!fs.existsSync(schema)) skip(`collada_write_corpus: no COLLADA schema at ${schema}`);
if (spawnSync('xmllint', ['--version']).error) {
  console.error('collada_write_corpus: xmllint absent (libxml2-utils)');
  process.exit(1);
}
let expectedReads, expectedWrites;
try {
  expectedReads = new Map(
    [...tables.readPathTable(tables.TABLES.refusals)].filter(([, rule]) => !isWriterRule(rule)),
  );
  expectedWrites = tables.readPathTable(tables.TABLES.writeRefusals);
  const unknown = [
    ...tables.unknownCodes(expectedReads.values(), 'expected_refusals.tsv'),
    ...tables.unknownCodes(expectedWrites.values(), 'expected_write_refusals.tsv'),
  ];
  for (const [file, rule] of expectedWrites) {
    if (!rule.startsWith('collada.write.')) unknown.push(`expected_write_refusals.tsv: ${file}: ${rule} is no writer rule`);
  }
  if (unknown.length) throw new Error(unknown.join('\n'));
} catch (e) {
  console.error(`collada_write_corpus: ${e.message || e}`);
  process.exit(1);
}
const tmp = corpus.tempRoot(run, 'polyxios-write-corpus-');
const staging = path.join(tmp.root, 'written');
fs.mkdirSync(staging);

const sourceOf = (rel) => (rel.startsWith('collada/') ? 'dae' : 'gltf');

// ---------------------------------------------------------------- one file
// A whole document ends with </COLLADA> (and white space): the writer streams, so an output cut
// short by a failure it did not report would end elsewhere.
function endsWhole(file) {
  const size = fs.statSync(file).size;
  const fd = fs.openSync(file, 'r');
  const tail = Buffer.alloc(Math.min(64, size));
  fs.readSync(fd, tail, 0, tail.length, size - tail.length);
  fs.closeSync(fd);
  return /<\/COLLADA>\s*$/.test(tail.toString('latin1'));
}

async function processFile(rel, index) {
  const src = path.join(run.root, rel);
  const entry = await corpus.convertFile(
    run,
    src,
    path.join(tmp.root, String(index)),
    async (r) => {
      const e = corpus.newEntry(rel, r, { source: sourceOf(rel) });
      if (r.failure) {
        Object.assign(e, r.failure);
      } else if (r.code === 2) {
        if (corpus.takeRefusal(e, r)) judgeRefusal(e, rel);
      } else if (r.code === 0) {
        const extra = r.left.filter(
          (f) => f !== r.outName && !corpus.carriedFrom(src, path.dirname(r.out), f),
        );
        const expected = expectedWrites.get(rel) || (sourceOf(rel) === 'dae' && expectedReads.get(rel));
        if (expected) {
          e.reason = 'not refused';
          e.detail = `converted; the tables expect ${expected}`;
        } else if (!r.left.includes(r.outName)) {
          e.reason = 'no output';
          e.detail = r.firstLine;
        } else if (extra.length) {
          e.reason = 'left files';
          e.detail = `converted but left: ${extra.join(', ')}`;
        } else if (!endsWhole(r.out)) {
          e.reason = 'partial output';
          e.detail = 'the output does not end with </COLLADA>';
        } else {
          e.bytes = fs.statSync(r.out).size;
          e.staged = path.join(staging, `${index}.dae`);
          fs.renameSync(r.out, e.staged);
          e.status = 'written';
        }
      } else if (r.code === 4) {
        e.reason = 'crash';
        e.detail = `exit 4 (internal error): ${r.firstLine}`;
      } else {
        e.reason = `exit ${r.code}`;
        e.detail = r.firstLine;
      }
      return e;
    },
    OUT_NAME,
  );
  if (entry.status === 'written') {
    pending.push(entry);
    startBatches(false);
  }
  return entry;
}

// A refusal, by the rule its table records for the file: any reader rule for a glTF file (which
// gltf_corpus judges), the expected_refusals.tsv row for a .dae, the expected_write_refusals.tsv row
// on write.
function judgeRefusal(e, rel) {
  const onWrite = e.rule.startsWith('collada.write.');
  const expected = onWrite ? expectedWrites.get(rel) : sourceOf(rel) === 'dae' ? expectedReads.get(rel) : e.rule;
  if (e.rule === expected) {
    e.status = onWrite ? 'refused on write' : 'refused on read';
  } else {
    e.reason = 'unexpected refusal';
    e.detail = `refused by ${e.rule}; ${onWrite ? 'expected_write_refusals' : 'expected_refusals'}.tsv: ${expected || 'not refused'}`;
  }
}

// ---------------------------------------------------------------- the schema
// What the spec lets through (Known limitations): a name attribute that is not an NCName, which
// the writer writes as given, and an id / sid whose value holds a letter beyond ASCII, which XML
// 1.0 fifth edition names allow and libxml2's XML Schema 1.0 classes do not.
const SCHEMA_LINE = /attribute '([^']+)': '((?:[^']|'(?! is not))*)' is not a valid value of the atomic type 'xs:(\w+)'/;
function excused(message) {
  const m = SCHEMA_LINE.exec(message);
  if (!m) return null;
  const [, attribute, value, type] = m;
  if (attribute === 'name' && type === 'NCName') return 'name not an NCName';
  if ((attribute === 'id' || attribute === 'sid') && /[^\x00-\x7f]/.test(value)) {
    return `${attribute} beyond libxml2's name classes`;
  }
  return null;
}

// Runs xmllint over the batch's staged files and sets each entry's schema result; removes the
// files (unless --keep).
function validateBatch(batch) {
  return new Promise((resolve) => {
    const byFile = new Map(batch.map((e) => [e.staged, e]));
    for (const e of batch) e.schema = { verdict: null, errors: 0, excused: {}, messages: [] };
    const child = spawn('xmllint', ['--noout', '--nonet', '--schema', schema, ...byFile.keys()], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let current = null;
    const lines = readline.createInterface({ input: child.stderr });
    lines.on('line', (line) => {
      const m = /^(.+?\.dae)(?::| validates$| fails to validate$)/.exec(line);
      const named = m && byFile.get(m[1]);
      if (named) current = named;
      if (!current) return;
      const s = current.schema;
      if (named && line === `${m[1]} validates`) s.verdict = 'validates';
      else if (named && line === `${m[1]} fails to validate`) s.verdict = 'fails';
      else if (named) {
        const text = line.slice(m[1].length + 1);
        const why = excused(text);
        if (why) s.excused[why] = (s.excused[why] || 0) + 1;
        else {
          s.errors += 1;
          if (/parser error/.test(text)) s.parserError = true;
          if (s.messages.length < 3) s.messages.push(text);
        }
      }
    });
    child.on('error', (err) => {
      for (const e of batch) e.schema.harness = String(err.message || err);
    });
    child.on('close', () => {
      for (const e of batch) {
        classifySchema(e);
        if (!run.keep) fs.rmSync(e.staged, { force: true });
        delete e.staged;
      }
      resolve();
    });
  });
}

function classifySchema(e) {
  const s = e.schema;
  const excusedCount = Object.values(s.excused).reduce((a, b) => a + b, 0);
  if (s.harness) {
    e.status = 'failed';
    e.reason = 'xmllint failed';
    e.detail = s.harness;
  } else if (s.parserError || s.verdict === null) {
    e.status = 'failed';
    e.reason = 'partial output';
    e.detail = `not well-formed XML: ${s.messages[0] || 'xmllint gave no verdict'}`;
  } else if (s.errors > 0) {
    e.status = 'failed';
    e.reason = 'schema errors';
    e.detail = `${s.errors} errors: ${s.messages[0]}`;
  } else if (s.verdict === 'validates') {
    e.status = 'schema-valid';
  } else if (excusedCount > 0) {
    e.status = 'valid but names';
  } else {
    e.status = 'failed';
    e.reason = 'schema errors';
    e.detail = 'xmllint: fails to validate, with no message';
  }
}

// Conversions fill `pending`; a full batch is checked while conversions go on (one xmllint at a
// time then, beside the converters), the rest at the end, run.jobs batches at a time.
const pending = [];
const checking = [];
let activeBatches = 0;
function startBatches(final) {
  const limit = final ? run.jobs : 1;
  while (activeBatches < limit && (pending.length >= BATCH || (final && pending.length))) {
    const batch = pending.splice(0, BATCH);
    activeBatches += 1;
    checking.push(
      validateBatch(batch).then(() => {
        activeBatches -= 1;
        startBatches(final);
      }),
    );
  }
}

// ---------------------------------------------------------------- run
const t0 = Date.now();
const { results } = await corpus.runPool(run, files, processFile);
startBatches(true);
while (checking.length) await checking.shift();
const elapsed = (Date.now() - t0) / 1000;
tmp.cleanup();

// ---------------------------------------------------------------- report
const STATUSES = ['schema-valid', 'valid but names', 'refused on read', 'refused on write', 'failed'];
const tally = (list) => Object.fromEntries(STATUSES.map((c) => [c, list.filter((e) => e.status === c).length]));
const failedList = results.filter((e) => e.status === 'failed');
const failReasons = corpus.countReasons(failedList);
const byStatus = (status) => {
  const map = {};
  for (const e of results) if (e.status === status) group(map, e.rule, e.file);
  return map;
};
const writeRefusals = byStatus('refused on write');
const readRefusals = byStatus('refused on read');
const writerWarnings = {};
for (const e of results) {
  const perFile = {};
  for (const w of e.warnings) if (w.startsWith('collada.write.')) perFile[w] = (perFile[w] || 0) + 1;
  for (const [code, n] of Object.entries(perFile)) group(writerWarnings, code, e.file, n);
}
const excusedKinds = {};
for (const e of results) {
  for (const [why, n] of Object.entries(e.schema?.excused || {})) group(excusedKinds, why, e.file, n);
}
const schemaErrors = {};
for (const e of results) {
  if (e.reason !== 'schema errors') continue;
  for (const m of e.schema.messages) {
    // The error's kind: its message without the file's own values.
    const kind = m.replace(/^\d+: /, '').replace(/'[^']*'/g, "'…'").slice(0, 160);
    group(schemaErrors, kind, e.file);
  }
}

const out = [];
const say = (s = '') => out.push(s);
const matching = run.filter ? ` matching /${run.filter.source}/` : '';
say(`COLLADA write corpus: ${files.length} files under ${run.root} (collada/, gltf/)${matching}`);
say(`converter ${run.polyxios}; schema ${schema}; ${run.jobs} jobs; ${run.timeoutS} s limit; ${elapsed.toFixed(1)} s`);
say();
const COLUMNS = ['files', 'read', 'written', ...STATUSES];
say(`${pad('', 14)}${COLUMNS.map((c) => lpad(c, 17)).join('')}`);
const counts = {};
for (const [key, label] of [...Object.entries(SOURCES), ['all', 'all']]) {
  const list = key === 'all' ? results : results.filter((e) => e.source === key);
  const t = tally(list);
  // Read: every file the reader did not refuse (a failure may come from either side);
  // written: every file with an output, whatever its schema check said.
  const row = {
    files: list.length,
    read: list.length - t['refused on read'],
    written: list.filter((e) => e.bytes !== undefined).length,
    ...t,
  };
  counts[key] = row;
  say(`${pad(label, 14)}${COLUMNS.map((c) => lpad(row[c], 17)).join('')}`);
}
say(`failed by reason: ${Object.entries(failReasons).map(([r, n]) => `${r} ${n}`).join(', ') || 'none'}`);

corpus.printGroups(say, 'refused on write, by rule (files / refusals):', writeRefusals);
corpus.printGroups(say, 'refused on read, by rule (files / refusals):', readRefusals);
corpus.printGroups(say, "the writer's warnings by code (files / lines):", writerWarnings, { occurrences: true });
corpus.printGroups(say, 'schema errors the spec excuses (files / occurrences):', excusedKinds, { occurrences: true });
corpus.printGroups(say, 'schema errors by kind (files, first three of each file):', schemaErrors, { limit: 30 });
if (failedList.length) {
  say();
  say(`failures (${failedList.length}):`);
  const order = ['crash', 'hang', 'partial output', 'no output', 'schema errors'];
  const rank = (e) => (order.indexOf(e.reason) < 0 ? 99 : order.indexOf(e.reason));
  const listed = [...failedList].sort((a, b) => rank(a) - rank(b) || byCodePoint(a.file, b.file));
  for (const e of listed.slice(0, 100)) say(`  ${pad(e.reason, 16)} ${e.file}${e.detail ? `: ${e.detail.slice(0, 300)}` : ''}`);
  if (failedList.length > 100) say(`  ... ${failedList.length - 100} more (see $PX_CORPUS_REPORT)`);
}
const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 5);
say();
say(`slowest conversions: ${slowest.map((e) => `${e.file} ${(e.ms / 1000).toFixed(2)} s`).join('; ')}`);

// The floors of schema-valid outputs, and the tables' files the run did not take; neither judged
// with --filter, which leaves files out.
const judged = !run.filter;
const belowFloor = judged
  ? Object.entries(SCHEMA_VALID_FLOORS).filter(([key, floor]) => counts[key]['schema-valid'] < floor)
  : [];
const taken = new Set(results.map((e) => e.file));
const staleRows = judged
  ? [...expectedReads.keys(), ...expectedWrites.keys()].filter((f) => !taken.has(f))
  : [];
const tableFailed = belowFloor.length > 0 || staleRows.length > 0;
if (tableFailed) {
  say();
  for (const [key, floor] of belowFloor) {
    say(`FAIL: ${SOURCES[key]}: ${counts[key]['schema-valid']} schema-valid, below its floor of ${floor}`);
  }
  for (const f of staleRows) say(`FAIL: the tables name ${f}, which the corpus does not hold`);
}
say();
say(`${results.length - failedList.length} passed, ${failedList.length} failed`);
process.stdout.write(out.join('\n') + '\n');

corpus.writeReport({
  corpus: run.root,
  converter: run.polyxios,
  schema,
  filter: run.filter ? run.filter.source : null,
  jobs: run.jobs,
  timeoutSeconds: run.timeoutS,
  seconds: elapsed,
  counts,
  failedByReason: failReasons,
  refusedOnWriteByRule: writeRefusals,
  refusedOnReadByRule: readRefusals,
  writerWarningsByCode: writerWarnings,
  excusedSchemaErrors: excusedKinds,
  schemaErrorsByKind: schemaErrors,
  schemaValidFloors: SCHEMA_VALID_FLOORS,
  staleTableRows: staleRows,
  ok: failedList.length === 0 && !tableFailed,
  files: results,
});
process.exitCode = failedList.length || tableFailed ? 1 : 0;
