#include "formats/common/material_extension_rules.h"

#include <algorithm>

#include "engine/strings.h"

namespace px {
namespace {

using K = MemberKind;
constexpr double kAny = -HUGE_VAL;

// From each extension's JSON schema (github.com/KhronosGroup/glTF, extensions/2.0/Khronos).
constexpr MemberRule kAnisotropy[] = {{"anisotropyStrength", K::kNumber, 0, 1},
                                      {"anisotropyRotation", K::kNumber, kAny},
                                      {"anisotropyTexture", K::kTexture}};
constexpr MemberRule kClearcoat[] = {{"clearcoatFactor", K::kNumber, 0, 1},
                                     {"clearcoatTexture", K::kTexture},
                                     {"clearcoatRoughnessFactor", K::kNumber, 0, 1},
                                     {"clearcoatRoughnessTexture", K::kTexture},
                                     {"clearcoatNormalTexture", K::kNormalTexture}};
constexpr MemberRule kDiffuseTransmission[] = {{"diffuseTransmissionFactor", K::kNumber, 0, 1},
                                               {"diffuseTransmissionTexture", K::kTexture},
                                               {"diffuseTransmissionColorFactor", K::kColor, 0, 1},
                                               {"diffuseTransmissionColorTexture", K::kTexture}};
constexpr MemberRule kDispersion[] = {{"dispersion", K::kNumber, 0}};
constexpr MemberRule kIridescence[] = {{"iridescenceFactor", K::kNumber, 0, 1},
                                       {"iridescenceTexture", K::kTexture},
                                       {"iridescenceIor", K::kNumber, 1},
                                       {"iridescenceThicknessMinimum", K::kNumber, 0},
                                       {"iridescenceThicknessMaximum", K::kNumber, 0},
                                       {"iridescenceThicknessTexture", K::kTexture}};
constexpr MemberRule kSheen[] = {{"sheenColorFactor", K::kColor, 0, 1},
                                 {"sheenColorTexture", K::kTexture},
                                 {"sheenRoughnessFactor", K::kNumber, 0, 1},
                                 {"sheenRoughnessTexture", K::kTexture}};
constexpr MemberRule kTransmission[] = {{"transmissionFactor", K::kNumber, 0, 1},
                                        {"transmissionTexture", K::kTexture}};
constexpr MemberRule kVolume[] = {{"thicknessFactor", K::kNumber, 0},
                                  {"thicknessTexture", K::kTexture},
                                  {"attenuationDistance", K::kNumber, 0, HUGE_VAL, true},
                                  {"attenuationColor", K::kColor, 0, 1}};

constexpr CarriedExtension kCarried[] = {
    {"KHR_materials_anisotropy", kAnisotropy},
    {"KHR_materials_clearcoat", kClearcoat},
    {"KHR_materials_diffuse_transmission", kDiffuseTransmission},
    {"KHR_materials_dispersion", kDispersion},
    {"KHR_materials_iridescence", kIridescence},
    {"KHR_materials_sheen", kSheen},
    {"KHR_materials_transmission", kTransmission},
    {"KHR_materials_volume", kVolume},
};

std::string range_of(const MemberRule& rule) {
  if (rule.min == kAny) return "a finite number";
  std::string out = cat(rule.min_excluded ? "(" : "[", rule.min, ", ");
  return rule.max == HUGE_VAL ? cat(out, "inf)") : cat(out, rule.max, "]");
}

bool in_range(const MemberRule& rule, const Value& v) {
  if (!v.is_number()) return false;
  const double d = v.as_double();
  return std::isfinite(d) && (rule.min_excluded ? d > rule.min : d >= rule.min) && d <= rule.max;
}

}  // namespace

std::span<const CarriedExtension> carried_material_extensions() { return kCarried; }

const CarriedExtension* carried_material_extension(std::string_view name) {
  for (const CarriedExtension& e : kCarried) {
    if (e.name == name) return &e;
  }
  return nullptr;
}

const MemberRule* member_rule(const CarriedExtension& extension, std::string_view key) {
  for (const MemberRule& rule : extension.members) {
    if (rule.key == key) return &rule;
  }
  return nullptr;
}

std::string number_problem(const MemberRule& rule, const Value& value) {
  if (rule.kind == MemberKind::kNumber) {
    return in_range(rule, value) ? "" : cat("is not a number in ", range_of(rule));
  }
  const bool ok = value.is_array() && value.as_array().size() == 3 &&
                  std::all_of(value.as_array().begin(), value.as_array().end(),
                              [&](const Value& v) { return in_range(rule, v); });
  return ok ? "" : cat("is not three numbers in ", range_of(rule));
}

}  // namespace px
