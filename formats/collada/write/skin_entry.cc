#include "formats/collada/write/skin_entry.h"

#include <algorithm>

#include "engine/strings.h"

namespace px::collada {
namespace {

std::string read_joints(const std::vector<int>& joints, const Scene& scene, const NodesPlan& nodes,
                        std::vector<int>* out) {
  if (joints.empty()) return "it has no joints";
  for (int n : joints) {
    if (n < 0 || static_cast<size_t>(n) >= scene.nodes.size() ||
        static_cast<size_t>(n) >= nodes.nodes.size() || !nodes.nodes[n].written) {
      return "its joints are not written nodes";
    }
    out->push_back(n);
  }
  return "";
}

}  // namespace

std::string read_skin_entry(const Skin& skin, const Scene& scene, const NodesPlan& nodes,
                            SkinEntry* out) {
  out->name = skin.name.value_or("");
  if (std::string why = read_joints(skin.joints, scene, nodes, &out->joints); !why.empty()) {
    return why;
  }
  const size_t joints = out->joints.size();
  if (skin.undecoded_matrices) return "its inverseBindMatrices were never decoded";
  if (const std::optional<Column>& c = skin.inverse_bind_matrices) {
    if (c->cols != 16 || c->rows != joints) {
      return "its inverse_bind_matrices are not one 4x4 matrix per joint";
    }
    out->inverse_bind.reserve(joints * 16);
    for (size_t j = 0; j < joints; ++j) {
      for (size_t k = 0; k < 16; ++k) out->inverse_bind.push_back(c->get(j, k));
    }
    if (!all_finite(out->inverse_bind)) return "its inverse_bind_matrices are not finite";
    out->inverse_bind_float32 = c->holds<float>();
  }
  if (const std::optional<Column>& c = skin.bind_shape_matrix) {
    std::array<double, 16>& bind_shape = out->bind_shape.emplace();
    if (c->rows != 1 || c->cols != 16) return "its bind_shape_matrix is not a finite 4x4 matrix";
    for (size_t k = 0; k < 16; ++k) bind_shape[k] = c->get(0, k);
    if (!all_finite(bind_shape)) return "its bind_shape_matrix is not a finite 4x4 matrix";
  }
  if (skin.skeleton >= 0 && static_cast<size_t>(skin.skeleton) < scene.nodes.size()) {
    out->skeleton = skin.skeleton;
  }
  return "";
}

namespace {

// Why joints_<set> and weights_<set> are no influence set of the mesh ("" when they are).
std::string find_set(const Mesh& mesh, size_t set, InfluenceSet* out) {
  const std::string suffix = set == 0 ? "" : cat("_", set);
  const NamedColumn* joints = mesh.find_point_data(cat("joints", suffix));
  const NamedColumn* weights = mesh.find_point_data(cat("weights", suffix));
  if (joints == nullptr || weights == nullptr) return "its mesh has no joints and weights";
  const Column& j = joints->column;
  const Column& w = weights->column;
  if (dtype_is_float(j.dtype) || !dtype_is_float(w.dtype)) {
    return "its mesh's joints are not integers or its weights not real numbers";
  }
  if (j.rows != w.rows || j.cols != w.cols || j.cols == 0 || j.rows != mesh.num_points()) {
    return cat("its mesh's joints (", j.rows, "x", j.cols, ") and weights (", w.rows, "x", w.cols,
               ") are not one shape with a row per vertex (", mesh.num_points(), ")");
  }
  *out = InfluenceSet{&j, &w};
  return "";
}

}  // namespace

std::string find_mesh_influences(const Mesh& mesh, MeshInfluences* out) {
  out->sets.clear();
  InfluenceSet set;
  if (std::string why = find_set(mesh, 0, &set); !why.empty()) return why;
  out->sets.push_back(set);
  // A later set ends the walk where it is missing or malformed; the COLLADA geometry writer
  // reports what is left (collada.write.skin-attribute-dropped).
  while (find_set(mesh, out->sets.size(), &set).empty()) out->sets.push_back(set);
  return "";
}

}  // namespace px::collada
