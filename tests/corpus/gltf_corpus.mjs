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
//                      nothing left in its folder
//   read with warnings not valid; exit 0 with converter warnings and an
//                      output with 0 validator errors of its own
//   read silently      not valid; exit 0 without a warning and an output with
//                      0 validator errors of its own (listed, not a failure:
//                      the validator's error may be in something the reader
//                      does not look at)
//
// An output's validator error whose code the invalid input's report also
// gives (bad image bytes or an image URI kept as they were) is carried, not
// the converter's own: listed, not a failure.
//   failed             anything else: a crash (signal, sanitizer report), a
//                      hang, validator errors in an output, a valid file
//                      refused or not converted, exit 1/3/4, files left behind
//
// Images the output names but neither its folder nor the source's holds are
// not failures (harness.mjs, allowMissingImages), as in collada_corpus.mjs.
// Prints counts per class and per source folder, refusals by rule, validator
// errors by code, converter warnings by code and every failure. Exit 0; 1 on
// any failure; 77 (ctest SKIP) when CORPUS/gltf is absent; 2 on bad usage.
// With $PX_CORPUS_REPORT set, a JSON summary is written there.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';

const ROOTS = ['validator', 'assimp'];
const STDERR_CAP = 64 * 1024;

function usage(msg) {
  process.stderr.write(`gltf_corpus: ${msg}\n`);
  process.stderr.write(
    'usage: node gltf_corpus.mjs POLYXIOS CORPUS [--jobs N] [--timeout SECONDS] [--filter REGEX] [--keep]\n',
  );
  process.exit(2);
}

// ---------------------------------------------------------------- arguments
const positional = [];
let jobs = Number(process.env.PX_CORPUS_JOBS || 2);
let timeoutS = Number(process.env.PX_CORPUS_TIMEOUT || 30);
let filter = process.env.PX_CORPUS_FILTER ? new RegExp(process.env.PX_CORPUS_FILTER) : null;
let keep = false;
{
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => (i + 1 < argv.length ? argv[++i] : usage(`${a} needs a value`));
    if (a === '--jobs') jobs = Number(value());
    else if (a === '--timeout') timeoutS = Number(value());
    else if (a === '--filter') filter = new RegExp(value());
    else if (a === '--keep') keep = true;
    else if (a.startsWith('--')) usage(`unknown option ${a}`);
    else positional.push(a);
  }
}
if (positional.length !== 2) usage('need POLYXIOS and CORPUS');
if (!(jobs >= 1) || !(timeoutS > 0)) usage('bad --jobs or --timeout');
const polyxios = path.resolve(positional[0]);
const gltfRoot = path.join(path.resolve(positional[1]), 'gltf');

if (!fs.existsSync(gltfRoot)) {
  console.log(`gltf_corpus: corpus not found at ${gltfRoot}: skipped`);
  process.exit(77);
}
try {
  fs.accessSync(polyxios, fs.constants.X_OK);
} catch {
  console.error(`gltf_corpus: converter not found or not executable: ${polyxios}`);
  process.exit(1);
}
let harness;
try {
  harness = await import('../validator/harness.mjs');
} catch (e) {
  console.error(`gltf_corpus: cannot load the validator harness (run tools/bootstrap.sh): ${e.message || e}`);
  process.exit(1);
}

// ---------------------------------------------------------------- the files
function walk(dir, out) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile() && /\.(gltf|glb)$/i.test(e.name)) out.push(p);
  }
  return out;
}
const byCodePoint = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
let files = [];
for (const root of ROOTS) {
  const dir = path.join(gltfRoot, root);
  if (fs.existsSync(dir)) files.push(...walk(dir, []));
}
files = files.map((p) => path.relative(gltfRoot, p).split(path.sep).join('/')).sort(byCodePoint);
if (filter) files = files.filter((f) => filter.test(f));

const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'polyxios-gltf-corpus-'));
const cleanupTmp = () => {
  if (!keep) fs.rmSync(tmpRoot, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanupTmp();
  process.exit(130);
});
process.on('SIGTERM', () => {
  cleanupTmp();
  process.exit(143);
});

// The input's validator errors and their codes: from its .report.json, else
// validated here.
async function inputErrors(src) {
  const report = `${src}.report.json`;
  if (fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    const codes = r.issues.messages.filter((m) => m.severity === 0).map((m) => m.code);
    return { errors: r.issues.numErrors, codes: new Set(codes), from: 'report' };
  }
  const v = await harness.validateFile(src);
  const codes = Object.entries(v.codes).filter(([, c]) => c.severity === 0).map(([code]) => code);
  return { errors: v.errors, codes: new Set(codes), from: 'validated' };
}

// ---------------------------------------------------------------- one file
// `polyxios convert SRC OUT` in its own process group, killed with the group
// at the time limit; resolves with its exit code or signal and its stderr.
function runConverter(src, out, cwd) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    let stderr = '';
    let timedOut = false;
    let settled = false;
    let exitTimer = null;
    let child;
    const finish = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(exitTimer);
      result.ms = Number(process.hrtime.bigint() - started) / 1e6;
      result.stderr = stderr;
      result.timedOut = timedOut;
      resolve(result);
    };
    const killGroup = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        try {
          child.kill('SIGKILL');
        } catch {
          /* already gone */
        }
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutS * 1000);
    try {
      child = spawn(polyxios, ['convert', src, out], { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    } catch (e) {
      finish({ spawnError: String(e.message || e), code: null, signal: null });
      return;
    }
    child.stdout.resume();
    child.stderr.on('data', (d) => {
      if (stderr.length < STDERR_CAP) stderr += d.toString('utf8');
    });
    child.on('error', (e) => finish({ spawnError: String(e.message || e), code: null, signal: null }));
    child.on('exit', (code, signal) => {
      exitTimer = setTimeout(() => {
        killGroup();
        finish({ code, signal });
      }, 2000);
    });
    child.on('close', (code, signal) => finish({ code, signal }));
  });
}

const WARNING_LINE = /^polyxios: warning: ([^:\s]+):/;
const REFUSAL_LINE = /^polyxios: ([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+): /;

function listDir(dir) {
  try {
    return fs.readdirSync(dir).sort(byCodePoint);
  } catch {
    return [];
  }
}

async function processFile(rel, index) {
  const src = path.join(gltfRoot, rel);
  const dir = path.join(tmpRoot, String(index));
  fs.mkdirSync(dir);
  const outName = 'out.glb';
  const out = path.join(dir, outName);
  const input = await inputErrors(src);
  const valid = input.errors === 0;
  const r = await runConverter(src, out, dir);
  const lines = r.stderr.split(/\r?\n/).filter((l) => l.trim() !== '');
  const warnings = [];
  const other = [];
  for (const l of lines) {
    const m = WARNING_LINE.exec(l);
    if (m) warnings.push(m[1]);
    else other.push(l);
  }
  const entry = {
    file: rel,
    valid,
    inputErrors: input.errors,
    errorsFrom: input.from,
    status: 'failed',
    reason: '',
    exit: r.code,
    signal: r.signal,
    ms: Math.round(r.ms),
    warnings,
  };
  const left = listDir(dir);
  const firstLine = other[0] || '';
  const sanitizer = /AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|runtime error:/.test(r.stderr);

  if (r.spawnError) {
    entry.reason = 'spawn error';
    entry.detail = r.spawnError;
  } else if (r.timedOut) {
    entry.reason = 'hang';
    entry.detail = `killed after ${timeoutS} s`;
  } else if (r.signal || sanitizer) {
    entry.reason = 'crash';
    entry.detail = r.signal ? `signal ${r.signal}` : 'sanitizer report';
    const san = lines.find((l) => /Sanitizer|runtime error:/.test(l));
    if (san) entry.detail += `: ${san.trim()}`;
  } else if (r.code === 2) {
    const m = REFUSAL_LINE.exec(firstLine);
    entry.rule = m ? m[1] : '(no rule in message)';
    entry.detail = firstLine;
    if (left.length) {
      entry.reason = 'left files';
      entry.detail = `refused (${entry.rule}) but left: ${left.join(', ')}`;
    } else if (valid && entry.rule === 'gltf.extension.unsupported') {
      // A required extension whose data polyxios cannot decode (Draco, meshopt: each would be a
      // new dependency): a refusal by rule, listed apart so that it stays visible.
      entry.status = 'refused';
      entry.unsupportedExtension = true;
    } else if (valid) {
      entry.reason = 'valid file refused';
    } else {
      entry.status = 'refused';
    }
  } else if (r.code === 0) {
    if (!left.includes(outName)) {
      entry.reason = 'no output';
      entry.detail = firstLine;
    } else {
      let v = null;
      try {
        v = await harness.validateFile(out, { searchDirs: [path.dirname(src)], allowMissingImages: true });
      } catch (e) {
        entry.reason = 'validator errors';
        entry.detail = `harness: ${e.message || e}`;
      }
      if (v) {
        entry.validator = { errors: v.errors, warnings: v.warnings, codes: v.codes };
        const temps = left.filter((f) => f !== outName);
        // An input's own error carried into the output (its bad image bytes, its URI) is the
        // input's, not the converter's.
        const own = Object.entries(v.codes).filter(([code, c]) => c.severity === 0 && !(!valid && input.codes.has(code)));
        entry.carried = Object.entries(v.codes).filter(([code, c]) => c.severity === 0 && !valid && input.codes.has(code)).map(([code]) => code);
        if (own.length > 0) {
          entry.reason = 'validator errors';
          const first = v.messages.find((m) => m.severity === 0);
          entry.detail = first ? `${first.code}${first.pointer ? ` ${first.pointer}` : ''}: ${first.message}` : '';
        } else if (temps.length) {
          entry.reason = 'left files';
          entry.detail = `converted but left: ${temps.join(', ')}`;
        } else if (valid) {
          entry.status = 'clean';
        } else {
          entry.status = warnings.length ? 'read with warnings' : 'read silently';
        }
      }
    }
  } else {
    entry.reason = `exit ${r.code}`;
    entry.detail = firstLine;
  }
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  return entry;
}

// ---------------------------------------------------------------- run
const t0 = Date.now();
const results = new Array(files.length);
{
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      results[i] = await processFile(files[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, Math.max(files.length, 1)) }, worker));
}
const elapsed = (Date.now() - t0) / 1000;
cleanupTmp();

// ---------------------------------------------------------------- report
const CLASSES = ['clean', 'refused', 'read with warnings', 'read silently', 'failed'];
const tally = (list) => Object.fromEntries(CLASSES.map((c) => [c, list.filter((e) => e.status === c).length]));
const group = (map, key, file, n = 1) => {
  const g = (map[key] ||= { files: 0, count: 0, examples: [] });
  g.files += 1;
  g.count += n;
  if (g.examples.length < 3) g.examples.push(file);
};
const refusals = {};
const validatorErrors = {};
const converterWarnings = {};
const carried = {};
for (const e of results) {
  if (e.status === 'refused') group(refusals, e.rule, e.file);
  for (const [code, c] of Object.entries(e.validator?.codes || {})) {
    if (c.severity !== 0) continue;
    group(e.carried?.includes(code) ? carried : validatorErrors, code, e.file, c.count);
  }
  const perFile = {};
  for (const w of e.warnings) perFile[w] = (perFile[w] || 0) + 1;
  for (const [code, n] of Object.entries(perFile)) group(converterWarnings, code, e.file, n);
}
const failedList = results.filter((e) => e.status === 'failed');
const unsupported = results.filter((e) => e.unsupportedExtension);
const byCount = (map) => Object.entries(map).sort((a, b) => b[1].files - a[1].files || byCodePoint(a[0], b[0]));
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
const out = [];
const say = (s = '') => out.push(s);

say(`glTF corpus: ${files.length} files under ${gltfRoot} (${ROOTS.join(', ')})${filter ? ` matching /${filter.source}/` : ''}`);
say(`converter ${polyxios}; gltf-validator ${harness.validatorVersion()}; ${jobs} jobs; ${timeoutS} s limit; ${elapsed.toFixed(1)} s`);
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
const failReasons = {};
for (const e of failedList) failReasons[e.reason] = (failReasons[e.reason] || 0) + 1;
say(`failed by reason: ${Object.entries(failReasons).map(([r, n]) => `${r} ${n}`).join(', ') || 'none'}`);

say();
say(`refusals by rule (${Object.keys(refusals).length} rules):`);
for (const [rule, g] of byCount(refusals)) say(`  ${pad(rule, 44)} ${lpad(g.files, 5)}  e.g. ${g.examples[0]}`);
say();
say("validator errors of the converter's own in outputs by code (files / occurrences):");
if (!Object.keys(validatorErrors).length) say('  none');
for (const [code, g] of byCount(validatorErrors)) say(`  ${pad(code, 44)} ${lpad(g.files, 5)} / ${g.count}  e.g. ${g.examples[0]}`);
say();
say("validator errors carried from the input's own (files / occurrences):");
if (!Object.keys(carried).length) say('  none');
for (const [code, g] of byCount(carried)) say(`  ${pad(code, 44)} ${lpad(g.files, 5)} / ${g.count}  e.g. ${g.examples[0]}`);
say();
say('converter warnings by code (files / lines):');
if (!Object.keys(converterWarnings).length) say('  none');
for (const [code, g] of byCount(converterWarnings)) say(`  ${pad(code, 44)} ${lpad(g.files, 5)} / ${g.count}  e.g. ${g.examples[0]}`);
const silent = results.filter((e) => e.status === 'read silently');
if (silent.length) {
  say();
  say(`read silently (inputs with validator errors read without a warning): ${silent.length}`);
  for (const e of silent) say(`  ${e.file} (${e.inputErrors} errors)`);
}
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

if (process.env.PX_CORPUS_REPORT) {
  const summary = {
    corpus: gltfRoot,
    converter: polyxios,
    validatorVersion: harness.validatorVersion(),
    filter: filter ? filter.source : null,
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
  };
  fs.writeFileSync(process.env.PX_CORPUS_REPORT, JSON.stringify(summary, null, 1) + '\n');
}
process.exitCode = failedList.length ? 1 : 0;
