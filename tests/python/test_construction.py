"""A PolyData made from numpy arrays, written as the spec's write examples write one, and read
back; the checks that keep a made PolyData as sound as a read one."""

from __future__ import annotations

import numpy as np
import pytest

import polyxios as px

SQUARE = np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]], np.float32)


@pytest.mark.parametrize("suffix", [".glb", ".gltf", ".dae"])
def test_a_polydata_made_from_arrays_writes_and_reads_back(tmp_path, suffix):
    mesh = px.PolyData(
        SQUARE,
        cells=np.array([0, 1, 2, 0, 2, 3], np.int64),
        offsets=[0, 3, 6],
        cell_types=[px.CellType.TRIANGLE, px.CellType.TRIANGLE],
        point_data={"normals": np.tile(np.float32([0, 0, 1]), (4, 1)),
                    "texcoords": SQUARE[:, :2].copy()},
        global_attrs={"mesh_name": "square"},
    )
    assert mesh.num_points == 4 and mesh.num_cells == 2 and mesh.element_types == ("triangle",)
    path = tmp_path / f"square{suffix}"
    px.write(mesh, path)
    (back,) = px.read_scene(path).meshes
    np.testing.assert_array_equal(back.points, SQUARE)
    np.testing.assert_array_equal(back.cells, [0, 1, 2, 0, 2, 3])
    np.testing.assert_array_equal(back.point_data["normals"], mesh.point_data["normals"])
    np.testing.assert_array_equal(back.point_data["texcoords"], SQUARE[:, :2])
    assert back.global_attrs["mesh_name"] == "square"


def test_a_two_dimensional_cells_array_gives_cells_of_its_width(tmp_path):
    quads = px.PolyData(SQUARE, cells=[[0, 1, 2, 3]])
    np.testing.assert_array_equal(quads.offsets, [0, 4])
    assert quads.element_types == ("quad",)
    px.write(quads, tmp_path / "quad.dae")
    assert px.read_scene(tmp_path / "quad.dae").meshes[0].element_types == ("quad",)
    lines = px.PolyData(SQUARE, cells=np.array([[0, 1], [1, 2]], np.uint16))
    assert lines.element_types == ("line",)
    assert list(lines.cell_types) == [px.CellType.LINE] * 2


def test_cell_types_follow_corner_counts_when_not_given():
    mesh = px.PolyData(np.zeros((5, 3)), cells=[0, 1, 2, 0, 1, 2, 3, 0, 1, 2, 3, 4, 4],
                       offsets=[0, 3, 7, 12, 13])
    assert list(mesh.cell_types) == [5, 9, 7, 1]
    assert mesh.element_types == ("triangle", "quad", "polygon", "vertex")
    assert mesh.points.dtype == np.float64


def test_materials_become_material_n_in_collada(tmp_path):
    # write names materials after the PolyData's material values; a read numbers them from 0
    mesh = px.PolyData(SQUARE, cells=[[0, 1, 2], [0, 2, 3]],
                       element_attrs={"material": np.array([7, 7], np.int32)})
    px.write(mesh, tmp_path / "m.dae")
    scene = px.read_scene(tmp_path / "m.dae")
    assert [m.name for m in scene.materials] == ["material_7"]
    assert list(scene.meshes[0].element_attrs["material"]) == [0, 0]


def test_the_arrays_are_copied():
    points = SQUARE.copy()
    mesh = px.PolyData(points, cells=[[0, 1, 2]])
    points[0, 0] = 42
    assert mesh.points[0, 0] == 0
    assert not np.shares_memory(mesh.points, points)
    assert not mesh.points.flags.writeable and mesh.points.base is mesh


def test_a_point_cloud_has_no_cells():
    cloud = px.PolyData(SQUARE)
    assert cloud.num_cells == 0 and cloud.element_types == ()
    np.testing.assert_array_equal(cloud.offsets, [])


def test_global_attrs_keep_their_values():
    attrs = {"mesh_name": "m", "n": 3, "x": 0.5, "flag": True, "none": None,
             "list": [1, "two", [3.0]], "tuple": (1, 2), "nested": {"a": {"b": "c"}},
             "array": np.arange(6, dtype=np.int16).reshape(3, 2)}
    got = px.PolyData(SQUARE, global_attrs=attrs).global_attrs
    array = got.pop("array")
    np.testing.assert_array_equal(array, attrs.pop("array"))
    assert array.dtype == np.int16 and not array.flags.writeable
    attrs["tuple"] = [1, 2]
    assert got == attrs


def test_a_writer_refusal_is_a_codec_error(tmp_path):
    # a triangle of two corners: COLLADA's writer refuses it rather than write what no reader
    # could read back
    mesh = px.PolyData(SQUARE, cells=[0, 1], offsets=[0, 2], cell_types=[px.CellType.TRIANGLE])
    with pytest.raises(px.CodecError) as refused:
        px.write(mesh, tmp_path / "bad.dae")
    assert refused.value.code == "collada.write.cells"
    assert not (tmp_path / "bad.dae").exists()


@pytest.mark.parametrize("arguments, error, message", [
    ({"points": np.zeros((3, 2))}, ValueError, r"points must be of shape \(n, 3\)"),
    ({"points": np.zeros((3, 3), complex)}, TypeError, "points must be float32"),
    ({"points": SQUARE, "cells": [0, 1, 2]}, ValueError, "need offsets"),
    ({"points": SQUARE, "cells": [0, 1, 2], "offsets": [0, 2]}, ValueError,
     r"offsets must rise from 0 to len\(cells\)"),
    ({"points": SQUARE, "cells": [0, 1, 2, 3], "offsets": [0, 3, 2, 4]}, ValueError,
     "offsets must rise"),
    ({"points": SQUARE, "cells": [[0, 1, 4]]}, ValueError, "cells name point 4 of 4"),
    ({"points": SQUARE, "cells": [[0, 1, -1]]}, ValueError, "must lie in 0..4294967295"),
    ({"points": SQUARE, "cells": [[0.0, 1.0, 2.0]]}, TypeError, "cells must hold integers"),
    ({"points": SQUARE, "cells": [[0, 1, 2]], "offsets": [0, 3]}, ValueError,
     "gives its own offsets"),
    ({"points": SQUARE, "cells": [[0, 1, 2]], "cell_types": [5, 5]}, ValueError,
     "2 types for 1 cells"),
    ({"points": SQUARE, "cells": [[0, 1, 2]], "cell_types": [300]}, ValueError, "0..255"),
    ({"points": SQUARE, "offsets": [0]}, ValueError, "need cells"),
    ({"points": SQUARE, "point_data": {"normals": np.zeros((3, 3))}}, ValueError,
     r"point_data\['normals'\] has 3 rows, not one per point \(4\)"),
    ({"points": SQUARE, "cells": [[0, 1, 2]], "element_attrs": {"material": [0, 1]}},
     ValueError, "not one per cell"),
    ({"points": SQUARE, "point_data": {"w": np.zeros(4, np.uint64)}}, TypeError,
     "dtype uint64, which no column holds"),
    ({"points": SQUARE, "point_data": {"w": np.zeros(4, bool)}}, TypeError, "dtype bool"),
    ({"points": SQUARE, "point_data": [1]}, TypeError, "point_data must be a dict"),
    ({"points": SQUARE, "global_attrs": {1: "x"}}, TypeError, "keys must be str"),
    ({"points": SQUARE, "global_attrs": {"s": {1, 2}}}, TypeError, "holds a set"),
    ({"points": SQUARE, "global_attrs": {"big": 2**64}}, ValueError, "past 64 bits"),
])
def test_what_a_polydata_cannot_hold_is_refused(arguments, error, message):
    with pytest.raises(error, match=message):
        px.PolyData(**arguments)


def test_a_list_holding_itself_is_refused():
    loop = []
    loop.append(loop)
    with pytest.raises(ValueError, match="deeper than 256 levels"):
        px.PolyData(SQUARE, global_attrs={"loop": loop})
