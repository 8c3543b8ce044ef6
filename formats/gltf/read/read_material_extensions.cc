#include "formats/gltf/read/read_material_extensions.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <span>
#include <string>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/common/material_extension_rules.h"

namespace px::gltf {
namespace {

constexpr std::string_view kInvalid = "gltf.read.material-extension-invalid";

std::optional<JsonObject> extension_of(ReadContext& ctx, const JsonObject& json,
                                       std::string_view extension) {
  return ctx.extension(json, extension, kInvalid);
}

// Member `key` of json as finite numbers, into out (left as it is when the member is absent);
// false, with a warning, when it is not `out.size()` finite numbers (one number for size 1).
bool numbers(ReadContext& ctx, const JsonObject& json, std::string_view key,
             std::span<double> out) {
  const JsonValue* v = json.find(key);
  if (v == nullptr) return true;
  bool ok = false;
  if (out.size() == 1) {
    ok = v->IsNumber() && std::isfinite(v->GetDouble());
    if (ok) out[0] = v->GetDouble();
  } else if (v->IsArray() && v->Size() == out.size()) {
    ok = true;
    for (rapidjson::SizeType i = 0; i < v->Size(); ++i)
      ok &= (*v)[i].IsNumber() && std::isfinite((*v)[i].GetDouble());
    for (rapidjson::SizeType i = 0; ok && i < v->Size(); ++i) out[i] = (*v)[i].GetDouble();
  }
  if (!ok) {
    ctx.warn(kInvalid, cat(json.pointer(key), " is not ", out.size(), " finite number",
                           out.size() == 1 ? "" : "s", "; the extension is left out"));
  }
  return ok;
}

// A textureInfo inside an extension (a normalTextureInfo with its "scale" when scale_key is
// given), into ref (left as it is when absent); false, with a warning, when it is not one.
bool texture_info(ReadContext& ctx, const JsonObject& json, std::string_view key, TextureRef& ref,
                  std::string_view scale_key = "") {
  if (!json.has(key)) return true;
  absl::StatusOr<std::optional<JsonObject>> info = json.object(key);
  TextureRef read;
  absl::Status status = info.ok()
                            ? (*info)->get_index("index", ctx.count(Top::kTextures), read.texture)
                            : info.status();
  if (status.ok()) status = (*info)->get("texCoord", read.texcoord);
  if (status.ok() && !scale_key.empty()) status = (*info)->get(scale_key, read.scale);
  if (!status.ok() || read.texture < 0 || read.texcoord < 0 || !std::isfinite(read.scale)) {
    ctx.warn(kInvalid, cat(json.pointer(key),
                           " is not a textureInfo of a texture the document "
                           "holds; the extension is left out"));
    return false;
  }
  read_texture_transform(ctx, **info, read);
  ref = read;
  return true;
}

// A number member as a Value, or three numbers; null for anything else (number_problem says why).
Value number_value(const JsonValue& json) {
  if (json.IsNumber()) return Value(json.GetDouble());
  if (!json.IsArray() || json.Size() != 3) return Value();
  ValueArray out;
  for (const JsonValue& v : json.GetArray()) {
    if (!v.IsNumber()) return Value();
    out.emplace_back(v.GetDouble());
  }
  return Value(std::move(out));
}

// One of the extensions carried as they are (formats/common/material_extension_rules.h): its
// numbers and textureInfos, each what the extension's schema says or the extension is left out,
// and its extras and members it does not define as they are.
absl::Status read_carried_extension(ReadContext& ctx, const CarriedExtension& rules,
                                    const JsonObject& json, Material& m) {
  MaterialExtension out{std::string(rules.name), {}, {}};
  for (const auto& member : json.json().GetObject()) {
    const std::string_view key(member.name.GetString(), member.name.GetStringLength());
    const MemberRule* rule = member_rule(rules, key);
    if (rule == nullptr) {
      // extras, or a member the extension does not define, which glTF allows: kept as it is.
      absl::StatusOr<Value> value = ctx.value(member.value, json.pointer(key));
      if (!value.ok()) return value.status();
      out.values.emplace_back(key, *std::move(value));
    } else if (rule->kind == MemberKind::kTexture || rule->kind == MemberKind::kNormalTexture) {
      TextureRef ref;
      const std::string_view scale_key = rule->kind == MemberKind::kNormalTexture ? "scale" : "";
      if (!texture_info(ctx, json, key, ref, scale_key)) return absl::OkStatus();
      out.textures.emplace_back(key, ref);
    } else {
      Value value = number_value(member.value);
      if (std::string problem = number_problem(*rule, value); !problem.empty()) {
        ctx.warn(kInvalid, cat(json.pointer(key), " ", problem, "; the extension is left out"));
        return absl::OkStatus();
      }
      out.values.emplace_back(key, std::move(value));
    }
  }
  m.extensions.push_back(std::move(out));
  return absl::OkStatus();
}

// KHR_materials_unlit shows the base colour as COLLADA's <constant> shows its emission: an unlit
// material without an emissive of its own reads its base colour and texture as the emissive,
// with a white base colour, which a glTF write turns back (formats/gltf/write/material_writer.cc).
void base_color_as_emission(Material& m) {
  if (m.emissive_texture.present() || m.emissive != std::array<double, 3>{0, 0, 0}) return;
  std::copy(m.base_color.begin(), m.base_color.begin() + 3, m.emissive.begin());
  m.emissive_texture = m.base_color_texture;
  m.base_color = {1, 1, 1, m.base_color[3]};
  m.base_color_texture = TextureRef{};
}

}  // namespace

absl::Status read_material_extensions(ReadContext& ctx, const JsonObject& json, Material& m) {
  if (std::optional<JsonObject> e = extension_of(ctx, json, "KHR_materials_emissive_strength")) {
    double strength = 1;
    if (numbers(ctx, *e, "emissiveStrength", std::span(&strength, 1))) {
      if (strength < 0) {
        ctx.warn(kInvalid, cat(e->pointer("emissiveStrength"), " is negative; it is left out"));
      } else {
        for (double& v : m.emissive) v *= strength;
      }
    }
  }
  if (std::optional<JsonObject> e = extension_of(ctx, json, "KHR_materials_ior")) {
    double ior = 1.5;
    if (numbers(ctx, *e, "ior", std::span(&ior, 1))) {
      if (ior != 0 && ior < 1) {
        ctx.warn(kInvalid, cat(e->pointer("ior"), " is neither 0 nor at least 1; it is left out"));
      } else {
        m.ior = ior;
      }
    }
  }
  if (std::optional<JsonObject> e = extension_of(ctx, json, "KHR_materials_specular")) {
    double factor = 1;
    std::array<double, 3> color{1, 1, 1};
    TextureRef texture, color_texture;
    if (numbers(ctx, *e, "specularFactor", std::span(&factor, 1)) &&
        numbers(ctx, *e, "specularColorFactor", color) &&
        texture_info(ctx, *e, "specularTexture", texture) &&
        texture_info(ctx, *e, "specularColorTexture", color_texture)) {
      if (factor < 0 || factor > 1 || std::min({color[0], color[1], color[2]}) < 0) {
        ctx.warn(kInvalid, cat(e->pointer(), ": a factor out of its range; it is left out"));
      } else {
        m.specular_factor = factor;
        m.specular_color = color;
        m.specular_texture = texture;
        m.specular_color_texture = color_texture;
      }
    }
  }
  if (extension_of(ctx, json, "KHR_materials_unlit")) {
    m.shading = Shading::kConstant;
    base_color_as_emission(m);
  }
  for (const CarriedExtension& rules : carried_material_extensions()) {
    if (std::optional<JsonObject> e = extension_of(ctx, json, rules.name)) {
      PX_GLTF_TRY(read_carried_extension(ctx, rules, *e, m));
    }
  }
  return absl::OkStatus();
}

void read_texture_transform(ReadContext& ctx, const JsonObject& json, TextureRef& ref) {
  std::optional<JsonObject> e = extension_of(ctx, json, "KHR_texture_transform");
  if (!e) return;
  TextureTransform t;
  double texcoord = ref.texcoord;
  if (!numbers(ctx, *e, "offset", t.offset) ||
      !numbers(ctx, *e, "rotation", std::span(&t.rotation, 1)) ||
      !numbers(ctx, *e, "scale", t.scale) ||
      !numbers(ctx, *e, "texCoord", std::span(&texcoord, 1))) {
    return;
  }
  if (texcoord < 0 || texcoord > 2147483647 || texcoord != std::floor(texcoord)) {
    ctx.warn(kInvalid,
             cat(e->pointer("texCoord"), " is not a TEXCOORD set; the extension is left out"));
    return;
  }
  ref.transform = t;
  ref.texcoord = static_cast<int>(texcoord);
}

}  // namespace px::gltf
