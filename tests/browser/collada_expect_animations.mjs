// The animation clips of the COLLADA browser check's expectation (see collada_expect.mjs): the clips
// and tracks ColladaLoader makes of a document's <library_animations> and
// <library_animation_clips>, with each track's target as a pre-order index in the object tree.

import { kid, kids, readSource, ref } from './collada_expect.mjs';

// nodes: id -> the node's data (transforms: sid -> element name, pivot); node(id): its object in
// the tree; transformNodes: pivot node id -> sid -> the Group of that transform; index: object ->
// pre-order index.
export function animationClips(root, nodes, node, transformNodes, index) {
  // leaf <animation>s (one holding others gives only those), by id; channels by target
  const animations = new Map();
  let anonymous = 0;
  const readAnimation = (el) => {
    const sources = new Map();
    const samplers = new Map();
    const channels = new Map();
    let parent = false;
    for (const c of kids(el)) {
      if (c.localName === 'source') sources.set(c.getAttribute('id'), readSource(c));
      else if (c.localName === 'sampler') samplers.set(c.getAttribute('id'), new Map(kids(c, 'input').map((i) => [i.getAttribute('semantic'), ref(i.getAttribute('source'))])));
      else if (c.localName === 'channel') channels.set(c.getAttribute('target'), c);
      else if (c.localName === 'animation') {
        readAnimation(c);
        parent = true;
      }
    }
    if (!parent) animations.set(el.getAttribute('id') || `anonymous-${anonymous++}`, { sources, samplers, channels });
  };
  for (const el of kids(kid(root, 'library_animations'), 'animation')) readAnimation(el);

  const deferred = new Map(); // pivot node id -> sid -> member -> times
  const tracksOf = new Map();
  const target = (o) => (index.has(o) ? index.get(o) : -1);
  const union = (lists) => [...new Set(lists.flat())].sort((a, b) => a - b);
  function tracks(id) {
    if (tracksOf.has(id)) return tracksOf.get(id);
    const a = animations.get(id);
    if (!a) throw new Error(`animation ${id} is instanced by a clip but holds other animations or is missing (ColladaLoader fails on it)`);
    // aggregate: node id -> sid -> member -> {times, stride}
    const aggregated = new Map();
    for (const [t, ch] of a.channels) {
      const sampler = a.samplers.get(ref(ch.getAttribute('source')));
      if (!sampler) throw new Error(`channel ${t}: no sampler ${ch.getAttribute('source')} (ColladaLoader fails on it)`);
      const input = a.sources.get(sampler.get('INPUT'));
      const output = a.sources.get(sampler.get('OUTPUT'));
      if (!input || !output) throw new Error(`channel ${t}: its sampler's INPUT or OUTPUT is not a source of the animation (ColladaLoader fails on it)`);
      const parts = t.split('/');
      const nodeId = parts[0];
      let sid = parts[1];
      let member = 'default';
      if (sid.includes('.')) [sid, member] = sid.split('.');
      else if (sid.includes('(')) sid = sid.split('(')[0];
      if (!aggregated.has(nodeId)) aggregated.set(nodeId, new Map());
      const bySid = aggregated.get(nodeId);
      if (!bySid.has(sid)) bySid.set(sid, new Map());
      bySid.get(sid).set(member, { times: input.array, stride: output.stride });
    }
    const out = [];
    for (const [nodeId, bySid] of aggregated) {
      const data = nodes.get(nodeId);
      if (!data) continue;
      if (data.pivot) {
        if (!deferred.has(nodeId)) deferred.set(nodeId, new Map());
        for (const [sid, members] of bySid) {
          if (!deferred.get(nodeId).has(sid)) deferred.get(nodeId).set(sid, new Map());
          for (const [m, v] of members) deferred.get(nodeId).get(sid).set(m, v);
        }
        continue;
      }
      const obj = target(node(nodeId));
      let rotated = false;
      for (const [sid, members] of bySid) {
        const kind = data.transforms.get(sid);
        const all = [...members.values()].map((m) => Array.from(m.times));
        if (kind === 'matrix') {
          const keys = union(all);
          for (const property of ['position', 'quaternion', 'scale']) out.push({ target: obj, property, times: keys });
        } else if (kind === 'translate' || kind === 'scale') {
          const d = members.get('default');
          const keys = d && d.stride === 3 ? Array.from(d.times) : union(['X', 'Y', 'Z', 'ANGLE', 'default'].filter((m) => members.has(m)).map((m) => Array.from(members.get(m).times)));
          if (keys.length) out.push({ target: obj, property: kind === 'translate' ? 'position' : 'scale', times: keys });
        } else if (kind === 'rotate' && !rotated) {
          rotated = true;
          const angle = members.get('ANGLE') || members.get('default');
          if (angle && angle.times.length) out.push({ target: obj, property: 'quaternion', times: Array.from(angle.times) });
        }
      }
    }
    tracksOf.set(id, out);
    return out;
  }
  for (const id of animations.keys()) tracks(id);

  const clipEls = kids(kid(root, 'library_animation_clips'), 'animation_clip');
  const clips = [];
  const finishClip = (name, duration, list) => {
    const last = (t) => Math.fround(t.times[t.times.length - 1]);
    if (duration === -1) duration = list.reduce((d, t) => Math.max(d, last(t)), 0);
    clips.push({ name, duration, tracks: list.map((t) => ({ target: t.target, property: t.property, keys: t.times.length })) });
  };
  if (clipEls.length) {
    const byId = new Map();
    for (const c of clipEls) byId.set(c.getAttribute('id'), c); // id-less clips share the key "null"
    for (const c of byId.values()) {
      const list = kids(c, 'instance_animation').flatMap((i) => tracks(ref(i.getAttribute('url'))));
      const start = parseFloat(c.getAttribute('start') || 0);
      const end = parseFloat(c.getAttribute('end') || 0);
      finishClip(c.getAttribute('id') || 'default', end - start || -1, list);
    }
  } else if (animations.size) {
    const list = [...animations.keys()].flatMap(tracks);
    for (const [nodeId, bySid] of deferred) {
      const groups = transformNodes.get(nodeId);
      const data = nodes.get(nodeId);
      for (const [sid, members] of bySid) {
        const g = groups && groups.get(sid);
        const kind = data.transforms.get(sid);
        if (!g) continue;
        if (kind === 'translate' || kind === 'scale') {
          const d = members.get('default');
          const keys = d && d.stride === 3 ? Array.from(d.times) : union(['X', 'Y', 'Z', 'ANGLE', 'default'].filter((m) => members.has(m)).map((m) => Array.from(members.get(m).times)));
          if (keys.length) list.push({ target: target(g), property: kind === 'translate' ? 'position' : 'scale', times: keys });
        } else if (kind === 'rotate') {
          const angle = members.get('ANGLE') || members.get('default');
          if (angle && angle.times.length) list.push({ target: target(g), property: 'quaternion', times: Array.from(angle.times) });
        }
      }
    }
    finishClip('default', -1, list);
  }
  return clips;
}
