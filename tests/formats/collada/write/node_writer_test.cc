// Tests of formats/collada/write/node_writer.cc, a test per rule of spec/collada.md "Writing".
#include "formats/collada/write/node_writer.h"

#include <Eigen/Geometry>
#include <filesystem>
#include <fstream>
#include <functional>

#include "polyxios/polyxios.h"
#include "tests/formats/collada/write/node_test_util.h"

namespace px::collada::testing {
namespace {

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
  EXPECT_EQ(id_of(back), "n");
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
  scene.nodes[0].collada_id = "1 bad";
  scene.nodes[0].sid = "also bad";
  scene.nodes[1].collada_id = "";
  scene.nodes[1].sid = "fine";
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.node-id-invalid"), 2);
  EXPECT_EQ(warned(rt.written, "collada.write.node-sid-invalid"), 1);
  const std::vector<Node>& back = rt.read.scene->nodes;
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(id_of(back[0]), "Body");  // generated from the name
  EXPECT_EQ(back[0].sid, std::nullopt);
  EXPECT_EQ(id_of(back[1]), "node");
  EXPECT_EQ(back[1].sid, "fine");
}

// W24: original ids are reserved before any is generated, so a generated id never takes one; an
// id an earlier node already holds is replaced with a warning.
TEST(NodeWriter, OriginalIdsSurviveAndARepeatedIdIsReplacedWithAWarning) {
  Scene scene = scene_of_nodes(4);
  scene.nodes[0].children = {1, 2, 3};
  scene.nodes[0].name = "arm";  // generates "arm", which node 2 holds
  scene.nodes[1].collada_id = "leg";
  scene.nodes[1].name = "Leg";
  scene.nodes[2].collada_id = "arm";
  scene.nodes[3].collada_id = "leg";  // another node than node 1
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.node-id-repeated"), 1);
  const std::vector<Node>& back = rt.read.scene->nodes;
  ASSERT_EQ(back.size(), 4u);
  EXPECT_EQ(id_of(back[0]), "arm-2");
  EXPECT_EQ(id_of(back[1]), "leg");
  EXPECT_EQ(id_of(back[2]), "arm");
  EXPECT_EQ(id_of(back[3]), "node");
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

// A scene without a default one (glTF's without "scene") shows its first: the reader takes a
// document without <scene> so, and three.js shows nothing without one.
TEST(NodeWriter, WithoutADefaultSceneTheFirstIsShown) {
  Scene scene = scene_of_nodes(2);
  scene.scenes.push_back({1});
  scene.default_scene = -1;
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_TRUE(contains(*rt.written.text, "<instance_visual_scene url=\"#scene-0\"/>"))
      << *rt.written.text;
  EXPECT_EQ(rt.read.scene->default_scene, 0);
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

// Q19: a name holding a line break or tab is written as a character reference, so it reads back
// unchanged rather than folded to a space.
TEST(NodeWriter, ANameWithLineBreaksAndTabsReadsBackUnchanged) {
  Scene scene = scene_of_nodes(1);
  scene.nodes[0].name = "two\nlines\r\tand a tab";
  Written w = write_unchecked(scene);
  ASSERT_TRUE(w.text.ok());
  EXPECT_TRUE(contains(*w.text, "name=\"two&#10;lines&#13;&#9;and a tab\"")) << *w.text;
  Scene back = read_ok(*w.text);
  ASSERT_EQ(back.nodes.size(), 1u);
  EXPECT_EQ(back.nodes[0].name, "two\nlines\r\tand a tab");
}

// L8: a name attribute is written as given, even when it is not an xs:NCName.
TEST(NodeWriter, NamesAreWrittenAsGiven) {
  Scene scene = scene_of_nodes(2);
  scene.nodes[0].children = {1};
  scene.nodes[0].name = "Hip Bone";
  scene.nodes[1].name = "1st <finger> & \"nail\"";
  Written w = write_unchecked(scene);
  ASSERT_TRUE(w.text.ok());
  EXPECT_TRUE(contains(*w.text, "name=\"Hip Bone\"")) << *w.text;
  EXPECT_EQ(w.diagnostics.warning_count(), 0);
  Scene back = read_ok(*w.text);
  ASSERT_EQ(back.nodes.size(), 2u);
  EXPECT_EQ(back.nodes[0].name, "Hip Bone");
  EXPECT_EQ(back.nodes[1].name, "1st <finger> & \"nail\"");
}

// L7: ids follow the XML 1.0 fifth edition's name characters: Greek (in every edition) and
// Glagolitic (fifth edition only, which libxml2's schema validator rejects) are both kept.
TEST(NodeWriter, IdsFollowTheFifthEditionsNameCharacters) {
  Scene scene = scene_of_nodes(2);
  scene.nodes[0].children = {1};
  scene.nodes[0].collada_id = "κόμβος";
  scene.nodes[1].collada_id = "\xE2\xB0\x80node";  // U+2C00 GLAGOLITIC CAPITAL AZU
  Written w = write_unchecked(scene);
  ASSERT_TRUE(w.text.ok());
  EXPECT_EQ(w.diagnostics.warning_count(), 0);
  Scene back = read_ok(*w.text);
  ASSERT_EQ(back.nodes.size(), 2u);
  EXPECT_EQ(id_of(back.nodes[0]), "κόμβος");
  EXPECT_EQ(id_of(back.nodes[1]), "\xE2\xB0\x80node");
}

// Issue 15 (lights and cameras): a node's camera and light are written in their libraries and
// instanced, in the schema's order, without a warning.
TEST(NodeWriter, CamerasAndLightsAreWrittenAndInstanced) {
  Scene scene = read_ok(scene_document(
      "<node id=\"n\"><instance_camera url=\"#cam\"/><instance_light url=\"#sun\"/></node>"
      "<node id=\"m\"><instance_light url=\"#sun\"/></node>",
      "<library_cameras><camera id=\"cam\"><optics><technique_common><perspective><yfov>45</yfov>"
      "<aspect_ratio>1</aspect_ratio><znear>0.1</znear><zfar>100</zfar></perspective>"
      "</technique_common></optics></camera></library_cameras>"
      "<library_lights><light id=\"sun\"><technique_common><directional><color>1 1 1</color>"
      "</directional></technique_common></light></library_lights>"));
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok());
  EXPECT_EQ(occurrences(*w.text, "<instance_camera url=\"#cam\"/>"), 1u) << *w.text;
  EXPECT_EQ(occurrences(*w.text, "<instance_light url=\"#sun\"/>"), 2u) << *w.text;
  EXPECT_EQ(occurrences(*w.text, "<light id=\"sun\""), 1u) << *w.text;
  EXPECT_EQ(occurrences(*w.text, "<camera id=\"cam\""), 1u) << *w.text;
  EXPECT_TRUE(in_order(*w.text, {"<library_cameras>", "<library_lights>", "<instance_camera",
                                 "<instance_light", "<node id=\"m\""}))
      << *w.text;
  EXPECT_EQ(warned(w, "collada.write.camera-dropped"), 0);
  EXPECT_EQ(warned(w, "collada.write.light-dropped"), 0);
}

// W13 (nodes): node extras COLLADA has no place for are dropped with a warning; the node's COLLADA
// fields (id, sid, type, transforms) are written.
TEST(NodeWriter, NodeExtrasCOLLADACannotHoldAreDroppedWithAWarning) {
  Scene scene = scene_of_nodes(1);
  scene.nodes[0].collada_id = "n";
  scene.nodes[0].sid = "s";
  scene.nodes[0].joint = true;
  scene.nodes[0].extras = {{"extras", Value(ValueMap{{"note", Value("hi")}})},
                           {"blender_layer", Value(int64_t{3})}};
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.node-extra-dropped"), 2);
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 2);
  EXPECT_TRUE(contains(*rt.written.text, "<node id=\"n\" sid=\"s\" type=\"JOINT\">"))
      << *rt.written.text;
}

// The node writer alone, from a plan other modules would fill: geometry, controller and material
// ids come from their plans.
std::string nodes_text(const Scene& scene, WritePlan& plan,
                       const std::function<void(WritePlan&)>& fill) {
  Diagnostics diagnostics;
  EXPECT_TRUE(plan_nodes(scene, plan, diagnostics).ok());
  fill(plan);
  std::string out;
  XmlWriter xml([&](std::string_view bytes) {
    out.append(bytes);
    return absl::OkStatus();
  });
  write_nodes(scene, plan, xml);
  EXPECT_TRUE(xml.finish().ok());
  return out;
}

GeometryPlan geometry_plan(std::string id, std::vector<int> materials, int texcoord_set) {
  GeometryPlan g;
  g.id = std::move(id);
  g.materials = std::move(materials);
  g.texcoord_set = texcoord_set;
  return g;
}

MaterialPlan material_plan(std::string id, std::string texcoord_symbol) {
  MaterialPlan m;
  m.id = id;
  m.effect_id = id + "-effect";
  m.texcoord_symbol = std::move(texcoord_symbol);
  return m;
}

// A node's mesh is an <instance_geometry>, or the <instance_controller> the controller plan
// gives it with its <skeleton>s, each binding the geometry's materials and texcoord set.
TEST(NodeWriter, MeshInstancesBindTheGeometrysMaterials) {
  Scene scene = scene_of_nodes(3);
  scene.meshes.resize(2);
  scene.nodes[0].children = {1, 2};
  scene.nodes[1].mesh = 0;
  scene.nodes[2].mesh = 1;
  WritePlan plan;
  std::string text = nodes_text(scene, plan, [](WritePlan& p) {
    p.geometries.geometries = {geometry_plan("geom", {0, -1, 5, 1}, 2),
                               geometry_plan("skinned", {1}, -1)};
    p.effects.materials = {material_plan("mat0", "UVMap"), material_plan("mat1", "")};
    p.controllers.controllers.emplace_back();
    p.controllers.controllers[0].id = "ctrl";
    p.controllers.controllers[0].mesh = 1;
    p.controllers.controllers[0].skin = 0;
    p.controllers.controllers[0].skeleton_urls = {"#hip", "#spine"};
    p.controllers.node_controller = {-1, -1, 0};
  });
  EXPECT_TRUE(in_order(
      text, {"<instance_geometry url=\"#geom\">", "<bind_material>", "<technique_common>",
             "<instance_material symbol=\"material_0\" target=\"#mat0\">",
             "<bind_vertex_input semantic=\"UVMap\" input_semantic=\"TEXCOORD\" "
             "input_set=\"2\"/>",
             "</instance_material>", "<instance_material symbol=\"material_1\" target=\"#mat1\"/>",
             "</technique_common>", "</bind_material>", "</instance_geometry>"}))
      << text;
  EXPECT_FALSE(contains(text, "material_5")) << text;  // no such material
  EXPECT_TRUE(in_order(text, {"<instance_controller url=\"#ctrl\">", "<skeleton>#hip</skeleton>",
                              "<skeleton>#spine</skeleton>", "<bind_material>",
                              "<instance_material symbol=\"material_1\" target=\"#mat1\"/>",
                              "</instance_controller>"}))
      << text;
  EXPECT_EQ(occurrences(text, "bind_vertex_input"), 1u);
}

// Plans other modules leave empty (or that name nothing) give no instance, never a bad index.
TEST(NodeWriter, MissingPlansWriteNoInstance) {
  Scene scene = scene_of_nodes(2);
  scene.meshes.resize(1);
  scene.nodes[0].children = {1};
  scene.nodes[0].mesh = 0;
  scene.nodes[1].mesh = 0;
  WritePlan plan;
  std::string text = nodes_text(scene, plan, [](WritePlan& p) {
    p.controllers.node_controller = {7};                        // past the controllers
    p.geometries.geometries = {geometry_plan("geom", {3}, 0)};  // past the materials
  });
  EXPECT_EQ(occurrences(text, "<instance_geometry url=\"#geom\"/>"), 2u) << text;
  EXPECT_FALSE(contains(text, "instance_controller")) << text;
  WritePlan empty;
  std::string bare = nodes_text(scene, empty, [](WritePlan&) {});
  EXPECT_FALSE(contains(bare, "instance_geometry")) << bare;
}

// The controller writer may make a node a joint after planning: the sid and type come from the
// plan, not from the node.
TEST(NodeWriter, SidAndJointTypeAreWrittenFromThePlan) {
  Scene scene = scene_of_nodes(1);
  WritePlan plan;
  std::string text = nodes_text(scene, plan, [](WritePlan& p) {
    p.nodes.nodes[0].sid = "joint0";
    p.nodes.nodes[0].joint = true;
  });
  EXPECT_TRUE(contains(text, "<node id=\"node\" sid=\"joint0\" type=\"JOINT\">")) << text;
}

// W1 (nodes): write spells a PolyData as a one-node scene: one <node> instancing its geometry,
// in the visual scene <scene> names.
TEST(NodeWriter, WriteOfAPolyDataIsOneNodeInstancingItsGeometry) {
  Scene scene;
  MeshBuilder(scene).points(kSquarePoints).cell(CellType::kTriangle, {0, 1, 2}).add();
  PolyData data;
  data.mesh = scene.meshes[0];  // its arrays stay in scene's arena
  const std::filesystem::path path =
      std::filesystem::path(::testing::TempDir()) / "node_writer_polydata.dae";
  Diagnostics diagnostics;
  ASSERT_TRUE(write_polydata(data, path, WriteOptions(), diagnostics).ok());
  std::ifstream in(path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::filesystem::create_directories(PX_WRITTEN_DAE_DIR);
  std::ofstream(written_path(), std::ios::binary) << text;  // for the schema check
  EXPECT_TRUE(in_order(text, {"<library_visual_scenes>", "<visual_scene id=\"visual_scene\">",
                              "<node id=\"node\">", "<instance_geometry url=\"#", "</node>",
                              "<instance_visual_scene url=\"#visual_scene\"/>"}))
      << text;
  Scene back = read_ok(text);
  ASSERT_EQ(back.nodes.size(), 1u);
  EXPECT_EQ(back.nodes[0].mesh, 0);
  EXPECT_EQ(back.scenes, (std::vector<std::vector<int>>{{0}}));
  EXPECT_EQ(back.default_scene, 0);
}

// Generated ids: the first of base, base-2, ... no id holds, in linear time for many nodes of one
// base (glTF's unnamed nodes).
TEST(NodeWriter, ManyUnnamedNodesTakeNumberedGeneratedIds) {
  constexpr int kChildren = 50000;
  Scene scene = scene_of_nodes(kChildren + 1);
  for (int i = 1; i <= kChildren; ++i) scene.nodes[0].children.push_back(i);
  scene.nodes[7].collada_id = "node-3";  // an original id is never generated
  Written w = write_unchecked(scene);    // large: left out of the schema check
  ASSERT_TRUE(w.text.ok());
  EXPECT_TRUE(in_order(*w.text, {"<node id=\"node\">", "<node id=\"node-2\">",
                                 "<node id=\"node-4\">", "<node id=\"node-3\">"}));
  EXPECT_EQ(occurrences(*w.text, "<node id=\"node-3\">"), 1u);
  EXPECT_TRUE(contains(*w.text, cat("<node id=\"node-", kChildren + 1, "\">")));
}

}  // namespace
}  // namespace px::collada::testing
