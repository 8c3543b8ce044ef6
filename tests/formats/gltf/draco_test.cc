// Draco decoding through libdraco: the header checks on hand-made streams, refusals of truncated
// and garbled bitstreams, and the assimp 2CylinderEngine corpus file (skipped where the corpus is
// absent).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "formats/gltf/draco/draco_mesh.h"
#include "formats/gltf/read/gltf_reader.h"
#include "polyxios/diagnostics.h"
#include "polyxios/options.h"
#include "rapidjson/document.h"
#include "tests/formats/gltf/read_test_util.h"
#include "tests/support/required.h"

namespace px::gltf::draco {
namespace {

// The rule a refusal names: its message up to the first colon.
std::string rule_of(const absl::Status& status) {
  const std::string message(status.message());
  return message.substr(0, message.find(':'));
}

absl::StatusOr<DracoMesh> decode_text(const std::string& bytes, const Limits& limits) {
  return decode_draco_mesh({reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()}, limits);
}

TEST(DracoMesh, HeaderRefusals) {
  const Limits limits{100, 100};
  EXPECT_EQ(rule_of(decode_text(std::string("DRACO\x02\x02\x00\x00\x00\x00", 11), limits).status()),
            "gltf.draco.unsupported");  // a point cloud
  EXPECT_EQ(rule_of(decode_text(std::string("DRACO\x02\x02\x01\x00\x00\x80", 11), limits).status()),
            "gltf.draco.unsupported");  // metadata
  EXPECT_EQ(rule_of(decode_text(std::string("DRACO\x02\x02\x01\x07\x00\x00", 11), limits).status()),
            "gltf.draco.malformed");  // no such mesh encoding method
  EXPECT_EQ(rule_of(decode_text(std::string("DRACO\x02\x02\x01\x00\x00", 10), limits).status()),
            "gltf.draco.malformed");  // cut short
  // A sequential header claiming 101 faces, an edgebreaker one 101 vertices.
  EXPECT_EQ(
      rule_of(
          decode_text(std::string("DRACO\x02\x02\x01\x00\x00\x00\x65\x03", 13), limits).status()),
      "gltf.draco.malformed");
  EXPECT_EQ(
      rule_of(decode_text(std::string("DRACO\x02\x02\x01\x01\x00\x00\x00\x65\x01", 14), limits)
                  .status()),
      "gltf.draco.malformed");
  // Counts within the limits, then bytes that are no connectivity: libdraco's refusal.
  absl::StatusOr<DracoMesh> garbage =
      decode_text(std::string("DRACO\x02\x02\x01\x00\x00\x00\x01\x03\x09\xff\xff", 16), limits);
  ASSERT_FALSE(garbage.ok());
  EXPECT_EQ(rule_of(garbage.status()), "gltf.draco.malformed") << garbage.status();
  EXPECT_FALSE(decode_draco_mesh({}, limits).ok());
  const std::string not_draco = "DRACX\x02\x02\x01\x01\x00\x00";
  EXPECT_FALSE(decode_draco_mesh(
                   {reinterpret_cast<const uint8_t*>(not_draco.data()), not_draco.size()}, limits)
                   .ok());
  const std::string old_version("DRACO\x01\x03\x01\x01\x00\x00", 11);
  absl::StatusOr<DracoMesh> mesh = decode_draco_mesh(
      {reinterpret_cast<const uint8_t*>(old_version.data()), old_version.size()}, limits);
  ASSERT_FALSE(mesh.ok());
  EXPECT_NE(mesh.status().message().find("gltf.draco.unsupported"), std::string::npos);
}

// A sequential mesh built by hand: 1 face over 3 points, raw uint8 indices, one generic float
// attribute of 1 component.
TEST(DracoMesh, SequentialRawMesh) {
  std::vector<uint8_t> s = {'D', 'R', 'A', 'C', 'O', 2, 2, 1, 0, 0, 0};
  s.insert(s.end(), {1, 3, 1, 0, 1, 2});        // faces, points, method raw, indices
  s.insert(s.end(), {1, 1, 4, 9, 1, 0, 7, 0});  // 1 decoder: 1 attribute GENERIC float32 x1,
                                                // id 7, sequential decoder GENERIC
  for (float f : {1.5f, -2.0f, 4.25f}) {
    const uint8_t* b = reinterpret_cast<const uint8_t*>(&f);
    s.insert(s.end(), b, b + 4);
  }
  absl::StatusOr<DracoMesh> mesh = decode_draco_mesh(s, Limits{1, 3});
  ASSERT_TRUE(mesh.ok()) << mesh.status();
  EXPECT_EQ(mesh->indices, (std::vector<uint32_t>{0, 1, 2}));
  const DracoAttribute* a = mesh->find(7);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->floats, (std::vector<float>{1.5f, -2.0f, 4.25f}));
  // More faces or points than the glTF declares are refused.
  EXPECT_EQ(rule_of(decode_draco_mesh(s, Limits{0, 3}).status()), "gltf.draco.malformed");
  EXPECT_EQ(rule_of(decode_draco_mesh(s, Limits{1, 2}).status()), "gltf.draco.malformed");
  // An index past the points is refused.
  s[15] = 3;
  EXPECT_FALSE(decode_draco_mesh(s, Limits{1, 3}).ok());
}

// A GLB of one Draco primitive over `stream`, its accessors declaring `points` points and
// `faces` faces.
std::string draco_glb(const std::string& stream, uint64_t points, uint64_t faces) {
  const std::string json =
      px::cat(R"({"asset": {"version": "2.0"}, "buffers": [{"byteLength": )", stream.size(),
              R"(}], "bufferViews": [{"buffer": 0, "byteLength": )", stream.size(),
              R"(}], "accessors": [{"componentType": 5125, "count": )", faces * 3,
              R"(, "type": "SCALAR"}, {"componentType": 5126, "count": )", points,
              R"(, "type": "VEC3"}], "meshes": [{"primitives": [{"attributes": {"POSITION": 1},
      "indices": 0, "extensions": {"KHR_draco_mesh_compression": {"bufferView": 0,
      "attributes": {"POSITION": 0}}}}]}], "extensionsUsed": ["KHR_draco_mesh_compression"],
      "extensionsRequired": ["KHR_draco_mesh_compression"]})");
  return testing::glb(json, stream);
}

TEST(DracoRead, DeclaredCountsPastTheBudgetAreRefusedBeforeDecoding) {
  // A sequential header claiming 2^24 faces and points, which the accessors allow, in a document
  // of a few hundred bytes: libdraco's working memory for them is past the read's budget.
  const std::string huge("DRACO\x02\x02\x01\x00\x00\x00\x80\x80\x80\x08\x80\x80\x80\x08\x00", 19);
  testing::ReadResult read = testing::read_bytes(draco_glb(huge, 1 << 24, 1 << 24));
  ASSERT_FALSE(read.scene.ok());
  EXPECT_EQ(rule_of(read.scene.status()), "gltf.read.budget") << read.scene.status();
  // The same counts past what the accessors declare: refused by the header check.
  read = testing::read_bytes(draco_glb(huge, 1000, 1000));
  ASSERT_FALSE(read.scene.ok());
  EXPECT_EQ(rule_of(read.scene.status()), "gltf.draco.malformed") << read.scene.status();
  // Counts within the budget but bytes that do not back them: libdraco refuses.
  const std::string lying("DRACO\x02\x02\x01\x00\x00\x00\xe8\x07\xe8\x07\x00", 16);
  read = testing::read_bytes(draco_glb(lying, 1000, 1000));
  ASSERT_FALSE(read.scene.ok());
  EXPECT_EQ(rule_of(read.scene.status()), "gltf.draco.malformed") << read.scene.status();
}

std::filesystem::path corpus_dir() {
  if (const char* env = std::getenv("POLYXIOS_CORPUS"); env != nullptr && *env != '\0') return env;
  return std::filesystem::path(__FILE__).parent_path() / ".." / ".." / ".." / ".." / "shared" /
         "corpus";
}

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

struct CorpusPrimitive {
  std::vector<uint8_t> bytes;
  Limits limits;
  uint64_t position_count = 0;
  double min[3] = {0, 0, 0}, max[3] = {0, 0, 0};
  uint32_t position_id = 0;
  int normal_id = -1;
};

class DracoCorpus : public ::testing::Test {
 protected:
  void SetUp() override {
    gltf_ = corpus_dir() / "gltf" / "assimp" / "draco" / "2CylinderEngine.gltf";
    if (!std::filesystem::exists(gltf_)) PX_SKIP_UNLESS_REQUIRED() << "corpus absent: " << gltf_;
    const std::string json = slurp(gltf_);
    const std::string bin = slurp(gltf_.parent_path() / "2CylinderEngine.bin");
    rapidjson::Document doc;
    doc.Parse(json.data(), json.size());
    ASSERT_FALSE(doc.HasParseError());
    const auto& accessors = doc["accessors"];
    for (const auto& mesh : doc["meshes"].GetArray()) {
      for (const auto& p : mesh["primitives"].GetArray()) {
        const auto& ext = p["extensions"]["KHR_draco_mesh_compression"];
        const auto& view = doc["bufferViews"][ext["bufferView"].GetUint()];
        const size_t offset = view.HasMember("byteOffset") ? view["byteOffset"].GetUint() : 0;
        CorpusPrimitive c;
        c.bytes.assign(bin.begin() + offset, bin.begin() + offset + view["byteLength"].GetUint());
        const auto& position = accessors[p["attributes"]["POSITION"].GetUint()];
        c.position_count = position["count"].GetUint64();
        for (int i = 0; i < 3; ++i) {
          c.min[i] = position["min"][i].GetDouble();
          c.max[i] = position["max"][i].GetDouble();
        }
        c.limits.max_points = c.position_count;
        c.limits.max_faces = accessors[p["indices"].GetUint()]["count"].GetUint64() / 3;
        c.position_id = ext["attributes"]["POSITION"].GetUint();
        if (ext["attributes"].HasMember("NORMAL"))
          c.normal_id = ext["attributes"]["NORMAL"].GetInt();
        primitives_.push_back(std::move(c));
      }
    }
  }

  // A GLB of the smallest primitive's Draco bytes, with a TEXCOORD_0 the extension leaves
  // uncompressed; `position_count` is what the POSITION accessor declares.
  std::string glb_of_smallest(uint64_t position_count) {
    const CorpusPrimitive* c = &primitives_[0];
    for (const CorpusPrimitive& p : primitives_) {
      if (p.bytes.size() < c->bytes.size()) c = &p;
    }
    smallest_ = c;
    testing::Bin bin;
    bin.add(c->bytes);
    std::vector<float> uv(c->position_count * 2);
    for (size_t i = 0; i < uv.size(); ++i) uv[i] = static_cast<float>(i % 7) / 7.0f;
    const size_t uv_offset = bin.add(uv);
    const std::string json = px::cat(
        R"({"asset": {"version": "2.0"}, "buffers": [{"byteLength": )", bin.bytes().size(),
        R"(}], "bufferViews": [{"buffer": 0, "byteLength": )", c->bytes.size(),
        R"(}, {"buffer": 0, "byteOffset": )", uv_offset, R"(, "byteLength": )", uv.size() * 4,
        R"(}], "accessors": [{"componentType": 5125, "count": )", c->limits.max_faces * 3,
        R"(, "type": "SCALAR"}, {"componentType": 5126, "count": )", position_count,
        R"(, "type": "VEC3"}, {"componentType": 5126, "count": )", c->position_count,
        R"(, "type": "VEC3"}, {"bufferView": 1, "componentType": 5126, "count": )",
        c->position_count,
        R"(, "type": "VEC2"}], "meshes": [{"primitives": [{"attributes": {"POSITION": 1, )"
        R"("NORMAL": 2, "TEXCOORD_0": 3}, "indices": 0, "extensions": )"
        R"({"KHR_draco_mesh_compression": {"bufferView": 0, "attributes": {"POSITION": )",
        c->position_id, R"(, "NORMAL": )", c->normal_id,
        R"(}}}}]}], "extensionsUsed": ["KHR_draco_mesh_compression"], )"
        R"("extensionsRequired": ["KHR_draco_mesh_compression"]})");
    return testing::glb(json, bin.bytes());
  }

  std::filesystem::path gltf_;
  std::vector<CorpusPrimitive> primitives_;
  const CorpusPrimitive* smallest_ = nullptr;
};

TEST_F(DracoCorpus, GlbWithAnUncompressedAttribute) {
  testing::ReadResult read = testing::read_bytes(glb_of_smallest(primitives_[0].position_count));
  // The smallest primitive is not primitive 0, whose count was declared: refused as a mismatch
  // unless they agree.
  if (smallest_->position_count != primitives_[0].position_count) {
    ASSERT_FALSE(read.scene.ok());
    EXPECT_NE(read.scene.status().message().find("gltf.draco.accessor"), std::string::npos)
        << read.scene.status();
  }
  read = testing::read_bytes(glb_of_smallest(smallest_->position_count));
  ASSERT_TRUE(read.scene.ok()) << read.scene.status();
  ASSERT_EQ(read.scene->meshes.size(), 1u);
  const Mesh& mesh = read.scene->meshes[0];
  EXPECT_EQ(mesh.points.rows, smallest_->position_count);
  EXPECT_EQ(mesh.connectivity.size(), smallest_->limits.max_faces * 3);
  const std::vector<double> uv = testing::point_data(mesh, "texcoords");
  ASSERT_EQ(uv.size(), smallest_->position_count * 2);
  EXPECT_NEAR(uv[3], 3 / 7.0, 1e-6);
  EXPECT_EQ(testing::point_data(mesh, "normals").size(), smallest_->position_count * 3);
}

TEST_F(DracoCorpus, EveryPrimitiveDecodesToPlausibleGeometry) {
  ASSERT_EQ(primitives_.size(), 34u);
  for (size_t i = 0; i < primitives_.size(); ++i) {
    const CorpusPrimitive& c = primitives_[i];
    SCOPED_TRACE(i);
    absl::StatusOr<DracoMesh> mesh = decode_draco_mesh(c.bytes, c.limits);
    ASSERT_TRUE(mesh.ok()) << mesh.status();
    EXPECT_EQ(mesh->num_points, c.position_count);
    EXPECT_EQ(mesh->indices.size(), c.limits.max_faces * 3);
    for (uint32_t index : mesh->indices) ASSERT_LT(index, mesh->num_points);
    const DracoAttribute* position = mesh->find(c.position_id);
    ASSERT_NE(position, nullptr);
    ASSERT_EQ(position->floats.size(), size_t{mesh->num_points} * 3);
    for (size_t v = 0; v < mesh->num_points; ++v) {
      for (int k = 0; k < 3; ++k) {
        const double x = position->floats[v * 3 + k];
        const double slack = 1e-4 * (c.max[k] - c.min[k]) + 1e-5;
        ASSERT_GE(x, c.min[k] - slack) << "vertex " << v;
        ASSERT_LE(x, c.max[k] + slack) << "vertex " << v;
      }
    }
    const DracoAttribute* normal = mesh->find(static_cast<uint32_t>(c.normal_id));
    ASSERT_NE(normal, nullptr);
    ASSERT_EQ(normal->floats.size(), size_t{mesh->num_points} * 3);
    for (size_t v = 0; v < mesh->num_points; ++v) {
      const float* n = &normal->floats[v * 3];
      ASSERT_NEAR(std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]), 1.0, 1e-4) << "vertex " << v;
    }
    // The connectivity agrees with the geometry: nearly every triangle faces the way its
    // vertices' normals point.
    size_t agree = 0;
    const size_t faces = mesh->indices.size() / 3;
    for (size_t f = 0; f < faces; ++f) {
      const uint32_t* t = &mesh->indices[f * 3];
      double e1[3], e2[3], sum[3];
      for (int k = 0; k < 3; ++k) {
        e1[k] = position->floats[t[1] * 3 + k] - position->floats[t[0] * 3 + k];
        e2[k] = position->floats[t[2] * 3 + k] - position->floats[t[0] * 3 + k];
        sum[k] = normal->floats[t[0] * 3 + k] + normal->floats[t[1] * 3 + k] +
                 normal->floats[t[2] * 3 + k];
      }
      const double cross[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2],
                               e1[0] * e2[1] - e1[1] * e2[0]};
      if (cross[0] * sum[0] + cross[1] * sum[1] + cross[2] * sum[2] > 0) ++agree;
    }
    EXPECT_GT(agree, faces * 95 / 100) << agree << " of " << faces << " triangles";
  }
}

TEST_F(DracoCorpus, EveryTruncationIsRefused) {
  // The smallest primitives of each connectivity kind: every prefix must be refused cleanly.
  size_t checked = 0;
  for (const CorpusPrimitive& c : primitives_) {
    if (c.bytes.size() > 2500) continue;
    for (size_t n = 0; n < c.bytes.size(); ++n) {
      absl::StatusOr<DracoMesh> mesh =
          decode_draco_mesh(std::span<const uint8_t>(c.bytes.data(), n), c.limits);
      EXPECT_FALSE(mesh.ok()) << "prefix of " << n << " of " << c.bytes.size() << " bytes";
    }
    if (++checked == 4) break;
  }
  EXPECT_GT(checked, 0u);
}

TEST_F(DracoCorpus, GarbledBytesNeverCrash) {
  // Bytes flipped one at a time through the first primitives (both traversal kinds): each
  // decode either succeeds or is refused, and never reads out of bounds (run under ASan).
  for (size_t i = 0; i < primitives_.size() && i < 4; ++i) {
    std::vector<uint8_t> bytes = primitives_[i].bytes;
    for (size_t at = 11; at < bytes.size(); at += 1 + at / 48) {
      for (uint8_t x : {uint8_t{0xff}, uint8_t{0x01}, uint8_t{0x80}}) {
        bytes[at] ^= x;
        (void)decode_draco_mesh(bytes, primitives_[i].limits);
        bytes[at] ^= x;
      }
    }
  }
}

TEST_F(DracoCorpus, TheReaderReadsTheWholeFile) {
  Diagnostics diagnostics;
  absl::StatusOr<Scene> scene = px::gltf::read(gltf_, ReadOptions{}, diagnostics);
  ASSERT_TRUE(scene.ok()) << scene.status();
  uint64_t points = 0;
  for (const Mesh& m : scene->meshes) points += m.points.rows;
  uint64_t expected = 0;
  for (const CorpusPrimitive& c : primitives_) expected += c.position_count;
  EXPECT_EQ(points, expected);
}

}  // namespace
}  // namespace px::gltf::draco
