// Tests of formats/collada/write/node_writer.cc, a test per rule of spec/collada.md "Writing".
#include "formats/collada/write/node_writer.h"

#include <Eigen/Geometry>

#include "tests/collada_write/write_test_util.h"

namespace px::collada::testing {
namespace {

std::string document_of(std::string_view libraries) {
  return cat(
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
      "<COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" version=\"1.4.1\">\n",
      libraries, "\n</COLLADA>");
}

// A document whose one visual scene holds `nodes`, with `before` ahead of it.
std::string scene_document(std::string_view nodes, std::string_view before = "") {
  return document_of(cat(before, "<library_visual_scenes><visual_scene id=\"vs\">", nodes,
                         "</visual_scene></library_visual_scenes>"
                         "<scene><instance_visual_scene url=\"#vs\"/></scene>"));
}

Scene read_ok(std::string_view text) {
  ReadBack r = read_document(text);
  EXPECT_TRUE(r.scene.ok()) << r.scene.status() << "\n" << text;
  return r.scene.ok() ? std::move(*r.scene) : Scene();
}

std::string extra_string(const Node& node, std::string_view key) {
  const Value* v = find_value(node.extras, key);
  return v != nullptr && v->is_string() ? v->as_string() : "";
}

bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

// Every part appears in text, each after the one before.
bool in_order(const std::string& text, std::initializer_list<std::string_view> parts) {
  size_t at = 0;
  for (std::string_view part : parts) {
    at = text.find(part, at);
    if (at == std::string::npos) return false;
    at += part.size();
  }
  return true;
}

size_t occurrences(const std::string& text, std::string_view part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// A scene of `count` bare nodes, node 0 the root of its one scene.
Scene scene_of_nodes(size_t count) {
  Scene scene;
  scene.nodes.resize(count);
  scene.scenes.push_back({0});
  return scene;
}

Eigen::Matrix4d translation(double x, double y, double z) {
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  m.block<3, 1>(0, 3) = Eigen::Vector3d(x, y, z);
  return m;
}

// W20: a node keeps the transform elements it was read with while they compose to its matrix.
TEST(NodeWriter, TransformElementsAreWrittenAsReadWhileTheyComposeToTheMatrix) {
  Scene read = read_ok(
      scene_document("<node id=\"n\"><translate sid=\"location\">1 2 3</translate>"
                     "<rotate sid=\"rotationZ\">0 0 1 90</rotate><scale>2 1 1</scale></node>"));
  RoundTrip rt = write_and_read(read);
  ASSERT_TRUE(rt.read.scene.ok());
  const std::string& text = *rt.written.text;
  EXPECT_TRUE(contains(text, "<translate sid=\"location\">1 2 3</translate>")) << text;
  EXPECT_TRUE(contains(text, "<rotate sid=\"rotationZ\">0 0 1 90</rotate>")) << text;
  EXPECT_TRUE(contains(text, "<scale>2 1 1</scale>")) << text;
  EXPECT_FALSE(contains(text, "<matrix")) << text;
  ASSERT_EQ(rt.read.scene->nodes.size(), 1u);
  const Node& back = rt.read.scene->nodes[0];
  EXPECT_EQ(back.matrix, read.nodes[0].matrix);
  EXPECT_EQ(extra_string(back, "id"), "n");
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 0);
}

// W20: a matrix edited after reading no longer composes from the elements: one <matrix
// sid="transform">, spelled row by row.
TEST(NodeWriter, AnEditedMatrixIsWrittenAsOneMatrixElement) {
  Scene scene = read_ok(
      scene_document("<node id=\"n\"><translate sid=\"location\">1 2 3</translate></node>"));
  ASSERT_EQ(scene.nodes.size(), 1u);
  scene.nodes[0].matrix = translation(4, 5, 6);
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  const std::string& text = *rt.written.text;
  EXPECT_TRUE(contains(text, "<matrix sid=\"transform\">1 0 0 4 0 1 0 5 0 0 1 6 0 0 0 1</matrix>"))
      << text;
  EXPECT_FALSE(contains(text, "<translate")) << text;
  EXPECT_EQ(rt.read.scene->nodes[0].matrix, translation(4, 5, 6));
}

// W20: a tiny drift (rounding after an edit) is within the tolerance relative to the matrix's
// magnitude, so the elements stay.
TEST(NodeWriter, ElementsWithinToleranceOfTheMatrixAreKept) {
  Scene scene =
      read_ok(scene_document("<node id=\"n\"><translate sid=\"t\">1000 0 0</translate></node>"));
  scene.nodes[0].matrix(0, 3) += 1e-8;
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok());
  EXPECT_TRUE(contains(*w.text, "<translate sid=\"t\">1000 0 0</translate>")) << *w.text;
}

// W20: a node with no transform elements (glTF's) is one <matrix sid="transform">, even an
// identity, so an animation can bake to node/transform.
TEST(NodeWriter, ANodeWithoutElementsIsOneMatrixEvenWhenIdentity) {
  Scene scene = scene_of_nodes(2);
  scene.nodes[0].children = {1};
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  m.topLeftCorner<3, 3>() = Eigen::AngleAxisd(0.5, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  m.block<3, 1>(0, 3) = Eigen::Vector3d(1, -2, 3.25);
  scene.nodes[1].matrix = m;
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  const std::string& text = *rt.written.text;
  EXPECT_EQ(occurrences(text, "<matrix sid=\"transform\">"), 2u) << text;
  EXPECT_TRUE(contains(text, "<matrix sid=\"transform\">1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1</matrix>"))
      << text;
  ASSERT_EQ(rt.read.scene->nodes.size(), 2u);
  EXPECT_EQ(rt.read.scene->nodes[1].matrix, m);  // shortest round-trip numbers: bit-identical
}

// Q20: a transform sid a target cannot end in, or one repeating an earlier sid of the node, is
// written without one, with a warning.
TEST(NodeWriter, BadOrRepeatedTransformSidsAreWrittenWithoutOneWithAWarning) {
  Scene scene = read_ok(scene_document(
      "<node id=\"n\"><translate sid=\"a.b\">1 0 0</translate><translate sid=\"t\">0 1 0"
      "</translate><translate sid=\"t\">0 0 1</translate><scale sid=\"s-1\">1 1 1</scale></node>"));
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok());
  EXPECT_TRUE(
      in_order(*w.text, {"<translate>1 0 0</translate>", "<translate sid=\"t\">0 1 0</translate>",
                         "<translate>0 0 1</translate>", "<scale sid=\"s-1\">1 1 1</scale>"}))
      << *w.text;
  EXPECT_EQ(warned(w, "collada.write.transform-sid-dropped"), 2);
}

// W24, Q20: an id that is not an XML name is dropped with a warning and a generated one
// replaces it; a sid that is not one is left out with a warning.
TEST(NodeWriter, AnInvalidIdOrSidIsDroppedWithAWarning) {
  Scene scene = scene_of_nodes(2);
  scene.nodes[0].children = {1};
  scene.nodes[0].name = "Body";
  scene.nodes[0].extras = {{"id", Value("1 bad")}, {"sid", Value("also bad")}};
  scene.nodes[1].extras = {{"id", Value(int64_t{7})}, {"sid", Value("fine")}};
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.node-id-invalid"), 2);
  EXPECT_EQ(warned(rt.written, "collada.write.node-sid-invalid"), 1);
  const std::vector<Node>& back = rt.read.scene->nodes;
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(extra_string(back[0], "id"), "Body");  // generated from the name
  EXPECT_EQ(find_value(back[0].extras, "sid"), nullptr);
  EXPECT_EQ(extra_string(back[1], "id"), "node");
  EXPECT_EQ(extra_string(back[1], "sid"), "fine");
}

// W24: original ids are reserved before any is generated, so a generated id never takes one; an
// id an earlier node already holds is replaced with a warning.
TEST(NodeWriter, OriginalIdsSurviveAndARepeatedIdIsReplacedWithAWarning) {
  Scene scene = scene_of_nodes(4);
  scene.nodes[0].children = {1, 2, 3};
  scene.nodes[0].name = "arm";  // generates "arm", which node 2 holds
  scene.nodes[1].extras = {{"id", Value("leg")}};
  scene.nodes[1].name = "Leg";
  scene.nodes[2].extras = {{"id", Value("arm")}};
  scene.nodes[3].extras = {{"id", Value("leg")}};  // another node than node 1
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.node-id-repeated"), 1);
  const std::vector<Node>& back = rt.read.scene->nodes;
  ASSERT_EQ(back.size(), 4u);
  EXPECT_EQ(extra_string(back[0], "id"), "arm-2");
  EXPECT_EQ(extra_string(back[1], "id"), "leg");
  EXPECT_EQ(extra_string(back[2], "id"), "arm");
  EXPECT_EQ(extra_string(back[3], "id"), "node");
}

// W23: only nodes a visual scene reaches are written; the rest are dropped with one warning.
TEST(NodeWriter, NodesNoSceneReachesAreDroppedWithAWarning) {
  Scene scene = scene_of_nodes(4);
  scene.nodes[0].children = {1};
  scene.nodes[2].children = {3};
  scene.nodes[2].name = "orphan";
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(rt.read.scene->nodes.size(), 2u);
  EXPECT_FALSE(contains(*rt.written.text, "orphan"));
  EXPECT_EQ(warned(rt.written, "collada.write.node-unreached"), 1);
  EXPECT_TRUE(contains(rt.written.diagnostics.entries().back().message, "2 nodes"));
}

// A cycle in Node::children (a hostile glTF) is cut at the link that closes it, with a warning:
// the write ends and the tree above the link is kept.
TEST(NodeWriter, ACycleIsCutAtTheLinkClosingItWithAWarning) {
  Scene scene = scene_of_nodes(3);
  scene.nodes[0].children = {1};
  scene.nodes[1].children = {2, 1};
  scene.nodes[2].children = {0};
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.node-cycle-cut"), 2);
  const std::vector<Node>& back = rt.read.scene->nodes;
  ASSERT_EQ(back.size(), 3u);
  EXPECT_EQ(back[0].children, std::vector<int>{1});
  EXPECT_EQ(back[1].children, std::vector<int>{2});
  EXPECT_TRUE(back[2].children.empty());
}

// Children and scene roots naming no node are left out with a warning.
TEST(NodeWriter, ReferencesToMissingNodesAreLeftOutWithAWarning) {
  Scene scene = scene_of_nodes(1);
  scene.nodes[0].children = {5, -1};
  scene.scenes[0].push_back(9);
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.node-child-dropped"), 2);
  EXPECT_EQ(warned(rt.written, "collada.write.scene-root-dropped"), 1);
  EXPECT_EQ(rt.read.scene->nodes.size(), 1u);
}

// W1 (node part): write's one-node scene is one <node> in one visual scene the <scene> names.
TEST(NodeWriter, OneNodeSceneIsOneNodeInTheDefaultVisualScene) {
  Scene scene = scene_of_nodes(1);
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  const std::string& text = *rt.written.text;
  EXPECT_TRUE(contains(text, "<visual_scene id=\"visual_scene\">")) << text;
  EXPECT_TRUE(in_order(text, {"<scene>", "<instance_visual_scene url=\"#visual_scene\"/>"}))
      << text;
  ASSERT_EQ(rt.read.scene->nodes.size(), 1u);
  EXPECT_EQ(rt.read.scene->scenes, (std::vector<std::vector<int>>{{0}}));
  EXPECT_EQ(rt.read.scene->default_scene, 0);
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 0);
}

// A visual scene per Scene::scenes entry, with generated ids; <scene> names the default one.
TEST(NodeWriter, AVisualScenePerSceneAndSceneNamesTheDefault) {
  Scene scene = scene_of_nodes(2);
  scene.scenes.push_back({1});
  scene.default_scene = 1;
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  const std::string& text = *rt.written.text;
  EXPECT_TRUE(contains(text, "<visual_scene id=\"scene-0\">")) << text;
  EXPECT_TRUE(contains(text, "<visual_scene id=\"scene-1\">")) << text;
  EXPECT_TRUE(contains(text, "<instance_visual_scene url=\"#scene-1\"/>")) << text;
  EXPECT_EQ(rt.read.scene->scenes.size(), 2u);
  EXPECT_EQ(rt.read.scene->default_scene, 1);
}

// A visual scene holds at least one <node>: an empty scene gets an empty one, with a warning.
TEST(NodeWriter, AnEmptySceneHoldsAnEmptyNodeWithAWarning) {
  Scene scene;
  scene.scenes.push_back({});
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok());
  EXPECT_TRUE(contains(*w.text, "<visual_scene id=\"visual_scene\">")) << *w.text;
  EXPECT_EQ(warned(w, "collada.write.scene-empty"), 1);
}

// No scene, no node: no <library_visual_scenes> and no <scene>.
TEST(NodeWriter, NoSceneWritesNoVisualSceneLibrary) {
  Scene scene;
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok());
  EXPECT_FALSE(contains(*w.text, "visual_scene")) << *w.text;
}

}  // namespace
}  // namespace px::collada::testing
