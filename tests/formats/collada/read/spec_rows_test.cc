// Rules of the behaviour contract the other COLLADA reader tests leave unchecked
// (tests/SPEC_COVERAGE.md row R45), each on a document written in the test.
#include <gtest/gtest.h>

#include <string>

#include "tests/formats/collada/read/collada_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

// A skin of `joints` joints, every one named "b", over a triangle, instanced under `instances`
// nodes c<i>, each holding its own joint node of sid "b" and naming itself the <skeleton>: each
// instance binds all the skin's joints afresh, to its own bone. The skin spells no inverse bind
// matrices, so each binding takes joints * 128 bytes of identities.
std::string rebinding_document(int joints, int instances) {
  std::string names;
  names.reserve(2 * joints);
  for (int j = 0; j < joints; ++j) names += "b ";
  std::string nodes;
  for (int i = 0; i < instances; ++i) {
    nodes += cat("<node id=\"c", i, "\"><instance_controller url=\"#k\"><skeleton>#c", i,
                 "</skeleton></instance_controller><node id=\"b", i,
                 "\" sid=\"b\" type=\"JOINT\"/></node>\n");
  }
  return document(cat(
      "<library_geometries>", geometry("g", triangle_mesh()),
      "</library_geometries><library_controllers><controller id=\"k\"><skin source=\"#g\">"
      "<source id=\"names\"><Name_array id=\"names-a\" count=\"",
      joints, "\">", names, "</Name_array><technique_common><accessor source=\"#names-a\" count=\"",
      joints,
      "\"><param name=\"JOINT\" type=\"name\"/></accessor></technique_common></source>"
      "<source id=\"w\"><float_array id=\"w-a\" count=\"1\">1</float_array><technique_common>"
      "<accessor source=\"#w-a\" count=\"1\"><param name=\"WEIGHT\" type=\"float\"/></accessor>"
      "</technique_common></source><joints><input semantic=\"JOINT\" source=\"#names\"/></joints>"
      "<vertex_weights count=\"3\"><input semantic=\"JOINT\" source=\"#names\" offset=\"0\"/>"
      "<input semantic=\"WEIGHT\" source=\"#w\" offset=\"1\"/><vcount>1 1 1</vcount>"
      "<v>0 0 0 0 0 0</v></vertex_weights></skin></controller></library_controllers>"
      "<library_visual_scenes><visual_scene id=\"vs\">",
      nodes, "</visual_scene></library_visual_scenes>"));
}

TEST(SkinSpecRows, EachInstanceBindingJointsAfreshGetsItsOwnSkinEntry) {
  ReadResult r = read_text(rebinding_document(3, 4));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  ASSERT_EQ(r.scene->skins.size(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    const std::vector<int>& joints = r.scene->skins[i].joints;
    ASSERT_EQ(joints.size(), 3u);
    EXPECT_EQ(r.scene->nodes[joints[0]].collada_id, cat("b", i));
  }
}

// The copies of inverse bind matrices count against the copy budget of material columns (here
// 256 MiB, the document being small): the twelfth binding of 200000 joints passes it and the
// document is refused. It has then bound 2.4 million joints afresh, under the 16 * 262144 of the
// rebinding cap (collada.skin.rebind-cap), which the copy budget reaches first for any document:
// every binding after the first takes 128 bytes per joint of a budget of max(256 MiB, 16 bytes
// per document byte), while the cap allows max(4194304, 2 per document byte) joints.
TEST(SkinSpecRows, SkinCopiesPastTheCopyBudgetAreRefusedBeforeTheRebindingCap) {
  ReadResult r = read_text(rebinding_document(200000, 12));
  ASSERT_FALSE(r.scene.ok());
  EXPECT_EQ(r.scene.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(std::string(r.scene.status().message()).rfind("collada.copies.budget", 0), 0u)
      << r.scene.status();
}

}  // namespace
}  // namespace px::collada
