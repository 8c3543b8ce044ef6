// SceneNode: a node of a scene's graph, or one made in Python and not yet appended to a scene
// (SceneData.append_node). Its name, matrix, mesh and children can be set; a value out of range
// or of the wrong shape raises and leaves the node as it was.
#include <pybind11/pybind11.h>

#include <algorithm>
#include <climits>
#include <string>
#include <vector>

#include "polyxios/scene/scene.h"
#include "python/src/arrays.h"
#include "python/src/bindings.h"
#include "python/src/extras_edit.h"
#include "python/src/handles.h"
#include "python/src/morph_edit.h"
#include "python/src/part_helpers.h"
#include "python/src/scene_dicts.h"
#include "python/src/scene_edit.h"
#include "python/src/values.h"

namespace px::python {
namespace {

using NodeHandle = PartHandle<Node>;

// A detached node has no scene; its dicts are made against one with nothing in it.
const Scene& no_scene() {
  static const Scene* empty = new Scene();
  return *empty;
}

py::object optional_column(const Column& column, py::handle base) {
  return column.rows == 0 ? py::object(py::none()) : py::object(column_view(column, base));
}

py::object node_instances(py::object self) {
  const Instances& instances = part_of<Node>(self).instances;
  if (instances.empty()) return py::none();
  py::dict out;
  out["count"] = instances.count;
  out["translation"] = optional_column(instances.translation, self);
  out["rotation"] = optional_column(instances.rotation, self);
  out["scale"] = optional_column(instances.scale, self);
  py::dict custom;
  for (const NamedColumn& c : instances.custom) custom[text(c.name)] = column_view(c.column, self);
  out["custom"] = std::move(custom);
  return out;
}

// None or -1: none; else a mesh of the node's scene (any index >= 0 for a detached node, checked
// when it is appended). Python code (__index__) runs first, the range is checked after it.
int mesh_index(const NodeHandle& node, py::handle value) {
  if (value.is_none()) return -1;
  const long long index = python_int(value, "mesh");
  if (index == -1) return -1;
  const Scene* scene = node.scene();
  const size_t count = scene ? scene->meshes.size() : size_t{INT_MAX} + 1;
  if (index < 0 || static_cast<unsigned long long>(index) >= count) {
    throw py::index_error("mesh " + std::to_string(index) +
                          (scene ? " is out of range: the scene has " +
                                       std::to_string(scene->meshes.size()) + " meshes"
                                 : " is not a mesh index (0 or more)"));
  }
  return static_cast<int>(index);
}

// A new mesh puts away what belonged to the old one: the node's own morph weights (one per
// target of its mesh), and with no mesh, the skin that deformed it (glTF: a skin needs a mesh).
void set_mesh(const NodeHandle& handle, py::handle value) {
  const int mesh = mesh_index(handle, value);
  Node& node = handle.edit();
  if (mesh == node.mesh) return;
  node.mesh = mesh;
  node.morph_weights.clear();
  if (mesh < 0) node.skin = -1;
}

void set_children(const NodeHandle& handle, py::handle value) {
  std::vector<int> children = int_list(value, "children");
  if (handle.scene() != nullptr) {
    handle.get();  // RuntimeError once removed, before its slot's index is read
    check_children(*handle.scene(), handle.slot->index, children);
  } else {
    for (size_t i = 0; i < children.size(); ++i) {
      if (children[i] < 0) {
        throw py::index_error("children: " + std::to_string(children[i]) +
                              " is not a node index (0 or more)");
      }
      if (std::count(children.begin(), children.begin() + static_cast<std::ptrdiff_t>(i),
                     children[i])) {
        throw py::value_error("children: node " + std::to_string(children[i]) + " is listed twice");
      }
    }
  }
  handle.edit().children = std::move(children);
}

// A COLLADA read's transform elements compose to the matrix the node had; a new matrix leaves
// them behind (the writer then spells a <matrix>, as it does for any node without them).
void set_matrix(const NodeHandle& handle, py::handle value) {
  const Eigen::Matrix4d matrix = matrix_from_python(value, "matrix");
  Node& node = handle.edit();
  if (matrix == node.matrix) return;
  node.matrix = matrix;
  node.transforms.clear();
}

NodeHandle make_node(py::handle name, py::handle matrix, py::handle mesh, py::handle children) {
  NodeHandle handle = NodeHandle::detached(Node{});
  handle.own->name = utf8(name, "name");
  if (!matrix.is_none()) set_matrix(handle, matrix);
  set_mesh(handle, mesh);
  set_children(handle, children);
  return handle;
}

}  // namespace

void bind_node(py::module_& m) {
  py::class_<NodeHandle>(m, "SceneNode", R"(A node of the scene graph.

    SceneNode(name='', matrix=None, mesh=None, children=())

makes a node of no scene yet; SceneData.append_node puts it in one (its mesh and children are
checked then). Setting matrix, mesh or children checks the value and raises, leaving the node as
it was, for one that does not fit.)")
      .def(py::init(&make_node), py::arg("name") = "", py::arg("matrix") = py::none(),
           py::arg("mesh") = py::none(), py::arg("children") = py::tuple())
      .def_property(
          "name", [](py::handle self) { return text(part_of<Node>(self).name); },
          [](py::handle self, py::handle value) { edit_of<Node>(self).name = utf8(value, "name"); },
          "str")
      .def_property(
          "matrix", [](py::handle self) { return matrix_copy(part_of<Node>(self).matrix); },
          [](py::handle self, py::handle value) {
            set_matrix(self.cast<const NodeHandle&>(), value);
          },
          "(4, 4) float64: the local transform, indexed [row, column] (translation in "
          "matrix[:3, 3]); reads a read-only copy, takes any (4, 4) array of finite real numbers "
          "(ValueError naming 'matrix' otherwise)")
      .def_property(
          "mesh", [](py::handle self) { return part_of<Node>(self).mesh; },
          [](py::handle self, py::handle value) {
            set_mesh(self.cast<const NodeHandle&>(), value);
          },
          "index into SceneData.meshes, -1 for none; takes an index (IndexError out of range), or "
          "None or -1 for none. A new mesh drops the node's own morph_weights, no mesh its skin")
      .def_property(
          "children", [](py::handle self) { return ints(part_of<Node>(self).children); },
          [](py::handle self, py::handle value) {
            set_children(self.cast<const NodeHandle&>(), value);
          },
          "tuple of node indices; takes any sequence of them: IndexError for one out of range, "
          "ValueError for one listed twice or a cycle (the node, or one above it, among them)")
      .def_property_readonly(
          "index",
          [](py::handle self) -> py::object {
            const NodeHandle& handle = self.cast<const NodeHandle&>();
            if (!handle.box) return py::none();
            handle.get();  // RuntimeError once removed
            return py::int_(handle.slot->index);
          },
          "int: the node's index in SceneData.nodes (kept current as nodes are removed), None "
          "for a node of no scene")
      .def_property_readonly(
          "extras",
          [](py::object self) {
            return py::module_::import("polyxios._attrs").attr("AttrsDict")(self);
          },
          "dict: 'id', 'sid', 'type', 'transforms', 'camera', 'light', 'skin', then the node's "
          "own ('extras': a glTF node's); assigning or deleting a key changes the node "
          "(extras_edit.h)")
      .def("_attrs",
           [](py::object self) {
             const NodeHandle& handle = self.cast<const NodeHandle&>();
             const Scene* scene = handle.scene();
             return node_extras_dict(scene ? *scene : no_scene(), handle.get(), self);
           })
      .def("_set_attr", &set_node_extra)
      .def("_del_attr", &delete_node_extra)
      .def_property(
          "skin", [](py::handle self) { return part_of<Node>(self).skin; }, &set_node_skin,
          "int: the skin (global_attrs['skins']) deforming the node's mesh, -1 for none; takes "
          "an index or None (IndexError out of range, ValueError for a node without a mesh)")
      .def_property(
          "camera", [](py::handle self) { return part_of<Node>(self).camera; }, &set_node_camera,
          "int: the camera (SceneData.cameras) the node carries, -1 for none; takes an index or "
          "None")
      .def_property(
          "light", [](py::handle self) { return part_of<Node>(self).light; }, &set_node_light,
          "int: the light (SceneData.lights) the node carries, -1 for none; takes an index or "
          "None")
      .def_property_readonly("instances", &node_instances,
                             "None, or EXT_mesh_gpu_instancing's copies of the node's mesh: "
                             "{'count', 'translation', 'rotation', 'scale' ((count, 3 or 4) "
                             "arrays, None when not given), 'custom': {name: array}}")
      .def_property(
          "morph_weights",
          [](py::handle self) {
            const std::vector<double>& weights = part_of<Node>(self).morph_weights;
            py::tuple out(weights.size());
            for (size_t t = 0; t < weights.size(); ++t) out[t] = weights[t];
            return out;
          },
          &set_node_morph_weights,
          "tuple of float: the node's own default morph weights (glTF's node.weights), one "
          "per target of its mesh; empty when it shows the mesh's. Takes a sequence of that "
          "many floats, or () (ValueError otherwise)")
      .def("__repr__", [](py::handle self) {
        const Node& node = part_of<Node>(self);
        return "<SceneNode " + py::repr(text(node.name)).cast<std::string>() + ": mesh " +
               std::to_string(node.mesh) + ", " + std::to_string(node.children.size()) +
               " children>";
      });
}

}  // namespace px::python
