// The expected side of the COLLADA browser check: what a .dae file says, read from its XML (a DOM
// Document from the browser's DOMParser; nothing of three.js is used), put in the shape the page
// reports what three's ColladaLoader built in (see collada_page.mjs):
//
//   {asset: {unit, upAxis}, tree, clips: [{name, duration, tracks: [{target, property, keys}]}],
//    warnings: [expected console warnings], notes: [what ColladaLoader leaves out of this file]}
//
// tree: the visual scene's object tree, {type, name, matrix?, children, mesh?, materials?, skin?}
// per object (matrix: its local matrix, column-major, absent for identity; mesh: {vertexCount,
// attributes: {name: [count, itemSize]}, groups: [vertex count of each group], box: [min, max] of
// its positions}; skin: {joints, bones: [{index, name}]}); targets and bone indices are pre-order
// indices in the tree.
//
// The file's content is spelled as ColladaLoader models it, which differs from COLLADA's own model
// by design; the rules below are the loader's (three r187, examples/jsm/loaders/collada/):
// - a <node> is a Group (a Bone when type="JOINT", named by its sid, else by its name) holding, in
//   this order, its child nodes, cameras, controllers' and geometries' objects, lights and copies
//   of its <instance_node>s; a node without child nodes holding exactly one object becomes that
//   object itself (renamed); a node with Maya pivot transform sids becomes a chain of Groups, one
//   per transform element, the content at the end;
// - a <geometry> gives one object per primitive type (triangles, polylist, polygons: a Mesh, or a
//   SkinnedMesh when a skin controller uses the geometry; lines: LineSegments; linestrips: Line),
//   holding every block of that type, one group each, unindexed: a quad is two triangles, a
//   polygon of n vertices n - 2; <tristrips> and <trifans> are not read; of a <polygons> or
//   <linestrips> block only its last <p> is read;
// - materials come from the blocks' material symbols through <bind_material>, one per block
//   (a single material when there is one), phong and blinn as MeshPhongMaterial, lambert as
//   MeshLambertMaterial, constant as MeshBasicMaterial, colours from sRGB to linear;
// - a skinned mesh's bones are the Bones under its <skeleton> roots, ordered by the controller's
//   joint names (sids), the other Bones after them;
// - animations: without <library_animation_clips> one clip "default" holds every animation's
//   tracks; a clip per <animation_clip> (keyed by id) otherwise. A node's channels make a track
//   per animated transform element: a <matrix> three (position, quaternion, scale) at the union of
//   its channels' key times, a <translate> or <scale> one, its <rotate>s one quaternion track at
//   the times of the first animated one. Channels are keyed by target (a second one on the same
//   target replaces the first), and an <animation> holding others contributes only those.

import { animationClips } from './collada_expect_animations.mjs';

const PRIMITIVES = new Set(['polygons', 'lines', 'linestrips', 'polylist', 'triangles']);
const PIVOT_SIDS = ['rotatePivot', 'rotatePivotInverse', 'rotatePivotTranslation', 'scalePivot', 'scalePivotInverse', 'scalePivotTranslation'];
const TRANSFORMS = new Set(['matrix', 'translate', 'rotate', 'scale']);
const DEFAULT_MATERIAL_NAME = '__DEFAULT'; // three's Loader.DEFAULT_MATERIAL_NAME

// Element children of el, of one name (or all).
export const kids = (el, name) => (el ? Array.from(el.children).filter((c) => name === undefined || c.localName === name) : []);
export const kid = (el, name) => kids(el, name)[0];
const lastKid = (el, name) => kids(el, name).pop();
export const ref = (url) => (url || '').slice(1);
const words = (text) => (text.trim() === '' ? [] : text.trim().split(/\s+/));
const floats = (text) => words(text).map(parseFloat);
const ints = (text) => words(text).map((s) => parseInt(s));
const srgbToLinear = (c) => (c < 0.04045 ? c * 0.0773993808 : Math.pow(c * 0.9478672986 + 0.0521327014, 2.4));

// 4x4 matrices, column-major as three's Matrix4.elements
const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
function multiply(a, b) {
  const out = new Array(16).fill(0);
  for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) out[c * 4 + r] += a[k * 4 + r] * b[c * 4 + k];
  return out;
}
// the matrix of one transform element (a <rotate>'s axis normalized, as COLLADA means it)
function transformMatrix(kind, v) {
  if (kind === 'matrix') return IDENTITY.map((_, i) => v[(i % 4) * 4 + Math.floor(i / 4)]);
  if (kind === 'translate') return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, v[0], v[1], v[2], 1];
  if (kind === 'scale') return [v[0], 0, 0, 0, 0, v[1], 0, 0, 0, 0, v[2], 0, 0, 0, 0, 1];
  const len = Math.hypot(v[0], v[1], v[2]) || 1;
  const [x, y, z] = [v[0] / len, v[1] / len, v[2] / len];
  const a = (v[3] * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const t = 1 - c;
  return [t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0, t * x * y - s * z, t * y * y + c, t * y * z + s * x, 0,
    t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0, 0, 0, 0, 1];
}
// whether a matrix holds a shear or projection, which three's position / quaternion / scale cannot
function sheared(m) {
  const col = (i) => [m[i * 4], m[i * 4 + 1], m[i * 4 + 2]];
  const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const cols = [col(0), col(1), col(2)];
  for (const [i, j] of [[0, 1], [0, 2], [1, 2]]) {
    if (Math.abs(dot(cols[i], cols[j])) > 1e-6 * Math.sqrt(dot(cols[i], cols[i]) * dot(cols[j], cols[j]))) return true;
  }
  return m[3] !== 0 || m[7] !== 0 || m[11] !== 0 || m[15] !== 1;
}

// A <source>: its float or Name array and its accessor's stride (3 when it has no accessor).
export function readSource(el) {
  const fa = kid(el, 'float_array');
  const na = kid(el, 'Name_array');
  const acc = kid(kid(el, 'technique_common'), 'accessor');
  return {
    array: fa ? floats(fa.textContent) : na ? words(na.textContent) : [],
    stride: acc ? parseInt(acc.getAttribute('stride')) : 3,
  };
}

// Objects of a library, by id, the first library of that kind only (as the loader reads them).
function library(root, libName, itemName) {
  const map = new Map();
  for (const el of kids(kid(root, libName), itemName)) map.set(el.getAttribute('id'), el);
  return map;
}

export function expectedView(doc) {
  const root = doc.documentElement;
  if (!root || root.localName !== 'COLLADA') throw new Error(`the document element is <${root ? root.localName : 'none'}>, not <COLLADA>`);
  if (doc.getElementsByTagName('parsererror').length) throw new Error('the XML does not parse');
  const warnings = [];
  const notes = new Set();

  const assetEl = kid(root, 'asset');
  const unitEl = kid(assetEl, 'unit');
  const upEl = kid(assetEl, 'up_axis');
  const asset = {
    unit: unitEl && unitEl.hasAttribute('meter') ? parseFloat(unitEl.getAttribute('meter')) : 1,
    upAxis: upEl ? upEl.textContent : 'Y_UP',
  };
  if (asset.upAxis === 'Z_UP') warnings.push('You are loading an asset with a Z-UP coordinate system');

  const geometriesEl = new Map([...library(root, 'library_geometries', 'geometry')].filter(([, g]) => kid(g, 'mesh')));
  const materialsEl = library(root, 'library_materials', 'material');
  const effectsEl = library(root, 'library_effects', 'effect');
  const imagesEl = library(root, 'library_images', 'image');
  const camerasEl = library(root, 'library_cameras', 'camera');
  const lightsEl = library(root, 'library_lights', 'light');
  const controllersEl = library(root, 'library_controllers', 'controller');
  const visualScenesEl = library(root, 'library_visual_scenes', 'visual_scene');

  // ---------------------------------------------------------------- nodes
  // every <node> with its id (a generated one for id-less nodes of visual scenes), the first of an id
  const nodes = new Map();
  let generated = 0;
  function readNode(el) {
    const data = {
      el,
      id: el.getAttribute('id'),
      name: el.getAttribute('name') || '',
      joint: el.getAttribute('type') === 'JOINT',
      sid: el.getAttribute('sid'),
      children: [],
      transforms: new Map(), // sid -> element name, in document order
      transformMatrices: new Map(), // sid -> that element's matrix
      matrix: IDENTITY,
    };
    for (const c of kids(el)) {
      if (c.localName === 'node') data.children.push(readNode(c).id);
      else if (TRANSFORMS.has(c.localName)) {
        const m = transformMatrix(c.localName, floats(c.textContent));
        data.transforms.set(c.getAttribute('sid'), c.localName);
        data.transformMatrices.set(c.getAttribute('sid'), m);
        data.matrix = multiply(data.matrix, m);
      }
    }
    data.pivot = PIVOT_SIDS.some((s) => data.transforms.has(s));
    if (nodes.has(data.id)) warnings.push(`There is already a node with ID ${data.id}`);
    else nodes.set(data.id, data);
    return data;
  }
  for (const el of kids(kid(root, 'library_nodes'), 'node')) readNode(el);
  const sceneRoots = new Map();
  for (const [id, vs] of visualScenesEl) {
    for (const n of vs.getElementsByTagName('node')) if (!n.hasAttribute('id')) n.setAttribute('id', `three_default_${generated++}`);
    sceneRoots.set(id, kids(vs, 'node').map((n) => readNode(n).id));
  }

  // ---------------------------------------------------------------- materials
  function texture(profile, textureEl) {
    if (!textureEl) return null;
    const name = textureEl.getAttribute('texture');
    const newparam = (sid, what) => {
      const np = kids(profile, 'newparam').find((p) => p.getAttribute('sid') === sid && kid(p, what));
      return np ? kid(np, what) : undefined;
    };
    const sampler = newparam(name, 'sampler2D');
    let imageId = name;
    if (sampler) {
      const surface = newparam(kid(sampler, 'source') ? kid(sampler, 'source').textContent : '', 'surface');
      if (!surface) throw new Error(`sampler ${name} names no <surface> (ColladaLoader fails on it)`);
      imageId = kid(surface, 'init_from') ? kid(surface, 'init_from').textContent : undefined;
    } else warnings.push('Undefined sampler');
    const image = imagesEl.get(imageId);
    if (!image) {
      warnings.push(`Couldn't find image with ID`, "Couldn't create texture with ID");
      return null;
    }
    const uri = kid(image, 'init_from').textContent;
    if (/^\s*data:/i.test(uri)) notes.add('ColladaLoader resolves an image URI against the document\'s folder, so a data: URI image does not load');
    return { uri };
  }

  const materialCache = new Map();
  function material(id) {
    if (materialCache.has(id)) return materialCache.get(id);
    const mEl = materialsEl.get(id);
    if (!mEl) throw new Error(`material ${id} is bound but not in <library_materials> (ColladaLoader fails on it)`);
    const effect = effectsEl.get(ref(kid(mEl, 'instance_effect') && kid(mEl, 'instance_effect').getAttribute('url')));
    const profile = effect && lastKid(effect, 'profile_COMMON');
    const technique = lastKid(profile, 'technique');
    if (!technique) throw new Error(`material ${id}: no profile_COMMON technique (ColladaLoader fails on it)`);
    const shading = kids(technique).filter((c) => ['constant', 'lambert', 'blinn', 'phong'].includes(c.localName)).pop();
    if (!shading) throw new Error(`material ${id}: its technique has no shading element (ColladaLoader fails on it)`);
    const type = { phong: 'MeshPhongMaterial', blinn: 'MeshPhongMaterial', lambert: 'MeshLambertMaterial' }[shading.localName] || 'MeshBasicMaterial';
    const param = (name) => {
      const el = kid(shading, name);
      if (!el) return undefined;
      const color = kid(el, 'color');
      const f = kid(el, 'float');
      return { el, color: color ? floats(color.textContent) : undefined, float: f ? parseFloat(f.textContent) : undefined, texture: kid(el, 'texture') };
    };
    const m = {
      name: mEl.getAttribute('name') || '',
      type,
      color: [1, 1, 1],
      emissive: type === 'MeshBasicMaterial' ? null : [0, 0, 0],
      opacity: 1,
      transparent: false,
      doubleSided: false,
      maps: { map: null, normalMap: null, emissiveMap: null, specularMap: null },
    };
    const diffuse = param('diffuse');
    if (diffuse && diffuse.color) m.color = diffuse.color.slice(0, 3);
    if (diffuse && diffuse.texture) m.maps.map = texture(profile, diffuse.texture);
    const emission = param('emission');
    if (emission && emission.color && m.emissive) m.emissive = emission.color.slice(0, 3);
    if (emission && emission.texture) m.maps.emissiveMap = texture(profile, emission.texture);
    const specular = param('specular');
    if (specular && specular.texture) m.maps.specularMap = texture(profile, specular.texture);
    const bump = param('bump');
    if (bump && bump.texture) m.maps.normalMap = texture(profile, bump.texture);
    m.color = m.color.map(srgbToLinear);
    if (m.emissive) m.emissive = m.emissive.map(srgbToLinear);

    let transparent = param('transparent');
    let transparency = param('transparency');
    if (transparent) transparent.opaque = transparent.el.getAttribute('opaque') || 'A_ONE';
    if (!transparency && transparent) transparency = { float: 1 };
    if (!transparent && transparency) transparent = { opaque: 'A_ONE', color: [1, 1, 1, 1] };
    if (transparent && transparency) {
      if (transparent.texture) m.transparent = true;
      else {
        const c = transparent.color;
        if (!c) throw new Error(`material ${id}: a <transparent> without a colour or texture (ColladaLoader fails on it)`);
        const t = transparency.float;
        const opacity = { A_ONE: c[3] * t, RGB_ZERO: 1 - c[0] * t, A_ZERO: 1 - c[3] * t, RGB_ONE: c[0] * t }[transparent.opaque];
        if (opacity === undefined) warnings.push('Invalid opaque type');
        else m.opacity = opacity;
        if (m.opacity < 1) m.transparent = true;
      }
    }
    // the technique's last <extra>, its last <technique>: double_sided, FCOLLADA's bump
    const extraTechnique = lastKid(lastKid(technique, 'extra'), 'technique');
    if (extraTechnique) {
      const ds = kid(extraTechnique, 'double_sided');
      if (ds) m.doubleSided = parseInt(ds.textContent) === 1;
      const eb = kid(extraTechnique, 'bump');
      if (eb) m.maps.normalMap = texture(profile, kid(eb, 'texture'));
    }
    // what the file says that ColladaLoader's reading cannot see: a double_sided or an FCOLLADA
    // bump anywhere but in the last <technique> of the technique's last <extra>
    m.unseen = [];
    const saysDoubleSided = Array.from(effect.getElementsByTagName('double_sided')).some((e) => ['1', 'true'].includes(e.textContent.trim()));
    if (saysDoubleSided && !m.doubleSided) {
      m.unseen.push('its double_sided: ColladaLoader reads it only from the last <technique> of the last <extra> of the effect\'s <technique>');
    }
    const bumps = kids(technique, 'extra').flatMap((x) => kids(x, 'technique')).flatMap((t) => kids(t, 'bump'));
    if (bumps.some((b) => kid(b, 'texture')) && !m.maps.normalMap) {
      m.unseen.push('its FCOLLADA <bump> texture (a normal map): ColladaLoader reads it only from the last <technique> of the last <extra> of the effect\'s <technique>');
    }
    materialCache.set(id, m);
    return m;
  }

  for (const id of materialsEl.keys()) material(id); // the loader builds every material

  // ---------------------------------------------------------------- geometries
  const skinnedGeometries = new Set();
  for (const c of controllersEl.values()) {
    const skin = kid(c, 'skin');
    if (skin) skinnedGeometries.add(ref(skin.getAttribute('source')));
    if (kid(c, 'morph')) warnings.push('Morph target animation not supported yet');
  }

  // vertices the loader makes of a block (a quad is two triangles, an n-gon n - 2)
  const pushes = (prim) =>
    prim.vcount
      ? prim.vcount.reduce((s, c) => s + (c === 3 ? 3 : c === 4 ? 6 : c > 4 ? 3 * (c - 2) : 0), 0)
      : Math.ceil(prim.p.length / prim.stride);

  const geometryCache = new Map();
  function geometry(id) {
    if (geometryCache.has(id)) return geometryCache.get(id);
    const g = geometriesEl.get(id);
    if (!g) throw new Error(`geometry ${id} is instanced but not a <mesh> of <library_geometries> (ColladaLoader fails on it)`);
    const mesh = kid(g, 'mesh');
    const sources = new Map(kids(mesh, 'source').map((s) => [s.getAttribute('id'), readSource(s)]));
    const vertices = kids(kid(mesh, 'vertices'), 'input').map((i) => [i.getAttribute('semantic'), ref(i.getAttribute('source'))]);
    const byType = new Map();
    for (const el of kids(mesh)) {
      if (!PRIMITIVES.has(el.localName)) {
        if (['tristrips', 'trifans'].includes(el.localName)) notes.add(`<${el.localName}> blocks are not read by ColladaLoader`);
        continue;
      }
      const prim = { type: el.localName, material: el.getAttribute('material'), count: parseInt(el.getAttribute('count')), inputs: [], stride: 0, hasUV: false, p: [] };
      for (const c of kids(el)) {
        if (c.localName === 'input') {
          const semantic = c.getAttribute('semantic');
          const set = parseInt(c.getAttribute('set'));
          const offset = parseInt(c.getAttribute('offset'));
          prim.inputs.push({ name: set > 0 ? semantic + set : semantic, source: ref(c.getAttribute('source')), offset });
          prim.stride = Math.max(prim.stride, offset + 1);
          if (semantic === 'TEXCOORD') prim.hasUV = true;
        } else if (c.localName === 'vcount') prim.vcount = ints(c.textContent);
        else if (c.localName === 'p') prim.p = ints(c.textContent);
      }
      if (prim.type === 'polygons') prim.vcount = [prim.p.length / prim.stride];
      if ((prim.type === 'polygons' || prim.type === 'linestrips') && kids(el, 'p').length > 1) {
        notes.add(`of a <${prim.type}> block of several <p> ColladaLoader reads the last <p> only`);
      }
      if (!byType.has(prim.type)) byType.set(prim.type, []);
      byType.get(prim.type).push(prim);
    }
    const built = [];
    for (const [type, prims] of byType) {
      const withUV = prims.filter((p) => p.hasUV).length;
      const uvsNeedsFix = withUV > 0 && withUV < prims.length;
      const attributes = {};
      const add = (name, n, itemSize) => {
        const a = attributes[name] || (attributes[name] = [0, itemSize]);
        a[0] += n;
        if (itemSize !== undefined) a[1] = itemSize;
      };
      const groups = [];
      const materialKeys = [];
      const box = [[Infinity, Infinity, Infinity], [-Infinity, -Infinity, -Infinity]];
      for (const prim of prims) {
        let count = 0;
        if (type === 'lines' || type === 'linestrips') count = prim.count * 2;
        else if (type === 'triangles') count = prim.count * 3;
        else for (let i = 0; i < prim.count; i++) count += prim.vcount[i] === 3 ? 3 : prim.vcount[i] === 4 ? 6 : (prim.vcount[i] - 2) * 3;
        groups.push(count);
        if (prim.material) materialKeys.push(prim.material);
        const n = pushes(prim);
        const vertexInput = prim.inputs.find((i) => i.name === 'VERTEX');
        const positions = sources.get((vertices.find(([k]) => k === 'POSITION') || [])[1]);
        if (vertexInput && positions) {
          // the positions the block's vertices name (a polygon of fewer than 3 vertices makes none)
          const offset = vertexInput.offset;
          const counts = prim.vcount || [Math.ceil(prim.p.length / prim.stride)];
          let at = 0;
          for (const c of counts) {
            if (!prim.vcount || c >= 3) {
              for (let k = 0; k < c; k++) {
                const i = prim.p[(at + k) * prim.stride + offset] * positions.stride;
                for (let d = 0; d < 3; d++) {
                  const x = Math.fround(positions.array[i + d]);
                  box[0][d] = Math.min(x, box[0][d]);
                  box[1][d] = Math.max(x, box[1][d]);
                }
              }
            }
            at += c;
          }
        }
        const stride = (src) => (sources.get(src) || { stride: NaN }).stride;
        const attrOf = { NORMAL: 'normal', COLOR: 'color', TEXCOORD: 'uv', TEXCOORD1: 'uv1' };
        for (const input of prim.inputs) {
          if (input.name === 'VERTEX') {
            for (const [key, src] of vertices) {
              if (key === 'POSITION') {
                add('position', n, stride(src));
                if (skinnedGeometries.has(id)) {
                  add('skinIndex', n, 4);
                  add('skinWeight', n, 4);
                }
                if (!prim.hasUV && uvsNeedsFix) add('uv', n);
              } else if (attrOf[key] && key !== 'TEXCOORD1') add(attrOf[key], n, stride(src));
              else warnings.push(`Semantic "${key}" not handled in geometry build process`);
            }
          } else if (attrOf[input.name]) add(attrOf[input.name], n, stride(input.source));
        }
      }
      for (const [k, [count]] of Object.entries(attributes)) if (count === 0) delete attributes[k];
      const mesh = { vertexCount: attributes.position ? attributes.position[0] : 0, attributes, groups, box };
      built.push({ type, mesh, materialKeys });
    }
    geometryCache.set(id, built);
    return built;
  }

  function bindings(instanceEl) {
    const map = new Map();
    for (const bm of kids(instanceEl, 'bind_material')) {
      for (const im of bm.getElementsByTagName('instance_material')) map.set(im.getAttribute('symbol'), ref(im.getAttribute('target')));
    }
    return map;
  }

  // the objects of one <instance_geometry> or <instance_controller>
  function geometryObjects(geometryId, instanceEl) {
    const bound = bindings(instanceEl);
    return geometry(geometryId).map((g) => {
      const line = g.type === 'lines' || g.type === 'linestrips';
      let materials = g.materialKeys.map((key) => {
        if (bound.has(key)) return material(bound.get(key));
        warnings.push(`Material with key ${key} not found`);
        return { name: DEFAULT_MATERIAL_NAME, type: 'MeshBasicMaterial', color: [1, 0, 1].map(srgbToLinear), emissive: null, opacity: 1, transparent: false, doubleSided: false, maps: { map: null, normalMap: null, emissiveMap: null, specularMap: null } };
      });
      if (materials.length === 0) {
        const type = line ? 'LineBasicMaterial' : 'MeshPhongMaterial';
        materials = [{ name: '', type, color: [1, 1, 1], emissive: line ? null : [0, 0, 0], opacity: 1, transparent: false, doubleSided: false, maps: { map: null, normalMap: null, emissiveMap: null, specularMap: null } }];
      }
      if (line) {
        materials = materials.map((m) =>
          m.type === 'MeshPhongMaterial' || m.type === 'MeshLambertMaterial'
            ? { ...m, name: '', type: 'LineBasicMaterial', emissive: null, doubleSided: false, maps: { map: null, normalMap: null, emissiveMap: null, specularMap: null } }
            : m,
        );
      }
      const type = g.type === 'lines' ? 'LineSegments' : g.type === 'linestrips' ? 'Line' : g.mesh.attributes.skinIndex ? 'SkinnedMesh' : 'Mesh';
      return { type, name: '', children: [], mesh: g.mesh, materials };
    });
  }

  // ---------------------------------------------------------------- the object tree
  const clone = (o) => ({ ...o, children: o.children.map(clone) });
  const building = new Set();
  const transformNodes = new Map(); // node id -> sid -> the Group of a pivot node's transform
  function node(id) {
    const data = nodes.get(id);
    if (!data) throw new Error(`node ${id} is referenced but not in the document (ColladaLoader fails on it)`);
    if (data.build) return data.build;
    if (building.has(id)) throw new Error(`node ${id} is its own ancestor or an ancestor of a skin it is the <skeleton> of: ColladaLoader recurses without end`);
    building.add(id);
    const objects = data.children.map(node);
    const el = data.el;
    for (const c of kids(el, 'instance_camera')) {
      const cam = camerasEl.get(ref(c.getAttribute('url')));
      if (!cam) warnings.push("Couldn't find camera with ID");
      else {
        const technique = kids(kid(kid(cam, 'optics'), 'technique_common'))[0];
        objects.push({ type: technique && technique.localName === 'orthographic' ? 'OrthographicCamera' : 'PerspectiveCamera', name: cam.getAttribute('name') || '', children: [] });
      }
    }
    for (const c of kids(el, 'instance_controller')) {
      const ctrl = controllersEl.get(ref(c.getAttribute('url')));
      const skin = ctrl && kid(ctrl, 'skin');
      if (!skin) throw new Error(`instance_controller ${c.getAttribute('url')}: not a skin controller of the document (ColladaLoader fails on it)`);
      const jointsInput = kids(kid(skin, 'joints'), 'input').find((i) => i.getAttribute('semantic') === 'JOINT');
      const jointSource = kids(skin, 'source').find((s) => jointsInput && s.getAttribute('id') === ref(jointsInput.getAttribute('source')));
      const jointNames = jointSource ? readSource(jointSource).array : [];
      if (jointSource && !kid(jointSource, 'Name_array')) notes.add('ColladaLoader reads joint names from a Name_array only');
      const skeletonRoots = kids(c, 'skeleton').map((s) => ref(s.textContent.trim()));
      for (const o of geometryObjects(ref(skin.getAttribute('source')), c)) {
        if (o.type === 'SkinnedMesh') o.skin = { joints: jointNames.length, bones: skeleton(skeletonRoots, jointNames) };
        objects.push(o);
      }
    }
    for (const c of kids(el, 'instance_light')) {
      const light = lightsEl.get(ref(c.getAttribute('url')));
      if (!light) warnings.push("Couldn't find light with ID");
      else {
        const technique = kids(kid(light, 'technique_common'))[0];
        const type = { directional: 'DirectionalLight', point: 'PointLight', spot: 'SpotLight', ambient: 'AmbientLight' }[technique && technique.localName];
        if (!type) throw new Error(`light ${light.getAttribute('id')}: no directional, point, spot or ambient technique (ColladaLoader fails on it)`);
        objects.push({ type, name: '', children: [] });
      }
    }
    for (const c of kids(el, 'instance_geometry')) objects.push(...geometryObjects(ref(c.getAttribute('url')), c));
    for (const c of kids(el, 'instance_node')) objects.push(clone(node(ref(c.getAttribute('url')))));

    let object;
    if (data.children.length === 0 && objects.length === 1) object = objects[0];
    else object = { type: data.joint ? 'Bone' : 'Group', name: '', children: objects };
    object.name = data.joint ? data.sid : data.name;
    object.nodeName = data.name; // the <node>'s name, for holding the file against its input
    object.matrix = data.matrix;
    if (!data.joint && data.pivot) {
      delete object.matrix;
      // wrapWithTransformHierarchy: Group(name) > Group(name_sid) > ... > the content
      const top = { type: 'Group', name: data.name, children: [] };
      const groups = new Map();
      let parent = top;
      for (const sid of data.transforms.keys()) {
        const g = { type: 'Group', name: `${data.name}_${sid}`, children: [], matrix: data.transformMatrices.get(sid) };
        groups.set(sid, g);
        parent.children.push(g);
        parent = g;
      }
      parent.children.push(object);
      transformNodes.set(id, groups);
      object = top;
    }
    building.delete(id);
    data.build = object;
    return object;
  }

  // buildSkeleton: the Bones under the roots, first one per joint name in joint order, the rest after
  function skeleton(rootIds, jointNames) {
    const found = [];
    const traverse = (o) => {
      if (o.type === 'Bone') found.push(o);
      o.children.forEach(traverse);
    };
    for (const id of rootIds) {
      if (nodes.has(id)) traverse(node(id));
      else if (sceneRoots.has(id)) {
        for (const r of sceneRoots.get(id)) if (nodes.get(r).joint) traverse(node(r));
      } else warnings.push('Unable to find root bone of skeleton');
    }
    const sorted = [];
    const used = new Set();
    jointNames.forEach((name, i) => {
      const b = found.find((o) => o.name === name);
      if (!b) throw new Error(`joint ${name} is no Bone under the skin's <skeleton> (ColladaLoader fails on it)`);
      sorted[i] = b;
      used.add(b);
    });
    for (const b of found) if (!used.has(b)) sorted.push(b);
    return sorted;
  }

  // build every node of every visual scene (as the loader does), then the active scene
  const sceneGroups = new Map();
  for (const [id, vs] of visualScenesEl) sceneGroups.set(id, { type: 'Group', name: vs.getAttribute('name'), children: sceneRoots.get(id).map(node) });
  const instanceVs = kid(kid(root, 'scene'), 'instance_visual_scene');
  const tree = instanceVs && sceneGroups.get(ref(instanceVs.getAttribute('url')));
  if (!tree) throw new Error('<scene> instances no visual scene of the document (ColladaLoader fails on it)');

  // pre-order indices
  const index = new Map();
  const number = (o) => {
    index.set(o, index.size);
    o.children.forEach(number);
  };
  number(tree);
  const finish = (o) => {
    if (o.skin && !o.skin.done) o.skin = { joints: o.skin.joints, bones: o.skin.bones.map((b) => ({ index: index.has(b) ? index.get(b) : -1, name: b.name })), done: true };
    o.children.forEach(finish);
  };
  finish(tree);
  const shears = (o) => {
    if (o.matrix && sheared(o.matrix)) {
      notes.add('three keeps a node matrix as position, quaternion and scale, without its shear or projection');
      o.sheared = true;
    }
    o.children.forEach(shears);
  };
  shears(tree);

  return { asset, tree, clips: animationClips(root, nodes, node, transformNodes, index), warnings, notes: [...notes] };
}
