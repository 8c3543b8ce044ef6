// Tests of formats/collada/write/asset_writer.cc: spec collada.md R54 (write side), Q17.
#include "formats/collada/write/asset_writer.h"

#include "tests/formats/collada/write/write_test_util.h"

namespace px::collada::testing {
namespace {

Scene scene_with_asset(std::vector<std::pair<AssetField, std::string>> fields) {
  Scene scene;
  for (auto& [field, text] : fields) scene.asset.set(field, std::move(text));
  return scene;
}

std::string asset_string(const Scene& scene, AssetField field) {
  return scene.asset.text(field).value_or("");
}

// R54: a write keeps the author and copyright, drops other fields with a warning (another
// format's version and generator silently). Beyond the spec (issue 15): the source's authoring tool
// stays in the first contributor, where readers look, and polyxios names itself in a second one.
TEST(AssetWriter, KeepsAuthorCopyrightAndTheSourceToolAddsPolyxiosDropsOtherKeysWithAWarning) {
  Scene scene = scene_with_asset({{AssetField::kAuthor, "Ada"},
                                  {AssetField::kCopyright, "(c) 2024"},
                                  {AssetField::kAuthoringTool, "Maya"},
                                  {AssetField::kVersion, "2.0"},
                                  {AssetField::kGenerator, "Khronos"},
                                  {AssetField::kMinVersion, "2.0"}});
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(asset_string(*rt.read.scene, AssetField::kAuthor), "Ada");
  EXPECT_EQ(asset_string(*rt.read.scene, AssetField::kCopyright), "(c) 2024");
  EXPECT_EQ(asset_string(*rt.read.scene, AssetField::kAuthoringTool), "Maya");
  EXPECT_NE(rt.written.text->find("<contributor>\n      <authoring_tool>polyxios 0.1.0"
                                  "</authoring_tool>\n    </contributor>"),
            std::string::npos);
  EXPECT_EQ(warned(rt.written, "collada.write.asset-dropped"), 1);
  EXPECT_NE(rt.written.diagnostics.entries()[0].message.find("minVersion"), std::string::npos);
  EXPECT_EQ(rt.written.diagnostics.entries()[0].message.find("version"), std::string::npos);
}

// Beyond the spec (issue 15): a glTF asset's generator is the source's tool; polyxios's own
// output names one contributor, polyxios.
TEST(AssetWriter, AGltfGeneratorIsTheSourcesToolAndPolyxiosIsNotNamedTwice) {
  Scene gltf = scene_with_asset({{AssetField::kGenerator, "Khronos glTF Blender I/O v3.6"},
                                 {AssetField::kCopyright, "CC-BY 4.0 Someone"}});
  RoundTrip rt = write_and_read(gltf);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(asset_string(*rt.read.scene, AssetField::kAuthoringTool),
            "Khronos glTF Blender I/O v3.6");
  EXPECT_EQ(asset_string(*rt.read.scene, AssetField::kCopyright), "CC-BY 4.0 Someone");
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 0);

  Scene ours = scene_with_asset(
      {{AssetField::kAuthoringTool, "polyxios 0.1.0"}, {AssetField::kGenerator, "polyxios"}});
  Written again = write_text(ours);
  ASSERT_TRUE(again.text.ok());
  size_t first = again.text->find("<contributor>");
  EXPECT_EQ(again.text->find("<contributor>", first + 1), std::string::npos);
  EXPECT_NE(again.text->find("<authoring_tool>polyxios 0.1.0</authoring_tool>"), std::string::npos);
}

// Q17: fixed timestamps, the epoch unless the asset holds an xs:dateTime; others replaced with a
// warning; so two writes of one scene are byte-identical.
TEST(AssetWriter, TimestampsAreTheAssetsDateTimesElseTheEpochWithAWarning) {
  Scene scene = scene_with_asset(
      {{AssetField::kCreated, "2024-01-02T03:04:05Z"}, {AssetField::kModified, "yesterday"}});
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(asset_string(*rt.read.scene, AssetField::kCreated), "2024-01-02T03:04:05Z");
  EXPECT_EQ(asset_string(*rt.read.scene, AssetField::kModified), "1970-01-01T00:00:00Z");
  EXPECT_EQ(warned(rt.written, "collada.write.asset-timestamp"), 1);
  Written again = write_text(scene);
  EXPECT_EQ(*again.text, *rt.written.text);

  Scene empty;
  Written bare = write_text(empty);
  ASSERT_TRUE(bare.text.ok());
  EXPECT_NE(bare.text->find("<created>1970-01-01T00:00:00Z</created>"), std::string::npos);
  EXPECT_EQ(bare.diagnostics.warning_count(), 0);
}

TEST(AssetWriter, XsDateTimeAcceptsFractionsAndZonesOnly) {
  EXPECT_TRUE(is_xs_datetime("2024-01-02T03:04:05"));
  EXPECT_TRUE(is_xs_datetime("2024-01-02T03:04:05.250+02:00"));
  EXPECT_FALSE(is_xs_datetime("2024-01-02 03:04:05"));
  EXPECT_FALSE(is_xs_datetime("2024-13-02T03:04:05Z"));
  EXPECT_FALSE(is_xs_datetime("2024-01-02T03:04:05Zjunk"));
  EXPECT_TRUE(is_xs_datetime("2024-01-02T24:00:00.000Z"));  // the day's end
  EXPECT_FALSE(is_xs_datetime("2024-01-02T24:30:00Z"));
  EXPECT_FALSE(is_xs_datetime("2024-01-02T24:00:00.5Z"));
}

TEST(AssetWriter, UnitAndUpAxisAreWrittenAndReadBack) {
  Scene scene;
  scene.asset.set_unit(AssetUnit{"centimeter", 0.01});
  scene.asset.set(AssetField::kUpAxis, "Z_UP");
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(asset_string(*rt.read.scene, AssetField::kUpAxis), "Z_UP");
  ASSERT_TRUE(rt.read.scene->asset.unit.has_value());
  EXPECT_EQ(rt.read.scene->asset.unit->meter, 0.01);
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 0);
}

// Warnings come in the order the asset holds its fields (a glTF read's extras order), the
// dropped fields' list last.
TEST(AssetWriter, WarnsInTheAssetsOrderTheDroppedListLast) {
  Scene scene;
  scene.asset.set(AssetField::kMinVersion, "2.0");
  scene.asset.set(AssetField::kUpAxis, "W_UP");
  scene.asset.set(AssetField::kModified, "yesterday");
  scene.asset.set_unit(AssetUnit{"cm", -1.0});
  scene.asset.set(AssetField::kCreated, "today");
  Written written = write_text(scene);
  ASSERT_TRUE(written.text.ok());
  std::vector<std::string> codes;
  for (const auto& entry : written.diagnostics.entries()) codes.push_back(entry.code);
  EXPECT_EQ(codes, (std::vector<std::string>{
                       "collada.write.asset-up-axis", "collada.write.asset-timestamp",
                       "collada.write.asset-unit", "collada.write.asset-timestamp",
                       "collada.write.asset-dropped"}));
  EXPECT_NE(written.diagnostics.entries()[1].message.find("modified"), std::string::npos);
}

}  // namespace
}  // namespace px::collada::testing
