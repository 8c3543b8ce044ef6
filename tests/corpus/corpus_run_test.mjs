#!/usr/bin/env node
// Self-test of corpus_run.mjs's classification of an exit 2 (ctest: corpus_run_refusals): a
// refusal counts as one only when the first stderr line other than warnings is
// `polyxios: <rule>: ...` with a rule code (dotted lowercase words); any other exit 2 is a failure
// saying so, as is a refusal that left files. And isTemporary: the names of temporaries a write
// leaves beside its output, polyxios's own among them. Needs node only, no corpus.
//
// Exit 0 when every case classifies as expected, 1 otherwise.

import { isTemporary, takeRefusal } from './corpus_run.mjs';

// A converter's exit 2 as convertFile hands it to the driver's classify.
const exit2 = (firstLine, left = []) => ({ code: 2, signal: null, ms: 1, warnings: [], firstLine, left });

const CASES = [
  // [first stderr line, files left, refused?, rule or failure reason]
  ['polyxios: collada.p.length: <triangles> at line 12: <p> holds 10 indices', [], true, 'collada.p.length'],
  ['polyxios: gltf.buffer-view.out-of-bounds: bufferViews/0: past its buffer', [], true, 'gltf.buffer-view.out-of-bounds'],
  ['polyxios: collada.instance_node.cycle: <node> at line 3: instances itself', [], true, 'collada.instance_node.cycle'],
  ['polyxios: xml.malformed: line 1: not well-formed', ['out.glb.tmp1'], false, 'left files'],
  ['polyxios: cannot read the input', [], false, 'refusal names no rule'],
  ['polyxios: error: something went wrong', [], false, 'refusal names no rule'],
  ['polyxios: Collada.P.Length: upper case is not a rule code', [], false, 'refusal names no rule'],
  ['polyxios: collada: one word is not a rule code', [], false, 'refusal names no rule'],
  ['collada.p.length: <triangles> at line 12: without the polyxios prefix', [], false, 'refusal names no rule'],
  ['', [], false, 'refusal names no rule'],
];

let failures = 0;
for (const [line, left, refused, expected] of CASES) {
  const entry = { status: 'failed', reason: '' };
  const got = takeRefusal(entry, exit2(line, left));
  const what = got ? entry.rule : entry.reason;
  if (got !== refused || what !== expected) {
    failures += 1;
    console.log(`FAILED ${JSON.stringify(line)} left ${JSON.stringify(left)}: ` +
      `${got ? 'refused' : 'failure'} (${what}), expected ${refused ? 'refused' : 'failure'} (${expected})`);
  }
}
console.log(`${CASES.length - failures} of ${CASES.length} exit-2 cases classified as expected`);

const NAMES = [
  // [a file left beside out.glb, a temporary?]
  ['.out.glb.polyxios-tmp-0', true],
  ['.out.glb.polyxios-tmp-12', true],
  ['.out.bin.polyxios-tmp-3', true],
  ['out.glb.tmp1', true],
  ['out.TMP', true],
  ['out.glb', false],
  ['out.bin', false],
  ['texture.png', false],
  ['polyxios-tmp-1', false],
];
let misnamed = 0;
for (const [name, temporary] of NAMES) {
  if (isTemporary(name) !== temporary) {
    misnamed += 1;
    console.log(`FAILED ${name}: ${temporary ? 'a temporary not seen as one' : 'taken for a temporary'}`);
  }
}
console.log(`${NAMES.length - misnamed} of ${NAMES.length} names told apart as expected`);
process.exit(failures || misnamed ? 1 : 0);
