// Helpers for the glTF writer tests: scenes built by hand, and the written JSON and buffer read
// back.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gltf/write/gltf_writer.h"
#include "gtest/gtest.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/animation.h"
#include "polyxios/scene/scene.h"
#include "rapidjson/document.h"

namespace px::gltf::testing {

// Collects cells and columns, then copies them into the scene's arena as one mesh.
class MeshBuilder {
 public:
  explicit MeshBuilder(Scene& scene) : scene_(scene) {}

  MeshBuilder& points(const std::vector<float>& xyz) {
    mesh_.points = copy(xyz, 3);
    return *this;
  }
  template <class T>
  MeshBuilder& point_data(std::string name, const std::vector<T>& values, size_t cols) {
    mesh_.point_data.push_back({std::move(name), copy(values, cols)});
    return *this;
  }
  MeshBuilder& cell(CellType type, const std::vector<uint32_t>& vertices, int material = -1) {
    types_.push_back(type);
    connectivity_.insert(connectivity_.end(), vertices.begin(), vertices.end());
    offsets_.push_back(static_cast<uint32_t>(connectivity_.size()));
    materials_.push_back(material);
    if (material != -1) with_materials_ = true;
    return *this;
  }
  MeshBuilder& name(std::string name) {
    set_value(mesh_.global_attrs, "mesh_name", Value(std::move(name)));
    return *this;
  }
  // Adds the mesh to the scene and returns its index.
  int add() {
    Arena& arena = *scene_.arena;
    mesh_.cell_types = arena.copy<CellType>(types_);
    mesh_.offsets = arena.copy<uint32_t>(offsets_);
    mesh_.connectivity = arena.copy<uint32_t>(connectivity_);
    if (with_materials_) mesh_.cell_data.push_back({"material", copy(materials_, 1)});
    scene_.meshes.push_back(std::move(mesh_));
    return static_cast<int>(scene_.meshes.size()) - 1;
  }

 private:
  template <class T>
  Column copy(const std::vector<T>& values, size_t cols) {
    std::span<T> out = scene_.arena->allocate<T>(values.size());
    std::copy(values.begin(), values.end(), out.begin());
    return Column::of<T>(std::span<const T>(out), cols);
  }

  Scene& scene_;
  Mesh mesh_;
  std::vector<CellType> types_;
  std::vector<uint32_t> offsets_{0};
  std::vector<uint32_t> connectivity_;
  std::vector<int32_t> materials_;
  bool with_materials_ = false;
};

// n points along x: (0,0,0), (1,0,0), ...
inline std::vector<float> line_of_points(size_t n) {
  std::vector<float> xyz(3 * n, 0.0f);
  for (size_t i = 0; i < n; ++i) xyz[3 * i] = static_cast<float>(i);
  return xyz;
}

// A scene of one node holding one mesh of one triangle.
inline Scene triangle_scene() {
  Scene scene;
  MeshBuilder(scene).points({0, 0, 0, 1, 0, 0, 0, 1, 0}).cell(CellType::kTriangle, {0, 1, 2}).add();
  Node node;
  node.mesh = 0;
  scene.nodes.push_back(node);
  scene.scenes.push_back({0});
  return scene;
}

// The written .gltf form: its JSON parsed, and the buffer.
// Sets the scene's animations to one of a single KHR_animation_pointer channel on `pointer`, its
// LINEAR keys at times 0 and 1 (`values`: two rows of `width`).
inline void animate_pointer(Scene& scene, std::string pointer, const std::vector<float>& values,
                            size_t width) {
  Animation animation;
  AnimationSampler& s = animation.samplers.emplace_back().emplace();
  const std::vector<float> times{0, 1};
  s.times = Column::of<float>(std::span<const float>(scene.arena->copy<float>(times)), 1);
  s.values = Column::of<float>(std::span<const float>(scene.arena->copy<float>(values)), width);
  s.interpolation = "LINEAR";
  AnimationChannel& c = animation.channels.emplace_back();
  c.sampler = 0;
  c.target.path = TargetPath::kPointer;
  c.target.pointer = std::move(pointer);
  scene.animations = {animation};
}

struct Parsed {
  rapidjson::Document doc;
  std::string bin;
};

inline Parsed parse(const Written& written) {
  Parsed p;
  p.doc.Parse(written.json.data(), written.json.size());
  EXPECT_FALSE(p.doc.HasParseError()) << written.json;
  p.bin = written.bin;
  return p;
}

inline Parsed write_gltf(const Scene& scene, Diagnostics& diagnostics) {
  absl::StatusOr<Written> written = write_to_memory(scene, false, "scene.bin", diagnostics);
  EXPECT_TRUE(written.ok()) << written.status();
  return written.ok() ? parse(*written) : Parsed{};
}

inline Parsed write_gltf(const Scene& scene) {
  Diagnostics diagnostics;
  return write_gltf(scene, diagnostics);
}

// An accessor's values as T, read with the view's offset (tightly packed views only).
template <class T>
std::vector<T> read_accessor(const Parsed& p, int index) {
  const rapidjson::Value& a = p.doc["accessors"][index];
  const rapidjson::Value& view = p.doc["bufferViews"][a["bufferView"].GetInt()];
  size_t offset = view.HasMember("byteOffset") ? view["byteOffset"].GetUint64() : 0;
  size_t components = std::string_view(a["type"].GetString()) == "SCALAR" ? 1
                      : std::string_view(a["type"].GetString()) == "VEC2" ? 2
                      : std::string_view(a["type"].GetString()) == "VEC3" ? 3
                                                                          : 4;
  std::vector<T> out(a["count"].GetUint64() * components);
  EXPECT_LE(offset + out.size() * sizeof(T), p.bin.size());
  std::memcpy(out.data(), p.bin.data() + offset, out.size() * sizeof(T));
  return out;
}

// The indices of a primitive, whatever their type.
inline std::vector<uint32_t> read_indices(const Parsed& p, const rapidjson::Value& primitive) {
  int index = primitive["indices"].GetInt();
  switch (p.doc["accessors"][index]["componentType"].GetInt()) {
    case 5121: {
      auto v = read_accessor<uint8_t>(p, index);
      return {v.begin(), v.end()};
    }
    case 5123: {
      auto v = read_accessor<uint16_t>(p, index);
      return {v.begin(), v.end()};
    }
    default:
      return read_accessor<uint32_t>(p, index);
  }
}

}  // namespace px::gltf::testing
