// Maya's UV placement of a texture (the <extra><technique profile="MAYA"> ColladaMaya and
// OpenCOLLADA write inside a <texture>: repeatU/V, offsetU/V, rotateUV in degrees) and
// KHR_texture_transform (polyxios/scene/scene.h's TextureTransform), both ways.
//
// Maya places a texture, as readers apply it (three.js's ColladaLoader takes uv * repeat + offset,
// Maya's renderers then rotate about the texture's centre): the texture is sampled at
//   p = Rccw(a) (S uv + o - h) + h,  S = diag(repeatU, repeatV), o = (offsetU, offsetV),
//   h = (1/2, 1/2), a = rotateUV, Rccw(a) = [[cos a, -sin a], [sin a, cos a]];
// KHR_texture_transform samples at p = offset + R(r) S' uv with R(r) = [[cos r, sin r],
// [-sin r, cos r]] = Rccw(-r). So S' = S, r = -a, offset = Rccw(a) (o - h) + h, and back
// o = Rccw(r) (offset - h) + h. Neither codec flips V in the texcoords (spec/collada.md, W8), so
// the same texcoord numbers reach the same texel through either transform.
#pragma once

#include <array>

#include "polyxios/scene/scene.h"

namespace px::collada {

struct MayaPlacement {
  std::array<double, 2> repeat{1, 1};
  std::array<double, 2> offset{0, 0};
  double rotate_degrees = 0;
};

TextureTransform transform_of(const MayaPlacement& maya);
MayaPlacement maya_placement_of(const TextureTransform& transform);

}  // namespace px::collada
