// COLLADA skins on read (collada.md: skins and controllers) and glTF skins on write (gltf.md).
#include <gtest/gtest.h>

#include <string>

#include "engine/source.h"
#include "engine/strings.h"
#include "formats/collada/read/collada_reader.h"
#include "formats/gltf/write/gltf_writer.h"
#include "rapidjson/document.h"

namespace px {
namespace {

struct Read {
  absl::StatusOr<Scene> scene;
  Diagnostics diagnostics;
};

Read read(const std::string& text) {
  Read out{absl::UnknownError("unread"), {}};
  auto source = memory_source(text);
  out.scene = collada::read(*source, ReadOptions{}, out.diagnostics);
  return out;
}

constexpr char kIdentity[] = "1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1";

// A triangle of three positions, a skin over it, and a rig: root(sid r) > a(sid j0) > b(sid j1).
// `joints` is the JOINT source's array element, `weights_body` the <vertex_weights> content.
std::string skinned(std::string_view joints_array, std::string_view weights_body,
                    std::string_view instances, std::string_view weight_values = "1 0.25 0.75",
                    std::string_view ibm = "") {
  std::string ibm_source =
      ibm.empty() ? cat("<source id=\"ibm\"><float_array id=\"ibm-a\" count=\"32\">", kIdentity,
                        " ", "1 0 0 -1 0 1 0 0 0 0 1 0 0 0 0 1",
                        "</float_array><technique_common><accessor source=\"#ibm-a\" count=\"2\" "
                        "stride=\"16\"><param name=\"TRANSFORM\" type=\"float4x4\"/></accessor>"
                        "</technique_common></source>")
                  : std::string(ibm);
  return cat(
      "<?xml version=\"1.0\"?><COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" "
      "version=\"1.4.1\"><library_geometries><geometry id=\"g\"><mesh>"
      "<source id=\"p\"><float_array id=\"pa\" count=\"9\">0 0 0 1 0 0 0 1 0</float_array>"
      "<technique_common><accessor source=\"#pa\" count=\"3\" stride=\"3\"><param name=\"X\" "
      "type=\"float\"/><param name=\"Y\" type=\"float\"/><param name=\"Z\" type=\"float\"/>"
      "</accessor></technique_common></source><vertices id=\"v\"><input semantic=\"POSITION\" "
      "source=\"#p\"/></vertices><triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" "
      "offset=\"0\"/><p>0 1 2</p></triangles></mesh></geometry></library_geometries>"
      "<library_controllers><controller id=\"c\" name=\"rig\"><skin source=\"#g\">"
      "<bind_shape_matrix>1 0 0 0 0 1 0 0 0 0 1 2 0 0 0 1</bind_shape_matrix>"
      "<source id=\"names\">",
      joints_array,
      "<technique_common><accessor source=\"#names-a\" count=\"2\"><param name=\"JOINT\" "
      "type=\"name\"/></accessor></technique_common></source>",
      ibm_source, "<source id=\"w\"><float_array id=\"wa\" count=\"",
      std::count(weight_values.begin(), weight_values.end(), ' ') + 1, "\">", weight_values,
      "</float_array><technique_common><accessor source=\"#wa\" count=\"",
      std::count(weight_values.begin(), weight_values.end(), ' ') + 1,
      "\"><param name=\"WEIGHT\" type=\"float\"/></accessor></technique_common></source>"
      "<joints><input semantic=\"JOINT\" source=\"#names\"/><input semantic=\"INV_BIND_MATRIX\" "
      "source=\"#ibm\"/></joints>",
      weights_body,
      "</skin></controller></library_controllers><library_visual_scenes><visual_scene id=\"s\">"
      "<node id=\"root\" sid=\"r\"><node id=\"a\" sid=\"j0\" type=\"JOINT\"><node id=\"b\" "
      "sid=\"j1\" type=\"JOINT\"/></node></node>",
      instances, "</visual_scene></library_visual_scenes></COLLADA>");
}

constexpr char kNames[] = "<Name_array id=\"names-a\" count=\"2\">j0 j1</Name_array>";
constexpr char kWeights[] =
    "<vertex_weights count=\"3\"><input semantic=\"JOINT\" source=\"#names\" offset=\"0\"/>"
    "<input semantic=\"WEIGHT\" source=\"#w\" offset=\"1\"/><vcount>1 2 1</vcount>"
    "<v>0 0 0 1 1 2 1 0</v></vertex_weights>";
constexpr char kInstance[] =
    "<node id=\"skinned\"><instance_controller url=\"#c\"><skeleton>#root</skeleton>"
    "</instance_controller></node>";

std::vector<double> column_values(const Column& c) {
  std::vector<double> out;
  for (size_t r = 0; r < c.rows; ++r) {
    for (size_t k = 0; k < c.cols; ++k) out.push_back(c.get(r, k));
  }
  return out;
}

TEST(SkinRead, InfluencesPerVertexAndJointsBoundBySidUnderTheSkeleton) {
  Read r = read(skinned(kNames, kWeights, kInstance));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const Scene& scene = *r.scene;
  const Mesh& mesh = scene.meshes[scene.nodes[3].mesh];
  const NamedColumn* joints = mesh.find_point_data("joints");
  const NamedColumn* weights = mesh.find_point_data("weights");
  ASSERT_NE(joints, nullptr);
  ASSERT_NE(weights, nullptr);
  EXPECT_TRUE(joints->column.holds<int32_t>());
  EXPECT_EQ(column_values(joints->column),
            (std::vector<double>{0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0}));
  EXPECT_EQ(column_values(weights->column),
            (std::vector<double>{1, 0, 0, 0, 0.25, 0.75, 0, 0, 1, 0, 0, 0}));
  ASSERT_EQ(scene.skins.size(), 1u);
  const Skin& skin = scene.skins[0];
  EXPECT_EQ(skin.name, "rig");
  ASSERT_EQ(skin.joints.size(), 2u);
  EXPECT_EQ(scene.nodes[skin.joints[0]].name, "a");
  EXPECT_EQ(scene.nodes[skin.joints[1]].name, "b");
  EXPECT_EQ(skin.skeleton, 0);
  ASSERT_TRUE(skin.inverse_bind_matrices);
  EXPECT_EQ(skin.inverse_bind_matrices->rows, 2u);
  ASSERT_TRUE(skin.bind_shape_matrix);
  EXPECT_EQ(column_values(*skin.bind_shape_matrix)[11], 2);
  EXPECT_EQ(scene.nodes[3].skin, 0);
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(SkinRead, RepeatedJointsOfAVertexAreSummed) {
  std::string weights =
      "<vertex_weights count=\"3\"><input semantic=\"JOINT\" source=\"#names\" offset=\"0\"/>"
      "<input semantic=\"WEIGHT\" source=\"#w\" offset=\"1\"/><vcount>1 1 3</vcount>"
      "<v>0 0 0 0 0 1 1 2 0 3</v></vertex_weights>";
  Read r = read(skinned(kNames, weights, kInstance, "1 0.2 0.3 0.5"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const Mesh& mesh = r.scene->meshes[r.scene->nodes[3].mesh];
  std::vector<double> joints = column_values(mesh.find_point_data("joints")->column);
  std::vector<double> w = column_values(mesh.find_point_data("weights")->column);
  EXPECT_EQ(joints[8], 0);
  EXPECT_NEAR(w[8], 0.7, 1e-6);
  EXPECT_EQ(joints[9], 1);
  EXPECT_NEAR(w[9], 0.3, 1e-6);
}

TEST(SkinRead, MoreThanFourInfluencesKeepTheFourHeaviestWithAWarning) {
  std::string names = "<Name_array id=\"names-a\" count=\"5\">j0 j1 j2 j3 j4</Name_array>";
  std::string ibm = "<source id=\"ibm\"><float_array id=\"ibm-a\" count=\"80\">";
  for (int j = 0; j < 5; ++j) ibm += cat(kIdentity, " ");
  ibm +=
      "</float_array><technique_common><accessor source=\"#ibm-a\" count=\"5\" "
      "stride=\"16\"><param name=\"TRANSFORM\" type=\"float4x4\"/></accessor>"
      "</technique_common></source>";
  std::string weights =
      "<vertex_weights count=\"3\"><input semantic=\"JOINT\" source=\"#names\" offset=\"0\"/>"
      "<input semantic=\"WEIGHT\" source=\"#w\" offset=\"1\"/><vcount>1 1 5</vcount>"
      "<v>0 0 0 0 0 1 1 2 2 3 3 4 4 5</v></vertex_weights>";
  std::string text = skinned(names, weights, kInstance, "1 0.1 0.2 0.3 0.4 0.5", ibm);
  text.replace(text.find("count=\"2\"><param name=\"JOINT\""), 9, "count=\"5\"");
  Read r = read(text);
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("collada.skin.influences-truncated"), 1);
  const Mesh& mesh = r.scene->meshes[r.scene->nodes[3].mesh];
  std::vector<double> joints = column_values(mesh.find_point_data("joints")->column);
  std::vector<double> w = column_values(mesh.find_point_data("weights")->column);
  // Joint 0 (weight 0.1) is the lightest and goes; the rest are renormalised over 1.4.
  EXPECT_EQ((std::vector<double>(joints.begin() + 8, joints.end())),
            (std::vector<double>{4, 3, 2, 1}));
  EXPECT_NEAR(w[8], 0.5 / 1.4, 1e-6);
  EXPECT_NEAR(w[8] + w[9] + w[10] + w[11], 1.0, 1e-6);
}

TEST(SkinRead, DropsBindShapeInfluencesAndCountsUnweightedVertices) {
  std::string weights =
      "<vertex_weights count=\"3\"><input semantic=\"JOINT\" source=\"#names\" offset=\"0\"/>"
      "<input semantic=\"WEIGHT\" source=\"#w\" offset=\"1\"/><vcount>1 2 1</vcount>"
      "<v>-1 0 0 1 1 2 1 0</v></vertex_weights>";
  Read r = read(skinned(kNames, weights, kInstance));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("collada.skin.joint-dropped"), 1);
  EXPECT_EQ(r.diagnostics.count("collada.skin.vertex-unweighted"), 1);
  const Mesh& mesh = r.scene->meshes[r.scene->nodes[3].mesh];
  EXPECT_EQ(column_values(mesh.find_point_data("weights")->column)[0], 0);
}

TEST(SkinRead, ShortVertexWeightsLeaveTheRestUnweighted) {
  std::string weights =
      "<vertex_weights count=\"2\"><input semantic=\"JOINT\" source=\"#names\" offset=\"0\"/>"
      "<input semantic=\"WEIGHT\" source=\"#w\" offset=\"1\"/><vcount>1 2</vcount>"
      "<v>0 0 0 1 1 2</v></vertex_weights>";
  Read r = read(skinned(kNames, weights, kInstance));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("collada.skin.short-vertex-weights"), 1);
}

void expect_refused(const std::string& text, std::string_view rule) {
  Read r = read(text);
  ASSERT_FALSE(r.scene.ok());
  EXPECT_EQ(std::string(r.scene.status().message()).substr(0, rule.size()), rule)
      << r.scene.status();
}

TEST(SkinRead, RefusesMalformedSkins) {
  std::string no_joint = skinned(kNames, kWeights, kInstance);
  no_joint.replace(no_joint.find("<input semantic=\"JOINT\" source=\"#names\"/>"), 41, "");
  expect_refused(no_joint, "collada.skin.no-joint");
  std::string vcount = kWeights;
  vcount.replace(vcount.find("1 2 1"), 5, "1 2");
  expect_refused(skinned(kNames, vcount, kInstance), "collada.skin.vcount");
  std::string v = kWeights;
  v.replace(v.find("0 0 0 1 1 2 1 0"), 15, "0 0 0 1 1 2 1");
  expect_refused(skinned(kNames, v, kInstance), "collada.skin.vcount");
  std::string joint_past = kWeights;
  joint_past.replace(joint_past.find("1 2 1 0</v>"), 11, "1 2 7 0</v>");
  expect_refused(skinned(kNames, joint_past, kInstance), "collada.skin.index-past-source");
  std::string weight_past = kWeights;
  weight_past.replace(weight_past.find("1 2 1 0</v>"), 11, "1 2 1 9</v>");
  expect_refused(skinned(kNames, weight_past, kInstance), "collada.skin.index-past-source");
  std::string too_many = kWeights;
  too_many.replace(too_many.find("count=\"3\""), 9, "count=\"4\"");
  too_many.replace(too_many.find("1 2 1"), 5, "1 2 1 0");
  expect_refused(skinned(kNames, too_many, kInstance), "collada.skin.too-many-vertices");
  std::string ibm12 =
      "<source id=\"ibm\"><float_array id=\"ibm-a\" count=\"24\">0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 "
      "0 0 0 0 0 0 0 0 0</float_array><technique_common><accessor source=\"#ibm-a\" count=\"2\" "
      "stride=\"12\"><param name=\"TRANSFORM\" type=\"float3x4\"/></accessor></technique_common>"
      "</source>";
  expect_refused(skinned(kNames, kWeights, kInstance, "1 0.25 0.75", ibm12),
                 "collada.skin.inverse-bind");
}

// Q16's other half: 16 wide, but one matrix fewer or more than the two joints.
TEST(SkinRead, RefusesInverseBindMatricesNotOnePerJoint) {
  for (int matrices : {1, 3}) {
    std::string values;
    for (int m = 0; m < matrices; ++m) values += cat(m == 0 ? "" : " ", kIdentity);
    std::string ibm =
        cat("<source id=\"ibm\"><float_array id=\"ibm-a\" count=\"", 16 * matrices, "\">", values,
            "</float_array><technique_common><accessor source=\"#ibm-a\" count=\"", matrices,
            "\" stride=\"16\"><param name=\"TRANSFORM\" type=\"float4x4\"/>"
            "</accessor></technique_common></source>");
    Read r = read(skinned(kNames, kWeights, kInstance, "1 0.25 0.75", ibm));
    ASSERT_FALSE(r.scene.ok()) << matrices << " matrices for 2 joints were read";
    const std::string message(r.scene.status().message());
    EXPECT_EQ(message.rfind("collada.skin.inverse-bind", 0), 0u) << message;
    EXPECT_NE(message.find(cat("16 wide, ", matrices, " for 2 joints")), std::string::npos)
        << message;
  }
}

TEST(SkinRead, IdrefJointsBindToNodesOfThatId) {
  Read r = read(skinned("<IDREF_array id=\"names-a\" count=\"2\">a b</IDREF_array>", kWeights,
                        "<node id=\"skinned\"><instance_controller url=\"#c\"/></node>"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const std::vector<int>& bound = r.scene->skins.at(0).joints;
  EXPECT_EQ(r.scene->nodes[bound[0]].name, "a");
  EXPECT_EQ(r.scene->nodes[bound[1]].name, "b");
  EXPECT_EQ(r.scene->skins.at(0).skeleton, -1);
}

TEST(SkinRead, SidrefJointsFollowTheirIdSidAddress) {
  Read r = read(skinned("<SIDREF_array id=\"names-a\" count=\"2\">root/j0 root/j1</SIDREF_array>",
                        kWeights, "<node id=\"skinned\"><instance_controller url=\"#c\"/></node>"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const std::vector<int>& bound = r.scene->skins.at(0).joints;
  EXPECT_EQ(r.scene->nodes[bound[0]].name, "a");
  EXPECT_EQ(r.scene->nodes[bound[1]].name, "b");
}

TEST(SkinRead, NamesTwoRigsHoldEquallyNearBindTheFirstWithATieWarning) {
  // No <skeleton>: j0 and j1 are held by the rig above and by a second rig beside it, both
  // roots, so neither is nearer the skinned node.
  std::string instances =
      "<node id=\"root2\"><node id=\"a2\" sid=\"j0\"><node id=\"b2\" sid=\"j1\"/></node></node>"
      "<node id=\"skinned\"><instance_controller url=\"#c\"/></node>";
  Read r = read(skinned(kNames, kWeights, instances));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const std::vector<int>& bound = r.scene->skins.at(0).joints;
  EXPECT_EQ(r.scene->nodes[bound[0]].name, "a");
  EXPECT_EQ(r.diagnostics.count("collada.skin.joint-tie"), 1);
}

TEST(SkinRead, NamesSeveralNodesHoldBindTheOneUnderTheSkinnedNodesDeepestAncestor) {
  // No <skeleton>. j0 and j1 are held three times: by the rig at the top (a, b: the first
  // breadth-first from the root, and first in the document), by a3 / b3 deep under "wrap" (an
  // ancestor of the skinned node, and before a2 in the document), and by a2 / b2 under "wrap" too
  // but shallower. The deepest ancestor the skinned node shares is "wrap"; among the candidates
  // under it the shallowest (breadth-first) binds: a2 and b2.
  std::string instances =
      "<node id=\"group\"><node id=\"wrap\">"
      "<node id=\"deep\"><node id=\"deeper\"><node id=\"a3\" sid=\"j0\"><node id=\"b3\" "
      "sid=\"j1\"/></node></node></node>"
      "<node id=\"skinned\"><instance_controller url=\"#c\"/></node>"
      "<node id=\"holder\"><node id=\"a2\" sid=\"j0\"><node id=\"b2\" sid=\"j1\"/></node></node>"
      "</node></node>";
  Read r = read(skinned(kNames, kWeights, instances));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const std::vector<int>& bound = r.scene->skins.at(0).joints;
  ASSERT_EQ(bound.size(), 2u);
  EXPECT_EQ(r.scene->nodes[bound[0]].name, "a2");
  EXPECT_EQ(r.scene->nodes[bound[1]].name, "b2");
  EXPECT_EQ(r.diagnostics.count("collada.skin.joint-tie"), 0);
}

// Under a <skeleton> root the first node breadth-first holding a name binds: one a level down
// before one two levels down that comes first in the document, and of one level the first in
// the document; a name the skin repeats binds the same node each time.
TEST(SkinRead, NamesBindTheFirstHolderBreadthFirstUnderTheSkeleton) {
  const std::string instances =
      "<node id=\"top\"><node id=\"first\"><node id=\"deep\" sid=\"j0\"/>"
      "<node id=\"deep1\" sid=\"j1\"/></node><node id=\"shallow\" sid=\"j0\"/>"
      "<node id=\"second\" sid=\"j1\"/><node id=\"third\" sid=\"j1\"/></node>"
      "<node id=\"skinned\"><instance_controller url=\"#c\"><skeleton>#top</skeleton>"
      "</instance_controller></node>";
  for (const char* names : {"j0 j1", "j0 j0"}) {
    Read r = read(skinned(cat("<Name_array id=\"names-a\" count=\"2\">", names, "</Name_array>"),
                          kWeights, instances));
    ASSERT_TRUE(r.scene.ok()) << r.scene.status();
    const std::vector<int>& bound = r.scene->skins.at(0).joints;
    ASSERT_EQ(bound.size(), 2u);
    EXPECT_EQ(r.scene->nodes[bound[0]].name, "shallow") << names;
    EXPECT_EQ(r.scene->nodes[bound[1]].name,
              std::string_view(names) == "j0 j1" ? "second" : "shallow");
    EXPECT_EQ(r.diagnostics.count("collada.skin.joint-tie"), 0);
  }
}

TEST(SkinRead, UnboundNamesBindToMinusOneWithAWarning) {
  Read r = read(skinned("<Name_array id=\"names-a\" count=\"2\">j0 nobody</Name_array>", kWeights,
                        kInstance));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.scene->skins.at(0).joints[1], -1);
  EXPECT_EQ(r.diagnostics.count("collada.skin.joint-unbound"), 1);
}

TEST(SkinRead, InstancesBindingAlikeShareASkinAndOthersGetTheirOwn) {
  std::string rig2 =
      "<node id=\"root2\" sid=\"r\"><node id=\"a2\" sid=\"j0\"><node id=\"b2\" sid=\"j1\"/></node>"
      "</node>";
  std::string instances =
      cat(kInstance,
          "<node id=\"again\"><instance_controller url=\"#c\"><skeleton>#root</skeleton>"
          "</instance_controller></node>",
          rig2,
          "<node id=\"other\"><instance_controller url=\"#c\"><skeleton>#root2</skeleton>"
          "</instance_controller></node>");
  Read r = read(skinned(kNames, kWeights, instances));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  ASSERT_EQ(r.scene->skins.size(), 2u);
  EXPECT_EQ(r.scene->nodes[r.scene->skins[1].joints[0]].name, "a2");
  // The skinned geometry is shown by one mesh for all three uses (same materials, same skin).
  EXPECT_EQ(r.scene->meshes.size(), 1u);
}

TEST(SkinRead, AGeometrySkinnedAndPlainGetsAMeshPerUse) {
  std::string instances =
      cat(kInstance, "<node id=\"plain\"><instance_geometry url=\"#g\"/></node>");
  Read r = read(skinned(kNames, kWeights, instances));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  ASSERT_EQ(r.scene->meshes.size(), 2u);
  EXPECT_NE(r.scene->meshes[0].find_point_data("joints"), nullptr);
  EXPECT_EQ(r.scene->meshes[1].find_point_data("joints"), nullptr);
  EXPECT_EQ(r.scene->meshes[0].connectivity.data(), r.scene->meshes[1].connectivity.data());
}

rapidjson::Document glb_json(const Scene& scene, Diagnostics& diagnostics) {
  auto written = gltf::write_to_memory(scene, false, "x.bin", diagnostics);
  EXPECT_TRUE(written.ok()) << written.status();
  rapidjson::Document doc;
  doc.Parse(written->json.c_str());
  return doc;
}

TEST(SkinWrite, WritesSkinJointsAndInfluencesWithTheBindShapeFolded) {
  Read r = read(skinned(kNames, kWeights, kInstance));
  ASSERT_TRUE(r.scene.ok());
  Diagnostics d;
  auto written = gltf::write_to_memory(*r.scene, false, "x.bin", d);
  ASSERT_TRUE(written.ok()) << written.status();
  rapidjson::Document doc;
  doc.Parse(written->json.c_str());
  ASSERT_TRUE(doc.HasMember("skins"));
  const auto& skin = doc["skins"][0];
  EXPECT_STREQ(skin["name"].GetString(), "rig");
  EXPECT_EQ(skin["joints"].Size(), 2u);
  EXPECT_EQ(skin["skeleton"].GetInt(), 0);
  EXPECT_EQ(doc["nodes"][3]["skin"].GetInt(), 0);
  const auto& attributes = doc["meshes"][0]["primitives"][0]["attributes"];
  ASSERT_TRUE(attributes.HasMember("JOINTS_0"));
  ASSERT_TRUE(attributes.HasMember("WEIGHTS_0"));
  EXPECT_EQ(doc["accessors"][attributes["JOINTS_0"].GetInt()]["componentType"].GetInt(), 5121);
  // The second inverse bind matrix (a -1 x translation) times the bind shape (a +2 z one).
  const auto& ibm = doc["accessors"][skin["inverseBindMatrices"].GetInt()];
  EXPECT_STREQ(ibm["type"].GetString(), "MAT4");
  size_t offset = doc["bufferViews"][ibm["bufferView"].GetInt()]["byteOffset"].GetUint();
  const float* m = reinterpret_cast<const float*>(written->bin.data() + offset) + 16;
  EXPECT_EQ(m[12], -1);  // column-major: translation in elements 12..14
  EXPECT_EQ(m[14], 2);
}

TEST(SkinWrite, LeavesOutASkinWhoseJointsAreNotUnderOneRoot) {
  Read r = read(skinned(kNames, kWeights, kInstance));
  ASSERT_TRUE(r.scene.ok());
  Scene& scene = *r.scene;
  scene.nodes.emplace_back();  // a second root
  scene.scenes[0].push_back(static_cast<int>(scene.nodes.size() - 1));
  scene.skins[0].joints[1] = static_cast<int>(scene.nodes.size() - 1);
  Diagnostics d;
  rapidjson::Document doc = glb_json(scene, d);
  EXPECT_FALSE(doc.HasMember("skins"));
  EXPECT_EQ(d.count("gltf.write.skin-dropped"), 1);
  EXPECT_EQ(d.count("gltf.write.node-skin-dropped"), 1);
  EXPECT_FALSE(doc["nodes"][3].HasMember("skin"));
}

}  // namespace
}  // namespace px
