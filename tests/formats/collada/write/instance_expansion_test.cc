// Issue 15, point 9: COLLADA has no instancing, so a node's instances (glTF's
// EXT_mesh_gpu_instancing) are written as child <node>s of their transform, each showing the
// node's geometry with its bind_material, once warned (collada.write.instances-expanded); custom
// instance attributes are left out naming them. Every document is checked against the schema by
// collada_write_schema.
#include <Eigen/Geometry>

#include "polyxios/scene/polydata.h"
#include "tests/formats/collada/write/node_test_util.h"

namespace px::collada::testing {
namespace {

Column doubles(Scene& scene, const std::vector<double>& values, size_t cols) {
  return Column::of<double>(std::span<const double>(scene.arena->copy<double>(values)), cols);
}

// A triangle shown by node 0 (translated by (0, 0, 5)) at two instances: at (1, 0, 0), and at
// (0, 2, 0) turned a quarter about z and scaled by 2; an _ID per instance.
Scene instanced_scene() {
  Scene scene = scene_of_nodes(1);
  MeshBuilder(scene).points(kSquarePoints).cell(CellType::kTriangle, {0, 1, 2}).add();
  Node& node = scene.nodes[0];
  node.mesh = 0;
  node.matrix = translation(0, 0, 5);
  const double h = std::sqrt(0.5);
  node.instances.count = 2;
  node.instances.translation = doubles(scene, {1, 0, 0, 0, 2, 0}, 3);
  node.instances.rotation = doubles(scene, {0, 0, 0, 1, 0, 0, h, h}, 4);
  node.instances.scale = doubles(scene, {1, 1, 1, 2, 2, 2}, 3);
  node.instances.custom.push_back({"_ID", doubles(scene, {7, 9}, 1)});
  return scene;
}

TEST(InstanceExpansion, EachInstanceIsAChildNodeAtNodeTimesItsTransform) {
  Scene scene = instanced_scene();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok()) << rt.read.scene.status();
  const std::string& text = *rt.written.text;
  EXPECT_EQ(occurrences(text, "<instance_geometry"), 2u) << text;
  EXPECT_EQ(rt.written.diagnostics.count("collada.write.instances-expanded"), 1);
  EXPECT_EQ(rt.written.diagnostics.count("collada.write.instance-attribute-dropped"), 1);
  const Scene& back = *rt.read.scene;
  const std::vector<Eigen::Matrix4d> world = world_matrices(back);
  std::vector<Eigen::Matrix4d> shown;
  for (size_t n = 0; n < back.nodes.size(); ++n) {
    EXPECT_TRUE(back.nodes[n].instances.empty());
    if (back.nodes[n].mesh >= 0) shown.push_back(world[n]);
  }
  ASSERT_EQ(shown.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    const Eigen::Matrix4d want = scene.nodes[0].matrix * scene.nodes[0].instances.matrix(i);
    EXPECT_TRUE(shown[i].isApprox(want, 1e-12)) << i << "\n" << shown[i] << "\n" << want;
  }
}

TEST(InstanceExpansion, ALibraryNodeExpandsItsInstancesOnce) {
  Scene scene = instanced_scene();
  // Two parents instance node 0, which goes to <library_nodes>.
  scene.nodes.resize(3);
  scene.nodes[0].children = {};
  scene.nodes[1].children = {0};
  scene.nodes[2].children = {0};
  scene.scenes = {{1}, {2}};
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok()) << w.text.status();
  EXPECT_EQ(occurrences(*w.text, "<instance_geometry"), 2u) << *w.text;
  EXPECT_TRUE(in_order(*w.text, {"<library_nodes>", "-instance-1", "</library_nodes>"})) << *w.text;
}

}  // namespace
}  // namespace px::collada::testing
