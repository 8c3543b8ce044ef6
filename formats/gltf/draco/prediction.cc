#include "formats/gltf/draco/prediction.h"

#include <algorithm>
#include <array>
#include <bit>

#include "engine/strings.h"
#include "formats/gltf/draco/draco_error.h"

namespace px::gltf::draco {
namespace {

constexpr int kMaxParallelograms = 4;

// Wrapping 64-bit arithmetic: hostile values may overflow, valid ones never do, and the result
// then matches the reference decoder on two's-complement hardware without undefined behaviour.
int64_t wadd(int64_t a, int64_t b) { return static_cast<int64_t>(uint64_t(a) + uint64_t(b)); }
int64_t wsub(int64_t a, int64_t b) { return static_cast<int64_t>(uint64_t(a) - uint64_t(b)); }
int64_t wmul(int64_t a, int64_t b) { return static_cast<int64_t>(uint64_t(a) * uint64_t(b)); }
uint64_t uabs(int64_t a) { return a < 0 ? uint64_t{0} - uint64_t(a) : uint64_t(a); }
int64_t sdiv(int64_t a, int64_t b) {
  if (b == 0 || (b == -1 && a == INT64_MIN)) return a;
  return a / b;
}

uint64_t int_sqrt(uint64_t n) {
  if (n == 0) return 0;
  uint64_t root = 1;
  for (uint64_t act = n; act >= 2; act /= 4) root *= 2;
  do {
    root = (root + n / root) / 2;
  } while (root * root > n);
  return root;
}

// The octahedral helpers Draco uses to predict and canonicalize normals.
struct Octahedron {
  int32_t max_quantized = 0;
  int32_t max_value = 0;
  int32_t center = 0;

  void set_bits(int32_t q) {
    max_quantized = static_cast<int32_t>((uint32_t{1} << q) - 1);
    max_value = max_quantized - 1;
    center = max_value / 2;
  }
  bool in_diamond(int32_t s, int32_t t) const {
    return int64_t{std::abs(int64_t{s})} + std::abs(int64_t{t}) <= center;
  }
  void invert_diamond(int32_t& s, int32_t& t) const {
    int32_t sign_s = 0, sign_t = 0;
    if (s >= 0 && t >= 0) {
      sign_s = sign_t = 1;
    } else if (s <= 0 && t <= 0) {
      sign_s = sign_t = -1;
    } else {
      sign_s = s > 0 ? 1 : -1;
      sign_t = t > 0 ? 1 : -1;
    }
    const int64_t cs = int64_t{sign_s} * center;
    const int64_t ct = int64_t{sign_t} * center;
    int64_t ns = 2 * int64_t{s} - cs;
    int64_t nt = 2 * int64_t{t} - ct;
    if (sign_s * sign_t >= 0) {
      const int64_t tmp = ns;
      ns = -nt;
      nt = -tmp;
    } else {
      std::swap(ns, nt);
    }
    s = static_cast<int32_t>((ns + cs) / 2);
    t = static_cast<int32_t>((nt + ct) / 2);
  }
  int32_t mod_max(int64_t x) const {
    if (x > center) return static_cast<int32_t>(x - max_quantized);
    if (x < -center) return static_cast<int32_t>(x + max_quantized);
    return static_cast<int32_t>(x);
  }
  void canonicalize_coords(int32_t& s, int32_t& t) const {
    if ((s == 0 && t == 0) || (s == 0 && t == max_value) || (s == max_value && t == 0)) {
      s = max_value;
      t = max_value;
    } else if (s == 0 && t > center) {
      t = center - (t - center);
    } else if (s == max_value && t < center) {
      t = center + (center - t);
    } else if (t == max_value && s < center) {
      s = center + (center - s);
    } else if (t == 0 && s > center) {
      s = center - (s - center);
    }
  }
  void vector_to_coords(const int32_t v[3], int32_t& s, int32_t& t) const {
    if (v[0] >= 0) {
      s = v[1] + center;
      t = v[2] + center;
    } else {
      s = v[1] < 0 ? std::abs(v[2]) : max_value - std::abs(v[2]);
      t = v[2] < 0 ? std::abs(v[1]) : max_value - std::abs(v[1]);
    }
    canonicalize_coords(s, t);
  }
  void canonicalize_vector(int32_t v[3]) const {
    const int64_t abs_sum =
        std::abs(int64_t{v[0]}) + std::abs(int64_t{v[1]}) + std::abs(int64_t{v[2]});
    if (abs_sum == 0) {
      v[0] = center;
      return;
    }
    v[0] = static_cast<int32_t>(int64_t{v[0]} * center / abs_sum);
    v[1] = static_cast<int32_t>(int64_t{v[1]} * center / abs_sum);
    const int32_t rest = center - std::abs(v[0]) - std::abs(v[1]);
    v[2] = v[2] >= 0 ? rest : -rest;
  }
};

using Point2 = std::array<int32_t, 2>;

int rotation_count(Point2 p) {
  if (p[0] == 0) return p[1] == 0 ? 0 : (p[1] > 0 ? 3 : 1);
  if (p[0] > 0) return p[1] >= 0 ? 2 : 1;
  return p[1] <= 0 ? 0 : 3;
}

Point2 rotate(Point2 p, int count) {
  switch (count) {
    case 1:
      return {p[1], -p[0]};
    case 2:
      return {-p[0], -p[1]};
    case 3:
      return {-p[1], p[0]};
    default:
      return p;
  }
}

bool in_bottom_left(Point2 p) { return (p[0] == 0 && p[1] == 0) || (p[0] < 0 && p[1] <= 0); }

}  // namespace

absl::Status Prediction::read_transform(ByteReader& in) {
  if (transform_ == kTransformWrap) {
    if (!in.read(min_) || !in.read(max_)) return malformed("the wrap transform is cut short");
    const int64_t dif = int64_t{max_} - min_;
    if (dif < 0 || dif >= INT32_MAX) return malformed("the wrap transform's range is not valid");
    max_dif_ = dif + 1;
    return absl::OkStatus();
  }
  int32_t max_quantized = 0, center = 0;
  if (!in.read(max_quantized)) return malformed("the octahedral transform is cut short");
  if (transform_ == kTransformOctahedronCanonical && !in.read(center)) {
    return malformed("the octahedral transform is cut short");
  }
  if (max_quantized <= 0) return malformed("the octahedral transform's range is not valid");
  quantization_bits_ = std::bit_width(static_cast<uint32_t>(max_quantized));
  if (quantization_bits_ < 2 || quantization_bits_ > 30) {
    return malformed(cat("normals of ", quantization_bits_, " bits"));
  }
  Octahedron o;
  o.set_bits(quantization_bits_);
  max_quantized_ = o.max_quantized;
  center_ = o.center;
  return absl::OkStatus();
}

absl::Status Prediction::read(ByteReader& in, uint32_t num_values) {
  const bool mesh = mesh_ != nullptr;
  if (mesh && method_ == kPredictionConstrainedMultiParallelogram) {
    crease_.resize(kMaxParallelograms);
    for (std::vector<uint8_t>& flags : crease_) {
      uint32_t count = 0;
      if (!in.varint32(count)) return malformed("the crease flags are cut short");
      if (count > static_cast<uint32_t>(mesh_->table->num_corners())) {
        return malformed(cat(count, " crease flags for ", mesh_->table->num_corners(), " corners"));
      }
      if (count == 0) continue;
      flags.resize(count);
      RAnsBitDecoder bits;
      PX_DRACO_TRY(bits.start(in));
      for (uint8_t& f : flags) f = bits.next_bit();
    }
  }
  if (mesh && method_ == kPredictionTexCoordsPortable) {
    int32_t count = 0;
    if (!in.read(count) || count < 0 || static_cast<uint32_t>(count) > num_values) {
      return malformed("the texture-coordinate orientations are not valid");
    }
    orientations_.resize(count);
    RAnsBitDecoder bits;
    PX_DRACO_TRY(bits.start(in));
    bool last = true;
    for (uint8_t& o : orientations_) {
      if (!bits.next_bit()) last = !last;
      o = last;
    }
  }
  PX_DRACO_TRY(read_transform(in));
  if (mesh && method_ == kPredictionGeometricNormal) PX_DRACO_TRY(flips_.start(in));
  return absl::OkStatus();
}

absl::Status Prediction::apply(const int32_t* pred, const int32_t* corr, int32_t* out,
                               int components) const {
  if (transform_ == kTransformWrap) {
    for (int i = 0; i < components; ++i) {
      int64_t value = int64_t{std::clamp(pred[i], min_, max_)} + corr[i];
      if (value > max_) {
        value -= max_dif_;
      } else if (value < min_) {
        value += max_dif_;
      }
      out[i] = static_cast<int32_t>(value);
    }
    return absl::OkStatus();
  }
  if (components != 2) return malformed("octahedral corrections need two components");
  for (int i = 0; i < 2; ++i) {
    if (corr[i] < 0 || corr[i] > max_quantized_ || pred[i] < 0 || pred[i] > 2 * center_) {
      return malformed("an octahedral correction is out of range");
    }
  }
  Octahedron o;
  o.set_bits(quantization_bits_);
  Point2 p = {pred[0] - center_, pred[1] - center_};
  const bool diamond = o.in_diamond(p[0], p[1]);
  if (!diamond) o.invert_diamond(p[0], p[1]);
  const bool canonical = transform_ == kTransformOctahedronCanonical;
  const bool bottom_left = !canonical || in_bottom_left(p);
  const int rotation = rotation_count(p);
  if (!bottom_left) p = rotate(p, rotation);
  Point2 orig = {o.mod_max(int64_t{p[0]} + corr[0]), o.mod_max(int64_t{p[1]} + corr[1])};
  if (!bottom_left) orig = rotate(orig, (4 - rotation) % 4);
  if (!diamond) o.invert_diamond(orig[0], orig[1]);
  out[0] = orig[0] + center_;
  out[1] = orig[1] + center_;
  return absl::OkStatus();
}

absl::Status Prediction::restore(std::span<int32_t> values, int components,
                                 const std::vector<uint32_t>& point_ids) {
  if (values.empty()) return absl::OkStatus();
  if (mesh_ != nullptr) {
    const size_t mapped = mesh_->encoding->value_to_corner.size();
    if (mapped * components > values.size()) {
      return malformed("more coded corners than decoded values");
    }
    switch (method_) {
      case kPredictionParallelogram:
        return parallelogram(values, components, false);
      case kPredictionMultiParallelogram:
        return parallelogram(values, components, true);
      case kPredictionConstrainedMultiParallelogram:
        return constrained(values, components);
      case kPredictionTexCoordsPortable:
      case kPredictionGeometricNormal:
        if (components != 2) return malformed("a two-component prediction of other data");
        return method_ == kPredictionTexCoordsPortable ? tex_coords(values, point_ids)
                                                       : geometric_normal(values, point_ids);
      default:
        break;
    }
  }
  return delta(values, components);
}

absl::Status Prediction::delta(std::span<int32_t> values, int components) {
  const std::vector<int32_t> zeros(components, 0);
  PX_DRACO_TRY(apply(zeros.data(), values.data(), values.data(), components));
  for (size_t i = components; i + components <= values.size(); i += components) {
    PX_DRACO_TRY(apply(&values[i - components], &values[i], &values[i], components));
  }
  return absl::OkStatus();
}

int32_t Prediction::value_of_corner(int32_t corner) const {
  const int32_t v = mesh_->table->vertex(corner);
  const std::vector<int32_t>& map = mesh_->encoding->vertex_to_value;
  if (v < 0 || v >= static_cast<int32_t>(map.size())) return INT32_MAX;
  return map[v];
}

bool Prediction::parallelogram_at(int32_t value, int32_t corner, std::span<const int32_t> data,
                                  int components, int64_t* out) const {
  const int32_t opp = mesh_->table->opposite(corner);
  if (opp == kNone) return false;
  const int32_t o = value_of_corner(opp);
  const int32_t n = value_of_corner(next_corner(opp));
  const int32_t p = value_of_corner(prev_corner(opp));
  if (o < 0 || n < 0 || p < 0 || o >= value || n >= value || p >= value) return false;
  for (int c = 0; c < components; ++c) {
    out[c] =
        static_cast<int32_t>(int64_t{data[size_t(n) * components + c]} +
                             data[size_t(p) * components + c] - data[size_t(o) * components + c]);
  }
  return true;
}

absl::Status Prediction::parallelogram(std::span<int32_t> values, int components, bool multi) {
  const std::vector<int32_t>& corners = mesh_->encoding->value_to_corner;
  std::vector<int32_t> pred(components, 0);
  std::vector<int64_t> one(components), sum(components);
  PX_DRACO_TRY(apply(pred.data(), values.data(), values.data(), components));
  const int32_t limit = mesh_->table->num_corners() + 1;
  for (size_t p = 1; p < corners.size(); ++p) {
    int32_t* dst = &values[p * components];
    int used = 0;
    std::fill(sum.begin(), sum.end(), 0);
    const int32_t start = corners[p];
    int32_t corner = start;
    for (int32_t steps = 0; corner != kNone && steps < limit; ++steps) {
      if (parallelogram_at(static_cast<int32_t>(p), corner, values, components, one.data())) {
        for (int c = 0; c < components; ++c) sum[c] += one[c];
        ++used;
      }
      if (!multi) break;
      corner = mesh_->table->swing_right(corner);
      if (corner == start) break;
    }
    if (used == 0) {
      PX_DRACO_TRY(apply(dst - components, dst, dst, components));
      continue;
    }
    for (int c = 0; c < components; ++c) pred[c] = static_cast<int32_t>(sum[c] / used);
    PX_DRACO_TRY(apply(pred.data(), dst, dst, components));
  }
  return absl::OkStatus();
}

absl::Status Prediction::constrained(std::span<int32_t> values, int components) {
  const std::vector<int32_t>& corners = mesh_->encoding->value_to_corner;
  const AttributeTable& table = *mesh_->table;
  std::vector<std::vector<int64_t>> preds(kMaxParallelograms, std::vector<int64_t>(components));
  std::vector<int32_t> pred(components, 0);
  std::vector<int64_t> sum(components);
  std::array<size_t, kMaxParallelograms> position{};
  PX_DRACO_TRY(apply(pred.data(), values.data(), values.data(), components));
  const int32_t limit = table.num_corners() + 1;
  for (size_t p = 1; p < corners.size(); ++p) {
    const int32_t start = corners[p];
    int32_t corner = start;
    int count = 0;
    bool first_pass = true;
    for (int32_t steps = 0; corner != kNone && steps < limit; ++steps) {
      if (parallelogram_at(static_cast<int32_t>(p), corner, values, components,
                           preds[count].data())) {
        if (++count == kMaxParallelograms) break;
      }
      corner = first_pass ? table.swing_left(corner) : table.swing_right(corner);
      if (corner == start) break;
      if (corner == kNone && first_pass) {
        first_pass = false;
        corner = table.swing_right(start);
      }
    }
    int used = 0;
    std::fill(sum.begin(), sum.end(), 0);
    for (int i = 0; i < count; ++i) {
      const int context = count - 1;
      const size_t at = position[context]++;
      if (at >= crease_[context].size()) return malformed("the crease flags run out");
      if (crease_[context][at]) continue;
      ++used;
      for (int c = 0; c < components; ++c) sum[c] += preds[i][c];
    }
    int32_t* dst = &values[p * components];
    if (used == 0) {
      PX_DRACO_TRY(apply(dst - components, dst, dst, components));
      continue;
    }
    for (int c = 0; c < components; ++c) pred[c] = static_cast<int32_t>(sum[c] / used);
    PX_DRACO_TRY(apply(pred.data(), dst, dst, components));
  }
  return absl::OkStatus();
}

bool Prediction::position_of_value(int32_t value, const std::vector<uint32_t>& point_ids,
                                   int64_t out[3]) const {
  if (value < 0 || static_cast<size_t>(value) >= point_ids.size()) return false;
  const uint32_t point = point_ids[value];
  if (positions_.point_to_value == nullptr || point >= positions_.point_to_value->size()) {
    return false;
  }
  const uint64_t at = uint64_t{(*positions_.point_to_value)[point]} * 3;
  if (at + 3 > positions_.values->size()) return false;
  for (int i = 0; i < 3; ++i) out[i] = (*positions_.values)[at + i];
  return true;
}

absl::Status Prediction::geometric_normal(std::span<int32_t> values,
                                          const std::vector<uint32_t>& point_ids) {
  if (transform_ == kTransformWrap) return unsupported("geometric normal prediction with wrap");
  if (positions_.values == nullptr) {
    return unsupported("geometric normal prediction without quantized positions");
  }
  const AttributeTable& table = *mesh_->table;
  const std::vector<int32_t>& corners = mesh_->encoding->value_to_corner;
  Octahedron o;
  o.set_bits(quantization_bits_);
  const int32_t limit = table.num_corners() + 1;
  auto position = [&](int32_t corner, int64_t out[3]) {
    return position_of_value(value_of_corner(corner), point_ids, out);
  };
  for (size_t id = 0; id < corners.size(); ++id) {
    const int32_t start = corners[id];
    int64_t center[3];
    if (!position(start, center)) return malformed("a normal's position cannot be found");
    int64_t normal[3] = {0, 0, 0};
    int32_t corner = start;
    bool left = true;
    for (int32_t steps = 0; corner != kNone; ++steps) {
      if (steps > limit) return malformed("a vertex ring does not close");
      int64_t next[3], prev[3];
      if (!position(next_corner(corner), next) || !position(prev_corner(corner), prev)) {
        return malformed("a normal's neighbour position cannot be found");
      }
      int64_t dn[3], dp[3];
      for (int i = 0; i < 3; ++i) {
        dn[i] = wsub(next[i], center[i]);
        dp[i] = wsub(prev[i], center[i]);
      }
      normal[0] = wadd(normal[0], wsub(wmul(dn[1], dp[2]), wmul(dn[2], dp[1])));
      normal[1] = wadd(normal[1], wsub(wmul(dn[2], dp[0]), wmul(dn[0], dp[2])));
      normal[2] = wadd(normal[2], wsub(wmul(dn[0], dp[1]), wmul(dn[1], dp[0])));
      if (left) {
        corner = table.swing_left(corner);
        if (corner == kNone) {
          corner = table.swing_right(start);
          left = false;
        } else if (corner == start) {
          corner = kNone;
        }
      } else {
        corner = table.swing_right(corner);
      }
    }
    constexpr int64_t kUpperBound = int64_t{1} << 29;
    const uint64_t abs_sum = uabs(normal[0]) + uabs(normal[1]) + uabs(normal[2]);
    if (abs_sum > uint64_t(kUpperBound)) {
      const int64_t quotient = static_cast<int64_t>(abs_sum / kUpperBound);
      for (int64_t& n : normal) n = sdiv(n, quotient);
    }
    int32_t vec[3] = {static_cast<int32_t>(normal[0]), static_cast<int32_t>(normal[1]),
                      static_cast<int32_t>(normal[2])};
    o.canonicalize_vector(vec);
    if (flips_.next_bit()) {
      for (int32_t& v : vec) v = -v;
    }
    int32_t pred[2];
    o.vector_to_coords(vec, pred[0], pred[1]);
    PX_DRACO_TRY(apply(pred, &values[id * 2], &values[id * 2], 2));
  }
  return absl::OkStatus();
}

absl::Status Prediction::tex_coords(std::span<int32_t> values,
                                    const std::vector<uint32_t>& point_ids) {
  if (positions_.values == nullptr) {
    return unsupported("texture-coordinate prediction without quantized positions");
  }
  const std::vector<int32_t>& corners = mesh_->encoding->value_to_corner;
  for (size_t id = 0; id < corners.size(); ++id) {
    const int32_t data_id = static_cast<int32_t>(id);
    const int32_t corner = corners[id];
    const int32_t next_id = value_of_corner(next_corner(corner));
    const int32_t prev_id = value_of_corner(prev_corner(corner));
    auto uv = [&](int32_t v, int i) { return int64_t{values[size_t(v) * 2 + i]}; };
    int32_t pred[2] = {0, 0};
    bool done = false;
    if (prev_id >= 0 && next_id >= 0 && prev_id < data_id && next_id < data_id) {
      const int64_t n_uv[2] = {uv(next_id, 0), uv(next_id, 1)};
      const int64_t p_uv[2] = {uv(prev_id, 0), uv(prev_id, 1)};
      if (n_uv[0] == p_uv[0] && n_uv[1] == p_uv[1]) {
        pred[0] = static_cast<int32_t>(p_uv[0]);
        pred[1] = static_cast<int32_t>(p_uv[1]);
        done = true;
      } else {
        int64_t tip[3], next[3], prev[3];
        if (!position_of_value(data_id, point_ids, tip) ||
            !position_of_value(next_id, point_ids, next) ||
            !position_of_value(prev_id, point_ids, prev)) {
          return malformed("a texture coordinate's position cannot be found");
        }
        int64_t pn[3], cn[3];
        uint64_t pn_norm2 = 0;
        int64_t cn_dot_pn = 0;
        for (int i = 0; i < 3; ++i) {
          pn[i] = wsub(prev[i], next[i]);
          cn[i] = wsub(tip[i], next[i]);
          pn_norm2 += uint64_t(wmul(pn[i], pn[i]));
          cn_dot_pn = wadd(cn_dot_pn, wmul(pn[i], cn[i]));
        }
        if (pn_norm2 != 0) {
          const int64_t pn_uv[2] = {wsub(p_uv[0], n_uv[0]), wsub(p_uv[1], n_uv[1])};
          const int64_t norm2 = static_cast<int64_t>(pn_norm2);
          const int64_t x_uv[2] = {wadd(wmul(n_uv[0], norm2), wmul(cn_dot_pn, pn_uv[0])),
                                   wadd(wmul(n_uv[1], norm2), wmul(cn_dot_pn, pn_uv[1]))};
          uint64_t cx_norm2 = 0;
          for (int i = 0; i < 3; ++i) {
            const int64_t x_pos = wadd(next[i], sdiv(wmul(cn_dot_pn, pn[i]), norm2));
            const int64_t d = wsub(tip[i], x_pos);
            cx_norm2 += uint64_t(wmul(d, d));
          }
          const int64_t norm = static_cast<int64_t>(int_sqrt(cx_norm2 * pn_norm2));
          const int64_t cx_uv[2] = {wmul(pn_uv[1], norm), wmul(-pn_uv[0], norm)};
          if (orientations_.empty()) return malformed("the texture orientations run out");
          const bool orientation = orientations_.back();
          orientations_.pop_back();
          for (int i = 0; i < 2; ++i) {
            const int64_t v = orientation ? wadd(x_uv[i], cx_uv[i]) : wsub(x_uv[i], cx_uv[i]);
            pred[i] = static_cast<int32_t>(sdiv(v, norm2));
          }
          done = true;
        }
      }
    }
    if (!done) {
      int64_t offset = -1;
      if (prev_id >= 0 && prev_id < data_id) offset = int64_t{prev_id} * 2;
      if (next_id >= 0 && next_id < data_id) {
        offset = int64_t{next_id} * 2;
      } else if (data_id > 0) {
        offset = int64_t{data_id - 1} * 2;
      } else {
        offset = -1;
      }
      if (offset >= 0) {
        pred[0] = values[offset];
        pred[1] = values[offset + 1];
      }
    }
    PX_DRACO_TRY(apply(pred, &values[id * 2], &values[id * 2], 2));
  }
  return absl::OkStatus();
}

}  // namespace px::gltf::draco
