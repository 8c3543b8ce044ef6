// Issue 15, point 2 (beyond the spec): the COLLADA writer's <library_lights> and
// <library_cameras> with each node's <instance_light> / <instance_camera>, spelled by
// formats/collada/light_mapping.h's rule, and the round trips dae -> glb -> dae and
// glb -> dae -> glb keeping every light's type, colour, intensity, range and cone and every
// camera's projection. Each document written here is checked against the schema
// (collada_write_schema).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

#include "formats/gltf/read/gltf_reader.h"
#include "formats/gltf/write/gltf_writer.h"
#include "polyxios/scene/light.h"
#include "tests/formats/collada/write/node_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

// A new root showing `light`, which has no COLLADA id (as a glTF read gives it).
Node& show_light(Scene& scene, const Light& light) {
  Node& node = scene.nodes.emplace_back();
  node.light = static_cast<int>(scene.lights.size());
  scene.lights.push_back(light);
  scene.scenes[0].push_back(static_cast<int>(scene.nodes.size()) - 1);
  return node;
}

// A scene of one root per light, each its node's own.
Scene scene_of_lights(const std::vector<Light>& lights) {
  Scene scene;
  scene.scenes.emplace_back();
  for (const Light& light : lights) {
    show_light(scene, light).name = light.name.empty() ? "node" : cat(light.name, "-node");
  }
  return scene;
}

// The scene through a GLB in memory and back.
Scene through_glb(const Scene& scene) {
  Diagnostics diagnostics;
  absl::StatusOr<gltf::Written> glb = gltf::write_to_memory(scene, true, "", diagnostics);
  EXPECT_TRUE(glb.ok()) << glb.status();
  if (!glb.ok()) return Scene();
  absl::StatusOr<Scene> back = gltf::read_memory(glb->json, {}, ReadOptions(), diagnostics);
  EXPECT_TRUE(back.ok()) << back.status();
  return back.ok() ? *std::move(back) : Scene();
}

// The scene through a COLLADA document (saved for the schema check) and back.
Scene through_dae(const Scene& scene) {
  RoundTrip r = write_and_read(scene);
  return r.read.scene.ok() ? *std::move(r.read.scene) : Scene();
}

// Each node's light, checked, in node order (nodes without one skipped).
std::vector<Light> node_lights(const Scene& scene) {
  std::vector<Light> out;
  for (const Node& node : scene.nodes) {
    if (node.light < 0) continue;
    LightRead read = check_light(scene.lights[node.light]);
    EXPECT_TRUE(read.light.has_value()) << read.fault;
    if (read.light) out.push_back(*read.light);
  }
  return out;
}

// The scene's light of COLLADA id `id`.
Light& light_of(Scene& scene, std::string_view id) {
  for (Light& light : scene.lights) {
    if (light.collada_id == id) return light;
  }
  ADD_FAILURE() << "no light " << id;
  return scene.lights.emplace_back();
}

void expect_same_lights(const std::vector<Light>& a, const std::vector<Light>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    SCOPED_TRACE(cat("light ", i, " ", a[i].name));
    EXPECT_EQ(a[i].type, b[i].type);
    EXPECT_EQ(a[i].name, b[i].name);
    // A light of intensity 0 is black whatever its colour: COLLADA spells only the product.
    if (a[i].intensity > 0) {
      for (size_t c = 0; c < 3; ++c) EXPECT_NEAR(a[i].color[c], b[i].color[c], 1e-12);
    }
    EXPECT_NEAR(a[i].intensity, b[i].intensity, 1e-12 * std::max(1.0, a[i].intensity));
    ASSERT_EQ(a[i].range.has_value(), b[i].range.has_value());
    if (a[i].range) {
      EXPECT_DOUBLE_EQ(*a[i].range, *b[i].range);
    }
    EXPECT_NEAR(a[i].inner_cone, b[i].inner_cone, 1e-12);
    EXPECT_NEAR(a[i].outer_cone, b[i].outer_cone, 1e-12);
  }
}

Light make(LightType type, std::string name, std::array<double, 3> color, double intensity) {
  Light l;
  l.type = type;
  l.name = std::move(name);
  l.color = color;
  l.intensity = intensity;
  return l;
}

std::vector<Light> gltf_lights() {
  Light sun = make(LightType::kDirectional, "sun", {1, 0.9, 0.8}, 3);
  Light lamp = make(LightType::kPoint, "lamp", {0.2, 0.4, 0.6}, 40);
  lamp.range = 12.5;
  Light spot = make(LightType::kSpot, "spot", {1, 1, 1}, 1);
  spot.inner_cone = 0.3;
  spot.outer_cone = 0.7;
  Light narrow = make(LightType::kSpot, "narrow", {0, 1, 0}, 5);
  narrow.inner_cone = 0;
  narrow.outer_cone = std::numbers::pi / 2;
  Light off = make(LightType::kPoint, "off", {1, 0, 0}, 0);
  return {sun, lamp, spot, narrow, off};
}

TEST(LightWriter, EachLightIsWrittenByTheRuleAndInstancedByItsNode) {
  Written w = write_text(scene_of_lights(gltf_lights()));
  ASSERT_TRUE(w.text.ok()) << w.text.status();
  const std::string& text = *w.text;
  EXPECT_EQ(occurrences(text, "<light id="), 5u) << text;
  EXPECT_EQ(occurrences(text, "<instance_light url="), 5u) << text;
  // Colour * intensity; inverse-square attenuation; the split and the range in the extra.
  EXPECT_TRUE(in_order(text, {"<directional>", "<color>3 2.7 2.4</color>"})) << text;
  EXPECT_TRUE(contains(text, "<color>8 16 24</color>")) << text;
  EXPECT_TRUE(in_order(text, {"<constant_attenuation>0</constant_attenuation>",
                              "<linear_attenuation>0</linear_attenuation>",
                              "<quadratic_attenuation>1</quadratic_attenuation>",
                              "<intensity>40</intensity>", "<range>12.5</range>"}))
      << text;
  // The cone: the full angle in degrees, the fading fraction 1 - inner / outer.
  EXPECT_TRUE(contains(text, "<falloff_angle>180</falloff_angle>")) << text;
  EXPECT_TRUE(contains(text, "<falloff_exponent>1</falloff_exponent>")) << text;
  EXPECT_EQ(w.diagnostics.warning_count(), 0);
}

TEST(LightWriter, GltfLightsComeBackThroughCollada) {
  Scene glb = through_glb(scene_of_lights(gltf_lights()));
  Scene back = through_glb(through_dae(glb));
  expect_same_lights(node_lights(glb), node_lights(back));
  // Nothing of COLLADA's is added to a light that came from glTF (the "off" light reads back
  // black: its colour goes with its intensity of 0).
  for (const Light& l : node_lights(back)) {
    if (l.name != "off") {
      EXPECT_TRUE(l.extras.is_null()) << l.name;
    }
  }
}

constexpr std::string_view kColladaLights =
    "<library_lights>"
    "<light id=\"sun\" name=\"Sun\"><technique_common><directional><color>0.3 0.6 0.9</color>"
    "</directional></technique_common></light>"
    "<light id=\"sky\"><technique_common><ambient><color>0.1 0.1 0.2</color></ambient>"
    "</technique_common></light>"
    "<light id=\"bulb\"><technique_common><point><color>1 1 1</color>"
    "<constant_attenuation>1</constant_attenuation><linear_attenuation>0</linear_attenuation>"
    "<quadratic_attenuation>0.00111109</quadratic_attenuation></point></technique_common></light>"
    "<light id=\"neg\"><technique_common><point><color>-0.5 2 1</color></point>"
    "</technique_common></light>"
    "<light id=\"blend\"><technique_common><spot><color>1 1 1</color>"
    "<falloff_angle>45</falloff_angle><falloff_exponent>0.15</falloff_exponent></spot>"
    "</technique_common></light>"
    "<light id=\"wide\"><technique_common><spot><color>1 1 1</color>"
    "<falloff_angle>270</falloff_angle></spot></technique_common></light>"
    "</library_lights>";

std::string collada_lights_document() {
  std::string nodes;
  for (std::string_view id : {"sun", "sky", "bulb", "neg", "blend", "wide"}) {
    nodes += cat("<node id=\"n-", id, "\"><instance_light url=\"#", id, "\"/></node>");
  }
  return scene_document(nodes, kColladaLights);
}

TEST(LightWriter, ColladaLightsComeBackThroughGlbSpelledAsTheyWere) {
  Scene dae = read_ok(collada_lights_document());
  Scene glb = through_glb(dae);
  expect_same_lights(node_lights(dae), node_lights(glb));
  Written w = write_text(glb);
  ASSERT_TRUE(w.text.ok()) << w.text.status();
  const std::string& text = *w.text;
  for (std::string_view spelled :
       {"<color>0.3 0.6 0.9</color>", "<color>0.1 0.1 0.2</color>",
        "<constant_attenuation>1</constant_attenuation>",
        "<quadratic_attenuation>0.00111109</quadratic_attenuation>", "<color>-0.5 2 1</color>",
        "<falloff_angle>45</falloff_angle>", "<falloff_exponent>0.15</falloff_exponent>",
        "<falloff_angle>270</falloff_angle>", "<falloff_exponent>0</falloff_exponent>"}) {
    EXPECT_TRUE(contains(text, spelled)) << spelled << "\n" << text;
  }
  Scene back = read_ok(text);
  expect_same_lights(node_lights(dae), node_lights(back));
}

TEST(LightWriter, AnEditedLightIsSpelledFromItsGltfTerms) {
  Scene scene = read_ok(collada_lights_document());
  // The "bulb" light, read with its attenuation kept, made twice as bright.
  Light& bulb = light_of(scene, "bulb");
  bulb.intensity = 2;
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok());
  // The kept attenuation still divides: colour = 2 * 1 * (1 + 0 + 0.00111109).
  EXPECT_TRUE(contains(*w.text, "<color>2.00222218 2.00222218 2.00222218</color>")) << *w.text;
  Scene back = read_ok(*w.text);
  EXPECT_NEAR(light_of(back, "bulb").intensity, 2, 1e-12);
}

TEST(LightWriter, LightsTheWriterCannotTakeAreLeftOutWithAWarning) {
  Scene scene;
  scene.scenes.emplace_back();
  Light with_bad_range = make(LightType::kPoint, "fixed", {1, 1, 1}, 1);
  with_bad_range.range = -3;
  with_bad_range.extras = Value(ValueMap{{"note", Value("x")}});
  Light negative = make(LightType::kPoint, "negative", {1, 1, 1}, -1);
  Light infinite =
      make(LightType::kSpot, "infinite", {1, 1, 1}, std::numeric_limits<double>::infinity());
  for (const Light& light : {negative, infinite, with_bad_range}) show_light(scene, light);
  // A COLLADA read's node naming an id no light has.
  scene.nodes.emplace_back().unresolved_light = "undefined";
  scene.scenes[0].push_back(static_cast<int>(scene.nodes.size()) - 1);
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok()) << w.text.status();
  EXPECT_EQ(warned(w, "collada.write.light-dropped"), 3);
  EXPECT_EQ(warned(w, "collada.write.light-fixed"), 1);
  EXPECT_EQ(warned(w, "collada.write.light-extras-dropped"), 1);
  EXPECT_EQ(occurrences(*w.text, "<light id="), 1u);
  EXPECT_FALSE(contains(*w.text, "<range>"));
}

TEST(LightWriter, TheScenesLightsAreWrittenEvenWhereNoNodeShowsThem) {
  Scene scene = read_ok(scene_document("<node id=\"n\"/>", kColladaLights));
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok());
  EXPECT_EQ(occurrences(*w.text, "<light id="), 6u);
  EXPECT_EQ(occurrences(*w.text, "<instance_light"), 0u);
}

// A camera as a glTF read gives it.
Camera camera(std::string_view type, ValueMap body) {
  return camera_from_gltf(
      ValueMap{{"type", Value(type)}, {std::string(type), Value(std::move(body))}});
}

// A new root showing camera `index` of the scene.
void show_camera(Scene& scene, int index) {
  scene.nodes.emplace_back().camera = index;
  scene.scenes[0].push_back(static_cast<int>(scene.nodes.size()) - 1);
}

TEST(CameraWriter, CamerasGoToColladaAndComeBackAsTheyWere) {
  Scene scene;
  const ValueMap bodies[] = {
      {{"aspectRatio", Value(1.5)},
       {"yfov", Value(0.8)},
       {"zfar", Value(100.0)},
       {"znear", Value(0.1)}},
      {{"yfov", Value(1.2)}, {"znear", Value(0.01)}},
      {{"xmag", Value(2.0)}, {"ymag", Value(1.0)}, {"zfar", Value(10.0)}, {"znear", Value(0.0)}},
  };
  const std::string_view types[] = {"perspective", "perspective", "orthographic"};
  scene.scenes.emplace_back();
  for (int i = 0; i < 3; ++i) {
    scene.cameras.push_back(camera(types[i], bodies[i]));
    show_camera(scene, i);
  }
  // A second node showing the first camera: one <camera>, instanced twice.
  show_camera(scene, 0);
  RoundTrip r = write_and_read(scene);
  ASSERT_TRUE(r.read.scene.ok());
  const std::string& text = *r.written.text;
  EXPECT_EQ(occurrences(text, "<camera id="), 3u) << text;
  EXPECT_EQ(occurrences(text, "<instance_camera"), 4u) << text;
  EXPECT_TRUE(contains(text, "<infinite_zfar/>")) << text;
  EXPECT_EQ(r.written.diagnostics.warning_count(), 0);
  Scene glb = through_glb(*r.read.scene);
  for (size_t i = 0; i < 3; ++i) {
    SCOPED_TRACE(i);
    ASSERT_GE(glb.nodes[i].camera, 0);
    const Camera& c = glb.cameras[glb.nodes[i].camera];
    EXPECT_EQ(camera_type_name(c.type), types[i]);
    size_t terms = 0;
    for (std::string_view term : {"aspectRatio", "yfov", "xmag", "ymag", "zfar", "znear"}) {
      terms += c.term(term) ? 1 : 0;
    }
    EXPECT_EQ(terms, bodies[i].size());
    for (const auto& [key, value] : bodies[i]) {
      ASSERT_TRUE(c.term(key).has_value()) << key;
      EXPECT_NEAR(*c.term(key), value.as_double(), 1e-12) << key;
    }
  }
}

TEST(CameraWriter, ACameraColladaCannotHoldIsLeftOutWithAWarning) {
  Scene scene;
  scene.scenes.emplace_back();
  scene.cameras = {camera("perspective", {{"yfov", Value(4.0)}}),
                   camera("orthographic", {{"xmag", Value(1.0)}})};
  show_camera(scene, 0);
  show_camera(scene, 1);
  // A COLLADA read's node naming an id no camera has.
  scene.nodes.emplace_back().unresolved_camera = "undefined";
  scene.scenes[0].push_back(static_cast<int>(scene.nodes.size()) - 1);
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok());
  EXPECT_EQ(warned(w, "collada.write.camera-dropped"), 3);
  EXPECT_FALSE(contains(*w.text, "library_cameras"));
}

}  // namespace
}  // namespace px::collada
