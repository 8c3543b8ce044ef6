// Beyond the spec (issue 15, point 10): what a COLLADA asset records of its source - author,
// authoring tool, copyright, dates, unit and up axis - survives COLLADA -> GLB -> COLLADA, with
// no gltf.write.global-dropped warning on the way, and a glTF's generator and copyright reach
// COLLADA's contributor.
#include <gtest/gtest.h>

#include <string>

#include "polyxios/polyxios.h"

namespace px {
namespace {

constexpr char kDocument[] =
    "<?xml version=\"1.0\"?><COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" "
    "version=\"1.4.1\"><asset><contributor><author>Ada</author><authoring_tool>Maya 2024"
    "</authoring_tool><copyright>(c) Ada</copyright></contributor>"
    "<created>2024-01-02T03:04:05Z</created><modified>2024-01-03T03:04:05Z</modified>"
    "<unit name=\"centimeter\" meter=\"0.01\"/><up_axis>Z_UP</up_axis></asset>"
    "<library_visual_scenes><visual_scene id=\"s\"><node id=\"n\"/></visual_scene>"
    "</library_visual_scenes><scene><instance_visual_scene url=\"#s\"/></scene></COLLADA>";

std::string text_of(const Scene& scene, AssetField field) {
  return scene.asset.text(field).value_or("<none>");
}

Scene read_bytes(std::string_view bytes, Diagnostics& d) {
  absl::StatusOr<Scene> scene = read_scene_bytes(bytes, ReadOptions{}, d);
  EXPECT_TRUE(scene.ok()) << scene.status();
  return scene.ok() ? *std::move(scene) : Scene{};
}

// Writes `scene` as GLB or COLLADA to memory, with the write's warnings in `d`.
std::string write_bytes(const Scene& scene, bool collada, Diagnostics& d) {
  WriteOptions options;
  options.collada = collada;
  options.binary = !collada;
  std::FILE* file = std::tmpfile();
  absl::Status status = write_scene(scene, file, options, d);
  EXPECT_TRUE(status.ok()) << status;
  std::string bytes;
  std::rewind(file);
  char buffer[4096];
  for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, file)) > 0;) bytes.append(buffer, n);
  std::fclose(file);
  return bytes;
}

TEST(AssetRecord, SurvivesColladaToGlbToCollada) {
  Diagnostics d;
  Scene first = read_bytes(kDocument, d);
  Diagnostics glb_write;
  std::string glb = write_bytes(first, false, glb_write);
  EXPECT_EQ(glb_write.count("gltf.write.global-dropped"), 0);
  Scene through_glb = read_bytes(glb, d);
  Diagnostics dae_write;
  std::string dae = write_bytes(through_glb, true, dae_write);
  EXPECT_EQ(dae_write.warning_count(), 0);
  Scene last = read_bytes(dae, d);
  for (AssetField field : {AssetField::kAuthor, AssetField::kAuthoringTool, AssetField::kCopyright,
                           AssetField::kCreated, AssetField::kModified, AssetField::kUpAxis}) {
    EXPECT_EQ(text_of(last, field), text_of(first, field)) << asset_field_name(field);
  }
  EXPECT_EQ(last.asset.unit->name, "centimeter");
  EXPECT_EQ(last.asset.unit->meter, 0.01);
  EXPECT_NE(dae.find("<authoring_tool>polyxios"), std::string::npos);
}

TEST(AssetRecord, AGltfsGeneratorAndCopyrightReachTheContributor) {
  Diagnostics d;
  Scene scene = read_bytes(
      R"({"asset": {"version": "2.0", "generator": "Khronos glTF Blender I/O v3.6",
                    "copyright": "CC-BY 4.0 Someone"}})",
      d);
  Scene back = read_bytes(write_bytes(scene, true, d), d);
  EXPECT_EQ(text_of(back, AssetField::kAuthoringTool), "Khronos glTF Blender I/O v3.6");
  EXPECT_EQ(text_of(back, AssetField::kCopyright), "CC-BY 4.0 Someone");
}

}  // namespace
}  // namespace px
