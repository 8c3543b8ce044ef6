"""The helpers a Python user reaches for: PolyData.triangles() (the glTF writer's triangles),
PolyData.bounds, SceneData.world_matrix(node), OSError subclasses by errno, and warnings caught by
warnings.catch_warnings carrying their code."""

from __future__ import annotations

import errno
import json
import os
import warnings

import numpy as np
import pytest

import polyxios as px
from documents import collada, triangle_geometry

T = px.CellType
# An L of six corners on z = 0, counter-clockwise, concave at corner 2: the writer clips ears, as
# the fan of corner 0 would cover the notch (its triangle 0, 2, 3 lies outside the L).
L_SHAPE = [(2, 0, 0), (2, 1, 0), (1, 1, 0), (1, 2, 0), (0, 2, 0), (0, 0, 0)]
SQUARE = [(3, 0, 0), (4, 0, 0), (4, 1, 0), (3, 1, 0)]
TRIANGLE = [(5, 0, 0), (6, 0, 0), (5, 1, 0)]
STRIP = [(0, 3, 0), (1, 3, 0), (0, 4, 0), (1, 4, 0), (0, 5, 0)]


def mixed_mesh() -> px.PolyData:
    """An L-shaped hexagon, a quad, a triangle, a line, a point and a strip of three triangles."""
    points = np.array(L_SHAPE + SQUARE + TRIANGLE + STRIP, dtype=np.float64)
    cells = [list(range(0, 6)), list(range(6, 10)), list(range(10, 13)), [0, 1], [2],
             list(range(13, 18))]
    types = [T.POLYGON, T.QUAD, T.TRIANGLE, T.LINE, T.VERTEX, T.TRIANGLE_STRIP]
    offsets = np.cumsum([0] + [len(c) for c in cells])
    return px.PolyData(points, cells=np.concatenate(cells), offsets=offsets, cell_types=types)


def test_triangles_are_the_ones_the_glb_holds(tmp_path):
    mesh = mixed_mesh()
    triangles = mesh.triangles()
    assert triangles.dtype == np.uint32 and triangles.shape == (4 + 2 + 1 + 3, 3)
    fan = [[0, k, k + 1] for k in range(1, 5)]
    assert triangles[:4].tolist() != fan  # the L is ear-clipped, not fanned
    assert triangles[4:7].tolist() == [[6, 7, 8], [6, 8, 9], [10, 11, 12]]
    # a strip as glTF draws it: every other triangle's last two corners swapped
    assert triangles[7:].tolist() == [[13, 14, 15], [14, 16, 15], [15, 16, 17]]
    # each triangle of the L inside the L, all turning as the polygon does (counter-clockwise)
    corners = mesh.points[triangles[:4]]
    edges = np.cross(corners[:, 1] - corners[:, 0], corners[:, 2] - corners[:, 0])
    assert (edges[:, 2] > 0).all() and edges[:, 2].sum() == pytest.approx(2 * 3)

    px.write(mesh, tmp_path / "mixed.glb")
    (back,) = px.read_scene(tmp_path / "mixed.glb").meshes
    assert np.array_equal(back.points, mesh.points)
    # the GLB's TRIANGLES primitive: its index triangles, cell by cell
    is_triangle = back.cell_types == T.TRIANGLE
    assert np.array_equal(back.cells[np.repeat(is_triangle, np.diff(back.offsets))]
                          .reshape(-1, 3), triangles[:7])
    assert np.array_equal(back.triangles(), triangles)  # the strip read back as a strip


def test_triangles_of_the_robot_equal_its_glb(robot_dae, tmp_path):
    scene = px.read_scene(robot_dae)
    px.write_scene(scene, tmp_path / "robot.glb")
    back = px.read_scene(tmp_path / "robot.glb")
    for mesh, written in zip(scene.meshes, back.meshes):
        assert np.array_equal(mesh.triangles(), written.cells.reshape(-1, 3))
    assert scene.meshes[0].triangles().shape == (12, 3)  # six quads
    assert np.array_equal(scene.meshes[1].triangles(), scene.meshes[1].cells.reshape(-1, 3))


def test_lines_points_and_an_empty_mesh_give_no_triangles():
    points = np.zeros((3, 3))
    lines = px.PolyData(points, cells=[0, 1, 1, 2, 0], offsets=[0, 2, 4, 5],
                        cell_types=[T.LINE, T.POLY_LINE, T.VERTEX])
    for mesh in (lines, px.PolyData(points), px.PolyData(np.zeros((0, 3)))):
        assert mesh.triangles().shape == (0, 3) and mesh.triangles().dtype == np.uint32


def test_bounds_of_the_robot(robot_dae):
    scene = px.read_scene(robot_dae)
    link, gripper = scene.meshes
    assert link.bounds.tolist() == [[-1, -1, -1], [1, 1, 1]]
    assert gripper.bounds.tolist() == [[-1, 0, -1], [1, 1.5, 1]]
    flat = scene.to_polydata()
    assert flat.bounds.dtype == np.float64 and flat.bounds.shape == (2, 3)
    assert np.allclose(flat.bounds, [flat.points.min(axis=0), flat.points.max(axis=0)])


def test_bounds_of_an_empty_mesh_is_none_and_non_finite_points_are_left_out():
    assert px.PolyData(np.zeros((0, 3))).bounds is None
    assert px.PolyData(np.full((1, 3), np.nan)).bounds is None
    mesh = px.PolyData(np.array([[0, 0, 0], [np.nan, 9, 9], [2, 3, np.inf], [1, 2, 3]]))
    assert mesh.bounds.tolist() == [[0, 0, 0], [1, 2, 3]]


def test_world_matrix_composes_the_robots_chain(robot_dae):
    scene = px.read_scene(robot_dae)
    base, upper_arm, hand = scene.nodes
    assert (base.children, upper_arm.children) == ((1,), (2,))
    assert np.array_equal(scene.world_matrix(0), base.matrix)
    assert np.allclose(scene.world_matrix(1), base.matrix @ upper_arm.matrix)
    world = scene.world_matrix(2)
    assert world.shape == (4, 4) and world.dtype == np.float64
    assert np.allclose(world, base.matrix @ upper_arm.matrix @ hand.matrix)
    assert not np.allclose(world, hand.matrix)


def test_world_matrix_places_points_as_to_polydata_does(robot_dae):
    scene = px.read_scene(robot_dae)
    flat = scene.to_polydata()
    start = 0
    for n in (0, 1, 2):  # the shown nodes depth first, each a mesh: to_polydata's order
        points = scene.meshes[scene.nodes[n].mesh].points.astype(np.float64)
        placed = (np.c_[points, np.ones(len(points))] @ scene.world_matrix(n).T)[:, :3]
        assert np.allclose(flat.points[start:start + len(points)], placed, atol=1e-6)
        start += len(points)
    assert start == flat.num_points


def test_world_matrix_of_nodes_no_scene_shows_composes_their_parents():
    gltf = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [2]}],
            "nodes": [{"translation": [1, 0, 0], "children": [1]},
                      {"translation": [0, 2, 0]},
                      {"translation": [0, 0, 3]}]}
    scene = px.read_scene(json.dumps(gltf).encode())
    assert scene.world_matrix(1)[:3, 3].tolist() == [1, 2, 0]
    assert scene.world_matrix(2)[:3, 3].tolist() == [0, 0, 3]


def test_world_matrix_out_of_range_is_an_index_error_naming_it(robot_dae):
    scene = px.read_scene(robot_dae)
    for node in (3, -1, 2**70):
        with pytest.raises(IndexError, match=f"node {node} is out of range: the scene has 3"):
            scene.world_matrix(node)
    assert np.array_equal(scene.world_matrix(np.int64(1)), scene.world_matrix(1))
    with pytest.raises(TypeError):
        scene.world_matrix("1")


def test_a_missing_file_is_file_not_found(tmp_path):
    missing = tmp_path / "missing.dae"
    with pytest.raises(FileNotFoundError) as raised:
        px.read_scene(missing)
    assert raised.value.errno == errno.ENOENT and raised.value.filename == str(missing)
    assert raised.value.strerror == os.strerror(errno.ENOENT)
    with pytest.raises(FileNotFoundError):
        px.read(tmp_path / "missing.glb")


def test_a_folder_is_a_directory_error(tmp_path):
    with pytest.raises(IsADirectoryError) as raised:
        px.read_scene(tmp_path)
    assert raised.value.errno == errno.EISDIR and raised.value.filename == str(tmp_path)


def test_a_file_taken_for_a_folder_is_not_a_directory_error(robot_dae, tmp_path):
    with pytest.raises(NotADirectoryError):
        px.read_scene(robot_dae / "robot.dae")
    with pytest.raises(NotADirectoryError):
        px.write_scene(px.read_scene(robot_dae), robot_dae / "robot.glb")


def test_writes_fail_by_errno_too(robot_dae, tmp_path):
    scene = px.read_scene(robot_dae)
    target = tmp_path / "no such folder" / "out.glb"
    with pytest.raises(FileNotFoundError) as raised:
        px.write_scene(scene, target)
    assert raised.value.filename == str(target)
    (tmp_path / "taken.glb").mkdir()
    with pytest.raises(IsADirectoryError):
        px.write_scene(scene, tmp_path / "taken.glb")


# root reads and writes whatever the mode bits say: these two are tried only as another user.
@pytest.mark.skipif(os.geteuid() == 0, reason="root is not refused by chmod 000")
def test_an_unreadable_file_is_a_permission_error(robot_dae, tmp_path):
    unreadable = tmp_path / "unreadable.dae"
    unreadable.write_bytes(robot_dae.read_bytes())
    unreadable.chmod(0)
    with pytest.raises(PermissionError) as raised:
        px.read_scene(unreadable)
    assert raised.value.errno == errno.EACCES and raised.value.filename == str(unreadable)


@pytest.mark.skipif(os.geteuid() == 0, reason="root is not refused by a read-only folder")
def test_a_read_only_folder_is_a_permission_error(robot_dae, tmp_path):
    folder = tmp_path / "read-only"
    folder.mkdir(mode=0o500)
    with pytest.raises(PermissionError):
        px.write_scene(px.read_scene(robot_dae), folder / "out.glb")


def test_recorded_warnings_carry_their_code():
    no_semantic = collada("<library_geometries>" + triangle_geometry().replace(
        '<triangles count="1">', '<triangles count="1"><input source="#tri-pos" offset="0"/>') +
        "</library_geometries>")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        px.read_scene(no_semantic)
    (warning,) = [w for w in caught if w.category is px.PolyxiosWarning]
    assert warning.message.code == "collada.input.no-semantic"
    assert warning.message.line == 10 and warning.message.count == 1
