// spec/gltf.md's writing rules, one test per rule the other writer tests leave unchecked (see
// tests/SPEC_COVERAGE.md, rows G4-G9 and G28-G37): the binary option, cells glTF cannot draw,
// skins and their influences, what glTF cannot hold, and placeholder textures.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "engine/strings.h"
#include "formats/gltf/read/gltf_reader.h"
#include "formats/gltf/write/gltf_writer.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "polyxios/polyxios.h"
#include "tests/formats/gltf/test_scene.h"

namespace px::gltf::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::ElementsAreArray;
using ::testing::HasSubstr;

std::string file_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

fs::path fresh_folder(std::string_view name) {
  fs::path dir = fs::path(::testing::TempDir()) / cat("px_spec_write_", name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::vector<std::string> files_in(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// n floats of an accessor, read from its view's offset.
std::vector<float> floats_of(const Parsed& p, int accessor, size_t n) {
  const rapidjson::Value& a = p.doc["accessors"][accessor];
  const rapidjson::Value& view = p.doc["bufferViews"][a["bufferView"].GetInt()];
  size_t offset = view.HasMember("byteOffset") ? view["byteOffset"].GetUint64() : 0;
  std::vector<float> out(n);
  EXPECT_LE(offset + n * sizeof(float), p.bin.size());
  std::memcpy(out.data(), p.bin.data() + offset, n * sizeof(float));
  return out;
}

// G5: binary = true writes a GLB, false a .gltf with its .bin, unset follows the suffix.
TEST(GltfSpecWrite, BinaryOptionChoosesGlbOrGltfWhateverTheSuffixAndUnsetFollowsIt) {
  Scene scene = triangle_scene();
  struct Case {
    std::string name;
    std::optional<bool> binary;
    bool glb;
  };
  const std::vector<Case> cases = {
      {"a.gltf", true, true},          {"b.glb", false, false}, {"c.glb", std::nullopt, true},
      {"d.gltf", std::nullopt, false}, {"e.model", true, true},
  };
  fs::path dir = fresh_folder("binary_option");
  for (const Case& c : cases) {
    WriteOptions options;
    options.binary = c.binary;
    Diagnostics diagnostics;
    ASSERT_TRUE(px::write_scene(scene, dir / c.name, options, diagnostics).ok()) << c.name;
    const std::string bytes = file_bytes(dir / c.name);
    const std::string bin = cat(fs::path(c.name).stem().string(), ".bin");
    if (c.glb) {
      EXPECT_EQ(bytes.substr(0, 4), "glTF") << c.name;
      EXPECT_FALSE(fs::exists(dir / bin)) << c.name;
    } else {
      EXPECT_EQ(bytes.substr(0, 1), "{") << c.name;
      EXPECT_THAT(bytes, HasSubstr(cat("\"uri\":\"", bin, "\""))) << c.name;
      EXPECT_TRUE(fs::exists(dir / bin)) << c.name;
    }
    // Either form reads back, told apart by its magic whatever the suffix.
    Diagnostics read_diagnostics;
    absl::StatusOr<Scene> back = px::read_scene(dir / c.name, ReadOptions{}, read_diagnostics);
    ASSERT_TRUE(back.ok()) << c.name << ": " << back.status();
    EXPECT_EQ(back->meshes.size(), 1u) << c.name;
  }
  // Without the option, a suffix that is neither .glb nor .gltf is refused, and nothing written.
  Diagnostics diagnostics;
  absl::Status refused = px::write_scene(scene, dir / "f.model", WriteOptions{}, diagnostics);
  EXPECT_EQ(refused.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(refused.message(), HasSubstr("format.unknown"));
  EXPECT_FALSE(fs::exists(dir / "f.model"));
}

// G4: write_scene writes a GLB alone, or a .gltf with its .bin beside it.
TEST(GltfSpecWrite, WriteSceneGivesAGlbAloneOrAGltfWithItsBin) {
  Scene scene = triangle_scene();
  fs::path dir = fresh_folder("write_scene");
  Diagnostics diagnostics;
  ASSERT_TRUE(px::write_scene(scene, dir / "one.glb", WriteOptions{}, diagnostics).ok());
  EXPECT_THAT(files_in(dir), ElementsAre("one.glb"));
  ASSERT_TRUE(px::write_scene(scene, dir / "two.gltf", WriteOptions{}, diagnostics).ok());
  EXPECT_THAT(files_in(dir), ElementsAre("one.glb", "two.bin", "two.gltf"));
}

// G9: quads and polygons are fan-triangulated, line strips and triangle strips are primitives of
// their own, and volume cells, pixels and quadratic surface elements are skipped with a warning.
TEST(GltfSpecWrite, QuadsAndPolygonsFanStripsStandAloneAndVolumePixelQuadraticCellsAreSkipped) {
  Scene scene;
  MeshBuilder(scene)
      .points(line_of_points(8))
      .cell(CellType::kQuad, {0, 1, 2, 3})
      .cell(CellType::kPolygon, {4, 5, 6, 7, 0})
      .cell(CellType::kTriangleStrip, {0, 1, 2, 3})
      .cell(CellType::kPolyLine, {4, 5, 6})
      .cell(static_cast<CellType>(10), {0, 1, 2, 3})              // VTK_TETRA
      .cell(static_cast<CellType>(12), {0, 1, 2, 3, 4, 5, 6, 7})  // VTK_HEXAHEDRON
      .cell(static_cast<CellType>(8), {0, 1, 2, 3})               // VTK_PIXEL
      .cell(static_cast<CellType>(22), {0, 1, 2, 3, 4, 5})        // VTK_QUADRATIC_TRIANGLE
      .cell(static_cast<CellType>(23), {0, 1, 2, 3, 4, 5, 6, 7})  // VTK_QUADRATIC_QUAD
      .add();
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  const auto& prims = p.doc["meshes"][0]["primitives"];
  ASSERT_EQ(prims.Size(), 3u);
  EXPECT_EQ(prims[0].HasMember("mode") ? prims[0]["mode"].GetInt() : 4, 4);
  EXPECT_THAT(read_indices(p, prims[0]), ElementsAre(0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7, 4, 7, 0));
  EXPECT_EQ(prims[1]["mode"].GetInt(), 5);
  EXPECT_THAT(read_indices(p, prims[1]), ElementsAre(0, 1, 2, 3));
  EXPECT_EQ(prims[2]["mode"].GetInt(), 3);
  EXPECT_THAT(read_indices(p, prims[2]), ElementsAre(4, 5, 6));
  EXPECT_EQ(diagnostics.count("gltf.write.cell-skipped"), 5);
}

// A rig: node 0 the root, 1 and 2 its joints (2 under 1), 3 showing a skinned triangle.
// The skin entry is filled by the test.
Scene rigged_scene() {
  Scene scene;
  MeshBuilder(scene)
      .points({0, 0, 0, 1, 0, 0, 0, 1, 0})
      .point_data<uint8_t>("joints", {0, 1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0}, 4)
      .point_data<float>("weights", {0.5f, 0.5f, 0, 0, 1, 0, 0, 0, 0.25f, 0.75f, 0, 0}, 4)
      .cell(CellType::kTriangle, {0, 1, 2})
      .add();
  scene.nodes.resize(4);
  scene.nodes[0].children = {1, 3};
  scene.nodes[1].children = {2};
  scene.nodes[3].mesh = 0;
  scene.nodes[3].skin = 0;
  scene.scenes = {{0}};
  return scene;
}

// Two row-major matrices: a translation by (1, 2, 3) and a scale by 2.
Column two_inverse_binds(Scene& scene) {
  std::span<double> m = scene.arena->allocate<double>(32);
  const double values[32] = {1, 0, 0, 1, 0, 1, 0, 2, 0, 0, 1, 3, 0, 0, 0, 1,
                             2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1};
  std::copy(values, values + 32, m.begin());
  return Column::of<double>(std::span<const double>(m), 16);
}

// The scene's one skin, over nodes 1 and 2.
Skin& set_skin(Scene& scene) {
  scene.skins.assign(1, Skin{});
  scene.skins[0].joints = {1, 2};
  return scene.skins[0];
}

// A skin named "arm" under node 0 with the extras a glTF read would keep, and matrices.
void set_arm_skin(Scene& scene) {
  Skin& skin = set_skin(scene);
  skin.name = "arm";
  skin.skeleton = 0;
  skin.gltf_object = ValueMap{{"extras", Value(ValueMap{{"rig", Value("left")}})}};
  skin.inverse_bind_matrices = two_inverse_binds(scene);
}

// G28: name, joints, skeleton, extras and the matrices as a float MAT4 accessor; the node's
// skin as its skin.
TEST(GltfSpecWrite, SkinIsWrittenWithNameJointsSkeletonExtrasAndMatrices) {
  Scene scene = rigged_scene();
  set_arm_skin(scene);
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  ASSERT_TRUE(p.doc.HasMember("skins"));
  const auto& skin = p.doc["skins"][0];
  EXPECT_STREQ(skin["name"].GetString(), "arm");
  ASSERT_EQ(skin["joints"].Size(), 2u);
  EXPECT_EQ(skin["joints"][0].GetInt(), 1);
  EXPECT_EQ(skin["joints"][1].GetInt(), 2);
  EXPECT_EQ(skin["skeleton"].GetInt(), 0);
  EXPECT_STREQ(skin["extras"]["rig"].GetString(), "left");
  const int ibm = skin["inverseBindMatrices"].GetInt();
  EXPECT_STREQ(p.doc["accessors"][ibm]["type"].GetString(), "MAT4");
  EXPECT_EQ(p.doc["accessors"][ibm]["componentType"].GetInt(), 5126);
  EXPECT_EQ(p.doc["accessors"][ibm]["count"].GetInt(), 2);
  // Column by column, as glTF stores a matrix.
  EXPECT_THAT(floats_of(p, ibm, 32),
              ElementsAreArray<float>({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1,
                                       2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1}));
  EXPECT_EQ(p.doc["nodes"][3]["skin"].GetInt(), 0);
  EXPECT_EQ(diagnostics.warning_count(), 0);
}

// G28: a skin without matrices is written without an inverseBindMatrices, glTF's identities.
TEST(GltfSpecWrite, SkinWithoutMatricesIsWrittenWithoutAnAccessor) {
  Scene scene = rigged_scene();
  set_skin(scene);
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  ASSERT_TRUE(p.doc.HasMember("skins"));
  EXPECT_FALSE(p.doc["skins"][0].HasMember("inverseBindMatrices"));
  EXPECT_EQ(p.doc["nodes"][3]["skin"].GetInt(), 0);
  EXPECT_EQ(diagnostics.warning_count(), 0);
}

// G28 with G27: a glTF skin read, then written, keeps its joints, skeleton, extras and matrices.
TEST(GltfSpecWrite, ReadSkinIsWrittenBackAsItWasRead) {
  Scene scene = rigged_scene();
  set_arm_skin(scene);
  Diagnostics diagnostics;
  absl::StatusOr<Written> first = write_to_memory(scene, true, "", diagnostics);
  ASSERT_TRUE(first.ok()) << first.status();
  absl::StatusOr<Scene> back = read_memory(first->json, {}, ReadOptions{}, diagnostics);
  ASSERT_TRUE(back.ok()) << back.status();
  ASSERT_EQ(back->skins.size(), 1u);
  const Skin& skin = back->skins[0];
  EXPECT_EQ(skin.name, "arm");
  EXPECT_EQ(skin.skeleton, 0);
  ASSERT_TRUE(skin.gltf_object);
  EXPECT_EQ(find_value(find_value(*skin.gltf_object, "extras")->as_map(), "rig")->as_string(),
            "left");
  ASSERT_TRUE(skin.inverse_bind_matrices);
  const Column& m = *skin.inverse_bind_matrices;
  ASSERT_EQ(m.rows, 2u);
  EXPECT_EQ(m.get(0, 3), 1);  // row-major: the translation ends each of the first three rows
  EXPECT_EQ(m.get(0, 11), 3);
  EXPECT_EQ(m.get(1, 0), 2);
  EXPECT_EQ(back->nodes[3].skin, 0);
  absl::StatusOr<Written> second = write_to_memory(*back, true, "", diagnostics);
  ASSERT_TRUE(second.ok()) << second.status();
  EXPECT_EQ(second->json, first->json);
  EXPECT_EQ(diagnostics.warning_count(), 0);
}

// G29: a bind_shape_matrix is folded into the inverse bind matrices (inverse * bind shape).
TEST(GltfSpecWrite, BindShapeMatrixIsFoldedIntoTheInverseBindMatrices) {
  Scene scene = rigged_scene();
  std::span<double> bind = scene.arena->allocate<double>(16);
  const double shape[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 5, 0, 0, 0, 1};  // z += 5
  std::copy(shape, shape + 16, bind.begin());
  Skin& skin = set_skin(scene);
  skin.inverse_bind_matrices = two_inverse_binds(scene);
  skin.bind_shape_matrix = Column::of<double>(std::span<const double>(bind), 16);
  Parsed p = write_gltf(scene);
  std::vector<float> m = floats_of(p, p.doc["skins"][0]["inverseBindMatrices"].GetInt(), 32);
  EXPECT_THAT(std::vector<float>(m.begin() + 12, m.begin() + 16), ElementsAre(1, 2, 8, 1));
  EXPECT_THAT(std::vector<float>(m.begin() + 28, m.begin() + 32), ElementsAre(0, 0, 10, 1));
  // Without inverse bind matrices, the bind shape alone is written for every joint.
  Scene alone = rigged_scene();
  std::span<double> bind2 = alone.arena->allocate<double>(16);
  std::copy(shape, shape + 16, bind2.begin());
  set_skin(alone).bind_shape_matrix = Column::of<double>(std::span<const double>(bind2), 16);
  Parsed q = write_gltf(alone);
  std::vector<float> n = floats_of(q, q.doc["skins"][0]["inverseBindMatrices"].GetInt(), 32);
  EXPECT_EQ(n[14], 5);
  EXPECT_EQ(n[30], 5);
}

// G30: skins glTF cannot hold are left out with a warning, and so are the node skins naming them.
TEST(GltfSpecWrite, SkinsThatCannotBeWrittenAreLeftOutWithAWarning) {
  struct Case {
    std::string what;
    std::function<void(Scene&, Skin&)> edit;
  };
  auto matrix_cell = [](Scene& scene, Skin& skin, int cell, double value) {
    std::span<double> m = scene.arena->allocate<double>(32);
    const Column& c = *skin.inverse_bind_matrices;
    for (int k = 0; k < 32; ++k) m[k] = c.get(k / 16, k % 16);
    m[cell] = value;
    skin.inverse_bind_matrices = Column::of<double>(std::span<const double>(m), 16);
  };
  const std::vector<Case> cases = {
      {"no joints", [](Scene&, Skin& s) { s.joints.clear(); }},
      {"repeated joint",
       [](Scene&, Skin& s) {
         s.joints = {1, 1};
       }},
      {"joint past the nodes",
       [](Scene&, Skin& s) {
         s.joints = {1, 9};
       }},
      {"joint that is no node",
       [](Scene&, Skin& s) {
         s.joints = {1, -1};
       }},
      {"joints under two roots",
       [](Scene& scene, Skin& s) {
         scene.nodes.emplace_back();
         scene.scenes[0].push_back(4);
         s.joints = {1, 4};
       }},
      {"one matrix for two joints",
       [](Scene& scene, Skin& s) {
         std::span<double> m = scene.arena->allocate<double>(16);
         for (int k = 0; k < 4; ++k) m[5 * k] = 1;
         s.inverse_bind_matrices = Column::of<double>(std::span<const double>(m), 16);
       }},
      {"three matrices for two joints",
       [](Scene& scene, Skin& s) {
         std::span<double> m = scene.arena->allocate<double>(48);
         for (int k = 0; k < 12; ++k) m[5 * (k % 4) + 16 * (k / 4)] = 1;
         s.inverse_bind_matrices = Column::of<double>(std::span<const double>(m), 16);
       }},
      {"NaN in a matrix", [&](Scene& scene, Skin& s) { matrix_cell(scene, s, 5, NAN); }},
      {"Inf in a matrix", [&](Scene& scene, Skin& s) { matrix_cell(scene, s, 16, INFINITY); }},
      {"a last row that is not [0, 0, 0, 1]",
       [&](Scene& scene, Skin& s) { matrix_cell(scene, s, 12, 0.5); }},
      {"matrices never decoded",
       [](Scene&, Skin& s) {
         s.inverse_bind_matrices.reset();
         s.undecoded_matrices = true;
       }},
      {"a bind shape breaking the last row",
       [](Scene& scene, Skin& s) {
         std::span<double> b = scene.arena->allocate<double>(16);
         for (int k = 0; k < 4; ++k) b[5 * k] = 1;
         b[12] = 1;  // row 3, column 0
         s.bind_shape_matrix = Column::of<double>(std::span<const double>(b), 16);
       }},
  };
  for (const Case& c : cases) {
    Scene scene = rigged_scene();
    set_skin(scene).inverse_bind_matrices = two_inverse_binds(scene);
    c.edit(scene, scene.skins[0]);
    Diagnostics diagnostics;
    Parsed p = write_gltf(scene, diagnostics);
    EXPECT_FALSE(p.doc.HasMember("skins")) << c.what;
    EXPECT_EQ(diagnostics.count("gltf.write.skin-dropped"), 1) << c.what;
    EXPECT_FALSE(p.doc["nodes"][3].HasMember("skin")) << c.what;
    EXPECT_EQ(diagnostics.count("gltf.write.node-skin-dropped"), 1) << c.what;
  }
}

// G30: a skin's extensions are left out with a warning; the skin itself is written.
TEST(GltfSpecWrite, SkinExtensionsAreLeftOutWithAWarning) {
  Scene scene = rigged_scene();
  set_skin(scene).gltf_object =
      ValueMap{{"joints", Value(ValueArray{Value(1), Value(2)})},
               {"extensions", Value(ValueMap{{"EXT_x", Value(ValueMap{})}})}};
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  ASSERT_TRUE(p.doc.HasMember("skins"));
  EXPECT_FALSE(p.doc["skins"][0].HasMember("extensions"));
  EXPECT_FALSE(p.doc.HasMember("extensionsUsed"));
  EXPECT_EQ(diagnostics.count("gltf.write.extension-dropped"), 1);
  EXPECT_EQ(p.doc["nodes"][3]["skin"].GetInt(), 0);
}

// G30 with G28: members of a read skin glTF does not define are left out with a warning.
TEST(GltfSpecWrite, SkinMembersGltfDoesNotDefineAreLeftOutWithAWarning) {
  Scene scene = rigged_scene();
  set_skin(scene).gltf_object =
      ValueMap{{"joints", Value(ValueArray{Value(1), Value(2)})}, {"customProperty", Value(true)}};
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  ASSERT_TRUE(p.doc.HasMember("skins"));
  EXPECT_FALSE(p.doc["skins"][0].HasMember("customProperty"));
  EXPECT_EQ(diagnostics.count("gltf.write.skin-member-dropped"), 1);
}

// G30: a node's skin is dropped with a warning when it names no written skin, the node has no
// mesh, or its mesh has no joints and weights. (A mesh naming a joint past the skin's keeps the
// skin, with weight 0 there: valid_output_test.cc.)
TEST(GltfSpecWrite, NodeSkinsWithoutAValidTargetAreDroppedWithAWarning) {
  struct Case {
    std::string what;
    std::function<void(Scene&)> edit;
  };
  const std::vector<Case> cases = {
      {"names no skin", [](Scene& s) { s.nodes[3].skin = 5; }},
      {"node without a mesh", [](Scene& s) { s.nodes[3].mesh = -1; }},
      {"mesh without joints and weights",
       [](Scene& s) {
         MeshBuilder(s)
             .points({0, 0, 0, 1, 0, 0, 0, 1, 0})
             .cell(CellType::kTriangle, {0, 1, 2})
             .add();
         s.nodes[3].mesh = 1;
       }},
  };
  for (const Case& c : cases) {
    Scene scene = rigged_scene();
    set_skin(scene);
    c.edit(scene);
    Diagnostics diagnostics;
    Parsed p = write_gltf(scene, diagnostics);
    EXPECT_TRUE(p.doc.HasMember("skins")) << c.what;
    EXPECT_FALSE(p.doc["nodes"][3].HasMember("skin")) << c.what;
    EXPECT_EQ(diagnostics.count("gltf.write.node-skin-dropped"), 1) << c.what;
  }
}

const rapidjson::Value& attributes_of(const Parsed& p) {
  return p.doc["meshes"][0]["primitives"][0]["attributes"];
}

// G31: joints and weights go out as a VEC4 pair, JOINTS_n / WEIGHTS_n from joints_n / weights_n;
// uint8 and uint16 weights are normalised ones, written as floats.
TEST(GltfSpecWrite, InfluencesGoOutAsVec4PairsWithIntegerWeightsTakenAsNormalised) {
  Scene scene;
  MeshBuilder(scene)
      .points({0, 0, 0, 1, 0, 0, 0, 1, 0})
      .point_data<uint16_t>("joints", {0, 1, 0, 0, 1, 0, 0, 0, 300, 0, 0, 0}, 4)
      .point_data<uint8_t>("weights", {51, 0, 0, 0, 255, 0, 0, 0, 128, 127, 0, 0}, 4)
      .point_data<uint8_t>("joints_1", {2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 4)
      .point_data<float>("weights_1", {0.8f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 4)
      .cell(CellType::kTriangle, {0, 1, 2})
      .add();
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  const auto& attributes = attributes_of(p);
  ASSERT_TRUE(attributes.HasMember("JOINTS_0"));
  ASSERT_TRUE(attributes.HasMember("WEIGHTS_0"));
  ASSERT_TRUE(attributes.HasMember("JOINTS_1"));
  ASSERT_TRUE(attributes.HasMember("WEIGHTS_1"));
  for (const char* name : {"JOINTS_0", "WEIGHTS_0", "JOINTS_1", "WEIGHTS_1"}) {
    EXPECT_STREQ(p.doc["accessors"][attributes[name].GetInt()]["type"].GetString(), "VEC4") << name;
  }
  const auto& joints = p.doc["accessors"][attributes["JOINTS_0"].GetInt()];
  EXPECT_EQ(joints["componentType"].GetInt(), 5123);  // joint 300 needs unsigned short
  EXPECT_THAT(read_accessor<uint16_t>(p, attributes["JOINTS_0"].GetInt()),
              ElementsAre(0, 0, 0, 0, 1, 0, 0, 0, 300, 0, 0, 0));
  const auto& weights = p.doc["accessors"][attributes["WEIGHTS_0"].GetInt()];
  EXPECT_EQ(weights["componentType"].GetInt(), 5126);
  EXPECT_FALSE(weights.HasMember("normalized"));
  std::vector<float> w0 = read_accessor<float>(p, attributes["WEIGHTS_0"].GetInt());
  std::vector<float> w1 = read_accessor<float>(p, attributes["WEIGHTS_1"].GetInt());
  // Vertex 0: 51 of 255 in set 0 is 0.2, beside set 1's 0.8; together they make one.
  EXPECT_FLOAT_EQ(w0[0], 0.2f);
  EXPECT_FLOAT_EQ(w1[0], 0.8f);
  // Vertex 1: 255 is 1; vertex 2: 128 and 127 of 255.
  EXPECT_FLOAT_EQ(w0[4], 1.0f);
  EXPECT_FLOAT_EQ(w0[8], 128.0f / 255);
  EXPECT_FLOAT_EQ(w0[9], 127.0f / 255);
  EXPECT_EQ(diagnostics.warning_count(), 0);

  // uint16 weights: 65535 is 1.
  Scene shorts;
  MeshBuilder(shorts)
      .points({0, 0, 0, 1, 0, 0, 0, 1, 0})
      .point_data<uint8_t>("joints", {0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0}, 4)
      .point_data<uint16_t>("weights", {13107, 52428, 0, 0, 65535, 0, 0, 0, 0, 65535, 0, 0}, 4)
      .cell(CellType::kTriangle, {0, 1, 2})
      .add();
  Parsed q = write_gltf(shorts);
  std::vector<float> ws = read_accessor<float>(q, attributes_of(q)["WEIGHTS_0"].GetInt());
  EXPECT_NEAR(ws[0], 0.2, 1e-5);
  EXPECT_NEAR(ws[1], 0.8, 1e-5);
  EXPECT_EQ(ws[4], 1.0f);
  EXPECT_EQ(ws[9], 1.0f);
}

// G31: joints that are not whole numbers in 0..65535, or influences that are not four per
// vertex, are left out with their weights and a warning.
TEST(GltfSpecWrite, BadJointsAreLeftOutWithTheirWeightsAndAWarning) {
  struct Case {
    std::string what;
    std::vector<float> joints;
    size_t joint_cols;
    std::vector<float> weights;
    size_t weight_cols;
  };
  const std::vector<float> four(12, 0.25f);
  const std::vector<Case> cases = {
      {"a fraction", {0, 0, 0, 0, 1.5f, 0, 0, 0, 0, 0, 0, 0}, 4, four, 4},
      {"negative", {0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0}, 4, four, 4},
      {"past 65535", {0, 0, 0, 0, 70000, 0, 0, 0, 0, 0, 0, 0}, 4, four, 4},
      {"NaN", {0, 0, 0, 0, NAN, 0, 0, 0, 0, 0, 0, 0}, 4, four, 4},
      {"three joints per vertex", std::vector<float>(9, 0), 3, std::vector<float>(9, 0.5f), 3},
      {"three weights per vertex", std::vector<float>(12, 0), 4, std::vector<float>(9, 0.5f), 3},
  };
  for (const Case& c : cases) {
    Scene scene;
    MeshBuilder(scene)
        .points({0, 0, 0, 1, 0, 0, 0, 1, 0})
        .point_data<float>("joints", c.joints, c.joint_cols)
        .point_data<float>("weights", c.weights, c.weight_cols)
        .cell(CellType::kTriangle, {0, 1, 2})
        .add();
    Diagnostics diagnostics;
    Parsed p = write_gltf(scene, diagnostics);
    const auto& attributes = attributes_of(p);
    EXPECT_FALSE(attributes.HasMember("JOINTS_0")) << c.what;
    EXPECT_FALSE(attributes.HasMember("WEIGHTS_0")) << c.what;
    // One warning for the bad column, one for its partner left without a pair.
    EXPECT_EQ(diagnostics.count("gltf.write.attribute-dropped"), 2) << c.what;
  }
}

// G33: globals glTF has no slot for, extensions among them, are left out with a warning, and no
// extensionsUsed is written for them.
TEST(GltfSpecWrite, ExtensionsAndOtherGlobalsAreLeftOutWithAWarning) {
  Scene scene = triangle_scene();
  set_value(scene.global_attrs, "extensions",
            Value(ValueMap{{"KHR_lights_punctual", Value(ValueMap{})}}));
  set_value(scene.global_attrs, "extensionsUsed", Value(ValueArray{Value("KHR_lights_punctual")}));
  set_value(scene.meshes[0].global_attrs, "extensions", Value(ValueMap{}));
  set_value(scene.meshes[0].global_attrs, "tags", Value(ValueArray{Value("hero")}));
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_FALSE(p.doc.HasMember("extensions"));
  EXPECT_FALSE(p.doc.HasMember("extensionsUsed"));
  EXPECT_FALSE(p.doc["meshes"][0].HasMember("extensions"));
  EXPECT_EQ(diagnostics.count("gltf.write.global-dropped"), 2);
  EXPECT_EQ(diagnostics.count("gltf.write.attribute-dropped"), 2);
}

// G34: tangents that are not 4 numbers per vertex are left out with a warning.
TEST(GltfSpecWrite, TangentsThatAreNotFourPerVertexAreLeftOutWithAWarning) {
  for (size_t cols : {size_t{3}, size_t{5}}) {
    Scene scene;
    std::vector<float> tangents(3 * cols, 0.0f);
    for (size_t v = 0; v < 3; ++v) tangents[v * cols] = 1;
    MeshBuilder(scene)
        .points({0, 0, 0, 1, 0, 0, 0, 1, 0})
        .point_data<float>("normals", {0, 0, 1, 0, 0, 1, 0, 0, 1}, 3)
        .point_data<float>("tangents", tangents, cols)
        .cell(CellType::kTriangle, {0, 1, 2})
        .add();
    Diagnostics diagnostics;
    Parsed p = write_gltf(scene, diagnostics);
    const auto& attributes = attributes_of(p);
    EXPECT_TRUE(attributes.HasMember("NORMAL")) << cols;
    EXPECT_FALSE(attributes.HasMember("TANGENT")) << cols;
    EXPECT_EQ(diagnostics.count("gltf.write.attribute-dropped"), 1) << cols;
  }
}

// G37: a texture of image -1 is a placeholder, written without a source and without a warning;
// the textures after it keep their index.
TEST(GltfSpecWrite, PlaceholderTexturesAreWrittenWithoutASource) {
  Scene scene = triangle_scene();
  scene.images.push_back(Image{"", "a.png", "", {}});
  scene.textures.resize(2);
  scene.textures[0].image = -1;
  scene.textures[0].name = "basisu";
  scene.textures[1].image = 0;
  scene.materials.resize(1);
  scene.materials[0].base_color_texture.texture = 1;
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  ASSERT_EQ(p.doc["textures"].Size(), 2u);
  EXPECT_FALSE(p.doc["textures"][0].HasMember("source"));
  EXPECT_STREQ(p.doc["textures"][0]["name"].GetString(), "basisu");
  EXPECT_EQ(p.doc["textures"][1]["source"].GetInt(), 0);
  EXPECT_EQ(p.doc["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"]["index"].GetInt(), 1);
  EXPECT_EQ(diagnostics.count("gltf.write.texture-source-dropped"), 0);
  // Read back, the placeholder is image -1 again.
  absl::StatusOr<Written> glb = write_to_memory(scene, true, "", diagnostics);
  ASSERT_TRUE(glb.ok());
  Diagnostics read_diagnostics;
  absl::StatusOr<Scene> back = read_memory(glb->json, {}, ReadOptions{}, read_diagnostics);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->textures[0].image, -1);
  EXPECT_EQ(back->textures[1].image, 0);
}

// G38: a NaN or Inf anywhere in the JSON refuses the write, the skin's extras included.
TEST(GltfSpecWrite, NaNInASkinsExtrasRefusesTheWrite) {
  Scene scene = rigged_scene();
  set_skin(scene).gltf_object =
      ValueMap{{"joints", Value(ValueArray{Value(1), Value(2)})},
               {"extras", Value(ValueMap{{"weight", Value(double(NAN))}})}};
  Diagnostics diagnostics;
  absl::StatusOr<Written> written = write_to_memory(scene, true, "", diagnostics);
  EXPECT_EQ(written.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(written.status().message(), HasSubstr("gltf.write.non-finite"));
}

}  // namespace
}  // namespace px::gltf::testing
