// The ratified material extensions a glTF read carries through as the document spells them (the
// model has no typed terms for them, polyxios/scene/scene.h MaterialExtension): each member's kind
// and range as the extension's schema gives them, so that a read leaves out data that is not what
// its extension says and a write never spells what the validator rejects. Scene-level rules: the
// COLLADA polyxios technique holds the same extensions and checks them by the same rules.
#pragma once

#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "polyxios/scene/value.h"

namespace px {

enum class MemberKind : uint8_t {
  kNumber,         // a finite number in [min, max]
  kColor,          // three such numbers
  kTexture,        // a textureInfo
  kNormalTexture,  // a material.normalTextureInfo: a textureInfo with a "scale"
};

struct MemberRule {
  std::string_view key;
  MemberKind kind;
  double min = 0;
  double max = HUGE_VAL;
  bool min_excluded = false;
};

struct CarriedExtension {
  std::string_view name;
  std::span<const MemberRule> members;
};

// KHR_materials_anisotropy, _clearcoat, _diffuse_transmission, _dispersion, _iridescence,
// _sheen, _transmission and _volume, by name.
std::span<const CarriedExtension> carried_material_extensions();
const CarriedExtension* carried_material_extension(std::string_view name);
const MemberRule* member_rule(const CarriedExtension& extension, std::string_view key);

inline bool is_texture(const MemberRule& rule) {
  return rule.kind == MemberKind::kTexture || rule.kind == MemberKind::kNormalTexture;
}

// Why `value` is not what a number or colour member `rule` holds, "" when it is.
std::string number_problem(const MemberRule& rule, const Value& value);

}  // namespace px
