"""Small documents and corpus files for the tests (imported by them: pytest puts this folder on
sys.path)."""

from __future__ import annotations

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
