// The browser check's HTTP server (node:http only), bound to 127.0.0.1 on a free port.
//
//   GET  /                    the page (index.html: an importmap and page.mjs)
//   GET  /page/page.mjs       the page's script (opts.index / opts.scripts name another page and
//                             its scripts: opts.index for /, each of opts.scripts at /page/NAME)
//   GET  /three/...           three's build/ and examples/jsm/ folders (from tests/validator/node_modules/three)
//   GET  /list.json           the files to load: [{id, url}]
//   GET  /files/...           the converted files (a temporary folder)
//   POST /progress            {id}: the page is loading that file (so a hang can be named)
//   POST /result              the page's report (JSON); handed to onResult
//
// Anything else is a 404, recorded in server.notFound so that the driver can say which request failed.

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.glb': 'model/gltf-binary',
  '.gltf': 'model/gltf+json',
  '.dae': 'model/vnd.collada+xml',
  '.bin': 'application/octet-stream',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

const MAX_POST = 64 * 1024 * 1024;

// Resolves a URL path below root; null when it would leave root.
function below(root, rel) {
  let decoded;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    return null;
  }
  const full = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  return full === root || full.startsWith(root + path.sep) ? full : null;
}

// opts: {pageDir, threeDir, filesDir, list, onResult(obj), onProgress(obj), index, scripts}
// Resolves to {port, notFound: [url...], close()}.
export function startServer(opts) {
  const pageDir = path.resolve(opts.pageDir);
  const threeDir = path.resolve(opts.threeDir);
  const filesDir = path.resolve(opts.filesDir);
  const notFound = [];
  const index = opts.index || 'index.html';
  const scripts = new Set(opts.scripts || ['page.mjs']);

  const sendFile = (res, file) => {
    fs.readFile(file, (err, data) => {
      if (err) {
        notFound.push(file);
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
        return;
      }
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream',
        'cache-control': 'no-store',
      });
      res.end(data);
    });
  };

  const readBody = (req, res, handle) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_POST) {
        res.writeHead(413).end();
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      let obj;
      try {
        obj = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch (e) {
        obj = { fatal: `the page posted invalid JSON to ${req.url}: ${e.message}` };
      }
      res.writeHead(204).end();
      handle(obj);
    });
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const p = url.pathname;
    if (req.method === 'POST' && p === '/result') return readBody(req, res, opts.onResult);
    if (req.method === 'POST' && p === '/progress') return readBody(req, res, opts.onProgress || (() => {}));
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    let file = null;
    if (p === '/' || p === '/index.html') file = path.join(pageDir, index);
    else if (p.startsWith('/page/') && scripts.has(p.slice('/page/'.length))) file = path.join(pageDir, p.slice('/page/'.length));
    else if (p === '/list.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(opts.list));
      return;
    } else if (p === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    } else if (p.startsWith('/three/build/') || p.startsWith('/three/examples/jsm/')) {
      file = below(threeDir, p.slice('/three/'.length));
    } else if (p.startsWith('/files/')) file = below(filesDir, p.slice('/files/'.length));
    if (!file) {
      notFound.push(p);
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    sendFile(res, file);
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: server.address().port,
        notFound,
        close: () =>
          new Promise((r) => {
            server.close(() => r());
            server.closeAllConnections?.();
          }),
      });
    });
  });
}
