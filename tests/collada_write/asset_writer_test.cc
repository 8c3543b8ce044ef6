// Tests of formats/collada/write/asset_writer.cc: spec collada.md R54 (write side), Q17.
#include "formats/collada/write/asset_writer.h"

#include "tests/collada_write/write_test_util.h"

namespace px::collada::testing {
namespace {

Scene scene_with_asset(ValueMap asset) {
  Scene scene;
  scene.global_attrs.emplace_back("asset", Value(std::move(asset)));
  return scene;
}

std::string asset_string(const Scene& scene, std::string_view key) {
  const Value* asset = find_value(scene.global_attrs, "asset");
  if (asset == nullptr || !asset->is_map()) return "";
  const Value* v = find_value(asset->as_map(), key);
  return v != nullptr && v->is_string() ? v->as_string() : "";
}

// R54: a write keeps the author and copyright, drops other keys with a warning (another format's
// version and generator silently). Beyond the spec (issue 15): the source's authoring tool stays
// in the first contributor, where readers look, and polyxios names itself in a second one.
TEST(AssetWriter, KeepsAuthorCopyrightAndTheSourceToolAddsPolyxiosDropsOtherKeysWithAWarning) {
  Scene scene = scene_with_asset({{"author", Value("Ada")},
                                  {"copyright", Value("(c) 2024")},
                                  {"authoring_tool", Value("Maya")},
                                  {"version", Value("2.0")},
                                  {"generator", Value("Khronos")},
                                  {"title", Value("robot")}});
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(asset_string(*rt.read.scene, "author"), "Ada");
  EXPECT_EQ(asset_string(*rt.read.scene, "copyright"), "(c) 2024");
  EXPECT_EQ(asset_string(*rt.read.scene, "authoring_tool"), "Maya");
  EXPECT_NE(rt.written.text->find("<contributor>\n      <authoring_tool>polyxios 0.1.0"
                                  "</authoring_tool>\n    </contributor>"),
            std::string::npos);
  EXPECT_EQ(warned(rt.written, "collada.write.asset-dropped"), 1);
  EXPECT_NE(rt.written.diagnostics.entries()[0].message.find("title"), std::string::npos);
  EXPECT_EQ(rt.written.diagnostics.entries()[0].message.find("version"), std::string::npos);
}

// Beyond the spec (issue 15): a glTF asset's generator is the source's tool; polyxios's own
// output names one contributor, polyxios.
TEST(AssetWriter, AGltfGeneratorIsTheSourcesToolAndPolyxiosIsNotNamedTwice) {
  Scene gltf = scene_with_asset({{"generator", Value("Khronos glTF Blender I/O v3.6")},
                                 {"copyright", Value("CC-BY 4.0 Someone")}});
  RoundTrip rt = write_and_read(gltf);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(asset_string(*rt.read.scene, "authoring_tool"), "Khronos glTF Blender I/O v3.6");
  EXPECT_EQ(asset_string(*rt.read.scene, "copyright"), "CC-BY 4.0 Someone");
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 0);

  Scene ours = scene_with_asset({{"authoring_tool", Value("polyxios 0.1.0")},
                                 {"generator", Value("polyxios")}});
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
      {{"created", Value("2024-01-02T03:04:05Z")}, {"modified", Value("yesterday")}});
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(asset_string(*rt.read.scene, "created"), "2024-01-02T03:04:05Z");
  EXPECT_EQ(asset_string(*rt.read.scene, "modified"), "1970-01-01T00:00:00Z");
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
  ValueMap unit{{"name", Value("centimeter")}, {"meter", Value(0.01)}};
  Scene scene = scene_with_asset({{"unit", Value(unit)}, {"up_axis", Value("Z_UP")}});
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(asset_string(*rt.read.scene, "up_axis"), "Z_UP");
  const Value* asset = find_value(rt.read.scene->global_attrs, "asset");
  const Value* u = find_value(asset->as_map(), "unit");
  ASSERT_NE(u, nullptr);
  EXPECT_EQ(find_value(u->as_map(), "meter")->as_double(), 0.01);
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 0);
}

}  // namespace
}  // namespace px::collada::testing
