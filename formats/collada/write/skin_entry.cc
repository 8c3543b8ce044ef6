#include "formats/collada/write/skin_entry.h"

#include <algorithm>

#include "engine/strings.h"

namespace px::collada {
namespace {

// The bind shape matrix: a 1x16 column or a list of 16 numbers.
bool read_bind_shape(const Value& v, std::array<double, 16>* out) {
  if (v.is_column()) {
    const Column& c = v.as_column();
    if (c.rows != 1 || c.cols != 16) return false;
    for (size_t k = 0; k < 16; ++k) (*out)[k] = c.get(0, k);
  } else if (v.is_array() && v.as_array().size() == 16) {
    for (size_t k = 0; k < 16; ++k) {
      const Value& x = v.as_array()[k];
      if (!x.is_number()) return false;
      (*out)[k] = x.as_double();
    }
  } else {
    return false;
  }
  return all_finite(*out);
}

std::string read_joints(const Value* joints, const Scene& scene, const NodesPlan& nodes,
                        std::vector<int>* out) {
  if (joints == nullptr || !joints->is_array() || joints->as_array().empty()) {
    return "it has no joints";
  }
  for (const Value& j : joints->as_array()) {
    const int64_t n = j.is_int() ? j.as_int() : -1;
    if (n < 0 || static_cast<size_t>(n) >= scene.nodes.size() ||
        static_cast<size_t>(n) >= nodes.nodes.size() || !nodes.nodes[n].written) {
      return "its joints are not written nodes";
    }
    out->push_back(static_cast<int>(n));
  }
  return "";
}

}  // namespace

std::string read_skin_entry(const Value& skin, const Scene& scene, const NodesPlan& nodes,
                            SkinEntry* out) {
  if (!skin.is_map()) return "it is not a skin entry";
  const ValueMap& m = skin.as_map();
  if (const Value* name = find_value(m, "name"); name != nullptr && name->is_string()) {
    out->name = name->as_string();
  }
  if (std::string why = read_joints(find_value(m, "joints"), scene, nodes, &out->joints);
      !why.empty()) {
    return why;
  }
  const size_t joints = out->joints.size();
  const Value* ibm = find_value(m, "inverse_bind_matrices");
  if (ibm == nullptr && find_value(m, "inverseBindMatrices") != nullptr) {
    return "its inverseBindMatrices were never decoded";
  }
  if (ibm != nullptr) {
    if (!ibm->is_column() || ibm->as_column().cols != 16 || ibm->as_column().rows != joints) {
      return "its inverse_bind_matrices are not one 4x4 matrix per joint";
    }
    const Column& c = ibm->as_column();
    out->inverse_bind.reserve(joints * 16);
    for (size_t j = 0; j < joints; ++j) {
      for (size_t k = 0; k < 16; ++k) out->inverse_bind.push_back(c.get(j, k));
    }
    if (!all_finite(out->inverse_bind)) return "its inverse_bind_matrices are not finite";
    out->inverse_bind_float32 = c.holds<float>();
  }
  if (const Value* bsm = find_value(m, "bind_shape_matrix")) {
    out->bind_shape.emplace();
    if (!read_bind_shape(*bsm, &*out->bind_shape)) {
      return "its bind_shape_matrix is not a finite 4x4 matrix";
    }
  }
  if (const Value* skeleton = find_value(m, "skeleton"); skeleton && skeleton->is_int()) {
    const int64_t s = skeleton->as_int();
    if (s >= 0 && static_cast<size_t>(s) < scene.nodes.size()) out->skeleton = static_cast<int>(s);
  }
  return "";
}

std::string find_mesh_influences(const Mesh& mesh, MeshInfluences* out) {
  const NamedColumn* joints = mesh.find_point_data("joints");
  const NamedColumn* weights = mesh.find_point_data("weights");
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
  out->joints = &j;
  out->weights = &w;
  return "";
}

}  // namespace px::collada
