// spec/collada.md, Quirks: what a read refuses, each by its rule, naming the element and its line.
#include <gtest/gtest.h>

#include <atomic>

#include "polyxios/memory/allocation_gate.h"
#include "tests/formats/collada/read/collada_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

absl::Status status_of(std::string_view text) { return read_text(text).scene.status(); }

constexpr std::string_view kVertexInput = "<input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>";

TEST(RefusalsTest, DocumentDeclaringAnEntityIsRefused) {
  std::string text =
      cat("<?xml version=\"1.0\"?>\n<!DOCTYPE COLLADA [\n<!ENTITY lol \"lol\">\n]>\n"
          "<COLLADA version=\"1.4.1\">&lol;</COLLADA>");
  expect_refused(status_of(text), "xml.entity.declared", "!ENTITY lol", line_of(text, "<!ENTITY"));
  // Whatever the XML library would do with it: unused, external or a parameter entity.
  for (std::string_view declaration :
       {"<!ENTITY unused \"x\">", "<!ENTITY ext SYSTEM \"file:///etc/passwd\">",
        "<!ENTITY % param \"x\">"}) {
    std::string unused = cat("<?xml version=\"1.0\"?>\n<!DOCTYPE COLLADA [\n", declaration,
                             "\n]>\n<COLLADA version=\"1.4.1\"/>");
    absl::Status status = status_of(unused);
    EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument) << declaration;
    EXPECT_EQ(std::string(status.message()).rfind("xml.entity.declared: ", 0), 0u)
        << declaration << ": " << status;
  }
}

TEST(RefusalsTest, DecimalCommaInNumbersIsRefused) {
  std::string text = mesh_document(cat(source("pos", "X Y Z", "0,5 0 0  1 0 0  0 1 0"),
                                       "<vertices id=\"v\"><input semantic=\"POSITION\" "
                                       "source=\"#pos\"/></vertices>"));
  expect_refused(status_of(text), "number.not-a-number", "float_array",
                 line_of(text, "<float_array"));
  std::string indices =
      mesh_document(cat(positions("0 0 0  1 0 0  0 1 0"), "\n<triangles count=\"1\">", kVertexInput,
                        "\n<p>0 1,0 2</p></triangles>"));
  expect_refused(status_of(indices), "number.not-a-number", "p", line_of(indices, "<p>"));
  std::string transform = document(
      "<library_visual_scenes><visual_scene id=\"vs\"><node id=\"n\">\n"
      "<translate>1,5 0 0</translate></node></visual_scene></library_visual_scenes>");
  expect_refused(status_of(transform), "number.not-a-number", "translate",
                 line_of(transform, "<translate"));
}

TEST(RefusalsTest, FloatArrayCountDisagreeingWithItsContentIsRefused) {
  std::string text = mesh_document(
      "<source id=\"pos\"><float_array id=\"a\" count=\"8\">0 0 0 1 0 0 0 1 0</float_array>"
      "<technique_common><accessor source=\"#a\" count=\"2\" stride=\"3\"><param name=\"X\" "
      "type=\"float\"/><param name=\"Y\" type=\"float\"/><param name=\"Z\" type=\"float\"/>"
      "</accessor></technique_common></source>\n"
      "<vertices id=\"v\"><input semantic=\"POSITION\" source=\"#pos\"/></vertices>");
  expect_refused(status_of(text), "collada.array.count", "float_array",
                 line_of(text, "<float_array"));
}

TEST(RefusalsTest, AccessorReadingPastItsArrayIsRefused) {
  std::string text = mesh_document(
      "<source id=\"pos\"><float_array id=\"a\" count=\"9\">0 0 0 1 0 0 0 1 0</float_array>\n"
      "<technique_common>\n<accessor source=\"#a\" count=\"4\" stride=\"3\"><param name=\"X\" "
      "type=\"float\"/><param name=\"Y\" type=\"float\"/><param name=\"Z\" type=\"float\"/>"
      "</accessor></technique_common></source>\n"
      "<vertices id=\"v\"><input semantic=\"POSITION\" source=\"#pos\"/></vertices>");
  expect_refused(status_of(text), "collada.accessor.past-array", "accessor",
                 line_of(text, "<accessor"));
}

TEST(RefusalsTest, PLengthDisagreeingWithTheBlockCountIsRefused) {
  for (std::string_view block :
       {"<triangles count=\"2\">", "<lines count=\"1\">", "<tristrips count=\"2\">",
        "<linestrips count=\"2\">", "<trifans count=\"2\">", "<polygons count=\"2\">"}) {
    std::string name(block.substr(1, block.find(' ') - 1));
    std::string text = mesh_document(cat(positions("0 0 0  1 0 0  0 1 0"), "\n", block,
                                         kVertexInput, "<p>0 1 2</p></", name, ">"));
    expect_refused(status_of(text), "collada.p.length", name, line_of(text, cat("<", name)));
  }
}

TEST(RefusalsTest, PLengthDisagreeingWithVcountIsRefused) {
  std::string text =
      mesh_document(cat(positions("0 0 0  1 0 0  0 1 0"), "\n<polylist count=\"2\">", kVertexInput,
                        "<vcount>3 3</vcount><p>0 1 2 0 1</p></polylist>"));
  expect_refused(status_of(text), "collada.p.length", "polylist", line_of(text, "<polylist"));
}

TEST(RefusalsTest, VcountLengthDisagreeingWithTheBlockCountIsRefused) {
  std::string text = mesh_document(cat(positions("0 0 0  1 0 0  0 1 0"), "\n<polylist count=\"2\">",
                                       kVertexInput, "<vcount>3</vcount><p>0 1 2</p></polylist>"));
  expect_refused(status_of(text), "collada.vcount.length", "polylist", line_of(text, "<polylist"));
}

TEST(RefusalsTest, IndexPastItsSourceIsRefused) {
  std::string positions_past =
      mesh_document(cat(positions("0 0 0  1 0 0  0 1 0"), "\n<triangles count=\"1\">", kVertexInput,
                        "<p>0 1 3</p></triangles>"));
  expect_refused(status_of(positions_past), "collada.index.past-source", "triangles",
                 line_of(positions_past, "<triangles"));
  std::string normal_past = mesh_document(
      cat(positions("0 0 0  1 0 0  0 1 0"), source("n", "X Y Z", "0 0 1"),
          "\n<triangles count=\"1\">", kVertexInput,
          "<input semantic=\"NORMAL\" source=\"#n\" offset=\"1\"/><p>0 0 1 0 2 1</p></triangles>"));
  expect_refused(status_of(normal_past), "collada.index.past-source", "triangles",
                 line_of(normal_past, "<triangles"));
  std::string negative =
      mesh_document(cat(positions("0 0 0  1 0 0  0 1 0"), "\n<lines count=\"1\">", kVertexInput,
                        "<p>0 -1</p></lines>"));
  expect_refused(status_of(negative), "collada.index.past-source", "lines",
                 line_of(negative, "<lines"));
}

TEST(RefusalsTest, UrlTheDocumentDoesNotHoldIsRefused) {
  std::string geometry_url = geometries_document(
      geometry("g", triangle_mesh()),
      "<library_visual_scenes><visual_scene id=\"vs\"><node id=\"n\">\n"
      "<instance_geometry url=\"#nope\"/></node></visual_scene></library_visual_scenes>");
  expect_refused(status_of(geometry_url), "collada.url.unresolved", "instance_geometry",
                 line_of(geometry_url, "<instance_geometry"));
  std::string input_url =
      mesh_document(cat(positions("0 0 0  1 0 0  0 1 0"), "\n<triangles count=\"1\">", kVertexInput,
                        "\n<input semantic=\"NORMAL\" source=\"#nope\" "
                        "offset=\"0\"/><p>0 1 2</p></triangles>"));
  expect_refused(status_of(input_url), "collada.url.unresolved", "input",
                 line_of(input_url, "#nope"));
  std::string effect_url = document(
      "<library_materials>\n<material id=\"m\">\n<instance_effect url=\"#nope\"/></material>"
      "</library_materials>");
  expect_refused(status_of(effect_url), "collada.url.unresolved", "instance_effect",
                 line_of(effect_url, "<instance_effect"));
  std::string material_url = geometries_document(
      geometry("g", triangle_mesh()),
      "<library_visual_scenes><visual_scene id=\"vs\"><node id=\"n\"><instance_geometry "
      "url=\"#g\"><bind_material><technique_common>\n<instance_material symbol=\"s\" "
      "target=\"#nope\"/></technique_common></bind_material></instance_geometry></node>"
      "</visual_scene></library_visual_scenes>");
  expect_refused(status_of(material_url), "collada.url.unresolved", "instance_material",
                 line_of(material_url, "<instance_material"));
}

TEST(RefusalsTest, ExternalReferenceOutsideTheDroppedInstancesIsRefused) {
  std::string accessor = mesh_document(
      "<source id=\"pos\"><float_array id=\"a\" count=\"3\">0 0 0</float_array>\n"
      "<technique_common><accessor source=\"other.dae#a\" count=\"1\" stride=\"3\">"
      "<param name=\"X\" type=\"float\"/><param name=\"Y\" type=\"float\"/>"
      "<param name=\"Z\" type=\"float\"/></accessor></technique_common></source>\n"
      "<vertices id=\"v\"><input semantic=\"POSITION\" source=\"#pos\"/></vertices>");
  EXPECT_FALSE(read_text(accessor).scene.ok());
  expect_refused(status_of(accessor), "collada.accessor.source", "accessor",
                 line_of(accessor, "<accessor"));
  std::string input =
      mesh_document(cat(positions("0 0 0  1 0 0  0 1 0"), "\n<triangles count=\"1\">", kVertexInput,
                        "\n<input semantic=\"NORMAL\" source=\"other.dae#n\" "
                        "offset=\"0\"/><p>0 1 2</p></triangles>"));
  expect_refused(status_of(input), "collada.input.source", "input", line_of(input, "other.dae#n"));
}

TEST(RefusalsTest, TransformWithTheWrongNumberOfValuesIsRefused) {
  for (std::string_view transform :
       {"<translate>1 2</translate>", "<rotate>0 0 1</rotate>", "<scale>1 1 1 1</scale>",
        "<matrix>1 0 0 0 0 1 0 0 0 0 1 0 0 0 0</matrix>", "<lookat>0 0 0 0 0 1 0 1</lookat>",
        "<skew>45 0 1 0 1 0</skew>"}) {
    std::string name(transform.substr(1, transform.find('>') - 1));
    std::string text =
        document(cat("<library_visual_scenes><visual_scene id=\"vs\">"
                     "<node id=\"n\">\n<translate>0 0 0</translate>\n",
                     transform, "</node></visual_scene></library_visual_scenes>"));
    expect_refused(status_of(text), "collada.transform.values", name,
                   line_of(text, cat("<", name), name == "translate" ? 2 : 1));
  }
}

TEST(RefusalsTest, NodeInstancingItselfIsRefused) {
  std::string direct = document(
      "<library_visual_scenes><visual_scene id=\"vs\">\n<node id=\"self\">"
      "<instance_node url=\"#self\"/></node></visual_scene></library_visual_scenes>");
  expect_refused(status_of(direct), "collada.instance_node.cycle", "node",
                 line_of(direct, "<node id=\"self\""));
  // Through a second node of <library_nodes>.
  std::string indirect = document(
      "<library_nodes>\n<node id=\"a\"><instance_node url=\"#b\"/></node>\n"
      "<node id=\"b\"><node id=\"b-child\"><instance_node url=\"#a\"/></node></node>\n"
      "</library_nodes>\n<library_visual_scenes><visual_scene id=\"vs\"><node id=\"root\">"
      "<instance_node url=\"#a\"/></node></visual_scene></library_visual_scenes>");
  expect_refused(status_of(indirect), "collada.instance_node.cycle", "node",
                 line_of(indirect, "<node id=\"a\""));
}

// A scene whose root instances n0, each n<i> instancing n<i+1> twice down to the leaf n<levels>:
// 2^(levels+1) nodes, then `extra_roots` more; `padding` bytes of comment make the document
// larger.
std::string doubling_document(int levels, int extra_roots, size_t padding = 0) {
  std::string nodes;
  for (int level = 0; level < levels; ++level) {
    nodes += cat("<node id=\"n", level, "\"><instance_node url=\"#n", level + 1,
                 "\"/><instance_node url=\"#n", level + 1, "\"/></node>\n");
  }
  nodes += cat("<node id=\"n", levels, "\"/>\n");
  std::string roots = "<node id=\"root\"><instance_node url=\"#n0\"/></node>\n";
  for (int i = 0; i < extra_roots; ++i) roots += cat("<node id=\"extra", i, "\"/>\n");
  return document(cat(padding == 0 ? "" : cat("<!--", std::string(padding, ' '), "-->\n"),
                      "<library_nodes>\n", nodes,
                      "</library_nodes>\n<library_visual_scenes><visual_scene id=\"vs\">\n", roots,
                      "</visual_scene></library_visual_scenes>"));
}

TEST(RefusalsTest, InstancesMayExpandTheTreeToTheNodeCap) {
  ReadResult r = read_text(doubling_document(17, 0));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.scene->nodes.size(), 262144u);
}

TEST(RefusalsTest, InstancesExpandingTheTreePastTheNodeCapAreRefused) {
  // The node that would be one past the cap is named.
  std::string text = doubling_document(17, 1);
  expect_refused(status_of(text), "collada.nodes.cap", "node", line_of(text, "<node id=\"extra0\""),
                 absl::StatusCode::kResourceExhausted);
}

TEST(RefusalsTest, NodeCapGrowsToOneNodePerEightBytesOfDocument) {
  // 262145 nodes fit in a document of more than 8 * 262145 bytes.
  ReadResult r = read_text(doubling_document(17, 1, 8 * 262145));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.scene->nodes.size(), 262145u);
}

// The largest block a read asks the allocation gate for (polyxios/memory/allocation_gate.h: the
// arena, the scratch blocks number arrays reserve in, the XML parser's memory), all of them
// allowed.
std::atomic<size_t> largest_request{0};
bool record_request(size_t bytes) {
  size_t seen = largest_request.load();
  while (bytes > seen && !largest_request.compare_exchange_weak(seen, bytes)) {
  }
  return true;
}
struct Refusal {
  absl::Status status;
  size_t largest_request;
};
Refusal read_measured(std::string_view text) {
  largest_request = 0;
  set_allocation_gate(record_request);
  absl::Status status = status_of(text);
  set_allocation_gate(nullptr);
  return {status, largest_request.load()};
}

// Each count says two billion values where a few follow: an array's own count, a block's count
// (which the <p> it sizes disagrees with), and a polylist's (which its <vcount> disagrees with).
// Each is refused by its rule, and no block near what the count names (gigabytes) is ever asked
// for: the count is checked before anything is reserved for it.
TEST(RefusalsTest, CountBeyondWhatTheInputCouldHoldIsRefusedBeforeAllocating) {
  constexpr size_t kMost = size_t{1} << 20;  // what a document of a few hundred bytes may take
  const std::string huge = "2000000000";
  const std::string float_array =
      mesh_document(cat("<source id=\"pos\">\n<float_array id=\"a\" count=\"", huge,
                        "\">0 0 0</float_array>", "</source>"));
  const std::string int_array = mesh_document(
      cat(positions("0 0 0  1 0 0  0 1 0"), "\n<source id=\"i\">\n<int_array id=\"ia\" count=\"",
          huge, "\">0 1 2</int_array></source>\n<triangles count=\"1\">", kVertexInput,
          "<p>0 1 2</p></triangles>"));
  const std::string p = mesh_document(cat(positions("0 0 0  1 0 0  0 1 0"), "\n<triangles count=\"",
                                          huge, "\">", kVertexInput, "<p>0 1 2</p></triangles>"));
  const std::string vcount =
      mesh_document(cat(positions("0 0 0  1 0 0  0 1 0"), "\n<polylist count=\"", huge, "\">",
                        kVertexInput, "<vcount>3</vcount><p>0 1 2</p></polylist>"));
  const struct {
    const std::string& text;
    std::string_view rule, element, marker;
  } cases[] = {
      {float_array, "xml.count.exceeds-input", "float_array", "<float_array"},
      {int_array, "xml.count.exceeds-input", "int_array", "<int_array"},
      {p, "collada.p.length", "triangles", "<triangles"},
      {vcount, "collada.vcount.length", "polylist", "<polylist"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.element);
    const Refusal r = read_measured(c.text);
    expect_refused(r.status, c.rule, c.element, line_of(c.text, c.marker));
    EXPECT_LT(r.largest_request, kMost);
  }
  // The measure sees the blocks a read takes: a document holding a million values asks for more.
  std::string million;
  for (int i = 0; i < 1000000; ++i) million += "0 ";
  const Refusal big = read_measured(mesh_document(positions(million)));
  EXPECT_GE(big.largest_request, kMost) << big.status;
}

TEST(RefusalsTest, MeshWithoutVerticesIsRefused) {
  std::string text = geometries_document(
      cat("<geometry id=\"g\">\n<mesh>", source("pos", "X Y Z", "0 0 0"), "</mesh></geometry>"));
  expect_refused(status_of(text), "collada.mesh.no-vertices", "mesh", line_of(text, "<mesh>"));
}

TEST(RefusalsTest, VerticesWithoutPositionIsRefused) {
  std::string text = mesh_document(cat(source("n", "X Y Z", "0 0 1"),
                                       "\n<vertices id=\"v\"><input semantic=\"NORMAL\" "
                                       "source=\"#n\"/></vertices>"));
  expect_refused(status_of(text), "collada.vertices.no-position", "vertices",
                 line_of(text, "<vertices"));
}

TEST(RefusalsTest, PrimitiveWithoutItsRequiredCountIsRefused) {
  std::string text = mesh_document(cat(positions("0 0 0  1 0 0  0 1 0"), "\n<triangles>",
                                       kVertexInput, "<p>0 1 2</p></triangles>"));
  expect_refused(status_of(text), "collada.primitive.count", "triangles",
                 line_of(text, "<triangles"));
}

TEST(RefusalsTest, DocumentWhoseRootIsNotColladaIsRefused) {
  expect_refused(status_of("<?xml version=\"1.0\"?>\n<gltf/>"), "collada.root", "gltf", 2);
}

}  // namespace
}  // namespace px::collada
