#include "formats/collada/read/morph_channels.h"

#include <algorithm>
#include <charconv>
#include <map>

#include "engine/errors.h"
#include "engine/strings.h"
#include "polyxios/ops/animation_curve.h"
#include "polyxios/ops/key_times.h"

namespace px::collada {
namespace {

// The <controller> holding `e` inside its <morph>, or `e` itself when it is a morph controller.
const Element* morph_controller_of(const Element* e) {
  if (e != nullptr && e->name == "controller") return e->child("morph") != nullptr ? e : nullptr;
  for (const Element* p = e; p != nullptr; p = p->parent) {
    if (p->name == "morph") return p->parent;
    if (p->name == "controller") return nullptr;
  }
  return nullptr;
}

}  // namespace

std::optional<MorphWeightAddress> morph_weight_address(const ReadContext& ctx,
                                                       std::string_view target) {
  const size_t id_end = target.find_first_of("/.(");
  const Element* element = find_id(ctx, target.substr(0, id_end));
  const Element* controller = morph_controller_of(element);
  if (controller == nullptr) return std::nullopt;
  MorphWeightAddress out;
  out.controller = controller;
  // The last "(n)" of the address, when it ends with one.
  if (target.ends_with(')')) {
    const size_t open = target.rfind('(');
    size_t index = 0;
    std::string_view digits = target.substr(open + 1, target.size() - open - 2);
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
    if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
    out.index = index;
  }
  return out;
}

absl::Status merge_weight_channels(ReadContext& ctx, const std::vector<WeightChannel>& channels,
                                   Animation& animation) {
  std::map<int, std::vector<const WeightChannel*>> by_node;
  for (const WeightChannel& c : channels) by_node[c.node].push_back(&c);
  for (const auto& [node, list] : by_node) {
    const int mesh_index = ctx.scene.nodes[node].mesh;
    if (mesh_index < 0) continue;
    const Mesh& mesh = ctx.scene.meshes[mesh_index];
    const size_t targets = mesh.morph_targets.size();
    std::vector<const WeightChannel*> kept;
    std::vector<Curve> curves;
    for (const WeightChannel* c : list) {
      const AnimationSampler& s = c->sampler;
      const size_t width = c->index ? 1 : targets;
      if (s.values.cols != width || (c->index && *c->index >= targets)) {
        ctx.warn("collada.animation.key-width",
                 cat("a channel on morph weight ", c->index ? cat("(", *c->index, ")") : "s",
                     " of a mesh of ", targets, " targets takes ", width,
                     " values per key; its sampler gives ", s.values.cols, "; dropped"));
        continue;
      }
      std::variant<Curve, std::string> curve = Curve::make(s);
      if (const std::string* why = std::get_if<std::string>(&curve)) {
        ctx.warn("collada.animation.sampler-invalid",
                 cat("a channel on morph weights cannot be followed: ", *why, "; dropped"));
        continue;
      }
      kept.push_back(c);
      curves.push_back(std::get<Curve>(std::move(curve)));
    }
    if (kept.empty()) continue;
    const bool blends =
        std::any_of(curves.begin(), curves.end(), [](const Curve& c) { return c.blends(); });
    std::vector<double> times;
    for (const Curve& curve : curves) add_key_times(curve, blends, times);
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    const uint64_t bytes = uint64_t{times.size()} * (targets + 1) * sizeof(double);
    if (ctx.copy_bytes_used + bytes > ctx.copy_budget()) {
      return over_budget("collada.copies.budget", cat("morph weight keys would take more than ",
                                                      ctx.copy_budget(), " bytes"));
    }
    ctx.copy_bytes_used += bytes;
    std::span<double> t = ctx.scene.arena->allocate<double>(times.size());
    std::copy(times.begin(), times.end(), t.begin());
    std::span<double> v = ctx.scene.arena->allocate<double>(times.size() * targets);
    for (size_t k = 0; k < times.size(); ++k) {
      for (size_t w = 0; w < targets; ++w) v[k * targets + w] = mesh.morph_weight(w);
    }
    std::vector<double> row(targets);
    for (size_t i = 0; i < kept.size(); ++i) {
      const WeightChannel* c = kept[i];
      for (size_t k = 0; k < times.size(); ++k) {
        curves[i].evaluate(times[k], std::span(row.data(), curves[i].width()));
        if (c->index) {
          v[k * targets + *c->index] = row[0];
        } else {
          std::copy(row.begin(), row.end(), v.begin() + k * targets);
        }
      }
    }
    AnimationSampler merged;
    merged.times = Column::of<double>(std::span<const double>(t), 1);
    merged.values = Column::of<double>(std::span<const double>(v), targets);
    merged.interpolation = blends ? "LINEAR" : "STEP";
    AnimationChannel& channel = animation.channels.emplace_back();
    channel.sampler = static_cast<int>(animation.samplers.size());
    channel.target.node = node;
    channel.target.path = TargetPath::kWeights;
    animation.samplers.push_back(std::move(merged));
  }
  return absl::OkStatus();
}

}  // namespace px::collada
