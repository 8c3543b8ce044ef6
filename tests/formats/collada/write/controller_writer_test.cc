// Tests of formats/collada/write/controller_writer.cc, a test per rule of spec/collada.md
// "Writing": the plan each rule makes, from a node plan made by hand, and the <library_controllers>
// written.
#include "formats/collada/write/controller_writer.h"

#include <cmath>
#include <limits>

#include "tests/formats/collada/write/controller_read_back.h"
#include "tests/formats/collada/write/controller_test_document.h"
#include "tests/formats/collada/write/controller_test_scene.h"
#include "tests/formats/collada/write/write_test_util.h"

namespace px::collada::testing {
namespace {

struct Planned {
  WritePlan plan;
  Diagnostics diagnostics;
};

Planned plan_by_hand(const Scene& scene) {
  Planned out{node_plan_by_hand(scene), {}};
  EXPECT_TRUE(plan_controllers(scene, out.plan, out.diagnostics).ok());
  return out;
}

// W25: the skinned node instances a controller of its mesh and skin; the mesh is skinned.
TEST(ControllerPlan, SkinnedNodeInstancesAControllerOfItsMeshAndSkin) {
  Scene scene = skinned_scene();
  Planned p = plan_by_hand(scene);
  const ControllersPlan& c = p.plan.controllers;
  ASSERT_EQ(c.controllers.size(), 1u);
  EXPECT_EQ(c.controllers[0].mesh, 0);
  EXPECT_EQ(c.controllers[0].skin, 0);
  EXPECT_EQ(c.controllers[0].id, "Body-skin");
  EXPECT_EQ(c.node_controller, (std::vector<int>{-1, -1, -1, 0}));
  EXPECT_EQ(c.mesh_skinned, std::vector<bool>{true});
  EXPECT_EQ(p.diagnostics.warning_count(), 0);
}

// W25: one controller per distinct mesh and skin: two nodes showing one skinned mesh share it,
// another mesh under the same skin gets its own.
TEST(ControllerPlan, OneControllerPerDistinctMeshAndSkin) {
  Scene scene = skinned_scene();
  for (int k = 0; k < 2; ++k) {
    Node n;
    n.mesh = k == 0 ? 0 : add_skinned_mesh(scene, "Body");
    n.skin = 0;
    scene.nodes.push_back(std::move(n));
    scene.nodes[kRoot].children.push_back(static_cast<int>(scene.nodes.size()) - 1);
  }
  Planned p = plan_by_hand(scene);
  const ControllersPlan& c = p.plan.controllers;
  ASSERT_EQ(c.controllers.size(), 2u);
  EXPECT_EQ(c.node_controller, (std::vector<int>{-1, -1, -1, 0, 0, 1}));
  EXPECT_EQ(c.controllers[1].mesh, 1);
  EXPECT_EQ(c.controllers[0].id, "Body-skin");
  EXPECT_EQ(c.controllers[1].id, "Body-skin-2");
}

// W25: zero weights are not counted as written; the skin's name names the controller.
TEST(ControllerPlan, ZeroWeightsAreNotWrittenAndTheSkinNameNamesTheController) {
  Scene scene = skinned_scene();
  scene.skins[0].name = "Leg rig";
  Planned p = plan_by_hand(scene);
  ASSERT_EQ(p.plan.controllers.controllers.size(), 1u);
  EXPECT_EQ(p.plan.controllers.controllers[0].influences, 4u);
  EXPECT_EQ(p.plan.controllers.controllers[0].id, "Leg_rig");
}

// W25: a negative or non-finite weight, or one on a joint the skin does not list, is dropped
// with a warning.
TEST(ControllerPlan, BadWeightsAndUnlistedJointsAreDroppedWithAWarning) {
  Scene scene = skinned_scene();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  set_influences<int32_t, float>(scene, 0, {0, 1, 0, 0, 0, 1, 2, -1, 0, 1, 0, 0},
                                 {1, -0.5f, 0, 0, 0.5f, 0.5f, 0.25f, 0.25f, nan, 1, 0, 0});
  Planned p = plan_by_hand(scene);
  ASSERT_EQ(p.plan.controllers.controllers.size(), 1u);
  EXPECT_EQ(p.plan.controllers.controllers[0].influences, 4u);
  EXPECT_EQ(p.diagnostics.count("collada.write.skin-weight-dropped"), 1);
  EXPECT_EQ(p.diagnostics.count("collada.write.skin-joint-unlisted"), 1);
}

// W26: every joint becomes a JOINT node with a sid: its own, else its id.
TEST(ControllerPlan, JointsBecomeJointNodesWithTheirSidElseTheirId) {
  Scene scene = skinned_scene();
  WritePlan plan = node_plan_by_hand(scene);
  plan.nodes.nodes[kHip].sid = "Hip";
  Diagnostics diagnostics;
  ASSERT_TRUE(plan_controllers(scene, plan, diagnostics).ok());
  EXPECT_TRUE(plan.nodes.nodes[kHip].joint);
  EXPECT_TRUE(plan.nodes.nodes[kKnee].joint);
  EXPECT_FALSE(plan.nodes.nodes[kRoot].joint);
  EXPECT_FALSE(plan.nodes.nodes[kBody].joint);
  EXPECT_EQ(plan.nodes.nodes[kHip].sid, "Hip");
  EXPECT_EQ(plan.nodes.nodes[kKnee].sid, "n2");
  const ControllerPlan& c = plan.controllers.controllers.at(0);
  EXPECT_TRUE(c.joints_by_sid);
  EXPECT_EQ(c.joint_names, (std::vector<std::string>{"Hip", "n2"}));
}

// W26: a joint without an id (a copy's node, say) gets a fresh sid after its name.
TEST(ControllerPlan, AJointWithoutIdOrSidGetsAFreshSid) {
  Scene scene = skinned_scene();
  WritePlan plan = node_plan_by_hand(scene);
  plan.nodes.nodes[kKnee].id.clear();
  plan.nodes.nodes[kRoot].sid = "knee";
  Diagnostics diagnostics;
  ASSERT_TRUE(plan_controllers(scene, plan, diagnostics).ok());
  EXPECT_EQ(plan.nodes.nodes[kKnee].sid, "knee-2");
  EXPECT_TRUE(plan.nodes.nodes[kKnee].joint);
}

// W26: joints whose sids another node under the <skeleton> roots also holds are named by id in
// an IDREF_array.
TEST(ControllerPlan, JointsSharingASidUnderTheSkeletonAreNamedById) {
  Scene scene = skinned_scene();
  scene.skins[0].skeleton = kRoot;
  WritePlan plan = node_plan_by_hand(scene);
  plan.nodes.nodes[kHip].sid = "bone";
  plan.nodes.nodes[kBody].sid = "bone";
  Diagnostics diagnostics;
  ASSERT_TRUE(plan_controllers(scene, plan, diagnostics).ok());
  const ControllerPlan& c = plan.controllers.controllers.at(0);
  EXPECT_FALSE(c.joints_by_sid);
  EXPECT_EQ(c.joint_names, (std::vector<std::string>{"n1", "n2"}));
}

// W26: a joint under a node written once in <library_nodes> is named by id.
TEST(ControllerPlan, JointsUnderALibraryNodeAreNamedById) {
  Scene scene = skinned_scene();
  WritePlan plan = node_plan_by_hand(scene);
  plan.nodes.nodes[kHip].in_library = true;
  Diagnostics diagnostics;
  ASSERT_TRUE(plan_controllers(scene, plan, diagnostics).ok());
  EXPECT_FALSE(plan.controllers.controllers.at(0).joints_by_sid);
}

// W27: the skin's skeleton when it is an ancestor of every joint.
TEST(ControllerPlan, TheSkeletonIsTheSkinsWhenItHoldsEveryJoint) {
  Scene scene = skinned_scene();
  scene.skins[0].skeleton = kRoot;
  Planned p = plan_by_hand(scene);
  EXPECT_EQ(p.plan.controllers.controllers.at(0).skeleton_urls, std::vector<std::string>{"#n0"});
}

// W27: else every joint whose parent is not a joint of the skin.
TEST(ControllerPlan, TheSkeletonIsEveryTopJointWhenTheSkinsHoldsNotEveryJoint) {
  Scene scene = skinned_scene();
  scene.skins[0].skeleton = kBody;
  Planned p = plan_by_hand(scene);
  EXPECT_EQ(p.plan.controllers.controllers.at(0).skeleton_urls, std::vector<std::string>{"#n1"});
  // Two joints side by side under the root: each is a top joint.
  scene.skins[0].joints = {kHip, kBody};
  Planned q = plan_by_hand(scene);
  EXPECT_EQ(q.plan.controllers.controllers.at(0).skeleton_urls,
            (std::vector<std::string>{"#n1", "#n3"}));
}

// W28: a skin that cannot be written is left out with a warning, and its node instances the
// geometry, its mesh unskinned.
void expect_left_out(const Scene& scene) {
  Planned p = plan_by_hand(scene);
  EXPECT_TRUE(p.plan.controllers.controllers.empty());
  EXPECT_EQ(p.plan.controllers.node_controller, (std::vector<int>{-1, -1, -1, -1}));
  EXPECT_EQ(p.plan.controllers.mesh_skinned, std::vector<bool>{false});
  EXPECT_EQ(p.diagnostics.count("collada.write.skin-dropped"), 1);
  EXPECT_FALSE(p.plan.nodes.nodes[kHip].joint);
}

// W28
TEST(ControllerPlan, ASkinWhoseJointsAreNotWrittenNodesIsLeftOut) {
  Scene scene = skinned_scene();
  Planned p{node_plan_by_hand(scene), {}};
  p.plan.nodes.nodes[kKnee].written = false;
  ASSERT_TRUE(plan_controllers(scene, p.plan, p.diagnostics).ok());
  EXPECT_TRUE(p.plan.controllers.controllers.empty());
  EXPECT_EQ(p.diagnostics.count("collada.write.skin-dropped"), 1);
  Scene past = skinned_scene();
  past.skins[0].joints = {kHip, 9};
  expect_left_out(past);
}

// W28
TEST(ControllerPlan, ASkinWithoutOneFiniteMatrixPerJointIsLeftOut) {
  Scene scene = skinned_scene();
  scene.skins[0].inverse_bind_matrices = arena_column(scene, translation_rows(1, 2, 3), 16);
  expect_left_out(scene);
  Scene infinite = skinned_scene();
  std::vector<double> m = translation_rows(0, 0, 0);
  m.insert(m.end(), m.begin(), m.end());
  m[19] = std::numeric_limits<double>::infinity();
  infinite.skins[0].inverse_bind_matrices = arena_column(infinite, m, 16);
  expect_left_out(infinite);
}

// W28
TEST(ControllerPlan, ASkinWhoseBindShapeIsNotAFiniteMatrixIsLeftOut) {
  Scene scene = skinned_scene();
  scene.skins[0].bind_shape_matrix = arena_column(scene, std::vector<double>{1.0, 2.0}, 2);
  expect_left_out(scene);
  Scene nan = skinned_scene();
  std::vector<double> m = translation_rows(0, 0, 0);
  m[3] = std::nan("");
  nan.skins[0].bind_shape_matrix = arena_column(nan, m, 16);
  expect_left_out(nan);
}

// W28
TEST(ControllerPlan, ASkinWhoseGltfMatricesWereNeverDecodedIsLeftOut) {
  Scene scene = skinned_scene();
  scene.skins[0].inverse_bind_matrices.reset();
  scene.skins[0].undecoded_matrices = true;
  expect_left_out(scene);
}

// W28: a skin no written node with a mesh names is left out with a warning.
TEST(ControllerPlan, ASkinNoWrittenNodeWithAMeshNamesIsLeftOut) {
  Scene scene = skinned_scene();
  scene.nodes[kBody].mesh = -1;
  Planned p = plan_by_hand(scene);
  EXPECT_TRUE(p.plan.controllers.controllers.empty());
  EXPECT_EQ(p.diagnostics.count("collada.write.skin-dropped"), 1);
}

// W28: a mesh without integer joints and real weights of one shape, a row per vertex.
TEST(ControllerPlan, AMeshWithoutIntegerJointsAndRealWeightsIsNotSkinned) {
  Scene float_joints = skinned_scene();
  set_influences<float, float>(float_joints, 0, std::vector<float>(12, 0),
                               std::vector<float>(12, 1));
  expect_left_out(float_joints);
  Scene integer_weights = skinned_scene();
  set_influences<int32_t, uint8_t>(integer_weights, 0, std::vector<int32_t>(12, 0),
                                   std::vector<uint8_t>(12, 255));
  expect_left_out(integer_weights);
  Scene shapes = skinned_scene();
  set_influences<int32_t, float>(shapes, 0, std::vector<int32_t>(8, 0), std::vector<float>(8, 1),
                                 4);
  expect_left_out(shapes);
  Scene none = skinned_scene();
  none.meshes[0].point_data.clear();
  expect_left_out(none);
}

// W28: a node naming a skin the scene lacks instances its geometry, with a warning.
TEST(ControllerPlan, ANodeNamingNoSkinInstancesItsGeometry) {
  Scene scene = skinned_scene();
  scene.nodes[kBody].skin = 5;
  Planned p = plan_by_hand(scene);
  EXPECT_TRUE(p.plan.controllers.controllers.empty());
  // The node's warning, and the skin's: no written node names it.
  EXPECT_EQ(p.diagnostics.count("collada.write.skin-dropped"), 2);
}

// W25: a node read as a copy of an <instance_node> shows its original's controller: it gets
// none of its own, and its skin is not reported dropped.
TEST(ControllerPlan, ACopyShowsItsOriginalsController) {
  Scene scene = skinned_scene();
  Node copy;
  copy.mesh = 0;
  copy.skin = 1;
  scene.nodes.push_back(std::move(copy));
  scene.nodes[kRoot].children.push_back(4);
  scene.skins.push_back(skin_entry(scene, {kHip, kKnee}));
  WritePlan plan = node_plan_by_hand(scene);
  plan.nodes.nodes[4].copy_of = kBody;
  plan.nodes.nodes[4].id.clear();
  Diagnostics diagnostics;
  ASSERT_TRUE(plan_controllers(scene, plan, diagnostics).ok());
  EXPECT_EQ(plan.controllers.controllers.size(), 1u);
  EXPECT_EQ(plan.controllers.node_controller, (std::vector<int>{-1, -1, -1, 0, -1}));
  EXPECT_EQ(diagnostics.warning_count(), 0);
}

// The controllers written for the scene, inside a document written by hand around them (its
// nodes as the plan has them), read back.
struct HandRoundTrip {
  Planned planned;
  std::string text;
  ReadResult read;
};

HandRoundTrip write_controllers_and_read(const Scene& scene) {
  HandRoundTrip out{plan_by_hand(scene), "", {absl::UnknownError("not read"), {}}};
  out.text = document_around_controllers(scene, out.planned.plan);
  out.read = read_text(out.text);
  EXPECT_TRUE(out.read.scene.ok()) << out.read.scene.status() << "\n" << out.text;
  return out;
}

// W25: the skin reads back over the same joints, inverse bind matrices and bind shape, and each
// vertex's influences packed to the front, zero weights left out.
TEST(ControllerWriter, JointsMatricesAndInfluencesReadBack) {
  Scene scene = skinned_scene();
  std::vector<double> bind_shape = translation_rows(0, 0, 2);
  scene.skins[0].bind_shape_matrix = arena_column(scene, bind_shape, 16);
  HandRoundTrip rt = write_controllers_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  const Scene& back = *rt.read.scene;
  EXPECT_EQ(rt.read.diagnostics.warning_count(), 0);
  ASSERT_EQ(back.nodes.size(), 4u);
  const Skin& entry = skin_of_node(back, kBody);
  EXPECT_EQ(joint_indices(entry), (std::vector<int64_t>{kHip, kKnee}));
  EXPECT_EQ(values_of(entry.inverse_bind_matrices),
            values_of(scene.skins[0].inverse_bind_matrices));
  EXPECT_EQ(values_of(entry.bind_shape_matrix), bind_shape);
  EXPECT_EQ(point_values(back, kBody, "joints"),
            (std::vector<double>{0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0}));
  EXPECT_EQ(point_values(back, kBody, "weights"),
            (std::vector<double>{1, 0, 0, 0, 0.25, 0.75, 0, 0, 1, 0, 0, 0}));
}

// L2: a skin from glTF (no name, no skeleton, joints without sids) comes back with its joints
// JOINT nodes with sids, its top joint as skeleton and the controller's id as its name.
TEST(ControllerWriter, AGltfSkinComesBackWithWhatColladaBindsBy) {
  HandRoundTrip rt = write_controllers_and_read(skinned_scene());
  ASSERT_TRUE(rt.read.scene.ok());
  const Scene& back = *rt.read.scene;
  for (int j : {kHip, kKnee}) {
    EXPECT_TRUE(back.nodes.at(j).joint);
    EXPECT_EQ(back.nodes.at(j).sid, cat("n", j));
  }
  EXPECT_FALSE(back.nodes.at(kBody).joint);
  const Skin& entry = skin_of_node(back, kBody);
  EXPECT_EQ(entry.name, "Body-skin");
  EXPECT_EQ(entry.skeleton, kHip);
  EXPECT_NE(rt.text.find("<Name_array"), std::string::npos);
}

// W26: joints named by id in an IDREF_array bind back to the same nodes.
TEST(ControllerWriter, JointsNamedByIdBindBack) {
  Scene scene = skinned_scene();
  HandRoundTrip rt{{node_plan_by_hand(scene), {}}, "", {absl::UnknownError("not read"), {}}};
  rt.planned.plan.nodes.nodes[kHip].sid = "bone";
  rt.planned.plan.nodes.nodes[kKnee].sid = "bone";
  ASSERT_TRUE(plan_controllers(scene, rt.planned.plan, rt.planned.diagnostics).ok());
  ASSERT_FALSE(rt.planned.plan.controllers.controllers.at(0).joints_by_sid);
  rt.text = document_around_controllers(scene, rt.planned.plan);
  EXPECT_NE(rt.text.find("<IDREF_array"), std::string::npos);
  rt.read = read_text(rt.text);
  ASSERT_TRUE(rt.read.scene.ok()) << rt.read.scene.status();
  EXPECT_EQ(joint_indices(skin_of_node(*rt.read.scene, kBody)),
            (std::vector<int64_t>{kHip, kKnee}));
}

// W25: weights dropped on write read back as the rest of the vertex's influences.
TEST(ControllerWriter, DroppedWeightsLeaveTheRestOfTheVertex) {
  Scene scene = skinned_scene();
  set_influences<uint16_t, double>(scene, 0, {0, 1, 0, 0, 0, 1, 7, 0, 1, 0, 0, 0},
                                   {0.5, -1, 0, 0, 0.5, 0.5, 0.5, 0, 1, 0, 0, 0});
  HandRoundTrip rt = write_controllers_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(rt.planned.diagnostics.count("collada.write.skin-weight-dropped"), 1);
  EXPECT_EQ(rt.planned.diagnostics.count("collada.write.skin-joint-unlisted"), 1);
  EXPECT_EQ(point_values(*rt.read.scene, kBody, "joints"),
            (std::vector<double>{0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0}));
  EXPECT_EQ(point_values(*rt.read.scene, kBody, "weights"),
            (std::vector<double>{1, 0, 0, 0, 0.5, 0.5, 0, 0, 1, 0, 0, 0}));
}

// W25: a skin without inverse bind matrices is written with identities.
TEST(ControllerWriter, ASkinWithoutMatricesIsWrittenWithIdentities) {
  Scene scene = skinned_scene();
  scene.skins[0].inverse_bind_matrices.reset();
  HandRoundTrip rt = write_controllers_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  std::vector<double> identities = translation_rows(0, 0, 0);
  identities.insert(identities.end(), identities.begin(), identities.end());
  EXPECT_EQ(values_of(skin_of_node(*rt.read.scene, kBody).inverse_bind_matrices), identities);
}

}  // namespace
}  // namespace px::collada::testing
