// Rules the first reader missed (D1-D7 of tests/SPEC_COVERAGE.md), each pinned by a test.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/formats/collada/read/collada_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)
using Doubles = std::vector<double>;

TEST(GeometryTest, AttributeOnlyACountZeroBlockNamesIsAZeroColumnWithoutWarning) {
  ReadResult r = read_text(mesh_document(
      cat(positions("0 0 0  1 0 0  0 1 0"), source("n", "X Y Z", "0 0 1"),
          "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<p>0 1 2</p></triangles>"
          "<triangles count=\"0\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"NORMAL\" source=\"#n\" offset=\"1\"/></triangles>")));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(point_values(r.scene->meshes[0], "normals"), (Doubles{0, 0, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(r.diagnostics.count("collada.attribute.partial"), 0);
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(GeometryTest, SharedOffsetBlockGivesAPositionNoCornerNamesItsOwnValue) {
  ReadResult r = read_text(mesh_document(cat(
      positions("0 0 0  1 0 0  0 1 0  1 1 0"), source("n", "X Y Z", "0 0 1  0 0 1  0 0 1  1 0 0"),
      "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
      "<input semantic=\"NORMAL\" source=\"#n\" offset=\"0\"/><p>0 1 2</p></triangles>")));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(point_values(r.scene->meshes[0], "normals"),
            (Doubles{0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 0, 0}));
}

TEST(GeometryTest, BlockRepeatingAVerticesAttributeKeepsTheFirstWithoutSplitting) {
  ReadResult r = read_text(mesh_document(
      cat(source("pos", "X Y Z", "0 0 0  1 0 0  0 1 0"),
          source("pn", "X Y Z", "0 0 1  0 0 1  0 0 1"), source("bn", "X Y Z", "1 0 0  0 1 0"),
          "<vertices id=\"v\"><input semantic=\"POSITION\" source=\"#pos\"/>"
          "<input semantic=\"NORMAL\" source=\"#pn\"/></vertices>"
          "<triangles count=\"2\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<input semantic=\"NORMAL\" source=\"#bn\" offset=\"1\"/>"
          "<p>0 0 1 0 2 0  0 1 2 1 1 1</p></triangles>")));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const Mesh& mesh = r.scene->meshes[0];
  EXPECT_EQ(mesh.num_points(), 3u);
  EXPECT_EQ(point_values(mesh, "normals"), (Doubles{0, 0, 1, 0, 0, 1, 0, 0, 1}));
  EXPECT_EQ(r.diagnostics.count("collada.normal.duplicate-set"), 1);
  EXPECT_EQ(r.diagnostics.warning_count(), 1);
}

TEST(EffectsTest, SketchUpOpaqueExceptionIsWarnedOncePerDocument) {
  std::string effects, materials;
  for (int i = 0; i < 3; ++i) {
    effects += cat("<effect id=\"fx", i,
                   "\"><profile_COMMON><technique sid=\"c\"><phong>"
                   "<transparent opaque=\"A_ONE\"><color>1 1 1 1</color></transparent>"
                   "<transparency><float>0</float></transparency></phong></technique>"
                   "</profile_COMMON></effect>");
    materials += cat("<material id=\"m", i, "\"><instance_effect url=\"#fx", i, "\"/></material>");
  }
  ReadResult r =
      read_text(document(cat("<library_effects>", effects, "</library_effects><library_materials>",
                             materials, "</library_materials>")));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  for (const Material& m : r.scene->materials) EXPECT_EQ(m.alpha_mode, AlphaMode::kOpaque);
  EXPECT_EQ(r.diagnostics.count("collada.effect.opaque-exception"), 1);
  EXPECT_EQ(r.diagnostics.warning_count(), 1);
}

TEST(EffectsTest, NonFiniteTransparencyWithoutTransparentIsReadOpaqueWithAWarning) {
  ReadResult r = read_text(
      document("<library_effects><effect id=\"fx\"><profile_COMMON><technique sid=\"c\"><phong>"
               "<transparency><float>NaN</float></transparency></phong></technique>"
               "</profile_COMMON></effect></library_effects><library_materials><material id=\"m\">"
               "<instance_effect url=\"#fx\"/></material></library_materials>"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.scene->materials[0].base_color[3], 1);
  EXPECT_EQ(r.diagnostics.count("collada.effect.non-finite-alpha"), 1);
  EXPECT_EQ(r.diagnostics.warning_count(), 1);
}

TEST(RefusalsTest, ExternalInstanceMaterialOrImageIsRefused) {
  std::string material = geometries_document(
      geometry("g", triangle_mesh()),
      "<library_visual_scenes><visual_scene id=\"vs\"><node id=\"n\"><instance_geometry "
      "url=\"#g\"><bind_material><technique_common>\n<instance_material symbol=\"s\" "
      "target=\"lib.dae#mat\"/></technique_common></bind_material></instance_geometry></node>"
      "</visual_scene></library_visual_scenes>");
  expect_refused(read_text(material).scene.status(), "collada.url.external", "instance_material",
                 line_of(material, "<instance_material"));
  std::string image = document(
      "<library_effects><effect id=\"fx\"><profile_COMMON><newparam sid=\"samp\"><sampler2D>\n"
      "<instance_image url=\"maps.dae#img\"/></sampler2D></newparam><technique sid=\"c\">"
      "<lambert><diffuse><texture texture=\"samp\" texcoord=\"UV\"/></diffuse></lambert>"
      "</technique></profile_COMMON></effect></library_effects><library_materials>"
      "<material id=\"m\"><instance_effect url=\"#fx\"/></material></library_materials>");
  expect_refused(read_text(image).scene.status(), "collada.url.external", "instance_image",
                 line_of(image, "<instance_image"));
}

TEST(RefusalsTest, CameraOrLightUrlTheDocumentDoesNotHoldIsRefused) {
  std::string camera = document(
      "<library_visual_scenes><visual_scene id=\"vs\"><node id=\"n\">\n"
      "<instance_camera url=\"#nope\"/></node></visual_scene></library_visual_scenes>");
  expect_refused(read_text(camera).scene.status(), "collada.url.unresolved", "instance_camera",
                 line_of(camera, "<instance_camera"));
  std::string light = document(
      "<library_visual_scenes><visual_scene id=\"vs\"><node id=\"n\">\n"
      "<instance_light url=\"lights.dae#sun\"/></node></visual_scene></library_visual_scenes>");
  expect_refused(read_text(light).scene.status(), "collada.url.external", "instance_light",
                 line_of(light, "<instance_light"));
}

}  // namespace
}  // namespace px::collada

namespace px::collada {
namespace {

// Reads `text` saved as <temp>/<folder>/self.dae, so that its URLs can name it by its file.
absl::StatusOr<Scene> read_as_self_dae(std::string_view folder, const std::string& text,
                                       Diagnostics& diagnostics) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / folder;
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "self.dae") << text;
  absl::StatusOr<std::unique_ptr<Source>> source = open_file_source(dir / "self.dae");
  absl::StatusOr<Scene> scene =
      source.ok() ? read(**source, ReadOptions(), diagnostics) : source.status();
  std::filesystem::remove_all(dir);
  return scene;
}

TEST(UrlTest, ARelativePathToTheDocumentItselfIsALocalReference) {
  std::string text = testing::geometries_document(
      testing::geometry("g", testing::triangle_mesh()),
      "<library_visual_scenes><visual_scene id=\"vs\"><node id=\"n\">"
      "<instance_geometry url=\"../px_self_ref/self.dae#g\"/></node></visual_scene>"
      "</library_visual_scenes>");
  Diagnostics diagnostics;
  absl::StatusOr<Scene> scene = read_as_self_dae("px_self_ref", text, diagnostics);
  ASSERT_TRUE(scene.ok()) << scene.status();
  EXPECT_EQ(scene->nodes[0].mesh, 0);
  EXPECT_EQ(diagnostics.count("collada.url.external"), 0);
}

// An <instance_camera> naming this document by its file names the camera of that id.
TEST(UrlTest, ACameraNamedThroughTheDocumentsOwnFileIsReadAsItsId) {
  std::string text = testing::document(
      "<library_cameras><camera id=\"cam\"><optics><technique_common><perspective>"
      "<yfov>45</yfov><znear>0.1</znear></perspective></technique_common></optics></camera>"
      "</library_cameras><library_visual_scenes><visual_scene id=\"vs\"><node id=\"n\">"
      "<instance_camera url=\"./self.dae#cam\"/></node></visual_scene></library_visual_scenes>"
      "<scene><instance_visual_scene url=\"#vs\"/></scene>");
  Diagnostics diagnostics;
  absl::StatusOr<Scene> scene = read_as_self_dae("px_self_camera", text, diagnostics);
  ASSERT_TRUE(scene.ok()) << scene.status();
  ASSERT_EQ(scene->cameras.size(), 1u);
  EXPECT_EQ(scene->cameras[0].collada_id, "cam");
  EXPECT_EQ(scene->nodes[0].camera, 0);
}

}  // namespace
}  // namespace px::collada

namespace px::collada {
namespace {

// Material columns of a geometry's instances may take 16 bytes per document byte, never less
// than 256 MiB: 70 bindings of a million-triangle geometry want 280 MB of them.
TEST(BudgetTest, MaterialColumnsPastTheCopyBudgetAreRefused) {
  constexpr int kTriangles = 1000000;
  constexpr int kInstances = 70;
  std::string p;
  p.reserve(kTriangles * 6);
  for (int i = 0; i < kTriangles; ++i) p += "0 1 2 ";
  std::string materials, nodes;
  for (int m = 0; m < kInstances; ++m) {
    materials += cat("<material id=\"m", m, "\"/>");
    nodes += cat("<node id=\"n", m,
                 "\"><instance_geometry url=\"#g\"><bind_material>"
                 "<technique_common><instance_material symbol=\"s\" target=\"#m",
                 m, "\"/></technique_common></bind_material></instance_geometry></node>\n");
  }
  std::string text = testing::document(
      cat("<library_materials>", materials, "</library_materials><library_geometries>",
          testing::geometry(
              "g", cat(testing::positions("0 0 0  1 0 0  0 1 0"), "<triangles count=\"", kTriangles,
                       "\" material=\"s\">"
                       "<input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/><p>",
                       p, "</p></triangles>")),
          "</library_geometries><library_visual_scenes><visual_scene id=\"vs\">", nodes,
          "</visual_scene></library_visual_scenes>"));
  testing::ReadResult r = testing::read_text(text);
  ASSERT_FALSE(r.scene.ok());
  EXPECT_EQ(r.scene.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(std::string(r.scene.status().message()).rfind("collada.copies.budget", 0), 0u)
      << r.scene.status();
}

// The copy budget's two edges, each on an exact count of bytes: geometry "big" of 2^18 triangles
// (a material column of 1 MiB) and "small" of 4 (16 bytes), each instance binding a material of
// its own, so that every instance after a geometry's first copies its column. 257 instances of
// "big" copy exactly 256 MiB, the least budget there is; one more of "small" copies 16 bytes
// more. A comment pads the document to `bytes` (unpadded when 0), since the budget counts the
// document's bytes, whatever they hold.
std::string copying_document(int big_instances, int small_instances, size_t bytes = 0) {
  constexpr int kBigTriangles = 1 << 18;
  std::string p;
  p.reserve(kBigTriangles * 6);
  for (int i = 0; i < kBigTriangles; ++i) p += "0 1 2 ";
  auto geometry_of = [](std::string_view id, int triangles, std::string_view indices) {
    return testing::geometry(
        id, cat(testing::positions("0 0 0  1 0 0  0 1 0", cat(id, "-v")), "<triangles count=\"",
                triangles, "\" material=\"s\"><input semantic=\"VERTEX\" source=\"#", id,
                "-v\" offset=\"0\"/><p>", indices, "</p></triangles>"));
  };
  std::string materials, nodes;
  int m = 0;
  auto instance = [&](std::string_view geometry, int instances) {
    for (int i = 0; i < instances; ++i, ++m) {
      materials += cat("<material id=\"m", m, "\"/>");
      nodes += cat("<node id=\"n", m, "\"><instance_geometry url=\"#", geometry,
                   "\"><bind_material><technique_common><instance_material symbol=\"s\" "
                   "target=\"#m",
                   m, "\"/></technique_common></bind_material></instance_geometry></node>\n");
    }
  };
  instance("big", big_instances);
  instance("small", small_instances);
  std::string body =
      cat("<library_materials>", materials, "</library_materials><library_geometries>",
          geometry_of("big", kBigTriangles, p), geometry_of("small", 4, "0 1 2 0 1 2 0 1 2 0 1 2"),
          "</library_geometries><library_visual_scenes><visual_scene id=\"vs\">", nodes,
          "</visual_scene></library_visual_scenes>");
  const size_t unpadded = testing::document(body).size();
  constexpr size_t kCommentMarks = 7;  // <!-- and -->
  if (bytes > 0 && bytes >= unpadded + kCommentMarks) {
    body += cat("<!--", std::string(bytes - unpadded - kCommentMarks, 'x'), "-->");
  }
  return testing::document(body);
}

void expect_over_the_copy_budget(const testing::ReadResult& r) {
  ASSERT_FALSE(r.scene.ok());
  EXPECT_EQ(r.scene.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(std::string(r.scene.status().message()).rfind("collada.copies.budget", 0), 0u)
      << r.scene.status();
}

TEST(BudgetTest, MaterialColumnsUpToTheLeastCopyBudgetAreAccepted) {
  // A document of 1.6 MB: 16 bytes per byte are 26 MB, so the budget is its least, 256 MiB.
  std::string at_budget = copying_document(257, 1);
  ASSERT_LT(at_budget.size() * 16, uint64_t{256} << 20);
  testing::ReadResult r = testing::read_text(at_budget);
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.scene->meshes.size(), 258u);  // 257 uses of "big", one of "small"
}

TEST(BudgetTest, TheCopyBudgetGrowsBySixteenBytesPerDocumentByte) {
  // 256 MiB + 16 bytes of copies (a second use of "small"): 16 bytes over the least budget, which
  // a document of 16 MiB still has ...
  constexpr size_t k16MiB = size_t{1} << 24;
  std::string text = copying_document(257, 2, k16MiB);
  ASSERT_EQ(text.size(), k16MiB);
  expect_over_the_copy_budget(testing::read_text(text));
  // ... while one byte more gives 16 more bytes of budget: exactly the copies.
  text = copying_document(257, 2, k16MiB + 1);
  ASSERT_EQ(text.size(), k16MiB + 1);
  testing::ReadResult r = testing::read_text(text);
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.scene->meshes.size(), 259u);
}

}  // namespace
}  // namespace px::collada
