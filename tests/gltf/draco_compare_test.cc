// One-off comparison (not landed): every Draco stream of the shared corpus, and streams libdraco
// encodes from the corpus's meshes in every connectivity and prediction setting, decoded by
// polyxios's own decoder (formats/gltf/draco) and by libdraco; their faces, point counts and
// attribute values compared.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "draco/compression/decode.h"
#include "draco/compression/encode.h"
#include "draco/mesh/triangle_soup_mesh_builder.h"
#include "engine/diagnostics.h"
#include "engine/options.h"
#include "formats/gltf/draco/draco_mesh.h"
#include "formats/polyxios.h"
#include "rapidjson/document.h"

namespace {

namespace own = px::gltf::draco;

std::filesystem::path corpus_dir() {
  if (const char* env = std::getenv("POLYXIOS_CORPUS"); env != nullptr && *env != '\0') return env;
  return std::filesystem::path(__FILE__).parent_path() / ".." / ".." / ".." / "shared" / "corpus";
}

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

struct Decoded {
  std::vector<uint32_t> indices;
  uint32_t points = 0;
  std::map<uint32_t, std::vector<double>> values;  // by unique id, points x components
  std::map<uint32_t, int> types;                   // by unique id: libdraco's attribute type
};

Decoded by_libdraco(const std::vector<uint8_t>& bytes, std::string& error) {
  Decoded out;
  draco::DecoderBuffer buffer;
  buffer.Init(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  draco::Decoder decoder;
  auto mesh = decoder.DecodeMeshFromBuffer(&buffer);
  if (!mesh.ok()) {
    error = mesh.status().error_msg_string();
    return out;
  }
  const draco::Mesh& m = *mesh.value();
  out.points = m.num_points();
  for (draco::FaceIndex f(0); f < m.num_faces(); ++f) {
    for (int k = 0; k < 3; ++k) out.indices.push_back(m.face(f)[k].value());
  }
  for (int a = 0; a < m.num_attributes(); ++a) {
    const draco::PointAttribute* att = m.attribute(a);
    std::vector<double>& v = out.values[att->unique_id()];
    out.types[att->unique_id()] = att->attribute_type();
    const int n = att->num_components();
    for (draco::PointIndex p(0); p < m.num_points(); ++p) {
      double row[16];
      att->ConvertValue<double>(att->mapped_index(p), static_cast<int8_t>(n), row);
      v.insert(v.end(), row, row + n);
    }
  }
  return out;
}

Decoded by_own(const std::vector<uint8_t>& bytes, std::string& error) {
  Decoded out;
  own::Limits limits{uint64_t{1} << 30, uint64_t{1} << 30};
  absl::StatusOr<own::DracoMesh> mesh = own::decode_draco_mesh(bytes, limits);
  if (!mesh.ok()) {
    error = std::string(mesh.status().message());
    return out;
  }
  out.indices = mesh->indices;
  out.points = mesh->num_points;
  for (const own::DracoAttribute& a : mesh->attributes) {
    std::vector<double>& v = out.values[a.unique_id];
    if (!a.floats.empty()) {
      v.assign(a.floats.begin(), a.floats.end());
    } else {
      v.assign(a.ints.begin(), a.ints.end());
    }
  }
  return out;
}

// Counts of what differs between the two decodes of one stream.
struct Tally {
  int streams = 0;
  int both_failed = 0;
  int one_failed = 0;
  int topology_differs = 0;
  int values_differ = 0;
  double max_value_diff = 0;
  // By libdraco attribute type: values compared, values differing, the largest difference, and
  // the largest difference over the value's magnitude.
  std::map<int, std::array<double, 5>> by_type;
  std::vector<std::string> notes;
};

void compare(const std::vector<uint8_t>& bytes, const std::string& what, Tally& tally) {
  ++tally.streams;
  std::string lib_error, own_error;
  const Decoded lib = by_libdraco(bytes, lib_error);
  const Decoded mine = by_own(bytes, own_error);
  if (!lib_error.empty() || !own_error.empty()) {
    if (!lib_error.empty() && !own_error.empty()) {
      ++tally.both_failed;
    } else {
      ++tally.one_failed;
    }
    tally.notes.push_back(what + ": libdraco '" + lib_error + "', own '" + own_error + "'");
    return;
  }
  if (lib.points != mine.points || lib.indices != mine.indices) {
    ++tally.topology_differs;
    tally.notes.push_back(what + ": points " + std::to_string(lib.points) + " vs " +
                          std::to_string(mine.points) + ", indices " +
                          std::to_string(lib.indices.size()) + " vs " +
                          std::to_string(mine.indices.size()));
    return;
  }
  bool differ = false;
  for (const auto& [id, values] : lib.values) {
    auto it = mine.values.find(id);
    if (it == mine.values.end() || it->second.size() != values.size()) {
      differ = true;
      tally.notes.push_back(what + ": attribute " + std::to_string(id) + " missing or resized");
      continue;
    }
    std::array<double, 5>& t = tally.by_type[lib.types.at(id)];
    double magnitude = 0;
    for (double v : values) magnitude = std::max(magnitude, std::abs(v));
    // A float32 step at the attribute's largest magnitude.
    const double step = std::max(
        static_cast<double>(std::nextafter(static_cast<float>(magnitude), INFINITY)) - magnitude,
        1e-45);
    for (size_t i = 0; i < values.size(); ++i) {
      const double d = std::abs(values[i] - it->second[i]);
      t[0] += 1;
      if (d != 0) {
        t[1] += 1;
        t[2] = std::max(t[2], d);
        t[3] = std::max(t[3], d / std::max(std::abs(values[i]), 1e-30));
        t[4] = std::max(t[4], d / step);
        differ = true;
        tally.max_value_diff = std::max(tally.max_value_diff, d);
      }
    }
  }
  if (differ) {
    ++tally.values_differ;
    tally.notes.push_back(what + ": values differ");
  }
}

void print_types(const Tally& tally) {
  static const char* kNames[] = {"POSITION", "NORMAL", "COLOR", "TEX_COORD", "GENERIC"};
  for (const auto& [type, t] : tally.by_type) {
    std::cout << "  " << (type >= 0 && type < 5 ? kNames[type] : "other") << ": " << t[0]
              << " values, " << t[1] << " differ, largest by " << t[2] << " (relative "
              << t[3] << ", " << t[4] << " float32 steps at the attribute's largest magnitude)\n";
  }
}

// The Draco buffer views of a .gltf using KHR_draco_mesh_compression.
std::vector<std::vector<uint8_t>> draco_views(const std::filesystem::path& gltf) {
  std::vector<std::vector<uint8_t>> out;
  const std::string json = slurp(gltf);
  rapidjson::Document doc;
  doc.Parse(json.data(), json.size());
  if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("meshes")) return out;
  std::vector<std::string> buffers;
  for (const auto& b : doc["buffers"].GetArray()) {
    buffers.push_back(slurp(gltf.parent_path() / b["uri"].GetString()));
  }
  for (const auto& mesh : doc["meshes"].GetArray()) {
    for (const auto& p : mesh["primitives"].GetArray()) {
      if (!p.HasMember("extensions") || !p["extensions"].HasMember("KHR_draco_mesh_compression"))
        continue;
      const auto& ext = p["extensions"]["KHR_draco_mesh_compression"];
      const auto& view = doc["bufferViews"][ext["bufferView"].GetUint()];
      const size_t offset = view.HasMember("byteOffset") ? view["byteOffset"].GetUint() : 0;
      const std::string& bin = buffers[view["buffer"].GetUint()];
      out.emplace_back(bin.begin() + offset, bin.begin() + offset + view["byteLength"].GetUint());
    }
  }
  return out;
}

TEST(DracoCompare, CorpusDracoFiles) {
  const std::filesystem::path root = corpus_dir();
  if (!std::filesystem::exists(root)) GTEST_SKIP() << "corpus absent";
  Tally tally;
  int files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".gltf") continue;
    if (slurp(entry.path()).find("KHR_draco_mesh_compression") == std::string::npos) continue;
    ++files;
    std::vector<std::vector<uint8_t>> views = draco_views(entry.path());
    for (size_t i = 0; i < views.size(); ++i) {
      compare(views[i], entry.path().filename().string() + " #" + std::to_string(i), tally);
    }
  }
  std::cout << "corpus: " << files << " files, " << tally.streams << " streams, both failed "
            << tally.both_failed << ", one failed " << tally.one_failed << ", topology differs "
            << tally.topology_differs << ", values differ " << tally.values_differ
            << " (max difference " << tally.max_value_diff << ")\n";
  print_types(tally);
  for (const std::string& note : tally.notes) std::cout << "  " << note << "\n";
  EXPECT_GT(files, 0);
  EXPECT_EQ(tally.one_failed + tally.topology_differs + tally.values_differ, 0);
}

// The triangle cells of a mesh as a Draco mesh: POSITION, NORMAL and TEXCOORD when the mesh has
// them, and a generic uint16 attribute (the point index modulo 1000) for the integer paths.
std::unique_ptr<draco::Mesh> draco_mesh_of(const px::Mesh& mesh) {
  std::vector<std::array<uint32_t, 3>> triangles;
  for (size_t c = 0; c < mesh.num_cells(); ++c) {
    if (mesh.cell_types[c] != px::CellType::kTriangle) continue;
    std::span<const uint32_t> cell = mesh.cell(c);
    if (cell.size() == 3) triangles.push_back({cell[0], cell[1], cell[2]});
  }
  if (triangles.empty() || mesh.points.cols != 3) return nullptr;
  const px::Column* normals = nullptr;
  const px::Column* texcoords = nullptr;
  for (const px::NamedColumn& named : mesh.point_data) {
    if (named.name == "normals" && named.column.cols == 3) normals = &named.column;
    if (named.name == "texcoords" && named.column.cols == 2) texcoords = &named.column;
  }
  draco::TriangleSoupMeshBuilder builder;
  builder.Start(static_cast<int>(triangles.size()));
  const int pos = builder.AddAttribute(draco::GeometryAttribute::POSITION, 3, draco::DT_FLOAT32);
  const int nrm = normals ? builder.AddAttribute(draco::GeometryAttribute::NORMAL, 3,
                                                 draco::DT_FLOAT32)
                          : -1;
  const int tex = texcoords ? builder.AddAttribute(draco::GeometryAttribute::TEX_COORD, 2,
                                                   draco::DT_FLOAT32)
                            : -1;
  const int gen = builder.AddAttribute(draco::GeometryAttribute::GENERIC, 1, draco::DT_UINT16);
  auto row = [](const px::Column& c, uint32_t i, int n, float* out) {
    for (int k = 0; k < n; ++k) out[k] = static_cast<float>(c.get(i, k));
  };
  for (size_t f = 0; f < triangles.size(); ++f) {
    float p[3][3], n[3][3], t[3][2];
    uint16_t g[3];
    for (int k = 0; k < 3; ++k) {
      const uint32_t i = triangles[f][k];
      row(mesh.points, i, 3, p[k]);
      if (normals) row(*normals, i, 3, n[k]);
      if (texcoords) row(*texcoords, i, 2, t[k]);
      g[k] = static_cast<uint16_t>(i % 1000);
    }
    const draco::FaceIndex face(static_cast<uint32_t>(f));
    builder.SetAttributeValuesForFace(pos, face, p[0], p[1], p[2]);
    if (normals) builder.SetAttributeValuesForFace(nrm, face, n[0], n[1], n[2]);
    if (texcoords) builder.SetAttributeValuesForFace(tex, face, t[0], t[1], t[2]);
    builder.SetAttributeValuesForFace(gen, face, &g[0], &g[1], &g[2]);
  }
  return builder.Finalize();
}

TEST(DracoCompare, StreamsLibdracoEncodesFromCorpusMeshes) {
  const std::filesystem::path root = corpus_dir() / "gltf";
  if (!std::filesystem::exists(root)) GTEST_SKIP() << "corpus absent";
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    const std::string ext = entry.path().extension().string();
    if (entry.is_regular_file() && (ext == ".glb" || ext == ".gltf") &&
        entry.file_size() < (2 << 20)) {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  Tally tally;
  int meshes = 0;
  for (const std::filesystem::path& file : files) {
    px::Diagnostics diagnostics;
    absl::StatusOr<px::Scene> scene = px::read_scene(file, px::ReadOptions{}, diagnostics);
    if (!scene.ok()) continue;
    for (size_t m = 0; m < scene->meshes.size(); ++m) {
      std::unique_ptr<draco::Mesh> mesh = draco_mesh_of(scene->meshes[m]);
      if (!mesh) continue;
      ++meshes;
      struct Setting {
        int method;
        int speed;
        int position_bits;
        int normal_bits;
        int texcoord_bits;
      };
      for (const Setting& s : {Setting{draco::MESH_EDGEBREAKER_ENCODING, 0, 11, 8, 10},
                               Setting{draco::MESH_EDGEBREAKER_ENCODING, 5, 14, 10, 12},
                               Setting{draco::MESH_EDGEBREAKER_ENCODING, 7, 16, 12, 16},
                               Setting{draco::MESH_EDGEBREAKER_ENCODING, 10, 0, 0, 0},
                               Setting{draco::MESH_SEQUENTIAL_ENCODING, 5, 11, 8, 10},
                               Setting{draco::MESH_SEQUENTIAL_ENCODING, 10, 0, 0, 0}}) {
        draco::Encoder encoder;
        encoder.SetEncodingMethod(s.method);
        encoder.SetSpeedOptions(s.speed, s.speed);
        if (s.position_bits > 0) {
          encoder.SetAttributeQuantization(draco::GeometryAttribute::POSITION, s.position_bits);
          encoder.SetAttributeQuantization(draco::GeometryAttribute::NORMAL, s.normal_bits);
          encoder.SetAttributeQuantization(draco::GeometryAttribute::TEX_COORD, s.texcoord_bits);
        }
        draco::EncoderBuffer buffer;
        if (!encoder.EncodeMeshToBuffer(*mesh, &buffer).ok()) {
          tally.notes.push_back(file.filename().string() + ": libdraco did not encode");
          continue;
        }
        std::vector<uint8_t> bytes(buffer.data(), buffer.data() + buffer.size());
        compare(bytes,
                file.filename().string() + " mesh " + std::to_string(m) + " method " +
                    std::to_string(s.method) + " speed " + std::to_string(s.speed) +
                    " bits " + std::to_string(s.position_bits),
                tally);
      }
    }
  }
  std::cout << "encoded: " << files.size() << " files, " << meshes << " meshes, " << tally.streams
            << " streams, both failed " << tally.both_failed << ", one failed "
            << tally.one_failed << ", topology differs " << tally.topology_differs
            << ", values differ " << tally.values_differ << " (max difference "
            << tally.max_value_diff << ")\n";
  print_types(tally);
  for (size_t i = 0; i < tally.notes.size() && i < 10; ++i) std::cout << "  " << tally.notes[i] << "\n";
  EXPECT_GT(tally.streams, 0);
}

}  // namespace
