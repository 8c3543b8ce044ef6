#include "polyxios/ops/axis_animation.h"

#include <charconv>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "polyxios/scene/animation.h"

namespace px {
namespace {

constexpr std::string_view kChannelKept = "scene.axis.channel-kept";
constexpr std::string_view kPointerKept = "scene.axis.pointer-kept";

// How one channel's key columns move: column c of the result is factor[c] times column from[c] of
// the keys, and the channel then sets `member`.
struct ColumnMove {
  std::vector<int> from;
  std::vector<double> factor;
  std::string member;
  bool operator==(const ColumnMove&) const = default;
};

ColumnMove whole(const ValueShuffle& shuffle) { return {shuffle.from, shuffle.factor, ""}; }

bool is_identity(const ColumnMove& move, const std::string& member) {
  for (size_t c = 0; c < move.from.size(); ++c) {
    if (move.from[c] != static_cast<int>(c) || move.factor[c] != 1) return false;
  }
  return move.member == member;
}

// The member spellings an address may end in, the original's style (names or indices) first.
const std::vector<std::string>& member_spellings(std::string_view original) {
  static const auto kOrders = [] {
    auto group = [](int i) { return std::string(1, '(').append(std::to_string(i)).append(1, ')'); };
    std::vector<std::string> names = {"X", "Y", "Z", "ANGLE"}, indices;
    for (int i = 0; i < 16; ++i) indices.push_back(group(i));
    for (int i = 0; i < 4; ++i) {
      for (int j = 0; j < 4; ++j) indices.push_back(group(i).append(group(j)));
    }
    std::vector<std::string> names_first = names, indices_first = indices;
    names_first.insert(names_first.end(), indices.begin(), indices.end());
    indices_first.insert(indices_first.end(), names.begin(), names.end());
    return std::pair{names_first, indices_first};
  }();
  return original.starts_with("(") ? kOrders.second : kOrders.first;
}

// The move of a channel setting `member` of an element of `kind`; nullopt when the member names
// no part of it or its part moves to no part a member can name.
std::optional<ColumnMove> member_move(std::string_view kind, const std::string& member,
                                      const ValueShuffle& shuffle) {
  if (member.empty()) return whole(shuffle);
  std::optional<std::vector<int>> set = member_indices(kind, member);
  if (!set) return std::nullopt;
  std::set<int> moved_to;
  for (size_t k = 0; k < shuffle.from.size(); ++k) {
    for (int i : *set) {
      if (shuffle.from[k] == i) moved_to.insert(static_cast<int>(k));
    }
  }
  for (const std::string& spelling : member_spellings(member)) {
    std::optional<std::vector<int>> target = member_indices(kind, spelling);
    if (!target || std::set<int>(target->begin(), target->end()) != moved_to) continue;
    ColumnMove move{{}, {}, spelling};
    for (int k : *target) {
      for (size_t c = 0; c < set->size(); ++c) {
        if ((*set)[c] == shuffle.from[k]) move.from.push_back(static_cast<int>(c));
      }
      move.factor.push_back(shuffle.factor[k]);
    }
    return move;
  }
  return std::nullopt;
}

// "/nodes/N/translation" (rotation, scale) as its path; empty for another pointer.
std::string node_pointer_path(std::string_view pointer) {
  if (!pointer.starts_with("/nodes/")) return "";
  std::string_view rest = pointer.substr(7);
  size_t slash = rest.find('/');
  if (slash == std::string_view::npos) return "";
  int node = 0;
  auto [end, ec] = std::from_chars(rest.data(), rest.data() + slash, node);
  if (ec != std::errc() || end != rest.data() + slash) return "";
  std::string_view path = rest.substr(slash + 1);
  return path == "translation" || path == "rotation" || path == "scale" ? std::string(path) : "";
}

// What the channel's keys need; nullopt with *why set when it cannot be followed, nullopt with
// *why empty when its values do not move.
std::optional<ColumnMove> channel_move(const Scene& scene, const AnimationChannel& channel,
                                       const AxisCorrection& correction, std::string* why) {
  const AnimationTarget& t = channel.target;
  if (t.path == TargetPath::kPointer) {
    std::string path = node_pointer_path(t.pointer);
    if (!path.empty()) return whole(*correction.shuffle(path));
    if (t.pointer.starts_with("/nodes/") || t.pointer.starts_with("/cameras/") ||
        t.pointer.find("KHR_lights_punctual") != std::string::npos) {
      *why = "pointer";
    }
    return std::nullopt;
  }
  if (!t.sid) {
    // glTF's TRS, or COLLADA's whole matrix of a node spelling no transform elements.
    if (is_trs(t.path) || t.path == TargetPath::kMatrix) {
      return whole(*correction.shuffle(target_path_name(t.path)));
    }
    return std::nullopt;  // weights
  }
  if (t.node < 0 || t.node >= static_cast<int>(scene.nodes.size())) {
    *why = "its node does not exist";
    return std::nullopt;
  }
  if (const std::vector<TransformElement>& elements = scene.nodes[t.node].transforms;
      well_formed(elements)) {
    for (const TransformElement& e : elements) {
      if (e.sid != *t.sid) continue;
      std::optional<ColumnMove> move = member_move(e.kind, t.member, *correction.shuffle(e.kind));
      if (!move) *why = "its member names no part of its element the correction keeps whole";
      return move;
    }
  }
  *why = "its node spells no element of its sid";
  return std::nullopt;
}

// The column with `move` applied to each row (a width of w keys), or to each tangent row in one
// of its three layouts (polyxios/ops/animation_curve.h); nullopt when the width fits none.
std::optional<Column> moved(Arena& arena, const Column& in, const ColumnMove& move, bool tangent) {
  const size_t w = move.from.size();
  if (in.cols == w) {
    return map_rows(arena, in, w, [&](const double* a, double* b) {
      for (size_t c = 0; c < w; ++c) b[c] = move.factor[c] * a[move.from[c]];
    });
  }
  if (tangent && in.cols == 2 * w) {  // a time and a value per component
    return map_rows(arena, in, 2 * w, [&](const double* a, double* b) {
      for (size_t c = 0; c < w; ++c) {
        b[2 * c] = a[2 * move.from[c]];
        b[2 * c + 1] = move.factor[c] * a[2 * move.from[c] + 1];
      }
    });
  }
  if (tangent && in.cols == w + 1) {  // one time, then the values
    return map_rows(arena, in, w + 1, [&](const double* a, double* b) {
      b[0] = a[0];
      for (size_t c = 0; c < w; ++c) b[c + 1] = move.factor[c] * a[move.from[c] + 1];
    });
  }
  return std::nullopt;
}

// The sampler with its values and tangents moved; nullopt when a width does not fit.
std::optional<AnimationSampler> moved_sampler(Arena& arena,
                                              const std::optional<AnimationSampler>& sampler,
                                              const ColumnMove& move) {
  if (!sampler) return std::nullopt;
  AnimationSampler out = *sampler;
  for (Column* column : {&out.values, out.in_tangents ? &*out.in_tangents : nullptr,
                         out.out_tangents ? &*out.out_tangents : nullptr}) {
    if (column == nullptr) continue;
    std::optional<Column> c = moved(arena, *column, move, column != &out.values);
    if (!c) return std::nullopt;
    *column = *c;
  }
  return out;
}

}  // namespace

void correct_animations(Scene& scene, const AxisCorrection& correction, BakeNotes& notes) {
  size_t kept = 0, pointers = 0;
  for (Animation& animation : scene.animations) {
    const std::vector<std::optional<AnimationSampler>> original = animation.samplers;
    // Each sampler moved so far: the moves made of it and the index each copy has.
    std::map<int, std::vector<std::pair<ColumnMove, int>>> moved_of;
    for (AnimationChannel& channel : animation.channels) {
      std::string why;
      std::optional<ColumnMove> move = channel_move(scene, channel, correction, &why);
      if (!move) {
        if (why == "pointer") {
          ++pointers;
        } else if (!why.empty()) {
          ++kept;
        }
        continue;
      }
      if (is_identity(*move, channel.target.member)) continue;
      const int s = channel.sampler;
      if (s < 0 || s >= static_cast<int>(original.size())) continue;  // the writers skip it
      std::vector<std::pair<ColumnMove, int>>& made = moved_of[s];
      int index = -1;
      for (const auto& [what, at] : made) {
        if (what == *move) index = at;
      }
      if (index < 0) {
        std::optional<AnimationSampler> sampler = moved_sampler(*scene.arena, original[s], *move);
        if (!sampler) {
          ++kept;
          continue;
        }
        index = made.empty() ? s : static_cast<int>(animation.samplers.size());
        if (made.empty()) {
          animation.samplers[s] = std::move(*sampler);
        } else {
          animation.samplers.push_back(std::move(*sampler));
        }
        made.emplace_back(*move, index);
      }
      channel.sampler = index;
      if (channel.target.sid) channel.target.member = move->member;
    }
  }
  if (kept > 0) {
    notes.push_back({std::string(kChannelKept),
                     std::to_string(kept) +
                         " animation channel(s) kept as they were: their element, member or key "
                         "width cannot be followed, so they do not follow the new axis and unit"});
  }
  if (pointers > 0) {
    notes.push_back({std::string(kPointerKept),
                     std::to_string(pointers) +
                         " KHR_animation_pointer channel(s) on a node or camera property other "
                         "than translation, rotation or scale kept as they were"});
  }
}

}  // namespace px
