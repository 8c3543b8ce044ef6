// KHR_animation_pointer channels (polyxios/scene/animation_pointer.h) as COLLADA channels on the
// effect, light and camera parameters that formats/collada/read/parameter_channels.h reads back:
// - "/materials/N/pbrMetallicRoughness/baseColorFactor": material N's diffuse <color
//   sid="diffuse-color"> (red, green, blue, 1) and, when an alpha is below 1 (or the material's
//   is), its A_ONE <transparent> <color sid="transparent-color"> (1, 1, 1, alpha), the effect
//   writing <transparency> 1 (a material whose base colour is a texture, or under constant
//   shading, has no diffuse colour to animate);
// - "/materials/N/emissiveFactor": its <emission> <color sid="emission-color"> (not beside an
//   emissive texture);
// - "/materials/N/extensions/KHR_materials_specular/specularColorFactor": a phong or blinn
//   material's <specular> <color sid="specular-color"> (red, green, blue, 1; not beside a
//   specular colour texture), and ".../pbrMetallicRoughness/roughnessFactor": its <shininess>
//   <float sid="shininess">, the exponent formats/collada/shininess.h gives;
// - a light's "color" and "intensity": the <color sid="color"> of the light the channel's node
//   carries, colour times intensity times the attenuation sum (formats/collada/light_mapping.h),
//   the other term at its static value; a colour and an intensity channel of one light with the
//   same key times make one channel;
// - a spot light's "spot/outerConeAngle": its <falloff_angle sid="falloff_angle"> (the full cone
//   in degrees), and its "spot/innerConeAngle": its <falloff_exponent sid="falloff_exponent">,
//   1 - inner / outer (light_mapping.h), the other angle at its static value; an outer cone
//   channel moves the exponent too where the inner cone stays, and an outer and an inner channel
//   of one light with the same key times make one pair;
// - a camera's "perspective/yfov" (in degrees), ".../aspectRatio", "orthographic/xmag",
//   ".../ymag", ".../znear" and ".../zfar": the <yfov sid>, <aspect_ratio sid>, <xmag sid>,
//   <ymag sid>, <znear sid> or <zfar sid> of the camera the channel's node carries, when its
//   optics are that kind (and an aspect ratio or a zfar when it has one).
// LINEAR and STEP keys are written as they are; CUBICSPLINE keys are followed at each span's
// quarters and written LINEAR. The plan marks the elements to give a sid.
#pragma once

#include <optional>
#include <vector>

#include "formats/collada/write/animation_channels.h"
#include "formats/collada/write/write_plan.h"
#include "polyxios/scene/animation.h"

namespace px::collada {

// Channel c of `animation` (a pointer channel) as COLLADA channels; none, without a failure, for
// an intensity or inner cone channel its light's colour or outer cone channel already holds.
// `written` is the written node of the channel's target node (-1 for none). nullopt with the
// failure: for a pointer on what COLLADA has no parameter for (a node's, an extension's, another
// property) collada.write.animation-path-unsupported; for an object that is not written or cannot
// hold it (a texture, shading other than phong or blinn for a specular colour or shininess, the
// other kind of camera, no far plane or aspect ratio, a light that is no spot, an outer cone not
// above 0), or keys that are not finite, increasing and as wide as the pointer's value,
// collada.write.animation-pointer-dropped.
std::optional<std::vector<BoundChannel>> bind_pointer_channel(const Animation& animation, size_t c,
                                                              int written, WritePlan& plan,
                                                              BindFailure* failure);

}  // namespace px::collada
