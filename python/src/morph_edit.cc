#include "python/src/morph_edit.h"

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "python/src/arrays.h"
#include "python/src/values.h"

namespace px::python {
namespace {

// (points, cols) floats of an array-like, copied into the arena; ValueError naming `what`.
Column float_rows(py::handle value, size_t points, size_t cols, Arena& arena,
                  const std::string& what) {
  const py::array array = as_array(value);
  if (array.ndim() != 2 || static_cast<size_t>(array.shape(0)) != points ||
      static_cast<size_t>(array.shape(1)) != cols) {
    throw py::value_error(what + " must be (" + std::to_string(points) + ", " +
                          std::to_string(cols) + "): one row per point of the mesh");
  }
  const std::optional<DType> dtype = column_dtype(array);
  if (!dtype || !dtype_is_float(*dtype)) {
    throw py::value_error(what + " must hold float32 or float64 values");
  }
  Column column = copy_column(array, arena, what.c_str());
  if (!all_finite(column)) throw py::value_error(what + " holds a NaN or an infinity");
  return column;
}

MorphTarget target_from(py::handle item, const Mesh& mesh, Arena& arena, const std::string& what) {
  if (!py::isinstance<py::dict>(item)) {
    throw py::type_error(what + " must be a dict, not " + type_name(item));
  }
  const py::dict dict = py::reinterpret_borrow<py::dict>(item);
  for (auto [key, unused] : dict) {
    const std::string name = py::str(key).cast<std::string>();
    if (name != "name" && name != "positions" && name != "normals" && name != "tangents" &&
        name != "point_data") {
      throw py::value_error(what + "['" + name +
                            "'] is no member of a morph target: name, positions, normals, "
                            "tangents, point_data");
    }
  }
  MorphTarget target;
  const size_t n = mesh.num_points();
  if (dict.contains("name") && !dict["name"].is_none()) {
    target.name = utf8(dict["name"], (what + "['name']").c_str());
  }
  if (!dict.contains("positions") || dict["positions"].is_none()) {
    throw py::value_error(what + "['positions'] is missing: a target moves the points");
  }
  target.positions = float_rows(dict["positions"], n, 3, arena, what + "['positions']");
  for (auto [key, column] :
       {std::pair{"normals", &target.normals}, std::pair{"tangents", &target.tangents}}) {
    if (dict.contains(key) && !dict[key].is_none()) {
      *column = float_rows(dict[key], n, 3, arena, what + "['" + key + "']");
    }
  }
  if (dict.contains("point_data") && !dict["point_data"].is_none()) {
    if (!py::isinstance<py::dict>(dict["point_data"])) {
      throw py::type_error(what + "['point_data'] must be a dict");
    }
    for (auto [key, value] : py::reinterpret_borrow<py::dict>(dict["point_data"])) {
      const std::string name = utf8(key, "point_data key");
      const std::string label = what + "['point_data']['" + name + "']";
      const NamedColumn* base = mesh.find_point_data(name);
      if (base == nullptr || !morph_moves(name)) {
        throw py::value_error(label +
                              ": a target moves the mesh's own 'texcoords' and "
                              "'colors' columns only");
      }
      target.point_data.push_back({name, float_rows(value, n, base->column.cols, arena, label)});
    }
  }
  return target;
}

std::vector<double> weights_from(py::handle value, size_t count, const char* what) {
  if (py::isinstance<py::str>(value) || !py::isinstance<py::iterable>(value)) {
    throw py::type_error(std::string(what) + " must be a sequence of floats, not " +
                         type_name(value));
  }
  std::vector<double> weights;
  for (py::handle item : value) {
    if (py::isinstance<py::bool_>(item) || !PyNumber_Check(item.ptr())) {
      throw py::type_error(std::string(what) + " must hold numbers");
    }
    const double w = py::float_(py::reinterpret_borrow<py::object>(item)).cast<double>();
    if (!std::isfinite(w)) throw py::value_error(std::string(what) + " holds a NaN or infinity");
    weights.push_back(w);
  }
  if (weights.size() != count) {
    throw py::value_error(std::string(what) + " must hold one weight per morph target (" +
                          std::to_string(count) + "), not " + std::to_string(weights.size()));
  }
  return weights;
}

}  // namespace

void set_morph_targets(const MeshHandle& handle, py::handle targets) {
  if (py::isinstance<py::str>(targets) || !py::isinstance<py::iterable>(targets)) {
    throw py::type_error("morph_targets must be a sequence of dicts, not " + type_name(targets));
  }
  const Mesh& mesh = handle.get();
  Arena& arena = *handle.box->scene.arena;
  std::vector<MorphTarget> made;
  for (py::handle item : targets) {
    made.push_back(
        target_from(item, mesh, arena, "morph_targets[" + std::to_string(made.size()) + "]"));
  }
  Mesh& edited = handle.edit();
  if (made.size() != edited.morph_targets.size()) {
    edited.morph_weights.clear();
    if (!handle.box->standalone) {
      for (Node& node : handle.box->scene.nodes) {
        if (node.mesh == static_cast<int>(handle.slot->index)) node.morph_weights.clear();
      }
    }
  }
  edited.morph_targets = std::move(made);
}

void set_mesh_morph_weights(const MeshHandle& handle, py::handle value) {
  std::vector<double> weights =
      weights_from(value, handle.get().morph_targets.size(), "morph_weights");
  handle.edit().morph_weights = std::move(weights);
}

void set_node_morph_weights(const PartHandle<Node>& node, py::handle value) {
  const Node& shown = node.get();
  const Scene* scene = node.scene();
  if (py::len(value) == 0) {
    node.edit().morph_weights.clear();
    return;
  }
  if (scene == nullptr || shown.mesh < 0) {
    throw py::value_error(
        "morph_weights: the node shows no mesh of a scene to weigh the targets of");
  }
  std::vector<double> weights =
      weights_from(value, scene->meshes[shown.mesh].morph_targets.size(), "morph_weights");
  node.edit().morph_weights = std::move(weights);
}

}  // namespace px::python
