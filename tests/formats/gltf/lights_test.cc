// Issue 15, point 2 (beyond the spec): KHR_lights_punctual read into Scene::lights, one for each
// node showing one (polyxios/scene/light.h), and written back once per distinct light; an ambient
// light, which glTF lacks, kept in the node's extras with a warning; invalid lights, and a node's
// light index naming no light, corrected or dropped with a warning.
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "polyxios/scene/light.h"
#include "tests/formats/gltf/read_test_util.h"
#include "tests/formats/gltf/test_scene.h"

namespace px::gltf::testing {
namespace {

constexpr std::string_view kUsed = R"("extensionsUsed": ["KHR_lights_punctual"],)";

// A document of the lights (a JSON array's items) and the nodes (a JSON array's items).
std::string lights_document(std::string_view lights, std::string_view nodes) {
  return document(cat(kUsed, R"("extensions": {"KHR_lights_punctual": {"lights": [)", lights,
                      R"(]}}, "scenes": [{"nodes": [0]}], "nodes": [)", nodes, "]"));
}

// The light node `n` shows, checked.
Light light_of(const Scene& scene, size_t n) {
  const int index = scene.nodes.at(n).light;
  EXPECT_GE(index, 0);
  if (index < 0) return {};
  LightRead read = check_light(scene.lights.at(index));
  EXPECT_TRUE(read.light.has_value()) << read.fault;
  return read.light.value_or(Light{});
}

TEST(Lights, EachTypeIsReadIntoItsNodesExtras) {
  ReadResult r = read_bytes(lights_document(
      R"({"type": "directional", "name": "sun", "color": [1, 0.5, 0], "intensity": 3},
         {"type": "point", "range": 20},
         {"type": "spot", "spot": {"innerConeAngle": 0.2, "outerConeAngle": 0.6}})",
      R"({"children": [1, 2, 3]}, {"extensions": {"KHR_lights_punctual": {"light": 0}}},
         {"extensions": {"KHR_lights_punctual": {"light": 1}}},
         {"extensions": {"KHR_lights_punctual": {"light": 2}}})"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("gltf.read.extension-dropped"), 0);
  const std::vector<Node>& nodes = r.scene->nodes;
  EXPECT_EQ(nodes[0].light, -1);
  Light sun = light_of(*r.scene, 1);
  EXPECT_EQ(sun.type, LightType::kDirectional);
  EXPECT_EQ(sun.name, "sun");
  EXPECT_EQ(sun.color, (std::array<double, 3>{1, 0.5, 0}));
  EXPECT_EQ(sun.intensity, 3);
  Light point = light_of(*r.scene, 2);
  EXPECT_EQ(point.type, LightType::kPoint);
  EXPECT_EQ(point.range, 20);
  EXPECT_EQ(point.intensity, 1);
  Light spot = light_of(*r.scene, 3);
  EXPECT_EQ(spot.type, LightType::kSpot);
  EXPECT_EQ(spot.inner_cone, 0.2);
  EXPECT_EQ(spot.outer_cone, 0.6);
}

TEST(Lights, ALightIndexNamingNoLightDropsTheLightWithAWarning) {
  // An index of no light is unresolved; no index at all is a missing property.
  for (auto [light, code] : {std::pair{R"("light": 1)", "gltf.read.light-unresolved"},
                             std::pair{R"("light": -1)", "gltf.read.light-invalid"},
                             std::pair{R"("light": "0")", "gltf.read.light-invalid"},
                             std::pair{"", "gltf.read.light-invalid"}}) {
    ReadResult r = read_bytes(lights_document(
        R"({"type": "point"})", cat(R"({"extensions": {"KHR_lights_punctual": {)", light, "}}}")));
    ASSERT_TRUE(r.scene.ok()) << light << ": " << r.scene.status();
    EXPECT_EQ(r.scene->nodes[0].light, -1);
    EXPECT_EQ(r.diagnostics.count(code), 1) << light;
    EXPECT_EQ(r.diagnostics.warning_count(), 1) << light;
  }
  ReadResult none = read_bytes(
      document(cat(kUsed, R"("nodes": [{"extensions": {"KHR_lights_punctual": {"light": 0}}}])")));
  ASSERT_TRUE(none.scene.ok()) << none.scene.status();
  EXPECT_EQ(none.diagnostics.count("gltf.read.light-unresolved"), 1);
}

TEST(Lights, TermsOutsideGltfsRangeAreCorrectedWithAWarning) {
  ReadResult r = read_bytes(lights_document(
      R"({"type": "point", "range": -5, "color": [2, -1, 0.5]},
         {"type": "spot", "spot": {"innerConeAngle": 0.9, "outerConeAngle": 0.5}},
         {"type": "spot", "spot": {"outerConeAngle": 3}},
         {"type": "directional", "range": 4})",
      R"({"children": [1, 2, 3]}, {"extensions": {"KHR_lights_punctual": {"light": 0}}},
         {"extensions": {"KHR_lights_punctual": {"light": 1}}},
         {"extensions": {"KHR_lights_punctual": {"light": 2}}},
         {"extensions": {"KHR_lights_punctual": {"light": 3}}})"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const std::vector<Node>& nodes = r.scene->nodes;
  // [0] is the root; its children hold the lights (node 4 is in no scene, but still read).
  Light point = light_of(*r.scene, 1);
  EXPECT_FALSE(point.range.has_value());
  EXPECT_EQ(point.color, (std::array<double, 3>{1, 0, 0.5}));
  Light inverted = light_of(*r.scene, 2);
  EXPECT_EQ(inverted.outer_cone, 0.5);
  EXPECT_EQ(inverted.inner_cone, 0);
  Light wide = light_of(*r.scene, 3);
  EXPECT_DOUBLE_EQ(wide.outer_cone, std::numbers::pi / 2);
  EXPECT_FALSE(light_of(*r.scene, 4).range.has_value());
  // Each by the Khronos validator's kind of issue: the range, colour and outer angle out of
  // range, the inner angle not below the outer, the range a directional light does not use.
  EXPECT_EQ(r.diagnostics.count("gltf.read.light-value-out-of-range"), 3);
  EXPECT_EQ(r.diagnostics.count("gltf.read.light-spot-angles"), 1);
  EXPECT_EQ(r.diagnostics.count("gltf.read.light-range-unused"), 1);
  EXPECT_EQ(r.diagnostics.count("gltf.read.light-invalid"), 0);
}

TEST(Lights, ALightThatIsNoLightIsDroppedWithAWarning) {
  ReadResult r = read_bytes(lights_document(
      R"({"type": "area"}, {"color": [1, 1, 1]}, {"type": "point", "intensity": -1},
         {"type": "point", "color": [1, 1]}, {"type": "ambient"})",
      R"({"children": [1, 2, 3, 4]}, {"extensions": {"KHR_lights_punctual": {"light": 0}}},
         {"extensions": {"KHR_lights_punctual": {"light": 1}}},
         {"extensions": {"KHR_lights_punctual": {"light": 2}}},
         {"extensions": {"KHR_lights_punctual": {"light": 3}}})"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  for (const Node& node : r.scene->nodes) EXPECT_EQ(node.light, -1);
  EXPECT_TRUE(r.scene->lights.empty());
  // The types 'area' and 'ambient' are unknown, the intensity out of range; no type and a colour
  // of two numbers are not a light's shape.
  EXPECT_EQ(r.diagnostics.count("gltf.read.light-type-unknown"), 2);
  EXPECT_EQ(r.diagnostics.count("gltf.read.light-value-out-of-range"), 1);
  EXPECT_EQ(r.diagnostics.count("gltf.read.light-invalid"), 2);
}

TEST(Lights, LightsGoBackOutOnceEachWithTheirNodes) {
  Diagnostics diagnostics;
  ReadResult r = read_bytes(lights_document(
      R"({"type": "spot", "name": "s", "intensity": 2, "extras": {"k": 1},
          "spot": {"innerConeAngle": 0.1, "outerConeAngle": 0.7}}, {"type": "point"})",
      R"({"children": [1, 2]}, {"extensions": {"KHR_lights_punctual": {"light": 0}}},
         {"extensions": {"KHR_lights_punctual": {"light": 0}}})"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  Parsed p = write_gltf(*r.scene, diagnostics);
  ASSERT_TRUE(p.doc.HasMember("extensionsUsed"));
  EXPECT_STREQ(p.doc["extensionsUsed"][0].GetString(), "KHR_lights_punctual");
  const auto& lights = p.doc["extensions"]["KHR_lights_punctual"]["lights"];
  ASSERT_EQ(lights.Size(), 1u);  // the unused point light is not written, the spot once
  EXPECT_STREQ(lights[0]["type"].GetString(), "spot");
  EXPECT_STREQ(lights[0]["name"].GetString(), "s");
  EXPECT_EQ(lights[0]["intensity"].GetDouble(), 2);
  EXPECT_EQ(lights[0]["spot"]["innerConeAngle"].GetDouble(), 0.1);
  EXPECT_EQ(lights[0]["spot"]["outerConeAngle"].GetDouble(), 0.7);
  EXPECT_EQ(lights[0]["extras"]["k"].GetInt(), 1);
  EXPECT_EQ(p.doc["nodes"][1]["extensions"]["KHR_lights_punctual"]["light"].GetInt(), 0);
  EXPECT_EQ(p.doc["nodes"][2]["extensions"]["KHR_lights_punctual"]["light"].GetInt(), 0);
  EXPECT_FALSE(p.doc["nodes"][0].HasMember("extensions"));
  EXPECT_EQ(diagnostics.warning_count(), 0);
}

TEST(Lights, AnAmbientLightIsKeptInTheNodesExtrasWithAWarningAndReadBack) {
  Scene scene;
  Light ambient;
  ambient.type = LightType::kAmbient;
  ambient.color = {0.5, 0.5, 1};
  ambient.intensity = 0.25;
  ambient.collada_id = "amb";
  scene.lights.push_back(ambient);
  Node& node = scene.nodes.emplace_back();
  node.light = 0;
  set_value(node.extras, "extras", Value(ValueMap{{"tag", Value("x")}}));
  scene.scenes.push_back({0});
  Diagnostics diagnostics;
  absl::StatusOr<Written> written = write_to_memory(scene, false, "scene.bin", diagnostics);
  ASSERT_TRUE(written.ok()) << written.status();
  EXPECT_EQ(diagnostics.count("gltf.write.light-ambient-in-extras"), 1);
  Parsed p = parse(*written);
  EXPECT_FALSE(p.doc.HasMember("extensionsUsed"));
  EXPECT_STREQ(p.doc["nodes"][0]["extras"]["light"]["type"].GetString(), "ambient");
  EXPECT_STREQ(p.doc["nodes"][0]["extras"]["tag"].GetString(), "x");
  ReadResult back = read_bytes(written->json);
  ASSERT_TRUE(back.scene.ok()) << back.scene.status();
  Light read = light_of(*back.scene, 0);
  EXPECT_EQ(read.type, LightType::kAmbient);
  EXPECT_EQ(read.color, ambient.color);
  EXPECT_EQ(read.intensity, ambient.intensity);
  const Value* extras = find_value(back.scene->nodes[0].extras, "extras");
  ASSERT_NE(extras, nullptr);
  EXPECT_EQ(find_value(extras->as_map(), "light"), nullptr);
  EXPECT_EQ(find_value(extras->as_map(), "tag")->as_string(), "x");
}

TEST(Lights, ALightTheWriterCannotTakeIsLeftOutWithAWarning) {
  Scene scene;
  // A COLLADA read's node naming an id no light has, and lights whose intensity glTF refuses.
  scene.nodes.emplace_back().unresolved_light = "undefined";
  scene.lights.resize(2);
  scene.lights[0].intensity = -1;
  scene.lights[1].intensity = std::nan("");
  scene.nodes.emplace_back().light = 0;
  scene.nodes.emplace_back().light = 1;
  scene.scenes.push_back({0, 1, 2});
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_FALSE(p.doc.HasMember("extensions"));
  EXPECT_FALSE(p.doc.HasMember("extensionsUsed"));
  EXPECT_EQ(diagnostics.count("gltf.write.light-dropped"), 3);
}

}  // namespace
}  // namespace px::gltf::testing
