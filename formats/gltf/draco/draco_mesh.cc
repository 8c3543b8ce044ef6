#include "formats/gltf/draco/draco_mesh.h"

#include <new>
#include <stdexcept>
#include <string>

#include "draco/compression/decode.h"
#include "engine/errors.h"
#include "engine/strings.h"

namespace px::gltf::draco {
namespace {

bool is_float(::draco::DataType type) {
  return type == ::draco::DT_FLOAT32 || type == ::draco::DT_FLOAT64;
}

// The library's mesh as indices and values per point, checked against the limits once more:
// attribute seams give an edgebreaker mesh more points than its header's vertices.
absl::StatusOr<DracoMesh> take_mesh(const ::draco::Mesh& m, const Limits& limits) {
  if (m.num_faces() > limits.max_faces || m.num_points() > limits.max_points) {
    return draco_malformed(cat("the mesh decodes ", m.num_faces(), " faces and ", m.num_points(),
                               " points, more than the glTF accessors declare"));
  }
  DracoMesh out;
  out.num_points = m.num_points();
  out.indices.resize(size_t{m.num_faces()} * 3);
  for (::draco::FaceIndex f(0); f < m.num_faces(); ++f) {
    const ::draco::Mesh::Face& face = m.face(f);
    for (int k = 0; k < 3; ++k) {
      const uint32_t index = face[k].value();
      if (index >= out.num_points) {
        return draco_malformed(cat("a face names point ", index, " of ", out.num_points));
      }
      out.indices[size_t{f.value()} * 3 + k] = index;
    }
  }
  out.attributes.resize(m.num_attributes());
  for (int i = 0; i < m.num_attributes(); ++i) {
    const ::draco::PointAttribute& att = *m.attribute(i);
    DracoAttribute& a = out.attributes[i];
    a.unique_id = att.unique_id();
    a.components = att.num_components();
    const size_t values = size_t{out.num_points} * a.components;
    const int8_t n = static_cast<int8_t>(a.components);
    bool converted = true;
    if (is_float(att.data_type())) {
      a.floats.resize(values);
      for (::draco::PointIndex p(0); p < m.num_points(); ++p) {
        converted &= att.ConvertValue<float>(att.mapped_index(p), n,
                                             &a.floats[size_t{p.value()} * a.components]);
      }
    } else if (att.data_type() == ::draco::DT_BOOL) {
      // Read as bytes: libdraco's conversion loads them as bool, undefined for any byte but 0
      // and 1, which a stream may hold.
      a.ints.resize(values);
      for (::draco::PointIndex p(0); p < m.num_points(); ++p) {
        const uint8_t* src = att.GetAddress(att.mapped_index(p));
        for (int k = 0; k < a.components; ++k) {
          converted &= att.IsAddressValid(src + k);
          if (!converted) break;
          a.ints[size_t{p.value()} * a.components + k] = src[k] != 0;
        }
      }
    } else {
      a.ints.resize(values);
      for (::draco::PointIndex p(0); p < m.num_points(); ++p) {
        converted &= att.ConvertValue<int64_t>(att.mapped_index(p), n,
                                               &a.ints[size_t{p.value()} * a.components]);
      }
    }
    if (!converted) {
      return draco_malformed(cat("attribute ", a.unique_id, " holds values of no number type"));
    }
  }
  return out;
}

}  // namespace

absl::StatusOr<DracoMesh> decode_draco_mesh(std::span<const uint8_t> bytes, const Limits& limits) {
  absl::StatusOr<DracoHeader> header = read_draco_header(bytes, limits);
  if (!header.ok()) return header.status();
  try {
    ::draco::DecoderBuffer buffer;
    buffer.Init(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    ::draco::Decoder decoder;
    ::draco::StatusOr<std::unique_ptr<::draco::Mesh>> mesh = decoder.DecodeMeshFromBuffer(&buffer);
    if (!mesh.ok()) {
      return draco_malformed(cat("libdraco: ", mesh.status().error_msg_string()));
    }
    if (mesh.value() == nullptr) return draco_malformed("libdraco decoded no mesh");
    return take_mesh(*mesh.value(), limits);
  } catch (const std::length_error&) {
    // A count past what a container can hold: only a stream that does not hold together asks it.
    return draco_malformed("the stream asks for a container larger than memory can hold");
  } catch (const std::bad_alloc&) {
    return out_of_memory("decoding a Draco buffer view");
  }
}

}  // namespace px::gltf::draco
