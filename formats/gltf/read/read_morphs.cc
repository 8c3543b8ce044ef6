#include "formats/gltf/read/read_morphs.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/gltf/read/read_attributes.h"

namespace px::gltf {
namespace {

constexpr std::array<std::string_view, 3> kSemantics = {"POSITION", "NORMAL", "TANGENT"};

Column* column_of(MorphTarget& t, size_t s) {
  return s == 0 ? &t.positions : s == 1 ? &t.normals : &t.tangents;
}

// Target t's `semantic` over the mesh's vertices as `cols` float32 columns, zeros on a block whose
// target lacks it; an empty column, with `why`, when an accessor is not `cols` float columns per
// vertex of its block.
absl::StatusOr<Column> gather(ReadContext& ctx, Accessors& accessors,
                              const std::vector<BlockTargets>& blocks, size_t t,
                              std::string_view semantic, size_t cols, uint64_t vertices,
                              const std::string& at, std::string* why) {
  absl::StatusOr<std::span<float>> storage = ctx.allocate<float>(vertices * cols, at);
  if (!storage.ok()) return storage.status();
  std::fill(storage->begin(), storage->end(), 0.0f);
  for (const BlockTargets& b : blocks) {
    for (const auto& [name, accessor] : b.targets[t]) {
      if (name != semantic) continue;
      absl::StatusOr<const AccessorData*> data = accessors.get(accessor);
      if (!data.ok()) return data.status();
      const Column& c = (*data)->column;
      if (c.rows != b.vertices || c.cols != cols || !dtype_is_float(c.dtype)) {
        *why = cat("target ", t, "'s ", semantic, " (accessor ", accessor, ") is not ", cols,
                   " floats per vertex");
        return Column{};
      }
      for (size_t r = 0; r < c.rows; ++r) {
        for (size_t k = 0; k < cols; ++k) {
          const double v = c.get(r, k);
          (*storage)[(b.base + r) * cols + k] = std::isfinite(v) ? static_cast<float>(v) : 0.0f;
        }
      }
    }
  }
  return Column::of<float>(std::span<const float>(*storage), cols);
}

}  // namespace

void primitive_targets(ReadContext& ctx, const JsonObject& primitive, const JsonValue& attributes,
                       std::vector<TargetRefs>* out, std::string* dropped) {
  const JsonValue* targets = primitive.find("targets");
  if (targets == nullptr) return;
  const std::string at = primitive.pointer("targets");
  if (!targets->IsArray()) {
    *dropped = cat(at, " is not an array");
    return;
  }
  for (rapidjson::SizeType t = 0; t < targets->Size(); ++t) {
    const JsonValue& target = (*targets)[t];
    if (!target.IsObject()) {
      *dropped = cat(at, "/", t, " is not an object");
      return;
    }
    TargetRefs& refs = out->emplace_back();
    for (auto it = target.MemberBegin(); it != target.MemberEnd(); ++it) {
      std::optional<uint64_t> index = json_uint(it->value);
      if (!index || *index >= ctx.count(Top::kAccessors)) {
        *dropped = cat(at, "/", t, "/", it->name.GetString(), " is not the index of an accessor");
        return;
      }
      std::string semantic(it->name.GetString(), it->name.GetStringLength());
      if (find_member(attributes, semantic) == nullptr) {
        // glTF requires the primitive to give the attribute a target moves.
        ctx.warn("gltf.read.morph-attribute-dropped",
                 cat(at, "/", t, "/", semantic, ": the primitive has no ", semantic,
                     " for the target to move; dropped"));
        continue;
      }
      refs.emplace_back(std::move(semantic), static_cast<int>(*index));
    }
  }
}

absl::Status build_morph_targets(ReadContext& ctx, Accessors& accessors,
                                 const std::vector<BlockTargets>& blocks, uint64_t vertices,
                                 const JsonObject& mesh_json, Mesh& mesh) {
  const std::string& at = mesh_json.pointer();
  size_t count = 0;
  for (const BlockTargets& b : blocks) count = std::max(count, b.targets.size());
  if (count == 0) return absl::OkStatus();
  auto dropped = [&](std::string why) {
    ctx.warn("gltf.read.morph-targets-dropped",
             cat(at, ": ", why, "; its morph targets are dropped and it reads at rest"));
    mesh.morph_targets.clear();
    return absl::OkStatus();
  };
  std::vector<MorphTarget> targets(count);
  size_t other = 0;
  for (size_t t = 0; t < count; ++t) {
    std::vector<std::string_view> semantics;  // each once, in the order the blocks give them
    for (const BlockTargets& b : blocks) {
      for (const auto& ref : b.targets[t]) {
        if (std::find(semantics.begin(), semantics.end(), ref.first) == semantics.end()) {
          semantics.push_back(ref.first);
        }
      }
    }
    for (std::string_view semantic : semantics) {
      std::string why;
      const size_t s = static_cast<size_t>(
          std::find(kSemantics.begin(), kSemantics.end(), semantic) - kSemantics.begin());
      if (s < kSemantics.size()) {
        absl::StatusOr<Column> c =
            gather(ctx, accessors, blocks, t, semantic, 3, vertices, at, &why);
        if (!c.ok()) return c.status();
        if (!why.empty()) return dropped(why);
        *column_of(targets[t], s) = *c;
        continue;
      }
      // TEXCOORD_n and COLOR_n move the mesh's column of the same name, in its columns.
      const std::string name = attribute_name(semantic);
      const NamedColumn* base = morph_moves(name) ? mesh.find_point_data(name) : nullptr;
      if (base == nullptr) {
        ++other;
        continue;
      }
      absl::StatusOr<Column> c =
          gather(ctx, accessors, blocks, t, semantic, base->column.cols, vertices, at, &why);
      if (!c.ok()) return c.status();
      if (!why.empty()) {
        ctx.warn("gltf.read.morph-attribute-dropped",
                 cat(at, ": ", why, " as the primitive's ", semantic, " is; dropped"));
        continue;
      }
      targets[t].point_data.push_back({name, *c});
    }
    if (targets[t].positions.empty()) {
      // A target moving no position: zeros, so that every target has its POSITION.
      absl::StatusOr<std::span<float>> zeros = ctx.allocate<float>(vertices * 3, at);
      if (!zeros.ok()) return zeros.status();
      std::fill(zeros->begin(), zeros->end(), 0.0f);
      targets[t].positions = Column::of<float>(std::span<const float>(*zeros), 3);
    }
  }
  if (other > 0) {
    ctx.warn("gltf.read.morph-attribute-dropped",
             cat(at, ": ", other,
                 " morph target attributes other than POSITION, NORMAL, "
                 "TANGENT, TEXCOORD_n and COLOR_n are dropped"));
  }
  mesh.morph_targets = std::move(targets);
  // The default weights.
  if (const JsonValue* weights = mesh_json.find("weights")) {
    std::vector<double> values;
    bool ok = weights->IsArray() && weights->Size() == count;
    for (rapidjson::SizeType i = 0; ok && i < weights->Size(); ++i) {
      ok = (*weights)[i].IsNumber() && std::isfinite((*weights)[i].GetDouble());
      if (ok) values.push_back((*weights)[i].GetDouble());
    }
    if (ok) {
      mesh.morph_weights = std::move(values);
    } else {
      ctx.warn("gltf.read.morph-targets-dropped",
               cat(at, "/weights: not one finite number per morph target; the default weights "
                       "are dropped (all 0)"));
    }
  }
  // extras.targetNames, taken out of the extras the mesh keeps.
  Value* extras = find_value(mesh.global_attrs, "extras");
  if (extras != nullptr && extras->is_map()) {
    ValueMap& map = extras->as_map();
    auto names = std::find_if(map.begin(), map.end(),
                              [](const auto& kv) { return kv.first == "targetNames"; });
    if (names != map.end() && names->second.is_array() &&
        names->second.as_array().size() == count &&
        std::all_of(names->second.as_array().begin(), names->second.as_array().end(),
                    [](const Value& v) { return v.is_string(); })) {
      for (size_t t = 0; t < count; ++t) {
        mesh.morph_targets[t].name = names->second.as_array()[t].as_string();
      }
      map.erase(names);
      if (map.empty()) {
        mesh.global_attrs.erase(
            std::find_if(mesh.global_attrs.begin(), mesh.global_attrs.end(),
                         [](const auto& kv) { return kv.first == "extras"; }));
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace px::gltf
