#include "formats/gltf/write/carried_extension_writer.h"

#include <algorithm>
#include <string>

#include "engine/strings.h"
#include "formats/common/material_extension_rules.h"
#include "formats/gltf/write/texture_info_writer.h"
#include "formats/gltf/write/value_json.h"

namespace px::gltf {
namespace {

constexpr std::string_view kAnisotropy = "KHR_materials_anisotropy";
constexpr std::string_view kClearcoat = "KHR_materials_clearcoat";
constexpr std::string_view kClearcoatNormal = "clearcoatNormalTexture";

bool is_clearcoat_normal(const std::pair<std::string, TextureRef>& t) {
  return t.first == kClearcoatNormal && t.second.present();
}

}  // namespace

bool needs_tangent_space(const Material& m) {
  if (m.normal_texture.present()) return false;
  return std::any_of(m.extensions.begin(), m.extensions.end(), [](const MaterialExtension& e) {
    return e.name == kAnisotropy ||
           (e.name == kClearcoat &&
            std::any_of(e.textures.begin(), e.textures.end(), is_clearcoat_normal));
  });
}

std::string strip_tangent_space(Material& m) {
  std::string what;
  std::erase_if(m.extensions, [&](const MaterialExtension& e) {
    if (e.name == kAnisotropy) what = cat(kAnisotropy);
    return e.name == kAnisotropy;
  });
  for (MaterialExtension& e : m.extensions) {
    if (e.name != kClearcoat || std::erase_if(e.textures, is_clearcoat_normal) == 0) continue;
    what += cat(what.empty() ? "" : " and ", kClearcoat, "'s ", kClearcoatNormal);
  }
  return what;
}

void write_carried_extensions(JsonWriter& json, const std::vector<MaterialExtension>& extensions) {
  for (const MaterialExtension& e : extensions) {
    const CarriedExtension* rules = carried_material_extension(e.name);
    if (rules == nullptr) continue;  // left out by clean_carried_extensions
    json.key(e.name);
    json.start_object();
    for (const MemberRule& rule : rules->members) {
      if (is_texture(rule)) {
        for (const auto& [key, ref] : e.textures) {
          if (key != rule.key) continue;
          write_texture_ref(json, key, ref, rule.kind == MemberKind::kNormalTexture ? "scale" : "");
        }
      } else if (const Value* value = find_value(e.values, rule.key)) {
        json.key(rule.key);
        write_value(json, *value);
      }
    }
    for (const auto& [key, value] : e.values) {
      if (member_rule(*rules, key) != nullptr) continue;  // written above
      json.key(key);
      write_value(json, value);
    }
    json.end_object();
  }
}

}  // namespace px::gltf
