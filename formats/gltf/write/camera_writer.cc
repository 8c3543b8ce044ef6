#include "formats/gltf/write/camera_writer.h"

#include <optional>
#include <string>
#include <string_view>

#include "engine/strings.h"
#include "formats/gltf/write/value_json.h"
#include "polyxios/hash_containers.h"
#include "polyxios/scene/camera.h"

namespace px::gltf {
namespace {

constexpr std::string_view kDropped = "gltf.write.camera-dropped";

void write_number(JsonWriter& json, std::string_view key, const std::optional<double>& v) {
  if (!v) return;
  json.key(key);
  json.number(*v);
}

// The camera's glTF terms; a glTF read's extensions are left out, as the writer keeps no
// extensionsUsed.
void write_camera(JsonWriter& json, const Camera& camera) {
  json.start_object();
  if (camera.name) {
    json.key("name");
    json.string(*camera.name);
  }
  const std::string_view kind = camera_type_name(camera.type);
  json.key("type");
  json.string(kind);
  json.key(kind);
  json.start_object();
  if (camera.type == CameraType::kPerspective) {
    write_number(json, "aspectRatio", camera.aspect_ratio);
    write_number(json, "yfov", camera.yfov);
  } else {
    write_number(json, "xmag", camera.xmag);
    write_number(json, "ymag", camera.ymag);
  }
  write_number(json, "zfar", camera.zfar);
  write_number(json, "znear", camera.znear);
  json.end_object();
  if (camera.extras) {
    json.key("extras");
    write_value(json, *camera.extras);
  }
  json.end_object();
}

}  // namespace

CameraWriter::CameraWriter(const Scene& scene, Diagnostics& diagnostics) {
  HashMap<std::string, int> seen;  // a camera's JSON -> its index
  node_camera_.assign(scene.nodes.size(), -1);
  for (size_t i = 0; i < scene.nodes.size(); ++i) {
    const Node& node = scene.nodes[i];
    if (node.unresolved_camera) {
      diagnostics.warn(kDropped, cat("node ", i, ": its camera '", *node.unresolved_camera,
                                     "' is left out: the scene defines no such camera"));
      continue;
    }
    if (node.camera < 0 || static_cast<size_t>(node.camera) >= scene.cameras.size()) continue;
    const Camera& camera = scene.cameras[node.camera];
    std::string fault = camera_fault(camera);
    if (!fault.empty()) {
      diagnostics.warn(kDropped, cat("node ", i, ": its camera is left out: ", fault));
      continue;
    }
    JsonWriter text;
    write_camera(text, camera);
    if (!text.ok()) {
      diagnostics.warn(kDropped,
                       cat("node ", i, ": its camera is left out: it holds ", text.failure().what));
      continue;
    }
    auto [it, inserted] = seen.try_emplace(std::string(text.text()), cameras_.size());
    if (inserted) cameras_.push_back(&camera);
    node_camera_[i] = it->second;
  }
}

void CameraWriter::write_json(JsonWriter& json) const {
  if (cameras_.empty()) return;
  json.key("cameras");
  json.start_array();
  for (const Camera* camera : cameras_) write_camera(json, *camera);
  json.end_array();
}

}  // namespace px::gltf
