"""write_scene's transcode_images= (issue 15 point 11): a COLLADA texture that is a TGA is
embedded in a GLB as PNG by default (warning gltf.write.image-transcoded), kept as its URI with
transcode_images=False, and embedded as a PNG data: URI in a .gltf with transcode_images=True."""

from __future__ import annotations

import json
import struct
import warnings
from pathlib import Path

import pytest

import polyxios as px
from documents import collada, triangle_geometry

TGA = (bytes([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0]) + struct.pack("<HHBB", 2, 2, 32, 0x28) +
       bytes([0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255, 255, 255, 255, 255]))

TEXTURED = """<library_images><image id="wood"><init_from>wood.tga</init_from></image>
</library_images>
<library_effects><effect id="e"><profile_COMMON>
<newparam sid="surf"><surface type="2D"><init_from>wood</init_from></surface></newparam>
<newparam sid="samp"><sampler2D><source>surf</source></sampler2D></newparam>
<technique sid="t"><phong><diffuse><texture texture="samp" texcoord="uv"/></diffuse></phong>
</technique></profile_COMMON></effect></library_effects>
<library_materials><material id="m"><instance_effect url="#e"/></material></library_materials>"""


def scene_with_tga(tmp_path: Path) -> px.SceneData:
    (tmp_path / "wood.tga").write_bytes(TGA)
    dae = tmp_path / "chair.dae"
    node = ('<node id="n"><instance_geometry url="#tri"><bind_material><technique_common>'
            '<instance_material symbol="mat" target="#m"/></technique_common></bind_material>'
            '</instance_geometry></node>')
    body = (TEXTURED + "<library_geometries>" + triangle_geometry("tri", "mat") +
            "</library_geometries>")
    dae.write_bytes(collada(body, node))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return px.read_scene(dae)


def glb_images(path: Path) -> list:
    data = path.read_bytes()
    length = struct.unpack_from("<I", data, 12)[0]
    return json.loads(data[20:20 + length]).get("images", [])


def codes(caught) -> list:
    return [w.message.code for w in caught if issubclass(w.category, px.PolyxiosWarning)]


def test_glb_embeds_tga_as_png_by_default(tmp_path: Path) -> None:
    scene = scene_with_tga(tmp_path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        px.write_scene(scene, tmp_path / "out.glb")
    assert "gltf.write.image-transcoded" in codes(caught)
    (image,) = glb_images(tmp_path / "out.glb")
    assert image["mimeType"] == "image/png" and "bufferView" in image


def test_transcode_images_false_keeps_the_uri(tmp_path: Path) -> None:
    scene = scene_with_tga(tmp_path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        px.write_scene(scene, tmp_path / "out.glb", transcode_images=False)
    assert "gltf.write.image-transcoded" not in codes(caught)
    assert "gltf.write.image-not-embedded" in codes(caught)
    (image,) = glb_images(tmp_path / "out.glb")
    assert image["uri"] == "wood.tga"


def test_transcode_images_true_gives_a_gltf_data_uri(tmp_path: Path) -> None:
    scene = scene_with_tga(tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        px.write_scene(scene, tmp_path / "out.gltf", transcode_images=True)
    (image,) = json.loads((tmp_path / "out.gltf").read_text())["images"]
    assert image["uri"].startswith("data:image/png;base64,")


def test_transcode_images_takes_a_bool_or_none(tmp_path: Path) -> None:
    scene = scene_with_tga(tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        px.write_scene(scene, tmp_path / "out.glb", transcode_images=None)
    with pytest.raises(TypeError, match="transcode_images"):
        px.write_scene(scene, tmp_path / "out.glb", transcode_images="yes")
