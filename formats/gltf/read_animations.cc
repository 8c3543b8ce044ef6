#include "formats/gltf/read_animations.h"

#include "engine/errors.h"
#include "engine/strings.h"

namespace px::gltf {
namespace {

constexpr std::string_view kMalformed = "gltf.animation.malformed";

// A refusal of the JSON helpers ("gltf.json.type: /animations/0 ..."), spelled as the
// animation rule.
absl::Status malformed(const absl::Status& status) {
  if (status.ok()) return status;
  std::string detail(status.message());
  if (size_t colon = detail.find(": "); colon != std::string::npos) detail.erase(0, colon + 2);
  return refuse(kMalformed, detail);
}

absl::StatusOr<JsonObject> object_at(const rapidjson::Value& array, const std::string& at,
                                     size_t i) {
  absl::StatusOr<JsonObject> json = element_object(array, at, i);
  if (!json.ok()) return malformed(json.status());
  return json;
}

absl::StatusOr<const rapidjson::Value*> required_array(const JsonObject& json,
                                                       std::string_view key) {
  absl::StatusOr<const rapidjson::Value*> array = json.array(key);
  if (!array.ok()) return malformed(array.status());
  if (*array == nullptr) return refuse(kMalformed, cat(json.pointer(key), " is absent"));
  return array;
}

absl::StatusOr<Value> read_sampler(ReadContext& ctx, Accessors& accessors, const JsonObject& json) {
  const size_t count = ctx.count(Top::kAccessors);
  int input = -1;
  int output = -1;
  std::string interpolation = "LINEAR";
  PX_GLTF_TRY(malformed(json.require_index("input", count, input)));
  PX_GLTF_TRY(malformed(json.require_index("output", count, output)));
  PX_GLTF_TRY(malformed(json.get("interpolation", interpolation)));
  absl::StatusOr<const AccessorData*> times = accessors.get(input);
  if (!times.ok()) return times.status();
  if ((*times)->type != "SCALAR" || (*times)->component_type != kComponentFloat) {
    return refuse(kMalformed, cat(json.pointer("input"), ": key times must be float SCALAR, not ",
                                  (*times)->type, " of component type ", (*times)->component_type));
  }
  absl::StatusOr<const AccessorData*> values = accessors.get(output);
  if (!values.ok()) return values.status();
  ValueMap out;
  out.emplace_back("times", Value((*times)->column));
  out.emplace_back("values", Value((*values)->column));
  out.emplace_back("interpolation", Value(interpolation));
  PX_GLTF_TRY(ctx.keep(json, "extras", out));
  return Value(std::move(out));
}

absl::StatusOr<Value> read_channel(ReadContext& ctx, const JsonObject& json, size_t samplers) {
  int sampler = -1;
  int node = -1;
  std::string path;
  PX_GLTF_TRY(malformed(json.require_index("sampler", samplers, sampler)));
  absl::StatusOr<std::optional<JsonObject>> target = json.object("target");
  if (!target.ok()) return malformed(target.status());
  if (!*target) return refuse(kMalformed, cat(json.pointer("target"), " is absent"));
  const JsonObject& t = **target;
  PX_GLTF_TRY(malformed(t.get_index("node", ctx.count(Top::kNodes), node)));
  PX_GLTF_TRY(malformed(t.require("path", path)));
  ValueMap target_out;
  if (node >= 0) target_out.emplace_back("node", Value(node));
  target_out.emplace_back("path", Value(path));
  // KHR_animation_pointer names what it animates by a JSON pointer.
  absl::StatusOr<std::optional<JsonObject>> extensions = t.object("extensions");
  if (!extensions.ok()) return malformed(extensions.status());
  if (*extensions) {
    absl::StatusOr<std::optional<JsonObject>> pointer =
        (*extensions)->object("KHR_animation_pointer");
    if (!pointer.ok()) return malformed(pointer.status());
    if (*pointer) {
      std::string p;
      PX_GLTF_TRY(malformed((*pointer)->require("pointer", p)));
      target_out.emplace_back("pointer", Value(p));
    }
  }
  ValueMap out;
  out.emplace_back("sampler", Value(sampler));
  out.emplace_back("target", Value(std::move(target_out)));
  PX_GLTF_TRY(ctx.keep(json, "extras", out));
  return Value(std::move(out));
}

absl::StatusOr<Value> read_animation(ReadContext& ctx, Accessors& accessors,
                                     const JsonObject& json) {
  ValueMap out;
  std::string name;
  PX_GLTF_TRY(malformed(json.get("name", name)));
  if (json.has("name")) out.emplace_back("name", Value(name));
  absl::StatusOr<const rapidjson::Value*> samplers = required_array(json, "samplers");
  if (!samplers.ok()) return samplers.status();
  absl::StatusOr<const rapidjson::Value*> channels = required_array(json, "channels");
  if (!channels.ok()) return channels.status();
  ValueArray channel_values;
  for (size_t i = 0; i < (*channels)->Size(); ++i) {
    absl::StatusOr<JsonObject> c = object_at(**channels, json.pointer("channels"), i);
    if (!c.ok()) return c.status();
    absl::StatusOr<Value> channel = read_channel(ctx, *c, (*samplers)->Size());
    if (!channel.ok()) return channel.status();
    channel_values.push_back(*std::move(channel));
  }
  ValueArray sampler_values;
  for (size_t i = 0; i < (*samplers)->Size(); ++i) {
    absl::StatusOr<JsonObject> s = object_at(**samplers, json.pointer("samplers"), i);
    if (!s.ok()) return s.status();
    absl::StatusOr<Value> sampler = read_sampler(ctx, accessors, *s);
    if (!sampler.ok()) return sampler.status();
    sampler_values.push_back(*std::move(sampler));
  }
  out.emplace_back("channels", Value(std::move(channel_values)));
  out.emplace_back("samplers", Value(std::move(sampler_values)));
  PX_GLTF_TRY(ctx.keep(json, "extras", out));
  return Value(std::move(out));
}

}  // namespace

absl::Status read_animations(ReadContext& ctx, Accessors& accessors) {
  const size_t n = ctx.count(Top::kAnimations);
  if (n == 0) return absl::OkStatus();
  ValueArray animations;
  for (size_t i = 0; i < n; ++i) {
    absl::StatusOr<JsonObject> json = ctx.entry(Top::kAnimations, i);
    if (!json.ok()) return malformed(json.status());
    absl::StatusOr<Value> animation = read_animation(ctx, accessors, *json);
    if (!animation.ok()) return animation.status();
    animations.push_back(*std::move(animation));
  }
  set_value(ctx.scene().global_attrs, "animations", Value(std::move(animations)));
  return absl::OkStatus();
}

}  // namespace px::gltf
