// gltf.md's tangent rules: a 4-column "tangents" or, without one, the COLLADA tangent frame
// (textangent / texbinormal, then tangent / binormal, set 0 only) written as TANGENT.
#include <cmath>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/test_scene.h"

namespace px::gltf::testing {
namespace {

using ::testing::ElementsAre;

// Three points with normals along +z.
MeshBuilder frame_mesh(Scene& scene) {
  MeshBuilder m(scene);
  m.points(line_of_points(3))
      .point_data<float>("normals", {0, 0, 1, 0, 0, 1, 0, 0, 1}, 3)
      .cell(CellType::kTriangle, {0, 1, 2});
  return m;
}

std::vector<float> tangent_of(const Parsed& p) {
  const auto& attributes = p.doc["meshes"][0]["primitives"][0]["attributes"];
  if (!attributes.HasMember("TANGENT")) return {};
  return read_accessor<float>(p, attributes["TANGENT"].GetInt());
}

TEST(TangentFrame, TextangentFrameBecomesUnitTangentWithTheBitangentsSide) {
  Scene scene;
  // cross(+z, +x) = +y: a bitangent along +y is right-handed (+1), along -y left-handed (-1).
  frame_mesh(scene)
      .point_data<double>("textangent", {2, 0, 0, 0, 3, 0, 1, 1, 0}, 3)
      .point_data<double>("texbinormal", {0, 5, 0, 1, 0, 0, 1, -1, 0.5}, 3)
      .add();
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  // Row 1: tangent +y, cross(+z, +y) = -x, bitangent +x: left-handed.
  float h = static_cast<float>(std::sqrt(0.5));
  EXPECT_THAT(tangent_of(p), ElementsAre(1, 0, 0, 1, 0, 1, 0, -1, h, h, 0, -1));
  EXPECT_EQ(diagnostics.count("gltf.write.attribute-dropped"), 0);
  EXPECT_EQ(diagnostics.count("gltf.write.tangent-handedness-unknown"), 0);
}

TEST(TangentFrame, TextangentFrameComesBeforeTheGeometricOne) {
  Scene scene;
  frame_mesh(scene)
      .point_data<float>("tangent", {0, 1, 0, 0, 1, 0, 0, 1, 0}, 3)
      .point_data<float>("binormal", {1, 0, 0, 1, 0, 0, 1, 0, 0}, 3)
      .point_data<float>("textangent", {1, 0, 0, 1, 0, 0, 1, 0, 0}, 3)
      .point_data<float>("texbinormal", {0, 1, 0, 0, 1, 0, 0, 1, 0}, 3)
      .add();
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_THAT(tangent_of(p), ElementsAre(1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1));
  // tangent and binormal have no semantic of their own.
  EXPECT_EQ(diagnostics.count("gltf.write.attribute-dropped"), 2);
}

TEST(TangentFrame, GeometricFrameIsTakenWhenTheTextureOneIsIncomplete) {
  Scene scene;
  frame_mesh(scene)
      .point_data<float>("textangent", {1, 0, 0, 1, 0, 0, 1, 0, 0}, 3)  // no texbinormal
      .point_data<float>("tangent", {0, 1, 0, 0, 1, 0, 0, 1, 0}, 3)
      .point_data<float>("binormal", {1, 0, 0, 1, 0, 0, 1, 0, 0}, 3)
      .add();
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_THAT(tangent_of(p), ElementsAre(0, 1, 0, -1, 0, 1, 0, -1, 0, 1, 0, -1));
  EXPECT_EQ(diagnostics.count("gltf.write.attribute-dropped"), 1);  // textangent
}

TEST(TangentFrame, ALoneTangentIsRightHandedWithAWarning) {
  Scene scene;
  frame_mesh(scene)
      .point_data<float>("tangent", {0, 2, 0, 0, 1, 0, 0, 1, 0}, 3)
      .point_data<float>("binormal", {1, 0, 0, 1, 0, 0}, 2)  // not 3 columns: no frame
      .add();
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_THAT(tangent_of(p), ElementsAre(0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1));
  EXPECT_EQ(diagnostics.count("gltf.write.tangent-handedness-unknown"), 1);
  EXPECT_EQ(diagnostics.count("gltf.write.attribute-dropped"), 1);  // binormal
}

TEST(TangentFrame, ABitangentOnNeitherSideIsTakenAsRightHandedWithAWarning) {
  Scene scene;
  frame_mesh(scene)
      .point_data<float>("textangent", {1, 0, 0, 1, 0, 0, 1, 0, 0}, 3)
      // Along the tangent, along the normal, and (1e-9, 0, 1) within rounding of the normal.
      .point_data<float>("texbinormal", {1, 0, 0, 0, 0, 1, 0, -1e-9f, 1}, 3)
      .add();
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_THAT(tangent_of(p), ElementsAre(1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1));
  EXPECT_EQ(diagnostics.count("gltf.write.tangent-handedness-unknown"), 3);
}

TEST(TangentFrame, OnlySetZeroIsLookedAt) {
  Scene scene;
  frame_mesh(scene)
      .point_data<float>("textangent_1", {1, 0, 0, 1, 0, 0, 1, 0, 0}, 3)
      .point_data<float>("texbinormal_1", {0, 1, 0, 0, 1, 0, 0, 1, 0}, 3)
      .add();
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_TRUE(tangent_of(p).empty());
  EXPECT_EQ(diagnostics.count("gltf.write.attribute-dropped"), 2);
}

TEST(TangentFrame, OwnTangentsComeBeforeTheFrame) {
  Scene scene;
  frame_mesh(scene)
      .point_data<float>("tangents", {0, 1, 0, -1, 0, 1, 0, -1, 0, 1, 0, -1}, 4)
      .point_data<float>("textangent", {1, 0, 0, 1, 0, 0, 1, 0, 0}, 3)
      .point_data<float>("texbinormal", {0, 1, 0, 0, 1, 0, 0, 1, 0}, 3)
      .add();
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_THAT(tangent_of(p), ElementsAre(0, 1, 0, -1, 0, 1, 0, -1, 0, 1, 0, -1));
  EXPECT_EQ(diagnostics.count("gltf.write.attribute-dropped"), 2);
}

TEST(TangentFrame, TangentsNotFourPerVertexLeaveTheFrameToBeTaken) {
  Scene scene;
  frame_mesh(scene)
      .point_data<float>("tangents", {0, 1, 0, 0, 1, 0, 0, 1, 0}, 3)
      .point_data<float>("textangent", {1, 0, 0, 1, 0, 0, 1, 0, 0}, 3)
      .point_data<float>("texbinormal", {0, -1, 0, 0, -1, 0, 0, -1, 0}, 3)
      .add();
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_THAT(tangent_of(p), ElementsAre(1, 0, 0, -1, 1, 0, 0, -1, 1, 0, 0, -1));
  EXPECT_EQ(diagnostics.count("gltf.write.attribute-dropped"), 1);  // tangents
}

TEST(TangentFrame, LeftOutWithoutNormalsOfThreeColumns) {
  Scene scene;
  MeshBuilder(scene)
      .points(line_of_points(3))
      .point_data<float>("normals", {0, 0, 1, 0, 0, 1}, 2)
      .point_data<float>("textangent", {1, 0, 0, 1, 0, 0, 1, 0, 0}, 3)
      .point_data<float>("texbinormal", {0, 1, 0, 0, 1, 0, 0, 1, 0}, 3)
      .cell(CellType::kTriangle, {0, 1, 2})
      .add();
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_TRUE(tangent_of(p).empty());
  // normals, the frame, and its texbinormal.
  EXPECT_EQ(diagnostics.count("gltf.write.attribute-dropped"), 3);
}

TEST(TangentFrame, LeftOutWithATangentOfZeroOrNonFiniteLength) {
  for (float bad : {0.0f, NAN, INFINITY}) {
    Scene scene;
    frame_mesh(scene)
        .point_data<float>("textangent", {1, 0, 0, bad, 0, 0, 1, 0, 0}, 3)
        .point_data<float>("texbinormal", {0, 1, 0, 0, 1, 0, 0, 1, 0}, 3)
        .add();
    Diagnostics diagnostics;
    Parsed p = write_gltf(scene, diagnostics);
    EXPECT_TRUE(tangent_of(p).empty()) << bad;
    EXPECT_EQ(diagnostics.count("gltf.write.attribute-dropped"), 2) << bad;
  }
}

}  // namespace
}  // namespace px::gltf::testing
