"""Small documents and corpus files for the tests (imported by them: pytest puts this folder on
sys.path)."""

from __future__ import annotations

import base64
import json
import struct
from pathlib import Path

import required  # tests/support, on the path conftest.py puts it


def corpus_file(corpus: Path, relative: str) -> Path:
    path = corpus / relative
    if not path.is_file():
        required.pytest_skip(f"{relative} is not in the corpus")
    return path


def collada(body: str, scene: str = "") -> bytes:
    """A COLLADA 1.4.1 document holding `body` (library elements) and `scene` (the nodes of its
    one visual scene), as bytes."""
    visual = (f'<library_visual_scenes><visual_scene id="scene">{scene}</visual_scene>'
              '</library_visual_scenes><scene><instance_visual_scene url="#scene"/></scene>'
              if scene else "")
    return ('<?xml version="1.0" encoding="utf-8"?>\n'
            '<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">\n'
            f'<asset><unit meter="1"/><up_axis>Y_UP</up_axis></asset>\n{body}\n{visual}\n'
            '</COLLADA>\n').encode()


def triangle_geometry(geometry_id: str = "tri", material: str = "") -> str:
    """A <geometry> of one triangle, its block bound to material symbol `material` if given."""
    symbol = f' material="{material}"' if material else ""
    return f'''<geometry id="{geometry_id}" name="{geometry_id}"><mesh>
  <source id="{geometry_id}-pos"><float_array id="{geometry_id}-pos-a" count="9">0 0 0 1 0 0 0 1 0</float_array>
    <technique_common><accessor source="#{geometry_id}-pos-a" count="3" stride="3">
      <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
    </accessor></technique_common></source>
  <vertices id="{geometry_id}-v"><input semantic="POSITION" source="#{geometry_id}-pos"/></vertices>
  <triangles count="1"{symbol}><input semantic="VERTEX" source="#{geometry_id}-v" offset="0"/><p>0 1 2</p></triangles>
</mesh></geometry>'''


def pointer_gltf() -> bytes:
    """A glTF document whose one animation, unnamed, sets a material's alphaCutoff through
    KHR_animation_pointer (a channel naming no node)."""
    data = struct.pack("<4f", 0.0, 1.0, 0.25, 0.75)
    uri = "data:application/octet-stream;base64," + base64.b64encode(data).decode()
    document = {
        "asset": {"version": "2.0"},
        "extensionsUsed": ["KHR_animation_pointer"],
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [{"name": "n"}],
        "materials": [{"alphaMode": "MASK"}],
        "buffers": [{"uri": uri, "byteLength": len(data)}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 8},
                        {"buffer": 0, "byteOffset": 8, "byteLength": 8}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR",
                       "min": [0.0], "max": [1.0]},
                      {"bufferView": 1, "componentType": 5126, "count": 2, "type": "SCALAR"}],
        "animations": [{"channels": [{"sampler": 0, "target": {"path": "pointer", "extensions": {
            "KHR_animation_pointer": {"pointer": "/materials/0/alphaCutoff"}}}}],
                        "samplers": [{"input": 0, "output": 1}]}],
    }
    return json.dumps(document).encode()


def sliding_collada() -> bytes:
    """A COLLADA document whose node "n" has its <translate sid="t"> X animated over two keys."""
    source = ('<source id="{0}"><float_array id="{0}-a" count="2">{1}</float_array>'
              '<technique_common><accessor source="#{0}-a" count="2" stride="1">'
              '<param name="{2}" type="{3}"/></accessor></technique_common></source>')
    animation = ('<library_animations><animation id="slide">'
                 + source.format("in", "0 1", "TIME", "float")
                 + source.format("out", "0 2", "X", "float")
                 + '<source id="how"><Name_array id="how-a" count="2">LINEAR LINEAR</Name_array>'
                 '<technique_common><accessor source="#how-a" count="2" stride="1">'
                 '<param name="INTERPOLATION" type="name"/></accessor></technique_common></source>'
                 '<sampler id="s"><input semantic="INPUT" source="#in"/>'
                 '<input semantic="OUTPUT" source="#out"/>'
                 '<input semantic="INTERPOLATION" source="#how"/></sampler>'
                 '<channel source="#s" target="n/t.X"/></animation></library_animations>')
    return collada(animation, '<node id="n" name="n"><translate sid="t">0 0 0</translate></node>')
