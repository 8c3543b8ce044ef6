// Helpers for the geometry writer tests: meshes built by hand in a scene's arena, and what a
// written document or a mesh read back holds.
#pragma once

#include <algorithm>
#include <cstdint>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "formats/collada/write/geometry_writer.h"
#include "formats/collada/write/write_plan.h"
#include "tests/formats/collada/write/write_test_util.h"

namespace px::collada::testing {

// Collects cells and columns, then copies them into the scene's arena as one mesh.
class MeshBuilder {
 public:
  explicit MeshBuilder(Scene& scene) : scene_(scene) {}

  template <class T = float>
  MeshBuilder& points(const std::vector<T>& xyz, size_t cols = 3) {
    mesh_.points = copy(xyz, cols);
    return *this;
  }
  template <class T>
  MeshBuilder& point_data(std::string name, const std::vector<T>& values, size_t cols) {
    mesh_.point_data.push_back({std::move(name), copy(values, cols)});
    return *this;
  }
  template <class T>
  MeshBuilder& cell_data(std::string name, const std::vector<T>& values, size_t cols = 1) {
    mesh_.cell_data.push_back({std::move(name), copy(values, cols)});
    return *this;
  }
  MeshBuilder& cell(CellType type, const std::vector<uint32_t>& vertices) {
    types_.push_back(type);
    connectivity_.insert(connectivity_.end(), vertices.begin(), vertices.end());
    offsets_.push_back(static_cast<uint32_t>(connectivity_.size()));
    return *this;
  }
  MeshBuilder& name(std::string name) {
    set_value(mesh_.global_attrs, "mesh_name", Value(std::move(name)));
    return *this;
  }
  MeshBuilder& global(std::string key, Value value) {
    set_value(mesh_.global_attrs, key, std::move(value));
    return *this;
  }
  // The offsets as given, not as the cells made them.
  MeshBuilder& offsets(const std::vector<uint32_t>& offsets) {
    raw_offsets_ = offsets;
    use_raw_offsets_ = true;
    return *this;
  }
  // Adds the mesh to the scene and returns its index.
  int add() {
    Arena& arena = *scene_.arena;
    mesh_.cell_types = arena.copy<CellType>(types_);
    mesh_.offsets = arena.copy<uint32_t>(use_raw_offsets_ ? raw_offsets_ : offsets_);
    mesh_.connectivity = arena.copy<uint32_t>(connectivity_);
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
  std::vector<uint32_t> raw_offsets_;
  bool use_raw_offsets_ = false;
  std::vector<uint32_t> connectivity_;
};

// Four points of a unit square in z = 0.
inline const std::vector<float> kSquarePoints = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0};

// A vertex column's values as float32, as the reader holds them; empty when absent.
inline std::vector<float> floats(const Mesh& mesh, std::string_view name) {
  const NamedColumn* c = mesh.find_point_data(name);
  if (c == nullptr || !c->column.holds<float>()) return {};
  std::span<const float> v = c->column.values<float>();
  return {v.begin(), v.end()};
}

inline size_t width(const Mesh& mesh, std::string_view name) {
  const NamedColumn* c = mesh.find_point_data(name);
  return c == nullptr ? 0 : c->column.cols;
}

inline std::vector<std::string> names(const Mesh& mesh) {
  std::vector<std::string> out;
  for (const NamedColumn& c : mesh.point_data) out.push_back(c.name);
  return out;
}

inline std::vector<std::vector<uint32_t>> cells_of(const Mesh& mesh) {
  std::vector<std::vector<uint32_t>> out;
  for (size_t i = 0; i < mesh.num_cells(); ++i) {
    IndexSpan c = mesh.cell(i);
    out.emplace_back(c.begin(), c.end());
  }
  return out;
}

inline std::vector<CellType> types_of(const Mesh& mesh) {
  return {mesh.cell_types.begin(), mesh.cell_types.end()};
}

// The start tags of the named elements in document order, e.g. every "<triangles ...>".
inline std::vector<std::string> start_tags(const std::string& text, std::string_view pattern) {
  std::vector<std::string> out;
  std::regex re(cat("<(", pattern, ")[ >/][^>]*>"));
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator();
       ++it) {
    out.push_back(it->str());
  }
  return out;
}

// The geometry plan alone, with mesh_skinned as a controller plan would give it.
struct GeometryPlanned {
  absl::Status status;
  WritePlan plan;
  Diagnostics diagnostics;
};
inline GeometryPlanned plan_only(const Scene& scene, std::vector<bool> mesh_skinned = {}) {
  GeometryPlanned out;
  out.plan.controllers.mesh_skinned = std::move(mesh_skinned);
  out.status = plan_geometries(scene, out.plan, out.diagnostics);
  return out;
}

// A refusal names its rule first.
inline void expect_refused(const Written& written, std::string_view rule) {
  ASSERT_FALSE(written.text.ok());
  EXPECT_EQ(written.text.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(std::string(written.text.status().message()).starts_with(cat(rule, ": ")))
      << written.text.status();
}

}  // namespace px::collada::testing
