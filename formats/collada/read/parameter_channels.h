// Animation channels on an effect's, a light's or a camera's parameters, as KHR_animation_pointer
// channels (path "pointer", glTF's meaning, polyxios/scene/animation_pointer.h) holding what the
// static reader would make of the animated values.
//
// A channel's target "id/sid/.../sid.member" is followed from the element of that id, each sid
// breadth-first below the element before it, to one of:
// - an effect's profile_COMMON <emission> <color>: "/materials/N/emissiveFactor" (red, green,
//   blue);
// - its <diffuse> <color> (not under constant), <transparent> <color> or <transparency> <float>:
//   "/materials/N/pbrMetallicRoughness/baseColorFactor", the diffuse red, green and blue and the
//   alpha materials.cc's rule gives (formats/collada/read/effect_alpha.h); a material whose
//   alpha drops below 1 blends (BLEND) as a static one would;
// - a phong or blinn shading's <specular> <color>: "/materials/N/extensions/
//   KHR_materials_specular/specularColorFactor" (red, green, blue), and its <shininess> <float>:
//   ".../pbrMetallicRoughness/roughnessFactor" (formats/collada/shininess.h; an exponent below 0
//   as roughness 1);
// - a <directional>, <point> or <spot> light's <color>: the light's "color" and "intensity" as
//   formats/collada/light_mapping.h splits the colour;
// - a <spot> light's <falloff_angle> and <falloff_exponent>: its "spot/outerConeAngle" and
//   "spot/innerConeAngle" as light_mapping.h derives them (the angle moves both);
// - a camera's <perspective> <xfov>, <yfov> and <aspect_ratio>: "/cameras/N/perspective/yfov" in
//   radians and ".../perspective/aspectRatio" as read_cameras derives them from the three (an
//   <xfov> beside a <yfov> sets the aspect ratio); its <orthographic> <xmag>, <ymag> and
//   <aspect_ratio>: ".../orthographic/xmag" and ".../ymag" likewise; its <znear> or <zfar>:
//   ".../perspective/znear" or ".../orthographic/zfar" as its optics are.
// A glTF value the channels leave unchanged (an aspect ratio beside an animated <yfov>, an
// inner cone of a spot that fades nowhere) gets no channel unless a channel names it directly;
// one the static camera does not hold (an aspect ratio it leaves to the viewer) gets none.
// A member (".R", ".G", ".B", ".A", ".X", "(2)") sets one component; without one the keys are as
// wide as the element. An effect's channels go to every material instancing it. A light's or
// camera's channel names a node carrying it (its target's "node"), N being the light's or
// camera's place in global_attrs; one no node carries animates nothing and is dropped.
//
// The channels of one parameter group (the base colour's diffuse and alpha terms, the emission,
// the specular colour, the shininess,
// a light's colour, a spot's cone, a camera's field of view or magnification, near or far plane) in
// one animation become one channel, keyed at the union of their key times and a span's quarters
// where it curves (a light's colour and an xfov, whose glTF values are not linear in them, exact at
// the keys), each channel followed as polyxios/ops/animation_curve.h does and the other terms at
// their static values: STEP when every span steps, else LINEAR with a key one float32 step before
// each step.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "formats/collada/read/context.h"
#include "formats/collada/read/materials.h"
#include "polyxios/scene/animation.h"

namespace px::collada {

enum class Parameter : uint8_t {
  kEmission,
  kSpecular,
  kShininess,
  kDiffuse,
  kTransparent,
  kTransparency,
  kLightColor,
  kFalloffAngle,
  kFalloffExponent,
  kXfov,
  kYfov,
  kAspectRatio,
  kXmag,
  kYmag,
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
// them animate nothing (a light or camera the scene dropped or no node carries, a camera term
// glTF's camera does not depend on, a term spelled through a <param>), which the caller counts as
// unresolved. A channel whose keys are not as wide as its target is dropped with
// collada.animation.key-width, one whose sampler cannot be followed with
// collada.animation.sampler-invalid.
absl::StatusOr<int64_t> merge_parameter_channels(ReadContext& ctx, const Materials& materials,
                                                 const std::vector<ParameterChannel>& channels,
                                                 Animation& animation);

}  // namespace px::collada
