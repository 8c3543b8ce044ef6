// Issue 13: polyxios never writes a glTF the Khronos validator rejects. What a read kept with a
// warning is repaired on write or left out with a warning of its own: PNG or JPEG bytes that do
// not parse, an image URI that does not parse, weight on a joint past a skin's joints, a joint
// named twice in a vertex, a skinned node whose scene lacks its joints, and an asset minVersion
// above the version written. A missing image file is the one exception
// (tests/formats/gltf/resource_check_test.cc, ImageMissing*).
#include <cstring>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/read_test_util.h"
#include "tests/formats/gltf/test_scene.h"

namespace px::gltf::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::vector<uint8_t> bytes_of(std::string_view s) { return {s.begin(), s.end()}; }

// A triangle with one texture per image of `images`.
Scene textured_scene(std::vector<Image> images) {
  Scene scene = triangle_scene();
  for (size_t i = 0; i < images.size(); ++i) {
    scene.images.push_back(std::move(images[i]));
    Texture texture;
    texture.image = static_cast<int>(i);
    scene.textures.push_back(texture);
  }
  return scene;
}

// The JSON chunk of a GLB, as a Written of its own.
Written glb_json(const std::string& glb) {
  uint32_t length = 0;
  std::memcpy(&length, glb.data() + 12, 4);
  return Written{glb.substr(20, length), ""};
}

// A PNG cut inside its IHDR chunk, and a JPEG whose first marker segment has length 0: the
// validator's IMAGE_UNEXPECTED_EOS and IMAGE_DATA_INVALID.
const std::string kCutPng = whole_png().substr(0, 20);
const std::string kBadJpeg("\xFF\xD8\xFF\xE0\x00\x00", 6);

TEST(ValidOutput, ImageBytesThatDoNotParseAreLeftOutWithTheirUri) {
  Scene scene = textured_scene({Image{"", "cut.png", "", bytes_of(kCutPng)},
                                Image{"", "", "", bytes_of(kBadJpeg)},
                                Image{"", "whole.png", "", bytes_of(whole_png())}});
  for (bool binary : {true, false}) {
    Diagnostics diagnostics;
    absl::StatusOr<Written> written = write_to_memory(scene, binary, "scene.bin", diagnostics);
    ASSERT_TRUE(written.ok()) << written.status();
    Parsed p = binary ? parse(glb_json(written->json)) : parse(*written);
    ASSERT_EQ(p.doc["images"].Size(), 1u) << binary;
    EXPECT_EQ(p.doc["images"][0].HasMember("bufferView"), binary);
    if (!binary) {
      EXPECT_STREQ(p.doc["images"][0]["uri"].GetString(), "whole.png");
    }
    EXPECT_FALSE(p.doc["textures"][0].HasMember("source"));
    EXPECT_FALSE(p.doc["textures"][1].HasMember("source"));
    EXPECT_EQ(p.doc["textures"][2]["source"].GetInt(), 0);
    std::vector<std::string> messages;
    for (const Diagnostic& d : diagnostics.entries()) {
      if (d.code == "gltf.write.image-data-invalid") messages.push_back(d.message);
    }
    EXPECT_THAT(messages, ElementsAre(HasSubstr("image 0 is left out: its image/png bytes end "
                                                "early"),
                                      HasSubstr("image 1 is left out: its image/jpeg bytes do "
                                                "not parse")));
    EXPECT_EQ(diagnostics.count("gltf.write.texture-source-dropped"), 2);
  }
}

TEST(ValidOutput, ImageUrisThatDoNotParseAreNotWritten) {
  Scene scene =
      textured_scene({Image{"", ":", "", {}}, Image{"", "1x:y.png", "", {}},
                      Image{"", ":", "", bytes_of(whole_png())}, Image{"", "ok.png", "", {}}});
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  ASSERT_EQ(p.doc["images"].Size(), 2u);
  EXPECT_TRUE(std::string(p.doc["images"][0]["uri"].GetString()).starts_with("data:image/png"));
  EXPECT_STREQ(p.doc["images"][1]["uri"].GetString(), "ok.png");
  EXPECT_FALSE(p.doc["textures"][0].HasMember("source"));
  EXPECT_FALSE(p.doc["textures"][1].HasMember("source"));
  EXPECT_EQ(p.doc["textures"][2]["source"].GetInt(), 0);
  EXPECT_EQ(p.doc["textures"][3]["source"].GetInt(), 1);
  EXPECT_EQ(diagnostics.count("gltf.write.image-uri-invalid"), 3);
  // Not the URI policy's drop: that warning is for URIs that parse.
  EXPECT_EQ(diagnostics.count("gltf.write.image-uri-dropped"), 0);
}

// A rig: node 0 the root of joints 1 and 2, node 3 showing a skinned triangle, node 4 a second
// root holding it under skin `skins[1]` when there is one.
Scene rig(std::vector<uint8_t> joints, std::vector<float> weights) {
  Scene scene;
  MeshBuilder(scene)
      .points({0, 0, 0, 1, 0, 0, 0, 1, 0})
      .point_data<uint8_t>("joints", joints, 4)
      .point_data<float>("weights", weights, 4)
      .cell(CellType::kTriangle, {0, 1, 2})
      .add();
  scene.nodes.resize(4);
  scene.nodes[0].children = {1, 2, 3};
  scene.nodes[3].mesh = 0;
  scene.nodes[3].skin = 0;
  scene.scenes = {{0}};
  scene.skins.emplace_back().joints = {0, 1, 2};
  return scene;
}

const rapidjson::Value& attributes_of(const Parsed& p) {
  return p.doc["meshes"][0]["primitives"][0]["attributes"];
}

TEST(ValidOutput, WeightOnAJointPastTheSmallestSkinIsWrittenAsZero) {
  // Vertex 0 puts half its weight on joint 3 of a 3-joint skin; vertex 1 all of it on joint 5.
  Scene scene =
      rig({0, 3, 0, 0, 5, 0, 0, 0, 1, 2, 0, 0}, {0.5f, 0.5f, 0, 0, 1, 0, 0, 0, 0.5f, 0.5f, 0, 0});
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_EQ(p.doc["nodes"][3]["skin"].GetInt(), 0);
  EXPECT_THAT(read_accessor<uint8_t>(p, attributes_of(p)["JOINTS_0"].GetInt()),
              ElementsAre(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 0, 0));
  EXPECT_THAT(read_accessor<float>(p, attributes_of(p)["WEIGHTS_0"].GetInt()),
              ElementsAre(1, 0, 0, 0, 1, 0, 0, 0, 0.5f, 0.5f, 0, 0));
  EXPECT_EQ(diagnostics.count("gltf.write.joint-out-of-range"), 1);
  EXPECT_EQ(diagnostics.count("gltf.write.node-skin-dropped"), 0);

  // A second node binding the mesh to a skin of two joints limits it to joints 0 and 1.
  scene.nodes.emplace_back();
  scene.nodes[4].mesh = 0;
  scene.nodes[4].skin = 1;
  scene.skins.emplace_back().joints = {0, 1};
  scene.nodes[0].children.push_back(4);
  Diagnostics shared;
  Parsed q = write_gltf(scene, shared);
  EXPECT_THAT(read_accessor<uint8_t>(q, attributes_of(q)["JOINTS_0"].GetInt()),
              ElementsAre(0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0));
  EXPECT_THAT(read_accessor<float>(q, attributes_of(q)["WEIGHTS_0"].GetInt()),
              ElementsAre(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0));
  EXPECT_EQ(shared.count("gltf.write.joint-out-of-range"), 1);
}

TEST(ValidOutput, AJointNamedTwiceWithWeightKeepsOneInfluence) {
  Scene scene =
      rig({1, 1, 2, 0, 0, 1, 0, 0, 2, 0, 0, 0}, {0.25f, 0.25f, 0.5f, 0, 1, 0, 0, 0, 1, 0, 0, 0});
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_THAT(read_accessor<uint8_t>(p, attributes_of(p)["JOINTS_0"].GetInt()),
              ElementsAre(1, 0, 2, 0, 0, 0, 0, 0, 2, 0, 0, 0));
  EXPECT_THAT(read_accessor<float>(p, attributes_of(p)["WEIGHTS_0"].GetInt()),
              ElementsAre(0.5f, 0, 0.5f, 0, 1, 0, 0, 0, 1, 0, 0, 0));
  EXPECT_EQ(diagnostics.count("gltf.write.joint-duplicate-merged"), 1);
}

TEST(ValidOutput, ASkinnedNodesJointsJoinItsScene) {
  // The skinned node 3 is a scene root of its own; the joints' root 0 is in no scene.
  Scene scene =
      rig({0, 1, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0}, {0.5f, 0.5f, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0});
  scene.nodes[0].children = {1, 2};
  scene.scenes = {{3}, {0}};
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  ASSERT_EQ(p.doc["scenes"].Size(), 2u);
  const rapidjson::Value& first = p.doc["scenes"][0]["nodes"];
  ASSERT_EQ(first.Size(), 2u);
  EXPECT_EQ(first[0].GetInt(), 3);
  EXPECT_EQ(first[1].GetInt(), 0);
  EXPECT_EQ(p.doc["scenes"][1]["nodes"].Size(), 1u);
  EXPECT_EQ(p.doc["nodes"][3]["skin"].GetInt(), 0);
  EXPECT_EQ(diagnostics.count("gltf.write.scene-joints-added"), 1);
}

TEST(ValidOutput, AssetMinVersionIsWrittenOnlyWhenItIsTheVersionWritten) {
  Scene scene = triangle_scene();
  scene.asset.set(AssetField::kMinVersion, "2.0");
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_STREQ(p.doc["asset"]["minVersion"].GetString(), "2.0");
  EXPECT_EQ(diagnostics.warning_count(), 0);

  scene.asset.set(AssetField::kMinVersion, "2.1");
  Diagnostics above;
  Parsed q = write_gltf(scene, above);
  EXPECT_FALSE(q.doc["asset"].HasMember("minVersion"));
  EXPECT_EQ(above.count("gltf.write.global-dropped"), 1);
}

}  // namespace
}  // namespace px::gltf::testing
