// spec/collada.md, Reading and Quirks: the <asset> - up axis, unit, timestamps and contributor
// in Scene::asset; an invalid up axis or meter read with a warning.
#include <gtest/gtest.h>

#include <Eigen/Core>

#include "tests/formats/collada/read/collada_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

std::string asset_document(std::string_view asset, std::string_view rest = "") {
  return document(cat("<asset>", asset, "</asset>\n", rest));
}

double meter_of(const ReadResult& r) {
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  if (!r.scene.ok()) return -1;
  const std::optional<AssetUnit>& unit = r.scene->asset.unit;
  EXPECT_TRUE(unit && unit->meter);
  return unit && unit->meter ? *unit->meter : -1;
}

TEST(AssetTest, AssetKeepsUpAxisUnitTimestampsAndContributor) {
  ReadResult r = read_text(asset_document(
      "<contributor><author>Ada</author><authoring_tool>Blender 2.79</authoring_tool>"
      "<copyright>CC-BY</copyright></contributor><created>2024-01-02T03:04:05Z</created>"
      "<modified>2024-02-03T04:05:06Z</modified><unit name=\"centimeter\" meter=\"0.01\"/>"
      "<up_axis>Z_UP</up_axis>"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const Asset& asset = r.scene->asset;
  EXPECT_EQ(asset.up_axis, "Z_UP");
  EXPECT_EQ(asset.author, "Ada");
  EXPECT_EQ(asset.authoring_tool, "Blender 2.79");
  EXPECT_EQ(asset.copyright, "CC-BY");
  EXPECT_EQ(asset.created, "2024-01-02T03:04:05Z");
  EXPECT_EQ(asset.modified, "2024-02-03T04:05:06Z");
  EXPECT_EQ(asset.unit->name, "centimeter");
  EXPECT_EQ(asset.unit->meter, 0.01);
  // The order a write spells and warns in: the reader's, whatever the document's.
  EXPECT_EQ(asset.order,
            (std::vector<AssetField>{AssetField::kUpAxis, AssetField::kUnit, AssetField::kCreated,
                                     AssetField::kModified, AssetField::kAuthor,
                                     AssetField::kAuthoringTool, AssetField::kCopyright}));
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(AssetTest, UpAxisIsRecordedNeverApplied) {
  ReadResult r = read_text(asset_document(
      "<up_axis>Z_UP</up_axis>",
      "<library_visual_scenes><visual_scene id=\"vs\"><node id=\"n\"/></visual_scene>"
      "</library_visual_scenes>"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  ASSERT_EQ(r.scene->nodes.size(), 1u);
  EXPECT_TRUE(r.scene->nodes[0].matrix.isIdentity());
}

TEST(AssetTest, UpAxisOutsideTheThreeIsDroppedWithAWarning) {
  ReadResult r = read_text(asset_document("<up_axis>W_UP</up_axis>"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.scene->asset.up_axis, std::nullopt);
  EXPECT_EQ(r.diagnostics.count("collada.asset.up-axis"), 1);
  EXPECT_EQ(r.diagnostics.warning_count(), 1);
}

TEST(AssetTest, MeterWithADecimalCommaIsReadWithAWarning) {
  ReadResult r = read_text(asset_document("<unit name=\"centimeter\" meter=\"0,01\"/>"));
  EXPECT_EQ(meter_of(r), 0.01);
  EXPECT_EQ(r.diagnostics.count("collada.asset.meter-decimal-comma"), 1);
  EXPECT_EQ(r.diagnostics.warning_count(), 1);
}

TEST(AssetTest, MeterThatIsZeroNegativeOrNotFiniteIsReadAsOneWithAWarning) {
  for (std::string_view meter : {"0", "-2", "INF", "NaN"}) {
    ReadResult r = read_text(asset_document(cat("<unit meter=\"", meter, "\"/>")));
    EXPECT_EQ(meter_of(r), 1) << meter;
    EXPECT_EQ(r.diagnostics.count("collada.asset.meter-invalid"), 1) << meter;
    EXPECT_EQ(r.diagnostics.warning_count(), 1) << meter;
  }
}

}  // namespace
}  // namespace px::collada
