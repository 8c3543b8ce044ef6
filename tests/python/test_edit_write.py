"""A scene edited in Python writes what the same scene read from a file would (issue 37, point 1):
the robot with a material renamed, a mesh removed and a node moved, written as GLB and COLLADA
and read back with exactly those edits (the GLB passing the Khronos validator, the COLLADA the
1.4.1 schema, the file read again unchanged), and its GLB byte for byte the one of the robot's
document edited alike."""

from __future__ import annotations

import io
import re

import numpy as np

import polyxios as px


def moved_up(y):
    matrix = np.eye(4)
    matrix[1, 3] = y
    return matrix


def edited_robot(robot_dae):
    scene = px.read_scene(robot_dae)
    # an NCName: COLLADA 1.4.1 types names so, and a name is written as given (spec collada.md)
    scene.materials[1].name = "brushed_steel"
    scene.remove_mesh(0)  # the link: the base and the upper arm then show none
    scene.nodes[2].matrix = moved_up(2)
    return scene


def test_the_edited_robot_writes_exactly_its_edits(robot_dae, tmp_path, gltf_errors,
                                                   schema_errors):
    original = px.read_scene(robot_dae)
    scene = edited_robot(robot_dae)
    glb, dae = tmp_path / "robot.glb", tmp_path / "robot.dae"
    px.write_scene(scene, glb)
    px.write_scene(scene, dae)
    assert gltf_errors(glb) == []
    assert schema_errors(dae) == ""
    for path in (glb, dae):
        back = px.read_scene(path)
        assert [n.name for n in back.nodes] == ["base", "upper_arm", "hand"], path
        assert [n.children for n in back.nodes] == [(1,), (2,), ()]
        assert [n.mesh for n in back.nodes] == [-1, -1, 0]
        (gripper,) = back.meshes
        np.testing.assert_allclose(gripper.points, original.meshes[1].points, atol=1e-6)
        assert list(gripper.cells) == list(original.meshes[1].cells)
        (material,) = {back.materials[m].name for m in gripper.element_attrs["material"]}
        assert material == "brushed_steel"
        np.testing.assert_allclose(back.nodes[2].matrix, moved_up(2), atol=1e-6)
        for n in (0, 1):
            np.testing.assert_allclose(back.nodes[n].matrix, original.nodes[n].matrix, atol=1e-6)
    # what the edited scene wrote is what that file, read, writes again: the edit left no state
    # a read scene lacks
    again = tmp_path / "again.glb"
    px.write_scene(px.read_scene(glb), again)
    assert again.read_bytes() == glb.read_bytes()
    reread = px.read_scene(robot_dae)  # the file itself: unchanged
    assert [m.name for m in reread.materials] == ["paint", "steel"] and len(reread.meshes) == 2


def test_the_edits_write_the_glb_of_the_document_edited_alike(robot_dae):
    # the same three edits made in the document's text: the material renamed, the link's
    # geometry and its two instances removed, the hand's transforms replaced by one <matrix>
    text = robot_dae.read_text()
    text = text.replace('name="steel"', 'name="brushed_steel"')
    text = re.sub(r'<geometry id="link".*?</geometry>', "", text, flags=re.S)
    text = re.sub(r'<instance_geometry url="#link">.*?</instance_geometry>', "", text, flags=re.S)
    hand = '<translate sid="translate">0 1 0</translate>\n            <scale>2.5 0.16 2.5</scale>'
    assert hand in text
    text = text.replace(hand, "<matrix>1 0 0 0 0 1 0 2 0 0 1 0 0 0 0 1</matrix>")
    from_document, from_python = io.BytesIO(), io.BytesIO()
    px.write_scene(px.read_scene(text.encode()), from_document, format="glb")
    px.write_scene(edited_robot(robot_dae), from_python, format="glb")
    assert from_python.getvalue() == from_document.getvalue()
