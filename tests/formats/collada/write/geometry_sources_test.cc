// Tests of formats/collada/write/geometry_sources.cc, a test per rule of spec/collada.md
// "Writing": which vertex attributes a <geometry> writes, under which semantic and set, and
// glTF's tangents as a TEXTANGENT / TEXBINORMAL frame.
#include <cmath>
#include <limits>

#include "formats/gltf/write/gltf_writer.h"
#include "polyxios/polyxios.h"
#include "tests/formats/collada/write/geometry_test_util.h"

namespace px::collada::testing {
namespace {

const std::vector<float> kUp = {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1};
const std::vector<float> kUv = {0, 0, 1, 0, 1, 1, 0, 1};

MeshBuilder& quad(MeshBuilder& m) {
  return m.points(kSquarePoints)
      .cell(CellType::kTriangle, {0, 1, 2})
      .cell(CellType::kTriangle, {0, 2, 3});
}

// A row's cross product, the bitangent glTF means: w * cross(n, t).
std::vector<float> bitangents(const std::vector<float>& n, const std::vector<float>& t4) {
  std::vector<float> out;
  for (size_t r = 0; r < n.size() / 3; ++r) {
    const float* a = &n[3 * r];
    const float* b = &t4[4 * r];
    double w = b[3] < 0 ? -1 : 1;
    out.push_back(static_cast<float>(w * (double{a[1]} * b[2] - double{a[2]} * b[1])));
    out.push_back(static_cast<float>(w * (double{a[2]} * b[0] - double{a[0]} * b[2])));
    out.push_back(static_cast<float>(w * (double{a[0]} * b[1] - double{a[1]} * b[0])));
  }
  return out;
}

std::vector<float> xyz_of(const std::vector<float>& t4) {
  std::vector<float> out;
  for (size_t i = 0; i < t4.size(); ++i) {
    if (i % 4 != 3) out.push_back(t4[i]);
  }
  return out;
}

// W2: every attribute the reader names comes back under its name, with its values bit-identical:
// each _n set suffix, the COLLADA frame attributes, and another semantic's lowercased name.
TEST(GeometrySources, EveryAttributeTheReaderNamesComesBack) {
  const std::vector<float> tiny = {1e-7f, 0.1f, 3.4028235e38f, -2.5f, 0, 1, 0.3f, 0.7f, 1, 2, 3, 4};
  const std::vector<std::string> written = {
      "normals", "normals_1", "texcoords",  "texcoords_1", "colors", "colors_1",
      "tangent", "binormal",  "textangent", "texbinormal", "uv",     "texcoords_12"};
  Scene scene;
  MeshBuilder m(scene);
  quad(m);
  for (const std::string& name : written) {
    bool two = name.starts_with("texcoords") || name == "uv";
    bool four = name == "colors_1";
    m.point_data(
        name,
        four  ? std::vector<float>{0.5f, 0.25f, 1, 1, 0, 0, 0, 1, 1, 1, 1, 0, 0.125f, 0, 1, 1}
        : two ? kUv
              : tiny,
        four  ? 4
        : two ? 2
              : 3);
  }
  m.add();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 0);
  const Mesh& mesh = rt.read.scene->meshes[0];
  EXPECT_EQ(names(mesh), written);
  for (const NamedColumn& original : scene.meshes[0].point_data) {
    std::span<const float> v = original.column.values<float>();
    EXPECT_EQ(floats(mesh, original.name), std::vector<float>(v.begin(), v.end())) << original.name;
    EXPECT_EQ(width(mesh, original.name), original.column.cols) << original.name;
  }
  EXPECT_NE(rt.written.text->find("<input semantic=\"UV\" source=\"#geometry-uv\" offset=\"0\"/>"),
            std::string::npos);
  EXPECT_NE(rt.written.text->find("<input semantic=\"NORMAL\" source=\"#geometry-normals_1\" "
                                  "offset=\"0\" set=\"1\"/>"),
            std::string::npos);
}

// W2: attributes whose name no semantic reads back (glTF's own _CUSTOM), or whose rows are not
// one per point, are dropped with a warning.
TEST(GeometrySources, AttributesThatCannotComeBackAreDroppedWithAWarning) {
  Scene scene;
  MeshBuilder m(scene);
  quad(m)
      .point_data("_CUSTOM", std::vector<float>{1, 2, 3, 4}, 1)
      .point_data("normal", kUp, 3)
      .point_data("normals", std::vector<float>{0, 0, 1}, 3)
      .point_data("colors", kUp, 3)
      .point_data("colors", kUp, 3)
      .add();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.attribute-dropped"), 4);
  EXPECT_EQ(names(rt.read.scene->meshes[0]), (std::vector<std::string>{"colors"}));
}

// W2: a hostile mesh's columns are checked, not trusted: any dtype and width is written as it
// is, and a column of no values per vertex, glTF's tangents of another width or a name no
// semantic can spell are dropped with a warning.
TEST(GeometrySources, ColumnsOfAnyDtypeAndShapeAreCheckedNotTrusted) {
  Scene scene;
  MeshBuilder m(scene);
  quad(m)
      .point_data("normals", std::vector<int64_t>{0, 0, 1, 0, 0, -1, 1, 0, 0, 0, 1, 0}, 3)
      .point_data("uv", std::vector<float>(24, 0.5f), 6)
      .point_data("empty", std::vector<float>{}, 0)
      .point_data("tangents", kUp, 3)
      .point_data("a:b", kUp, 3)
      .cell_data("material", std::vector<int32_t>{0, 1, 0, 1}, 2)
      .add();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.attribute-dropped"), 3);
  EXPECT_EQ(warned(rt.written, "collada.write.cell-attribute-dropped"), 1);
  const Mesh& mesh = rt.read.scene->meshes[0];
  EXPECT_EQ(names(mesh), (std::vector<std::string>{"normals", "uv"}));
  EXPECT_EQ(floats(mesh, "normals"), (std::vector<float>{0, 0, 1, 0, 0, -1, 1, 0, 0, 0, 1, 0}));
  EXPECT_EQ(floats(mesh, "uv"), std::vector<float>(24, 0.5f));
  EXPECT_EQ(start_tags(*rt.written.text, "triangles"),
            (std::vector<std::string>{"<triangles count=\"2\">"}));
}

// W4: joints and weights of a mesh no skinned node instances are dropped with a warning; a
// skinned mesh leaves them to its controller, silently.
TEST(GeometrySources, JointsAndWeightsOfAMeshNoControllerSkinsAreDroppedWithAWarning) {
  Scene scene;
  MeshBuilder m(scene);
  quad(m)
      .point_data("joints", std::vector<int32_t>(16, 0), 4)
      .point_data("weights", std::vector<float>(16, 0.25f), 4)
      .add();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.skin-attribute-dropped"), 2);
  EXPECT_TRUE(names(rt.read.scene->meshes[0]).empty());

  GeometryPlanned skinned = plan_only(scene, {true});
  ASSERT_TRUE(skinned.status.ok());
  EXPECT_EQ(skinned.diagnostics.count("collada.write.skin-attribute-dropped"), 0);
  EXPECT_EQ(skinned.plan.geometries.geometries[0].sources.size(), 1u);  // positions only
}

// W3: integer colours are scaled to 0..1 by their dtype's maximum, 255 for a signed dtype, with a
// warning when a signed one holds values outside 0..255.
TEST(GeometrySources, IntegerColoursAreScaledByTheirDtypesMaximum) {
  Scene scene;
  MeshBuilder m(scene);
  quad(m)
      .point_data("colors", std::vector<uint8_t>{255, 0, 51, 0, 255, 0, 0, 0, 255, 255, 255, 255},
                  3)
      .point_data("colors_1", std::vector<uint16_t>{65535, 0, 0, 0, 0, 65535, 0, 0}, 2)
      .point_data("colors_2", std::vector<int16_t>{255, 0, 0, 0}, 1)
      .point_data("colors_3", std::vector<int8_t>{-1, 0, 0, 0}, 1)
      .add();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.color-range"), 1);
  const Mesh& mesh = rt.read.scene->meshes[0];
  EXPECT_EQ(floats(mesh, "colors"), (std::vector<float>{1, 0, 0.2f, 0, 1, 0, 0, 0, 1, 1, 1, 1}));
  EXPECT_EQ(floats(mesh, "colors_1"), (std::vector<float>{1, 0, 0, 0, 0, 1, 0, 0}));
  EXPECT_EQ(floats(mesh, "colors_2"), (std::vector<float>{1, 0, 0, 0}));
  EXPECT_EQ(floats(mesh, "colors_3"),
            (std::vector<float>{static_cast<float>(-1 / 255.0), 0, 0, 0}));
}

// W5: a set suffix the reader would not spell back (not a number, _0, a leading zero, or one
// another key already spells) is written under the lowest free set, with a warning.
TEST(GeometrySources, SetSuffixesTheReaderWouldNotSpellGoUnderTheLowestFreeSet) {
  Scene scene;
  MeshBuilder m(scene);
  quad(m)
      .point_data("texcoords", kUv, 2)
      .point_data("texcoords_0", std::vector<float>{1, 1, 1, 1, 1, 1, 1, 1}, 2)
      .point_data("texcoords_2", kUv, 2)
      .point_data("texcoords_x", std::vector<float>{2, 2, 2, 2, 2, 2, 2, 2}, 2)
      .point_data("normals_01", kUp, 3)
      .add();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.attribute-set"), 3);
  const Mesh& mesh = rt.read.scene->meshes[0];
  EXPECT_EQ(names(mesh), (std::vector<std::string>{"texcoords", "texcoords_1", "texcoords_2",
                                                   "texcoords_3", "normals"}));
  EXPECT_EQ(floats(mesh, "texcoords_1"), (std::vector<float>(8, 1)));
  EXPECT_EQ(floats(mesh, "texcoords_3"), (std::vector<float>(8, 2)));
  EXPECT_EQ(floats(mesh, "normals"), kUp);
}

const std::vector<float> kTangents = {1, 0, 0, 1, 0, 1, 0, -1, 1, 0, 0, -1, 0.6f, 0.8f, 0, 1};

// W6, W8: glTF's tangents go out as a TEXTANGENT of their xyz and a TEXBINORMAL of
// w * cross(normals, xyz); the texcoords are written as held (no V flip), the frame with them.
TEST(GeometrySources, GltfTangentsBecomeTextangentAndTexbinormal) {
  const std::vector<float> uv = {0, 1, 1, 1, 1, 0, 0, 0};  // glTF's V, running down
  Scene scene;
  MeshBuilder m(scene);
  quad(m)
      .point_data("normals", kUp, 3)
      .point_data("texcoords", uv, 2)
      .point_data("tangents", kTangents, 4);
  m.add();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 0);
  const Mesh& mesh = rt.read.scene->meshes[0];
  EXPECT_EQ(names(mesh),
            (std::vector<std::string>{"normals", "texcoords", "textangent", "texbinormal"}));
  EXPECT_EQ(floats(mesh, "texcoords"), uv);
  EXPECT_EQ(floats(mesh, "textangent"), xyz_of(kTangents));
  EXPECT_EQ(floats(mesh, "texbinormal"), bitangents(kUp, kTangents));
  EXPECT_EQ(floats(mesh, "texbinormal")[3], 1.0f);  // w = -1 flips cross((0,0,1), (0,1,0))
}

// W6: the frame reads back as textangent and texbinormal, which a glTF write turns back into
// glTF's tangents, handedness included.
TEST(GeometrySources, TangentFrameTurnsBackIntoGltfTangents) {
  Scene scene;
  MeshBuilder m(scene);
  quad(m).point_data("normals", kUp, 3).point_data("tangents", kTangents, 4).add();
  scene.nodes.emplace_back().mesh = 0;
  scene.scenes.push_back({0});
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  Diagnostics diagnostics;
  absl::StatusOr<gltf::Written> glb = gltf::write_to_memory(*rt.read.scene, true, "", diagnostics);
  ASSERT_TRUE(glb.ok()) << glb.status();
  absl::StatusOr<Scene> again = read_scene_bytes(glb->json, ReadOptions(), diagnostics);
  ASSERT_TRUE(again.ok()) << again.status();
  ASSERT_EQ(again->meshes.size(), 1u);
  EXPECT_EQ(floats(again->meshes[0], "tangents"), kTangents);
}

// W6: the frame goes under the lowest set no 3-wide textangent or texbinormal spells, with a
// warning when that is not set 0.
TEST(GeometrySources, TangentFrameTakesTheLowestFreeSetWithAWarningWhenNotZero) {
  Scene scene;
  MeshBuilder m(scene);
  quad(m)
      .point_data("normals", kUp, 3)
      .point_data("textangent", kUp, 3)
      .point_data("texbinormal_1", kUp, 3)
      .point_data("tangents", kTangents, 4)
      .add();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.tangent-set"), 1);
  const Mesh& mesh = rt.read.scene->meshes[0];
  EXPECT_EQ(floats(mesh, "textangent"), kUp);
  EXPECT_EQ(floats(mesh, "texbinormal_1"), kUp);
  EXPECT_EQ(floats(mesh, "textangent_2"), xyz_of(kTangents));
  EXPECT_EQ(floats(mesh, "texbinormal_2"), bitangents(kUp, kTangents));
}

// W6: a key of the frame's set of another shape gives way and is reported dropped, as is, with a
// warning of its own, a lone set-0 texbinormal beside no textangent.
TEST(GeometrySources, KeysInTheFramesWayAreDroppedWithAWarning) {
  Scene scene;
  MeshBuilder a(scene);
  quad(a)
      .point_data("normals", kUp, 3)
      .point_data("textangent", kUv, 2)
      .point_data("tangents", kTangents, 4)
      .add();
  MeshBuilder b(scene);
  quad(b)
      .point_data("normals", kUp, 3)
      .point_data("texbinormal", kUp, 3)
      .point_data("tangents", kTangents, 4)
      .add();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.attribute-dropped"), 1);
  EXPECT_EQ(warned(rt.written, "collada.write.texbinormal-dropped"), 1);
  EXPECT_EQ(warned(rt.written, "collada.write.tangent-set"), 0);
  for (const Mesh& mesh : rt.read.scene->meshes) {
    EXPECT_EQ(names(mesh), (std::vector<std::string>{"normals", "textangent", "texbinormal"}));
    EXPECT_EQ(floats(mesh, "textangent"), xyz_of(kTangents));
    EXPECT_EQ(floats(mesh, "texbinormal"), bitangents(kUp, kTangents));
  }
}

// W7: without normals of 3 columns the handedness is dropped with a warning; a w other than -1
// or 1 is taken as -1 when negative, else 1, with a warning.
TEST(GeometrySources, HandednessIsDroppedWithoutNormalsAndTakenBySignOtherwise) {
  Scene scene;
  MeshBuilder a(scene);
  quad(a).point_data("normals", kUv, 2).point_data("tangents", kTangents, 4).add();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> odd = {1, 0, 0, 0.5f, 0, 1, 0, -0.2f, 1, 0, 0, nan, 0, 1, 0, -1};
  MeshBuilder b(scene);
  quad(b).point_data("normals", kUp, 3).point_data("tangents", odd, 4).add();
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.tangent-handedness-dropped"), 1);
  EXPECT_EQ(warned(rt.written, "collada.write.tangent-handedness"), 1);
  const Mesh& without = rt.read.scene->meshes[0];
  EXPECT_EQ(names(without), (std::vector<std::string>{"normals", "textangent"}));
  EXPECT_EQ(floats(without, "textangent"), xyz_of(kTangents));
  const Mesh& signs = rt.read.scene->meshes[1];
  EXPECT_EQ(floats(signs, "texbinormal"), (std::vector<float>{0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0}));
}

// W6: float64 tangents keep their precision in the file.
TEST(GeometrySources, Float64TangentsAreWrittenInTheirOwnPrecision) {
  Scene scene;
  MeshBuilder m(scene);
  quad(m)
      .point_data("tangents",
                  std::vector<double>{0.1, 0, 0, 1, 0.1, 0, 0, 1, 0.1, 0, 0, 1, 0.1, 0, 0, 1}, 4)
      .add();
  Written written = write_text(scene);
  ASSERT_TRUE(written.text.ok());
  EXPECT_NE(written.text->find(">0.1 0 0 0.1 0 0 0.1 0 0 0.1 0 0<"), std::string::npos)
      << *written.text;
}

}  // namespace
}  // namespace px::collada::testing
