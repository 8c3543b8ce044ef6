// Tests of formats/collada/write/effect_writer.cc and image_writer.cc: material and image names
// and ids (L9), images by uri or as data: URIs (W19).
#include <gmock/gmock.h>

#include "formats/collada/write/effect_writer.h"
#include "tests/formats/collada/write/effect_test_util.h"

namespace px::collada::testing {
namespace {

using ::testing::HasSubstr;

// L9: each <material> is named by its Material::name, its id the name when it is a free NCName,
// else a generated one; a read gives the materials back in order under their names.
TEST(EffectWriter, MaterialsAreNamedByTheirNameWithIdsFromIt) {
  Scene scene = textured_scene({named("Wood"), named("Wood"), named("")});
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  const std::vector<Material>& back = rt.read.scene->materials;
  ASSERT_EQ(back.size(), 3u);
  EXPECT_EQ(back[0].name, "Wood");
  EXPECT_EQ(back[1].name, "Wood");
  EXPECT_EQ(back[2].name, "material");  // a material without a name reads back by its id
  const std::string& text = *rt.written.text;
  EXPECT_THAT(text, HasSubstr("<material id=\"Wood\" name=\"Wood\">"));
  EXPECT_THAT(text, HasSubstr("<material id=\"Wood-2\" name=\"Wood\">"));
  // The image named wood keeps its id: ids are case-sensitive.
  EXPECT_THAT(text, HasSubstr("<image id=\"wood\" name=\"wood\">"));
}

// L9: a name that is not an NCName gives an id made from it; the name is written as given (a
// document a validating parser rejects, see Known limitations, so only the plan is checked).
TEST(EffectWriter, ANameThatIsNotAnNcNameGivesAnIdMadeFromIt) {
  Scene scene = textured_scene({named("my wood"), named("1st")});
  WritePlan plan;
  Diagnostics diagnostics;
  ASSERT_TRUE(plan_effects(scene, plan, diagnostics).ok());
  EXPECT_EQ(plan.effects.materials[0].id, "my_wood");
  EXPECT_EQ(plan.effects.materials[1].id, "_1st");
  std::string text;
  XmlWriter xml([&](std::string_view bytes) {
    text.append(bytes);
    return absl::OkStatus();
  });
  write_effects(scene, plan, xml);
  ASSERT_TRUE(xml.finish().ok());
  EXPECT_THAT(text, HasSubstr("<material id=\"my_wood\" name=\"my wood\">"));
  EXPECT_THAT(text, HasSubstr("<material id=\"_1st\" name=\"1st\">"));
}

// Material names are ids before image names: an image sharing one takes a generated id.
TEST(EffectWriter, AnImageNamedLikeAMaterialTakesAGeneratedId) {
  Scene scene = textured_scene({named("wood")});
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_THAT(*rt.written.text, HasSubstr("<image id=\"wood-2\" name=\"wood\">"));
  EXPECT_EQ(rt.read.scene->images[0].name, "wood");
  EXPECT_EQ(rt.read.scene->materials[0].name, "wood");
}

// W19: images are written by uri, kept as spelled (percent-encoding too), or as a data: URI
// when they hold bytes; an image holding neither is left out with a warning.
TEST(EffectWriter, ImagesByUriOrAsDataUris) {
  Scene scene;
  Image file;
  file.uri = "tex%20ture.png";
  scene.images.push_back(file);
  Image embedded;
  embedded.name = "png";
  embedded.bytes = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 1, 2, 3};
  scene.images.push_back(embedded);
  Image typed;
  typed.mime_type = "image/ktx2";
  typed.bytes = {1, 2, 3};
  scene.images.push_back(typed);
  scene.images.push_back(Image{});  // neither uri nor bytes
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.image-empty"), 1);
  const std::vector<Image>& back = rt.read.scene->images;
  ASSERT_EQ(back.size(), 3u);
  EXPECT_EQ(back[0].uri, "tex%20ture.png");
  EXPECT_EQ(back[1].name, "png");
  EXPECT_EQ(back[1].bytes, embedded.bytes);
  EXPECT_EQ(back[1].mime_type, "image/png");
  EXPECT_EQ(back[2].bytes, typed.bytes);
  EXPECT_EQ(back[2].mime_type, "image/ktx2");
  EXPECT_THAT(*rt.written.text, HasSubstr("<init_from>data:image/png;base64,"));
}

// W19: a uri that is no URI reference (xs:anyURI; the glTF validator's invalid_uri_scheme.gltf
// holds ":") is written with the characters that keep it from being one percent-encoded, with a
// warning, so the document passes the schema and the uri decodes to the name it spelled.
TEST(EffectWriter, AUriThatIsNoUriReferenceIsWrittenEscapedWithAWarning) {
  Scene scene;
  for (const char* uri : {":", "my tex.png", "ok.png"}) {
    Image image;
    image.uri = uri;
    scene.images.push_back(image);
  }
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.image-uri-escaped"), 1);
  const std::vector<Image>& back = rt.read.scene->images;
  ASSERT_EQ(back.size(), 3u);
  EXPECT_EQ(back[0].uri, "%3A");
  EXPECT_EQ(back[1].uri, "my%20tex.png");
  EXPECT_EQ(back[2].uri, "ok.png");
}

}  // namespace
}  // namespace px::collada::testing
