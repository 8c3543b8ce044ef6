// Issue 36 §3: glTF -> COLLADA writes every influence set (JOINTS_0 / WEIGHTS_0, JOINTS_1 /
// WEIGHTS_1, ...) into the controller, <vcount> taking eight per vertex. The COLLADA read keeps
// the four heaviest of a vertex's influences, renormalised, with a warning (spec collada.md R40,
// known limitation L1).
#include <string>
#include <vector>

#include "engine/base64.h"
#include "formats/gltf/read/gltf_reader.h"
#include "tests/formats/collada/write/controller_read_back.h"
#include "tests/formats/collada/write/write_test_util.h"

namespace px::collada::testing {
namespace {

constexpr int kJoints = 8;
constexpr int kVertices = 3;
// Eight weights summing to 1 exactly in float32, heaviest first as exporters sort them.
constexpr float kWeights[kJoints] = {0.25f,    0.1875f, 0.15625f, 0.125f,
                                     0.09375f, 0.0625f, 0.0625f,  0.0625f};

// Vertex v's k-th influence is on joint (v + k) % 8: set s holds k = 4s .. 4s + 3.
std::vector<double> joints_of_set(int set) {
  std::vector<double> out;
  for (int v = 0; v < kVertices; ++v) {
    for (int k = 4 * set; k < 4 * set + 4; ++k) out.push_back((v + k) % kJoints);
  }
  return out;
}
std::vector<double> weights_of_set(int set) {
  std::vector<double> out;
  for (int v = 0; v < kVertices; ++v) {
    for (int k = 4 * set; k < 4 * set + 4; ++k) out.push_back(kWeights[k]);
  }
  return out;
}

// A triangle on node "body" skinned to a chain of eight joints j0 > ... > j7 (identity inverse
// bind matrices), eight influences per vertex in JOINTS_0 / WEIGHTS_0 and JOINTS_1 / WEIGHTS_1.
std::string gltf_eight_influences() {
  std::string bytes;
  auto put = [&](const auto& values) {
    bytes.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(values[0]));
  };
  put(std::vector<float>{0, 0, 0, 1, 0, 0, 0, 1, 0});  // 0: 36 bytes
  for (int set = 0; set < 2; ++set) {                  // 36, 84: 12 + 48 bytes each
    std::vector<uint8_t> joints;
    for (double j : joints_of_set(set)) joints.push_back(static_cast<uint8_t>(j));
    put(joints);
    std::vector<float> weights;
    for (double w : weights_of_set(set)) weights.push_back(static_cast<float>(w));
    put(weights);
  }
  std::vector<float> identities;  // 132: 512 bytes
  for (int j = 0; j < kJoints; ++j) {
    for (int k = 0; k < 16; ++k) identities.push_back(k % 5 == 0 ? 1 : 0);
  }
  put(identities);
  std::string nodes = R"({"name":"body","mesh":0,"skin":0,"children":[1]})";
  for (int j = 0; j < kJoints; ++j) {
    nodes +=
        cat(R"(,{"name":"j)", j, R"(")", j + 1 < kJoints ? cat(R"(,"children":[)", j + 2, "]") : "",
            R"(,"translation":[0,1,0]})");
  }
  return cat(R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[)", nodes,
             R"(],
    "meshes":[{"primitives":[{"attributes":{"POSITION":0,"JOINTS_0":1,"WEIGHTS_0":2,
                                            "JOINTS_1":3,"WEIGHTS_1":4}}]}],
    "skins":[{"joints":[1,2,3,4,5,6,7,8],"inverseBindMatrices":5}],
    "accessors":[
      {"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[1,1,0]},
      {"bufferView":1,"componentType":5121,"count":3,"type":"VEC4"},
      {"bufferView":2,"componentType":5126,"count":3,"type":"VEC4"},
      {"bufferView":3,"componentType":5121,"count":3,"type":"VEC4"},
      {"bufferView":4,"componentType":5126,"count":3,"type":"VEC4"},
      {"bufferView":5,"componentType":5126,"count":8,"type":"MAT4"}],
    "bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":36},
                   {"buffer":0,"byteOffset":36,"byteLength":12},
                   {"buffer":0,"byteOffset":48,"byteLength":48},
                   {"buffer":0,"byteOffset":96,"byteLength":12},
                   {"buffer":0,"byteOffset":108,"byteLength":48},
                   {"buffer":0,"byteOffset":156,"byteLength":512}],
    "buffers":[{"byteLength":)",
             bytes.size(), R"(,"uri":"data:application/octet-stream;base64,)", base64_encode(bytes),
             R"("}]})");
}

// The node's influences, set after set, in the columns a read names them by.
void expect_eight_influences(const Scene& scene, int node) {
  EXPECT_EQ(point_values(scene, node, "joints"), joints_of_set(0));
  EXPECT_EQ(point_values(scene, node, "weights"), weights_of_set(0));
  EXPECT_EQ(point_values(scene, node, "joints_1"), joints_of_set(1));
  EXPECT_EQ(point_values(scene, node, "weights_1"), weights_of_set(1));
  EXPECT_TRUE(point_values(scene, node, "joints_2").empty());
}

TEST(InfluenceSets, EightInfluencesPerVertexGoIntoTheControllerAndReadBack) {
  Diagnostics diagnostics;
  absl::StatusOr<Scene> gltf =
      gltf::read_memory(gltf_eight_influences(), "", ReadOptions(), diagnostics);
  ASSERT_TRUE(gltf.ok()) << gltf.status();
  EXPECT_EQ(diagnostics.warning_count(), 0);
  expect_eight_influences(*gltf, node_named(*gltf, "body"));

  RoundTrip rt = write_and_read(*gltf);  // saved for collada_write_schema
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 0);
  const std::string& text = *rt.written.text;
  EXPECT_NE(text.find("<vcount>8 8 8</vcount>"), std::string::npos) << text;

  // The read keeps each vertex's four heaviest (set 0 here), renormalised, with one warning.
  EXPECT_EQ(rt.read.diagnostics.warning_count(), 1);
  EXPECT_EQ(rt.read.diagnostics.count("collada.skin.influences-truncated"), 1);
  const Scene& back = *rt.read.scene;
  const int body = node_named(back, "body");
  ASSERT_GE(body, 0);
  EXPECT_EQ(skin_of_node(back, body).joints.size(), static_cast<size_t>(kJoints));
  EXPECT_EQ(point_values(back, body, "joints"), joints_of_set(0));
  const std::vector<double> weights = point_values(back, body, "weights");
  const double four_heaviest = kWeights[0] + kWeights[1] + kWeights[2] + kWeights[3];
  ASSERT_EQ(weights.size(), static_cast<size_t>(4 * kVertices));
  for (int v = 0; v < kVertices; ++v) {
    for (int k = 0; k < 4; ++k) {
      EXPECT_NEAR(weights[4 * v + k], kWeights[k] / four_heaviest, 1e-7) << v << " " << k;
    }
  }
  EXPECT_TRUE(point_values(back, body, "joints_1").empty());
  EXPECT_TRUE(point_values(back, body, "weights_1").empty());
}

// A set that is not of the controller's kind (joints_1 beside no weights_1) is left out with
// collada.write.skin-attribute-dropped; set 0 is written.
TEST(InfluenceSets, ASetWithoutItsWeightsIsLeftOutWithAWarning) {
  Diagnostics diagnostics;
  absl::StatusOr<Scene> gltf =
      gltf::read_memory(gltf_eight_influences(), "", ReadOptions(), diagnostics);
  ASSERT_TRUE(gltf.ok()) << gltf.status();
  std::vector<NamedColumn>& data = gltf->meshes[0].point_data;
  std::erase_if(data, [](const NamedColumn& c) { return c.name == "weights_1"; });
  RoundTrip rt = write_and_read(*gltf);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.skin-attribute-dropped"), 1);
  EXPECT_NE(rt.written.text->find("<vcount>4 4 4</vcount>"), std::string::npos);
  const Scene& back = *rt.read.scene;
  EXPECT_TRUE(point_values(back, node_named(back, "body"), "joints_1").empty());
}

}  // namespace
}  // namespace px::collada::testing
