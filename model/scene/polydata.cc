#include "polyxios/scene/polydata.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

namespace px {
namespace {

struct Instance {
  const Mesh* mesh;
  Eigen::Matrix4d world;
};

void renormalize(float* v) {
  double n = std::sqrt(double(v[0]) * v[0] + double(v[1]) * v[1] + double(v[2]) * v[2]);
  if (n > 0) {
    for (int k = 0; k < 3; ++k) v[k] = static_cast<float>(v[k] / n);
  }
}

}  // namespace

std::vector<Eigen::Matrix4d> world_matrices(const Scene& scene) {
  const size_t nodes = scene.nodes.size();
  std::vector<Eigen::Matrix4d> world(nodes, Eigen::Matrix4d::Identity());
  std::vector<char> done(nodes, 0);
  std::vector<std::pair<int, Eigen::Matrix4d>> stack;
  auto walk_from = [&](int root) {
    stack.emplace_back(root, Eigen::Matrix4d::Identity());
    while (!stack.empty()) {
      auto [n, parent] = stack.back();
      stack.pop_back();
      if (n < 0 || static_cast<size_t>(n) >= nodes || done[n]) continue;
      done[n] = 1;  // a node reached twice keeps its first world; cycles stop here
      world[n] = parent * scene.nodes[n].matrix;
      for (int c : scene.nodes[n].children) stack.emplace_back(c, world[n]);
    }
  };
  // Each root's tree whole before the next, the last root of the last scene first.
  for (auto roots = scene.scenes.rbegin(); roots != scene.scenes.rend(); ++roots) {
    for (auto r = roots->rbegin(); r != roots->rend(); ++r) walk_from(*r);
  }
  // Nodes no scene reaches (a COLLADA <library_nodes> node, a glTF node outside every scene):
  // from the roots of their own trees, then a ring of them with no root from its first node.
  std::vector<char> is_child(nodes, 0);
  for (size_t n = 0; n < nodes; ++n) {
    for (int c : scene.nodes[n].children) {
      if (c >= 0 && static_cast<size_t>(c) < nodes && static_cast<size_t>(c) != n) is_child[c] = 1;
    }
  }
  for (size_t n = 0; n < nodes; ++n) {
    if (!done[n] && !is_child[n]) walk_from(static_cast<int>(n));
  }
  for (size_t n = 0; n < nodes; ++n) {
    if (!done[n]) walk_from(static_cast<int>(n));
  }
  return world;
}

PolyData to_polydata(const Scene& scene) {
  PolyData out;
  std::vector<Eigen::Matrix4d> world = world_matrices(scene);
  // The nodes of the shown scenes, in depth-first order.
  std::vector<Instance> instances;
  std::vector<char> seen(scene.nodes.size(), 0);
  std::vector<int> stack;
  for (size_t s = 0; s < scene.scenes.size(); ++s) {
    if (scene.default_scene >= 0 && static_cast<int>(s) != scene.default_scene) continue;
    for (auto it = scene.scenes[s].rbegin(); it != scene.scenes[s].rend(); ++it)
      stack.push_back(*it);
  }
  while (!stack.empty()) {
    int n = stack.back();
    stack.pop_back();
    if (n < 0 || static_cast<size_t>(n) >= scene.nodes.size() || seen[n]) continue;
    seen[n] = 1;
    const Node& node = scene.nodes[n];
    if (node.mesh >= 0 && static_cast<size_t>(node.mesh) < scene.meshes.size()) {
      const Mesh* mesh = &scene.meshes[node.mesh];
      if (node.instances.empty()) instances.push_back(Instance{mesh, world[n]});
      for (size_t k = 0; k < node.instances.count; ++k) {
        instances.push_back(Instance{mesh, world[n] * node.instances.matrix(k)});
      }
    }
    for (auto it = node.children.rbegin(); it != node.children.rend(); ++it) stack.push_back(*it);
  }
  size_t points = 0, cells = 0, corners = 0;
  for (const Instance& i : instances) {
    points += i.mesh->num_points();
    cells += i.mesh->num_cells();
    corners += i.mesh->connectivity.size();
  }
  // Vertex columns every instanced mesh holds, with one width.
  std::vector<std::pair<std::string, size_t>> kept;
  if (!instances.empty()) {
    for (const NamedColumn& c : instances[0].mesh->point_data) {
      bool everywhere = std::all_of(instances.begin(), instances.end(), [&](const Instance& i) {
        const NamedColumn* o = i.mesh->find_point_data(c.name);
        return o != nullptr && o->column.cols == c.column.cols;
      });
      if (everywhere) kept.emplace_back(c.name, c.column.cols);
    }
  }
  Arena& arena = *out.arena;
  std::span<float> p = arena.allocate<float>(points * 3);
  std::vector<std::span<float>> columns;
  for (const auto& [name, cols] : kept) columns.push_back(arena.allocate<float>(points * cols));
  std::span<CellType> types = arena.allocate<CellType>(cells);
  std::span<uint32_t> offsets = arena.allocate<uint32_t>(cells + 1);
  std::span<uint32_t> connectivity = arena.allocate<uint32_t>(corners);
  std::span<int32_t> material = arena.allocate<int32_t>(cells);
  size_t point_base = 0, cell_base = 0, corner_base = 0;
  for (const Instance& i : instances) {
    const Mesh& m = *i.mesh;
    Eigen::Matrix3d linear = i.world.topLeftCorner<3, 3>();
    Eigen::Matrix3d normal_matrix = linear.inverse().transpose();
    if (!normal_matrix.allFinite()) normal_matrix = linear;
    for (size_t v = 0; v < m.num_points(); ++v) {
      Eigen::Vector4d x(m.points.get(v, 0), m.points.get(v, 1), m.points.get(v, 2), 1);
      Eigen::Vector4d y = i.world * x;
      for (int k = 0; k < 3; ++k) p[(point_base + v) * 3 + k] = static_cast<float>(y[k]);
    }
    for (size_t c = 0; c < kept.size(); ++c) {
      const auto& [name, cols] = kept[c];
      const Column& src = m.find_point_data(name)->column;
      bool normal = name == "normals" || name.starts_with("normals_");
      bool tangent = name == "tangents" || name == "textangent" || name == "tangent";
      for (size_t v = 0; v < m.num_points(); ++v) {
        float* dst = &columns[c][(point_base + v) * cols];
        for (size_t k = 0; k < cols; ++k) dst[k] = static_cast<float>(src.get(v, k));
        if ((normal || tangent) && cols >= 3) {
          Eigen::Vector3d d(dst[0], dst[1], dst[2]);
          Eigen::Vector3d t = (normal ? normal_matrix : linear) * d;
          for (int k = 0; k < 3; ++k) dst[k] = static_cast<float>(t[k]);
          renormalize(dst);
        }
      }
    }
    std::span<const int32_t> mats = m.materials();
    for (size_t c = 0; c < m.num_cells(); ++c) {
      types[cell_base + c] = m.cell_types[c];
      offsets[cell_base + c] = static_cast<uint32_t>(corner_base + m.offsets[c]);
      material[cell_base + c] = c < mats.size() ? mats[c] : -1;
    }
    for (size_t k = 0; k < m.connectivity.size(); ++k) {
      connectivity[corner_base + k] = static_cast<uint32_t>(point_base + m.connectivity[k]);
    }
    point_base += m.num_points();
    cell_base += m.num_cells();
    corner_base += m.connectivity.size();
  }
  offsets[cells] = static_cast<uint32_t>(corner_base);
  out.mesh.points = Column::of<float>(p, 3);
  for (size_t c = 0; c < kept.size(); ++c) {
    out.mesh.point_data.push_back(
        NamedColumn{kept[c].first, Column::of<float>(columns[c], kept[c].second)});
  }
  out.mesh.cell_types = types;
  out.mesh.offsets = offsets;
  out.mesh.connectivity = connectivity;
  out.mesh.cell_data.push_back(NamedColumn{"material", Column::of<int32_t>(material, 1)});
  return out;
}

}  // namespace px
