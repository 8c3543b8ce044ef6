// Tests of formats/collada/write/effect_writer.cc with the geometry and node writers: a textured
// mesh written end to end, its material bound through <bind_material> and its texture coordinates
// through <bind_vertex_input> (spec collada.md, Writing, W15).
#include <gmock/gmock.h>

#include "tests/formats/collada/write/geometry_test_util.h"

namespace px::collada::testing {
namespace {

using ::testing::HasSubstr;

// A square of two triangles under one node, with the given texture coordinate sets, its
// elements naming material 0, a textured one sampling "wood.png".
Scene textured_square(const std::vector<std::string>& texcoord_sets) {
  Scene scene;
  MeshBuilder mesh(scene);
  mesh.points(kSquarePoints);
  for (const std::string& name : texcoord_sets) {
    mesh.point_data(name, std::vector<float>{0, 0, 1, 0, 1, 1, 0, 1}, 2);
  }
  mesh.cell(CellType::kTriangle, {0, 1, 2})
      .cell(CellType::kTriangle, {0, 2, 3})
      .cell_data("material", std::vector<int32_t>{0, 0})
      .add();
  Node node;
  node.mesh = 0;
  scene.nodes.push_back(node);
  scene.scenes = {{0}};
  Image image;
  image.name = "wood";
  image.uri = "wood.png";
  scene.images.push_back(image);
  Texture texture;
  texture.image = 0;
  scene.textures.push_back(texture);
  Material m;
  m.name = "oak";
  m.metallic = 0;
  m.base_color_texture.texture = 0;
  m.occlusion_texture.texture = 0;
  scene.materials.push_back(m);
  return scene;
}

// W15: the base colour texture is bound to the lowest TEXCOORD set the mesh writes by a
// <bind_vertex_input>; the mesh's elements read back on the material, its texture on the image.
TEST(EffectMesh, TexturedMeshReadsBackWithItsMaterialAndTexture) {
  RoundTrip rt = write_and_read(textured_square({"texcoords"}));
  ASSERT_TRUE(rt.read.scene.ok());
  const Scene& back = *rt.read.scene;
  EXPECT_THAT(*rt.written.text,
              HasSubstr("<bind_vertex_input semantic=\"UVSET0\" input_semantic=\"TEXCOORD\" "
                        "input_set=\"0\"/>"));
  ASSERT_EQ(back.materials.size(), 1u);
  const Material& m = back.materials[0];
  EXPECT_EQ(m.name, "oak");
  ASSERT_TRUE(m.base_color_texture.present());
  EXPECT_EQ(back.images[back.textures[m.base_color_texture.texture].image].uri, "wood.png");
  EXPECT_TRUE(m.occlusion_texture.present());
  ASSERT_EQ(back.meshes.size(), 1u);
  const NamedColumn* material = back.meshes[0].find_cell_data("material");
  ASSERT_NE(material, nullptr);
  EXPECT_EQ(material->column.values<int32_t>()[0], 0);
  EXPECT_EQ(width(back.meshes[0], "texcoords"), 2u);
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 0);
}

// W15: a mesh whose lowest set is 1 binds the symbol to set 1, and reads back on set 0 with the
// texture, so no warning; a texture on another set than the lowest is warned.
TEST(EffectMesh, TheSymbolIsBoundToTheLowestSetTheMeshWrites) {
  RoundTrip rt = write_and_read(textured_square({"texcoords_1"}));
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_THAT(*rt.written.text, HasSubstr("input_set=\"1\"/>"));
  EXPECT_EQ(warned(rt.written, "collada.write.texcoord-set"), 1);  // the textures name set 0

  Scene on_set_1 = textured_square({"texcoords_1"});
  on_set_1.materials[0].base_color_texture.texcoord = 1;
  on_set_1.materials[0].occlusion_texture.texcoord = 1;
  RoundTrip again = write_and_read(on_set_1);
  ASSERT_TRUE(again.read.scene.ok());
  EXPECT_EQ(warned(again.written, "collada.write.texcoord-set"), 0);
  EXPECT_EQ(width(again.read.scene->meshes[0], "texcoords"), 2u);
  EXPECT_EQ(again.read.scene->materials[0].base_color_texture.texcoord, 0);
}

}  // namespace
}  // namespace px::collada::testing
