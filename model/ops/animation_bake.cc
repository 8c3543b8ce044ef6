#include "polyxios/ops/animation_bake.h"

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <variant>

#include "polyxios/ops/animation_curve.h"
#include "polyxios/ops/key_times.h"
#include "polyxios/ops/node_rebuild.h"
#include "polyxios/scene/animation.h"

namespace px {
namespace {

constexpr std::string_view kSkipped = "gltf.write.animation-channel-skipped";
// How far from unit length a rotation key may be, from float32 rounding alone, without a warning.
constexpr double kUnitQuaternionSlack = 1e-6;

// The key times and rows of a clip's weights sampler (read from COLLADA, whose weights channels
// are the only ones a clip holds) cut to the clip's window and moved back by its start, as the
// clip's transform channels are (polyxios/ops/node_rebuild.h): its keys inside the window, and keys
// at the window's edges followed on its curve. False, the sampler left as it is, when it has no
// curve to follow.
bool cut_to_window(const AnimationSampler& s, const ClipWindow& window, BakedSampler& baked) {
  std::variant<Curve, std::string> made = Curve::make(s);
  const Curve* curve = std::get_if<Curve>(&made);
  if (curve == nullptr) return false;
  std::vector<double> times = {window.start, window.end};
  for (size_t k = 0; k < curve->keys(); ++k) {
    if (curve->time(k) > window.start && curve->time(k) < window.end) {
      times.push_back(curve->time(k));
    }
  }
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  std::vector<double> row(curve->width());
  for (double t : times) {
    baked.times.push_back(t - window.start);
    curve->evaluate(t, row);
    baked.values.insert(baked.values.end(), row.begin(), row.end());
  }
  return true;
}

// (node, element, value index): one value a COLLADA channel sets.
using ValueKey = std::tuple<int, size_t, int>;

struct ColladaChannel {
  int node = -1;
  size_t element = 0;
  std::vector<int> indices;
  const Curve* curve = nullptr;
};

struct NativeChannel {
  int node = -1;
  TargetPath path = TargetPath::kNone;
  std::string pointer;
  int sampler = -1;
  std::optional<Value> extras;
};

// One animation's channels that survived their checks.
struct Checked {
  std::vector<NativeChannel> native;
  std::vector<ColladaChannel> collada;
  std::set<int>
      native_nodes;  // nodes a glTF channel animates the translation, rotation or scale of
};

std::string animation_label(const Animation& a, size_t index) {
  return !a.name || a.name->empty() ? "animation " + std::to_string(index)
                                    : "animation '" + *a.name + "'";
}

std::string node_label(const Scene& scene, int node) {
  const std::string& name = scene.nodes[node].name;
  return name.empty() ? "node " + std::to_string(node)
                      : "node " + std::to_string(node) + " ('" + name + "')";
}

// A node's elements, and whether its matrix still composes from them.
struct NodeElements {
  std::optional<std::vector<TransformElement>> elements;  // nullopt: the node spells none
  bool composes = true;
};

bool close(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  // About six significant digits of the larger, with a floor far below anything a file spells.
  const double scale = std::max(a.cwiseAbs().maxCoeff(), b.cwiseAbs().maxCoeff());
  return (a - b).cwiseAbs().maxCoeff() <= 5e-6 * scale + 1e-12;
}

NodeElements node_elements(const Node& node) {
  NodeElements out;
  if (node.transforms.empty() || !well_formed(node.transforms)) return out;
  out.elements = node.transforms;
  const Eigen::Matrix4d composed = compose_elements(*out.elements);
  const Eigen::Matrix4d& m = node.matrix;
  out.composes = close(composed.topLeftCorner<3, 3>(), m.topLeftCorner<3, 3>()) &&
                 close(composed.col(3), m.col(3)) && composed.row(3) == m.row(3);
  return out;
}

class Baker {
 public:
  explicit Baker(const Scene& scene) : scene_(scene), animations_(scene.animations) {
    out_.animated.assign(scene.nodes.size(), false);
  }

  BakedAnimations run();

 private:
  void warn(std::string_view code, std::string message) {
    out_.notes.push_back({std::string(code), std::move(message)});
  }
  void skip(size_t a, size_t c, const std::string& why) {
    warn(kSkipped, animation_label(animations_[a], a) + ", channel " + std::to_string(c) + ": " +
                       why + "; skipped");
  }
  Checked check(size_t a);
  bool check_native(size_t a, size_t c, const AnimationChannel& channel);
  std::optional<ColladaChannel> check_collada(size_t a, size_t c, const AnimationChannel& channel);
  const Curve* curve(size_t a, int sampler, std::string* why);
  const NodeElements& elements_of(int node);
  // `targets`: the morph targets a weights channel's keys set.
  bool native_sampler_ok(const AnimationSampler& s, TargetPath path, size_t targets,
                         std::string* why);
  int add_native_sampler(size_t a, int sampler, bool rotation, bool weights, BakedAnimation& out);
  void rebuild_clip(const std::vector<size_t>& members, BakedAnimation& out);

  const Scene& scene_;
  const std::vector<Animation>& animations_;
  std::vector<Checked> checked_;
  std::map<std::pair<size_t, int>, std::variant<std::unique_ptr<Curve>, std::string>> curves_;
  std::map<int, NodeElements> elements_;
  std::map<std::pair<size_t, int>, int> native_samplers_;  // (animation, sampler) -> written index
  std::set<ValueKey> clip_values_;  // every value some clip animates, for the at-rest warning
  SplitBudget budget_;
  BakedAnimations out_;
};

const Curve* Baker::curve(size_t a, int sampler, std::string* why) {
  auto [it, inserted] = curves_.try_emplace({a, sampler});
  if (inserted) {
    std::variant<Curve, std::string> made = Curve::make(*animations_[a].samplers[sampler]);
    if (Curve* c = std::get_if<Curve>(&made)) {
      it->second = std::make_unique<Curve>(std::move(*c));
    } else {
      it->second = std::get<std::string>(made);
    }
  }
  if (const std::string* failure = std::get_if<std::string>(&it->second)) {
    *why = *failure;
    return nullptr;
  }
  return std::get<std::unique_ptr<Curve>>(it->second).get();
}

const NodeElements& Baker::elements_of(int node) {
  auto it = elements_.find(node);
  if (it == elements_.end()) it = elements_.emplace(node, node_elements(scene_.nodes[node])).first;
  return it->second;
}

bool Baker::native_sampler_ok(const AnimationSampler& s, TargetPath path, size_t targets,
                              std::string* why) {
  const size_t keys = s.times.rows;
  const bool cubic = s.interpolation == "CUBICSPLINE";
  const bool pointer = path == TargetPath::kPointer;
  const size_t width = path == TargetPath::kRotation  ? 4
                       : pointer                      ? s.values.cols
                       : path == TargetPath::kWeights ? targets
                                                      : 3;
  constexpr double kFloatMax = std::numeric_limits<float>::max();
  auto representable = [&](const Column& c) {
    for (size_t r = 0; r < c.rows; ++r) {
      for (size_t i = 0; i < c.cols; ++i) {
        const double v = c.get(r, i);
        if (!std::isfinite(v) || std::abs(v) > kFloatMax) return false;
      }
    }
    return true;
  };
  if (keys == 0 || s.times.cols != 1) {
    *why = "its sampler holds no key";
  } else if (s.interpolation != "LINEAR" && s.interpolation != "STEP" && !cubic) {
    *why = "its interpolation \"" + s.interpolation + "\" is not glTF's";
  } else if (s.values.rows != (cubic ? 3 : 1) * keys || s.values.cols != width ||
             (pointer && (width == 0 || (width > 4 && width != 9 && width != 16)))) {
    *why = "its values are not " +
           (pointer ? std::string("rows of 1 to 4, 9 or 16") : std::to_string(width)) +
           (cubic ? " per key, in three rows" : " per key") + " for a " +
           std::string(target_path_name(path));
  } else if (!representable(s.times) || !representable(s.values)) {
    *why = "it holds NaN, Inf or a value float32 cannot hold";
  } else if (s.times.get(0, 0) < 0) {
    *why = "its key times are negative";
  } else {
    for (size_t k = 1; k < keys; ++k) {
      if (!(s.times.get(k, 0) > s.times.get(k - 1, 0))) {
        *why = "its key times do not increase strictly";
        return false;
      }
    }
    if (path == TargetPath::kRotation) {
      for (size_t k = 0; k < keys; ++k) {
        const size_t row = cubic ? 3 * k + 1 : k;
        double norm = 0;
        for (size_t i = 0; i < 4; ++i) norm += s.values.get(row, i) * s.values.get(row, i);
        if (norm == 0) {
          *why = "it holds a rotation of zero length";
          return false;
        }
      }
    }
    return true;
  }
  return false;
}

bool Baker::check_native(size_t a, size_t c, const AnimationChannel& channel) {
  const TargetPath path = channel.target.path;
  const AnimationSampler& s = *animations_[a].samplers[channel.sampler];
  std::string why;
  size_t targets = 0;
  if (path == TargetPath::kWeights) {
    const int node = channel.target.node;
    const int mesh = scene_.nodes[node].mesh;
    if (mesh >= 0 && static_cast<size_t>(mesh) < scene_.meshes.size() &&
        scene_.meshes[mesh].morph_targets_valid()) {
      targets = scene_.meshes[mesh].morph_targets.size();
    }
    if (targets == 0) {
      skip(a, c, "it animates morph target weights, and the node's mesh holds no morph targets");
      return false;
    }
  } else if (!is_trs(path) && !(path == TargetPath::kPointer && !channel.target.pointer.empty())) {
    skip(a, c,
         "its path \"" + std::string(channel.target.path_name()) + "\" means nothing in glTF");
    return false;
  }
  if (!native_sampler_ok(s, path, targets, &why)) {
    skip(a, c, why);
    return false;
  }
  return true;
}

std::optional<ColladaChannel> Baker::check_collada(size_t a, size_t c,
                                                   const AnimationChannel& channel) {
  const AnimationTarget& target = channel.target;
  const NodeElements& node = elements_of(target.node);
  ColladaChannel out;
  out.node = target.node;
  std::string_view kind = target.element_kind();
  if (!target.sid) {
    // A matrix channel on a node read without a spelling animates its whole matrix: the rebuild
    // gives it one <matrix> element (see rebuild_clip).
    out.element = 0;
  } else {
    std::optional<size_t> found;
    for (size_t e = 0; node.elements && e < node.elements->size() && !found; ++e) {
      const TransformElement& element = (*node.elements)[e];
      if (element.sid == *target.sid && element.kind == kind) found = e;
    }
    if (!found) {
      skip(a, c,
           node_label(scene_, target.node) + " spells no <" + std::string(kind) + "> of sid \"" +
               *target.sid + "\"");
      return std::nullopt;
    }
    if (!node.composes) {
      skip(a, c,
           node_label(scene_, target.node) +
               "'s matrix no longer composes from its transform elements (it was edited "
               "after reading)");
      return std::nullopt;
    }
    out.element = *found;
  }
  std::optional<std::vector<int>> indices = member_indices(kind, target.member);
  if (!indices) {
    skip(a, c, "member \"" + target.member + "\" names no part of a <" + std::string(kind) + ">");
    return std::nullopt;
  }
  const AnimationSampler& s = *animations_[a].samplers[channel.sampler];
  if (s.values.cols != indices->size()) {
    skip(a, c,
         "its keys hold " + std::to_string(s.values.cols) + " values; the part it sets takes " +
             std::to_string(indices->size()));
    return std::nullopt;
  }
  std::string why;
  out.curve = curve(a, channel.sampler, &why);
  if (out.curve == nullptr) {
    skip(a, c, why);
    return std::nullopt;
  }
  out.indices = std::move(*indices);
  return out;
}

Checked Baker::check(size_t a) {
  const Animation& animation = animations_[a];
  Checked out;
  // "node/path" or a pointer: what each glTF channel animates.
  std::set<std::string> native_targets;
  std::vector<std::pair<size_t, ColladaChannel>> collada;
  for (size_t c = 0; c < animation.channels.size(); ++c) {
    const AnimationChannel& channel = animation.channels[c];
    const int node = channel.target.node;
    const bool pointer = !channel.target.sid && channel.target.path == TargetPath::kPointer;
    if (!pointer && (node < 0 || static_cast<size_t>(node) >= scene_.nodes.size())) {
      skip(a, c, "it targets node " + std::to_string(node) + ", which the scene does not have");
      continue;
    }
    if (channel.sampler < 0 || static_cast<size_t>(channel.sampler) >= animation.samplers.size() ||
        !animation.samplers[channel.sampler]) {
      skip(a, c, "its sampler is not a well-formed sampler of the animation");
      continue;
    }
    const bool is_collada =
        !pointer && (channel.target.sid || (channel.target.path == TargetPath::kMatrix &&
                                            !elements_of(node).elements.has_value()));
    if (is_collada) {
      if (std::optional<ColladaChannel> checked = check_collada(a, c, channel)) {
        collada.emplace_back(c, std::move(*checked));
      }
      continue;
    }
    if (!check_native(a, c, channel)) continue;
    const std::string what =
        pointer ? channel.target.pointer
                : std::to_string(node) + "/" + std::string(channel.target.path_name());
    if (!native_targets.insert(what).second) {
      skip(a, c, "an earlier channel of the animation animates the same node path or pointer");
      continue;
    }
    out.native.push_back(
        {node, channel.target.path, channel.target.pointer, channel.sampler, channel.extras});
    // A weights channel leaves the node's transform to its COLLADA channels.
    if (!pointer && channel.target.path != TargetPath::kWeights) out.native_nodes.insert(node);
  }
  std::set<int> warned_nodes;
  std::set<ValueKey> values;
  for (auto& [c, channel] : collada) {
    if (out.native_nodes.count(channel.node) != 0) {
      if (warned_nodes.insert(channel.node).second) {
        warn("gltf.write.animation-node-skipped",
             animation_label(animation, a) + ": the COLLADA channels of " +
                 node_label(scene_, channel.node) +
                 " are skipped, since a glTF channel of the animation already animates its "
                 "translation, rotation or scale");
      }
      continue;
    }
    bool overlaps = false;
    for (int i : channel.indices) {
      overlaps = overlaps || values.count({channel.node, channel.element, i}) != 0;
    }
    if (overlaps) {
      skip(a, c, "an earlier channel of the animation sets the same values");
      continue;
    }
    for (int i : channel.indices) values.insert({channel.node, channel.element, i});
    out.collada.push_back(std::move(channel));
  }
  return out;
}

int Baker::add_native_sampler(size_t a, int sampler, bool rotation, bool weights,
                              BakedAnimation& out) {
  auto [it, inserted] = native_samplers_.try_emplace({a, sampler}, 0);
  if (!inserted) return it->second;
  const AnimationSampler& s = *animations_[a].samplers[sampler];
  BakedSampler& baked = out.samplers.emplace_back();
  it->second = static_cast<int>(out.samplers.size()) - 1;
  baked.interpolation = s.interpolation;
  baked.width = s.values.cols;
  baked.extras = s.extras;
  const std::optional<ClipWindow>& window = animations_[a].clip;
  if (weights && window && cut_to_window(s, *window, baked)) {
    nudge_times(baked.times);
    baked.width = 1;
    return it->second;
  }
  for (size_t k = 0; k < s.times.rows; ++k) baked.times.push_back(s.times.get(k, 0));
  nudge_times(baked.times);
  const bool cubic = s.interpolation == "CUBICSPLINE";
  size_t rescaled = 0;
  for (size_t r = 0; r < s.values.rows; ++r) {
    const size_t first = baked.values.size();
    for (size_t i = 0; i < baked.width; ++i) baked.values.push_back(s.values.get(r, i));
    if (rotation && (!cubic || r % 3 == 1)) {
      // glTF readers expect unit quaternions; a float32 round trip may leave one off by an ulp,
      // which is not worth a warning, while a key further off is a change the user should know.
      Eigen::Map<Eigen::Vector4d> q(&baked.values[first]);
      if (std::abs(q.norm() - 1) > kUnitQuaternionSlack) ++rescaled;
      q.normalize();
    }
  }
  // glTF's weights output is scalars, one per target and key.
  if (weights) baked.width = 1;
  if (rescaled > 0) {
    warn("gltf.write.rotation-normalised",
         animation_label(animations_[a], a) + ", sampler " + std::to_string(sampler) + ": " +
             std::to_string(rescaled) + " rotation keys not of unit length scaled to it");
  }
  return it->second;
}

void Baker::rebuild_clip(const std::vector<size_t>& members, BakedAnimation& out) {
  // The clip's channels grouped by node, nodes in the order the clip first animates them.
  std::vector<int> order;
  std::map<int, std::vector<NodeChannel>> by_node;
  std::set<ValueKey> values;
  for (size_t a : members) {
    for (const ColladaChannel& c : checked_[a].collada) {
      auto [it, inserted] = by_node.try_emplace(c.node);
      if (inserted) order.push_back(c.node);
      it->second.push_back({c.element, c.indices, c.curve});
      for (int i : c.indices) values.insert({c.node, c.element, i});
    }
  }
  const std::optional<ClipWindow>& window = animations_[members.front()].clip;
  size_t at_rest = 0;
  for (const ValueKey& v : window ? std::set<ValueKey>() : clip_values_) {
    if (by_node.count(std::get<0>(v)) != 0 && values.count(v) == 0) ++at_rest;
  }
  if (at_rest > 0) {
    warn("gltf.write.animation-clip-rest",
         "the clip written as " +
             (out.name.empty() ? std::string("an unnamed animation")
                               : "animation '" + out.name + "'") +
             " holds at rest " + std::to_string(at_rest) +
             " values of its nodes that only another clip animates");
  }
  for (int node : order) {
    std::vector<TransformElement> elements;
    if (const NodeElements& spelled = elements_of(node); spelled.elements) {
      elements = *spelled.elements;
    } else {
      TransformElement& whole = elements.emplace_back();
      whole.kind = "matrix";
      for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 4; ++c) whole.values.push_back(scene_.nodes[node].matrix(r, c));
      }
    }
    std::optional<RebuiltNode> rebuilt = rebuild_node(
        elements, by_node[node], window, node_label(scene_, node), budget_, out_.notes);
    if (!rebuilt) continue;
    const std::string interpolation = rebuilt->step ? "STEP" : "LINEAR";
    for (TargetPath path : {TargetPath::kTranslation, TargetPath::kRotation, TargetPath::kScale}) {
      BakedSampler& s = out.samplers.emplace_back();
      s.times = rebuilt->times;
      s.interpolation = interpolation;
      s.width = path == TargetPath::kRotation ? 4 : 3;
      for (const Trs& key : rebuilt->keys) {
        if (path == TargetPath::kTranslation) {
          s.values.insert(s.values.end(), key.translation.data(), key.translation.data() + 3);
        } else if (path == TargetPath::kRotation) {
          // Eigen's coefficients run x, y, z, w: glTF's order.
          s.values.insert(s.values.end(), key.rotation.coeffs().data(),
                          key.rotation.coeffs().data() + 4);
        } else {
          s.values.insert(s.values.end(), key.scale.data(), key.scale.data() + 3);
        }
      }
      out.channels.push_back({static_cast<int>(out.samplers.size()) - 1, node, path, {}, {}});
      out_.animated[node] = true;
    }
  }
}

BakedAnimations Baker::run() {
  for (size_t a = 0; a < animations_.size(); ++a) checked_.push_back(check(a));

  // Clips: each animation with COLLADA channels joins the first clip none of whose values it
  // animates and whose host has no glTF channel on its nodes.
  struct Clip {
    std::vector<size_t> members;
    std::set<ValueKey> values;
  };
  std::vector<Clip> clips;
  std::map<size_t, size_t> host_of_clip;  // host animation -> clip
  for (size_t a = 0; a < animations_.size(); ++a) {
    const Checked& c = checked_[a];
    if (c.collada.empty()) continue;
    std::set<ValueKey> values;
    std::set<int> nodes;
    for (const ColladaChannel& ch : c.collada) {
      nodes.insert(ch.node);
      for (int i : ch.indices) values.insert({ch.node, ch.element, i});
    }
    // A COLLADA <animation_clip> plays alone: it joins no clip, and none joins it.
    auto joins = [&](const Clip& clip) {
      if (animations_[a].clip || animations_[clip.members.front()].clip) return false;
      for (const ValueKey& v : values) {
        if (clip.values.count(v) != 0) return false;
      }
      for (int n : nodes) {
        if (checked_[clip.members.front()].native_nodes.count(n) != 0) return false;
      }
      return true;
    };
    auto clip = std::find_if(clips.begin(), clips.end(), joins);
    if (clip == clips.end()) {
      host_of_clip[a] = clips.size();
      clip = clips.insert(clips.end(), Clip{});
    }
    clip->members.push_back(a);
    clip->values.insert(values.begin(), values.end());
    // A COLLADA clip plays alone by the file's word: what it leaves at rest is no surprise.
    if (!animations_[a].clip) clip_values_.insert(values.begin(), values.end());
  }

  size_t unwritten = 0;
  std::string unwritten_names;
  for (size_t a = 0; a < animations_.size(); ++a) {
    BakedAnimation out;
    out.name = animations_[a].name_or_empty();
    out.extras = animations_[a].extras;
    for (const NativeChannel& n : checked_[a].native) {
      const int sampler = add_native_sampler(a, n.sampler, n.path == TargetPath::kRotation,
                                             n.path == TargetPath::kWeights, out);
      out.channels.push_back({sampler, n.node, n.path, n.pointer, n.extras});
      if (n.node >= 0) out_.animated[n.node] = true;
    }
    if (auto host = host_of_clip.find(a); host != host_of_clip.end()) {
      rebuild_clip(clips[host->second].members, out);
    }
    native_samplers_.clear();
    if (out.channels.empty()) {
      if (++unwritten <= 3)
        unwritten_names += (unwritten > 1 ? ", " : "") + animation_label(animations_[a], a);
      continue;
    }
    out_.animations.push_back(std::move(out));
  }
  if (unwritten > 0) {
    warn("gltf.write.animation-empty", std::to_string(unwritten) + " animation" +
                                           (unwritten == 1 ? "" : "s") + " left with no channel (" +
                                           unwritten_names + (unwritten > 3 ? ", ..." : "") +
                                           ") not written; the animations after " +
                                           (unwritten == 1 ? "it" : "them") + " move up");
  }
  return std::move(out_);
}

}  // namespace

BakedAnimations bake_animations(const Scene& scene) { return Baker(scene).run(); }

}  // namespace px
