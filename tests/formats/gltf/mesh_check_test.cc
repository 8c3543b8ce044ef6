// Mesh primitives checked as the Khronos validator links them: each rule a warning whose message
// opens with the JSON pointer the validator names.
#include "formats/gltf/check/mesh_check.h"

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
  return json_check_warnings(check_meshes, document(members));
}

// Accessor 0: VEC3 floats; 1: VEC2 floats; 2: VEC4 unsigned shorts; 3: VEC4 floats; 4: VEC3 of
// UNSIGNED_INT.
constexpr std::string_view kAccessors = R"(
  "accessors": [{"type": "VEC3", "componentType": 5126, "count": 3},
                {"type": "VEC2", "componentType": 5126, "count": 3},
                {"type": "VEC4", "componentType": 5123, "count": 3},
                {"type": "VEC4", "componentType": 5126, "count": 3},
                {"type": "VEC3", "componentType": 5125, "count": 3}],
  "textures": [{}],)";

std::string with(std::string_view members) { return cat(kAccessors, members); }

TEST(MeshCheck, ValidPrimitivesGiveNoWarning) {
  EXPECT_THAT(warnings(with(R"(
    "materials": [{"normalTexture": {"index": 0, "texCoord": 1},
                   "extensions": {"KHR_materials_clearcoat": {"clearcoatNormalTexture": {"index": 0}}}}],
    "meshes": [{"primitives": [{
      "attributes": {"POSITION": 0, "NORMAL": 0, "TANGENT": 3, "TEXCOORD_0": 1, "TEXCOORD_1": 1,
                     "COLOR_0": 3, "JOINTS_0": 2, "WEIGHTS_0": 3, "_CUSTOM": 2},
      "targets": [{"POSITION": 0, "TEXCOORD_0": 1, "_CUSTOM": 0}],
      "material": 0}]}])")),
              IsEmpty());
}

TEST(MeshCheck, SemanticsGltfDoesNotDefine) {
  EXPECT_THAT(
      warnings(with(R"("meshes": [{"primitives": [{
        "attributes": {"POSITION": 0, "UNKNOWN": 0, "TEXCOORD_01": 1, "JOINTS_0_1": 2, "a/b": 0},
        "targets": [{"POSITION": 0, "JOINTS_0": 2}]}]}])")),
      ElementsAre("gltf.read.attribute-invalid: /meshes/0/primitives/0/attributes/UNKNOWN: glTF "
                  "defines no attribute semantic of this name",
                  "gltf.read.attribute-invalid: /meshes/0/primitives/0/attributes/TEXCOORD_01: "
                  "glTF defines no attribute semantic of this name",
                  "gltf.read.attribute-invalid: /meshes/0/primitives/0/attributes/JOINTS_0_1: "
                  "glTF defines no attribute semantic of this name",
                  "gltf.read.attribute-invalid: /meshes/0/primitives/0/attributes/a~1b: glTF "
                  "defines no attribute semantic of this name",
                  "gltf.read.attribute-invalid: /meshes/0/primitives/0/targets/0/JOINTS_0: glTF "
                  "defines no morph target semantic of this name"));
}

TEST(MeshCheck, IndexedSemanticsWithAGapOrUnequalJointsAndWeights) {
  EXPECT_THAT(
      warnings(with(R"("meshes": [{"primitives": [{
        "attributes": {"POSITION": 0, "TEXCOORD_0": 1, "TEXCOORD_2": 1,
                       "JOINTS_0": 2, "JOINTS_1": 2, "WEIGHTS_0": 3}}]}])")),
      ElementsAre("gltf.read.attribute-not-continuous: /meshes/0/primitives/0/attributes: the "
                  "indices of the TEXCOORD_n attributes do not run from 0 without a gap",
                  "gltf.read.joints-weights-mismatch: /meshes/0/primitives/0/attributes: the "
                  "numbers of JOINTS_n and WEIGHTS_n attributes differ"));
}

TEST(MeshCheck, ApplicationAttributeOfUnsignedInts) {
  // A defined semantic of UNSIGNED_INT is the attribute-type rule's, not this one's.
  EXPECT_THAT(warnings(with(R"("meshes": [{"primitives": [{
                 "attributes": {"POSITION": 0, "_ID": 4, "NORMAL": 4}}]}])")),
              ElementsAre("gltf.read.attribute-unsigned-int: "
                          "/meshes/0/primitives/0/attributes/_ID: a mesh attribute may not be of "
                          "UNSIGNED_INT components"));
}

TEST(MeshCheck, TexturesReadingTexcoordsThePrimitiveLacks) {
  EXPECT_THAT(
      warnings(with(R"(
        "materials": [{"pbrMetallicRoughness": {"baseColorTexture": {"index": 0, "texCoord": 1}},
                       "emissiveTexture": {"index": 0, "extensions":
                         {"KHR_texture_transform": {"texCoord": 2}}}}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1},
                                    "material": 0}]}])")),
      ElementsAre("gltf.read.texcoord-missing: /meshes/0/primitives/0/material: the texture "
                  "binding /materials/0/emissiveTexture/extensions/KHR_texture_transform reads "
                  "TEXCOORD_2, which the primitive does not have",
                  "gltf.read.texcoord-missing: /meshes/0/primitives/0/material: the texture "
                  "binding /materials/0/pbrMetallicRoughness/baseColorTexture reads TEXCOORD_1, "
                  "which the primitive does not have"));
}

TEST(MeshCheck, TangentSpaceNeededWithoutANormalTextureToGenerateIt) {
  const std::string members = with(R"(
    "materials": [{"extensions": {"KHR_materials_anisotropy": {"anisotropyTexture": {"index": 0}}}},
                  {"normalTexture": {"index": 0},
                   "extensions": {"KHR_materials_anisotropy": {"anisotropyTexture": {"index": 0}}}}],
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1}, "material": 0},
                               {"attributes": {"POSITION": 0, "TEXCOORD_0": 1}, "material": 1},
                               {"attributes": {"POSITION": 0, "NORMAL": 0, "TANGENT": 3,
                                               "TEXCOORD_0": 1}, "material": 0}]}])");
  EXPECT_THAT(warnings(members),
              ElementsAre("gltf.read.tangent-space-missing: /meshes/0/primitives/0/material: "
                          "material 0 needs a tangent space, which the primitive gives no NORMAL "
                          "and TANGENT for and the material no normal texture to generate it "
                          "from"));
}

}  // namespace
}  // namespace px::gltf::testing
