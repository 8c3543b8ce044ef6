// ReadOptions::limits, each at its edge in each format it applies to: a document exactly at a
// limit is read, one a unit past it is refused with the limit's own code (exit code 2).
#include <gtest/gtest.h>
#include <zlib.h>

#include <filesystem>
#include <functional>
#include <string>

#include "engine/errors.h"
#include "engine/strings.h"
#include "polyxios/polyxios.h"
#include "tests/api/api_test_util.h"
#include "tests/support/scratch_dir_test.h"

namespace px {
namespace {

namespace fs = std::filesystem;
using testing::kTriangle;
using testing::rule_of;

// Reads bytes from memory under limits set by `set`.
absl::Status read_with(const std::string& bytes, const std::function<void(Limits&)>& set) {
  ReadOptions options;
  set(options.limits);
  Diagnostics d;
  return read_scene_bytes(bytes, options, d).status();
}

// The limit set by `set(limits, value)` reads `bytes` at `edge` and refuses it at edge - 1 with
// `rule`, exit code 2.
void expect_edge(const std::string& bytes, uint64_t edge,
                 const std::function<void(Limits&, uint64_t)>& set, const std::string& rule) {
  absl::Status at = read_with(bytes, [&](Limits& l) { set(l, edge); });
  EXPECT_TRUE(at.ok()) << rule << " at " << edge << ": " << at;
  absl::Status past = read_with(bytes, [&](Limits& l) { set(l, edge - 1); });
  EXPECT_EQ(rule_of(past), rule) << past;
  EXPECT_EQ(failure_of(past), Failure::kRefused) << past;
}

std::string collada(std::string_view libraries) {
  return cat(
      "<?xml version=\"1.0\"?><COLLADA xmlns=\"http://www.collada.org/2005/11/"
      "COLLADASchema\" version=\"1.4.1\">",
      libraries, "</COLLADA>");
}

std::string gltf(std::string_view members) {
  return cat(R"({"asset": {"version": "2.0"})", members.empty() ? "" : ", ", members, "}");
}

// A visual scene of `count` sibling nodes.
std::string collada_nodes(int count) {
  std::string nodes;
  for (int i = 0; i < count; ++i) nodes += cat("<node id=\"n", i, "\"/>");
  return collada(cat("<library_visual_scenes><visual_scene id=\"vs\">", nodes,
                     "</visual_scene></library_visual_scenes>"));
}

// A controller of `joints` joints skinning a triangle, shown by `instances` instances that each
// bind its joints to a node of their own (a copy of its inverse bind matrices each after the
// first: 16 doubles per joint).
std::string rebinding_document(int joints, int instances) {
  std::string names;
  for (int j = 0; j < joints; ++j) names += "b ";
  std::string nodes;
  for (int i = 0; i < instances; ++i) {
    nodes += cat("<node id=\"c", i, "\"><instance_controller url=\"#k\"><skeleton>#c", i,
                 "</skeleton></instance_controller><node id=\"b", i,
                 "\" sid=\"b\" type=\"JOINT\"/></node>");
  }
  return collada(cat(
      "<library_geometries><geometry id=\"g\"><mesh><source id=\"p\"><float_array id=\"pa\" "
      "count=\"9\">0 0 0 1 0 0 0 1 0</float_array><technique_common><accessor source=\"#pa\" "
      "count=\"3\" stride=\"3\"><param name=\"X\" type=\"float\"/><param name=\"Y\" "
      "type=\"float\"/><param name=\"Z\" type=\"float\"/></accessor></technique_common></source>"
      "<vertices id=\"v\"><input semantic=\"POSITION\" source=\"#p\"/></vertices><triangles "
      "count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/><p>0 1 2</p>"
      "</triangles></mesh></geometry></library_geometries><library_controllers><controller "
      "id=\"k\"><skin source=\"#g\"><source id=\"names\"><Name_array id=\"names-a\" count=\"",
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

TEST(LimitsTest, DefaultsAreTheSpecsCaps) {
  const Limits limits;
  EXPECT_EQ(limits.max_depth, 256);
  EXPECT_EQ(limits.max_nodes, 262144u);
  EXPECT_EQ(limits.bytes_per_node, 8u);
  EXPECT_EQ(limits.max_copy_bytes, uint64_t{256} << 20);
  EXPECT_EQ(limits.copy_bytes_per_input_byte, 16u);
  EXPECT_EQ(limits.max_rebinds_per_node, 16u);
}

TEST(LimitsTest, DepthCountsTheRootAsOneInBothFormats) {
  // COLLADA, extra, technique, then 20 more: 23 deep.
  std::string chain;
  for (int i = 0; i < 20; ++i) chain += "<x>";
  for (int i = 0; i < 20; ++i) chain += "</x>";
  expect_edge(
      collada(cat("<extra><technique profile=\"t\">", chain, "</technique></extra>")), 23,
      [](Limits& l, uint64_t v) { l.max_depth = static_cast<int>(v); }, "xml.depth");
  // The root object, then extras and the 29 arrays in it: 31 deep (the innermost is empty).
  expect_edge(
      gltf(cat(R"("extras": [)", std::string(29, '['), std::string(30, ']'))), 31,
      [](Limits& l, uint64_t v) { l.max_depth = static_cast<int>(v); }, "gltf.json.too-deep");
  // A scalar is a level of its own: extras holding 1 is 2 deep, the 1 3 deep.
  expect_edge(
      gltf(R"("extras": {"a": 1})"), 3,
      [](Limits& l, uint64_t v) { l.max_depth = static_cast<int>(v); }, "gltf.json.too-deep");
}

TEST(LimitsTest, NodesCountEveryInstanceCopyInCollada) {
  auto set = [](Limits& l, uint64_t v) {
    l.max_nodes = v;
    l.bytes_per_node = 0;
  };
  expect_edge(collada_nodes(5), 5, set, "collada.nodes.cap");
  // Node a shown three times: a, then a copy under b and one under c: 5 nodes.
  expect_edge(collada("<library_nodes><node id=\"a\"/></library_nodes><library_visual_scenes>"
                      "<visual_scene id=\"vs\"><node id=\"root\"><instance_node url=\"#a\"/>"
                      "</node><node id=\"b\"><instance_node url=\"#a\"/></node>"
                      "</visual_scene></library_visual_scenes>"),
              4, set, "collada.nodes.cap");
}

TEST(LimitsTest, NodesAreCappedInGltfToo) {
  std::string nodes = R"("nodes": [{}, {}, {}, {}, {}])";
  expect_edge(
      gltf(nodes), 5,
      [](Limits& l, uint64_t v) {
        l.max_nodes = v;
        l.bytes_per_node = 0;
      },
      "limits.nodes");
  // Or one node per bytes_per_node bytes of document, when that is more.
  const std::string doc = gltf(nodes);
  EXPECT_TRUE(read_with(doc, [&](Limits& l) {
                l.max_nodes = 1;
                l.bytes_per_node = doc.size() / 5;
              }).ok());
  EXPECT_EQ(rule_of(read_with(doc,
                              [&](Limits& l) {
                                l.max_nodes = 1;
                                l.bytes_per_node = doc.size() / 4 + 1;
                              })),
            "limits.nodes");
}

TEST(LimitsTest, CopiesOfInverseBindMatricesAreCappedInBytes) {
  // Four bindings of 3 joints, each's inverse bind matrices 3 * 16 doubles: 1536 bytes (the
  // first binding counts, though only those after it are copies the budget refuses).
  expect_edge(
      rebinding_document(3, 4), 1536,
      [](Limits& l, uint64_t v) {
        l.max_copy_bytes = v;
        l.copy_bytes_per_input_byte = 0;
      },
      "collada.copies.budget");
}

TEST(LimitsTest, SkinRebindingsAreCappedPerNodeOfTheNodeCap) {
  // Four instances binding 3 joints each: 12 joints bound afresh, in a document of 8 nodes.
  expect_edge(
      rebinding_document(3, 4), 12,
      [](Limits& l, uint64_t v) {
        l.max_nodes = v;
        l.bytes_per_node = 0;
        l.max_rebinds_per_node = 1;
      },
      "collada.skin.rebind-cap");
}

TEST(LimitsTest, AccessorsAreCappedInGltf) {
  constexpr std::string_view kAccessor = R"({"componentType": 5126, "count": 1, "type": "SCALAR"})";
  std::string accessors;
  for (int i = 0; i < 4; ++i) accessors += cat(i == 0 ? "" : ", ", kAccessor);
  expect_edge(
      gltf(cat(R"("accessors": [)", accessors, "]")), 4,
      [](Limits& l, uint64_t v) { l.max_accessors = v; }, "limits.accessors");
}

TEST(LimitsTest, StringsAreCappedInBothFormats) {
  auto set = [](Limits& l, uint64_t v) { l.max_string_bytes = v; };
  const std::string name(1000, 'n');
  // The longest string of each document is the name of 1000 bytes.
  expect_edge(collada(cat("<library_visual_scenes><visual_scene id=\"vs\"><node name=\"", name,
                          "\"/></visual_scene></library_visual_scenes>")),
              1000, set, "limits.string-length");
  expect_edge(collada(cat("<asset><contributor><author>", name, "</author></contributor></asset>")),
              1000, set, "limits.string-length");
  expect_edge(collada(cat("<", name, "/>")), 1000, set, "limits.string-length");
  expect_edge(gltf(cat(R"("nodes": [{"name": ")", name, R"("}])")), 1000, set,
              "limits.string-length");
  expect_edge(gltf(cat(R"("extras": {")", name, R"(": 1})")), 1000, set, "limits.string-length");
}

class InputLimitTest : public test_support::ScratchDirTest {
 protected:
  // read_scene of path reads it at `edge` input bytes, and refuses it at edge - 1.
  void expect_file_edge(const fs::path& path, uint64_t edge) {
    for (uint64_t limit : {edge, edge - 1}) {
      ReadOptions options;
      options.limits.max_input_bytes = limit;
      Diagnostics d;
      absl::Status status = read_scene(path, options, d).status();
      if (limit == edge) {
        EXPECT_TRUE(status.ok()) << path << ": " << status;
      } else {
        EXPECT_EQ(rule_of(status), "limits.input-bytes") << path << ": " << status;
        EXPECT_EQ(failure_of(status), Failure::kRefused);
      }
    }
  }
};

TEST_F(InputLimitTest, FilesAreCappedBySizeInEveryFormat) {
  const fs::path dae = write_file("t.dae", kTriangle);
  expect_file_edge(dae, fs::file_size(dae));
  Diagnostics d;
  absl::StatusOr<Scene> scene = read_scene(dae, ReadOptions{}, d);
  ASSERT_TRUE(scene.ok());
  ASSERT_TRUE(write_scene(*scene, dir_ / "t.glb", WriteOptions{}, d).ok());
  expect_file_edge(dir_ / "t.glb", fs::file_size(dir_ / "t.glb"));
  // A .gltf and the buffer file it loads count together.
  ASSERT_TRUE(write_scene(*scene, dir_ / "t.gltf", WriteOptions{}, d).ok());
  expect_file_edge(dir_ / "t.gltf", fs::file_size(dir_ / "t.gltf") + fs::file_size(dir_ / "t.bin"));
}

TEST_F(InputLimitTest, AGzippedDocumentIsCappedByItsInflatedBytes) {
  const fs::path path = dir_ / "t.dae.gz";
  gzFile gz = gzopen(path.c_str(), "wb");
  ASSERT_NE(gz, nullptr);
  const std::string text = kTriangle;
  ASSERT_EQ(gzwrite(gz, text.data(), static_cast<unsigned>(text.size())),
            static_cast<int>(text.size()));
  ASSERT_EQ(gzclose(gz), Z_OK);
  ASSERT_LT(fs::file_size(path), text.size());
  expect_file_edge(path, text.size());
}

TEST(LimitsTest, BytesInMemoryAreCappedInEveryFormat) {
  auto set = [](Limits& l, uint64_t v) { l.max_input_bytes = v; };
  expect_edge(kTriangle, sizeof kTriangle - 1, set, "limits.input-bytes");
  Diagnostics d;
  absl::StatusOr<Scene> scene = read_scene_bytes(kTriangle, ReadOptions{}, d);
  ASSERT_TRUE(scene.ok());
  WriteOptions options;
  options.binary = true;
  absl::Status status;
  const std::string glb = testing::written_to_stream(*scene, options, &status);
  ASSERT_TRUE(status.ok());
  expect_edge(glb, glb.size(), set, "limits.input-bytes");
}

}  // namespace
}  // namespace px
