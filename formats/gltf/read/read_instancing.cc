#include "formats/gltf/read/read_instancing.h"

#include <cmath>
#include <string>

#include "engine/strings.h"
#include "polyxios/scene/instances.h"

namespace px::gltf {
namespace {

constexpr std::string_view kExtension = "EXT_mesh_gpu_instancing";
constexpr std::string_view kInvalid = "gltf.read.instancing-invalid";

// Why the accessor cannot hold the attribute `name`; empty when it can.
std::string wrong_type(std::string_view name, const AccessorData& d) {
  const bool is_float = d.component_type == kComponentFloat;
  if (name == "TRANSLATION" || name == "SCALE") {
    return d.type == "VEC3" && is_float ? "" : "is not a float VEC3";
  }
  if (name == "ROTATION") {
    const bool normalized_int =
        d.normalized && (d.component_type == kComponentInt8 || d.component_type == kComponentInt16);
    return d.type == "VEC4" && (is_float || normalized_int)
               ? ""
               : "is not a VEC4 of floats or normalized bytes or shorts";
  }
  if (name.starts_with("_")) return "";
  return "is no attribute the extension defines (custom ones start with '_')";
}

// The accessor's values as float64 in the scene's arena; rotations normalized, one of zero or
// non-finite length read as none.
absl::StatusOr<Column> copied(ReadContext& ctx, const Column& in, bool rotation,
                              std::string_view pointer) {
  absl::StatusOr<std::span<double>> out = ctx.allocate<double>(in.size(), pointer);
  if (!out.ok()) return out.status();
  for (size_t r = 0; r < in.rows; ++r) {
    double* row = out->data() + r * in.cols;
    double norm = 0;
    for (size_t c = 0; c < in.cols; ++c) {
      row[c] = in.get(r, c);
      norm += row[c] * row[c];
    }
    if (!rotation) continue;
    norm = std::sqrt(norm);
    for (size_t c = 0; c < in.cols; ++c) {
      row[c] = norm > 0 && std::isfinite(norm) ? row[c] / norm : (c == 3 ? 1.0 : 0.0);
    }
  }
  return Column::of<double>(std::span<const double>(*out), in.cols);
}

// The node's instances; an empty set with the reason in *why when the extension is malformed.
absl::StatusOr<Instances> read_attributes(ReadContext& ctx, Accessors& accessors,
                                          const JsonObject& extension, const Node& node,
                                          std::string& why) {
  Instances out;
  const JsonValue* attributes = extension.find("attributes");
  if (attributes == nullptr || !attributes->IsObject() || attributes->MemberCount() == 0) {
    why = "its attributes are not an object naming at least one accessor";
    return out;
  }
  if (node.mesh < 0) {
    why = "the node has no mesh";
    return out;
  }
  const size_t n = ctx.count(Top::kAccessors);
  const std::string at = extension.pointer("attributes");
  Instances read;
  for (const auto& member : attributes->GetObject()) {
    const std::string_view name(member.name.GetString(), member.name.GetStringLength());
    const std::string pointer = child_pointer(at, name);
    std::optional<uint64_t> index = json_uint(member.value);
    if (!index || *index >= n) {
      why = cat(pointer, " is not an accessor index");
      return out;
    }
    absl::StatusOr<const AccessorData*> data = accessors.get(static_cast<int>(*index));
    if (!data.ok()) {
      why = cat("accessor ", *index, " cannot be read: ", std::string(data.status().message()));
      return out;
    }
    const AccessorData& d = **data;
    if (std::string type = wrong_type(name, d); !type.empty()) {
      why = cat(name, ": accessor ", *index, " ", type);
      return out;
    }
    if (read.count != 0 && d.column.rows != read.count) {
      why = cat(name, ": accessor ", *index, " holds ", d.column.rows, " values, not ", read.count,
                " as the others do");
      return out;
    }
    read.count = d.column.rows;
    if (name.starts_with("_")) {
      read.custom.push_back({std::string(name), d.column});
      continue;
    }
    absl::StatusOr<Column> column = copied(ctx, d.column, name == "ROTATION", pointer);
    if (!column.ok()) return column.status();
    (name == "TRANSLATION" ? read.translation
     : name == "ROTATION"  ? read.rotation
                           : read.scale) = *column;
  }
  if (read.count == 0) why = "its accessors hold no values";
  return why.empty() ? read : out;
}

}  // namespace

absl::Status read_instancing(ReadContext& ctx, Accessors& accessors) {
  std::vector<Node>& nodes = ctx.scene().nodes;
  for (size_t i = 0; i < nodes.size(); ++i) {
    absl::StatusOr<JsonObject> json = ctx.entry(Top::kNodes, i);
    if (!json.ok()) return json.status();
    std::optional<JsonObject> extension = ctx.extension(*json, kExtension, kInvalid);
    if (!extension) continue;
    std::string why;
    absl::StatusOr<Instances> instances =
        read_attributes(ctx, accessors, *extension, nodes[i], why);
    if (!instances.ok()) return instances.status();
    if (!why.empty()) {
      ctx.warn(kInvalid, cat(extension->pointer(), ": ", why, "; the instances are dropped"));
      continue;
    }
    nodes[i].instances = *std::move(instances);
    nodes[i].instances.required = ctx.required(kExtension);
  }
  return absl::OkStatus();
}

}  // namespace px::gltf
