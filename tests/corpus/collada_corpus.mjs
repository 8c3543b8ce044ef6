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
//   refused  exit 2 with the one-line reason `polyxios: <rule>: ...` and
//            nothing left in its folder (no output, no temporary)
//   failed   anything else: killed by a signal or a sanitizer report (crash),
//            over the time limit (hang), exit 0 without output, validator
//            errors, exit 1/3/4/other, files left behind by a refused or
//            failed conversion, temporaries left beside a good output
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
// Prints counts, refusals by rule, validator error codes, the most frequent
// converter warning codes (stderr lines `polyxios: warning: <code>: ...`),
// unresolved images, the clean ratio of the core CTS folders, every failure,
// and finally `N passed, M failed` (passed = clean + refused).
// Exit 0; 1 on any failure or when the core folders' combined clean ratio is
// below 95%; 77 (ctest SKIP) when CORPUS/collada is absent; 2 on bad usage.
// With $PX_CORPUS_REPORT set, a JSON summary (with one entry per file) is
// written there.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';

const CORE_FOLDERS = [
  'cts/collada/library_geometries',
  'cts/collada/library_effects',
  'cts/collada/library_materials',
  'cts/collada/library_visual_scenes',
  'cts/collada/library_nodes',
  'cts/collada/library_images',
];
const REQUIRED_RATIO = 0.95;
const STDERR_CAP = 64 * 1024;

function usage(msg) {
  process.stderr.write(`collada_corpus: ${msg}\n`);
  process.stderr.write(
    'usage: node collada_corpus.mjs POLYXIOS CORPUS [--jobs N] [--timeout SECONDS] [--filter REGEX] [--keep]\n',
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
const corpus = path.resolve(positional[1]);
const colladaRoot = path.join(corpus, 'collada');

if (!fs.existsSync(colladaRoot)) {
  console.log(`collada_corpus: corpus not found at ${colladaRoot}: skipped`);
  process.exit(77);
}
try {
  fs.accessSync(polyxios, fs.constants.X_OK);
} catch {
  console.error(`collada_corpus: converter not found or not executable: ${polyxios}`);
  process.exit(1);
}
let harness;
try {
  harness = await import('../validator/harness.mjs');
} catch (e) {
  console.error(`collada_corpus: cannot load the validator harness (run tools/bootstrap.sh): ${e.message || e}`);
  process.exit(1);
}

// ---------------------------------------------------------------- the files
function walk(dir, out) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile() && /\.dae$/i.test(e.name)) out.push(p);
  }
  return out;
}
const byCodePoint = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
let files = walk(colladaRoot, [])
  .map((p) => path.relative(colladaRoot, p).split(path.sep).join('/'))
  .sort(byCodePoint);
if (filter) files = files.filter((f) => filter.test(f));

const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'polyxios-corpus-'));
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

// ---------------------------------------------------------------- one file
// Runs `polyxios convert SRC OUT` in its own process group (so that a time-out
// kills everything it started) and resolves once with its exit code or signal
// and its stderr (capped).
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
    child.stdout.resume(); // stdout is not used; keep the pipe drained
    child.stderr.on('data', (d) => {
      if (stderr.length < STDERR_CAP) stderr += d.toString('utf8');
    });
    child.on('error', (e) => finish({ spawnError: String(e.message || e), code: null, signal: null }));
    child.on('exit', (code, signal) => {
      // stderr is complete at 'close'; if something the converter started still
      // holds the pipes, do not wait for it longer than a moment.
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
  const src = path.join(colladaRoot, rel);
  const dir = path.join(tmpRoot, String(index));
  fs.mkdirSync(dir);
  const outName = 'out.glb';
  const out = path.join(dir, outName);
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
    } else {
      entry.status = 'refused';
    }
  } else if (r.code === 0) {
    if (!left.includes(outName)) {
      entry.reason = 'no output';
      entry.detail = firstLine;
    } else {
      const extra = left.filter((f) => f !== outName);
      const temps = extra.filter((f) => /\.tmp/i.test(f));
      if (extra.length) entry.extraFiles = extra;
      let v;
      try {
        v = await harness.validateFile(out, { searchDirs: [path.dirname(src)], allowMissingImages: true });
      } catch (e) {
        v = null;
        entry.reason = 'validator errors';
        entry.detail = `harness: ${e.message || e}`;
      }
      if (v) {
        entry.validator = {
          errors: v.errors,
          warnings: v.warnings,
          infos: v.infos,
          codes: v.codes,
          unresolvedImages: v.unresolvedImages,
        };
        entry.bytes = fs.statSync(out).size;
        if (v.errors > 0) {
          entry.reason = 'validator errors';
          const first = v.messages.find((m) => m.severity === 0);
          entry.detail = first
            ? `${first.code}${first.pointer ? ` ${first.pointer}` : ''}: ${first.message}`
            : `${v.errors} errors`;
        } else if (temps.length) {
          entry.reason = 'left files';
          entry.detail = `converted but left: ${temps.join(', ')}`;
        } else {
          entry.status = 'clean';
        }
      }
    }
  } else {
    entry.reason = `exit ${r.code}`;
    entry.detail = firstLine;
    if (left.length) entry.detail += ` (and left: ${left.join(', ')})`;
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
const count = (pred) => results.filter(pred).length;
const clean = count((e) => e.status === 'clean');
const refused = count((e) => e.status === 'refused');
const failedList = results.filter((e) => e.status === 'failed');
const failReasons = {};
for (const e of failedList) failReasons[e.reason] = (failReasons[e.reason] || 0) + 1;

const group = (map, key, file, n = 1) => {
  const g = (map[key] ||= { files: 0, count: 0, examples: [] });
  g.files += 1;
  g.count += n;
  if (g.examples.length < 3) g.examples.push(file);
};
const refusals = {};
for (const e of results) if (e.status === 'refused') group(refusals, e.rule, e.file);
const validatorErrors = {};
const validatorWarnings = {};
for (const e of results) {
  if (!e.validator) continue;
  for (const [code, c] of Object.entries(e.validator.codes)) {
    if (c.severity === 0) group(validatorErrors, code, e.file, c.count);
    else if (c.severity === 1) group(validatorWarnings, code, e.file, c.count);
  }
}
const converterWarnings = {};
for (const e of results) {
  const perFile = {};
  for (const w of e.warnings) perFile[w] = (perFile[w] || 0) + 1;
  for (const [code, n] of Object.entries(perFile)) group(converterWarnings, code, e.file, n);
}
const unresolved = results.filter((e) => e.validator && e.validator.unresolvedImages.length);
const unresolvedUris = new Set();
for (const e of unresolved) for (const u of e.validator.unresolvedImages) unresolvedUris.add(u);

const folders = CORE_FOLDERS.map((f) => {
  const inside = results.filter((e) => e.file.startsWith(f + '/'));
  return { folder: f, clean: inside.filter((e) => e.status === 'clean').length, total: inside.length };
});
const coreClean = folders.reduce((s, f) => s + f.clean, 0);
const coreTotal = folders.reduce((s, f) => s + f.total, 0);
const coreRatio = coreTotal ? coreClean / coreTotal : null;

const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');
const byCount = (map) => Object.entries(map).sort((a, b) => b[1].files - a[1].files || b[1].count - a[1].count || byCodePoint(a[0], b[0]));
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
const out = [];
const say = (s = '') => out.push(s);

say(`collada corpus: ${files.length} files under ${colladaRoot}${filter ? ` matching /${filter.source}/` : ''}`);
say(`converter ${polyxios}; gltf-validator ${harness.validatorVersion()}; ${jobs} jobs; ${timeoutS} s limit; ${elapsed.toFixed(1)} s`);
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

say();
say(`refusals by rule (${Object.keys(refusals).length} rules):`);
for (const [rule, g] of byCount(refusals)) say(`  ${pad(rule, 44)} ${lpad(g.files, 5)}  e.g. ${g.examples[0]}`);

say();
say(`validator errors by code (files / occurrences):`);
if (!Object.keys(validatorErrors).length) say('  none');
for (const [code, g] of byCount(validatorErrors)) {
  say(`  ${pad(code, 44)} ${lpad(g.files, 5)} / ${g.count}`);
  for (const ex of g.examples) say(`      ${ex}`);
}
say();
say(`validator warnings by code (files / occurrences), top 10:`);
if (!Object.keys(validatorWarnings).length) say('  none');
for (const [code, g] of byCount(validatorWarnings).slice(0, 10)) say(`  ${pad(code, 44)} ${lpad(g.files, 5)} / ${g.count}  e.g. ${g.examples[0]}`);

say();
say(`converter warnings, 10 most frequent codes (files / lines):`);
if (!Object.keys(converterWarnings).length) say('  none');
for (const [code, g] of byCount(converterWarnings).slice(0, 10)) say(`  ${pad(code, 44)} ${lpad(g.files, 5)} / ${g.count}  e.g. ${g.examples[0]}`);

say();
say(`unresolved images (not counted as failures): ${unresolved.length} outputs, ${unresolvedUris.size} distinct URIs`);
for (const e of unresolved.slice(0, 5)) say(`  ${e.file}: ${e.validator.unresolvedImages.slice(0, 3).join(', ')}`);

say();
say(`core folders, clean / total:`);
for (const f of folders) say(`  ${pad(f.folder, 44)} ${lpad(f.clean, 5)} / ${lpad(f.total, 4)}  ${pct(f.clean, f.total)}`);
say(`  ${pad('combined', 44)} ${lpad(coreClean, 5)} / ${lpad(coreTotal, 4)}  ${pct(coreClean, coreTotal)}  (required ${REQUIRED_RATIO * 100}%)`);

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

const ratioFailed = coreRatio !== null && coreRatio < REQUIRED_RATIO;
if (ratioFailed) {
  say();
  say(`FAIL: core folders' clean ratio ${pct(coreClean, coreTotal)} is below ${REQUIRED_RATIO * 100}%`);
}
say();
say(`${clean + refused} passed, ${failedList.length} failed`);
process.stdout.write(out.join('\n') + '\n');

if (process.env.PX_CORPUS_REPORT) {
  const summary = {
    corpus: colladaRoot,
    converter: polyxios,
    validatorVersion: harness.validatorVersion(),
    filter: filter ? filter.source : null,
    jobs,
    timeoutSeconds: timeoutS,
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
    coreFolders: folders,
    coreRatio,
    requiredRatio: REQUIRED_RATIO,
    ok: failedList.length === 0 && !ratioFailed,
    files: results,
  };
  fs.writeFileSync(process.env.PX_CORPUS_REPORT, JSON.stringify(summary, null, 1) + '\n');
}
process.exitCode = failedList.length || ratioFailed ? 1 : 0;
