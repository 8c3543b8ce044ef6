"""spec/collada.md: each Python example of the page, on the repository's robot arm."""

from __future__ import annotations

import numpy as np
import pytest

import polyxios as px
from documents import collada, triangle_geometry


def test_read_scene_gives_the_scene_of_the_page(robot_dae):
    scene = px.read_scene(robot_dae)
    assert isinstance(scene, px.SceneData)

    # scene.meshes: tuple of PolyData, one per <geometry>, in library order
    assert isinstance(scene.meshes, tuple)
    assert [type(m) for m in scene.meshes] == [px.PolyData, px.PolyData]
    assert [m.global_attrs["mesh_name"] for m in scene.meshes] == ["link", "gripper"]
    link, gripper = scene.meshes
    # 8 positions, each corner with its own normal and texture coordinate: 24 vertices, 6 quads
    assert link.points.shape == (24, 3)
    assert set(link.point_data) == {"normals", "texcoords"}
    assert link.point_data["normals"].shape == (24, 3)
    assert link.point_data["texcoords"].shape == (24, 2)
    assert link.element_types == ("quad",)
    assert list(link.cell_types) == [px.CellType.QUAD] * 6
    assert gripper.points.shape == (5, 3)
    assert gripper.element_types == ("triangle",)
    assert list(gripper.offsets) == [0, 3, 6, 9, 12, 15, 18]
    assert list(gripper.cells[:3]) == [0, 1, 4]

    # scene.nodes: tuple of SceneNode: local matrix, mesh index, children
    assert [n.name for n in scene.nodes] == ["base", "upper_arm", "hand"]
    base, upper_arm, hand = scene.nodes
    assert isinstance(base, px.SceneNode)
    assert (base.mesh, upper_arm.mesh, hand.mesh) == (0, 0, 1)
    assert base.children == (1,) and upper_arm.children == (2,) and hand.children == ()
    np.testing.assert_allclose(base.matrix, np.diag([1, 0.25, 1, 1]))
    np.testing.assert_allclose(hand.matrix[:3, 3], [0, 1, 0])  # <translate>0 1 0</translate>
    assert base.extras["id"] == "base"
    assert [t["kind"] for t in upper_arm.extras["transforms"]] == ["translate", "rotate", "scale"]

    # scene.scenes: root node indices of each <visual_scene>
    assert scene.scenes == ((0,),)
    assert scene.default_scene == 0

    # scene.materials: tuple of SceneMaterial built from the effects
    assert [m.name for m in scene.materials] == ["paint", "steel"]
    paint, steel = scene.materials
    np.testing.assert_allclose(paint.base_color, (0.9, 0.45, 0.05, 1))
    assert paint.extras["shading"] == "phong" and steel.extras["shading"] == "lambert"
    assert paint.alpha_mode == "OPAQUE" and paint.base_color_texture is None
    assert list(link.element_attrs["material"]) == [0] * 6
    assert list(gripper.element_attrs["material"]) == [1] * 6

    # scene.textures, scene.images: none in this document
    assert scene.textures == () and scene.images == ()

    assert scene.global_attrs["asset"]["up_axis"] == "Y_UP"


TEXTURED = collada(
    '''<library_images><image id="img" name="checker"><init_from>tex%20ture.png</init_from></image>
  <image id="embedded"><init_from>data:image/png;base64,iVBORw0KGgo=</init_from></image></library_images>
<library_effects><effect id="fx"><profile_COMMON>
  <newparam sid="surf"><surface type="2D"><init_from>img</init_from></surface></newparam>
  <newparam sid="samp"><sampler2D><source>surf</source><wrap_s>CLAMP</wrap_s></sampler2D></newparam>
  <technique sid="common"><lambert><diffuse><texture texture="samp" texcoord="UV"/></diffuse></lambert></technique>
</profile_COMMON></effect></library_effects>
<library_materials><material id="mat" name="mat"><instance_effect url="#fx"/></material></library_materials>
<library_geometries>''' + triangle_geometry("tri", "mat") + "</library_geometries>",
    '<node id="n"><instance_geometry url="#tri"><bind_material><technique_common>'
    '<instance_material symbol="mat" target="#mat"/></technique_common></bind_material>'
    "</instance_geometry></node>")


def test_textures_and_images_of_the_page():
    scene = px.read_scene(TEXTURED)
    # scene.textures: sampler settings, one per distinct (image, wrap, filter)
    assert len(scene.textures) == 1
    texture = scene.textures[0]
    assert texture.image == 0 and texture.wrap_s == 33071  # CLAMP -> CLAMP_TO_EDGE
    assert scene.materials[0].base_color_texture.texture == 0
    # scene.images: a uri (as the file spells it), or bytes from <hex> / data: URIs
    checker, embedded = scene.images
    assert checker.name == "checker" and checker.uri == "tex%20ture.png" and checker.bytes is None
    assert embedded.uri is None
    assert bytes(embedded.bytes) == b"\x89PNG\r\n\x1a\n"
    assert embedded.mime_type == "image/png"


def test_to_polydata_applies_every_nodes_world_transform(robot_dae):
    scene = px.read_scene(robot_dae)
    mesh = scene.to_polydata()
    assert isinstance(mesh, px.PolyData)
    link, gripper = scene.meshes
    # the link shown by base and upper_arm, the gripper by hand
    assert mesh.num_points == 2 * link.num_points + gripper.num_points
    assert mesh.num_cells == 18
    assert mesh.element_types == ("quad", "triangle")
    world_base = scene.nodes[0].matrix
    first = np.c_[link.points, np.ones(len(link.points))] @ world_base.T
    np.testing.assert_allclose(mesh.points[:24], first[:, :3], rtol=1e-6)
    # normals, which only the link has, are not every mesh's: dropped; material kept
    assert "normals" not in mesh.point_data
    assert list(mesh.element_attrs["material"]) == [0] * 12 + [1] * 6


def test_read_is_the_same_with_a_user_warning(robot_dae):
    with pytest.warns(UserWarning, match="read.scene-flattened") as caught:
        mesh = px.read(robot_dae)
    assert any(isinstance(w.message, px.PolyxiosWarning) for w in caught)
    flat = px.read_scene(robot_dae).to_polydata()
    np.testing.assert_array_equal(mesh.points, flat.points)
    np.testing.assert_array_equal(mesh.cells, flat.cells)


def test_write_scene_spells_the_scene_back_in_collada(robot_dae, tmp_path):
    scene = px.read_scene(robot_dae)
    out = tmp_path / "out.dae"
    px.write_scene(scene, out)
    text = out.read_text()
    assert '<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">' in text
    back = px.read_scene(out)
    assert [m.global_attrs["mesh_name"] for m in back.meshes] == ["link", "gripper"]
    assert [n.name for n in back.nodes] == ["base", "upper_arm", "hand"]
    for a, b in zip(scene.meshes, back.meshes):
        np.testing.assert_allclose(a.points, b.points, rtol=1e-6)
        np.testing.assert_array_equal(a.cells, b.cells)
    for a, b in zip(scene.nodes, back.nodes):
        np.testing.assert_allclose(a.matrix, b.matrix, atol=1e-6)


def test_write_makes_a_one_node_scene_naming_materials_by_value(robot_dae, tmp_path):
    mesh = px.read_scene(robot_dae).to_polydata()
    out = tmp_path / "out.dae"
    px.write(mesh, out)
    back = px.read_scene(out)
    assert len(back.meshes) == 1 and len(back.nodes) == 1 and back.scenes == ((0,),)
    assert back.nodes[0].mesh == 0
    # material values become material_<n>
    assert [m.name for m in back.materials] == ["material_0", "material_1"]
    np.testing.assert_allclose(back.meshes[0].points, mesh.points, rtol=1e-6)


def test_specular_ior_and_texture_placement_of_a_material():
    scene = px.read_scene(collada(
        '''<library_images><image id="img"><init_from>t.png</init_from></image></library_images>
<library_effects><effect id="fx"><profile_COMMON>
  <newparam sid="surf"><surface type="2D"><init_from>img</init_from></surface></newparam>
  <newparam sid="samp"><sampler2D><source>surf</source></sampler2D></newparam>
  <technique sid="common"><phong>
    <diffuse><texture texture="samp" texcoord="UV"><extra><technique profile="MAYA">
      <repeatU>2</repeatU><repeatV>4</repeatV></technique></extra></texture></diffuse>
    <specular><color>0.5 0.25 1 1</color></specular><shininess><float>30</float></shininess>
    <index_of_refraction><float>1.33</float></index_of_refraction>
  </phong></technique>
</profile_COMMON></effect></library_effects>
<library_materials><material id="mat"><instance_effect url="#fx"/></material></library_materials>
<library_geometries>''' + triangle_geometry("tri", "mat") + "</library_geometries>",
        '<node id="n"><instance_geometry url="#tri"><bind_material><technique_common>'
        '<instance_material symbol="mat" target="#mat"/></technique_common></bind_material>'
        "</instance_geometry></node>"))
    (material,) = scene.materials
    # <specular> is KHR_materials_specular's colour; <shininess> n a roughness of (2/(n+2))^(1/4)
    assert material.specular_color == pytest.approx((0.5, 0.25, 1))
    assert material.specular_factor == 1 and material.specular_texture is None
    assert material.specular_color_texture is None
    assert material.roughness == pytest.approx((2 / 32) ** 0.25)
    assert material.ior == pytest.approx(1.33)
    # MAYA repeatU / repeatV: KHR_texture_transform's scale
    ref = material.base_color_texture
    assert ref.uv_scale == pytest.approx((2, 4))
    assert ref.offset == pytest.approx((0, 0)) and ref.rotation == 0


ZUP_CENTIMETRES = collada(
    "<library_geometries>" + triangle_geometry() + "</library_geometries>",
    '<node id="n"><instance_geometry url="#tri"/></node>').replace(
        b'<unit meter="1"/><up_axis>Y_UP</up_axis>', b'<unit meter="0.01"/><up_axis>Z_UP</up_axis>')


@pytest.mark.parametrize("bake", [False, True])
def test_read_scene_turns_a_z_up_centimetre_scene_to_y_up_metres(bake):
    as_read = px.read_scene(ZUP_CENTIMETRES)
    scene = px.read_scene(ZUP_CENTIMETRES, up_axis="y", meters=True, bake_transforms=bake)
    assert scene.global_attrs["asset"]["up_axis"] == "Y_UP"
    assert scene.global_attrs["asset"]["unit"]["meter"] == 1
    # Z-up (x, y, z) is Y-up (x, z, -y); a centimetre 0.01 m: the same world either way
    np.testing.assert_allclose(scene.to_polydata().points,
                               [[0, 0, 0], [0.01, 0, 0], [0, 0, -0.01]], atol=1e-9)
    # a root transform above the scene's roots, or none with the vertices baked
    assert len(scene.nodes) == len(as_read.nodes) + (0 if bake else 1)


def test_read_scene_axis_options_are_checked():
    with pytest.raises(ValueError, match="up_axis"):
        px.read_scene(ZUP_CENTIMETRES, up_axis="w")
    with pytest.raises(ValueError, match="bake_transforms"):
        px.read_scene(ZUP_CENTIMETRES, bake_transforms=True)
    with pytest.raises(TypeError, match="meters"):
        px.read_scene(ZUP_CENTIMETRES, meters=1)
    with pytest.raises(TypeError, match="up_axis"):
        px.read(ZUP_CENTIMETRES, up_axis="y")
