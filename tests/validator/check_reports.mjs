#!/usr/bin/env node
// Self-test of the validator harness (ctest: validator_harness).
//
//   node check_reports.mjs [CORPUS]
//
// CORPUS is the shared test corpus (default: $POLYXIOS_CORPUS, else
// <repo>/../shared/corpus). Runs validate.mjs --json, in one child process,
// over glTF-Validator test assets from CORPUS/gltf/validator and checks that
// the error / warning / info counts equal those of each asset's .report.json
// (written by the official validator CLI), for every asset that has a report
// (~370 files, 2 s). It prints one line for a fixed handful (valid assets with
// external .bin and image files, a GLB, and assets whose reports say errors:
// missing buffer, missing image, bad accessor data), which must be present,
// and a line for every mismatch. Reports known not to match the validator
// version we pin are listed in KNOWN_DIFFERENCES.
//
// Exit: 0 all match; 1 a mismatch or the harness failed; 77 (ctest SKIP)
// when the corpus is absent (1 with PX_REQUIRE_ALL=1, ../support/required.mjs).

import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { skip } from '../support/required.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');

const args = process.argv.slice(2);
const positional = args.filter((a) => !a.startsWith('--'));
const corpus = positional[0] || process.env.POLYXIOS_CORPUS || path.join(repo, '..', 'shared', 'corpus');
const base = path.join(corpus, 'gltf', 'validator');

if (!fs.existsSync(base)) skip(`validator_harness: no corpus at ${base}`);
try {
  await import('gltf-validator');
} catch {
  console.error(`validator_harness: the npm package gltf-validator is not installed: run tools/bootstrap.sh`);
  process.exit(1);
}

const SELECTED = [
  'base/data/buffer/valid.gltf', // external valid.bin, 0 errors
  'base/data/buffer/valid.glb', // GLB, 0 errors
  'base/data/image/valid.gltf', // external .png/.jpg images + buffer, 0 errors
  'base/data/buffer/non_relative_uri.gltf', // http: buffer, not loaded, a warning only
  'base/data/buffer/not_found.gltf', // missing .bin: 1 error (IO_ERROR)
  'base/data/image/not_found.gltf', // missing image: 1 error (IO_ERROR)
  'base/data/accessor_data/invalid_elements_float.gltf', // NaN/Inf in a .bin: 3 errors
];

// Assets whose reports (made by older validator releases) no longer match the
// validator version we pin (npm 2.0.0-dev.3.10): relative path -> reason.
const KNOWN_DIFFERENCES = {
  'base/data/skin/ignored_parent_transform.gltf':
    'report by a newer validator: NODE_SKINNED_MESH_PARENT_TRANSFORMS is not in 2.0.0-dev.3.10',
  'ext/KHR_node_visibility/data/node/custom_property.gltf': 'KHR_node_visibility is not supported by 2.0.0-dev.3.10',
  'ext/KHR_node_visibility/data/node/unexpected_extension.gltf':
    'KHR_node_visibility is not supported by 2.0.0-dev.3.10',
  'ext/KHR_node_visibility/data/node/valid.gltf': 'KHR_node_visibility is not supported by 2.0.0-dev.3.10',
};

function listReports(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) listReports(p, out);
    else if (e.name.endsWith('.report.json')) out.push(p.slice(0, -'.report.json'.length));
  }
  return out;
}

for (const rel of SELECTED) {
  if (!fs.existsSync(path.join(base, rel)) || !fs.existsSync(path.join(base, rel) + '.report.json')) {
    console.error(`validator_harness: expected asset missing: ${path.join(base, rel)}`);
    process.exit(1);
  }
}
const assets = listReports(base)
  .map((p) => path.relative(base, p))
  .filter((rel) => fs.existsSync(path.join(base, rel)))
  .sort();

const run = spawnSync(process.execPath, [path.join(here, 'validate.mjs'), '--json', '-'], {
  input: assets.map((rel) => path.join(base, rel)).join('\n') + '\n',
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
});
if (run.status !== 0) {
  console.error(`validator_harness: validate.mjs exited ${run.status} (signal ${run.signal})\n${run.stderr}`);
  process.exit(1);
}
const lines = run.stdout.split('\n').filter((l) => l.trim() !== '');
if (lines.length !== assets.length) {
  console.error(`validator_harness: ${assets.length} files in, ${lines.length} lines out`);
  process.exit(1);
}

let passed = 0;
let failed = 0;
let known = 0;
lines.forEach((line, i) => {
  const rel = assets[i];
  const got = JSON.parse(line);
  const report = JSON.parse(fs.readFileSync(path.join(base, rel) + '.report.json', 'utf8'));
  const want = report.issues;
  const diff = [];
  for (const [k, rk] of [
    ['errors', 'numErrors'],
    ['warnings', 'numWarnings'],
    ['infos', 'numInfos'],
  ]) {
    if (got[k] !== want[rk]) diff.push(`${k} ${got[k]} (report ${want[rk]})`);
  }
  if (got.file !== path.join(base, rel)) diff.push(`file ${got.file}`);
  if (diff.length === 0) {
    passed++;
    if (SELECTED.includes(rel)) console.log(`ok   ${rel}: ${got.errors} errors, ${got.warnings} warnings, ${got.infos} infos`);
  } else if (KNOWN_DIFFERENCES[rel]) {
    known++;
  } else {
    failed++;
    const codes = Object.entries(got.codes || {})
      .map(([c, v]) => `${c}x${v.count}`)
      .join(' ');
    const wantCodes = {};
    for (const m of want.messages || []) wantCodes[m.code] = (wantCodes[m.code] || 0) + 1;
    console.log(
      `FAIL ${rel}: ${diff.join(', ')}\n     got codes: ${codes}\n     report codes: ${Object.entries(wantCodes)
        .map(([c, n]) => `${c}x${n}`)
        .join(' ')}`,
    );
  }
});
console.log(`checked ${assets.length} assets against their reports (${known} known differences skipped)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
