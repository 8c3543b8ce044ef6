// The COLLADA browser check's page: for every file of /list.json, reads the file's XML with the
// browser's DOMParser into what it says (collada_expect.mjs, no three.js involved), loads it with
// three.js's ColladaLoader (waiting for its textures), and POSTs to /result both views:
//
//   {three, userAgent, files: [{id, url, error, expectError, console: [{level, text}],
//                               expected, got, textures: [{url, ok}], input?, inputError?}]}
//
// For a file written from glTF (list item gltfInput), input is that glTF as GLTFLoader builds it.
//
// got has expected's shape (see collada_expect.mjs): the scene's object tree, the asset's scale
// and up-axis rotation, the clips with their tracks (targets as pre-order indices in the tree).

import { ColladaLoader } from 'three/addons/loaders/ColladaLoader.js';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { LoadingManager, Matrix4, REVISION } from 'three';
import { expectedView } from './collada_expect.mjs';

const MAPS = ['map', 'normalMap', 'emissiveMap', 'specularMap'];
const TEXTURE_TIMEOUT_MS = 20000;

// ColladaLoader reports what it survives through console.warn / console.error only.
let sink = null;
for (const level of ['warn', 'error']) {
  const original = console[level].bind(console);
  console[level] = (...args) => {
    if (sink) sink.push({ level, text: args.map((a) => (a && a.stack ? a.stack : String(a))).join(' ') });
    original(...args);
  };
}

const post = (where, obj) => fetch(where, { method: 'POST', body: JSON.stringify(obj) });
const rgb = (c) => (c ? [c.r, c.g, c.b] : null);

function describeMaterial(m) {
  const maps = {};
  for (const key of MAPS) {
    const t = m[key];
    const img = t && t.image;
    maps[key] = t ? { width: (img && (img.width || img.naturalWidth)) || 0, height: (img && (img.height || img.naturalHeight)) || 0 } : null;
  }
  return {
    name: m.name,
    type: m.type,
    color: rgb(m.color),
    emissive: rgb(m.emissive),
    opacity: m.opacity,
    transparent: m.transparent,
    doubleSided: m.side === 2,
    maps,
  };
}

// [min, max] of a position attribute's xyz (NaN when one is NaN), without computeBoundingBox's logging
function span(a) {
  const box = [[Infinity, Infinity, Infinity], [-Infinity, -Infinity, -Infinity]];
  if (!a) return box;
  for (let i = 0; i < a.count; i++) {
    for (let d = 0; d < 3; d++) {
      const x = a.array[i * a.itemSize + d];
      box[0][d] = Math.min(x, box[0][d]);
      box[1][d] = Math.max(x, box[1][d]);
    }
  }
  return box;
}

// nameOf: an object's name in the view (three's own by default)
function describeObject(o, index, nameOf = (x) => x.name) {
  const d = {
    type: o.type,
    name: nameOf(o),
    matrix: Array.from(new Matrix4().compose(o.position, o.quaternion, o.scale).elements),
    children: o.children.map((c) => describeObject(c, index, nameOf)),
  };
  if (o.geometry) {
    const g = o.geometry;
    const attributes = {};
    for (const [name, a] of Object.entries(g.attributes)) attributes[name] = [a.count, a.itemSize];
    d.mesh = {
      vertexCount: g.attributes.position ? g.attributes.position.count : 0,
      attributes,
      groups: g.groups.map((gr) => gr.count),
      box: span(g.attributes.position),
      indexed: g.index !== null,
    };
    d.materials = (Array.isArray(o.material) ? o.material : [o.material]).map(describeMaterial);
  }
  if (o.isSkinnedMesh) {
    d.skin = {
      bones: o.skeleton ? o.skeleton.bones.map((b) => ({ index: index.has(b) ? index.get(b) : -1, name: b.name })) : [],
    };
    const si = o.geometry.attributes.skinIndex;
    let max = -1;
    if (si) for (let i = 0; i < si.array.length; i++) if (si.array[i] > max) max = si.array[i];
    d.skin.maxSkinIndex = max;
  }
  return d;
}

function inspect(result) {
  const scene = result.scene;
  const index = new Map();
  const byUuid = new Map();
  scene.traverse((o) => {
    index.set(o, index.size);
    byUuid.set(o.uuid, index.get(o));
  });
  const clips = (scene.animations || []).map((clip) => ({
    name: clip.name,
    duration: clip.duration,
    tracks: clip.tracks.map((t) => {
      const dot = t.name.lastIndexOf('.');
      const uuid = t.name.slice(0, dot);
      return { target: byUuid.has(uuid) ? byUuid.get(uuid) : -1, property: t.name.slice(dot + 1), keys: t.times.length };
    }),
  }));
  return {
    asset: { scale: [scene.scale.x, scene.scale.y, scene.scale.z], rotationX: scene.rotation.x },
    tree: describeObject(scene, index),
    clips,
  };
}

// Loads url with ColladaLoader; resolves when the loader and every texture it started are done.
function load(url, textures) {
  return new Promise((resolve, reject) => {
    let result = null;
    let managerDone = false;
    const finish = () => {
      if (result && managerDone) resolve(result);
    };
    const manager = new LoadingManager(
      () => {
        managerDone = true;
        finish();
      },
      undefined,
      (failed) => failed !== url && textures.push({ url: failed, ok: false }),
    );
    const timer = setTimeout(() => reject(new Error(`textures not loaded after ${TEXTURE_TIMEOUT_MS} ms`)), TEXTURE_TIMEOUT_MS);
    new ColladaLoader(manager).load(
      url,
      (r) => {
        if (!r) {
          clearTimeout(timer);
          reject(new Error('ColladaLoader returned nothing (the XML did not parse)'));
          return;
        }
        result = r;
        // the loader's onLoad runs before the manager hears the file is done
        setTimeout(() => {
          clearTimeout(timer);
          finish();
        }, 0);
      },
      undefined,
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

// A glTF input as GLTFLoader builds it, in the same shape: the tree, its nodes named by the glTF
// node names (other objects unnamed), for the written file to be held against.
async function inspectGltf(url) {
  const gltf = await new GLTFLoader().loadAsync(url);
  const nodes = new Set(gltf.parser.json.nodes ? await gltf.parser.getDependencies('node') : []);
  const index = new Map();
  gltf.scene.traverse((o) => index.set(o, index.size));
  return { tree: describeObject(gltf.scene, index, (o) => (nodes.has(o) ? o.userData.name || '' : '')) };
}

async function main() {
  const list = await (await fetch('/list.json')).json();
  const files = [];
  for (const item of list) {
    await post('/progress', { id: item.id });
    const entry = { id: item.id, url: item.url, error: null, expectError: null, console: [], textures: [] };
    try {
      const text = await (await fetch(item.url)).text();
      entry.expected = expectedView(new DOMParser().parseFromString(text, 'application/xml'));
    } catch (e) {
      entry.expectError = e && e.message ? e.message : String(e);
    }
    sink = entry.console;
    try {
      const result = await load(item.url, entry.textures);
      entry.got = inspect(result);
    } catch (e) {
      entry.error = e && e.stack ? String(e.stack) : String(e);
    }
    sink = null;
    if (item.gltfInput) {
      try {
        entry.input = await inspectGltf(item.gltfInput);
      } catch (e) {
        entry.inputError = e && e.message ? e.message : String(e);
      }
    }
    files.push(entry);
  }
  window.pxDone = true;
  await post('/result', { three: REVISION, userAgent: navigator.userAgent, files });
}

main().catch((e) => window.pxFatal('collada_page.mjs: ' + (e && e.stack ? e.stack : e)));
