// A material's shading model, as COLLADA's profile_COMMON names its technique: a COLLADA read's
// (phong when the effect gives none), constant for a glTF material with KHR_materials_unlit,
// unset for the other glTF materials. The Python module lists it as extras["shading"].
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace px {

enum class Shading : uint8_t { kUnset, kPhong, kLambert, kBlinn, kConstant };

// "phong", "lambert", "blinn" or "constant"; "" when unset.
constexpr std::string_view shading_name(Shading shading) {
  switch (shading) {
    case Shading::kPhong:
      return "phong";
    case Shading::kLambert:
      return "lambert";
    case Shading::kBlinn:
      return "blinn";
    case Shading::kConstant:
      return "constant";
    case Shading::kUnset:
      break;
  }
  return "";
}

// The shading a COLLADA technique element names; nullopt for an element of another name.
constexpr std::optional<Shading> shading_named(std::string_view name) {
  for (Shading s : {Shading::kPhong, Shading::kLambert, Shading::kBlinn, Shading::kConstant}) {
    if (shading_name(s) == name) return s;
  }
  return std::nullopt;
}

}  // namespace px
