#include "formats/gltf/write/attribute_views.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstring>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/gltf/float_extremes.h"
#include "formats/gltf/typed_column.h"
#include "formats/gltf/write/influence_attributes.h"
#include "formats/gltf/write/tangent_frame.h"
#include "formats/gltf/write/unit_vector.h"

namespace px::gltf {

static_assert(std::endian::native == std::endian::little, "glTF buffers are little-endian");

namespace {

constexpr std::string_view kTypes[] = {"", "SCALAR", "VEC2", "VEC3", "VEC4"};

// False for NaN, Inf and finite values past float32's range.
bool fits_float(double d) { return std::abs(d) <= FLT_MAX; }

absl::Status non_finite(std::string_view label, std::string_view semantic) {
  return refuse("gltf.write.non-finite",
                cat(label, ": ", semantic, " holds NaN, Inf or a value float32 cannot hold"));
}

void store_row(char*& out, const float* row, int n) {
  std::memcpy(out, row, sizeof(float) * n);
  out += sizeof(float) * n;
}

void warn_times(Diagnostics& diagnostics, std::string_view code, const std::string& message,
                size_t times) {
  for (size_t i = 0; i < times; ++i) diagnostics.warn(code, message);
}

// A column whose values are the view's bytes as they are: float32, `cols` to a row.
bool is_float_rows(const Column& c, size_t cols) { return c.holds<float>() && c.cols == cols; }

// POSITION's min and max as float32 (std::min / std::max from FLT_MAX, the first of equal values
// kept), and false when a value does not fit float32.
template <class T>
bool position_bounds(const T* src, size_t rows, size_t cols, std::array<float, 3>& lo,
                     std::array<float, 3>& hi) {
  bool fits = true;
  for (size_t r = 0; r < rows; ++r, src += cols) {
    for (int k = 0; k < 3; ++k) {
      const double d = static_cast<double>(src[k]);
      fits &= fits_float(d);
      const float f = static_cast<float>(d);
      lo[k] = std::min(lo[k], f);
      hi[k] = std::max(hi[k], f);
    }
  }
  return fits;
}

// The same for float32 rows of 3, in the passes the reader's checks make.
bool position_bounds(const float* src, size_t rows, std::array<float, 3>& lo,
                     std::array<float, 3>& hi) {
  double low[3] = {lo[0], lo[1], lo[2]};
  double high[3] = {hi[0], hi[1], hi[2]};
  float_extremes(src, rows, 3, low, high);
  for (int k = 0; k < 3; ++k) {
    lo[k] = static_cast<float>(low[k]);
    hi[k] = static_cast<float>(high[k]);
  }
  return first_non_finite(src, 3 * rows) == 3 * rows;
}

absl::Status make_position(const AttributePlan& a, ViewOut& out, std::string_view label) {
  if (a.unwritable) return non_finite(label, a.semantic);
  const Column& c = *a.column;
  if (is_float_rows(c, 3)) {
    out.bytes({static_cast<const char*>(c.data), c.rows * 3 * sizeof(float)});
    return absl::OkStatus();
  }
  stream_rows(out, c.rows, 3 * sizeof(float), [&](size_t first, size_t end, char* p) {
    visit_typed(c, [&](const auto* src) {
      src += first * c.cols;
      for (size_t r = first; r < end; ++r, src += c.cols) {
        float row[3];
        for (int k = 0; k < 3; ++k) row[k] = static_cast<float>(static_cast<double>(src[k]));
        store_row(p, row, 3);
      }
    });
    return true;
  });
  return absl::OkStatus();
}

// A normal as glTF holds it: of unit length, or (0, 0, 1) when it has no direction (counted).
template <class T>
void store_normal(const T* src, char*& out, size_t& replaced) {
  double x = static_cast<double>(src[0]);
  double y = static_cast<double>(src[1]);
  double z = static_cast<double>(src[2]);
  if (!normalize(x, y, z)) {
    x = 0;
    y = 0;
    z = 1;
    ++replaced;
  }
  const float row[3] = {static_cast<float>(x), static_cast<float>(y), static_cast<float>(z)};
  store_row(out, row, 3);
}

// |x^2 + y^2 + z^2 - 1| of a float32 unit vector, rounded and summed in float32, is a few 1e-7;
// the Khronos validator allows lengths 5e-4 from 1.
constexpr float kUnitSlack = 1e-5f;

void make_normal(const AttributePlan& a, ViewOut& out, std::string_view label,
                 Diagnostics& diagnostics) {
  const Column& c = *a.column;
  size_t replaced = 0;
  if (is_float_rows(c, 3)) {
    // Float32 normals already of unit length (a glTF file's, an exporter's) go over as they are,
    // a buffer at a time; a buffer holding another is scaled row by row.
    const float* values = static_cast<const float*>(c.data);
    const size_t per_piece = ViewOut::kChunkBytes / (3 * sizeof(float));
    for (size_t first = 0; first < c.rows; first += per_piece) {
      const size_t n = 3 * (std::min(c.rows, first + per_piece) - first);
      const float* piece = values + 3 * first;
      bool unit = true;
      for (size_t i = 0; i < n; i += 3) {
        const float l2 =
            piece[i] * piece[i] + piece[i + 1] * piece[i + 1] + piece[i + 2] * piece[i + 2];
        unit &= std::abs(l2 - 1.0f) <= kUnitSlack;  // false for NaN and Inf
      }
      if (unit) {
        out.bytes({reinterpret_cast<const char*>(piece), n * sizeof(float)});
        continue;
      }
      char* p = out.buffer();
      for (size_t i = 0; i < n; i += 3) store_normal(piece + i, p, replaced);
      out.commit(n * sizeof(float));
    }
  } else {
    stream_rows(out, c.rows, 3 * sizeof(float), [&](size_t first, size_t end, char* p) {
      visit_typed(c, [&](const auto* src) {
        src += first * c.cols;
        for (size_t r = first; r < end; ++r, src += c.cols) store_normal(src, p, replaced);
      });
      return true;
    });
  }
  warn_times(diagnostics, "gltf.write.normal-replaced",
             cat(label, ": normals of zero or non-finite length written as (0,0,1)"), replaced);
}

absl::Status make_texcoord(const AttributePlan& a, ViewOut& out, std::string_view label) {
  const Column& c = *a.column;
  if (is_float_rows(c, 2)) {
    // Checked a buffer's worth at a time, then written from the column while in cache.
    const float* values = static_cast<const float*>(c.data);
    const size_t per_piece = ViewOut::kChunkBytes / (2 * sizeof(float));
    for (size_t first = 0; first < c.rows; first += per_piece) {
      const size_t n = 2 * (std::min(c.rows, first + per_piece) - first);
      const float* piece = values + 2 * first;
      bool fits = true;
      for (size_t i = 0; i < n; ++i) fits &= std::abs(piece[i]) <= FLT_MAX;
      if (!fits) return non_finite(label, a.semantic);
      out.bytes({reinterpret_cast<const char*>(piece), n * sizeof(float)});
    }
    return absl::OkStatus();
  }
  const bool fits =
      stream_rows(out, c.rows, 2 * sizeof(float), [&](size_t first, size_t end, char* p) {
        bool ok = true;
        visit_typed(c, [&](const auto* src) {
          src += first * c.cols;
          for (size_t r = first; r < end; ++r, src += c.cols) {
            const double u = static_cast<double>(src[0]);
            const double v = static_cast<double>(src[1]);
            ok &= fits_float(u) && fits_float(v);
            float row[2] = {static_cast<float>(u), static_cast<float>(v)};
            store_row(p, row, 2);
          }
        });
        return ok;
      });
  return fits ? absl::OkStatus() : non_finite(label, a.semantic);
}

absl::Status make_color(const AttributePlan& a, ViewOut& out, std::string_view label,
                        Diagnostics& diagnostics) {
  const Column& c = *a.column;
  // Unsigned integer colours are normalised, as glTF's own integer COLOR_n are.
  const double divisor = c.holds<uint8_t>() ? 255.0 : c.holds<uint16_t>() ? 65535.0 : 1.0;
  size_t clamped = 0;
  const bool finite = stream_rows(out, c.rows, a.components * sizeof(float),
                                  [&](size_t first, size_t end, char* p) {
                                    bool ok = true;
                                    visit_typed(c, [&](const auto* src) {
                                      src += first * c.cols;
                                      for (size_t r = first; r < end; ++r, src += c.cols) {
                                        float row[4];
                                        for (int k = 0; k < a.components; ++k) {
                                          double d = static_cast<double>(src[k]) / divisor;
                                          ok &= std::isfinite(d);
                                          if (!a.difference && (d < 0 || d > 1)) {
                                            d = std::clamp(d, 0.0, 1.0);
                                            ++clamped;
                                          }
                                          row[k] = static_cast<float>(d);
                                        }
                                        store_row(p, row, a.components);
                                      }
                                    });
                                    return ok;
                                  });
  if (!finite) return non_finite(label, a.semantic);
  warn_times(diagnostics, "gltf.write.color-clamped",
             cat(label, ": ", a.semantic, " values outside [0, 1] clamped"), clamped);
  return absl::OkStatus();
}

void make_tangent(const AttributePlan& a, ViewOut& out, std::string_view label,
                  Diagnostics& diagnostics) {
  size_t ambiguous = 0;
  stream_rows(out, a.column->rows, 4 * sizeof(float), [&](size_t first, size_t end, char* p) {
    if (!a.normals) {
      fill_model_tangents(*a.column, first, end, p);
    } else {
      ambiguous += fill_frame_tangents(*a.column, a.paired, *a.normals, first, end, p);
    }
    return true;
  });
  if (!a.normals) return;
  warn_times(diagnostics, "gltf.write.tangent-handedness-unknown",
             cat(label,
                 ": a bitangent lies on neither side of cross(normal, tangent); the "
                 "handedness is taken as +1"),
             ambiguous);
}

absl::Status make_attribute(const AttributePlan& a, ViewOut& out, std::string_view label,
                            Diagnostics& diagnostics) {
  switch (a.kind) {
    case AttributeKind::kPosition:
      return make_position(a, out, label);
    case AttributeKind::kNormal:
      make_normal(a, out, label, diagnostics);
      return absl::OkStatus();
    case AttributeKind::kTexcoord:
      return make_texcoord(a, out, label);
    case AttributeKind::kColor:
      return make_color(a, out, label, diagnostics);
    case AttributeKind::kTangent:
      make_tangent(a, out, label, diagnostics);
      return absl::OkStatus();
    case AttributeKind::kJoints:
      stream_rows(out, a.column->rows, 4 * (a.component_type == kUnsignedByte ? 1 : 2),
                  [&](size_t first, size_t end, char* p) {
                    fill_joints(a, first, end, p);
                    return true;
                  });
      return absl::OkStatus();
    case AttributeKind::kWeights: {
      WeightCounts counts;
      stream_rows(out, a.column->rows, 4 * sizeof(float), [&](size_t first, size_t end, char* p) {
        fill_weights(a, first, end, p, counts);
        return true;
      });
      warn_weights(counts, label, diagnostics);
      return absl::OkStatus();
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status make_attribute_bytes(const AttributePlan& a, std::string_view label, std::string& out,
                                  Diagnostics& diagnostics) {
  MemoryOut memory;
  if (absl::Status s = make_attribute(a, memory, label, diagnostics); !s.ok()) return s;
  out = memory.take();
  return absl::OkStatus();
}

void add_made_attribute_views(std::vector<AttributePlan>& attributes,
                              const std::vector<std::string>& bytes, size_t vertices,
                              BinLayout& bin) {
  for (size_t i = 0; i < attributes.size(); ++i) {
    AttributePlan& p = attributes[i];
    const std::string* made = &bytes[i];
    const int view = bin.add_view(made->size(), kArrayBuffer, [made](ViewOut& out, Diagnostics&) {
      out.bytes(*made);
      return absl::OkStatus();
    });
    bin.compressible(view, MeshoptMode::kAttributes, made->size() / std::max<size_t>(vertices, 1));
    Accessor accessor{view, p.component_type, vertices, kTypes[p.components], {}, {}};
    if (p.kind == AttributeKind::kPosition) {
      std::array<float, 3> lo{FLT_MAX, FLT_MAX, FLT_MAX};
      std::array<float, 3> hi{-FLT_MAX, -FLT_MAX, -FLT_MAX};
      position_bounds(reinterpret_cast<const float*>(made->data()), vertices, lo, hi);
      accessor.min.assign(lo.begin(), lo.end());
      accessor.max.assign(hi.begin(), hi.end());
    }
    p.accessor = bin.add_accessor(std::move(accessor));
  }
}

void add_attribute_views(std::span<AttributePlan> attributes, size_t vertices,
                         const std::string& label, BinLayout& bin, TaskThread& tasks) {
  for (AttributePlan& p : attributes) {
    const size_t size = component_bytes(p.component_type);
    // Each attribute view stays 4-byte aligned per element, as glTF requires.
    const AttributePlan* plan = &p;
    int view = bin.add_view(vertices * p.components * size, kArrayBuffer,
                            [plan, &label](ViewOut& out, Diagnostics& diagnostics) {
                              return make_attribute(*plan, out, label, diagnostics);
                            });
    bin.compressible(view, MeshoptMode::kAttributes, p.components * size);
    p.accessor =
        bin.add_accessor(Accessor{view, p.component_type, vertices, kTypes[p.components], {}, {}});
    if (p.kind != AttributeKind::kPosition) continue;
    AttributePlan* position = &p;
    Accessor* accessor = &bin.accessor(p.accessor);
    tasks.run([position, accessor] {
      std::array<float, 3> lo{FLT_MAX, FLT_MAX, FLT_MAX};
      std::array<float, 3> hi{-FLT_MAX, -FLT_MAX, -FLT_MAX};
      const Column& c = *position->column;
      if (is_float_rows(c, 3)) {
        position->unwritable = !position_bounds(static_cast<const float*>(c.data), c.rows, lo, hi);
      } else {
        visit_typed(c, [&](const auto* src) {
          position->unwritable = !position_bounds(src, c.rows, c.cols, lo, hi);
        });
      }
      accessor->min.assign(lo.begin(), lo.end());
      accessor->max.assign(hi.begin(), hi.end());
    });
  }
}

}  // namespace px::gltf
