// The browser check's page: loads every file of /list.json with three.js's GLTFLoader (with its
// Draco and meshopt decoders), one after the other, and POSTs to /result (through page_report.mjs) what three built from each:
//
//   {files: [{id, url, error, console: [{level, text}], scenes, nodes: {index: {parent, name}},
//             meshes: [{index, name, primitives: [{type, material, vertexCount, indexCount,
//                                                  attributes: [three names], morphTargets}]}],
//             materials: [{index, name, type, color, opacity, metalness, roughness, emissive,
//                          transparent, alphaTest, doubleSided,
//                          maps: {map: {width, height, offset, repeat, rotation} | null, ...}}],
//             skinned: [{node, bones: [node index | null]}],
//             lights: [{node, type, color, intensity, distance, angle, penumbra}],
//             animations: [{name, duration, tracks: [{name, keys}]}]}]}
//
// Indices are glTF indices, recovered from the parser's dependency caches, so the driver can put
// them next to the file's own JSON.

import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { DRACOLoader } from 'three/addons/loaders/DRACOLoader.js';
import { MeshoptDecoder } from 'three/addons/libs/meshopt_decoder.module.js';
import { captureConsole, errorText, reportEveryFile } from './page_report.mjs';

// Compressed files (convert --compress): KHR_draco_mesh_compression through three's DRACOLoader
// and its Draco decoder (examples/jsm/libs/draco/), EXT_meshopt_compression through three's
// MeshoptDecoder. One of each for the whole page.
const draco = new DRACOLoader().setDecoderPath('/three/examples/jsm/libs/draco/');

const MAPS = ['map', 'normalMap', 'emissiveMap', 'metalnessMap', 'roughnessMap', 'aoMap'];

function describeMaterial(index, m) {
  const maps = {};
  for (const key of MAPS) {
    const t = m[key];
    if (!t) maps[key] = null;
    else {
      const img = t.image || {};
      maps[key] = {
        width: img.width || 0,
        height: img.height || 0,
        offset: [t.offset.x, t.offset.y],
        repeat: [t.repeat.x, t.repeat.y],
        rotation: t.rotation,
      };
    }
  }
  return {
    index,
    name: m.name,
    type: m.type,
    color: m.color ? [m.color.r, m.color.g, m.color.b] : null,
    opacity: m.opacity,
    metalness: m.metalness ?? null,
    roughness: m.roughness ?? null,
    emissive: m.emissive ? [m.emissive.r, m.emissive.g, m.emissive.b] : null,
    transparent: m.transparent,
    alphaTest: m.alphaTest,
    doubleSided: m.side === 2,
    maps,
  };
}

function describePrimitive(parser, obj) {
  const g = obj.geometry;
  const matRef = obj.material ? parser.associations.get(obj.material) : undefined;
  return {
    type: obj.type,
    material: matRef && matRef.materials !== undefined ? matRef.materials : null,
    vertexCount: g.attributes.position ? g.attributes.position.count : 0,
    indexCount: g.index ? g.index.count : null,
    attributes: Object.keys(g.attributes).sort(),
    morphTargets: g.morphAttributes.position ? g.morphAttributes.position.length : 0,
  };
}

// A GLTFLoader plugin that records each mesh's primitive objects (and name) as the parser builds
// them: later a one-primitive mesh becomes its node's object (and takes the node's name), and a
// Group of primitives also receives the node's child nodes.
const probe = new WeakMap();
function probePlugin(parser) {
  const seen = { meshes: [] };
  probe.set(parser, seen);
  const loadMesh = parser.loadMesh.bind(parser);
  parser.loadMesh = (index) =>
    loadMesh(index).then((obj) => {
      const primitives = obj.isGroup ? obj.children.slice() : [obj];
      seen.meshes[index] = { name: primitives.length ? primitives[0].name : obj.name, primitives };
      return obj;
    });
  return { name: 'polyxios_probe' };
}

async function inspect(gltf) {
  const parser = gltf.parser;
  const json = parser.json;
  const count = (k) => (json[k] ? json[k].length : 0);

  const meshes = [];
  if (count('meshes')) await parser.getDependencies('mesh');
  for (let index = 0; index < count('meshes'); index++) {
    const seen = probe.get(parser).meshes[index];
    if (!seen) continue; // three did not build it
    meshes.push({ index, name: seen.name, primitives: seen.primitives.map((p) => describePrimitive(parser, p)) });
  }

  const materialObjs = count('materials') ? await parser.getDependencies('material') : [];
  const materials = materialObjs.map((m, i) => describeMaterial(i, m));

  // Nodes reachable from the scenes three built, with their parent node (-1 for a scene root).
  const nodeObjs = count('nodes') ? await parser.getDependencies('node') : [];
  const nodeIndex = new Map(nodeObjs.map((o, i) => [o, i]));
  const nearestNode = (o) => {
    for (let p = o; p; p = p.parent) if (nodeIndex.has(p)) return nodeIndex.get(p);
    return -1;
  };
  const nodes = {};
  const skinned = [];
  const lights = [];
  for (const scene of gltf.scenes) {
    scene.traverse((o) => {
      if (o.isLight) {
        lights.push({
          node: nearestNode(o), type: o.type, color: o.color.toArray(), intensity: o.intensity,
          distance: o.distance ?? null, angle: o.angle ?? null, penumbra: o.penumbra ?? null,
        });
      }
      if (nodeIndex.has(o)) {
        nodes[nodeIndex.get(o)] = { parent: nearestNode(o.parent), name: o.userData.name ?? null };
      }
      if (o.isSkinnedMesh) {
        skinned.push({
          node: nearestNode(o),
          bones: o.skeleton ? o.skeleton.bones.map((b) => (nodeIndex.has(b) ? nodeIndex.get(b) : null)) : [],
        });
      }
    });
  }

  const animations = gltf.animations.map((clip) => ({
    name: clip.name,
    duration: clip.duration,
    tracks: clip.tracks.map((t) => ({ name: t.name, keys: t.times.length })),
  }));

  return { scenes: gltf.scenes.length, nodes, meshes, materials, skinned, lights, animations };
}

reportEveryFile('page.mjs', async (item) => {
  const entry = { id: item.id, url: item.url, error: null, console: [] };
  await captureConsole(entry.console, async () => {
    try {
      const gltf = await new GLTFLoader()
        .setDRACOLoader(draco)
        .setMeshoptDecoder(MeshoptDecoder)
        .register(probePlugin)
        .loadAsync(item.url);
      Object.assign(entry, await inspect(gltf));
    } catch (e) {
      entry.error = errorText(e);
    }
  });
  return entry;
});
