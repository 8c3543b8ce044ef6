// Hostile inputs: a document cut at every byte, or with any byte replaced or dropped, never
// crashes the reader; it is refused, or read into a scene whose indices all hold.
#include <gtest/gtest.h>

#include "tests/formats/collada/read/collada_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

// A small document touching every part of the reader: asset, images, effects, materials,
// geometry with several blocks and attributes, nodes with transforms and instances.
std::string small_document() {
  std::string mesh =
      cat(positions("0 0 0  1 0 0  1 1 0  0 1 0"), source("n", "X Y Z", "0 0 1  0 0 -1"),
          source("uv", "S T", "0 0  1 0  1 1"),
          "<triangles count=\"1\" material=\"sym\"><input semantic=\"VERTEX\" source=\"#v\" "
          "offset=\"0\"/><input semantic=\"NORMAL\" source=\"#n\" offset=\"1\"/>"
          "<input semantic=\"TEXCOORD\" source=\"#uv\" offset=\"2\" set=\"0\"/>"
          "<p>0 0 0 1 0 1 2 0 2</p></triangles>\n"
          "<polylist count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<vcount>4</vcount><p>0 1 2 3</p></polylist>\n"
          "<trifans count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<p>0 1 2 3</p></trifans>");
  return geometries_document(
      geometry("g", mesh, "Shape"),
      "<asset><unit meter=\"0.01\"/><up_axis>Z_UP</up_axis></asset>\n"
      "<library_images><image id=\"img\"><init_from>t.png</init_from></image></library_images>\n"
      "<library_effects><effect id=\"fx\"><profile_COMMON><newparam sid=\"surf\"><surface "
      "type=\"2D\"><init_from>img</init_from></surface></newparam><newparam sid=\"samp\">"
      "<sampler2D><source>surf</source></sampler2D></newparam><technique sid=\"c\"><phong>"
      "<diffuse><texture texture=\"samp\" texcoord=\"UV\"/></diffuse><transparent>"
      "<color>0 0 0 0.5</color></transparent></phong></technique></profile_COMMON></effect>"
      "</library_effects>\n<library_materials><material id=\"m\"><instance_effect url=\"#fx\"/>"
      "</material></library_materials>\n<library_nodes><node id=\"part\"><scale>2 2 2</scale>"
      "<instance_geometry url=\"#g\"/></node></library_nodes>\n"
      "<library_visual_scenes><visual_scene id=\"vs\"><node id=\"root\" sid=\"r\">"
      "<translate sid=\"t\">1 2 3</translate><rotate>0 0 1 90</rotate><instance_geometry "
      "url=\"#g\"><bind_material><technique_common><instance_material symbol=\"sym\" "
      "target=\"#m\"/></technique_common></bind_material></instance_geometry>"
      "<instance_node url=\"#part\"/></node></visual_scene></library_visual_scenes>\n"
      "<scene><instance_visual_scene url=\"#vs\"/></scene>");
}

// Every index of a scene that was read names something the scene holds.
void expect_consistent(const Scene& scene, std::string_view what) {
  for (const Mesh& mesh : scene.meshes) {
    ASSERT_EQ(mesh.offsets.size(), mesh.num_cells() + 1) << what;
    ASSERT_EQ(mesh.offsets[0], 0u) << what;
    for (size_t i = 0; i < mesh.num_cells(); ++i) {
      ASSERT_LE(mesh.offsets[i], mesh.offsets[i + 1]) << what;
    }
    ASSERT_EQ(mesh.offsets.back(), mesh.connectivity.size()) << what;
    for (uint32_t v : mesh.connectivity) ASSERT_LT(v, mesh.num_points()) << what;
    for (const NamedColumn& c : mesh.point_data) {
      ASSERT_EQ(c.column.rows, mesh.num_points()) << what << " " << c.name;
    }
    for (const NamedColumn& c : mesh.cell_data) {
      ASSERT_EQ(c.column.rows, mesh.num_cells()) << what << " " << c.name;
    }
    for (int32_t m : mesh.materials()) {
      ASSERT_GE(m, -1) << what;
      ASSERT_LT(m, static_cast<int32_t>(scene.materials.size())) << what;
    }
  }
  for (const Node& node : scene.nodes) {
    ASSERT_LT(node.mesh, static_cast<int>(scene.meshes.size())) << what;
    for (int c : node.children) {
      ASSERT_GE(c, 0) << what;
      ASSERT_LT(c, static_cast<int>(scene.nodes.size())) << what;
    }
  }
  for (const std::vector<int>& roots : scene.scenes) {
    for (int r : roots) ASSERT_LT(r, static_cast<int>(scene.nodes.size())) << what;
  }
  for (const Material& m : scene.materials) {
    for (const TextureRef* t : {&m.base_color_texture, &m.emissive_texture}) {
      ASSERT_LT(t->texture, static_cast<int>(scene.textures.size())) << what;
    }
  }
  for (const Texture& t : scene.textures) {
    ASSERT_LT(t.image, static_cast<int>(scene.images.size())) << what;
  }
}

TEST(HostileTest, SmallDocumentReadsWhole) {
  std::string text = small_document();
  ReadResult r = read_text(text);
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  // The <library_nodes> copy instances g without binding its symbol: a second resolution.
  EXPECT_EQ(r.scene->meshes.size(), 2u);
  EXPECT_EQ(r.scene->nodes.size(), 2u);
  expect_consistent(*r.scene, "whole");
}

TEST(HostileTest, DocumentTruncatedAtEveryByteIsRefusedWithoutCrashing) {
  std::string text = small_document();
  ASSERT_EQ(text.substr(text.size() - 10), "</COLLADA>");
  for (size_t n = 0; n < text.size(); ++n) {
    ReadResult r = read_text(std::string_view(text).substr(0, n));
    ASSERT_FALSE(r.scene.ok()) << "a document cut after " << n << " bytes was read";
    ASSERT_EQ(r.scene.status().code(), absl::StatusCode::kInvalidArgument)
        << n << ": " << r.scene.status();
  }
}

TEST(HostileTest, DocumentWithAnyByteReplacedOrDroppedNeverCrashes) {
  std::string text = small_document();
  size_t read_whole = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    std::vector<std::string> variants;
    for (char c : std::string_view("<>\"#09- x")) {
      std::string changed = text;
      changed[i] = c;
      variants.push_back(std::move(changed));
    }
    variants.push_back(text.substr(0, i) + text.substr(i + 1));
    for (const std::string& variant : variants) {
      ReadResult r = read_text(variant);
      if (!r.scene.ok()) {
        ASSERT_TRUE(r.scene.status().code() == absl::StatusCode::kInvalidArgument ||
                    r.scene.status().code() == absl::StatusCode::kResourceExhausted)
            << i << ": " << r.scene.status();
        continue;
      }
      ++read_whole;
      expect_consistent(*r.scene, cat("byte ", i));
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  EXPECT_GT(read_whole, 0u);
}

TEST(HostileTest, DeeplyNestedDocumentIsRefused) {
  std::string text = "<COLLADA version=\"1.4.1\"><library_visual_scenes><visual_scene id=\"vs\">";
  for (int i = 0; i < 100000; ++i) text += "<node>";
  absl::Status status = read_text(text).scene.status();
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument) << status;
  std::string message(status.message());
  EXPECT_EQ(message.rfind("xml.depth: ", 0), 0u) << message;
}

// A library of `count` nodes, each instancing the next, below one scene root: the nodes being
// read nest count + 1 deep.
std::string instance_chain(int count) {
  std::string nodes;
  for (int i = 0; i < count; ++i) {
    nodes += cat("<node id=\"n", i, "\">",
                 i + 1 < count ? cat("<instance_node url=\"#n", i + 1, "\"/>") : "", "</node>\n");
  }
  return document(cat("<library_nodes>\n", nodes,
                      "</library_nodes>\n<library_visual_scenes><visual_scene id=\"vs\"><node "
                      "id=\"root\"><instance_node url=\"#n0\"/></node></visual_scene>"
                      "</library_visual_scenes>"));
}

// <instance_node> targets are read as they are reached, so that a chain of them would recurse
// as deep as it is long: past Limits::max_depth nodes being read it is refused, naming the
// instance, whatever the chain's length (20,000 overflowed the stack).
TEST(HostileTest, InstanceNodeChainPastTheDepthLimitIsRefused) {
  const std::string text = instance_chain(20000);
  expect_refused(read_text(text).scene.status(), "collada.instance_node.depth", "instance_node",
                 line_of(text, "<instance_node url=\"#n255\""));
  // At the limit it reads: the root and 255 copies.
  ReadResult r = read_text(instance_chain(255));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.scene->nodes.size(), 256u);
  expect_refused(read_text(instance_chain(256)).scene.status(), "collada.instance_node.depth",
                 "instance_node", line_of(instance_chain(256), "<instance_node url=\"#n255\""));
}

TEST(HostileTest, InstanceNodeDepthFollowsTheLimit) {
  const std::string text = instance_chain(10);
  for (int depth : {10, 11}) {
    ReadOptions options;
    options.limits.max_depth = depth;
    Diagnostics diagnostics;
    absl::StatusOr<Scene> scene = read(*memory_source(text), options, diagnostics);
    if (depth == 11) {
      EXPECT_TRUE(scene.ok()) << scene.status();
    } else {
      expect_refused(scene.status(), "collada.instance_node.depth", "instance_node",
                     line_of(text, "<instance_node url=\"#n9\""));
    }
  }
}

}  // namespace
}  // namespace px::collada
