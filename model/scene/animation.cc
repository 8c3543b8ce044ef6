#include "polyxios/scene/animation.h"

#include <cmath>
#include <limits>

namespace px {
namespace {

const Column* column_at(const ValueMap& map, std::string_view key) {
  const Value* v = find_value(map, key);
  return v != nullptr && v->is_column() ? &v->as_column() : nullptr;
}

std::string string_at(const ValueMap& map, std::string_view key) {
  const Value* v = find_value(map, key);
  return v != nullptr && v->is_string() ? v->as_string() : std::string();
}

std::optional<AnimationSampler> sampler_of(const Value& value) {
  if (!value.is_map()) return std::nullopt;
  const ValueMap& map = value.as_map();
  const Column* times = column_at(map, "times");
  const Column* values = column_at(map, "values");
  if (times == nullptr || values == nullptr) return std::nullopt;
  AnimationSampler out;
  out.times = *times;
  out.values = *values;
  out.interpolation = string_at(map, "interpolation");
  if (const Value* per_key = find_value(map, "interpolations");
      per_key != nullptr && per_key->is_array()) {
    for (const Value& name : per_key->as_array()) {
      out.interpolations.push_back(name.is_string() ? name.as_string() : std::string());
    }
    // A list that is not one name per key cannot say which span is which: the sampler is
    // malformed.
    if (out.interpolations.size() != out.times.rows) return std::nullopt;
  }
  if (const Column* in = column_at(map, "in_tangents")) out.in_tangents = *in;
  if (const Column* tangents = column_at(map, "out_tangents")) out.out_tangents = *tangents;
  if (const Value* extras = find_value(map, "extras")) out.extras = *extras;
  return out;
}

AnimationChannel channel_of(const Value& value) {
  AnimationChannel out;
  if (!value.is_map()) return out;
  const ValueMap& map = value.as_map();
  if (const Value* s = find_value(map, "sampler"); s != nullptr && s->is_int()) {
    out.sampler = static_cast<int>(s->as_int());
  }
  if (const Value* extras = find_value(map, "extras")) out.extras = *extras;
  const Value* target = find_value(map, "target");
  if (target == nullptr || !target->is_map()) return out;
  const ValueMap& t = target->as_map();
  if (const Value* node = find_value(t, "node"); node != nullptr && node->is_int()) {
    out.target.node = static_cast<int>(node->as_int());
  }
  out.target.path = string_at(t, "path");
  if (const Value* sid = find_value(t, "sid"); sid != nullptr && sid->is_string()) {
    out.target.sid = sid->as_string();
  }
  out.target.member = string_at(t, "member");
  out.target.pointer = string_at(t, "pointer");
  return out;
}

std::optional<ClipWindow> clip_of(const ValueMap& animation) {
  const Value* clip = find_value(animation, "clip");
  if (clip == nullptr || !clip->is_map()) return std::nullopt;
  const Value* start = find_value(clip->as_map(), "start");
  const Value* end = find_value(clip->as_map(), "end");
  if (start == nullptr || end == nullptr || !start->is_number() || !end->is_number()) {
    return std::nullopt;
  }
  ClipWindow out{start->as_double(), end->as_double()};
  if (!is_playable_window(out.start, out.end)) return std::nullopt;
  return out;
}

}  // namespace

bool is_playable_window(double start, double end) {
  return std::isfinite(start) && std::isfinite(end) && start <= end &&
         end - start <= std::numeric_limits<float>::max();
}

Value animation_value(const Animation& animation) {
  ValueArray channels;
  for (const AnimationChannel& c : animation.channels) {
    ValueMap target;
    target.emplace_back("node", Value(c.target.node));
    target.emplace_back("path", Value(c.target.path));
    if (c.target.sid) target.emplace_back("sid", Value(*c.target.sid));
    if (!c.target.member.empty()) target.emplace_back("member", Value(c.target.member));
    if (!c.target.pointer.empty()) target.emplace_back("pointer", Value(c.target.pointer));
    ValueMap channel{{"sampler", Value(c.sampler)}, {"target", Value(std::move(target))}};
    if (c.extras) channel.emplace_back("extras", *c.extras);
    channels.emplace_back(std::move(channel));
  }
  ValueArray samplers;
  for (const std::optional<AnimationSampler>& s : animation.samplers) {
    if (!s) {
      samplers.emplace_back();
      continue;
    }
    ValueMap map;
    map.emplace_back("times", Value(s->times));
    map.emplace_back("values", Value(s->values));
    map.emplace_back("interpolation", Value(s->interpolation));
    if (!s->interpolations.empty()) {
      ValueArray names(s->interpolations.begin(), s->interpolations.end());
      map.emplace_back("interpolations", Value(std::move(names)));
    }
    if (s->in_tangents) map.emplace_back("in_tangents", Value(*s->in_tangents));
    if (s->out_tangents) map.emplace_back("out_tangents", Value(*s->out_tangents));
    if (s->extras) map.emplace_back("extras", *s->extras);
    samplers.emplace_back(std::move(map));
  }
  ValueMap out{{"name", Value(animation.name)}};
  if (animation.clip) {
    out.emplace_back("clip", Value(ValueMap{{"start", Value(animation.clip->start)},
                                            {"end", Value(animation.clip->end)}}));
  }
  out.emplace_back("channels", Value(std::move(channels)));
  out.emplace_back("samplers", Value(std::move(samplers)));
  if (animation.extras) out.emplace_back("extras", *animation.extras);
  return Value(std::move(out));
}

std::vector<Animation> animations_of(const ValueMap& global_attrs) {
  std::vector<Animation> out;
  const Value* list = find_value(global_attrs, kAnimationsKey);
  if (list == nullptr || !list->is_array()) return out;
  for (const Value& entry : list->as_array()) {
    Animation& a = out.emplace_back();
    if (!entry.is_map()) continue;
    const ValueMap& map = entry.as_map();
    a.name = string_at(map, "name");
    a.clip = clip_of(map);
    if (const Value* extras = find_value(map, "extras")) a.extras = *extras;
    if (const Value* channels = find_value(map, "channels");
        channels != nullptr && channels->is_array()) {
      for (const Value& c : channels->as_array()) a.channels.push_back(channel_of(c));
    }
    if (const Value* samplers = find_value(map, "samplers");
        samplers != nullptr && samplers->is_array()) {
      for (const Value& s : samplers->as_array()) a.samplers.push_back(sampler_of(s));
    }
  }
  return out;
}

}  // namespace px
