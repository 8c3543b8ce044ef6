// A camera, in glTF's terms (a COLLADA read converts its optics to them), and the rules both
// writers hold a camera to before they write it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "polyxios/scene/value.h"

namespace px {

enum class CameraType { kPerspective, kOrthographic };

struct Camera {
  // A COLLADA read's: the <camera>'s id, after "other.dae#" for one of a document the input
  // references (the key of Python's global_attrs["cameras"]); none for another format's camera.
  std::optional<std::string> collada_id;
  std::optional<std::string> name;  // none when the source gives none (or one not a string)
  CameraType type = CameraType::kPerspective;
  // The projection's terms; a perspective camera has yfov, aspect_ratio (none: the viewer's),
  // znear and zfar (none: an infinite projection), an orthographic one xmag, ymag, znear and
  // zfar. None where the source gives none; NaN where it gives something other than a number.
  std::optional<double> yfov;  // radians
  std::optional<double> aspect_ratio;
  std::optional<double> xmag, ymag;
  std::optional<double> znear, zfar;
  std::optional<Value> extras;  // a glTF read's camera "extras"
  // Why a glTF read's object is no camera of either type ("it has no type", "its type is
  // 'fisheye'", "it has no perspective object"); empty for a camera.
  std::string malformed;
  // A glTF read's camera object, member by member as the document spells it (its distances
  // scaled with the typed ones): the dict the Python module shows, and what tells apart two
  // cameras a COLLADA write would spell the same. None for a camera a glTF read did not give.
  std::optional<ValueMap> gltf_object;

  // The term of this camera's type glTF names `name` ("yfov", "aspectRatio", "xmag", "ymag",
  // "znear", "zfar"); none for another name, or a term of the other type.
  std::optional<double> term(std::string_view name) const;
};

std::string_view camera_type_name(CameraType type);  // "perspective", "orthographic"

// A glTF camera object read into a Camera (gltf_object keeps the object).
Camera camera_from_gltf(const ValueMap& object);

// Why a camera breaks glTF's rules (malformed, yfov and znear positive, zfar past znear where
// given, a positive aspectRatio where given; xmag and ymag non-zero, znear at least 0 and zfar
// past it); empty when it keeps them.
std::string camera_fault(const Camera& camera);

}  // namespace px
