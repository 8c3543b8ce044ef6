// KHR_draco_mesh_compression written through libdraco (convert --compress draco): a round trip on
// values within the quantization error (triangles compared as sets of grid points, not in order),
// the uncompressed fallback holding exactly what the stream decodes to, --compress-only's
// accessors without bufferViews and the extension required, and the same bytes on every write.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "tests/formats/gltf/compression_test_util.h"

namespace px::gltf {
namespace {

using testing::canonical;
using testing::Grid;

MeshCompression draco(bool compress_only = false) {
  MeshCompression c;
  c.method = MeshCompression::Method::kDraco;
  c.fallback = !compress_only;
  return c;
}

// The triangles of a read mesh as grid points, each read vertex checked against the grid's
// values within the quantization error of the default bits.
std::multiset<std::array<int, 3>> read_triangles(const Grid& grid, const Mesh& mesh) {
  std::vector<double> xyz(mesh.points.rows * 3);
  for (size_t i = 0; i < mesh.points.rows; ++i) {
    for (int k = 0; k < 3; ++k) xyz[i * 3 + k] = mesh.points.get(i, k);
  }
  const std::vector<double> normals = testing::point_data(mesh, "normals");
  const std::vector<double> uv = testing::point_data(mesh, "texcoords");
  const std::vector<double> colors = testing::point_data(mesh, "colors");
  // Draco quantizes over the largest extent of any component: the grid's n - 1.
  const double position_error = 0.5 * (grid.n - 1) / ((1 << 11) - 1) + 1e-5;
  std::vector<int> point(mesh.points.rows, -1);
  for (size_t i = 0; i < mesh.points.rows; ++i) {
    point[i] = grid.point_of(&xyz[i * 3], position_error);
    EXPECT_GE(point[i], 0) << "vertex " << i << " lies on no grid point";
    if (point[i] < 0) continue;
    const int k = point[i];
    for (int c = 0; c < 3; ++c) {
      EXPECT_NEAR(normals[i * 3 + c], grid.normals[k * 3 + c], 0.02) << "normal of " << k;
    }
    for (int c = 0; c < 2; ++c) {
      EXPECT_NEAR(uv[i * 2 + c], grid.uv[k * 2 + c], 0.5 / ((1 << 10) - 1) + 1e-6);
    }
    for (int c = 0; c < 4; ++c) {
      EXPECT_NEAR(colors[i * 4 + c], grid.colors[k * 4 + c], 0.5 / ((1 << 8) - 1) + 1e-6);
    }
  }
  std::multiset<std::array<int, 3>> out;
  for (size_t c = 0; c < mesh.num_cells(); ++c) {
    if (mesh.cell_types[c] != CellType::kTriangle) continue;
    IndexSpan t = mesh.cell(c);
    out.insert(canonical({point[t[0]], point[t[1]], point[t[2]]}));
  }
  return out;
}

std::multiset<std::array<int, 3>> grid_triangles(const Grid& grid) {
  std::multiset<std::array<int, 3>> out;
  for (const auto& t : grid.triangles) {
    out.insert(canonical({static_cast<int>(t[0]), static_cast<int>(t[1]), static_cast<int>(t[2])}));
  }
  return out;
}

TEST(DracoWrite, RoundTripKeepsEveryTriangleAndValueWithinTheQuantization) {
  const Grid grid(24);
  for (bool compress_only : {false, true}) {
    SCOPED_TRACE(compress_only ? "compress-only" : "with fallback");
    Diagnostics diagnostics;
    absl::StatusOr<std::string> glb =
        testing::write_glb(grid.scene(), draco(compress_only), diagnostics);
    ASSERT_TRUE(glb.ok()) << glb.status();
    testing::ReadResult read = testing::read_bytes(*glb);
    ASSERT_TRUE(read.scene.ok()) << read.scene.status();
    ASSERT_EQ(read.scene->meshes.size(), 1u);
    const Mesh& mesh = read.scene->meshes[0];
    EXPECT_EQ(read_triangles(grid, mesh), grid_triangles(grid));
    // The line cell is written uncompressed, from the mesh's own attributes.
    size_t lines = 0;
    for (size_t c = 0; c < mesh.num_cells(); ++c) lines += mesh.cell_types[c] == CellType::kLine;
    EXPECT_EQ(lines, 1u);
    // Materials stay with their triangles: half of them each.
    const std::span<const int32_t> materials = mesh.materials();
    ASSERT_EQ(materials.size(), mesh.num_cells());
    EXPECT_EQ(std::count(materials.begin(), materials.end(), 1),
              static_cast<long>(grid.triangles.size() / 2));
  }
}

// The grid with no vertex shared, each triangle holding its own three copies, as a flat-shaded
// export writes them. The writer merges equal values and points before encoding, as Draco's own
// encoders do, so the stream is the shared grid's size, not the several times it would be with
// the triangles cut apart, and the same triangles read back.
TEST(DracoWrite, CopiesOfAVertexAreMergedBeforeEncoding) {
  const Grid grid(24);
  Grid soup = grid;
  soup.xyz.clear();
  soup.normals.clear();
  soup.uv.clear();
  soup.colors.clear();
  for (size_t t = 0; t < grid.triangles.size(); ++t) {
    for (int k = 0; k < 3; ++k) {
      const uint32_t v = grid.triangles[t][k];
      soup.xyz.insert(soup.xyz.end(), &grid.xyz[v * 3], &grid.xyz[v * 3 + 3]);
      soup.normals.insert(soup.normals.end(), &grid.normals[v * 3], &grid.normals[v * 3 + 3]);
      soup.uv.insert(soup.uv.end(), &grid.uv[v * 2], &grid.uv[v * 2 + 2]);
      soup.colors.insert(soup.colors.end(), &grid.colors[v * 4], &grid.colors[v * 4 + 4]);
      soup.triangles[t][k] = static_cast<uint32_t>(t * 3 + k);
    }
  }
  Diagnostics diagnostics;
  absl::StatusOr<std::string> shared =
      testing::write_glb(grid.scene(false), draco(true), diagnostics);
  absl::StatusOr<std::string> copies =
      testing::write_glb(soup.scene(false), draco(true), diagnostics);
  ASSERT_TRUE(shared.ok()) << shared.status();
  ASSERT_TRUE(copies.ok()) << copies.status();
  EXPECT_LT(copies->size(), shared->size() * 11 / 10);
  testing::ReadResult read = testing::read_bytes(*copies);
  ASSERT_TRUE(read.scene.ok()) << read.scene.status();
  const Mesh& mesh = read.scene->meshes[0];
  EXPECT_EQ(read_triangles(grid, mesh), grid_triangles(grid));
  // One copy of each point per primitive (a material's triangles), as the shared grid reads.
  testing::ReadResult read_shared = testing::read_bytes(*shared);
  ASSERT_TRUE(read_shared.scene.ok()) << read_shared.scene.status();
  EXPECT_EQ(mesh.points.rows, read_shared.scene->meshes[0].points.rows);
}

// Two corners at one position leave a triangle of no area: libdraco leaves it out, the info says
// how many; a primitive of nothing else (libdraco refuses it) is written uncompressed.
TEST(DracoWrite, TrianglesOfNoAreaAfterTheMergeAreLeftOutOrTheirPrimitiveUncompressed) {
  // Points 0 and 3 are the same point.
  const std::vector<float> xyz = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0};
  for (bool with_area : {true, false}) {
    SCOPED_TRACE(with_area ? "one triangle of area beside" : "no area at all");
    Scene scene;
    testing::MeshBuilder mesh(scene);
    mesh.points(xyz);
    if (with_area) mesh.cell(CellType::kTriangle, {0, 1, 2});
    mesh.cell(CellType::kTriangle, {0, 3, 1});
    mesh.add();
    Node node;
    node.mesh = 0;
    scene.nodes.push_back(node);
    scene.scenes.push_back({0});
    Diagnostics diagnostics;
    absl::StatusOr<std::string> glb = testing::write_glb(scene, draco(true), diagnostics);
    ASSERT_TRUE(glb.ok()) << glb.status();
    const testing::Glb parts = testing::split_glb(*glb);
    const rapidjson::Value& primitive = parts.json["meshes"][0]["primitives"][0];
    EXPECT_EQ(primitive.HasMember("extensions"), with_area);
    EXPECT_EQ(diagnostics.count("gltf.write.draco-degenerate-dropped"), with_area ? 1 : 0);
    testing::ReadResult read = testing::read_bytes(*glb);
    ASSERT_TRUE(read.scene.ok()) << read.scene.status();
    EXPECT_EQ(read.scene->meshes[0].num_cells(), 1u);  // the one of area, or the one written as is
  }
}

TEST(DracoWrite, TheFallbackHoldsWhatTheStreamDecodesTo) {
  const Grid grid(16);
  Diagnostics diagnostics;
  absl::StatusOr<std::string> glb = testing::write_glb(grid.scene(false), draco(), diagnostics);
  ASSERT_TRUE(glb.ok()) << glb.status();
  testing::Glb parts = testing::split_glb(*glb);
  const rapidjson::Value& doc = parts.json;
  ASSERT_TRUE(doc.HasMember("extensionsUsed"));
  EXPECT_EQ(testing::json_text(doc["extensionsUsed"]), R"(["KHR_draco_mesh_compression"])");
  EXPECT_FALSE(doc.HasMember("extensionsRequired"));
  for (const auto& primitive : doc["meshes"][0]["primitives"].GetArray()) {
    ASSERT_TRUE(primitive["extensions"].HasMember("KHR_draco_mesh_compression"));
    for (const auto& a : primitive["attributes"].GetObject()) {
      EXPECT_TRUE(doc["accessors"][a.value.GetUint()].HasMember("bufferView"));
    }
  }
  // The same document without the extension reads the fallback: the same values, in order.
  rapidjson::Document plain;
  plain.CopyFrom(doc, plain.GetAllocator());
  plain.RemoveMember("extensionsUsed");
  for (auto& primitive : plain["meshes"][0]["primitives"].GetArray()) {
    primitive.RemoveMember("extensions");
  }
  testing::ReadResult decoded = testing::read_bytes(*glb);
  testing::ReadResult fallback =
      testing::read_bytes(testing::glb(testing::json_text(plain), parts.bin));
  ASSERT_TRUE(decoded.scene.ok()) << decoded.scene.status();
  ASSERT_TRUE(fallback.scene.ok()) << fallback.scene.status();
  const Mesh& a = decoded.scene->meshes[0];
  const Mesh& b = fallback.scene->meshes[0];
  EXPECT_EQ(testing::connectivity(a), testing::connectivity(b));
  ASSERT_EQ(a.points.rows, b.points.rows);
  for (size_t i = 0; i < a.points.rows; ++i) {
    for (int k = 0; k < 3; ++k) ASSERT_EQ(a.points.get(i, k), b.points.get(i, k)) << i;
  }
  for (const char* name : {"normals", "texcoords", "colors"}) {
    EXPECT_EQ(testing::point_data(a, name), testing::point_data(b, name)) << name;
  }
}

TEST(DracoWrite, CompressOnlyRequiresTheExtensionAndLeavesTheAccessorsWithoutData) {
  const Grid grid(16);
  Diagnostics diagnostics;
  absl::StatusOr<std::string> only = testing::write_glb(grid.scene(), draco(true), diagnostics);
  absl::StatusOr<std::string> with = testing::write_glb(grid.scene(), draco(false), diagnostics);
  ASSERT_TRUE(only.ok()) << only.status();
  ASSERT_TRUE(with.ok()) << with.status();
  EXPECT_LT(only->size(), with->size());
  testing::Glb parts = testing::split_glb(*only);
  const rapidjson::Value& doc = parts.json;
  EXPECT_EQ(testing::json_text(doc["extensionsUsed"]), R"(["KHR_draco_mesh_compression"])");
  EXPECT_EQ(testing::json_text(doc["extensionsRequired"]), R"(["KHR_draco_mesh_compression"])");
  int compressed = 0;
  for (const auto& primitive : doc["meshes"][0]["primitives"].GetArray()) {
    const bool draco = primitive.HasMember("extensions");
    compressed += draco;
    std::vector<unsigned> accessors = {primitive["indices"].GetUint()};
    for (const auto& a : primitive["attributes"].GetObject())
      accessors.push_back(a.value.GetUint());
    for (unsigned i : accessors) {
      const rapidjson::Value& accessor = doc["accessors"][i];
      // A compressed primitive's accessors have no data of their own; the line's have.
      EXPECT_EQ(accessor.HasMember("bufferView"), !draco) << i;
      EXPECT_FALSE(accessor.HasMember("byteOffset"));
    }
    if (draco) {
      const rapidjson::Value& position =
          doc["accessors"][primitive["attributes"]["POSITION"].GetUint()];
      EXPECT_TRUE(position.HasMember("min"));
      EXPECT_TRUE(position.HasMember("max"));
    }
  }
  EXPECT_EQ(compressed, 2);  // the two materials' triangles; the line is not compressed
}

TEST(DracoWrite, EveryWriteGivesTheSameBytes) {
  const Grid grid(20);
  const Scene scene = grid.scene();
  for (bool compress_only : {false, true}) {
    Diagnostics d1, d2, d3;
    absl::StatusOr<std::string> a = testing::write_glb(scene, draco(compress_only), d1, 1);
    absl::StatusOr<std::string> b = testing::write_glb(scene, draco(compress_only), d2, 2);
    absl::StatusOr<std::string> c = testing::write_glb(scene, draco(compress_only), d3, 1);
    ASSERT_TRUE(a.ok() && b.ok() && c.ok());
    EXPECT_EQ(*a, *b);
    EXPECT_EQ(*a, *c);
  }
}

TEST(DracoWrite, QuantizationBitsChangeTheError) {
  const Grid grid(24);
  MeshCompression coarse = draco(true);
  coarse.draco_position_bits = 6;
  MeshCompression lossless = draco(true);
  lossless.draco_position_bits = 0;
  Diagnostics diagnostics;
  absl::StatusOr<std::string> small = testing::write_glb(grid.scene(false), coarse, diagnostics);
  absl::StatusOr<std::string> exact = testing::write_glb(grid.scene(false), lossless, diagnostics);
  ASSERT_TRUE(small.ok() && exact.ok());
  EXPECT_LT(small->size(), exact->size());
  testing::ReadResult read = testing::read_bytes(*exact);
  ASSERT_TRUE(read.scene.ok()) << read.scene.status();
  // Unquantized, every position is the grid's exactly.
  const Mesh& mesh = read.scene->meshes[0];
  for (size_t i = 0; i < mesh.points.rows; ++i) {
    double p[3] = {mesh.points.get(i, 0), mesh.points.get(i, 1), mesh.points.get(i, 2)};
    EXPECT_GE(grid.point_of(p, 0), 0) << i;
  }
}

TEST(DracoWrite, NonFinitePositionsRefuseTheWrite) {
  Grid grid(4);
  grid.xyz[5] = NAN;
  Diagnostics diagnostics;
  absl::StatusOr<std::string> glb = testing::write_glb(grid.scene(false), draco(), diagnostics);
  ASSERT_FALSE(glb.ok());
  EXPECT_NE(glb.status().message().find("gltf.write.non-finite"), std::string::npos)
      << glb.status();
}

}  // namespace
}  // namespace px::gltf
