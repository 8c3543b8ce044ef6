#!/usr/bin/env node
// The counts tests/SPEC_COVERAGE.md (and README.md) quote, held to their sources of truth (ctest:
// spec_coverage_counts), so that a count cannot drift from what it counts unseen: each phrase
// below must occur at least once in its document, and its number (digits, or a word up to twenty)
// must be the count of its source every time it does. A phrase reworded away fails too, so that
// the check cannot be lost by an edit.
//
//   node spec_counts_test.mjs
//
// Exit 0 when every quoted count is right, 1 otherwise. Needs node only, no corpus.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tables from './expected_tables.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (rel) => fs.readFileSync(path.join(ROOT, rel), 'utf8');

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven',
  'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];
const NUMBER = `(\\d+|${WORDS.join('|')})`;
const valueOf = (text) => (/^\d+$/.test(text) ? Number(text) : WORDS.indexOf(text.toLowerCase()));

// The words of a list in a build file: the fuzz targets of tests/fuzz/CMakeLists.txt's foreach and
// of tools/fuzz.sh's targets=(...).
function listed(rel, pattern) {
  const m = pattern.exec(read(rel));
  if (!m) throw new Error(`${rel}: the list is not where ${pattern} looks`);
  return m[1].split(/\s+/).filter(Boolean);
}
function fuzzTargets() {
  const cmake = listed('tests/fuzz/CMakeLists.txt', /foreach\(target ([^)]*)\)/);
  const script = listed('tools/fuzz.sh', /^targets=\(([^)]*)\)/m);
  if (cmake.join(' ') !== script.join(' ')) {
    throw new Error(`tests/fuzz/CMakeLists.txt lists ${cmake.join(' ')}, tools/fuzz.sh ${script.join(' ')}`);
  }
  return cmake.length;
}
const colladaRefusals = () => [...tables.readPathTable(tables.TABLES.refusals).keys()].filter((f) => f.startsWith('collada/')).length;

// Each phrase with N where its count stands, in SPEC_COVERAGE.md unless another document is named.
const COUNTS = [
  { what: 'fuzz targets', phrase: 'split across the N fuzz targets', count: fuzzTargets },
  { what: 'fuzz targets', doc: 'README.md', phrase: 'runs N libFuzzer targets', count: fuzzTargets },
  { what: 'refused COLLADA corpus files', phrase: 'N files of the shared COLLADA corpus are refused', count: colladaRefusals },
  {
    what: 'refusals on write',
    phrase: 'N files the COLLADA writer refuses',
    count: () => tables.readPathTable(tables.TABLES.writeRefusals).size,
  },
  { what: 'folder floors', phrase: 'floors for N folders', count: () => tables.readFloors().size },
  { what: 'validator codes paired', phrase: 'N Khronos error codes', count: () => tables.readValidatorCodes().size },
];

let failures = 0;
for (const c of COUNTS) {
  let truth;
  try {
    truth = c.count();
  } catch (e) {
    failures += 1;
    console.log(`FAILED ${c.what}: ${e.message || e}`);
    continue;
  }
  const doc = c.doc || 'tests/SPEC_COVERAGE.md';
  const quoted = [...read(doc).matchAll(new RegExp(c.phrase.replace(/\bN\b/, NUMBER), 'gi'))];
  if (!quoted.length) {
    failures += 1;
    console.log(`FAILED ${c.what}: ${doc} no longer says "${c.phrase}" (N = ${truth})`);
  }
  for (const m of quoted) {
    if (valueOf(m[1]) === truth) continue;
    failures += 1;
    console.log(`FAILED ${c.what}: ${doc} says "${m[0]}", the count is ${truth}`);
  }
  console.log(`${c.what}: ${truth}, quoted ${quoted.length} times in ${doc}`);
}
process.exit(failures ? 1 : 0);
