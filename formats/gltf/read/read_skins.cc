#include "formats/gltf/read/read_skins.h"

#include "engine/errors.h"
#include "engine/strings.h"

namespace px::gltf {
namespace {

// Why the skin's matrices cannot be decoded; empty when they can.
std::string undecodable(Accessors& accessors, int accessor, size_t joints,
                        const AccessorData** out) {
  if (joints == 0) return "it has no joints";
  absl::StatusOr<const AccessorData*> data = accessors.get(accessor);
  if (!data.ok())
    return cat("accessor ", accessor, " cannot be read: ", std::string(data.status().message()));
  const AccessorData& d = **data;
  if (d.type != "MAT4" || d.component_type != kComponentFloat) {
    return cat("accessor ", accessor, " is not a float MAT4");
  }
  if (!d.backed) return cat("accessor ", accessor, " has no bufferView");
  if (d.column.rows < joints) {
    return cat("accessor ", accessor, " holds ", d.column.rows, " matrices for ", joints,
               " joints");
  }
  *out = &d;
  return "";
}

absl::StatusOr<Skin> read_skin(ReadContext& ctx, Accessors& accessors, const JsonObject& json) {
  absl::StatusOr<Value> object = ctx.value(json.json(), json.pointer());
  if (!object.ok()) return object.status();
  const size_t nodes = ctx.count(Top::kNodes);
  int skeleton = -1;
  int accessor = -1;
  PX_GLTF_TRY(json.get_index("skeleton", nodes, skeleton));
  PX_GLTF_TRY(json.get_index("inverseBindMatrices", ctx.count(Top::kAccessors), accessor));
  absl::StatusOr<const JsonValue*> joints = json.array("joints");
  if (!joints.ok()) return joints.status();
  const size_t count = *joints == nullptr ? 0 : (*joints)->Size();
  Skin skin;
  skin.skeleton = skeleton;
  for (size_t i = 0; i < count; ++i) {
    std::optional<uint64_t> joint = json_uint((**joints)[static_cast<rapidjson::SizeType>(i)]);
    const std::string at = child_pointer(json.pointer("joints"), i);
    if (!joint) return refuse(kJsonType, cat(at, " is not an index"));
    if (*joint >= nodes) {
      return refuse(kUnresolved, cat(at, " is ", *joint, ", but there are ", nodes, " nodes"));
    }
    skin.joints.push_back(static_cast<int>(*joint));
  }
  if (const Value* name = find_value(object->as_map(), "name"); name && name->is_string()) {
    skin.name = name->as_string();
  }
  skin.gltf_object = std::move(object->as_map());
  const AccessorData* data = nullptr;
  std::string why = count == 0 ? "it has no joints" : "";
  if (why.empty() && accessor >= 0) why = undecodable(accessors, accessor, count, &data);
  if (!why.empty()) {
    ctx.warn("gltf.read.skin-undecoded",
             cat(json.pointer(), ": inverse bind matrices left undecoded: ", why));
    skin.undecoded_matrices = accessor >= 0;
    return skin;
  }
  absl::StatusOr<std::span<double>> matrices = ctx.allocate<double>(count * 16, json.pointer());
  if (!matrices.ok()) return matrices.status();
  for (size_t j = 0; j < count; ++j) {
    double* m = matrices->data() + 16 * j;
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 4; ++c) {
        // glTF stores each matrix column by column.
        m[4 * r + c] = data == nullptr ? (r == c ? 1.0 : 0.0) : data->column.get(j, 4 * c + r);
      }
    }
  }
  skin.inverse_bind_matrices = Column::of<double>(std::span<const double>(*matrices), 16);
  return skin;
}

}  // namespace

absl::Status read_skins(ReadContext& ctx, Accessors& accessors) {
  const size_t n = ctx.count(Top::kSkins);
  if (n == 0) return absl::OkStatus();
  for (size_t i = 0; i < n; ++i) {
    absl::StatusOr<JsonObject> json = ctx.entry(Top::kSkins, i);
    if (!json.ok()) return json.status();
    absl::StatusOr<Skin> skin = read_skin(ctx, accessors, *json);
    if (!skin.ok()) return skin.status();
    ctx.scene().skins.push_back(*std::move(skin));
  }
  return absl::OkStatus();
}

}  // namespace px::gltf
