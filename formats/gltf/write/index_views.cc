#include "formats/gltf/write/index_views.h"

#include <algorithm>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "engine/strings.h"
#include "polyxios/ops/mesh_triangles.h"

namespace px::gltf {
namespace {

constexpr int kTriangles = 4;

// The smallest index type that holds max_index. glTF forbids each type's largest value (the
// primitive restart value), so 255 needs UNSIGNED_SHORT and 65535 UNSIGNED_INT.
int index_component_type(uint32_t max_index, bool wide) {
  if (max_index < 255 && !wide) return kUnsignedByte;
  if (max_index < 65535) return kUnsignedShort;
  return kUnsignedInt;
}

size_t component_size(int component_type) {
  return component_type == kUnsignedByte ? 1 : component_type == kUnsignedShort ? 2 : 4;
}

// Indices of type I put into the view's buffers in order, each committed when full.
template <class I>
class IndexOut {
 public:
  explicit IndexOut(ViewOut& out) : out_(out) {}

  template <class S>
  void put(const S* values, size_t n) {
    while (n > 0) {
      if (buffer_ == nullptr) buffer_ = out_.buffer();
      const size_t m = std::min(n, kCapacity - used_);
      I* to = reinterpret_cast<I*>(buffer_) + used_;
      for (size_t i = 0; i < m; ++i) to[i] = static_cast<I>(values[i]);
      used_ += m;
      values += m;
      n -= m;
      if (used_ == kCapacity) flush();
    }
  }
  void put(IndexSpan values) {
    values.visit([this](auto span) { put(span.data(), span.size()); });
  }
  void flush() {
    if (used_ > 0) out_.commit(used_ * sizeof(I));
    buffer_ = nullptr;
    used_ = 0;
  }

 private:
  static constexpr size_t kCapacity = ViewOut::kChunkBytes / sizeof(I);
  ViewOut& out_;
  char* buffer_ = nullptr;
  size_t used_ = 0;
};

// The corners of the group's quads and polygons, which its triangulations share a budget for.
size_t polygon_corners(const MeshPlan& plan, const PrimitiveGroup& group) {
  size_t corners = 0;
  for (size_t k = group.runs_begin; k < group.runs_end; ++k) {
    const CellRun& run = plan.runs[plan.run_order[k]];
    if (run.plain) continue;
    for (size_t c = run.first; c < run.end; ++c) {
      const size_t n = plan.mesh->offsets[c + 1] - plan.mesh->offsets[c];
      if (n > 3) corners += n;
    }
  }
  return corners;
}

const char* fallback_reason(Triangulation t) {
  switch (t) {
    case Triangulation::kNoArea:
      return "has no area (its corners on one line)";
    case Triangulation::kSelfIntersecting:
      return "crosses itself";
    default:
      return "is past the triangulation budget";
  }
}

// A triangle group's quads and polygons go out triangulated (mesh_triangles.h, triangulate.h):
// the fan where convex, as always, ear clipping where concave, and the fan with a warning where
// neither holds.
template <class I>
void make_indices(const MeshPlan& plan, const PrimitiveGroup& group, ViewOut& out,
                  Diagnostics& diagnostics) {
  const Mesh& mesh = *plan.mesh;
  const bool triangulate = group.mode == kTriangles;
  IndexOut<I> indices(out);
  CellTriangulator triangulator(mesh, triangulate ? polygon_corners(plan, group) : 0);
  std::vector<uint32_t> triangles;
  for (size_t k = group.runs_begin; k < group.runs_end; ++k) {
    const CellRun& run = plan.runs[plan.run_order[k]];
    if (run.plain) {
      const uint32_t begin = mesh.offsets[run.first];
      indices.put(mesh.connectivity.subspan(begin, mesh.offsets[run.end] - begin));
      continue;
    }
    for (size_t c = run.first; c < run.end; ++c) {
      const IndexSpan cell = mesh.cell(c);
      if (!triangulate || cell.size() <= 3) {
        indices.put(cell);
        continue;
      }
      const Triangulation outcome = triangulator.triangulate(c, &triangles);
      if (is_fallback(outcome)) {
        diagnostics.warn("gltf.write.polygon-fan-fallback",
                         cat(plan.label, ": a polygon that ", fallback_reason(outcome),
                             " is written as a fan of its first corner"));
      }
      indices.put(triangles.data(), triangles.size());
    }
  }
  indices.flush();
}

}  // namespace

std::vector<uint32_t> group_indices(const MeshPlan& plan, size_t group, Diagnostics& diagnostics) {
  MemoryOut out;
  make_indices<uint32_t>(plan, plan.groups[group], out, diagnostics);
  const std::string bytes = out.take();
  std::vector<uint32_t> indices(bytes.size() / sizeof(uint32_t));
  std::memcpy(indices.data(), bytes.data(), bytes.size());
  return indices;
}

void add_index_view(MeshPlan& plan, size_t group, BinLayout& bin, bool meshopt) {
  PrimitiveGroup& g = plan.groups[group];
  const int type = index_component_type(g.max_index, meshopt);
  const MeshPlan* mesh = &plan;
  const int view = bin.add_view(g.count * component_size(type), kElementArrayBuffer,
                                [mesh, group, type](ViewOut& out, Diagnostics& diagnostics) {
                                  const PrimitiveGroup& g = mesh->groups[group];
                                  if (type == kUnsignedByte) {
                                    make_indices<uint8_t>(*mesh, g, out, diagnostics);
                                  } else if (type == kUnsignedShort) {
                                    make_indices<uint16_t>(*mesh, g, out, diagnostics);
                                  } else {
                                    make_indices<uint32_t>(*mesh, g, out, diagnostics);
                                  }
                                  return absl::OkStatus();
                                });
  if (meshopt) {
    bin.compressible(view, g.mode == kTriangles ? MeshoptMode::kTriangles : MeshoptMode::kIndices,
                     component_size(type));
  }
  g.accessor = bin.add_accessor(Accessor{view, type, g.count, "SCALAR", {}, {}});
}

}  // namespace px::gltf
