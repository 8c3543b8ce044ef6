#include "formats/gltf/check/animation_check.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "engine/strings.h"
#include "formats/gltf/check/capped_warnings.h"
#include "formats/gltf/check/semantic_json.h"
#include "polyxios/hash_containers.h"

namespace px::gltf {
namespace {

using namespace semantic_json;

constexpr std::string_view kInputFormat = "gltf.read.animation-input-format";
constexpr std::string_view kInputTooFew = "gltf.read.animation-input-too-few";
constexpr std::string_view kOutputFormat = "gltf.read.animation-output-format";
constexpr std::string_view kOutputCount = "gltf.read.animation-output-count";
constexpr std::string_view kWeightsWithoutMorphs = "gltf.read.animation-weights-without-morphs";
constexpr std::string_view kDuplicateTarget = "gltf.read.animation-duplicate-target";
constexpr std::string_view kPointerTargetNode = "gltf.read.animation-pointer-target-node";
constexpr std::string_view kPointerTargetPath = "gltf.read.animation-pointer-target-path";

constexpr std::string_view kCubic = "CUBICSPLINE";

// The output formats the validator takes for a path; false for a path it does not know.
bool output_format_known(std::string_view path) {
  return path == "translation" || path == "rotation" || path == "scale" || path == "weights";
}

bool output_format_valid(std::string_view path, const AccessorFormat& f) {
  if (path == "translation" || path == "scale") return f.is("VEC3", kFloat);
  const std::string_view type = path == "rotation" ? "VEC4" : "SCALAR";
  if (f.is(type, kFloat)) return true;
  return f.type == type && f.normalized &&
         (f.component_type == 5120 || f.component_type == 5121 || f.component_type == 5122 ||
          f.component_type == 5123);
}

std::string_view output_formats_text(std::string_view path) {
  if (path == "translation" || path == "scale") return "{VEC3, FLOAT}";
  if (path == "rotation") return "{VEC4, FLOAT} or VEC4 of normalized 8- or 16-bit integers";
  return "{SCALAR, FLOAT} or SCALAR of normalized 8- or 16-bit integers";
}

class AnimationChecker {
 public:
  AnimationChecker(const JsonObject& root, CappedWarnings& warnings)
      : warnings_(warnings),
        accessors_(entries(root.json(), "accessors")),
        nodes_(entries(root.json(), "nodes")),
        meshes_(entries(root.json(), "meshes")) {}

  void check(std::span<const JsonValue> animations) {
    for (size_t a = 0; a < animations.size(); ++a) {
      const std::string at = cat("/animations/", a);
      const std::span<const JsonValue> samplers = entries(animations[a], "samplers");
      for (size_t s = 0; s < samplers.size(); ++s)
        check_sampler(samplers[s], cat(at, "/samplers/", s));
      check_channels(entries(animations[a], "channels"), samplers, at);
    }
  }

 private:
  const JsonValue* accessor(const JsonValue& object, std::string_view key) const {
    const std::optional<size_t> i = find_index(object, key, accessors_.size());
    return i ? &accessors_[*i] : nullptr;
  }

  void check_sampler(const JsonValue& sampler, const std::string& at) {
    const JsonValue* input = accessor(sampler, "input");
    if (input == nullptr) return;
    const AccessorFormat format = accessor_format(*input);
    if (!format.is("SCALAR", kFloat)) {
      warnings_.warn(kInputFormat, cat(at, "/input: the accessor is ", format.text(),
                                       "; an animation input must be {SCALAR, FLOAT}"));
    }
    if (string_member(sampler, "interpolation") == kCubic && format.count && *format.count < 2) {
      warnings_.warn(kInputTooFew, cat(at,
                                       "/input: a CUBICSPLINE sampler needs at least 2 "
                                       "keyframes, and its input has ",
                                       *format.count));
    }
  }

  // The morph targets of the first primitive of the node's mesh; nullopt when the node has no
  // mesh, or its first primitive no targets.
  std::optional<size_t> morph_targets(const JsonValue& node) const {
    const std::optional<size_t> mesh = find_index(node, "mesh", meshes_.size());
    if (!mesh) return std::nullopt;
    const std::span<const JsonValue> primitives = entries(meshes_[*mesh], "primitives");
    if (primitives.empty()) return std::nullopt;
    const JsonValue* targets = find_member(primitives[0], "targets");
    if (targets == nullptr || !targets->IsArray()) return std::nullopt;
    return targets->Size();
  }

  void check_channels(std::span<const JsonValue> channels, std::span<const JsonValue> samplers,
                      const std::string& at) {
    // The first channel of each (node, path), for duplicates.
    HashMap<std::string, size_t> first;
    for (size_t c = 0; c < channels.size(); ++c) {
      const std::string channel_at = cat(at, "/channels/", c);
      const JsonValue* target = object_member(channels[c], "target");
      if (target == nullptr) continue;
      const std::string_view path = string_member(*target, "path");
      const JsonValue* node_json = find_member(*target, "node");
      const std::optional<uint64_t> node_index =
          node_json != nullptr ? json_uint(*node_json) : std::nullopt;
      const JsonValue* node =
          node_index && *node_index < nodes_.size() ? &nodes_[*node_index] : nullptr;
      check_pointer_target(*target, node != nullptr, path, channel_at);
      if (node != nullptr && path == "weights" && !morph_targets(*node)) {
        warnings_.warn(kWeightsWithoutMorphs,
                       cat(channel_at, "/target: the channel animates the weights of node ",
                           *node_index, ", whose mesh has no morph targets"));
      }
      const std::optional<size_t> sampler = find_index(channels[c], "sampler", samplers.size());
      if (sampler) check_output(samplers[*sampler], node, path, channel_at);
      if (node_index && find_member(channels[c], "sampler") != nullptr) {
        auto [it, inserted] = first.try_emplace(cat(*node_index, "/", path), c);
        if (!inserted) {
          warnings_.warn(kDuplicateTarget, cat(at, "/channels/", it->second, "/target: channel ", c,
                                               " has the same target"));
        }
      }
    }
  }

  void check_pointer_target(const JsonValue& target, bool has_node, std::string_view path,
                            const std::string& channel_at) {
    const JsonValue* extensions = object_member(target, "extensions");
    if (extensions == nullptr || object_member(*extensions, "KHR_animation_pointer") == nullptr) {
      return;
    }
    const std::string at = cat(channel_at, "/target/extensions/KHR_animation_pointer");
    if (has_node) {
      warnings_.warn(kPointerTargetNode,
                     cat(at, ": a KHR_animation_pointer channel's target must have no node"));
    }
    if (path != "pointer") {
      warnings_.warn(kPointerTargetPath, cat(at,
                                             ": a KHR_animation_pointer channel's target path "
                                             "must be 'pointer', not '",
                                             path, "'"));
    }
  }

  void check_output(const JsonValue& sampler, const JsonValue* node, std::string_view path,
                    const std::string& channel_at) {
    const JsonValue* output = accessor(sampler, "output");
    if (output == nullptr) return;
    const AccessorFormat format = accessor_format(*output);
    const std::string at = cat(channel_at, "/sampler");
    if (output_format_known(path) && !output_format_valid(path, format)) {
      warnings_.warn(kOutputFormat,
                     cat(at, ": the output accessor is ", format.text(), ", and path '", path,
                         "' takes ", output_formats_text(path)));
    }
    const JsonValue* input = accessor(sampler, "input");
    const std::string_view interpolation = string_member(sampler, "interpolation", "LINEAR");
    const bool known =
        interpolation == "LINEAR" || interpolation == "STEP" || interpolation == kCubic;
    if (input == nullptr || !known || !output_format_known(path)) return;
    const std::optional<uint64_t> keys = accessor_format(*input).count;
    if (!keys || !format.count) return;
    unsigned __int128 expected = *keys;
    if (interpolation == kCubic) expected *= 3;
    if (path == "weights") {
      const std::optional<size_t> targets = node != nullptr ? morph_targets(*node) : std::nullopt;
      expected *= targets.value_or(0);
    }
    if (expected != 0 && expected != *format.count) {
      warnings_.warn(kOutputCount,
                     cat(at, ": the output accessor has ", *format.count, " elements, and ",
                         expected > UINT64_MAX ? UINT64_MAX : uint64_t(expected), " are expected"));
    }
  }

  CappedWarnings& warnings_;
  std::span<const JsonValue> accessors_;
  std::span<const JsonValue> nodes_;
  std::span<const JsonValue> meshes_;
};

}  // namespace

void check_animations(const JsonObject& root, Diagnostics& diagnostics) {
  CappedWarnings warnings(diagnostics);
  AnimationChecker(root, warnings).check(entries(root.json(), "animations"));
  warnings.finish();
}

}  // namespace px::gltf
