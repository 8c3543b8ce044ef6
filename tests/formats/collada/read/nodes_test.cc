// spec/collada.md, Reading and Quirks: nodes - transforms composed in document order and kept as
// spelled, ids in extras, geometry / node / camera / light instances, visual scenes.
#include <gtest/gtest.h>

#include <Eigen/Core>

#include "tests/formats/collada/read/collada_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

// Geometries g1, g2, g3 (one triangle each), then `rest`: the node libraries of the test.
std::string nodes_document(std::string_view rest) {
  return geometries_document(
      cat(geometry("g1", triangle_mesh("v1"), "One"), geometry("g2", triangle_mesh("v2"), "Two"),
          geometry("g3", triangle_mesh("v3"), "Three")),
      rest);
}

// A visual scene "vs" of `nodes`.
std::string scene_of_nodes(std::string_view nodes, std::string_view before = "") {
  return nodes_document(cat(before, "<library_visual_scenes><visual_scene id=\"vs\">\n", nodes,
                            "\n</visual_scene></library_visual_scenes>"));
}

const Scene& scene_of(const ReadResult& r) {
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  return *r.scene;
}

void expect_near(const Eigen::Vector4d& got, const Eigen::Vector4d& want) {
  EXPECT_TRUE(got.isApprox(want, 1e-12) || (got - want).norm() < 1e-12)
      << "got " << got.transpose() << ", want " << want.transpose();
}

TEST(NodesTest, TransformsComposeInDocumentOrder) {
  ReadResult r = read_text(scene_of_nodes(
      "<node id=\"n\"><translate sid=\"t\">1 2 3</translate><rotate sid=\"r\">0 0 1 90</rotate>"
      "<scale sid=\"s\">2 1 1</scale></node>"));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.nodes.size(), 1u);
  const Eigen::Matrix4d& m = scene.nodes[0].matrix;
  // translate * rotate * scale: x is scaled, then turned onto y, then moved.
  expect_near(m * Eigen::Vector4d(1, 0, 0, 1), Eigen::Vector4d(1, 4, 3, 1));
  expect_near(m * Eigen::Vector4d(0, 1, 0, 1), Eigen::Vector4d(0, 2, 3, 1));
  expect_near(m.row(3).transpose(), Eigen::Vector4d(0, 0, 0, 1));
}

TEST(NodesTest, MatrixIsSpelledRowByRowAndComposesWithOtherElements) {
  ReadResult r = read_text(scene_of_nodes(
      "<node id=\"a\"><matrix>1 0 0 5  0 1 0 6  0 0 1 7  0 0 0 1</matrix></node>"
      "<node id=\"b\"><translate>1 0 0</translate><matrix>2 0 0 0  0 2 0 0  0 0 2 0  0 0 0 1"
      "</matrix></node>"));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.nodes.size(), 2u);
  Eigen::Matrix4d a = Eigen::Matrix4d::Identity();
  a.block<3, 1>(0, 3) = Eigen::Vector3d(5, 6, 7);
  EXPECT_TRUE(scene.nodes[0].matrix.isApprox(a)) << scene.nodes[0].matrix;
  expect_near(scene.nodes[1].matrix * Eigen::Vector4d(1, 1, 1, 1), Eigen::Vector4d(3, 2, 2, 1));
}

TEST(NodesTest, LookatPlacesTheNodeAtTheEyeFacingTheInterest) {
  ReadResult r =
      read_text(scene_of_nodes("<node id=\"cam\"><lookat>5 0 0  0 0 0  0 1 0</lookat></node>"));
  const Scene& scene = scene_of(r);
  const Eigen::Matrix4d& m = scene.nodes[0].matrix;
  expect_near(m * Eigen::Vector4d(0, 0, 0, 1), Eigen::Vector4d(5, 0, 0, 1));
  // A camera looks down its -Z: toward the interest.
  expect_near(m * Eigen::Vector4d(0, 0, -1, 0), Eigen::Vector4d(-1, 0, 0, 0));
  expect_near(m * Eigen::Vector4d(0, 1, 0, 0), Eigen::Vector4d(0, 1, 0, 0));
}

TEST(NodesTest, TransformElementsAreKeptAsSpelled) {
  ReadResult r = read_text(scene_of_nodes(
      "<node id=\"n\"><translate sid=\"location\">1 2 3</translate>"
      "<rotate sid=\"rotationZ\">0 0 1 90</rotate><scale>2 1 1</scale><scale sid=\"\">1 1 1</scale>"
      "</node>"));
  const Scene& scene = scene_of(r);
  const std::vector<TransformElement>& list = scene.nodes[0].transforms;
  ASSERT_EQ(list.size(), 4u);
  const char* kinds[] = {"translate", "rotate", "scale", "scale"};
  const char* sids[] = {"location", "rotationZ", "", ""};
  std::vector<std::vector<double>> values = {{1, 2, 3}, {0, 0, 1, 90}, {2, 1, 1}, {1, 1, 1}};
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(list[i].kind, kinds[i]);
    EXPECT_EQ(list[i].sid, sids[i]);
    EXPECT_EQ(list[i].values, values[i]);
  }
  // sid="" is kept as spelled (the Python module lists it), no sid as none.
  EXPECT_TRUE(list[0].has_sid());
  EXPECT_FALSE(list[2].has_sid());
  EXPECT_TRUE(list[3].has_sid());
}

TEST(NodesTest, NodeKeepsIdSidAndJointType) {
  ReadResult r =
      read_text(scene_of_nodes("<node id=\"hip\" sid=\"Hip\" name=\"Hip Bone\" type=\"JOINT\"/>"
                               "<node id=\"plain\" type=\"NODE\"/><node sid=\"\"/>"));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.nodes.size(), 3u);
  const Node& hip = scene.nodes[0];
  EXPECT_EQ(hip.name, "Hip Bone");
  EXPECT_EQ(hip.collada_id, "hip");
  EXPECT_EQ(hip.sid, "Hip");
  EXPECT_TRUE(hip.joint);
  EXPECT_FALSE(scene.nodes[1].joint);
  EXPECT_EQ(scene.nodes[1].sid, std::nullopt);
  EXPECT_TRUE(scene.nodes[0].extras.empty());
  // Attributes as spelled: sid="" is kept, an absent id is none.
  EXPECT_EQ(scene.nodes[2].collada_id, std::nullopt);
  EXPECT_EQ(scene.nodes[2].sid, "");
}

TEST(NodesTest, SeveralInstanceGeometryGiveAChildNodePerExtraOne) {
  ReadResult r = read_text(scene_of_nodes(
      "<node id=\"n\"><instance_geometry url=\"#g1\"/><instance_geometry url=\"#g2\"/>"
      "<instance_geometry url=\"#g3\"/></node>"));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.nodes.size(), 3u);
  ASSERT_EQ(scene.scenes.size(), 1u);
  EXPECT_EQ(scene.scenes[0], (std::vector<int>{0}));
  const Node& n = scene.nodes[0];
  EXPECT_EQ(n.mesh, 0);
  ASSERT_EQ(n.children.size(), 2u);
  EXPECT_EQ(scene.nodes[n.children[0]].mesh, 1);
  EXPECT_EQ(scene.nodes[n.children[1]].mesh, 2);
  EXPECT_TRUE(scene.nodes[n.children[0]].matrix.isIdentity());
}

TEST(NodesTest, InstanceNodeIsCopiedIntoPlace) {
  ReadResult r = read_text(scene_of_nodes(
      "<node id=\"a\"><instance_node url=\"#part\"/></node>"
      "<node id=\"b\"><translate>0 5 0</translate><instance_node url=\"#part\"/></node>",
      "<library_nodes><node id=\"part\" name=\"Part\"><translate>1 0 0</translate>"
      "<node id=\"part-child\"><instance_geometry url=\"#g1\"/></node></node>"
      "</library_nodes>\n"));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.nodes.size(), 6u);
  ASSERT_EQ(scene.scenes.size(), 1u);
  ASSERT_EQ(scene.scenes[0].size(), 2u);
  std::vector<int> copies;
  for (int root : scene.scenes[0]) {
    ASSERT_EQ(scene.nodes[root].children.size(), 1u);
    int copy = scene.nodes[root].children[0];
    copies.push_back(copy);
    const Node& part = scene.nodes[copy];
    EXPECT_EQ(part.name, "Part");
    EXPECT_EQ(part.collada_id, "part");
    expect_near(part.matrix * Eigen::Vector4d(0, 0, 0, 1), Eigen::Vector4d(1, 0, 0, 1));
    ASSERT_EQ(part.children.size(), 1u);
    EXPECT_EQ(scene.nodes[part.children[0]].mesh, 0);
    EXPECT_EQ(scene.nodes[part.children[0]].collada_id, "part-child");
  }
  EXPECT_NE(copies[0], copies[1]);
  EXPECT_NE(scene.nodes[copies[0]].children[0], scene.nodes[copies[1]].children[0]);
}

TEST(NodesTest, CameraAndLightAreReadAsTheIdTheyNameAndASecondIsDroppedWithAWarning) {
  ReadResult r = read_text(scene_of_nodes(
      "<node id=\"n\"><instance_camera url=\"#cam\"/><instance_light url=\"#sun\"/>"
      "<instance_camera url=\"#cam2\"/><instance_light url=\"#lamp\"/></node>"
      "<node id=\"m\"><instance_light url=\"#lamp\"/></node>",
      "<library_cameras><camera id=\"cam\"/><camera id=\"cam2\"/></library_cameras>\n"
      "<library_lights><light id=\"sun\"/><light id=\"lamp\"/></library_lights>\n"));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.nodes.size(), 2u);
  EXPECT_EQ(camera_id(scene, scene.nodes[0]), "cam");
  EXPECT_EQ(light_id(scene, scene.nodes[0]), "sun");
  EXPECT_EQ(light_id(scene, scene.nodes[1]), "lamp");
  EXPECT_EQ(camera_id(scene, scene.nodes[1]), std::nullopt);
  EXPECT_FALSE(scene.nodes[0].light_first);
  EXPECT_EQ(r.diagnostics.count("collada.node.second-camera"), 1);
  EXPECT_EQ(r.diagnostics.count("collada.node.second-light"), 1);
  // The cameras themselves hold no optics glTF could take, the lights no light (lights_test.cc).
  EXPECT_EQ(r.diagnostics.count("collada.camera.no-common-optics"), 2);
  EXPECT_EQ(r.diagnostics.count("collada.light.no-technique-common"), 2);
  EXPECT_EQ(r.diagnostics.warning_count(), 6);
}

TEST(NodesTest, SkewIsIgnoredWithAWarning) {
  ReadResult r = read_text(scene_of_nodes(
      "<node id=\"n\"><translate>1 2 3</translate><skew>45 0 1 0 1 0 0</skew></node>"));
  const Scene& scene = scene_of(r);
  Eigen::Matrix4d want = Eigen::Matrix4d::Identity();
  want.block<3, 1>(0, 3) = Eigen::Vector3d(1, 2, 3);
  EXPECT_TRUE(scene.nodes[0].matrix.isApprox(want)) << scene.nodes[0].matrix;
  EXPECT_EQ(r.diagnostics.count("collada.transform.skew-ignored"), 1);
  EXPECT_EQ(r.diagnostics.warning_count(), 1);
}

// A transform element holding a value that is not finite (NaN, INF, -INF, or a number past
// double's range) reads as the identity of its kind with a warning naming its line; the other
// elements still compose, and the element keeps its kind and sid in extras["transforms"].
TEST(NodesTest, NonFiniteTransformElementsReadAsTheIdentityWithAWarning) {
  const std::string text = scene_of_nodes(
      "<node id=\"a\"><translate sid=\"t\">1e999 0 -INF</translate><scale>2 2 2</scale></node>\n"
      "<node id=\"b\"><matrix>NaN 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1</matrix>"
      "<translate>1 2 3</translate></node>\n"
      "<node id=\"c\"><rotate sid=\"r\">0 0 1 INF</rotate><lookat>0 0 NaN 0 0 -1 0 1 0</lookat>"
      "<skew>NaN 0 1 0 1 0 0</skew></node>");
  ReadResult r = read_text(text);
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.nodes.size(), 3u);
  Eigen::Matrix4d scale2 = Eigen::Matrix4d::Identity();
  scale2.diagonal().head<3>().setConstant(2);
  EXPECT_EQ(scene.nodes[0].matrix, scale2);
  Eigen::Matrix4d moved = Eigen::Matrix4d::Identity();
  moved.block<3, 1>(0, 3) = Eigen::Vector3d(1, 2, 3);
  EXPECT_EQ(scene.nodes[1].matrix, moved);
  EXPECT_EQ(scene.nodes[2].matrix, Eigen::Matrix4d::Identity());
  EXPECT_EQ(r.diagnostics.count("collada.transform.non-finite"), 5);
  EXPECT_EQ(r.diagnostics.count("collada.transform.skew-ignored"), 1);
  std::vector<int64_t> lines;
  for (const Diagnostic& d : r.diagnostics.entries()) {
    if (d.code == "collada.transform.non-finite") lines.push_back(d.line);
  }
  const int64_t a = line_of(text, "<node id=\"a\"");
  EXPECT_EQ(lines, (std::vector<int64_t>{a, a + 1, a + 2, a + 2, a + 2}));
  // The spelled elements hold the identity, their sids kept for the channels naming them.
  const TransformElement& translate = scene.nodes[0].transforms.at(0);
  EXPECT_EQ(translate.sid, "t");
  EXPECT_EQ(translate.values, (std::vector<double>{0, 0, 0}));
  EXPECT_EQ(scene.nodes[2].transforms.at(0).values, (std::vector<double>{0, 0, 1, 0}));
}

// Finite elements whose product is not finite leave the node at the identity, with a warning on
// the node.
TEST(NodesTest, ElementsComposingToANonFiniteMatrixReadAsTheIdentityWithAWarning) {
  const std::string text =
      scene_of_nodes("<node id=\"n\"><scale>1e200 1 1</scale><scale>1e200 1 1</scale></node>");
  ReadResult r = read_text(text);
  const Scene& scene = scene_of(r);
  EXPECT_EQ(scene.nodes[0].matrix, Eigen::Matrix4d::Identity());
  ASSERT_EQ(r.diagnostics.count("collada.transform.non-finite"), 1);
  EXPECT_EQ(r.diagnostics.entries()[0].line, line_of(text, "<node id=\"n\""));
}

TEST(NodesTest, EachVisualSceneListsItsRootsAndSceneChoosesTheDefault) {
  ReadResult r = read_text(nodes_document(
      "<library_visual_scenes><visual_scene id=\"vs1\"><node id=\"a\"/></visual_scene>"
      "</library_visual_scenes>\n<library_visual_scenes><visual_scene id=\"vs2\">"
      "<node id=\"b\"/><node id=\"c\"><node id=\"d\"/></node></visual_scene>"
      "</library_visual_scenes>\n<scene><instance_visual_scene url=\"#vs2\"/></scene>"));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.scenes.size(), 2u);
  ASSERT_EQ(scene.scenes[0].size(), 1u);
  ASSERT_EQ(scene.scenes[1].size(), 2u);
  EXPECT_EQ(scene.nodes[scene.scenes[0][0]].collada_id, "a");
  EXPECT_EQ(scene.nodes[scene.scenes[1][0]].collada_id, "b");
  const Node& c = scene.nodes[scene.scenes[1][1]];
  EXPECT_EQ(c.collada_id, "c");
  ASSERT_EQ(c.children.size(), 1u);
  EXPECT_EQ(scene.nodes[c.children[0]].collada_id, "d");
  EXPECT_EQ(scene.default_scene, 1);
}

TEST(NodesTest, ExternalInstancesAreDroppedWithAWarning) {
  ReadResult r = read_text(scene_of_nodes(
      "<node id=\"n\"><instance_geometry url=\"parts.dae#g\"/>"
      "<instance_node url=\"parts.dae#wheel\"/><instance_controller url=\"rig.dae#skin\"/>"
      "<instance_geometry url=\"#g2\"/></node>"));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.nodes.size(), 1u);
  EXPECT_EQ(scene.nodes[0].mesh, 1);
  EXPECT_TRUE(scene.nodes[0].children.empty());
  EXPECT_EQ(r.diagnostics.count("collada.url.external"), 3);
  EXPECT_EQ(r.diagnostics.warning_count(), 3);
}

TEST(NodesTest, ExternalVisualSceneLeavesTheFirstActiveWithAWarning) {
  ReadResult r = read_text(nodes_document(
      "<library_visual_scenes><visual_scene id=\"vs1\"><node id=\"a\"/></visual_scene>"
      "<visual_scene id=\"vs2\"><node id=\"b\"/></visual_scene></library_visual_scenes>\n"
      "<scene><instance_visual_scene url=\"other.dae#vs\"/></scene>"));
  const Scene& scene = scene_of(r);
  EXPECT_EQ(scene.scenes.size(), 2u);
  EXPECT_EQ(scene.default_scene, 0);
  EXPECT_EQ(r.diagnostics.count("collada.url.external"), 1);
}

}  // namespace
}  // namespace px::collada
