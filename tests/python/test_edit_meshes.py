"""Editing meshes (issue 37, point 1): points, point_data, element_attrs and cells assigned and
checked, copy-on-write (an array read before an edit keeps its values, a file read again is
unchanged), meshes appended and removed with the nodes' mesh indices kept consistent."""

from __future__ import annotations

import gc

import numpy as np
import pytest

import polyxios as px


def test_points_are_copied_on_write(robot_dae):
    scene = px.read_scene(robot_dae)
    link = scene.meshes[0]
    points = link.points  # a view of the scene's memory, no copy
    expected = np.array(points)
    assert not points.flags.owndata
    link.points = points * 2
    np.testing.assert_array_equal(points, expected)  # the view read before: unchanged
    np.testing.assert_array_equal(scene.meshes[0].points, expected * 2)
    assert not np.shares_memory(points, scene.meshes[0].points)
    assert not scene.meshes[0].points.flags.owndata  # read again: still a view, no copy
    del scene, link
    gc.collect()
    np.testing.assert_array_equal(points, expected)  # still alive, still unchanged
    again = px.read_scene(robot_dae).meshes[0].points
    np.testing.assert_array_equal(again, expected)  # the file read again: unchanged


@pytest.mark.parametrize("value, message", [
    (np.zeros((24, 2), np.float32), r"points must be of shape \(n, 3\), not \(24, 2\)"),
    (np.zeros(72), r"points must be of shape \(n, 3\), not \(72,\)"),
    (np.zeros((24, 3), complex), "points must be float32 or float64 \\(or integers\\), not complex128"),
    (np.zeros((24, 3), bool), "points must be float32 or float64"),
    (np.zeros((10, 3)), "points: 10 points for a mesh of 24 whose point_data"),
])
def test_wrong_points_are_a_value_error_naming_them(robot_dae, value, message):
    link = px.read_scene(robot_dae).meshes[0]
    before = link.points
    with pytest.raises(ValueError, match=message):
        link.points = value
    assert np.shares_memory(link.points, before)  # the mesh keeps its points


def test_point_data_is_assigned_checked_and_deleted(robot_dae, tmp_path, gltf_errors):
    scene = px.read_scene(robot_dae)
    link = scene.meshes[0]
    normals = link.point_data["normals"]
    link.point_data["normals"] = -normals
    np.testing.assert_array_equal(link.point_data["normals"], -normals)
    link.point_data["colors"] = np.tile(np.float32([1, 0, 0, 1]), (24, 1))
    with pytest.raises(ValueError, match=r"point_data\['colors'\] has shape \(3, 4\): it needs "
                                         r"one row per point \(24\)"):
        link.point_data["colors"] = np.zeros((3, 4))
    with pytest.raises(ValueError, match=r"point_data\['w'\] has dtype bool"):
        link.point_data["w"] = np.zeros(24, bool)
    del link.point_data["texcoords"]
    with pytest.raises(KeyError):
        del link.point_data["texcoords"]
    assert set(link.point_data) == {"normals", "colors"}
    px.write_scene(scene, tmp_path / "colored.glb")
    assert gltf_errors(tmp_path / "colored.glb") == []
    back = px.read_scene(tmp_path / "colored.glb").meshes[0]
    assert set(back.point_data) == {"normals", "colors"}
    np.testing.assert_allclose(back.point_data["colors"][:, 0], 1)


def test_element_attrs_material_holds_the_scenes_materials(robot_dae, tmp_path):
    scene = px.read_scene(robot_dae)
    link = scene.meshes[0]
    link.element_attrs["material"] = [1] * 6
    assert link.element_attrs["material"].dtype == np.int32
    with pytest.raises(ValueError, match=r"element_attrs\['material'\] holds 2: each value is -1 "
                                         r"\(none\) or a material of the scene \(it has 2\)"):
        link.element_attrs["material"] = [0, 0, 0, 0, 0, 2]
    with pytest.raises(ValueError, match=r"element_attrs\['material'\] has shape \(5,\)"):
        link.element_attrs["material"] = [0] * 5
    px.write_scene(scene, tmp_path / "steel.glb")
    back = px.read_scene(tmp_path / "steel.glb")
    assert back.materials[back.meshes[0].element_attrs["material"][0]].name == "steel"


def test_cells_are_replaced_together(robot_dae):
    scene = px.read_scene(robot_dae)
    gripper = scene.meshes[1]  # 6 triangles over 5 points
    old_cells = gripper.cells
    gripper.set_cells([[0, 1, 2, 3]], element_attrs={"material": [1]})
    assert gripper.element_types == ("quad",) and list(gripper.cells) == [0, 1, 2, 3]
    assert list(old_cells[:3]) == [0, 1, 4]  # read before: unchanged
    with pytest.raises(ValueError, match="set_cells: 2 cells, but element_attrs\\['material'\\] "
                                         "has 1 rows: pass element_attrs"):
        gripper.set_cells([[0, 1, 2], [2, 3, 4]])
    with pytest.raises(ValueError, match="cells name point 9 of 5"):
        gripper.set_cells([[0, 1, 9]], element_attrs={})
    with pytest.raises(ValueError, match="cells must hold integers"):
        gripper.set_cells(np.zeros((1, 3)), element_attrs={})
    assert list(gripper.cells) == [0, 1, 2, 3]


def test_a_polydata_of_its_own_is_appended_without_a_copy(robot_dae, tmp_path, gltf_errors):
    scene = px.read_scene(robot_dae)
    square = px.PolyData(np.float32([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]]),
                         cells=[[0, 1, 2, 3]], element_attrs={"material": np.int32([1])})
    points = square.points
    assert scene.append_mesh(square) == 2
    assert np.shares_memory(scene.meshes[2].points, points)
    scene.append_node(px.SceneNode("plate", mesh=2), parent=0)
    square.points = points + 1  # the object now stands for the scene's mesh
    np.testing.assert_array_equal(scene.meshes[2].points, points + 1)
    with pytest.raises(ValueError, match="a mesh of a scene"):
        scene.append_mesh(scene.meshes[0])
    for material in (2, -2):
        stray = px.PolyData(np.zeros((3, 3)), cells=[[0, 1, 2]],
                            element_attrs={"material": np.int32([material])})
        with pytest.raises(ValueError, match=f"append_mesh: element_attrs\\['material'\\] holds "
                                             f"{material}: each value is -1 \\(none\\) or a "
                                             r"material of the scene \(it has 2\)"):
            scene.append_mesh(stray)
    assert len(scene.meshes) == 3
    px.write_scene(scene, tmp_path / "plate.glb")
    assert gltf_errors(tmp_path / "plate.glb") == []
    assert [n.name for n in px.read_scene(tmp_path / "plate.glb").nodes][-1] == "plate"


def test_removing_a_mesh_leaves_its_nodes_without_one(robot_dae):
    scene = px.read_scene(robot_dae)
    link, gripper = scene.meshes
    scene.remove_mesh(0)
    assert [n.mesh for n in scene.nodes] == [-1, -1, 0]
    assert gripper.num_points == 5 and len(scene.meshes) == 1
    with pytest.raises(RuntimeError, match="this PolyData was removed from its scene"):
        link.points


def test_a_polydata_of_its_own_is_edited_too():
    mesh = px.PolyData(np.zeros((3, 3)), cells=[[0, 1, 2]])
    mesh.points = np.eye(3, dtype=np.float32)
    assert mesh.points.dtype == np.float32
    mesh.points = np.zeros((4, 3))  # a fourth point: nothing else counts the points
    mesh.element_attrs["material"] = [7]  # of no scene: any material index
    with pytest.raises(ValueError, match="points: 2 points for a mesh of 4 whose point_data, "
                                         "morph targets or cells count its points"):
        mesh.points = np.zeros((2, 3))  # the cell names point 2
    assert mesh.index is None and mesh.num_points == 4
