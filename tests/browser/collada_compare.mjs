// The comparison of the COLLADA browser check: what a file says (collada_expect.mjs) against what
// three's ColladaLoader built from it (collada_page.mjs), as readable lines, and one-line summaries.

const near = (a, b, tol = 1e-5) => a === b || Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b));
const nearVec = (a, b) => a === b || (a && b && a.length === b.length && a.every((x, i) => near(x, b[i])));
const fmt = (v) => JSON.stringify(v);
const label = (o) => `${o.type}${o.name ? ` ${fmt(o.name)}` : ''}`;

// Lines of what ColladaLoader cannot see of a file start with this: what another exporter writes
// that way is that exporter's choice, what polyxios writes that way is a problem.
export const UNSEEN = 'three cannot see ';

function compareMaterial(where, e, g, out) {
  for (const u of e.unseen || []) out.push(`${UNSEEN}${where}: ${u}`);
  for (const k of ['name', 'type', 'transparent', 'doubleSided']) {
    if (g[k] !== e[k]) out.push(`${where}: ${k} ${fmt(g[k])} in three, ${fmt(e[k])} in the file`);
  }
  if (!near(g.opacity, e.opacity)) out.push(`${where}: opacity ${g.opacity} in three, ${e.opacity} in the file`);
  for (const k of ['color', 'emissive']) {
    if (!nearVec(g[k], e[k])) out.push(`${where}: ${k} ${fmt(g[k])} in three, ${fmt(e[k])} in the file (linear)`);
  }
  for (const [k, img] of Object.entries(e.maps)) {
    const gm = g.maps[k];
    if (img && !gm) out.push(`${where}: ${k}: the file has a texture (${fmt(img.uri.slice(0, 60))}), three made none`);
    else if (!img && gm) out.push(`${where}: ${k}: three has a texture the file does not`);
    else if (gm && !(gm.width > 0 && gm.height > 0) && !/^\s*data:/i.test(img.uri)) out.push(`${where}: ${k}: three's image of ${fmt(img.uri.slice(0, 60))} is ${gm.width}x${gm.height} (not loaded)`);
  }
}

function compareMesh(where, e, g, out) {
  const em = e.mesh;
  const gm = g.mesh;
  if (gm.indexed) out.push(`${where}: three's geometry is indexed (ColladaLoader's are not)`);
  if (gm.vertexCount !== em.vertexCount) out.push(`${where}: ${gm.vertexCount} vertices in three, ${em.vertexCount} in the file`);
  const names = [...new Set([...Object.keys(em.attributes), ...Object.keys(gm.attributes)])].sort();
  for (const n of names) {
    const ea = em.attributes[n];
    const ga = gm.attributes[n];
    if (!ga) out.push(`${where}: attribute ${n}: three has none, the file ${ea[0]} x ${ea[1]}`);
    else if (!ea) out.push(`${where}: attribute ${n}: three has ${ga[0]} x ${ga[1]}, the file none`);
    else if (fmt(ga) !== fmt(ea)) out.push(`${where}: attribute ${n}: ${ga[0]} x ${ga[1]} in three, ${ea[0]} x ${ea[1]} in the file`);
  }
  if (!nearVec(gm.box[0], em.box[0]) || !nearVec(gm.box[1], em.box[1])) {
    out.push(`${where}: positions span ${fmt(gm.box)} in three, ${fmt(em.box)} in the file`);
  }
  if (fmt(gm.groups) !== fmt(em.groups)) out.push(`${where}: groups (vertices per block) ${fmt(gm.groups)} in three, ${fmt(em.groups)} in the file`);
  if (g.materials.length !== e.materials.length) {
    out.push(`${where}: ${g.materials.length} materials in three, ${e.materials.length} in the file`);
  } else e.materials.forEach((m, i) => compareMaterial(`${where} material ${i} (${fmt(m.name)})`, m, g.materials[i], out));
}

function compareSkin(where, e, g, out) {
  const bones = (s) => s.bones.map((b) => `${b.index}:${b.name}`);
  if (fmt(bones(g.skin)) !== fmt(bones(e.skin))) {
    out.push(`${where}: bones (tree index:name) ${fmt(bones(g.skin))} in three, ${fmt(bones(e.skin))} in the file`);
  }
  const missing = g.skin.bones.filter((b) => b.index < 0).length;
  if (missing) out.push(`${where}: ${missing} of three's bones are not in the scene`);
  if (g.skin.bones.length < e.skin.joints) out.push(`${where}: ${g.skin.bones.length} bones in three for the file's ${e.skin.joints} joints`);
  if (g.skin.maxSkinIndex >= g.skin.bones.length) out.push(`${where}: skin index ${g.skin.maxSkinIndex} names no bone of three's ${g.skin.bones.length}`);
}

function compareTree(where, e, g, out, budget) {
  if (out.length >= budget) return;
  if (g.type !== e.type || g.name !== e.name) {
    out.push(`${where}: three built ${label(g)}, the file says ${label(e)}`);
    if (g.type !== e.type) return;
  }
  const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
  const em = e.matrix || IDENTITY;
  const scale = Math.max(1, ...em.map(Math.abs));
  if (where !== 'scene' && !e.sheared && !em.every((x, i) => Math.abs(x - g.matrix[i]) <= 1e-5 * scale)) {
    const rows = (m) => [0, 1, 2, 3].map((r) => [0, 1, 2, 3].map((c) => +m[c * 4 + r].toPrecision(6)));
    out.push(`${where}: local matrix (rows) ${fmt(rows(g.matrix))} in three, ${fmt(rows(em))} in the file`);
  }
  if (e.mesh) compareMesh(where, e, g, out);
  if (e.skin && g.skin) compareSkin(where, e, g, out);
  else if (e.skin || g.skin) out.push(`${where}: ${e.skin ? 'the file binds a skin three does not' : 'three binds a skin the file does not'}`);
  if (g.children.length !== e.children.length) {
    out.push(`${where}: ${g.children.length} children in three (${g.children.map(label).join(', ')}), ` +
      `${e.children.length} in the file (${e.children.map(label).join(', ')})`);
    return;
  }
  e.children.forEach((c, i) => compareTree(`${where} > ${label(c)}${e.children.length > 1 ? `[${i}]` : ''}`, c, g.children[i], out, budget));
}

// Differences between the file's view and three's, as lines ([] when they agree).
export function compare(exp, got) {
  const out = [];
  const scale = got.asset.scale;
  if (!scale.every((s) => near(s, exp.asset.unit))) out.push(`scene scale ${fmt(scale)} in three, the file's unit is ${exp.asset.unit} m`);
  const rot = exp.asset.upAxis === 'Z_UP' ? -Math.PI / 2 : 0;
  if (!near(got.asset.rotationX, rot)) out.push(`scene rotation about X ${got.asset.rotationX} in three, ${rot} for the file's ${exp.asset.upAxis}`);

  compareTree('scene', exp.tree, got.tree, out, out.length + 40);

  if (got.clips.length !== exp.clips.length) {
    out.push(`${got.clips.length} clips in three (${got.clips.map((c) => fmt(c.name)).join(', ')}), ` +
      `${exp.clips.length} from the file (${exp.clips.map((c) => fmt(c.name)).join(', ')})`);
  }
  exp.clips.forEach((e, i) => {
    const g = got.clips[i];
    if (!g) return;
    const where = `clip ${i} (${fmt(e.name)})`;
    if (g.name !== e.name) out.push(`${where}: three's clip is named ${fmt(g.name)}`);
    if (!near(g.duration, e.duration, 1e-4)) out.push(`${where}: duration ${g.duration} s in three, ${e.duration} s from the file`);
    const key = (t) => `${t.target}.${t.property}:${t.keys}`;
    const count = (list) => list.reduce((m, t) => m.set(key(t), (m.get(key(t)) || 0) + 1), new Map());
    const ge = count(g.tracks);
    const ee = count(e.tracks);
    const only = (a, b) => [...a].flatMap(([k, n]) => Array(Math.max(0, n - (b.get(k) || 0))).fill(k));
    const onlyThree = only(ge, ee);
    const onlyFile = only(ee, ge);
    if (onlyThree.length || onlyFile.length) {
      out.push(`${where}: ${g.tracks.length} tracks in three, ${e.tracks.length} from the file; ` +
        `(tree index.property:keys) only in three ${fmt(onlyThree.slice(0, 8))}, only from the file ${fmt(onlyFile.slice(0, 8))}`);
    }
  });
  return out;
}

// One line summing up a view (three's or the file's).
export function summary(v) {
  const c = { objects: 0, meshes: 0, skinned: 0, bones: 0, vertices: 0, materials: 0, textured: 0 };
  const walk = (o) => {
    c.objects++;
    if (o.type === 'Bone') c.bones++;
    if (o.mesh) {
      c.meshes++;
      c.vertices += o.mesh.vertexCount;
      c.materials += o.materials.length;
      c.textured += o.materials.filter((m) => Object.values(m.maps).some(Boolean)).length;
    }
    if (o.skin) c.skinned++;
    o.children.forEach(walk);
  };
  walk(v.tree);
  const clips = v.clips.map((a) => `${fmt(a.name)} ${a.tracks.length} tracks ${+a.duration.toFixed(4)} s`).join(', ');
  return `${c.objects} objects (${c.bones} bones), ${c.meshes} meshes / ${c.vertices} vertices, ` +
    `${c.materials} materials (${c.textured} textured), ${c.skinned} skinned, ${v.clips.length} clips${clips ? ` (${clips})` : ''}`;
}

// ---------------------------------------------------------------- the written file against its input
// Three's view of the written file against three's view of its input (ColladaLoader's of a COLLADA
// input, GLTFLoader's of a glTF one), on what a conversion keeps whatever it regroups: the world
// matrix of every named node (a node keeps its name and place; a camera or light it held is
// dropped, leaving its node; unnamed nodes are skipped), and the span of all triangle meshes'
// positions in world space (skipped when ColladaLoader misreads part of either file, see
// collada_expect.mjs).
const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
function mul(a, b) {
  const out = new Array(16).fill(0);
  for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) out[c * 4 + r] += a[k * 4 + r] * b[c * 4 + k];
  return out;
}
function worldView(tree) {
  const named = new Map();
  const box = [[Infinity, Infinity, Infinity], [-Infinity, -Infinity, -Infinity]];
  const walk = (o, parent, depth) => {
    const world = depth === 0 ? IDENTITY : mul(parent, o.matrix);
    if (depth > 0 && o.name) {
      if (!named.has(o.name)) named.set(o.name, []);
      named.get(o.name).push(world);
    }
    if ((o.type === 'Mesh' || o.type === 'SkinnedMesh') && o.mesh && o.mesh.vertexCount > 0) {
      const [lo, hi] = o.mesh.box;
      for (const x of [lo[0], hi[0]]) for (const y of [lo[1], hi[1]]) for (const z of [lo[2], hi[2]]) {
        const p = [0, 1, 2].map((r) => world[r] * x + world[4 + r] * y + world[8 + r] * z + world[12 + r]);
        for (let d = 0; d < 3; d++) {
          box[0][d] = Math.min(box[0][d], p[d]);
          box[1][d] = Math.max(box[1][d], p[d]);
        }
      }
    }
    o.children.forEach((c) => walk(c, world, depth + 1));
  };
  walk(tree, IDENTITY, 0);
  return { named, box };
}

// three's tree with the names of the <node>s (a Bone is named by its sid) from the file's view,
// which has the same shape once compare() finds no difference
function withNodeNames(got, exp) {
  return { ...got, name: exp.nodeName ?? got.name, children: got.children.map((c, i) => withNodeNames(c, exp.children[i])) };
}

// input, written: {got, expected} of each (expected absent for a glTF input, named by its nodes)
export function compareRoundTrip(input, written, inputNotes) {
  const out = [];
  const a = worldView(input.expected ? withNodeNames(input.got.tree, input.expected.tree) : input.got.tree);
  const b = worldView(withNodeNames(written.got.tree, written.expected.tree));
  for (const [name, mats] of a.named) {
    const got = b.named.get(name);
    if (!got) {
      out.push(`object ${fmt(name)} of the input is not in the written file`);
      continue;
    }
    // each of the input's objects of that name has one of the written file's at its place (a
    // joint that gains a sid may add more of a name: a Bone is named by its sid)
    const scale = Math.max(1, ...mats.flat().map(Math.abs));
    const unused = got.slice();
    const lost = mats.filter((m) => {
      const i = unused.findIndex((w) => m.every((x, j) => Math.abs(x - w[j]) <= 1e-4 * scale));
      if (i >= 0) unused.splice(i, 1);
      return i < 0;
    });
    if (lost.length) {
      const t = (m) => [12, 13, 14].map((i) => +m[i].toPrecision(5));
      out.push(`object ${fmt(name)}: ${got.length} in the written file at ${fmt(got.map(t))}, ` +
        `${mats.length} in the input at ${fmt(mats.map(t))} (world translations; ${lost.length} of the input's have no match)`);
    }
  }
  if (inputNotes.length === 0 && written.expected.notes.length === 0) {
    const scale = Math.max(1, ...a.box.flat().filter(Number.isFinite).map(Math.abs));
    if (!a.box.every((v, i) => v.every((x, d) => Math.abs(x - b.box[i][d]) <= 1e-4 * scale || x === b.box[i][d]))) {
      out.push(`positions span ${fmt(b.box)} in world space in the written file, ${fmt(a.box)} in the input`);
    }
  }
  return out;
}
