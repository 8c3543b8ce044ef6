// Cameras and the extras of nodes and materials: a glTF read keeps them, a glTF write gives them
// back; what glTF has no slot for is left out with a warning.
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/read_test_util.h"
#include "tests/formats/gltf/test_scene.h"

namespace px::gltf::testing {
namespace {

Parsed write_read_back(std::string_view document_members, Diagnostics& diagnostics) {
  ReadResult read = read_bytes(document(document_members));
  EXPECT_TRUE(read.scene.ok()) << read.scene.status();
  if (!read.scene.ok()) return {};
  return write_gltf(*read.scene, diagnostics);
}

TEST(ExtrasAndCameras, CamerasGoBackOutOnceEachWithTheirNodes) {
  Diagnostics diagnostics;
  Parsed p = write_read_back(R"(
    "scenes": [{"nodes": [0, 1, 2, 3]}],
    "nodes": [{"camera": 0}, {"camera": 1}, {"camera": 0}, {"name": "none"}],
    "cameras": [
      {"name": "eye", "type": "perspective", "extras": {"lens": "35mm"},
       "perspective": {"yfov": 0.8, "znear": 0.1, "zfar": 100, "aspectRatio": 1.5}},
      {"type": "orthographic", "orthographic": {"xmag": 2, "ymag": 1, "znear": 0, "zfar": 10}}])",
                             diagnostics);
  const auto& nodes = p.doc["nodes"];
  EXPECT_EQ(nodes[0]["camera"].GetInt(), 0);
  EXPECT_EQ(nodes[1]["camera"].GetInt(), 1);
  EXPECT_EQ(nodes[2]["camera"].GetInt(), 0);
  EXPECT_FALSE(nodes[3].HasMember("camera"));
  const auto& cameras = p.doc["cameras"];
  ASSERT_EQ(cameras.Size(), 2u);
  EXPECT_STREQ(cameras[0]["name"].GetString(), "eye");
  EXPECT_STREQ(cameras[0]["type"].GetString(), "perspective");
  EXPECT_EQ(cameras[0]["perspective"]["yfov"].GetDouble(), 0.8);
  EXPECT_EQ(cameras[0]["perspective"]["zfar"].GetDouble(), 100);
  EXPECT_EQ(cameras[0]["perspective"]["aspectRatio"].GetDouble(), 1.5);
  EXPECT_STREQ(cameras[0]["extras"]["lens"].GetString(), "35mm");
  EXPECT_EQ(cameras[1]["orthographic"]["xmag"].GetDouble(), 2);
  EXPECT_EQ(cameras[1]["orthographic"]["znear"].GetDouble(), 0);
  EXPECT_EQ(diagnostics.count("gltf.write.camera-dropped"), 0);
}

TEST(ExtrasAndCameras, CamerasGltfWouldRefuseAreLeftOutWithAWarning) {
  Scene scene;
  auto camera = [](ValueMap body, std::string type) {
    return camera_from_gltf(ValueMap{{"type", Value(type)}, {type, Value(std::move(body))}});
  };
  scene.cameras = {
      camera({{"yfov", Value(0.0)}, {"znear", Value(0.1)}}, "perspective"),
      camera({{"yfov", Value(1.0)}, {"znear", Value(1.0)}, {"zfar", Value(0.5)}}, "perspective"),
      camera({{"xmag", Value(1.0)}, {"ymag", Value(1.0)}, {"znear", Value(0.0)}}, "orthographic"),
      camera_from_gltf(ValueMap{{"type", Value("fisheye")}}),
  };
  // A COLLADA read's node naming an id no camera has, and a node for each camera.
  scene.nodes.emplace_back().unresolved_camera = "undefined-id";
  for (int i = 0; i < 4; ++i) scene.nodes.emplace_back().camera = i;
  scene.scenes.push_back({0, 1, 2, 3, 4});
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_FALSE(p.doc.HasMember("cameras"));
  EXPECT_EQ(diagnostics.count("gltf.write.camera-dropped"), 5);
}

TEST(ExtrasAndCameras, ACameraNamedByIdIsTheOneTheScenesCamerasDefine) {
  Scene scene;
  // A COLLADA read's: its cameras by id, one no node shows, and nodes showing the first or naming
  // an id no camera has.
  Camera& cam = scene.cameras.emplace_back();
  cam.collada_id = "cam";
  cam.name = "Camera";
  cam.yfov = 0.5;
  cam.znear = 1;
  scene.cameras.emplace_back(camera_from_gltf(ValueMap{})).collada_id = "unused";
  scene.nodes.emplace_back().camera = 0;
  scene.nodes.emplace_back().camera = 0;
  scene.nodes.emplace_back().unresolved_camera = "other";
  scene.scenes.push_back({0, 1, 2});
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  ASSERT_EQ(p.doc["cameras"].Size(), 1u);
  EXPECT_STREQ(p.doc["cameras"][0]["name"].GetString(), "Camera");
  EXPECT_EQ(p.doc["cameras"][0]["perspective"]["yfov"].GetDouble(), 0.5);
  EXPECT_EQ(p.doc["nodes"][0]["camera"].GetInt(), 0);
  EXPECT_EQ(p.doc["nodes"][1]["camera"].GetInt(), 0);
  EXPECT_FALSE(p.doc["nodes"][2].HasMember("camera"));
  EXPECT_EQ(diagnostics.count("gltf.write.camera-dropped"), 1);
  EXPECT_EQ(diagnostics.count("gltf.write.global-dropped"), 0);
}

TEST(ExtrasAndCameras, NodeAndMaterialExtrasGoBackOut) {
  Diagnostics diagnostics;
  Parsed p = write_read_back(R"(
    "scenes": [{"nodes": [0]}],
    "nodes": [{"name": "tagged", "extras": {"id": 7, "tags": ["a", "b"]}}],
    "materials": [{"name": "m", "extras": {"shader": "toon"}}])",
                             diagnostics);
  EXPECT_EQ(p.doc["nodes"][0]["extras"]["id"].GetInt(), 7);
  EXPECT_STREQ(p.doc["nodes"][0]["extras"]["tags"][1].GetString(), "b");
  EXPECT_STREQ(p.doc["materials"][0]["extras"]["shader"].GetString(), "toon");
  EXPECT_EQ(diagnostics.count("gltf.write.node-extra-dropped"), 0);
  EXPECT_EQ(diagnostics.count("gltf.write.material-extra-dropped"), 0);
}

TEST(ExtrasAndCameras, ExtrasKeysGltfHasNoSlotForAreLeftOutWithAWarning) {
  Scene scene;
  Node& node = scene.nodes.emplace_back();
  // A COLLADA read's bookkeeping: what the node already carries goes silently; a light the scene
  // does not define is left out by the light writer.
  node.collada_id = "n1";
  node.sid = "joint1";
  node.joint = true;
  node.transforms = {{"translate", "t", {1, 2, 3}}};
  node.unresolved_light = "sun";
  set_value(node.extras, "custom", Value(1));
  scene.scenes.push_back({0});
  Material& m = scene.materials.emplace_back();
  m.shading = Shading::kPhong;
  set_value(m.extras, "custom", Value(2));
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_FALSE(p.doc["nodes"][0].HasMember("extras"));
  EXPECT_EQ(diagnostics.count("gltf.write.node-extra-dropped"), 1);
  EXPECT_EQ(diagnostics.count("gltf.write.light-dropped"), 1);
  EXPECT_EQ(diagnostics.count("gltf.write.material-extra-dropped"), 1);
}

}  // namespace
}  // namespace px::gltf::testing
