// Tests of formats/collada/write/geometry_writer.cc, a test per rule of spec/collada.md "Writing":
// geometries, primitive blocks, connectivity and material checks (the attributes are in
// geometry_sources_test.cc).
#include <cmath>
#include <limits>

#include "polyxios/polyxios.h"
#include "tests/formats/collada/write/geometry_test_util.h"

namespace px::collada::testing {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// W2: one <geometry> per mesh, in mesh order, named by its mesh_name; the id is the name made
// unique, positions and connectivity read back as written.
TEST(GeometryWriter, EachMeshIsAGeometryNamedByItsMeshName) {
  Scene scene;
  MeshBuilder(scene).name("Cube").points(kSquarePoints).cell(CellType::kTriangle, {0, 1, 2}).add();
  MeshBuilder(scene).name("Cube").points(kSquarePoints).cell(CellType::kQuad, {0, 1, 2, 3}).add();
  MeshBuilder(scene).points(kSquarePoints).cell(CellType::kTriangle, {2, 3, 0}).add();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  const std::string& text = *rt.written.text;
  EXPECT_EQ(start_tags(text, "geometry"),
            (std::vector<std::string>{"<geometry id=\"Cube\" name=\"Cube\">",
                                      "<geometry id=\"Cube-2\" name=\"Cube\">",
                                      "<geometry id=\"geometry\">"}));
  const std::vector<Mesh>& meshes = rt.read.scene->meshes;
  ASSERT_EQ(meshes.size(), 3u);
  EXPECT_EQ(find_value(meshes[0].global_attrs, "mesh_name")->as_string(), "Cube");
  EXPECT_EQ(find_value(meshes[1].global_attrs, "mesh_name")->as_string(), "Cube");
  EXPECT_EQ(find_value(meshes[2].global_attrs, "mesh_name"), nullptr);
  for (const Mesh& mesh : meshes) {
    std::span<const float> xyz = mesh.points.values<float>();
    EXPECT_EQ(std::vector<float>(xyz.begin(), xyz.end()), kSquarePoints);
  }
  EXPECT_EQ(cells_of(meshes[0]), (std::vector<std::vector<uint32_t>>{{0, 1, 2}}));
  EXPECT_EQ(cells_of(meshes[1]), (std::vector<std::vector<uint32_t>>{{0, 1, 2, 3}}));
  EXPECT_EQ(cells_of(meshes[2]), (std::vector<std::vector<uint32_t>>{{2, 3, 0}}));
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 0);
}

// W2: every input of a block at offset 0, all naming the one vertex index; float64 points are
// written in their own shortest form and read back as float32.
TEST(GeometryWriter, InputsShareOneIndexAtOffsetZero) {
  Scene scene;
  MeshBuilder(scene)
      .points(std::vector<double>{0.1, 0, 0, 1, 0, 0, 0, 1, 0})
      .point_data("normals", std::vector<float>{0, 0, 1, 0, 0, 1, 0, 0, 1}, 3)
      .point_data("texcoords", std::vector<float>{0, 0, 1, 0, 0, 1}, 2)
      .cell(CellType::kTriangle, {0, 1, 2})
      .add();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  const std::string& text = *rt.written.text;
  EXPECT_EQ(start_tags(text, "input"),
            (std::vector<std::string>{
                "<input semantic=\"POSITION\" source=\"#geometry-positions\"/>",
                "<input semantic=\"VERTEX\" source=\"#geometry-vertices\" offset=\"0\"/>",
                "<input semantic=\"NORMAL\" source=\"#geometry-normals\" offset=\"0\"/>",
                "<input semantic=\"TEXCOORD\" source=\"#geometry-texcoords\" offset=\"0\" "
                "set=\"0\"/>"}));
  EXPECT_NE(text.find("<float_array id=\"geometry-positions-array\" count=\"9\">0.1 0 0 1"),
            std::string::npos);
  EXPECT_NE(text.find("<p>0 1 2</p>"), std::string::npos);
  const Mesh& mesh = rt.read.scene->meshes[0];
  EXPECT_EQ(mesh.points.values<float>()[0], 0.1f);
  EXPECT_EQ(mesh.num_points(), 3u);
  EXPECT_EQ(floats(mesh, "texcoords"), (std::vector<float>{0, 0, 1, 0, 0, 1}));
}

// L8: the name attribute is the mesh_name as given, even when it is not an NCName (such a
// document fails a validating parser, so it is not kept for the schema check); the id is an
// NCName made from it.
TEST(GeometryWriter, NameIsWrittenAsGivenEvenWhenNotAnNCName) {
  Scene scene;
  MeshBuilder(scene).name("2 big\tboxes").points(kSquarePoints).add();
  Diagnostics diagnostics;
  absl::StatusOr<std::string> text = write_to_memory(scene, diagnostics);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_NE(text->find("<geometry id=\"_2_big_boxes\" name=\"2 big&#9;boxes\">"), std::string::npos)
      << *text;
  ReadResult back = read_text(*text);
  ASSERT_TRUE(back.scene.ok()) << back.scene.status();
  EXPECT_EQ(find_value(back.scene->meshes[0].global_attrs, "mesh_name")->as_string(),
            "2 big\tboxes");
}

// Q29: non-finite values are written as NaN, INF and -INF and read back as such.
TEST(GeometryWriter, NonFiniteValuesAreWrittenInXmlSpellingAndReadBack) {
  Scene scene;
  MeshBuilder(scene)
      .points(std::vector<float>{kNaN, kInf, -kInf, 1, 0, 0, 0, 1, 0})
      .point_data("normals", std::vector<float>{kInf, 0, 0, 0, kNaN, 0, 0, 0, -kInf}, 3)
      .cell(CellType::kTriangle, {0, 1, 2})
      .add();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_NE(rt.written.text->find(">NaN INF -INF 1 0 0 0 1 0<"), std::string::npos);
  const Mesh& mesh = rt.read.scene->meshes[0];
  std::span<const float> xyz = mesh.points.values<float>();
  EXPECT_TRUE(std::isnan(xyz[0]));
  EXPECT_EQ(xyz[1], kInf);
  EXPECT_EQ(xyz[2], -kInf);
  std::vector<float> normals = floats(mesh, "normals");
  ASSERT_EQ(normals.size(), 9u);
  EXPECT_EQ(normals[0], kInf);
  EXPECT_TRUE(std::isnan(normals[4]));
  EXPECT_EQ(normals[8], -kInf);
}

// W4: element attributes other than material and mesh attributes other than mesh_name (tags
// among them) are dropped with a warning.
TEST(GeometryWriter, OtherElementAndMeshAttributesAreDroppedWithAWarning) {
  Scene scene;
  MeshBuilder(scene)
      .name("m")
      .global("tags", Value(ValueArray{Value("hero")}))
      .global("source_file", Value("a.obj"))
      .points(kSquarePoints)
      .cell(CellType::kTriangle, {0, 1, 2})
      .cell_data("material", std::vector<int32_t>{0})
      .cell_data("region", std::vector<int32_t>{4})
      .add();
  MeshBuilder(scene).global("mesh_name", Value(3.0)).points(kSquarePoints).add();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.cell-attribute-dropped"), 1);
  EXPECT_EQ(warned(rt.written, "collada.write.mesh-attribute-dropped"), 3);
  const Mesh& mesh = rt.read.scene->meshes[0];
  EXPECT_EQ(mesh.find_cell_data("region"), nullptr);
  EXPECT_EQ(find_value(mesh.global_attrs, "tags"), nullptr);
  EXPECT_EQ(mesh.global_attrs.size(), 1u);
  EXPECT_TRUE(rt.read.scene->meshes[1].global_attrs.empty());  // a mesh_name not a string
}

// W9: triangles alone go in a <triangles> block; lines, line strips and triangle strips get blocks
// of their own, and every element reads back as the type it was.
TEST(GeometryWriter, EachPrimitiveKindGetsItsBlock) {
  Scene scene;
  MeshBuilder(scene)
      .points(kSquarePoints)
      .cell(CellType::kTriangle, {0, 1, 2})
      .cell(CellType::kLine, {0, 1})
      .cell(CellType::kPolyLine, {0, 1, 2, 3})
      .cell(CellType::kTriangleStrip, {0, 1, 3, 2})
      .cell(CellType::kTriangleStrip, {3, 2, 1})
      .add();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(start_tags(*rt.written.text, "triangles|polylist|lines|linestrips|tristrips"),
            (std::vector<std::string>{"<triangles count=\"1\">", "<lines count=\"1\">",
                                      "<linestrips count=\"1\">", "<tristrips count=\"2\">"}));
  const Mesh& mesh = rt.read.scene->meshes[0];
  EXPECT_EQ(types_of(mesh),
            (std::vector<CellType>{CellType::kTriangle, CellType::kLine, CellType::kPolyLine,
                                   CellType::kTriangleStrip, CellType::kTriangleStrip}));
  EXPECT_EQ(cells_of(mesh), (std::vector<std::vector<uint32_t>>{
                                {0, 1, 2}, {0, 1}, {0, 1, 2, 3}, {0, 1, 3, 2}, {3, 2, 1}}));
}

// W9: when the mesh has quads or polygons, its triangles join them in the <polylist>, which keeps
// each element's vertex count: a polygon of four vertices reads back as a quad.
TEST(GeometryWriter, TrianglesJoinQuadsAndPolygonsInThePolylist) {
  Scene scene;
  MeshBuilder(scene)
      .points(std::vector<float>{0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 2, 2, 0})
      .cell(CellType::kTriangle, {0, 1, 2})
      .cell(CellType::kQuad, {0, 1, 2, 3})
      .cell(CellType::kPolygon, {0, 1, 4, 2, 3})
      .cell(CellType::kPolygon, {3, 2, 1, 0})
      .add();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  const std::string& text = *rt.written.text;
  EXPECT_EQ(start_tags(text, "triangles|polylist"),
            (std::vector<std::string>{"<polylist count=\"4\">"}));
  EXPECT_NE(text.find("<vcount>3 4 5 4</vcount>"), std::string::npos);
  const Mesh& mesh = rt.read.scene->meshes[0];
  EXPECT_EQ(types_of(mesh), (std::vector<CellType>{CellType::kTriangle, CellType::kQuad,
                                                   CellType::kPolygon, CellType::kQuad}));
  EXPECT_EQ(cells_of(mesh)[2], (std::vector<uint32_t>{0, 1, 4, 2, 3}));
}

// W9: vertex cells are skipped with a warning; the points stay.
TEST(GeometryWriter, VertexCellsAreSkippedWithAWarning) {
  Scene scene;
  MeshBuilder(scene)
      .points(kSquarePoints)
      .cell(CellType::kVertex, {3})
      .cell(CellType::kTriangle, {0, 1, 2})
      .cell(CellType::kVertex, {0})
      .add();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.cell-skipped"), 1);
  const Mesh& mesh = rt.read.scene->meshes[0];
  EXPECT_EQ(cells_of(mesh), (std::vector<std::vector<uint32_t>>{{0, 1, 2}}));
  EXPECT_EQ(mesh.num_points(), 4u);
}

// W10: a point cloud keeps its positions as a <mesh> without primitives, its set-0 attributes in
// <vertices>; another set is dropped with a warning.
TEST(GeometryWriter, PointCloudKeepsItsPositionsAndSetZeroAttributesInVertices) {
  Scene scene;
  MeshBuilder(scene)
      .points(kSquarePoints)
      .point_data("normals", std::vector<float>{0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1}, 3)
      .point_data("colors", std::vector<float>{1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1}, 3)
      .point_data("texcoords_1", std::vector<float>{0, 0, 1, 0, 1, 1, 0, 1}, 2)
      .cell(CellType::kVertex, {0})
      .cell(CellType::kVertex, {1})
      .add();
  MeshBuilder(scene).name("empty").add();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  const std::string& text = *rt.written.text;
  EXPECT_EQ(start_tags(text, "triangles|polylist|lines|linestrips|tristrips"),
            std::vector<std::string>());
  EXPECT_NE(text.find("<vertices id=\"geometry-vertices\">\n          <input semantic=\"POSITION\" "
                      "source=\"#geometry-positions\"/>\n          <input semantic=\"NORMAL\" "
                      "source=\"#geometry-normals\"/>\n          <input semantic=\"COLOR\" "
                      "source=\"#geometry-colors\"/>\n        </vertices>"),
            std::string::npos)
      << text;
  EXPECT_EQ(warned(rt.written, "collada.write.point-cloud-set-dropped"), 1);
  EXPECT_EQ(warned(rt.written, "collada.write.cell-skipped"), 1);
  const Mesh& cloud = rt.read.scene->meshes[0];
  EXPECT_EQ(cloud.num_cells(), 0u);
  EXPECT_EQ(cloud.num_points(), 4u);
  EXPECT_EQ(names(cloud), (std::vector<std::string>{"normals", "colors"}));
  EXPECT_EQ(floats(cloud, "colors"), (std::vector<float>{1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1}));
  const Mesh& empty = rt.read.scene->meshes[1];
  EXPECT_EQ(empty.num_points(), 0u);
  EXPECT_EQ(empty.num_cells(), 0u);
}

// W11: elements are grouped by block and material in first-occurrence order; element order
// survives within a block, so an alternating material column reads back regrouped, and
// [line, triangle, line] reads back as [line, line, triangle].
TEST(GeometryWriter, ElementsAreGroupedByBlockAndMaterialInFirstOccurrenceOrder) {
  Scene scene;
  MeshBuilder(scene)
      .points(kSquarePoints)
      .cell(CellType::kTriangle, {0, 1, 2})
      .cell(CellType::kTriangle, {1, 2, 3})
      .cell(CellType::kTriangle, {2, 3, 0})
      .cell(CellType::kTriangle, {3, 0, 1})
      .cell_data("material", std::vector<int32_t>{1, 0, 1, 0})
      .add();
  MeshBuilder(scene)
      .points(kSquarePoints)
      .cell(CellType::kLine, {0, 1})
      .cell(CellType::kTriangle, {0, 1, 2})
      .cell(CellType::kLine, {2, 3})
      .add();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(start_tags(*rt.written.text, "triangles|lines"),
            (std::vector<std::string>{"<triangles count=\"2\" material=\"material_1\">",
                                      "<triangles count=\"2\" material=\"material_0\">",
                                      "<lines count=\"2\">", "<triangles count=\"1\">"}));
  const std::vector<Mesh>& meshes = rt.read.scene->meshes;
  EXPECT_EQ(cells_of(meshes[0]),
            (std::vector<std::vector<uint32_t>>{{0, 1, 2}, {2, 3, 0}, {1, 2, 3}, {3, 0, 1}}));
  EXPECT_EQ(types_of(meshes[1]),
            (std::vector<CellType>{CellType::kLine, CellType::kLine, CellType::kTriangle}));
  EXPECT_EQ(cells_of(meshes[1]), (std::vector<std::vector<uint32_t>>{{0, 1}, {2, 3}, {0, 1, 2}}));

  GeometryPlanned planned = plan_only(scene);
  ASSERT_TRUE(planned.status.ok());
  EXPECT_EQ(planned.plan.geometries.geometries[0].materials, (std::vector<int>{1, 0}));
  EXPECT_TRUE(planned.plan.geometries.geometries[1].materials.empty());
}

// W1, L9: a block of material value v names the symbol material_<v>; -1 names none. The plan
// lists the values the blocks name and the lowest TEXCOORD set written, for the node writer.
TEST(GeometryWriter, MaterialValuesNameTheirSymbolsAndThePlanListsThem) {
  Scene scene;
  MeshBuilder(scene)
      .points(kSquarePoints)
      .point_data("texcoords_2", std::vector<float>{0, 0, 1, 0, 1, 1, 0, 1}, 2)
      .point_data("texcoords_1", std::vector<float>{0, 0, 1, 0, 1, 1, 0, 1}, 2)
      .cell(CellType::kTriangle, {0, 1, 2})
      .cell(CellType::kTriangle, {0, 2, 3})
      .cell(CellType::kLine, {0, 1})
      .cell_data("material", std::vector<double>{7, -1, 7})
      .add();
  MeshBuilder(scene).points(kSquarePoints).cell(CellType::kTriangle, {0, 1, 2}).add();
  Written written = write_text(scene);
  ASSERT_TRUE(written.text.ok()) << written.text.status();
  EXPECT_EQ(start_tags(*written.text, "triangles|lines"),
            (std::vector<std::string>{
                "<triangles count=\"1\" material=\"material_7\">", "<triangles count=\"1\">",
                "<lines count=\"1\" material=\"material_7\">", "<triangles count=\"1\">"}));
  GeometryPlanned planned = plan_only(scene);
  ASSERT_TRUE(planned.status.ok());
  const std::vector<GeometryPlan>& g = planned.plan.geometries.geometries;
  ASSERT_EQ(g.size(), 2u);
  EXPECT_EQ(g[0].id, "geometry");
  EXPECT_EQ(g[0].materials, (std::vector<int>{7}));
  EXPECT_EQ(g[0].texcoord_set, 1);
  EXPECT_EQ(g[1].texcoord_set, -1);
  EXPECT_TRUE(g[1].materials.empty());
}

// W14: a material column must hold whole numbers, an integer dtype or floats all whole and
// finite; anything else is refused before a byte is written.
TEST(GeometryWriter, MaterialColumnOfNonWholeNumbersIsRefused) {
  for (double bad : {0.5, double{kNaN}, double{kInf}, 1e12}) {
    Scene scene;
    MeshBuilder(scene)
        .points(kSquarePoints)
        .cell(CellType::kTriangle, {0, 1, 2})
        .cell(CellType::kTriangle, {0, 2, 3})
        .cell_data("material", std::vector<double>{0, bad})
        .add();
    expect_refused(write_text(scene), "collada.write.material-column");
  }
  Scene whole;
  MeshBuilder(whole)
      .points(kSquarePoints)
      .cell(CellType::kTriangle, {0, 1, 2})
      .cell(CellType::kTriangle, {0, 2, 3})
      .cell_data("material", std::vector<float>{2, 0})
      .add();
  MeshBuilder(whole)
      .points(kSquarePoints)
      .cell(CellType::kTriangle, {0, 1, 2})
      .cell_data("material", std::vector<uint8_t>{3})
      .add();
  Written written = write_text(whole);
  ASSERT_TRUE(written.text.ok()) << written.text.status();
  EXPECT_EQ(occurrences(*written.text, "material=\"material_2\""), 1u);
  EXPECT_EQ(occurrences(*written.text, "material=\"material_0\""), 1u);
  EXPECT_EQ(occurrences(*written.text, "material=\"material_3\""), 1u);
}

// W14, W1: write (a PolyData as a one-node scene) refuses such a column too, writing nothing;
// a whole one names its materials material_<value>.
TEST(GeometryWriter, WriteOfAPolyDataRefusesAMaterialColumnOfNonWholeNumbers) {
  const std::filesystem::path path =
      std::filesystem::path(::testing::TempDir()) / "geometry_polydata_material.dae";
  for (double value : {1.5, 7.0}) {
    Scene scene;
    MeshBuilder(scene)
        .points(kSquarePoints)
        .cell(CellType::kTriangle, {0, 1, 2})
        .cell_data("material", std::vector<double>{value})
        .add();
    PolyData data;
    data.mesh = scene.meshes[0];  // its arrays stay in scene's arena
    std::filesystem::remove(path);
    Diagnostics diagnostics;
    absl::Status status = write_polydata(data, path, WriteOptions(), diagnostics);
    if (value == 1.5) {
      EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
      EXPECT_TRUE(std::string(status.message()).starts_with("collada.write.material-column: "))
          << status;
      EXPECT_FALSE(std::filesystem::exists(path));
      continue;
    }
    ASSERT_TRUE(status.ok()) << status;
    std::ifstream in(path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(occurrences(text, "<triangles count=\"1\" material=\"material_0\">"), 1u) << text;
  }
}

// W12: connectivity is checked before anything is written: offsets not rising from 0 to the
// connectivity's length, an index past the points, a vertex count the element's type does not
// allow are each refused.
TEST(GeometryWriter, ConnectivityThatCannotBeReadBackIsRefused) {
  auto refused = [](auto build) {
    Scene scene;
    MeshBuilder mesh(scene);
    mesh.points(kSquarePoints);
    build(mesh);
    mesh.add();
    expect_refused(write_text(scene), "collada.write.cells");
  };
  refused([](MeshBuilder& m) { m.cell(CellType::kTriangle, {0, 1, 2}).offsets({1, 3}); });
  refused([](MeshBuilder& m) { m.cell(CellType::kTriangle, {0, 1, 2}).offsets({0, 2}); });
  refused([](MeshBuilder& m) { m.cell(CellType::kTriangle, {0, 1, 2}).offsets({0, 3, 3}); });
  refused([](MeshBuilder& m) {
    m.cell(CellType::kLine, {0, 1}).cell(CellType::kLine, {2, 3}).offsets({0, 3, 2});
  });
  refused([](MeshBuilder& m) { m.cell(CellType::kTriangle, {0, 1, 4}); });
  refused([](MeshBuilder& m) { m.cell(CellType::kVertex, {9}); });
  refused([](MeshBuilder& m) { m.cell(CellType::kLine, {0, 1, 2}); });
  refused([](MeshBuilder& m) { m.cell(CellType::kTriangle, {0, 1, 2, 3}); });
  refused([](MeshBuilder& m) { m.cell(CellType::kQuad, {0, 1, 2}); });
  refused([](MeshBuilder& m) { m.cell(CellType::kPolygon, {0, 1}); });
  refused([](MeshBuilder& m) { m.cell(CellType::kTriangleStrip, {0, 1}); });
  refused([](MeshBuilder& m) { m.cell(CellType::kPolyLine, {0}); });
  refused([](MeshBuilder& m) { m.offsets({0, 0}); });
}

// W12: points that are not n x 3 are refused too.
TEST(GeometryWriter, PointsNotThreeWideAreRefused) {
  Scene scene;
  MeshBuilder(scene).points(std::vector<float>{0, 0, 1, 1}, 2).add();
  expect_refused(write_text(scene), "collada.write.points");
}

}  // namespace
}  // namespace px::collada::testing
