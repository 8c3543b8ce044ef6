#include "formats/gltf/read/read_lights.h"

#include <string>

#include "engine/strings.h"
#include "polyxios/scene/light.h"

namespace px::gltf {
namespace {

constexpr std::string_view kExtension = "KHR_lights_punctual";
// A light's warnings by the rule broken, each the code of its Khronos validator issue's kind:
// a missing property or not a light at all (kInvalid), an unknown type, a value out of range,
// a range a directional light does not use, spot angles out of order, no light in the lights
// array, a node naming no light.
constexpr std::string_view kInvalid = "gltf.read.light-invalid";
constexpr std::string_view kTypeUnknown = "gltf.read.light-type-unknown";
constexpr std::string_view kValueOutOfRange = "gltf.read.light-value-out-of-range";
constexpr std::string_view kRangeUnused = "gltf.read.light-range-unused";
constexpr std::string_view kSpotAngles = "gltf.read.light-spot-angles";
constexpr std::string_view kEmpty = "gltf.read.light-empty";
constexpr std::string_view kLightUnresolved = "gltf.read.light-unresolved";

std::string_view code_of(LightRule rule) {
  switch (rule) {
    case LightRule::kTypeUnknown:
      return kTypeUnknown;
    case LightRule::kValueRange:
      return kValueOutOfRange;
    case LightRule::kRangeUnused:
      return kRangeUnused;
    case LightRule::kConeOrder:
      return kSpotAngles;
    default:
      return kInvalid;
  }
}

// The object's extensions.KHR_lights_punctual, when it has one.
absl::StatusOr<std::optional<JsonObject>> punctual(const JsonObject& json) {
  absl::StatusOr<std::optional<JsonObject>> extensions = json.object("extensions");
  if (!extensions.ok() || !*extensions) return extensions;
  return (*extensions)->object(kExtension);
}

// Whether extensionsUsed lists the extension: its data is read only then (the extension check
// warns about data of an extension the document does not declare).
bool declared(const ReadContext& ctx) {
  const JsonValue* used = ctx.root().find("extensionsUsed");
  if (used == nullptr || !used->IsArray()) return false;
  for (const JsonValue& name : used->GetArray()) {
    if (name.IsString() &&
        std::string_view(name.GetString(), name.GetStringLength()) == kExtension) {
      return true;
    }
  }
  return false;
}

// The light `value` holds, checked and corrected as polyxios/scene/light.h's read_light does; none
// when it is no light. Warnings name `pointer`.
std::optional<Light> checked_light(ReadContext& ctx, const Value& value, std::string_view pointer,
                                   bool ambient_allowed) {
  LightRead read = read_light(value);
  if (read.light && read.light->type == LightType::kAmbient && !ambient_allowed) {
    read.light.reset();
    read.fault = "its type 'ambient' is not one of KHR_lights_punctual's";
    read.fault_rule = LightRule::kTypeUnknown;
  }
  if (!read.light) {
    ctx.warn(code_of(read.fault_rule), cat(pointer, ": the light is dropped: ", read.fault));
    return std::nullopt;
  }
  for (size_t i = 0; i < read.fixes.size(); ++i) {
    ctx.warn(code_of(read.fix_rules[i]), cat(pointer, ": ", read.fixes[i]));
  }
  return std::move(read.light);
}

// A copy of the light for the node (each node showing it has its own, as a COLLADA write's
// inline lights are).
void show(Scene& scene, Light light, Node& node) {
  node.light = static_cast<int>(scene.lights.size());
  scene.lights.push_back(std::move(light));
}

}  // namespace

absl::StatusOr<std::vector<std::optional<Light>>> read_punctual_lights(ReadContext& ctx) {
  std::vector<std::optional<Light>> out;
  if (!declared(ctx)) return out;
  absl::StatusOr<std::optional<JsonObject>> ext = punctual(ctx.root());
  if (!ext.ok()) return ext.status();
  if (!*ext) return out;
  absl::StatusOr<const JsonValue*> lights = (*ext)->array("lights");
  if (!lights.ok()) return lights.status();
  const std::string at = (*ext)->pointer("lights");
  if (*lights == nullptr || (*lights)->Empty()) {
    ctx.warn(*lights == nullptr ? kInvalid : kEmpty,
             cat(at, *lights == nullptr ? " is absent" : " is empty",
                 ": KHR_lights_punctual requires at least one light"));
    return out;
  }
  // Charged as when the lights were kept as values, so that a document meets the limits it did.
  PX_GLTF_TRY(ctx.charge(uint64_t{(*lights)->Size()} * sizeof(Value), at));
  for (rapidjson::SizeType i = 0; i < (*lights)->Size(); ++i) {
    absl::StatusOr<JsonObject> light = element_object(**lights, at, i);
    if (!light.ok()) return light.status();
    absl::StatusOr<Value> value = ctx.value(light->json(), light->pointer());
    if (!value.ok()) return value.status();
    out.push_back(checked_light(ctx, *value, light->pointer(), false));
  }
  return out;
}

absl::Status read_node_light(ReadContext& ctx, const JsonObject& json,
                             const std::vector<std::optional<Light>>& lights, Node& node) {
  absl::StatusOr<std::optional<JsonObject>> ext =
      declared(ctx) ? punctual(json) : std::optional<JsonObject>();
  if (!ext.ok()) return ext.status();
  if (*ext) {
    // The extension is optional: a node naming no light loses its light, not the document.
    const JsonValue* index = (*ext)->find("light");
    std::optional<uint64_t> light = index == nullptr ? std::nullopt : json_uint(*index);
    if (!light || *light >= lights.size()) {
      ctx.warn(light ? kLightUnresolved : kInvalid,
               cat((*ext)->pointer("light"), ": names no light of the ", lights.size(),
                   " the document defines; the node's light is dropped"));
    } else if (lights[*light]) {
      show(ctx.scene(), *lights[*light], node);
    }
    return absl::OkStatus();
  }
  // An ambient light a polyxios write kept in the node's extras.
  Value* extras = find_value(node.extras, "extras");
  if (extras == nullptr || !extras->is_map()) return absl::OkStatus();
  const Value* kept = find_value(extras->as_map(), "light");
  const Value* type =
      kept != nullptr && kept->is_map() ? find_value(kept->as_map(), "type") : nullptr;
  if (type == nullptr || !type->is_string() || type->as_string() != "ambient") {
    return absl::OkStatus();
  }
  std::optional<Light> light = checked_light(ctx, *kept, json.pointer("extras"), true);
  if (!light) return absl::OkStatus();
  erase_value(extras->as_map(), "light");
  if (extras->as_map().empty()) erase_value(node.extras, "extras");
  show(ctx.scene(), *std::move(light), node);
  return absl::OkStatus();
}

}  // namespace px::gltf
