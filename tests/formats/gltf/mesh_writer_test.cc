// Meshes: primitive grouping, fan triangulation, index types, attributes and their conversions.
#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "engine/strings.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "polyxios/ops/mesh_triangles.h"
#include "tests/formats/gltf/test_scene.h"

namespace px::gltf::testing {
namespace {

using ::testing::ElementsAre;

TEST(MeshWriter, GroupsCellsByModeAndMaterialInFirstOccurrenceOrder) {
  Scene scene;
  scene.materials.resize(2);
  MeshBuilder(scene)
      .points(line_of_points(8))
      .cell(CellType::kTriangle, {0, 1, 2}, 1)
      .cell(CellType::kLine, {3, 4}, 1)
      .cell(CellType::kQuad, {0, 1, 2, 3}, 0)
      .cell(CellType::kTriangle, {4, 5, 6}, 1)
      .cell(CellType::kLine, {5, 6}, 1)
      .cell(CellType::kVertex, {7})
      .add();
  Parsed p = write_gltf(scene);
  const auto& prims = p.doc["meshes"][0]["primitives"];
  ASSERT_EQ(prims.Size(), 4u);
  // Triangles of material 1, lines of material 1, triangles of material 0, points.
  EXPECT_FALSE(prims[0].HasMember("mode"));
  EXPECT_EQ(prims[0]["material"].GetInt(), 1);
  EXPECT_THAT(read_indices(p, prims[0]), ElementsAre(0, 1, 2, 4, 5, 6));
  EXPECT_EQ(prims[1]["mode"].GetInt(), 1);
  EXPECT_THAT(read_indices(p, prims[1]), ElementsAre(3, 4, 5, 6));
  EXPECT_EQ(prims[2]["material"].GetInt(), 0);
  EXPECT_THAT(read_indices(p, prims[2]), ElementsAre(0, 1, 2, 0, 2, 3));
  EXPECT_EQ(prims[3]["mode"].GetInt(), 0);
  EXPECT_FALSE(prims[3].HasMember("material"));
  EXPECT_THAT(read_indices(p, prims[3]), ElementsAre(7));
  // All primitives share the vertex attributes.
  for (const auto& prim : prims.GetArray()) {
    EXPECT_EQ(prim["attributes"]["POSITION"].GetInt(), prims[0]["attributes"]["POSITION"].GetInt());
  }
}

TEST(MeshWriter, FanTriangulatesPolygonsWithoutArea) {
  Scene scene;
  MeshBuilder(scene).points(line_of_points(5)).cell(CellType::kPolygon, {4, 3, 2, 1, 0}).add();
  Parsed p = write_gltf(scene);
  EXPECT_THAT(read_indices(p, p.doc["meshes"][0]["primitives"][0]),
              ElementsAre(4, 3, 2, 4, 2, 1, 4, 1, 0));
}

TEST(MeshWriter, ConvexQuadsKeepTheFanAndConcavePolygonsAreEarClipped) {
  // A convex quad, then the L (2, 1), (1, 1), (1, 2), (0, 2), (0, 0), (2, 0), whose fan from
  // (2, 1) would reach outside it.
  Scene scene;
  MeshBuilder(scene)
      .points({0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0,  //
               2, 1, 0, 1, 1, 0, 1, 2, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0})
      .cell(CellType::kQuad, {0, 1, 2, 3})
      .cell(CellType::kPolygon, {4, 5, 6, 7, 8, 9})
      .add();
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  std::vector<uint32_t> indices = read_indices(p, p.doc["meshes"][0]["primitives"][0]);
  ASSERT_EQ(indices.size(), 6u + 12);
  EXPECT_EQ(std::vector<uint32_t>(indices.begin(), indices.begin() + 6),
            (std::vector<uint32_t>{0, 1, 2, 0, 2, 3}));
  // The L's triangles: its area, 3, with none turning the other way.
  double area = 0;
  auto xy = [&](uint32_t v) {
    return std::pair{scene.meshes[0].points.get(v, 0), scene.meshes[0].points.get(v, 1)};
  };
  for (size_t t = 6; t < indices.size(); t += 3) {
    auto [ax, ay] = xy(indices[t]);
    auto [bx, by] = xy(indices[t + 1]);
    auto [cx, cy] = xy(indices[t + 2]);
    const double turned = ((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / 2;
    EXPECT_GT(turned, 0);
    area += turned;
  }
  EXPECT_DOUBLE_EQ(area, 3);
  EXPECT_EQ(diagnostics.count("gltf.write.polygon-fan-fallback"), 0);
}

TEST(MeshWriter, ATriangleGroupsIndicesAreMeshTriangles) {
  // What the Python module's PolyData.triangles() returns is what the writer writes.
  Scene scene;
  MeshBuilder(scene)
      .points({2, 0, 0, 2, 1, 0, 1, 1, 0, 1, 2, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 4, 1, 0})
      .cell(CellType::kQuad, {6, 7, 8, 1})
      .cell(CellType::kPolygon, {0, 1, 2, 3, 4, 5})
      .cell(CellType::kTriangle, {6, 7, 8})
      .add();
  Parsed p = write_gltf(scene);
  const std::vector<uint32_t> triangles = mesh_triangles(scene.meshes[0]);
  ASSERT_EQ(triangles.size(), 3u * (2 + 4 + 1));
  EXPECT_EQ(read_indices(p, p.doc["meshes"][0]["primitives"][0]), triangles);
}

TEST(MeshWriter, PolygonsThatCannotBeClippedAreFannedWithAWarning) {
  // A bow-tie with unequal lobes (its edges cross) and five corners on one line (no area).
  Scene scene;
  std::vector<float> xyz = {0, 0, 0, 2, 2, 0, 2, 0, 0, 0, 4, 0};
  std::vector<float> line = line_of_points(5);
  xyz.insert(xyz.end(), line.begin(), line.end());
  MeshBuilder(scene)
      .points(xyz)
      .cell(CellType::kQuad, {0, 1, 2, 3})
      .cell(CellType::kPolygon, {4, 5, 6, 7, 8})
      .add();
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_THAT(read_indices(p, p.doc["meshes"][0]["primitives"][0]),
              ElementsAre(0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7, 4, 7, 8));
  EXPECT_EQ(diagnostics.count("gltf.write.polygon-fan-fallback"), 2);
}

TEST(MeshWriter, StripsAndPolyLinesArePrimitivesOfTheirOwn) {
  Scene scene;
  MeshBuilder(scene)
      .points(line_of_points(6))
      .cell(CellType::kTriangleStrip, {0, 1, 2, 3})
      .cell(CellType::kPolyLine, {0, 1, 2})
      .cell(CellType::kTriangleStrip, {2, 3, 4, 5})
      .cell(CellType::kPolyLine, {3, 4})
      .add();
  Parsed p = write_gltf(scene);
  const auto& prims = p.doc["meshes"][0]["primitives"];
  ASSERT_EQ(prims.Size(), 4u);
  EXPECT_EQ(prims[0]["mode"].GetInt(), 5);
  EXPECT_THAT(read_indices(p, prims[0]), ElementsAre(0, 1, 2, 3));
  EXPECT_EQ(prims[1]["mode"].GetInt(), 3);
  EXPECT_THAT(read_indices(p, prims[1]), ElementsAre(0, 1, 2));
  EXPECT_EQ(prims[2]["mode"].GetInt(), 5);
  EXPECT_THAT(read_indices(p, prims[2]), ElementsAre(2, 3, 4, 5));
  EXPECT_EQ(prims[3]["mode"].GetInt(), 3);
  EXPECT_THAT(read_indices(p, prims[3]), ElementsAre(3, 4));
}

TEST(MeshWriter, SkipsCellsNoPrimitiveCanHoldWithCountedWarnings) {
  Scene scene;
  MeshBuilder(scene)
      .points(line_of_points(4))
      .cell(CellType::kPolygon, {0, 1})
      .cell(CellType::kLine, {0, 1, 2})
      .cell(CellType::kTriangle, {0, 1, 2})
      .cell(CellType::kTriangle, {0, 1, 9})  // no point 9
      .cell(CellType::kQuad, {0})
      .add();
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  const auto& prims = p.doc["meshes"][0]["primitives"];
  ASSERT_EQ(prims.Size(), 1u);
  EXPECT_THAT(read_indices(p, prims[0]), ElementsAre(0, 1, 2));
  EXPECT_EQ(diagnostics.count("gltf.write.cell-skipped"), 4);
}

TEST(MeshWriter, MeshWithoutDrawableCellsIsLeftOutAndItsNodesGetNoMesh) {
  Scene scene;
  MeshBuilder(scene).points(line_of_points(2)).cell(CellType::kPolygon, {0, 1}).add();
  MeshBuilder(scene).points(line_of_points(3)).cell(CellType::kTriangle, {0, 1, 2}).add();
  scene.nodes.resize(2);
  scene.nodes[0].mesh = 0;
  scene.nodes[1].mesh = 1;
  scene.scenes.push_back({0, 1});
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_EQ(p.doc["meshes"].Size(), 1u);
  EXPECT_FALSE(p.doc["nodes"][0].HasMember("mesh"));
  EXPECT_EQ(p.doc["nodes"][1]["mesh"].GetInt(), 0);
  EXPECT_EQ(diagnostics.count("gltf.write.mesh-skipped"), 1);
}

// The index type for a primitive whose largest index is max_index. Each type's largest value is
// glTF's primitive restart value, which indices must not hold.
int index_type_for(uint32_t max_index) {
  Scene scene;
  MeshBuilder(scene)
      .points(line_of_points(max_index + 1))
      .cell(CellType::kTriangle, {0, 1, max_index})
      .add();
  Parsed p = write_gltf(scene);
  const auto& prim = p.doc["meshes"][0]["primitives"][0];
  EXPECT_THAT(read_indices(p, prim), ElementsAre(0, 1, max_index));
  return p.doc["accessors"][prim["indices"].GetInt()]["componentType"].GetInt();
}

TEST(MeshWriter, IndexTypeIsTheSmallestThatHoldsTheLargestIndex) {
  EXPECT_EQ(index_type_for(254), 5121);    // 255 vertices
  EXPECT_EQ(index_type_for(255), 5123);    // 256 vertices
  EXPECT_EQ(index_type_for(65534), 5123);  // 65535 vertices
  EXPECT_EQ(index_type_for(65535), 5125);  // 65536 vertices
}

TEST(MeshWriter, PositionMinMaxAreTheFloat32ValuesWritten) {
  Scene scene;
  std::vector<double> xyz = {0.1, -2.5, 3, -0.3, 7, 1e-3, 2, 0, -4};
  MeshBuilder b(scene);
  b.cell(CellType::kTriangle, {0, 1, 2});
  int m = b.add();
  std::span<double> points = scene.arena->allocate<double>(xyz.size());
  std::copy(xyz.begin(), xyz.end(), points.begin());
  scene.meshes[m].points = Column::of<double>(points, 3);
  Parsed p = write_gltf(scene);
  const auto& position = p.doc["accessors"][0];
  ASSERT_TRUE(position.HasMember("min"));
  for (int k = 0; k < 3; ++k) {
    float lo = std::min({float(xyz[k]), float(xyz[3 + k]), float(xyz[6 + k])});
    float hi = std::max({float(xyz[k]), float(xyz[3 + k]), float(xyz[6 + k])});
    EXPECT_EQ(position["min"][k].GetDouble(), double{lo});
    EXPECT_EQ(position["max"][k].GetDouble(), double{hi});
  }
  EXPECT_EQ(position["componentType"].GetInt(), 5126);
  EXPECT_STREQ(position["type"].GetString(), "VEC3");
  std::vector<float> written = read_accessor<float>(p, 0);
  EXPECT_EQ(written[0], 0.1f);
}

TEST(MeshWriter, NormalsAreNormalisedAndBadOnesReplaced) {
  Scene scene;
  MeshBuilder(scene)
      .points(line_of_points(3))
      .point_data<double>("normals", {3, 0, 4, 0, 0, 0, NAN, 1, 0}, 3)
      .cell(CellType::kTriangle, {0, 1, 2})
      .add();
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  int normal = p.doc["meshes"][0]["primitives"][0]["attributes"]["NORMAL"].GetInt();
  EXPECT_THAT(read_accessor<float>(p, normal), ElementsAre(0.6f, 0, 0.8f, 0, 0, 1, 0, 0, 1));
  EXPECT_EQ(diagnostics.count("gltf.write.normal-replaced"), 2);
}

TEST(MeshWriter, Float32UnitNormalsGoOverAsTheyAreAndOthersAreNormalised) {
  // Float32 rows: a buffer of unit normals is copied bit for bit (0.6f, 0.8f is not exactly unit);
  // a buffer with one that is not has every row normalised, the bad ones replaced.
  const std::vector<float> unit = {0.6f, 0, 0.8f, 0, 1, 0, 0, 0, -1};
  Scene scene;
  MeshBuilder(scene)
      .points(line_of_points(3))
      .point_data<float>("normals", unit, 3)
      .cell(CellType::kTriangle, {0, 1, 2})
      .add();
  MeshBuilder(scene)
      .points(line_of_points(3))
      .point_data<float>("normals", {0.6f, 0, 0.8f, 0, 2, 0, INFINITY, 0, 0}, 3)
      .cell(CellType::kTriangle, {0, 1, 2})
      .add();
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  const auto normal_of = [&](int mesh) {
    return p.doc["meshes"][mesh]["primitives"][0]["attributes"]["NORMAL"].GetInt();
  };
  EXPECT_EQ(read_accessor<float>(p, normal_of(0)), unit);
  std::vector<float> fixed = read_accessor<float>(p, normal_of(1));
  ASSERT_EQ(fixed.size(), 9u);
  EXPECT_NEAR(fixed[0], 0.6f, 1e-7);
  EXPECT_NEAR(fixed[2], 0.8f, 1e-7);
  EXPECT_THAT(std::vector<float>(fixed.begin() + 3, fixed.end()), ElementsAre(0, 1, 0, 0, 0, 1));
  EXPECT_EQ(diagnostics.count("gltf.write.normal-replaced"), 1);
}

TEST(MeshWriter, TexcoordsColorsAndTangentsTakeTheirSemantics) {
  Scene scene;
  MeshBuilder(scene)
      .points(line_of_points(3))
      .point_data<float>("normals", {0, 0, 1, 0, 0, 1, 0, 0, 1}, 3)
      .point_data<float>("texcoords", {0, 0, 0, 1, 0, 0, 1, 1, 0}, 3)
      .point_data<float>("texcoords_1", {0, 0, 1, 0, 0, 1}, 2)
      .point_data<uint8_t>("colors", {255, 0, 51, 0, 255, 0, 0, 0, 255}, 3)
      .point_data<double>("colors_1", {1.5, 0, 0, 1, -1, 0.5, 0, 1, 0, 0, 0, 1}, 4)
      .point_data<float>("tangents", {2, 0, 0, -3, 1, 0, 0, 1, 1, 0, 0, 0}, 4)
      .point_data<float>("temperature", {1, 2, 3}, 1)
      .point_data<float>("joints", {0, 0, 0}, 1)
      .cell(CellType::kTriangle, {0, 1, 2})
      .add();
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  const auto& attributes = p.doc["meshes"][0]["primitives"][0]["attributes"];
  std::vector<std::string> names;
  for (const auto& m : attributes.GetObject()) names.emplace_back(m.name.GetString());
  EXPECT_THAT(names, ElementsAre("POSITION", "NORMAL", "TEXCOORD_0", "TEXCOORD_1", "COLOR_0",
                                 "COLOR_1", "TANGENT"));
  EXPECT_THAT(read_accessor<float>(p, attributes["TEXCOORD_0"].GetInt()),
              ElementsAre(0, 0, 1, 0, 1, 1));
  EXPECT_THAT(read_accessor<float>(p, attributes["COLOR_0"].GetInt()),
              ElementsAre(1, 0, 0.2f, 0, 1, 0, 0, 0, 1));
  EXPECT_THAT(read_accessor<float>(p, attributes["COLOR_1"].GetInt()),
              ElementsAre(1, 0, 0, 1, 0, 0.5f, 0, 1, 0, 0, 0, 1));
  EXPECT_THAT(read_accessor<float>(p, attributes["TANGENT"].GetInt()),
              ElementsAre(1, 0, 0, -1, 1, 0, 0, 1, 1, 0, 0, 1));
  EXPECT_EQ(diagnostics.count("gltf.write.color-clamped"), 2);
  // The third texcoord column, temperature and joints.
  EXPECT_EQ(diagnostics.count("gltf.write.attribute-dropped"), 3);
}

TEST(MeshWriter, AttributesGltfCannotTakeAreLeftOut) {
  Scene scene;
  MeshBuilder(scene)
      .points(line_of_points(3))
      .point_data<float>("texcoords_2", {0, 0, 1, 0, 0, 1}, 2)  // no TEXCOORD_0 or _1
      .point_data<float>("tangents", {1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1}, 4)  // no normals
      .point_data<float>("colors", {1, 1, 1, 1, 1, 1}, 2)
      .point_data<float>("normals", {0, 0, 1, 0, 0, 1}, 3)  // 2 rows for 3 points
      .cell(CellType::kTriangle, {0, 1, 2})
      .add();
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  const auto& attributes = p.doc["meshes"][0]["primitives"][0]["attributes"];
  EXPECT_EQ(attributes.MemberCount(), 1u);
  EXPECT_EQ(diagnostics.count("gltf.write.attribute-dropped"), 4);
}

TEST(MeshWriter, CellAndMeshAttributesOtherThanMaterialAndNameAreLeftOut) {
  Scene scene;
  MeshBuilder b(scene);
  b.points(line_of_points(3)).cell(CellType::kTriangle, {0, 1, 2}).name("Tri");
  int m = b.add();
  std::span<int32_t> ids = scene.arena->allocate<int32_t>(1);
  scene.meshes[m].cell_data.push_back({"face_id", Column::of<int32_t>(ids, 1)});
  set_value(scene.meshes[m].global_attrs, "tags", Value("a"));
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_STREQ(p.doc["meshes"][0]["name"].GetString(), "Tri");
  EXPECT_EQ(diagnostics.count("gltf.write.attribute-dropped"), 2);
}

TEST(MeshWriter, TexturedMaterialOnAMeshWithoutTheSetGetsACopyWithoutTheTexture) {
  Scene scene;
  scene.images.push_back(Image{"", "a.png", "", {}});
  scene.textures.push_back(Texture{});
  scene.textures[0].image = 0;
  scene.materials.resize(1);
  scene.materials[0].name = "M";
  scene.materials[0].base_color_texture.texture = 0;
  scene.materials[0].emissive_texture.texture = 0;
  scene.materials[0].emissive_texture.texcoord = 1;
  MeshBuilder(scene)
      .points(line_of_points(3))
      .point_data<float>("texcoords", {0, 0, 1, 0, 0, 1}, 2)
      .cell(CellType::kTriangle, {0, 1, 2}, 0)
      .add();
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  ASSERT_EQ(p.doc["materials"].Size(), 2u);
  EXPECT_EQ(p.doc["meshes"][0]["primitives"][0]["material"].GetInt(), 1);
  const auto& copy = p.doc["materials"][1];
  EXPECT_STREQ(copy["name"].GetString(), "M");
  EXPECT_TRUE(copy["pbrMetallicRoughness"].HasMember("baseColorTexture"));
  EXPECT_FALSE(copy.HasMember("emissiveTexture"));
  EXPECT_TRUE(p.doc["materials"][0].HasMember("emissiveTexture"));
  EXPECT_EQ(diagnostics.count("gltf.write.texture-dropped"), 1);
}

// A pointer channel on a material animates the copies the mesh writer made of it too, one
// channel each on the same sampler.
TEST(MeshWriter, AMaterialsCopiesAnimateAsTheMaterialDoes) {
  Scene scene;
  scene.images.push_back(Image{"", "a.png", "", {}});
  scene.textures.push_back(Texture{});
  scene.textures[0].image = 0;
  scene.materials.resize(1);
  scene.materials[0].emissive_texture.texture = 0;
  scene.materials[0].emissive_texture.texcoord = 1;
  MeshBuilder(scene)
      .points(line_of_points(3))
      .point_data<float>("texcoords", {0, 0, 1, 0, 0, 1}, 2)
      .cell(CellType::kTriangle, {0, 1, 2}, 0)
      .add();
  animate_pointer(scene, "/materials/0/pbrMetallicRoughness/baseColorFactor",
                  {1, 0, 0, 1, 0, 1, 0, 1}, 4);
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  ASSERT_EQ(p.doc["materials"].Size(), 2u);
  const auto& channels = p.doc["animations"][0]["channels"];
  ASSERT_EQ(channels.Size(), 2u);
  for (unsigned i = 0; i < 2; ++i) {
    EXPECT_EQ(channels[i]["sampler"].GetInt(), 0);
    EXPECT_EQ(
        std::string(
            channels[i]["target"]["extensions"]["KHR_animation_pointer"]["pointer"].GetString()),
        cat("/materials/", i, "/pbrMetallicRoughness/baseColorFactor"));
  }
}

TEST(MeshWriter, MaterialIndicesThatDoNotExistAreLeftOut) {
  Scene scene;
  scene.materials.resize(1);
  MeshBuilder(scene)
      .points(line_of_points(4))
      .cell(CellType::kTriangle, {0, 1, 2}, 5)
      .cell(CellType::kTriangle, {1, 2, 3}, 0)
      .add();
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  const auto& prims = p.doc["meshes"][0]["primitives"];
  ASSERT_EQ(prims.Size(), 2u);
  EXPECT_FALSE(prims[0].HasMember("material"));
  EXPECT_EQ(prims[1]["material"].GetInt(), 0);
  EXPECT_EQ(diagnostics.count("gltf.write.material-dropped"), 1);
}

TEST(MeshWriter, RefusesNaNAndValuesFloat32CannotHold) {
  for (double bad : {double(NAN), double(INFINITY), 1e300}) {
    Scene scene;
    MeshBuilder b(scene);
    b.cell(CellType::kTriangle, {0, 1, 2});
    int m = b.add();
    std::span<double> points = scene.arena->allocate<double>(9);
    points[4] = bad;
    scene.meshes[m].points = Column::of<double>(points, 3);
    Diagnostics diagnostics;
    absl::StatusOr<Written> written = write_to_memory(scene, true, "", diagnostics);
    EXPECT_EQ(written.status().code(), absl::StatusCode::kInvalidArgument) << bad;
    EXPECT_TRUE(absl::StrContains(written.status().message(), "gltf.write.non-finite"));
  }
}

TEST(MeshWriter, RefusesOffsetsThatDoNotFitTheConnectivity) {
  Scene scene;
  MeshBuilder(scene).points(line_of_points(3)).cell(CellType::kTriangle, {0, 1, 2}).add();
  std::span<uint32_t> offsets = scene.arena->allocate<uint32_t>(2);
  offsets[1] = 7;
  scene.meshes[0].offsets = offsets;
  Diagnostics diagnostics;
  EXPECT_EQ(write_to_memory(scene, true, "", diagnostics).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(MeshWriter, ViewsAreAlignedAndTargeted) {
  Scene scene;
  MeshBuilder(scene)
      .points(line_of_points(3))
      .point_data<float>("texcoords", {0, 0, 1, 0, 0, 1}, 2)
      .cell(CellType::kTriangle, {0, 1, 2})
      .cell(CellType::kLine, {0, 1})
      .add();
  Parsed p = write_gltf(scene);
  const auto& views = p.doc["bufferViews"];
  ASSERT_EQ(views.Size(), 4u);
  EXPECT_EQ(views[0]["target"].GetInt(), 34962);
  EXPECT_EQ(views[1]["target"].GetInt(), 34962);
  EXPECT_EQ(views[2]["target"].GetInt(), 34963);
  EXPECT_EQ(views[3]["target"].GetInt(), 34963);
  for (const auto& v : views.GetArray()) {
    uint64_t offset = v.HasMember("byteOffset") ? v["byteOffset"].GetUint64() : 0;
    EXPECT_EQ(offset % 4, 0u);
  }
  // 3 one-byte indices are padded with zeros to 4 bytes before the next view.
  EXPECT_EQ(views[3]["byteOffset"].GetUint64(), views[2]["byteOffset"].GetUint64() + 4);
  EXPECT_EQ(p.bin[views[2]["byteOffset"].GetUint64() + 3], '\0');
  EXPECT_EQ(p.doc["buffers"][0]["byteLength"].GetUint64(), p.bin.size());
  EXPECT_STREQ(p.doc["buffers"][0]["uri"].GetString(), "scene.bin");
}

}  // namespace
}  // namespace px::gltf::testing
