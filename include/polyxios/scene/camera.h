// The scene's cameras are shaped as glTF's camera objects (a COLLADA read gives that shape too);
// the rules both writers hold a camera to before they write it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "polyxios/scene/value.h"

namespace px {

// map[key] when it is a finite number.
std::optional<double> finite_number(const ValueMap& map, std::string_view key);

// Why a camera breaks glTF's rules (a type of perspective or orthographic with its object, yfov
// and znear positive, zfar past znear where given, a positive aspectRatio where given; xmag and
// ymag non-zero, znear at least 0 and zfar past it); empty when it keeps them.
std::string camera_fault(const ValueMap& camera);

}  // namespace px
