// Shared glTF-Validator driver for polyxios tests: validate.mjs (the CLI
// harness) and tests/corpus/corpus_run.mjs (both corpus tests) call validateFile(), so
// the two always use the same validator options.
//
// How the npm gltf-validator (2.0.0-dev.3.10) treats external resources, found
// by experiment on the corpus's validator test assets and hand-made files:
//
//  * Without an externalResourceFunction, EVERY external URI (buffer or image)
//    is an IO_ERROR (severity 0 = error) at /buffers/N/uri or /images/N/uri,
//    "options.externalResourceFunction is required to load this resource".
//    The npm README's "external resources are not validated" is wrong: they
//    fail. So we always pass a loader.
//  * The loader gets the URI as written in the JSON but percent-encoded by the
//    validator ("a b.png" arrives as "a%20b.png"): decodeURIComponent it, then
//    resolve it against the asset's folder. It is called once per reference
//    (the same file can be asked for twice), so loads are cached per asset.
//  * The loader must fulfil with a Uint8Array or reject. Fulfilling with
//    anything else (null, undefined) makes the whole validateBytes() call
//    reject, i.e. the harness would fail; so we never do that.
//  * A rejected load becomes one IO_ERROR (error) at that URI's pointer,
//    message "Node Exception: <our reason>", and validation goes on. An
//    external .bin that cannot be loaded is therefore an error and its
//    accessors are not checked; a loaded .bin is fully checked (byteLength
//    against the file's size, accessor contents, ...).
//  * An image that cannot be loaded is likewise one IO_ERROR at
//    /images/N/uri; nothing else about that image is checked. A loaded image
//    is sniffed: PNG/JPEG (and KTX2/WebP with extensions) are decoded for size
//    and format, anything else (e.g. .tga, .tif) is a warning
//    IMAGE_UNRECOGNIZED_FORMAT; an empty file is also that warning.
//  * Non-relative URIs (http:, file:, "/abs") are passed to the loader too
//    (and get a NON_RELATIVE_URI warning). The official CLI does not load
//    them and reports no IO_ERROR (see the corpus' non_relative_uri reports);
//    we reject them with a marker and drop those IO_ERRORs to match it.
//  * Issue counts (numErrors, ...) only count REPORTED issues: with maxIssues
//    > 0 they are truncated too. We use maxIssues: 0 (unlimited) and keep the
//    first few messages ourselves.
//  * validateBytes() rejects (throws a string) only when the bytes are not
//    recognisable as glTF or GLB at all (e.g. empty file): reported here as
//    one error with code VALIDATOR_REJECTED.
//
// Unresolvable images: with { allowMissingImages: true } an IO_ERROR at
// /images/N/uri caused by a file that is not on disk (in the asset's folder or
// any of opts.searchDirs) is taken out of the counts and messages and listed
// in `unresolvedImages` instead. Missing buffers always stay errors.

import fs from 'node:fs';
import path from 'node:path';
import * as validator from 'gltf-validator';

const NOT_FOUND = 'polyxios-harness: not found:';
const NOT_LOADED = 'polyxios-harness: non-relative URI not loaded:';
const IMAGE_URI_POINTER = /^\/images\/\d+\/uri$/;
export const MAX_MESSAGES = 10;

export function validatorVersion() {
  return validator.version();
}

function isNonRelative(uri) {
  // a scheme ("http:", "file:"), a network path ("//host") or an absolute path
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(uri) || uri.startsWith('/') || uri.startsWith('\\');
}

function makeLoader(file, searchDirs, notFound) {
  const dirs = [path.dirname(path.resolve(file)), ...searchDirs.map((d) => path.resolve(d))];
  const cache = new Map();
  const load = async (uri) => {
    if (isNonRelative(uri)) throw `${NOT_LOADED} ${uri}`;
    let rel;
    try {
      rel = decodeURIComponent(uri);
    } catch {
      rel = uri;
    }
    for (const dir of dirs) {
      const candidate = path.resolve(dir, rel);
      try {
        const bytes = await fs.promises.readFile(candidate);
        return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (e) {
        if (e && (e.code === 'ENOENT' || e.code === 'ENOTDIR')) continue;
        throw `polyxios-harness: cannot read ${candidate}: ${e && e.message ? e.message : e}`;
      }
    }
    notFound.add(uri);
    throw `${NOT_FOUND} ${rel}`;
  };
  return (uri) => {
    if (!cache.has(uri)) cache.set(uri, load(uri));
    return cache.get(uri);
  };
}

const SEVERITY_KEY = ['errors', 'warnings', 'infos', 'hints'];

// Validate one .gltf/.glb file. Returns
// { file, errors, warnings, infos, hints,
//   messages: [first MAX_MESSAGES, most severe first],
//   codes: {CODE: {severity, count}}, unresolvedImages: [uri...] }
// or throws (with a message) only when the file itself cannot be read.
export async function validateFile(file, opts = {}) {
  const searchDirs = opts.searchDirs || [];
  const maxMessages = opts.maxMessages ?? MAX_MESSAGES;
  const bytes = await fs.promises.readFile(file);
  const notFound = new Set();
  const result = {
    file,
    errors: 0,
    warnings: 0,
    infos: 0,
    hints: 0,
    messages: [],
    codes: {},
    unresolvedImages: [],
  };
  let all;
  try {
    const report = await validator.validateBytes(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      uri: path.basename(file),
      maxIssues: 0,
      writeTimestamp: false,
      externalResourceFunction: makeLoader(file, searchDirs, notFound),
    });
    all = report.issues.messages;
  } catch (e) {
    all = [{ code: 'VALIDATOR_REJECTED', severity: 0, pointer: '', message: String(e) }];
  }
  const unresolved = new Set();
  const kept = [];
  for (const m of all) {
    const msg = String(m.message || '');
    if (m.code === 'IO_ERROR' && msg.includes(NOT_LOADED)) continue; // as the official CLI
    if (
      opts.allowMissingImages &&
      m.code === 'IO_ERROR' &&
      IMAGE_URI_POINTER.test(m.pointer || '') &&
      msg.includes(NOT_FOUND)
    ) {
      unresolved.add(msg.slice(msg.indexOf(NOT_FOUND) + NOT_FOUND.length).trim());
      continue;
    }
    const key = SEVERITY_KEY[m.severity] || 'hints';
    result[key] += 1;
    const c = (result.codes[m.code] ||= { severity: m.severity, count: 0 });
    c.count += 1;
    kept.push({ code: m.code, severity: m.severity, pointer: m.pointer ?? '', message: msg });
  }
  // most severe first (stable: the validator's order within a severity)
  kept.sort((a, b) => a.severity - b.severity);
  result.messages = kept.slice(0, maxMessages);
  result.unresolvedImages = [...unresolved].sort();
  return result;
}
