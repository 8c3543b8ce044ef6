// The public API writing COLLADA: write_scene to a .dae path (atomic), to a byte stream and to a
// text stream of another encoding (spec collada.md, Quirks: the document is UTF-8), and
// write_polydata's one-node scene with materials named material_<n> (Writing, Known limitations).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "engine/errors.h"
#include "polyxios/polyxios.h"
#include "tests/api/api_test_util.h"

namespace px {
namespace {

using testing::kTriangle;
using testing::rule_of;
using testing::written_to_stream;

std::filesystem::path scratch(std::string_view name) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / "px_collada_write_api";
  std::filesystem::create_directories(dir);
  return dir / name;
}

std::string file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

Scene triangle_scene() {
  Diagnostics d;
  absl::StatusOr<Scene> scene = read_scene_bytes(kTriangle, ReadOptions{}, d);
  EXPECT_TRUE(scene.ok()) << scene.status();
  return std::move(*scene);
}

// W1: write_scene spells the scene as COLLADA 1.4.1 to a .dae path, which reads back.
TEST(ColladaWriteApi, WriteSceneToADaePathWritesADocumentThatReadsBack) {
  Scene scene = triangle_scene();
  std::filesystem::path out = scratch("triangle.dae");
  Diagnostics d;
  ASSERT_TRUE(write_scene(scene, out, WriteOptions{}, d).ok());
  std::string text = file_text(out);
  EXPECT_TRUE(text.starts_with("<?xml version=\"1.0\" encoding=\"utf-8\"?>")) << text;
  EXPECT_NE(text.find("version=\"1.4.1\""), std::string::npos);
  absl::StatusOr<Scene> back = read_scene(out, ReadOptions{}, d);
  ASSERT_TRUE(back.ok()) << back.status();
  ASSERT_EQ(back->meshes.size(), 1u);
  EXPECT_EQ(back->meshes[0].num_points(), 3u);
  EXPECT_EQ(back->meshes[0].num_cells(), 1u);
  ASSERT_EQ(back->nodes.size(), 1u);
  EXPECT_EQ(back->nodes[0].mesh, 0);
}

// Nothing is written unless the whole write succeeds: a refused scene leaves an existing file as
// it was, and no temporary beside it.
TEST(ColladaWriteApi, ARefusedWriteLeavesNoFileAndAnExistingOneUntouched) {
  Scene scene = triangle_scene();
  static const uint32_t kBadConnectivity[] = {0, 1, 7};  // a vertex the mesh lacks
  scene.meshes[0].connectivity = kBadConnectivity;
  std::filesystem::path out = scratch("refused.dae");
  std::filesystem::remove(out);
  Diagnostics d;
  absl::Status status = write_scene(scene, out, WriteOptions{}, d);
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument) << status;
  EXPECT_FALSE(std::filesystem::exists(out));
  std::ofstream(out) << "keep";
  EXPECT_FALSE(write_scene(scene, out, WriteOptions{}, d).ok());
  EXPECT_EQ(file_text(out), "keep");
  for (const auto& entry : std::filesystem::directory_iterator(out.parent_path())) {
    EXPECT_FALSE(entry.path().filename().string().starts_with("refused.dae.tmp")) << entry.path();
  }
}

TEST(ColladaWriteApi, AnOutputFolderThatDoesNotExistIsAnIoError) {
  Scene scene = triangle_scene();
  Diagnostics d;
  absl::Status status = write_scene(scene, scratch("no/such/folder/x.dae"), WriteOptions{}, d);
  EXPECT_EQ(failure_of(status), Failure::kIo) << status;
}

// A byte stream takes the same document the file gets.
TEST(ColladaWriteApi, AByteStreamGetsTheDocumentAFileGets) {
  Scene scene = triangle_scene();
  WriteOptions options;
  options.collada = true;
  absl::Status status;
  std::string streamed = written_to_stream(scene, options, &status);
  ASSERT_TRUE(status.ok()) << status;
  std::filesystem::path out = scratch("same.dae");
  Diagnostics d;
  ASSERT_TRUE(write_scene(scene, out, WriteOptions{}, d).ok());
  EXPECT_EQ(streamed, file_text(out));
  absl::StatusOr<Scene> back = read_scene_bytes(streamed, ReadOptions{}, d);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->meshes.size(), 1u);
}

// Q18: a text stream in another encoding is refused unless that encoding spells ASCII as ASCII
// and the document holds nothing else.
TEST(ColladaWriteApi, ATextStreamInAnotherEncodingTakesAnAsciiDocumentOnly) {
  Scene scene = triangle_scene();
  WriteOptions options;
  options.collada = true;
  absl::Status status;
  for (const char* utf8 : {"utf-8", "UTF8"}) {
    options.stream_encoding = utf8;
    EXPECT_FALSE(written_to_stream(scene, options, &status).empty());
    EXPECT_TRUE(status.ok()) << status;
  }
  options.stream_encoding = "latin-1";
  std::string ascii = written_to_stream(scene, options, &status);
  EXPECT_TRUE(status.ok()) << status;
  EXPECT_FALSE(ascii.empty());

  scene.nodes[0].name = "t\xC3\xAAte";  // tête: beyond ASCII
  std::string refused = written_to_stream(scene, options, &status);
  EXPECT_EQ(rule_of(status), "collada.write.stream-encoding");
  EXPECT_TRUE(refused.empty());

  options.stream_encoding = "utf-16";
  scene.nodes[0].name = "head";
  refused = written_to_stream(scene, options, &status);
  EXPECT_EQ(rule_of(status), "collada.write.stream-encoding");
  EXPECT_TRUE(refused.empty());
}

// W1, L9: write() makes a one-node scene; material values become materials named
// material_<value>, which a read numbers from 0 in document order.
TEST(ColladaWriteApi, WritePolydataNamesMaterialsAfterTheMaterialValues) {
  Scene scene = triangle_scene();
  PolyData data;
  data.mesh = scene.meshes[0];
  static const int32_t kMaterial[] = {7};
  data.mesh.cell_data = {{"material", Column::of<int32_t>(kMaterial, 1)}};
  std::filesystem::path out = scratch("polydata.dae");
  Diagnostics d;
  ASSERT_TRUE(write_polydata(data, out, WriteOptions{}, d).ok());
  absl::StatusOr<Scene> back = read_scene(out, ReadOptions{}, d);
  ASSERT_TRUE(back.ok()) << back.status();
  ASSERT_EQ(back->nodes.size(), 1u);
  EXPECT_EQ(back->nodes[0].mesh, 0);
  ASSERT_EQ(back->materials.size(), 1u);
  EXPECT_EQ(back->materials[0].name, "material_7");
  std::span<const int32_t> materials = back->meshes[0].materials();
  ASSERT_EQ(materials.size(), 1u);
  EXPECT_EQ(materials[0], 0);
}

}  // namespace
}  // namespace px
