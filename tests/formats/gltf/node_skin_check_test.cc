// Nodes and skins checked as the Khronos validator links them: each rule a warning whose message
// opens with the JSON pointer the validator names.
#include "formats/gltf/check/node_skin_check.h"

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/json_check_test_util.h"
#include "tests/formats/gltf/read_test_util.h"

namespace px::gltf::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

std::vector<std::string> warnings(std::string_view members) {
  return json_check_warnings(check_nodes_and_skins, document(members));
}

TEST(NodeSkinCheck, TrsDecomposableMatrices) {
  // Translation (1, 2, 3), a quarter turn about z, scale (2, 3, 4).
  EXPECT_TRUE(trs_decomposable({0, 2, 0, 0, -3, 0, 0, 0, 0, 0, 4, 0, 1, 2, 3, 1}));
  // A mirror (negative determinant) is a negative scale.
  EXPECT_TRUE(trs_decomposable({-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}));
  // A projection's last row, a singular matrix, a shear.
  EXPECT_FALSE(trs_decomposable({1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}));
  EXPECT_FALSE(trs_decomposable({1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 0, 0, 0, 1}));
  EXPECT_FALSE(trs_decomposable({1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}));
}

TEST(NodeSkinCheck, NodeMatrixNotTrs) {
  EXPECT_THAT(warnings(R"("nodes": [
                 {"matrix": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]},
                 {"matrix": [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]}])"),
              ElementsAre("gltf.read.node-matrix-not-trs: /nodes/1/matrix: the matrix is not a "
                          "translation, rotation and scale"));
}

// Mesh 0 is skinned, mesh 1 not (its JOINTS_0 has no WEIGHTS_0).
constexpr std::string_view kMeshes = R"(
  "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "JOINTS_0": 1, "WEIGHTS_0": 2}}]},
             {"primitives": [{"attributes": {"POSITION": 0, "JOINTS_0": 1}}]}],)";

TEST(NodeSkinCheck, ValidSkinGivesNoWarning) {
  EXPECT_THAT(warnings(cat(kMeshes, R"(
    "accessors": [{"type": "MAT4", "componentType": 5126, "count": 2}],
    "nodes": [{"children": [1, 2]}, {}, {"children": [3]}, {}, {"mesh": 0, "skin": 0}],
    "skins": [{"joints": [1, 3], "skeleton": 0, "inverseBindMatrices": 0}],
    "scenes": [{"nodes": [0, 4]}])")),
              IsEmpty());
}

TEST(NodeSkinCheck, SkinOnAMeshWithoutJoints) {
  EXPECT_THAT(warnings(cat(kMeshes, R"(
    "nodes": [{}, {"mesh": 1, "skin": 0}],
    "skins": [{"joints": [0]}])")),
              ElementsAre("gltf.read.node-skin-unskinned-mesh: /nodes/1: the node has skin 0, and "
                          "its mesh 1 has no JOINTS_n"));
}

TEST(NodeSkinCheck, JointsWithoutACommonRootOrSkeletonNotOne) {
  EXPECT_THAT(warnings(R"(
    "nodes": [{"children": [1]}, {}, {}, {"children": [0]}],
    "skins": [{"joints": [1, 2]}, {"joints": [0, 1], "skeleton": 1},
              {"joints": [1, 0], "skeleton": 3}])"),
              ElementsAre("gltf.read.skin-no-common-root: /skins/0/joints: the joints have no "
                          "common root",
                          "gltf.read.skin-skeleton-invalid: /skins/1/skeleton: node 1 is not a "
                          "common root of the joints"));
}

TEST(NodeSkinCheck, ALoopHasNoCommonRootWithANodeOutsideIt) {
  EXPECT_THAT(warnings(R"(
    "nodes": [{"children": [1]}, {"children": [0]}, {}],
    "skins": [{"joints": [0, 1]}, {"joints": [2, 0]}])"),
              ElementsAre("gltf.read.skin-no-common-root: /skins/1/joints: the joints have no "
                          "common root"));
}

TEST(NodeSkinCheck, InverseBindMatricesOfAnotherFormatOrTooFew) {
  EXPECT_THAT(warnings(R"(
    "accessors": [{"type": "MAT3", "componentType": 5126, "count": 1}],
    "nodes": [{"children": [1]}, {}],
    "skins": [{"joints": [0, 1], "inverseBindMatrices": 0}])"),
              ElementsAre("gltf.read.skin-ibm-format: /skins/0/inverseBindMatrices: the accessor "
                          "is {MAT3, FLOAT}, not {MAT4, FLOAT}",
                          "gltf.read.skin-ibm-count: /skins/0/inverseBindMatrices: the accessor "
                          "has 1 matrices for 2 joints"));
}

TEST(NodeSkinCheck, SkinnedNodeShownWithoutItsJoints) {
  EXPECT_THAT(warnings(cat(kMeshes, R"(
    "nodes": [{"children": [1]}, {}, {"mesh": 0, "skin": 0}, {"children": [2]}],
    "skins": [{"joints": [0, 1]}],
    "scenes": [{"nodes": [0, 3]}, {"nodes": [3]}, {"nodes": [0]}])")),
              ElementsAre("gltf.read.node-skin-joints-outside-scene: /nodes/2: scene 1 shows the "
                          "node without the joints of its skin 0"));
}

}  // namespace
}  // namespace px::gltf::testing
