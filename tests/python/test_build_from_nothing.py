"""A textured, skinned, animated cube built in Python from nothing (issue 37: "building a scene
from nothing that the Khronos validator passes and the COLLADA schema passes"): every part made
from arrays and dicts, written as GLB and COLLADA, each valid and read back with what was built."""

from __future__ import annotations

import struct
import zlib

import numpy as np

import polyxios as px


def png(width: int, height: int, rgb: bytes) -> bytes:
    """A PNG of 8-bit RGB pixels, rows filtered with filter 0."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data +
                struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    rows = b"".join(b"\0" + rgb[y * width * 3:(y + 1) * width * 3] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) +
            chunk(b"IEND", b""))


def cube_mesh() -> px.PolyData:
    """A unit cube of 6 quads, 4 points each (split normals and texture coordinates); the top
    face's points bound to joint 1, the others to joint 0; material 0."""
    faces = []  # (normal, four corners counter-clockwise seen from outside)
    for axis in range(3):
        for sign in (-1, 1):
            normal = np.zeros(3)
            normal[axis] = sign
            u, v = np.roll(np.eye(3), 1, axis=0)[axis], np.roll(np.eye(3), 2, axis=0)[axis]
            if sign < 0:
                u, v = v, u
            centre = normal * 0.5
            corners = [centre + (a - 0.5) * u + (b - 0.5) * v
                       for a, b in ((0, 0), (1, 0), (1, 1), (0, 1))]
            faces.append((normal, corners))
    points = np.array([c for _, corners in faces for c in corners], np.float32)
    normals = np.repeat(np.array([n for n, _ in faces], np.float32), 4, axis=0)
    texcoords = np.tile(np.float32([[0, 0], [1, 0], [1, 1], [0, 1]]), (6, 1))
    top = points[:, 1] > 0.49
    joints = np.zeros((24, 4), np.uint16)
    joints[top, 0] = 1
    weights = np.zeros((24, 4), np.float32)
    weights[:, 0] = 1
    return px.PolyData(points, cells=np.arange(24).reshape(6, 4),
                       point_data={"normals": normals, "texcoords": texcoords,
                                   "joints": joints, "weights": weights},
                       element_attrs={"material": np.zeros(6, np.int32)})


def translated(x, y, z):
    matrix = np.eye(4)
    matrix[:3, 3] = (x, y, z)
    return matrix


def built_cube() -> px.SceneData:
    scene = px.SceneData()
    checker = png(2, 2, bytes([255, 0, 0, 255, 255, 255, 255, 255, 255, 255, 0, 0]))
    image = scene.append_image(px.SceneImage("checker", mime_type="image/png", data=checker))
    texture = scene.append_texture(px.SceneTexture(image=image))
    material = px.SceneMaterial("painted", metallic=0.0, roughness=0.8)
    scene.append_material(material)
    material.base_color_texture = texture
    mesh = scene.append_mesh(cube_mesh())

    root = scene.append_node(px.SceneNode("rig"))
    hip = scene.append_node(px.SceneNode("hip"), parent=root)
    top = scene.append_node(px.SceneNode("top", matrix=translated(0, 0.5, 0)), parent=hip)
    body = scene.append_node(px.SceneNode("cube", mesh=mesh), parent=root)
    scene.global_attrs["skins"] = [{
        "name": "cube_rig",
        "joints": [hip, top],
        "skeleton": hip,
        "inverse_bind_matrices": np.stack([np.eye(4), translated(0, -0.5, 0)]).astype(np.float32),
    }]
    scene.nodes[body].skin = 0
    angle = np.radians([0, 45, 0])
    turn = np.stack([[0, np.sin(a / 2), 0, np.cos(a / 2)] for a in angle]).astype(np.float32)
    scene.global_attrs["animations"] = [{
        "name": "twist",
        "samplers": [{"times": np.float32([0, 1, 2]), "values": turn},
                     {"times": np.float32([0, 2]),
                      "values": np.float32([[0, 0.5, 0], [0, 1, 0]])}],
        "channels": [{"sampler": 0, "target": {"node": top, "path": "rotation"}},
                     {"sampler": 1, "target": {"node": top, "path": "translation"}}],
    }]
    return scene


def test_a_cube_built_from_nothing_writes_valid_glb_and_collada(tmp_path, gltf_errors,
                                                                schema_errors):
    scene = built_cube()
    glb, dae = tmp_path / "cube.glb", tmp_path / "cube.dae"
    px.write_scene(scene, glb)
    px.write_scene(scene, dae)
    assert gltf_errors(glb) == []
    assert schema_errors(dae) == ""

    for path in (glb, dae):
        back = px.read_scene(path)
        assert len(back.meshes) == 1 and back.meshes[0].num_points == 24
        assert back.meshes[0].triangles().shape == (12, 3)
        assert [m.name for m in back.materials] == ["painted"]
        (skin,) = back.global_attrs["skins"]
        names = [back.nodes[j].name for j in skin["joints"]]
        assert names == ["hip", "top"]
        np.testing.assert_allclose(skin["inverse_bind_matrices"][1], translated(0, -0.5, 0),
                                   atol=1e-6)
        (animation,) = back.global_attrs["animations"]
        # glTF keeps the two channels; COLLADA bakes a node's TRS channels into its <matrix>'s
        assert {back.nodes[c["target"]["node"]].name for c in animation["channels"]} == {"top"}
        assert len(animation["channels"]) == (2 if path == glb else 1)
        cube_node = next(n for n in back.nodes if n.name == "cube")
        assert cube_node.skin == 0
        assert back.materials[0].base_color_texture is not None

    back = px.read_scene(glb)
    (image,) = back.images
    assert bytes(image.bytes) == png(2, 2, bytes([255, 0, 0, 255, 255, 255, 255, 255, 255,
                                                   255, 0, 0]))
    (rotation,) = [c for c in back.global_attrs["animations"][0]["channels"]
                   if c["target"]["path"] == "rotation"]
    values = back.global_attrs["animations"][0]["samplers"][rotation["sampler"]]["values"]
    np.testing.assert_allclose(values[1], [0, np.sin(np.pi / 8), 0, np.cos(np.pi / 8)], atol=1e-6)


def test_the_built_cube_writes_the_same_bytes_every_time(tmp_path):
    first, second = tmp_path / "a.glb", tmp_path / "b.glb"
    px.write_scene(built_cube(), first)
    px.write_scene(built_cube(), second)
    assert first.read_bytes() == second.read_bytes()
