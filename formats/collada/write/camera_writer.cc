#include "formats/collada/write/camera_writer.h"

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
std::string collada_camera_fault(const Camera& camera) {
  std::string fault = camera_fault(camera);
  if (!fault.empty()) return fault;
  if (camera.type == CameraType::kPerspective && *camera.yfov >= std::numbers::pi) {
    return "its yfov is not below pi";
  }
  return "";
}

// What makes two cameras given inline (a glTF read's, one per node) the same <camera>: their
// names and the numbers of their projection, as a glTF read's object spells them (in its order,
// with the members glTF does not define).
std::string inline_key(const std::string& name, const Camera& camera) {
  const std::string_view kind = camera_type_name(camera.type);
  std::string key = cat(name, '\n', kind);
  if (camera.gltf_object) {
    for (const auto& [term, value] : find_value(*camera.gltf_object, kind)->as_map()) {
      if (value.is_number()) key += cat(' ', term, '=', value.as_double());
    }
    return key;
  }
  for (std::string_view term : {"aspectRatio", "yfov", "xmag", "ymag", "zfar", "znear"}) {
    if (std::optional<double> v = camera.term(term)) key += cat(' ', term, '=', *v);
  }
  return key;
}

// The element's name as its sid where an animation channel targets it.
void number_element(XmlWriter& xml, std::string_view name, double value, bool animated) {
  xml.number_element(name, value, animated ? name : std::string_view());
}

void write_camera(const CamerasPlan::Entry& entry, XmlWriter& xml) {
  const Camera& camera = *entry.camera;
  xml.open("camera");
  xml.attr("id", entry.id);
  if (!entry.name.empty()) xml.attr("name", entry.name);
  xml.open("optics");
  xml.open("technique_common");
  const double znear = *camera.znear;
  const std::optional<double> zfar = camera.zfar;
  if (camera.type == CameraType::kPerspective) {
    xml.open("perspective");
    number_element(xml, "yfov", *camera.yfov * (180 / std::numbers::pi), entry.animated_yfov);
    if (camera.aspect_ratio) {
      number_element(xml, "aspect_ratio", *camera.aspect_ratio, entry.animated_aspect_ratio);
    }
  } else {
    xml.open("orthographic");
    number_element(xml, "xmag", *camera.xmag, entry.animated_xmag);
    number_element(xml, "ymag", *camera.ymag, entry.animated_ymag);
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
  int add(const Camera& camera, const std::string& id) {
    if (!id.empty()) {
      if (auto it = by_key_.find(cat("#", id)); it != by_key_.end()) return it->second;
    }
    std::string fault = collada_camera_fault(camera);
    if (!fault.empty()) {
      diagnostics_.warn(kDropped, cat("a camera is left out: ", fault));
      return remember(cat("#", id), id, -1);
    }
    std::string name = camera.name.value_or("");
    std::string key = id.empty() ? inline_key(name, camera) : cat("#", id);
    if (auto it = by_key_.find(key); it != by_key_.end()) return it->second;
    out_.cameras.push_back({"", name, &camera});
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
  for (const Camera& camera : scene.cameras) {
    if (camera.collada_id) planner.add(camera, *camera.collada_id);
  }
  for (size_t i = 0; i < scene.nodes.size(); ++i) {
    const NodePlan& node = plan.nodes.nodes[i];
    if (!node.written || node.copy_of >= 0) continue;  // a copy instances its original's
    const Node& shown = scene.nodes[i];
    if (shown.unresolved_camera) {
      diagnostics.warn(kDropped, cat("a node's camera '", *shown.unresolved_camera,
                                     "' is left out: the scene defines no such camera"));
      continue;
    }
    if (shown.camera < 0 || static_cast<size_t>(shown.camera) >= scene.cameras.size()) continue;
    const Camera& camera = scene.cameras[shown.camera];
    out.node_camera[i] = planner.add(camera, camera.collada_id.value_or(""));
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
