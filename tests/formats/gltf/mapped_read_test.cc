// Reading glTF from files, mapped: columns laid out as their accessors point into the mapped
// file and outlive it on disk; anything else is copied; the warnings are those of a read from
// memory; and the thread count changes nothing.
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "formats/gltf/read/gltf_reader.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/read_test_util.h"
#include "tests/support/scratch_dir_test.h"

namespace px::gltf::testing {
namespace {

namespace fs = std::filesystem;

class MappedRead : public test_support::ScratchDirTest {
 protected:
  static ReadResult read_file(const fs::path& path, int threads = 0) {
    ReadResult out;
    ReadOptions options;
    options.threads = threads;
    out.scene = read(path, options, out.diagnostics);
    return out;
  }
};

// A triangle fan of n vertices: positions on a circle, normals, and n - 2 triangles of uint32
// indices; `stride` > 12 interleaves the positions with padding (no longer the column's layout).
struct Fan {
  std::string json;
  Bin bin;
  std::vector<float> positions;
};

Fan fan(size_t n, size_t stride = 12) {
  Fan out;
  std::vector<float> interleaved;
  std::vector<float> normals;
  std::vector<uint32_t> indices;
  for (size_t i = 0; i < n; ++i) {
    const float a = static_cast<float>(i) * 0.001f;
    const float p[3] = {std::cos(a), std::sin(a), 0.5f};
    out.positions.insert(out.positions.end(), p, p + 3);
    interleaved.insert(interleaved.end(), p, p + 3);
    for (size_t pad = 12; pad < stride; pad += 4) interleaved.push_back(0);
    normals.insert(normals.end(), {0, 0, 1});
  }
  for (uint32_t i = 1; i + 1 < n; ++i) indices.insert(indices.end(), {0, i, i + 1});
  const size_t p = out.bin.add(interleaved);
  const size_t nrm = out.bin.add(normals);
  const size_t idx = out.bin.add(indices);
  const std::string stride_member = stride == 12 ? "" : cat(R"(, "byteStride": )", stride);
  out.json =
      cat(R"({"asset": {"version": "2.0"}, "buffers": [{"byteLength": )", out.bin.bytes().size(),
          R"(}], "bufferViews": [{"buffer": 0, "byteOffset": )", p, R"(, "byteLength": )",
          interleaved.size() * 4, stride_member, R"(}, {"buffer": 0, "byteOffset": )", nrm,
          R"(, "byteLength": )", normals.size() * 4, R"(}, {"buffer": 0, "byteOffset": )", idx,
          R"(, "byteLength": )", indices.size() * 4,
          R"(}], "accessors": [{"bufferView": 0, "componentType": 5126, "count": )", n,
          R"(, "type": "VEC3", "min": [-1, -1, 0.5], "max": [1, 1, 0.5]},)",
          R"({"bufferView": 1, "componentType": 5126, "count": )", n, R"(, "type": "VEC3"},)",
          R"({"bufferView": 2, "componentType": 5125, "count": )", indices.size(),
          R"(, "type": "SCALAR"}], "meshes": [{"primitives": [{"attributes": )",
          R"({"POSITION": 0, "NORMAL": 1}, "indices": 2}]}], "nodes": [{"mesh": 0}],)",
          R"("scenes": [{"nodes": [0]}], "scene": 0})");
  return out;
}

TEST_F(MappedRead, ColumnsLaidOutAsTheirAccessorsPointIntoTheFileAndOutliveIt) {
  Fan f = fan(20000);
  const fs::path path = write_file("fan.glb", glb(f.json, f.bin.bytes()));
  ReadResult r = read_file(path);
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  fs::remove(path);
  const Mesh& mesh = r.scene->meshes[0];
  // Points, normals (2 x 240000 bytes) and the triangles' corners are not in the arena, which
  // holds the arrays a triangle mesh of one material shares: a type, an offset and a material per
  // triangle, and the offsets' first 0.
  const size_t triangles = 20000 - 2;
  EXPECT_EQ(r.scene->arena->bytes(), triangles * (1 + 4 + 4) + 4);
  EXPECT_FALSE(mesh.connectivity.narrow());
  EXPECT_EQ(mesh.connectivity.size(), 3 * triangles);
  EXPECT_EQ(values_of(mesh.points), std::vector<double>(f.positions.begin(), f.positions.end()));
  EXPECT_EQ(point_data(mesh, "normals")[3 * 19999 + 2], 1);
  EXPECT_EQ(mesh.connectivity.back(), 19999u);
}

TEST_F(MappedRead, AnExternalBinIsMappedAndOutlivesItsFile) {
  Fan f = fan(5000);
  write_file("fan.bin", f.bin.bytes());
  std::string json = f.json;
  json.replace(json.find(R"("byteLength": )"), 0, R"("uri": "fan.bin", )");
  const fs::path path = write_file("fan.gltf", json);
  ReadResult r = read_file(path);
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  fs::remove(dir_ / "fan.bin");
  EXPECT_EQ(values_of(r.scene->meshes[0].points),
            std::vector<double>(f.positions.begin(), f.positions.end()));
}

TEST_F(MappedRead, AnAccessorNotLaidOutAsItsColumnIsCopied) {
  Fan f = fan(20000, 16);
  const fs::path path = write_file("strided.glb", glb(f.json, f.bin.bytes()));
  ReadResult r = read_file(path);
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_GE(r.scene->arena->bytes(), f.positions.size() * sizeof(float));
  EXPECT_EQ(values_of(r.scene->meshes[0].points),
            std::vector<double>(f.positions.begin(), f.positions.end()));
}

// Values that break glTF's rules in every way a check counts: declared bounds that are wrong,
// NaN, normals and tangents off unit length, a tangent sign, colours outside [0, 1]; four
// vertices, and `indices`.
std::string broken_values_glb(const std::vector<uint8_t>& indices = {0, 1, 2, 0, 2, 3}) {
  Bin bin;
  const float nan = std::nanf("");
  const size_t p = bin.add<float>({0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, nan});
  const size_t n = bin.add<float>({0, 0, 2, 0, 0, 1, 0, 0, 1, 0, 0.5f, 0});
  const size_t t = bin.add<float>({1, 0, 0, 1, 2, 0, 0, 0.5f, 1, 0, 0, -1, 1, 0, 0, 1});
  const size_t c = bin.add<float>({1, 1, 1, 2, 0, 0, -1, 0, 0, 1, 1, 1});
  const size_t i = bin.add<uint8_t>(indices);
  const std::string json =
      cat(R"({"asset": {"version": "2.0"}, "buffers": [{"byteLength": )", bin.bytes().size(),
          R"(}], "bufferViews": [{"buffer": 0, "byteOffset": )", p,
          R"(, "byteLength": 48}, {"buffer": 0, "byteOffset": )", n,
          R"(, "byteLength": 48}, {"buffer": 0, "byteOffset": )", t,
          R"(, "byteLength": 64}, {"buffer": 0, "byteOffset": )", c,
          R"(, "byteLength": 48}, {"buffer": 0, "byteOffset": )", i, R"(, "byteLength": )",
          indices.size(), "}],",
          R"("accessors": [{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3",)",
          R"( "min": [0, 0, 0], "max": [2, 1, 0]},)",
          R"({"bufferView": 1, "componentType": 5126, "count": 4, "type": "VEC3"},)",
          R"({"bufferView": 2, "componentType": 5126, "count": 4, "type": "VEC4"},)",
          R"({"bufferView": 3, "componentType": 5126, "count": 4, "type": "VEC3"},)",
          R"({"bufferView": 4, "componentType": 5121, "count": )", indices.size(),
          R"(, "type": "SCALAR"}],)",
          R"("meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1, "TANGENT": 2,)",
          R"( "COLOR_0": 3}, "indices": 4}]}]})");
  return glb(json, bin.bytes());
}

TEST_F(MappedRead, TheWarningsAreThoseOfAReadFromMemory) {
  const std::string bytes = broken_values_glb();
  ReadResult memory = read_bytes(bytes);
  ASSERT_TRUE(memory.scene.ok()) << memory.scene.status();
  ReadResult mapped = read_file(write_file("broken.glb", bytes));
  ASSERT_TRUE(mapped.scene.ok()) << mapped.scene.status();
  for (std::string_view code : {"gltf.read.accessor-bounds", "gltf.read.accessor-non-finite",
                                "gltf.read.tangent-sign", "gltf.read.color-not-clamped"}) {
    EXPECT_EQ(memory.diagnostics.count(code), 1) << code;
  }
  EXPECT_EQ(memory.diagnostics.count("gltf.read.vector-not-unit"), 2);  // NORMAL and TANGENT
  ASSERT_EQ(mapped.diagnostics.entries().size(), memory.diagnostics.entries().size());
  for (size_t k = 0; k < memory.diagnostics.entries().size(); ++k) {
    EXPECT_EQ(mapped.diagnostics.entries()[k].code, memory.diagnostics.entries()[k].code);
    EXPECT_EQ(mapped.diagnostics.entries()[k].message, memory.diagnostics.entries()[k].message);
    EXPECT_EQ(mapped.diagnostics.entries()[k].count, memory.diagnostics.entries()[k].count);
  }
}

TEST_F(MappedRead, AnIndexPastTheVerticesIsRefusedNamingTheFirst) {
  ReadResult r = read_file(write_file("oob.glb", broken_values_glb({0, 1, 2, 9, 1, 12})));
  ASSERT_FALSE(r.scene.ok());
  EXPECT_NE(r.scene.status().message().find("gltf.primitive.index-out-of-range"),
            std::string_view::npos)
      << r.scene.status();
  EXPECT_NE(r.scene.status().message().find("index 3 is 9"), std::string_view::npos)
      << r.scene.status();
}

TEST_F(MappedRead, TheThreadCountChangesNothing) {
  // Large enough for the warming thread (8 MiB) and the cell thread (4 MiB).
  Fan f = fan(400000);
  const fs::path path = write_file("big.glb", glb(f.json, f.bin.bytes()));
  ReadResult one = read_file(path, 1);
  ReadResult two = read_file(path, 2);
  ASSERT_TRUE(one.scene.ok() && two.scene.ok());
  const Mesh& a = one.scene->meshes[0];
  const Mesh& b = two.scene->meshes[0];
  EXPECT_EQ(values_of(a.points), values_of(b.points));
  EXPECT_EQ(connectivity(a), connectivity(b));
  EXPECT_TRUE(std::equal(a.offsets.begin(), a.offsets.end(), b.offsets.begin(), b.offsets.end()));
  EXPECT_TRUE(std::equal(a.cell_types.begin(), a.cell_types.end(), b.cell_types.begin(),
                         b.cell_types.end()));
  EXPECT_EQ(one.diagnostics.entries().size(), two.diagnostics.entries().size());
}

}  // namespace
}  // namespace px::gltf::testing
