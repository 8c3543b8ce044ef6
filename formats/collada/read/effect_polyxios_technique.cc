#include "formats/collada/read/effect_polyxios_technique.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/strings.h"
#include "formats/collada/read/xml/numbers.h"
#include "formats/common/material_extension_rules.h"

namespace px::collada {

namespace {

// A <gltf_extension> into m->extensions: each child a member its rules define, named by its key,
// a number or colour as text, a texture as a <texture> (with a normal texture's scale).
absl::Status read_gltf_extension(ReadContext& ctx, const Element& e, TextureReader texture_ref,
                                 Material* m) {
  const std::string_view name = e.attr("name");
  auto ignore = [&](std::string_view why, const Element& at) {
    ctx.warn("collada.effect.gltf-extension-ignored",
             cat("<gltf_extension name=\"", name, "\"> ", why, "; it is ignored"), &at);
    return absl::OkStatus();
  };
  const CarriedExtension* rules = carried_material_extension(name);
  if (rules == nullptr) return ignore("names no extension polyxios carries", e);
  if (std::any_of(m->extensions.begin(), m->extensions.end(),
                  [&](const MaterialExtension& x) { return x.name == name; })) {
    return ignore("is given twice", e);
  }
  MaterialExtension out{std::string(name), {}, {}};
  for (const Element& member : e.children()) {
    const std::string key(member.name);
    const MemberRule* rule = member_rule(*rules, key);
    if (rule == nullptr) return ignore(cat("holds <", key, ">, which it does not define"), member);
    const bool twice = std::any_of(out.values.begin(), out.values.end(),
                                   [&](auto& v) { return v.first == key; }) ||
                       std::any_of(out.textures.begin(), out.textures.end(),
                                   [&](auto& t) { return t.first == key; });
    if (twice) return ignore(cat("holds <", key, "> twice"), member);
    if (rule->kind == MemberKind::kNumber || rule->kind == MemberKind::kColor) {
      std::vector<double> numbers;
      Value value;
      if (text_doubles(member.text, &numbers)) {
        if (rule->kind == MemberKind::kNumber && numbers.size() == 1) value = Value(numbers[0]);
        if (rule->kind == MemberKind::kColor && numbers.size() == 3) {
          value = Value(ValueArray(numbers.begin(), numbers.end()));
        }
      }
      if (std::string problem = number_problem(*rule, value); !problem.empty()) {
        return ignore(cat("<", key, "> ", problem), member);
      }
      out.values.emplace_back(key, std::move(value));
      continue;
    }
    TextureRef ref;
    if (absl::Status s = texture_ref(member, &ref); !s.ok()) return s;
    if (!ref.present()) return ignore(cat("<", key, "> reaches no image"), member);
    if (const std::string_view* scale = member.find_attr("scale");
        scale != nullptr && rule->kind == MemberKind::kNormalTexture) {
      if (!parse_double(*scale, &ref.scale) || !std::isfinite(ref.scale)) {
        return ignore(cat("<", key, ">'s scale is not a finite number"), member);
      }
    }
    out.textures.emplace_back(key, ref);
  }
  m->extensions.push_back(std::move(out));
  return absl::OkStatus();
}

}  // namespace

const Element* polyxios_technique(const Element& technique) {
  for (const Element& extra : technique.children()) {
    if (extra.name != "extra") continue;
    for (const Element& t : extra.children()) {
      if (t.name == "technique" && t.attr("profile") == "polyxios") return &t;
    }
  }
  return nullptr;
}

absl::Status read_polyxios_technique(ReadContext& ctx, const Element& technique, bool constant,
                                     TextureReader texture_ref, Material* m) {
  const Element* extra = polyxios_technique(technique);
  if (extra == nullptr) return absl::OkStatus();
  auto numbers = [&](const Element& e, size_t count, double* out) {
    std::vector<double> values;
    if (!text_doubles(e.text, &values) || values.size() != count ||
        !std::all_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); })) {
      ctx.warn("collada.effect.polyxios-term-ignored",
               cat("<", e.name, "> is not ", count, " finite numbers; it is ignored"), &e);
      return false;
    }
    std::copy(values.begin(), values.end(), out);
    return true;
  };
  auto texture = [&](const Element& e, TextureRef* ref) -> absl::Status {
    if (absl::Status s = texture_ref(e, ref); !s.ok()) return s;
    if (const std::string_view* strength = e.find_attr("strength")) {
      double v;
      if (parse_double(*strength, &v) && std::isfinite(v)) ref->scale = v;
    }
    return absl::OkStatus();
  };
  const Element* cutoff = nullptr;
  for (const Element& e : extra->children()) {
    if (e.name == "metallic") {
      numbers(e, 1, &m->metallic);
    } else if (e.name == "roughness") {
      numbers(e, 1, &m->roughness);
    } else if (e.name == "ior") {
      // The ior <index_of_refraction> cannot say: 1 and 0 (see read_ior).
      double ior;
      if (numbers(e, 1, &ior)) {
        if (ior == 0 || ior >= 1) {
          m->ior = ior;
        } else {
          ctx.warn("collada.effect.polyxios-term-ignored",
                   cat("<ior> ", ior, " is neither 0 nor at least 1; it is ignored"), &e);
        }
      }
    } else if (e.name == "alpha_mode") {
      std::string_view mode = trim_xml_space(e.text);
      if (mode == "OPAQUE" || mode == "MASK" || mode == "BLEND") {
        m->alpha_mode = mode == "OPAQUE" ? AlphaMode::kOpaque
                        : mode == "MASK" ? AlphaMode::kMask
                                         : AlphaMode::kBlend;
      } else {
        ctx.warn("collada.effect.alpha-mode", cat("alpha_mode \"", mode, "\" is dropped"), &e);
      }
    } else if (e.name == "alpha_cutoff") {
      cutoff = &e;
    } else if (e.name == "base_color") {
      // A tint is restored only beside the texture it scales, or under constant shading.
      double rgba[4];
      if (!m->base_color_texture.present() && !constant) {
        ctx.warn("collada.effect.tint-ignored", "a base colour tint beside no texture is ignored",
                 &e);
      } else if (numbers(e, 4, rgba)) {
        std::copy(rgba, rgba + 4, m->base_color.begin());
      }
    } else if (e.name == "emissive") {
      double rgb[3];
      if (!m->emissive_texture.present() && !constant) {
        ctx.warn("collada.effect.tint-ignored", "an emissive tint beside no texture is ignored",
                 &e);
      } else if (numbers(e, 3, rgb)) {
        std::copy(rgb, rgb + 3, m->emissive.begin());
      }
    } else if (e.name == "metallic_roughness_texture") {
      if (absl::Status s = texture(e, &m->metallic_roughness_texture); !s.ok()) return s;
    } else if (e.name == "specular_factor") {
      double factor;
      if (numbers(e, 1, &factor)) m->specular_factor = factor;
    } else if (e.name == "specular_color") {
      double rgb[3];
      if (numbers(e, 3, rgb)) std::copy(rgb, rgb + 3, m->specular_color.begin());
    } else if (e.name == "specular_texture") {
      if (absl::Status s = texture(e, &m->specular_texture); !s.ok()) return s;
    } else if (e.name == "occlusion_texture") {
      if (absl::Status s = texture(e, &m->occlusion_texture); !s.ok()) return s;
    } else if (e.name == "gltf_extension") {
      if (absl::Status s = read_gltf_extension(ctx, e, texture_ref, m); !s.ok()) return s;
    }
  }
  // glTF uses the cutoff under MASK alone.
  if (cutoff != nullptr && m->alpha_mode == AlphaMode::kMask) numbers(*cutoff, 1, &m->alpha_cutoff);
  return absl::OkStatus();
}

}  // namespace px::collada
