// Tests of formats/collada/write/node_writer.cc and node_copies.cc: nodes reached more than once
// are written once in <library_nodes> and instanced (spec collada.md, Writing: W21, W22).
#include <Eigen/Core>
#include <cstdint>

#include "tests/formats/collada/read/collada_test_util.h"  // document, geometry, triangle_mesh
#include "tests/formats/collada/write/node_test_util.h"

namespace px::collada::testing {
namespace {

// The node trees of every scene, depth first: name, id and matrix of each node, its children
// nested; enough to tell two trees apart.
std::string describe_trees(const Scene& scene) {
  std::string out;
  struct Frame {
    int node;
    size_t depth;
  };
  for (const std::vector<int>& roots : scene.scenes) {
    std::vector<Frame> stack;
    for (auto it = roots.rbegin(); it != roots.rend(); ++it) stack.push_back({*it, 0});
    while (!stack.empty()) {
      Frame f = stack.back();
      stack.pop_back();
      const Node& n = scene.nodes[f.node];
      out += cat(std::string(2 * f.depth, ' '), n.name, " #", id_of(n), " t=", n.matrix(0, 3), ",",
                 n.matrix(1, 3), ",", n.matrix(2, 3), "\n");
      for (auto it = n.children.rbegin(); it != n.children.rend(); ++it) {
        stack.push_back({*it, f.depth + 1});
      }
    }
    out += "--\n";
  }
  return out;
}

// W21: a node with two parents is written once in <library_nodes>; each parent instances it,
// before its own child <node>s as the schema orders them, so it reads back first among them.
TEST(NodeInstancing, ANodeWithTwoParentsIsWrittenOnceAndInstancedByBoth) {
  Scene scene = scene_of_nodes(5);
  scene.nodes[0].children = {1, 2};
  scene.nodes[1].name = "left";
  scene.nodes[1].children = {4, 3};
  scene.nodes[2].name = "right";
  scene.nodes[2].children = {3};
  scene.nodes[3].name = "shared";
  scene.nodes[3].matrix = translation(1, 2, 3);
  scene.nodes[4].name = "own";
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  const std::string& text = *rt.written.text;
  EXPECT_TRUE(in_order(text, {"<library_nodes>", "<node id=\"shared\" name=\"shared\">",
                              "</library_nodes>", "<library_visual_scenes>"}))
      << text;
  EXPECT_EQ(occurrences(text, "name=\"shared\""), 1u) << text;
  EXPECT_EQ(occurrences(text, "<instance_node url=\"#shared\"/>"), 2u) << text;
  EXPECT_TRUE(in_order(text, {"name=\"left\"", "<instance_node url=\"#shared\"/>", "name=\"own\"",
                              "name=\"right\""}))
      << text;
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 0);
  const Scene& back = *rt.read.scene;
  EXPECT_EQ(describe_trees(back),
            "node #node t=0,0,0\n"
            "  left #left t=0,0,0\n"
            "    shared #shared t=1,2,3\n"
            "    own #own t=0,0,0\n"
            "  right #right t=0,0,0\n"
            "    shared #shared t=1,2,3\n"
            "--\n");
}

// W21: the root of two scenes is written once in <library_nodes>, and each visual scene holds a
// wrapper node instancing it, since a visual scene holds only <node> elements.
TEST(NodeInstancing, ARootOfTwoScenesIsInstancedFromAWrapperInEach) {
  Scene scene = scene_of_nodes(2);
  scene.nodes[0].name = "root";
  scene.nodes[0].children = {1};
  scene.nodes[1].name = "leaf";
  scene.scenes.push_back({0});
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  const std::string& text = *rt.written.text;
  EXPECT_TRUE(
      in_order(text, {"<library_nodes>", "name=\"root\"", "name=\"leaf\"", "</library_nodes>"}))
      << text;
  EXPECT_EQ(occurrences(text, "<instance_node url=\"#root\"/>"), 2u) << text;
  const Scene& back = *rt.read.scene;
  ASSERT_EQ(back.scenes.size(), 2u);
  EXPECT_EQ(describe_trees(back),
            " # t=0,0,0\n  root #root t=0,0,0\n    leaf #leaf t=0,0,0\n--\n"
            " # t=0,0,0\n  root #root t=0,0,0\n    leaf #leaf t=0,0,0\n--\n");
}

// Two <instance_node>s of a <library_nodes> node, the library node itself instancing another.
std::string instancing_document() {
  return scene_document(
      "<node id=\"a\" name=\"A\"><instance_node url=\"#part\"/><node id=\"a-own\"/></node>"
      "<node id=\"b\" name=\"B\"><translate>0 5 0</translate><instance_node url=\"#part\"/>"
      "</node>",
      "<library_nodes><node id=\"part\" name=\"Part\"><translate sid=\"t\">1 0 0</translate>"
      "<instance_node url=\"#bolt\"/><node id=\"part-child\" name=\"Child\"/>"
      "<node id=\"part-child2\" name=\"Child2\"><instance_node url=\"#bolt\"/></node></node>"
      "<node id=\"bolt\" name=\"Bolt\"><scale>2 2 2</scale></node></library_nodes>");
}

// W22: the copies a read makes of an <instance_node> are instanced from the node again, so a
// document's instancing survives a round trip: the same node tree, one library node per
// instanced node, and a second write is the first one's bytes.
TEST(NodeInstancing, InstanceNodeCopiesAreInstancedAgainAfterARoundTrip) {
  Scene first = read_ok(instancing_document());
  RoundTrip rt = write_and_read(first);
  ASSERT_TRUE(rt.read.scene.ok());
  const std::string& text = *rt.written.text;
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 0);
  EXPECT_EQ(occurrences(text, "<node id=\"part\""), 1u) << text;
  EXPECT_EQ(occurrences(text, "<node id=\"bolt\""), 1u) << text;
  EXPECT_EQ(occurrences(text, "<instance_node url=\"#part\"/>"), 2u) << text;
  EXPECT_EQ(occurrences(text, "<instance_node url=\"#bolt\"/>"), 2u) << text;
  EXPECT_TRUE(in_order(
      text, {"<library_nodes>", "<node id=\"part\"", "<translate sid=\"t\">",
             "<instance_node url=\"#bolt\"/>", "<node id=\"part-child\"", "</library_nodes>"}))
      << text;
  EXPECT_TRUE(
      in_order(text, {"<node id=\"a\"", "<instance_node url=\"#part\"/>", "<node id=\"a-own\""}))
      << text;
  EXPECT_EQ(describe_trees(*rt.read.scene), describe_trees(first));
  EXPECT_EQ(rt.read.scene->nodes.size(), first.nodes.size());
  Written again = write_text(*rt.read.scene);
  ASSERT_TRUE(again.text.ok());
  EXPECT_EQ(*again.text, text);
}

// W22: a copy edited after reading is written in full under a generated id, with a warning; the
// parts of it still unedited are instanced from their originals.
TEST(NodeInstancing, AnEditedCopyIsWrittenInFullWithAWarning) {
  Scene scene = read_ok(instancing_document());
  // The second copy of "part" is the one under "b".
  int edited = -1;
  for (size_t i = 0; i < scene.nodes.size(); ++i) {
    if (id_of(scene.nodes[i]) == "part") edited = static_cast<int>(i);
  }
  ASSERT_GE(edited, 0);
  scene.nodes[edited].matrix = translation(9, 0, 0);
  const std::string before = describe_trees(scene);
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  const std::string& text = *rt.written.text;
  EXPECT_EQ(warned(rt.written, "collada.write.node-id-repeated"), 1);
  // The first copy, now reached once, is written in place; the edited one beside it.
  EXPECT_EQ(occurrences(text, "<node id=\"part\""), 1u) << text;
  EXPECT_FALSE(contains(text, "<instance_node url=\"#part\"/>")) << text;
  EXPECT_EQ(occurrences(text, "<node id=\"Part\" name=\"Part\">"), 1u) << text;
  EXPECT_TRUE(contains(text, "<matrix sid=\"transform\">1 0 0 9 ")) << text;
  // The unedited children of the edited copy are instanced from the first copy's.
  EXPECT_EQ(occurrences(text, "<node id=\"part-child\""), 1u) << text;
  EXPECT_EQ(occurrences(text, "<instance_node url=\"#part-child\"/>"), 2u) << text;
  std::string want = before;
  const std::string edited_line = "Part #part t=9,0,0";
  ASSERT_NE(want.find(edited_line), std::string::npos) << want;
  want.replace(want.find(edited_line), edited_line.size(), "Part #Part t=9,0,0");
  EXPECT_EQ(describe_trees(*rt.read.scene), want);
}

// W22: holding an earlier node's id is not enough: a node whose subtree differs (here a child
// more) is not a copy.
TEST(NodeInstancing, ANodeHoldingAnEarlierIdButAnotherSubtreeIsNoCopy) {
  Scene scene = scene_of_nodes(5);
  scene.nodes[0].children = {1, 2};
  scene.nodes[1].collada_id = "x";
  scene.nodes[2].collada_id = "x";
  scene.nodes[2].children = {3};
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_FALSE(contains(*rt.written.text, "instance_node")) << *rt.written.text;
  EXPECT_EQ(warned(rt.written, "collada.write.node-id-repeated"), 1);
  EXPECT_EQ(rt.read.scene->nodes.size(), 4u);
}

// A node listed twice by one parent is instanced twice from the library.
TEST(NodeInstancing, AChildListedTwiceIsInstancedTwice) {
  Scene scene = scene_of_nodes(2);
  scene.nodes[0].children = {1, 1};
  scene.nodes[1].name = "twice";
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(occurrences(*rt.written.text, "<instance_node url=\"#twice\"/>"), 2u);
  EXPECT_EQ(rt.read.scene->nodes.size(), 3u);
}

// A character in <library_nodes> - a joint and a body skinned to it - instanced twice: the read
// binds each copy's skin to its own copy of the joint, so each copy has its own skin entry.
std::string skinned_character_document() {
  return document(cat(
      "<library_geometries>", geometry("g", triangle_mesh()),
      "</library_geometries><library_controllers><controller id=\"k\"><skin source=\"#g\">"
      "<source id=\"names\"><Name_array id=\"names-a\" count=\"1\">hip</Name_array>"
      "<technique_common><accessor source=\"#names-a\" count=\"1\"><param name=\"JOINT\" "
      "type=\"name\"/></accessor></technique_common></source>"
      "<source id=\"w\"><float_array id=\"w-a\" count=\"1\">1</float_array><technique_common>"
      "<accessor source=\"#w-a\" count=\"1\"><param name=\"WEIGHT\" type=\"float\"/></accessor>"
      "</technique_common></source><joints><input semantic=\"JOINT\" source=\"#names\"/></joints>"
      "<vertex_weights count=\"3\"><input semantic=\"JOINT\" source=\"#names\" offset=\"0\"/>"
      "<input semantic=\"WEIGHT\" source=\"#w\" offset=\"1\"/><vcount>1 1 1</vcount>"
      "<v>0 0 0 0 0 0</v></vertex_weights></skin></controller></library_controllers>"
      "<library_nodes><node id=\"char\" name=\"Char\"><node id=\"hip\" sid=\"hip\" "
      "type=\"JOINT\"/><node id=\"body\"><instance_controller url=\"#k\"><skeleton>#hip"
      "</skeleton></instance_controller></node></node></library_nodes>"
      "<library_visual_scenes><visual_scene id=\"vs\"><node id=\"a\"><instance_node "
      "url=\"#char\"/></node><node id=\"b\"><translate>3 0 0</translate><instance_node "
      "url=\"#char\"/></node></visual_scene></library_visual_scenes>"));
}

// W22: a copy holding a skin bound to its own copy of the rig counts as the same subtree, so a
// skinned character instanced twice is instanced twice again.
TEST(NodeInstancing, ASkinnedCopyBoundToItsOwnRigIsInstancedAgain) {
  Scene scene = read_ok(skinned_character_document());
  ASSERT_EQ(scene.skins.size(), 2u);  // one per copy of the rig
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok());
  EXPECT_EQ(warned(w, "collada.write.node-id-repeated"), 0);
  EXPECT_EQ(occurrences(*w.text, "<node id=\"char\""), 1u) << *w.text;
  EXPECT_EQ(occurrences(*w.text, "<instance_node url=\"#char\"/>"), 2u) << *w.text;
}

// W22: skins a glTF read gives keep their glTF objects, whose "joints" and "skeleton" name each
// copy's own rig: compared as nodes, as the typed joints are, the copies are instanced again.
TEST(NodeInstancing, ASkinnedCopyOfAGltfReadIsInstancedAgain) {
  Scene scene = read_ok(skinned_character_document());
  ASSERT_EQ(scene.skins.size(), 2u);
  for (Skin& skin : scene.skins) {
    ASSERT_EQ(skin.joints.size(), 1u);
    skin.gltf_object = ValueMap{{"joints", Value(ValueArray{Value(skin.joints[0])})},
                                {"skeleton", Value(skin.skeleton)},
                                {"extras", Value(ValueMap{{"rig", Value(true)}})}};
  }
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok());
  EXPECT_EQ(warned(w, "collada.write.node-id-repeated"), 0);
  EXPECT_EQ(occurrences(*w.text, "<instance_node url=\"#char\"/>"), 2u) << *w.text;
  // Skins whose other members differ are not the same.
  scene.skins[1].gltf_object->back().second = Value(ValueMap{{"rig", Value(false)}});
  Written other = write_text(scene);
  ASSERT_TRUE(other.text.ok());
  EXPECT_FALSE(contains(*other.text, "<instance_node url=\"#char\"/>")) << *other.text;
}

// W22: a copy whose skin binds other joints than its rig's copy is not the same subtree.
TEST(NodeInstancing, ASkinnedCopyBoundElsewhereIsWrittenInFull) {
  Scene scene = read_ok(skinned_character_document());
  ASSERT_EQ(scene.skins.size(), 2u);
  // Bind the second skin to node "a" instead of its own hip.
  std::vector<int>& joints = scene.skins[1].joints;
  ASSERT_EQ(joints.size(), 1u);
  joints[0] = 0;
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok());
  // "char" and "body" differ; the second "hip" is still a copy of the first.
  EXPECT_EQ(warned(w, "collada.write.node-id-repeated"), 2);
  EXPECT_FALSE(contains(*w.text, "<instance_node url=\"#char\"/>")) << *w.text;
  EXPECT_EQ(occurrences(*w.text, "<instance_node url=\"#hip\"/>"), 2u) << *w.text;
}

// Node graphs of any shape - shared children, cycles, self links, links to no node, repeated ids
// and copies - are written as documents that read back (and pass the schema check).
TEST(NodeInstancing, ArbitraryNodeGraphsAreWrittenAsDocumentsThatReadBack) {
  uint64_t state = 12345;
  auto next = [&](uint64_t bound) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int>((state >> 33) % bound);
  };
  const char* ids[] = {"a", "b", "c", "a b", ""};
  for (int round = 0; round < 40; ++round) {
    const int n = 1 + next(24);
    Scene scene;
    scene.nodes.resize(n);
    for (int i = 0; i < n; ++i) {
      Node& node = scene.nodes[i];
      for (int k = next(4); k > 0; --k) node.children.push_back(next(n + 2) - 1);
      const char* id = ids[next(5)];
      if (*id != '\0') node.collada_id = id;
      node.name = next(2) == 0 ? "same" : cat("n", i);
    }
    for (int s = next(3); s >= 0; --s) {
      std::vector<int>& roots = scene.scenes.emplace_back();
      for (int k = next(3); k >= 0; --k) roots.push_back(next(n));
    }
    scene.default_scene = next(static_cast<uint64_t>(scene.scenes.size()) + 1) - 1;
    RoundTrip rt = write_and_read(scene);
    ASSERT_TRUE(rt.read.scene.ok()) << "round " << round;
    EXPECT_EQ(rt.read.scene->scenes.size(), scene.scenes.size()) << "round " << round;
  }
}

}  // namespace
}  // namespace px::collada::testing
