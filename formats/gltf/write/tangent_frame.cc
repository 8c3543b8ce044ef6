#include "formats/gltf/write/tangent_frame.h"

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cstring>

#include "formats/gltf/typed_column.h"
#include "formats/gltf/write/unit_vector.h"

namespace px::gltf {
namespace {

// A tangent frame's (tangent, bitangent) column names, in the order gltf.md takes them: a COLLADA
// textangent is the texture-space tangent glTF means, so it comes before the geometric one.
constexpr std::string_view kFrames[][2] = {{"textangent", "texbinormal"}, {"tangent", "binormal"}};

// Below this fraction of |bitangent| * |cross(normal, tangent)|, the bitangent's side is rounding.
constexpr double kSideTolerance = 1e-6;

const NamedColumn* frame_column(const Mesh& mesh, std::string_view name) {
  const NamedColumn* c = mesh.find_point_data(name);
  return c && c->column.cols == 3 && c->column.rows == mesh.num_points() ? c : nullptr;
}

Eigen::Vector3d row3(const Column& c, size_t r) { return {c.get(r, 0), c.get(r, 1), c.get(r, 2)}; }

void store(char*& out, double x, double y, double z, float w) {
  float row[4] = {static_cast<float>(x), static_cast<float>(y), static_cast<float>(z), w};
  std::memcpy(out, row, sizeof row);
  out += sizeof row;
}

}  // namespace

bool is_frame_column(std::string_view name) {
  for (const auto& frame : kFrames) {
    if (name == frame[0] || name == frame[1]) return true;
  }
  return false;
}

TangentFrame choose_frame(const Mesh& mesh) {
  for (const auto& [tangent, bitangent] : kFrames) {
    const NamedColumn* t = frame_column(mesh, tangent);
    const NamedColumn* b = frame_column(mesh, bitangent);
    if (t && b) return {t, b};
  }
  for (const auto& frame : kFrames) {
    if (const NamedColumn* t = frame_column(mesh, frame[0])) return {t, nullptr};
  }
  return {};
}

bool tangents_have_direction(const Column& c, bool with_w) {
  bool ok = true;
  visit_typed(c, [&](const auto* src) {
    for (size_t r = 0; r < c.rows && ok; ++r, src += c.cols) {
      double x = static_cast<double>(src[0]);
      double y = static_cast<double>(src[1]);
      double z = static_cast<double>(src[2]);
      ok = normalize(x, y, z) && !(with_w && std::isnan(static_cast<double>(src[3])));
    }
  });
  return ok;
}

void fill_model_tangents(const Column& c, size_t first, size_t end, char* out) {
  visit_typed(c, [&](const auto* src) {
    src += first * c.cols;
    for (size_t r = first; r < end; ++r, src += c.cols) {
      double x = static_cast<double>(src[0]);
      double y = static_cast<double>(src[1]);
      double z = static_cast<double>(src[2]);
      normalize(x, y, z);
      store(out, x, y, z, static_cast<double>(src[3]) < 0 ? -1.0f : 1.0f);
    }
  });
}

size_t fill_frame_tangents(const Column& tangent, const Column* bitangent, const Column& normals,
                           size_t first, size_t end, char* out) {
  size_t ambiguous = 0;
  for (size_t r = first; r < end; ++r) {
    Eigen::Vector3d t = row3(tangent, r);
    normalize(t.x(), t.y(), t.z());
    float w = 1.0f;
    if (bitangent) {
      Eigen::Vector3d side = row3(normals, r).cross(t);
      Eigen::Vector3d b = row3(*bitangent, r);
      double d = b.dot(side);
      // NaN in a normal or bitangent fails both comparisons and counts as no side.
      if (d > kSideTolerance * b.norm() * side.norm()) {
        w = 1.0f;
      } else if (-d > kSideTolerance * b.norm() * side.norm()) {
        w = -1.0f;
      } else {
        ++ambiguous;
      }
    }
    store(out, t.x(), t.y(), t.z(), w);
  }
  return ambiguous;
}

}  // namespace px::gltf
