#include "formats/gltf/check/accessor_check.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/strings.h"

namespace px::gltf {
namespace {

// How often one rule broke in one accessor, and where first.
struct Tally {
  uint64_t count = 0;
  std::string first;
  void add(std::string where) {
    if (count++ == 0) first = std::move(where);
  }
};

// Decodes each accessor nothing used, to check its values as the used ones are checked; one that
// cannot be decoded is warned about (gltf.read.accessor-undecodable), not refused.
void check_unused_accessors(ReadContext& ctx, Accessors& accessors) {
  for (size_t i = 0; i < ctx.count(Top::kAccessors); ++i) {
    const int index = static_cast<int>(i);
    if (accessors.tried(index)) continue;
    absl::Status status = accessors.check_unused(index);
    if (status.ok()) continue;
    ctx.warn("gltf.read.accessor-undecodable",
             cat("/accessors/", i, ": nothing uses it, and its values cannot be checked: ",
                 std::string(status.message())));
  }
}

// A skin's inverse bind matrices must end in the row [0, 0, 0, 1]
// (gltf.read.inverse-bind-matrix-invalid); only a float MAT4 accessor is checked, as the
// validator checks, read_skins having warned about any other. An accessor that several skins
// share is checked once, at the first.
void check_inverse_bind_matrices(ReadContext& ctx, const Accessors& accessors) {
  const size_t accessor_count = ctx.count(Top::kAccessors);
  std::vector<bool> checked(accessor_count, false);
  for (size_t s = 0; s < ctx.count(Top::kSkins); ++s) {
    absl::StatusOr<JsonObject> skin = ctx.entry(Top::kSkins, s);
    if (!skin.ok()) continue;
    std::optional<size_t> index = find_index(skin->json(), "inverseBindMatrices", accessor_count);
    if (!index || checked[*index]) continue;
    checked[*index] = true;
    const AccessorData* data = accessors.decoded(static_cast<int>(*index));
    if (data == nullptr || !data->from_document || data->type != "MAT4" ||
        data->component_type != kComponentFloat) {
      continue;
    }
    const std::span<const float> values = data->column.values<float>();
    Tally wrong;
    for (size_t m = 0; m < data->column.rows; ++m) {
      // Column-major: the last row is components 3, 7, 11 and 15.
      const float* v = values.data() + 16 * m;
      if (v[3] != 0 || v[7] != 0 || v[11] != 0 || v[15] != 1) {
        wrong.add(cat("matrix ", m, " ends in [", v[3], ", ", v[7], ", ", v[11], ", ", v[15], "]"));
      }
    }
    if (wrong.count == 0) continue;
    ctx.warn("gltf.read.inverse-bind-matrix-invalid",
             cat(skin->pointer("inverseBindMatrices"), ": ", wrong.count,
                 wrong.count == 1 ? " matrix does" : " matrices do",
                 " not end in the row [0, 0, 0, 1] glTF requires (", wrong.first, ")"));
  }
}

// The skin a mesh's joints index into: of the skins the nodes bind the mesh to, the one with the
// fewest joints, as the validator takes it.
struct Binding {
  size_t joints = 0;
  size_t skin = 0;
  bool bound = false;
};

std::vector<Binding> bindings_of_meshes(const ReadContext& ctx) {
  std::vector<Binding> out(ctx.count(Top::kMeshes));
  for (size_t n = 0; n < ctx.count(Top::kNodes); ++n) {
    absl::StatusOr<JsonObject> node = ctx.entry(Top::kNodes, n);
    if (!node.ok()) continue;
    std::optional<size_t> mesh = find_index(node->json(), "mesh", out.size());
    std::optional<size_t> skin = find_index(node->json(), "skin", ctx.count(Top::kSkins));
    if (!mesh || !skin) continue;
    absl::StatusOr<JsonObject> skin_json = ctx.entry(Top::kSkins, *skin);
    if (!skin_json.ok()) continue;
    const JsonValue* joints = skin_json->find("joints");
    if (joints == nullptr || !joints->IsArray()) continue;
    Binding& b = out[*mesh];
    if (!b.bound || joints->Size() < b.joints) b = {joints->Size(), *skin, true};
  }
  return out;
}

// A weight as the validator reads it: an integer component normalized, whether or not the
// accessor says normalized.
double weight_at(const Column& weights, size_t row, size_t col) {
  const double v = weights.get(row, col);
  switch (weights.dtype) {
    case DType::kUInt8:
      return v / 255.0;
    case DType::kUInt16:
      return v / 65535.0;
    case DType::kUInt32:
      return v / 4294967295.0;
    case DType::kInt8:
      return std::max(v / 127.0, -1.0);
    case DType::kInt16:
      return std::max(v / 32767.0, -1.0);
    default:
      return v;
  }
}

// One primitive's JOINTS_n / WEIGHTS_n sets checked against glTF's skinning rules, for a mesh
// whose joints index into `binding`'s skin.
class SkinWeightsCheck {
 public:
  SkinWeightsCheck(ReadContext& ctx, const Accessors& accessors, std::string attributes_pointer,
                   const Binding& binding)
      : ctx_(ctx), accessors_(accessors), at_(std::move(attributes_pointer)), binding_(binding) {}

  // Finds JOINTS_0..n-1 and WEIGHTS_0..n-1, all decoded from the document's data, of unsigned
  // integer joints and as many vertices each; false when the primitive has no such sets.
  bool find_sets(const JsonValue& attributes) {
    size_t joint_sets = 0;
    size_t weight_sets = 0;
    for (auto it = attributes.MemberBegin(); it != attributes.MemberEnd(); ++it) {
      std::string_view name(it->name.GetString(), it->name.GetStringLength());
      joint_sets += name.starts_with("JOINTS_");
      weight_sets += name.starts_with("WEIGHTS_");
    }
    if (joint_sets == 0 || joint_sets != weight_sets) return false;
    const size_t accessor_count = ctx_.count(Top::kAccessors);
    for (size_t s = 0; s < joint_sets; ++s) {
      std::optional<size_t> j = find_index(attributes, cat("JOINTS_", s), accessor_count);
      std::optional<size_t> w = find_index(attributes, cat("WEIGHTS_", s), accessor_count);
      if (!j || !w) return false;
      const AccessorData* joints = accessors_.decoded(static_cast<int>(*j));
      const AccessorData* weights = accessors_.decoded(static_cast<int>(*w));
      if (joints == nullptr || weights == nullptr || !joints->from_document ||
          !weights->from_document || joints->column.cols != 4 || weights->column.cols != 4) {
        return false;
      }
      const DType dtype = joints->column.dtype;
      if (dtype != DType::kUInt8 && dtype != DType::kUInt16) return false;
      if (joints->column.rows != weights->column.rows ||
          (s > 0 && joints->column.rows != joints_[0]->rows)) {
        return false;
      }
      joints_.push_back(&joints->column);
      weights_.push_back(&weights->column);
      key_.insert(key_.end(), {*j, *w});
    }
    key_.push_back(binding_.joints);
    return true;
  }

  // The accessors and skin size checked: primitives of the same key get the same warnings.
  const std::vector<size_t>& key() const { return key_; }

  // The check reads every joint and weight, whatever other primitives have read: its work is
  // charged to the budget (a double for each value), so that primitives combining large sets
  // differently cannot make it unbounded.
  uint64_t cost() const {
    const uint64_t per_set = uint64_t{joints_[0]->rows} * 8 * sizeof(double);  // rows < 2^57
    if (joints_.size() > (UINT64_MAX / 2) / per_set) return UINT64_MAX;
    return per_set * joints_.size() + binding_.joints * sizeof(double);
  }

  void run() {
    const size_t sets = joints_.size();
    oob_.resize(sets);
    duplicate_.resize(sets);
    negative_.resize(sets);
    // seen[j] == v + 1 when vertex v has named joint j with a non-zero weight.
    std::vector<uint64_t> seen(binding_.joints, 0);
    const size_t vertices = joints_[0]->rows;
    for (size_t v = 0; v < vertices; ++v) {
      float sum = 0;  // in float, as the validator sums
      double tolerance = 0;
      for (size_t c = 0; c < 4; ++c) {
        for (size_t s = 0; s < sets; ++s) {
          const double joint = joints_[s]->get(v, c);
          if (joint >= static_cast<double>(binding_.joints)) {
            oob_[s].add(cat("vertex ", v, ", component ", c, " is ", joint));
            continue;
          }
          const double weight = weight_at(*weights_[s], v, c);
          if (weight == 0) continue;
          uint64_t& mark = seen[static_cast<size_t>(joint)];
          const bool repeated = mark == v + 1;
          mark = v + 1;
          if (repeated) duplicate_[s].add(cat("vertex ", v, ", component ", c, ": joint ", joint));
          if (weight < 0) {
            negative_[s].add(cat("vertex ", v, ", component ", c, " is ", weight));
          } else if (!repeated) {
            sum = static_cast<float>(static_cast<double>(sum) + weight);
            tolerance += 2e-7;
          }
        }
      }
      if (std::abs(sum - 1.0) > tolerance) unnormalized_.add(cat("vertex ", v, ": ", sum));
    }
    warn();
  }

 private:
  void warn() {
    for (size_t s = 0; s < joints_.size(); ++s) {
      const std::string joints_at = cat(at_, "/JOINTS_", s);
      const std::string weights_at = cat(at_, "/WEIGHTS_", s);
      if (oob_[s].count > 0) {
        ctx_.warn("gltf.read.joint-out-of-range",
                  cat(joints_at, ": ", oob_[s].count,
                      oob_[s].count == 1 ? " joint index is" : " joint indices are", " past the ",
                      binding_.joints, " joints of skin ", binding_.skin,
                      ", the smallest skin the mesh is bound to (", oob_[s].first, ")"));
      }
      if (duplicate_[s].count > 0) {
        ctx_.warn("gltf.read.joint-duplicate",
                  cat(joints_at, ": ", duplicate_[s].count,
                      duplicate_[s].count == 1 ? " joint index repeats" : " joint indices repeat",
                      ", with a non-zero weight, a joint its vertex already names; glTF requires "
                      "distinct joints (",
                      duplicate_[s].first, ")"));
      }
      if (negative_[s].count > 0) {
        ctx_.warn("gltf.read.weight-negative",
                  cat(weights_at, ": ", negative_[s].count,
                      negative_[s].count == 1 ? " weight is" : " weights are",
                      " negative, which glTF does not allow (", negative_[s].first, ")"));
      }
    }
    if (unnormalized_.count > 0) {
      ctx_.warn("gltf.read.weights-not-normalized",
                cat(at_, ": the weights of ", unnormalized_.count,
                    unnormalized_.count == 1 ? " vertex" : " vertices",
                    " do not sum to 1, as glTF requires (", unnormalized_.first, ")"));
    }
  }

  ReadContext& ctx_;
  const Accessors& accessors_;
  std::string at_;
  Binding binding_;
  std::vector<const Column*> joints_;
  std::vector<const Column*> weights_;
  std::vector<size_t> key_;
  std::vector<Tally> oob_, duplicate_, negative_;
  Tally unnormalized_;
};

// The skinning rules (gltf.read.joint-out-of-range, joint-duplicate, weight-negative,
// weights-not-normalized) on the primitives of every mesh a node binds to a skin with joints,
// each set of accessors once.
void check_skin_weights(ReadContext& ctx, const Accessors& accessors) {
  const std::vector<Binding> bindings = bindings_of_meshes(ctx);
  std::set<std::vector<size_t>> checked;
  for (size_t m = 0; m < bindings.size(); ++m) {
    if (!bindings[m].bound || bindings[m].joints == 0) continue;
    absl::StatusOr<JsonObject> mesh = ctx.entry(Top::kMeshes, m);
    if (!mesh.ok()) continue;
    const JsonValue* primitives = mesh->find("primitives");
    if (primitives == nullptr || !primitives->IsArray()) continue;
    for (rapidjson::SizeType p = 0; p < primitives->Size(); ++p) {
      const JsonValue& primitive = (*primitives)[p];
      if (!primitive.IsObject()) continue;
      auto attributes = primitive.FindMember("attributes");
      if (attributes == primitive.MemberEnd() || !attributes->value.IsObject()) continue;
      const std::string at = cat(mesh->pointer(), "/primitives/", p, "/attributes");
      SkinWeightsCheck check(ctx, accessors, at, bindings[m]);
      if (!check.find_sets(attributes->value) || !checked.insert(check.key()).second) continue;
      // Past the budget the check is left out: the read itself is whole.
      if (!ctx.charge(check.cost(), at).ok()) continue;
      check.run();
    }
  }
}

}  // namespace

void check_accessor_values(ReadContext& ctx, Accessors& accessors) {
  check_unused_accessors(ctx, accessors);
  check_inverse_bind_matrices(ctx, accessors);
  check_skin_weights(ctx, accessors);
}

}  // namespace px::gltf
