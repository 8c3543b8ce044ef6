"""Arrays are numpy views of the scene's memory: no copy, read-only, and they keep the scene
alive through their base object."""

from __future__ import annotations

import gc
import weakref

import numpy as np
import pytest

import polyxios as px
from documents import collada, triangle_geometry


def test_arrays_view_the_scenes_memory_without_a_copy(robot_dae):
    scene = px.read_scene(robot_dae)
    link = scene.meshes[0]
    # two reads of an attribute are two views of one memory
    assert np.shares_memory(link.points, scene.meshes[0].points)
    assert np.shares_memory(link.point_data["normals"], link.point_data["normals"])
    assert np.shares_memory(link.cells, scene.meshes[0].cells)
    for array in (link.points, link.cells, link.offsets, link.cell_types,
                  link.point_data["normals"], link.element_attrs["material"]):
        assert not array.flags.owndata
        assert array.base is not None
        assert not array.flags.writeable


def test_arrays_are_read_only(robot_dae):
    points = px.read_scene(robot_dae).meshes[0].points
    with pytest.raises(ValueError, match="read-only"):
        points[0, 0] = 5
    with pytest.raises(ValueError):
        points.setflags(write=True)  # numpy refuses: the array does not own its memory


def test_an_array_keeps_the_scene_alive(robot_dae):
    scene = px.read_scene(robot_dae)
    expected = np.array(scene.meshes[1].points)  # a copy, to compare with
    points = scene.meshes[1].points
    matrix = scene.nodes[2].matrix
    base = weakref.ref(points.base)
    del scene
    gc.collect()
    assert base() is not None  # the PolyData, holding the scene
    np.testing.assert_array_equal(points, expected)
    np.testing.assert_allclose(matrix[:3, 3], [0, 1, 0])


def test_the_arrays_base_is_the_object_holding_the_memory(robot_dae):
    scene = px.read_scene(robot_dae)
    mesh = scene.meshes[0]
    assert mesh.points.base is mesh
    flat = scene.to_polydata()
    assert flat.points.base is flat
    del scene, mesh
    gc.collect()
    assert flat.points.shape == (53, 3)


def test_matrix_is_indexed_row_then_column(robot_dae):
    # a node's matrix is a copy (its node can move as nodes are added): test_edit_nodes.py
    node = px.read_scene(robot_dae).nodes[2]  # <translate>0 1 0</translate> then a scale
    matrix = node.matrix
    assert matrix.shape == (4, 4) and matrix.dtype == np.float64
    np.testing.assert_allclose(matrix[3], [0, 0, 0, 1])
    np.testing.assert_allclose(matrix[:3, 3], [0, 1, 0])


def test_meshes_per_material_resolution_share_the_first_ones_arrays():
    # one geometry that two nodes bind to different materials: a mesh per resolution, sharing
    # the first's arrays (spec collada.md, Reading)
    document = collada(
        """<library_effects><effect id="fx"><profile_COMMON><technique sid="t"><lambert/>
</technique></profile_COMMON></effect></library_effects>
<library_materials><material id="red"><instance_effect url="#fx"/></material>
  <material id="blue"><instance_effect url="#fx"/></material></library_materials>
<library_geometries>""" + triangle_geometry("tri", "paint") + "</library_geometries>",
        """<node id="a"><instance_geometry url="#tri"><bind_material><technique_common>
<instance_material symbol="paint" target="#red"/></technique_common></bind_material></instance_geometry></node>
<node id="b"><instance_geometry url="#tri"><bind_material><technique_common>
<instance_material symbol="paint" target="#blue"/></technique_common></bind_material></instance_geometry></node>""")
    first, second = px.read_scene(document).meshes
    assert np.shares_memory(first.points, second.points)
    assert np.shares_memory(first.cells, second.cells)
    assert list(first.element_attrs["material"]) == [0]
    assert list(second.element_attrs["material"]) == [1]


def test_image_bytes_view_the_scene():
    document = collada("""<library_images><image id="i"><init_from>data:image/png;base64,iVBORw0KGgo=</init_from></image></library_images>""")
    image = px.read_scene(document).images[0]
    data = image.bytes
    assert data.dtype == np.uint8 and not data.flags.writeable
    # each read views the one copy the scene holds; the array holds its share of it, so it keeps
    # its values whatever becomes of the image (tests/python/test_edit_images.py)
    assert np.shares_memory(data, image.bytes)


def test_empty_arrays_have_their_shapes():
    mesh = px.PolyData(np.zeros((0, 3), np.float32))
    assert mesh.points.shape == (0, 3)
    assert mesh.cells.shape == (0,) and mesh.cells.dtype == np.uint32
    assert mesh.cell_types.shape == (0,) and mesh.cell_types.dtype == np.uint8
