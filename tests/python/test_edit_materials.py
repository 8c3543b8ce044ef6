"""Editing a scene's materials (issue 37, point 1): a material's name, factors, alpha and texture
references set and checked, materials made in Python, appended and removed with the cells'
material indices kept consistent, and what is written afterwards read back."""

from __future__ import annotations

import numpy as np
import pytest

import polyxios as px
from documents import collada, corpus_file, triangle_geometry


def test_a_materials_fields_are_set_and_written(robot_dae, tmp_path):
    scene = px.read_scene(robot_dae)
    paint = scene.materials[0]
    paint.name = "red paint"
    paint.base_color = (1, 0, 0, 0.5)
    paint.metallic = 0.25
    paint.roughness = np.float32(0.75)
    paint.emissive = [0.5, 0.0, 2.0]  # above 1: KHR_materials_emissive_strength
    paint.alpha_mode = "BLEND"
    paint.double_sided = True
    assert scene.materials[0].name == "red paint"
    assert scene.materials[0].base_color == (1, 0, 0, 0.5)
    px.write_scene(scene, tmp_path / "painted.glb")
    back = px.read_scene(tmp_path / "painted.glb").materials[0]
    assert back.name == "red paint"
    np.testing.assert_allclose(back.base_color, (1, 0, 0, 0.5))
    assert (back.metallic, back.roughness) == (0.25, 0.75)
    np.testing.assert_allclose(back.emissive, (0.5, 0, 2))
    assert (back.alpha_mode, back.double_sided) == ("BLEND", True)
    px.write_scene(scene, tmp_path / "painted.dae")
    back = px.read_scene(tmp_path / "painted.dae").materials[0]
    assert back.name == "red paint"
    np.testing.assert_allclose(back.base_color, (1, 0, 0, 0.5), atol=1e-6)


@pytest.mark.parametrize("field, value, message", [
    ("base_color", (1, 0, 0), r"base_color must be 4 numbers \(r, g, b, a\), not of shape \(3,\)"),
    ("base_color", (1, 0, 0, 1.5), r"base_color must lie in 0.0..1.0, not 1.5"),
    ("base_color", "red", "base_color must hold real numbers"),
    ("metallic", -0.1, r"metallic must lie in 0.0..1.0, not -0.1"),
    ("roughness", "0.5", "roughness must be a real number, not str"),
    ("roughness", float("nan"), r"roughness must lie in 0.0..1.0, not nan"),
    ("emissive", (0, -1, 0), r"emissive must be at least 0.0, not -1"),
    ("emissive", np.zeros((3, 1)), r"emissive must be 3 numbers \(r, g, b\)"),
    ("alpha_mode", "opaque", "alpha_mode must be 'OPAQUE', 'MASK' or 'BLEND', not 'opaque'"),
    ("alpha_cutoff", float("inf"), "alpha_cutoff must be at least 0.0, not inf"),
])
def test_a_wrong_value_is_a_value_error_naming_the_field(robot_dae, field, value, message):
    paint = px.read_scene(robot_dae).materials[0]
    before = getattr(paint, field)
    with pytest.raises(ValueError, match=message):
        setattr(paint, field, value)
    assert getattr(paint, field) == before


def test_texture_references_are_set_range_checked_and_written(corpus, tmp_path, gltf_errors):
    scene = px.read_scene(corpus_file(corpus, "gltf/assimp/BoxTextured-glTF-Binary/BoxTextured.glb"))
    (material,) = scene.materials
    assert material.base_color_texture.texture == 0
    material.emissive_texture = px.SceneTextureRef(0, texcoord=0, offset=(0.5, 0))
    material.emissive = (1, 1, 1)
    material.base_color_texture = None
    with pytest.raises(IndexError, match="occlusion_texture: texture 1 is out of range: the "
                                         "scene has 1 textures"):
        material.occlusion_texture = 1
    with pytest.raises(TypeError, match="normal_texture must be an integer"):
        material.normal_texture = "0"
    with pytest.raises(ValueError, match="offset must be finite, not nan"):
        px.SceneTextureRef(0, offset=(float("nan"), 0))
    with pytest.raises(ValueError, match=r"uv_scale must be 2 numbers \(u, v\)"):
        px.SceneTextureRef(0, uv_scale=1)
    px.write_scene(scene, tmp_path / "box.glb")
    assert gltf_errors(tmp_path / "box.glb") == []
    back = px.read_scene(tmp_path / "box.glb").materials[0]
    assert back.base_color_texture is None and back.occlusion_texture is None
    assert back.emissive_texture.texture == 0 and back.emissive_texture.offset == (0.5, 0)


def test_a_material_made_in_python_is_appended_and_bound(robot_dae):
    scene = px.read_scene(robot_dae)
    glass = px.SceneMaterial("glass", base_color=(0.8, 0.9, 1, 0.3), alpha_mode="BLEND",
                             roughness=0.05, metallic=0)
    assert glass.index is None
    assert scene.append_material(glass) == 2 and glass.index == 2
    glass.double_sided = True  # the object now stands for the scene's material
    assert scene.materials[2].double_sided
    with pytest.raises(ValueError, match="in a scene already"):
        scene.append_material(glass)
    bad = px.SceneMaterial("bad")
    bad.base_color_texture = 0  # a material of no scene takes any index, checked on append
    with pytest.raises(IndexError, match="append_material: texture 0 is out of range: the scene "
                                         "has 0 textures"):
        scene.append_material(bad)
    assert [m.name for m in scene.materials] == ["paint", "steel", "glass"]


def unused_first() -> bytes:
    """Two materials, the first unused; one triangle bound to the second."""
    return collada(
        """<library_effects><effect id="fx"><profile_COMMON><technique sid="t"><lambert/>
</technique></profile_COMMON></effect></library_effects>
<library_materials><material id="unused" name="unused"><instance_effect url="#fx"/></material>
  <material id="red" name="red"><instance_effect url="#fx"/></material></library_materials>
<library_geometries>""" + triangle_geometry("tri", "paint") + "</library_geometries>",
        """<node id="a"><instance_geometry url="#tri"><bind_material><technique_common>
<instance_material symbol="paint" target="#red"/></technique_common></bind_material>
</instance_geometry></node>""")


def test_removing_a_material_renumbers_the_cells_copy_on_write():
    scene = px.read_scene(unused_first())
    assert [m.name for m in scene.materials] == ["unused", "red"]
    before = scene.meshes[0].element_attrs["material"]
    assert list(before) == [1]
    red = scene.materials[1]
    with pytest.raises(ValueError, match=r"material 1 \('red'\) cannot be removed: cells of mesh "
                                         r"0 show it"):
        scene.remove_material(1)
    unused = scene.materials[0]
    scene.remove_material(0)
    assert [m.name for m in scene.materials] == ["red"] and red.index == 0
    assert list(scene.meshes[0].element_attrs["material"]) == [0]
    assert list(before) == [1]  # the array read before the edit: unchanged
    with pytest.raises(RuntimeError, match="this SceneMaterial was removed"):
        unused.name
    with pytest.raises(IndexError, match="material 1 is out of range: the scene has 1 materials"):
        scene.remove_material(1)
