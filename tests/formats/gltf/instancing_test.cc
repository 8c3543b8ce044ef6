// Issue 15, point 9 (beyond the spec): EXT_mesh_gpu_instancing. A node's instance attributes are
// read into Node::instances (float TRS, normalized short rotations made unit quaternions, custom
// "_" attributes as decoded), a malformed extension dropped with gltf.read.instancing-invalid;
// the write puts them back as float accessors in the node's extension, beside its light, and
// declares the extension used and required; to_polydata draws a copy per instance.
#include <Eigen/Geometry>
#include <cmath>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "polyxios/scene/light.h"
#include "polyxios/scene/polydata.h"
#include "tests/formats/gltf/read_test_util.h"
#include "tests/formats/gltf/test_scene.h"

namespace px::gltf::testing {
namespace {

using ::testing::ElementsAre;

// A quarter turn about z as a normalized short: sin and cos of 45 degrees times 32767.
constexpr int16_t kHalf = 23170;

// One triangle (accessor 0) drawn by node 0 at two instances: translations (1, 0, 0) and
// (0, 2, 0) (accessor 1), rotations none and a quarter turn about z as normalized shorts
// (accessor 2), scales 1 and 2 (accessor 3), _ID 7 and 9 (accessor 4); `attributes` is the
// extension's attributes object, `more_nodes` nodes after node 0; the extension is used, and
// required when `required`.
std::string instanced_document(std::string_view attributes, std::string_view more_nodes = "",
                               bool required = true) {
  Bin bin;
  const size_t points = bin.add<float>({0, 0, 0, 1, 0, 0, 0, 1, 0});
  const size_t translations = bin.add<float>({1, 0, 0, 0, 2, 0});
  const size_t rotations = bin.add<int16_t>({0, 0, 0, 32767, 0, 0, kHalf, kHalf});
  const size_t scales = bin.add<float>({1, 1, 1, 2, 2, 2});
  const size_t ids = bin.add<float>({7, 9});
  auto view = [](size_t offset, size_t length) {
    return cat(R"({"buffer": 0, "byteOffset": )", offset, R"(, "byteLength": )", length, "}");
  };
  return document(cat(R"("extensionsUsed": ["EXT_mesh_gpu_instancing"],)",
                      required ? R"("extensionsRequired": ["EXT_mesh_gpu_instancing"],)" : "",
                      R"("bufferViews": [)", view(points, 36), ",", view(translations, 24), ",",
                      view(rotations, 16), ",", view(scales, 24), ",", view(ids, 8), R"(],
          "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
             "min": [0, 0, 0], "max": [1, 1, 0]},
            {"bufferView": 1, "componentType": 5126, "count": 2, "type": "VEC3"},
            {"bufferView": 2, "componentType": 5122, "normalized": true, "count": 2,
             "type": "VEC4"},
            {"bufferView": 3, "componentType": 5126, "count": 2, "type": "VEC3"},
            {"bufferView": 4, "componentType": 5126, "count": 2, "type": "SCALAR"}],
          "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
          "nodes": [{"mesh": 0, "translation": [0, 0, 5],
                     "extensions": {"EXT_mesh_gpu_instancing": {"attributes": )",
                      attributes, "}}}", more_nodes, R"(],
          "scenes": [{"nodes": [0]}], "scene": 0)"),
                  bin);
}

constexpr std::string_view kAll = R"({"TRANSLATION": 1, "ROTATION": 2, "SCALE": 3, "_ID": 4})";

Eigen::Matrix4d expected_instance(int i) {
  Eigen::Affine3d m = i == 0 ? Eigen::Affine3d(Eigen::Translation3d(1, 0, 0))
                             : Eigen::Translation3d(0, 2, 0) *
                                   Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitZ()) *
                                   Eigen::Scaling(2.0, 2.0, 2.0);
  return m.matrix();
}

TEST(Instancing, AttributesAreReadAndTheExtensionIsKept) {
  ReadResult r = read_bytes(instanced_document(kAll));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("gltf.read.extension-dropped"), 0);
  EXPECT_EQ(r.diagnostics.count("gltf.read.instancing-invalid"), 0);
  const Instances& in = r.scene->nodes[0].instances;
  ASSERT_EQ(in.count, 2u);
  EXPECT_THAT(values_of(in.translation), ElementsAre(1, 0, 0, 0, 2, 0));
  EXPECT_THAT(values_of(in.scale), ElementsAre(1, 1, 1, 2, 2, 2));
  // Normalized shorts made unit quaternions.
  EXPECT_THAT(values_of(in.rotation),
              ElementsAre(0, 0, 0, 1, 0, 0, std::sqrt(0.5), std::sqrt(0.5)));
  ASSERT_EQ(in.custom.size(), 1u);
  EXPECT_EQ(in.custom[0].name, "_ID");
  EXPECT_THAT(values_of(in.custom[0].column), ElementsAre(7, 9));
  for (int i = 0; i < 2; ++i) {
    EXPECT_TRUE(in.matrix(i).isApprox(expected_instance(i), 1e-12)) << i << "\n" << in.matrix(i);
  }
}

TEST(Instancing, MalformedExtensionsAreDroppedWithAWarning) {
  const std::string_view cases[] = {
      R"({"TRANSLATION": 0, "SCALE": 3})",  // 3 translations, 2 scales
      R"({"TRANSLATION": 2})",              // a VEC4 of shorts
      R"({"ROTATION": 1})",                 // a VEC3
      R"({"COLOR": 4})",                    // no such attribute
      R"({"TRANSLATION": 9})",              // no such accessor
      R"({})",                              // nothing
      R"([1])",                             // not an object
  };
  for (std::string_view attributes : cases) {
    ReadResult r = read_bytes(instanced_document(attributes));
    ASSERT_TRUE(r.scene.ok()) << attributes << ": " << r.scene.status();
    EXPECT_EQ(r.diagnostics.count("gltf.read.instancing-invalid"), 1) << attributes;
    EXPECT_TRUE(r.scene->nodes[0].instances.empty()) << attributes;
  }
  // On a node without a mesh.
  ReadResult r = read_bytes(instanced_document(
      kAll, R"(, {"extensions": {"EXT_mesh_gpu_instancing": {"attributes": {"SCALE": 3}}}})"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("gltf.read.instancing-invalid"), 1);
  EXPECT_EQ(r.scene->nodes[0].instances.count, 2u);
  EXPECT_TRUE(r.scene->nodes[1].instances.empty());
}

TEST(Instancing, WriteDeclaresTheExtensionAndRoundTripsTheValues) {
  ReadResult r = read_bytes(instanced_document(kAll));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  Diagnostics diagnostics;
  Parsed p = write_gltf(*r.scene, diagnostics);
  EXPECT_EQ(diagnostics.warning_count(), 0);
  const rapidjson::Document& doc = p.doc;
  ASSERT_TRUE(doc.HasMember("extensionsUsed"));
  EXPECT_EQ(std::string(doc["extensionsUsed"][0].GetString()), "EXT_mesh_gpu_instancing");
  EXPECT_EQ(std::string(doc["extensionsRequired"][0].GetString()), "EXT_mesh_gpu_instancing");
  const rapidjson::Value& attributes =
      doc["nodes"][0]["extensions"]["EXT_mesh_gpu_instancing"]["attributes"];
  ASSERT_TRUE(attributes.IsObject());
  EXPECT_EQ(attributes.MemberCount(), 4u);
  const int rotation = attributes["ROTATION"].GetInt();
  EXPECT_EQ(std::string(doc["accessors"][rotation]["type"].GetString()), "VEC4");
  EXPECT_EQ(doc["accessors"][rotation]["componentType"].GetInt(), 5126);
  EXPECT_THAT(read_accessor<float>(p, attributes["TRANSLATION"].GetInt()),
              ElementsAre(1, 0, 0, 0, 2, 0));
  EXPECT_THAT(read_accessor<float>(p, attributes["_ID"].GetInt()), ElementsAre(7, 9));

  Written written = *write_to_memory(*r.scene, true, "", diagnostics);
  ReadResult back = read_bytes(written.json);
  ASSERT_TRUE(back.scene.ok()) << back.scene.status();
  EXPECT_EQ(back.diagnostics.warning_count(), 0);
  const Instances& in = back.scene->nodes[0].instances;
  ASSERT_EQ(in.count, 2u);
  ASSERT_EQ(in.custom.size(), 1u);
  for (int i = 0; i < 2; ++i) {
    EXPECT_TRUE(in.matrix(i).isApprox(expected_instance(i), 1e-6)) << i;
  }
}

// Issue 36 §3: the extension is required of the output only when the input required it (Blender
// 3.4 refuses a file requiring it); used in both cases.
TEST(Instancing, TheExtensionIsRequiredOnlyWhenTheInputRequiredIt) {
  for (bool required : {true, false}) {
    SCOPED_TRACE(required ? "required" : "used only");
    ReadResult r = read_bytes(instanced_document(kAll, "", required));
    ASSERT_TRUE(r.scene.ok()) << r.scene.status();
    EXPECT_EQ(r.scene->nodes[0].instances.required, required);
    Parsed p = write_gltf(*r.scene);
    ASSERT_TRUE(p.doc.HasMember("extensionsUsed"));
    EXPECT_EQ(std::string(p.doc["extensionsUsed"][0].GetString()), "EXT_mesh_gpu_instancing");
    EXPECT_EQ(p.doc.HasMember("extensionsRequired"), required);
    EXPECT_TRUE(p.doc["nodes"][0]["extensions"].HasMember("EXT_mesh_gpu_instancing"));
    // A second write from that output keeps the choice.
    Diagnostics diagnostics;
    Written written = *write_to_memory(*r.scene, true, "", diagnostics);
    ReadResult back = read_bytes(written.json);
    ASSERT_TRUE(back.scene.ok()) << back.scene.status();
    EXPECT_EQ(back.scene->nodes[0].instances.required, required);
  }
}

// A float64 column of `values` in the scene's arena.
Column doubles(Scene& scene, const std::vector<double>& values, size_t cols) {
  return Column::of<double>(std::span<const double>(scene.arena->copy<double>(values)), cols);
}

TEST(Instancing, TheExtensionSitsBesideTheNodesLight) {
  Scene scene = triangle_scene();
  Light point;
  point.type = LightType::kPoint;
  scene.lights.push_back(point);
  scene.nodes[0].light = 0;
  scene.nodes[0].instances.count = 2;
  scene.nodes[0].instances.translation = doubles(scene, {0, 0, 0, 3, 0, 0}, 3);
  Parsed p = write_gltf(scene);
  // Instances no glTF input required (built here, as from COLLADA): the extension is used only.
  EXPECT_FALSE(p.doc.HasMember("extensionsRequired"));
  const rapidjson::Value& extensions = p.doc["nodes"][0]["extensions"];
  EXPECT_TRUE(extensions.HasMember("KHR_lights_punctual"));
  ASSERT_TRUE(extensions.HasMember("EXT_mesh_gpu_instancing"));
  const int t = extensions["EXT_mesh_gpu_instancing"]["attributes"]["TRANSLATION"].GetInt();
  EXPECT_THAT(read_accessor<float>(p, t), ElementsAre(0, 0, 0, 3, 0, 0));
}

TEST(Instancing, InstancesWithoutAWrittenMeshOrWithNaNAreDropped) {
  Scene scene = triangle_scene();
  scene.nodes[0].instances.count = 1;
  scene.nodes[0].instances.scale = doubles(scene, {0, 0, NAN}, 3);
  Node& meshless = scene.nodes.emplace_back();
  meshless.instances.count = 1;
  meshless.instances.scale = doubles(scene, {1, 2, 3}, 3);
  scene.nodes[0].children.push_back(1);
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_EQ(diagnostics.count("gltf.write.instances-dropped"), 2);
  EXPECT_FALSE(p.doc["nodes"][1].HasMember("extensions"));
  EXPECT_FALSE(p.doc["nodes"][0].HasMember("extensions"));
  EXPECT_FALSE(p.doc.HasMember("extensionsUsed"));
}

TEST(Instancing, PolydataDrawsACopyPerInstance) {
  ReadResult r = read_bytes(instanced_document(kAll));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  PolyData flat = to_polydata(*r.scene);
  ASSERT_EQ(flat.mesh.num_points(), 6u);
  ASSERT_EQ(flat.mesh.num_cells(), 2u);
  Eigen::Matrix4d node = Eigen::Matrix4d::Identity();
  node(2, 3) = 5;
  const Eigen::Vector4d corner(1, 0, 0, 1);  // the triangle's second point
  for (int i = 0; i < 2; ++i) {
    const Eigen::Vector4d want = node * expected_instance(i) * corner;
    for (int k = 0; k < 3; ++k) {
      EXPECT_NEAR(flat.mesh.points.get(3 * i + 1, k), want[k], 1e-6) << i << " " << k;
    }
  }
}

}  // namespace
}  // namespace px::gltf::testing
