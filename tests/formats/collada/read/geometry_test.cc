// spec/collada.md, Reading: how a <mesh> becomes a px::Mesh - corners split into vertices,
// attributes named, primitive blocks mapped to cells.
#include <gtest/gtest.h>

#include "tests/formats/collada/read/collada_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

using Cells = std::vector<std::vector<uint32_t>>;
using Doubles = std::vector<double>;

const Mesh& only_mesh(const ReadResult& r) {
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.scene->meshes.size(), 1u);
  return r.scene->meshes[0];
}

TEST(GeometryTest, SplitsCornersInFirstOccurrenceOrder) {
  // Three triangles over four positions; the third names positions 0, 2 and 1 again with
  // another normal, so each of its corners becomes a new vertex, in the order they occur.
  ReadResult r = read_text(mesh_document(
      cat(positions(kSquare), source("nrm", "X Y Z", "0 0 1  0 0 -1"),
          "<triangles count=\"3\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"NORMAL\" source=\"#nrm\" offset=\"1\"/>"
          "<p>0 0 1 0 2 0  0 0 2 0 3 0  0 1 2 1 1 1</p></triangles>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(column_values(mesh.points),
            (Doubles{0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 1, 0, 0}));
  EXPECT_EQ(cells(mesh), (Cells{{0, 1, 2}, {0, 2, 3}, {4, 5, 6}}));
  EXPECT_EQ(point_values(mesh, "normals"),
            (Doubles{0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, -1, 0, 0, -1, 0, 0, -1}));
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

// A texture coordinate per corner (no two corners share its index, as Blender writes them)
// makes every corner after its position's first a vertex of its own, with no lookup; one index
// used twice makes the table look corners up again, and a corner that repeats a key shares its
// vertex.
TEST(GeometryTest, CornersWithAnIndexOfTheirOwnEachMakeAVertex) {
  std::string uv = "0 0  1 0  1 1  0 1  0.5 0.5  0.25 0.25";
  ReadResult unique = read_text(mesh_document(
      cat(positions(kSquare), source("uv", "S T", uv),
          "<triangles count=\"2\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"TEXCOORD\" source=\"#uv\" offset=\"1\"/>"
          "<p>0 0 1 1 2 2  0 3 2 4 3 5</p></triangles>")));
  const Mesh& a = only_mesh(unique);
  EXPECT_EQ(cells(a), (Cells{{0, 1, 2}, {4, 5, 3}}));
  EXPECT_EQ(point_values(a, "texcoords"), (Doubles{0, 0, 1, 0, 1, 1, 0.25, 0.25, 0, 1, 0.5, 0.5}));
  ReadResult repeated = read_text(mesh_document(
      cat(positions(kSquare), source("uv", "S T", uv),
          "<triangles count=\"2\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"TEXCOORD\" source=\"#uv\" offset=\"1\"/>"
          "<p>0 0 1 1 2 2  0 0 2 4 3 5</p></triangles>")));
  const Mesh& b = only_mesh(repeated);
  EXPECT_EQ(cells(b), (Cells{{0, 1, 2}, {0, 4, 3}}));
  EXPECT_EQ(point_values(b, "texcoords"), (Doubles{0, 0, 1, 0, 1, 1, 0.25, 0.25, 0.5, 0.5}));
}

// Such a mesh keeps no key of the vertices it appends: its columns and split positions are read
// again from the corners, in the order the blocks gave them, less each position's first and a
// fan too short to keep. A skin over it finds each vertex's position: position p weighs on
// joint p % 2.
TEST(GeometryTest, CornersWithAnIndexOfTheirOwnAreReadAgainInBlockOrder) {
  std::string uv;
  for (int i = 0; i < 12; ++i) uv += cat(i, " 0.5  ");
  std::string mesh_body =
      cat(positions("0 0 0  1 0 0  1 1 0  0 1 0  2 2 0"), source("uv", "S T", uv),
          "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"TEXCOORD\" source=\"#uv\" offset=\"1\"/><p>0 0 1 1 2 2</p></triangles>"
          "<trifans count=\"2\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"TEXCOORD\" source=\"#uv\" offset=\"1\"/>"
          "<p>3 3 0 4</p><p>0 5 2 6 3 7 1 8</p></trifans>"
          "<polylist count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"TEXCOORD\" source=\"#uv\" offset=\"1\"/><vcount>3</vcount>"
          "<p>2 9 3 10 1 11</p></polylist>");
  std::string skin =
      "<library_controllers><controller id=\"k\"><skin source=\"#g\">"
      "<source id=\"names\"><Name_array id=\"names-a\" count=\"2\">a b</Name_array>"
      "<technique_common><accessor source=\"#names-a\" count=\"2\">"
      "<param name=\"JOINT\" type=\"name\"/></accessor></technique_common></source>"
      "<source id=\"w\"><float_array id=\"w-a\" count=\"1\">1</float_array><technique_common>"
      "<accessor source=\"#w-a\" count=\"1\"><param name=\"WEIGHT\" type=\"float\"/></accessor>"
      "</technique_common></source><joints><input semantic=\"JOINT\" source=\"#names\"/></joints>"
      "<vertex_weights count=\"5\"><input semantic=\"JOINT\" source=\"#names\" offset=\"0\"/>"
      "<input semantic=\"WEIGHT\" source=\"#w\" offset=\"1\"/><vcount>1 1 1 1 1</vcount>"
      "<v>0 0 1 0 0 0 1 0 0 0</v></vertex_weights></skin></controller></library_controllers>"
      "<library_visual_scenes><visual_scene id=\"vs\"><node id=\"c\">"
      "<instance_controller url=\"#k\"><skeleton>#c</skeleton></instance_controller>"
      "<node id=\"a\" sid=\"a\" type=\"JOINT\"/><node id=\"b\" sid=\"b\" type=\"JOINT\"/>"
      "</node></visual_scene></library_visual_scenes>";
  for (bool skinned : {false, true}) {
    SCOPED_TRACE(skinned ? "skinned" : "plain");
    ReadResult r = read_text(geometries_document(geometry("g", mesh_body), skinned ? skin : ""));
    const Mesh& mesh = only_mesh(r);
    EXPECT_EQ(cells(mesh), (Cells{{0, 1, 2}, {5, 6, 3}, {5, 3, 7}, {8, 9, 10}}));
    // Position 4 is named by no corner; vertices 5 to 10 are positions 0, 2, 1, 2, 3, 1.
    EXPECT_EQ(column_values(mesh.points),
              (Doubles{0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 2, 2, 0, 0, 0,
                       0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0}));
    EXPECT_EQ(point_values(mesh, "texcoords"),
              (Doubles{0,   0.5, 1,   0.5, 2,   0.5, 7,   0.5, 0,   0,  5,
                       0.5, 6,   0.5, 8,   0.5, 9,   0.5, 10,  0.5, 11, 0.5}));
    EXPECT_EQ(r.diagnostics.count("collada.primitive.degenerate"), 1);
    if (!skinned) continue;
    std::vector<double> joints = point_values(mesh, "joints");
    ASSERT_EQ(joints.size() % 11, 0u);
    const size_t influences = joints.size() / 11;
    std::vector<double> first_joint;
    for (size_t v = 0; v < 11; ++v) first_joint.push_back(joints[v * influences]);
    EXPECT_EQ(first_joint, (Doubles{0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 1}));
  }
}

// Reading: vertex i is position i (so "every position is a vertex"), and a corner that disagrees
// with its position's first corner is appended after the positions, even when it comes before
// another position's first corner.
TEST(GeometryTest, SplitVerticesFollowThePositionsWhateverTheCornerOrder) {
  ReadResult r = read_text(mesh_document(
      cat(positions(kSquare), source("nrm", "X Y Z", "0 0 1  0 0 -1"),
          "<triangles count=\"2\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"NORMAL\" source=\"#nrm\" offset=\"1\"/>"
          "<p>0 0 1 0 2 0  0 1 2 1 3 1</p></triangles>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(cells(mesh), (Cells{{0, 1, 2}, {4, 5, 3}}));
  EXPECT_EQ(column_values(mesh.points),
            (Doubles{0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0}));
  EXPECT_EQ(point_values(mesh, "normals"),
            (Doubles{0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, -1, 0, 0, -1, 0, 0, -1}));
}

TEST(GeometryTest, EveryPositionIsAVertexWhetherOrNotACornerNamesIt) {
  // Position 3 is named by no corner; it keeps its place and its per-position normal.
  ReadResult r = read_text(mesh_document(
      cat(source("pos", "X Y Z", kSquare), source("nrm", "X Y Z", "0 0 1  0 0 1  0 0 1  1 0 0"),
          "<vertices id=\"v\"><input semantic=\"POSITION\" source=\"#pos\"/>"
          "<input semantic=\"NORMAL\" source=\"#nrm\"/></vertices>"
          "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<p>0 1 2</p></triangles>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(mesh.num_points(), 4u);
  EXPECT_EQ(column_values(mesh.points), (Doubles{0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0}));
  EXPECT_EQ(point_values(mesh, "normals"), (Doubles{0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 0, 0}));
  EXPECT_EQ(cells(mesh), (Cells{{0, 1, 2}}));
}

TEST(GeometryTest, EveryPositionIsAVertexInAMeshWithoutPrimitives) {
  ReadResult r = read_text(mesh_document(positions(kSquare)));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(mesh.num_points(), 4u);
  EXPECT_EQ(mesh.num_cells(), 0u);
}

TEST(GeometryTest, InputsSharingOneOffsetAreReadPerPosition) {
  ReadResult r = read_text(mesh_document(
      cat(positions(kSquare), source("nrm", "X Y Z", "0 0 1  0 1 0  1 0 0  0 0 -1"),
          source("uv", "S T", "0 0  1 0  1 1  0 1"),
          "<triangles count=\"2\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"NORMAL\" source=\"#nrm\" offset=\"0\"/>"
          "<input semantic=\"TEXCOORD\" source=\"#uv\" offset=\"0\" set=\"0\"/>"
          "<p>0 1 2  0 2 3</p></triangles>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(mesh.num_points(), 4u);
  EXPECT_EQ(cells(mesh), (Cells{{0, 1, 2}, {0, 2, 3}}));
  EXPECT_EQ(point_values(mesh, "normals"), (Doubles{0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, -1}));
  EXPECT_EQ(point_values(mesh, "texcoords"), (Doubles{0, 0, 1, 0, 1, 1, 0, 1}));
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(GeometryTest, LaterBlockNamingAnotherSourceForTheSameAttributeSplitsItsCorners) {
  // Both blocks read normals per position, from different sources: the second block's corners
  // disagree with the first's and split; its corner on the unclaimed position 3 does not.
  ReadResult r = read_text(mesh_document(
      cat(positions(kSquare), source("up", "X Y Z", "0 0 1  0 0 1  0 0 1  0 0 1"),
          source("down", "X Y Z", "0 0 -1  0 0 -1  0 0 -1  0 0 -1"),
          "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"NORMAL\" source=\"#up\" offset=\"0\"/><p>0 1 2</p></triangles>"
          "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"NORMAL\" source=\"#down\" offset=\"0\"/><p>0 2 3</p></triangles>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(cells(mesh), (Cells{{0, 1, 2}, {4, 5, 3}}));
  EXPECT_EQ(point_data_names(mesh), (std::vector<std::string>{"normals"}));
  EXPECT_EQ(point_values(mesh, "normals"),
            (Doubles{0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, -1, 0, 0, -1, 0, 0, -1}));
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(GeometryTest, AttributeMissingInOneBlockTakesZerosWithAWarning) {
  // Lines beside textured triangles: the line's corner on position 0 cannot take the
  // triangle's texture coordinate, so it is a vertex of its own with zeros.
  ReadResult r = read_text(mesh_document(
      cat(positions(kSquare), source("uv", "S T", "0.5 0.5  1 0.25  1 1"),
          "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"TEXCOORD\" source=\"#uv\" offset=\"1\" set=\"0\"/>"
          "<p>0 0 1 1 2 2</p></triangles>"
          "<lines count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<p>0 3</p></lines>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(cells(mesh), (Cells{{0, 1, 2}, {4, 3}}));
  EXPECT_EQ(point_values(mesh, "texcoords"), (Doubles{0.5, 0.5, 1, 0.25, 1, 1, 0, 0, 0, 0}));
  EXPECT_EQ(r.diagnostics.count("collada.attribute.partial"), 1);
  EXPECT_EQ(r.diagnostics.warning_count(), 1);
}

TEST(GeometryTest, NormalTexcoordAndColorSetsAreNamedBySet) {
  ReadResult r = read_text(mesh_document(
      cat(positions("0 0 0  1 0 0  0 1 0"), source("n0", "X Y Z", "0 0 1"),
          source("n1", "X Y Z", "0 1 0"), source("t0", "S T", "0.25 0.5"),
          source("t1", "S T", "0.75 1"), source("c0", "R G B", "1 0.5 0"),
          "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"NORMAL\" source=\"#n0\" offset=\"1\"/>"
          "<input semantic=\"NORMAL\" source=\"#n1\" offset=\"1\" set=\"1\"/>"
          "<input semantic=\"TEXCOORD\" source=\"#t0\" offset=\"1\" set=\"0\"/>"
          "<input semantic=\"TEXCOORD\" source=\"#t1\" offset=\"1\" set=\"1\"/>"
          "<input semantic=\"COLOR\" source=\"#c0\" offset=\"1\" set=\"0\"/>"
          "<p>0 0 1 0 2 0</p></triangles>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(point_data_names(mesh), (std::vector<std::string>{"normals", "normals_1", "texcoords",
                                                              "texcoords_1", "colors"}));
  EXPECT_EQ(point_values(mesh, "normals"), (Doubles{0, 0, 1, 0, 0, 1, 0, 0, 1}));
  EXPECT_EQ(point_values(mesh, "normals_1"), (Doubles{0, 1, 0, 0, 1, 0, 0, 1, 0}));
  EXPECT_EQ(point_values(mesh, "texcoords"), (Doubles{0.25, 0.5, 0.25, 0.5, 0.25, 0.5}));
  EXPECT_EQ(point_values(mesh, "texcoords_1"), (Doubles{0.75, 1, 0.75, 1, 0.75, 1}));
  EXPECT_EQ(point_values(mesh, "colors"), (Doubles{1, 0.5, 0, 1, 0.5, 0, 1, 0.5, 0}));
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(GeometryTest, ColorsKeepThreeOrFourColumnsAsTheFileHasThem) {
  auto mesh_with = [](std::string_view id, std::string_view params, std::string_view values) {
    return cat(positions("0 0 0  1 0 0  0 1 0", cat(id, "-v")), source(id, params, values),
               "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#", id,
               "-v\" offset=\"0\"/><input semantic=\"COLOR\" source=\"#", id,
               "\" offset=\"0\"/><p>0 1 2</p></triangles>");
  };
  ReadResult r = read_text(geometries_document(
      cat(geometry("g1", mesh_with("rgb", "R G B", "1 0 0  0 1 0  0 0 1")),
          geometry("g2", mesh_with("rgba", "R G B A", "1 0 0 0.5  0 1 0 1  0 0 1 0.25")))));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  ASSERT_EQ(r.scene->meshes.size(), 2u);
  const NamedColumn* rgb = r.scene->meshes[0].find_point_data("colors");
  const NamedColumn* rgba = r.scene->meshes[1].find_point_data("colors");
  ASSERT_NE(rgb, nullptr);
  ASSERT_NE(rgba, nullptr);
  EXPECT_EQ(rgb->column.cols, 3u);
  EXPECT_EQ(rgba->column.cols, 4u);
  EXPECT_EQ(column_values(rgba->column), (Doubles{1, 0, 0, 0.5, 0, 1, 0, 1, 0, 0, 1, 0.25}));
}

TEST(GeometryTest, OtherSemanticsKeepTheirLowercasedName) {
  ReadResult r = read_text(mesh_document(
      cat(positions("0 0 0  1 0 0  0 1 0"), source("tt", "X Y Z", "1 0 0"),
          source("tb", "X Y Z", "0 1 0"), source("tg", "X Y Z", "0 0 1"),
          "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"TEXTANGENT\" source=\"#tt\" offset=\"1\" set=\"0\"/>"
          "<input semantic=\"TEXBINORMAL\" source=\"#tb\" offset=\"1\" set=\"1\"/>"
          "<input semantic=\"TANGENT\" source=\"#tg\" offset=\"1\"/>"
          "<p>0 0 1 0 2 0</p></triangles>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(point_data_names(mesh),
            (std::vector<std::string>{"textangent", "texbinormal_1", "tangent"}));
  EXPECT_EQ(point_values(mesh, "texbinormal_1"), (Doubles{0, 1, 0, 0, 1, 0, 0, 1, 0}));
}

TEST(GeometryTest, SetSpelledWithLeadingZerosIsReadAsItsNumber) {
  ReadResult r = read_text(mesh_document(
      cat(positions("0 0 0  1 0 0  0 1 0"), source("t0", "S T", "0 0"), source("t1", "S T", "1 1"),
          source("t2", "S T", "0.5 0.5"),
          "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"TEXCOORD\" source=\"#t0\" offset=\"1\" set=\"00\"/>"
          "<input semantic=\"TEXCOORD\" source=\"#t1\" offset=\"1\" set=\"01\"/>"
          "<input semantic=\"TEXCOORD\" source=\"#t2\" offset=\"1\" set=\"002\"/>"
          "<p>0 0 1 0 2 0</p></triangles>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(point_data_names(mesh),
            (std::vector<std::string>{"texcoords", "texcoords_1", "texcoords_2"}));
  EXPECT_EQ(point_values(mesh, "texcoords_1"), (Doubles{1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(GeometryTest, TexcoordSetsAreRenumberedDownWhenTheMeshHasNoSetZero) {
  // As 3ds Max numbers its first map channel 1.
  ReadResult r = read_text(mesh_document(
      cat(positions("0 0 0  1 0 0  0 1 0"), source("t1", "S T", "0.25 0.25"),
          source("t3", "S T", "0.75 0.75"), source("n", "X Y Z", "0 0 1"),
          "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"NORMAL\" source=\"#n\" offset=\"1\" set=\"1\"/>"
          "<input semantic=\"TEXCOORD\" source=\"#t1\" offset=\"1\" set=\"1\"/>"
          "<input semantic=\"TEXCOORD\" source=\"#t3\" offset=\"1\" set=\"3\"/>"
          "<p>0 0 1 0 2 0</p></triangles>")));
  const Mesh& mesh = only_mesh(r);
  // Only texture coordinate sets are renumbered.
  EXPECT_EQ(point_data_names(mesh),
            (std::vector<std::string>{"normals_1", "texcoords", "texcoords_2"}));
  EXPECT_EQ(point_values(mesh, "texcoords"), (Doubles{0.25, 0.25, 0.25, 0.25, 0.25, 0.25}));
  EXPECT_EQ(point_values(mesh, "texcoords_2"), (Doubles{0.75, 0.75, 0.75, 0.75, 0.75, 0.75}));
}

TEST(GeometryTest, TexcoordPColumnThatIsZeroThroughoutIsDropped) {
  auto mesh_with = [](std::string_view id, std::string_view uvp) {
    return cat(positions("0 0 0  1 0 0  0 1 0", cat(id, "-v")), source(id, "S T P", uvp),
               "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#", id,
               "-v\" offset=\"0\"/><input semantic=\"TEXCOORD\" source=\"#", id,
               "\" offset=\"0\" set=\"0\"/><p>0 1 2</p></triangles>");
  };
  ReadResult r = read_text(
      geometries_document(cat(geometry("g1", mesh_with("flat", "0 0 0  1 0 0  0 1 0")),
                              geometry("g2", mesh_with("deep", "0 0 0  1 0 0.5  0 1 0")))));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  ASSERT_EQ(r.scene->meshes.size(), 2u);
  const NamedColumn* flat = r.scene->meshes[0].find_point_data("texcoords");
  const NamedColumn* deep = r.scene->meshes[1].find_point_data("texcoords");
  ASSERT_NE(flat, nullptr);
  ASSERT_NE(deep, nullptr);
  EXPECT_EQ(flat->column.cols, 2u);
  EXPECT_EQ(column_values(flat->column), (Doubles{0, 0, 1, 0, 0, 1}));
  EXPECT_EQ(deep->column.cols, 3u);
  EXPECT_EQ(column_values(deep->column), (Doubles{0, 0, 0, 1, 0, 0.5, 0, 1, 0}));
}

TEST(GeometryTest, BlockGivingAnAttributeTwiceKeepsTheFirstWithAWarning) {
  // A TEXCOORD with no set beside one of set 0.
  ReadResult r = read_text(mesh_document(
      cat(positions("0 0 0  1 0 0  0 1 0"), source("first", "S T", "0.25 0.5"),
          source("second", "S T", "0.75 1"),
          "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"TEXCOORD\" source=\"#first\" offset=\"1\"/>"
          "<input semantic=\"TEXCOORD\" source=\"#second\" offset=\"2\" set=\"0\"/>"
          "<p>0 0 0 1 0 0 2 0 0</p></triangles>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(point_data_names(mesh), (std::vector<std::string>{"texcoords"}));
  EXPECT_EQ(point_values(mesh, "texcoords"), (Doubles{0.25, 0.5, 0.25, 0.5, 0.25, 0.5}));
  EXPECT_EQ(r.diagnostics.count("collada.texcoord.duplicate-set"), 1);
  EXPECT_EQ(r.diagnostics.warning_count(), 1);
}

TEST(GeometryTest, InputWithoutSemanticIsDroppedWithAWarning) {
  // Its offset still counts in the length of a corner.
  ReadResult r = read_text(mesh_document(
      cat(positions("0 0 0  1 0 0  0 1 0"), source("n", "X Y Z", "0 0 1"),
          "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input source=\"#n\" offset=\"1\"/><p>0 0 1 0 2 0</p></triangles>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_TRUE(mesh.point_data.empty());
  EXPECT_EQ(cells(mesh), (Cells{{0, 1, 2}}));
  EXPECT_EQ(r.diagnostics.count("collada.input.no-semantic"), 1);
  EXPECT_EQ(r.diagnostics.warning_count(), 1);
}

TEST(GeometryTest, VerticesInputWithoutSemanticIsDroppedWithAWarning) {
  ReadResult r = read_text(mesh_document(cat(
      source("pos", "X Y Z", "0 0 0  1 0 0  0 1 0"), source("n", "X Y Z", "0 0 1  0 0 1  0 0 1"),
      "<vertices id=\"v\"><input semantic=\"POSITION\" source=\"#pos\"/>"
      "<input source=\"#n\"/></vertices>"
      "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
      "<p>0 1 2</p></triangles>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_TRUE(mesh.point_data.empty());
  EXPECT_EQ(r.diagnostics.count("collada.input.no-semantic"), 1);
  EXPECT_EQ(r.diagnostics.warning_count(), 1);
}

TEST(GeometryTest, TrianglesAndLinesAreTheirOwnElements) {
  ReadResult r = read_text(mesh_document(
      cat(positions(kSquare),
          "<triangles count=\"2\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<p>0 1 2 0 2 3</p></triangles>"
          "<lines count=\"2\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<p>0 1 1 2</p></lines>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(cell_types(mesh), (std::vector<CellType>{CellType::kTriangle, CellType::kTriangle,
                                                     CellType::kLine, CellType::kLine}));
  EXPECT_EQ(cells(mesh), (Cells{{0, 1, 2}, {0, 2, 3}, {0, 1}, {1, 2}}));
}

// Meshes of <triangles> only view the scene's shared cell types, offsets and one-material
// columns; a mesh with any other block has its own.
TEST(GeometryTest, TriangleMeshesShareTheirCellTypesOffsetsAndMaterials) {
  auto block = [](std::string_view kind, std::string_view v, std::string_view body) {
    return cat("<", kind, " count=\"1\"><input semantic=\"VERTEX\" source=\"#", v,
               "\" offset=\"0\"/>", body, "</", kind, ">");
  };
  const std::string two = cat(positions(kSquare, "va"),
                              "<triangles count=\"2\"><input "
                              "semantic=\"VERTEX\" source=\"#va\" offset=\"0\"/>"
                              "<p>0 1 2 0 2 3</p></triangles>");
  const std::string one = cat(positions(kSquare, "vb"), block("triangles", "vb", "<p>1 2 3</p>"));
  // A polylist of three corners a cell is triangles too; one with a quad fills its own arrays.
  const std::string polylist_of_triangles =
      cat(positions(kSquare, "vc"), block("triangles", "vc", "<p>0 1 2</p>"),
          block("polylist", "vc", "<vcount>3</vcount><p>0 2 3</p>"));
  const std::string with_a_quad =
      cat(positions(kSquare, "vd"), block("triangles", "vd", "<p>0 1 2</p>"),
          block("polylist", "vd", "<vcount>4</vcount><p>0 1 2 3</p>"));
  ReadResult r = read_text(
      geometries_document(cat(geometry("a", two), geometry("b", one),
                              geometry("c", polylist_of_triangles), geometry("d", with_a_quad))));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  ASSERT_EQ(r.scene->meshes.size(), 4u);
  const Mesh& a = r.scene->meshes[0];
  const Mesh& b = r.scene->meshes[1];
  const Mesh& c = r.scene->meshes[2];
  const Mesh& d = r.scene->meshes[3];
  EXPECT_EQ(cells(a), (Cells{{0, 1, 2}, {0, 2, 3}}));
  EXPECT_EQ(cells(b), (Cells{{1, 2, 3}}));
  EXPECT_EQ(cells(c), (Cells{{0, 1, 2}, {0, 2, 3}}));
  EXPECT_EQ(cells(d), (Cells{{0, 1, 2}, {0, 1, 2, 3}}));
  EXPECT_EQ(cell_types(b), (std::vector<CellType>{CellType::kTriangle}));
  EXPECT_EQ(b.offsets.data(), a.offsets.data());
  EXPECT_EQ(b.cell_types.data(), a.cell_types.data());
  EXPECT_EQ(c.offsets.data(), a.offsets.data());
  EXPECT_EQ(c.cell_types.data(), a.cell_types.data());
  EXPECT_EQ(cell_types(c), cell_types(a));
  EXPECT_NE(d.offsets.data(), a.offsets.data());
  EXPECT_EQ(cell_types(d), (std::vector<CellType>{CellType::kTriangle, CellType::kQuad}));
  // Unbound geometries take material -1 throughout: one shared array, each mesh its length.
  ASSERT_EQ(a.materials().size(), 2u);
  ASSERT_EQ(b.materials().size(), 1u);
  EXPECT_EQ(a.materials()[1], -1);
  EXPECT_EQ(b.materials().data(), a.materials().data());
}

// A mesh of at most 65,536 vertices holds its indices in 16 bits, a larger one in 32; the
// values are the same either way, and ReadOptions::narrow_indices off keeps every mesh 32-bit.
TEST(GeometryTest, MeshesOfAtMost65536VerticesKeepTheirIndicesIn16Bits) {
  auto strip = [](size_t vertices, std::string_view id) {
    std::string xyz, p;
    for (size_t i = 0; i < vertices; ++i) xyz += cat(i, " ", i % 2, " 0 ");
    for (size_t i = 0; i + 2 < vertices; ++i) p += cat(i, " ", i + 1, " ", i + 2, " ");
    const std::string input =
        cat("<input semantic=\"VERTEX\" source=\"#", id, "v\" offset=\"0\"/>");
    return geometry(id, cat(positions(xyz, cat(id, "v")), "<triangles count=\"", vertices - 2,
                            "\">", input, "<p>", p, "</p></triangles>"));
  };
  const std::string text = geometries_document(cat(strip(65536, "a"), strip(65537, "b")));
  for (bool narrow : {true, false}) {
    ReadOptions options;
    options.narrow_indices = narrow;
    Diagnostics diagnostics;
    std::unique_ptr<Source> source = memory_source(text);
    absl::StatusOr<Scene> scene = read(*source, options, diagnostics);
    ASSERT_TRUE(scene.ok()) << scene.status();
    ASSERT_EQ(scene->meshes.size(), 2u);
    const Mesh& a = scene->meshes[0];
    const Mesh& b = scene->meshes[1];
    EXPECT_EQ(a.connectivity.narrow(), narrow);
    EXPECT_FALSE(b.connectivity.narrow());
    ASSERT_EQ(a.connectivity.size(), 3u * 65534);
    ASSERT_EQ(b.connectivity.size(), 3u * 65535);
    EXPECT_EQ(a.connectivity[3 * 65533 + 2], 65535u);
    EXPECT_EQ(b.connectivity[3 * 65534 + 2], 65536u);
    for (size_t i = 0; i < a.num_cells(); i += 997) {
      EXPECT_EQ((std::vector<uint32_t>(a.cell(i).begin(), a.cell(i).end())),
                (std::vector<uint32_t>{uint32_t(i), uint32_t(i + 1), uint32_t(i + 2)}));
    }
    // The columns after the narrowed indices took the memory they gave back, zeroed as new.
    EXPECT_EQ(a.points.values<float>()[3 * 65535], 65535.0f);
  }
}

TEST(GeometryTest, PolylistEntriesBecomeTriangleQuadOrPolygonBySize) {
  ReadResult r = read_text(mesh_document(
      cat(positions("0 0 0  1 0 0  2 0 0  2 1 0  1 1 0  0 1 0"),
          "<polylist count=\"3\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<vcount>3 4 5</vcount><p>0 1 4  1 2 3 4  0 1 2 3 5</p></polylist>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(cell_types(mesh),
            (std::vector<CellType>{CellType::kTriangle, CellType::kQuad, CellType::kPolygon}));
  EXPECT_EQ(cells(mesh), (Cells{{0, 1, 4}, {1, 2, 3, 4}, {0, 1, 2, 3, 5}}));
}

TEST(GeometryTest, PolygonsBecomeTriangleQuadOrPolygonBySize) {
  ReadResult r = read_text(mesh_document(
      cat(positions("0 0 0  1 0 0  2 0 0  2 1 0  1 1 0  0 1 0"),
          "<polygons count=\"3\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<p>0 1 4</p><p>1 2 3 4</p><p>0 1 2 3 5</p></polygons>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(cell_types(mesh),
            (std::vector<CellType>{CellType::kTriangle, CellType::kQuad, CellType::kPolygon}));
  EXPECT_EQ(cells(mesh), (Cells{{0, 1, 4}, {1, 2, 3, 4}, {0, 1, 2, 3, 5}}));
}

TEST(GeometryTest, TrifansAreExpandedIntoTriangles) {
  ReadResult r = read_text(mesh_document(
      cat(positions("0 0 0  1 0 0  1 1 0  0 1 0  -1 1 0"),
          "<trifans count=\"2\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<p>0 1 2 3 4</p><p>4 3 2</p></trifans>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(cell_types(mesh), std::vector<CellType>(4, CellType::kTriangle));
  EXPECT_EQ(cells(mesh), (Cells{{0, 1, 2}, {0, 2, 3}, {0, 3, 4}, {4, 3, 2}}));
}

TEST(GeometryTest, TristripsBecomeTriangleStrips) {
  ReadResult r = read_text(mesh_document(
      cat(positions("0 0 0  1 0 0  0 1 0  1 1 0  0 2 0"),
          "<tristrips count=\"2\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<p>0 1 2 3 4</p><p>2 3 4</p></tristrips>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(cell_types(mesh), std::vector<CellType>(2, CellType::kTriangleStrip));
  EXPECT_EQ(cells(mesh), (Cells{{0, 1, 2, 3, 4}, {2, 3, 4}}));
}

TEST(GeometryTest, LinestripsBecomePolyLines) {
  ReadResult r = read_text(mesh_document(
      cat(positions(kSquare),
          "<linestrips count=\"2\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<p>0 1 2 3 0</p><p>1 3</p></linestrips>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(cell_types(mesh), std::vector<CellType>(2, CellType::kPolyLine));
  EXPECT_EQ(cells(mesh), (Cells{{0, 1, 2, 3, 0}, {1, 3}}));
}

TEST(GeometryTest, PolygonHolesAreBridgedIntoTheOuterRing) {
  // The hole (1, 1), (2, 1), (2, 2) runs the outer ring's way, so it is spliced in reversed,
  // from its leftmost corner, after the outer corner (0, 0) that corner sees, and back.
  ReadResult r = read_text(mesh_document(
      cat(positions("0 0 0  4 0 0  4 4 0  0 4 0  1 1 0  2 1 0  2 2 0"),
          "<polygons count=\"2\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<p>0 1 2</p><ph><p>0 1 2 3</p><h>4 5 6</h></ph></polygons>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(cell_types(mesh), (std::vector<CellType>{CellType::kTriangle, CellType::kPolygon}));
  EXPECT_EQ(cells(mesh), (Cells{{0, 1, 2}, {0, 4, 6, 5, 4, 0, 1, 2, 3}}));
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(GeometryTest, PolygonHolesThatCannotBeKeptAreDroppedWithAWarning) {
  // A hole of two corners and one outside the polygon; the third is kept.
  ReadResult r = read_text(mesh_document(
      cat(positions("0 0 0  4 0 0  4 4 0  0 4 0  1 1 0  2 1 0  2 2 0  5 1 0  6 1 0  6 2 0"),
          "<polygons count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<ph><p>0 1 2 3</p><h>4 5</h><h>7 8 9</h><h>6 5 4</h></ph></polygons>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(cells(mesh), (Cells{{0, 4, 6, 5, 4, 0, 1, 2, 3}}));
  EXPECT_EQ(mesh.num_points(), 10u);  // the dropped holes' positions stay vertices
  EXPECT_EQ(r.diagnostics.count("collada.polygons.holes-dropped"), 2);
  EXPECT_EQ(r.diagnostics.warning_count(), 2);
}

TEST(GeometryTest, PolygonHoleCornersAreReadLikeAnyOther) {
  // A hole corner takes its own normal; an index past its source refuses the document.
  ReadResult r = read_text(mesh_document(
      cat(positions("0 0 0  4 0 0  4 4 0  0 4 0  1 1 0  2 1 0  2 2 0"),
          source("nrm", "X Y Z", "0 0 1  0 0 -1"),
          "<polygons count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"NORMAL\" source=\"#nrm\" offset=\"1\"/>"
          "<ph><p>0 0 1 0 2 0 3 0</p><h>4 0 6 0 5 1</h></ph></polygons>")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(cells(mesh), (Cells{{0, 4, 6, 5, 4, 0, 1, 2, 3}}));
  const NamedColumn* normals = mesh.find_point_data("normals");
  ASSERT_NE(normals, nullptr);
  EXPECT_EQ(normals->column.get(5, 2), -1);
  EXPECT_EQ(normals->column.get(6, 2), 1);
  ReadResult past = read_text(mesh_document(
      cat(positions(kSquare),
          "<polygons count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<ph><p>0 1 2 3</p><h>0 1 9</h></ph></polygons>")));
  ASSERT_FALSE(past.scene.ok());
  EXPECT_NE(past.scene.status().message().find("collada.index.past-source"), std::string::npos)
      << past.scene.status();
}

TEST(GeometryTest, MeshNameIsTheGeometryName) {
  ReadResult r = read_text(geometries_document(
      cat(geometry("g1", triangle_mesh("v1"), "Robot Arm"), geometry("g2", triangle_mesh("v2")))));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  ASSERT_EQ(r.scene->meshes.size(), 2u);
  const Value* name = find_value(r.scene->meshes[0].global_attrs, "mesh_name");
  ASSERT_NE(name, nullptr);
  EXPECT_EQ(name->as_string(), "Robot Arm");
  EXPECT_EQ(find_value(r.scene->meshes[1].global_attrs, "mesh_name"), nullptr);
}

TEST(GeometryTest, OneMeshPerGeometryInLibraryOrderAcrossEveryLibrary) {
  auto named = [](std::string_view id) { return geometry(id, triangle_mesh(cat(id, "-v")), id); };
  std::string text = document(cat("<library_geometries>", named("a"), named("b"),
                                  "</library_geometries>\n<library_geometries>", named("c"),
                                  "</library_geometries>"));
  ReadResult r = read_text(text);
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  ASSERT_EQ(r.scene->meshes.size(), 3u);
  const char* names[] = {"a", "b", "c"};
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(find_value(r.scene->meshes[i].global_attrs, "mesh_name")->as_string(), names[i]);
  }
}

}  // namespace
}  // namespace px::collada
