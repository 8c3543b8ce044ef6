#include "formats/gltf/draco/draco_primitive.h"

#include <algorithm>
#include <array>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/gltf/draco/draco_header.h"
#include "formats/gltf/draco/draco_mesh.h"

namespace px::gltf::draco {
namespace {

constexpr std::string_view kMismatch = "gltf.draco.accessor";

struct TypeInfo {
  std::string_view name;
  int components;
};
constexpr std::array<TypeInfo, 7> kTypes = {
    {{"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4}, {"MAT2", 4}, {"MAT3", 9}, {"MAT4", 16}}};

// What a glTF accessor says about data it does not hold.
struct Shape {
  uint64_t count = 0;
  int component_type = 0;
  bool normalized = false;
  TypeInfo type;
};

absl::StatusOr<Shape> shape_of(ReadContext& ctx, int index) {
  absl::StatusOr<JsonObject> a = ctx.entry(Top::kAccessors, index);
  if (!a.ok()) return a.status();
  Shape s;
  uint64_t component_type = 0;
  std::string type;
  PX_GLTF_TRY(a->require("count", s.count));
  PX_GLTF_TRY(a->require("componentType", component_type));
  PX_GLTF_TRY(a->require("type", type));
  PX_GLTF_TRY(a->get("normalized", s.normalized));
  if (s.count == 0) return refuse("gltf.accessor.count", cat(a->pointer(), "/count is 0"));
  auto it =
      std::find_if(kTypes.begin(), kTypes.end(), [&](const TypeInfo& t) { return t.name == type; });
  if (it == kTypes.end())
    return refuse("gltf.accessor.type", cat(a->pointer(), "/type is \"", type, "\""));
  s.type = *it;
  switch (component_type) {
    case kComponentInt8:
    case kComponentUInt8:
    case kComponentInt16:
    case kComponentUInt16:
    case kComponentUInt32:
    case kComponentFloat:
      s.component_type = static_cast<int>(component_type);
      break;
    default:
      return refuse("gltf.accessor.component-type",
                    cat(a->pointer(), "/componentType is ", component_type));
  }
  if (s.component_type == kComponentFloat || s.component_type == kComponentUInt32) {
    s.normalized = false;
  }
  return s;
}

float normalize(int64_t v, int component_type) {
  switch (component_type) {
    case kComponentInt8:
      return std::max(static_cast<float>(v) / 127.0f, -1.0f);
    case kComponentUInt8:
      return static_cast<float>(v) / 255.0f;
    case kComponentInt16:
      return std::max(static_cast<float>(v) / 32767.0f, -1.0f);
    case kComponentUInt16:
      return static_cast<float>(v) / 65535.0f;
    default:
      return static_cast<float>(v);
  }
}

template <class T>
void store_ints(const DracoAttribute& from, T* out) {
  for (size_t i = 0; i < from.ints.size(); ++i) out[i] = static_cast<T>(from.ints[i]);
}

// The Draco attribute's values in the accessor's shape, in the scene's arena.
absl::StatusOr<AccessorData> column_of(ReadContext& ctx, const DracoAttribute& from,
                                       const Shape& shape, const std::string& at) {
  if (from.components != shape.type.components) {
    return refuse(kMismatch,
                  cat(at, ": the Draco attribute has ", from.components,
                      " components, the accessor's ", shape.type.name, " ", shape.type.components));
  }
  const bool draco_float = !from.floats.empty() || from.ints.empty();
  const bool accessor_float = shape.component_type == kComponentFloat || shape.normalized;
  if (draco_float && !accessor_float) {
    return refuse(kMismatch, cat(at, ": float Draco values for an integer accessor"));
  }
  AccessorData out;
  out.component_type = shape.component_type;
  out.normalized = shape.normalized;
  out.type = shape.type.name;
  out.backed = true;
  const DType dtype = shape.normalized ? DType::kFloat32 : dtype_of_component(shape.component_type);
  const size_t values = draco_float ? from.floats.size() : from.ints.size();
  absl::StatusOr<std::span<uint8_t>> storage =
      ctx.allocate<uint8_t>(values * dtype_size(dtype), at);
  if (!storage.ok()) return storage.status();
  void* data = storage->data();
  if (draco_float) {
    std::copy(from.floats.begin(), from.floats.end(), static_cast<float*>(data));
  } else if (dtype == DType::kFloat32) {
    float* f = static_cast<float*>(data);
    for (size_t i = 0; i < values; ++i) {
      f[i] = shape.normalized ? normalize(from.ints[i], shape.component_type)
                              : static_cast<float>(from.ints[i]);
    }
  } else {
    switch (dtype) {
      case DType::kInt8:
        store_ints(from, static_cast<int8_t*>(data));
        break;
      case DType::kUInt8:
        store_ints(from, static_cast<uint8_t*>(data));
        break;
      case DType::kInt16:
        store_ints(from, static_cast<int16_t*>(data));
        break;
      case DType::kUInt16:
        store_ints(from, static_cast<uint16_t*>(data));
        break;
      default:
        store_ints(from, static_cast<uint32_t*>(data));
        break;
    }
  }
  out.column = Column{dtype, static_cast<size_t>(shape.count),
                      static_cast<size_t>(shape.type.components), data};
  return out;
}

}  // namespace

absl::StatusOr<DracoPrimitive> read_draco_primitive(ReadContext& ctx, Buffers& buffers,
                                                    const JsonObject& primitive,
                                                    const JsonObject& attributes,
                                                    const JsonObject& extension) {
  int view = -1;
  PX_GLTF_TRY(extension.require_index("bufferView", ctx.count(Top::kBufferViews), view));
  absl::StatusOr<std::optional<JsonObject>> ids = extension.object("attributes");
  if (!ids.ok()) return ids.status();
  if (!*ids) return refuse(kJsonType, cat(extension.pointer("attributes"), " is absent"));
  int mode = 4;
  PX_GLTF_TRY(primitive.get("mode", mode));
  if (mode != 4) {
    return refuse("gltf.draco.unsupported",
                  cat(primitive.pointer("mode"), " is ", mode, "; Draco decodes triangles (4)"));
  }
  // The accessors bound what the stream may decode to.
  Limits limits;
  uint64_t components = 0;
  std::vector<std::pair<std::string, Shape>> shapes;
  const JsonValue& json = attributes.json();
  for (auto it = json.MemberBegin(); it != json.MemberEnd(); ++it) {
    std::string semantic(it->name.GetString(), it->name.GetStringLength());
    int accessor = -1;
    PX_GLTF_TRY(attributes.get_index(semantic, ctx.count(Top::kAccessors), accessor));
    absl::StatusOr<Shape> shape = shape_of(ctx, accessor);
    if (!shape.ok()) return shape.status();
    limits.max_points = std::max(limits.max_points, shape->count);  // all must agree
    components += static_cast<uint64_t>(shape->type.components);
    shapes.emplace_back(std::move(semantic), *shape);
  }
  int indices = -1;
  PX_GLTF_TRY(primitive.get_index("indices", ctx.count(Top::kAccessors), indices));
  std::optional<Shape> index_shape;
  if (indices >= 0) {
    absl::StatusOr<Shape> s = shape_of(ctx, indices);
    if (!s.ok()) return s.status();
    index_shape = *s;
    limits.max_faces = s->count / 3;
  } else {
    // Without an indices accessor nothing declares the face count; a mesh rarely has more than
    // a few faces per point, so allow many more than that and no further.
    limits.max_faces = std::min(limits.max_points, uint64_t{1} << 40) * 64 + 64;
  }
  absl::StatusOr<ViewBytes> bytes = buffers.view(view);
  if (!bytes.ok()) return bytes.status();
  // The counts the stream declares, within the accessors', checked against the budget before
  // libdraco allocates for them: its working memory, measured at most ~150 bytes a face with 8
  // components a point (edgebreaker, which keeps corner tables), and the decoded values (8 bytes
  // each at most) until they are copied into the scene's columns, which are charged then. Seams
  // may split an edgebreaker vertex into several points, up to the accessors' count.
  absl::StatusOr<DracoHeader> header = read_draco_header(bytes->bytes, limits);
  if (!header.ok()) {
    return absl::Status(header.status().code(), cat(std::string(header.status().message()), " (",
                                                     extension.pointer(), ")"));
  }
  const uint64_t points = header->edgebreaker ? limits.max_points : header->vertices;
  const uint64_t per_point = 64 + 16 * std::min<uint64_t>(components, 1 << 20);
  PX_GLTF_TRY(ctx.check_transient(
      uint64_t{header->faces} * 128 + std::min(points, uint64_t{1} << 32) * per_point,
      extension.pointer()));
  absl::StatusOr<DracoMesh> mesh = decode_draco_mesh(bytes->bytes, limits);
  if (!mesh.ok()) {
    return absl::Status(mesh.status().code(),
                        cat(std::string(mesh.status().message()), " (", extension.pointer(), ")"));
  }

  DracoPrimitive out;
  for (auto& [semantic, shape] : shapes) {
    const std::string at = attributes.pointer(semantic);
    int id = -1;
    PX_GLTF_TRY((*ids)->get_index(semantic, INT32_MAX, id));
    if (id < 0) continue;  // not compressed: the caller reads its accessor
    const DracoAttribute* from = mesh->find(static_cast<uint32_t>(id));
    if (from == nullptr) {
      return refuse(kMismatch,
                    cat((*ids)->pointer(semantic), ": the Draco stream has no attribute ", id));
    }
    if (mesh->num_points != shape.count) {
      return refuse(kMismatch, cat(at, ": the accessor counts ", shape.count,
                                   " vertices, the Draco stream decodes ", mesh->num_points));
    }
    absl::StatusOr<AccessorData> data = column_of(ctx, *from, shape, at);
    if (!data.ok()) return data.status();
    out.attributes.emplace_back(semantic, *std::move(data));
  }
  const std::string at = primitive.pointer("indices");
  if (index_shape && index_shape->count != mesh->indices.size()) {
    return refuse(kMismatch, cat(at, ": the accessor counts ", index_shape->count,
                                 " indices, the Draco stream decodes ", mesh->indices.size()));
  }
  absl::StatusOr<std::span<uint32_t>> storage = ctx.allocate<uint32_t>(mesh->indices.size(), at);
  if (!storage.ok()) return storage.status();
  std::copy(mesh->indices.begin(), mesh->indices.end(), storage->begin());
  out.indices.column = Column{DType::kUInt32, mesh->indices.size(), 1, storage->data()};
  out.indices.component_type = kComponentUInt32;
  out.indices.type = "SCALAR";
  out.indices.backed = true;
  return out;
}

}  // namespace px::gltf::draco
