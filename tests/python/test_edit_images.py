"""Editing a scene's images and textures (issue 37, point 1): SceneImage and SceneTexture made in
Python, their fields set and checked, appended and removed with the textures' and materials'
indices kept consistent, image bytes copy-on-write, and an image attached to a material written
as GLB (the Khronos validator passing it) and COLLADA (the 1.4.1 schema passing it)."""

from __future__ import annotations

import base64
import json
import struct
import zlib

import numpy as np
import pytest

import polyxios as px
from documents import corpus_file


def png(width: int = 2, height: int = 2, rgba: tuple[int, ...] = (255, 0, 0, 255)) -> bytes:
    """A PNG of width x height pixels of one RGBA colour."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))
    rows = b"".join(b"\x00" + bytes(rgba) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))


JPEG_START = b"\xff\xd8\xff\xe0" + bytes(12)


def test_an_image_is_made_from_bytes_and_its_type_read_from_them():
    red = png()
    for data in (red, bytearray(red), memoryview(red), np.frombuffer(red, np.uint8)):
        image = px.SceneImage("red", data=data)
        assert image.mime_type == "image/png" and image.uri is None and image.index is None
        assert bytes(image.bytes) == red and not image.bytes.flags.writeable
    given = px.SceneImage(data=b"TGA pixels", mime_type="image/x-tga")  # bytes showing no type
    assert given.mime_type == "image/x-tga"
    linked = px.SceneImage("linked", uri="textures/red.png")
    assert (linked.uri, linked.bytes, linked.mime_type) == ("textures/red.png", None, "")


@pytest.mark.parametrize("kwargs, error, message", [
    ({"data": b"no image"}, ValueError,
     "mime_type: the bytes show no image type known from their first bytes"),
    ({"data": png(), "mime_type": "image/jpeg"}, ValueError,
     "mime_type 'image/jpeg' is not the type of the bytes, which are image/png"),
    ({"data": b"TGA", "mime_type": "tga"}, ValueError,
     r"mime_type must be a media type \(type/subtype"),
    ({"data": np.zeros(4, np.float32)}, ValueError,
     r"data must be bytes, a bytearray or a 1-D uint8 array, not float32 of shape \(4,\)"),
    ({"data": np.zeros((2, 2), np.uint8)}, ValueError, r"data must be .* of shape \(2, 2\)"),
    ({"data": png(), "uri": "red.png"}, ValueError, "give a uri or data, not both"),
    ({"uri": "data:image/png;base64,AAAA"}, ValueError, "uri: a data: URI"),
    ({"name": 3}, TypeError, "name"),
    ({"mime_type": None}, TypeError, "mime_type"),
])
def test_a_wrong_image_is_refused_naming_the_field(kwargs, error, message):
    with pytest.raises(error, match=message):
        px.SceneImage(**kwargs)


def test_an_images_fields_are_set_checked_and_one_of_uri_and_bytes_kept():
    image = px.SceneImage("a", uri="a.png")
    image.bytes = png()  # embedded: the uri goes, the type comes from the bytes
    assert image.uri is None and image.mime_type == "image/png"
    with pytest.raises(ValueError, match="mime_type 'image/jpeg' is not the type of the bytes"):
        image.mime_type = "image/jpeg"
    with pytest.raises(ValueError, match="mime_type: the bytes show no image type"):
        image.bytes = b"TGA pixels"  # its type unknown: set_bytes takes it with one
    assert bytes(image.bytes) == png() and image.mime_type == "image/png"
    image.set_bytes(b"TGA pixels", "image/x-tga")
    assert bytes(image.bytes) == b"TGA pixels" and image.mime_type == "image/x-tga"
    image.set_bytes(JPEG_START)
    assert image.mime_type == "image/jpeg"
    image.uri = "b.png"  # a file again: the bytes, not that file's, go
    assert image.uri == "b.png" and image.bytes is None
    image.mime_type = "image/png"
    image.name = "b"
    with pytest.raises(ValueError, match="uri: a data: URI"):
        image.uri = "data:,x"
    with pytest.raises(TypeError, match="uri"):
        image.uri = b"b.png"
    assert (image.name, image.uri, image.mime_type) == ("b", "b.png", "image/png")
    image.uri = None
    assert image.uri is None


def test_image_bytes_are_copied_in_and_copy_on_write():
    source = bytearray(png())
    image = px.SceneImage(data=source)
    source[:4] = b"XXXX"  # the image holds a copy
    before = image.bytes
    assert bytes(before[:4]) == b"\x89PNG"
    image.bytes = JPEG_START
    assert bytes(before) == png()  # the array read before the edit keeps its values
    assert bytes(image.bytes) == JPEG_START
    scene = px.SceneData()
    scene.append_image(image)
    held = image.bytes
    scene.remove_image(0)
    assert bytes(held) == JPEG_START  # and outlives the image's removal


def test_images_are_appended_and_removed_keeping_the_textures_indices():
    scene = px.SceneData()
    first, second, third = (px.SceneImage(n, uri=f"{n}.png") for n in ("a", "b", "c"))
    assert [scene.append_image(i) for i in (first, second, third)] == [0, 1, 2]
    assert (first.index, third.index) == (0, 2)
    with pytest.raises(ValueError, match="append_image: the SceneImage is in a scene already"):
        scene.append_image(first)
    texture = px.SceneTexture(2)
    scene.append_texture(texture)
    with pytest.raises(ValueError, match=r"remove_image: image 2 \('c'\) cannot be removed: "
                                         r"texture 0 shows it"):
        scene.remove_image(2)
    assert len(scene.images) == 3
    scene.remove_image(1)
    assert [i.name for i in scene.images] == ["a", "c"] and texture.image == 1
    assert third.index == 1 and first.index == 0
    with pytest.raises(RuntimeError, match="this SceneImage was removed"):
        second.name
    with pytest.raises(IndexError, match="image 2 is out of range: the scene has 2 images"):
        scene.remove_image(2)
    with pytest.raises(TypeError, match="image must be an integer"):
        scene.remove_image("0")


def test_a_textures_fields_are_set_and_checked():
    texture = px.SceneTexture()
    assert (texture.image, texture.name, texture.wrap_s, texture.wrap_t, texture.mag_filter,
            texture.min_filter, texture.index) == (-1, "", 10497, 10497, 0, 0, None)
    texture.image = 7  # a texture of no scene takes any index, checked on append
    texture.wrap_s, texture.wrap_t = 33071, 33648
    texture.mag_filter, texture.min_filter = 9728, 9987
    texture.name = "t"
    scene = px.SceneData()
    with pytest.raises(IndexError, match="append_texture: image 7 is out of range: the scene "
                                         "has 0 images"):
        scene.append_texture(texture)
    texture.image = None
    assert scene.append_texture(texture) == 0 and texture.index == 0
    with pytest.raises(IndexError, match="image 0 is out of range: the scene has 0 images"):
        texture.image = 0
    scene.append_image(px.SceneImage(uri="a.png"))
    texture.image = 0
    kept = scene.textures[0]
    assert (kept.image, kept.name, kept.wrap_s, kept.wrap_t, kept.mag_filter,
            kept.min_filter) == (0, "t", 33071, 33648, 9728, 9987)


@pytest.mark.parametrize("field, value, error, message", [
    ("wrap_s", 9729, ValueError, r"wrap_s must be a glTF sampler constant \(10497 REPEAT, 33071 "
                                 r"CLAMP_TO_EDGE, 33648 MIRRORED_REPEAT\), not 9729"),
    ("wrap_t", 0, ValueError, "wrap_t must be a glTF sampler constant"),
    ("mag_filter", 9984, ValueError, "mag_filter must be a glTF sampler constant .*, not 9984"),
    ("min_filter", 1, ValueError, "min_filter must be a glTF sampler constant"),
    ("min_filter", "9728", TypeError, "min_filter must be an integer, not str"),
    ("image", -2, IndexError, r"image -2 is not an image index"),
])
def test_a_wrong_texture_field_is_refused_naming_it(field, value, error, message):
    texture = px.SceneTexture()
    with pytest.raises(error, match=message):
        setattr(texture, field, value)
    with pytest.raises(error, match=message):
        px.SceneTexture(**{field: value})
    assert getattr(texture, field) == getattr(px.SceneTexture(), field)


def clearcoat(corpus):
    """ClearCoatTest.gltf, its textures named t0, t1, ... as read: 19 materials, 10 textures
    (texture 0 shown only by material 4's KHR_materials_clearcoat), 6 images."""
    scene = px.read_scene(corpus_file(corpus, "gltf/assimp/ClearCoat-glTF/ClearCoatTest.gltf"))
    for i, texture in enumerate(scene.textures):
        texture.name = f"t{i}"
    return scene


def texture_users(scene):
    """Each material's texture references, its extensions' included, by field: the texture's
    name and its image's."""
    def named(ref):
        texture = scene.textures[ref.texture]
        return texture.name, scene.images[texture.image].name
    users = []
    for m in scene.materials:
        refs = {f: getattr(m, f) for f in ("base_color_texture", "metallic_roughness_texture",
                                           "normal_texture", "occlusion_texture",
                                           "emissive_texture")}
        for name, extension in m.extensions.items():
            refs.update({f"{name}.{k}": ref for k, ref in extension["textures"].items()})
        users.append({f: named(ref) for f, ref in refs.items() if ref is not None})
    return users


def test_a_texture_a_material_shows_is_kept_and_an_unused_one_removed(corpus):
    scene = clearcoat(corpus)
    with pytest.raises(ValueError, match=r"remove_texture: texture 0 \('t0'\) cannot be removed: "
                                         r"material 4 \('Partial_Coated'\) shows it \(extensions\["
                                         r"'KHR_materials_clearcoat'\]\['textures'\]\["
                                         r"'clearcoatTexture'\]\)"):
        scene.remove_texture(0)
    with pytest.raises(ValueError, match=r"texture 1 \('t1'\) cannot be removed: material 5 "
                                         r"\('Partial_Coating'\) shows it \(base_color_texture\)"):
        scene.remove_texture(1)
    assert len(scene.textures) == 10
    # an unused texture, appended last then moved first: every reference (the extensions' too)
    # moves up one, then down one when it goes
    before = texture_users(scene)
    unused = px.SceneTexture(0, name="unused")
    assert scene.append_texture(unused) == 10
    scene.reorder_textures([10] + list(range(10)))
    assert unused.index == 0 and texture_users(scene) == before
    def coat():
        return scene.materials[4].extensions["KHR_materials_clearcoat"]["textures"]
    assert coat()["clearcoatTexture"].texture == 1
    scene.remove_texture(0)
    assert texture_users(scene) == before and coat()["clearcoatTexture"].texture == 0
    with pytest.raises(RuntimeError, match="this SceneTexture was removed"):
        unused.image


def glb_json(path) -> dict:
    data = path.read_bytes()
    (length,) = struct.unpack_from("<I", data, 12)
    return json.loads(data[20:20 + length])


def test_an_image_from_bytes_on_a_material_writes_valid_glb_and_collada(robot_dae, tmp_path,
                                                                       gltf_errors,
                                                                       schema_errors):
    scene = px.read_scene(robot_dae)
    checker = png(4, 4, (0, 128, 255, 255))
    image = scene.append_image(px.SceneImage("checker", data=checker))
    texture = scene.append_texture(px.SceneTexture(image, name="checker", wrap_s=33071,
                                                   mag_filter=9729, min_filter=9987))
    paint = scene.materials[0]  # the link's material: its mesh has texture coordinates
    paint.base_color_texture = texture
    glb, dae = tmp_path / "textured.glb", tmp_path / "textured.dae"
    px.write_scene(scene, glb)
    px.write_scene(scene, dae)
    assert gltf_errors(glb) == []
    assert schema_errors(dae) == ""
    document = glb_json(glb)
    assert document["images"][0]["mimeType"] == "image/png"
    assert document["samplers"][0] == {"wrapS": 33071, "magFilter": 9729, "minFilter": 9987}
    for path in (glb, dae):
        back = px.read_scene(path)
        ref = back.materials[0].base_color_texture
        assert ref is not None, path
        back_image = back.images[back.textures[ref.texture].image]
        assert bytes(back_image.bytes) == checker and back_image.mime_type == "image/png"
        assert back.materials[1].base_color_texture is None


def test_an_embedded_image_written_as_collada_is_a_data_uri(tmp_path):
    scene = px.SceneData()
    scene.append_image(px.SceneImage("pixels", data=b"TGA pixels", mime_type="image/x-tga"))
    px.write_scene(scene, tmp_path / "images.dae")
    text = (tmp_path / "images.dae").read_text()
    assert "data:image/x-tga;base64," + base64.b64encode(b"TGA pixels").decode() in text
