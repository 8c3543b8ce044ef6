// Issue 15, point 1 (beyond the spec): the COLLADA writer's morph controllers. A mesh with morph
// targets writes a <geometry> per target (the whole shape) and a NORMALIZED <morph> controller the
// nodes instance, a skinned one a skin over the morph; weights animations become a channel per
// target, and everything reads back: dae -> dae and glb -> dae -> glb keep the targets, weights,
// names and weight keys, and the texture coordinates and colours targets move; a node with default
// weights of its own instances a controller of its own. Each document written here is checked
// against the schema (collada_write_schema).
#include <gtest/gtest.h>

#include "formats/gltf/read/gltf_reader.h"
#include "formats/gltf/write/gltf_writer.h"
#include "polyxios/scene/animation.h"
#include "tests/formats/collada/write/controller_test_scene.h"
#include "tests/formats/collada/write/write_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

template <class T>
Column arena_column(Scene& scene, const std::vector<T>& values, size_t cols) {
  std::span<T> out = scene.arena->allocate<T>(values.size());
  std::copy(values.begin(), values.end(), out.begin());
  return Column::of<T>(std::span<const T>(out), cols);
}

// Two targets over mesh `m` (3 vertices), the first with normals when the mesh has them.
void add_targets(Scene& scene, int m) {
  Mesh& mesh = scene.meshes[m];
  const bool normals = mesh.find_point_data("normals") != nullptr;
  MorphTarget smile;
  smile.name = "smile";
  smile.positions = arena_column<float>(scene, {0, 0, 1, 0, 0, 2, 0, 0, 3}, 3);
  if (normals) smile.normals = arena_column<float>(scene, {0, 0.5f, 0, 0, 0, 0, 0, 0, 0}, 3);
  MorphTarget frown;
  frown.name = "frown";
  frown.positions = arena_column<float>(scene, {1, 0, 0, 0, 0, 0, 0, -1, 0}, 3);
  if (normals) frown.normals = arena_column<float>(scene, std::vector<float>(9, 0), 3);
  mesh.morph_targets = {smile, frown};
  mesh.morph_weights = {0.25, 0.5};
}

// Texture coordinates and colours on mesh 0, the first target moving the one, the second the
// other.
void add_moved_columns(Scene& scene) {
  Mesh& mesh = scene.meshes[0];
  mesh.point_data.push_back({"texcoords", arena_column<float>(scene, {0, 0, 1, 0, 0, 1}, 2)});
  mesh.point_data.push_back(
      {"colors", arena_column<float>(scene, {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1}, 4)});
  mesh.morph_targets[0].point_data.push_back(
      {"texcoords", arena_column<float>(scene, {0.5f, 0, 0, 0, 0, -0.25f}, 2)});
  mesh.morph_targets[1].point_data.push_back(
      {"colors", arena_column<float>(scene, {-1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -0.5f}, 4)});
}

void add_weight_animation(Scene& scene, int node) {
  Animation a;
  a.name = "talk";
  AnimationSampler s;
  s.times = arena_column<float>(scene, {0, 1, 2}, 1);
  s.values = arena_column<float>(scene, {0, 1, 1, 0, 0.5f, 0.5f}, 2);
  s.interpolation = "LINEAR";
  a.samplers.push_back(s);
  AnimationChannel c;
  c.sampler = 0;
  c.target.node = node;
  c.target.path = TargetPath::kWeights;
  a.channels.push_back(c);
  scene.animations = {a};
}

Scene morph_scene() {
  Scene scene;
  std::span<float> xyz = scene.arena->allocate<float>(9);
  const float points[] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  std::copy(std::begin(points), std::end(points), xyz.begin());
  Mesh mesh;
  mesh.points = Column::of<float>(std::span<const float>(xyz), 3);
  std::span<float> n = scene.arena->allocate<float>(9);
  for (size_t v = 0; v < 3; ++v) {
    n[v * 3] = 0;
    n[v * 3 + 1] = 0;
    n[v * 3 + 2] = 1;
  }
  mesh.point_data.push_back({"normals", Column::of<float>(std::span<const float>(n), 3)});
  const CellType types[] = {CellType::kTriangle};
  const uint32_t offsets[] = {0, 3};
  const uint32_t connectivity[] = {0, 1, 2};
  mesh.cell_types = scene.arena->copy<CellType>(types);
  mesh.offsets = scene.arena->copy<uint32_t>(offsets);
  mesh.connectivity = scene.arena->copy<uint32_t>(connectivity);
  set_value(mesh.global_attrs, "mesh_name", Value("face"));
  scene.meshes.push_back(std::move(mesh));
  add_targets(scene, 0);
  Node node;
  node.name = "head";
  node.mesh = 0;
  scene.nodes.push_back(node);
  scene.scenes.push_back({0});
  add_weight_animation(scene, 0);
  return scene;
}

void expect_same_targets(const Mesh& got, const Mesh& want) {
  ASSERT_EQ(got.morph_targets.size(), want.morph_targets.size());
  EXPECT_EQ(got.morph_weights, want.morph_weights);
  for (size_t t = 0; t < want.morph_targets.size(); ++t) {
    EXPECT_EQ(got.morph_targets[t].name, want.morph_targets[t].name);
    for (size_t v = 0; v < want.num_points(); ++v) {
      for (size_t k = 0; k < 3; ++k) {
        EXPECT_NEAR(got.morph_targets[t].positions.get(v, k),
                    want.morph_targets[t].positions.get(v, k), 1e-6);
        if (!want.morph_targets[t].normals.empty()) {
          ASSERT_FALSE(got.morph_targets[t].normals.empty());
          EXPECT_NEAR(got.morph_targets[t].normals.get(v, k),
                      want.morph_targets[t].normals.get(v, k), 1e-6);
        }
      }
    }
    ASSERT_EQ(got.morph_targets[t].point_data.size(), want.morph_targets[t].point_data.size());
    for (const NamedColumn& d : want.morph_targets[t].point_data) {
      const NamedColumn* g = find_column(got.morph_targets[t].point_data, d.name);
      ASSERT_NE(g, nullptr) << d.name;
      ASSERT_EQ(g->column.cols, d.column.cols);
      for (size_t i = 0; i < d.column.size(); ++i) {
        EXPECT_NEAR(g->column.get(i / d.column.cols, i % d.column.cols),
                    d.column.get(i / d.column.cols, i % d.column.cols), 1e-6);
      }
    }
  }
}

const Mesh& shown(const Scene& scene, const std::string& node_name) {
  for (const Node& n : scene.nodes) {
    if (n.name == node_name && n.mesh >= 0) return scene.meshes[n.mesh];
  }
  ADD_FAILURE() << "no node " << node_name << " shows a mesh";
  static const Mesh none;
  return none;
}

void expect_weight_keys(const Scene& scene) {
  std::vector<Animation> animations = scene.animations;
  ASSERT_EQ(animations.size(), 1u);
  ASSERT_EQ(animations[0].channels.size(), 1u);
  const AnimationChannel& c = animations[0].channels[0];
  EXPECT_EQ(c.target.path_name(), "weights");
  const AnimationSampler& s = *animations[0].samplers[c.sampler];
  ASSERT_EQ(s.values.rows, 3u);
  ASSERT_EQ(s.values.cols, 2u);
  const double want[] = {0, 1, 1, 0, 0.5, 0.5};
  for (size_t i = 0; i < 6; ++i) EXPECT_NEAR(s.values.get(i / 2, i % 2), want[i], 1e-6);
}

TEST(MorphWriter, AMeshWithTargetsWritesAMorphControllerItsNodeInstances) {
  Scene scene = morph_scene();
  RoundTrip r = write_and_read(scene);
  ASSERT_TRUE(r.read.scene.ok());
  const std::string& text = *r.written.text;
  EXPECT_EQ(occurrences(text, "<morph "), 1u);
  EXPECT_NE(text.find("method=\"NORMALIZED\""), std::string::npos);
  EXPECT_EQ(occurrences(text, "<geometry "), 3u);
  EXPECT_NE(text.find("<instance_controller url=\"#"), std::string::npos);
  EXPECT_EQ(r.written.diagnostics.count("collada.write.morph-dropped"), 0);
  EXPECT_EQ(r.written.diagnostics.count("collada.write.animation-path-unsupported"), 0);
  expect_same_targets(shown(*r.read.scene, "head"), scene.meshes[0]);
  expect_weight_keys(*r.read.scene);
  EXPECT_EQ(r.read.diagnostics.count("collada.morph.topology"), 0);
}

TEST(MorphWriter, ADaeToDaeWriteIsAFixedPointNamingTheTargetGeometriesItRead) {
  Scene scene = morph_scene();
  RoundTrip first = write_and_read(scene);
  ASSERT_TRUE(first.read.scene.ok());
  RoundTrip second = write_and_read(*first.read.scene);
  ASSERT_TRUE(second.read.scene.ok());
  // The target geometries read back are named by the morph, not written a second time.
  EXPECT_EQ(occurrences(*second.written.text, "<geometry "), 3u);
  EXPECT_EQ(second.read.scene->meshes.size(), first.read.scene->meshes.size());
  RoundTrip third = write_and_read(*second.read.scene);
  ASSERT_TRUE(third.written.text.ok());
  EXPECT_EQ(*third.written.text, *second.written.text);
  expect_same_targets(shown(*third.read.scene, "head"), scene.meshes[0]);
}

TEST(MorphWriter, TargetsMovingTexcoordsAndColorsWriteThemInTheirGeometriesAndReadBack) {
  Scene scene = morph_scene();
  add_moved_columns(scene);
  RoundTrip r = write_and_read(scene);
  ASSERT_TRUE(r.read.scene.ok());
  const std::string& text = *r.written.text;
  // Each target geometry holds the base's texture coordinates and colours plus its differences.
  EXPECT_EQ(occurrences(text, "<input semantic=\"TEXCOORD\""), 3u);
  EXPECT_EQ(occurrences(text, "<input semantic=\"COLOR\""), 3u);
  EXPECT_EQ(r.written.diagnostics.count("collada.write.morph-attribute-dropped"), 0);
  EXPECT_EQ(r.read.diagnostics.count("collada.morph.attribute-dropped"), 0);
  expect_same_targets(shown(*r.read.scene, "head"), scene.meshes[0]);
  // dae -> dae names the target geometries read back, and keeps the differences.
  RoundTrip second = write_and_read(*r.read.scene);
  ASSERT_TRUE(second.read.scene.ok());
  EXPECT_EQ(occurrences(*second.written.text, "<geometry "), 3u);
  expect_same_targets(shown(*second.read.scene, "head"), scene.meshes[0]);
}

TEST(MorphWriter, DifferencesOfATexcoordSetPastZeroAreDroppedWithAWarning) {
  Scene scene = morph_scene();
  add_moved_columns(scene);
  Mesh& mesh = scene.meshes[0];
  mesh.point_data.push_back({"texcoords_1", mesh.point_data[1].column});
  mesh.morph_targets[0].point_data.push_back(
      {"texcoords_1", mesh.morph_targets[0].point_data[0].column});
  RoundTrip r = write_and_read(scene);
  ASSERT_TRUE(r.read.scene.ok());
  EXPECT_EQ(r.written.diagnostics.count("collada.write.morph-attribute-dropped"), 1);
  EXPECT_EQ(find_column(shown(*r.read.scene, "head").morph_targets[0].point_data, "texcoords_1"),
            nullptr);
}

TEST(MorphWriter, ASkinnedMeshWithTargetsWritesASkinOverTheMorph) {
  Scene scene = skinned_scene();
  add_targets(scene, scene.nodes[kBody].mesh);
  RoundTrip r = write_and_read(scene);
  ASSERT_TRUE(r.read.scene.ok());
  const std::string& text = *r.written.text;
  EXPECT_EQ(occurrences(text, "<morph "), 1u);
  EXPECT_EQ(occurrences(text, "<skin "), 1u);
  // The skin's source is the morph controller.
  const size_t skin = text.find("<skin source=\"#");
  ASSERT_NE(skin, std::string::npos);
  const std::string source = text.substr(skin + 15, text.find('"', skin + 15) - skin - 15);
  const size_t controller = text.find(cat("<controller id=\"", source, "\">"));
  ASSERT_NE(controller, std::string::npos) << text;
  EXPECT_LT(text.find("<morph ", controller), text.find("</controller>", controller)) << text;
  const Mesh& body = shown(*r.read.scene, "body");
  expect_same_targets(body, scene.meshes[scene.nodes[kBody].mesh]);
  EXPECT_NE(body.find_point_data("joints"), nullptr);
}

TEST(MorphWriter, NodesWithWeightsOfTheirOwnInstanceAMorphControllerPerWeightSet) {
  Scene scene = morph_scene();
  for (std::string name : {"left", "right", "twin", "plain"}) {
    Node node;
    node.name = name;
    node.mesh = 0;
    if (name == "left") node.morph_weights = {1, 0};
    if (name == "right" || name == "twin") node.morph_weights = {0, 1};
    scene.nodes[0].children.push_back(static_cast<int>(scene.nodes.size()));
    scene.nodes.push_back(node);
  }
  add_weight_animation(scene, 1);  // on "left": its controller's weights
  RoundTrip r = write_and_read(scene);
  ASSERT_TRUE(r.read.scene.ok());
  const std::string& text = *r.written.text;
  EXPECT_EQ(occurrences(text, "<morph "), 3u);     // right and twin share one
  EXPECT_EQ(occurrences(text, "<geometry "), 3u);  // the targets written once
  EXPECT_EQ(r.written.diagnostics.count("collada.write.node-weights-dropped"), 0);
  EXPECT_EQ(shown(*r.read.scene, "head").morph_weights, (std::vector<double>{0.25, 0.5}));
  EXPECT_EQ(shown(*r.read.scene, "plain").morph_weights, (std::vector<double>{0.25, 0.5}));
  EXPECT_EQ(shown(*r.read.scene, "left").morph_weights, (std::vector<double>{1, 0}));
  EXPECT_EQ(shown(*r.read.scene, "right").morph_weights, (std::vector<double>{0, 1}));
  EXPECT_EQ(&shown(*r.read.scene, "right"), &shown(*r.read.scene, "twin"));
  expect_weight_keys(*r.read.scene);
  std::vector<Animation> animations = r.read.scene->animations;
  ASSERT_EQ(animations.size(), 1u);
  ASSERT_EQ(animations[0].channels.size(), 1u);
  EXPECT_EQ(r.read.scene->nodes[animations[0].channels[0].target.node].name, "left");
}

TEST(MorphWriter, ASkinnedNodeWithWeightsOfItsOwnShowsTheMeshesWithAWarning) {
  Scene scene = skinned_scene();
  add_targets(scene, scene.nodes[kBody].mesh);
  scene.nodes[kBody].morph_weights = {1, 0};
  RoundTrip r = write_and_read(scene);
  ASSERT_TRUE(r.read.scene.ok());
  EXPECT_EQ(occurrences(*r.written.text, "<morph "), 1u);
  EXPECT_EQ(r.written.diagnostics.count("collada.write.node-weights-dropped"), 1);
  EXPECT_EQ(shown(*r.read.scene, "body").morph_weights, (std::vector<double>{0.25, 0.5}));
}

TEST(MorphWriter, CubicsplineWeightKeysAreWrittenAsBezierKeysOfTheSameCurve) {
  Scene scene = morph_scene();
  Animation a;
  AnimationSampler s;
  s.times = arena_column<float>(scene, {0, 1}, 1);
  // Per key: in-tangent, value, out-tangent rows of both targets; target 0 leaves 0 at slope 3.
  s.values = arena_column<float>(scene, {0, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0}, 2);
  s.interpolation = "CUBICSPLINE";
  a.samplers.push_back(s);
  AnimationChannel c;
  c.sampler = 0;
  c.target.node = 0;
  c.target.path = TargetPath::kWeights;
  a.channels.push_back(c);
  scene.animations = {a};
  RoundTrip r = write_and_read(scene);
  ASSERT_TRUE(r.read.scene.ok());
  EXPECT_NE(r.written.text->find("BEZIER"), std::string::npos);
  EXPECT_EQ(r.written.diagnostics.count("collada.write.morph-dropped"), 0);
  std::vector<Animation> animations = r.read.scene->animations;
  ASSERT_EQ(animations.size(), 1u);
  ASSERT_EQ(animations[0].channels.size(), 1u);
  const AnimationSampler& back = *animations[0].samplers[animations[0].channels[0].sampler];
  ASSERT_EQ(back.times.rows, 5u);  // the keys and three inside the span, on the curve
  EXPECT_NEAR(back.times.get(2, 0), 0.5, 1e-6);
  EXPECT_NEAR(back.values.get(2, 0), 0.875, 1e-4);  // glTF's cubic at 0.5
  EXPECT_NEAR(back.values.get(4, 0), 1.0, 1e-6);
  EXPECT_NEAR(back.values.get(2, 1), 0.0, 1e-6);
}

TEST(MorphWriter, InvalidTargetsAreDroppedWithAWarningAndTheBaseInstanced) {
  Scene scene = morph_scene();
  scene.meshes[0].morph_targets[0].positions.rows = 2;
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok()) << w.text.status();
  EXPECT_EQ(occurrences(*w.text, "<morph "), 0u);
  EXPECT_NE(w.text->find("<instance_geometry"), std::string::npos);
  // The mesh's targets and its weights channel.
  EXPECT_EQ(w.diagnostics.count("collada.write.morph-dropped"), 2);
}

TEST(MorphWriter, TargetsSurviveGlbToDaeToGlb) {
  Scene scene = morph_scene();
  add_moved_columns(scene);
  Diagnostics diagnostics;
  absl::StatusOr<gltf::Written> glb = gltf::write_to_memory(scene, true, "", diagnostics);
  ASSERT_TRUE(glb.ok()) << glb.status();
  absl::StatusOr<Scene> from_glb = gltf::read_memory(glb->json, {}, ReadOptions(), diagnostics);
  ASSERT_TRUE(from_glb.ok()) << from_glb.status();
  RoundTrip r = write_and_read(*from_glb);
  ASSERT_TRUE(r.read.scene.ok());
  absl::StatusOr<gltf::Written> again = gltf::write_to_memory(*r.read.scene, true, "", diagnostics);
  ASSERT_TRUE(again.ok()) << again.status();
  absl::StatusOr<Scene> back = gltf::read_memory(again->json, {}, ReadOptions(), diagnostics);
  ASSERT_TRUE(back.ok()) << back.status();
  expect_same_targets(shown(*back, "head"), scene.meshes[0]);
  expect_weight_keys(*back);
}

}  // namespace
}  // namespace px::collada
