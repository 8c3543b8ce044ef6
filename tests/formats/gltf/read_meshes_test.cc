// Meshes: primitives merged into one mesh with a material per cell, every primitive mode,
// non-indexed primitives, attribute names and types, and the refusals of malformed primitives.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/read_test_util.h"

namespace px::gltf::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// Four points on a square, as POSITION accessor 0, and the views and accessors of `extra`.
struct Square {
  Bin bin;
  std::string views;
  std::string accessors;
  int count = 0;

  Square() {
    add<float>({0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0}, 5126, "VEC3", false,
               R"(, "min": [0, 0, 0], "max": [1, 1, 0])");
  }

  // Adds a view and an accessor of values (and `more` JSON members); returns the accessor's index.
  template <class T>
  int add(const std::vector<T>& values, int component_type, std::string_view type,
          bool normalized = false, std::string_view more = "") {
    size_t offset = bin.add(values);
    int components = type == "SCALAR" ? 1 : type == "VEC2" ? 2 : type == "VEC3" ? 3 : 4;
    std::string sep = count == 0 ? "" : ",";
    views += cat(sep, R"({"buffer": 0, "byteOffset": )", offset, R"(, "byteLength": )",
                 values.size() * sizeof(T), "}");
    accessors += cat(sep, R"({"bufferView": )", count, R"(, "componentType": )", component_type,
                     normalized ? R"(, "normalized": true)" : "", R"(, "count": )",
                     values.size() / components, R"(, "type": ")", type, R"(")", more, "}");
    return count++;
  }

  std::string doc(std::string_view meshes, std::string_view more = "") const {
    return document(cat(R"("bufferViews": [)", views, R"(], "accessors": [)", accessors,
                        R"(], "meshes": [)", meshes, "]", more),
                    bin);
  }
};

const Mesh& only_mesh(const ReadResult& r) {
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.scene->meshes.size(), 1u);
  return r.scene->meshes[0];
}

TEST(ReadMeshes, PrimitivesSharingAttributesShareVerticesWithAMaterialPerCell) {
  Square s;
  int front = s.add<uint8_t>({0, 1, 2}, 5121, "SCALAR");
  int back = s.add<uint16_t>({0, 2, 3}, 5123, "SCALAR");
  ReadResult r = read_bytes(s.doc(cat(R"({"name": "quad", "primitives": [
             {"attributes": {"POSITION": 0}, "indices": )",
                                      front, R"(, "material": 1},
             {"attributes": {"POSITION": 0}, "indices": )",
                                      back, R"(}]})"),
                                  R"(, "materials": [{}, {}])"));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(mesh.num_points(), 4u);
  EXPECT_THAT(values_of(mesh.points), ElementsAre(0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0));
  EXPECT_THAT(cell_types(mesh), ElementsAre(CellType::kTriangle, CellType::kTriangle));
  EXPECT_THAT(connectivity(mesh), ElementsAre(0, 1, 2, 0, 2, 3));
  EXPECT_THAT(materials(mesh), ElementsAre(1, -1));
  EXPECT_EQ(find_value(mesh.global_attrs, "mesh_name")->as_string(), "quad");
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

// A mesh of triangles views its 16- or 32-bit indices where they lie (one primitive's, or several
// laid out one after another) and shares the arena's triangle types, offsets and material
// column; 8-bit indices, and primitives of other types or apart, are copied into 32 bits;
// ReadOptions::narrow_indices off widens 16-bit ones.
TEST(ReadMeshes, TrianglesViewTheirIndicesWhereTheyLieAndShareTheirCellArrays) {
  Square s;
  const int narrow = s.add<uint16_t>({0, 1, 2, 0, 2, 3}, 5123, "SCALAR");
  const int narrow_next = s.add<uint16_t>({1, 2, 3}, 5123, "SCALAR");  // right after narrow's
  const int wide = s.add<uint32_t>({0, 2, 3}, 5125, "SCALAR");
  const int bytes = s.add<uint8_t>({0, 1, 2}, 5121, "SCALAR");
  auto primitive = [](int indices, int material) {
    return cat(R"({"attributes": {"POSITION": 0}, "indices": )", indices, R"(, "material": )",
               material, "}");
  };
  const std::string doc =
      s.doc(cat(R"({"primitives": [)", primitive(narrow, 0), R"(]}, {"primitives": [)",
                primitive(wide, 0), R"(]}, {"primitives": [)", primitive(bytes, 1), R"(]}, )",
                R"({"primitives": [)", primitive(wide, 0), ",", primitive(narrow, 1), R"(]}, )",
                R"({"primitives": [)", primitive(narrow, 0), ",", primitive(narrow_next, 1), "]}"),
            R"(, "materials": [{}, {}])");
  for (bool narrow_indices : {true, false}) {
    ReadOptions options;
    options.narrow_indices = narrow_indices;
    ReadResult r = read_bytes(doc, options);
    ASSERT_TRUE(r.scene.ok()) << r.scene.status();
    ASSERT_EQ(r.scene->meshes.size(), 5u);
    const Mesh& a = r.scene->meshes[0];
    const Mesh& b = r.scene->meshes[1];
    const Mesh& c = r.scene->meshes[2];
    const Mesh& d = r.scene->meshes[3];
    EXPECT_EQ(a.connectivity.narrow(), narrow_indices);
    EXPECT_FALSE(b.connectivity.narrow());
    EXPECT_FALSE(c.connectivity.narrow());
    EXPECT_FALSE(d.connectivity.narrow());
    EXPECT_THAT(connectivity(a), ElementsAre(0, 1, 2, 0, 2, 3));
    EXPECT_THAT(connectivity(b), ElementsAre(0, 2, 3));
    EXPECT_THAT(connectivity(c), ElementsAre(0, 1, 2));
    EXPECT_THAT(connectivity(d), ElementsAre(0, 2, 3, 0, 1, 2, 0, 2, 3));
    // Two primitives whose indices lie one after the other: one view of both.
    const Mesh& e = r.scene->meshes[4];
    EXPECT_EQ(e.connectivity.narrow(), narrow_indices);
    EXPECT_THAT(connectivity(e), ElementsAre(0, 1, 2, 0, 2, 3, 1, 2, 3));
    EXPECT_THAT(materials(e), ElementsAre(0, 0, 1));
    // The shared arrays (a longer one made when a mesh needs it): triangle types, offsets 0, 3,
    // 6 ... and each material.
    EXPECT_EQ(b.cell_types.data(), a.cell_types.data());
    EXPECT_EQ(b.offsets.data(), a.offsets.data());
    EXPECT_THAT(std::vector<uint32_t>(d.offsets.begin(), d.offsets.end()), ElementsAre(0, 3, 6, 9));
    EXPECT_EQ(b.materials().data(), a.materials().data());
    EXPECT_THAT(materials(a), ElementsAre(0, 0));
    EXPECT_THAT(materials(c), ElementsAre(1));
    EXPECT_THAT(materials(d), ElementsAre(0, 1, 1));
    EXPECT_EQ(r.diagnostics.warning_count(), 0);
  }
}

TEST(ReadMeshes, PrimitivesWithTheirOwnAttributesAreAppendedAndMissingOnesZeroed) {
  Square s;
  int normals = s.add<float>({0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1}, 5126, "VEC3");
  int second = s.add<float>({5, 5, 5, 6, 5, 5}, 5126, "VEC3");
  ReadResult r = read_bytes(s.doc(cat(R"({"primitives": [
      {"attributes": {"POSITION": 0, "NORMAL": )",
                                      normals, R"(}, "mode": 0},
      {"attributes": {"POSITION": )",
                                      second, R"(}, "mode": 1}]})")));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(mesh.num_points(), 6u);
  EXPECT_THAT(values_of(mesh.points),
              ElementsAre(0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 5, 5, 5, 6, 5, 5));
  EXPECT_THAT(point_data(mesh, "normals"),
              ElementsAre(0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0));
  // Four vertex cells of the first primitive, then one line of the second's vertices 4 and 5.
  EXPECT_THAT(connectivity(mesh), ElementsAre(0, 1, 2, 3, 4, 5));
  EXPECT_THAT(cell_types(mesh), ElementsAre(CellType::kVertex, CellType::kVertex, CellType::kVertex,
                                            CellType::kVertex, CellType::kLine));
  EXPECT_EQ(r.diagnostics.count("gltf.read.attribute-filled"), 1);
}

struct ModeCase {
  int mode;
  std::vector<uint32_t> indices;
  std::vector<CellType> types;
  std::vector<uint32_t> connectivity;
};

TEST(ReadMeshes, EveryPrimitiveModeBecomesItsCells) {
  using C = CellType;
  const std::vector<ModeCase> cases = {
      {0, {2, 0}, {C::kVertex, C::kVertex}, {2, 0}},
      {1, {0, 1, 2, 3}, {C::kLine, C::kLine}, {0, 1, 2, 3}},
      {2, {0, 1, 2}, {C::kPolyLine}, {0, 1, 2, 0}},
      {3, {0, 1, 2}, {C::kPolyLine}, {0, 1, 2}},
      {4, {0, 1, 2, 0, 2, 3}, {C::kTriangle, C::kTriangle}, {0, 1, 2, 0, 2, 3}},
      {5, {0, 1, 3, 2}, {C::kTriangleStrip}, {0, 1, 3, 2}},
      {6, {0, 1, 2, 3}, {C::kTriangle, C::kTriangle}, {0, 1, 2, 0, 2, 3}},
  };
  for (const ModeCase& c : cases) {
    Square s;
    int indices = s.add<uint32_t>(c.indices, 5125, "SCALAR");
    ReadResult r = read_bytes(s.doc(cat(R"({"primitives": [{"attributes": {"POSITION": 0},
        "indices": )",
                                        indices, R"(, "mode": )", c.mode, "}]}")));
    const Mesh& mesh = only_mesh(r);
    EXPECT_EQ(cell_types(mesh), c.types) << "mode " << c.mode;
    EXPECT_EQ(connectivity(mesh), c.connectivity) << "mode " << c.mode;
    EXPECT_EQ(mesh.offsets.back(), c.connectivity.size());
  }
}

TEST(ReadMeshes, NonIndexedPrimitivesDrawTheirVerticesInOrder) {
  Square s;
  ReadResult r =
      read_bytes(s.doc(R"({"primitives": [{"attributes": {"POSITION": 0}, "mode": 6}]})"));
  const Mesh& mesh = only_mesh(r);
  EXPECT_THAT(connectivity(mesh), ElementsAre(0, 1, 2, 0, 2, 3));
}

TEST(ReadMeshes, IndicesMakingNoWholeCellAreLeftOutWithAWarning) {
  Square s;
  int indices = s.add<uint8_t>({0, 1, 2, 3}, 5121, "SCALAR");
  ReadResult r = read_bytes(
      s.doc(cat(R"({"primitives": [{"attributes": {"POSITION": 0}, "indices": )", indices, "}]}")));
  EXPECT_THAT(connectivity(only_mesh(r)), ElementsAre(0, 1, 2));
  EXPECT_EQ(r.diagnostics.count("gltf.read.indices-unused"), 1);
}

TEST(ReadMeshes, AttributesAreNamedAsTheModelNamesThem) {
  Square s;
  std::vector<float> vec2(8, 0.5f);
  std::vector<float> vec4(16, 0.25f);
  int t0 = s.add<float>(vec2, 5126, "VEC2");
  int t1 = s.add<uint8_t>({0, 255, 255, 0, 0, 0, 255, 255}, 5121, "VEC2", true);
  int c0 = s.add<float>(std::vector<float>(12, 1.0f), 5126, "VEC3");
  int c1 = s.add<uint16_t>(std::vector<uint16_t>(16, 65535), 5123, "VEC4", true);
  int tan = s.add<float>(vec4, 5126, "VEC4");
  int j0 = s.add<uint8_t>(std::vector<uint8_t>(16, 1), 5121, "VEC4");
  int w0 = s.add<uint8_t>(std::vector<uint8_t>(16, 51), 5121, "VEC4", true);
  int j1 = s.add<uint16_t>(std::vector<uint16_t>(16, 300), 5123, "VEC4");
  int w1 = s.add<float>(vec4, 5126, "VEC4");
  int custom = s.add<int16_t>({-1, 2, -3, 4}, 5122, "SCALAR");
  ReadResult r = read_bytes(s.doc(cat(
      R"({"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": )", t0, R"(, "TEXCOORD_1": )",
      t1, R"(, "COLOR_0": )", c0, R"(, "COLOR_1": )", c1, R"(, "TANGENT": )", tan,
      R"(, "JOINTS_0": )", j0, R"(, "WEIGHTS_0": )", w0, R"(, "JOINTS_1": )", j1,
      R"(, "WEIGHTS_1": )", w1, R"(, "_TEMPERATURE": )", custom, "}}]}")));
  const Mesh& mesh = only_mesh(r);
  std::vector<std::string> names;
  for (const NamedColumn& c : mesh.point_data) names.push_back(c.name);
  EXPECT_THAT(names, ElementsAre("texcoords", "texcoords_1", "colors", "colors_1", "tangents",
                                 "joints", "weights", "joints_1", "weights_1", "_TEMPERATURE"));
  EXPECT_THAT(point_data(mesh, "texcoords_1"), ElementsAre(0, 1, 1, 0, 0, 0, 1, 1));
  EXPECT_EQ(mesh.find_point_data("colors")->column.cols, 3u);
  EXPECT_EQ(point_data(mesh, "colors_1")[0], 1.0);
  // Joints keep their integer type; weights, normalized or not, are floats.
  EXPECT_EQ(mesh.find_point_data("joints")->column.dtype, DType::kUInt8);
  EXPECT_EQ(mesh.find_point_data("joints_1")->column.dtype, DType::kUInt16);
  EXPECT_EQ(point_data(mesh, "joints_1")[0], 300);
  EXPECT_EQ(mesh.find_point_data("weights")->column.dtype, DType::kFloat32);
  EXPECT_FLOAT_EQ(point_data(mesh, "weights")[0], 0.2f);
  EXPECT_EQ(mesh.find_point_data("_TEMPERATURE")->column.dtype, DType::kInt16);
  EXPECT_THAT(point_data(mesh, "_TEMPERATURE"), ElementsAre(-1, 2, -3, 4));
  for (const NamedColumn& c : mesh.point_data) EXPECT_EQ(c.column.rows, 4u) << c.name;
}

// Attributes are grouped by semantic in one pass, not a lookup per attribute: a primitive naming
// thousands of them reads them all, in the order the first primitive names them.
TEST(ReadMeshes, ManyAttributesAreReadInTheOrderTheyAreNamed) {
  Square s;
  int value = s.add<float>({1, 2, 3, 4}, 5126, "SCALAR");
  std::string attributes = R"("POSITION": 0)";
  constexpr int kAttributes = 3000;
  for (int i = 0; i < kAttributes; ++i) attributes += cat(R"(, "_A)", i, R"(": )", value);
  ReadResult r = read_bytes(s.doc(cat(R"({"primitives": [{"attributes": {)", attributes,
                                      R"(}}, {"attributes": {)", attributes, "}}]}")));
  const Mesh& mesh = only_mesh(r);
  ASSERT_EQ(mesh.point_data.size(), size_t{kAttributes});
  EXPECT_EQ(mesh.point_data.front().name, "_A0");
  EXPECT_EQ(mesh.point_data.back().name, cat("_A", kAttributes - 1));
  EXPECT_THAT(values_of(mesh.point_data.back().column), ElementsAre(1, 2, 3, 4));
}

TEST(ReadMeshes, MergedColumnsTakeTheWiderTypeAndColoursTheirAlpha) {
  Square s;
  int rgb = s.add<float>(std::vector<float>(12, 0.5f), 5126, "VEC3");
  int second = s.add<float>({5, 5, 5}, 5126, "VEC3");
  int rgba = s.add<float>({0.1f, 0.2f, 0.3f, 0.4f}, 5126, "VEC4");
  int j8 = s.add<uint8_t>(std::vector<uint8_t>(16, 2), 5121, "VEC4");
  int j16 = s.add<uint16_t>({1000, 1, 2, 3}, 5123, "VEC4");
  ReadResult r = read_bytes(
      s.doc(cat(R"({"primitives": [{"attributes": {"POSITION": 0, "COLOR_0": )", rgb,
                R"(, "JOINTS_0": )", j8, R"(}, "mode": 0}, {"attributes": {"POSITION": )", second,
                R"(, "COLOR_0": )", rgba, R"(, "JOINTS_0": )", j16, R"(}, "mode": 0}]})")));
  const Mesh& mesh = only_mesh(r);
  const Column& colors = mesh.find_point_data("colors")->column;
  EXPECT_EQ(colors.cols, 4u);
  EXPECT_EQ(colors.get(0, 3), 1.0);
  EXPECT_FLOAT_EQ(colors.get(4, 3), 0.4f);
  const Column& joints = mesh.find_point_data("joints")->column;
  EXPECT_EQ(joints.dtype, DType::kUInt16);
  EXPECT_EQ(joints.get(4, 0), 1000);
}

TEST(ReadMeshes, PrimitiveWithoutPositionIsSkippedWithAWarning) {
  Square s;
  ReadResult r = read_bytes(s.doc(R"({"primitives": [{"attributes": {"NORMAL": 0}}]})"));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(mesh.num_points(), 0u);
  EXPECT_EQ(mesh.num_cells(), 0u);
  EXPECT_EQ(r.diagnostics.count("gltf.read.primitive-skipped"), 1);
}

TEST(ReadMeshes, MorphTargetsAreKeptWithTheirWeightsAndExtrasKept) {
  Square s;
  ReadResult r = read_bytes(s.doc(R"({"primitives": [{"attributes": {"POSITION": 0},
      "targets": [{"POSITION": 0}]}], "weights": [0.5], "extras": {"lod": 2}})"));
  const Mesh& mesh = only_mesh(r);
  EXPECT_EQ(r.diagnostics.count("gltf.read.morph-targets-dropped"), 0);
  ASSERT_EQ(mesh.morph_targets.size(), 1u);
  EXPECT_EQ(mesh.morph_weights, (std::vector<double>{0.5}));
  EXPECT_EQ(find_value(find_value(mesh.global_attrs, "extras")->as_map(), "lod")->as_int(), 2);
}

TEST(ReadMeshes, MalformedPrimitivesAreRefusedNamingThem) {
  struct Case {
    std::string primitive;
    std::string rule;
    std::string pointer;
  };
  Square s;
  int bad_index = s.add<uint16_t>({0, 1, 4}, 5123, "SCALAR");
  int float_index = s.add<float>({0, 1, 2}, 5126, "SCALAR");
  int short_normals = s.add<float>({0, 0, 1}, 5126, "VEC3");
  int vec2 = s.add<float>(std::vector<float>(8, 0), 5126, "VEC2");
  const std::vector<Case> cases = {
      {cat(R"({"attributes": {"POSITION": 0}, "indices": )", bad_index, "}"),
       "gltf.primitive.index-out-of-range", "/meshes/0/primitives/0/indices"},
      {cat(R"({"attributes": {"POSITION": 0}, "indices": )", float_index, "}"),
       "gltf.primitive.indices", "/meshes/0/primitives/0/indices"},
      {cat(R"({"attributes": {"POSITION": 0, "NORMAL": )", short_normals, "}}"),
       "gltf.primitive.attribute-count", "/meshes/0/primitives/0/attributes/NORMAL"},
      {cat(R"({"attributes": {"POSITION": 0, "NORMAL": )", vec2, "}}"),
       "gltf.primitive.attribute-type", "/meshes/0/primitives/0/attributes/NORMAL"},
      {R"({"attributes": {"POSITION": 99}})", "gltf.reference.unresolved",
       "/meshes/0/primitives/0/attributes/POSITION"},
      {R"({"attributes": {"POSITION": 0}, "mode": 7})", "gltf.json.value",
       "/meshes/0/primitives/0/mode"},
      {R"({"attributes": {"POSITION": 0}, "material": 0})", "gltf.reference.unresolved",
       "/meshes/0/primitives/0/material"},
      {R"({"indices": 0})", "gltf.json.type", "/meshes/0/primitives/0/attributes"},
  };
  for (const Case& c : cases) {
    ReadResult r = read_bytes(s.doc(cat(R"({"primitives": [)", c.primitive, "]}")));
    ASSERT_FALSE(r.scene.ok()) << c.primitive;
    EXPECT_EQ(rule_of(r.scene.status()), c.rule) << r.scene.status();
    EXPECT_THAT(r.scene.status().message(), HasSubstr(c.pointer));
  }
}

}  // namespace
}  // namespace px::gltf::testing
