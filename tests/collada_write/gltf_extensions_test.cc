// Issue 15, point 9 (beyond the spec): the glTF extensions a glTF read carries as they are have no
// place in COLLADA: a COLLADA write leaves them out with collada.write.gltf-extension-dropped,
// once per extension, naming it and how many materials or textures carried it. Each document
// written here is checked against the schema (collada_write_schema).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "tests/collada_write/effect_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)
using ::testing::HasSubstr;

TEST(GltfExtensions, EachCarriedExtensionIsLeftOutWithAWarningNamingIt) {
  Material clearcoat = named("coat");
  clearcoat.extensions = {MaterialExtension{"KHR_materials_clearcoat",
                                            {{"clearcoatFactor", 1}},
                                            {{"clearcoatTexture", texture_ref(0)}}},
                          MaterialExtension{"KHR_materials_sheen", {}, {}}};
  Material coat_too = named("coat_too");
  coat_too.extensions = {MaterialExtension{"KHR_materials_clearcoat", {}, {}}};
  Scene scene = textured_scene({clearcoat, coat_too});
  scene.textures[0].source_extension = "EXT_texture_webp";
  scene.textures[0].extension_image = 0;
  set_value(scene.global_attrs, "material_variants",
            Value(ValueMap{{"variants", Value(ValueArray{"red"})}, {"mappings", ValueArray{}}}));
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok()) << w.text.status();
  EXPECT_EQ(w.diagnostics.count("collada.write.gltf-extension-dropped"), 4);
  EXPECT_EQ(w.diagnostics.count("collada.write.global-dropped"), 0);
  std::string text;
  for (const Diagnostic& d : w.diagnostics.entries()) text += d.message + "\n";
  EXPECT_THAT(text, HasSubstr("KHR_materials_clearcoat of 2 materials left out"));
  EXPECT_THAT(text, HasSubstr("KHR_materials_sheen of 1 material left out"));
  EXPECT_THAT(text, HasSubstr("the EXT_texture_webp source of 1 texture left out"));
  EXPECT_THAT(text, HasSubstr("KHR_materials_variants left out"));
  // The core source is written as always.
  EXPECT_THAT(*w.text, HasSubstr("wood.png"));
}

}  // namespace
}  // namespace px::collada
