#include "python/src/extras_edit.h"

#include <algorithm>
#include <climits>
#include <optional>
#include <string_view>
#include <utility>

#include "polyxios/scene/shading.h"
#include "python/src/scene_edit.h"
#include "python/src/values.h"

namespace px::python {
namespace {

// An index into the scene's parts of one kind, -1 for none (None or -1).
int part_index(const Scene* scene, py::handle value, const char* field, size_t count,
               const char* parts) {
  if (value.is_none()) return -1;
  const long long index = python_int(value, field);
  if (index == -1) return -1;
  const size_t limit = scene ? count : size_t{INT_MAX} + 1;
  if (index < 0 || static_cast<unsigned long long>(index) >= limit) {
    throw py::index_error(
        std::string(field) + " " + std::to_string(index) +
        (scene ? " is out of range: the scene has " + std::to_string(count) + " " + parts
               : " is not an index (0 or more)"));
  }
  return static_cast<int>(index);
}

void check_index(int index, size_t count, const char* field, const char* parts) {
  if (index >= 0 && static_cast<size_t>(index) >= count) {
    throw py::index_error(std::string(field) + " " + std::to_string(index) +
                          " is out of range: the scene has " + std::to_string(count) + " " + parts);
  }
}

// `key` of a part's own extras set to `value` (arrays into the scene's arena).
template <class Part>
void set_own(const PartHandle<Part>& part, ValueMap& extras, const std::string& key,
             py::handle value) {
  if (!part.box) {
    throw py::value_error("extras['" + key + "']: append the " + PartKind<Part>::kName +
                          " to a scene first");
  }
  const std::string what = "extras['" + key + "']";
  ValueMap holder =
      map_from_python(py::dict(py::arg("v") = value), *part.box->scene.arena, what.c_str());
  if (Value* held = find_value(extras, key)) {
    *held = std::move(holder.front().second);
  } else {
    extras.emplace_back(key, std::move(holder.front().second));
  }
}

void delete_own(ValueMap& extras, const std::string& key) {
  auto found = std::find_if(extras.begin(), extras.end(),
                            [&key](const auto& member) { return member.first == key; });
  if (found == extras.end()) throw py::key_error(key);
  extras.erase(found);
}

std::optional<std::string> optional_text(py::handle value, const std::string& what) {
  if (value.is_none()) return std::nullopt;
  return utf8(value, what.c_str());
}

}  // namespace

void set_node_skin(const PartHandle<Node>& node, py::handle value) {
  const Scene* scene = node.scene();
  const int skin = part_index(scene, value, "skin", scene ? scene->skins.size() : 0, "skins");
  Node& edited = node.edit();
  if (skin == edited.skin) return;  // a read node may hold a skin without a mesh: kept as it is
  if (skin >= 0 && edited.mesh < 0) {
    throw py::value_error(
        "skin: the node shows no mesh for the skin to deform; set its mesh first");
  }
  edited.skin = skin;
}

void set_node_camera(const PartHandle<Node>& node, py::handle value) {
  const Scene* scene = node.scene();
  const int camera =
      part_index(scene, value, "camera", scene ? scene->cameras.size() : 0, "cameras");
  Node& edited = node.edit();
  edited.camera = camera;
  edited.unresolved_camera.reset();
}

void set_node_light(const PartHandle<Node>& node, py::handle value) {
  const Scene* scene = node.scene();
  const int light = part_index(scene, value, "light", scene ? scene->lights.size() : 0, "lights");
  Node& edited = node.edit();
  edited.light = light;
  edited.unresolved_light.reset();
}

void check_node_parts(const Scene& scene, const Node& node) {
  check_index(node.skin, scene.skins.size(), "skin", "skins");
  check_index(node.camera, scene.cameras.size(), "camera", "cameras");
  check_index(node.light, scene.lights.size(), "light", "lights");
}

void set_node_extra(const PartHandle<Node>& node, const std::string& key, py::handle value) {
  const std::string what = "extras['" + key + "']";
  if (key == "skin") return set_node_skin(node, value);
  if (key == "camera" || key == "light" || key == "transforms") {
    throw py::value_error(what + " is shown from the node; set SceneNode." +
                          (key == "transforms" ? std::string("matrix") : key) + " instead");
  }
  if (key == "id" || key == "sid") {
    std::optional<std::string> text = optional_text(value, what);
    Node& edited = node.edit();
    (key == "id" ? edited.collada_id : edited.sid) = std::move(text);
    return;
  }
  if (key == "type") {
    if (!value.is_none() && utf8(value, what.c_str()) != "JOINT") {
      throw py::value_error(what + " is 'JOINT' (a COLLADA joint node) or None");
    }
    node.edit().joint = !value.is_none();
    return;
  }
  set_own(node, node.edit().extras, key, value);
}

void delete_node_extra(const PartHandle<Node>& node, const std::string& key) {
  const Node& shown = node.get();
  const bool typed = (key == "skin") || (key == "id" && shown.collada_id) ||
                     (key == "sid" && shown.sid) || (key == "type" && shown.joint);
  if (typed) return set_node_extra(node, key, py::none());
  if (key == "camera" || key == "light" || key == "transforms") {
    return set_node_extra(node, key, py::none());  // raises, naming the property to set
  }
  delete_own(node.edit().extras, key);
}

void set_material_extra(const PartHandle<Material>& material, const std::string& key,
                        py::handle value) {
  if (key == "shading") {
    Shading shading = Shading::kUnset;
    if (!value.is_none()) {
      const std::optional<Shading> named = shading_named(utf8(value, "extras['shading']"));
      if (!named) {
        throw py::value_error(
            "extras['shading'] is one of 'constant' (glTF: KHR_materials_unlit), 'lambert', "
            "'phong', 'blinn', or None");
      }
      shading = *named;
    }
    material.edit().shading = shading;
    return;
  }
  set_own(material, material.edit().extras, key, value);
}

void delete_material_extra(const PartHandle<Material>& material, const std::string& key) {
  if (key == "shading" && material.get().shading != Shading::kUnset) {
    return set_material_extra(material, key, py::none());
  }
  delete_own(material.edit().extras, key);
}

}  // namespace px::python
