// Nodes and scenes: matrix or translation * rotation * scale, cameras, skins, extras, children
// kept a forest, scenes and the default scene.
#include <Eigen/Geometry>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"
#include "tests/formats/gltf/read_test_util.h"
#include "tests/formats/gltf/test_scene.h"

namespace px::gltf::testing {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::Field;
using ::testing::HasSubstr;
using ::testing::StartsWith;

TEST(ReadNodes, MatrixIsReadColumnMajor) {
  ReadResult r = read_bytes(document(R"("nodes": [{"name": "m",
      "matrix": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1]}])"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const Node& node = r.scene->nodes[0];
  EXPECT_EQ(node.name, "m");
  EXPECT_EQ(node.matrix(0, 3), 5);
  EXPECT_EQ(node.matrix(1, 3), 6);
  EXPECT_EQ(node.matrix(2, 3), 7);
  EXPECT_EQ(node.matrix(3, 3), 1);
}

TEST(ReadNodes, TranslationRotationScaleComposeAsTRS) {
  // A quarter turn about z: (x, y, z, w).
  const double h = std::sqrt(0.5);
  ReadResult r = read_bytes(document(cat(R"("nodes": [{"translation": [1, 2, 3],
      "rotation": [0, 0, )",
                                         h, ", ", h, R"(], "scale": [2, 3, 4]}])")));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  Eigen::Affine3d expected = Eigen::Translation3d(1, 2, 3) *
                             Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitZ()) *
                             Eigen::Scaling(2.0, 3.0, 4.0);
  EXPECT_TRUE(r.scene->nodes[0].matrix.isApprox(expected.matrix(), 1e-12))
      << r.scene->nodes[0].matrix;
}

TEST(ReadNodes, RotationOfWrongLengthIsNormalizedWithAWarning) {
  ReadResult r = read_bytes(document(R"("nodes": [{"rotation": [0, 0, 0, 2]},
                                                  {"rotation": [0, 0, 0, 0]}])"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_TRUE(r.scene->nodes[0].matrix.isIdentity());
  EXPECT_TRUE(r.scene->nodes[1].matrix.isIdentity());
  EXPECT_EQ(r.diagnostics.count("gltf.read.rotation-normalized"), 1);
  EXPECT_EQ(r.diagnostics.count("gltf.read.rotation-replaced"), 1);
}

TEST(ReadNodes, CameraSkinMeshChildrenAndExtrasAreKept) {
  ReadResult r = read_bytes(document(R"(
    "cameras": [{"type": "perspective", "perspective": {"yfov": 0.8, "znear": 0.1}}],
    "skins": [{"joints": [1]}],
    "meshes": [{"primitives": []}],
    "nodes": [{"camera": 0, "children": [1, 2], "extras": {"tag": "rig"}},
              {"mesh": 0, "skin": 0}, {}])"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const Node& root = r.scene->nodes[0];
  EXPECT_THAT(root.children, ElementsAre(1, 2));
  ASSERT_EQ(root.camera, 0);
  ASSERT_EQ(r.scene->cameras.size(), 1u);
  const Camera& camera = r.scene->cameras[0];
  EXPECT_EQ(camera.type, CameraType::kPerspective);
  EXPECT_EQ(camera.yfov, 0.8);
  EXPECT_EQ(camera.znear, 0.1);
  EXPECT_EQ(camera.collada_id, std::nullopt);
  ASSERT_TRUE(camera.gltf_object.has_value());
  EXPECT_EQ(find_value(*camera.gltf_object, "type")->as_string(), "perspective");
  EXPECT_EQ(find_value(find_value(root.extras, "extras")->as_map(), "tag")->as_string(), "rig");
  EXPECT_EQ(r.scene->nodes[1].mesh, 0);
  EXPECT_EQ(r.scene->nodes[1].skin, 0);
  EXPECT_EQ(r.scene->nodes[2].mesh, -1);
}

TEST(ReadNodes, ReferencesThatBreakTheForestAreDroppedWithAWarning) {
  ReadResult r = read_bytes(document(R"("nodes": [
      {"children": [0]}, {"children": [2]}, {"children": [1]}, {"children": [2]}])"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const std::vector<Node>& nodes = r.scene->nodes;
  // Node 0 loses itself; node 3 loses 2, which node 1 already holds; the cycle 1 -> 2 -> 1 loses
  // one of its references.
  EXPECT_TRUE(nodes[0].children.empty());
  EXPECT_TRUE(nodes[3].children.empty());
  EXPECT_EQ(nodes[1].children.size() + nodes[2].children.size(), 1u);
  EXPECT_EQ(r.diagnostics.count("gltf.read.node-reference-dropped"), 2);  // the loops
  EXPECT_EQ(r.diagnostics.count("gltf.read.node-parent-override"), 1);
  // A second parent's warning opens with the pointer of its reference, as the validator's does.
  EXPECT_THAT(r.diagnostics.entries(),
              Contains(Field(&Diagnostic::message,
                             StartsWith("/nodes/3/children/0: child 2 already has a parent"))));
}

TEST(ReadNodes, UnresolvedReferencesAreRefusedNamingThem) {
  for (std::string_view node :
       {R"({"mesh": 0})", R"({"children": [4]})", R"({"camera": 0})", R"({"skin": 1})"}) {
    ReadResult r = read_bytes(document(cat(R"("nodes": [)", node, "]")));
    ASSERT_FALSE(r.scene.ok()) << node;
    EXPECT_EQ(rule_of(r.scene.status()), "gltf.reference.unresolved");
    EXPECT_THAT(r.scene.status().message(), HasSubstr("/nodes/0/"));
  }
}

TEST(ReadNodes, CameraCopiesTheBytesCannotBackAreRefused) {
  // Each node keeps a copy of its camera: 5000 copies of a 20 KB camera from an 85 KB document.
  std::string nodes;
  for (int i = 0; i < 5000; ++i) nodes += i == 0 ? R"({"camera": 0})" : R"(,{"camera": 0})";
  ReadResult r =
      read_bytes(document(cat(R"("cameras": [{"type": "perspective", "name": ")",
                              std::string(20000, 'c'), R"("}], "nodes": [)", nodes, "]")));
  ASSERT_FALSE(r.scene.ok());
  EXPECT_EQ(r.scene.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(rule_of(r.scene.status()), "gltf.read.budget");
}

TEST(ReadScenes, ScenesHoldTheirRootsAndTheDefaultScene) {
  ReadResult r = read_bytes(document(R"("nodes": [{"children": [1]}, {}, {}],
      "scenes": [{"nodes": [0]}, {"nodes": [2, 1, 2]}], "scene": 1)"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  ASSERT_EQ(r.scene->scenes.size(), 2u);
  EXPECT_THAT(r.scene->scenes[0], ElementsAre(0));
  // Node 1 is node 0's child and 2 is listed twice: both dropped from the roots with a warning.
  EXPECT_THAT(r.scene->scenes[1], ElementsAre(2));
  EXPECT_EQ(r.diagnostics.count("gltf.read.scene-node-not-root"), 1);
  EXPECT_EQ(r.diagnostics.count("gltf.read.scene-node-duplicate"), 1);
  EXPECT_EQ(r.scene->default_scene, 1);

  ReadResult none = read_bytes(document(R"("nodes": [{}], "scenes": [{"nodes": [0]}])"));
  ASSERT_TRUE(none.scene.ok());
  EXPECT_EQ(none.scene->default_scene, -1);
  EXPECT_EQ(rule_of(read_bytes(document(R"("scenes": [{}], "scene": 1)")).scene.status()),
            "gltf.reference.unresolved");
}

TEST(ReadScenes, AssetAndDocumentExtrasAreKept) {
  ReadResult r = read_bytes(
      R"({"asset": {"version": "2.0", "generator": "hand", "copyright": "me"},
          "extras": {"project": 7}})");
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.scene->asset.generator, "hand");
  EXPECT_EQ(r.scene->asset.copyright, "me");
  const Value* extras = find_value(r.scene->global_attrs, "extras");
  ASSERT_NE(extras, nullptr);
  EXPECT_EQ(find_value(extras->as_map(), "project")->as_int(), 7);
}

// Beyond the spec (issue 15): the source's record a polyxios write leaves in asset.extras comes
// back into the asset; other asset extras, and a record of the wrong type, do not.
TEST(ReadScenes, TheSourcesRecordInAssetExtrasComesBack) {
  ReadResult r = read_bytes(
      R"({"asset": {"version": "2.0", "generator": "polyxios",
                    "extras": {"author": "Ada", "authoring_tool": "Maya 2024",
                               "created": "2024-01-02T03:04:05Z", "up_axis": "Z_UP",
                               "unit": {"name": "centimeter", "meter": 0.01},
                               "modified": 5, "project": "x"}}})");
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const Asset& asset = r.scene->asset;
  EXPECT_EQ(asset.author, "Ada");
  EXPECT_EQ(asset.authoring_tool, "Maya 2024");
  EXPECT_EQ(asset.created, "2024-01-02T03:04:05Z");
  EXPECT_EQ(asset.up_axis, "Z_UP");
  EXPECT_EQ(asset.unit->name, "centimeter");
  EXPECT_EQ(asset.unit->meter, 0.01);
  EXPECT_EQ(asset.modified, std::nullopt);
  // In the order the document spells them, after glTF's own fields.
  EXPECT_EQ(asset.order, (std::vector<AssetField>{AssetField::kVersion, AssetField::kGenerator,
                                                  AssetField::kAuthor, AssetField::kAuthoringTool,
                                                  AssetField::kCreated, AssetField::kUpAxis,
                                                  AssetField::kUnit}));
}

// The unit in asset.extras is written back as the source spelled it (its keys, their order and
// an integer meter), and its first spelling of a key is the one kept.
TEST(ReadScenes, AnAssetExtrasUnitIsWrittenBackAsSpelled) {
  ReadResult r = read_bytes(
      R"({"asset": {"version": "2.0",
                    "extras": {"author": "Ada", "unit": {"meter": 1, "name": 7, "note": "x"},
                               "author": "Bea"}}})");
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.scene->asset.author, "Ada");
  EXPECT_EQ(r.scene->asset.unit->meter, 1.0);
  EXPECT_EQ(r.scene->asset.unit->name, std::nullopt);
  Parsed p = write_gltf(*r.scene);
  rapidjson::StringBuffer unit;
  rapidjson::Writer<rapidjson::StringBuffer> writer(unit);
  p.doc["asset"]["extras"]["unit"].Accept(writer);
  EXPECT_STREQ(unit.GetString(), R"({"meter":1,"name":7,"note":"x"})");
  EXPECT_STREQ(p.doc["asset"]["extras"]["author"].GetString(), "Ada");
}

}  // namespace
}  // namespace px::gltf::testing
