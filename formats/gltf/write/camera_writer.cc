#include "formats/gltf/write/camera_writer.h"

#include <cmath>
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

void write_numbers(JsonWriter& json, const ValueMap& body,
                   std::initializer_list<std::string_view> keys) {
  for (std::string_view key : keys) {
    const Value* v = find_value(body, key);
    if (v == nullptr) continue;
    json.key(key);
    json.number(v->as_double());
  }
}

// The camera's glTF terms; its extensions are left out, as the writer keeps no extensionsUsed.
void write_camera(JsonWriter& json, const ValueMap& camera) {
  json.start_object();
  if (const Value* name = find_value(camera, "name"); name && name->is_string()) {
    json.key("name");
    json.string(name->as_string());
  }
  const std::string& kind = find_value(camera, "type")->as_string();
  json.key("type");
  json.string(kind);
  json.key(kind);
  json.start_object();
  const ValueMap& body = find_value(camera, kind)->as_map();
  if (kind == "perspective") {
    write_numbers(json, body, {"aspectRatio", "yfov", "zfar", "znear"});
  } else {
    write_numbers(json, body, {"xmag", "ymag", "zfar", "znear"});
  }
  json.end_object();
  if (const Value* extras = find_value(camera, "extras")) {
    json.key("extras");
    write_value(json, *extras);
  }
  json.end_object();
}

}  // namespace

CameraWriter::CameraWriter(const Scene& scene, Diagnostics& diagnostics) {
  HashMap<std::string, int> seen;  // a camera's JSON -> its index
  // The scene's cameras by id, for nodes that name theirs (the first of an id, as find_value).
  HashMap<std::string_view, const Value*> by_id;
  if (const Value* library = find_value(scene.global_attrs, "cameras");
      library && library->is_map()) {
    for (const auto& [id, camera] : library->as_map()) by_id.try_emplace(id, &camera);
  }
  node_camera_.assign(scene.nodes.size(), -1);
  for (size_t i = 0; i < scene.nodes.size(); ++i) {
    const Value* camera = find_value(scene.nodes[i].extras, "camera");
    if (camera == nullptr) continue;
    if (camera->is_string()) {
      // A COLLADA read names the camera by id; its definition is in the scene's cameras.
      auto found = by_id.find(camera->as_string());
      const Value* defined = found == by_id.end() ? nullptr : found->second;
      if (defined == nullptr) {
        diagnostics.warn(kDropped, cat("node ", i, ": its camera '", camera->as_string(),
                                       "' is left out: the scene defines no such camera"));
        continue;
      }
      camera = defined;
    }
    std::string fault = camera->is_map() ? camera_fault(camera->as_map()) : "it is not an object";
    if (!fault.empty()) {
      diagnostics.warn(kDropped, cat("node ", i, ": its camera is left out: ", fault));
      continue;
    }
    JsonWriter text;
    write_camera(text, camera->as_map());
    if (!text.ok()) {
      diagnostics.warn(kDropped,
                       cat("node ", i, ": its camera is left out: it holds ", text.failure().what));
      continue;
    }
    auto [it, inserted] = seen.try_emplace(std::string(text.text()), cameras_.size());
    if (inserted) cameras_.push_back(&camera->as_map());
    node_camera_[i] = it->second;
  }
}

void CameraWriter::write_json(JsonWriter& json) const {
  if (cameras_.empty()) return;
  json.key("cameras");
  json.start_array();
  for (const ValueMap* camera : cameras_) write_camera(json, *camera);
  json.end_array();
}

}  // namespace px::gltf
