// Draco's prediction schemes, undone: each value was coded as a correction to a prediction from
// values decoded before it (the previous value, parallelograms across the mesh, the surface
// normal of the positions, the texture-coordinate projection of the positions). Corrections pass
// through a transform first: wrap (to the values' range) or octahedral (for normals).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "absl/status/status.h"
#include "formats/gltf/draco/byte_reader.h"
#include "formats/gltf/draco/connectivity.h"
#include "formats/gltf/draco/rans.h"

namespace px::gltf::draco {

inline constexpr int kPredictionNone = -2;
inline constexpr int kPredictionUndefined = -1;
inline constexpr int kPredictionDelta = 0;
inline constexpr int kPredictionParallelogram = 1;
inline constexpr int kPredictionMultiParallelogram = 2;
inline constexpr int kPredictionTexCoordsDeprecated = 3;
inline constexpr int kPredictionConstrainedMultiParallelogram = 4;
inline constexpr int kPredictionTexCoordsPortable = 5;
inline constexpr int kPredictionGeometricNormal = 6;

inline constexpr int kTransformWrap = 1;
inline constexpr int kTransformOctahedron = 2;
inline constexpr int kTransformOctahedronCanonical = 3;

// Where mesh predictions look: the attribute's corner table and its coding order.
struct MeshView {
  const AttributeTable* table = nullptr;
  const EncodingData* encoding = nullptr;
};

// The quantized positions some predictions read: 3 per value, and each point's value.
struct PositionSource {
  const std::vector<int32_t>* values = nullptr;
  const std::vector<uint32_t>* point_to_value = nullptr;
};

class Prediction {
 public:
  // `mesh` is null for sequential connectivity, where every mesh method acts as delta coding.
  Prediction(int method, int transform, const MeshView* mesh, PositionSource positions)
      : method_(method), transform_(transform), mesh_(mesh), positions_(positions) {}

  bool corrections_positive() const { return transform_ != kTransformWrap; }
  // The scheme's side data (crease flags, flips, orientations) and the transform's parameters.
  absl::Status read(ByteReader& in, uint32_t num_values);
  // Turns the corrections in `values` into the original values, in place.
  absl::Status restore(std::span<int32_t> values, int components,
                       const std::vector<uint32_t>& point_ids);

 private:
  absl::Status read_transform(ByteReader& in);
  absl::Status apply(const int32_t* pred, const int32_t* corr, int32_t* out, int components) const;
  absl::Status delta(std::span<int32_t> values, int components);
  absl::Status parallelogram(std::span<int32_t> values, int components, bool multi);
  absl::Status constrained(std::span<int32_t> values, int components);
  absl::Status geometric_normal(std::span<int32_t> values, const std::vector<uint32_t>& point_ids);
  absl::Status tex_coords(std::span<int32_t> values, const std::vector<uint32_t>& point_ids);
  bool parallelogram_at(int32_t value, int32_t corner, std::span<const int32_t> data,
                        int components, int64_t* out) const;
  int32_t value_of_corner(int32_t corner) const;
  bool position_of_value(int32_t value, const std::vector<uint32_t>& point_ids,
                         int64_t out[3]) const;

  int method_;
  int transform_;
  const MeshView* mesh_;
  PositionSource positions_;
  // wrap
  int32_t min_ = 0, max_ = 0;
  int64_t max_dif_ = 0;
  // octahedral
  int32_t quantization_bits_ = 0, max_quantized_ = 0, center_ = 0;
  std::vector<std::vector<uint8_t>> crease_;  // constrained multi-parallelogram, per context
  RAnsBitDecoder flips_;                      // geometric normal
  std::vector<uint8_t> orientations_;         // tex coords portable
};

}  // namespace px::gltf::draco
