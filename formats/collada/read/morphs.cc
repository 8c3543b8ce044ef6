#include "formats/collada/read/morphs.h"

#include <algorithm>
#include <string>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/collada/read/sources.h"

namespace px::collada {
namespace {

// The <source> an input of <targets> names; nullptr (warned by the caller) when it names none.
const Element* input_source(const ReadContext& ctx, const Element& input) {
  const Element* source = find_id(ctx, input.attr("source").starts_with('#')
                                           ? input.attr("source").substr(1)
                                           : std::string_view());
  return source != nullptr && source->name == "source" ? source : nullptr;
}

// Differences of `target`'s rows from `base`'s (`cols` columns), row by row through `row_of`
// (base row -> target row), as float32 in the arena.
template <class RowOf>
Column differences(Arena& arena, const Column& base, const Column& target, size_t rows, size_t cols,
                   RowOf row_of) {
  std::span<float> out = arena.allocate<float>(rows * cols);
  for (size_t v = 0; v < rows; ++v) {
    const size_t t = row_of(v);
    for (size_t k = 0; k < cols; ++k) {
      out[v * cols + k] = static_cast<float>(target.get(t, k) - base.get(v, k));
    }
  }
  return Column::of<float>(std::span<const float>(out), cols);
}

bool all_zero(const Column& c) {
  for (size_t i = 0; i < c.size(); ++i) {
    if (c.values<float>()[i] != 0) return false;
  }
  return true;
}

}  // namespace

absl::StatusOr<const MorphColumns*> MorphReader::columns(const Element& controller,
                                                         const GeometryRecord& base) {
  auto key = std::make_pair(&controller, base.element);
  if (auto it = by_pair_.find(key); it != by_pair_.end()) return it->second;
  absl::StatusOr<const MorphColumns*> read_one = read(controller, base);
  if (!read_one.ok()) return read_one.status();
  by_pair_.emplace(key, *read_one);
  return *read_one;
}

absl::StatusOr<const MorphColumns*> MorphReader::read(const Element& controller,
                                                      const GeometryRecord& base) {
  const Element* morph = controller.child("morph");
  const Element* targets = morph == nullptr ? nullptr : morph->child("targets");
  auto invalid = [&](std::string why) -> const MorphColumns* {
    ctx_.warn("collada.morph.invalid",
              cat("morph controller \"", controller.attr("id"), "\" ", why,
                  "; the base geometry is shown without it"),
              morph == nullptr ? &controller : morph);
    return nullptr;
  };
  if (targets == nullptr) return invalid("has no <targets>");
  const Element* target_source = nullptr;
  const Element* weight_source = nullptr;
  for (const Element& input : targets->children()) {
    if (input.name != "input") continue;
    std::string_view semantic = input.attr("semantic");
    if (semantic == "MORPH_TARGET" && target_source == nullptr) {
      target_source = input_source(ctx_, input);
    } else if (semantic == "MORPH_WEIGHT" && weight_source == nullptr) {
      weight_source = input_source(ctx_, input);
    }
  }
  if (target_source == nullptr) return invalid("names no MORPH_TARGET source");
  std::vector<std::string_view> name_storage;
  absl::StatusOr<Accessor> names = read_accessor(ctx_, *target_source, &name_storage);
  if (!names.ok()) return names.status();
  if (names->numeric || names->count == 0) return invalid("names no target geometries");
  std::vector<double> weights(names->count, 0.0);
  if (weight_source != nullptr) {
    absl::StatusOr<Accessor> w = read_accessor(ctx_, *weight_source);
    if (!w.ok()) return w.status();
    // Exporters often leave the one float param unnamed: the first value of each element.
    if (w->columns.empty() && w->stride >= 1) w->columns.push_back(0);
    if (!w->numeric || w->count != names->count) {
      return invalid(cat("gives ", w->count, " weights for ", names->count, " targets"));
    }
    for (size_t t = 0; t < w->count; ++t) weights[t] = w->value(t, 0);
  }
  const Mesh& base_mesh = ctx_.scene.meshes[base.mesh];
  const size_t vertices = base_mesh.num_points();
  // Each target takes a float32 difference per position, normal, texture coordinate and colour:
  // copies of the document's arrays, counted against the copy budget before any is made.
  uint64_t width = 3 * 2;
  for (const NamedColumn& c : base_mesh.point_data) {
    if (morph_moves(c.name)) width += c.column.cols;
  }
  const uint64_t bytes = uint64_t{names->count} * vertices * width * sizeof(float);
  if (ctx_.copy_bytes_used + bytes > ctx_.copy_budget()) {
    return over_budget("collada.copies.budget", "morph", morph->line,
                       cat("the morph's targets would take more than ", ctx_.copy_budget(),
                           " bytes"));
  }
  ctx_.copy_bytes_used += bytes;
  const NamedColumn* base_normals = base_mesh.find_point_data("normals");
  const std::vector<uint32_t> position_of = base.vertex_positions();
  MorphColumns out;
  out.controller = &controller;
  out.weights = std::move(weights);
  size_t column = names->columns.empty() ? 0 : names->columns[0];
  for (size_t t = 0; t < names->count; ++t) {
    std::string_view id = names->names[names->offset + t * names->stride + column];
    const Element* geometry = find_id(ctx_, id);
    auto record_at = geometry == nullptr ? geometries_.by_element.end()
                                         : geometries_.by_element.find(geometry);
    if (record_at == geometries_.by_element.end()) {
      return invalid(cat("names \"", id, "\", which is no geometry of the document"));
    }
    const GeometryRecord& target = geometries_.records[record_at->second];
    const Mesh& target_mesh = ctx_.scene.meshes[target.mesh];
    if (target.positions != base.positions || target_mesh.points.cols != 3 ||
        base_mesh.points.cols != 3 || target_mesh.num_points() < target.positions) {
      ctx_.warn("collada.morph.topology",
                cat("morph target \"", id, "\" has ", target.positions,
                    " positions where its base has ", base.positions,
                    "; the morph is dropped and the base geometry shown without it"),
                morph);
      return nullptr;
    }
    MorphTarget& m = out.targets.emplace_back();
    m.name = std::string(geometry->attr("name"));
    if (m.name.empty()) m.name = std::string(id);
    m.positions = differences(*ctx_.scene.arena, base_mesh.points, target_mesh.points, vertices, 3,
                              [&position_of](size_t v) { return position_of[v]; });
    // Normals, texture coordinates and colours where the target splits its corners as the base
    // does, or gives one per position (a target of no primitives, whose <vertices> holds them).
    const bool same_split = target_mesh.num_points() == vertices &&
                            target.vertices == base.vertices &&
                            std::ranges::equal(target_mesh.connectivity, base_mesh.connectivity);
    auto moved = [&](const NamedColumn* from, const NamedColumn* to) -> Column {
      if (from == nullptr || to == nullptr || from->column.cols != to->column.cols) return {};
      const size_t cols = from->column.cols;
      if (same_split && to->column.rows == vertices) {
        return differences(*ctx_.scene.arena, from->column, to->column, vertices, cols,
                           [](size_t v) { return v; });
      }
      if (target_mesh.num_cells() == 0 && to->column.rows >= target.positions) {
        return differences(*ctx_.scene.arena, from->column, to->column, vertices, cols,
                           [&position_of](size_t v) { return position_of[v]; });
      }
      return {};
    };
    const NamedColumn* target_normals = target_mesh.find_point_data("normals");
    if (base_normals != nullptr && base_normals->column.cols == 3) {
      m.normals = moved(base_normals, target_normals);
    }
    for (const NamedColumn& c : base_mesh.point_data) {
      if (!morph_moves(c.name)) continue;
      const NamedColumn* to = target_mesh.find_point_data(c.name);
      if (to == nullptr) continue;
      Column d = moved(&c, to);
      if (d.empty()) {
        ctx_.warn("collada.morph.attribute-dropped",
                  cat("morph target \"", id, "\" gives its \"", c.name,
                      "\" in other vertices or columns than its base; it does not move them"),
                  geometry);
      } else if (!all_zero(d)) {
        m.point_data.push_back({c.name, d});
      }
    }
  }
  columns_.push_back(std::move(out));
  return &columns_.back();
}

}  // namespace px::collada
