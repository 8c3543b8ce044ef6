// The animation-fidelity check (fidelity.h) on small documents, one per kind of motion the
// rebuild has to follow: arcs, eased and stepped keys in each tangent layout, hierarchies,
// instanced copies and clips.
#include "tests/animation/fidelity.h"

#include <gtest/gtest.h>

#include "formats/gltf/write/gltf_writer.h"
#include "tests/animation/animation_test_util.h"

namespace px::animation_testing {
namespace {

FidelityReport check(const std::string& text) {
  ReadResult r = read_text(text);
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  if (!r.scene.ok()) return {};
  absl::StatusOr<gltf::Written> written =
      gltf::write_to_memory(*r.scene, false, "out.bin", r.diagnostics);
  EXPECT_TRUE(written.ok()) << written.status();
  if (!written.ok()) return {};
  rapidjson::Document doc;
  doc.Parse(written->json.data(), written->json.size());
  FidelityReport report = check_fidelity(*r.scene, doc, written->bin);
  for (const std::string& f : report.failures) ADD_FAILURE() << f;
  EXPECT_GT(report.samples, 0u);
  return report;
}

constexpr std::string_view kArm =
    "<node id=\"arm\"><rotate sid=\"rz\">0 0 1 0</rotate><rotate sid=\"ry\">0 1 0 0</rotate>"
    "<translate sid=\"t\">10 0 0</translate><scale sid=\"s\">1 1 1</scale>"
    "<node id=\"hand\"><translate sid=\"t\">0 5 0</translate><rotate sid=\"rx\">1 0 0 0</rotate>"
    "</node></node>";

TEST(AnimationFidelity, ARotationSwingingALaterTranslationFollowsTheArc) {
  check(animated_document(kArm, animation("a", "arm/rz.ANGLE", {"0 1 2", "0 170 -30"})));
}

TEST(AnimationFidelity, TwoRotationsTurningTogetherFollowTheirComposition) {
  check(animated_document(kArm, cat(animation("a", "arm/rz.ANGLE", {"0 1", "0 120"}),
                                    animation("b", "arm/ry.ANGLE", {"0 1", "0 -75"}),
                                    animation("c", "hand/rx.ANGLE", {"0 0.5 1", "0 400 10"}))));
}

TEST(AnimationFidelity, EasedKeysInEachTangentLayoutFollowTheirCurve) {
  // The 1-D form, a time and value per component, and one time then the values.
  check(animated_document(kArm, animation("a", "arm/rz.ANGLE",
                                          {"0 1 3", "0 90 -45", 1, "BEZIER BEZIER BEZIER",
                                           "0 0  0.6 90  2.1 -45", "0.3 0  1.7 90  3 -45", 2})));
  check(animated_document(
      kArm, animation("a", "arm/t",
                      {"0 2", "0 0 0  4 -2 9", 3, "BEZIER BEZIER", "0 0 0 0 0 0  1.5 4 1.9 -2 1 9",
                       "0.1 -5 0.1 3 1.9 0  2 4 2 -2 2 9", 6})));
  check(animated_document(kArm, animation("a", "arm/s",
                                          {"0 2", "1 1 1  2 0.5 3", 3, "BEZIER BEZIER",
                                           "0 1 1 1  1 2 0.5 3", "1.5 0.5 2 0  2 2 0.5 3", 4})));
}

TEST(AnimationFidelity, StepsBesideBlendingKeysAndMixedInterpolationsPlayTheSame) {
  check(animated_document(
      kArm, cat(animation("a", "arm/t.Y", {"0 0.5 1 2", "0 3 -1 2", 1, "STEP LINEAR STEP LINEAR"}),
                animation("b", "hand/rx.ANGLE", {"0 2", "0 90"}))));
}

TEST(AnimationFidelity, MatrixChannelsBlendAsTheSpecSays) {
  std::string node =
      "<node id=\"m\"><matrix sid=\"x\">1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1</matrix>"
      "<node id=\"c\"><translate sid=\"t\">3 0 0</translate></node></node>";
  std::string keys = "1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1  0 -1 0 5 1 0 0 0 0 0 1 0 0 0 0 1";
  check(animated_document(node, animation("a", "m/x", {"0 1", keys, 16})));
  check(animated_document(node, cat(animation("a", "m/x(3)(1)", {"0 1", "0 7"}),
                                    animation("b", "m/x(0)", {"0 1", "1 0 0 0  2 0 0 0", 4}))));
}

TEST(AnimationFidelity, InstancedCopiesAndClipsPlayTheSame) {
  std::string libraries =
      "<library_nodes><node id=\"leg\"><rotate sid=\"r\">1 0 0 0</rotate>"
      "<node id=\"foot\"><translate sid=\"t\">0 -4 0</translate></node></node></library_nodes>";
  std::string nodes =
      "<node id=\"l\"><translate sid=\"t\">-1 0 0</translate><instance_node url=\"#leg\"/></node>"
      "<node id=\"r\"><translate sid=\"t\">1 0 0</translate><instance_node url=\"#leg\"/></node>";
  FidelityReport report =
      check(animated_document(nodes,
                              cat(animation("walk", "leg/r.ANGLE", {"0 1 2", "-30 30 -30"}),
                                  animation("run", "leg/r.ANGLE", {"0 0.5 1", "-60 60 -60"}),
                                  animation("slide", "l/t.X", {"0 2", "-1 -3"})),
                              libraries));
  EXPECT_EQ(report.clips, 2u);
}

}  // namespace
}  // namespace px::animation_testing
