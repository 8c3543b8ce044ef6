// Issue 15, point 1 (beyond the spec): morph targets both ways through glTF. A mesh's targets
// (Mesh::morph_targets) are written as every primitive's "targets" with the mesh's "weights" and
// extras.targetNames, and a weights animation channel as glTF's; a read gives them back. A Draco
// write leaves a mesh with targets uncompressed, a node's weights become its mesh's when it is the
// mesh's only node, else the node's own (Node::morph_weights), written back as node.weights.
// Targets moving texture coordinates and colours (TEXCOORD_n, COLOR_n) keep them both ways.
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "polyxios/scene/animation.h"
#include "tests/formats/gltf/read_test_util.h"
#include "tests/formats/gltf/test_scene.h"

namespace px::gltf::testing {
namespace {

template <class T>
Column arena_column(Scene& scene, const std::vector<T>& values, size_t cols) {
  std::span<T> out = scene.arena->allocate<T>(values.size());
  std::copy(values.begin(), values.end(), out.begin());
  return Column::of<T>(std::span<const T>(out), cols);
}

// The triangle scene with normals, two targets (the second without a name) and default weights,
// and an animation of the weights over two keys.
Scene morph_scene(bool animated = true) {
  Scene scene;
  MeshBuilder(scene)
      .points({0, 0, 0, 1, 0, 0, 0, 1, 0})
      .point_data<float>("normals", {0, 0, 1, 0, 0, 1, 0, 0, 1}, 3)
      .cell(CellType::kTriangle, {0, 1, 2})
      .name("face")
      .add();
  Mesh& mesh = scene.meshes[0];
  MorphTarget smile;
  smile.name = "smile";
  smile.positions = arena_column<float>(scene, {0, 0, 1, 0, 0, 2, 0, 0, 3}, 3);
  smile.normals = arena_column<float>(scene, {0, 0.5f, 0, 0, 0, 0, 0, 0, 0}, 3);
  MorphTarget frown;
  frown.positions = arena_column<float>(scene, {1, 0, 0, 0, 0, 0, 0, -1, 0}, 3);
  frown.normals = arena_column<float>(scene, {0, 0, 0, 0, 0, 0, 0, 0, 0}, 3);
  mesh.morph_targets = {smile, frown};
  mesh.morph_weights = {0.25, 0.5};
  Node node;
  node.mesh = 0;
  scene.nodes.push_back(node);
  scene.scenes.push_back({0});
  if (animated) {
    Animation a;
    a.name = "talk";
    AnimationSampler s;
    s.times = arena_column<float>(scene, {0, 1, 2}, 1);
    s.values = arena_column<float>(scene, {0, 1, 1, 0, 0.5f, 0.5f}, 2);
    s.interpolation = "LINEAR";
    a.samplers.push_back(s);
    AnimationChannel c;
    c.sampler = 0;
    c.target.node = 0;
    c.target.path = TargetPath::kWeights;
    a.channels.push_back(c);
    scene.animations = {a};
  }
  return scene;
}

TEST(MorphTargets, TheWriteGivesTargetsWeightsNamesAndAWeightsChannel) {
  Diagnostics diagnostics;
  Parsed p = write_gltf(morph_scene(), diagnostics);
  ASSERT_TRUE(p.doc.IsObject());
  const rapidjson::Value& mesh = p.doc["meshes"][0];
  const rapidjson::Value& targets = mesh["primitives"][0]["targets"];
  ASSERT_EQ(targets.Size(), 2u);
  ASSERT_TRUE(targets[0].HasMember("POSITION"));
  ASSERT_TRUE(targets[0].HasMember("NORMAL"));
  const rapidjson::Value& position = p.doc["accessors"][targets[0]["POSITION"].GetInt()];
  ASSERT_TRUE(position.HasMember("min"));
  EXPECT_EQ(position["max"][2].GetDouble(), 3);
  EXPECT_EQ(read_accessor<float>(p, targets[1]["POSITION"].GetInt()),
            (std::vector<float>{1, 0, 0, 0, 0, 0, 0, -1, 0}));
  ASSERT_EQ(mesh["weights"].Size(), 2u);
  EXPECT_EQ(mesh["weights"][1].GetDouble(), 0.5);
  EXPECT_STREQ(mesh["extras"]["targetNames"][0].GetString(), "smile");
  EXPECT_STREQ(mesh["extras"]["targetNames"][1].GetString(), "");
  const rapidjson::Value& animation = p.doc["animations"][0];
  EXPECT_STREQ(animation["channels"][0]["target"]["path"].GetString(), "weights");
  const rapidjson::Value& output = p.doc["accessors"][animation["samplers"][0]["output"].GetInt()];
  EXPECT_EQ(output["count"].GetInt(), 6);  // 3 keys x 2 targets
  EXPECT_STREQ(output["type"].GetString(), "SCALAR");
  EXPECT_EQ(diagnostics.count("gltf.write.animation-channel-skipped"), 0);
}

TEST(MorphTargets, AGlbWriteReadsBackWithTheSameTargets) {
  Scene scene = morph_scene();
  Diagnostics diagnostics;
  absl::StatusOr<Written> written = write_to_memory(scene, true, "", diagnostics);
  ASSERT_TRUE(written.ok()) << written.status();
  ReadResult r = read_bytes(written->json);
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("gltf.read.morph-targets-dropped"), 0);
  const Mesh& mesh = r.scene->meshes.at(0);
  ASSERT_EQ(mesh.morph_targets.size(), 2u);
  EXPECT_EQ(mesh.morph_targets[0].name, "smile");
  EXPECT_EQ(mesh.morph_targets[1].name, "");
  EXPECT_EQ(values_of(mesh.morph_targets[0].positions),
            (std::vector<double>{0, 0, 1, 0, 0, 2, 0, 0, 3}));
  EXPECT_EQ(values_of(mesh.morph_targets[0].normals),
            (std::vector<double>{0, 0.5, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(mesh.morph_weights, (std::vector<double>{0.25, 0.5}));
  EXPECT_EQ(find_value(mesh.global_attrs, "extras"), nullptr);  // targetNames taken out
  std::vector<Animation> animations = r.scene->animations;
  ASSERT_EQ(animations.size(), 1u);
  const AnimationSampler& s = *animations[0].samplers[animations[0].channels[0].sampler];
  EXPECT_EQ(s.values.rows, 3u);
  EXPECT_EQ(s.values.cols, 2u);
  EXPECT_EQ(s.values.get(2, 1), 0.5);
}

TEST(MorphTargets, ATargetMovingFewVerticesIsASparseAccessorAndOneMovingNoneHasNoView) {
  // 64 points: a target moving rows 5 and 40 (2 x (1 + 12) bytes sparse, 768 dense), one moving
  // every row (dense), one moving none (zeros, no view).
  const size_t n = 64;
  Scene scene;
  std::vector<uint32_t> strip;
  for (uint32_t i = 0; i < n; ++i) strip.push_back(i);
  MeshBuilder(scene).points(line_of_points(n)).cell(CellType::kPolyLine, strip).add();
  std::vector<float> few(3 * n, 0.0f), all(3 * n, 0.5f), none(3 * n, 0.0f);
  few[3 * 5 + 1] = 2;
  few[3 * 40 + 2] = -3;
  MorphTarget a, b, c;
  a.positions = arena_column<float>(scene, few, 3);
  b.positions = arena_column<float>(scene, all, 3);
  c.positions = arena_column<float>(scene, none, 3);
  scene.meshes[0].morph_targets = {a, b, c};
  scene.nodes.push_back(Node{});
  scene.nodes[0].mesh = 0;
  scene.scenes.push_back({0});
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  ASSERT_TRUE(p.doc.IsObject());
  const rapidjson::Value& targets = p.doc["meshes"][0]["primitives"][0]["targets"];
  const rapidjson::Value& sparse = p.doc["accessors"][targets[0]["POSITION"].GetInt()];
  EXPECT_FALSE(sparse.HasMember("bufferView"));
  ASSERT_TRUE(sparse.HasMember("sparse"));
  EXPECT_EQ(sparse["count"].GetInt(), 64);
  EXPECT_EQ(sparse["sparse"]["count"].GetInt(), 2);
  EXPECT_EQ(sparse["sparse"]["indices"]["componentType"].GetInt(), 5121);
  // min and max count the zeros of the rows not moved
  EXPECT_EQ(sparse["min"][1].GetDouble(), 0);
  EXPECT_EQ(sparse["max"][1].GetDouble(), 2);
  EXPECT_EQ(sparse["min"][2].GetDouble(), -3);
  EXPECT_EQ(sparse["max"][0].GetDouble(), 0);
  const rapidjson::Value& dense = p.doc["accessors"][targets[1]["POSITION"].GetInt()];
  EXPECT_TRUE(dense.HasMember("bufferView"));
  EXPECT_FALSE(dense.HasMember("sparse"));
  const rapidjson::Value& zeros = p.doc["accessors"][targets[2]["POSITION"].GetInt()];
  EXPECT_FALSE(zeros.HasMember("bufferView"));
  EXPECT_FALSE(zeros.HasMember("sparse"));
  EXPECT_EQ(zeros["max"][0].GetDouble(), 0);

  absl::StatusOr<Written> written = write_to_memory(scene, true, "", diagnostics);
  ASSERT_TRUE(written.ok()) << written.status();
  ReadResult r = read_bytes(written->json);
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const std::vector<MorphTarget>& back = r.scene->meshes.at(0).morph_targets;
  ASSERT_EQ(back.size(), 3u);
  EXPECT_EQ(values_of(back[0].positions), std::vector<double>(few.begin(), few.end()));
  EXPECT_EQ(values_of(back[1].positions), std::vector<double>(all.begin(), all.end()));
  EXPECT_EQ(values_of(back[2].positions), std::vector<double>(none.begin(), none.end()));
}

TEST(MorphTargets, PrimitivesGivingDifferentTargetCountsDropThemWithAWarning) {
  Bin bin;
  size_t positions = bin.add<float>({0, 0, 0, 1, 0, 0, 0, 1, 0});
  ReadResult r = read_bytes(document(cat(R"("meshes": [{"primitives": [
            {"attributes": {"POSITION": 0}, "targets": [{"POSITION": 0}]},
            {"attributes": {"POSITION": 0}, "mode": 0}]}],
          "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                         "min": [0, 0, 0], "max": [1, 1, 0]}],
          "bufferViews": [{"buffer": 0, "byteOffset": )",
                                         positions, R"(, "byteLength": 36}])"),
                                     bin));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_TRUE(r.scene->meshes[0].morph_targets.empty());
  EXPECT_EQ(r.diagnostics.count("gltf.read.morph-targets-dropped"), 1);
}

TEST(MorphTargets, ASparseTargetMovingOneVertexDecodes) {
  Bin bin;
  size_t positions = bin.add<float>({0, 0, 0, 1, 0, 0, 0, 1, 0});
  size_t indices = bin.add<uint16_t>({2, 0});  // one index, padded
  size_t values = bin.add<float>({0, 0, 5});
  ReadResult r =
      read_bytes(document(cat(R"("meshes": [{"primitives": [{"attributes": {"POSITION": 0},
                                         "targets": [{"POSITION": 1}]}]}],
          "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
             "min": [0, 0, 0], "max": [1, 1, 0]},
            {"componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0],
             "max": [0, 0, 5], "sparse": {"count": 1,
               "indices": {"bufferView": 1, "componentType": 5123},
               "values": {"bufferView": 2}}}],
          "bufferViews": [{"buffer": 0, "byteOffset": )",
                              positions, R"(, "byteLength": 36},
            {"buffer": 0, "byteOffset": )",
                              indices, R"(, "byteLength": 2},
            {"buffer": 0, "byteOffset": )",
                              values, R"(, "byteLength": 12}])"),
                          bin));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const Mesh& mesh = r.scene->meshes.at(0);
  ASSERT_EQ(mesh.morph_targets.size(), 1u);
  EXPECT_EQ(values_of(mesh.morph_targets[0].positions),
            (std::vector<double>{0, 0, 0, 0, 0, 0, 0, 0, 5}));
}

TEST(MorphTargets, NodeWeightsBecomeTheMeshesWhenItIsTheOnlyNodeElseTheNodesOwn) {
  Bin bin;
  size_t positions = bin.add<float>({0, 0, 0, 1, 0, 0, 0, 1, 0});
  auto doc = [&](std::string_view nodes) {
    return document(cat(R"("scenes": [{"nodes": [0]}], "nodes": [)", nodes, R"(],
            "meshes": [{"primitives": [{"attributes": {"POSITION": 0},
                                        "targets": [{"POSITION": 0}]}], "weights": [0.5]}],
            "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                           "min": [0, 0, 0], "max": [1, 1, 0]}],
            "bufferViews": [{"buffer": 0, "byteOffset": )",
                        positions, R"(, "byteLength": 36}])"),
                    bin);
  };
  ReadResult one = read_bytes(doc(R"({"mesh": 0, "weights": [0.75]})"));
  ASSERT_TRUE(one.scene.ok()) << one.scene.status();
  EXPECT_EQ(one.scene->meshes[0].morph_weights, (std::vector<double>{0.75}));
  ReadResult two =
      read_bytes(doc(R"({"mesh": 0, "weights": [0.75], "children": [1]}, {"mesh": 0})"));
  ASSERT_TRUE(two.scene.ok()) << two.scene.status();
  EXPECT_EQ(two.scene->meshes[0].morph_weights, (std::vector<double>{0.5}));
  EXPECT_EQ(two.scene->nodes[0].morph_weights, (std::vector<double>{0.75}));
  EXPECT_TRUE(two.scene->nodes[1].morph_weights.empty());
  // Written back as node 0's weights beside the mesh's.
  Diagnostics diagnostics;
  Parsed p = write_gltf(*two.scene, diagnostics);
  ASSERT_TRUE(p.doc.IsObject());
  const rapidjson::Value& nodes = p.doc["nodes"];
  ASSERT_EQ(nodes.Size(), 2u);
  int with_weights = 0;
  for (const rapidjson::Value& node : nodes.GetArray()) {
    if (!node.HasMember("weights")) continue;
    ++with_weights;
    ASSERT_EQ(node["weights"].Size(), 1u);
    EXPECT_EQ(node["weights"][0].GetDouble(), 0.75);
  }
  EXPECT_EQ(with_weights, 1);
  EXPECT_EQ(p.doc["meshes"][0]["weights"][0].GetDouble(), 0.5);
  ReadResult bad = read_bytes(doc(R"({"mesh": 0, "weights": [0.75, 1]})"));
  ASSERT_TRUE(bad.scene.ok()) << bad.scene.status();
  EXPECT_EQ(bad.diagnostics.count("gltf.read.node-weights-invalid"), 1);
}

TEST(MorphTargets, NodeWeightsNotOnePerTargetAreLeftOutOfTheWriteWithAWarning) {
  Scene scene = morph_scene(false);
  scene.nodes[0].morph_weights = {1};  // the mesh has 2 targets
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  ASSERT_TRUE(p.doc.IsObject());
  EXPECT_FALSE(p.doc["nodes"][0].HasMember("weights"));
  EXPECT_EQ(diagnostics.count("gltf.write.node-weights-dropped"), 1);
}

TEST(MorphTargets, InvalidTargetsAreLeftOutOfTheWriteWithAWarning) {
  Scene scene = morph_scene(false);
  scene.meshes[0].morph_targets[1].positions.rows = 2;  // not one row per vertex
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  ASSERT_TRUE(p.doc.IsObject());
  EXPECT_FALSE(p.doc["meshes"][0]["primitives"][0].HasMember("targets"));
  EXPECT_EQ(diagnostics.count("gltf.write.morph-targets-dropped"), 1);
}

TEST(MorphTargets, ADracoWriteLeavesAMeshWithTargetsUncompressed) {
  Scene scene = morph_scene(false);
  Diagnostics diagnostics;
  MeshCompression compression;
  compression.method = MeshCompression::Method::kDraco;
  absl::StatusOr<Written> written =
      write_to_memory(scene, true, "", diagnostics, {.compression = compression});
  ASSERT_TRUE(written.ok()) << written.status();
  EXPECT_EQ(diagnostics.count("gltf.write.draco-morph-uncompressed"), 1);
  EXPECT_EQ(written->json.find("KHR_draco_mesh_compression"), std::string::npos);
  ReadResult r = read_bytes(written->json);
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.scene->meshes[0].morph_targets.size(), 2u);
}

TEST(MorphTargets, TexcoordAndColorDifferencesAreFloatTargetsThatReadBack) {
  Scene scene = morph_scene(false);
  Mesh& mesh = scene.meshes[0];
  mesh.point_data.push_back({"texcoords", arena_column<float>(scene, {0, 0, 1, 0, 0, 1}, 2)});
  mesh.point_data.push_back({"colors", arena_column<float>(scene, {1, 1, 1, 1, 0, 0, 1, 1, 0}, 3)});
  mesh.morph_targets[0].point_data.push_back(
      {"texcoords", arena_column<float>(scene, {0.5f, 0, 0, 0, 0, -0.25f}, 2)});
  mesh.morph_targets[1].point_data.push_back(
      {"colors", arena_column<float>(scene, {-1, -1, 0, 0, 0, 0, 0, 0, 0}, 3)});
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  ASSERT_TRUE(p.doc.IsObject());
  const rapidjson::Value& targets = p.doc["meshes"][0]["primitives"][0]["targets"];
  ASSERT_TRUE(targets[0].HasMember("TEXCOORD_0"));
  EXPECT_FALSE(targets[0].HasMember("COLOR_0"));
  ASSERT_TRUE(targets[1].HasMember("COLOR_0"));
  const rapidjson::Value& uv = p.doc["accessors"][targets[0]["TEXCOORD_0"].GetInt()];
  EXPECT_STREQ(uv["type"].GetString(), "VEC2");
  EXPECT_EQ(uv["componentType"].GetInt(), 5126);
  const rapidjson::Value& color = p.doc["accessors"][targets[1]["COLOR_0"].GetInt()];
  EXPECT_STREQ(color["type"].GetString(), "VEC3");
  EXPECT_EQ(color["componentType"].GetInt(), 5126);
  // A difference is not clamped as a colour is.
  EXPECT_EQ(diagnostics.count("gltf.write.color-clamped"), 0);

  absl::StatusOr<Written> written = write_to_memory(scene, true, "", diagnostics);
  ASSERT_TRUE(written.ok()) << written.status();
  ReadResult r = read_bytes(written->json);
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("gltf.read.morph-attribute-dropped"), 0);
  const std::vector<MorphTarget>& back = r.scene->meshes.at(0).morph_targets;
  ASSERT_EQ(back.size(), 2u);
  ASSERT_EQ(back[0].point_data.size(), 1u);
  EXPECT_EQ(back[0].point_data[0].name, "texcoords");
  EXPECT_EQ(values_of(back[0].point_data[0].column), (std::vector<double>{0.5, 0, 0, 0, 0, -0.25}));
  ASSERT_EQ(back[1].point_data.size(), 1u);
  EXPECT_EQ(back[1].point_data[0].name, "colors");
  EXPECT_EQ(values_of(back[1].point_data[0].column),
            (std::vector<double>{-1, -1, 0, 0, 0, 0, 0, 0, 0}));
}

TEST(MorphTargets, AColorTargetOfOtherComponentsThanTheColorIsDroppedWithAWarning) {
  Bin bin;
  size_t positions = bin.add<float>({0, 0, 0, 1, 0, 0, 0, 1, 0});
  size_t colors = bin.add<float>({1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
  ReadResult r = read_bytes(
      document(cat(R"("meshes": [{"primitives": [{"attributes": {"POSITION": 0, "COLOR_0": 1},
            "targets": [{"POSITION": 0, "COLOR_0": 2}]}]}],
          "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
             "min": [0, 0, 0], "max": [1, 1, 0]},
            {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC4"},
            {"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"}],
          "bufferViews": [{"buffer": 0, "byteOffset": )",
                   positions, R"(, "byteLength": 36},
            {"buffer": 0, "byteOffset": )",
                   colors, R"(, "byteLength": 48}])"),
               bin));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const Mesh& mesh = r.scene->meshes.at(0);
  ASSERT_EQ(mesh.morph_targets.size(), 1u);
  EXPECT_TRUE(mesh.morph_targets[0].point_data.empty());
  EXPECT_EQ(r.diagnostics.count("gltf.read.morph-attribute-dropped"), 1);
}

}  // namespace
}  // namespace px::gltf::testing
