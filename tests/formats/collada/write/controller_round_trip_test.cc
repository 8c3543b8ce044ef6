// Skins through the whole COLLADA writer and back through the reader (spec/collada.md "Writing",
// the skin sentences, and Known limitations L2): glTF-like scenes, COLLADA documents written back,
// instanced characters and rigs.
#include <algorithm>
#include <cstring>

#include "engine/base64.h"
#include "formats/gltf/read/gltf_reader.h"
#include "polyxios/ops/node_tree.h"
#include "tests/formats/collada/write/controller_read_back.h"
#include "tests/formats/collada/write/controller_test_scene.h"
#include "tests/formats/collada/write/write_test_util.h"

namespace px::collada::testing {
namespace {

// W25, W26, W27, L2: a glTF-like skinned scene reads back with the same joints, matrices and
// packed influences, its joints JOINT nodes with sids, its top joint the skeleton and the
// controller's id its name.
TEST(ControllerRoundTrip, AGltfSkinReadsBackWithWhatColladaBindsBy) {
  Scene scene = skinned_scene();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  const std::string& text = *rt.written.text;
  EXPECT_EQ(warned(rt.written, "collada.write.skin-dropped"), 0);
  EXPECT_EQ(occurrences(text, "<instance_controller url=\"#Body-skin\""), 1u);
  EXPECT_EQ(occurrences(text, "<instance_geometry"), 0u);
  EXPECT_EQ(occurrences(text, "<Name_array"), 1u);
  const Scene& back = *rt.read.scene;
  const int body = node_named(back, "body");
  ASSERT_GE(body, 0);
  const Skin& skin = skin_of_node(back, body);
  EXPECT_EQ(joint_names(back, skin), (std::vector<std::string>{"hip", "knee"}));
  EXPECT_EQ(values_of(skin.inverse_bind_matrices), values_of(scene.skins[0].inverse_bind_matrices));
  EXPECT_EQ(skin.name, "Body-skin");
  EXPECT_EQ(skin.skeleton, node_named(back, "hip"));
  for (const char* name : {"hip", "knee"}) {
    const Node& joint = back.nodes.at(node_named(back, name));
    EXPECT_TRUE(joint.joint) << name;
    ASSERT_TRUE(joint.sid.has_value()) << name;
  }
  EXPECT_FALSE(back.nodes.at(node_named(back, "root")).joint);
  EXPECT_EQ(point_values(back, body, "joints"),
            (std::vector<double>{0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0}));
  EXPECT_EQ(point_values(back, body, "weights"),
            (std::vector<double>{1, 0, 0, 0, 0.25, 0.75, 0, 0, 1, 0, 0, 0}));
}

// A COLLADA skin over a two-joint rig with sids, a <skeleton> and a bind shape.
constexpr std::string_view kSkinnedDocument = R"(<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset><created>2024-01-02T03:04:05Z</created><modified>2024-01-02T03:04:05Z</modified></asset>
  <library_geometries><geometry id="tri" name="tri"><mesh>
    <source id="p"><float_array id="pa" count="9">0 0 0 1 0 0 0 1 0</float_array>
      <technique_common><accessor source="#pa" count="3" stride="3">
        <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
      </accessor></technique_common></source>
    <vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
    <triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 2</p></triangles>
  </mesh></geometry></library_geometries>
  <library_controllers><controller id="tri-skin" name="Rig"><skin source="#tri">
    <bind_shape_matrix>1 0 0 0 0 1 0 0 0 0 1 0.5 0 0 0 1</bind_shape_matrix>
    <source id="j"><Name_array id="ja" count="2">Bone1 Bone2</Name_array>
      <technique_common><accessor source="#ja" count="2"><param name="JOINT" type="name"/>
      </accessor></technique_common></source>
    <source id="m"><float_array id="ma" count="32">
      1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1  1 0 0 0 0 1 0 -2 0 0 1 0 0 0 0 1</float_array>
      <technique_common><accessor source="#ma" count="2" stride="16">
        <param name="TRANSFORM" type="float4x4"/></accessor></technique_common></source>
    <source id="w"><float_array id="wa" count="3">1 0.5 0.5</float_array>
      <technique_common><accessor source="#wa" count="3"><param name="WEIGHT" type="float"/>
      </accessor></technique_common></source>
    <joints><input semantic="JOINT" source="#j"/><input semantic="INV_BIND_MATRIX" source="#m"/></joints>
    <vertex_weights count="3"><input semantic="JOINT" source="#j" offset="0"/>
      <input semantic="WEIGHT" source="#w" offset="1"/>
      <vcount>1 2 0</vcount><v>0 0 0 1 1 2</v></vertex_weights>
  </skin></controller></library_controllers>
  <library_visual_scenes><visual_scene id="s">
    <node id="armature" name="armature">
      <node id="b1" name="b1" sid="Bone1" type="JOINT"><translate sid="t">0 1 0</translate>
        <node id="b2" name="b2" sid="Bone2" type="JOINT"><translate sid="t">0 1 0</translate></node>
      </node>
    </node>
    <node id="mesh" name="mesh"><instance_controller url="#tri-skin"><skeleton>#b1</skeleton>
    </instance_controller></node>
  </visual_scene></library_visual_scenes>
  <scene><instance_visual_scene url="#s"/></scene>
</COLLADA>)";

// W25, W26, W27: a COLLADA skin written back keeps its joints' sids in a Name_array, its
// skeleton, bind shape, matrices, name and influences.
TEST(ControllerRoundTrip, AColladaSkinWritesBackAsItWasRead) {
  ReadResult first = read_text(kSkinnedDocument);
  ASSERT_TRUE(first.scene.ok()) << first.scene.status();
  RoundTrip rt = write_and_read(*first.scene);
  ASSERT_TRUE(rt.read.scene.ok());
  const std::string& text = *rt.written.text;
  EXPECT_NE(text.find(">Bone1 Bone2</Name_array>"), std::string::npos) << text;
  EXPECT_NE(text.find("<skeleton>#b1</skeleton>"), std::string::npos) << text;
  const Scene& back = *rt.read.scene;
  const int mesh = node_named(back, "mesh");
  ASSERT_GE(mesh, 0);
  const Skin& a = skin_of_node(*first.scene, node_named(*first.scene, "mesh"));
  const Skin& b = skin_of_node(back, mesh);
  EXPECT_EQ(joint_names(back, b), (std::vector<std::string>{"b1", "b2"}));
  EXPECT_EQ(b.name, "Rig");
  EXPECT_EQ(b.skeleton, node_named(back, "b1"));
  EXPECT_EQ(values_of(b.inverse_bind_matrices), values_of(a.inverse_bind_matrices));
  EXPECT_EQ(values_of(b.bind_shape_matrix), values_of(a.bind_shape_matrix));
  EXPECT_EQ(point_values(back, mesh, "joints"),
            point_values(*first.scene, node_named(*first.scene, "mesh"), "joints"));
  EXPECT_EQ(point_values(back, mesh, "weights"),
            point_values(*first.scene, node_named(*first.scene, "mesh"), "weights"));
  EXPECT_EQ(rt.read.diagnostics.count("collada.skin.joint-unbound"), 0);
}

// A character (rig and skinned mesh) in <library_nodes>, instanced twice.
std::string instanced_character_document() {
  std::string doc(kSkinnedDocument);
  const std::string_view scene_start = "<library_visual_scenes>";
  const size_t from = doc.find(scene_start);
  const size_t to =
      doc.find("</library_visual_scenes>") + std::string_view("</library_visual_scenes>").size();
  const std::string nodes =
      doc.substr(doc.find("<node id=\"armature\""),
                 doc.find("</visual_scene>") - doc.find("<node id=\"armature\""));
  doc.replace(from, to - from,
              cat("<library_nodes><node id=\"character\" name=\"character\">", nodes,
                  "</node></library_nodes><library_visual_scenes><visual_scene id=\"s\">"
                  "<node id=\"left\" name=\"left\"><translate>-5 0 0</translate>"
                  "<instance_node url=\"#character\"/></node>"
                  "<node id=\"right\" name=\"right\"><translate>5 0 0</translate>"
                  "<instance_node url=\"#character\"/></node>"
                  "</visual_scene></library_visual_scenes>"));
  return doc;
}

// W25: a skinned character instanced twice round-trips as one controller instanced twice, each
// copy deformed by its own rig.
TEST(ControllerRoundTrip, ACharacterInstancedTwiceIsOneControllerInstancedTwice) {
  ReadResult first = read_text(instanced_character_document());
  ASSERT_TRUE(first.scene.ok()) << first.scene.status();
  ASSERT_EQ(first.scene->skins.size(), 2u);
  RoundTrip rt = write_and_read(*first.scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(occurrences(*rt.written.text, "<controller "), 1u) << *rt.written.text;
  EXPECT_EQ(warned(rt.written, "collada.write.skin-dropped"), 0);
  const Scene& back = *rt.read.scene;
  const NodeAncestry tree(back.nodes);
  int skinned = 0;
  for (size_t i = 0; i < back.nodes.size(); ++i) {
    if (back.nodes[i].name != "mesh") continue;
    ++skinned;
    const int character = tree.parent(static_cast<int>(i));
    for (int j : skin_of_node(back, static_cast<int>(i)).joints) {
      EXPECT_TRUE(tree.is_ancestor_or_self(character, j));
    }
  }
  EXPECT_EQ(skinned, 2);
  EXPECT_EQ(back.skins.size(), 2u);
}

// W26: a rig reached by two parents is written once in <library_nodes>; its joints are named by
// id in an IDREF_array, and each copy's skin binds the rig nearest it.
TEST(ControllerRoundTrip, JointsOfARigInstancedTwiceAreNamedById) {
  Scene scene = skinned_scene();
  Node other;
  other.name = "other";
  other.children = {kHip};
  scene.nodes.push_back(std::move(other));
  scene.scenes[0].push_back(4);
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(occurrences(*rt.written.text, "<IDREF_array"), 1u) << *rt.written.text;
  const Scene& back = *rt.read.scene;
  const NodeAncestry tree(back.nodes);
  const int body = node_named(back, "body");
  ASSERT_GE(body, 0);
  EXPECT_EQ(joint_names(back, skin_of_node(back, body)), (std::vector<std::string>{"hip", "knee"}));
  for (int j : skin_of_node(back, body).joints) {
    EXPECT_TRUE(tree.is_ancestor_or_self(tree.parent(body), j));
  }
}

// W28: a skin that cannot be written leaves its node instancing the geometry, and the mesh reads
// back without influences.
TEST(ControllerRoundTrip, ASkinLeftOutLeavesItsNodeInstancingTheGeometry) {
  Scene scene = skinned_scene();
  scene.skins[0].inverse_bind_matrices = arena_column(scene, translation_rows(0, 0, 0), 16);
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.skin-dropped"), 1);
  EXPECT_EQ(occurrences(*rt.written.text, "<library_controllers"), 0u);
  EXPECT_EQ(occurrences(*rt.written.text, "<instance_geometry"), 1u);
  const Scene& back = *rt.read.scene;
  const int body = node_named(back, "body");
  ASSERT_GE(body, 0);
  EXPECT_EQ(back.nodes[body].skin, -1);
  EXPECT_TRUE(point_values(back, body, "joints").empty());
}

// A glTF document of a triangle skinned to two joints (root -> hip -> knee, the mesh on root),
// its buffer a data: URI: positions, JOINTS_0 as unsigned bytes, WEIGHTS_0 and the inverse bind
// matrices column by column, as glTF stores them (hip's translates by (0, 0, 0), knee's by
// (0, -1, 0)).
std::string gltf_skinned_triangle() {
  std::string bytes;
  auto put = [&](const auto& values) {
    bytes.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(values[0]));
  };
  put(std::vector<float>{0, 0, 0, 1, 0, 0, 0, 1, 0});                      // 0: 36 bytes
  put(std::vector<uint8_t>{0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0});           // 36: 12
  put(std::vector<float>{1, 0, 0, 0, 0.25f, 0.75f, 0, 0, 1, 0, 0, 0});     // 48: 48
  put(std::vector<float>{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0,  0, 1,  // 96: 128
                         1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1});
  return cat(R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],
    "nodes":[{"name":"root","mesh":0,"skin":0,"children":[1]},{"name":"hip","children":[2]},
             {"name":"knee","translation":[0,1,0]}],
    "meshes":[{"primitives":[{"attributes":{"POSITION":0,"JOINTS_0":1,"WEIGHTS_0":2}}]}],
    "skins":[{"joints":[1,2],"inverseBindMatrices":3}],
    "accessors":[
      {"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[1,1,0]},
      {"bufferView":1,"componentType":5121,"count":3,"type":"VEC4"},
      {"bufferView":2,"componentType":5126,"count":3,"type":"VEC4"},
      {"bufferView":3,"componentType":5126,"count":2,"type":"MAT4"}],
    "bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":36},
                   {"buffer":0,"byteOffset":36,"byteLength":12},
                   {"buffer":0,"byteOffset":48,"byteLength":48},
                   {"buffer":0,"byteOffset":96,"byteLength":128}],
    "buffers":[{"byteLength":)",
             bytes.size(), R"(,"uri":"data:application/octet-stream;base64,)", base64_encode(bytes),
             R"("}]})");
}

// L2, W25: a skin read from glTF (unnamed, no skeleton, joints without sids) written as COLLADA
// reads back over the same joints, matrices (row-major) and influences, with a skeleton (its top
// joint) and a name (the controller's id).
TEST(ControllerRoundTrip, ASkinReadFromGltfComesBackBound) {
  Diagnostics diagnostics;
  absl::StatusOr<Scene> gltf =
      gltf::read_memory(gltf_skinned_triangle(), "", ReadOptions(), diagnostics);
  ASSERT_TRUE(gltf.ok()) << gltf.status();
  RoundTrip rt = write_and_read(*gltf);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.skin-dropped"), 0);
  const Scene& back = *rt.read.scene;
  const int root = node_named(back, "root");
  const Skin& skin = skin_of_node(back, root);
  EXPECT_EQ(joint_names(back, skin), (std::vector<std::string>{"hip", "knee"}));
  EXPECT_EQ(skin.skeleton, node_named(back, "hip"));
  ASSERT_EQ(gltf->skins.size(), 1u);
  EXPECT_EQ(gltf->skins[0].name, std::nullopt);
  EXPECT_EQ(gltf->skins[0].skeleton, -1);
  const std::string name = skin.name.value_or("");
  EXPECT_NE(rt.written.text->find(cat("<controller id=\"", name, "\">")), std::string::npos)
      << name;
  std::vector<double> ibm = translation_rows(0, 0, 0);
  std::vector<double> knee = translation_rows(0, -1, 0);
  ibm.insert(ibm.end(), knee.begin(), knee.end());
  EXPECT_EQ(values_of(skin.inverse_bind_matrices), ibm);
  EXPECT_EQ(point_values(back, root, "joints"),
            (std::vector<double>{0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0}));
  EXPECT_EQ(point_values(back, root, "weights"),
            (std::vector<double>{1, 0, 0, 0, 0.25, 0.75, 0, 0, 1, 0, 0, 0}));
  for (const char* name : {"hip", "knee"}) {
    const Node& joint = back.nodes.at(node_named(back, name));
    EXPECT_TRUE(joint.joint) << name;
    EXPECT_FALSE(joint.sid.value_or("").empty()) << name;
  }
}

// W28: skins of any content (joints that are not node indices, matrices that are not 4x4) are
// left out with a warning, never trusted.
TEST(ControllerRoundTrip, SkinsOfAnyContentAreLeftOutNotTrusted) {
  Scene scene = skinned_scene();
  Skin& unbound = scene.skins.emplace_back();
  unbound.joints = {-1, 1 << 20};
  Skin& narrow = scene.skins.emplace_back(skin_entry(scene, {kHip}));
  narrow.inverse_bind_matrices = arena_column(scene, std::vector<double>{1, 0, 0}, 3);
  Skin& shapeless = scene.skins.emplace_back(skin_entry(scene, {kHip}));
  shapeless.bind_shape_matrix = arena_column(scene, std::vector<double>(4, 1.0), 4);
  for (int s = 1; s <= 3; ++s) {
    Node n;
    n.mesh = 0;
    n.skin = s;
    scene.nodes.push_back(std::move(n));
    scene.nodes[kRoot].children.push_back(static_cast<int>(scene.nodes.size()) - 1);
  }
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.skin-dropped"), 3);
  EXPECT_EQ(occurrences(*rt.written.text, "<controller "), 1u);
  EXPECT_EQ(occurrences(*rt.written.text, "<instance_geometry"), 3u);
}

}  // namespace
}  // namespace px::collada::testing
