// The expected-outcome tables the corpus harnesses hold their runs to, kept as data beside them:
//
//   expected_refusals.tsv        corpus-relative path, rule: every corpus file a conversion
//                                refuses, and the rule it is refused by (collada_corpus;
//                                collada_write_corpus for its reader rules)
//   expected_write_refusals.tsv  corpus-relative path, rule: every file the COLLADA writer refuses,
//                                by a collada.write.* rule (collada_write_corpus)
//   collada_clean_floors.tsv     corpus folder, clean conversions it may not fall below
//                                (collada_corpus)
//   validator_codes.tsv          Khronos validator error code, the polyxios warning code of the
//                                validity check that reports it (gltf_corpus), one row a pair
//
// A table is tab-separated, one row a line; `#` starts a comment line. Every polyxios code a table
// names must be one the CLI knows (the lists beside each module, engine/codes.cc, model/ops/codes.cc,
// formats/**/codes.cc, that tools/cli/known_codes.cc assembles), so that a renamed rule cannot
// leave a table expecting what no run says any more.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SOURCE_ROOT = path.resolve(HERE, '..', '..');

export const TABLES = {
  refusals: path.join(HERE, 'expected_refusals.tsv'),
  writeRefusals: path.join(HERE, 'expected_write_refusals.tsv'),
  cleanFloors: path.join(HERE, 'collada_clean_floors.tsv'),
  validatorCodes: path.join(HERE, 'validator_codes.tsv'),
};

// The rows of a table file, each an array of its `columns` fields, with its line number. Throws
// on a row of another number of fields or a key given twice (the first field).
export function readRows(file, columns) {
  const rows = [];
  const keys = new Set();
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (text.trim() === '' || text.startsWith('#')) return;
      const fields = text.split('\t');
      const where = `${path.basename(file)}:${i + 1}`;
      if (fields.length !== columns) throw new Error(`${where}: ${fields.length} fields, not ${columns}`);
      const key = fields.join('\t');
      if (keys.has(key)) throw new Error(`${where}: given twice`);
      keys.add(key);
      rows.push({ fields, line: i + 1 });
    });
  return rows;
}

// A table of `path<TAB>code` rows as a Map; a path given twice throws.
export function readPathTable(file) {
  const out = new Map();
  for (const { fields, line } of readRows(file, 2)) {
    const [p, code] = fields;
    if (out.has(p)) throw new Error(`${path.basename(file)}:${line}: ${p} given twice`);
    out.set(p, code);
  }
  return out;
}

// The collada_clean_floors.tsv table: Map folder -> floor (a whole number).
export function readFloors(file = TABLES.cleanFloors) {
  const out = new Map();
  for (const { fields, line } of readRows(file, 2)) {
    const floor = Number(fields[1]);
    if (!Number.isInteger(floor) || floor < 0) {
      throw new Error(`${path.basename(file)}:${line}: floor ${fields[1]} is not a whole number`);
    }
    out.set(fields[0], floor);
  }
  return out;
}

// The validator_codes.tsv table: Map Khronos code -> Set of polyxios codes.
export function readValidatorCodes(file = TABLES.validatorCodes) {
  const out = new Map();
  for (const { fields } of readRows(file, 2)) {
    const [khronos, code] = fields;
    if (!out.has(khronos)) out.set(khronos, new Set());
    out.get(khronos).add(code);
  }
  return out;
}

// The code lists of engine/, model/ and formats/**: each a codes.cc.
function codeLists() {
  const found = [];
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const where = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(where);
      else if (entry.name === 'codes.cc') found.push(where);
    }
  };
  for (const top of ['engine', 'model', 'formats']) walk(path.join(SOURCE_ROOT, top));
  return found;
}

// The codes the lists hold (their string literals of dotted lowercase words), and whether a code
// is known: listed, or of the one family built from a semantic, collada.<semantic>.duplicate-set
// (as is_known_code in tools/cli/known_codes.cc).
let known = null;
export function isKnownCode(code) {
  if (!known) {
    known = new Set();
    for (const list of codeLists()) {
      const text = fs.readFileSync(list, 'utf8');
      for (const m of text.matchAll(/^\s*"([a-z0-9_.-]+\.[a-z0-9_.-]+)",/gm)) known.add(m[1]);
    }
    if (known.size < 100) throw new Error(`codes.cc lists: only ${known.size} codes found; has their form changed?`);
  }
  return known.has(code) || /^collada\.[a-z0-9_-]+\.duplicate-set$/.test(code);
}

// The codes of `codes` (an iterable) the CLI does not know, a line each naming `where`.
export function unknownCodes(codes, where) {
  return [...new Set(codes)]
    .filter((c) => !isKnownCode(c))
    .map((c) => `${where}: ${c} is in no code list (engine/, model/, formats/**/codes.cc)`);
}

// The folder of `floors` (a Map) a corpus-relative file counts under: the longest listed folder
// holding it, else null.
export function floorFolder(floors, file) {
  let best = null;
  for (const folder of floors.keys()) {
    if (file.startsWith(`${folder}/`) && (!best || folder.length > best.length)) best = folder;
  }
  return best;
}
