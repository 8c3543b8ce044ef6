#include "formats/gltf/write/morph_targets.h"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstring>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/gltf/typed_column.h"
#include "formats/gltf/write/attribute_views.h"

namespace px::gltf {
namespace {

// An accessor's type by its components.
constexpr std::string_view kTypes[] = {"", "SCALAR", "VEC2", "VEC3", "VEC4"};

bool writes(const std::vector<AttributePlan>& attributes, std::string_view semantic) {
  return std::any_of(attributes.begin(), attributes.end(),
                     [semantic](const AttributePlan& a) { return a.semantic == semantic; });
}

// A target attribute: float rows of 3 written as they are, with min and max like POSITION's.
AttributePlan difference(std::string semantic, const Column& column) {
  return AttributePlan{std::move(semantic), AttributeKind::kPosition, &column, 3};
}

// A target's difference of a TEXCOORD_n or COLOR_n the mesh writes: as many components as the
// mesh's attribute, floats, colours not clamped.
AttributePlan difference(const AttributePlan& base, const Column& column) {
  AttributePlan out{base.semantic, base.kind, &column, base.components, base.set};
  out.difference = true;
  return out;
}

// The rows of a difference that are not all zeros in its first `components` columns.
std::vector<uint32_t> moved_rows(const Column& c, int components) {
  std::vector<uint32_t> out;
  visit_typed(c, [&](const auto* src) {
    for (size_t r = 0; r < c.rows; ++r, src += c.cols) {
      if (std::any_of(src, src + components, [](auto v) { return v != 0; })) {
        out.push_back(static_cast<uint32_t>(r));
      }
    }
  });
  return out;
}

int index_type_for(size_t vertices) {
  return vertices <= 0x100 ? kUnsignedByte : vertices <= 0x10000 ? kUnsignedShort : kUnsignedInt;
}

// Sparse when the moved rows' indices and values take at most half the dense rows' bytes.
bool sparse_pays(size_t moved, size_t vertices, int components) {
  const size_t row = components * sizeof(float);
  const size_t sparse = moved * (component_bytes(index_type_for(vertices)) + row);
  return 2 * sparse <= vertices * row;
}

// A sparse accessor of `rows` of a's column (none for no rows): a view of their indices, one of
// their values as float32 (a value float32 cannot hold refuses the write, as a dense target's
// does), and, for POSITION, NORMAL and TANGENT, the min and max of all rows, the unmoved zeros
// included.
void add_sparse_views(AttributePlan& a, const std::vector<uint32_t>& rows, size_t vertices,
                      const std::string& label, BinLayout& bin, TaskThread& tasks) {
  const size_t n = static_cast<size_t>(a.components);
  const bool bounds = a.kind == AttributeKind::kPosition;
  if (rows.empty()) {
    // No row moves: an accessor without a view, which glTF reads as zeros.
    std::vector<double> zeros(bounds ? n : 0, 0.0);
    a.accessor = bin.add_accessor(Accessor{-1, kFloat, vertices, kTypes[n], zeros, zeros});
    return;
  }
  const int type = index_type_for(vertices);
  const size_t width = component_bytes(type);
  const int indices =
      bin.add_view(rows.size() * width, 0, [&rows, width](ViewOut& out, Diagnostics&) {
        stream_rows(out, rows.size(), width, [&](size_t first, size_t end, char* p) {
          for (size_t i = first; i < end; ++i, p += width) {
            const uint32_t r = rows[i];
            std::memcpy(p, &r, width);  // little-endian: the low bytes
          }
          return true;
        });
        return absl::OkStatus();
      });
  const AttributePlan* plan = &a;
  const int values = bin.add_view(
      rows.size() * n * sizeof(float), 0,
      [plan, &rows, &label, n](ViewOut& out, Diagnostics&) -> absl::Status {
        const Column& c = *plan->column;
        bool fits = true;
        stream_rows(out, rows.size(), n * sizeof(float), [&](size_t first, size_t end, char* p) {
          visit_typed(c, [&](const auto* src) {
            for (size_t i = first; i < end; ++i, p += n * sizeof(float)) {
              float row[4];
              for (size_t k = 0; k < n; ++k) {
                const double d = static_cast<double>(src[rows[i] * c.cols + k]);
                fits &= std::abs(d) <= FLT_MAX;
                row[k] = static_cast<float>(d);
              }
              std::memcpy(p, row, n * sizeof(float));
            }
          });
          return true;
        });
        if (fits) return absl::OkStatus();
        return refuse("gltf.write.non-finite",
                      cat(label, ": ", plan->semantic,
                          " target holds NaN, Inf or a value float32 cannot hold"));
      });
  a.accessor = bin.add_accessor(Accessor{
      -1, kFloat, vertices, kTypes[n], {}, {}, SparseRows{rows.size(), indices, type, values}});
  if (!bounds) return;
  Accessor* accessor = &bin.accessor(a.accessor);
  tasks.run([plan, &rows, vertices, accessor] {
    const Column& c = *plan->column;
    // The zeros of the rows not moved count too.
    std::array<float, 3> lo{}, hi{};
    if (rows.size() == vertices) {
      lo.fill(FLT_MAX);
      hi.fill(-FLT_MAX);
    }
    visit_typed(c, [&](const auto* src) {
      for (uint32_t r : rows) {
        for (int k = 0; k < 3; ++k) {
          const float f = static_cast<float>(static_cast<double>(src[r * c.cols + k]));
          lo[k] = std::min(lo[k], f);
          hi[k] = std::max(hi[k], f);
        }
      }
    });
    accessor->min.assign(lo.begin(), lo.end());
    accessor->max.assign(hi.begin(), hi.end());
  });
}

}  // namespace

MorphPlan plan_morph_targets(const Mesh& mesh, const std::vector<AttributePlan>& attributes,
                             std::string_view label, Diagnostics& diagnostics) {
  MorphPlan plan;
  if (mesh.morph_targets.empty()) return plan;
  if (!mesh.morph_targets_valid()) {
    diagnostics.warn("gltf.write.morph-targets-dropped",
                     cat(label,
                         ": morph targets that are not one float row of 3 per vertex (or "
                         "default weights not one per target) are left out"));
    return plan;
  }
  bool normals = writes(attributes, "NORMAL");
  bool tangents = writes(attributes, "TANGENT");
  bool named = false;
  for (const MorphTarget& t : mesh.morph_targets) {
    normals = normals && !t.normals.empty();
    tangents = tangents && !t.tangents.empty();
    named = named || !t.name.empty();
  }
  for (const MorphTarget& t : mesh.morph_targets) {
    std::vector<AttributePlan>& target = plan.targets.emplace_back();
    target.push_back(difference("POSITION", t.positions));
    if (normals) target.push_back(difference("NORMAL", t.normals));
    if (tangents) target.push_back(difference("TANGENT", t.tangents));
    for (const NamedColumn& d : t.point_data) {
      // The mesh's attribute of that column; none when the write leaves it out (warned).
      const Column* moved = &mesh.find_point_data(d.name)->column;
      auto base = std::find_if(attributes.begin(), attributes.end(),
                               [moved](const AttributePlan& a) { return a.column == moved; });
      if (base != attributes.end()) target.push_back(difference(*base, d.column));
    }
    if (named) plan.names.push_back(t.name);
  }
  bool finite = std::all_of(mesh.morph_weights.begin(), mesh.morph_weights.end(),
                            [](double w) { return std::isfinite(w); });
  if (finite) {
    plan.weights = mesh.morph_weights;
  } else {
    diagnostics.warn(
        "gltf.write.morph-targets-dropped",
        cat(label, ": default morph weights that are not finite are left out (all 0)"));
  }
  return plan;
}

void add_morph_views(MorphPlan& plan, size_t vertices, const std::string& label, BinLayout& bin,
                     TaskThread& tasks) {
  for (std::vector<AttributePlan>& target : plan.targets) {
    for (AttributePlan& a : target) {
      std::vector<uint32_t> rows = moved_rows(*a.column, a.components);
      if (sparse_pays(rows.size(), vertices, a.components)) {
        add_sparse_views(a, plan.moved_rows.emplace_back(std::move(rows)), vertices, label, bin,
                         tasks);
      } else {
        add_attribute_views(std::span(&a, 1), vertices, label, bin, tasks);
      }
    }
  }
}

void write_targets_json(const MorphPlan& plan, JsonWriter& json) {
  if (plan.empty()) return;
  json.key("targets");
  json.start_array();
  for (const std::vector<AttributePlan>& target : plan.targets) {
    json.start_object();
    for (const AttributePlan& a : target) {
      json.key(a.semantic);
      json.integer(a.accessor);
    }
    json.end_object();
  }
  json.end_array();
}

void write_mesh_morph_json(const MorphPlan& plan, JsonWriter& json) {
  if (plan.empty()) return;
  if (!plan.weights.empty()) {
    json.key("weights");
    json.start_array();
    for (double w : plan.weights) json.number(w);
    json.end_array();
  }
  if (!plan.names.empty()) {
    json.key("extras");
    json.start_object();
    json.key("targetNames");
    json.start_array();
    for (const std::string& name : plan.names) json.string(name);
    json.end_array();
    json.end_object();
  }
}

}  // namespace px::gltf
