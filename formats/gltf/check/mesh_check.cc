#include "formats/gltf/check/mesh_check.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/strings.h"
#include "formats/gltf/check/capped_warnings.h"
#include "formats/gltf/check/semantic_json.h"

namespace px::gltf {
namespace {

using namespace semantic_json;

constexpr std::string_view kAttributeInvalid = "gltf.read.attribute-invalid";
constexpr std::string_view kNotContinuous = "gltf.read.attribute-not-continuous";
constexpr std::string_view kJointsWeights = "gltf.read.joints-weights-mismatch";
constexpr std::string_view kUnsignedIntAttribute = "gltf.read.attribute-unsigned-int";
constexpr std::string_view kTexcoordMissing = "gltf.read.texcoord-missing";
constexpr std::string_view kTangentSpace = "gltf.read.tangent-space-missing";

// The attribute prefixes glTF gives formats to ("TEXCOORD" of TEXCOORD_0): an accessor of
// another attribute is only barred from UNSIGNED_INT.
bool has_formats(std::string_view name) {
  const std::string_view prefix = name.substr(0, name.find('_'));
  for (std::string_view p :
       {"POSITION", "NORMAL", "TANGENT", "TEXCOORD", "COLOR", "JOINTS", "WEIGHTS"}) {
    if (prefix == p) return true;
  }
  return false;
}

// A texture binding of a material: its pointer and the TEXCOORD_n it reads.
struct TexCoordUse {
  std::string pointer;
  uint64_t texcoord;
};

// The texture bindings of `info` (a textureInfo at `at`): its own texCoord, and its
// KHR_texture_transform's when that gives one.
void add_uses(const JsonValue& info, const std::string& at, std::vector<TexCoordUse>& out) {
  const JsonValue* texcoord = find_member(info, "texCoord");
  out.push_back({at, texcoord != nullptr ? json_uint(*texcoord).value_or(0) : 0});
  const JsonValue* extensions = object_member(info, "extensions");
  const JsonValue* transform =
      extensions != nullptr ? object_member(*extensions, "KHR_texture_transform") : nullptr;
  if (transform == nullptr) return;
  const JsonValue* override = find_member(*transform, "texCoord");
  if (override == nullptr) return;
  if (std::optional<uint64_t> n = json_uint(*override)) {
    out.push_back({cat(at, "/extensions/KHR_texture_transform"), *n});
  }
}

// Every textureInfo member (named "...Texture", an object) of `object` at `at`.
void add_texture_infos(const JsonValue& object, const std::string& at,
                       std::vector<TexCoordUse>& out) {
  if (!object.IsObject()) return;
  for (const auto& member : object.GetObject()) {
    const std::string_view key(member.name.GetString(), member.name.GetStringLength());
    if (key.ends_with("Texture") && member.value.IsObject()) {
      add_uses(member.value, child_pointer(at, key), out);
    }
  }
}

// What a material asks of the primitives that use it.
struct MaterialNeeds {
  std::vector<TexCoordUse> texcoords;
  bool tangent_space = false;       // a clearcoat normal or anisotropy texture
  bool has_normal_texture = false;  // from which a tangent space can be generated
};

MaterialNeeds needs_of(const JsonValue& material, const std::string& at) {
  MaterialNeeds needs;
  add_texture_infos(material, at, needs.texcoords);
  if (const JsonValue* pbr = object_member(material, "pbrMetallicRoughness")) {
    add_texture_infos(*pbr, cat(at, "/pbrMetallicRoughness"), needs.texcoords);
  }
  needs.has_normal_texture = object_member(material, "normalTexture") != nullptr;
  const JsonValue* extensions = object_member(material, "extensions");
  if (extensions == nullptr) return needs;
  for (const auto& member : extensions->GetObject()) {
    const std::string_view name(member.name.GetString(), member.name.GetStringLength());
    add_texture_infos(member.value, cat(at, "/extensions/", name), needs.texcoords);
  }
  const JsonValue* clearcoat = object_member(*extensions, "KHR_materials_clearcoat");
  const JsonValue* anisotropy = object_member(*extensions, "KHR_materials_anisotropy");
  needs.tangent_space =
      needs.has_normal_texture ||
      (clearcoat != nullptr && object_member(*clearcoat, "clearcoatNormalTexture") != nullptr) ||
      (anisotropy != nullptr && object_member(*anisotropy, "anisotropyTexture") != nullptr);
  return needs;
}

class MeshChecker {
 public:
  MeshChecker(const JsonObject& root, CappedWarnings& warnings)
      : warnings_(warnings),
        accessors_(entries(root.json(), "accessors")),
        materials_(entries(root.json(), "materials")) {}

  void check(std::span<const JsonValue> meshes) {
    for (size_t m = 0; m < meshes.size(); ++m) {
      const std::span<const JsonValue> primitives = entries(meshes[m], "primitives");
      for (size_t p = 0; p < primitives.size(); ++p) {
        check_primitive(primitives[p], cat("/meshes/", m, "/primitives/", p));
      }
    }
  }

 private:
  void check_primitive(const JsonValue& primitive, const std::string& at) {
    const JsonValue* attributes = object_member(primitive, "attributes");
    if (attributes == nullptr) return;
    const std::string attributes_at = cat(at, "/attributes");
    const Semantics semantics = semantics_of(*attributes);
    for (std::string_view name : semantics.invalid) {
      warnings_.warn(kAttributeInvalid, cat(child_pointer(attributes_at, name),
                                            ": glTF defines no attribute semantic of this name"));
    }
    for (std::string_view set : semantics.discontinuous) {
      warnings_.warn(kNotContinuous, cat(attributes_at, ": the indices of the ", set,
                                         "_n attributes do not run from 0 without a gap"));
    }
    if (semantics.joints_weights_differ) {
      warnings_.warn(kJointsWeights, cat(attributes_at,
                                         ": the numbers of JOINTS_n and WEIGHTS_n "
                                         "attributes differ"));
    }
    check_targets(primitive, at);
    for (const auto& member : attributes->GetObject()) {
      const std::string_view name(member.name.GetString(), member.name.GetStringLength());
      const std::optional<uint64_t> index = json_uint(member.value);
      if (!index || *index >= accessors_.size() || has_formats(name)) continue;
      if (accessor_format(accessors_[*index]).component_type == semantic_json::kUnsignedInt) {
        warnings_.warn(kUnsignedIntAttribute, cat(child_pointer(attributes_at, name),
                                                  ": a mesh attribute may not be of UNSIGNED_INT "
                                                  "components"));
      }
    }
    const std::optional<size_t> material = find_index(primitive, "material", materials_.size());
    if (material) check_material(semantics, *material, cat(at, "/material"));
  }

  void check_targets(const JsonValue& primitive, const std::string& at) {
    const std::span<const JsonValue> targets = entries(primitive, "targets");
    for (size_t t = 0; t < targets.size(); ++t) {
      if (!targets[t].IsObject()) continue;
      for (const auto& member : targets[t].GetObject()) {
        const std::string_view name(member.name.GetString(), member.name.GetStringLength());
        if (valid_target_semantic(name)) continue;
        warnings_.warn(kAttributeInvalid,
                       cat(child_pointer(cat(at, "/targets/", t), name),
                           ": glTF defines no morph target semantic of this name"));
      }
    }
  }

  void check_material(const Semantics& semantics, size_t material, const std::string& at) {
    const MaterialNeeds needs = needs_of(materials_[material], cat("/materials/", material));
    if (needs.tangent_space && !needs.has_normal_texture &&
        !(semantics.normal && semantics.tangent)) {
      warnings_.warn(kTangentSpace,
                     cat(at, ": material ", material,
                         " needs a tangent space, which the primitive gives no NORMAL and TANGENT "
                         "for and the material no normal texture to generate it from"));
    }
    for (const TexCoordUse& use : needs.texcoords) {
      if (use.texcoord < uint64_t(semantics.texcoords)) continue;
      warnings_.warn(kTexcoordMissing,
                     cat(at, ": the texture binding ", use.pointer, " reads TEXCOORD_",
                         use.texcoord, ", which the primitive does not have"));
    }
  }

  CappedWarnings& warnings_;
  std::span<const JsonValue> accessors_;
  std::span<const JsonValue> materials_;
};

}  // namespace

void check_meshes(const JsonObject& root, Diagnostics& diagnostics) {
  CappedWarnings warnings(diagnostics);
  MeshChecker(root, warnings).check(entries(root.json(), "meshes"));
  warnings.finish();
}

}  // namespace px::gltf
