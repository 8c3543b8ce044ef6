// The writer streams its buffer: a file written equals the document built in memory, on one thread
// or two; a refusal found while streaming leaves no file; the buffer's refusal comes before the
// JSON's, and its warnings before the JSON's, as when the buffer was made first.
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "engine/strings.h"
#include "formats/gltf/write/gltf_writer.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/test_scene.h"
#include "tests/support/scratch_dir_test.h"

namespace px::gltf::testing {
namespace {

namespace fs = std::filesystem;

// A scene whose buffer takes several MiB (so that a second thread makes it) and every kind of
// view: float and double positions, normals to renormalise (one of zero length), texture
// coordinates of two and three columns, byte colours, a tangent frame, joints and weights, quads
// and polygons to fan out, lines, strips, a skin, an animation and an embedded image.
Scene big_scene(size_t n = 120000) {
  Scene scene;
  std::vector<float> xyz(3 * n), uv(2 * n), normals(3 * n, 0.0f);
  std::vector<double> uvw(3 * n), tangent(3 * n, 0.0), bitangent(3 * n, 0.0);
  std::vector<uint8_t> colors(4 * n), joints(4 * n, 0);
  std::vector<float> weights(4 * n, 0.0f);
  for (size_t i = 0; i < n; ++i) {
    const float a = static_cast<float>(i) * 0.01f;
    xyz[3 * i] = std::cos(a);
    xyz[3 * i + 1] = std::sin(a);
    xyz[3 * i + 2] = static_cast<float>(i % 17);
    uv[2 * i] = a;
    uv[2 * i + 1] = -a;
    uvw[3 * i] = a;
    normals[3 * i + 2] = i == 7 ? 0.0f : 2.0f;
    tangent[3 * i] = 1;
    bitangent[3 * i + 1] = i % 2 == 0 ? 1 : -1;
    for (int k = 0; k < 4; ++k) colors[4 * i + k] = static_cast<uint8_t>(i + k);
    joints[4 * i] = static_cast<uint8_t>(i % 2);
    weights[4 * i] = 1;
  }
  MeshBuilder mesh(scene);
  mesh.points(xyz)
      .point_data("normals", normals, 3)
      .point_data("texcoords", uv, 2)
      .point_data("texcoords_1", uvw, 3)
      .point_data("colors", colors, 4)
      .point_data("textangent", tangent, 3)
      .point_data("texbinormal", bitangent, 3)
      .point_data("joints", joints, 4)
      .point_data("weights", weights, 4);
  for (uint32_t i = 0; i + 5 < n; i += 5) {
    mesh.cell(CellType::kTriangle, {i, i + 1, i + 2}, 0);
    mesh.cell(CellType::kQuad, {i, i + 1, i + 3, i + 4}, i % 3 == 0 ? 1 : 0);
    if (i % 1000 == 0) mesh.cell(CellType::kPolygon, {i, i + 1, i + 2, i + 3, i + 4}, 0);
    if (i % 997 == 0) mesh.cell(CellType::kLine, {i, i + 2});
    if (i % 50000 == 0) mesh.cell(CellType::kTriangleStrip, {i, i + 1, i + 2, i + 3});
  }
  mesh.add();
  // A small second mesh of doubles, so that positions are converted too.
  MeshBuilder(scene)
      .points(line_of_points(300))
      .cell(CellType::kPolyLine, {0, 1, 2, 299})
      .cell(CellType::kVertex, {5})
      .add();
  for (size_t m = 0; m < 2; ++m) scene.nodes.emplace_back().mesh = static_cast<int>(m);
  scene.nodes.emplace_back();  // the joint
  scene.nodes[0].children = {2};
  scene.nodes[0].skin = 0;
  std::span<double> matrices = scene.arena->allocate<double>(32);
  for (int j = 0; j < 2; ++j) {
    for (int k = 0; k < 4; ++k) matrices[16 * j + 5 * k] = 1;
  }
  Skin& skin = scene.skins.emplace_back();
  skin.joints = {0, 2};
  skin.inverse_bind_matrices = Column::of<double>(std::span<const double>(matrices), 16);
  scene.scenes = {{0, 1}};
  scene.materials.resize(2);
  scene.images.push_back(Image{"", "", "", {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 7}});
  return scene;
}

class StreamedWriter : public test_support::ScratchDirTest {
 protected:
  static std::vector<std::string> lines(const Diagnostics& diagnostics) {
    std::vector<std::string> out;
    for (const Diagnostic& d : diagnostics.entries()) {
      out.push_back(cat(d.code, ": ", d.message, " x", d.count));
    }
    return out;
  }
};

TEST_F(StreamedWriter, FilesEqualTheDocumentBuiltInMemoryOnOneThreadOrTwo) {
  Scene scene = big_scene();
  Diagnostics memory_diagnostics;
  absl::StatusOr<Written> glb =
      write_to_memory(scene, true, "", memory_diagnostics, {.threads = 1});
  ASSERT_TRUE(glb.ok()) << glb.status();
  EXPECT_GT(glb->json.size(), size_t{4} << 20);
  EXPECT_GT(memory_diagnostics.count("gltf.write.normal-replaced"), 0);
  Diagnostics gltf_diagnostics;
  absl::StatusOr<Written> gltf =
      write_to_memory(scene, false, "s.bin", gltf_diagnostics, {.threads = 1});
  ASSERT_TRUE(gltf.ok()) << gltf.status();
  for (int threads : {1, 2}) {
    Diagnostics d;
    absl::StatusOr<Written> again = write_to_memory(scene, true, "", d, {.threads = threads});
    ASSERT_TRUE(again.ok());
    EXPECT_TRUE(again->json == glb->json) << threads;
    EXPECT_EQ(lines(d), lines(memory_diagnostics));

    Diagnostics file_diagnostics;
    ASSERT_TRUE(write(scene, dir_ / "s.glb", true, file_diagnostics, {.threads = threads}).ok());
    EXPECT_TRUE(file_bytes(dir_ / "s.glb") == glb->json) << threads;
    EXPECT_EQ(lines(file_diagnostics), lines(memory_diagnostics));

    Diagnostics gltf_file_diagnostics;
    ASSERT_TRUE(
        write(scene, dir_ / "s.gltf", false, gltf_file_diagnostics, {.threads = threads}).ok());
    EXPECT_EQ(file_bytes(dir_ / "s.gltf"), gltf->json);
    EXPECT_TRUE(file_bytes(dir_ / "s.bin") == gltf->bin) << threads;
    EXPECT_EQ(lines(gltf_file_diagnostics), lines(gltf_diagnostics));
  }
}

TEST_F(StreamedWriter, ARefusalFoundWhileStreamingLeavesNoFile) {
  Scene scene = big_scene();
  // The second mesh's texture coordinates come after megabytes of the first mesh's views.
  std::vector<float> uv(600, 0.5f);
  uv[401] = NAN;
  Mesh& small = scene.meshes[1];
  std::span<float> stored = scene.arena->allocate<float>(uv.size());
  std::copy(uv.begin(), uv.end(), stored.begin());
  small.point_data.push_back({"texcoords", Column::of<float>(std::span<const float>(stored), 2)});
  for (int threads : {1, 2}) {
    for (bool binary : {true, false}) {
      Diagnostics diagnostics;
      absl::Status status = write(scene, dir_ / (binary ? "r.glb" : "r.gltf"), binary, diagnostics,
                                  {.threads = threads});
      EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
      EXPECT_TRUE(absl::StrContains(status.message(), "gltf.write.non-finite")) << status;
      EXPECT_TRUE(absl::StrContains(status.message(), "TEXCOORD_0")) << status;
      EXPECT_TRUE(files().empty());
    }
  }
}

TEST_F(StreamedWriter, TheBuffersRefusalComesBeforeTheJsons) {
  Scene scene = triangle_scene();
  scene.nodes.resize(2);
  scene.nodes[0].children = {1};
  scene.nodes[1].children = {0};  // a cycle: the JSON's refusal
  const_cast<float*>(static_cast<const float*>(scene.meshes[0].points.data))[4] = INFINITY;
  for (bool binary : {true, false}) {
    Diagnostics diagnostics;
    absl::Status status = write(scene, dir_ / (binary ? "c.glb" : "c.gltf"), binary, diagnostics);
    EXPECT_TRUE(absl::StrContains(status.message(), "gltf.write.non-finite")) << status;
    EXPECT_TRUE(files().empty());
  }
}

TEST_F(StreamedWriter, TheBuffersWarningsComeBeforeTheJsons) {
  Scene scene = triangle_scene();
  std::vector<float> normals = {0, 0, 0, 0, 0, 1, 0, 0, 1};
  std::span<float> stored = scene.arena->allocate<float>(normals.size());
  std::copy(normals.begin(), normals.end(), stored.begin());
  scene.meshes[0].point_data.push_back(
      {"normals", Column::of<float>(std::span<const float>(stored), 3)});
  scene.nodes[0].skin = 3;  // no such skin: a JSON warning
  Diagnostics memory;
  ASSERT_TRUE(write_to_memory(scene, true, "", memory).ok());
  ASSERT_EQ(memory.entries().size(), 2u);
  EXPECT_EQ(memory.entries()[0].code, "gltf.write.normal-replaced");
  EXPECT_EQ(memory.entries()[1].code, "gltf.write.node-skin-dropped");
  Diagnostics file;
  ASSERT_TRUE(write(scene, dir_ / "w.glb", true, file).ok());
  EXPECT_EQ(lines(file), lines(memory));

  // With the JSON refused, the buffer's warnings still come, then the JSON's, then the refusal.
  scene.nodes.resize(2);
  scene.nodes[0].children = {1};
  scene.nodes[1].children = {0};
  for (bool binary : {true, false}) {
    Diagnostics refused;
    absl::Status status = write(scene, dir_ / "n.glb", binary, refused);
    EXPECT_TRUE(absl::StrContains(status.message(), "gltf.write.node-cycle")) << status;
    ASSERT_GE(refused.entries().size(), 1u);
    EXPECT_EQ(refused.entries()[0].code, "gltf.write.normal-replaced");
  }
}

}  // namespace
}  // namespace px::gltf::testing
