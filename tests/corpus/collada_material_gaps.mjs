// Issue 36 §3: which COLLADA files of the shared corpus convert to GLB with primitives that have
// no material although the output has materials. Converts every COLLADA file under
// CORPUS/collada with `polyxios batch` (two workers) and reads each GLB's JSON chunk. Every such
// file must be listed in expected_material_gaps.tsv with the reason it stays so, and every file
// listed there must still have such a primitive: a new gap and a stale row both fail.
//
//   node collada_material_gaps.mjs POLYXIOS CORPUS [--list]
//
// --list prints every file with a gap (path, primitives without a material / all primitives)
// and exits 0, for a look at the corpus without the table. Exit 77 when the corpus is absent.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { skip } from '../support/required.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const TABLE = path.join(here, 'expected_material_gaps.tsv');

// The JSON chunk of a GLB (the first chunk, of type JSON, by the container's rule).
function glbJson(file) {
  const bytes = fs.readFileSync(file);
  if (bytes.length < 20 || bytes.readUInt32LE(0) !== 0x46546c67) throw new Error('not a GLB');
  const length = bytes.readUInt32LE(12);
  if (bytes.readUInt32LE(16) !== 0x4e4f534a) throw new Error('first chunk is not JSON');
  return JSON.parse(bytes.subarray(20, 20 + length).toString('utf8'));
}

// { missing, total } primitives of a glTF document, or null when it has no material at all.
function materialGap(gltf) {
  if (!Array.isArray(gltf.materials) || gltf.materials.length === 0) return null;
  let missing = 0;
  let total = 0;
  for (const mesh of gltf.meshes ?? []) {
    for (const primitive of mesh.primitives ?? []) {
      ++total;
      if (primitive.material === undefined) ++missing;
    }
  }
  return missing > 0 ? { missing, total } : null;
}

function readTable() {
  const rows = new Map();
  for (const line of fs.readFileSync(TABLE, 'utf8').split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [file, reason] = line.split('\t');
    if (!reason) throw new Error(`${TABLE}: "${line}" has no reason column`);
    rows.set(file, reason);
  }
  return rows;
}

function main() {
  const [polyxios, corpus] = process.argv.slice(2);
  const list = process.argv.includes('--list');
  if (!polyxios || !corpus) {
    process.stderr.write('usage: node collada_material_gaps.mjs POLYXIOS CORPUS [--list]\n');
    process.exit(2);
  }
  const source = path.join(corpus, 'collada');
  if (!fs.existsSync(source)) skip(`the COLLADA corpus (${source})`);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'px-material-gaps-'));
  try {
    const report = path.join(out, 'report.jsonl');
    const run = spawnSync(
      polyxios,
      ['batch', source, path.join(out, 'glb'), '-j', '2', '--quiet', '--report', report],
      { encoding: 'utf8', maxBuffer: 64 << 20 },
    );
    // batch exits non-zero when an asset is refused, which the corpus holds on purpose.
    if (run.error || !fs.existsSync(report)) {
      console.log(`FAIL: polyxios batch did not run: ${run.error ?? run.stderr}`);
      process.exit(1);
    }
    const gaps = new Map();
    let converted = 0;
    for (const line of fs.readFileSync(report, 'utf8').split('\n')) {
      if (line === '') continue;
      const entry = JSON.parse(line);
      if (entry.outcome !== 'converted') continue;
      ++converted;
      const gap = materialGap(glbJson(path.join(out, 'glb', entry.output)));
      if (gap) gaps.set(entry.input, gap);
    }
    const sorted = [...gaps.keys()].sort();
    console.log(`${converted} outputs, ${gaps.size} with primitives without a material`);
    if (list) {
      for (const file of sorted) console.log(`${file}\t${gaps.get(file).missing}/${gaps.get(file).total}`);
      return 0;
    }
    const expected = readTable();
    let failures = 0;
    for (const file of sorted) {
      if (!expected.has(file)) {
        ++failures;
        const { missing, total } = gaps.get(file);
        console.log(`FAIL: ${file}: ${missing} of ${total} primitives have no material (not in the table)`);
      }
    }
    for (const file of expected.keys()) {
      if (!gaps.has(file)) {
        ++failures;
        console.log(`FAIL: ${file}: listed in expected_material_gaps.tsv but every primitive has a material`);
      }
    }
    console.log(`${failures} failed`);
    return failures > 0 ? 1 : 0;
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

process.exit(main());
