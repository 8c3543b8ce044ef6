// Morph controllers (issue 15 point 1, a "beyond" row of tests/SPEC_COVERAGE.md): a <morph>'s
// targets read as differences from its base geometry, with their default weights and the texture
// coordinates and colours they move; a target of other positions, a nested morph and weight
// animations (BEZIER curves followed, clip windows cut in the bake).
#include <gtest/gtest.h>

#include "polyxios/ops/animation_bake.h"
#include "polyxios/scene/animation.h"
#include "tests/formats/collada/read/collada_test_util.h"
#include "tests/support/required.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

std::string id_source(std::string_view id, std::string_view ids, size_t count) {
  return cat("<source id=\"", id, "\"><IDREF_array id=\"", id, "-array\" count=\"", count, "\">",
             ids, "</IDREF_array><technique_common><accessor source=\"#", id, "-array\" count=\"",
             count,
             "\" stride=\"1\"><param name=\"MORPH_TARGET\" type=\"IDREF\"/></accessor>"
             "</technique_common></source>");
}

std::string weight_source(std::string_view id, std::string_view weights, size_t count) {
  return cat("<source id=\"", id, "\"><float_array id=\"", id, "-array\" count=\"", count, "\">",
             weights, "</float_array><technique_common><accessor source=\"#", id,
             "-array\" count=\"", count,
             "\" stride=\"1\"><param name=\"MORPH_WEIGHT\" type=\"float\"/></accessor>"
             "</technique_common></source>");
}

// A morph controller "m" over `base` with targets `ids` and weights.
std::string morph(std::string_view source, std::string_view ids, std::string_view weights,
                  size_t count, std::string_view method = "NORMALIZED", std::string_view id = "m") {
  return cat("<controller id=\"", id, "\"><morph source=\"#", source, "\" method=\"", method, "\">",
             id_source(cat(id, "-targets"), ids, count),
             weight_source(cat(id, "-weights"), weights, count),
             "<targets><input semantic=\"MORPH_TARGET\" source=\"#", id,
             "-targets\"/>"
             "<input semantic=\"MORPH_WEIGHT\" source=\"#",
             id, "-weights\"/></targets></morph></controller>");
}

// base "b" (a triangle), targets "t1" (moved up in z) and "t2" (x doubled, no primitives).
std::string morph_document(std::string_view controllers, std::string_view instance_url = "m",
                           std::string_view animations = "") {
  return geometries_document(
      cat(geometry("b", triangle_mesh("bv"), "Base"),
          geometry("t1",
                   cat(positions("0 0 1  1 0 1  0 1 1", "t1v"),
                       "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#t1v\" "
                       "offset=\"0\"/><p>0 1 2</p></triangles>"),
                   "Up"),
          geometry("t2", positions("0 0 0  2 0 0  0 1 0", "t2v"), "Wide"),
          geometry("t3", positions("0 0 0  2 0 0", "t3v"), "Short")),
      cat("<library_controllers>", controllers, "</library_controllers>", animations,
          "<library_visual_scenes><visual_scene id=\"vs\"><node id=\"n\">"
          "<instance_controller url=\"#",
          instance_url,
          "\"/></node></visual_scene></library_visual_scenes>"
          "<scene><instance_visual_scene url=\"#vs\"/></scene>"));
}

const Scene& scene_of(const ReadResult& r) {
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  return *r.scene;
}

const Mesh& node_mesh(const Scene& scene) {
  EXPECT_GE(scene.nodes.at(0).mesh, 0);
  return scene.meshes.at(scene.nodes.at(0).mesh);
}

TEST(Morphs, TargetsAreDifferencesFromTheBaseWithTheirWeightsAndNames) {
  ReadResult r = read_text(morph_document(morph("b", "t1 t2", "0.25 0.5", 2)));
  const Scene& scene = scene_of(r);
  const Mesh& mesh = node_mesh(scene);
  ASSERT_EQ(mesh.morph_targets.size(), 2u);
  EXPECT_TRUE(mesh.morph_targets_valid());
  EXPECT_EQ(mesh.morph_weights, (std::vector<double>{0.25, 0.5}));
  EXPECT_EQ(mesh.morph_targets[0].name, "Up");
  EXPECT_EQ(mesh.morph_targets[1].name, "Wide");
  for (size_t v = 0; v < 3; ++v) {
    EXPECT_FLOAT_EQ(mesh.morph_targets[0].positions.get(v, 2), 1.0);
    EXPECT_FLOAT_EQ(mesh.morph_targets[0].positions.get(v, 0), 0.0);
  }
  EXPECT_FLOAT_EQ(mesh.morph_targets[1].positions.get(1, 0), 1.0);
  EXPECT_FLOAT_EQ(mesh.morph_targets[1].positions.get(2, 0), 0.0);
  EXPECT_EQ(r.diagnostics.count("collada.controller.morph-base"), 0);
}

TEST(Morphs, RelativeReadsLikeNormalized) {
  ReadResult r = read_text(morph_document(morph("b", "t1", "1", 1, "RELATIVE")));
  const Mesh& mesh = node_mesh(scene_of(r));
  ASSERT_EQ(mesh.morph_targets.size(), 1u);
  EXPECT_FLOAT_EQ(mesh.morph_targets[0].positions.get(0, 2), 1.0);
}

TEST(Morphs, ATargetOfOtherPositionsDropsTheMorphWithAWarning) {
  ReadResult r = read_text(morph_document(morph("b", "t1 t3", "0 0", 2)));
  const Mesh& mesh = node_mesh(scene_of(r));
  EXPECT_TRUE(mesh.morph_targets.empty());
  EXPECT_EQ(mesh.num_points(), 3u);
  EXPECT_EQ(r.diagnostics.count("collada.morph.topology"), 1);
}

TEST(Morphs, WeightsNotOnePerTargetOrATargetNamingNoGeometryDropTheMorph) {
  ReadResult r = read_text(morph_document(morph("b", "t1 nothing", "0 0", 2)));
  EXPECT_TRUE(node_mesh(scene_of(r)).morph_targets.empty());
  EXPECT_EQ(r.diagnostics.count("collada.morph.invalid"), 1);
}

TEST(Morphs, ANestedMorphKeepsTheOuterTargetsWithAWarning) {
  ReadResult r = read_text(morph_document(cat(morph("b", "t1", "0.5", 1, "NORMALIZED", "inner"),
                                              morph("inner", "t2", "0.75", 1, "NORMALIZED", "m")),
                                          "m"));
  const Mesh& mesh = node_mesh(scene_of(r));
  ASSERT_EQ(mesh.morph_targets.size(), 1u);
  EXPECT_EQ(mesh.morph_targets[0].name, "Wide");
  EXPECT_EQ(mesh.morph_weights, (std::vector<double>{0.75}));
  EXPECT_EQ(r.diagnostics.count("collada.morph.nested"), 1);
}

TEST(Morphs, AMorphedGeometryShownPlainlyToo) {
  // A second node shows the base geometry without the morph: its mesh holds no targets.
  std::string doc = morph_document(morph("b", "t1", "0.5", 1));
  doc.replace(doc.find("</visual_scene>"), 0,
              "<node id=\"plain\"><instance_geometry url=\"#b\"/></node>");
  ReadResult r = read_text(doc);
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.nodes.size(), 2u);
  EXPECT_NE(scene.nodes[0].mesh, scene.nodes[1].mesh);
  EXPECT_EQ(scene.meshes[scene.nodes[0].mesh].morph_targets.size(), 1u);
  EXPECT_TRUE(scene.meshes[scene.nodes[1].mesh].morph_targets.empty());
}

std::string weight_animation(std::string_view target, std::string_view times,
                             std::string_view values, size_t width) {
  return cat("<library_animations><animation id=\"a\">", source("a-in", "TIME", times),
             source("a-out", width == 1 ? "W" : "W0 W1", values),
             "<sampler id=\"a-s\"><input semantic=\"INPUT\" source=\"#a-in\"/>"
             "<input semantic=\"OUTPUT\" source=\"#a-out\"/></sampler>"
             "<channel source=\"#a-s\" target=\"",
             target, "\"/></animation></library_animations>");
}

TEST(Morphs, AWeightChannelBecomesAWeightsChannelOfEveryTarget) {
  for (std::string_view target : {"m-weights(1)", "m-weights-array(1)", "m/MORPH_WEIGHT(1)"}) {
    ReadResult r = read_text(morph_document(morph("b", "t1 t2", "0.25 0.5", 2), "m",
                                            weight_animation(target, "0 1", "0 1", 1)));
    const Scene& scene = scene_of(r);
    std::vector<Animation> animations = scene.animations;
    ASSERT_EQ(animations.size(), 1u) << target;
    ASSERT_EQ(animations[0].channels.size(), 1u) << target;
    const AnimationChannel& c = animations[0].channels[0];
    EXPECT_EQ(c.target.path_name(), "weights");
    EXPECT_FALSE(c.target.sid.has_value());
    EXPECT_EQ(c.target.node, 0);
    const AnimationSampler& s = *animations[0].samplers[c.sampler];
    ASSERT_EQ(s.values.cols, 2u);
    ASSERT_EQ(s.values.rows, 2u);
    EXPECT_DOUBLE_EQ(s.values.get(0, 0), 0.25);  // the default where nothing animates it
    EXPECT_DOUBLE_EQ(s.values.get(0, 1), 0.0);
    EXPECT_DOUBLE_EQ(s.values.get(1, 1), 1.0);
    EXPECT_EQ(r.diagnostics.count("collada.animation.target-unresolved"), 0) << target;
  }
}

TEST(Morphs, AWholeWeightsChannelSetsEveryTarget) {
  ReadResult r = read_text(morph_document(morph("b", "t1 t2", "0 0", 2), "m",
                                          weight_animation("m-weights", "0 1", "0 1 1 0", 2)));
  std::vector<Animation> animations = scene_of(r).animations;
  ASSERT_EQ(animations.size(), 1u);
  ASSERT_EQ(animations[0].channels.size(), 1u);
  const AnimationSampler& s = *animations[0].samplers[animations[0].channels[0].sampler];
  EXPECT_DOUBLE_EQ(s.values.get(1, 0), 1.0);
  EXPECT_DOUBLE_EQ(s.values.get(1, 1), 0.0);
}

TEST(Morphs, AWeightChannelOfTheWrongWidthIsDropped) {
  ReadResult r = read_text(morph_document(morph("b", "t1 t2", "0 0", 2), "m",
                                          weight_animation("m-weights", "0 1", "0 1", 1)));
  std::vector<Animation> animations = scene_of(r).animations;
  ASSERT_EQ(animations.size(), 1u);
  EXPECT_TRUE(animations[0].channels.empty());
  EXPECT_EQ(r.diagnostics.count("collada.animation.key-width"), 1);
}

// A BEZIER channel on weight 0 of "m": 0 at 0 s to 1 at 1 s, easing out (its control points a
// third of the way in, both at 1).
std::string bezier_weight_animation() {
  return cat("<library_animations><animation id=\"a\">", source("a-in", "TIME", "0 1"),
             source("a-out", "W", "0 1"), source("a-it", "X Y", "0 0  0.6666667 1"),
             source("a-ot", "X Y", "0.3333333 1  1 1"),
             "<source id=\"a-i\"><Name_array id=\"a-i-a\" count=\"2\">BEZIER BEZIER</Name_array>"
             "<technique_common><accessor source=\"#a-i-a\" count=\"2\" stride=\"1\">"
             "<param name=\"INTERPOLATION\" type=\"name\"/></accessor></technique_common></source>"
             "<sampler id=\"a-s\"><input semantic=\"INPUT\" source=\"#a-in\"/>"
             "<input semantic=\"OUTPUT\" source=\"#a-out\"/>"
             "<input semantic=\"IN_TANGENT\" source=\"#a-it\"/>"
             "<input semantic=\"OUT_TANGENT\" source=\"#a-ot\"/>"
             "<input semantic=\"INTERPOLATION\" source=\"#a-i\"/></sampler>"
             "<channel source=\"#a-s\" target=\"m-weights(0)\"/></animation></library_animations>");
}

TEST(Morphs, ABezierWeightCurveIsFollowedByLinearKeysInsideItsSpan) {
  ReadResult r =
      read_text(morph_document(morph("b", "t1", "0", 1), "m", bezier_weight_animation()));
  std::vector<Animation> animations = scene_of(r).animations;
  ASSERT_EQ(animations.size(), 1u);
  ASSERT_EQ(animations[0].channels.size(), 1u);
  const AnimationSampler& s = *animations[0].samplers[animations[0].channels[0].sampler];
  EXPECT_EQ(s.interpolation, "LINEAR");
  ASSERT_EQ(s.times.rows, 5u);  // the keys and three inside the span
  EXPECT_DOUBLE_EQ(s.times.get(2, 0), 0.5);
  EXPECT_NEAR(s.values.get(2, 0), 0.875, 1e-3);  // on the curve: 0.5 on the straight line
  EXPECT_DOUBLE_EQ(s.values.get(4, 0), 1.0);
}

TEST(Morphs, TheBakeCutsAClipsWeightKeysToItsWindowAndStartsThemAtZero) {
  ReadResult r = read_text(morph_document(
      morph("b", "t1", "0", 1), "m",
      cat(weight_animation("m-weights(0)", "0 2", "0 1", 1),
          "<library_animation_clips><animation_clip id=\"c\" start=\"1\" end=\"2\">"
          "<instance_animation url=\"#a\"/></animation_clip></library_animation_clips>")));
  BakedAnimations baked = bake_animations(scene_of(r));
  ASSERT_EQ(baked.animations.size(), 1u);
  ASSERT_EQ(baked.animations[0].channels.size(), 1u);
  const BakedChannel& c = baked.animations[0].channels[0];
  EXPECT_EQ(c.path, TargetPath::kWeights);
  const BakedSampler& s = baked.animations[0].samplers[c.sampler];
  EXPECT_EQ(s.times, (std::vector<double>{0, 1}));
  ASSERT_EQ(s.values.size(), 2u);
  EXPECT_DOUBLE_EQ(s.values[0], 0.5);  // the curve at the window's start
  EXPECT_DOUBLE_EQ(s.values[1], 1.0);
}

// A geometry whose <vertices> give positions, texture coordinates and colours, one triangle.
std::string textured(std::string_view id, std::string_view xyz, std::string_view st,
                     std::string_view rgb) {
  return geometry(
      id, cat(source(cat(id, "-pos"), "X Y Z", xyz), source(cat(id, "-st"), "S T", st),
              source(cat(id, "-rgb"), "R G B", rgb), "<vertices id=\"", id,
              "-v\"><input semantic=\"POSITION\" source=\"#", id,
              "-pos\"/><input semantic=\"TEXCOORD\" source=\"#", id,
              "-st\"/><input semantic=\"COLOR\" source=\"#", id,
              "-rgb\"/></vertices><triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#", id,
              "-v\" offset=\"0\"/><p>0 1 2</p></triangles>"));
}

TEST(Morphs, TargetTexcoordsAndColorsAreDifferencesAndUnmovedOnesAreLeftOut) {
  constexpr std::string_view xyz = "0 0 0  1 0 0  0 1 0";
  constexpr std::string_view st = "0 0  1 0  0 1";
  constexpr std::string_view rgb = "1 1 1  1 0 0  0 1 0";
  const std::string doc = geometries_document(
      cat(textured("b", xyz, st, rgb), textured("t1", xyz, "0.5 0  1 0  0 0.75", rgb),
          textured("t2", "0 0 1  1 0 1  0 1 1", st, "0 0 0  1 0 0  0 1 0")),
      cat("<library_controllers>", morph("b", "t1 t2", "0 0", 2),
          "</library_controllers><library_visual_scenes><visual_scene id=\"vs\"><node id=\"n\">"
          "<instance_controller url=\"#m\"/></node></visual_scene></library_visual_scenes>"
          "<scene><instance_visual_scene url=\"#vs\"/></scene>"));
  ReadResult r = read_text(doc);
  const Mesh& mesh = node_mesh(scene_of(r));
  ASSERT_EQ(mesh.morph_targets.size(), 2u);
  EXPECT_TRUE(mesh.morph_targets_valid());
  // t1 moves the texture coordinates only, t2 the positions and the colours.
  const MorphTarget& t1 = mesh.morph_targets[0];
  ASSERT_EQ(t1.point_data.size(), 1u);
  EXPECT_EQ(t1.point_data[0].name, "texcoords");
  EXPECT_FLOAT_EQ(t1.point_data[0].column.get(0, 0), 0.5);
  EXPECT_FLOAT_EQ(t1.point_data[0].column.get(2, 1), -0.25);
  EXPECT_FLOAT_EQ(t1.point_data[0].column.get(1, 0), 0.0);
  const MorphTarget& t2 = mesh.morph_targets[1];
  ASSERT_EQ(t2.point_data.size(), 1u);
  EXPECT_EQ(t2.point_data[0].name, "colors");
  EXPECT_FLOAT_EQ(t2.point_data[0].column.get(0, 0), -1.0);
  EXPECT_FLOAT_EQ(t2.point_data[0].column.get(1, 0), 0.0);
  EXPECT_EQ(r.diagnostics.count("collada.morph.attribute-dropped"), 0);
}

// The conformance suite's skin over a morph and morph over a skin: the skinned mesh keeps the
// morph's target, and its joints.
TEST(Morphs, CtsSkinOnMorphAndMorphOnSkinKeepTheTargetUnderTheSkin) {
  const std::string root =
      cat(PX_CORPUS_DIR, "/collada/cts/collada/library_controllers/controller/morph/");
  for (std::string_view name : {"skin_on_morph", "morph_on_skin"}) {
    const std::string path = cat(root, name, "/", name, ".dae");
    absl::StatusOr<std::unique_ptr<Source>> source = open_file_source(path);
    if (!source.ok()) PX_SKIP_UNLESS_REQUIRED() << "no corpus at " << path;
    Diagnostics diagnostics;
    absl::StatusOr<Scene> scene = read(**source, ReadOptions(), diagnostics);
    ASSERT_TRUE(scene.ok()) << scene.status();
    const Mesh* morphed = nullptr;
    for (const Node& n : scene->nodes) {
      if (n.mesh >= 0 && !scene->meshes[n.mesh].morph_targets.empty()) {
        morphed = &scene->meshes[n.mesh];
      }
    }
    std::string codes;
    for (const auto& d : diagnostics.entries()) codes += cat(d.code, ": ", d.message, "\n");
    ASSERT_NE(morphed, nullptr) << name << ": " << codes;
    EXPECT_EQ(morphed->morph_targets.size(), 1u);
    EXPECT_NE(morphed->find_point_data("joints"), nullptr) << name;
  }
}

}  // namespace
}  // namespace px::collada
