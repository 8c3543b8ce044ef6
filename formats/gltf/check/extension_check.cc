#include "formats/gltf/check/extension_check.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/gltf/read/read_json.h"

namespace px::gltf {
namespace {

// Extensions that change how geometry is stored: without them the data cannot be read.
constexpr std::string_view kUndecodable[] = {"KHR_meshopt_compression"};
// Extensions whose data the reader keeps: quantized attributes decode as any accessor does,
// Draco-compressed primitives through formats/gltf/draco (libdraco), meshopt-compressed
// bufferViews through meshoptimizer (read/read_meshopt.h), lights by read/read_lights.h, the
// material extensions by read/read_material_extensions.h (those of material_extension_rules.h
// carried as they are), a texture's KTX2, WebP or AVIF source by read/read_textures.h, material
// variants by read/read_variants.h, node instances by read/read_instancing.h.
constexpr std::string_view kKept[] = {"KHR_mesh_quantization",
                                      "KHR_animation_pointer",
                                      "KHR_draco_mesh_compression",
                                      "EXT_meshopt_compression",
                                      "KHR_lights_punctual",
                                      "KHR_materials_unlit",
                                      "KHR_materials_emissive_strength",
                                      "KHR_materials_ior",
                                      "KHR_texture_transform",
                                      "KHR_materials_specular",
                                      "KHR_materials_anisotropy",
                                      "KHR_materials_clearcoat",
                                      "KHR_materials_diffuse_transmission",
                                      "KHR_materials_dispersion",
                                      "KHR_materials_iridescence",
                                      "KHR_materials_sheen",
                                      "KHR_materials_transmission",
                                      "KHR_materials_volume",
                                      "KHR_texture_basisu",
                                      "EXT_texture_webp",
                                      "EXT_texture_avif",
                                      "KHR_materials_variants",
                                      "EXT_mesh_gpu_instancing"};
// Extensions that change what glTF's core data means, so that a reader that ignores them reads
// it wrong: using one without requiring it is an error.
constexpr std::string_view kRequiredWhenUsed[] = {"KHR_mesh_quantization"};

// What an object of the document is, as far as extension placement goes.
enum class Kind : uint8_t {
  kUnknown,            // inside extension data or a member glTF gives no kind: not checked
  kExtensions,         // an "extensions" object: its members are extension objects
  kMaterialExtension,  // a material extension's object: its *Texture members are textureInfos
  // glTF's own objects; an extension object on them is checked against the placement table.
  kRoot,
  kAccessor,
  kAnimation,
  kAnimationChannel,
  kAnimationTarget,
  kBuffer,
  kBufferView,
  kCamera,
  kMaterial,
  kPbrMetallicRoughness,
  kMesh,
  kNode,
  kPrimitive,
  kSparse,
  kTexture,
  kTextureInfo,
  kOther,  // asset, image, sampler, scene, skin, sparse indices and values, camera projections
};

constexpr uint32_t bit(Kind kind) { return uint32_t{1} << static_cast<int>(kind); }

bool is_gltf_object(Kind kind) { return kind >= Kind::kRoot; }

std::string_view kind_name(Kind kind) {
  switch (kind) {
    case Kind::kRoot:
      return "the root";
    case Kind::kAccessor:
      return "an accessor";
    case Kind::kAnimation:
      return "an animation";
    case Kind::kAnimationChannel:
      return "an animation channel";
    case Kind::kAnimationTarget:
      return "an animation channel target";
    case Kind::kBuffer:
      return "a buffer";
    case Kind::kBufferView:
      return "a bufferView";
    case Kind::kCamera:
      return "a camera";
    case Kind::kMaterial:
      return "a material";
    case Kind::kPbrMetallicRoughness:
      return "a pbrMetallicRoughness";
    case Kind::kMesh:
      return "a mesh";
    case Kind::kNode:
      return "a node";
    case Kind::kPrimitive:
      return "a primitive";
    case Kind::kSparse:
      return "an accessor's sparse";
    case Kind::kTexture:
      return "a texture";
    case Kind::kTextureInfo:
      return "a textureInfo";
    default:
      return "this object";
  }
}

// The glTF objects each extension may extend: the Khronos validator's table (KHR_mesh_quantization
// has no object of its own), and the specifications of the few ratified extensions the validator
// does not know. Extensions not listed are not checked.
struct Placement {
  std::string_view extension;
  uint32_t kinds;
};
constexpr uint32_t kOnMaterial = bit(Kind::kMaterial);
constexpr Placement kPlacements[] = {
    {"EXT_mesh_gpu_instancing", bit(Kind::kNode)},
    {"EXT_meshopt_compression", bit(Kind::kBuffer) | bit(Kind::kBufferView)},
    {"EXT_texture_avif", bit(Kind::kTexture)},
    {"EXT_texture_webp", bit(Kind::kTexture)},
    {"KHR_animation_pointer", bit(Kind::kAnimationTarget)},
    {"KHR_draco_mesh_compression", bit(Kind::kPrimitive)},
    {"KHR_lights_punctual", bit(Kind::kRoot) | bit(Kind::kNode)},
    {"KHR_materials_anisotropy", kOnMaterial},
    {"KHR_materials_clearcoat", kOnMaterial},
    {"KHR_materials_diffuse_transmission", kOnMaterial},
    {"KHR_materials_dispersion", kOnMaterial},
    {"KHR_materials_emissive_strength", kOnMaterial},
    {"KHR_materials_ior", kOnMaterial},
    {"KHR_materials_iridescence", kOnMaterial},
    {"KHR_materials_pbrSpecularGlossiness", kOnMaterial},
    {"KHR_materials_sheen", kOnMaterial},
    {"KHR_materials_specular", kOnMaterial},
    {"KHR_materials_transmission", kOnMaterial},
    {"KHR_materials_unlit", kOnMaterial},
    {"KHR_materials_variants", bit(Kind::kRoot) | bit(Kind::kPrimitive)},
    {"KHR_materials_volume", kOnMaterial},
    {"KHR_mesh_quantization", 0},
    {"KHR_node_visibility", bit(Kind::kNode)},
    {"KHR_texture_basisu", bit(Kind::kTexture)},
    {"KHR_texture_transform", bit(Kind::kTextureInfo)},
};

const Placement* placement_of(std::string_view extension) {
  for (const Placement& p : kPlacements) {
    if (p.extension == extension) return &p;
  }
  return nullptr;
}

std::string places_text(uint32_t kinds) {
  std::string out;
  for (int k = static_cast<int>(Kind::kRoot); k <= static_cast<int>(Kind::kOther); ++k) {
    if ((kinds & bit(Kind(k))) == 0) continue;
    out += out.empty() ? "" : " or ";
    out += kind_name(Kind(k));
  }
  return out.empty() ? "no object" : out;
}

// The kinds of glTF's objects by where they sit: (parent, member) -> the member object's kind, or
// the kind of the objects of the member array.
struct ChildKind {
  Kind parent;
  std::string_view key;
  Kind child;
};
constexpr ChildKind kChildKinds[] = {
    {Kind::kRoot, "accessors", Kind::kAccessor},
    {Kind::kRoot, "animations", Kind::kAnimation},
    {Kind::kRoot, "asset", Kind::kOther},
    {Kind::kRoot, "buffers", Kind::kBuffer},
    {Kind::kRoot, "bufferViews", Kind::kBufferView},
    {Kind::kRoot, "cameras", Kind::kCamera},
    {Kind::kRoot, "images", Kind::kOther},
    {Kind::kRoot, "materials", Kind::kMaterial},
    {Kind::kRoot, "meshes", Kind::kMesh},
    {Kind::kRoot, "nodes", Kind::kNode},
    {Kind::kRoot, "samplers", Kind::kOther},
    {Kind::kRoot, "scenes", Kind::kOther},
    {Kind::kRoot, "skins", Kind::kOther},
    {Kind::kRoot, "textures", Kind::kTexture},
    {Kind::kAccessor, "sparse", Kind::kSparse},
    {Kind::kAnimation, "channels", Kind::kAnimationChannel},
    {Kind::kAnimation, "samplers", Kind::kOther},
    {Kind::kAnimationChannel, "target", Kind::kAnimationTarget},
    {Kind::kCamera, "orthographic", Kind::kOther},
    {Kind::kCamera, "perspective", Kind::kOther},
    {Kind::kMaterial, "pbrMetallicRoughness", Kind::kPbrMetallicRoughness},
    {Kind::kMesh, "primitives", Kind::kPrimitive},
    {Kind::kSparse, "indices", Kind::kOther},
    {Kind::kSparse, "values", Kind::kOther},
};

// The kind of the object (or of the objects of the array) `value` at member `key` of an object of
// kind `parent`.
Kind child_kind(Kind parent, std::string_view key, const JsonValue& value) {
  if (parent == Kind::kExtensions) {
    const Placement* p = placement_of(key);
    return p != nullptr && p->kinds == kOnMaterial ? Kind::kMaterialExtension : Kind::kUnknown;
  }
  if (key == "extensions") return value.IsObject() ? Kind::kExtensions : Kind::kUnknown;
  // A material's textures, those of its pbrMetallicRoughness and those of material extensions
  // (clearcoatTexture, sheenColorTexture...) are all textureInfos.
  if ((parent == Kind::kMaterial || parent == Kind::kPbrMetallicRoughness ||
       parent == Kind::kMaterialExtension) &&
      key.ends_with("Texture")) {
    return Kind::kTextureInfo;
  }
  for (const ChildKind& c : kChildKinds) {
    if (c.parent == parent && c.key == key) return c.child;
  }
  return Kind::kUnknown;
}

std::string_view view(const JsonValue& string) {
  return {string.GetString(), string.GetStringLength()};
}

// glTF's objects nest about ten levels (root, materials, material, extensions, clearcoat,
// clearcoatTexture, extensions, KHR_texture_transform); what is deeper is extension data.
constexpr size_t kMaxDepth = 64;
// The walk stops after this many warnings: each names a pointer, which long keys make long, so
// that a warning for every extension object could cost the square of the document's size.
constexpr int kMaxWarnings = 64;

// One object or array on the walk's path, with where it sits in its parent.
struct Frame {
  const JsonValue* value;
  Kind kind;  // of the object, or of the objects of the array
  bool in_array = false;
  std::string_view key = {};      // in the parent object
  rapidjson::SizeType index = 0;  // in the parent array
  rapidjson::SizeType next = 0;   // the next member or element to visit
};

std::string pointer_of(const std::vector<Frame>& path) {
  std::string out;
  for (size_t i = 1; i < path.size(); ++i) {
    out = path[i].in_array ? child_pointer(out, path[i].index) : child_pointer(out, path[i].key);
  }
  return out;
}

// Walks the whole document but its extras, without recursion, and checks every extension object
// against extensionsUsed and the placement table.
class ExtensionObjectWalk {
 public:
  ExtensionObjectWalk(const std::unordered_set<std::string_view>& used, Diagnostics& diagnostics)
      : used_(used), diagnostics_(diagnostics) {}

  void run(const JsonValue& root) {
    path_.push_back({&root, Kind::kRoot});
    while (!path_.empty() && warnings_ < kMaxWarnings) {
      Frame& top = path_.back();
      if (top.value->IsObject()) {
        visit_member(top);
      } else {
        visit_element(top);
      }
    }
  }

 private:
  void visit_member(Frame& top) {
    if (top.next == top.value->MemberCount()) {
      path_.pop_back();
      return;
    }
    const auto& member = top.value->MemberBegin()[top.next++];
    std::string_view key = view(member.name);
    if (top.kind == Kind::kExtensions) {
      check_extension_object(path_[path_.size() - 2].kind, key, member.value);
    } else if (key == "extras") {
      return;
    } else if (key == "extensions" && is_gltf_object(top.kind)) {
      expect_object(key, member.value);
    }
    descend({&member.value, child_kind(top.kind, key, member.value), false, key});
  }

  void visit_element(Frame& top) {
    if (top.next == top.value->Size()) {
      path_.pop_back();
      return;
    }
    rapidjson::SizeType i = top.next++;
    const JsonValue& element = (*top.value)[i];
    descend({&element, element.IsObject() ? top.kind : Kind::kUnknown, true, {}, i});
  }

  void descend(const Frame& child) {
    if (!child.value->IsObject() && !child.value->IsArray()) return;
    if (path_.size() >= kMaxDepth) return;
    path_.push_back(child);
  }

  // glTF's schema makes an "extensions" member, and each extension in it, an object.
  void expect_object(std::string_view key, const JsonValue& value) {
    if (value.IsObject()) return;
    warn("gltf.read.property-type", cat(child_pointer(pointer_of(path_), key), " is ",
                                        json_type_name(value), ", not an object"));
  }

  // Extension `name` in the "extensions" object on top of the path, on an object of kind `host`.
  void check_extension_object(Kind host, std::string_view name, const JsonValue& value) {
    expect_object(name, value);
    if (!used_.contains(name)) {
      warn("gltf.read.extension-undeclared", cat(child_pointer(pointer_of(path_), name), ": ", name,
                                                 " is not declared in extensionsUsed"));
      return;
    }
    const Placement* placement = placement_of(name);
    if (placement == nullptr || !is_gltf_object(host) || (placement->kinds & bit(host)) != 0) {
      return;
    }
    warn("gltf.read.extension-misplaced",
         cat(child_pointer(pointer_of(path_), name), ": ", name, " cannot extend ", kind_name(host),
             "; it extends ", places_text(placement->kinds)));
  }

  void warn(std::string_view code, std::string message) {
    ++warnings_;
    diagnostics_.warn(code, std::move(message));
  }

  const std::unordered_set<std::string_view>& used_;
  Diagnostics& diagnostics_;
  std::vector<Frame> path_;
  int warnings_ = 0;
};

absl::StatusOr<std::vector<std::string>> string_list(const JsonObject& root, std::string_view key) {
  absl::StatusOr<const JsonValue*> array = root.array(key);
  if (!array.ok()) return array.status();
  std::vector<std::string> out;
  if (*array == nullptr) return out;
  for (rapidjson::SizeType i = 0; i < (*array)->Size(); ++i) {
    const JsonValue& v = (**array)[i];
    if (!v.IsString()) return refuse(kJsonType, cat(root.pointer(key), "/", i, " is not a string"));
    out.emplace_back(v.GetString(), v.GetStringLength());
  }
  return out;
}

template <size_t N>
bool listed(const std::string_view (&list)[N], std::string_view name) {
  return std::find(std::begin(list), std::end(list), name) != std::end(list);
}

// The names of a list, warning about those listed twice (glTF requires unique items).
std::unordered_set<std::string_view> unique_names(const std::vector<std::string>& names,
                                                  std::string_view key, Diagnostics& diagnostics) {
  std::unordered_set<std::string_view> out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (out.insert(names[i]).second) continue;
    diagnostics.warn("gltf.read.extension-duplicate",
                     cat("/", key, "/", i, ": ", names[i], " is listed more than once in ", key,
                         ", whose entries must be unique"));
  }
  return out;
}

// extensionsRequired must be a subset of extensionsUsed, and an extension that changes what the
// core data means must be required.
void check_declarations(const JsonObject& root, const std::vector<std::string>& used,
                        const std::vector<std::string>& required, Diagnostics& diagnostics) {
  std::unordered_set<std::string_view> used_names =
      unique_names(used, "extensionsUsed", diagnostics);
  std::unordered_set<std::string_view> required_names =
      unique_names(required, "extensionsRequired", diagnostics);
  if (root.has("extensionsRequired") && !root.has("extensionsUsed")) {
    diagnostics.warn("gltf.read.extension-required-unused",
                     "/extensionsRequired: extensionsRequired is given without extensionsUsed, "
                     "which must list every required extension");
  }
  for (size_t i = 0; i < required.size(); ++i) {
    if (used_names.contains(required[i])) continue;
    diagnostics.warn("gltf.read.extension-required-unused",
                     cat("/extensionsRequired/", i, ": ", required[i],
                         " is required but not listed in extensionsUsed"));
  }
  for (size_t i = 0; i < used.size(); ++i) {
    if (!listed(kRequiredWhenUsed, used[i]) || required_names.contains(used[i])) continue;
    diagnostics.warn("gltf.read.extension-not-required",
                     cat("/extensionsUsed/", i, ": ", used[i],
                         " changes what the core data means, so it must also be listed in "
                         "extensionsRequired"));
  }
  ExtensionObjectWalk(used_names, diagnostics).run(root.json());
}

}  // namespace

absl::Status check_extensions(const JsonObject& root, Diagnostics& diagnostics) {
  absl::StatusOr<std::vector<std::string>> required = string_list(root, "extensionsRequired");
  if (!required.ok()) return required.status();
  for (const std::string& name : *required) {
    if (listed(kUndecodable, name)) {
      return refuse("gltf.extension.unsupported",
                    cat("the document requires ", name, ", whose compressed data is not read"));
    }
  }
  absl::StatusOr<std::vector<std::string>> used = string_list(root, "extensionsUsed");
  if (!used.ok()) return used.status();
  std::string dropped;
  for (const std::string& name : *used) {
    if (listed(kKept, name)) continue;
    dropped += dropped.empty() ? name : cat(", ", name);
  }
  if (!dropped.empty()) {
    diagnostics.warn("gltf.read.extension-dropped",
                     cat("the data of these extensions is not kept: ", dropped));
  }
  check_declarations(root, *used, *required, diagnostics);
  return absl::OkStatus();
}

}  // namespace px::gltf
