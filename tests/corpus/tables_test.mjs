#!/usr/bin/env node
// The corpus harnesses' tables checked without a run (ctest: corpus_tables): each loads (rows of
// two fields, no row given twice), every polyxios code in them is one the CLI knows
// (tools/cli/known_codes.cc), expected_write_refusals.tsv names only collada.write.* rules,
// validator_codes.tsv only upper-case Khronos codes; with the shared corpus at hand, every path
// the refusal tables name is a corpus file and every .dae of the corpus falls under a folder of
// collada_clean_floors.tsv (without it that part is skipped, a failure with PX_REQUIRE_ALL=1:
// ../support/required.mjs).
//
//   node tables_test.mjs [CORPUS]
//
// Exit 0 when every check holds, 1 otherwise.

import fs from 'node:fs';
import path from 'node:path';
import * as tables from './expected_tables.mjs';
import { skipPart } from '../support/required.mjs';

const problems = [];
const tryLoad = (what, load) => {
  try {
    return load();
  } catch (e) {
    problems.push(`${what}: ${e.message || e}`);
    return new Map();
  }
};

const refusals = tryLoad('expected_refusals.tsv', () => tables.readPathTable(tables.TABLES.refusals));
const writeRefusals = tryLoad('expected_write_refusals.tsv', () =>
  tables.readPathTable(tables.TABLES.writeRefusals),
);
const floors = tryLoad('collada_clean_floors.tsv', () => tables.readFloors());
const validatorCodes = tryLoad('validator_codes.tsv', () => tables.readValidatorCodes());

problems.push(...tables.unknownCodes(refusals.values(), 'expected_refusals.tsv'));
problems.push(...tables.unknownCodes(writeRefusals.values(), 'expected_write_refusals.tsv'));
for (const [file, rule] of writeRefusals) {
  if (!rule.startsWith('collada.write.')) problems.push(`expected_write_refusals.tsv: ${file}: ${rule} is no writer rule`);
}
for (const [khronos, codes] of validatorCodes) {
  if (!/^[A-Z][A-Z0-9_]*$/.test(khronos)) problems.push(`validator_codes.tsv: ${khronos} is no Khronos code`);
  problems.push(...tables.unknownCodes(codes, `validator_codes.tsv: ${khronos}`));
}

const corpus = process.argv[2];
if (corpus && fs.existsSync(path.join(corpus, 'collada'))) {
  for (const [name, table] of [
    ['expected_refusals.tsv', refusals],
    ['expected_write_refusals.tsv', writeRefusals],
  ]) {
    for (const file of table.keys()) {
      if (!fs.existsSync(path.join(corpus, file))) problems.push(`${name}: ${file} is not in the corpus`);
    }
  }
  for (const folder of floors.keys()) {
    if (!fs.existsSync(path.join(corpus, folder))) problems.push(`collada_clean_floors.tsv: ${folder} is not in the corpus`);
  }
  const dae = fs
    .readdirSync(path.join(corpus, 'collada'), { recursive: true })
    .filter((f) => /\.dae$/i.test(f))
    .map((f) => `collada/${f.split(path.sep).join('/')}`);
  const unfloored = dae.filter((f) => !tables.floorFolder(floors, f));
  if (unfloored.length) {
    problems.push(`${unfloored.length} corpus .dae files under no folder of collada_clean_floors.tsv, e.g. ${unfloored[0]}`);
  }
} else {
  skipPart(`the tables against the corpus: no corpus at ${corpus || '(none given)'}`);
}

for (const p of problems) console.log(`FAILED ${p}`);
console.log(
  `${refusals.size} refusals, ${writeRefusals.size} refusals on write, ${floors.size} folder floors, ` +
    `${validatorCodes.size} validator codes; ${problems.length} problems`,
);
process.exit(problems.length ? 1 : 0);
