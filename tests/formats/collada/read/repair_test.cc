// ReadOptions::repair (issue 15, point 12): what the spec refuses in legacy documents - an array
// count disagreeing with its content, an index past its source, a decimal comma, a #url the
// document does not hold - is read with a warning of its own code. Without repair each stays
// refused (refusals_test.cc).
#include <gtest/gtest.h>

#include "tests/formats/collada/read/collada_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

ReadResult read_repaired(std::string_view text) {
  ReadResult out{absl::UnknownError("not read"), {}};
  std::unique_ptr<Source> source = memory_source(text);
  ReadOptions options;
  options.repair = true;
  out.scene = read(*source, options, out.diagnostics);
  return out;
}

// Each cell as the xy of its vertices' positions (the vertex order is the reader's own).
std::vector<std::vector<double>> cell_xy(const Mesh& mesh) {
  std::vector<double> xyz = column_values(mesh.points);
  std::vector<std::vector<double>> out;
  for (const std::vector<uint32_t>& cell : cells(mesh)) {
    std::vector<double>& xy = out.emplace_back();
    for (uint32_t v : cell) xy.insert(xy.end(), {xyz[3 * v], xyz[3 * v + 1]});
  }
  return out;
}

using Cells = std::vector<std::vector<double>>;

constexpr std::string_view kVertexInput = "<input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>";

std::string positions_with_count(std::string_view count, std::string_view values) {
  return cat("<source id=\"pos\"><float_array id=\"pos-a\" count=\"", count, "\">", values,
             "</float_array><technique_common><accessor source=\"#pos-a\" count=\"3\" "
             "stride=\"3\"><param name=\"X\" type=\"float\"/><param name=\"Y\" type=\"float\"/>"
             "<param name=\"Z\" type=\"float\"/></accessor></technique_common></source>"
             "<vertices id=\"v\"><input semantic=\"POSITION\" source=\"#pos\"/></vertices>"
             "<triangles count=\"1\">",
             kVertexInput, "<p>0 1 2</p></triangles>");
}

TEST(RepairTest, ArrayCountIsTakenFromItsContent) {
  for (std::string_view count : {"3", "40", ""}) {
    std::string text = mesh_document(positions_with_count(count, "0 0 0  1 0 0  0 1 0"));
    expect_refused(read_text(text).scene.status(), "collada.array.count", "float_array",
                   line_of(text, "<float_array"));
    ReadResult repaired = read_repaired(text);
    ASSERT_TRUE(repaired.scene.ok()) << repaired.scene.status();
    EXPECT_EQ(repaired.diagnostics.count("collada.repair.count-from-content"), 1) << count;
    EXPECT_EQ(column_values(repaired.scene->meshes[0].points),
              (std::vector<double>{0, 0, 0, 1, 0, 0, 0, 1, 0}));
  }
}

TEST(RepairTest, ArrayCountStillBoundsNothingPastTheInput) {
  // A count no input could hold is refused before anything is reserved, repair or not.
  std::string text = mesh_document(positions_with_count("4000000000", "0 0 0  1 0 0  0 1 0"));
  EXPECT_FALSE(read_repaired(text).scene.ok());
}

TEST(RepairTest, PrimitivesNamingAnIndexPastTheirSourceAreDropped) {
  std::string triangles =
      mesh_document(cat(positions("0 0 0  1 0 0  0 1 0"), source("n", "X Y Z", "0 0 1"),
                        "\n<triangles count=\"3\">", kVertexInput,
                        "<input semantic=\"NORMAL\" source=\"#n\" offset=\"1\"/>"
                        "<p>0 0 1 0 2 0  0 0 1 1 2 0  0 0 1 0 -1 0</p></triangles>"));
  expect_refused(read_text(triangles).scene.status(), "collada.index.past-source", "triangles",
                 line_of(triangles, "<triangles"));
  ReadResult repaired = read_repaired(triangles);
  ASSERT_TRUE(repaired.scene.ok()) << repaired.scene.status();
  EXPECT_EQ(repaired.diagnostics.count("collada.repair.index-past-source"), 1);
  EXPECT_EQ(cell_xy(repaired.scene->meshes[0]), (Cells{{0, 0, 1, 0, 0, 1}}));

  std::string polylist =
      mesh_document(cat(positions(kSquare), "\n<polylist count=\"3\">", kVertexInput,
                        "<vcount>4 3 3</vcount><p>0 1 2 3  0 1 9  0 2 3</p></polylist>"));
  expect_refused(read_text(polylist).scene.status(), "collada.index.past-source", "polylist",
                 line_of(polylist, "<polylist"));
  repaired = read_repaired(polylist);
  ASSERT_TRUE(repaired.scene.ok()) << repaired.scene.status();
  EXPECT_EQ(cell_xy(repaired.scene->meshes[0]),
            (Cells{{0, 0, 1, 0, 1, 1, 0, 1}, {0, 0, 1, 1, 0, 1}}));

  std::string polygons = mesh_document(cat(positions(kSquare), "\n<polygons count=\"2\">",
                                           kVertexInput, "<p>0 1 7</p><p>0 2 3</p></polygons>"));
  repaired = read_repaired(polygons);
  ASSERT_TRUE(repaired.scene.ok()) << repaired.scene.status();
  EXPECT_EQ(repaired.diagnostics.count("collada.repair.index-past-source"), 1);
  EXPECT_EQ(cell_xy(repaired.scene->meshes[0]), (Cells{{0, 0, 1, 1, 0, 1}}));
}

TEST(RepairTest, DecimalCommaIsReadAsAPointWhenTheWholeArraySpellsIt) {
  std::string text = mesh_document(cat(source("pos", "X Y Z", "0,5 0 0  1 0 0  0 1,25 -2,5e1"),
                                       "<vertices id=\"v\"><input semantic=\"POSITION\" "
                                       "source=\"#pos\"/></vertices>"));
  expect_refused(read_text(text).scene.status(), "number.not-a-number", "float_array",
                 line_of(text, "<float_array"));
  ReadResult repaired = read_repaired(text);
  ASSERT_TRUE(repaired.scene.ok()) << repaired.scene.status();
  EXPECT_EQ(repaired.diagnostics.count("collada.repair.decimal-comma"), 1);
  EXPECT_EQ(column_values(repaired.scene->meshes[0].points),
            (std::vector<double>{0.5, 0, 0, 1, 0, 0, 0, 1.25, -25}));
}

TEST(RepairTest, CommasThatCouldBeSeparatorsStayRefused) {
  for (std::string_view values : {"0,5 0 0  1.5 0 0  0 1 0",  // commas beside points
                                  "0,5,0 0 0  1 0 0  0 1 0",  // two commas in a token
                                  "0, 5 0 0  1 0 0  0 1 0",   // a comma ending a token
                                  "0 ,5 0 0  1 0 0  0 1 0"}) {
    std::string text = mesh_document(cat(source("pos", "X Y Z", values),
                                         "<vertices id=\"v\"><input semantic=\"POSITION\" "
                                         "source=\"#pos\"/></vertices>"));
    absl::Status status = read_repaired(text).scene.status();
    EXPECT_FALSE(status.ok()) << values;
    EXPECT_EQ(std::string(status.message()).rfind("number.not-a-number: ", 0), 0u)
        << values << ": " << status;
  }
  // A count that disagrees is what tells commas that separate from decimal ones: not repaired.
  std::string counted = mesh_document(positions_with_count("18", "0,5 0 0  1 0 0  0 1 0"));
  expect_refused(read_repaired(counted).scene.status(), "collada.array.count", "float_array",
                 line_of(counted, "<float_array"));
  // Integers are never read with a comma.
  std::string indices =
      mesh_document(cat(positions("0 0 0  1 0 0  0 1 0"), "\n<triangles count=\"1\">", kVertexInput,
                        "<p>0 1,0 2</p></triangles>"));
  EXPECT_FALSE(read_repaired(indices).scene.ok());
}

TEST(RepairTest, UnresolvedUrlDropsWhatNamesIt) {
  std::string text = geometries_document(
      geometry("g", cat(positions("0 0 0  1 0 0  0 1 0"), "\n<triangles count=\"1\">", kVertexInput,
                        "\n<input semantic=\"NORMAL\" source=\"#nope\" offset=\"0\"/>"
                        "<p>0 1 2</p></triangles>")),
      "<library_visual_scenes><visual_scene id=\"vs\"><node id=\"n\">"
      "<instance_geometry url=\"#g\"><bind_material><technique_common>\n"
      "<instance_material symbol=\"s\" target=\"#nope\"/></technique_common></bind_material>"
      "</instance_geometry>\n<instance_geometry url=\"#nope\"/>\n<instance_light url=\"#nope\"/>"
      "\n<instance_camera url=\"#nope\"/></node></visual_scene></library_visual_scenes>\n"
      "<scene><instance_visual_scene url=\"#nope\"/></scene>");
  expect_refused(read_text(text).scene.status(), "collada.url.unresolved", "input",
                 line_of(text, "#nope"));
  ReadResult repaired = read_repaired(text);
  ASSERT_TRUE(repaired.scene.ok()) << repaired.scene.status();
  EXPECT_EQ(repaired.diagnostics.count("collada.repair.url-dropped"), 6);
  ASSERT_EQ(repaired.scene->meshes.size(), 1u);
  EXPECT_EQ(point_data_names(repaired.scene->meshes[0]), std::vector<std::string>{});
  ASSERT_EQ(repaired.scene->nodes.size(), 1u);
  EXPECT_EQ(light_id(*repaired.scene, repaired.scene->nodes[0]), std::nullopt);
  EXPECT_EQ(camera_id(*repaired.scene, repaired.scene->nodes[0]), std::nullopt);
  EXPECT_EQ(repaired.scene->default_scene, 0);
}

TEST(RepairTest, UnresolvedVertexInputDropsItsBlock) {
  std::string text = mesh_document(cat(positions(kSquare), "\n<triangles count=\"1\">",
                                       "<input semantic=\"VERTEX\" source=\"#nope\" offset=\"0\"/>"
                                       "<p>0 1 2</p></triangles>\n<triangles count=\"1\">",
                                       kVertexInput, "<p>0 2 3</p></triangles>"));
  ReadResult repaired = read_repaired(text);
  ASSERT_TRUE(repaired.scene.ok()) << repaired.scene.status();
  EXPECT_EQ(repaired.diagnostics.count("collada.repair.url-dropped"), 1);
  EXPECT_EQ(cell_xy(repaired.scene->meshes[0]), (Cells{{0, 0, 1, 1, 0, 1}}));
}

}  // namespace
}  // namespace px::collada
