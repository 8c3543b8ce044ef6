#!/usr/bin/python3
"""Issue 34, follow-ups: no walk up a node tree from each joint or node, so skins over large
trees convert and validate in time linear in the nodes, where they took minutes (an ingestion
server hung on them).

  deep_skins_test.py POLYXIOS

- A glTF chain 200,000 deep whose skin lists every node, its skeleton the chain's root, converts
  to GLB and validates within SECONDS each (it took 77 s to convert and more than 300 s to
  validate: a walk to the root, and one from each joint up to the skeleton, per joint).
- A COLLADA skin of 100,000 joints named by sid under its <skeleton> root converts and validates
  within SECONDS (each name was looked up by a breadth-first walk of the whole tree).
- A glTF of 100,000 single-node trees, each skinned node's joint the next tree's node, the scene
  holding the last: the roots the scene must take are found within SECONDS (each took a pass over
  every node).
"""
import base64
import json
import os
import struct
import subprocess
import sys
import tempfile
import time

from cli_checks import Checks, glb_json

POLYXIOS = os.path.abspath(sys.argv[1])
# Linear work takes a few seconds at most even under the sanitizers; the quadratic walks took
# minutes.
SECONDS = 60
check = Checks()


def skinned_triangle_buffer():
    """Positions, joints (all 0) and weights (all 1) of one triangle, as a data: URI buffer."""
    data = (struct.pack('<9f', 0, 0, 0, 1, 0, 0, 0, 1, 0) + bytes([0, 0, 0, 0] * 3) +
            struct.pack('<12f', *([1, 0, 0, 0] * 3)))
    return {
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                       "min": [0, 0, 0], "max": [1, 1, 0]},
                      {"bufferView": 1, "componentType": 5121, "count": 3, "type": "VEC4"},
                      {"bufferView": 2, "componentType": 5126, "count": 3, "type": "VEC4"}],
        "bufferViews": [{"buffer": 0, "byteLength": 36},
                        {"buffer": 0, "byteOffset": 36, "byteLength": 12},
                        {"buffer": 0, "byteOffset": 48, "byteLength": 48}],
        "buffers": [{"byteLength": len(data), "uri": "data:application/octet-stream;base64," +
                     base64.b64encode(data).decode()}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "JOINTS_0": 1,
                                                   "WEIGHTS_0": 2}}]}],
    }


def deep_chain_gltf(depth):
    """A chain of `depth` nodes, the last showing the triangle skinned by every node of it."""
    nodes = [{"children": [i + 1]} for i in range(depth - 1)] + [{"mesh": 0, "skin": 0}]
    return json.dumps({"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
                       "nodes": nodes, "skins": [{"joints": list(range(depth)), "skeleton": 0}],
                       **skinned_triangle_buffer()})


def roots_chain_gltf(count):
    """`count` single-node trees, node k skinned by skin k - 1, whose joint is node k - 1: the
    scene holds the last, and takes every other tree as a root, one at a time downwards."""
    nodes = [{"mesh": 0}] + [{"mesh": 0, "skin": k - 1} for k in range(1, count)]
    skins = [{"joints": [k]} for k in range(count - 1)]
    return json.dumps({"asset": {"version": "2.0"}, "scene": 0,
                       "scenes": [{"nodes": [count - 1]}], "nodes": nodes, "skins": skins,
                       **skinned_triangle_buffer()})


def wide_skin_dae(joints):
    """A <skeleton> root holding `joints` JOINT nodes, a skin naming each by sid."""
    names = " ".join(f"j{i}" for i in range(joints))
    matrices = " ".join(["1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1"] * joints)
    nodes = "".join(f'<node id="j{i}" sid="j{i}" type="JOINT"/>' for i in range(joints))
    return f'''<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
<library_geometries><geometry id="g"><mesh><source id="p"><float_array id="pa" count="9">0 0 0 1 0
0 0 1 0</float_array><technique_common><accessor source="#pa" count="3" stride="3"><param name="X"
type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor>
</technique_common></source><vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
<triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 2</p></triangles>
</mesh></geometry></library_geometries>
<library_controllers><controller id="c"><skin source="#g"><source id="jn"><Name_array id="jna"
count="{joints}">{names}</Name_array><technique_common><accessor source="#jna" count="{joints}">
<param name="JOINT" type="name"/></accessor></technique_common></source><source id="ib">
<float_array id="iba" count="{16 * joints}">{matrices}</float_array><technique_common><accessor
source="#iba" count="{joints}" stride="16"><param name="TRANSFORM" type="float4x4"/></accessor>
</technique_common></source><source id="w"><float_array id="wa" count="1">1</float_array>
<technique_common><accessor source="#wa" count="1"><param name="WEIGHT" type="float"/></accessor>
</technique_common></source><joints><input semantic="JOINT" source="#jn"/><input
semantic="INV_BIND_MATRIX" source="#ib"/></joints><vertex_weights count="3"><input
semantic="JOINT" source="#jn" offset="0"/><input semantic="WEIGHT" source="#w" offset="1"/>
<vcount>1 1 1</vcount><v>0 0 0 0 0 0</v></vertex_weights></skin></controller>
</library_controllers>
<library_visual_scenes><visual_scene id="vs"><node id="root" sid="root" type="JOINT">{nodes}</node>
<node id="body"><instance_controller url="#c"><skeleton>#root</skeleton></instance_controller>
</node></visual_scene></library_visual_scenes>
<scene><instance_visual_scene url="#vs"/></scene>
</COLLADA>
'''


def run(*args):
    """(exit code, stdout, stderr, seconds); a run past SECONDS is killed, exit None."""
    started = time.monotonic()
    try:
        p = subprocess.run([POLYXIOS, *args], capture_output=True, text=True,
                           stdin=subprocess.DEVNULL, timeout=SECONDS)
    except subprocess.TimeoutExpired:
        return None, "", f"killed after {SECONDS} s", SECONDS
    return p.returncode, p.stdout, p.stderr, time.monotonic() - started


def convert_and_validate(name, path, out, check_glb, khronos_error=None):
    code, _, err, seconds = run('convert', path, out)
    if check(f'{name}: converts to GLB within {SECONDS} s ({seconds:.1f} s)', code == 0,
             err[-2000:]):
        check_glb(glb_json(out))
    # validate grades as the Khronos validator: an asset it calls invalid is refused (exit 2),
    # with the code of that error, in time all the same.
    code, listing, err, seconds = run('validate', path)
    check(f'{name}: validates within {SECONDS} s ({seconds:.1f} s)',
          code == (2 if khronos_error else 0) and (not khronos_error or khronos_error in listing),
          listing[-2000:] + err[-2000:])


depth, joints, count = 200000, 100000, 100000


def every_node_a_joint(doc):
    skin = doc.get('skins', [{}])[0]
    check('... its skin keeps every node as a joint, the root as its skeleton',
          len(skin.get('joints', [])) == depth and skin.get('skeleton') == 0)


def every_sid_bound(doc):
    skin = doc.get('skins', [{}])[0]
    names = [doc['nodes'][j].get('name') for j in skin.get('joints', [])]
    check('... each joint name binds its own node, in order',
          names == [f'j{i}' for i in range(joints)], str(names[:5]))


def every_tree_a_root(doc):
    roots = doc.get('scenes', [{}])[0].get('nodes', [])
    check('... the scene takes every tree as a root, in the order found',
          roots == list(range(count - 1, -1, -1)), str(roots[:5]))


with tempfile.TemporaryDirectory() as tmp:
    for what, name, text, expect, khronos_error in [
            ('a 200,000-deep chain skinned by every node', 'deep.gltf', deep_chain_gltf(depth),
             every_node_a_joint, None),
            ('a COLLADA skin of 100,000 joints named by sid', 'wide.dae', wide_skin_dae(joints),
             every_sid_bound, None),
            # Skinned nodes whose joints the scene does not hold: NODE_SKIN_NO_SCENE, an error.
            ('100,000 trees each holding the joint of the one before', 'roots.gltf',
             roots_chain_gltf(count), every_tree_a_root,
             'gltf.read.node-skin-joints-outside-scene')]:
        path = os.path.join(tmp, name)
        with open(path, 'w') as f:
            f.write(text)
        convert_and_validate(what, path, os.path.splitext(path)[0] + '.glb', expect,
                             khronos_error)

sys.exit(check.summary())
