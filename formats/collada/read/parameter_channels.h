// Animation channels on an effect's, a light's or a camera's parameters, as KHR_animation_pointer
// channels (path "pointer", glTF's meaning, model/animation_pointer.h) holding what the static
// reader would make of the animated values.
//
// A channel's target "id/sid/.../sid.member" is followed from the element of that id, each sid
// breadth-first below the element before it, to one of:
// - an effect's profile_COMMON <emission> <color>: "/materials/N/emissiveFactor" (red, green,
//   blue);
// - its <diffuse> <color> (not under constant), <transparent> <color> or <transparency> <float>:
//   "/materials/N/pbrMetallicRoughness/baseColorFactor", the diffuse red, green and blue and the
//   alpha materials.cc's rule gives (formats/collada/read/effect_alpha.h); a material whose
//   alpha drops below 1 blends (BLEND) as a static one would;
// - a <directional>, <point> or <spot> light's <color>: the light's "color" and "intensity" as
//   formats/collada/light_mapping.h splits the colour;
// - a camera's <perspective> <yfov>, or its <xfov> when it has no <yfov> (with its aspect ratio,
//   as read_cameras converts it): "/cameras/N/perspective/yfov" in radians; its <znear> or
//   <zfar>: ".../perspective/znear" or ".../orthographic/zfar" as its optics are.
// A member (".R", ".G", ".B", ".A", ".X", "(2)") sets one component; without one the keys are as
// wide as the element. An effect's channels go to every material instancing it. A light's or
// camera's channel names a node carrying it (its target's "node"), N being the light's or
// camera's place in global_attrs; one no node carries animates nothing and is dropped.
//
// The channels of one parameter group (the base colour's diffuse and alpha terms, the emission,
// a light's colour, a camera's field of view, near or far plane) in one animation become one
// channel, keyed at the union of their key times and a span's quarters where it curves (a
// light's colour and an xfov, whose glTF values are not linear in them, exact at the keys), each
// channel followed as model/animation_curve.h does and the other terms at their static values:
// STEP when every span steps, else LINEAR with a key one float32 step before each step.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "formats/collada/read/context.h"
#include "formats/collada/read/materials.h"
#include "model/animation.h"

namespace px::collada {

enum class Parameter : uint8_t {
  kEmission,
  kDiffuse,
  kTransparent,
  kTransparency,
  kLightColor,
  kXfov,
  kYfov,
  kZnear,
  kZfar,
};

struct ParameterAddress {
  const Element* object = nullptr;   // the <effect>, <light> or <camera>
  const Element* element = nullptr;  // the <color> or <float> (<xfov>, ...) animated
  Parameter parameter = Parameter::kEmission;
  int component = -1;  // -1: every value of the element
  size_t width = 1;    // the values a key holds
};

// The parameter a channel target addresses; nullopt for any other target.
std::optional<ParameterAddress> parameter_address(const ReadContext& ctx, std::string_view target);

struct ParameterChannel {
  ParameterAddress address;
  AnimationSampler sampler;
  const Element* channel = nullptr;
};

// Appends to `animation` the pointer channels (and samplers) of `channels`; returns how many of
// them animate nothing (a light or camera the scene dropped or no node carries, an <xfov> beside
// a <yfov>, a term spelled through a <param>), which the caller counts as unresolved. A channel
// whose keys are not as wide as its target is dropped with collada.animation.key-width, one whose
// sampler cannot be followed with collada.animation.sampler-invalid.
absl::StatusOr<int64_t> merge_parameter_channels(ReadContext& ctx, const Materials& materials,
                                                 const std::vector<ParameterChannel>& channels,
                                                 Animation& animation);

}  // namespace px::collada
