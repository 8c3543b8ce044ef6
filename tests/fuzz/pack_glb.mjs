// Makes a small GLB fuzz seed from a .gltf whose buffers are files beside it (or data: URIs):
// only its first mesh is kept, on one node, without materials, and only the bufferViews that
// mesh's accessors and Draco-compressed primitives use go into the BIN chunk.
//   node pack_glb.mjs IN.gltf OUT.glb
import fs from 'node:fs';
import path from 'node:path';

const [input, output] = process.argv.slice(2);
const json = JSON.parse(fs.readFileSync(input, 'utf8'));

function bufferBytes(buffer) {
  const uri = buffer.uri;
  const comma = uri.indexOf(',');
  if (uri.startsWith('data:')) return Buffer.from(uri.slice(comma + 1), 'base64');
  return fs.readFileSync(path.join(path.dirname(input), decodeURIComponent(uri)));
}
const buffers = (json.buffers ?? []).map(bufferBytes);

const mesh = json.meshes[0];
const accessors = [];
const views = [];
const accessorIndex = new Map();
const viewIndex = new Map();
const chunks = [];
let length = 0;
function keepView(v) {
  if (viewIndex.has(v)) return viewIndex.get(v);
  const view = { ...json.bufferViews[v] };
  const start = view.byteOffset ?? 0;
  const bytes = buffers[view.buffer].subarray(start, start + view.byteLength);
  view.buffer = 0;
  view.byteOffset = length;
  chunks.push(bytes, Buffer.alloc((4 - (bytes.length % 4)) % 4));
  length += bytes.length + ((4 - (bytes.length % 4)) % 4);
  viewIndex.set(v, views.length);
  views.push(view);
  return views.length - 1;
}
function keepAccessor(a) {
  if (accessorIndex.has(a)) return accessorIndex.get(a);
  const accessor = { ...json.accessors[a] };
  if (accessor.bufferView !== undefined) accessor.bufferView = keepView(accessor.bufferView);
  delete accessor.sparse;
  accessorIndex.set(a, accessors.length);
  accessors.push(accessor);
  return accessors.length - 1;
}
for (const p of mesh.primitives) {
  for (const key of Object.keys(p.attributes)) p.attributes[key] = keepAccessor(p.attributes[key]);
  if (p.indices !== undefined) p.indices = keepAccessor(p.indices);
  const draco = p.extensions?.KHR_draco_mesh_compression;
  if (draco) draco.bufferView = keepView(draco.bufferView);
  delete p.material;
  delete p.targets;
}
const out = {
  asset: json.asset,
  extensionsUsed: json.extensionsUsed,
  extensionsRequired: json.extensionsRequired,
  scene: 0,
  scenes: [{ nodes: [0] }],
  nodes: [{ mesh: 0 }],
  meshes: [mesh],
  accessors,
  bufferViews: views,
  buffers: length > 0 ? [{ byteLength: length }] : undefined,
};

let text = Buffer.from(JSON.stringify(out));
text = Buffer.concat([text, Buffer.alloc((4 - (text.length % 4)) % 4, 0x20)]);
const bin = Buffer.concat(chunks);
const chunk = (type, body) => {
  const h = Buffer.alloc(8);
  h.writeUInt32LE(body.length, 0);
  h.writeUInt32LE(type, 4);
  return [h, body];
};
const parts = [...chunk(0x4e4f534a, text)];
if (bin.length) parts.push(...chunk(0x004e4942, bin));
const body = Buffer.concat(parts);
const header = Buffer.alloc(12);
header.write('glTF', 0);
header.writeUInt32LE(2, 4);
header.writeUInt32LE(12 + body.length, 8);
fs.writeFileSync(output, Buffer.concat([header, body]));
