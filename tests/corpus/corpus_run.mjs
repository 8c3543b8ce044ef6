// What collada_corpus.mjs and gltf_corpus.mjs share: running `polyxios convert`
// over a corpus folder and counting what came of it. Each driver keeps which
// files it takes, how a file is classified and what its summary prints.
//
//   openRun()        arguments (POLYXIOS CORPUS [--jobs N] [--timeout SECONDS]
//                    [--filter REGEX] [--keep], $PX_CORPUS_JOBS/_TIMEOUT/
//                    _FILTER), exit 2 on bad usage, 77 when the corpus folder
//                    is absent (1 with PX_REQUIRE_ALL=1), 1 without the
//                    converter or (unless the driver says it does not need
//                    it) the validator harness
//   findFiles()      the files under the corpus folder, sorted, filtered
//   tempRoot()       the temporary folder, removed at the end and on
//                    SIGINT/SIGTERM (unless --keep)
//   convertFile()    one conversion in a folder of its own: exit, stderr
//                    (warning codes, first other line), files left, and a
//                    run failure (spawn error, hang, crash) if there was one
//   newEntry(), takeRefusal(), validateOutput(), errorDetail()
//                    pieces of a file's report entry
//   isTemporary()    whether a file left beside an output is a temporary
//   runPool()        every file, N at a time
//   group(), byCount(), groupRefusals(), groupWarnings(), countReasons(),
//   runLine(), printRefusals(), printGroups(), reportHead(), writeReport()
//                    the report: counts, printed sections, $PX_CORPUS_REPORT
//   byCodePoint(), pad(), lpad()
//                    sorting and column helpers

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { skip } from '../support/required.mjs';

const STDERR_CAP = 64 * 1024;
const OUT_NAME = 'out.glb';
const WARNING_LINE = /^polyxios: warning: ([^:\s]+):/;
// A refusal's one line names its rule: a code of dotted lowercase words (collada.p.length,
// gltf.buffer-view.out-of-bounds, collada.instance_node.cycle).
const REFUSAL_LINE = /^polyxios: ([a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+): /;

export const byCodePoint = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
export const pad = (s, n) => String(s).padEnd(n);
export const lpad = (s, n) => String(s).padStart(n);

// ---------------------------------------------------------------- arguments
// Parses the command line of `name` (e.g. 'gltf_corpus') and checks what the
// run needs; returns { name, polyxios, root (CORPUS/folder), jobs, timeoutS,
// filter, keep, harness }. Exits 2 on bad usage, 77 when CORPUS/folder is
// absent (1 with PX_REQUIRE_ALL=1, ../support/required.mjs), 1 when the
// converter or the validator harness is missing (the harness is not loaded,
// and run.harness is null, with needsHarness false).
export async function openRun({ name, folder, needsHarness = true }) {
  const usage = (msg) => {
    process.stderr.write(`${name}: ${msg}\n`);
    process.stderr.write(
      `usage: node ${name}.mjs POLYXIOS CORPUS [--jobs N] [--timeout SECONDS] [--filter REGEX] [--keep]\n`,
    );
    process.exit(2);
  };
  const positional = [];
  let jobs = Number(process.env.PX_CORPUS_JOBS || 2);
  let timeoutS = Number(process.env.PX_CORPUS_TIMEOUT || 30);
  let filter = process.env.PX_CORPUS_FILTER ? new RegExp(process.env.PX_CORPUS_FILTER) : null;
  let keep = false;
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
  if (positional.length !== 2) usage('need POLYXIOS and CORPUS');
  if (!(jobs >= 1) || !(timeoutS > 0)) usage('bad --jobs or --timeout');
  const polyxios = path.resolve(positional[0]);
  const root = path.join(path.resolve(positional[1]), folder);

  if (!fs.existsSync(root)) skip(`${name}: no corpus at ${root}`);
  try {
    fs.accessSync(polyxios, fs.constants.X_OK);
  } catch {
    console.error(`${name}: converter not found or not executable: ${polyxios}`);
    process.exit(1);
  }
  let harness = null;
  if (needsHarness) {
    try {
      harness = await import('../validator/harness.mjs');
    } catch (e) {
      console.error(`${name}: cannot load the validator harness (run tools/bootstrap.sh): ${e.message || e}`);
      process.exit(1);
    }
  }
  return { name, polyxios, root, jobs, timeoutS, filter, keep, harness };
}

// ---------------------------------------------------------------- the files
function walk(dir, pattern, out) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, pattern, out);
    else if (e.isFile() && pattern.test(e.name)) out.push(p);
  }
  return out;
}

// The files whose name matches `pattern` under the sub-folders `dirs` of the
// run's root (those that exist), as '/'-separated paths relative to the root,
// sorted by code point, kept to those matching --filter.
export function findFiles(run, pattern, dirs = ['.']) {
  const found = [];
  for (const d of dirs) {
    const dir = path.join(run.root, d);
    if (fs.existsSync(dir)) walk(dir, pattern, found);
  }
  let files = found.map((p) => path.relative(run.root, p).split(path.sep).join('/')).sort(byCodePoint);
  if (run.filter) files = files.filter((f) => run.filter.test(f));
  return files;
}

// A new temporary folder named `prefix`XXXXXX; cleanup() removes it (unless
// --keep), as SIGINT (exit 130) and SIGTERM (exit 143) do.
export function tempRoot(run, prefix) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const cleanup = () => {
    if (!run.keep) fs.rmSync(root, { recursive: true, force: true });
  };
  process.on('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  process.on('SIGTERM', () => {
    cleanup();
    process.exit(143);
  });
  return { root, cleanup };
}

// ---------------------------------------------------------------- one file
// Runs `polyxios convert SRC OUT` in its own process group (so that a time-out
// kills everything it started) and resolves once with its exit code or signal
// and its stderr (capped).
function runConverter(run, src, out, cwd) {
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
    let exited = false;
    const timer = setTimeout(() => {
      // The timer fires late when the event loop was busy (validating another file's output on
      // this thread): let the poll phase deliver an exit that already happened before calling the
      // run a hang.
      setImmediate(() => {
        if (exited || settled) return;
        timedOut = true;
        killGroup();
      });
    }, run.timeoutS * 1000);
    try {
      child = spawn(run.polyxios, ['convert', src, out], { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
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
      exited = true;
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

// What stops a conversion before its exit code means anything: a spawn error,
// the time limit (hang), a signal or a sanitizer report (crash); else null.
function runFailure(run, r, lines) {
  if (r.spawnError) return { reason: 'spawn error', detail: r.spawnError };
  if (r.timedOut) return { reason: 'hang', detail: `killed after ${run.timeoutS} s` };
  const sanitizer = /AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|runtime error:/.test(r.stderr);
  if (!r.signal && !sanitizer) return null;
  let detail = r.signal ? `signal ${r.signal}` : 'sanitizer report';
  const san = lines.find((l) => /Sanitizer|runtime error:/.test(l));
  if (san) detail += `: ${san.trim()}`;
  return { reason: 'crash', detail };
}

// Converts `src` to `outName` (out.glb unless given) in the new folder `dir`
// (also the converter's working folder) and resolves with what `classify`
// makes of it; the folder is
// removed afterwards unless --keep. `classify` gets { code, signal, ms,
// warnings (the codes of the `polyxios: warning: <code>:` lines, in order),
// firstLine (the first other stderr line), left (the folder's files, sorted),
// out, outName, failure ({ reason, detail } of runFailure, or null) }.
export async function convertFile(run, src, dir, classify, outName = OUT_NAME) {
  fs.mkdirSync(dir);
  const out = path.join(dir, outName);
  const r = await runConverter(run, src, out, dir);
  const lines = r.stderr.split(/\r?\n/).filter((l) => l.trim() !== '');
  const warnings = [];
  const other = [];
  for (const l of lines) {
    const m = WARNING_LINE.exec(l);
    if (m) warnings.push(m[1]);
    else other.push(l);
  }
  const entry = await classify({
    code: r.code,
    signal: r.signal,
    ms: r.ms,
    warnings,
    firstLine: other[0] || '',
    left: listDir(dir),
    out,
    outName,
    failure: runFailure(run, r, lines),
  });
  if (!run.keep) fs.rmSync(dir, { recursive: true, force: true });
  return entry;
}

function listDir(dir) {
  try {
    return fs.readdirSync(dir).sort(byCodePoint);
  } catch {
    return [];
  }
}

// Whether `name`, left in a conversion's folder `dir` beside its output, is an
// image file the write carried from the input's folder (issue 36: a document
// written to another folder takes the files its URIs name along): the same
// bytes as `name` beside `src`, every file of it for a folder.
export function carriedFrom(src, dir, name) {
  const there = path.join(path.dirname(src), name);
  const here = path.join(dir, name);
  try {
    const stat = fs.lstatSync(here);
    if (stat.isDirectory()) {
      return fs.readdirSync(here).every((f) => carriedFrom(path.join(path.dirname(src), name, 'x'), here, f));
    }
    return stat.isFile() && fs.readFileSync(here).equals(fs.readFileSync(there));
  } catch {
    return false;
  }
}

// A file's report entry, failed until classified: { file, ...fields, status,
// reason, exit, signal, ms, warnings }.
export function newEntry(file, c, fields = {}) {
  return {
    file,
    ...fields,
    status: 'failed',
    reason: '',
    exit: c.code,
    signal: c.signal,
    ms: Math.round(c.ms),
    warnings: c.warnings,
  };
}

// Exit 2: sets entry.rule (from `polyxios: <rule>: ...`) and entry.detail;
// a refusal whose first line other than warnings names no rule ('refusal
// names no rule') or that left files in its folder ('left files') is a
// failure and gives false, else true (the driver decides what the refusal
// is).
export function takeRefusal(entry, c) {
  const m = REFUSAL_LINE.exec(c.firstLine);
  entry.detail = c.firstLine;
  if (!m) {
    entry.reason = 'refusal names no rule';
    entry.detail = `exit 2 without a \`polyxios: <rule>: ...\` line: ${c.firstLine || '(nothing on stderr)'}`;
    return false;
  }
  entry.rule = m[1];
  if (!c.left.length) return true;
  entry.reason = 'left files';
  entry.detail = `refused (${entry.rule}) but left: ${c.left.join(', ')}`;
  return false;
}

// Whether a file name left in a conversion's folder is a temporary of a write: polyxios's own,
// `.<name>.polyxios-tmp-<n>` beside its target (engine/atomic_file.h), or any `.tmp` name.
export const isTemporary = (name) => /^\..+\.polyxios-tmp-\d+$/.test(name) || /\.tmp/i.test(name);

// Validates the output with the harness (relative URIs looked up next to the
// output, then next to `src`; missing images allowed); null, with the entry a
// 'validator errors' failure, when the harness throws.
export async function validateOutput(run, entry, c, src) {
  try {
    return await run.harness.validateFile(c.out, { searchDirs: [path.dirname(src)], allowMissingImages: true });
  } catch (e) {
    entry.reason = 'validator errors';
    entry.detail = `harness: ${e.message || e}`;
    return null;
  }
}

// `CODE /pointer: message` of the first validator error, else `fallback`.
export function errorDetail(v, fallback) {
  const first = v.messages.find((m) => m.severity === 0);
  return first ? `${first.code}${first.pointer ? ` ${first.pointer}` : ''}: ${first.message}` : fallback;
}

// ---------------------------------------------------------------- run
// Runs processFile(file, index) on every file, run.jobs at a time; resolves
// with the entries in the files' order and the seconds taken.
export async function runPool(run, files, processFile) {
  const t0 = Date.now();
  const results = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      results[i] = await processFile(files[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(run.jobs, Math.max(files.length, 1)) }, worker));
  return { results, elapsed: (Date.now() - t0) / 1000 };
}

// ---------------------------------------------------------------- report
// Adds a file (with n occurrences) to map[key] = { files, count, examples (3) }.
export function group(map, key, file, n = 1) {
  const g = (map[key] ||= { files: 0, count: 0, examples: [] });
  g.files += 1;
  g.count += n;
  if (g.examples.length < 3) g.examples.push(file);
}

// A group map's entries, most files first, then (with `occurrences`) most
// occurrences, then by key.
export function byCount(map, { occurrences = false } = {}) {
  return Object.entries(map).sort(
    (a, b) => b[1].files - a[1].files || (occurrences ? b[1].count - a[1].count : 0) || byCodePoint(a[0], b[0]),
  );
}

// Refused entries grouped by rule.
export function groupRefusals(results) {
  const refusals = {};
  for (const e of results) if (e.status === 'refused') group(refusals, e.rule, e.file);
  return refusals;
}

// Converter warning codes grouped by code (files / lines).
export function groupWarnings(results) {
  const warnings = {};
  for (const e of results) {
    const perFile = {};
    for (const w of e.warnings) perFile[w] = (perFile[w] || 0) + 1;
    for (const [code, n] of Object.entries(perFile)) group(warnings, code, e.file, n);
  }
  return warnings;
}

// { reason: number of entries }.
export function countReasons(failedList) {
  const reasons = {};
  for (const e of failedList) reasons[e.reason] = (reasons[e.reason] || 0) + 1;
  return reasons;
}

// The line under a summary's title: converter, validator, jobs, time limit and time taken.
export function runLine(run, elapsed) {
  return (
    `converter ${run.polyxios}; gltf-validator ${run.harness.validatorVersion()}; ${run.jobs} jobs; ` +
    `${run.timeoutS} s limit; ${elapsed.toFixed(1)} s`
  );
}

export function printRefusals(say, refusals) {
  say();
  say(`refusals by rule (${Object.keys(refusals).length} rules):`);
  for (const [rule, g] of byCount(refusals)) say(`  ${pad(rule, 44)} ${lpad(g.files, 5)}  e.g. ${g.examples[0]}`);
}

// A section `title`, then a line per group (`code files / count e.g. file`),
// at most `limit`, or `none`.
export function printGroups(say, title, map, { limit = Infinity, occurrences = false } = {}) {
  say();
  say(title);
  if (!Object.keys(map).length) say('  none');
  for (const [code, g] of byCount(map, { occurrences }).slice(0, limit)) {
    say(`  ${pad(code, 44)} ${lpad(g.files, 5)} / ${g.count}  e.g. ${g.examples[0]}`);
  }
}

// The JSON report's first keys.
export function reportHead(run) {
  return {
    corpus: run.root,
    converter: run.polyxios,
    validatorVersion: run.harness.validatorVersion(),
    filter: run.filter ? run.filter.source : null,
  };
}

// Writes `summary` to $PX_CORPUS_REPORT when it is set.
export function writeReport(summary) {
  if (process.env.PX_CORPUS_REPORT) {
    fs.writeFileSync(process.env.PX_CORPUS_REPORT, JSON.stringify(summary, null, 1) + '\n');
  }
}
