// Tests of formats/collada/write/collada_writer.cc, the document as a whole: scene attributes
// COLLADA has no place for (spec collada.md W4), cameras (Q43), characters XML cannot hold, and
// one scene always giving the same bytes.
#include "tests/formats/collada/write/write_test_util.h"

namespace px::collada::testing {
namespace {

// W4: global_attrs are dropped with a warning. The asset, skins, animations, cameras and lights
// are the scene's typed fields, so an attribute named "animations" is no animation.
TEST(DocumentWriter, SceneAttributesCOLLADAHasNoPlaceForAreDroppedWithAWarning) {
  Scene scene;
  scene.global_attrs.emplace_back("extras", Value(ValueMap{{"k", Value(1)}}));
  scene.global_attrs.emplace_back("units_note", Value("mm"));
  scene.global_attrs.emplace_back("animations", Value(ValueArray{}));
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok()) << w.text.status();
  EXPECT_EQ(warned(w, "collada.write.global-dropped"), 3);
}

// Issue 15 (lights and cameras): the scene's cameras are written; one glTF would refuse (here
// one without a type) is dropped with a warning.
TEST(DocumentWriter, ACameraOfTheSceneGltfWouldRefuseIsDroppedWithAWarning) {
  Scene scene;
  Camera& camera = scene.cameras.emplace_back(camera_from_gltf(ValueMap{}));
  camera.collada_id = "cam";
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok());
  EXPECT_EQ(warned(w, "collada.write.camera-dropped"), 1);
  EXPECT_EQ(w.text->find("library_cameras"), std::string::npos);
}

TEST(DocumentWriter, CharactersXmlCannotHoldAreWrittenAsReplacementsWithOneWarning) {
  Scene scene;
  Node& node = scene.nodes.emplace_back();
  node.name = std::string("bell\x07") + "\xFF";
  scene.scenes.push_back({0});
  // U+FFFD is an XML 1.0 fifth edition name character, but not of libxml2's older classes: the
  // document is not saved for the schema check.
  Written w = write_unchecked(scene);
  ASSERT_TRUE(w.text.ok());
  EXPECT_EQ(warned(w, "collada.write.invalid-character"), 1);
  ReadResult back = read_text(*w.text);
  ASSERT_TRUE(back.scene.ok()) << back.scene.status();
  EXPECT_EQ(back.scene->nodes[0].name, "bell\xEF\xBF\xBD\xEF\xBF\xBD");
}

// Output is deterministic: two writes of one scene give the same bytes, and a document read back
// and written again gives the bytes of the first write.
TEST(DocumentWriter, OneSceneAlwaysGivesTheSameBytes) {
  Scene scene;
  scene.asset.set(AssetField::kAuthor, "A");
  for (int i = 0; i < 3; ++i) {
    Node& node = scene.nodes.emplace_back();
    node.name = cat("n", i);
    node.matrix(0, 3) = i;
  }
  scene.nodes[0].children = {1, 2};
  scene.scenes.push_back({0});
  RoundTrip first = write_and_read(scene);
  ASSERT_TRUE(first.read.scene.ok());
  Written again = write_text(scene);
  EXPECT_EQ(*again.text, *first.written.text);
  Written rewritten = write_text(*first.read.scene);
  EXPECT_EQ(*rewritten.text, *first.written.text);
}

}  // namespace
}  // namespace px::collada::testing
