// What the node writer refuses rather than write a document no reader takes back (issue 34):
// a tree nested deeper than a COLLADA read accepts (collada.write.node-depth), a node matrix
// that is not finite (collada.write.non-finite); and transform elements or instances holding
// NaN or Inf are never spelled.
#include <Eigen/Core>
#include <cmath>
#include <limits>

#include "tests/formats/collada/write/node_test_util.h"

namespace px::collada::testing {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// A chain of `depth` nodes, each the only child of the one before, the first the scene's root.
Scene chain(int depth) {
  Scene scene = scene_of_nodes(depth);
  for (int i = 0; i + 1 < depth; ++i) scene.nodes[i].children = {i + 1};
  return scene;
}

bool holds_non_finite_text(const std::string& text) {
  return contains(text, "NaN") || contains(text, "INF");
}

// The deepest element of a chain of 252 nodes is the last one's <matrix>: <COLLADA>,
// <library_visual_scenes> and <visual_scene> above, 256 deep, as deep as a read takes. One
// node more is refused naming it, and so is a chain of 200,000 (a glTF hierarchy), planned
// without recursion.
TEST(NodeLimits, AChainIsWrittenAsDeepAsAReadTakesAndRefusedPastIt) {
  Written w = write_unchecked(chain(252));  // xmllint stops at its own depth
  ASSERT_TRUE(w.text.ok()) << w.text.status();
  ReadResult back = read_text(*w.text);
  ASSERT_TRUE(back.scene.ok()) << back.scene.status();
  EXPECT_EQ(back.scene->nodes.size(), 252u);
  for (int depth : {253, 200000}) {
    Written refused = write_unchecked(chain(depth));
    expect_refused(refused, "collada.write.node-depth");
    EXPECT_TRUE(contains(std::string(refused.text.status().message()), "node 252 is 253 deep"))
        << refused.text.status();
  }
}

// A node showing a mesh holds its instance_geometry, bind_material, technique_common,
// instance_material and bind_vertex_input: five levels, so such a node sits four above the
// deepest node of a bare chain.
TEST(NodeLimits, ANodeShowingAMeshCountsWhatItsInstanceNests) {
  for (int depth : {248, 249}) {
    Scene scene = chain(depth);
    MeshBuilder(scene).points(kSquarePoints).cell(CellType::kTriangle, {0, 1, 2}).add();
    scene.nodes[depth - 1].mesh = 0;
    Written w = write_unchecked(scene);
    if (depth == 248) {
      ASSERT_TRUE(w.text.ok()) << w.text.status();
      EXPECT_TRUE(read_text(*w.text).scene.ok());
    } else {
      expect_refused(w, "collada.write.node-depth");
    }
  }
}

// A node reached twice is written in <library_nodes>, one level higher than a scene's nodes.
TEST(NodeLimits, ALibraryTreeIsOneLevelShallower) {
  for (int depth : {253, 254}) {
    Scene scene = chain(depth);
    scene.nodes.resize(depth + 2);
    scene.nodes[depth].children = {0};
    scene.nodes[depth + 1].children = {0};
    scene.scenes = {{depth}, {depth + 1}};
    Written w = write_unchecked(scene);
    if (depth == 253) {
      ASSERT_TRUE(w.text.ok()) << w.text.status();
      EXPECT_TRUE(contains(*w.text, "<library_nodes>"));
      EXPECT_TRUE(read_text(*w.text).scene.ok());
    } else {
      expect_refused(w, "collada.write.node-depth");
    }
  }
}

// A written node's matrix holding NaN or Inf is refused, as the glTF writer refuses it; a node
// no scene reaches is not written, so not refused.
TEST(NodeLimits, ANonFiniteMatrixIsRefused) {
  for (double bad : {kNaN, kInf, -kInf}) {
    Scene scene = scene_of_nodes(2);
    scene.nodes[1].matrix(0, 3) = bad;
    Written unreached = write_text(scene);
    ASSERT_TRUE(unreached.text.ok()) << unreached.text.status();
    EXPECT_FALSE(holds_non_finite_text(*unreached.text)) << *unreached.text;
    scene.nodes[0].children = {1};
    Written w = write_unchecked(scene);
    expect_refused(w, "collada.write.non-finite");
    EXPECT_TRUE(contains(std::string(w.text.status().message()), "node 1:"));
  }
}

// Transform elements composing to the node's finite matrix while one holds a value that is not
// finite (a <rotate> about no axis by an infinite angle) are not spelled: the matrix is.
TEST(NodeLimits, NonFiniteTransformElementsAreWrittenAsTheMatrix) {
  Scene scene = scene_of_nodes(1);
  scene.nodes[0].transforms = {{"rotate", "r", {0, 0, 0, kInf}}};
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_FALSE(holds_non_finite_text(*rt.written.text)) << *rt.written.text;
  EXPECT_TRUE(contains(*rt.written.text, "<matrix sid=\"transform\">")) << *rt.written.text;
}

// A COLLADA document whose transforms hold NaN, INF or numbers past double's range reads with
// warnings, and its nodes are written finite and read back without one.
TEST(NodeLimits, NonFiniteTransformsReadAreWrittenFiniteAndReadBack) {
  const std::string text = scene_document(
      "<node id=\"a\"><translate sid=\"t\">1e999 0 -INF</translate></node>"
      "<node id=\"b\"><matrix>NaN 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1</matrix></node>"
      "<node id=\"c\"><rotate>0 0 1 INF</rotate><scale>1e200 1 1</scale><scale>1e200 1 1</scale>"
      "</node>");
  ReadResult r = read_text(text);
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("collada.transform.non-finite"), 4);
  RoundTrip rt = write_and_read(*r.scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_FALSE(holds_non_finite_text(*rt.written.text)) << *rt.written.text;
  EXPECT_TRUE(contains(*rt.written.text, "<translate sid=\"t\">0 0 0</translate>"))
      << *rt.written.text;
  EXPECT_EQ(rt.read.diagnostics.count("collada.transform.non-finite"), 0);
  for (const Node& node : rt.read.scene->nodes) EXPECT_TRUE(node.matrix.allFinite());
}

// A node's instances whose matrices are not all finite are left out with a warning, as the glTF
// writer leaves them out; the node shows its mesh once.
TEST(NodeLimits, InstancesWithANonFiniteMatrixAreLeftOut) {
  Scene scene = scene_of_nodes(1);
  MeshBuilder(scene).points(kSquarePoints).cell(CellType::kTriangle, {0, 1, 2}).add();
  Node& node = scene.nodes[0];
  node.mesh = 0;
  node.instances.count = 2;
  const std::vector<double> translations = {1, 0, 0, kNaN, 0, 0};
  node.instances.translation =
      Column::of<double>(std::span<const double>(scene.arena->copy<double>(translations)), 3);
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  const std::string& written = *rt.written.text;
  EXPECT_FALSE(holds_non_finite_text(written)) << written;
  EXPECT_EQ(rt.written.diagnostics.count("collada.write.instances-dropped"), 1);
  EXPECT_EQ(rt.written.diagnostics.count("collada.write.instances-expanded"), 0);
  EXPECT_EQ(occurrences(written, "<instance_geometry"), 1u) << written;
}

}  // namespace
}  // namespace px::collada::testing
