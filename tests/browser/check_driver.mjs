// The command-line side both browser checks share (browser_check.mjs: GLTFLoader on polyxios's
// glTF; collada_check.mjs: ColladaLoader on polyxios's COLLADA): the arguments, the prerequisites
// (Chromium, three, the polyxios binary), the cases to run (the sample, plus the corpus's when
// there is one), a temporary folder removed on every exit path, polyxios runs, the trip through
// headless Chromium (headless.mjs) and the report's lines.
//
//   runCheck({name, script, tmpPrefix, loaders, sampleCases(repo), corpusCases}, async (check) => {
//     ... check.cases, check.present(c), check.convert(c, dir, name), check.loadInChromium({...}),
//     check.judge(label, problems, {...})
//     return check.finish('every file agrees');
//   });
//
// runCheck exits the process: 0 when the body returns 0, 1 when it fails or throws.
//   node SCRIPT POLYXIOS_BINARY REPO_DIR [CORPUS_DIR]
// CORPUS_DIR defaults to $POLYXIOS_CORPUS, else REPO_DIR/../shared/corpus; $PX_BROWSER_TIMEOUT:
// seconds to wait for the page's report (default 60).

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium, loadInChromium } from './headless.mjs';
import { skipPart } from '../support/required.mjs';

const say = (s) => process.stdout.write(s + '\n');

// The last n non-blank lines of text, indented as a quote.
export const tail = (text, n) => text.split('\n').filter((l) => l.trim() !== '').slice(-n).map((l) => `    | ${l}`).join('\n');

function run(cmd, args, timeoutMs) {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : err.signal || err.code) : 0, stdout, stderr });
    });
  });
}

// The temporary folder, removed at exit however the process ends (headless.mjs kills a browser
// still running first: its exit handler is registered before this one).
let tmp = null;
function removeTmp() {
  if (tmp) {
    fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
    tmp = null;
  }
}

// What the body of a check works with: its arguments, cases, folders and failures, and helpers
// that print with the check's name.
class Check {
  constructor(opts, args) {
    this.name = opts.name;
    this.polyxios = args.polyxios;
    this.repo = args.repo;
    this.corpus = args.corpus;
    this.timeoutSec = Number(process.env.PX_BROWSER_TIMEOUT || 60);
    this.failures = [];
    this.cases = []; // [{id, input, ...}]: the sample's, and the corpus's when there is one
    this.chromium = null;
    this.threeDir = null; // three's package folder
    this.pageDir = path.dirname(fileURLToPath(import.meta.url)); // index.html and the pages' scripts
    this.tmp = null;
    this.filesDir = null; // what the server serves at /files/
    this.say = say;
  }

  // Whether c's input is there; when not, records the failure.
  present(c) {
    if (fs.existsSync(c.input)) return true;
    this.failures.push(`${c.id}: input ${c.input} is missing (the corpus changed?)`);
    return false;
  }

  fail(msg) {
    say(`${this.name}: FAIL: ${msg}`);
    return 1;
  }

  // Prints every failure so far, then msg as the last: 1.
  failAfterTheRest(msg) {
    for (const f of this.failures) this.fail(f);
    return this.fail(msg);
  }

  // Prints every failure so far; 1 when there was one, else prints okMessage and 0.
  finish(okMessage) {
    if (this.failures.length) {
      for (const f of this.failures) this.fail(f);
      return 1;
    }
    say(`${this.name}: ${okMessage}`);
    return 0;
  }

  // Converts c.input to dir/name with the polyxios CLI (and c.flags, when given): the output's
  // path, or null with the failure recorded.
  async convert(c, dir, name) {
    fs.mkdirSync(dir, { recursive: true });
    const out = path.join(dir, name);
    const r = await run(this.polyxios, ['convert', c.input, out, ...(c.flags || [])], 120_000);
    if (r.code !== 0) {
      this.failures.push(`${c.id}: polyxios convert exited with ${r.code}\n${tail(r.stderr, 10)}`);
      return null;
    }
    return out;
  }

  // Serves filesDir and the page (scripts: its script first, then the modules it imports) and
  // lets Chromium load list; resolves to the page's report and how long it took, or, when the
  // trip failed, prints the failures so far and the reason and resolves to {exitCode: 1}.
  async loadInChromium({ scripts, list }) {
    const trip = await loadInChromium({
      chromium: this.chromium,
      tmpDir: this.tmp,
      timeoutSec: this.timeoutSec,
      pageDir: this.pageDir,
      threeDir: this.threeDir,
      filesDir: this.filesDir,
      scripts,
      list,
    });
    if (!trip.fatal) return trip;
    let msg = trip.fatal;
    if (trip.loading) msg += `\n  the page was loading ${trip.loading}`;
    if (trip.notFound.length) msg += `\n  404s: ${trip.notFound.join(', ')}`;
    if (trip.stderrTail.trim()) msg += `\n  chromium's stderr (last lines):\n${tail(trip.stderrTail, 20)}`;
    return { exitCode: this.failAfterTheRest(msg) };
  }

  // "three.js rN in Chrome/V", from the page's report.
  threeAndBrowser(res) {
    return `three.js r${res.three} in ${(res.userAgent.match(/(?:Headless)?Chrome\/[\d.]+/) || [res.userAgent])[0]}`;
  }

  // Says "ok" for a file without problems (threeSaw: three's view, summarised; notes: what to add
  // to it); else records a failure listing at most `most` problems.
  judge(label, problems, { threeSaw, theFile, notes = '', most }) {
    if (problems.length === 0) {
      say(`  ok   ${label}\n       three and the file: ${threeSaw}${notes}`);
      return;
    }
    const lines = [`${label}:`];
    if (threeSaw) lines.push(`  three saw: ${threeSaw}`);
    if (theFile) lines.push(`  the file:  ${theFile}${notes}`);
    for (const p of problems.slice(0, most)) lines.push(`  - ${p}`);
    if (problems.length > most) lines.push(`  - ... ${problems.length - most} more`);
    this.failures.push(lines.join('\n'));
  }
}

// opts: name (what the lines start with), script (its file name, for usage and signals),
// tmpPrefix, loaders (the three.js loaders it needs, in examples/jsm/loaders/), sampleCases(repo)
// and corpusCases (inputs relative to the corpus): [{id, input, ...}]. body(check) resolves to the
// exit status.
export async function runCheck(opts, body) {
  const [polyxios, repoArg, corpusArg] = process.argv.slice(2);
  if (!polyxios || !repoArg) {
    process.stderr.write(`${opts.script}: missing arguments\nusage: node ${opts.script} POLYXIOS_BINARY REPO_DIR [CORPUS_DIR]\n`);
    process.exit(1);
  }
  const repo = path.resolve(repoArg);
  const corpus = path.resolve(corpusArg || process.env.POLYXIOS_CORPUS || path.join(repo, '..', 'shared', 'corpus'));
  const check = new Check(opts, { polyxios, repo, corpus });

  process.on('exit', () => {
    try {
      removeTmp();
    } catch {
      /* best effort at exit */
    }
  });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      process.stderr.write(`${opts.script}: ${sig}\n`);
      process.exit(1); // the 'exit' handlers kill the browser and remove the temporary folder
    });
  }

  let code;
  try {
    code = prepare(check, opts) ?? (await body(check));
  } catch (e) {
    code = check.fail(`internal error: ${e && e.stack ? e.stack : e}`);
  }
  removeTmp();
  process.exit(code);
}

// The prerequisites, the cases and the temporary folder: a failing exit status, or null.
function prepare(check, opts) {
  check.chromium = findChromium();
  if (!check.chromium) {
    return check.fail('chromium not found on PATH: install the Debian package `chromium` (tools/bootstrap.sh does) or set PX_CHROMIUM');
  }
  check.threeDir = path.join(check.repo, 'tests/validator/node_modules/three');
  const threeFiles = ['build/three.module.js', ...opts.loaders.map((l) => `examples/jsm/loaders/${l}`)];
  if (!threeFiles.every((f) => fs.existsSync(path.join(check.threeDir, f)))) {
    return check.fail(`three.js not found in ${check.threeDir}: run tools/bootstrap.sh (npm ci in tests/validator)`);
  }
  if (!fs.existsSync(check.polyxios)) return check.fail(`no polyxios binary at ${check.polyxios}`);

  const cases = [...opts.sampleCases(check.repo)];
  if (fs.existsSync(path.join(check.corpus, 'collada')) && fs.existsSync(path.join(check.corpus, 'gltf'))) {
    cases.push(...opts.corpusCases.map((c) => ({ ...c, input: path.join(check.corpus, c.input) })));
  } else {
    skipPart(`${check.name}: the corpus part: no corpus at ${check.corpus} (set POLYXIOS_CORPUS); ` +
      'only the sample runs');
  }
  check.cases = cases;

  tmp = fs.mkdtempSync(path.join(os.tmpdir(), opts.tmpPrefix));
  check.tmp = tmp;
  check.filesDir = path.join(tmp, 'files');
  return null;
}
