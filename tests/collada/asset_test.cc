// spec/collada.md, Reading and Quirks: the <asset> - up axis, unit, timestamps and contributor
// in global_attrs["asset"]; an invalid up axis or meter read with a warning.
#include <gtest/gtest.h>

#include <Eigen/Core>

#include "tests/collada/collada_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

std::string asset_document(std::string_view asset, std::string_view rest = "") {
  return document(cat("<asset>", asset, "</asset>\n", rest));
}

const ValueMap* asset_of(const ReadResult& r) {
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  if (!r.scene.ok()) return nullptr;
  const Value* asset = find_value(r.scene->global_attrs, "asset");
  EXPECT_NE(asset, nullptr);
  return asset == nullptr ? nullptr : &asset->as_map();
}

double meter_of(const ReadResult& r) {
  const ValueMap* asset = asset_of(r);
  if (asset == nullptr) return -1;
  const Value* unit = find_value(*asset, "unit");
  EXPECT_NE(unit, nullptr);
  if (unit == nullptr) return -1;
  const Value* meter = find_value(unit->as_map(), "meter");
  EXPECT_NE(meter, nullptr);
  return meter == nullptr ? -1 : meter->as_double();
}

TEST(AssetTest, AssetKeepsUpAxisUnitTimestampsAndContributor) {
  ReadResult r = read_text(asset_document(
      "<contributor><author>Ada</author><authoring_tool>Blender 2.79</authoring_tool>"
      "<copyright>CC-BY</copyright></contributor><created>2024-01-02T03:04:05Z</created>"
      "<modified>2024-02-03T04:05:06Z</modified><unit name=\"centimeter\" meter=\"0.01\"/>"
      "<up_axis>Z_UP</up_axis>"));
  const ValueMap* asset = asset_of(r);
  ASSERT_NE(asset, nullptr);
  EXPECT_EQ(find_value(*asset, "up_axis")->as_string(), "Z_UP");
  EXPECT_EQ(find_value(*asset, "author")->as_string(), "Ada");
  EXPECT_EQ(find_value(*asset, "authoring_tool")->as_string(), "Blender 2.79");
  EXPECT_EQ(find_value(*asset, "copyright")->as_string(), "CC-BY");
  EXPECT_EQ(find_value(*asset, "created")->as_string(), "2024-01-02T03:04:05Z");
  EXPECT_EQ(find_value(*asset, "modified")->as_string(), "2024-02-03T04:05:06Z");
  const ValueMap& unit = find_value(*asset, "unit")->as_map();
  EXPECT_EQ(find_value(unit, "name")->as_string(), "centimeter");
  EXPECT_EQ(find_value(unit, "meter")->as_double(), 0.01);
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
  const Value* asset = find_value(r.scene->global_attrs, "asset");
  if (asset != nullptr) {
    EXPECT_EQ(find_value(asset->as_map(), "up_axis"), nullptr);
  }
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
