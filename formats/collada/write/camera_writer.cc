#include "formats/collada/write/camera_writer.h"

#include <cmath>
#include <numbers>
#include <optional>
#include <string>

#include "engine/strings.h"
#include "formats/collada/write/xml_names.h"
#include "polyxios/hash_containers.h"
#include "polyxios/scene/camera.h"

namespace px::collada {
namespace {

constexpr std::string_view kDropped = "collada.write.camera-dropped";
// A far plane for glTF's infinite perspective, whose depth range COLLADA cannot leave open.
constexpr double kInfiniteFar = 1 << 20;

// Why the camera cannot be written: glTF's rules (which the COLLADA reader also applies), and a
// yfov below pi, whose xfov the write spells; empty when it can.
std::string collada_camera_fault(const ValueMap& camera) {
  std::string fault = camera_fault(camera);
  if (!fault.empty()) return fault;
  const Value* perspective = find_value(camera, "perspective");
  if (find_value(camera, "type")->as_string() == "perspective" &&
      *finite_number(perspective->as_map(), "yfov") >= std::numbers::pi) {
    return "its yfov is not below pi";
  }
  return "";
}

// What makes two cameras given inline (a glTF read's, a copy per node) the same <camera>.
std::string inline_key(const std::string& name, const ValueMap& camera) {
  const std::string& kind = find_value(camera, "type")->as_string();
  std::string key = cat(name, '\n', kind);
  for (const auto& [term, value] : find_value(camera, kind)->as_map()) {
    if (value.is_number()) key += cat(' ', term, '=', value.as_double());
  }
  return key;
}

// The element's name as its sid where an animation channel targets it.
void number_element(XmlWriter& xml, std::string_view name, double value, bool animated) {
  xml.number_element(name, value, animated ? name : std::string_view());
}

void write_camera(const CamerasPlan::Entry& entry, XmlWriter& xml) {
  const ValueMap& camera = *entry.camera;
  const std::string& kind = find_value(camera, "type")->as_string();
  const ValueMap& p = find_value(camera, kind)->as_map();
  xml.open("camera");
  xml.attr("id", entry.id);
  if (!entry.name.empty()) xml.attr("name", entry.name);
  xml.open("optics");
  xml.open("technique_common");
  const double znear = *finite_number(p, "znear");
  std::optional<double> zfar = finite_number(p, "zfar");
  if (kind == "perspective") {
    xml.open("perspective");
    number_element(xml, "yfov", *finite_number(p, "yfov") * (180 / std::numbers::pi),
                   entry.animated_yfov);
    if (std::optional<double> aspect = finite_number(p, "aspectRatio")) {
      number_element(xml, "aspect_ratio", *aspect, entry.animated_aspect_ratio);
    }
  } else {
    xml.open("orthographic");
    number_element(xml, "xmag", *finite_number(p, "xmag"), entry.animated_xmag);
    number_element(xml, "ymag", *finite_number(p, "ymag"), entry.animated_ymag);
  }
  number_element(xml, "znear", znear, entry.animated_znear);
  number_element(xml, "zfar", zfar ? *zfar : znear * kInfiniteFar, entry.animated_zfar);
  xml.close();
  xml.close();
  xml.close();
  if (!zfar) {
    xml.open("extra");
    xml.open("technique");
    xml.attr("profile", "polyxios");
    xml.open("infinite_zfar");
    xml.close();
    xml.close();
    xml.close();
  }
  xml.close();
}

// Plans the document's cameras: those the scene defines by id, each whether or not a node shows
// it (so that a COLLADA document keeps its library), and those nodes carry inline.
class CameraPlanner {
 public:
  CameraPlanner(WritePlan& plan, Diagnostics& diagnostics)
      : out_(plan.cameras), diagnostics_(diagnostics) {}

  // The entry of a camera, -1 when it is left out; id is "" for a camera given inline.
  int add(const Value& camera, const std::string& id) {
    if (!id.empty()) {
      if (auto it = by_key_.find(cat("#", id)); it != by_key_.end()) return it->second;
    }
    std::string fault =
        camera.is_map() ? collada_camera_fault(camera.as_map()) : "it is not an object";
    if (!fault.empty()) {
      diagnostics_.warn(kDropped, cat("a camera is left out: ", fault));
      return remember(cat("#", id), id, -1);
    }
    const ValueMap& map = camera.as_map();
    std::string name;
    if (const Value* n = find_value(map, "name"); n != nullptr && n->is_string()) {
      name = n->as_string();
    }
    std::string key = id.empty() ? inline_key(name, map) : cat("#", id);
    if (auto it = by_key_.find(key); it != by_key_.end()) return it->second;
    out_.cameras.push_back({"", name, &map});
    own_ids_.push_back(id);
    return remember(std::move(key), id, static_cast<int>(out_.cameras.size()) - 1);
  }

  // Own ids first, so that a generated one never takes an id a later camera holds.
  void give_ids(IdRegistry& ids) {
    for (size_t e = 0; e < out_.cameras.size(); ++e) {
      if (!own_ids_[e].empty() && ids.reserve(own_ids_[e])) out_.cameras[e].id = own_ids_[e];
    }
    for (CamerasPlan::Entry& entry : out_.cameras) {
      if (entry.id.empty()) entry.id = ids.unique(to_ncname(entry.name, "camera"));
    }
  }

 private:
  int remember(std::string key, const std::string& id, int entry) {
    if (!id.empty() || entry >= 0) by_key_.emplace(std::move(key), entry);
    return entry;
  }

  CamerasPlan& out_;
  Diagnostics& diagnostics_;
  HashMap<std::string, int> by_key_;  // "#" + a camera's id, or an inline camera's terms
  std::vector<std::string> own_ids_;  // per entry: the id it was named by, "" when inline
};

}  // namespace

absl::Status plan_cameras(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics) {
  CamerasPlan& out = plan.cameras;
  out.node_camera.assign(scene.nodes.size(), -1);
  CameraPlanner planner(plan, diagnostics);
  const Value* library = find_value(scene.global_attrs, "cameras");
  if (library != nullptr && library->is_map()) {
    for (const auto& [id, camera] : library->as_map()) planner.add(camera, id);
  }
  for (size_t i = 0; i < scene.nodes.size(); ++i) {
    const NodePlan& node = plan.nodes.nodes[i];
    if (!node.written || node.copy_of >= 0) continue;  // a copy instances its original's
    const Value* camera = find_value(scene.nodes[i].extras, "camera");
    if (camera == nullptr) continue;
    std::string id;
    if (camera->is_string()) {
      id = camera->as_string();
      camera =
          library != nullptr && library->is_map() ? find_value(library->as_map(), id) : nullptr;
      if (camera == nullptr) {
        diagnostics.warn(kDropped, cat("a node's camera '", id,
                                       "' is left out: the scene defines no such camera"));
        continue;
      }
    }
    out.node_camera[i] = planner.add(*camera, id);
  }
  planner.give_ids(plan.ids);
  return absl::OkStatus();
}

void write_cameras(const WritePlan& plan, XmlWriter& xml) {
  if (plan.cameras.cameras.empty()) return;
  xml.open("library_cameras");
  for (const CamerasPlan::Entry& entry : plan.cameras.cameras) write_camera(entry, xml);
  xml.close();
}

void write_instance_camera(const WritePlan& plan, int node, XmlWriter& xml) {
  const std::vector<int>& of_node = plan.cameras.node_camera;
  const int camera = static_cast<size_t>(node) < of_node.size() ? of_node[node] : -1;
  if (camera < 0) return;
  xml.open("instance_camera");
  xml.attr("url", cat("#", plan.cameras.cameras[camera].id));
  xml.close();
}

}  // namespace px::collada
