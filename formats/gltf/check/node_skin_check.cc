#include "formats/gltf/check/node_skin_check.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/strings.h"
#include "formats/gltf/check/capped_warnings.h"
#include "formats/gltf/check/semantic_json.h"
#include "polyxios/hash_containers.h"

namespace px::gltf {
namespace {

using namespace semantic_json;

constexpr std::string_view kMatrixNotTrs = "gltf.read.node-matrix-not-trs";
constexpr std::string_view kSkinUnskinnedMesh = "gltf.read.node-skin-unskinned-mesh";
constexpr std::string_view kJointsOutsideScene = "gltf.read.node-skin-joints-outside-scene";
constexpr std::string_view kNoCommonRoot = "gltf.read.skin-no-common-root";
constexpr std::string_view kSkeletonInvalid = "gltf.read.skin-skeleton-invalid";
constexpr std::string_view kIbmFormat = "gltf.read.skin-ibm-format";
constexpr std::string_view kIbmCount = "gltf.read.skin-ibm-count";

constexpr size_t kNone = SIZE_MAX;
// Steps up the hierarchy the common-root walks of all skins may take together (each node is walked
// once per skin at most, so that only many skins over a deep hierarchy reach it).
constexpr uint64_t kMaxWalkSteps = uint64_t{1} << 24;

using Matrix = std::array<float, 16>;

float determinant(const Matrix& m) {
  const double b00 = double(m[0]) * m[5] - double(m[1]) * m[4];
  const double b01 = double(m[0]) * m[6] - double(m[2]) * m[4];
  const double b02 = double(m[0]) * m[7] - double(m[3]) * m[4];
  const double b03 = double(m[1]) * m[6] - double(m[2]) * m[5];
  const double b04 = double(m[1]) * m[7] - double(m[3]) * m[5];
  const double b05 = double(m[2]) * m[7] - double(m[3]) * m[6];
  const double b06 = double(m[8]) * m[13] - double(m[9]) * m[12];
  const double b07 = double(m[8]) * m[14] - double(m[10]) * m[12];
  const double b08 = double(m[8]) * m[15] - double(m[11]) * m[12];
  const double b09 = double(m[9]) * m[14] - double(m[10]) * m[13];
  const double b10 = double(m[9]) * m[15] - double(m[11]) * m[13];
  const double b11 = double(m[10]) * m[15] - double(m[11]) * m[14];
  return float(b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06);
}

// The largest sum of absolute values over the matrix's four columns (vector_math's
// Matrix4.infinityNorm, which the validator compares).
double column_norm(const Matrix& m) {
  double norm = 0;
  for (int c = 0; c < 16; c += 4) {
    norm = std::max(norm, double(std::abs(m[c])) + std::abs(m[c + 1]) + std::abs(m[c + 2]) +
                              std::abs(m[c + 3]));
  }
  return norm;
}

// The rotation of a 3x3 column-major matrix as a quaternion x, y, z, w (vector_math's
// Quaternion.setFromRotation).
std::array<float, 4> quaternion_of(const std::array<float, 9>& r) {
  std::array<float, 4> q{};
  const double trace = double(r[0]) + r[4] + r[8];
  auto at = [&](int row, int col) { return double(r[col * 3 + row]); };
  if (trace > 0) {
    double s = std::sqrt(trace + 1.0);
    q[3] = float(s * 0.5);
    s = 0.5 / s;
    q[0] = float((double(r[5]) - r[7]) * s);
    q[1] = float((double(r[6]) - r[2]) * s);
    q[2] = float((double(r[1]) - r[3]) * s);
    return q;
  }
  const int i = r[0] < r[4] ? (r[4] < r[8] ? 2 : 1) : (r[0] < r[8] ? 2 : 0);
  const int j = (i + 1) % 3;
  const int k = (i + 2) % 3;
  double s = std::sqrt(at(i, i) - at(j, j) - at(k, k) + 1.0);
  q[i] = float(s * 0.5);
  s = 0.5 / s;
  q[3] = float((at(k, j) - at(j, k)) * s);
  q[j] = float((at(j, i) + at(i, j)) * s);
  q[k] = float((at(k, i) + at(i, k)) * s);
  return q;
}

// The matrix recomposed from its decomposition (vector_math's Matrix4.decompose, then
// setFromTranslationRotationScale).
Matrix recomposed(const Matrix& m) {
  auto length = [&](int c) {
    return float(
        std::sqrt(double(m[c]) * m[c] + double(m[c + 1]) * m[c + 1] + double(m[c + 2]) * m[c + 2]));
  };
  float sx = length(0);
  const float sy = length(4);
  const float sz = length(8);
  if (determinant(m) < 0) sx = -sx;
  const std::array<float, 3> scale{sx, sy, sz};
  std::array<float, 9> rotation{};
  for (int c = 0; c < 3; ++c) {
    for (int r = 0; r < 3; ++r) rotation[c * 3 + r] = float(m[c * 4 + r] * (1.0 / scale[c]));
  }
  const auto [x, y, z, w] = quaternion_of(rotation);
  const double x2 = double(x) + x, y2 = double(y) + y, z2 = double(z) + z;
  const double xx = x * x2, xy = x * y2, xz = x * z2, yy = y * y2, yz = y * z2, zz = z * z2;
  const double wx = w * x2, wy = w * y2, wz = w * z2;
  Matrix out{float(1.0 - (yy + zz)),
             float(xy + wz),
             float(xz - wy),
             0,
             float(xy - wz),
             float(1.0 - (xx + zz)),
             float(yz + wx),
             0,
             float(xz + wy),
             float(yz - wx),
             float(1.0 - (xx + yy)),
             0,
             m[12],
             m[13],
             m[14],
             1};
  for (int c = 0; c < 3; ++c) {
    for (int r = 0; r < 4; ++r) out[c * 4 + r] = float(out[c * 4 + r] * double(scale[c]));
  }
  return out;
}

// The 16 numbers of a node's matrix, when it has them and they are not the identity.
std::optional<std::array<double, 16>> non_identity_matrix(const JsonValue& node) {
  const std::span<const JsonValue> values = entries(node, "matrix");
  if (values.size() != 16) return std::nullopt;
  std::array<double, 16> m{};
  bool identity = true;
  for (int i = 0; i < 16; ++i) {
    if (!values[i].IsNumber()) return std::nullopt;
    m[i] = values[i].GetDouble();
    identity = identity && m[i] == (i % 5 == 0 ? 1.0 : 0.0);
  }
  if (identity) return std::nullopt;
  return m;
}

class NodeSkinChecker {
 public:
  NodeSkinChecker(const JsonObject& root, CappedWarnings& warnings)
      : warnings_(warnings),
        nodes_(entries(root.json(), "nodes")),
        meshes_(entries(root.json(), "meshes")),
        skins_(entries(root.json(), "skins")),
        accessors_(entries(root.json(), "accessors")),
        scenes_(entries(root.json(), "scenes")),
        parent_(nodes_.size(), kNone) {}

  void check() {
    for (size_t n = 0; n < nodes_.size(); ++n) {
      for (const JsonValue& child : entries(nodes_[n], "children")) {
        const std::optional<uint64_t> c = json_uint(child);
        if (c && *c < nodes_.size()) parent_[*c] = n;
      }
    }
    for (size_t n = 0; n < nodes_.size(); ++n) check_node(n);
    top_root_.assign(skins_.size(), kNone);
    for (size_t s = 0; s < skins_.size(); ++s) check_skin(s);
    check_skinned_node_scenes();
  }

 private:
  // Whether some primitive of the mesh has JOINTS_n, counted as the validator counts them.
  bool skinned(const JsonValue& mesh) const {
    for (const JsonValue& primitive : entries(mesh, "primitives")) {
      const JsonValue* attributes = object_member(primitive, "attributes");
      if (attributes != nullptr && semantics_of(*attributes).joints != 0) return true;
    }
    return false;
  }

  void check_node(size_t n) {
    const JsonValue& node = nodes_[n];
    if (std::optional<std::array<double, 16>> m = non_identity_matrix(node)) {
      if (!trs_decomposable(*m)) {
        warnings_.warn(kMatrixNotTrs, cat("/nodes/", n,
                                          "/matrix: the matrix is not a translation, "
                                          "rotation and scale"));
      }
    }
    const std::optional<size_t> skin = find_index(node, "skin", skins_.size());
    const std::optional<size_t> mesh = find_index(node, "mesh", meshes_.size());
    if (skin && mesh && find_member(meshes_[*mesh], "primitives") != nullptr &&
        !skinned(meshes_[*mesh])) {
      warnings_.warn(kSkinUnskinnedMesh, cat("/nodes/", n, ": the node has skin ", *skin,
                                             ", and its mesh ", *mesh, " has no JOINTS_n"));
    }
  }

  // The common roots of the skin's joints: the nodes each joint is or descends from, as the suffix
  // chain[from..] of the first joint's ancestors; nullopt when they have none, or past the walks'
  // bound. stamp_/reach_ remember, for this skin, the chain position a walk from a node ends at.
  struct Roots {
    std::vector<size_t> chain;
    size_t from = 0;
    bool ends_at_root = false;  // the chain's last node has no parent (no loop)
  };
  std::optional<Roots> common_roots(size_t s, std::span<const JsonValue> joints) {
    constexpr int64_t kPending = -1;
    constexpr int64_t kNoRoot = -2;
    if (stamp_.empty()) {
      stamp_.assign(nodes_.size(), kNone);
      reach_.assign(nodes_.size(), kNoRoot);
    }
    Roots roots;
    bool first = true;
    std::vector<size_t> path;
    for (const JsonValue& joint : joints) {
      const std::optional<uint64_t> j = json_uint(joint);
      if (!j || *j >= nodes_.size()) continue;
      if (first) {
        first = false;
        size_t n = *j;
        while (n != kNone && stamp_[n] != s) {
          if (++steps_ > kMaxWalkSteps) return std::nullopt;
          stamp_[n] = s;
          reach_[n] = int64_t(roots.chain.size());
          roots.chain.push_back(n);
          n = parent_[n];
        }
        roots.ends_at_root = n == kNone;
        continue;
      }
      path.clear();
      size_t n = *j;
      while (n != kNone && stamp_[n] != s) {
        if (++steps_ > kMaxWalkSteps) return std::nullopt;
        stamp_[n] = s;
        reach_[n] = kPending;
        path.push_back(n);
        n = parent_[n];
      }
      const int64_t reached = n == kNone || reach_[n] == kPending ? kNoRoot : reach_[n];
      for (size_t p : path) reach_[p] = reached;
      if (reached == kNoRoot) return std::nullopt;
      roots.from = std::max(roots.from, size_t(reached));
    }
    if (first) return std::nullopt;  // no joint names a node
    return roots;
  }

  void check_skin(size_t s) {
    const JsonValue& skin = skins_[s];
    const std::string at = cat("/skins/", s);
    const JsonValue* joints_json = find_member(skin, "joints");
    const std::span<const JsonValue> joints = entries(skin, "joints");
    if (!joints.empty() && steps_ <= kMaxWalkSteps) {
      // Past the bound, this skin and those after it are not checked for their roots.
      const std::optional<Roots> roots = common_roots(s, joints);
      if (!roots && steps_ <= kMaxWalkSteps) {
        warnings_.warn(kNoCommonRoot, cat(at, "/joints: the joints have no common root"));
      } else if (roots) {
        if (roots->ends_at_root) top_root_[s] = roots->chain.back();
        check_skeleton(skin, *roots, at);
      }
    }
    const std::optional<size_t> ibm = find_index(skin, "inverseBindMatrices", accessors_.size());
    if (!ibm) return;
    const AccessorFormat format = accessor_format(accessors_[*ibm]);
    if (!format.is("MAT4", kFloat)) {
      warnings_.warn(kIbmFormat, cat(at, "/inverseBindMatrices: the accessor is ", format.text(),
                                     ", not {MAT4, FLOAT}"));
    }
    if (joints_json != nullptr && format.count && *format.count < joints.size()) {
      warnings_.warn(kIbmCount, cat(at, "/inverseBindMatrices: the accessor has ", *format.count,
                                    " matrices for ", joints.size(), " joints"));
    }
  }

  void check_skeleton(const JsonValue& skin, const Roots& roots, const std::string& at) {
    const JsonValue* skeleton_json = find_member(skin, "skeleton");
    if (skeleton_json == nullptr) return;
    const std::optional<uint64_t> skeleton = json_uint(*skeleton_json);
    if (!skeleton || *skeleton >= nodes_.size()) return;
    const auto common = std::span(roots.chain).subspan(roots.from);
    if (std::find(common.begin(), common.end(), *skeleton) == common.end()) {
      warnings_.warn(kSkeletonInvalid,
                     cat(at, "/skeleton: node ", *skeleton, " is not a common root of the joints"));
    }
  }

  // The top of n's hierarchy; kNone in a loop. Memoized in top_.
  size_t top_of(size_t n) {
    if (top_.empty()) top_.assign(nodes_.size(), kNone - 1);  // kNone - 1: not yet known
    std::vector<size_t> path;
    size_t at = n;
    while (top_[at] == kNone - 1 && parent_[at] != kNone) {
      top_[at] = kNone;  // in progress: a loop back to it finds no top
      path.push_back(at);
      at = parent_[at];
    }
    const size_t top = top_[at] == kNone - 1 ? at : top_[at];
    top_[at] = top;
    for (size_t p : path) top_[p] = top;
    return top;
  }

  // A skinned node shown by a scene must be shown with its skin's joints: every scene listing the
  // top of the node's hierarchy lists the top of the joints'. The scene found missing for each
  // pair of tops is remembered, and the comparisons of all pairs are bounded as the walks are.
  void check_skinned_node_scenes() {
    std::vector<std::vector<size_t>> scenes_of;  // by node: the scenes listing it
    HashMap<uint64_t, size_t> missing;           // by pair of tops: a scene lacking the joints
    uint64_t comparisons = 0;
    if (nodes_.size() > UINT32_MAX) return;  // a pair's key holds two 32-bit node indices
    for (size_t n = 0; n < nodes_.size(); ++n) {
      const std::optional<size_t> skin = find_index(nodes_[n], "skin", skins_.size());
      if (!skin || top_root_[*skin] == kNone) continue;
      if (scenes_of.empty()) scenes_of = listing_scenes();
      const size_t top = top_of(n);
      if (top == kNone) continue;
      const size_t joints_top = top_root_[*skin];
      auto [it, inserted] = missing.try_emplace(uint64_t(top) << 32 | joints_top, kNone);
      if (inserted) {
        const std::vector<size_t>& joint_scenes = scenes_of[joints_top];
        for (size_t scene : scenes_of[top]) {
          if (++comparisons > kMaxWalkSteps) return;
          if (std::binary_search(joint_scenes.begin(), joint_scenes.end(), scene)) continue;
          it->second = scene;
          break;
        }
      }
      if (it->second == kNone) continue;
      warnings_.warn(kJointsOutsideScene,
                     cat("/nodes/", n, ": scene ", it->second,
                         " shows the node without the joints of its skin ", *skin));
    }
  }

  std::vector<std::vector<size_t>> listing_scenes() const {
    std::vector<std::vector<size_t>> out(nodes_.size());
    for (size_t s = 0; s < scenes_.size(); ++s) {
      for (const JsonValue& node : entries(scenes_[s], "nodes")) {
        const std::optional<uint64_t> n = json_uint(node);
        if (n && *n < nodes_.size() && (out[*n].empty() || out[*n].back() != s)) {
          out[*n].push_back(s);
        }
      }
    }
    return out;
  }

  CappedWarnings& warnings_;
  std::span<const JsonValue> nodes_;
  std::span<const JsonValue> meshes_;
  std::span<const JsonValue> skins_;
  std::span<const JsonValue> accessors_;
  std::span<const JsonValue> scenes_;
  std::vector<size_t> parent_;    // by node; kNone for a root
  std::vector<size_t> top_root_;  // by skin: the top of its joints' hierarchy, kNone when none
  std::vector<size_t> stamp_;     // by node: the last skin whose walk passed it
  std::vector<int64_t> reach_;    // by node: the chain position that walk reached
  std::vector<size_t> top_;       // by node: the top of its hierarchy, see top_of
  uint64_t steps_ = 0;
};

}  // namespace

bool trs_decomposable(const std::array<double, 16>& matrix) {
  Matrix m;
  for (int i = 0; i < 16; ++i) m[i] = float(matrix[i]);
  if (m[3] != 0 || m[7] != 0 || m[11] != 0 || m[15] != 1) return false;
  if (determinant(m) == 0) return false;
  return std::abs(column_norm(recomposed(m)) - column_norm(m)) < 0.00005;
}

void check_nodes_and_skins(const JsonObject& root, Diagnostics& diagnostics) {
  CappedWarnings warnings(diagnostics);
  NodeSkinChecker(root, warnings).check();
  warnings.finish();
}

}  // namespace px::gltf
