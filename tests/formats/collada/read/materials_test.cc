// spec/collada.md, Reading: a primitive block's material symbol resolved through the instancing
// node's <bind_material>, and a mesh per resolution sharing the first one's arrays.
#include <gtest/gtest.h>

#include "tests/formats/collada/read/collada_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

using Materials = std::vector<int32_t>;

// Materials matA (index 0, red) and matB (index 1, blue); geometry "g" of three triangles whose
// blocks name the symbol "sym", the symbol "matA" (a material's id) and no material; geometry
// "g2" of one triangle; and a visual scene of `nodes`.
std::string scene_document(std::string_view nodes) {
  std::string g =
      cat(positions("0 0 0  1 0 0  0 1 0  1 1 0"),
          "<triangles count=\"1\" material=\"sym\"><input semantic=\"VERTEX\" source=\"#v\" "
          "offset=\"0\"/><p>0 1 2</p></triangles>\n"
          "<triangles count=\"1\" material=\"matA\"><input semantic=\"VERTEX\" source=\"#v\" "
          "offset=\"0\"/><p>1 3 2</p></triangles>\n"
          "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
          "<p>0 3 2</p></triangles>");
  return geometries_document(
      cat(geometry("g", g, "Shape"), geometry("g2", triangle_mesh("v2"))),
      cat("<library_effects>"
          "<effect id=\"fxA\"><profile_COMMON><technique sid=\"c\"><phong><diffuse>"
          "<color>1 0 0 1</color></diffuse></phong></technique></profile_COMMON></effect>"
          "<effect id=\"fxB\"><profile_COMMON><technique sid=\"c\"><phong><diffuse>"
          "<color>0 0 1 1</color></diffuse></phong></technique></profile_COMMON></effect>"
          "</library_effects>\n<library_materials>"
          "<material id=\"matA\" name=\"Red\"><instance_effect url=\"#fxA\"/></material>"
          "<material id=\"matB\" name=\"Blue\"><instance_effect url=\"#fxB\"/></material>"
          "</library_materials>\n<library_visual_scenes><visual_scene id=\"vs\">\n",
          nodes, "\n</visual_scene></library_visual_scenes>"));
}

// <node> instancing `url` with these <instance_material> bindings ("symbol=#target" pairs).
std::string instancing_node(std::string_view id, std::string_view url,
                            std::vector<std::pair<std::string_view, std::string_view>> binds,
                            bool bind_material = true) {
  std::string bound;
  for (const auto& [symbol, target] : binds) {
    bound += cat("<instance_material symbol=\"", symbol, "\" target=\"", target, "\"/>");
  }
  return cat("<node id=\"", id, "\"><instance_geometry url=\"", url, "\">",
             bind_material ? cat("<bind_material><technique_common>", bound,
                                 "</technique_common></bind_material>")
                           : std::string(),
             "</instance_geometry></node>\n");
}

const Scene& scene_of(const ReadResult& r) {
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  return *r.scene;
}

TEST(MaterialsTest, MaterialsAreReadInDocumentOrderNamedByNameElseId) {
  ReadResult r = read_text(scene_document(""));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.materials.size(), 2u);
  EXPECT_EQ(scene.materials[0].name, "Red");
  EXPECT_EQ(scene.materials[1].name, "Blue");
}

TEST(MaterialsTest, BindMaterialResolvesTheBlockSymbol) {
  ReadResult r =
      read_text(scene_document(instancing_node("n", "#g", {{"sym", "#matB"}, {"matA", "#matB"}})));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.nodes.size(), 1u);
  EXPECT_EQ(materials(scene.meshes[scene.nodes[0].mesh]), (Materials{1, 1, -1}));
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(MaterialsTest, UnboundSymbolFallsBackToTheMaterialOfThatIdWithAWarning) {
  // The instance binds "sym" but not "matA": the block takes the material whose id is matA (the
  // block naming no symbol takes the one binding, with a note).
  ReadResult r = read_text(scene_document(instancing_node("n", "#g", {{"sym", "#matB"}})));
  const Scene& scene = scene_of(r);
  EXPECT_EQ(materials(scene.meshes[scene.nodes[0].mesh]), (Materials{1, 0, 1}));
  EXPECT_EQ(r.diagnostics.count("collada.material.unbound-symbol"), 1);
  EXPECT_EQ(r.diagnostics.warning_count(), 1);
}

// Issue 36 §3: a block naming no material under an instance binding exactly one takes it.
TEST(MaterialsTest, ABlockWithoutASymbolTakesTheInstancesOnlyBindingWithANote) {
  ReadResult r = read_text(scene_document(instancing_node("n", "#g2", {{"sym", "#matB"}})));
  const Scene& scene = scene_of(r);
  EXPECT_EQ(materials(scene.meshes[scene.nodes[0].mesh]), (Materials{1}));
  EXPECT_EQ(r.diagnostics.count("collada.material.single-binding-applied"), 1);
  EXPECT_EQ(r.diagnostics.warning_count(), 0);  // a note, not a warning
  ASSERT_EQ(r.diagnostics.entries().size(), 1u);
  EXPECT_EQ(r.diagnostics.entries()[0].severity, Severity::kInfo);
}

TEST(MaterialsTest, EachInstanceGivesABlockWithoutASymbolItsOwnSingleBinding) {
  ReadResult r = read_text(scene_document(cat(instancing_node("n1", "#g2", {{"a", "#matA"}}),
                                              instancing_node("n2", "#g2", {{"b", "#matB"}}),
                                              instancing_node("n3", "#g2", {{"a", "#matA"}}))));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.nodes.size(), 3u);
  EXPECT_EQ(materials(scene.meshes[scene.nodes[0].mesh]), (Materials{0}));
  EXPECT_EQ(materials(scene.meshes[scene.nodes[1].mesh]), (Materials{1}));
  EXPECT_EQ(scene.nodes[2].mesh, scene.nodes[0].mesh);  // resolving alike, they share a mesh
  EXPECT_NE(scene.nodes[1].mesh, scene.nodes[0].mesh);
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(MaterialsTest, TwoBindingsOrNoneLeaveABlockWithoutASymbolWithoutAMaterial) {
  ReadResult two = read_text(
      scene_document(instancing_node("n", "#g2", {{"sym", "#matA"}, {"other", "#matB"}})));
  EXPECT_EQ(materials(scene_of(two).meshes[scene_of(two).nodes[0].mesh]), (Materials{-1}));
  EXPECT_EQ(two.diagnostics.count("collada.material.single-binding-applied"), 0);
  ReadResult none = read_text(scene_document(instancing_node("n", "#g2", {}, true)));
  EXPECT_EQ(materials(scene_of(none).meshes[scene_of(none).nodes[0].mesh]), (Materials{-1}));
  EXPECT_EQ(none.diagnostics.count("collada.material.single-binding-applied"), 0);
}

TEST(MaterialsTest, WithoutBindingsASymbolTakesTheMaterialOfThatIdSilently) {
  ReadResult r = read_text(scene_document(instancing_node("n", "#g", {}, false)));
  const Scene& scene = scene_of(r);
  EXPECT_EQ(materials(scene.meshes[scene.nodes[0].mesh]), (Materials{-1, 0, -1}));
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(MaterialsTest, UninstancedGeometryTakesTheMaterialOfEachSymbolsId) {
  ReadResult r = read_text(scene_document(""));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.meshes.size(), 2u);
  EXPECT_EQ(materials(scene.meshes[0]), (Materials{-1, 0, -1}));
  EXPECT_EQ(materials(scene.meshes[1]), (Materials{-1}));
}

TEST(MaterialsTest, BlockWithoutAMaterialIsMinusOne) {
  ReadResult r = read_text(scene_document(instancing_node("n", "#g2", {}, false)));
  const Scene& scene = scene_of(r);
  EXPECT_EQ(materials(scene.meshes[scene.nodes[0].mesh]), (Materials{-1}));
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

void expect_shares_arrays(const Mesh& copy, const Mesh& first) {
  EXPECT_EQ(copy.points.data, first.points.data);
  EXPECT_EQ(copy.points.rows, first.points.rows);
  EXPECT_EQ(copy.cell_types.data(), first.cell_types.data());
  EXPECT_EQ(copy.offsets.data(), first.offsets.data());
  EXPECT_EQ(copy.connectivity.data(), first.connectivity.data());
  EXPECT_EQ(copy.connectivity.size(), first.connectivity.size());
  ASSERT_EQ(copy.point_data.size(), first.point_data.size());
  for (size_t i = 0; i < copy.point_data.size(); ++i) {
    EXPECT_EQ(copy.point_data[i].name, first.point_data[i].name);
    EXPECT_EQ(copy.point_data[i].column.data, first.point_data[i].column.data);
  }
  EXPECT_NE(copy.materials().data(), first.materials().data());
}

TEST(MaterialsTest, DifferentBindingsGiveAMeshPerResolutionAfterTheLastGeometry) {
  ReadResult r = read_text(
      scene_document(cat(instancing_node("n1", "#g", {{"sym", "#matA"}, {"matA", "#matA"}}),
                         instancing_node("n2", "#g", {{"sym", "#matB"}, {"matA", "#matA"}}),
                         instancing_node("n3", "#g2", {}, false))));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.meshes.size(), 3u);
  ASSERT_EQ(scene.nodes.size(), 3u);
  // The first resolution keeps the geometry's place; the other is appended after g2.
  EXPECT_EQ(scene.nodes[0].mesh, 0);
  EXPECT_EQ(scene.nodes[1].mesh, 2);
  EXPECT_EQ(scene.nodes[2].mesh, 1);
  EXPECT_EQ(materials(scene.meshes[0]), (Materials{0, 0, -1}));
  EXPECT_EQ(materials(scene.meshes[2]), (Materials{1, 0, -1}));
  expect_shares_arrays(scene.meshes[2], scene.meshes[0]);
  const Value* name = find_value(scene.meshes[2].global_attrs, "mesh_name");
  ASSERT_NE(name, nullptr);
  EXPECT_EQ(name->as_string(), "Shape");
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(MaterialsTest, BindingASymbolAndLeavingItToTheIdAreTwoResolutions) {
  ReadResult r = read_text(
      scene_document(cat(instancing_node("n1", "#g", {{"matA", "#matB"}, {"sym", "#matA"}}),
                         instancing_node("n2", "#g", {}, false))));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.meshes.size(), 3u);
  EXPECT_EQ(scene.nodes[0].mesh, 0);
  EXPECT_EQ(scene.nodes[1].mesh, 2);
  EXPECT_EQ(materials(scene.meshes[0]), (Materials{0, 1, -1}));
  EXPECT_EQ(materials(scene.meshes[2]), (Materials{-1, 0, -1}));
  expect_shares_arrays(scene.meshes[2], scene.meshes[0]);
}

TEST(MaterialsTest, InstancesResolvingAlikeShareOneMesh) {
  ReadResult r = read_text(
      scene_document(cat(instancing_node("n1", "#g", {{"sym", "#matB"}, {"matA", "#matA"}}),
                         instancing_node("n2", "#g", {{"matA", "#matA"}, {"sym", "#matB"}}))));
  const Scene& scene = scene_of(r);
  EXPECT_EQ(scene.meshes.size(), 2u);
  EXPECT_EQ(scene.nodes[0].mesh, 0);
  EXPECT_EQ(scene.nodes[1].mesh, 0);
  EXPECT_EQ(materials(scene.meshes[0]), (Materials{1, 0, -1}));
}

TEST(MaterialsTest, EveryLibraryMaterialsIsRead) {
  std::string text = document(
      "<library_effects><effect id=\"fx\"><profile_COMMON><technique sid=\"c\"><lambert/>"
      "</technique></profile_COMMON></effect></library_effects>\n"
      "<library_materials><material id=\"m1\"><instance_effect url=\"#fx\"/></material>"
      "</library_materials>\n<library_materials><material id=\"m2\">"
      "<instance_effect url=\"#fx\"/></material></library_materials>");
  ReadResult r = read_text(text);
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.materials.size(), 2u);
  EXPECT_EQ(scene.materials[0].name, "m1");
  EXPECT_EQ(scene.materials[1].name, "m2");
}

}  // namespace
}  // namespace px::collada
