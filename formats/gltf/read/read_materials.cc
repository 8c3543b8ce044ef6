#include "formats/gltf/read/read_materials.h"

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/gltf/read/read_material_extensions.h"

namespace px::gltf {
namespace {

// A textureInfo: index, texCoord and, for normal and occlusion textures, scale or strength.
absl::Status read_texture_ref(ReadContext& ctx, const JsonObject& parent,
                              std::string_view key, std::string_view scale_key, TextureRef& ref) {
  absl::StatusOr<std::optional<JsonObject>> json = parent.object(key);
  if (!json.ok()) return json.status();
  if (!*json) return absl::OkStatus();
  PX_GLTF_TRY((*json)->require_index("index", ctx.count(Top::kTextures), ref.texture));
  PX_GLTF_TRY((*json)->get("texCoord", ref.texcoord));
  if (!scale_key.empty()) PX_GLTF_TRY((*json)->get(scale_key, ref.scale));
  read_texture_transform(ctx, **json, ref);
  return absl::OkStatus();
}

absl::Status read_material(ReadContext& ctx, const JsonObject& json, Material& m) {
  PX_GLTF_TRY(json.get("name", m.name));
  absl::StatusOr<std::optional<JsonObject>> pbr = json.object("pbrMetallicRoughness");
  if (!pbr.ok()) return pbr.status();
  if (*pbr) {
    const JsonObject& p = **pbr;
    PX_GLTF_TRY(p.get("baseColorFactor", m.base_color));
    PX_GLTF_TRY(p.get("metallicFactor", m.metallic));
    PX_GLTF_TRY(p.get("roughnessFactor", m.roughness));
    PX_GLTF_TRY(read_texture_ref(ctx, p, "baseColorTexture", "", m.base_color_texture));
    PX_GLTF_TRY(
        read_texture_ref(ctx, p, "metallicRoughnessTexture", "", m.metallic_roughness_texture));
  }
  PX_GLTF_TRY(read_texture_ref(ctx, json, "normalTexture", "scale", m.normal_texture));
  PX_GLTF_TRY(read_texture_ref(ctx, json, "occlusionTexture", "strength", m.occlusion_texture));
  PX_GLTF_TRY(read_texture_ref(ctx, json, "emissiveTexture", "", m.emissive_texture));
  PX_GLTF_TRY(json.get("emissiveFactor", m.emissive));
  std::string alpha_mode = "OPAQUE";
  PX_GLTF_TRY(json.get("alphaMode", alpha_mode));
  if (alpha_mode == "MASK") {
    m.alpha_mode = AlphaMode::kMask;
  } else if (alpha_mode == "BLEND") {
    m.alpha_mode = AlphaMode::kBlend;
  } else if (alpha_mode != "OPAQUE") {
    return refuse(kJsonValue, cat(json.pointer("alphaMode"), " is \"", alpha_mode,
                                  "\", not OPAQUE, MASK or BLEND"));
  }
  PX_GLTF_TRY(json.get("alphaCutoff", m.alpha_cutoff));
  PX_GLTF_TRY(json.get("doubleSided", m.double_sided));
  PX_GLTF_TRY(read_material_extensions(ctx, json, m));
  return ctx.keep(json, "extras", m.extras);
}

}  // namespace

absl::Status read_materials(ReadContext& ctx) {
  std::vector<Material>& materials = ctx.scene().materials;
  PX_GLTF_TRY(ctx.resize(materials, Top::kMaterials));
  for (size_t i = 0; i < materials.size(); ++i) {
    absl::StatusOr<JsonObject> json = ctx.entry(Top::kMaterials, i);
    if (!json.ok()) return json.status();
    PX_GLTF_TRY(read_material(ctx, *json, materials[i]));
  }
  return absl::OkStatus();
}

}  // namespace px::gltf
