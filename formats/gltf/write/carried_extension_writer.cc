#include "formats/gltf/write/carried_extension_writer.h"

#include <algorithm>
#include <string>

#include "engine/strings.h"
#include "formats/gltf/check/material_extension_rules.h"
#include "formats/gltf/write/texture_info_writer.h"
#include "formats/gltf/write/value_json.h"

namespace px::gltf {
namespace {

bool is_texture(const MemberRule& rule) {
  return rule.kind == MemberKind::kTexture || rule.kind == MemberKind::kNormalTexture;
}

// Leaves out the entries whose key `keep` refuses, and the second of a key given twice.
template <class Entry, class Keep>
void filter_members(std::vector<Entry>& entries, Keep keep) {
  std::vector<Entry> kept;
  for (Entry& entry : entries) {
    const bool twice = std::any_of(kept.begin(), kept.end(),
                                   [&](const Entry& k) { return k.first == entry.first; });
    if (keep(entry, twice)) kept.push_back(std::move(entry));
  }
  entries = std::move(kept);
}

// Why the extension cannot be written, "" when it can; its members that cannot are left out.
std::string clean(MaterialExtension& e, const std::string& where, std::string_view code,
                  Diagnostics& diagnostics) {
  const CarriedExtension* rules = carried_material_extension(e.name);
  if (rules == nullptr) return "polyxios does not carry it";
  std::string problem;
  auto drop_member = [&](std::string_view key, std::string_view why) {
    diagnostics.warn(code, cat(where, ": member \"", key, "\" left out: ", why));
  };
  filter_members(e.values, [&](const std::pair<std::string, Value>& member, bool twice) {
    const MemberRule* rule = member_rule(*rules, member.first);
    if (twice) {
      drop_member(member.first, "given twice");
    } else if (rule == nullptr) {
      return true;  // extras, or a member the extension does not define: written as it is
    } else if (is_texture(*rule)) {
      drop_member(member.first, "a texture given as a value");
    } else if (std::string why = number_problem(*rule, member.second); !why.empty()) {
      if (problem.empty()) problem = cat("\"", member.first, "\" ", why);
    } else {
      return true;
    }
    return false;
  });
  filter_members(e.textures, [&](const std::pair<std::string, TextureRef>& member, bool twice) {
    const MemberRule* rule = member_rule(*rules, member.first);
    if (twice) {
      drop_member(member.first, "given twice");
    } else if (rule == nullptr || !is_texture(*rule)) {
      drop_member(member.first, cat(e.name, " defines no such texture"));
    } else {
      return true;
    }
    return false;
  });
  return problem;
}

}  // namespace

void clean_carried_extensions(std::vector<MaterialExtension>& extensions, std::string_view label,
                              std::string_view code, Diagnostics& diagnostics) {
  std::vector<MaterialExtension> kept;
  for (MaterialExtension& e : extensions) {
    const std::string where = cat(label, ": ", e.name);
    std::string why = std::any_of(kept.begin(), kept.end(),
                                  [&](const MaterialExtension& k) { return k.name == e.name; })
                          ? "given twice"
                          : clean(e, where, code, diagnostics);
    if (why.empty()) {
      kept.push_back(std::move(e));
    } else {
      diagnostics.warn(code, cat(where, " left out: ", why));
    }
  }
  extensions = std::move(kept);
}

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
