#include "formats/collada/write/animation_writer.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

#include "engine/strings.h"
#include "formats/collada/write/animation_channels.h"
#include "formats/collada/write/morph_writer.h"
#include "formats/collada/write/pointer_channels.h"
#include "formats/collada/write/xml_names.h"
#include "polyxios/ops/matrix_bake.h"
#include "polyxios/scene/animation.h"

namespace px::collada {
namespace {

using Channel = AnimationsPlan::Channel;

std::string animation_label(const Animation& a, size_t index) {
  const std::string_view name = a.name_or_empty();
  return name.empty() ? cat("animation ", index) : cat("animation '", name, "'");
}

// A channel planned, with what it animates, before the animation's duplicates are dropped.
struct Candidate {
  size_t order = 0;  // the index of the (first) scene channel it comes from
  Channel channel;
  std::vector<std::string> animates;  // "node-id/sid#value": each value it sets
  bool from_copy = false;             // only an <instance_node> copy of the node holds it
  std::string label;                  // names it in warnings
};

// A glTF channel to bake into its node's matrix keys.
struct ToBake {
  size_t order = 0;
  int written = -1;  // the node whose element the document holds
  int node = -1;     // the node holding the channel: written, or a copy of it
  MatrixBakeChannel channel;
};

class Planner {
 public:
  Planner(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics)
      : scene_(scene), plan_(plan), diagnostics_(diagnostics) {}

  void run();

 private:
  // The node whose written element holds node n's: n, or the node it is a copy of; -1 when no
  // scene reaches it.
  int written_node(int n) const;
  void plan_animation(const Animation& animation, size_t index);
  void plan_pointer(const Animation& animation, size_t c, const std::string& label,
                    std::vector<Candidate>& candidates);
  void plan_weights(const std::string& label, size_t order, bool from_copy, int node, int mesh,
                    const AnimationSampler& sampler, std::vector<Candidate>& candidates);
  std::vector<Candidate> bake(std::vector<ToBake> to_bake, const std::string& label);
  void add_ids(Channel& channel, const std::string& animation_id);
  // Gives each animation of glTF's a clip when two or more animations are written.
  void clip_gltf_animations();
  std::string clip_id(const AnimationsPlan::Animation& animation);

  const Scene& scene_;
  WritePlan& plan_;
  Diagnostics& diagnostics_;
  SplitBudget budget_;
  size_t empty_ = 0;
  std::string empty_names_;
  std::vector<size_t> gltf_;  // the written animations of glTF's, by index in the plan
};

int Planner::written_node(int n) const {
  const std::vector<NodePlan>& nodes = plan_.nodes.nodes;
  // A copy names the node it copies, which is no copy; the bound keeps a malformed chain finite.
  for (size_t steps = 0; steps <= nodes.size(); ++steps) {
    if (n < 0 || static_cast<size_t>(n) >= nodes.size() || !nodes[n].written) return -1;
    if (nodes[n].copy_of < 0) return nodes[n].id.empty() ? -1 : n;
    n = nodes[n].copy_of;
  }
  return -1;
}

void Planner::add_ids(Channel& channel, const std::string& animation_id) {
  // Named after the animation and the target: "walk-arm_t_X-input".
  const std::string stem = cat(animation_id, "-", to_ncname(channel.target, "channel"));
  auto source = [&](std::string_view suffix) {
    AnimationsPlan::SourceIds ids;
    ids.source = plan_.ids.unique(cat(stem, "-", suffix));
    ids.array = plan_.ids.unique(cat(ids.source, "-array"));
    return ids;
  };
  channel.input = source("input");
  channel.output_ids = source("output");
  channel.interpolation = source("interpolation");
  if (!channel.in_tangents.values.empty()) {
    channel.in_tangent = source("intangent");
    channel.out_tangent = source("outtangent");
  }
  channel.sampler = plan_.ids.unique(cat(stem, "-sampler"));
}

std::vector<Candidate> Planner::bake(std::vector<ToBake> to_bake, const std::string& label) {
  std::vector<Candidate> out;
  // Nodes in the order the animation first animates them.
  std::vector<int> order;
  for (const ToBake& b : to_bake) {
    if (std::find(order.begin(), order.end(), b.written) == order.end()) order.push_back(b.written);
  }
  for (int written : order) {
    // The written node's own channels; when only copies hold some, the first copy's, which then
    // reach every instance.
    int holder = -1;
    for (const ToBake& b : to_bake) {
      if (b.written == written && (holder < 0 || b.node == written)) holder = b.node;
    }
    std::vector<MatrixBakeChannel> channels;
    size_t first = 0;
    for (const ToBake& b : to_bake) {
      if (b.written != written || b.node != holder) continue;
      if (channels.empty()) first = b.order;
      channels.push_back(b.channel);
    }
    const NodePlan& node = plan_.nodes.nodes[written];
    const TransformElement& matrix = node.transforms.front();
    const std::string node_label = cat(label, ", node '", node.id, "'");
    BakeNotes notes;
    std::optional<MatrixKeys> keys = bake_matrix_keys(element_matrix("matrix", matrix.values),
                                                      channels, node_label, budget_, notes);
    for (BakeNote& n : notes) diagnostics_.warn(n.code, std::move(n.message));
    if (!keys) continue;
    Candidate& c = out.emplace_back();
    c.order = first;
    c.label = node_label;
    c.from_copy = holder != written;
    BoundChannel bound = baked_channel(node.id, matrix.sid, std::move(*keys));
    c.channel = std::move(bound.channel);
    c.animates = std::move(bound.animates);
  }
  return out;
}

// A weights channel: one channel per morph target of the node's mesh (morph_writer.h).
void Planner::plan_weights(const std::string& label, size_t order, bool from_copy, int node,
                           int mesh, const AnimationSampler& sampler,
                           std::vector<Candidate>& candidates) {
  std::string why;
  std::vector<MorphWeightChannel> targets = morph_weight_channels(plan_, node, mesh, sampler, &why);
  if (targets.empty()) {
    diagnostics_.warn("collada.write.morph-dropped", cat(label, ": ", why, "; dropped"));
    return;
  }
  for (const MorphWeightChannel& t : targets) {
    BindFailure failure;
    std::optional<BoundChannel> bound = bind_weight_channel(sampler, t.index, t.target, &failure);
    if (!bound) {
      diagnostics_.warn(failure.code, cat(label, ": ", failure.why, "; dropped"));
      return;
    }
    Candidate& candidate = candidates.emplace_back();
    candidate.order = order;
    candidate.label = label;
    candidate.from_copy = from_copy;
    candidate.animates = std::move(bound->animates);
    candidate.channel = std::move(bound->channel);
  }
}

// A KHR_animation_pointer channel on an effect, light or camera parameter (pointer_channels.h).
void Planner::plan_pointer(const Animation& animation, size_t c, const std::string& label,
                           std::vector<Candidate>& candidates) {
  const int node = animation.channels[c].target.node;
  BindFailure failure;
  std::optional<std::vector<BoundChannel>> bound =
      bind_pointer_channel(animation, c, node < 0 ? -1 : written_node(node), plan_, &failure);
  if (!bound) {
    diagnostics_.warn(failure.code, cat(label, " on ", animation.channels[c].target.pointer, ": ",
                                        failure.why, "; dropped"));
    return;
  }
  for (BoundChannel& b : *bound) {
    Candidate& candidate = candidates.emplace_back();
    candidate.order = c;
    candidate.label = label;
    candidate.animates = std::move(b.animates);
    candidate.channel = std::move(b.channel);
  }
}

void Planner::plan_animation(const Animation& animation, size_t index) {
  const std::string label = animation_label(animation, index);
  std::vector<Candidate> candidates;
  std::vector<ToBake> to_bake;
  for (size_t c = 0; c < animation.channels.size(); ++c) {
    const AnimationChannel& channel = animation.channels[c];
    const AnimationTarget& target = channel.target;
    // No channel index: identical warnings of one animation are counted, not repeated.
    const std::string channel_label = cat(
        label, ": a ", target.path_name().empty() ? "pathless" : target.path_name(), " channel");
    if (!target.sid && target.path == TargetPath::kPointer) {
      plan_pointer(animation, c, channel_label, candidates);
      continue;
    }
    if (target.node < 0 || static_cast<size_t>(target.node) >= scene_.nodes.size()) {
      diagnostics_.warn("collada.write.animation-node-missing",
                        cat(channel_label, ": it names node ", target.node,
                            ", which the scene does not have; dropped"));
      continue;
    }
    const int written = written_node(target.node);
    if (written < 0) {
      diagnostics_.warn("collada.write.animation-node-missing",
                        cat(channel_label, ": no scene reaches its node ", target.node,
                            ", which is not written; dropped"));
      continue;
    }
    if (channel.sampler < 0 || static_cast<size_t>(channel.sampler) >= animation.samplers.size() ||
        !animation.samplers[channel.sampler]) {
      diagnostics_.warn("collada.write.animation-sampler-invalid",
                        cat(channel_label,
                            ": its sampler is not a well-formed sampler of the "
                            "animation; dropped"));
      continue;
    }
    const AnimationSampler& sampler = *animation.samplers[channel.sampler];
    const NodePlan& node = plan_.nodes.nodes[written];
    const bool from_copy = written != target.node;
    if (!target.sid && target.path == TargetPath::kWeights) {
      plan_weights(channel_label, c, from_copy, static_cast<int>(written),
                   scene_.nodes[written].mesh, sampler, candidates);
      continue;
    }
    if (!target.sid && is_single_matrix(node.transforms) && is_trs(target.path)) {
      to_bake.push_back({c, written, target.node, {target.path, &sampler}});
      continue;
    }
    BindFailure failure;
    std::optional<BoundChannel> bound = target.sid
                                            ? bind_sid_channel(target, sampler, node, &failure)
                                            : bind_path_channel(target, sampler, node, &failure);
    if (!bound) {
      diagnostics_.warn(failure.code, cat(channel_label, ": ", failure.why, "; dropped"));
      continue;
    }
    Candidate& candidate = candidates.emplace_back();
    candidate.order = c;
    candidate.label = channel_label;
    candidate.from_copy = from_copy;
    candidate.animates = std::move(bound->animates);
    candidate.channel = std::move(bound->channel);
  }
  std::vector<Candidate> baked = bake(std::move(to_bake), label);
  candidates.insert(candidates.end(), std::make_move_iterator(baked.begin()),
                    std::make_move_iterator(baked.end()));
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate& a, const Candidate& b) { return a.order < b.order; });

  // A second channel on values the animation already animates is dropped; a copy's channel is
  // written once for its node, silently when the node itself holds it.
  std::set<std::string> own;
  for (const Candidate& c : candidates) {
    if (!c.from_copy) own.insert(c.animates.begin(), c.animates.end());
  }
  std::set<std::string> animated;
  AnimationsPlan::Animation out;
  out.name = animation.name_or_empty();
  // An unnamed animation is named by its id on read: "animation-<index>".
  out.id = plan_.ids.unique(out.name.empty() ? cat("animation-", index)
                                             : to_ncname(out.name, "animation"));
  for (Candidate& c : candidates) {
    const bool repeated = std::any_of(c.animates.begin(), c.animates.end(), [&](const auto& v) {
      return animated.count(v) != 0 || (c.from_copy && own.count(v) != 0);
    });
    if (repeated) {
      if (!c.from_copy) {
        diagnostics_.warn("collada.write.animation-target-repeated",
                          cat(c.label,
                              ": an earlier channel of the animation animates its "
                              "target; dropped"));
      }
      continue;
    }
    if (c.from_copy) {
      diagnostics_.warn("collada.write.animation-copy-only",
                        cat(c.label, ": only an <instance_node> copy of node '",
                            c.channel.target.substr(0, c.channel.target.find('/')),
                            "' holds it; written for the node, it reaches every instance"));
    }
    animated.insert(c.animates.begin(), c.animates.end());
    add_ids(c.channel, out.id);
    out.channels.push_back(std::move(c.channel));
  }
  if (out.channels.empty()) {
    if (++empty_ <= 3) empty_names_ += cat(empty_ > 1 ? ", " : "", label);
    return;
  }
  if (animation.clip) {
    out.clip = AnimationsPlan::Clip{clip_id(out), animation.clip->start, animation.clip->end};
  } else if (std::none_of(animation.channels.begin(), animation.channels.end(),
                          [](const AnimationChannel& c) { return c.target.sid.has_value(); })) {
    gltf_.push_back(plan_.animations.animations.size());
  }
  plan_.animations.animations.push_back(std::move(out));
}

std::string Planner::clip_id(const AnimationsPlan::Animation& animation) {
  // Every clip has an id: three.js's ColladaLoader keeps clips by id, id-less ones colliding.
  return plan_.ids.unique(cat(animation.id, "-clip"));
}

void Planner::clip_gltf_animations() {
  std::vector<AnimationsPlan::Animation>& written = plan_.animations.animations;
  if (written.size() < 2) return;
  for (size_t a : gltf_) {
    // glTF plays an animation from 0 to its last key.
    double end = 0;
    for (const Channel& c : written[a].channels) {
      if (!c.times.values.empty()) end = std::max(end, c.times.values.back());
    }
    written[a].clip = AnimationsPlan::Clip{clip_id(written[a]), 0, end};
  }
}

void Planner::run() {
  const std::vector<Animation>& animations = scene_.animations;
  for (size_t a = 0; a < animations.size(); ++a) plan_animation(animations[a], a);
  clip_gltf_animations();
  if (empty_ > 0) {
    diagnostics_.warn(
        "collada.write.animation-empty",
        cat(empty_, empty_ == 1 ? " animation" : " animations", " (", empty_names_,
            empty_ > 3 ? ", ..." : "", ") left with no channel ", empty_ == 1 ? "is" : "are",
            " not written: COLLADA cannot hold ", empty_ == 1 ? "it" : "them"));
  }
}

// ------------------------------------------------------------------ emission

void write_numbers(XmlWriter& xml, const AnimationsPlan::Numbers& numbers) {
  if (!numbers.float32) {
    xml.numbers(numbers.values);
    return;
  }
  for (double v : numbers.values) xml.number(static_cast<float>(v));
}

void open_accessor(XmlWriter& xml, const AnimationsPlan::SourceIds& ids, size_t count,
                   size_t stride) {
  xml.open("technique_common");
  xml.open("accessor");
  xml.attr("source", cat("#", ids.array));
  xml.attr("count", count);
  xml.attr("stride", stride);
}

void param(XmlWriter& xml, std::string_view name, std::string_view type) {
  xml.open("param");
  xml.attr("name", name);
  xml.attr("type", type);
  xml.close();
}

// A <source> of numbers read `names.size()` floats at a time (or one float4x4).
void float_source(XmlWriter& xml, const AnimationsPlan::SourceIds& ids,
                  const AnimationsPlan::Numbers& numbers, const std::vector<std::string>& names,
                  bool matrix) {
  xml.open("source");
  xml.attr("id", ids.source);
  xml.open("float_array");
  xml.attr("id", ids.array);
  xml.attr("count", numbers.values.size());
  write_numbers(xml, numbers);
  xml.close();
  const size_t keys = numbers.width == 0 ? 0 : numbers.values.size() / numbers.width;
  open_accessor(xml, ids, keys, numbers.width);
  if (matrix) {
    param(xml, "TRANSFORM", "float4x4");
  } else {
    for (const std::string& name : names) param(xml, name, "float");
  }
  xml.close();
  xml.close();
  xml.close();
}

void name_source(XmlWriter& xml, const AnimationsPlan::SourceIds& ids,
                 const std::vector<std::string>& names) {
  xml.open("source");
  xml.attr("id", ids.source);
  xml.open("Name_array");
  xml.attr("id", ids.array);
  xml.attr("count", names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) xml.text(" ");
    xml.text(names[i]);
  }
  xml.close();
  open_accessor(xml, ids, names.size(), 1);
  param(xml, "INTERPOLATION", "name");
  xml.close();
  xml.close();
  xml.close();
}

void input(XmlWriter& xml, std::string_view semantic, const std::string& source) {
  xml.open("input");
  xml.attr("semantic", semantic);
  xml.attr("source", cat("#", source));
  xml.close();
}

void write_animation(const AnimationsPlan::Animation& animation, XmlWriter& xml) {
  xml.open("animation");
  xml.attr("id", animation.id);
  if (!animation.name.empty()) xml.attr("name", animation.name);
  for (const Channel& c : animation.channels) {
    float_source(xml, c.input, c.times, {"TIME"}, false);
    float_source(xml, c.output_ids, c.values, c.output.names, c.output.matrix);
    name_source(xml, c.interpolation, c.interpolations);
    if (!c.in_tangents.values.empty()) {
      float_source(xml, c.in_tangent, c.in_tangents, tangent_params(c.in_tangents, c.values.width),
                   false);
      float_source(xml, c.out_tangent, c.out_tangents,
                   tangent_params(c.out_tangents, c.values.width), false);
    }
  }
  for (const Channel& c : animation.channels) {
    xml.open("sampler");
    xml.attr("id", c.sampler);
    input(xml, "INPUT", c.input.source);
    input(xml, "OUTPUT", c.output_ids.source);
    input(xml, "INTERPOLATION", c.interpolation.source);
    if (!c.in_tangents.values.empty()) {
      input(xml, "IN_TANGENT", c.in_tangent.source);
      input(xml, "OUT_TANGENT", c.out_tangent.source);
    }
    xml.close();
  }
  for (const Channel& c : animation.channels) {
    xml.open("channel");
    xml.attr("source", cat("#", c.sampler));
    xml.attr("target", c.target);
    xml.close();
  }
  xml.close();
}

}  // namespace

absl::Status plan_animations(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics) {
  Planner(scene, plan, diagnostics).run();
  return absl::OkStatus();
}

void write_animations(const Scene& scene, const WritePlan& plan, XmlWriter& xml) {
  (void)scene;
  const std::vector<AnimationsPlan::Animation>& animations = plan.animations.animations;
  if (animations.empty()) return;
  xml.open("library_animations");
  for (const AnimationsPlan::Animation& a : animations) write_animation(a, xml);
  xml.close();
  if (std::none_of(animations.begin(), animations.end(),
                   [](const AnimationsPlan::Animation& a) { return a.clip.has_value(); })) {
    return;
  }
  xml.open("library_animation_clips");
  for (const AnimationsPlan::Animation& a : animations) {
    if (!a.clip) continue;
    xml.open("animation_clip");
    xml.attr("id", a.clip->id);
    if (!a.name.empty()) xml.attr("name", a.name);
    xml.attr("start", a.clip->start);
    xml.attr("end", a.clip->end);
    xml.open("instance_animation");
    xml.attr("url", cat("#", a.id));
    xml.close();
    xml.close();
  }
  xml.close();
}

}  // namespace px::collada
