"""Editing a scene's nodes (issue 37, point 1): a node's name, matrix, mesh and children set and
checked, nodes made in Python, appended and removed with every index kept consistent, a scene
built from nothing, and what is written afterwards read back."""

from __future__ import annotations

import json

import numpy as np
import pytest

import polyxios as px
from documents import pointer_gltf, sliding_collada


def translation(x, y, z):
    matrix = np.eye(4)
    matrix[:3, 3] = [x, y, z]
    return matrix


def test_a_nodes_name_and_matrix_are_set_and_written(robot_dae, tmp_path):
    scene = px.read_scene(robot_dae)
    hand = scene.nodes[2]
    before = hand.matrix
    hand.matrix = translation(1, 2, 3)
    hand.name = "claw"
    assert scene.nodes[2].name == "claw"
    np.testing.assert_array_equal(scene.nodes[2].matrix, translation(1, 2, 3))
    np.testing.assert_allclose(before[:3, 3], [0, 1, 0])  # read before: a copy, unchanged
    assert "transforms" not in hand.extras  # the COLLADA elements composed the old matrix
    for name in ("edited.glb", "edited.dae"):
        px.write_scene(scene, tmp_path / name)
        back = px.read_scene(tmp_path / name)
        assert [n.name for n in back.nodes] == ["base", "upper_arm", "claw"]
        np.testing.assert_allclose(back.nodes[2].matrix, translation(1, 2, 3))
        np.testing.assert_allclose(back.nodes[1].matrix, scene.nodes[1].matrix, atol=1e-6)


def test_a_matrix_is_a_read_only_copy(robot_dae):
    node = px.read_scene(robot_dae).nodes[2]
    matrix = node.matrix
    assert matrix.flags.owndata and not matrix.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        matrix[0, 3] = 5  # an edit goes through node.matrix = ...
    node.matrix = np.eye(4, dtype=np.int32)  # integers taken as float64
    assert node.matrix.dtype == np.float64 and np.array_equal(node.matrix, np.eye(4))


@pytest.mark.parametrize("value, message", [
    (np.eye(3), r"matrix must be of shape \(4, 4\), not \(3, 3\)"),
    (np.eye(4).ravel(), r"matrix must be of shape \(4, 4\), not \(16,\)"),
    ([[1, 2], [3, 4]], r"matrix must be of shape \(4, 4\)"),
    (np.full((4, 4), "a"), "matrix must hold real numbers, not <U1"),
    (np.eye(4, dtype=complex), "matrix must hold real numbers"),
    (np.eye(4, dtype=bool), "matrix must hold real numbers"),
    (np.diag([1, 1, np.nan, 1]), "matrix must hold finite numbers"),
    (np.diag([1, np.inf, 1, 1]), "matrix must hold finite numbers"),
])
def test_a_wrong_matrix_is_a_value_error_naming_it(robot_dae, value, message):
    node = px.read_scene(robot_dae).nodes[0]
    before = node.matrix
    with pytest.raises(ValueError, match=message):
        node.matrix = value
    np.testing.assert_array_equal(node.matrix, before)


def test_a_nodes_mesh_is_range_checked_and_none_clears_it(robot_dae):
    scene = px.read_scene(robot_dae)
    node = scene.nodes[0]
    node.mesh = 1
    assert node.mesh == 1
    node.mesh = np.int64(0)
    assert node.mesh == 0
    with pytest.raises(IndexError, match="mesh 2 is out of range: the scene has 2 meshes"):
        node.mesh = 2
    with pytest.raises(IndexError, match="mesh -2 is out of range"):
        node.mesh = -2
    with pytest.raises(TypeError, match="mesh must be an integer, not str"):
        node.mesh = "1"
    with pytest.raises(TypeError, match="mesh must be an integer, not bool"):
        node.mesh = True
    assert node.mesh == 0
    node.mesh = None
    assert node.mesh == -1
    node.mesh = 1
    node.mesh = -1
    assert node.mesh == -1


def test_children_are_checked_a_cycle_refused(robot_dae):
    scene = px.read_scene(robot_dae)
    base, upper_arm, hand = scene.nodes
    with pytest.raises(ValueError, match=r"node 2 \('hand'\) would be its own descendant"):
        hand.children = [0]
    with pytest.raises(ValueError, match="cycle"):
        base.children = [0]
    with pytest.raises(ValueError, match="cycle"):
        upper_arm.children = [2, 0]
    with pytest.raises(IndexError, match="children: node 3 is out of range: the scene has 3"):
        base.children = [1, 3]
    with pytest.raises(ValueError, match="children: node 1 is listed twice"):
        base.children = (1, 1)
    with pytest.raises(TypeError, match="children must be a sequence of integers, not int"):
        base.children = 1
    with pytest.raises(TypeError, match="children entry must be an integer, not float"):
        base.children = [1.0]
    assert (base.children, upper_arm.children, hand.children) == ((1,), (2,), ())
    # the hand moves up from the arm to the base: its world matrix is then base @ hand
    upper_arm.children = []
    base.children = np.array([1, 2])
    assert base.children == (1, 2)
    np.testing.assert_allclose(scene.world_matrix(2), base.matrix @ hand.matrix)


def test_a_node_made_in_python_is_appended_and_then_is_the_scenes(robot_dae):
    scene = px.read_scene(robot_dae)
    tool = px.SceneNode("tool", matrix=np.diag([2.0, 2, 2, 1]), mesh=1)
    assert (tool.index, tool.mesh, tool.children) == (None, 1, ())
    assert scene.append_node(tool, parent=2) == 3
    assert tool.index == 3 and scene.nodes[2].children == (3,)
    tool.name = "tool 2"  # the object now stands for the scene's node
    assert scene.nodes[3].name == "tool 2"
    with pytest.raises(ValueError, match="in a scene already"):
        scene.append_node(tool)
    root = scene.append_node(px.SceneNode("root", children=[3]))
    assert root == 4 and scene.scenes == ((0, 4),)
    np.testing.assert_allclose(scene.world_matrix(3)[:3, :3], np.eye(3) * 2)


def test_append_checks_the_nodes_indices_and_leaves_the_scene_as_it_was(robot_dae):
    scene = px.read_scene(robot_dae)
    with pytest.raises(IndexError, match="mesh 7 is out of range: the scene has 2 meshes"):
        scene.append_node(px.SceneNode(mesh=7))
    with pytest.raises(IndexError, match="children: node 9 is out of range"):
        scene.append_node(px.SceneNode(children=[9]))
    with pytest.raises(IndexError, match="parent 3 is out of range: the scene has 3 nodes"):
        scene.append_node(px.SceneNode(), parent=3)
    with pytest.raises(ValueError, match="cycle"):  # hand -> new -> base -> upper_arm -> hand
        scene.append_node(px.SceneNode(children=[0]), parent=2)
    with pytest.raises(ValueError, match="children: node 0 is listed twice"):
        px.SceneNode(children=[0, 0])
    with pytest.raises(IndexError, match="not a mesh index"):
        px.SceneNode(mesh=-5)
    assert len(scene.nodes) == 3 and scene.scenes == ((0,),)
    assert [n.children for n in scene.nodes] == [(1,), (2,), ()]


def test_removing_a_node_renumbers_children_and_roots():
    scene = px.SceneData()
    scene.append_node(px.SceneNode("a"))
    b = scene.append_node(px.SceneNode("b"))
    scene.append_node(px.SceneNode("c"), parent=b)
    scene.append_node(px.SceneNode("d"), parent=b)
    assert scene.scenes == ((0, 1),) and scene.nodes[1].children == (2, 3)
    c, d = scene.nodes[2], scene.nodes[3]
    scene.remove_node(2)
    assert [n.name for n in scene.nodes] == ["a", "b", "d"]
    assert scene.nodes[1].children == (2,)
    assert d.index == 2 and d.name == "d"  # a handle follows its node
    with pytest.raises(RuntimeError, match="this SceneNode was removed from its scene"):
        c.name
    with pytest.raises(RuntimeError, match="removed"):
        c.matrix = np.eye(4)
    scene.remove_node(0)
    assert scene.scenes == ((0,),) and scene.nodes[0].children == (1,)
    with pytest.raises(IndexError, match="node 2 is out of range: the scene has 2 nodes"):
        scene.remove_node(2)


def test_a_node_with_children_is_not_removed(robot_dae):
    scene = px.read_scene(robot_dae)
    with pytest.raises(ValueError, match=r"node 1 \('upper_arm'\) cannot be removed: it has 1 "
                                         r"children: remove them first"):
        scene.remove_node(1)
    scene.remove_node(2)
    scene.remove_node(1)
    assert [n.name for n in scene.nodes] == ["base"] and scene.nodes[0].children == ()


def skinned_gltf() -> bytes:
    """Three nodes: a spare root, then a root whose child is the joint of the one skin."""
    return json.dumps({
        "asset": {"version": "2.0"},
        "scene": 0,
        "scenes": [{"nodes": [0, 1]}],
        "nodes": [{"name": "spare"}, {"name": "root", "children": [2]}, {"name": "joint"}],
        "skins": [{"joints": [2], "skeleton": 1}],
    }).encode()


def test_removing_a_node_renumbers_the_skins_and_refuses_a_joint():
    scene = px.read_scene(skinned_gltf())
    with pytest.raises(ValueError, match=r"node 2 \('joint'\) cannot be removed: skin 0 lists it"):
        scene.remove_node(2)
    scene.remove_node(0)
    (skin,) = scene.global_attrs["skins"]
    assert skin["joints"] == [1] and skin["skeleton"] == 0
    assert scene.scenes == ((0,),)


def test_an_animated_node_is_not_removed_nor_any_under_animation_pointers():
    scene = px.read_scene(sliding_collada())
    with pytest.raises(ValueError, match=r"node 0 \('n'\) cannot be removed: animation 0 targets"):
        scene.remove_node(0)
    scene = px.read_scene(pointer_gltf())
    with pytest.raises(ValueError, match="KHR_animation_pointer channels, whose JSON pointers"):
        scene.remove_node(0)
    assert len(scene.nodes) == 1


def test_scenes_and_the_default_scene_are_set_and_checked(robot_dae):
    scene = px.read_scene(robot_dae)
    scene.append_node(px.SceneNode("other"))
    scene.scenes = [[0], [3]]
    scene.default_scene = 1
    assert scene.scenes == ((0,), (3,)) and scene.default_scene == 1
    with pytest.raises(IndexError, match=r"scenes\[0\]: node 4 is out of range"):
        scene.scenes = [[4]]
    with pytest.raises(ValueError, match=r"scenes\[0\]: node 0 is listed twice"):
        scene.scenes = [[0, 0]]
    with pytest.raises(IndexError, match="default_scene 2 is out of range"):
        scene.default_scene = 2
    assert scene.scenes == ((0,), (3,)) and scene.default_scene == 1
    scene.default_scene = -1
    with pytest.raises(ValueError, match="no default scene"):
        scene.append_node(px.SceneNode("lost"))
    scene.scenes = []
    assert scene.default_scene == -1


def test_a_scene_of_nodes_built_from_nothing_writes_valid_files(tmp_path, gltf_errors,
                                                                schema_errors):
    scene = px.SceneData()
    assert (scene.nodes, scene.scenes, scene.meshes) == ((), (), ())
    root = scene.append_node(px.SceneNode("root", matrix=translation(0, 1, 0)))
    scene.append_node(px.SceneNode("child", matrix=np.diag([2.0, 2, 2, 1])), parent=root)
    assert scene.scenes == ((0,),) and scene.default_scene == 0
    px.write_scene(scene, tmp_path / "built.glb")
    px.write_scene(scene, tmp_path / "built.dae")
    assert gltf_errors(tmp_path / "built.glb") == []
    assert schema_errors(tmp_path / "built.dae") == ""
    for name in ("built.glb", "built.dae"):
        back = px.read_scene(tmp_path / name)
        assert [n.name for n in back.nodes] == ["root", "child"]
        assert back.nodes[0].children == (1,)
        np.testing.assert_allclose(back.world_matrix(1), translation(0, 1, 0) @ np.diag([2, 2, 2, 1]))


def test_an_edit_while_write_scene_runs_is_refused(robot_dae, tmp_path):
    scene = px.read_scene(robot_dae)
    refused = []

    def progress(fraction):
        try:
            scene.nodes[0].name = "renamed mid-write"
        except RuntimeError as error:
            refused.append(str(error))

    px.write_scene(scene, tmp_path / "robot.glb", progress=progress)
    assert refused and "being read by a call running on another thread" in refused[0]
    assert scene.nodes[0].name == "base"
    scene.nodes[0].name = "renamed after"  # the write has returned
    assert scene.nodes[0].name == "renamed after"
