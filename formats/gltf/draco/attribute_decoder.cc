#include "formats/gltf/draco/attribute_decoder.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

#include "engine/strings.h"
#include "formats/gltf/draco/draco_error.h"
#include "formats/gltf/draco/prediction.h"
#include "formats/gltf/draco/rans.h"
#include "formats/gltf/draco/traversal.h"

namespace px::gltf::draco {
namespace {

constexpr int kDecoderGeneric = 0;
constexpr int kDecoderInteger = 1;
constexpr int kDecoderQuantization = 2;
constexpr int kDecoderNormals = 3;

int data_type_size(DataType t) {
  switch (t) {
    case DataType::kInt8:
    case DataType::kUInt8:
    case DataType::kBool:
      return 1;
    case DataType::kInt16:
    case DataType::kUInt16:
      return 2;
    case DataType::kInt32:
    case DataType::kUInt32:
    case DataType::kFloat32:
      return 4;
    default:
      return 8;
  }
}

bool is_float(DataType t) { return t == DataType::kFloat32 || t == DataType::kFloat64; }

// One attribute while it decodes: its description, its coded values (`portable`: the integers
// before dequantization) and its final values, both indexed by value, not point.
struct Attribute {
  DracoAttribute out;
  int decoder_kind = 0;
  int value_components = 0;
  std::vector<int32_t> portable;
  bool has_portable = false;
  std::vector<float> floats;
  std::vector<int64_t> ints;
  std::vector<uint32_t> point_to_value;
  // quantization
  std::vector<float> min;
  float range = 0;
  int bits = 0;
};

// An attributes decoder: its traversal and the attributes it decodes.
struct Decoder {
  int attribute_data = -1;  // index into Connectivity::attributes, or -1
  int kind = 0;             // 0: per vertex, 1: per corner
  int traversal = 0;
  std::vector<size_t> attributes;
  std::vector<uint32_t> point_ids;
  MeshView view;
};

class AttributeDecoder {
 public:
  AttributeDecoder(ByteReader& in, Connectivity& c) : in_(in), c_(c) {}

  absl::Status decode(std::vector<DracoAttribute>& out) {
    uint8_t count = 0;
    if (!in_.read(count)) return malformed("the attribute decoders are cut short");
    decoders_.resize(count);
    for (size_t i = 0; i < decoders_.size(); ++i) PX_DRACO_TRY(read_decoder_identity(i));
    for (Decoder& d : decoders_) PX_DRACO_TRY(read_decoder_data(d));
    for (size_t i = 0; i < decoders_.size(); ++i) PX_DRACO_TRY(decode_decoder(i));
    for (Attribute& a : attributes_) {
      PX_DRACO_TRY(expand(a));
      out.push_back(std::move(a.out));
    }
    return absl::OkStatus();
  }

 private:
  absl::Status read_decoder_identity(size_t index) {
    Decoder& d = decoders_[index];
    if (!c_.edgebreaker) return absl::OkStatus();  // sequential: every decoder goes in point order
    int8_t data_id = 0;
    uint8_t kind = 0, traversal = 0;
    if (!in_.read(data_id) || !in_.read(kind) || !in_.read(traversal)) {
      return malformed("an attributes decoder is cut short");
    }
    if (data_id >= static_cast<int>(c_.attributes.size())) {
      return malformed(cat("attributes decoder ", index, " names connectivity ", int(data_id)));
    }
    if (kind > 1) return malformed(cat("attributes decoder kind ", int(kind)));
    if (traversal > 1) return unsupported(cat("mesh traversal method ", int(traversal)));
    if (kind == 1 && (data_id < 0 || traversal != kTraversalDepthFirst)) {
      return malformed("a per-corner attributes decoder without its connectivity");
    }
    d.attribute_data = data_id;
    d.kind = kind;
    d.traversal = traversal;
    if (data_id >= 0) {
      c_.attributes[data_id].decoder = static_cast<int>(index);
      if (kind == 0) c_.attributes[data_id].connectivity_used = false;
    }
    return absl::OkStatus();
  }

  absl::Status read_decoder_data(Decoder& d) {
    uint32_t count = 0;
    if (!in_.varint32(count)) return malformed("an attributes decoder is cut short");
    // Each attribute takes at least six bytes to describe.
    if (count == 0 || count > in_.remaining() / 6) {
      return malformed(cat("an attributes decoder claims ", count, " attributes"));
    }
    const size_t first = attributes_.size();
    for (uint32_t i = 0; i < count; ++i) {
      Attribute a;
      uint8_t type = 0, data_type = 0, components = 0, normalized = 0;
      if (!in_.read(type) || !in_.read(data_type) || !in_.read(components) ||
          !in_.read(normalized) || !in_.varint32(a.out.unique_id)) {
        return malformed("an attribute description is cut short");
      }
      if (data_type < 1 || data_type > 11) return malformed(cat("data type ", int(data_type)));
      if (components == 0) return malformed("an attribute of no components");
      a.out.type = type;
      a.out.data_type = static_cast<DataType>(data_type);
      a.out.components = components;
      a.out.normalized = normalized != 0;
      attributes_.push_back(std::move(a));
      d.attributes.push_back(attributes_.size() - 1);
    }
    for (uint32_t i = 0; i < count; ++i) {
      Attribute& a = attributes_[first + i];
      uint8_t kind = 0;
      if (!in_.read(kind)) return malformed("an attribute's decoder type is cut short");
      if (kind > kDecoderNormals) return malformed(cat("attribute decoder type ", int(kind)));
      a.decoder_kind = kind;
      const bool float32 = a.out.data_type == DataType::kFloat32;
      if (kind == kDecoderQuantization && !float32) {
        return malformed("quantization of an attribute that is not float32");
      }
      if (kind == kDecoderNormals && (!float32 || a.out.components != 3)) {
        return malformed("octahedral normals that are not three float32");
      }
      if (kind == kDecoderInteger && is_float(a.out.data_type)) {
        return malformed("integer coding of a float attribute");
      }
      if (kind == kDecoderGeneric && a.out.data_type == DataType::kFloat64) {
        return unsupported("float64 attributes");
      }
      a.value_components = kind == kDecoderNormals ? 2 : a.out.components;
    }
    return absl::OkStatus();
  }

  absl::Status decode_decoder(size_t index) {
    Decoder& d = decoders_[index];
    uint32_t values = 0;
    const AttributeTable* sequence_table = nullptr;
    if (c_.edgebreaker) {
      EncodingData* encoding = &c_.position_encoding;
      sequence_table = c_.position_view.get();
      if (d.attribute_data >= 0) {
        AttributeConnectivity& data = c_.attributes[d.attribute_data];
        encoding = &data.encoding;
        if (d.kind == 1) sequence_table = data.table.get();
      }
      PX_DRACO_TRY(traverse(*sequence_table, c_.faces, d.traversal, *encoding, d.point_ids));
      values = static_cast<uint32_t>(d.point_ids.size());
      // What predictions see: the connectivity this decoder's attributes were coded with.
      d.view.table = c_.position_view.get();
      d.view.encoding = &c_.position_encoding;
      for (AttributeConnectivity& data : c_.attributes) {
        if (data.decoder != static_cast<int>(index)) continue;
        d.view.encoding = &data.encoding;
        if (data.connectivity_used) d.view.table = data.table.get();
        break;
      }
      for (size_t id : d.attributes) {
        PX_DRACO_TRY(map_points(*sequence_table, c_.faces, c_.num_points, values, *encoding,
                                attributes_[id].point_to_value));
      }
    } else {
      values = c_.num_points;
      d.point_ids.resize(values);
      for (uint32_t p = 0; p < values; ++p) d.point_ids[p] = p;
      for (size_t id : d.attributes) attributes_[id].point_to_value = d.point_ids;
    }
    for (size_t id : d.attributes) PX_DRACO_TRY(decode_values(d, attributes_[id], values));
    for (size_t id : d.attributes) PX_DRACO_TRY(read_transform_data(attributes_[id]));
    for (size_t id : d.attributes) PX_DRACO_TRY(revert_transform(attributes_[id], values));
    return absl::OkStatus();
  }

  absl::Status decode_values(const Decoder& d, Attribute& a, uint32_t values) {
    if (a.decoder_kind == kDecoderGeneric) return decode_raw(a, values);
    const int vc = a.value_components;
    const uint64_t count = uint64_t{values} * vc;
    int8_t method = 0;
    if (!in_.read(method)) return malformed("the prediction method is cut short");
    if (method < kPredictionNone || method > kPredictionGeometricNormal) {
      return malformed(cat("prediction method ", int(method)));
    }
    std::unique_ptr<Prediction> prediction;
    if (method != kPredictionNone) {
      int8_t transform = 0;
      if (!in_.read(transform)) return malformed("the prediction transform is cut short");
      const bool normals = a.decoder_kind == kDecoderNormals;
      const bool valid = normals ? (transform == kTransformOctahedron ||
                                    transform == kTransformOctahedronCanonical)
                                 : transform == kTransformWrap;
      if (!valid) return malformed(cat("prediction transform ", int(transform)));
      if (method == kPredictionTexCoordsDeprecated && c_.edgebreaker) {
        return unsupported("the deprecated texture-coordinate prediction");
      }
      if (method == kPredictionUndefined) return malformed("an undefined prediction method");
      const bool mesh = c_.edgebreaker && method != kPredictionDelta;
      PositionSource positions;
      if (mesh &&
          (method == kPredictionGeometricNormal || method == kPredictionTexCoordsPortable)) {
        const Attribute* position = nullptr;
        for (const Attribute& p : attributes_) {
          if (p.out.type == 0) {
            position = &p;
            break;
          }
        }
        if (position == nullptr || !position->has_portable || position->out.components != 3) {
          return unsupported("a position-based prediction without integer positions before it");
        }
        positions.values = &position->portable;
        positions.point_to_value = &position->point_to_value;
      }
      if (normals && mesh && method != kPredictionGeometricNormal) {
        // Draco predicts octahedral normals from the mesh only geometrically; others are delta.
        prediction = std::make_unique<Prediction>(method, transform, nullptr, positions);
      } else {
        prediction =
            std::make_unique<Prediction>(method, transform, mesh ? &d.view : nullptr, positions);
      }
    }
    // `values` is bounded by the points the glTF accessors declare; rANS may code many values
    // in a byte, so the remaining bytes bound nothing here.
    if (count > (uint64_t{1} << 31)) return malformed(cat(count, " attribute values"));
    std::vector<int32_t>& data = a.portable;
    data.assign(count, 0);
    uint8_t compressed = 0;
    if (!in_.read(compressed)) return malformed("the attribute values are cut short");
    if (compressed > 0) {
      std::vector<uint32_t> symbols(count);
      PX_DRACO_TRY(decode_symbols(in_, vc, symbols));
      std::memcpy(data.data(), symbols.data(), count * 4);
    } else {
      uint8_t size = 0;
      if (!in_.read(size) || size == 0 || size > 4) {
        return malformed("raw attribute integers of no valid size");
      }
      std::span<const uint8_t> raw;
      if (!in_.take(count * size, raw)) return malformed("the attribute values are cut short");
      for (uint64_t i = 0; i < count; ++i) {
        uint32_t v = 0;
        std::memcpy(&v, raw.data() + i * size, size);
        data[i] = static_cast<int32_t>(v);
      }
    }
    if (prediction == nullptr || !prediction->corrections_positive()) {
      for (int32_t& v : data) {
        const uint32_t u = static_cast<uint32_t>(v);
        v = (u & 1) ? -static_cast<int32_t>(u >> 1) - 1 : static_cast<int32_t>(u >> 1);
      }
    }
    if (prediction != nullptr) {
      PX_DRACO_TRY(prediction->read(in_, values));
      PX_DRACO_TRY(prediction->restore(data, vc, d.point_ids));
    }
    a.has_portable = true;
    return absl::OkStatus();
  }

  absl::Status decode_raw(Attribute& a, uint32_t values) {
    const int size = data_type_size(a.out.data_type);
    const uint64_t count = uint64_t{values} * a.out.components;
    std::span<const uint8_t> raw;
    if (count > in_.remaining() || !in_.take(count * size, raw)) {
      return malformed("the raw attribute values are cut short");
    }
    if (a.out.data_type == DataType::kFloat32) {
      a.floats.resize(count);
      std::memcpy(a.floats.data(), raw.data(), count * 4);
      return absl::OkStatus();
    }
    a.ints.resize(count);
    for (uint64_t i = 0; i < count; ++i) a.ints[i] = widen(raw.data() + i * size, a.out.data_type);
    return absl::OkStatus();
  }

  static int64_t widen(const uint8_t* p, DataType t) {
    switch (t) {
      case DataType::kInt8:
        return static_cast<int8_t>(p[0]);
      case DataType::kUInt8:
      case DataType::kBool:
        return p[0];
      case DataType::kInt16: {
        int16_t v;
        std::memcpy(&v, p, 2);
        return v;
      }
      case DataType::kUInt16: {
        uint16_t v;
        std::memcpy(&v, p, 2);
        return v;
      }
      case DataType::kInt32: {
        int32_t v;
        std::memcpy(&v, p, 4);
        return v;
      }
      case DataType::kUInt32: {
        uint32_t v;
        std::memcpy(&v, p, 4);
        return v;
      }
      default: {
        int64_t v;
        std::memcpy(&v, p, 8);
        return v;
      }
    }
  }

  absl::Status read_transform_data(Attribute& a) {
    if (a.decoder_kind == kDecoderQuantization) {
      a.min.resize(a.out.components);
      uint8_t bits = 0;
      for (float& m : a.min) {
        if (!in_.read(m)) return malformed("the quantization data is cut short");
      }
      if (!in_.read(a.range) || !in_.read(bits))
        return malformed("the quantization data is cut short");
      if (bits < 1 || bits > 30) return malformed(cat("quantization of ", int(bits), " bits"));
      a.bits = bits;
    } else if (a.decoder_kind == kDecoderNormals) {
      uint8_t bits = 0;
      if (!in_.read(bits)) return malformed("the normal quantization is cut short");
      if (bits < 2 || bits > 30) return malformed(cat("normals of ", int(bits), " bits"));
      a.bits = bits;
    }
    return absl::OkStatus();
  }

  absl::Status revert_transform(Attribute& a, uint32_t values) {
    const std::vector<int32_t>& data = a.portable;
    const int comps = a.out.components;
    if (a.decoder_kind == kDecoderQuantization) {
      const float factor = 1.f / static_cast<float>((int64_t{1} << a.bits) - 1);
      a.floats.resize(data.size());
      for (size_t i = 0; i < data.size(); ++i) {
        const int32_t q = data[i];
        float v = q >= 0 ? static_cast<float>(q) * factor * a.range
                         : -(static_cast<float>(-static_cast<int64_t>(q)) * factor) * a.range;
        a.floats[i] = v + a.min[i % comps];
      }
    } else if (a.decoder_kind == kDecoderNormals) {
      const int32_t max_value = static_cast<int32_t>((uint32_t{1} << a.bits) - 2);
      const float scale = 2.f / static_cast<float>(max_value);
      a.floats.resize(size_t{values} * 3);
      for (uint32_t i = 0; i < values; ++i) {
        float y = static_cast<float>(data[2 * i]) * scale - 1.f;
        float z = static_cast<float>(data[2 * i + 1]) * scale - 1.f;
        const float x = 1.f - std::abs(y) - std::abs(z);
        const float offset = std::max(-x, 0.f);
        y += y < 0 ? offset : -offset;
        z += z < 0 ? offset : -offset;
        const float norm2 = x * x + y * y + z * z;
        float* out = &a.floats[size_t{i} * 3];
        if (norm2 < 1e-6f) {
          out[0] = out[1] = out[2] = 0;
        } else {
          const float d = 1.0f / std::sqrt(norm2);
          out[0] = x * d;
          out[1] = y * d;
          out[2] = z * d;
        }
      }
    } else if (a.decoder_kind == kDecoderInteger) {
      a.ints.resize(data.size());
      for (size_t i = 0; i < data.size(); ++i) {
        a.ints[i] = narrow(data[i], a.out.data_type);
      }
    }
    return absl::OkStatus();
  }

  // The value as its data type holds it (Draco stores the int32 cast to the type).
  static int64_t narrow(int32_t v, DataType t) {
    switch (t) {
      case DataType::kInt8:
        return static_cast<int8_t>(v);
      case DataType::kUInt8:
      case DataType::kBool:
        return static_cast<uint8_t>(v);
      case DataType::kInt16:
        return static_cast<int16_t>(v);
      case DataType::kUInt16:
        return static_cast<uint16_t>(v);
      case DataType::kUInt32:
      case DataType::kUInt64:
        return static_cast<uint32_t>(v);
      default:
        return v;
    }
  }

  // Values to points.
  absl::Status expand(Attribute& a) {
    const int comps = a.out.components;
    const bool floats = !a.floats.empty() || is_float(a.out.data_type);
    const size_t have = floats ? a.floats.size() : a.ints.size();
    const size_t points = c_.num_points;
    if (a.point_to_value.size() != points) return malformed("an attribute misses points");
    if (floats) {
      a.out.floats.resize(points * comps);
    } else {
      a.out.ints.resize(points * comps);
    }
    for (size_t p = 0; p < points; ++p) {
      const size_t from = size_t{a.point_to_value[p]} * comps;
      if (from + comps > have) return malformed("a point maps past its attribute's values");
      for (int k = 0; k < comps; ++k) {
        if (floats) {
          a.out.floats[p * comps + k] = a.floats[from + k];
        } else {
          a.out.ints[p * comps + k] = a.ints[from + k];
        }
      }
    }
    return absl::OkStatus();
  }

  ByteReader& in_;
  Connectivity& c_;
  std::vector<Decoder> decoders_;
  std::vector<Attribute> attributes_;
};

}  // namespace

absl::Status decode_attributes(ByteReader& in, Connectivity& connectivity,
                               std::vector<DracoAttribute>& out) {
  return AttributeDecoder(in, connectivity).decode(out);
}

}  // namespace px::gltf::draco
