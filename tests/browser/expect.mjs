// The expected side of the browser check: what polyxios wrote, read from the file's own JSON (a
// .gltf, or a GLB's JSON chunk), put in the shape page.mjs reports three's view in, and the
// comparison of the two.

import fs from 'node:fs';

const GLB_MAGIC = 0x46546c67; // "glTF"
const CHUNK_JSON = 0x4e4f534a; // "JSON"

// The glTF JSON of a .glb or .gltf file; throws with a reason when the GLB container is broken.
export function readGltfJson(file) {
  const bytes = fs.readFileSync(file);
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === GLB_MAGIC) {
    if (bytes.length < 20) throw new Error(`GLB of ${bytes.length} bytes: shorter than its headers`);
    const version = bytes.readUInt32LE(4);
    const length = bytes.readUInt32LE(8);
    if (version !== 2) throw new Error(`GLB version ${version}, not 2`);
    if (length !== bytes.length) throw new Error(`GLB header length ${length} but the file has ${bytes.length} bytes`);
    const chunkLength = bytes.readUInt32LE(12);
    const chunkType = bytes.readUInt32LE(16);
    if (chunkType !== CHUNK_JSON) throw new Error(`first GLB chunk is 0x${chunkType.toString(16)}, not JSON`);
    if (20 + chunkLength > bytes.length) throw new Error('GLB JSON chunk runs past the end of the file');
    return JSON.parse(bytes.subarray(20, 20 + chunkLength).toString('utf8'));
  }
  return JSON.parse(bytes.toString('utf8'));
}

// glTF attribute semantic -> the BufferAttribute name GLTFLoader gives it.
const THREE_ATTRIBUTES = {
  POSITION: 'position',
  NORMAL: 'normal',
  TANGENT: 'tangent',
  TEXCOORD_0: 'uv',
  TEXCOORD_1: 'uv1',
  TEXCOORD_2: 'uv2',
  TEXCOORD_3: 'uv3',
  COLOR_0: 'color',
  WEIGHTS_0: 'skinWeight',
  JOINTS_0: 'skinIndex',
};
const threeAttribute = (semantic) => THREE_ATTRIBUTES[semantic] || semantic.toLowerCase();

// PropertyBinding.sanitizeNodeName, which GLTFLoader applies to mesh and node names
const sanitize = (name) => name.replace(/\s/g, '_').replace(/[[\].:/]/g, '');

const PHYSICAL_EXTENSIONS = [
  'KHR_materials_clearcoat',
  'KHR_materials_sheen',
  'KHR_materials_transmission',
  'KHR_materials_ior',
  'KHR_materials_specular',
  'KHR_materials_volume',
  'KHR_materials_iridescence',
  'KHR_materials_anisotropy',
  'KHR_materials_dispersion',
];
const TRS_PATHS = { translation: 'position', rotation: 'quaternion', scale: 'scale', weights: 'morphTargetInfluences' };

function primitiveType(mode, skinned) {
  switch (mode ?? 4) {
    case 0:
      return 'Points';
    case 1:
      return 'LineSegments';
    case 2:
      return 'LineLoop';
    case 3:
      return 'Line';
    default:
      return skinned ? 'SkinnedMesh' : 'Mesh';
  }
}

// The expected view of one file, in page.mjs's shape (plus a few things only the JSON knows).
export function expectedView(json) {
  const accessors = json.accessors || [];
  const nodesDef = json.nodes || [];
  const meshesDef = json.meshes || [];
  const countOf = (i) => (i === undefined ? null : accessors[i] ? accessors[i].count : NaN);

  const skinnedMeshes = new Set();
  for (const n of nodesDef) if (n.mesh !== undefined && n.skin !== undefined) skinnedMeshes.add(n.mesh);

  const meshes = meshesDef.map((m, index) => ({
    index,
    name: sanitize(m.name || `mesh_${index}`),
    primitives: (m.primitives || []).map((p) => {
      const mode = p.mode ?? 4;
      let vertexCount = countOf(p.attributes.POSITION) ?? 0;
      let indexCount = countOf(p.indices);
      if (mode === 5 || mode === 6) indexCount = ((indexCount ?? vertexCount) - 2) * 3; // toTrianglesDrawMode
      // three skins a primitive only when it has both JOINTS_0 and WEIGHTS_0
      const skinned =
        skinnedMeshes.has(index) && p.attributes.JOINTS_0 !== undefined && p.attributes.WEIGHTS_0 !== undefined;
      return {
        type: primitiveType(mode, skinned),
        material: p.material ?? null,
        vertexCount,
        indexCount,
        attributes: Object.keys(p.attributes).map(threeAttribute).sort(),
        morphTargets: p.targets ? p.targets.length : 0,
      };
    }),
  }));

  const images = json.images || [];
  const textures = json.textures || [];
  // the image a texture shows: its source, or the source of an image extension
  const textureImage = (info) => {
    if (!info) return null;
    const t = textures[info.index];
    if (!t) return null;
    let src = t.source;
    for (const ext of Object.values(t.extensions || {})) if (src === undefined && ext && ext.source !== undefined) src = ext.source;
    return images[src] || null;
  };
  // A textureInfo's KHR_texture_transform as three's texture offset, repeat and rotation.
  const placement = (info) => {
    const t = (info && info.extensions && info.extensions.KHR_texture_transform) || {};
    return { offset: t.offset || [0, 0], repeat: t.scale || [1, 1], rotation: t.rotation || 0 };
  };
  const materials = (json.materials || []).map((m, index) => {
    const ext = m.extensions || {};
    const pbr = m.pbrMetallicRoughness || {};
    const bc = pbr.baseColorFactor || [1, 1, 1, 1];
    const unlit = ext.KHR_materials_unlit !== undefined;
    const alphaMode = m.alphaMode || 'OPAQUE';
    return {
      index,
      name: m.name ?? '',
      type: unlit
        ? 'MeshBasicMaterial'
        : PHYSICAL_EXTENSIONS.some((e) => ext[e] !== undefined)
          ? 'MeshPhysicalMaterial'
          : 'MeshStandardMaterial',
      color: bc.slice(0, 3),
      opacity: bc[3],
      metalness: unlit ? null : (pbr.metallicFactor ?? 1),
      roughness: unlit ? null : (pbr.roughnessFactor ?? 1),
      emissive: unlit ? null : m.emissiveFactor || [0, 0, 0],
      transparent: alphaMode === 'BLEND',
      alphaTest: alphaMode === 'MASK' ? (m.alphaCutoff ?? 0.5) : 0,
      doubleSided: m.doubleSided === true,
      maps: {
        map: textureImage(pbr.baseColorTexture),
        normalMap: unlit ? null : textureImage(m.normalTexture),
        emissiveMap: unlit ? null : textureImage(m.emissiveTexture),
        metalnessMap: unlit ? null : textureImage(pbr.metallicRoughnessTexture),
        roughnessMap: unlit ? null : textureImage(pbr.metallicRoughnessTexture),
        aoMap: unlit ? null : textureImage(m.occlusionTexture),
      },
      placements: {
        map: placement(pbr.baseColorTexture),
        normalMap: placement(m.normalTexture),
        emissiveMap: placement(m.emissiveTexture),
        metalnessMap: placement(pbr.metallicRoughnessTexture),
        roughnessMap: placement(pbr.metallicRoughnessTexture),
        aoMap: placement(m.occlusionTexture),
      },
    };
  });

  // nodes reachable from the scenes, each with its parent (-1: a scene root)
  const nodes = {};
  const visit = (i, parent, depth) => {
    if (nodes[i] !== undefined || !nodesDef[i] || depth > 1000) return;
    nodes[i] = { parent, name: nodesDef[i].name ?? null };
    for (const c of nodesDef[i].children || []) visit(c, i, depth + 1);
  };
  for (const s of json.scenes || []) for (const r of s.nodes || []) visit(r, -1, 0);

  const skinned = [];
  for (const i of Object.keys(nodes).map(Number)) {
    const n = nodesDef[i];
    if (n.mesh === undefined || n.skin === undefined || !json.skins || !json.skins[n.skin]) continue;
    for (const p of meshes[n.mesh].primitives) {
      if (p.type === 'SkinnedMesh') skinned.push({ node: i, bones: json.skins[n.skin].joints.slice() });
    }
  }

  const animations = (json.animations || []).map((a, index) => {
    let tracks = 0;
    let keys = 0;
    let duration = 0;
    for (const ch of a.channels || []) {
      const target = ch.target || {};
      if (target.node === undefined || !TRS_PATHS[target.path]) continue;
      const sampler = (a.samplers || [])[ch.sampler];
      const input = sampler ? accessors[sampler.input] : undefined;
      let n = 1;
      if (target.path === 'weights') {
        // one morphTargetInfluences track per primitive of the node's mesh that has morph targets
        const node = nodesDef[target.node];
        const mesh = node && node.mesh !== undefined ? meshes[node.mesh] : null;
        n = mesh ? mesh.primitives.filter((p) => p.morphTargets > 0).length : 0;
      }
      tracks += n;
      keys += n * (input ? input.count : 0);
      if (input && input.max && n > 0) duration = Math.max(duration, input.max[0]);
    }
    return { name: a.name || `animation_${index}`, duration, tracks, keys };
  });

  // KHR_lights_punctual as GLTFLoader builds it: a range is three's distance (0 for none), the
  // outer cone its angle, 1 - inner / outer its penumbra
  const lightsDef = ((json.extensions || {}).KHR_lights_punctual || {}).lights || [];
  const THREE_LIGHT = { directional: 'DirectionalLight', point: 'PointLight', spot: 'SpotLight' };
  const lights = [];
  for (const i of Object.keys(nodes).map(Number)) {
    const ext = (nodesDef[i].extensions || {}).KHR_lights_punctual;
    const l = ext ? lightsDef[ext.light] : undefined;
    if (!l) continue;
    const spot = l.type === 'spot';
    const outer = spot ? (l.spot || {}).outerConeAngle ?? Math.PI / 4 : null;
    lights.push({
      node: i, type: THREE_LIGHT[l.type], color: l.color ?? [1, 1, 1], intensity: l.intensity ?? 1,
      distance: l.type === 'directional' ? null : l.range ?? 0, angle: outer,
      penumbra: spot ? 1 - ((l.spot || {}).innerConeAngle ?? 0) / outer : null,
    });
  }

  return { scenes: (json.scenes || []).length, nodes, meshes, materials, skinned, lights, animations };
}

const near = (a, b, tol = 1e-5) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b));
const nearVec = (a, b) => a === b || (a && b && a.length === b.length && a.every((x, i) => near(x, b[i])));
const fmt = (v) => JSON.stringify(v);

// Differences between the expected view and three's report, as readable lines ([] when they agree).
export function compare(exp, got) {
  const out = [];
  if (got.scenes !== exp.scenes) out.push(`scenes: three built ${got.scenes}, the file has ${exp.scenes}`);

  // nodes
  const expNodes = Object.keys(exp.nodes);
  const gotNodes = Object.keys(got.nodes || {});
  if (gotNodes.length !== expNodes.length) {
    out.push(`nodes: three placed ${gotNodes.length} in its scenes, the file's scenes reach ${expNodes.length}`);
  }
  for (const i of expNodes) {
    const g = got.nodes[i];
    const e = exp.nodes[i];
    if (!g) out.push(`node ${i} (${fmt(e.name)}): not in three's scenes`);
    else {
      if (g.parent !== e.parent) out.push(`node ${i} (${fmt(e.name)}): three's parent is node ${g.parent}, the file's ${e.parent}`);
      if (g.name !== e.name) out.push(`node ${i}: three's name ${fmt(g.name)}, the file's ${fmt(e.name)}`);
    }
  }

  // meshes and primitives
  if (got.meshes.length !== exp.meshes.length) out.push(`meshes: three built ${got.meshes.length}, the file has ${exp.meshes.length}`);
  const gotMeshes = new Map(got.meshes.map((m) => [m.index, m]));
  for (const e of exp.meshes) {
    const g = gotMeshes.get(e.index);
    if (!g) out.push(`mesh ${e.index} (${fmt(e.name)}): three did not build it`);
    if (!g) continue;
    const nameOk = g.name === e.name || (g.name.startsWith(e.name + '_') && /^\d+$/.test(g.name.slice(e.name.length + 1)));
    if (!nameOk) out.push(`mesh ${e.index}: three's name ${fmt(g.name)}, expected ${fmt(e.name)}`);
    if (g.primitives.length !== e.primitives.length) {
      out.push(`mesh ${e.index} (${fmt(e.name)}): three built ${g.primitives.length} primitives, the file has ${e.primitives.length}`);
      continue;
    }
    e.primitives.forEach((ep, j) => {
      const gp = g.primitives[j];
      const where = `mesh ${e.index} (${fmt(e.name)}) primitive ${j}`;
      for (const k of ['type', 'material', 'vertexCount', 'indexCount', 'morphTargets']) {
        if (gp[k] !== ep[k]) out.push(`${where}: ${k} ${fmt(gp[k])} in three, ${fmt(ep[k])} in the file`);
      }
      if (fmt(gp.attributes) !== fmt(ep.attributes)) {
        out.push(`${where}: attributes ${fmt(gp.attributes)} in three, ${fmt(ep.attributes)} in the file`);
      }
    });
  }

  // materials
  if (got.materials.length !== exp.materials.length) {
    out.push(`materials: three built ${got.materials.length}, the file has ${exp.materials.length}`);
  }
  for (const e of exp.materials) {
    const g = got.materials[e.index];
    if (!g) continue;
    const where = `material ${e.index} (${fmt(e.name)})`;
    for (const k of ['name', 'type', 'transparent', 'doubleSided']) {
      if (g[k] !== e[k]) out.push(`${where}: ${k} ${fmt(g[k])} in three, ${fmt(e[k])} in the file`);
    }
    for (const k of ['opacity', 'alphaTest']) {
      if (!near(g[k], e[k])) out.push(`${where}: ${k} ${g[k]} in three, ${e[k]} in the file`);
    }
    for (const k of ['color', 'emissive']) {
      if (!nearVec(g[k], e[k])) out.push(`${where}: ${k} ${fmt(g[k])} in three, ${fmt(e[k])} in the file`);
    }
    for (const k of ['metalness', 'roughness']) {
      if (e[k] === null ? g[k] !== null : !near(g[k], e[k])) {
        out.push(`${where}: ${k} ${g[k]} in three, ${e[k]} in the file`);
      }
    }
    for (const [k, img] of Object.entries(e.maps)) {
      const gm = g.maps[k];
      if (img && !gm) out.push(`${where}: ${k}: the file has a texture (${fmt(img.uri ? img.uri.slice(0, 60) : img.mimeType)}), three loaded none`);
      else if (!img && gm) out.push(`${where}: ${k}: three has a texture the file does not`);
      else if (gm && !(gm.width > 0 && gm.height > 0)) out.push(`${where}: ${k}: three's image is ${gm.width}x${gm.height}`);
      const p = e.placements[k];
      if (gm && !(nearVec(gm.offset, p.offset) && nearVec(gm.repeat, p.repeat) && near(gm.rotation, p.rotation))) {
        out.push(`${where}: ${k}: three places it at offset ${fmt(gm.offset)}, repeat ${fmt(gm.repeat)}, rotation ${gm.rotation}; ` +
          `the file's KHR_texture_transform at ${fmt(p.offset)}, ${fmt(p.repeat)}, ${p.rotation}`);
      }
    }
  }

  // skins
  const skinKey = (s) => `${s.node}:${s.bones.join(',')}`;
  const expSkins = exp.skinned.map(skinKey).sort();
  const gotSkins = (got.skinned || []).map(skinKey).sort();
  if (fmt(expSkins) !== fmt(gotSkins)) {
    out.push(`skinned meshes (node:joint nodes): three ${fmt(gotSkins)}, the file ${fmt(expSkins)}`);
  }

  // animations
  if (got.animations.length !== exp.animations.length) {
    out.push(`animations: three built ${got.animations.length} clips, the file has ${exp.animations.length}`);
  }
  exp.animations.forEach((e, i) => {
    const g = got.animations[i];
    if (!g) return;
    const where = `animation ${i} (${fmt(e.name)})`;
    if (g.name !== e.name) out.push(`${where}: three's clip is named ${fmt(g.name)}`);
    if (g.tracks.length !== e.tracks) out.push(`${where}: three has ${g.tracks.length} tracks, the file's channels make ${e.tracks}`);
    const keys = g.tracks.reduce((s, t) => s + t.keys, 0);
    if (keys !== e.keys) out.push(`${where}: three has ${keys} keys over its tracks, the file's inputs ${e.keys}`);
    if (!near(g.duration, e.duration, 1e-4)) out.push(`${where}: three's duration ${g.duration} s, the file's inputs end at ${e.duration} s`);
  });
  out.push(...compareLights(exp, got));
  return out;
}

// Differences between the lights three built and the file's, by node.
function compareLights(exp, got) {
  const out = [];
  const gotLights = got.lights || [];
  if (gotLights.length !== exp.lights.length) {
    out.push(`lights: three built ${gotLights.length}, the file's nodes show ${exp.lights.length}`);
  }
  const byNode = new Map(gotLights.map((l) => [l.node, l]));
  for (const e of exp.lights) {
    const g = byNode.get(e.node);
    if (!g) out.push(`node ${e.node}: three built no light for it`);
    if (!g) continue;
    const same = g.type === e.type && nearVec(g.color, e.color) && near(g.intensity, e.intensity) &&
      (e.distance === null || near(g.distance, e.distance)) && (e.angle === null || near(g.angle, e.angle)) &&
      (e.penumbra === null || near(g.penumbra, e.penumbra));
    if (!same) out.push(`node ${e.node}: three's light ${fmt(g)}, the file's ${fmt(e)}`);
  }
  return out;
}

// One line summing up a view (three's or the file's).
export function summary(v) {
  const prims = v.meshes.reduce((s, m) => s + m.primitives.length, 0);
  const verts = v.meshes.reduce((s, m) => s + m.primitives.reduce((t, p) => t + p.vertexCount, 0), 0);
  const idx = v.meshes.reduce((s, m) => s + m.primitives.reduce((t, p) => t + (p.indexCount || 0), 0), 0);
  const textured = v.materials.filter((m) => Object.values(m.maps).some(Boolean)).length;
  const clips = v.animations
    .map((a) => `${fmt(a.name)} ${Array.isArray(a.tracks) ? a.tracks.length : a.tracks} tracks ${+a.duration.toFixed(4)} s`)
    .join(', ');
  return (
    `${Object.keys(v.nodes).length} nodes, ${v.meshes.length} meshes / ${prims} primitives / ${verts} vertices / ${idx} indices, ` +
    `${v.materials.length} materials (${textured} textured), ${v.skinned.length} skinned, ` +
    `${(v.lights || []).length} lights, ` +
    `${v.animations.length} clips${clips ? ` (${clips})` : ''}`
  );
}
