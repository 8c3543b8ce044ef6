"""The scene's skins, animations, cameras, lights, asset and extras edited from Python (issue 37,
point 1): what a part shows, assigned back, changes nothing; the same parts made from dicts write
what the file's own do; each edit writes what it says; each wrong value raises naming its field."""

from __future__ import annotations

import json
import struct

import numpy as np
import pytest

import polyxios as px
from documents import corpus_file

# Files with skins and animations (COLLADA and glTF), cameras, lights, and morph targets.
PARTS_FILES = [
    "collada/cts/1_5/collada/library_controllers/controller/skin/skin_joints/skin_joints.dae",
    "gltf/assimp/simple_skin/simple_skin.gltf",
    "gltf/assimp/cameras/Cameras.gltf",
    "gltf/validator/ext/KHR_lights_punctual/data/node/custom_property.gltf",
    "gltf/assimp/glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf",
]


def written(scene, path):
    px.write_scene(scene, path)
    return path.read_bytes()


def glb_json(data: bytes) -> dict:
    length = struct.unpack_from("<I", data, 12)[0]
    return json.loads(data[20:20 + length])


def assign_everything_back(scene):
    attrs = scene.global_attrs
    for key in [k for k in attrs if k not in ("cameras", "lights", "material_variants")]:
        attrs[key] = attrs[key]
    scene.cameras = scene.cameras
    scene.lights = scene.lights
    for node in scene.nodes:
        node.skin, node.camera, node.light = node.skin, node.camera, node.light
        node.morph_weights = node.morph_weights
        extras = node.extras
        for key in [k for k in extras if k not in ("camera", "light", "transforms")]:
            extras[key] = extras[key]
    for material in scene.materials:
        extras = material.extras
        for key in list(extras):
            extras[key] = extras[key]
    for mesh in scene.meshes:
        mesh.morph_targets = mesh.morph_targets
        mesh.morph_weights = mesh.morph_weights


@pytest.mark.parametrize("relative", PARTS_FILES)
def test_what_a_part_shows_assigned_back_changes_nothing(corpus, relative, tmp_path):
    path = corpus_file(corpus, relative)
    before = px.read_scene(path)
    scene = px.read_scene(path)
    assign_everything_back(scene)
    for suffix in (".glb", ".dae"):
        assert written(scene, tmp_path / f"after{suffix}") == written(before,
                                                                     tmp_path / f"before{suffix}")


@pytest.mark.parametrize("relative", PARTS_FILES)
def test_parts_made_from_dicts_write_what_the_files_do(corpus, relative, tmp_path):
    """Every skin, animation, camera, light and the asset emptied, then made again from the dicts
    another read of the file shows: the GLB is byte for byte the file's."""
    path = corpus_file(corpus, relative)
    source, scene = px.read_scene(path), px.read_scene(path)
    shown = [(n.skin, n.camera, n.light) for n in scene.nodes]
    for node in scene.nodes:
        node.skin = node.camera = node.light = None
    for key in ("skins", "animations", "asset"):
        scene.global_attrs.pop(key, None)
    scene.cameras, scene.lights = [], []
    assert "skins" not in scene.global_attrs and scene.cameras == []
    for key in ("skins", "animations", "asset"):
        if key in source.global_attrs:
            scene.global_attrs[key] = source.global_attrs[key]
    scene.cameras, scene.lights = source.cameras, source.lights
    for node, (skin, camera, light) in zip(scene.nodes, shown):
        if skin >= 0 and node.mesh < 0:
            continue  # a read may keep a skin on a node without a mesh; Python may not set one
        node.skin, node.camera, node.light = skin, camera, light
    assert written(scene, tmp_path / "made.glb") == written(source, tmp_path / "file.glb")


def cube(scene_nodes=2):
    """A scene of one triangle mesh shown by node 0, with `scene_nodes` nodes (node 1 a joint)."""
    scene = px.SceneData()
    points = np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0]], np.float32)
    mesh = px.PolyData(points, np.array([[0, 1, 2]]),
                       point_data={"joints": np.zeros((3, 4), np.uint16),
                                   "weights": np.tile(np.float32([1, 0, 0, 0]), (3, 1))})
    scene.append_mesh(mesh)
    scene.append_node(px.SceneNode("body", mesh=0))
    for i in range(1, scene_nodes):
        scene.append_node(px.SceneNode(f"bone{i}"))
    return scene


def test_a_skin_an_animation_a_camera_and_a_light_write_as_given(tmp_path, gltf_errors):
    scene = cube()
    scene.global_attrs["skins"] = [{"name": "rig", "joints": [1],
                                    "inverse_bind_matrices": np.eye(4, dtype=np.float32)[None]}]
    scene.nodes[0].skin = 0
    scene.global_attrs["animations"] = [{
        "name": "lift",
        "samplers": [{"times": np.float32([0, 1]),
                      "values": np.float32([[0, 0, 0], [0, 2, 0]])}],
        "channels": [{"sampler": 0, "target": {"node": 1, "path": "translation"}}],
    }]
    scene.cameras = [{"type": "perspective", "name": "eye",
                      "perspective": {"yfov": 0.8, "znear": 0.1}}]
    scene.lights = [{"type": "spot", "color": [1, 0.5, 0], "intensity": 3,
                     "spot": {"innerConeAngle": 0.2, "outerConeAngle": 0.5}}]
    eye = px.SceneNode("eye")
    scene.append_node(eye)
    eye.camera = 0
    eye.light = 0
    scene.global_attrs["extras"] = {"batch": 7}
    scene.nodes[0].extras["extras"] = {"part": "A-1"}

    glb = tmp_path / "rig.glb"
    px.write_scene(scene, glb)
    assert gltf_errors(glb) == []
    doc = glb_json(glb.read_bytes())
    assert doc["skins"][0]["name"] == "rig" and doc["nodes"][0]["skin"] == 0
    assert doc["animations"][0]["name"] == "lift"
    assert doc["animations"][0]["channels"][0]["target"] == {"node": 1, "path": "translation"}
    assert doc["cameras"][0]["perspective"]["yfov"] == pytest.approx(0.8)
    (light,) = doc["extensions"]["KHR_lights_punctual"]["lights"]
    assert light["type"] == "spot" and light["intensity"] == 3
    assert doc["nodes"][2]["camera"] == 0
    assert doc["nodes"][2]["extensions"]["KHR_lights_punctual"]["light"] == 0
    assert doc["extras"] == {"batch": 7}
    assert doc["nodes"][0]["extras"] == {"part": "A-1"}

    back = px.read_scene(glb)
    (skin,) = back.global_attrs["skins"]
    assert skin["joints"] == [1] and back.nodes[0].skin == 0
    (animation,) = back.global_attrs["animations"]
    np.testing.assert_array_equal(animation["samplers"][0]["values"], [[0, 0, 0], [0, 2, 0]])
    assert back.cameras[0]["name"] == "eye" and back.lights[0]["type"] == "spot"


def test_the_asset_and_the_extras_edit_as_given(tmp_path, robot_dae):
    scene = px.read_scene(robot_dae)
    scene.global_attrs["asset"] = {"copyright": "ACME", "unit": {"name": "cm", "meter": 0.01}}
    assert scene.global_attrs["asset"] == {"copyright": "ACME",
                                           "unit": {"name": "cm", "meter": 0.01}}
    scene.materials[0].extras["shading"] = "lambert"
    scene.materials[0].extras["extras"] = {"supplier": "acme"}
    scene.nodes[0].extras["id"] = "base_link"
    del scene.nodes[0].extras["id"]
    assert "id" not in scene.nodes[0].extras
    px.write_scene(scene, tmp_path / "robot.dae")
    text = (tmp_path / "robot.dae").read_text()
    assert "<lambert>" in text and 'meter="0.01"' in text and "<copyright>ACME<" in text and 'name="cm"' in text
    px.write_scene(scene, tmp_path / "robot.glb")
    doc = glb_json((tmp_path / "robot.glb").read_bytes())
    assert doc["asset"]["copyright"] == "ACME"
    assert doc["materials"][0]["extras"] == {"supplier": "acme"}
    del scene.materials[0].extras["extras"]
    assert "extras" not in scene.materials[0].extras


def test_morph_targets_and_weights_edit_as_given(tmp_path, gltf_errors):
    scene = cube(1)
    mesh = scene.meshes[0]
    up = np.float32([[0, 0, 1]] * 3)
    mesh.morph_targets = [{"name": "up", "positions": up}]
    mesh.morph_weights = [0.25]
    scene.nodes[0].morph_weights = [0.5]
    glb = tmp_path / "morph.glb"
    px.write_scene(scene, glb)
    assert gltf_errors(glb) == []
    doc = glb_json(glb.read_bytes())
    assert doc["meshes"][0]["weights"] == [0.25] and doc["nodes"][0]["weights"] == [0.5]
    back = px.read_scene(glb).meshes[0]
    np.testing.assert_array_equal(back.morph_targets[0]["positions"], up)
    # another number of targets resets the weights, the mesh's and its nodes'
    mesh.morph_targets = []
    assert mesh.morph_weights == () and scene.nodes[0].morph_weights == ()


def test_arrays_handed_out_before_an_edit_keep_their_values(corpus):
    scene = px.read_scene(corpus_file(corpus, "gltf/assimp/simple_skin/simple_skin.gltf"))
    (skin,) = scene.global_attrs["skins"]
    matrices = skin["inverse_bind_matrices"]
    kept = matrices.copy()
    assert not matrices.flags.writeable
    scene.global_attrs["skins"] = [dict(skin, inverse_bind_matrices=matrices * 2)]
    np.testing.assert_array_equal(matrices, kept)
    np.testing.assert_array_equal(scene.global_attrs["skins"][0]["inverse_bind_matrices"],
                                  kept * 2)


LINEAR = {"times": np.float32([0, 1]), "values": np.float32([[0, 0, 0], [1, 1, 1]])}


@pytest.mark.parametrize("key, value, error, words", [
    ("skins", [{"joints": []}], ValueError, "skins[0]['joints']"),
    ("skins", [{"joints": [5]}], IndexError, "skins[0]['joints']: node 5"),
    ("skins", [{"joints": [1], "inverse_bind_matrices": np.zeros((2, 4, 4))}], ValueError,
     "skins[0]['inverse_bind_matrices'] must hold one matrix per joint"),
    ("skins", [{"joints": [1], "inverse_bind_matrices": np.zeros((1, 4, 4), np.int32)}],
     ValueError, "float32 or float64"),
    ("skins", [{"joints": [1], "bind_shape_matrix": np.eye(3)}], ValueError,
     "skins[0]['bind_shape_matrix']"),
    ("skins", "joints", TypeError, "skins must be a list of dicts"),
    ("animations", [{"channels": [], "samplers": [dict(LINEAR, values=np.zeros((3, 3)))]}],
     ValueError, "animations[0]['samplers'][0]['values'] must hold a row per key"),
    ("animations", [{"channels": [], "samplers": [dict(LINEAR, interpolation="EASE")]}],
     ValueError, "['interpolation'] is 'EASE'"),
    ("animations", [{"channels": [], "samplers": [dict(LINEAR, times=np.float32([1, 0]))]}],
     ValueError, "['times'] must rise strictly"),
    ("animations", [{"channels": [{"sampler": 3, "target": {"node": 0, "path": "scale"}}],
                     "samplers": [LINEAR]}], IndexError, "['channels'][0]['sampler']"),
    ("animations", [{"channels": [{"sampler": 0, "target": {"node": 0, "path": "spin"}}],
                     "samplers": [LINEAR]}], ValueError, "['target']['path'] is 'spin'"),
    ("animations", [{"channels": [{"sampler": 0, "target": {"node": 9, "path": "scale"}}],
                     "samplers": [LINEAR]}], IndexError, "['target']['node']: node 9"),
    ("asset", {"author": 3}, TypeError, "asset['author'] must be a str"),
    ("asset", {"colour": "red"}, ValueError, "asset['colour'] is no asset field"),
    ("asset", {"unit": {"meter": 0}}, ValueError, "asset['unit']['meter']"),
    ("cameras", [], ValueError, "SceneData.cameras"),
    ("material_variants", {}, ValueError, "read-only"),
])
def test_a_wrong_global_attr_raises_naming_its_field(key, value, error, words):
    scene = cube()
    before = dict(scene.global_attrs)
    with pytest.raises(error) as raised:
        scene.global_attrs[key] = value
    assert words in str(raised.value)
    assert dict(scene.global_attrs) == before


@pytest.mark.parametrize("attribute, value, error, words", [
    ("cameras", [{"type": "perspective", "perspective": {"yfov": -1, "znear": 0.1}}],
     ValueError, "cameras[0]"),
    ("cameras", [{"type": "fisheye"}], ValueError, "cameras[0]: its type is 'fisheye'"),
    ("lights", [{"type": "laser"}], ValueError, "lights[0]"),
    ("lights", [{"type": "point", "color": [2, 0, 0]}], ValueError, "lights[0]"),
])
def test_a_wrong_camera_or_light_raises_naming_it(attribute, value, error, words):
    scene = cube()
    with pytest.raises(error, match=words.replace("[", r"\[").replace("]", r"\]")):
        setattr(scene, attribute, value)
    assert getattr(scene, attribute) == []


def test_node_and_mesh_fields_are_checked():
    scene = cube()
    body, bone = scene.nodes
    with pytest.raises(IndexError, match="skin 0 is out of range"):
        body.skin = 0
    scene.global_attrs["skins"] = [{"joints": [1]}]
    with pytest.raises(ValueError, match="skin: the node shows no mesh"):
        bone.skin = 0
    body.skin = 0
    with pytest.raises(ValueError, match="skin: node 0 shows skin 0"):
        del scene.global_attrs["skins"]
    scene.cameras = [{"type": "orthographic",
                      "orthographic": {"xmag": 1, "ymag": 1, "znear": 0, "zfar": 10}}]
    bone.camera = 0
    with pytest.raises(ValueError, match="camera: node 1 shows camera 0"):
        scene.cameras = []
    with pytest.raises(ValueError, match="set SceneNode.camera instead"):
        bone.extras["camera"] = 0
    with pytest.raises(ValueError, match="'JOINT'"):
        bone.extras["type"] = "BONE"
    with pytest.raises(ValueError, match="append the SceneNode to a scene first"):
        px.SceneNode("loose").extras["extras"] = {}
    loose = px.SceneNode("loose")
    loose.light = 4
    with pytest.raises(IndexError, match="light 4 is out of range"):
        scene.append_node(loose)
    with pytest.raises(ValueError, match="morph_weights must hold one weight per morph target"):
        scene.meshes[0].morph_weights = [1.0]
    with pytest.raises(ValueError, match=r"morph_targets\[0\]\['positions'\] must be \(3, 3\)"):
        scene.meshes[0].morph_targets = [{"positions": np.zeros((2, 3), np.float32)}]
    with pytest.raises(ValueError, match=r"morph_targets\[0\]\['positions'\] must hold float"):
        scene.meshes[0].morph_targets = [{"positions": np.zeros((3, 3), np.int32)}]
    with pytest.raises(ValueError, match=r"\['point_data'\]\['normals'\]"):
        scene.meshes[0].morph_targets = [{"positions": np.zeros((3, 3), np.float32),
                                          "point_data": {"normals": np.zeros((3, 3))}}]
    with pytest.raises(ValueError, match="extras\\['shading'\\]"):
        scene.append_material(px.SceneMaterial("m"))
        scene.materials[0].extras["shading"] = "toon"
