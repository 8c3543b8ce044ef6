#include "tools/cli/info_json.h"

#include <gtest/gtest.h>

#include <cctype>
#include <limits>
#include <string>

#include "rapidjson/document.h"

namespace px::cli {
namespace {

rapidjson::Document parsed(const std::string& text) {
  rapidjson::Document doc;
  doc.Parse(text.c_str(), text.size());
  EXPECT_FALSE(doc.HasParseError()) << text;
  return doc;
}

SceneSummary one_of_each() {
  SceneSummary s;
  s.stats.meshes = 1;
  s.stats.vertices = 4;
  s.cameras = 1;
  s.asset.generator = "Maya 2020";
  s.asset.up_axis = "Z_UP";
  s.asset.unit_name = "centimeter";
  s.asset.unit_meters = 0.01;
  s.camera_list.push_back({"eye", "perspective"});
  s.light_list.push_back({"", "spot"});
  s.stats.instances = 2;
  s.bounds.add(-1, 0, 2);
  s.bounds.add(1, 3, 2);
  MeshSummary& mesh = s.meshes.emplace_back();
  mesh.name = "square";
  mesh.counts = {4, 2, 0, 2};
  mesh.attributes = {"normals"};
  mesh.materials = {0};
  mesh.instances = 1;
  mesh.bounds.add(0, 0, 0);
  s.meshes.emplace_back();  // no name, no points
  MaterialSummary& material = s.materials.emplace_back();
  material.name = "paint";
  material.shading = "phong";
  material.alpha_mode = AlphaMode::kBlend;
  material.textures = {{"baseColorTexture", 0}};
  s.skins.push_back({"rig", 3});
  AnimationSummary& animation = s.animations.emplace_back();
  animation.name = "walk";
  animation.channels = 2;
  animation.start = 0.5;
  animation.end = 2;
  return s;
}

// A COLLADA input of 5,000 bytes and the GLB its options write, by part.
InfoSizes sizes_of_each() {
  InfoSizes sizes;
  sizes.input.total = 5000;
  gltf::PartSizes parts;
  parts.json = 100;
  parts.geometry = 200;
  parts.animation = 30;
  parts.images = 60;
  parts.other = 10;
  parts.total = 400;
  sizes.output = FileSizes{400, parts};
  return sizes;
}

TEST(InfoJson, WritesEveryPart) {
  Diagnostics diagnostics;
  diagnostics.warn("a.code", "one");
  diagnostics.warn("a.code", "two");
  diagnostics.warn("b.code", "three");
  diagnostics.info("c.note", "four");
  rapidjson::Document doc =
      parsed(info_json("dir/x.dae", Format::kCollada, one_of_each(), sizes_of_each(), diagnostics));
  EXPECT_STREQ(doc["uri"].GetString(), "dir/x.dae");
  EXPECT_STREQ(doc["format"].GetString(), "collada");
  EXPECT_STREQ(doc["asset"]["generator"].GetString(), "Maya 2020");
  EXPECT_TRUE(doc["asset"]["version"].IsNull());
  EXPECT_STREQ(doc["asset"]["upAxis"].GetString(), "Z_UP");
  EXPECT_STREQ(doc["asset"]["unit"]["name"].GetString(), "centimeter");
  EXPECT_EQ(doc["asset"]["unit"]["meters"].GetDouble(), 0.01);
  EXPECT_STREQ(doc["cameras"][0]["name"].GetString(), "eye");
  EXPECT_STREQ(doc["cameras"][0]["type"].GetString(), "perspective");
  EXPECT_STREQ(doc["lights"][0]["name"].GetString(), "");
  EXPECT_STREQ(doc["lights"][0]["type"].GetString(), "spot");
  EXPECT_EQ(doc["counts"]["gpuInstances"].GetInt(), 2);
  EXPECT_EQ(doc["counts"]["meshes"].GetInt(), 1);
  EXPECT_EQ(doc["counts"]["cameras"].GetInt(), 1);
  EXPECT_EQ(doc["counts"]["skins"].GetInt(), 1);
  EXPECT_EQ(doc["counts"]["animations"].GetInt(), 1);
  EXPECT_TRUE(doc["defaultScene"].IsNull());
  EXPECT_EQ(doc["bounds"]["min"][0].GetDouble(), -1);
  EXPECT_EQ(doc["bounds"]["max"][1].GetDouble(), 3);
  EXPECT_TRUE(doc["bounds"]["exact"].GetBool());
  const auto& mesh = doc["meshes"][0];
  EXPECT_STREQ(mesh["name"].GetString(), "square");
  EXPECT_EQ(mesh["triangles"].GetInt(), 2);
  EXPECT_EQ(mesh["cells"].GetInt(), 2);
  EXPECT_STREQ(mesh["attributes"][0].GetString(), "normals");
  EXPECT_EQ(mesh["materials"][0].GetInt(), 0);
  EXPECT_TRUE(doc["meshes"][1]["name"].IsNull());
  EXPECT_TRUE(doc["meshes"][1]["bounds"].IsNull());
  const auto& material = doc["materials"][0];
  EXPECT_STREQ(material["shading"].GetString(), "phong");
  EXPECT_STREQ(material["alphaMode"].GetString(), "BLEND");
  EXPECT_FALSE(material.HasMember("alphaCutoff"));
  EXPECT_FALSE(material["doubleSided"].GetBool());
  EXPECT_EQ(material["textures"]["baseColorTexture"].GetInt(), 0);
  EXPECT_STREQ(doc["skins"][0]["name"].GetString(), "rig");
  EXPECT_EQ(doc["skins"][0]["joints"].GetInt(), 3);
  EXPECT_EQ(doc["animations"][0]["duration"].GetDouble(), 1.5);
  EXPECT_EQ(doc["animations"][0]["start"].GetDouble(), 0.5);
  EXPECT_EQ(doc["warningCount"].GetInt(), 3);
  EXPECT_EQ(doc["warnings"]["a.code"].GetInt(), 2);
  EXPECT_EQ(doc["warnings"]["b.code"].GetInt(), 1);
  EXPECT_FALSE(doc["warnings"].HasMember("c.note"));
  EXPECT_EQ(doc["notes"]["c.note"].GetInt(), 1);
  // The input's total alone (COLLADA); the output's parts in gltfpack -v's order.
  EXPECT_EQ(doc["sizes"]["input"].MemberCount(), 1u);
  EXPECT_EQ(doc["sizes"]["input"]["total"].GetInt(), 5000);
  const rapidjson::Value& output = doc["sizes"]["output"];
  std::string keys;
  for (const auto& m : output.GetObject()) keys += std::string(m.name.GetString()) + " ";
  EXPECT_EQ(keys, "total json geometry animation skins instances images other ");
  EXPECT_EQ(output["geometry"].GetInt(), 200);
  EXPECT_EQ(output["images"].GetInt(), 60);
  EXPECT_FALSE(doc["sizes"].HasMember("outputRefused"));
}

// Issue 36: one key style, glTF's camelCase (a warning's code, under warnings and notes, is data).
void expect_camel_case_keys(const rapidjson::Value& value, const std::string& where) {
  if (value.IsArray()) {
    for (const auto& item : value.GetArray()) expect_camel_case_keys(item, where + "[]");
  }
  if (!value.IsObject()) return;
  for (const auto& member : value.GetObject()) {
    const std::string key = member.name.GetString();
    if (where.empty() && (key == "warnings" || key == "notes")) continue;
    bool camel = !key.empty() && key[0] >= 'a' && key[0] <= 'z';
    for (char c : key) camel &= std::isalnum(static_cast<unsigned char>(c)) != 0;
    EXPECT_TRUE(camel) << where << "." << key;
    expect_camel_case_keys(member.value, where + "." + key);
  }
}

TEST(InfoJson, EveryKeyIsCamelCase) {
  Diagnostics diagnostics;
  diagnostics.warn("a.code_x", "one");
  expect_camel_case_keys(
      parsed(info_json("a", Format::kGlb, one_of_each(), sizes_of_each(), diagnostics)), "");
}

TEST(InfoJson, EmptySceneHasNullBoundsAndEmptyLists) {
  InfoSizes refused;
  refused.output_refused = "scene.rule: why";
  rapidjson::Document doc =
      parsed(info_json("-", Format::kGlb, SceneSummary{}, refused, Diagnostics{}));
  EXPECT_STREQ(doc["format"].GetString(), "glb");
  // A write that refuses the scene: no output sizes, its message instead.
  EXPECT_TRUE(doc["sizes"]["output"].IsNull());
  EXPECT_STREQ(doc["sizes"]["outputRefused"].GetString(), "scene.rule: why");
  EXPECT_TRUE(doc["asset"]["generator"].IsNull());
  EXPECT_TRUE(doc["asset"]["unit"].IsNull());
  EXPECT_EQ(doc["cameras"].Size(), 0u);
  EXPECT_TRUE(doc["bounds"].IsNull());
  EXPECT_EQ(doc["meshes"].Size(), 0u);
  EXPECT_EQ(doc["warningCount"].GetInt(), 0);
  EXPECT_EQ(doc["warnings"].MemberCount(), 0u);
}

TEST(InfoJson, NonFiniteNumbersAreNull) {
  SceneSummary s;
  MaterialSummary& material = s.materials.emplace_back();
  material.alpha_mode = AlphaMode::kMask;
  material.alpha_cutoff = std::numeric_limits<double>::quiet_NaN();
  AnimationSummary& animation = s.animations.emplace_back();
  animation.start = -std::numeric_limits<double>::max();
  animation.end = std::numeric_limits<double>::max();  // end - start overflows
  rapidjson::Document doc =
      parsed(info_json("x.gltf", Format::kGltf, s, InfoSizes{}, Diagnostics{}));
  EXPECT_TRUE(doc["materials"][0]["alphaCutoff"].IsNull());
  EXPECT_TRUE(doc["animations"][0]["duration"].IsNull());
  EXPECT_EQ(doc["animations"][0]["end"].GetDouble(), std::numeric_limits<double>::max());
}

TEST(InfoJson, TextThatIsNotUtf8IsMended) {
  SceneSummary s;
  s.materials.emplace_back().name = "caf\xC3\xA9 \xFF\xC0\xAF \xED\xA0\x80 end\x01";
  rapidjson::Document doc =
      parsed(info_json("in\xE9.dae", Format::kCollada, s, InfoSizes{}, Diagnostics{}));
  EXPECT_STREQ(doc["uri"].GetString(), "in\xEF\xBF\xBD.dae");
  EXPECT_EQ(std::string(doc["materials"][0]["name"].GetString()),
            "caf\xC3\xA9 \xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD \xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"
            " end\x01");
}

TEST(InfoJson, SameSummarySameBytes) {
  Diagnostics diagnostics;
  diagnostics.warn("a.code", "one");
  EXPECT_EQ(info_json("a", Format::kGlb, one_of_each(), sizes_of_each(), diagnostics),
            info_json("a", Format::kGlb, one_of_each(), sizes_of_each(), diagnostics));
}

}  // namespace
}  // namespace px::cli
