// mesh_triangles: a mesh's cells as the triangles a glTF write draws (the writer's own agreement
// is tests/formats/gltf/mesh_writer_test.cc's).
#include "polyxios/ops/mesh_triangles.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <vector>

namespace px {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

// A mesh over vectors it owns (the Mesh views them).
class TestMesh {
 public:
  explicit TestMesh(std::vector<double> xyz) : xyz_(std::move(xyz)) {
    mesh_.points = Column::of<double>(std::span<const double>(xyz_), 3);
  }
  TestMesh& cell(CellType type, std::vector<uint32_t> corners) {
    types_.push_back(type);
    connectivity_.insert(connectivity_.end(), corners.begin(), corners.end());
    offsets_.push_back(static_cast<uint32_t>(connectivity_.size()));
    return *this;
  }
  const Mesh& mesh() {
    mesh_.cell_types = types_;
    mesh_.offsets = offsets_;
    mesh_.connectivity = std::span<const uint32_t>(connectivity_);
    return mesh_;
  }
  std::vector<uint32_t>& offsets() { return offsets_; }

 private:
  std::vector<double> xyz_;
  std::vector<CellType> types_;
  std::vector<uint32_t> offsets_{0};
  std::vector<uint32_t> connectivity_;
  Mesh mesh_;
};

// An L of six corners on z = 0, counter-clockwise from (2, 0), concave at its third corner.
std::vector<double> l_shape() { return {2, 0, 0, 2, 1, 0, 1, 1, 0, 1, 2, 0, 0, 2, 0, 0, 0, 0}; }

TEST(MeshTriangles, TrianglesQuadsAndPolygonsInCellOrder) {
  std::vector<double> xyz = l_shape();
  for (double v : {3, 0, 0, 4, 0, 0, 4, 1, 0, 3, 1, 0}) xyz.push_back(v);
  TestMesh m(xyz);
  m.cell(CellType::kQuad, {6, 7, 8, 9})
      .cell(CellType::kTriangle, {9, 8, 7})
      .cell(CellType::kPolygon, {0, 1, 2, 3, 4, 5});
  const std::vector<uint32_t> triangles = mesh_triangles(m.mesh());
  ASSERT_EQ(triangles.size(), 3u * (2 + 1 + 4));
  EXPECT_THAT(std::vector<uint32_t>(triangles.begin(), triangles.begin() + 9),
              ElementsAre(6, 7, 8, 6, 8, 9, 9, 8, 7));
  // The L as the Triangulator clips it (not the fan, which would cover the notch).
  const std::vector<Point3> corners = {{2, 0, 0}, {2, 1, 0}, {1, 1, 0},
                                       {1, 2, 0}, {0, 2, 0}, {0, 0, 0}};
  Triangulator triangulator(corners.size());
  std::vector<uint32_t> clipped;
  EXPECT_EQ(triangulator.triangulate(corners, &clipped), Triangulation::kEars);
  EXPECT_EQ(std::vector<uint32_t>(triangles.begin() + 9, triangles.end()), clipped);
}

TEST(MeshTriangles, AStripAsGltfDrawsIt) {
  TestMesh m({0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 2, 0});
  m.cell(CellType::kTriangleStrip, {0, 1, 2, 3, 4});
  EXPECT_THAT(mesh_triangles(m.mesh()), ElementsAre(0, 1, 2, 1, 3, 2, 2, 3, 4));
}

TEST(MeshTriangles, LinesPointsAndCellsAWriteSkipsGiveNone) {
  TestMesh m({0, 0, 0, 1, 0, 0, 0, 1, 0});
  m.cell(CellType::kLine, {0, 1})
      .cell(CellType::kPolyLine, {0, 1, 2})
      .cell(CellType::kVertex, {2})
      .cell(CellType::kPolygon, {0, 1})        // too few corners
      .cell(CellType::kTriangleStrip, {0, 1})  // too few corners
      .cell(CellType::kTriangle, {0, 1, 3})    // a point past the points
      .cell(CellType::kTriangle, {2, 1, 0});
  EXPECT_THAT(mesh_triangles(m.mesh()), ElementsAre(2, 1, 0));
}

TEST(MeshTriangles, AMeshAWriteRefusesGivesNone) {
  TestMesh bad_offsets({0, 0, 0, 1, 0, 0, 0, 1, 0});
  bad_offsets.cell(CellType::kTriangle, {0, 1, 2});
  bad_offsets.offsets().back() = 4;  // past the connectivity
  EXPECT_THAT(mesh_triangles(bad_offsets.mesh()), IsEmpty());

  TestMesh flat({0, 0, 1, 0, 0, 1});
  flat.cell(CellType::kTriangle, {0, 1, 2});
  Mesh two_columns = flat.mesh();
  two_columns.points.rows = 3;
  two_columns.points.cols = 2;
  EXPECT_THAT(mesh_triangles(two_columns), IsEmpty());
}

TEST(MeshTriangles, CountsThePolygonsFannedAsAFallback) {
  // A bow-tie: its edges cross, so it is fanned.
  TestMesh m({0, 0, 0, 2, 2, 0, 2, 0, 0, 0, 4, 0});
  m.cell(CellType::kQuad, {0, 1, 2, 3});
  size_t fallbacks = 9;
  EXPECT_THAT(mesh_triangles(m.mesh(), &fallbacks), ElementsAre(0, 1, 2, 0, 2, 3));
  EXPECT_EQ(fallbacks, 1u);
}

}  // namespace
}  // namespace px
