#include "formats/gltf/read/read_animations.h"

#include <cmath>
#include <vector>

#include "engine/errors.h"
#include "engine/strings.h"
#include "polyxios/scene/animation_pointer.h"

namespace px::gltf {
namespace {

constexpr std::string_view kMalformed = "gltf.animation.malformed";

// |length - 1| above which the validator calls a rotation not of unit length.
constexpr double kUnitTolerance = 0.00769;

// What the value checks need of a sampler once every sampler is read.
struct SamplerUse {
  const AccessorData* values = nullptr;
  int output = -1;
  bool cubic = false;
};

// What the value checks need of a channel once every sampler is read.
struct ChannelUse {
  std::string at;
  int sampler = -1;
  std::string path;
  int node = -1;
};

// Accessors an animation rule has checked the values of: samplers and channels that share an
// accessor (as they commonly share key times) check it once.
struct Checked {
  explicit Checked(size_t accessors) : inputs(accessors, false), rotations(accessors, false) {}
  std::vector<bool> inputs;
  std::vector<bool> rotations;
};

// How often one rule broke in an accessor, and where first.
struct Tally {
  uint64_t count = 0;
  std::string first;
  void add(std::string where) {
    if (count++ == 0) first = std::move(where);
  }
};

// A refusal of the JSON helpers ("gltf.json.type: /animations/0 ..."), spelled as the
// animation rule.
absl::Status malformed(const absl::Status& status) {
  if (status.ok()) return status;
  std::string detail(status.message());
  if (size_t colon = detail.find(": "); colon != std::string::npos) detail.erase(0, colon + 2);
  return refuse(kMalformed, detail);
}

absl::StatusOr<JsonObject> object_at(const JsonValue& array, const std::string& at, size_t i) {
  absl::StatusOr<JsonObject> json = element_object(array, at, i);
  if (!json.ok()) return malformed(json.status());
  return json;
}

absl::StatusOr<const JsonValue*> required_array(const JsonObject& json, std::string_view key) {
  absl::StatusOr<const JsonValue*> array = json.array(key);
  if (!array.ok()) return malformed(array.status());
  if (*array == nullptr) return refuse(kMalformed, cat(json.pointer(key), " is absent"));
  return array;
}

// An input accessor must declare min and max (gltf.read.accessor-no-bounds).
void warn_input_without_bounds(ReadContext& ctx, const JsonObject& sampler, int input) {
  absl::StatusOr<JsonObject> accessor = ctx.entry(Top::kAccessors, input);
  if (!accessor.ok() || (accessor->has("min") && accessor->has("max"))) return;
  ctx.warn("gltf.read.accessor-no-bounds",
           cat(sampler.pointer("input"), ": accessor ", input, " declares no ",
               accessor->has("min")   ? "max"
               : accessor->has("max") ? "min"
                                      : "min and max",
               ", which glTF requires of an animation input accessor"));
}

// Key times must not be negative (gltf.read.animation-input-negative) and must increase
// (gltf.read.animation-input-not-increasing); a negative time is passed over when comparing, as the
// validator does. The times are kept as they are.
void check_key_times(ReadContext& ctx, const AccessorData& times, const std::string& at) {
  if (!times.from_document) return;
  const std::span<const float> t = times.column.values<float>();
  Tally negative, unordered;
  float previous = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] < 0) {
      negative.add(cat("key ", i, " is ", t[i]));
      continue;
    }
    if (i > 0 && t[i] <= previous) {
      unordered.add(cat("key ", i, " is ", t[i], ", after ", previous));
    }
    previous = t[i];
  }
  if (negative.count > 0) {
    ctx.warn("gltf.read.animation-input-negative",
             cat(at, ": ", negative.count, negative.count == 1 ? " key time is" : " key times are",
                 " negative, which glTF does not allow (", negative.first, ")"));
  }
  if (unordered.count > 0) {
    ctx.warn(
        "gltf.read.animation-input-not-increasing",
        cat(at, ": ", unordered.count, unordered.count == 1 ? " key time does" : " key times do",
            " not increase, as glTF requires (", unordered.first, ")"));
  }
}

// The rotations a channel animates must be unit quaternions, within the validator's tolerance
// (gltf.read.animation-rotation-not-unit); of CUBICSPLINE keys, the values, not the tangents. The
// values are kept as they are.
void check_rotations(ReadContext& ctx, const SamplerUse& sampler, const std::string& at) {
  const AccessorData& data = *sampler.values;
  const Column& c = data.column;
  if (!data.from_document || c.dtype != DType::kFloat32 || c.cols != 4) return;
  const std::span<const float> values = c.values<float>();
  Tally wrong;
  for (size_t r = sampler.cubic ? 1 : 0; r < c.rows; r += sampler.cubic ? 3 : 1) {
    const float* q = values.data() + 4 * r;
    double squares = 0;
    for (int k = 0; k < 4; ++k) squares += double{q[k]} * q[k];
    const double length = std::sqrt(squares);
    if (std::abs(length - 1) > kUnitTolerance)
      wrong.add(cat("element ", r, " has length ", length));
  }
  if (wrong.count == 0) return;
  ctx.warn("gltf.read.animation-rotation-not-unit",
           cat(at, ": accessor ", sampler.output, " holds ", wrong.count,
               wrong.count == 1 ? " rotation" : " rotations",
               " not of unit length, as glTF requires (", wrong.first, ")"));
}

absl::StatusOr<AnimationSampler> read_sampler(ReadContext& ctx, Accessors& accessors,
                                              const JsonObject& json, Checked& checked,
                                              SamplerUse& use) {
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
  warn_input_without_bounds(ctx, json, input);
  if (!checked.inputs[input]) {
    checked.inputs[input] = true;
    check_key_times(ctx, **times, json.pointer("input"));
  }
  absl::StatusOr<const AccessorData*> values = accessors.get(output);
  if (!values.ok()) return values.status();
  use = {*values, output, interpolation == "CUBICSPLINE"};
  AnimationSampler out;
  out.times = (*times)->column;
  out.values = (*values)->column;
  out.interpolation = std::move(interpolation);
  PX_GLTF_TRY(ctx.keep(json, "extras", out.extras));
  return out;
}

// An animated node may not have a matrix (gltf.read.channel-targets-matrix). The channel is kept:
// the node's matrix is its rest transform, and the channel animates the translation, rotation or
// scale that matrix decomposes into, as a writer of TRS takes it.
void warn_matrix_target(ReadContext& ctx, const JsonObject& target, int node,
                        const std::string& path) {
  if (path != "translation" && path != "rotation" && path != "scale") return;
  absl::StatusOr<JsonObject> json = ctx.entry(Top::kNodes, node);
  if (!json.ok() || !json->has("matrix")) return;
  ctx.warn("gltf.read.channel-targets-matrix",
           cat(target.pointer(), ": it animates the ", path, " of node ", node,
               ", which has a matrix; glTF allows an animated node translation, rotation and "
               "scale only. Read as animating the ",
               path, " the matrix decomposes into"));
}

// The first node carrying light or camera `index` (what a light's or camera's pointer channel
// names as its target node, polyxios/scene/animation_pointer.h); -1 when none does.
int carrier_node(const ReadContext& ctx, PointerObject object, size_t index) {
  for (size_t n = 0; n < ctx.count(Top::kNodes); ++n) {
    absl::StatusOr<JsonObject> node = ctx.entry(Top::kNodes, n);
    if (!node.ok()) continue;
    const JsonValue* named = node->find("camera");
    if (object == PointerObject::kLight) {
      const JsonValue* extensions = node->find("extensions");
      const JsonValue* punctual = extensions == nullptr || !extensions->IsObject()
                                      ? nullptr
                                      : find_member(*extensions, "KHR_lights_punctual");
      named =
          punctual == nullptr || !punctual->IsObject() ? nullptr : find_member(*punctual, "light");
    }
    if (named != nullptr && json_uint(*named) == index) return static_cast<int>(n);
  }
  return -1;
}

// What KHR_animation_pointer's schema takes for a pointer, a JSON pointer (RFC 6901): empty, or
// tokens each after a '/', a '~' only as ~0 or ~1 (the validator's PATTERN_MISMATCH).
bool is_json_pointer(std::string_view p) {
  if (!p.empty() && p[0] != '/') return false;
  for (size_t i = 0; i < p.size(); ++i) {
    if (p[i] == '~' && (i + 1 == p.size() || (p[i + 1] != '0' && p[i + 1] != '1'))) return false;
  }
  return true;
}

absl::StatusOr<AnimationChannel> read_channel(ReadContext& ctx, const JsonObject& json,
                                              size_t samplers, ChannelUse& use) {
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
  if (node >= 0) warn_matrix_target(ctx, t, node, path);
  use = {json.pointer("sampler"), sampler, path, node};
  AnimationChannel out;
  out.sampler = sampler;
  out.target.node = node;
  out.target.path = target_path_named(path);
  if (out.target.path == TargetPath::kOther) out.target.other_path = path;
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
      if (!is_json_pointer(p)) {
        // Left out, since a writer would write it as it is: the channel animates nothing, which
        // the writers skip with their warnings.
        ctx.warn("gltf.read.animation-pointer-invalid",
                 cat((*pointer)->pointer("pointer"), ": \"", p,
                     "\" is not a JSON pointer (RFC 6901); the channel animates nothing"));
      } else {
        // A light's or camera's pointer names a node carrying it, which writers number it by.
        if (std::optional<ParsedPointer> parsed = parse_pointer(p);
            parsed && parsed->object != PointerObject::kMaterial && node < 0) {
          out.target.node = carrier_node(ctx, parsed->object, parsed->index);
        }
        out.target.pointer = std::move(p);
      }
    }
  }
  PX_GLTF_TRY(ctx.keep(json, "extras", out.extras));
  return out;
}

// A weights channel's output is glTF's scalars, one per morph target and key: its sampler's values
// become a row per key of one value per target of the node's mesh (polyxios/scene/animation.h),
// when they divide so. Otherwise they are left as they are, for the write to skip with a warning.
void shape_weights(ReadContext& ctx, const ChannelUse& c,
                   std::vector<std::optional<AnimationSampler>>& samplers) {
  if (c.path != "weights" || c.node < 0) return;
  const Scene& scene = ctx.scene();
  if (static_cast<size_t>(c.node) >= scene.nodes.size()) return;
  const int mesh = scene.nodes[c.node].mesh;
  if (mesh < 0 || static_cast<size_t>(mesh) >= scene.meshes.size()) return;
  const size_t targets = scene.meshes[mesh].morph_targets.size();
  if (targets == 0 || c.sampler < 0 || static_cast<size_t>(c.sampler) >= samplers.size()) return;
  Column& column = samplers[c.sampler]->values;
  if (column.cols != 1 || column.rows % targets != 0) return;
  column.rows /= targets;
  column.cols = targets;
}

absl::StatusOr<Animation> read_animation(ReadContext& ctx, Accessors& accessors,
                                         const JsonObject& json, Checked& checked) {
  Animation out;
  out.nodes_optional = true;
  std::string name;
  PX_GLTF_TRY(malformed(json.get("name", name)));
  if (json.has("name")) out.name = std::move(name);
  absl::StatusOr<const JsonValue*> samplers = required_array(json, "samplers");
  if (!samplers.ok()) return samplers.status();
  absl::StatusOr<const JsonValue*> channels = required_array(json, "channels");
  if (!channels.ok()) return channels.status();
  std::vector<ChannelUse> channel_uses((*channels)->Size());
  for (size_t i = 0; i < (*channels)->Size(); ++i) {
    absl::StatusOr<JsonObject> c = object_at(**channels, json.pointer("channels"), i);
    if (!c.ok()) return c.status();
    absl::StatusOr<AnimationChannel> channel =
        read_channel(ctx, *c, (*samplers)->Size(), channel_uses[i]);
    if (!channel.ok()) return channel.status();
    out.channels.push_back(*std::move(channel));
  }
  std::vector<SamplerUse> sampler_uses((*samplers)->Size());
  for (size_t i = 0; i < (*samplers)->Size(); ++i) {
    absl::StatusOr<JsonObject> s = object_at(**samplers, json.pointer("samplers"), i);
    if (!s.ok()) return s.status();
    absl::StatusOr<AnimationSampler> sampler =
        read_sampler(ctx, accessors, *s, checked, sampler_uses[i]);
    if (!sampler.ok()) return sampler.status();
    out.samplers.push_back(*std::move(sampler));
  }
  for (const ChannelUse& c : channel_uses) shape_weights(ctx, c, out.samplers);
  for (const ChannelUse& c : channel_uses) {
    const SamplerUse& sampler = sampler_uses[c.sampler];
    if (c.path != "rotation" || checked.rotations[sampler.output]) continue;
    checked.rotations[sampler.output] = true;
    check_rotations(ctx, sampler, c.at);
  }
  PX_GLTF_TRY(ctx.keep(json, "extras", out.extras));
  return out;
}

}  // namespace

absl::Status read_animations(ReadContext& ctx, Accessors& accessors) {
  const size_t n = ctx.count(Top::kAnimations);
  if (n == 0) return absl::OkStatus();
  std::vector<Animation>& animations = ctx.scene().animations;
  Checked checked(ctx.count(Top::kAccessors));
  for (size_t i = 0; i < n; ++i) {
    absl::StatusOr<JsonObject> json = ctx.entry(Top::kAnimations, i);
    if (!json.ok()) return malformed(json.status());
    absl::StatusOr<Animation> animation = read_animation(ctx, accessors, *json, checked);
    if (!animation.ok()) return animation.status();
    animations.push_back(*std::move(animation));
  }
  return absl::OkStatus();
}

}  // namespace px::gltf
