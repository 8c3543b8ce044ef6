#include "formats/gltf/write/attribute_writer.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstring>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/gltf/write/influence_attributes.h"
#include "formats/gltf/write/tangent_frame.h"
#include "formats/gltf/typed_column.h"
#include "formats/gltf/write/unit_vector.h"

namespace px::gltf {

static_assert(std::endian::native == std::endian::little, "glTF buffers are little-endian");

namespace {

constexpr std::string_view kDropped = "gltf.write.attribute-dropped";
// Sets are tracked in a 32-bit mask; no reader needs more.
constexpr int kMaxSets = 32;

// "texcoords" -> 0, "texcoords_3" -> 3; -1 when name is neither base nor base_<n>.
int set_number(std::string_view name, std::string_view base) {
  if (!name.starts_with(base)) return -1;
  name.remove_prefix(base.size());
  if (name.empty()) return 0;
  if (name.size() < 2 || name[0] != '_') return -1;
  name.remove_prefix(1);
  int n = 0;
  auto [end, error] = std::from_chars(name.data(), name.data() + name.size(), n);
  if (end != name.data() + name.size() || name[0] == '-' || name[0] == '+') return -1;
  return error == std::errc() ? n : kMaxSets;  // too large a number: too many sets
}

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

absl::Status fill_position(const AttributePlan& a, char* out, Accessor& accessor,
                           std::string_view label) {
  const Column& c = *a.column;
  std::array<float, 3> lo{FLT_MAX, FLT_MAX, FLT_MAX};
  std::array<float, 3> hi{-FLT_MAX, -FLT_MAX, -FLT_MAX};
  bool bad = false;
  visit_typed(c, [&](const auto* src) {
    for (size_t r = 0; r < c.rows; ++r, src += c.cols) {
      float row[3];
      for (int k = 0; k < 3; ++k) {
        double d = static_cast<double>(src[k]);
        bad |= !fits_float(d);
        row[k] = bad ? 0.0f : static_cast<float>(d);
        lo[k] = std::min(lo[k], row[k]);
        hi[k] = std::max(hi[k], row[k]);
      }
      store_row(out, row, 3);
    }
  });
  if (bad) return non_finite(label, a.semantic);
  accessor.min.assign(lo.begin(), lo.end());
  accessor.max.assign(hi.begin(), hi.end());
  return absl::OkStatus();
}

void fill_normal(const AttributePlan& a, char* out, std::string_view label,
                 Diagnostics& diagnostics) {
  const Column& c = *a.column;
  size_t replaced = 0;
  visit_typed(c, [&](const auto* src) {
    for (size_t r = 0; r < c.rows; ++r, src += c.cols) {
      double x = static_cast<double>(src[0]);
      double y = static_cast<double>(src[1]);
      double z = static_cast<double>(src[2]);
      if (!normalize(x, y, z)) {
        x = 0;
        y = 0;
        z = 1;
        ++replaced;
      }
      float row[3] = {static_cast<float>(x), static_cast<float>(y), static_cast<float>(z)};
      store_row(out, row, 3);
    }
  });
  warn_times(diagnostics, "gltf.write.normal-replaced",
             cat(label, ": normals of zero or non-finite length written as (0,0,1)"), replaced);
}

absl::Status fill_texcoord(const AttributePlan& a, char* out, std::string_view label) {
  const Column& c = *a.column;
  bool bad = false;
  visit_typed(c, [&](const auto* src) {
    for (size_t r = 0; r < c.rows; ++r, src += c.cols) {
      double u = static_cast<double>(src[0]);
      double v = static_cast<double>(src[1]);
      bad |= !fits_float(u) || !fits_float(v);
      float row[2] = {bad ? 0.0f : static_cast<float>(u), bad ? 0.0f : static_cast<float>(v)};
      store_row(out, row, 2);
    }
  });
  return bad ? non_finite(label, a.semantic) : absl::OkStatus();
}

absl::Status fill_color(const AttributePlan& a, char* out, std::string_view label,
                        Diagnostics& diagnostics) {
  const Column& c = *a.column;
  // Unsigned integer colours are normalised, as glTF's own integer COLOR_n are.
  double divisor = c.holds<uint8_t>() ? 255.0 : c.holds<uint16_t>() ? 65535.0 : 1.0;
  bool bad = false;
  size_t clamped = 0;
  visit_typed(c, [&](const auto* src) {
    for (size_t r = 0; r < c.rows; ++r, src += c.cols) {
      float row[4];
      for (int k = 0; k < a.components; ++k) {
        double d = static_cast<double>(src[k]) / divisor;
        bad |= !std::isfinite(d);
        if (d < 0 || d > 1) {
          d = std::clamp(d, 0.0, 1.0);
          ++clamped;
        }
        row[k] = static_cast<float>(d);
      }
      store_row(out, row, a.components);
    }
  });
  if (bad) return non_finite(label, a.semantic);
  warn_times(diagnostics, "gltf.write.color-clamped",
             cat(label, ": ", a.semantic, " values outside [0, 1] clamped"), clamped);
  return absl::OkStatus();
}

// Classifies one column; returns false with the reason when glTF cannot take it.
bool classify(const NamedColumn& named, AttributePlan& plan, std::string& why) {
  const std::string& name = named.name;
  const Column& c = named.column;
  if (name == "normals") {
    plan = {"NORMAL", AttributeKind::kNormal, &c, 3};
    if (c.cols != 3) why = "normals need 3 columns";
  } else if (int n = set_number(name, "texcoords"); n >= 0) {
    plan = {cat("TEXCOORD_", n), AttributeKind::kTexcoord, &c, 2, n};
    if (c.cols < 2) why = "texture coordinates need 2 columns";
  } else if (int n = set_number(name, "colors"); n >= 0) {
    plan = {cat("COLOR_", n), AttributeKind::kColor, &c, static_cast<int>(c.cols), n};
    if (c.cols != 3 && c.cols != 4) why = "colours need 3 or 4 columns";
  } else if (name == "tangents") {
    plan = {"TANGENT", AttributeKind::kTangent, &c, 4};
    if (c.cols != 4) {
      why = "tangents need 4 columns (xyz and the handedness w)";
    } else if (!tangents_have_direction(c, /*with_w=*/true)) {
      why = "a tangent has zero, NaN or Inf length";
    }
  } else if (int n = set_number(name, "joints"); n >= 0) {
    plan = {cat("JOINTS_", n), AttributeKind::kJoints, &c, 4, n};
    why = check_joints(c, &plan.max_joint);
    plan.component_type = plan.max_joint <= 255 ? kUnsignedByte : kUnsignedShort;
  } else if (int n = set_number(name, "weights"); n >= 0) {
    plan = {cat("WEIGHTS_", n), AttributeKind::kWeights, &c, 4, n};
    if (c.cols != 4) why = cat("influences are ", c.cols, " per vertex, not 4");
  } else {
    why = "glTF has no attribute for it";
  }
  if (why.empty() && plan.set >= kMaxSets) why = "too many sets";
  return why.empty();
}

// Without a "tangents" of its own, a mesh's COLLADA tangent frame becomes its TANGENT; the frame
// columns not taken are left out like any attribute glTF has no semantic for.
void plan_frame_tangent(const Mesh& mesh, const Column* normals, std::vector<AttributePlan>& out,
                        std::string_view label, Diagnostics& diagnostics) {
  bool has_tangent = std::any_of(out.begin(), out.end(), [](const AttributePlan& p) {
    return p.kind == AttributeKind::kTangent;
  });
  TangentFrame frame = has_tangent ? TangentFrame{} : choose_frame(mesh);
  if (frame.tangent) {
    std::string why;
    if (!normals) {
      why = "glTF takes a TANGENT only beside a NORMAL";
    } else if (!tangents_have_direction(frame.tangent->column, /*with_w=*/false)) {
      why = "a tangent has zero, NaN or Inf length";
    }
    if (!why.empty()) {
      diagnostics.warn(
          kDropped, cat(label, ": the tangent frame '", frame.tangent->name, "' left out: ", why));
      frame.bitangent = nullptr;  // reported below with the other frame columns
    } else {
      AttributePlan plan{"TANGENT", AttributeKind::kTangent, &frame.tangent->column, 4};
      plan.paired = frame.bitangent ? &frame.bitangent->column : nullptr;
      plan.normals = normals;
      out.push_back(std::move(plan));
      if (!frame.bitangent) {
        diagnostics.warn("gltf.write.tangent-handedness-unknown",
                         cat(label, ": '", frame.tangent->name,
                             "' has no bitangent beside it; the handedness is taken as +1"));
      }
    }
  }
  for (const NamedColumn& named : mesh.point_data) {
    if (!is_frame_column(named.name) || named.column.rows != mesh.num_points()) continue;
    if (&named == frame.tangent || &named == frame.bitangent) continue;
    diagnostics.warn(kDropped, cat(label, ": vertex attribute '", named.name,
                                   "' left out: glTF has no attribute for it"));
  }
}

}  // namespace

std::vector<AttributePlan> plan_attributes(const Mesh& mesh, std::string_view label,
                                           Diagnostics& diagnostics) {
  std::vector<AttributePlan> out;
  out.push_back({"POSITION", AttributeKind::kPosition, &mesh.points, 3});
  auto drop = [&](const std::string& name, std::string_view why) {
    diagnostics.warn(kDropped, cat(label, ": vertex attribute '", name, "' left out: ", why));
  };
  for (const NamedColumn& named : mesh.point_data) {
    AttributePlan plan{"", AttributeKind::kPosition, nullptr, 0};
    std::string why;
    if (named.column.rows != mesh.num_points()) {
      why = cat(named.column.rows, " rows for ", mesh.num_points(), " points");
    } else if (is_frame_column(named.name)) {
      continue;  // taken, or left out, with the frame below
    } else if (classify(named, plan, why) &&
               std::any_of(out.begin(), out.end(),
                           [&](const AttributePlan& p) { return p.semantic == plan.semantic; })) {
      why = cat("another column is already ", plan.semantic);
    }
    if (!why.empty()) {
      drop(named.name, why);
      continue;
    }
    if (plan.kind == AttributeKind::kTexcoord && named.column.cols > 2) {
      diagnostics.warn(kDropped, cat(label, ": columns past the second of '", named.name,
                                     "' left out (", plan.semantic, " is VEC2)"));
    }
    out.push_back(std::move(plan));
  }
  // glTF requires TEXCOORD_n and COLOR_n to be numbered from 0 without gaps.
  for (AttributeKind kind : {AttributeKind::kTexcoord, AttributeKind::kColor}) {
    uint32_t sets = 0;
    for (const AttributePlan& p : out) {
      if (p.kind == kind) sets |= uint32_t{1} << p.set;
    }
    int contiguous = std::countr_one(sets);
    std::erase_if(out, [&](const AttributePlan& p) {
      if (p.kind != kind || p.set < contiguous) return false;
      drop(std::string(p.semantic), cat("set ", p.set, " follows no set ", contiguous));
      return true;
    });
  }
  // JOINTS_n and WEIGHTS_n go out in pairs or not at all.
  for (AttributePlan& p : out) {
    if (p.kind != AttributeKind::kJoints) continue;
    for (const AttributePlan& w : out) {
      if (w.kind == AttributeKind::kWeights && w.set == p.set) p.paired = w.column;
    }
  }
  std::erase_if(out, [&](const AttributePlan& p) {
    bool paired = p.kind == AttributeKind::kJoints ? p.paired != nullptr
                  : p.kind == AttributeKind::kWeights
                      ? std::any_of(out.begin(), out.end(),
                                    [&](const AttributePlan& j) {
                                      return j.kind == AttributeKind::kJoints && j.set == p.set;
                                    })
                      : true;
    if (!paired) drop(p.semantic, "joints and weights are written only as a pair");
    return !paired;
  });
  std::vector<const Column*> weight_sets;
  for (const AttributePlan& p : out) {
    if (p.kind != AttributeKind::kWeights) continue;
    if (weight_sets.size() <= static_cast<size_t>(p.set)) weight_sets.resize(p.set + 1, nullptr);
    weight_sets[p.set] = p.column;
  }
  for (AttributePlan& p : out) {
    if (p.kind == AttributeKind::kJoints || p.kind == AttributeKind::kWeights) {
      p.weight_sets = weight_sets;
    }
  }
  auto normal = std::find_if(out.begin(), out.end(), [](const AttributePlan& p) {
    return p.kind == AttributeKind::kNormal;
  });
  const Column* normals = normal == out.end() ? nullptr : normal->column;
  if (!normals) {
    std::erase_if(out, [&](const AttributePlan& p) {
      if (p.kind != AttributeKind::kTangent) return false;
      drop("tangents", "glTF takes a TANGENT only beside a NORMAL");
      return true;
    });
  }
  plan_frame_tangent(mesh, normals, out, label, diagnostics);
  return out;
}

uint32_t texcoord_sets(const std::vector<AttributePlan>& attributes) {
  uint32_t sets = 0;
  for (const AttributePlan& p : attributes) {
    if (p.kind == AttributeKind::kTexcoord) sets |= uint32_t{1} << p.set;
  }
  return sets;
}

void add_attribute_accessors(std::vector<AttributePlan>& attributes, size_t vertices,
                             BinBuilder& bin) {
  static constexpr std::string_view kTypes[] = {"", "SCALAR", "VEC2", "VEC3", "VEC4"};
  for (AttributePlan& p : attributes) {
    size_t size = p.component_type == kUnsignedByte    ? 1
                  : p.component_type == kUnsignedShort ? 2
                                                       : sizeof(float);
    // Each attribute view stays 4-byte aligned per element, as glTF requires.
    int view = bin.add_view(vertices * p.components * size, kArrayBuffer);
    p.accessor =
        bin.add_accessor(Accessor{view, p.component_type, vertices, kTypes[p.components], {}, {}});
  }
}

absl::Status fill_attribute(const AttributePlan& attribute, BinBuilder& bin, std::string_view label,
                            Diagnostics& diagnostics) {
  Accessor& accessor = bin.accessor(attribute.accessor);
  char* out = bin.view_data(accessor.view);
  switch (attribute.kind) {
    case AttributeKind::kPosition:
      return fill_position(attribute, out, accessor, label);
    case AttributeKind::kNormal:
      fill_normal(attribute, out, label, diagnostics);
      return absl::OkStatus();
    case AttributeKind::kTexcoord:
      return fill_texcoord(attribute, out, label);
    case AttributeKind::kColor:
      return fill_color(attribute, out, label, diagnostics);
    case AttributeKind::kTangent:
      if (!attribute.normals) {
        fill_model_tangents(*attribute.column, out);
        return absl::OkStatus();
      }
      warn_times(diagnostics, "gltf.write.tangent-handedness-unknown",
                 cat(label,
                     ": a bitangent lies on neither side of cross(normal, tangent); the "
                     "handedness is taken as +1"),
                 fill_frame_tangents(*attribute.column, attribute.paired, *attribute.normals, out));
      return absl::OkStatus();
    case AttributeKind::kJoints:
      fill_joints(attribute, out);
      return absl::OkStatus();
    case AttributeKind::kWeights:
      fill_weights(attribute, out, label, diagnostics);
      return absl::OkStatus();
  }
  return absl::OkStatus();
}

}  // namespace px::gltf
