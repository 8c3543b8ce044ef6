// Issue 34: nothing follows a scene's hierarchy by recursion. A glTF hierarchy is as deep as it
// has nodes: 200,000 levels read, convert to GLB and read back, bake an axis and unit and
// flatten, on a thread whose stack a recursion that deep would overflow many times over; written
// as COLLADA, deeper than a COLLADA read takes, it is refused (collada.write.node-depth). A
// COLLADA <instance_node> chain of 20,000 is refused by its own rule on such a thread.
#include <gtest/gtest.h>
#include <pthread.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>

#include "engine/base64.h"
#include "engine/strings.h"
#include "polyxios/polyxios.h"
#include "polyxios/scene/polydata.h"
#include "tests/api/api_test_util.h"

namespace px {
namespace {

using testing::rule_of;
using testing::written_to_stream;

constexpr int kDepth = 200000;
// A 200,000-deep recursion takes several MiB of stack at the least.
constexpr size_t kStackBytes = size_t{2} << 20;

// Runs fn to its end on a new thread of kStackBytes of stack.
void on_small_stack(const std::function<void()>& fn) {
  pthread_attr_t attr;
  ASSERT_EQ(pthread_attr_init(&attr), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&attr, kStackBytes), 0);
  pthread_t thread;
  auto run = [](void* f) -> void* {
    (*static_cast<const std::function<void()>*>(f))();
    return nullptr;
  };
  ASSERT_EQ(pthread_create(&thread, &attr, run, const_cast<std::function<void()>*>(&fn)), 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
}

template <class T>
void append(std::string& bytes, std::initializer_list<T> values) {
  for (T v : values) bytes.append(reinterpret_cast<const char*>(&v), sizeof v);
}

// A chain of kDepth nodes whose last shows a skinned triangle bound to the last two, its
// translation animated.
std::string deep_gltf() {
  std::string bin;
  append<float>(bin, {0, 0, 0, 1, 0, 0, 0, 1, 0});             // positions, 36 bytes
  append<uint8_t>(bin, {0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0});  // joints, 12
  append<float>(bin, {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0});    // weights, 48
  append<float>(bin, {0, 1});                                  // key times, 8
  append<float>(bin, {0, 0, 0, 1, 0, 0});                      // translations, 24
  for (int j = 0; j < 2; ++j) append<float>(bin, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
  std::string nodes;
  for (int i = 0; i + 1 < kDepth; ++i) nodes += cat("{\"children\":[", i + 1, "]},");
  nodes += "{\"name\":\"deepest\",\"mesh\":0,\"skin\":0}";
  return cat(
      R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[)", nodes,
      R"(],"meshes":[{"primitives":[{"attributes":{"POSITION":0,"JOINTS_0":1,"WEIGHTS_0":2}}]}],)",
      R"("skins":[{"joints":[)", kDepth - 2, ",", kDepth - 1,
      R"(],"inverseBindMatrices":5}],"animations":[{"channels":[{"sampler":0,"target":{"node":)",
      kDepth - 1, R"(,"path":"translation"}}],"samplers":[{"input":3,"output":4}]}],)",
      R"("accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3",)",
      R"("min":[0,0,0],"max":[1,1,0]},{"bufferView":1,"componentType":5121,"count":3,)",
      R"("type":"VEC4"},{"bufferView":2,"componentType":5126,"count":3,"type":"VEC4"},)",
      R"({"bufferView":3,"componentType":5126,"count":2,"type":"SCALAR","min":[0],"max":[1]},)",
      R"({"bufferView":4,"componentType":5126,"count":2,"type":"VEC3"},)",
      R"({"bufferView":5,"componentType":5126,"count":2,"type":"MAT4"}],"bufferViews":[)",
      R"({"buffer":0,"byteLength":36},{"buffer":0,"byteOffset":36,"byteLength":12},)",
      R"({"buffer":0,"byteOffset":48,"byteLength":48},{"buffer":0,"byteOffset":96,)",
      R"("byteLength":8},{"buffer":0,"byteOffset":104,"byteLength":24},{"buffer":0,)",
      R"("byteOffset":128,"byteLength":128}],"buffers":[{"byteLength":)", bin.size(),
      R"(,"uri":"data:application/octet-stream;base64,)", base64_encode(bin), R"("}]})");
}

TEST(DeepHierarchyTest, AGltfHierarchy200000DeepConvertsWithoutRecursion) {
  const std::string gltf = deep_gltf();
  on_small_stack([&] {
    Diagnostics d;
    absl::StatusOr<Scene> scene = read_scene_bytes(gltf, ReadOptions{}, d);
    ASSERT_TRUE(scene.ok()) << scene.status();
    ASSERT_EQ(scene->nodes.size(), static_cast<size_t>(kDepth));
    absl::Status status;
    const std::string glb = written_to_stream(*scene, WriteOptions{}, &status);
    ASSERT_TRUE(status.ok()) << status;
    absl::StatusOr<Scene> back = read_scene_bytes(glb, ReadOptions{}, d);
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(back->nodes.size(), static_cast<size_t>(kDepth));
    EXPECT_EQ(back->nodes[kDepth - 1].mesh, 0);
    // Flattened through every world matrix.
    EXPECT_EQ(to_polydata(*back).mesh.num_points(), 3u);
    // Baked into the data: the world transforms and animation keys walk the hierarchy too.
    AxisUnitTarget target;
    target.up_axis = UpAxis::kZ;
    target.meters = true;
    target.bake = true;
    ASSERT_TRUE(apply_axis_unit(*back, target, d).ok());
    WriteOptions collada;
    collada.collada = true;
    const std::string dae = written_to_stream(*back, collada, &status);
    EXPECT_EQ(rule_of(status), "collada.write.node-depth") << status;
    EXPECT_TRUE(dae.empty());
  });
}

TEST(DeepHierarchyTest, AnInstanceNodeChainIsRefusedWithoutRecursion) {
  std::string nodes;
  for (int i = 0; i < 20000; ++i) {
    nodes += cat("<node id=\"n", i, "\"><instance_node url=\"#n", i + 1, "\"/></node>\n");
  }
  const std::string dae =
      cat("<?xml version=\"1.0\"?><COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" "
          "version=\"1.4.1\"><library_nodes>",
          nodes,
          "<node id=\"n20000\"/></library_nodes><library_visual_scenes><visual_scene id=\"s\">"
          "<node id=\"root\"><instance_node url=\"#n0\"/></node></visual_scene>"
          "</library_visual_scenes></COLLADA>");
  on_small_stack([&] {
    Diagnostics d;
    absl::StatusOr<Scene> scene = read_scene_bytes(dae, ReadOptions{}, d);
    EXPECT_EQ(rule_of(scene.status()), "collada.instance_node.depth") << scene.status();
  });
}

}  // namespace
}  // namespace px
