// EXT_meshopt_compression: written through meshoptimizer (convert --compress meshopt), lossless,
// with its fallback in the same buffer or, with --compress-only, a placeholder buffer without
// data; read back through meshoptimizer's decoders in every mode and filter, with every rule of
// the extension object checked before decoding and hostile data refused by its rule. And
// --optimize: the same triangles, as vertex-value triples, with identical vertices merged.
#include <gtest/gtest.h>
#include <meshoptimizer.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "tests/formats/gltf/compression_test_util.h"

namespace px::gltf {
namespace {

using testing::Grid;
using testing::read_bytes;
using testing::rule_of;

MeshCompression meshopt(bool compress_only = false) {
  MeshCompression c;
  c.method = MeshCompression::Method::kMeshopt;
  c.fallback = !compress_only;
  return c;
}

void expect_same_mesh(const Mesh& a, const Mesh& b) {
  EXPECT_EQ(testing::connectivity(a), testing::connectivity(b));
  EXPECT_EQ(testing::cell_types(a), testing::cell_types(b));
  EXPECT_EQ(testing::values_of(a.points), testing::values_of(b.points));
  ASSERT_EQ(a.point_data.size(), b.point_data.size());
  for (const NamedColumn& column : a.point_data) {
    EXPECT_EQ(testing::point_data(a, column.name), testing::point_data(b, column.name))
        << column.name;
  }
}

TEST(MeshoptWrite, RoundTripIsLosslessWithAndWithoutTheFallback) {
  const Grid grid(20);
  const Scene scene = grid.scene();
  Diagnostics diagnostics;
  absl::StatusOr<std::string> plain = testing::write_glb(scene, MeshCompression{}, diagnostics);
  ASSERT_TRUE(plain.ok()) << plain.status();
  testing::ReadResult expected = read_bytes(*plain);
  ASSERT_TRUE(expected.scene.ok());
  for (bool compress_only : {false, true}) {
    SCOPED_TRACE(compress_only ? "compress-only" : "with fallback");
    absl::StatusOr<std::string> glb =
        testing::write_glb(scene, meshopt(compress_only), diagnostics);
    ASSERT_TRUE(glb.ok()) << glb.status();
    testing::ReadResult read = read_bytes(*glb);
    ASSERT_TRUE(read.scene.ok()) << read.scene.status();
    EXPECT_EQ(read.diagnostics.warning_count(), 0);
    expect_same_mesh(read.scene->meshes[0], expected.scene->meshes[0]);
  }
}

TEST(MeshoptWrite, ViewsAndBuffersAreLaidOutAsTheExtensionAsks) {
  const Grid grid(16);
  Diagnostics diagnostics;
  for (bool compress_only : {false, true}) {
    SCOPED_TRACE(compress_only ? "compress-only" : "with fallback");
    absl::StatusOr<std::string> glb =
        testing::write_glb(grid.scene(), meshopt(compress_only), diagnostics);
    ASSERT_TRUE(glb.ok()) << glb.status();
    testing::Glb parts = testing::split_glb(*glb);
    const rapidjson::Value& doc = parts.json;
    EXPECT_EQ(testing::json_text(doc["extensionsUsed"]), R"(["EXT_meshopt_compression"])");
    EXPECT_EQ(doc.HasMember("extensionsRequired"), compress_only);
    const rapidjson::Value& buffers = doc["buffers"];
    ASSERT_EQ(buffers.Size(), compress_only ? 2u : 1u);
    EXPECT_EQ(buffers[0]["byteLength"].GetUint64(), parts.bin.size());
    if (compress_only) {
      // The placeholder: no uri, marked as the fallback, large enough for its views.
      EXPECT_FALSE(buffers[1].HasMember("uri"));
      EXPECT_TRUE(buffers[1]["extensions"]["EXT_meshopt_compression"]["fallback"].GetBool());
    }
    std::map<std::string, int> modes;
    for (const auto& view : doc["bufferViews"].GetArray()) {
      ASSERT_TRUE(view.HasMember("extensions"));  // every view of this scene is compressible
      const rapidjson::Value& ext = view["extensions"]["EXT_meshopt_compression"];
      EXPECT_EQ(ext["buffer"].GetInt(), 0);
      EXPECT_EQ(view["buffer"].GetInt(), compress_only ? 1 : 0);
      EXPECT_EQ(view["byteLength"].GetUint64(),
                ext["byteStride"].GetUint64() * ext["count"].GetUint64());
      const uint64_t end = (view.HasMember("byteOffset") ? view["byteOffset"].GetUint64() : 0) +
                           view["byteLength"].GetUint64();
      EXPECT_LE(end, buffers[view["buffer"].GetUint()]["byteLength"].GetUint64());
      // Each stream's first byte, as the extension fixes it: 0xa0 for ATTRIBUTES, 0xe1 for
      // TRIANGLES, 0xd1 for INDICES (version 1 of the index codecs).
      const std::string mode = ext["mode"].GetString();
      const uint64_t at = ext.HasMember("byteOffset") ? ext["byteOffset"].GetUint64() : 0;
      ASSERT_LT(at, parts.bin.size());
      const unsigned char header = static_cast<unsigned char>(parts.bin[at]);
      EXPECT_EQ(header, mode == "ATTRIBUTES" ? 0xa0 : mode == "TRIANGLES" ? 0xe1 : 0xd1) << mode;
      ++modes[mode];
    }
    // POSITION, NORMAL, TEXCOORD_0, COLOR_0; two triangle lists (a material each); the line.
    EXPECT_EQ(modes,
              (std::map<std::string, int>{{"ATTRIBUTES", 4}, {"INDICES", 1}, {"TRIANGLES", 2}}));
  }
}

TEST(MeshoptWrite, TheFallbackAloneReadsTheSame) {
  const Grid grid(12);
  Diagnostics diagnostics;
  absl::StatusOr<std::string> glb = testing::write_glb(grid.scene(), meshopt(), diagnostics);
  ASSERT_TRUE(glb.ok()) << glb.status();
  testing::Glb parts = testing::split_glb(*glb);
  rapidjson::Document plain;
  plain.CopyFrom(parts.json, plain.GetAllocator());
  plain.RemoveMember("extensionsUsed");
  for (auto& view : plain["bufferViews"].GetArray()) view.RemoveMember("extensions");
  testing::ReadResult decoded = read_bytes(*glb);
  testing::ReadResult fallback = read_bytes(testing::glb(testing::json_text(plain), parts.bin));
  ASSERT_TRUE(decoded.scene.ok() && fallback.scene.ok());
  expect_same_mesh(decoded.scene->meshes[0], fallback.scene->meshes[0]);
}

TEST(MeshoptWrite, EveryWriteGivesTheSameBytes) {
  const Grid grid(20);
  const Scene scene = grid.scene();
  for (bool optimize : {false, true}) {
    MeshCompression c = meshopt(true);
    c.optimize = optimize;
    Diagnostics d1, d2;
    absl::StatusOr<std::string> a = testing::write_glb(scene, c, d1, 1);
    absl::StatusOr<std::string> b = testing::write_glb(scene, c, d2, 2);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(*a, *b);
  }
}

// A one-triangle-list document whose POSITION view is compressed as `ext` says, over `bytes`.
struct Hostile {
  std::string ext = R"("buffer": 0, "byteOffset": 0, "byteStride": 12, "count": 3,
                       "mode": "ATTRIBUTES")";
  std::string view_extra;
  uint64_t view_length = 36;
  std::string compressed;

  std::string glb() const {
    const std::string json = cat(
        R"({"asset": {"version": "2.0"}, "extensionsUsed": ["EXT_meshopt_compression"],
            "extensionsRequired": ["EXT_meshopt_compression"],
            "buffers": [{"byteLength": )",
        compressed.size(), R"(}, {"byteLength": )", view_length,
        R"(, "extensions": {"EXT_meshopt_compression": {"fallback": true}}}],
            "bufferViews": [{"buffer": 1, "byteLength": )",
        view_length, view_extra, R"(, "extensions": {"EXT_meshopt_compression": {)", ext,
        R"(, "byteLength": )", compressed.size(), R"(}}}],
            "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                           "min": [0, 0, 0], "max": [1, 1, 0]}],
            "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
            "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}]})");
    return testing::glb(json, compressed);
  }
};

std::string encode_vertices(const void* data, size_t count, size_t stride) {
  std::vector<unsigned char> out(meshopt_encodeVertexBufferBound(count, stride));
  out.resize(meshopt_encodeVertexBuffer(out.data(), out.size(), data, count, stride));
  return std::string(out.begin(), out.end());
}

const float kTriangle[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};

TEST(MeshoptRead, AHandMadeViewDecodes) {
  Hostile doc;
  doc.compressed = encode_vertices(kTriangle, 3, 12);
  testing::ReadResult read = read_bytes(doc.glb());
  ASSERT_TRUE(read.scene.ok()) << read.scene.status();
  EXPECT_EQ(testing::values_of(read.scene->meshes[0].points),
            std::vector<double>(kTriangle, kTriangle + 9));
  EXPECT_EQ(read.diagnostics.warning_count(), 0);
}

TEST(MeshoptRead, HostileExtensionObjectsAndBytesAreRefusedByTheirRule) {
  const std::string good = encode_vertices(kTriangle, 3, 12);
  struct Case {
    const char* what;
    std::string ext;
    std::string view_extra;
    uint64_t view_length;
    std::string compressed;
    const char* rule;
  };
  const std::string attributes = R"("buffer": 0, "byteStride": 12, "count": 3)";
  const std::vector<Case> cases = {
      {"unknown mode", attributes + R"(, "mode": "VERTICES")", "", 36, good, "gltf.meshopt.mode"},
      {"unknown filter", attributes + R"(, "mode": "ATTRIBUTES", "filter": "ZIP")", "", 36, good,
       "gltf.meshopt.filter"},
      {"a filter on indices",
       R"("buffer": 0, "byteStride": 4, "count": 9, "mode": "INDICES", "filter": "EXPONENTIAL")",
       "", 36, good, "gltf.meshopt.filter"},
      {"stride not a multiple of 4",
       R"("buffer": 0, "byteStride": 6, "count": 6, "mode": "ATTRIBUTES")", "", 36, good,
       "gltf.meshopt.stride"},
      {"stride past 256", R"("buffer": 0, "byteStride": 260, "count": 1, "mode": "ATTRIBUTES")", "",
       260, good, "gltf.meshopt.stride"},
      {"index stride 1", R"("buffer": 0, "byteStride": 1, "count": 36, "mode": "INDICES")", "", 36,
       good, "gltf.meshopt.stride"},
      {"octahedral of 12 bytes", attributes + R"(, "mode": "ATTRIBUTES", "filter": "OCTAHEDRAL")",
       "", 36, good, "gltf.meshopt.stride"},
      {"quaternion of 12 bytes", attributes + R"(, "mode": "ATTRIBUTES", "filter": "QUATERNION")",
       "", 36, good, "gltf.meshopt.stride"},
      {"stride unlike the view's", attributes + R"(, "mode": "ATTRIBUTES")",
       R"(, "byteStride": 16)", 36, good, "gltf.meshopt.stride"},
      {"count times stride not the view's length", attributes + R"(, "mode": "ATTRIBUTES")", "", 48,
       good, "gltf.meshopt.count"},
      {"a huge count", R"("buffer": 0, "byteStride": 12, "count": 1537228672809129301,
                         "mode": "ATTRIBUTES")",
       "", 36, good, "gltf.meshopt.count"},
      {"no element", R"("buffer": 0, "byteStride": 12, "count": 0, "mode": "ATTRIBUTES")", "", 36,
       good, "gltf.meshopt.count"},
      {"triangles not a multiple of 3",
       R"("buffer": 0, "byteStride": 4, "count": 8, "mode": "TRIANGLES")", "", 32, good,
       "gltf.meshopt.count"},
      {"compressed bytes past their buffer", attributes + R"(, "mode": "ATTRIBUTES",
                                                              "byteOffset": 8)",
       "", 36, good, "gltf.meshopt.out-of-bounds"},
      {"no header", attributes + R"(, "mode": "ATTRIBUTES")", "", 36, std::string(40, '\0'),
       "gltf.meshopt.malformed"},
      {"cut short", attributes + R"(, "mode": "ATTRIBUTES")", "", 36, good.substr(0, 20),
       "gltf.meshopt.malformed"},
      {"index garbage", R"("buffer": 0, "byteStride": 4, "count": 9, "mode": "TRIANGLES")", "", 36,
       std::string(12, '\x7f'), "gltf.meshopt.malformed"},
      {"sequence garbage", R"("buffer": 0, "byteStride": 2, "count": 18, "mode": "INDICES")", "",
       36, std::string(12, '\x7f'), "gltf.meshopt.malformed"},
  };
  for (const Case& c : cases) {
    Hostile doc;
    doc.ext = c.ext;
    doc.view_extra = c.view_extra;
    doc.view_length = c.view_length;
    doc.compressed = c.compressed;
    testing::ReadResult read = read_bytes(doc.glb());
    ASSERT_FALSE(read.scene.ok()) << c.what;
    EXPECT_EQ(rule_of(read.scene.status()), c.rule) << c.what << ": " << read.scene.status();
  }
}

TEST(MeshoptRead, GarbledBytesAreReadOrRefusedNeverCrash) {
  std::vector<float> values(3 * 300);
  for (size_t i = 0; i < values.size(); ++i) values[i] = std::sin(0.1f * i);
  const std::string good = encode_vertices(values.data(), 300, 12);
  for (size_t at = 0; at < good.size(); ++at) {
    for (char flip : {'\x01', '\x80', '\xff'}) {
      Hostile doc;
      doc.ext = R"("buffer": 0, "byteStride": 12, "count": 300, "mode": "ATTRIBUTES")";
      doc.view_length = 3600;
      doc.compressed = good;
      doc.compressed[at] ^= flip;
      testing::ReadResult read = read_bytes(doc.glb());
      if (!read.scene.ok()) {
        EXPECT_TRUE(rule_of(read.scene.status()).starts_with("gltf.")) << read.scene.status();
      }
    }
  }
}

// The document of `doc` with its POSITION accessor made of normalized integers of
// `component_type` (as KHR_mesh_quantization allows), `stride` bytes apart.
std::string quantized(const Hostile& doc, int component_type, int stride) {
  testing::Glb parts = testing::split_glb(doc.glb());
  rapidjson::Value& accessor = parts.json["accessors"][0];
  rapidjson::Document::AllocatorType& alloc = parts.json.GetAllocator();
  accessor["componentType"] = component_type;
  accessor.AddMember("normalized", true, alloc);
  accessor.RemoveMember("min");
  accessor.RemoveMember("max");
  parts.json["bufferViews"][0].AddMember("byteStride", stride, alloc);
  rapidjson::Value used(rapidjson::kArrayType);
  used.PushBack("EXT_meshopt_compression", alloc).PushBack("KHR_mesh_quantization", alloc);
  parts.json["extensionsUsed"] = used;
  rapidjson::Value required(rapidjson::kArrayType);
  required.PushBack("EXT_meshopt_compression", alloc).PushBack("KHR_mesh_quantization", alloc);
  parts.json["extensionsRequired"] = required;
  return testing::glb(testing::json_text(parts.json), doc.compressed);
}

// The filters: data encoded by meshoptimizer's filter encoders decodes to its values within the
// encoding's precision.
TEST(MeshoptRead, EveryFilterDecodes) {
  // OCTAHEDRAL: unit vectors as 4 normalized bytes (x, y, z and a w the filter keeps).
  const float normals[12] = {0, 0, 1, 0, 0.6f, 0.8f, 0, 0, 1, 0, 0, 0};
  int8_t octahedral[12];
  meshopt_encodeFilterOct(octahedral, 3, 4, 8, normals);
  Hostile oct;
  oct.ext = R"("buffer": 0, "byteStride": 4, "count": 3, "mode": "ATTRIBUTES",
               "filter": "OCTAHEDRAL")";
  oct.view_length = 12;
  oct.compressed = encode_vertices(octahedral, 3, 4);
  testing::ReadResult o = read_bytes(quantized(oct, 5120, 4));
  ASSERT_TRUE(o.scene.ok()) << o.scene.status();
  std::vector<double> got = testing::values_of(o.scene->meshes[0].points);
  ASSERT_EQ(got.size(), 9u);
  for (int v = 0; v < 3; ++v) {
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(got[v * 3 + k], normals[v * 4 + k], 0.02) << v;
  }

  // QUATERNION: unit quaternions as 4 normalized shorts; x, y and z read back.
  const float rotations[12] = {0, 0, 0, 1, 0, 0.7071068f, 0, 0.7071068f, 0.5f, 0.5f, 0.5f, 0.5f};
  int16_t quaternion[12];
  meshopt_encodeFilterQuat(quaternion, 3, 8, 12, rotations);
  Hostile quat;
  quat.ext = R"("buffer": 0, "byteStride": 8, "count": 3, "mode": "ATTRIBUTES",
                "filter": "QUATERNION")";
  quat.view_length = 24;
  quat.compressed = encode_vertices(quaternion, 3, 8);
  testing::ReadResult q = read_bytes(quantized(quat, 5122, 8));
  ASSERT_TRUE(q.scene.ok()) << q.scene.status();
  got = testing::values_of(q.scene->meshes[0].points);
  ASSERT_EQ(got.size(), 9u);
  for (int v = 0; v < 3; ++v) {
    // A quaternion and its negation are one rotation: compare up to the sign.
    const double sign = got[v * 3] * rotations[v * 4] + got[v * 3 + 1] * rotations[v * 4 + 1] +
                                    got[v * 3 + 2] * rotations[v * 4 + 2] <
                                0
                            ? -1
                            : 1;
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(sign * got[v * 3 + k], rotations[v * 4 + k], 0.01);
  }

  // EXPONENTIAL: float32 values with a 23-bit mantissa are exact.
  float exponential[9];
  meshopt_encodeFilterExp(exponential, 3, 12, 23, kTriangle);
  Hostile exp;
  exp.ext = R"("buffer": 0, "byteStride": 12, "count": 3, "mode": "ATTRIBUTES",
               "filter": "EXPONENTIAL")";
  exp.compressed = encode_vertices(exponential, 3, 12);
  testing::ReadResult e = read_bytes(exp.glb());
  ASSERT_TRUE(e.scene.ok()) << e.scene.status();
  EXPECT_EQ(testing::values_of(e.scene->meshes[0].points),
            std::vector<double>(kTriangle, kTriangle + 9));
}

// --optimize keeps every triangle as a triple of vertex values and merges identical vertices.
TEST(Optimize, KeepsEveryTriangleAsVertexValuesAndMergesIdenticalVertices) {
  // Every triangle with its own three vertices: the grid's points repeated per corner.
  const Grid grid(12);
  Scene scene;
  scene.materials.resize(2);
  std::vector<float> xyz, normals;
  testing::MeshBuilder mesh(scene);
  for (size_t t = 0; t < grid.triangles.size(); ++t) {
    for (uint32_t p : grid.triangles[t]) {
      xyz.insert(xyz.end(), &grid.xyz[p * 3], &grid.xyz[p * 3] + 3);
      normals.insert(normals.end(), &grid.normals[p * 3], &grid.normals[p * 3] + 3);
    }
  }
  mesh.points(xyz).point_data("normals", normals, 3);
  for (uint32_t t = 0; t < grid.triangles.size(); ++t) {
    mesh.cell(CellType::kTriangle, {3 * t, 3 * t + 1, 3 * t + 2}, t % 2);
  }
  mesh.add();
  Node node;
  node.mesh = 0;
  scene.nodes.push_back(node);
  scene.scenes.push_back({0});

  using Triple = std::array<std::array<double, 6>, 3>;
  auto triangles_of = [](const Mesh& m) {
    std::multiset<std::pair<int, Triple>> out;
    const std::vector<double> n = testing::point_data(m, "normals");
    const std::span<const int32_t> materials = m.materials();
    for (size_t c = 0; c < m.num_cells(); ++c) {
      Triple t;
      for (int k = 0; k < 3; ++k) {
        const uint32_t v = m.cell(c)[k];
        for (int j = 0; j < 3; ++j) {
          t[k][j] = m.points.get(v, j);
          t[k][3 + j] = n[v * 3 + j];
        }
      }
      // Rotated so that the least vertex comes first, winding kept.
      while (t[0] > t[1] || t[0] > t[2]) t = {t[1], t[2], t[0]};
      out.insert({materials.empty() ? -1 : materials[c], t});
    }
    return out;
  };
  // What the writer makes of the mesh without --optimize (normals renormalised, float32).
  Diagnostics plain_diagnostics;
  absl::StatusOr<std::string> plain =
      testing::write_glb(scene, MeshCompression{}, plain_diagnostics);
  ASSERT_TRUE(plain.ok());
  testing::ReadResult expected = read_bytes(*plain);
  ASSERT_TRUE(expected.scene.ok());
  const auto want = triangles_of(expected.scene->meshes[0]);
  EXPECT_EQ(want.size(), grid.triangles.size());
  for (MeshCompression c : {MeshCompression{}, meshopt(), meshopt(true)}) {
    c.optimize = true;
    Diagnostics diagnostics;
    absl::StatusOr<std::string> glb = testing::write_glb(scene, c, diagnostics);
    ASSERT_TRUE(glb.ok()) << glb.status();
    testing::ReadResult read = read_bytes(*glb);
    ASSERT_TRUE(read.scene.ok()) << read.scene.status();
    const Mesh& got = read.scene->meshes[0];
    EXPECT_EQ(got.points.rows, static_cast<size_t>(grid.n * grid.n));  // merged back to the grid
    EXPECT_TRUE(triangles_of(got) == want) << "the triangles' vertex values differ";
    // Vertices come in the order the triangles first use them.
    std::vector<bool> seen(got.points.rows, false);
    uint32_t next = 0;
    for (uint32_t v : testing::connectivity(got)) {
      if (seen[v]) continue;
      EXPECT_EQ(v, next++);
      seen[v] = true;
    }
  }
}

}  // namespace
}  // namespace px::gltf
