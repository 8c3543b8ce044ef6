// What the two browser checks' pages share (page.mjs: GLTFLoader; collada_page.mjs:
// ColladaLoader): collecting what three logs while a file loads, and the trip through the
// driver's server: GET /list.json, POST /progress {id} before each file, POST /result
// {three, userAgent, files} at the end.
//
//   reportEveryFile('page.mjs', async (item) => entry);      // entry: what the page saw of item
//   await captureConsole(entry.console, async () => { ... }); // three's warn / error lines
//   errorText(e)                                              // an exception's stack, else its text

import { REVISION } from 'three';

// The loaders report problems they survive (a texture they could not decode, a joint they could
// not find, ...) through console.warn / console.error only: collected into sink while it is set.
let sink = null;
for (const level of ['warn', 'error']) {
  const original = console[level].bind(console);
  console[level] = (...args) => {
    if (sink) sink.push({ level, text: args.map((a) => (a && a.stack ? a.stack : String(a))).join(' ') });
    original(...args);
  };
}

const post = (where, obj) => fetch(where, { method: 'POST', body: JSON.stringify(obj) });

export const errorText = (e) => (e && e.stack ? String(e.stack) : String(e));

// Runs fn with what three logs going to into as {level, text}.
export async function captureConsole(into, fn) {
  sink = into;
  try {
    return await fn();
  } finally {
    sink = null;
  }
}

// Describes every file of /list.json, one after the other, with describe(item), and posts them;
// a failure of its own is reported as the page's fatal error, under script's name.
export function reportEveryFile(script, describe) {
  const main = async () => {
    const list = await (await fetch('/list.json')).json();
    const files = [];
    for (const item of list) {
      await post('/progress', { id: item.id });
      files.push(await describe(item));
    }
    window.pxDone = true;
    await post('/result', { three: REVISION, userAgent: navigator.userAgent, files });
  };
  main().catch((e) => window.pxFatal(`${script}: ${errorText(e)}`));
}
