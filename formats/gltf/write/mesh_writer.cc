#include "formats/gltf/write/mesh_writer.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/gltf/write/attribute_views.h"
#include "formats/gltf/write/index_views.h"
#include "polyxios/hash_containers.h"

namespace px::gltf {
namespace {

constexpr int kPoints = 0;
constexpr int kLines = 1;
constexpr int kLineStrip = 3;
constexpr int kTriangles = 4;
constexpr int kTriangleStrip = 5;

// Why a cell is skipped; counted per mesh and reported once per reason and cell.
enum Skip { kTooFewCorners, kNotTwoEnds, kNoPoint, kBadIndex, kUnknownType, kSkipReasons };

constexpr std::array<std::string_view, kSkipReasons> kSkipMessages = {
    "cells with too few vertices for their type skipped",
    "line cells without exactly 2 vertices skipped",
    "vertex cells without a point skipped",
    "cells naming a point the mesh does not have skipped",
    "cells of a type glTF cannot draw skipped",
};

// Lists each group's runs together (a counting sort by group), so that making a group's indices
// visits its runs only.
void order_runs(MeshPlan& plan) {
  std::vector<size_t> next(plan.groups.size() + 1, 0);
  for (const CellRun& run : plan.runs) ++next[run.group + 1];
  for (size_t g = 0; g < plan.groups.size(); ++g) {
    next[g + 1] += next[g];
    plan.groups[g].runs_begin = next[g];
    plan.groups[g].runs_end = next[g + 1];
  }
  plan.run_order.resize(plan.runs.size());
  for (size_t r = 0; r < plan.runs.size(); ++r) {
    plan.run_order[next[plan.runs[r].group]++] = static_cast<uint32_t>(r);
  }
}

std::string mesh_name(const Mesh& mesh, const std::string& label, Diagnostics& diagnostics) {
  std::string name;
  for (const auto& [key, value] : mesh.global_attrs) {
    if (key == "mesh_name" && value.is_string()) {
      name = value.as_string();
    } else {
      diagnostics.warn("gltf.write.attribute-dropped",
                       cat(label, ": mesh attribute '", key, "' left out"));
    }
  }
  return name;
}

// The per-cell material column as the indices of materials that exist, -1 for none.
class CellMaterials {
 public:
  CellMaterials(const Mesh& mesh, int materials, const std::string& label, Diagnostics& diagnostics)
      : materials_(materials), label_(label), diagnostics_(diagnostics) {
    for (const NamedColumn& named : mesh.cell_data) {
      if (named.name == "material" && named.column.rows == mesh.num_cells() &&
          named.column.cols == 1) {
        column_ = &named.column;
      } else {
        diagnostics.warn("gltf.write.attribute-dropped",
                         cat(label, ": cell attribute '", named.name, "' left out"));
      }
    }
  }

  int of(size_t cell) {
    if (column_ == nullptr) return -1;
    if (column_->holds<int32_t>()) {  // the common case, without the conversions below
      const int32_t m = column_->values<int32_t>()[cell];
      if (m == -1 || (m >= 0 && m < materials_)) return m;
    }
    double m = column_->holds<int32_t>() ? column_->values<int32_t>()[cell] : column_->get(cell, 0);
    if (m == -1) return -1;
    if (m >= 0 && m < materials_ && m == std::floor(m)) return static_cast<int>(m);
    if (std::find(reported_.begin(), reported_.end(), m) == reported_.end()) {
      reported_.push_back(m);
      diagnostics_.warn("gltf.write.material-dropped",
                        cat(label_, ": cells of material ", m,
                            ", which does not exist, written without a material"));
    }
    return -1;
  }

 private:
  const Column* column_ = nullptr;
  int materials_;
  const std::string& label_;
  Diagnostics& diagnostics_;
  std::vector<double> reported_;
};

}  // namespace

absl::StatusOr<MeshPlan> plan_mesh(const Mesh& mesh, int index, int materials,
                                   Diagnostics& diagnostics) {
  MeshPlan plan;
  plan.mesh = &mesh;
  plan.index = index;
  const Value* name = find_value(mesh.global_attrs, "mesh_name");
  plan.label = name != nullptr && name->is_string()
                   ? cat("mesh ", index, " '", name->as_string(), "'")
                   : cat("mesh ", index);
  plan.name = mesh_name(mesh, plan.label, diagnostics);
  if (mesh.points.rows > 0 && mesh.points.cols != 3) {
    return refuse("gltf.write.points",
                  cat(plan.label, ": points have ", mesh.points.cols, " columns, not 3"));
  }
  const size_t cells = mesh.num_cells();
  if (cells > 0 && mesh.offsets.size() != cells + 1) {
    return refuse("gltf.write.cells",
                  cat(plan.label, ": ", mesh.offsets.size(), " offsets for ", cells, " cells"));
  }

  CellMaterials cell_materials(mesh, materials, plan.label, diagnostics);
  std::array<size_t, kSkipReasons> skipped{};
  HashMap<uint64_t, uint32_t> group_of;
  uint64_t last_key = UINT64_MAX;
  uint32_t last_group = 0;
  for (size_t i = 0; i < cells; ++i) {
    const uint32_t begin = mesh.offsets[i];
    const uint32_t end = mesh.offsets[i + 1];
    if (end < begin || end > mesh.connectivity.size()) {
      return refuse("gltf.write.cells",
                    cat(plan.label, ": cell ", i, " spans ", begin, "..", end, " of ",
                        mesh.connectivity.size(), " connectivity entries"));
    }
    const size_t n = end - begin;
    int mode = kTriangles;
    size_t count = n;
    bool own_primitive = false;
    int skip = kSkipReasons;
    switch (mesh.cell_types[i]) {
      case CellType::kTriangle:
      case CellType::kQuad:
      case CellType::kPolygon:
        if (n < 3) skip = kTooFewCorners;
        count = n < 3 ? 0 : 3 * (n - 2);
        break;
      case CellType::kLine:
        mode = kLines;
        if (n != 2) skip = kNotTwoEnds;
        break;
      case CellType::kPolyLine:
        mode = kLineStrip;
        own_primitive = true;
        if (n < 2) skip = kTooFewCorners;
        break;
      case CellType::kTriangleStrip:
        mode = kTriangleStrip;
        own_primitive = true;
        if (n < 3) skip = kTooFewCorners;
        break;
      case CellType::kVertex:
        mode = kPoints;
        if (n < 1) skip = kNoPoint;
        break;
      default:
        skip = kUnknownType;
    }
    uint32_t max_index = 0;
    if (skip == kSkipReasons) {
      max_index = mesh.connectivity.subspan(begin, end - begin).highest();
      if (max_index >= mesh.num_points()) skip = kBadIndex;
    }
    if (skip != kSkipReasons) {
      ++skipped[skip];
      continue;
    }
    const int material = cell_materials.of(i);
    uint32_t group;
    if (own_primitive) {
      group = static_cast<uint32_t>(plan.groups.size());
      plan.groups.push_back(PrimitiveGroup{mode, material});
    } else {
      const uint64_t key =
          uint64_t{static_cast<uint32_t>(mode)} << 32 | static_cast<uint32_t>(material);
      if (key != last_key) {
        auto [it, inserted] = group_of.try_emplace(key, static_cast<uint32_t>(plan.groups.size()));
        if (inserted) plan.groups.push_back(PrimitiveGroup{mode, material});
        last_key = key;
        last_group = it->second;
      }
      group = last_group;
    }
    PrimitiveGroup& g = plan.groups[group];
    g.count += count;
    g.max_index = std::max(g.max_index, max_index);
    const bool plain = mode != kTriangles || n == 3;
    if (!plan.runs.empty() && plan.runs.back().end == i && plan.runs.back().group == group) {
      plan.runs.back().end = i + 1;
      plan.runs.back().plain &= plain;
    } else {
      plan.runs.push_back(CellRun{i, i + 1, group, plain});
    }
  }
  for (int reason = 0; reason < kSkipReasons; ++reason) {
    std::string message = cat(plan.label, ": ", kSkipMessages[reason]);
    for (size_t k = 0; k < skipped[reason]; ++k)
      diagnostics.warn("gltf.write.cell-skipped", message);
  }
  if (plan.groups.empty()) {
    diagnostics.warn("gltf.write.mesh-skipped",
                     cat(plan.label, ": no cell glTF can draw; the mesh is left out"));
    return plan;
  }
  plan.attributes = plan_attributes(mesh, plan.label, diagnostics);
  plan.morphs = plan_morph_targets(mesh, plan.attributes, plan.label, diagnostics);
  order_runs(plan);
  return plan;
}

namespace {

// Encodes each triangle group with libdraco (plan.draco), from the attributes' bytes made once;
// they are kept for the views of the groups left uncompressed, if any.
absl::Status compress_draco(MeshPlan& plan, const MeshCompression& compression,
                            Diagnostics& diagnostics) {
  // Draco reorders the vertices it decodes, which the (uncompressed) targets then no longer
  // match: a mesh with morph targets is written uncompressed.
  if (!plan.morphs.empty()) {
    diagnostics.warn("gltf.write.draco-morph-uncompressed",
                     cat(plan.label, ": a mesh with morph targets is written without Draco"));
    return absl::OkStatus();
  }
  plan.draco.resize(plan.groups.size());
  std::vector<std::string> bytes(plan.attributes.size());
  bool made = false;
  bool all = true;
  for (size_t g = 0; g < plan.groups.size(); ++g) {
    if (plan.groups[g].mode == kTriangles) {
      if (!made) {
        for (size_t a = 0; a < plan.attributes.size(); ++a) {
          absl::Status s =
              make_attribute_bytes(plan.attributes[a], plan.label, bytes[a], diagnostics);
          if (!s.ok()) return s;
        }
        made = true;
      }
      absl::StatusOr<std::unique_ptr<DracoEncoded>> draco = encode_draco(
          plan.attributes, bytes, group_indices(plan, g, diagnostics), compression, plan.label);
      if (!draco.ok()) return draco.status();
      if (*draco != nullptr && (*draco)->degenerate_dropped > 0) {
        diagnostics.info("gltf.write.draco-degenerate-dropped",
                         cat(plan.label, ": ", (*draco)->degenerate_dropped,
                             " triangles of no area (two corners the same point) left out of the "
                             "Draco stream"));
      }
      plan.draco[g] = *std::move(draco);
    }
    all &= plan.draco[g] != nullptr;
  }
  if (made && !all) plan.attribute_bytes = std::move(bytes);
  return absl::OkStatus();
}

}  // namespace

absl::Status add_mesh_views(MeshPlan& plan, BinLayout& bin, TaskThread& tasks,
                            const MeshCompression& compression, Diagnostics& diagnostics) {
  if (compression.method == MeshCompression::Method::kDraco) {
    if (absl::Status s = compress_draco(plan, compression, diagnostics); !s.ok()) return s;
  }
  const bool shared = std::any_of(plan.draco.begin(), plan.draco.end(),
                                  [](const auto& d) { return d == nullptr; }) ||
                      plan.draco.empty();
  if (!plan.attribute_bytes.empty()) {
    add_made_attribute_views(plan.attributes, plan.attribute_bytes, plan.mesh->num_points(), bin);
  } else if (shared) {
    add_attribute_views(plan.attributes, plan.mesh->num_points(), plan.label, bin, tasks);
  }
  add_morph_views(plan.morphs, plan.mesh->num_points(), plan.label, bin, tasks);
  for (size_t g = 0; g < plan.groups.size(); ++g) {
    if (g < plan.draco.size() && plan.draco[g]) {
      add_draco_views(*plan.draco[g], compression.fallback, bin);
    } else {
      add_index_view(plan, g, bin, compression.method == MeshCompression::Method::kMeshopt);
    }
  }
  return absl::OkStatus();
}

void write_mesh_json(const MeshPlan& plan, MaterialTable& materials, const VariantWriter& variants,
                     JsonWriter& json, Diagnostics& diagnostics) {
  const uint32_t sets = texcoord_sets(plan.attributes);
  const bool tangents = std::any_of(plan.attributes.begin(), plan.attributes.end(),
                                    [](const AttributePlan& a) { return a.semantic == "TANGENT"; });
  json.start_object();
  if (!plan.name.empty()) {
    json.key("name");
    json.string(plan.name);
  }
  json.key("primitives");
  json.start_array();
  for (size_t i = 0; i < plan.groups.size(); ++i) {
    const PrimitiveGroup& g = plan.groups[i];
    json.start_object();
    if (i < plan.draco.size() && plan.draco[i]) {
      write_draco_json(*plan.draco[i], json);
    } else {
      json.key("attributes");
      json.start_object();
      for (const AttributePlan& a : plan.attributes) {
        json.key(a.semantic);
        json.integer(a.accessor);
      }
      json.end_object();
      json.key("indices");
      json.integer(g.accessor);
    }
    write_targets_json(plan.morphs, json);
    if (g.material >= 0) {
      json.key("material");
      json.integer(materials.use(g.material, sets, tangents, plan.label, diagnostics));
    }
    const bool draco = i < plan.draco.size() && plan.draco[i];
    if (draco || variants.has_mappings(plan.index, g.material)) {
      json.key("extensions");
      json.start_object();
      if (draco) write_draco_extension(*plan.draco[i], json);
      variants.write_primitive(json, plan.index, g.material, materials, sets, tangents, plan.label,
                               diagnostics);
      json.end_object();
    }
    if (g.mode != kTriangles) {
      json.key("mode");
      json.integer(g.mode);
    }
    json.end_object();
  }
  json.end_array();
  write_mesh_morph_json(plan.morphs, json);
  json.end_object();
}

}  // namespace px::gltf
