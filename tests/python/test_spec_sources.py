"""spec/collada-sources.md: the page's example <mesh>, read from bytes."""

from __future__ import annotations

import numpy as np

import polyxios as px
from documents import collada

# The page's example, its elided normal source written out ("one normal, 0 0 1").
EXAMPLE = collada(
    """<library_geometries><geometry id="g"><mesh>
  <source id="pos">
    <float_array id="pos-array" count="9">0 0 0 1 0 0 0 1 0</float_array>
    <technique_common>
      <accessor source="#pos-array" count="3" stride="3">
        <param name="X" type="float"/>
        <param name="Y" type="float"/>
        <param name="Z" type="float"/>
      </accessor>
    </technique_common>
  </source>
  <source id="nrm">
    <float_array id="nrm-array" count="3">0 0 1</float_array>
    <technique_common>
      <accessor source="#nrm-array" count="1" stride="3">
        <param name="X" type="float"/>
        <param name="Y" type="float"/>
        <param name="Z" type="float"/>
      </accessor>
    </technique_common>
  </source>
  <vertices id="verts">
    <input semantic="POSITION" source="#pos"/>
  </vertices>
  <triangles count="1" material="Paint">
    <input semantic="VERTEX" source="#verts" offset="0"/>
    <input semantic="NORMAL" source="#nrm" offset="1"/>
    <p>0 0 1 0 2 0</p>
  </triangles>
</mesh></geometry></library_geometries>""")


def test_the_example_reads_as_one_triangle_with_its_normal():
    scene = px.read_scene(EXAMPLE)
    (mesh,) = scene.meshes
    # p is a vertex index then a normal index
    np.testing.assert_array_equal(mesh.points, [[0, 0, 0], [1, 0, 0], [0, 1, 0]])
    np.testing.assert_array_equal(mesh.point_data["normals"], [[0, 0, 1]] * 3)
    assert mesh.element_types == ("triangle",)
    np.testing.assert_array_equal(mesh.cells, [0, 1, 2])
    np.testing.assert_array_equal(mesh.offsets, [0, 3])
    # the symbol "Paint" names no material of the document
    np.testing.assert_array_equal(mesh.element_attrs["material"], [-1])
