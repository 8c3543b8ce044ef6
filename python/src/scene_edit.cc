#include "python/src/scene_edit.h"

#include <algorithm>
#include <climits>
#include <string>
#include <utility>
#include <vector>

#include "python/src/extras_edit.h"
#include "python/src/renumber.h"
#include "python/src/values.h"

namespace px::python {
namespace {

std::string node_label(const Scene& scene, size_t index) {
  const std::string& name = scene.nodes[index].name;
  return "node " + std::to_string(index) +
         (name.empty() ? "" : " (" + py::repr(text(name)).cast<std::string>() + ")");
}

// Why node `index` cannot be removed, or "".
std::string held_by(const Scene& scene, size_t index) {
  const Node& node = scene.nodes[index];
  if (!node.children.empty()) {
    return "it has " + std::to_string(node.children.size()) +
           " children: remove them first, or set its children to ()";
  }
  const int n = static_cast<int>(index);
  for (size_t s = 0; s < scene.skins.size(); ++s) {
    const Skin& skin = scene.skins[s];
    if (skin.skeleton == n ||
        std::find(skin.joints.begin(), skin.joints.end(), n) != skin.joints.end()) {
      return "skin " + std::to_string(s) + " lists it";
    }
  }
  for (size_t a = 0; a < scene.animations.size(); ++a) {
    for (const AnimationChannel& channel : scene.animations[a].channels) {
      if (!channel.target.pointer.empty()) {
        return "animation " + std::to_string(a) +
               " has KHR_animation_pointer channels, whose JSON pointers number the nodes";
      }
      if (channel.target.node == n) return "animation " + std::to_string(a) + " targets it";
    }
  }
  return "";
}

}  // namespace

long long python_int(py::handle value, const std::string& what) {
  if (py::isinstance<py::bool_>(value) || !PyIndex_Check(value.ptr())) {
    throw py::type_error(what + " must be an integer, not " + type_name(value));
  }
  const py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
  if (!index) throw py::error_already_set();
  int overflow = 0;
  const long long number = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow != 0) return overflow > 0 ? LLONG_MAX : LLONG_MIN;
  return number;
}

size_t index_in(py::handle value, size_t count, const std::string& what, const char* parts) {
  const long long index = python_int(value, what);
  if (index < 0 || static_cast<unsigned long long>(index) >= count) {
    throw py::index_error(what + " " + py::repr(value).cast<std::string>() +
                          " is out of range: the scene has " + std::to_string(count) + " " + parts);
  }
  return static_cast<size_t>(index);
}

std::vector<int> int_list(py::handle value, const std::string& what) {
  if (py::isinstance<py::str>(value) || !py::isinstance<py::iterable>(value)) {
    throw py::type_error(what + " must be a sequence of integers, not " + type_name(value));
  }
  std::vector<int> out;
  for (py::handle item : value) {
    const long long number = python_int(item, what + " entry");
    if (number < INT_MIN || number > INT_MAX) {
      throw py::index_error(what + " entry " + py::repr(item).cast<std::string>() +
                            " is out of range");
    }
    out.push_back(static_cast<int>(number));
  }
  return out;
}

void check_children(const Scene& scene, size_t parent, const std::vector<int>& children) {
  const size_t count = scene.nodes.size();
  for (size_t i = 0; i < children.size(); ++i) {
    const int child = children[i];
    if (child < 0 || static_cast<size_t>(child) >= count) {
      throw py::index_error("children: node " + std::to_string(child) +
                            " is out of range: the scene has " + std::to_string(count) + " nodes");
    }
    if (std::find(children.begin(), children.begin() + static_cast<std::ptrdiff_t>(i), child) !=
        children.begin() + static_cast<std::ptrdiff_t>(i)) {
      throw py::value_error("children: node " + std::to_string(child) + " is listed twice");
    }
  }
  // A cycle: `parent` reached down from one of its new children. Walked with a stack of its
  // own, as a scene's depth is the document's to choose.
  std::vector<bool> seen(count, false);
  std::vector<int> stack(children.begin(), children.end());
  while (!stack.empty()) {
    const int n = stack.back();
    stack.pop_back();
    if (static_cast<size_t>(n) == parent) {
      throw py::value_error("children: " + node_label(scene, parent) +
                            " would be its own descendant (a cycle)");
    }
    if (seen[n]) continue;
    seen[n] = true;
    for (int c : scene.nodes[n].children) {
      if (c >= 0 && static_cast<size_t>(c) < count && !seen[c]) stack.push_back(c);
    }
  }
}

void set_scenes(Scene& scene, py::handle scenes) {
  if (py::isinstance<py::str>(scenes) || !py::isinstance<py::iterable>(scenes)) {
    throw py::type_error("scenes must be a sequence of sequences of node indices, not " +
                         type_name(scenes));
  }
  std::vector<std::vector<int>> roots;
  for (py::handle entry : scenes) {
    const std::string what = "scenes[" + std::to_string(roots.size()) + "]";
    std::vector<int> nodes = int_list(entry, what);
    for (size_t i = 0; i < nodes.size(); ++i) {
      if (nodes[i] < 0 || static_cast<size_t>(nodes[i]) >= scene.nodes.size()) {
        throw py::index_error(what + ": node " + std::to_string(nodes[i]) +
                              " is out of range: the scene has " +
                              std::to_string(scene.nodes.size()) + " nodes");
      }
      if (std::count(nodes.begin(), nodes.begin() + static_cast<std::ptrdiff_t>(i), nodes[i])) {
        throw py::value_error(what + ": node " + std::to_string(nodes[i]) + " is listed twice");
      }
    }
    roots.push_back(std::move(nodes));
  }
  scene.scenes = std::move(roots);
  if (scene.default_scene >= static_cast<int>(scene.scenes.size())) {
    scene.default_scene = scene.scenes.empty() ? -1 : 0;
  }
}

size_t append_node(SceneBox& box, Node node, py::handle parent) {
  // Python code (__index__) runs before the scene is looked at.
  const py::object parent_number = parent.is_none()
                                       ? py::object(py::none())
                                       : py::object(py::int_(python_int(parent, "parent")));
  box.check_editable();
  Scene& scene = box.scene;
  const size_t index = scene.nodes.size();
  if (node.mesh >= 0 && static_cast<size_t>(node.mesh) >= scene.meshes.size()) {
    throw py::index_error("mesh " + std::to_string(node.mesh) + " is out of range: the scene has " +
                          std::to_string(scene.meshes.size()) + " meshes");
  }
  check_node_parts(scene, node);
  std::optional<size_t> parent_index;
  if (!parent_number.is_none()) parent_index = index_in(parent_number, index, "parent", "nodes");
  // Its children are nodes already there, so only its parent, reached down from them, closes a
  // cycle.
  check_children(scene, parent_index.value_or(index), node.children);
  const bool has_default =
      scene.default_scene >= 0 && static_cast<size_t>(scene.default_scene) < scene.scenes.size();
  if (!parent_index && !scene.scenes.empty() && !has_default) {
    throw py::value_error(
        "append_node: the scene has no default scene to add a root to: pass "
        "parent, or set default_scene");
  }
  scene.nodes.push_back(std::move(node));
  if (parent_index) {
    scene.nodes[*parent_index].children.push_back(static_cast<int>(index));
    return index;
  }
  if (scene.scenes.empty()) {
    scene.scenes.emplace_back();
    scene.default_scene = 0;
  }
  scene.scenes[scene.default_scene].push_back(static_cast<int>(index));
  return index;
}

void remove_node(SceneBox& box, size_t index) {
  box.check_editable();
  Scene& scene = box.scene;
  if (const std::string why = held_by(scene, index); !why.empty()) {
    throw py::value_error("remove_node: " + node_label(scene, index) +
                          " cannot be removed: " + why);
  }
  renumber_nodes(scene, removal(scene.nodes.size(), index));
  box.node_slots.erase(index);
}

}  // namespace px::python
