#!/usr/bin/python3
"""Issue 34, defects 1, 8 and 11, through the CLI: depth an input controls, and transforms that are
not finite.

  depth_finite_test.py POLYXIOS

- A COLLADA document of 20,000 library nodes each instancing the next is refused by
  collada.instance_node.depth (it overflowed the stack) in convert, info and validate, and
  validate still reports the other assets of its folder.
- A COLLADA document whose transforms hold 1e999, -INF or NaN reads with
  collada.transform.non-finite warnings; its .dae holds no NaN or INF and converts on, as does
  its .glb (the glTF writer refused it).
- A glTF hierarchy 200,000 deep converts to GLB and is described by info; a COLLADA write refuses
  it (collada.write.node-depth), writing nothing, where it wrote a document nested 200,000 deep.
"""
import json
import os
import subprocess
import sys
import tempfile

from cli_checks import Checks

POLYXIOS = os.path.abspath(sys.argv[1])
check = Checks()

HEAD = ('<?xml version="1.0" encoding="utf-8"?>\n'
        '<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">\n')
TRIANGLE = (
    '<library_geometries><geometry id="g"><mesh><source id="p"><float_array id="pa" count="9">'
    '0 0 0 1 0 0 0 1 0</float_array><technique_common><accessor source="#pa" count="3" stride="3">'
    '<param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>'
    '</accessor></technique_common></source><vertices id="v"><input semantic="POSITION" '
    'source="#p"/></vertices><triangles count="1"><input semantic="VERTEX" source="#v" '
    'offset="0"/><p>0 1 2</p></triangles></mesh></geometry></library_geometries>\n')


def scene(nodes):
    return (f'<library_visual_scenes><visual_scene id="vs">{nodes}</visual_scene>'
            '</library_visual_scenes>\n<scene><instance_visual_scene url="#vs"/></scene>\n'
            '</COLLADA>\n')


def chain_dae(count):
    """Library nodes n0..n(count-1), each instancing the next; line 4 + i holds node i."""
    nodes = "".join(f'<node id="n{i}"><instance_node url="#n{i + 1}"/></node>\n'
                    for i in range(count - 1))
    return (HEAD + "<library_nodes>\n" + nodes + f'<node id="n{count - 1}"/>\n</library_nodes>\n'
            + scene('<node id="root"><instance_node url="#n0"/></node>'))


GOOD_DAE = HEAD + TRIANGLE + scene('<node id="n"><instance_geometry url="#g"/></node>')
NON_FINITE_DAE = HEAD + TRIANGLE + scene(
    '\n<node id="a"><translate>1e999 0 -INF</translate><instance_geometry url="#g"/></node>\n'
    '<node id="b"><matrix>NaN 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1</matrix></node>\n')


def deep_gltf(depth):
    """A chain of `depth` nodes, the last showing a triangle (a data: URI buffer)."""
    nodes = [{"children": [i + 1]} for i in range(depth - 1)] + [{"mesh": 0}]
    return json.dumps({
        "asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], "nodes": nodes,
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                       "min": [0, 0, 0], "max": [1, 1, 0]}],
        "bufferViews": [{"buffer": 0, "byteLength": 36}],
        "buffers": [{"byteLength": 36, "uri": "data:application/octet-stream;base64,"
                     "AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA"}]})


def run(*args):
    p = subprocess.run([POLYXIOS, *args], capture_output=True, text=True,
                       stdin=subprocess.DEVNULL, timeout=600)
    return p.returncode, p.stdout, p.stderr


def expect(name, args, code, stderr_has=None, stdout_has=()):
    rc, out, err = run(*args)
    check(f"{name}: exit {code}", rc == code, f"exit {rc}\nstdout: {out}\nstderr: {err}")
    if stderr_has is not None:
        check(f"{name}: stderr names {stderr_has!r}", stderr_has in err, err)
    for piece in stdout_has:
        check(f"{name}: stdout holds {piece!r}", piece in out, out)
    return out, err


def holds_non_finite(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return "NaN" in text or "INF" in text


def main():
    with tempfile.TemporaryDirectory() as tmp:
        def at(*parts):
            return os.path.join(tmp, *parts)

        os.makedirs(at("lib"))
        for name, text in [("lib/chain.dae", chain_dae(20000)), ("lib/good.dae", GOOD_DAE),
                           ("non_finite.dae", NON_FINITE_DAE), ("deep.gltf", deep_gltf(200000))]:
            with open(at(name), "w", encoding="utf-8") as f:
                f.write(text)

        # Defect 1: refused by a rule naming the instance and its line, never a crash.
        rule = "collada.instance_node.depth: <instance_node> at line 258:"
        expect("convert chain", ["convert", at("lib/chain.dae"), at("chain.glb")], 2, rule)
        check("convert chain: nothing written", not os.path.exists(at("chain.glb")))
        expect("info chain", ["info", at("lib/chain.dae")], 2, rule)
        expect("validate a folder holding the chain", ["validate", "-j", "1", at("lib")], 2,
               stdout_has=[f"refused    {at('lib/chain.dae')}: {rule}",
                           f"ok         {at('lib/good.dae')}",
                           "2 assets: 1 ok, 0 with warnings, 1 refused, 0 failed"])

        # Defect 8: warnings and finite output both ways.
        for out in ("non_finite_out.dae", "non_finite_out.glb"):
            expect(f"convert non-finite to {out}", ["convert", at("non_finite.dae"), at(out)], 0,
                   "collada.transform.non-finite: <translate> holds a value that is not finite")
        check("the .dae written holds no NaN or INF", not holds_non_finite(at("non_finite_out.dae")))
        _, err = expect("the .dae written converts on",
                        ["convert", at("non_finite_out.dae"), at("again.glb")], 0)
        check("the .dae written reads without a non-finite warning",
              "collada.transform.non-finite" not in err, err)

        # Defect 11: a COLLADA write refuses what no COLLADA read would take back.
        expect("convert deep to .glb", ["convert", at("deep.gltf"), at("deep.glb")], 0)
        expect("info deep", ["info", at("deep.gltf")], 0, stdout_has=["nodes:      200000"])
        expect("convert deep to .dae", ["convert", at("deep.gltf"), at("deep.dae")], 2,
               "collada.write.node-depth: node 252 is 253 deep in its tree")
        check("convert deep to .dae: nothing written", not os.path.exists(at("deep.dae")))
        expect("validate deep as .dae", ["validate", "--to", "dae", at("deep.gltf")], 2,
               stdout_has=["collada.write.node-depth"])
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
