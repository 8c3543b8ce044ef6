// A COLLADA document's animations read, written back and read again (spec collada.md, "Writing":
// W29): the same channels, targets, members, keys, interpolations and tangents. The node plans
// are the nodes as read, spelled with their own transform elements.
#include <gmock/gmock.h>

#include "tests/animation/animation_test_util.h"
#include "tests/formats/collada/write/animation_test_util.h"

namespace px::collada::testing {
namespace {

using animation_testing::animated_document;
using animation_testing::Keys;

constexpr std::string_view kNodes =
    "<node id=\"arm\"><translate sid=\"t\">1 2 3</translate><rotate sid=\"rz\">0 0 1 30</rotate>"
    "<scale sid=\"s\">1 1 1</scale></node>"
    "<node id=\"hand\"><matrix sid=\"m\">1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1</matrix></node>";

std::string animations() {
  const std::string matrices =
      "1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 2 0 0 0.1 0 2 0 0.2 0 0 2 0.3 0 0 0 1";
  return cat(
      animation_testing::animation("a1", "arm/t",
                                   Keys("0 0.1 2", "0 0 0 1 2 3 4 5 6.000000000000001", 3)),
      animation_testing::animation(
          "a2", "arm/rz.ANGLE",
          Keys("0 1", "30 90", 1, "BEZIER BEZIER", "-0.3 30 0.7 80", "0.3 40 1.3 90", 2)),
      animation_testing::animation("a3", "hand/m", Keys("0 1", matrices, 16, "STEP LINEAR")),
      animation_testing::animation("a4", "hand/m(0)(3)", Keys("0 0.5", "1 2", 1)),
      animation_testing::animation(
          "a5", "arm/s(1)", Keys("0 1 2", "1 2 1", 1, "LINEAR STEP HERMITE", "0 0 0", "1 1 1", 1)));
}

// The nodes as read, each written with its id and its transform elements.
std::vector<NodePlan> nodes_as_read(const Scene& scene) {
  std::vector<NodePlan> out;
  for (const Node& n : scene.nodes) out.push_back(written_node(*n.collada_id, n.transforms));
  return out;
}

// W29: read -> write -> read gives the same channels and keys, bit for bit.
TEST(AnimationRoundTrip, AColladaDocumentsAnimationsReadBackTheSame) {
  ReadResult first = read_text(animated_document(kNodes, animations()));
  ASSERT_TRUE(first.scene.ok()) << first.scene.status();
  const std::vector<Animation> before = first.scene->animations;
  ASSERT_EQ(before.size(), 5u);
  AnimationPlanned planned = plan_and_write(*first.scene, nodes_as_read(*first.scene));
  EXPECT_EQ(planned.diagnostics.warning_count(), 0);
  ReadResult read;
  const std::vector<Animation> after = read_back(planned, &read);
  EXPECT_EQ(read.diagnostics.warning_count(), 0);
  ASSERT_EQ(after.size(), before.size());
  for (size_t a = 0; a < before.size(); ++a) {
    EXPECT_EQ(after[a].name, before[a].name);
    ASSERT_EQ(after[a].channels.size(), 1u);
    const AnimationChannel& x = before[a].channels[0];
    const AnimationChannel& y = after[a].channels[0];
    EXPECT_EQ(y.target.node, x.target.node);
    EXPECT_EQ(y.target.path, x.target.path);
    EXPECT_EQ(y.target.sid, x.target.sid);
    EXPECT_EQ(y.target.member, x.target.member);
    const AnimationSampler& s = *before[a].samplers[x.sampler];
    const AnimationSampler& t = *after[a].samplers[y.sampler];
    EXPECT_EQ(column_values(t.times), column_values(s.times)) << a;
    EXPECT_EQ(column_values(t.values), column_values(s.values)) << a;
    EXPECT_EQ(t.interpolation, s.interpolation);
    EXPECT_EQ(t.interpolations, s.interpolations);
    ASSERT_EQ(t.in_tangents.has_value(), s.in_tangents.has_value()) << a;
    if (s.in_tangents) {
      EXPECT_EQ(column_values(*t.in_tangents), column_values(*s.in_tangents));
      EXPECT_EQ(column_values(*t.out_tangents), column_values(*s.out_tangents));
    }
  }
}

}  // namespace
}  // namespace px::collada::testing
