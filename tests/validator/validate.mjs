#!/usr/bin/env node
// Validate many glTF/GLB files with the Khronos glTF-Validator in ONE node
// process.
//
//   node validate.mjs [--json] [--strict] [--allow-missing-images] [--search-dir DIR]... FILE...
//   node validate.mjs [options] -          (file names on stdin, one a line)
//
// For each file, one line: with --json a JSON object
//   {"file", "errors", "warnings", "infos", "hints",
//    "messages": [first 10 {code, severity, pointer, message}, most severe first],
//    "codes": {CODE: {severity, count}}, "unresolvedImages": [uri...]}
// otherwise a readable summary and the messages.
//
// Relative URIs (.bin buffers, images) are loaded from the file's folder, then
// from each --search-dir. A missing resource is the validator's IO_ERROR
// (an error); with --allow-missing-images a missing IMAGE is instead listed in
// unresolvedImages and not counted. See harness.mjs for how the validator
// treats external resources.
//
// Exit status: 0 when every file was validated (whatever it contains; with
// --strict: and none has an error), 1 on a usage error or (--strict) a file
// with errors, 2 when a file could not be read or the harness failed.

import fs from 'node:fs';
import { validateFile, validatorVersion } from './harness.mjs';

const SEVERITY = ['error', 'warning', 'info', 'hint'];

function usage(msg) {
  if (msg) process.stderr.write(`validate.mjs: ${msg}\n`);
  process.stderr.write(
    'usage: node validate.mjs [--json] [--strict] [--allow-missing-images] [--search-dir DIR]... FILE... | -\n',
  );
  process.exit(1);
}

const opts = { searchDirs: [], allowMissingImages: false };
let json = false;
let strict = false;
const files = [];
let readStdin = false;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--json') json = true;
  else if (a === '--strict') strict = true;
  else if (a === '--allow-missing-images') opts.allowMissingImages = true;
  else if (a === '--search-dir') {
    if (i + 1 >= argv.length) usage('--search-dir needs a folder');
    opts.searchDirs.push(argv[++i]);
  } else if (a.startsWith('--search-dir=')) opts.searchDirs.push(a.slice('--search-dir='.length));
  else if (a === '--version') {
    process.stdout.write(`gltf-validator ${validatorVersion()}\n`);
    process.exit(0);
  } else if (a === '-h' || a === '--help') usage();
  else if (a === '-') readStdin = true;
  else if (a === '--') {
    files.push(...argv.slice(i + 1));
    break;
  } else if (a.startsWith('-')) usage(`unknown option ${a}`);
  else files.push(a);
}
if (readStdin) {
  const text = fs.readFileSync(0, 'utf8');
  for (const line of text.split(/\r?\n/)) if (line.trim() !== '') files.push(line.replace(/\r$/, ''));
}
if (files.length === 0) usage('no files');

let harnessFailed = false;
let totalErrors = 0;
let totalWarnings = 0;
const out = (s) => process.stdout.write(s + '\n');

for (const file of files) {
  let r;
  try {
    r = await validateFile(file, opts);
  } catch (e) {
    harnessFailed = true;
    const reason = e && e.message ? e.message : String(e);
    process.stderr.write(`validate.mjs: ${file}: ${reason}\n`);
    if (json) out(JSON.stringify({ file, harnessError: reason }));
    continue;
  }
  totalErrors += r.errors;
  totalWarnings += r.warnings;
  if (json) {
    out(
      JSON.stringify({
        file: r.file,
        errors: r.errors,
        warnings: r.warnings,
        infos: r.infos,
        hints: r.hints,
        messages: r.messages,
        codes: r.codes,
        unresolvedImages: r.unresolvedImages,
      }),
    );
  } else {
    out(`${r.file}: ${r.errors} errors, ${r.warnings} warnings, ${r.infos} infos, ${r.hints} hints`);
    for (const m of r.messages) out(`  ${SEVERITY[m.severity] || m.severity} ${m.code} ${m.pointer}: ${m.message}`);
    const shown = r.messages.length;
    const total = r.errors + r.warnings + r.infos + r.hints;
    if (total > shown) out(`  ... ${total - shown} more`);
    for (const u of r.unresolvedImages) out(`  unresolved image (not counted): ${u}`);
  }
}
if (!json && files.length > 1) out(`${files.length} files: ${totalErrors} errors, ${totalWarnings} warnings`);
process.exitCode = harnessFailed ? 2 : strict && totalErrors > 0 ? 1 : 0;
