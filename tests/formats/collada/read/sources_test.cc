// spec/collada-sources.md: a <source>'s array read through its <accessor> - stride, offset and
// params without a name - and spec/collada.md's non-finite values.
#include <gtest/gtest.h>

#include <cmath>

#include "tests/formats/collada/read/collada_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

using Doubles = std::vector<double>;

// A mesh of one triangle whose positions come from `position_source` (id "pos").
std::string triangle_over(std::string_view position_source) {
  return mesh_document(cat(position_source,
                           "<vertices id=\"v\"><input semantic=\"POSITION\" source=\"#pos\"/>"
                           "</vertices><triangles count=\"1\"><input semantic=\"VERTEX\" "
                           "source=\"#v\" offset=\"0\"/><p>0 1 2</p></triangles>"));
}

TEST(SourcesTest, AccessorStrideSkipsTheValuesPastItsParams) {
  ReadResult r = read_text(triangle_over(
      "<source id=\"pos\"><float_array id=\"a\" count=\"12\">0 0 0 9  1 0 0 9  0 1 0 9"
      "</float_array><technique_common><accessor source=\"#a\" count=\"3\" stride=\"4\">"
      "<param name=\"X\" type=\"float\"/><param name=\"Y\" type=\"float\"/>"
      "<param name=\"Z\" type=\"float\"/></accessor></technique_common></source>"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(column_values(r.scene->meshes[0].points), (Doubles{0, 0, 0, 1, 0, 0, 0, 1, 0}));
}

// collada-sources.md: a float_array holds numbers; digits and magnitude say how precise the source
// data was, and change no value read: digits="1" magnitude="1" neither rounds 0.123456 nor clamps
// 1e30, and a float_array without them reads the same.
TEST(SourcesTest, FloatArrayHoldsNumbersDigitsAndMagnitudeChangeNone) {
  const std::string values = "0.123456 -2.5e-7 1e30  1 0 0  0 1 0";
  auto read_positions = [&](std::string_view hints) {
    ReadResult r = read_text(triangle_over(
        cat("<source id=\"pos\"><float_array id=\"a\" count=\"9\"", hints, ">", values,
            "</float_array><technique_common><accessor source=\"#a\" count=\"3\" stride=\"3\">"
            "<param name=\"X\" type=\"float\"/><param name=\"Y\" type=\"float\"/>"
            "<param name=\"Z\" type=\"float\"/></accessor></technique_common></source>")));
    EXPECT_TRUE(r.scene.ok()) << r.scene.status();
    EXPECT_EQ(r.diagnostics.warning_count(), 0) << hints;
    return r.scene.ok() ? column_values(r.scene->meshes[0].points) : Doubles{};
  };
  // Positions are float32 (spec "Reading"): each value as float32 holds it.
  const Doubles expected{0.123456f, -2.5e-7f, 1e30f, 1, 0, 0, 0, 1, 0};
  EXPECT_EQ(read_positions(" digits=\"1\" magnitude=\"1\""), expected);
  EXPECT_EQ(read_positions(" digits=\"15\" magnitude=\"308\""), expected);
  EXPECT_EQ(read_positions(""), expected);
}

TEST(SourcesTest, AccessorOffsetIsTheFirstValueUsed) {
  ReadResult r = read_text(triangle_over(
      "<source id=\"pos\"><float_array id=\"a\" count=\"11\">7 7  0 0 0  1 0 0  0 1 0"
      "</float_array><technique_common><accessor source=\"#a\" count=\"3\" offset=\"2\" "
      "stride=\"3\"><param name=\"X\" type=\"float\"/><param name=\"Y\" type=\"float\"/>"
      "<param name=\"Z\" type=\"float\"/></accessor></technique_common></source>"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(column_values(r.scene->meshes[0].points), (Doubles{0, 0, 0, 1, 0, 0, 0, 1, 0}));
}

TEST(SourcesTest, ParamWithoutANameIsSkipped) {
  // S, an unnamed param, then T: the reader takes only S and T of each element.
  ReadResult r = read_text(mesh_document(
      cat(positions("0 0 0  1 0 0  0 1 0"), source("uv", "S - T", "0.25 9 0.5  0.75 9 1  0 9 0"),
          "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"TEXCOORD\" source=\"#uv\" offset=\"0\" set=\"0\"/>"
          "<p>0 1 2</p></triangles>")));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(point_values(r.scene->meshes[0], "texcoords"), (Doubles{0.25, 0.5, 0.75, 1, 0, 0}));
}

TEST(SourcesTest, NonFiniteValuesReadInXmlSpelling) {
  ReadResult r = read_text(mesh_document(
      cat(positions("0 0 0  1 0 0  0 1 0"), source("w", "X", "NaN INF -INF"),
          "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"WEIGHT\" source=\"#w\" offset=\"0\"/><p>0 1 2</p></triangles>")));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  Doubles w = point_values(r.scene->meshes[0], "weight");
  ASSERT_EQ(w.size(), 3u);
  EXPECT_TRUE(std::isnan(w[0]));
  EXPECT_EQ(w[1], INFINITY);
  EXPECT_EQ(w[2], -INFINITY);
}

TEST(SourcesTest, SpecificationExampleReads) {
  // collada-sources.md's example: <p> is a vertex index then a normal index.
  ReadResult r = read_text(mesh_document(
      "<source id=\"pos\">\n<float_array id=\"pos-array\" count=\"9\">0 0 0 1 0 0 0 1 0"
      "</float_array>\n<technique_common>\n<accessor source=\"#pos-array\" count=\"3\" "
      "stride=\"3\">\n<param name=\"X\" type=\"float\"/>\n<param name=\"Y\" type=\"float\"/>\n"
      "<param name=\"Z\" type=\"float\"/>\n</accessor>\n</technique_common>\n</source>\n"
      "<source id=\"nrm\"><float_array id=\"nrm-array\" count=\"3\">0 0 1</float_array>"
      "<technique_common><accessor source=\"#nrm-array\" count=\"1\" stride=\"3\">"
      "<param name=\"X\" type=\"float\"/><param name=\"Y\" type=\"float\"/>"
      "<param name=\"Z\" type=\"float\"/></accessor></technique_common></source>\n"
      "<vertices id=\"verts\">\n<input semantic=\"POSITION\" source=\"#pos\"/>\n</vertices>\n"
      "<triangles count=\"1\" material=\"Paint\">\n"
      "<input semantic=\"VERTEX\" source=\"#verts\" offset=\"0\"/>\n"
      "<input semantic=\"NORMAL\" source=\"#nrm\" offset=\"1\"/>\n<p>0 0 1 0 2 0</p>\n"
      "</triangles>"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const Mesh& mesh = r.scene->meshes[0];
  EXPECT_EQ(column_values(mesh.points), (Doubles{0, 0, 0, 1, 0, 0, 0, 1, 0}));
  EXPECT_EQ(mesh.num_cells(), 1u);
  EXPECT_EQ(mesh.cell_types[0], CellType::kTriangle);
  EXPECT_EQ(point_values(mesh, "normals"), (Doubles{0, 0, 1, 0, 0, 1, 0, 0, 1}));
  // "Paint" is bound by no instance and names no material.
  EXPECT_EQ(materials(mesh), (std::vector<int32_t>{-1}));
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

}  // namespace
}  // namespace px::collada
