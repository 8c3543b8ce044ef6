#include "formats/gltf/write/draco_writer.h"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstring>

#include "draco/compression/decode.h"
#include "draco/compression/expert_encode.h"
#include "engine/errors.h"
#include "engine/strings.h"

namespace px::gltf {
namespace {

constexpr std::string_view kTypes[] = {"", "SCALAR", "VEC2", "VEC3", "VEC4"};

::draco::DataType data_type(int component_type) {
  return component_type == kUnsignedByte    ? ::draco::DT_UINT8
         : component_type == kUnsignedShort ? ::draco::DT_UINT16
                                            : ::draco::DT_FLOAT32;
}

// The Draco attribute type of a glTF attribute: TANGENT, WEIGHTS_n and JOINTS_n are generic.
::draco::GeometryAttribute::Type draco_type(AttributeKind kind) {
  switch (kind) {
    case AttributeKind::kPosition:
      return ::draco::GeometryAttribute::POSITION;
    case AttributeKind::kNormal:
      return ::draco::GeometryAttribute::NORMAL;
    case AttributeKind::kTexcoord:
      return ::draco::GeometryAttribute::TEX_COORD;
    case AttributeKind::kColor:
      return ::draco::GeometryAttribute::COLOR;
    default:
      return ::draco::GeometryAttribute::GENERIC;
  }
}

// The quantization bits of a glTF attribute, 0 for none. WEIGHTS_n keep their float32 values:
// quantized, a vertex's weights no longer sum to 1, which glTF requires. JOINTS_n are integers,
// which Draco never quantizes.
int quantization_bits(AttributeKind kind, const MeshCompression& settings) {
  switch (kind) {
    case AttributeKind::kPosition:
      return settings.draco_position_bits;
    case AttributeKind::kNormal:
      return settings.draco_normal_bits;
    case AttributeKind::kTexcoord:
      return settings.draco_texcoord_bits;
    case AttributeKind::kColor:
      return settings.draco_color_bits;
    case AttributeKind::kTangent:
      return settings.draco_generic_bits;
    default:
      return 0;
  }
}

absl::Status draco_failed(std::string_view label, std::string_view what) {
  return refuse("gltf.write.draco", cat(label, ": ", what));
}

// The Draco mesh of the points the triangles name, in the order they first name them.
absl::StatusOr<std::unique_ptr<::draco::Mesh>> draco_mesh(
    const std::vector<AttributePlan>& attributes, const std::vector<std::string>& bytes,
    std::span<const uint32_t> triangles, std::string_view label) {
  uint32_t max_index = 0;
  for (uint32_t i : triangles) max_index = std::max(max_index, i);
  std::vector<uint32_t> compact(size_t{max_index} + 1, UINT32_MAX);
  std::vector<uint32_t> points;  // mesh point of each Draco point
  auto mesh = std::make_unique<::draco::Mesh>();
  mesh->SetNumFaces(triangles.size() / 3);
  for (size_t f = 0; f < triangles.size() / 3; ++f) {
    ::draco::Mesh::Face face;
    for (int k = 0; k < 3; ++k) {
      uint32_t& to = compact[triangles[f * 3 + k]];
      if (to == UINT32_MAX) {
        to = static_cast<uint32_t>(points.size());
        points.push_back(triangles[f * 3 + k]);
      }
      face[k] = ::draco::PointIndex(to);
    }
    mesh->SetFace(::draco::FaceIndex(static_cast<uint32_t>(f)), face);
  }
  mesh->set_num_points(static_cast<uint32_t>(points.size()));
  for (size_t a = 0; a < attributes.size(); ++a) {
    const AttributePlan& plan = attributes[a];
    const size_t row = component_bytes(plan.component_type) * plan.components;
    if (plan.kind == AttributeKind::kPosition) {
      // The bytes of POSITION are float32 converted from the column, unchecked.
      const float* values = reinterpret_cast<const float*>(bytes[a].data());
      for (size_t i = 0; i < bytes[a].size() / sizeof(float); ++i) {
        if (!(std::abs(values[i]) <= FLT_MAX)) {
          return refuse("gltf.write.non-finite",
                        cat(label, ": POSITION holds NaN, Inf or a value float32 cannot hold"));
        }
      }
    }
    ::draco::GeometryAttribute ga;
    ga.Init(draco_type(plan.kind), nullptr, static_cast<uint8_t>(plan.components),
            data_type(plan.component_type), false, static_cast<int64_t>(row), 0);
    const int id = mesh->AddAttribute(ga, true, static_cast<uint32_t>(points.size()));
    if (id < 0) return draco_failed(label, cat("libdraco took no ", plan.semantic));
    ::draco::PointAttribute* pa = mesh->attribute(id);
    for (size_t p = 0; p < points.size(); ++p) {
      pa->SetAttributeValue(::draco::AttributeValueIndex(static_cast<uint32_t>(p)),
                            bytes[a].data() + size_t{points[p]} * row);
    }
  }
  return mesh;
}

template <class T>
bool take_values(const ::draco::PointAttribute& att, uint32_t points, int components,
                 std::string& out) {
  out.resize(size_t{points} * components * sizeof(T));
  T* to = reinterpret_cast<T*>(out.data());
  for (::draco::PointIndex p(0); p < points; ++p) {
    if (!att.ConvertValue<T>(att.mapped_index(p), static_cast<int8_t>(components),
                             to + size_t{p.value()} * components)) {
      return false;
    }
  }
  return true;
}

}  // namespace

absl::StatusOr<std::unique_ptr<DracoEncoded>> encode_draco(
    const std::vector<AttributePlan>& attributes, const std::vector<std::string>& bytes,
    std::span<const uint32_t> triangles, const MeshCompression& settings, std::string_view label) {
  absl::StatusOr<std::unique_ptr<::draco::Mesh>> mesh =
      draco_mesh(attributes, bytes, triangles, label);
  if (!mesh.ok()) return mesh.status();
  // Equal values, then points equal in every attribute, merged first, as Draco's own encoders
  // do: a seam's or flat-shaded corner's copies would otherwise cut the triangles' connectivity
  // apart (about half the stream on a flat-shaded mesh). The accessors follow what decodes.
  (*mesh)->DeduplicateAttributeValues();
  (*mesh)->DeduplicatePointIds();
  // Triangles two of whose corners lie at one position are of no area: libdraco's connectivity,
  // built from the positions, leaves them out, and it refuses a mesh holding nothing else, which
  // is then written uncompressed.
  const ::draco::Mesh& merged = **mesh;
  const ::draco::PointAttribute* position =
      merged.GetNamedAttribute(::draco::GeometryAttribute::POSITION);
  bool any_face = false;
  for (::draco::FaceIndex f(0); position != nullptr && f < merged.num_faces() && !any_face; ++f) {
    const ::draco::Mesh::Face& face = merged.face(f);
    const ::draco::AttributeValueIndex a = position->mapped_index(face[0]),
                                       b = position->mapped_index(face[1]),
                                       c = position->mapped_index(face[2]);
    any_face = a != b && b != c && a != c;
  }
  if (!any_face) return std::unique_ptr<DracoEncoded>();
  ::draco::ExpertEncoder encoder(**mesh);
  const int speed = 10 - settings.draco_level;
  encoder.SetSpeedOptions(speed, speed);
  for (size_t a = 0; a < attributes.size(); ++a) {
    const int bits = quantization_bits(attributes[a].kind, settings);
    if (bits > 0 && attributes[a].component_type == kFloat) {
      encoder.SetAttributeQuantization(static_cast<int32_t>(a), bits);
    }
  }
  ::draco::EncoderBuffer buffer;
  if (::draco::Status s = encoder.EncodeToBuffer(&buffer); !s.ok()) {
    return draco_failed(label,
                        cat("libdraco did not encode the triangles: ", s.error_msg_string()));
  }
  // Decoded again: the accessors describe what a reader decodes.
  ::draco::DecoderBuffer in;
  in.Init(buffer.data(), buffer.size());
  ::draco::Decoder decoder;
  ::draco::StatusOr<std::unique_ptr<::draco::Mesh>> decoded = decoder.DecodeMeshFromBuffer(&in);
  if (!decoded.ok() || decoded.value() == nullptr) {
    return draco_failed(label, "libdraco did not decode the stream it encoded");
  }
  const ::draco::Mesh& m = *decoded.value();
  if (m.num_faces() == 0) return std::unique_ptr<DracoEncoded>();
  auto out = std::make_unique<DracoEncoded>();
  out->stream.assign(buffer.data(), buffer.size());
  out->points = m.num_points();
  out->degenerate_dropped = triangles.size() / 3 - m.num_faces();
  out->indices.resize(size_t{m.num_faces()} * 3);
  for (::draco::FaceIndex f(0); f < m.num_faces(); ++f) {
    for (int k = 0; k < 3; ++k) out->indices[size_t{f.value()} * 3 + k] = m.face(f)[k].value();
  }
  for (size_t a = 0; a < attributes.size(); ++a) {
    const AttributePlan& plan = attributes[a];
    // libdraco numbers the attributes' unique ids in the order they were added.
    const ::draco::PointAttribute* att = m.GetAttributeByUniqueId(static_cast<uint32_t>(a));
    DracoEncoded::Attribute taken;
    taken.plan = &plan;
    taken.unique_id = static_cast<int>(a);
    bool ok = att != nullptr;
    if (ok && plan.component_type == kUnsignedByte) {
      ok = take_values<uint8_t>(*att, out->points, plan.components, taken.decoded);
    } else if (ok && plan.component_type == kUnsignedShort) {
      ok = take_values<uint16_t>(*att, out->points, plan.components, taken.decoded);
    } else if (ok) {
      ok = take_values<float>(*att, out->points, plan.components, taken.decoded);
    }
    if (!ok) return draco_failed(label, cat("the decoded stream lacks ", plan.semantic));
    out->attributes.push_back(std::move(taken));
  }
  return out;
}

void add_draco_views(DracoEncoded& draco, bool fallback, BinLayout& bin) {
  const DracoEncoded* d = &draco;
  draco.view = bin.add_view(draco.stream.size(), 0, [d](ViewOut& out, Diagnostics&) {
    out.bytes(d->stream);
    return absl::OkStatus();
  });
  for (DracoEncoded::Attribute& a : draco.attributes) {
    int view = -1;
    if (fallback) {
      const std::string* bytes = &a.decoded;
      view = bin.add_view(bytes->size(), kArrayBuffer, [bytes](ViewOut& out, Diagnostics&) {
        out.bytes(*bytes);
        return absl::OkStatus();
      });
    }
    Accessor accessor{view, a.plan->component_type, draco.points, kTypes[a.plan->components], {},
                      {}};
    if (a.plan->kind == AttributeKind::kPosition) {
      std::array<float, 3> lo{FLT_MAX, FLT_MAX, FLT_MAX}, hi{-FLT_MAX, -FLT_MAX, -FLT_MAX};
      const float* p = reinterpret_cast<const float*>(a.decoded.data());
      for (size_t i = 0; i < draco.points; ++i) {
        for (int k = 0; k < 3; ++k) {
          lo[k] = std::min(lo[k], p[i * 3 + k]);
          hi[k] = std::max(hi[k], p[i * 3 + k]);
        }
      }
      accessor.min.assign(lo.begin(), lo.end());
      accessor.max.assign(hi.begin(), hi.end());
    }
    a.accessor = bin.add_accessor(std::move(accessor));
  }
  // The smallest index type, as for any primitive (a type's largest value is the restart value).
  uint32_t max_index = 0;
  for (uint32_t i : draco.indices) max_index = std::max(max_index, i);
  const int type = max_index < 255     ? kUnsignedByte
                   : max_index < 65535 ? kUnsignedShort
                                       : kUnsignedInt;
  int view = -1;
  if (fallback) {
    view = bin.add_view(draco.indices.size() * component_bytes(type), kElementArrayBuffer,
                        [d, type](ViewOut& out, Diagnostics&) {
                          stream_rows(out, d->indices.size(), component_bytes(type),
                                      [&](size_t first, size_t end, char* p) {
                                        for (size_t i = first; i < end; ++i) {
                                          const uint32_t v = d->indices[i];
                                          if (type == kUnsignedByte) {
                                            *p++ = static_cast<char>(v);
                                          } else if (type == kUnsignedShort) {
                                            const uint16_t s = static_cast<uint16_t>(v);
                                            std::memcpy(p, &s, 2);
                                            p += 2;
                                          } else {
                                            std::memcpy(p, &v, 4);
                                            p += 4;
                                          }
                                        }
                                        return true;
                                      });
                          return absl::OkStatus();
                        });
  }
  draco.index_accessor =
      bin.add_accessor(Accessor{view, type, draco.indices.size(), "SCALAR", {}, {}});
}

void write_draco_json(const DracoEncoded& draco, JsonWriter& json) {
  json.key("attributes");
  json.start_object();
  for (const DracoEncoded::Attribute& a : draco.attributes) {
    json.key(a.plan->semantic);
    json.integer(a.accessor);
  }
  json.end_object();
  json.key("indices");
  json.integer(draco.index_accessor);
}

void write_draco_extension(const DracoEncoded& draco, JsonWriter& json) {
  json.key("KHR_draco_mesh_compression");
  json.start_object();
  json.key("bufferView");
  json.integer(draco.view);
  json.key("attributes");
  json.start_object();
  for (const DracoEncoded::Attribute& a : draco.attributes) {
    json.key(a.plan->semantic);
    json.integer(a.unique_id);
  }
  json.end_object();
  json.end_object();
}

}  // namespace px::gltf
