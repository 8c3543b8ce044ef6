// The public API over streams: a document read whole from memory (standard input) is told by its
// first bytes; a stream takes GLB only, since a .gltf's .bin needs a path (gltf.md).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "polyxios/polyxios.h"
#include "tests/api/api_test_util.h"

namespace px {
namespace {

using testing::kTriangle;
using testing::rule_of;
using testing::written_to_stream;

TEST(StreamsTest, AStreamTakesGlbWhichReadsBackFromMemory) {
  Diagnostics d;
  absl::StatusOr<Scene> scene = read_scene_bytes(kTriangle, ReadOptions{}, d);
  ASSERT_TRUE(scene.ok()) << scene.status();
  for (std::optional<bool> binary : {std::optional<bool>(), std::optional<bool>(true)}) {
    WriteOptions options;
    options.binary = binary;
    absl::Status status;
    std::string glb = written_to_stream(*scene, options, &status);
    ASSERT_TRUE(status.ok()) << status;
    EXPECT_EQ(glb.substr(0, 4), "glTF");
    absl::StatusOr<Scene> back = read_scene_bytes(glb, ReadOptions{}, d);
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(back->meshes[0].num_points(), 3u);
  }
}

TEST(StreamsTest, WritingGltfToAStreamIsRefusedAndWritesNothing) {
  Diagnostics d;
  absl::StatusOr<Scene> scene = read_scene_bytes(kTriangle, ReadOptions{}, d);
  ASSERT_TRUE(scene.ok());
  WriteOptions options;
  options.binary = false;
  absl::Status status;
  std::string bytes = written_to_stream(*scene, options, &status);
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(rule_of(status), "gltf.write.stream-needs-path");
  EXPECT_TRUE(bytes.empty());
}

TEST(StreamsTest, BytesAreToldByTheirFirstBytes) {
  Diagnostics d;
  // glTF JSON, after a BOM and white space.
  absl::StatusOr<Scene> json = read_scene_bytes(
      "\xEF\xBB\xBF \n{\"asset\": {\"version\": \"2.0\"}, \"nodes\": [{\"name\": \"a\"}]}",
      ReadOptions{}, d);
  ASSERT_TRUE(json.ok()) << json.status();
  EXPECT_EQ(json->nodes[0].name, "a");
  for (auto [bytes, rule] :
       {std::pair<std::string, std::string>{std::string("PK\x03\x04", 4), "collada.zae.truncated"},
        {"\x1f\x8b\x08", "format.unsupported"},
        {"v 0 0 0", "format.unknown"}}) {
    absl::StatusOr<Scene> refused = read_scene_bytes(bytes, ReadOptions{}, d);
    ASSERT_FALSE(refused.ok()) << rule;
    EXPECT_EQ(rule_of(refused.status()), rule);
  }
  // A relative URI has no folder to resolve in.
  absl::StatusOr<Scene> external = read_scene_bytes(
      "{\"asset\": {\"version\": \"2.0\"}, \"buffers\": [{\"uri\": \"a.bin\", \"byteLength\": 12}],"
      "\"bufferViews\": [{\"buffer\": 0, \"byteLength\": 12}], \"accessors\": [{\"bufferView\": 0,"
      "\"componentType\": 5126, \"count\": 1, \"type\": \"VEC3\", \"min\": [0, 0, 0],"
      "\"max\": [0, 0, 0]}], \"meshes\": [{\"primitives\": [{\"attributes\": {\"POSITION\": "
      "0}}]}]}",
      ReadOptions{}, d);
  ASSERT_FALSE(external.ok());
  EXPECT_EQ(rule_of(external.status()), "gltf.buffer.no-folder");
}

}  // namespace
}  // namespace px
