"""Reordering a scene's parts (issue 37, point 1): SceneData.reorder_meshes, reorder_nodes,
reorder_materials, reorder_textures and reorder_images move the parts, every index of them the
scene holds follows, each Python object keeps standing for its part, and what is written
afterwards (GLB the Khronos validator passes) holds the same content."""

from __future__ import annotations

import base64
import io
import json
import struct

import numpy as np
import pytest

import polyxios as px
from documents import corpus_file, pointer_gltf
from test_edit_images import clearcoat, png, texture_users


def glb_json(data: bytes) -> dict:
    (length,) = struct.unpack_from("<I", data, 12)
    return json.loads(data[20:20 + length])


def glb_of(scene) -> bytes:
    out = io.BytesIO()
    px.write_scene(scene, out, format="glb")
    return out.getvalue()


def graph(scene):
    """The node graph by name: each node's children, mesh (by its first point) and the roots."""
    def mesh(n):
        return None if n.mesh < 0 else tuple(scene.meshes[n.mesh].points[0])
    nodes = {n.name: (tuple(sorted(scene.nodes[c].name for c in n.children)), mesh(n))
             for n in scene.nodes}
    roots = [tuple(scene.nodes[r].name for r in roots) for roots in scene.scenes]
    return nodes, roots


def world_triangles(scene) -> np.ndarray:
    """Every triangle the default scene shows, a row each: its material's name (as its rank among
    the names) and its corners in world space; sorted, so that the order of nodes, meshes and
    materials does not count."""
    flat = scene.to_polydata()
    assert set(flat.cell_types) == {px.CellType.TRIANGLE}
    corners = flat.points[flat.triangles()].reshape(-1, 9).astype(np.float64)
    rank = {name: i for i, name in enumerate(sorted({m.name for m in scene.materials}))}
    ranks = np.array([rank[m.name] for m in scene.materials] + [-1])
    rows = np.column_stack([ranks[flat.element_attrs["material"]], corners])  # -1: the last
    return rows[np.lexsort(rows.T[::-1])]


def test_nodes_meshes_and_materials_are_reordered_keeping_their_handles(robot_dae):
    scene = px.read_scene(robot_dae)
    before = graph(scene)
    world = {n.name: scene.world_matrix(n.index) for n in scene.nodes}
    base, upper_arm, hand = scene.nodes
    link, gripper = scene.meshes
    paint, steel = scene.materials
    link_materials = link.element_attrs["material"]
    scene.reorder_nodes([2, 0, 1])
    assert [n.name for n in scene.nodes] == ["hand", "base", "upper_arm"]
    assert (hand.index, base.index, upper_arm.index) == (0, 1, 2)
    assert base.children == (2,) and upper_arm.children == (0,) and scene.scenes == ((1,),)
    scene.reorder_meshes([1, 0])
    assert (gripper.index, link.index) == (0, 1)
    assert (hand.mesh, base.mesh, upper_arm.mesh) == (0, 1, 1)
    scene.reorder_materials([1, 0])
    assert (steel.index, paint.index) == (0, 1) and scene.materials[1].name == "paint"
    assert list(link.element_attrs["material"]) == [1] * link.num_cells
    assert list(gripper.element_attrs["material"]) == [0] * gripper.num_cells
    assert list(link_materials) == [0] * link.num_cells  # read before: unchanged (copy-on-write)
    assert graph(scene) == before
    for n in scene.nodes:
        np.testing.assert_array_equal(scene.world_matrix(n.index), world[n.name])


@pytest.mark.parametrize("order, error, message", [
    ([0, 1], ValueError, "reorder_nodes: order has 2 entries, but the scene has 3 nodes"),
    ([0, 1, 1], ValueError, "reorder_nodes: order lists 1 twice"),
    ([0, 1, 3], ValueError, "reorder_nodes: order entry 3 is out of range: the scene has 3 nodes"),
    ([0, 1, -1], ValueError, "order entry -1 is out of range"),
    ([0, 1, 2.0], TypeError, "reorder_nodes: order entry must be an integer, not float"),
    ("012", TypeError, "reorder_nodes: order must be a sequence of integers, not str"),
    (3, TypeError, "order must be a sequence of integers, not int"),
])
def test_a_wrong_order_is_refused_and_changes_nothing(robot_dae, order, error, message):
    scene = px.read_scene(robot_dae)
    before = graph(scene)
    with pytest.raises(error, match=message):
        scene.reorder_nodes(order)
    assert graph(scene) == before and [n.index for n in scene.nodes] == [0, 1, 2]


def test_an_order_is_any_sequence_of_integers(robot_dae):
    scene = px.read_scene(robot_dae)
    scene.reorder_nodes(np.array([1, 2, 0], dtype=np.int64))
    scene.reorder_meshes(range(1, -1, -1))
    scene.reorder_materials((np.int32(1), 0))
    assert [n.name for n in scene.nodes] == ["upper_arm", "hand", "base"]
    with pytest.raises(ValueError, match="reorder_materials: order lists 0 twice"):
        scene.reorder_materials([0, 0])
    with pytest.raises(ValueError, match="reorder_meshes: order has 0 entries, but the scene "
                                         "has 2 meshes"):
        scene.reorder_meshes([])


def test_kinds_animation_pointers_number_are_not_reordered():
    scene = px.read_scene(pointer_gltf())
    for reorder, parts in ((scene.reorder_nodes, "nodes"), (scene.reorder_materials, "materials"),
                           (scene.reorder_meshes, "meshes")):
        count = {"nodes": 1, "materials": 1, "meshes": 0}[parts]
        with pytest.raises(ValueError, match=f"reorder_{parts}: animation 0 has "
                                             "KHR_animation_pointer channels, whose JSON pointers "
                                             f"number the {parts}"):
            reorder(list(range(count)))
    scene.reorder_textures([])  # nothing numbers textures or images
    scene.reorder_images([])


def test_skins_and_animations_follow_the_nodes(corpus, tmp_path, gltf_errors):
    skinned = px.read_scene(corpus_file(corpus, "gltf/assimp/simple_skin/quad_skin.glb"))
    names = [n.name for n in skinned.nodes]
    joints = [names[j] for j in skinned.global_attrs["skins"][0]["joints"]]
    before = graph(skinned)
    order = list(reversed(range(len(names))))
    skinned.reorder_nodes(order)
    assert [names[j] for j in order] == [n.name for n in skinned.nodes]
    after = [n.name for n in skinned.nodes]
    assert [after[j] for j in skinned.global_attrs["skins"][0]["joints"]] == joints
    assert graph(skinned) == before
    written = glb_of(skinned)
    (tmp_path / "skin.glb").write_bytes(written)
    assert gltf_errors(tmp_path / "skin.glb") == []
    back = px.read_scene(written)
    back_names = [n.name for n in back.nodes]
    assert [back_names[j] for j in back.global_attrs["skins"][0]["joints"]] == joints

    animated = px.read_scene(corpus_file(
        corpus, "gltf/assimp/AnimatedMorphCube/glTF/AnimatedMorphCube.gltf"))
    animated.append_node(px.SceneNode("first"))
    animated.reorder_nodes([1, 0])
    (channel,) = animated.global_attrs["animations"][0]["channels"]
    assert channel["target"] == {"node": 1, "path": "weights"}
    (tmp_path / "morph.glb").write_bytes(glb_of(animated))
    assert gltf_errors(tmp_path / "morph.glb") == []


def test_a_reordered_scene_writes_the_same_content(corpus, tmp_path, gltf_errors):
    path = corpus_file(corpus, "gltf/assimp/2CylinderEngine-glTF-Binary/2CylinderEngine.glb")
    original, scene = px.read_scene(path), px.read_scene(path)
    rng = np.random.default_rng(37)
    scene.reorder_nodes(rng.permutation(len(scene.nodes)))
    scene.reorder_meshes(rng.permutation(len(scene.meshes)))
    scene.reorder_materials(rng.permutation(len(scene.materials)))
    assert [m.name for m in scene.materials] != [m.name for m in original.materials]
    np.testing.assert_array_equal(world_triangles(scene), world_triangles(original))
    glb = tmp_path / "engine.glb"
    px.write_scene(scene, glb)
    assert gltf_errors(glb) == []
    back = px.read_scene(glb)
    assert [m.name for m in back.materials] == [m.name for m in scene.materials]
    # the same numbers through one more write and read as the original's
    np.testing.assert_array_equal(world_triangles(back),
                                  world_triangles(px.read_scene(glb_of(original))))
    np.testing.assert_allclose(back.to_polydata().bounds, original.to_polydata().bounds,
                               rtol=1e-6)


def test_textures_and_images_are_reordered_for_every_reference(corpus, tmp_path, gltf_errors):
    scene = clearcoat(corpus)
    for i, image in enumerate(scene.images):
        image.name = f"i{i}"
    before = texture_users(scene)
    images, textures = scene.images, scene.textures
    scene.reorder_images(list(reversed(range(len(images)))))
    scene.reorder_textures(list(reversed(range(len(textures)))))
    assert [i.index for i in images] == list(reversed(range(len(images))))
    assert [t.index for t in textures] == list(reversed(range(len(textures))))
    assert texture_users(scene) == before
    glb = tmp_path / "clearcoat.glb"
    px.write_scene(scene, glb)
    assert gltf_errors(glb) == []
    # the writer adds a material of its own last (one generating a tangent space)
    assert texture_users(px.read_scene(glb))[:len(before)] == before


WEBP = bytes.fromhex("524946461a000000574542505650384c0d0000002f00000010071011118888fe0700")


def data_uri(mime_type: str, data: bytes) -> str:
    return f"data:{mime_type};base64," + base64.b64encode(data).decode()


def test_an_extension_image_follows_the_images(tmp_path, gltf_errors):
    document = {
        "asset": {"version": "2.0"},
        "extensionsUsed": ["EXT_texture_webp"],
        "images": [{"name": "fallback", "uri": data_uri("image/png", png())},
                   {"name": "webp", "uri": data_uri("image/webp", WEBP)}],
        "textures": [{"source": 0, "extensions": {"EXT_texture_webp": {"source": 1}}}],
        "materials": [{"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}}],
    }
    scene = px.read_scene(json.dumps(document).encode())
    with pytest.raises(ValueError, match=r"remove_image: image 1 \('webp'\) cannot be removed: "
                                         "texture 0 shows it through EXT_texture_webp"):
        scene.remove_image(1)
    scene.reorder_images([1, 0])
    assert scene.textures[0].image == 1
    written = glb_of(scene)
    (tmp_path / "webp.glb").write_bytes(written)
    assert gltf_errors(tmp_path / "webp.glb") == []
    gltf = glb_json(written)
    (texture,) = gltf["textures"]
    assert gltf["images"][texture["source"]]["mimeType"] == "image/png"
    assert gltf["images"][texture["extensions"]["EXT_texture_webp"]["source"]]["name"] == "webp"


def variants_gltf() -> bytes:
    """Two meshes of one triangle, "red" showing material red and, in variant "alt", blue;
    "blue" the other way round."""
    data = struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0)

    def mesh(name, material, variant):
        return {"name": name, "primitives": [{
            "attributes": {"POSITION": 0}, "material": material,
            "extensions": {"KHR_materials_variants": {
                "mappings": [{"material": variant, "variants": [0]}]}}}]}
    return json.dumps({
        "asset": {"version": "2.0"},
        "extensionsUsed": ["KHR_materials_variants"],
        "extensions": {"KHR_materials_variants": {"variants": [{"name": "alt"}]}},
        "scene": 0, "scenes": [{"nodes": [0, 1]}],
        "nodes": [{"name": "a", "mesh": 0}, {"name": "b", "mesh": 1}],
        "meshes": [mesh("red", 0, 1), mesh("blue", 1, 0)],
        "materials": [{"name": "red"}, {"name": "blue"}],
        "buffers": [{"uri": data_uri("application/octet-stream", data), "byteLength": 36}],
        "bufferViews": [{"buffer": 0, "byteLength": 36}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                       "min": [0, 0, 0], "max": [1, 1, 0]}],
    }).encode()


def shown_materials(gltf: dict) -> dict:
    """Each node's material and its variant's, by name."""
    names = [m["name"] for m in gltf["materials"]]
    out = {}
    for node in gltf["nodes"]:
        (primitive,) = gltf["meshes"][node["mesh"]]["primitives"]
        (mapping,) = primitive["extensions"]["KHR_materials_variants"]["mappings"]
        out[node["name"]] = (names[primitive["material"]], names[mapping["material"]])
    return out


def test_material_variants_follow_the_meshes_and_materials(tmp_path, gltf_errors):
    scene = px.read_scene(variants_gltf())
    expected = {"a": ("red", "blue"), "b": ("blue", "red")}
    assert shown_materials(glb_json(glb_of(scene))) == expected
    scene.reorder_materials([1, 0])
    scene.reorder_meshes([1, 0])
    scene.reorder_nodes([1, 0])
    written = glb_of(scene)
    (tmp_path / "variants.glb").write_bytes(written)
    assert gltf_errors(tmp_path / "variants.glb") == []
    gltf = glb_json(written)
    assert [m["name"] for m in gltf["materials"]] == ["blue", "red"]
    assert shown_materials(gltf) == expected
