// Issue 15, point 2 (beyond the spec): <library_lights> read as lights in glTF's terms into
// Scene::lights with their id, by formats/collada/light_mapping.h's rule; a light that is no light
// skipped with a warning, never a refusal.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "polyxios/scene/light.h"
#include "tests/formats/collada/read/collada_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

constexpr double kDegree = std::numbers::pi / 180;

// A document of the lights, and a node "n" showing the first light "l".
std::string lights_document(std::string_view lights) {
  return document(
      cat("<library_lights>\n", lights,
          "\n</library_lights>\n<library_visual_scenes><visual_scene id=\"vs\">"
          "<node id=\"n\"><instance_light url=\"#l\"/></node></visual_scene>"
          "</library_visual_scenes><scene><instance_visual_scene url=\"#vs\"/></scene>"));
}

// A <light id> whose <technique_common> holds `kind` of `body`, then `after`.
std::string light(std::string_view kind, std::string_view body, std::string_view id = "l",
                  std::string_view after = "") {
  return cat("<light id=\"", id, "\" name=\"", id, "-name\"><technique_common><", kind, ">", body,
             "</", kind, "></technique_common>", after, "</light>\n");
}

// The light read under `id`, checked by polyxios/scene/light.h (which finds nothing to correct);
// fails the test when there is none.
Light light_of(const ReadResult& r, std::string_view id = "l") {
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  if (!r.scene.ok()) return {};
  const Light* l = nullptr;
  for (const Light& candidate : r.scene->lights) {
    if (candidate.collada_id == id) l = &candidate;
  }
  EXPECT_NE(l, nullptr) << "no light " << id;
  if (l == nullptr) return {};
  LightRead read = check_light(*l);
  EXPECT_TRUE(read.light.has_value()) << read.fault;
  EXPECT_TRUE(read.fixes.empty());
  return read.light.value_or(Light{});
}

const ValueMap* originals_of(const Light& l) {
  const Value* v = l.extras.is_map() ? find_value(l.extras.as_map(), "collada") : nullptr;
  return v == nullptr ? nullptr : &v->as_map();
}

TEST(Lights, EachTypeIsReadWithItsNameAndTheNodeNamesItById) {
  ReadResult r = read_text(
      lights_document(light("directional", "<color>1 1 1</color>") +
                      light("ambient", "<color>0.2 0.2 0.2</color>", "a") +
                      light("point",
                            "<color>1 1 1</color><quadratic_attenuation>1</quadratic_attenuation>"
                            "<constant_attenuation>0</constant_attenuation>",
                            "p") +
                      light("spot",
                            "<color>1 1 1</color><constant_attenuation>0</constant_attenuation>"
                            "<quadratic_attenuation>1</quadratic_attenuation>",
                            "s")));
  EXPECT_EQ(light_of(r).type, LightType::kDirectional);
  EXPECT_EQ(light_of(r).name, "l-name");
  EXPECT_EQ(light_of(r, "a").type, LightType::kAmbient);
  EXPECT_EQ(light_of(r, "p").type, LightType::kPoint);
  EXPECT_EQ(light_of(r, "s").type, LightType::kSpot);
  EXPECT_EQ(r.scene->nodes[0].light, 0);
  EXPECT_EQ(r.scene->lights[0].collada_id, "l");
  // Pure quadratic attenuation is glTF's law: nothing approximated, nothing kept.
  EXPECT_EQ(r.diagnostics.count("collada.light.attenuation-approximated"), 0);
  EXPECT_EQ(light_of(r, "p").extras.is_null(), true);
}

TEST(Lights, TheIntensityIsTheLargestComponentAndTheColourIsNormalised) {
  ReadResult r = read_text(lights_document(light("directional", "<color>0.5 2 1</color>") +
                                           light("ambient", "<color>0 0 0</color>", "black")));
  Light l = light_of(r);
  EXPECT_DOUBLE_EQ(l.intensity, 2);
  EXPECT_DOUBLE_EQ(l.color[0], 0.25);
  EXPECT_DOUBLE_EQ(l.color[1], 1);
  EXPECT_DOUBLE_EQ(l.color[2], 0.5);
  EXPECT_EQ(originals_of(l), nullptr);
  Light black = light_of(r, "black");
  EXPECT_EQ(black.intensity, 0);
  EXPECT_EQ(black.color, (std::array<double, 3>{0, 0, 0}));
}

TEST(Lights, QuadraticAttenuationDividesTheIntensity) {
  ReadResult r = read_text(
      lights_document(light("point",
                            "<color>4 2 1</color><constant_attenuation>0</constant_attenuation>"
                            "<quadratic_attenuation>2</quadratic_attenuation>")));
  Light l = light_of(r);
  EXPECT_DOUBLE_EQ(l.intensity, 2);
  EXPECT_FALSE(l.range.has_value());
  // Kept for the COLLADA spelling (q = 2 rather than 1): not an approximation.
  ASSERT_NE(originals_of(l), nullptr);
  EXPECT_EQ(find_value(*originals_of(l), "quadratic_attenuation")->as_double(), 2);
  EXPECT_EQ(r.diagnostics.count("collada.light.attenuation-approximated"), 0);
}

TEST(Lights, ConstantAndLinearAttenuationAreApproximatedAtUnitDistanceWithAWarning) {
  ReadResult r = read_text(lights_document(
      light("point", "<color>1 1 1</color>") +  // the schema's defaults: c = 1, l = q = 0
      light("point",
            "<color>3 3 3</color><constant_attenuation>1</constant_attenuation>"
            "<linear_attenuation>1</linear_attenuation>"
            "<quadratic_attenuation>1</quadratic_attenuation>",
            "p")));
  EXPECT_DOUBLE_EQ(light_of(r).intensity, 1);
  const Light p = light_of(r, "p");
  EXPECT_DOUBLE_EQ(p.intensity, 1);
  const ValueMap* kept = originals_of(p);
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(find_value(*kept, "constant_attenuation")->as_double(), 1);
  EXPECT_EQ(find_value(*kept, "linear_attenuation")->as_double(), 1);
  EXPECT_EQ(r.diagnostics.count("collada.light.attenuation-approximated"), 2);
}

TEST(Lights, TheSpotConeIsHalfTheFalloffAngleAndTheExponentTheFadingFraction) {
  ReadResult r =
      read_text(lights_document(light("spot",
                                      "<color>1 1 1</color><falloff_angle>40</falloff_angle>"
                                      "<falloff_exponent>0.25</falloff_exponent>") +
                                light("spot", "<color>1 1 1</color>", "defaults") +
                                light("spot",
                                      "<color>1 1 1</color><falloff_angle>270</falloff_angle>"
                                      "<falloff_exponent>10</falloff_exponent>",
                                      "wide")));
  Light l = light_of(r);
  EXPECT_DOUBLE_EQ(l.outer_cone, 20 * kDegree);
  EXPECT_DOUBLE_EQ(l.inner_cone, 15 * kDegree);
  // The schema's defaults: a 180 degree cone with no falloff, which glTF cannot hold exactly
  // (inner < outer): the exponent is kept.
  Light d = light_of(r, "defaults");
  EXPECT_DOUBLE_EQ(d.outer_cone, std::numbers::pi / 2);
  EXPECT_LT(d.inner_cone, d.outer_cone);
  EXPECT_NEAR(d.inner_cone, d.outer_cone, 1e-5);
  EXPECT_EQ(find_value(*originals_of(d), "falloff_exponent")->as_double(), 0);
  Light w = light_of(r, "wide");
  EXPECT_DOUBLE_EQ(w.outer_cone, std::numbers::pi / 2);
  EXPECT_EQ(w.inner_cone, 0);
  EXPECT_EQ(find_value(*originals_of(w), "falloff_angle")->as_double(), 270);
  EXPECT_EQ(find_value(*originals_of(w), "falloff_exponent")->as_double(), 10);
  EXPECT_EQ(r.diagnostics.count("collada.light.cone-clamped"), 1);
}

TEST(Lights, PolyxiosExtraGivesTheIntensityAndRange) {
  ReadResult r = read_text(lights_document(
      light("point",
            "<color>0.5 1 1.5</color><constant_attenuation>0</constant_attenuation>"
            "<quadratic_attenuation>1</quadratic_attenuation>",
            "l",
            "<extra><technique profile=\"polyxios\"><intensity>3</intensity><range>7</range>"
            "</technique></extra>")));
  Light l = light_of(r);
  EXPECT_DOUBLE_EQ(l.intensity, 3);
  EXPECT_DOUBLE_EQ(l.color[2], 0.5);
  ASSERT_TRUE(l.range.has_value());
  EXPECT_DOUBLE_EQ(*l.range, 7);
}

TEST(Lights, NegativeColourIsReadAsZeroWithAWarningAndKept) {
  ReadResult r = read_text(lights_document(light("directional", "<color>-1 0.5 1</color>")));
  Light l = light_of(r);
  EXPECT_EQ(l.color[0], 0);
  EXPECT_EQ(r.diagnostics.count("collada.light.color-clamped"), 1);
  const Value* kept = find_value(*originals_of(l), "color");
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(kept->as_array()[0].as_double(), -1);
}

TEST(Lights, ALightThatIsNoLightIsSkippedWithAWarningNeverARefusal) {
  ReadResult r = read_text(lights_document(
      "<light id=\"l\"/>"  // no technique_common
      "<light id=\"t\"><technique_common><area/></technique_common></light>" +
      light("point", "", "nocolor") + light("point", "<color>1 1</color>", "short") +
      light("point", "<color>1 1 NaN</color>", "nan") +
      light("point", "<color>1 1 1</color><linear_attenuation>-1</linear_attenuation>", "neg") +
      light("point", "<color>1 1 1</color><constant_attenuation>0</constant_attenuation>", "zero") +
      light("spot", "<color>1 1 1</color><falloff_angle>0</falloff_angle>", "cone") +
      light("spot", "<color>1 1 1</color><falloff_exponent>x</falloff_exponent>", "text") +
      light("directional", "<color>1 1 1</color>", "dup") +
      light("directional", "<color>1 1 1</color>", "dup")));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  ASSERT_EQ(r.scene->lights.size(), 1u);
  EXPECT_EQ(r.scene->lights[0].collada_id, "dup");
  EXPECT_EQ(r.diagnostics.count("collada.light.no-technique-common"), 2);
  EXPECT_EQ(r.diagnostics.count("collada.light.invalid"), 7);
  EXPECT_EQ(r.diagnostics.count("collada.light.duplicate-id"), 1);
  // The node still names its light by id; the writers leave out what the scene does not define.
  EXPECT_EQ(r.scene->nodes[0].light, -1);
  EXPECT_EQ(r.scene->nodes[0].unresolved_light, "l");
}

}  // namespace
}  // namespace px::collada
