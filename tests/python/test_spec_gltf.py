"""spec/gltf.md: each Python example of the page, and its quirks that a Python caller sees."""

from __future__ import annotations

import base64
import io
import json
import struct

import numpy as np
import pytest

import polyxios as px
from documents import collada, corpus_file


@pytest.fixture
def robot_glb(robot_dae, tmp_path):
    """The spec's robot.glb: the robot arm written as GLB."""
    path = tmp_path / "robot.glb"
    px.write_scene(px.read_scene(robot_dae), path)
    return path


def animated_gltf() -> bytes:
    """A glTF JSON document of one node translated by an animation of two keys, its buffer a
    data: URI."""
    data = struct.pack("<2f", 0.0, 1.0) + struct.pack("<6f", 0, 0, 0, 1, 0, 0)
    uri = "data:application/octet-stream;base64," + base64.b64encode(data).decode()
    document = {
        "asset": {"version": "2.0"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [{"name": "mover"}],
        "buffers": [{"uri": uri, "byteLength": len(data)}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 8},
                        {"buffer": 0, "byteOffset": 8, "byteLength": 24}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR",
                       "min": [0.0], "max": [1.0]},
                      {"bufferView": 1, "componentType": 5126, "count": 2, "type": "VEC3"}],
        "animations": [{"name": "slide",
                        "channels": [{"sampler": 0, "target": {"node": 0, "path": "translation"}}],
                        "samplers": [{"input": 0, "output": 1, "interpolation": "LINEAR"}]}],
    }
    return json.dumps(document).encode()


def test_read_scene_preserves_the_full_scene_graph(robot_dae, robot_glb):
    scene = px.read_scene(robot_glb)
    # scene.nodes: tuple of SceneNode (matrix, mesh index, children)
    assert [n.name for n in scene.nodes] == ["base", "upper_arm", "hand"]
    assert [n.children for n in scene.nodes] == [(1,), (2,), ()]
    dae = px.read_scene(robot_dae)
    for a, b in zip(dae.nodes, scene.nodes):
        np.testing.assert_allclose(a.matrix, b.matrix, atol=1e-6)
    # scene.meshes: tuple of PolyData (one per glTF mesh, primitives merged)
    assert len(scene.meshes) == 2 and all(isinstance(m, px.PolyData) for m in scene.meshes)
    # quads are fan-triangulated on write
    assert scene.meshes[0].element_types == ("triangle",) and scene.meshes[0].num_cells == 12
    # scene.materials: tuple of SceneMaterial (PBR metallic-roughness)
    assert [m.name for m in scene.materials] == ["paint", "steel"]
    assert all(isinstance(m, px.SceneMaterial) for m in scene.materials)
    assert scene.textures == () and scene.images == ()


def test_textures_and_images_of_a_textured_glb(corpus):
    scene = px.read_scene(corpus_file(corpus, "gltf/assimp/BoxTextured-glTF-Binary/BoxTextured.glb"))
    # scene.textures: tuple of SceneTexture (image index + sampler settings)
    (texture,) = scene.textures
    assert isinstance(texture, px.SceneTexture) and texture.image == 0
    assert scene.materials[0].base_color_texture.texture == 0
    # scene.images: tuple of SceneImage (URI or embedded bytes)
    (image,) = scene.images
    assert isinstance(image, px.SceneImage)
    assert image.uri is None and image.mime_type == "image/png"
    assert bytes(image.bytes[:4]) == b"\x89PNG"


def test_to_polydata_flattens_with_vertices_and_element_types(robot_glb):
    scene = px.read_scene(robot_glb)
    mesh = scene.to_polydata()  # applies world transforms, merges all meshes
    assert mesh.vertices.shape == (53, 3)  # (n, 3): the link twice, the gripper once
    np.testing.assert_array_equal(mesh.vertices, mesh.points)
    assert mesh.element_types == ("triangle",)  # element groups from all nodes


def test_read_flattens_with_a_user_warning(robot_glb):
    with pytest.warns(UserWarning, match="read.scene-flattened"):
        mesh = px.read(robot_glb)  # use read_scene to suppress
    assert mesh.num_points == 53


def test_write_scene_writes_glb_or_gltf_with_its_bin(robot_glb, tmp_path):
    scene = px.read_scene(robot_glb)
    px.write_scene(scene, tmp_path / "out.glb")  # GLB (self-contained)
    px.write_scene(scene, tmp_path / "out.gltf")  # glTF JSON + out.bin (separate buffer)
    assert (tmp_path / "out.glb").read_bytes()[:4] == b"glTF"
    document = json.loads((tmp_path / "out.gltf").read_text())
    assert document["buffers"][0]["uri"] == "out.bin"
    assert (tmp_path / "out.bin").is_file()
    for name in ("out.glb", "out.gltf"):
        back = px.read_scene(tmp_path / name)
        assert [n.name for n in back.nodes] == ["base", "upper_arm", "hand"]
        np.testing.assert_array_equal(back.meshes[1].points, scene.meshes[1].points)


def test_write_serialises_a_flat_polydata_as_a_single_node_scene(robot_glb, tmp_path):
    mesh = px.read_scene(robot_glb).to_polydata()
    px.write(mesh, tmp_path / "out.glb")
    px.write(mesh, tmp_path / "out.gltf")
    assert (tmp_path / "out.bin").is_file()
    for name in ("out.glb", "out.gltf"):
        back = px.read_scene(tmp_path / name)
        assert len(back.nodes) == 1 and back.nodes[0].mesh == 0 and len(back.meshes) == 1
        np.testing.assert_array_equal(back.meshes[0].points, mesh.points)


def test_binary_option_chooses_glb_or_gltf_and_none_follows_the_suffix(robot_glb, tmp_path):
    scene = px.read_scene(robot_glb)
    px.write_scene(scene, tmp_path / "a.gltf", binary=True)
    assert (tmp_path / "a.gltf").read_bytes()[:4] == b"glTF"
    px.write_scene(scene, tmp_path / "b.glb", binary=False)
    assert (tmp_path / "b.glb").read_bytes()[:1] == b"{" and (tmp_path / "b.bin").is_file()
    px.write_scene(scene, tmp_path / "c.glb", binary=None)
    assert (tmp_path / "c.glb").read_bytes()[:4] == b"glTF"


def test_glb_is_told_by_its_magic_whatever_its_name(robot_glb, tmp_path):
    renamed = tmp_path / "renamed.gltf"
    renamed.write_bytes(robot_glb.read_bytes())
    assert len(px.read_scene(renamed).nodes) == 3


TWO_MATERIALS = collada(
    """<library_effects><effect id="fx"><profile_COMMON><technique sid="t"><lambert/></technique>
</profile_COMMON></effect></library_effects>
<library_materials><material id="a" name="a"><instance_effect url="#fx"/></material>
  <material id="b" name="b"><instance_effect url="#fx"/></material></library_materials>
<library_geometries><geometry id="g"><mesh>
  <source id="pos"><float_array id="pos-a" count="12">0 0 0 1 0 0 0 1 0 1 1 0</float_array>
    <technique_common><accessor source="#pos-a" count="4" stride="3">
      <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
    </accessor></technique_common></source>
  <vertices id="v"><input semantic="POSITION" source="#pos"/></vertices>
  <triangles count="1" material="a"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 2</p></triangles>
  <triangles count="1" material="b"><input semantic="VERTEX" source="#v" offset="0"/><p>1 3 2</p></triangles>
</mesh></geometry></library_geometries>""",
    """<node id="n"><instance_geometry url="#g"><bind_material><technique_common>
<instance_material symbol="a" target="#a"/><instance_material symbol="b" target="#b"/>
</technique_common></bind_material></instance_geometry></node>""")


def test_primitives_merge_into_one_polydata_with_a_material_per_element(tmp_path):
    # one mesh of two materials goes out as one glTF mesh of two primitives, and reads back as
    # one PolyData
    px.write_scene(px.read_scene(TWO_MATERIALS), tmp_path / "two.gltf")
    primitives = json.loads((tmp_path / "two.gltf").read_text())["meshes"][0]["primitives"]
    assert [p["material"] for p in primitives] == [0, 1]
    (mesh,) = px.read_scene(tmp_path / "two.gltf").meshes
    assert list(mesh.element_attrs["material"]) == [0, 1]


def test_animations_are_numpy_arrays_in_global_attrs():
    scene = px.read_scene(animated_gltf())
    (animation,) = scene.global_attrs["animations"]
    assert animation["name"] == "slide"
    (sampler,) = animation["samplers"]
    assert sampler["interpolation"] == "LINEAR"
    np.testing.assert_array_equal(sampler["times"], np.array([0, 1], np.float32))
    np.testing.assert_array_equal(sampler["values"], [[0, 0, 0], [1, 0, 0]])
    assert isinstance(sampler["values"], np.ndarray) and not sampler["values"].flags.writeable


def test_animations_are_re_encoded_on_write_scene(tmp_path):
    px.write_scene(px.read_scene(animated_gltf()), tmp_path / "moving.glb")
    (animation,) = px.read_scene(tmp_path / "moving.glb").global_attrs["animations"]
    np.testing.assert_array_equal(animation["samplers"][0]["values"], [[0, 0, 0], [1, 0, 0]])


def test_skins_decode_inverse_bind_matrices(corpus):
    scene = px.read_scene(corpus_file(corpus, "gltf/assimp/simple_skin/quad_skin.glb"))
    (skin,) = scene.global_attrs["skins"]
    matrices = skin["inverse_bind_matrices"]
    assert matrices.shape == (len(skin["joints"]), 4, 4) and matrices.dtype == np.float64
    np.testing.assert_array_equal(matrices[:, 3, :], np.tile([0, 0, 0, 1], (len(matrices), 1)))


def test_nan_refuses_the_write(tmp_path):
    mesh = px.PolyData([[0, 0, 0], [1, np.nan, 0], [0, 1, 0]], cells=[[0, 1, 2]])
    with pytest.raises(px.CodecError) as refused:
        px.write(mesh, tmp_path / "nan.glb")
    assert refused.value.code.startswith("gltf.write.")
    assert not (tmp_path / "nan.glb").exists()


def test_gltf_to_a_stream_is_refused_and_glb_goes_whole(robot_glb):
    scene = px.read_scene(robot_glb)
    stream = io.BytesIO()
    with pytest.raises(px.CodecError) as refused:
        px.write_scene(scene, stream, binary=False)  # external .bin buffers require a path
    assert refused.value.code == "gltf.write.stream-needs-path"
    assert stream.getvalue() == b""
    px.write_scene(scene, stream)  # binary=True: a self-contained GLB instead
    assert stream.getvalue() == robot_glb.read_bytes()


def test_morph_targets_and_their_weights_are_numpy_views(corpus):
    scene = px.read_scene(corpus_file(corpus, "gltf/assimp/AnimatedMorphSphere/glTF/AnimatedMorphSphere.gltf"))
    (mesh,) = scene.meshes
    targets = mesh.morph_targets
    assert len(targets) == 2 and len(mesh.morph_weights) == 2
    for target in targets:
        assert target["positions"].shape == (mesh.num_points, 3)
        assert not target["positions"].flags.writeable
        assert target["normals"] is None or target["normals"].shape == (mesh.num_points, 3)
    assert any(np.abs(t["positions"]).max() > 0 for t in targets)
    assert all(t["point_data"] == {} for t in targets)  # they move no texcoords or colours
    # a mesh without targets has none
    assert px.read_scene(corpus_file(corpus, "gltf/assimp/BoxTextured-glTF-Binary/BoxTextured.glb")).meshes[0].morph_targets == ()


def test_morph_target_point_data_holds_texcoord_differences(corpus):
    scene = px.read_scene(corpus_file(
        corpus, "collada/cts/collada/library_controllers/controller/morph/"
        "morph_vertices_with_position_normal_texture_color/morph_vertices_with_position_normal_texture_color.dae"))
    (mesh,) = [m for m in scene.meshes if m.morph_targets]
    (target,) = mesh.morph_targets
    moved = target["point_data"]["texcoords"]
    assert moved.shape == mesh.point_data["texcoords"].shape
    assert not moved.flags.writeable
    assert np.abs(moved).max() > 0


def test_carried_material_extensions_and_gpu_instances(corpus):
    scene = px.read_scene(corpus_file(
        corpus, "gltf/validator/ext/KHR_materials_clearcoat/data/material/valid_with_tangent.gltf"))
    clearcoat = scene.materials[0].extensions["KHR_materials_clearcoat"]
    assert isinstance(clearcoat["values"], dict) and isinstance(clearcoat["textures"], dict)
    assert all(isinstance(t, px.SceneTextureRef) for t in clearcoat["textures"].values())
    assert px.read_scene(corpus_file(
        corpus, "gltf/assimp/BoxTextured-glTF-Binary/BoxTextured.glb")).materials[0].extensions == {}
    # EXT_mesh_gpu_instancing: a triangle drawn twice, translated
    data = struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0) + struct.pack("<6f", 0, 0, 0, 5, 0, 0)
    doc = {
        "asset": {"version": "2.0"},
        "extensionsUsed": ["EXT_mesh_gpu_instancing"],
        "buffers": [{"byteLength": len(data), "uri": "data:application/octet-stream;base64," +
                     base64.b64encode(data).decode()}],
        "bufferViews": [{"buffer": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 24}],
        "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
             "min": [0, 0, 0], "max": [1, 1, 0]},
            {"bufferView": 1, "componentType": 5126, "count": 2, "type": "VEC3"}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
        "nodes": [{"mesh": 0, "extensions": {"EXT_mesh_gpu_instancing": {"attributes": {"TRANSLATION": 1}}}}],
        "scenes": [{"nodes": [0]}], "scene": 0,
    }
    node = px.read_scene(json.dumps(doc).encode()).nodes[0]
    assert node.instances["count"] == 2
    np.testing.assert_array_equal(node.instances["translation"], [[0, 0, 0], [5, 0, 0]])
    assert node.instances["rotation"] is None and node.instances["custom"] == {}


def test_a_nodes_own_morph_weights_on_a_mesh_other_nodes_show_too():
    positions = struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0)
    uri = "data:application/octet-stream;base64," + base64.b64encode(positions).decode()
    document = {
        "asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0, 1]}],
        "nodes": [{"mesh": 0, "weights": [0.75]}, {"mesh": 0}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "targets": [{"POSITION": 0}]}],
                    "weights": [0.5]}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                       "min": [0, 0, 0], "max": [1, 1, 0]}],
        "bufferViews": [{"buffer": 0, "byteLength": 36}],
        "buffers": [{"byteLength": 36, "uri": uri}],
    }
    scene = px.read_scene(json.dumps(document).encode())
    assert scene.meshes[0].morph_weights == (0.5,)
    assert scene.nodes[0].morph_weights == (0.75,)
    assert scene.nodes[1].morph_weights == ()  # it shows the mesh's
