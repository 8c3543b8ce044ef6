// The whole document: asset, nodes and scenes, extras, determinism, refusals and file output.
#include "formats/gltf/write/gltf_writer.h"

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "engine/strings.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/test_scene.h"

namespace px::gltf::testing {
namespace {

namespace fs = std::filesystem;

TEST(GltfWriter, AssetNamesVersionGeneratorAndCopyright) {
  Scene scene = triangle_scene();
  scene.asset.set(AssetField::kGenerator, "Blender I/O");
  scene.asset.set(AssetField::kCopyright, "(c) Someone");
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  const auto& asset = p.doc["asset"];
  EXPECT_STREQ(asset["version"].GetString(), "2.0");
  EXPECT_STREQ(asset["generator"].GetString(), "polyxios");
  EXPECT_STREQ(asset["copyright"].GetString(), "(c) Someone");
  EXPECT_EQ(diagnostics.warning_count(), 0);
}

// Beyond the spec (issue 15): what a COLLADA asset records of its source (author, authoring
// tool, dates, up axis, unit) goes in asset.extras, with no warning.
TEST(GltfWriter, TheSourcesRecordGoesInAssetExtras) {
  Scene scene = triangle_scene();
  scene.asset.set(AssetField::kUpAxis, "Z_UP");
  scene.asset.set_unit(AssetUnit{"centimeter", 0.01});
  scene.asset.set(AssetField::kCreated, "2024-01-02T03:04:05Z");
  scene.asset.set(AssetField::kModified, "2024-01-03T03:04:05Z");
  scene.asset.set(AssetField::kAuthor, "Ada");
  scene.asset.set(AssetField::kAuthoringTool, "Maya 2024");
  scene.asset.set(AssetField::kCopyright, "(c) Ada");
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  const auto& asset = p.doc["asset"];
  EXPECT_STREQ(asset["copyright"].GetString(), "(c) Ada");
  EXPECT_STREQ(asset["generator"].GetString(), "polyxios");
  const auto& extras = asset["extras"];
  EXPECT_STREQ(extras["author"].GetString(), "Ada");
  EXPECT_STREQ(extras["authoring_tool"].GetString(), "Maya 2024");
  EXPECT_STREQ(extras["created"].GetString(), "2024-01-02T03:04:05Z");
  EXPECT_STREQ(extras["modified"].GetString(), "2024-01-03T03:04:05Z");
  EXPECT_STREQ(extras["up_axis"].GetString(), "Z_UP");
  EXPECT_STREQ(extras["unit"]["name"].GetString(), "centimeter");
  EXPECT_EQ(extras["unit"]["meter"].GetDouble(), 0.01);
  EXPECT_FALSE(extras.HasMember("copyright"));
  EXPECT_EQ(diagnostics.warning_count(), 0);

  // A glTF source's generator stays its own: polyxios is the file's generator now.
  scene.asset = Asset{};
  scene.asset.set(AssetField::kGenerator, "Blender I/O");
  Parsed from_gltf = write_gltf(scene, diagnostics);
  EXPECT_FALSE(from_gltf.doc["asset"].HasMember("extras"));
  EXPECT_EQ(diagnostics.warning_count(), 0);
}

// The record goes in asset.extras in the order the asset holds it: a COLLADA read's, with the up
// axis an axis conversion records last when the document gave none, as the glTF read it came
// from spelled it.
TEST(GltfWriter, AssetExtrasKeepTheAssetsOrder) {
  Scene scene = triangle_scene();
  scene.asset.set_unit(AssetUnit{"centimeter", 0.01});
  scene.asset.set(AssetField::kCreated, "2024-01-02T03:04:05Z");
  scene.asset.set(AssetField::kUpAxis, "Y_UP");
  scene.asset.set(AssetField::kCreated, "2024-01-03T03:04:05Z");  // keeps its place
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  std::vector<std::string> keys;
  for (const auto& member : p.doc["asset"]["extras"].GetObject()) {
    keys.emplace_back(member.name.GetString());
  }
  EXPECT_EQ(keys, (std::vector<std::string>{"unit", "created", "up_axis"}));
  EXPECT_STREQ(p.doc["asset"]["extras"]["created"].GetString(), "2024-01-03T03:04:05Z");
}

TEST(GltfWriter, SceneExtrasBecomeTheFilesExtrasAndOtherGlobalsAreLeftOut) {
  Scene scene = triangle_scene();
  std::span<int32_t> ids = scene.arena->allocate<int32_t>(4);
  ids[3] = 7;
  set_value(scene.global_attrs, "extras",
            Value(ValueMap{{"title", Value("t")},
                           {"n", Value(3)},
                           {"list", Value(ValueArray{Value(true), Value(), Value(0.5)})},
                           {"ids", Value(Column::of<int32_t>(ids, 2))}}));
  set_value(scene.global_attrs, "up_axis", Value("Z_UP"));
  set_value(scene.global_attrs, "units", Value("cm"));
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  const auto& extras = p.doc["extras"];
  EXPECT_STREQ(extras["title"].GetString(), "t");
  EXPECT_EQ(extras["n"].GetInt(), 3);
  EXPECT_TRUE(extras["list"][0].GetBool());
  EXPECT_TRUE(extras["list"][1].IsNull());
  EXPECT_EQ(extras["list"][2].GetDouble(), 0.5);
  EXPECT_EQ(extras["ids"][1][1].GetInt(), 7);
  EXPECT_EQ(diagnostics.count("gltf.write.global-dropped"), 2);
}

TEST(GltfWriter, NodesAndScenes) {
  Scene scene = triangle_scene();
  scene.nodes.resize(3);
  scene.nodes[0].name = "root";
  scene.nodes[0].children = {1, 2};
  scene.nodes[1].matrix(0, 3) = 5;  // translation x, column 3
  scene.nodes[1].collada_id = "n1";
  scene.scenes = {{0}, {2}};
  scene.default_scene = 0;
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_EQ(p.doc["scene"].GetInt(), 0);
  EXPECT_EQ(p.doc["scenes"][0]["nodes"][0].GetInt(), 0);
  // Node 2 is node 0's child, so it is no root of scene 1.
  EXPECT_FALSE(p.doc["scenes"][1].HasMember("nodes"));
  EXPECT_EQ(diagnostics.count("gltf.write.node-reference-dropped"), 1);
  const auto& nodes = p.doc["nodes"];
  EXPECT_STREQ(nodes[0]["name"].GetString(), "root");
  EXPECT_FALSE(nodes[0].HasMember("matrix"));
  EXPECT_EQ(nodes[0]["mesh"].GetInt(), 0);
  EXPECT_EQ(nodes[0]["children"].Size(), 2u);
  ASSERT_TRUE(nodes[1].HasMember("matrix"));
  EXPECT_EQ(nodes[1]["matrix"][12].GetDouble(), 5);
  EXPECT_EQ(nodes[1]["matrix"][0].GetDouble(), 1);
  EXPECT_FALSE(nodes[1].HasMember("extras"));
  EXPECT_FALSE(nodes[2].HasMember("children"));
}

TEST(GltfWriter, NoDefaultSceneWhenNoneOrOutOfRange) {
  for (int default_scene : {-1, 1}) {
    Scene scene = triangle_scene();
    scene.default_scene = default_scene;
    Parsed p = write_gltf(scene);
    EXPECT_FALSE(p.doc.HasMember("scene"));
  }
}

TEST(GltfWriter, ChildrenGltfCannotTakeAreLeftOut) {
  Scene scene;
  scene.nodes.resize(3);
  scene.nodes[0].children = {1, 9, 0};
  scene.nodes[2].children = {1};  // node 1 already has a parent
  scene.scenes = {{0, 2}};
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_EQ(p.doc["nodes"][0]["children"].Size(), 1u);
  EXPECT_FALSE(p.doc["nodes"][2].HasMember("children"));
  EXPECT_EQ(diagnostics.count("gltf.write.node-reference-dropped"), 3);
}

TEST(GltfWriter, RefusesANodeCycle) {
  Scene scene;
  scene.nodes.resize(3);
  scene.nodes[0].children = {1};
  scene.nodes[1].children = {2};
  scene.nodes[2].children = {0};
  Diagnostics diagnostics;
  absl::StatusOr<Written> written = write_to_memory(scene, true, "", diagnostics);
  EXPECT_EQ(written.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(absl::StrContains(written.status().message(), "gltf.write.node-cycle"));
}

TEST(GltfWriter, RefusesNaNInAMatrixOrInExtras) {
  Scene scene = triangle_scene();
  scene.nodes[0].matrix(1, 1) = NAN;
  Diagnostics diagnostics;
  EXPECT_EQ(write_to_memory(scene, true, "", diagnostics).status().code(),
            absl::StatusCode::kInvalidArgument);

  Scene scene2 = triangle_scene();
  set_value(scene2.global_attrs, "extras", Value(ValueMap{{"x", Value(double(INFINITY))}}));
  absl::Status status = write_to_memory(scene2, false, "a.bin", diagnostics).status();
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(absl::StrContains(status.message(), "gltf.write.non-finite")) << status;
}

TEST(GltfWriter, RefusesAStringThatIsNotUtf8) {
  Scene scene = triangle_scene();
  scene.nodes[0].name = "caf\xE9";
  Diagnostics diagnostics;
  absl::Status status = write_to_memory(scene, true, "", diagnostics).status();
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(absl::StrContains(status.message(), "gltf.write.not-utf8")) << status;
}

Scene rich_scene() {
  Scene scene = triangle_scene();
  scene.materials.resize(2);
  scene.materials[1].base_color = {0.1, 0.2, 0.3, 1};
  scene.images.push_back(Image{"", "", "", {0xFF, 0xD8, 0xFF, 1, 2}});
  scene.textures.resize(1);
  scene.textures[0].image = 0;
  MeshBuilder(scene)
      .points(line_of_points(300))
      .point_data<double>("normals", std::vector<double>(900, 1.0), 3)
      .cell(CellType::kPolygon, {0, 1, 2, 3, 299}, 1)
      .cell(CellType::kLine, {4, 5}, 0)
      .add();
  scene.nodes[0].children = {1};
  scene.nodes.emplace_back().mesh = 1;
  return scene;
}

TEST(GltfWriter, SameSceneGivesTheSameBytes) {
  Scene scene = rich_scene();
  for (bool binary : {true, false}) {
    Diagnostics d1;
    Diagnostics d2;
    absl::StatusOr<Written> a = write_to_memory(scene, binary, "x.bin", d1);
    absl::StatusOr<Written> b = write_to_memory(scene, binary, "x.bin", d2);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(a->json, b->json);
    EXPECT_EQ(a->bin, b->bin);
  }
}

TEST(GltfWriter, GlbAndGltfHoldTheSameBuffer) {
  Scene scene = triangle_scene();
  Diagnostics diagnostics;
  absl::StatusOr<Written> glb = write_to_memory(scene, true, "", diagnostics);
  absl::StatusOr<Written> gltf = write_to_memory(scene, false, "t.bin", diagnostics);
  ASSERT_TRUE(glb.ok() && gltf.ok());
  EXPECT_TRUE(absl::EndsWith(glb->json, gltf->bin));
}

class GltfWriterFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           cat("px_gltf_test_", ::getpid(), "_",
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::vector<std::string> files() const {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir_)) {
      names.push_back(entry.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return names;
  }
  static std::string read(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }

  fs::path dir_;
};

TEST_F(GltfWriterFiles, GltfWriteLeavesTheGltfAndItsBinOnly) {
  Scene scene = rich_scene();
  Diagnostics diagnostics;
  ASSERT_TRUE(write(scene, dir_ / "my model.gltf", false, diagnostics).ok());
  EXPECT_EQ(files(), (std::vector<std::string>{"my model.bin", "my model.gltf"}));
  absl::StatusOr<Written> memory = write_to_memory(scene, false, "my model.bin", diagnostics);
  ASSERT_TRUE(memory.ok());
  EXPECT_EQ(read(dir_ / "my model.gltf"), memory->json);
  EXPECT_EQ(read(dir_ / "my model.bin"), memory->bin);
  EXPECT_TRUE(absl::StrContains(memory->json, "\"uri\":\"my%20model.bin\""));
}

TEST_F(GltfWriterFiles, GlbWriteLeavesTheGlbOnly) {
  Scene scene = rich_scene();
  Diagnostics diagnostics;
  ASSERT_TRUE(write(scene, dir_ / "a.glb", true, diagnostics).ok());
  EXPECT_EQ(files(), std::vector<std::string>{"a.glb"});
  absl::StatusOr<Written> memory = write_to_memory(scene, true, "", diagnostics);
  ASSERT_TRUE(memory.ok());
  EXPECT_EQ(read(dir_ / "a.glb"), memory->json);
}

TEST_F(GltfWriterFiles, NoBinWithoutBinaryData) {
  Scene scene;
  scene.nodes.resize(1);
  scene.scenes = {{0}};
  Diagnostics diagnostics;
  ASSERT_TRUE(write(scene, dir_ / "empty.gltf", false, diagnostics).ok());
  EXPECT_EQ(files(), std::vector<std::string>{"empty.gltf"});
}

TEST_F(GltfWriterFiles, FailedWritesLeaveNothing) {
  Scene scene = rich_scene();
  Diagnostics diagnostics;
  for (bool binary : {true, false}) {
    absl::Status missing_dir = write(scene, dir_ / "no" / "such.gltf", binary, diagnostics);
    EXPECT_EQ(missing_dir.code(), absl::StatusCode::kUnavailable) << missing_dir;
  }
  // A refused scene leaves nothing either.
  scene.materials[0].roughness = NAN;
  EXPECT_EQ(write(scene, dir_ / "nan.gltf", false, diagnostics).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(write(scene, dir_ / "nan.glb", true, diagnostics).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(files().empty());
}

TEST_F(GltfWriterFiles, GltfIsNotCommittedWhenItsBinCannotBe) {
  Scene scene = rich_scene();
  // A directory where the .bin would go: its temporary is made, but the rename fails.
  fs::create_directories(dir_ / "blocked.bin" / "x");
  Diagnostics diagnostics;
  absl::Status status = write(scene, dir_ / "blocked.gltf", false, diagnostics);
  EXPECT_FALSE(status.ok());
  EXPECT_EQ(files(), std::vector<std::string>{"blocked.bin"});
}

}  // namespace
}  // namespace px::gltf::testing
