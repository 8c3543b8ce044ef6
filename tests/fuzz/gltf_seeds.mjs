// Seeds for the glTF-side fuzz targets from .gltf files (and the buffers and images beside them):
//   OUT/gltf_json_fuzz/<n>-<name>.gltf  the document with each buffer and image file it names
//                                       embedded as a data: URI (only those resolve in the target),
//                                       as it is when that would pass kMaxSeed (the -max_len)
//   OUT/data_uri_fuzz/<n>-<i>           each URI it holds, cut to 4 KiB
//   OUT/draco_fuzz/<n>-<view>.drc       each KHR_draco_mesh_compression buffer view's bytes
// n is a hash of the input's path, so that same-named files in different folders stay apart. A
// file that is not JSON is skipped; a resource that cannot be read is left as the file names it.
//   node gltf_seeds.mjs OUT FILE.gltf...
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const kMaxSeed = 65536;
const [out, ...inputs] = process.argv.slice(2);
for (const target of ['gltf_json_fuzz', 'data_uri_fuzz', 'draco_fuzz']) {
  fs.mkdirSync(path.join(out, target), { recursive: true });
}

function resource(file, uri) {
  if (uri.startsWith('data:')) {
    const comma = uri.indexOf(',');
    return comma < 0 ? null : Buffer.from(uri.slice(comma + 1), 'base64');
  }
  try {
    return fs.readFileSync(path.join(path.dirname(file), decodeURIComponent(uri)));
  } catch {
    return null;
  }
}

for (const file of inputs) {
  let json;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    continue;
  }
  if (json === null || typeof json !== 'object') continue;
  const n = crypto.createHash('md5').update(file).digest('hex').slice(0, 12);
  const name = `${n}-${path.basename(file)}`;
  const list = (key) => (Array.isArray(json[key]) ? json[key] : []);
  const buffers = list('buffers').map((b) => (typeof b?.uri === 'string' ? resource(file, b.uri) : null));

  let uris = 0;
  for (const item of [...list('buffers'), ...list('images')]) {
    if (typeof item?.uri !== 'string') continue;
    fs.writeFileSync(path.join(out, 'data_uri_fuzz', `${n}-${uris++}`), item.uri.slice(0, 4096));
  }

  list('meshes').forEach((mesh) => {
    for (const p of Array.isArray(mesh?.primitives) ? mesh.primitives : []) {
      const v = p?.extensions?.KHR_draco_mesh_compression?.bufferView;
      const view = list('bufferViews')[v];
      const bytes = view && buffers[view.buffer];
      if (!bytes) continue;
      const start = view.byteOffset ?? 0;
      fs.writeFileSync(path.join(out, 'draco_fuzz', `${n}-${v}.drc`), bytes.subarray(start, start + view.byteLength));
    }
  });

  for (const [key, mime] of [['buffers', 'application/octet-stream'], ['images', null]]) {
    list(key).forEach((item, i) => {
      if (typeof item?.uri !== 'string' || item.uri.startsWith('data:')) return;
      const bytes = key === 'buffers' ? buffers[i] : resource(file, item.uri);
      if (!bytes) return;
      const type = mime ?? item.mimeType ?? (/\.jpe?g$/i.test(item.uri) ? 'image/jpeg' : 'image/png');
      item.uri = `data:${type};base64,${bytes.toString('base64')}`;
    });
  }
  const embedded = JSON.stringify(json);
  const seed = embedded.length <= kMaxSeed ? embedded : fs.readFileSync(file);
  fs.writeFileSync(path.join(out, 'gltf_json_fuzz', name), seed);
}
