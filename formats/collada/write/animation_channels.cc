#include "formats/collada/write/animation_channels.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "engine/strings.h"
#include "formats/collada/write/xml_names.h"

namespace px::collada {
namespace {

using Channel = AnimationsPlan::Channel;
using Numbers = AnimationsPlan::Numbers;

constexpr std::string_view kKnownInterpolations[] = {"LINEAR",  "STEP",     "BEZIER",
                                                     "HERMITE", "CARDINAL", "BSPLINE"};

bool known_interpolation(std::string_view name) {
  return std::find(std::begin(kKnownInterpolations), std::end(kKnownInterpolations), name) !=
         std::end(kKnownInterpolations);
}

// "(i)" or "(i)(j)": how many index groups the member is; 0 when it is not made of them.
int index_groups(std::string_view member) {
  int groups = 0;
  while (!member.empty()) {
    if (member.front() != '(') return 0;
    const size_t close = member.find(')');
    if (close == std::string_view::npos || close == 1) return 0;
    for (size_t i = 1; i < close; ++i) {
      if (!std::isdigit(static_cast<unsigned char>(member[i]))) return 0;
    }
    ++groups;
    member.remove_prefix(close + 1);
  }
  return groups;
}

// The number of values a channel's keys hold for a member of an element of this kind, as the
// reader takes it: the element's own, four for a (i) column of a <matrix>, else one.
size_t target_width(std::string_view kind, std::string_view member) {
  if (member.empty()) return element_value_count(kind);
  if (kind == "matrix" && index_groups(member) == 1) return 4;
  return 1;
}

Numbers numbers_of(const Column& column) {
  Numbers out;
  out.width = column.cols;
  out.float32 = column.dtype == DType::kFloat32;
  out.values.reserve(column.size());
  for (size_t r = 0; r < column.rows; ++r) {
    for (size_t c = 0; c < column.cols; ++c) out.values.push_back(column.get(r, c));
  }
  return out;
}

// The OUTPUT parameters of keys setting `member` of an element of `kind`.
AnimationsPlan::Output output_of(std::string_view kind, std::string_view member, size_t width) {
  AnimationsPlan::Output out;
  if (member.empty()) {
    if (kind == "matrix") {
      out.matrix = true;
    } else if (kind == "translate" || kind == "scale") {
      out.names = {"X", "Y", "Z"};
    } else if (kind == "rotate") {
      out.names = {"X", "Y", "Z", "ANGLE"};
    } else if (kind == "lookat") {
      out.names = {"PX", "PY", "PZ", "IX", "IY", "IZ", "UPX", "UPY", "UPZ"};
    } else {  // skew
      out.names = {"ANGLE", "RX", "RY", "RZ", "TX", "TY", "TZ"};
    }
  } else if (index_groups(member) == 0) {
    out.names = {std::string(member)};
  } else if (width == 4) {
    out.names = {"R0", "R1", "R2", "R3"};  // a column of a <matrix>, by row
  } else {
    out.names = {"VALUE"};
  }
  return out;
}

// The sampler's keys as a COLLADA channel's, or why they cannot be: no keys, keys or tangents
// not finite, times that do not increase, an interpolation COLLADA does not name, BEZIER or
// HERMITE keys without both tangents.
std::optional<Channel> keys_of(const AnimationSampler& s, BindFailure* failure) {
  auto fail = [&](std::string code, std::string why) {
    *failure = {std::move(code), std::move(why)};
    return std::nullopt;
  };
  const size_t keys = s.times.rows;
  if (keys == 0 || s.times.cols != 1 || s.values.rows != keys) {
    return fail("collada.write.animation-keys-invalid",
                "its sampler holds no keys, or not one row of values per key time");
  }
  if (!all_finite(s.times) || !all_finite(s.values)) {
    return fail("collada.write.animation-keys-invalid", "its keys are not finite");
  }
  for (size_t k = 1; k < keys; ++k) {
    if (!(s.times.get(k, 0) > s.times.get(k - 1, 0))) {
      return fail("collada.write.animation-keys-invalid", "its key times do not increase");
    }
  }
  Channel out;
  bool curved = false;  // BEZIER or HERMITE keys, which need both tangents
  for (size_t k = 0; k < keys; ++k) {
    std::string name = s.interpolation_at(k).empty() ? "LINEAR" : s.interpolation_at(k);
    if (!known_interpolation(name)) {
      return fail("collada.write.animation-interpolation-unknown",
                  cat("its interpolation \"", name, "\" is not one COLLADA names"));
    }
    curved = curved || name == "BEZIER" || name == "HERMITE";
    out.interpolations.push_back(std::move(name));
  }
  const bool tangents = s.in_tangents && s.out_tangents && s.in_tangents->rows == keys &&
                        s.out_tangents->rows == keys && s.in_tangents->cols > 0 &&
                        s.out_tangents->cols > 0;
  if (curved && !tangents) {
    return fail("collada.write.animation-keys-invalid",
                "its BEZIER or HERMITE keys lack in_tangents and out_tangents of a row per key");
  }
  if (tangents) {
    if (!all_finite(*s.in_tangents) || !all_finite(*s.out_tangents)) {
      return fail("collada.write.animation-keys-invalid", "its tangents are not finite");
    }
    out.in_tangents = numbers_of(*s.in_tangents);
    out.out_tangents = numbers_of(*s.out_tangents);
  }
  out.times = numbers_of(s.times);
  out.values = numbers_of(s.values);
  return out;
}

// Column t of glTF CUBICSPLINE weight keys (rows of in-tangent, value, out-tangent per key) as
// COLLADA BEZIER keys of one value: the control points a third of each span in, on glTF's
// tangents (times and values, as the reader takes a 2-wide tangent of a 1-wide key), which draw
// the same cubic.
std::optional<Channel> cubic_weight_keys(const AnimationSampler& s, size_t t,
                                         BindFailure* failure) {
  const size_t keys = s.times.rows;
  bool ok = keys > 0 && s.times.cols == 1 && s.values.rows == 3 * keys && t < s.values.cols &&
            all_finite(s.times) && all_finite(s.values);
  for (size_t k = 1; ok && k < keys; ++k) ok = s.times.get(k, 0) > s.times.get(k - 1, 0);
  if (!ok) {
    *failure = {"collada.write.animation-keys-invalid",
                "its CUBICSPLINE keys are not three finite rows per increasing key time"};
    return std::nullopt;
  }
  Channel out;
  out.times = numbers_of(s.times);
  const bool float32 = s.values.dtype == DType::kFloat32;
  out.values = {{}, 1, float32};
  out.in_tangents = {{}, 2, float32};
  out.out_tangents = {{}, 2, float32};
  for (size_t k = 0; k < keys; ++k) {
    const double time = s.times.get(k, 0);
    const double before = k > 0      ? time - s.times.get(k - 1, 0)
                          : keys > 1 ? s.times.get(1, 0) - time
                                     : 0;
    const double after = k + 1 < keys ? s.times.get(k + 1, 0) - time : before;
    const double v = s.values.get(3 * k + 1, t);
    out.values.values.push_back(v);
    out.in_tangents.values.insert(out.in_tangents.values.end(),
                                  {time - before / 3, v - s.values.get(3 * k, t) * before / 3});
    out.out_tangents.values.insert(out.out_tangents.values.end(),
                                   {time + after / 3, v + s.values.get(3 * k + 2, t) * after / 3});
    out.interpolations.push_back("BEZIER");
  }
  return out;
}

std::vector<std::string> values_set(const std::string& target, std::string_view kind,
                                    std::string_view member) {
  const std::string element = target.substr(0, target.find_first_of(".(", target.find('/')));
  std::vector<std::string> out;
  if (std::optional<std::vector<int>> indices = member_indices(kind, member)) {
    for (int i : *indices) out.push_back(cat(element, "#", i));
  } else {
    out.push_back(cat(element, "#", member));
  }
  return out;
}

std::optional<BoundChannel> bound_to(std::string target, std::string_view kind,
                                     std::string_view member, const AnimationSampler& sampler,
                                     BindFailure* failure) {
  std::optional<Channel> channel = keys_of(sampler, failure);
  if (!channel) return std::nullopt;
  channel->output = output_of(kind, member, channel->values.width);
  BoundChannel out;
  out.animates = values_set(target, kind, member);
  channel->target = std::move(target);
  out.channel = std::move(*channel);
  return out;
}

}  // namespace

bool is_single_matrix(const std::vector<TransformElement>& transforms) {
  return transforms.size() == 1 && transforms[0].kind == "matrix" && !transforms[0].sid.empty() &&
         transforms[0].values.size() == 16;
}

std::optional<BoundChannel> bind_sid_channel(const AnimationTarget& target,
                                             const AnimationSampler& sampler, const NodePlan& node,
                                             BindFailure* failure) {
  const std::string_view kind = target.element_kind();
  const bool held = !target.sid->empty() &&
                    std::any_of(node.transforms.begin(), node.transforms.end(), [&](const auto& e) {
                      return e.sid == *target.sid && e.kind == kind;
                    });
  if (!held) {
    *failure = {
        "collada.write.animation-target-unbound",
        cat("node '", node.id, "' is written with no <", kind, "> of sid \"", *target.sid, "\"")};
    return std::nullopt;
  }
  const std::string& member = target.member;
  if (!member.empty() && !is_target_sid(member) && index_groups(member) == 0) {
    *failure = {"collada.write.animation-member-invalid",
                cat("its member \"", member, "\" is neither a name nor (i)(j) indices")};
    return std::nullopt;
  }
  const size_t width = target_width(kind, member);
  if (sampler.values.cols != width) {
    *failure = {"collada.write.animation-key-width",
                cat("its keys hold ", sampler.values.cols, " values; its target takes ", width)};
    return std::nullopt;
  }
  std::string address = cat(node.id, "/", *target.sid);
  if (!member.empty()) address += member.front() == '(' ? member : cat(".", member);
  return bound_to(std::move(address), kind, member, sampler, failure);
}

std::optional<BoundChannel> bind_path_channel(const AnimationTarget& target,
                                              const AnimationSampler& sampler, const NodePlan& node,
                                              BindFailure* failure) {
  constexpr std::string_view kUnbound = "collada.write.animation-path-unbound";
  if (target.path == TargetPath::kRotation) {
    *failure = {std::string(kUnbound),
                cat("a rotation without a sid is a quaternion, which no <rotate> of node '",
                    node.id, "' holds")};
    return std::nullopt;
  }
  const std::string_view kind = target.element_kind();
  const TransformElement* element = nullptr;
  size_t spelled = 0;
  for (const TransformElement& e : node.transforms) {
    if (e.kind != kind) continue;
    ++spelled;
    element = &e;
  }
  std::string why;
  if (spelled != 1) {
    why = cat("node '", node.id, "' spells ", spelled, " <", kind, "> elements, not one");
  } else if (element->sid.empty()) {
    why = cat("the <", kind, "> of node '", node.id, "' has no sid to target");
  } else if (sampler.values.cols != element_value_count(kind)) {
    why = cat("its keys hold ", sampler.values.cols, " values, not the ", element_value_count(kind),
              " of a whole <", kind, ">");
  } else {
    for (size_t k = 0; k < sampler.times.rows && why.empty(); ++k) {
      const std::string& name = sampler.interpolation_at(k);
      if (!name.empty() && !known_interpolation(name)) {
        why = cat("its interpolation \"", name, "\" is not one COLLADA names");
      }
    }
  }
  if (!why.empty()) {
    *failure = {std::string(kUnbound), std::move(why)};
    return std::nullopt;
  }
  return bound_to(cat(node.id, "/", element->sid), kind, "", sampler, failure);
}

BoundChannel baked_channel(const std::string& node_id, const std::string& sid, MatrixKeys keys) {
  BoundChannel out;
  Channel& c = out.channel;
  c.target = cat(node_id, "/", sid);
  c.times.values = std::move(keys.times);
  c.times.width = 1;
  c.times.float32 = true;
  c.values.values = std::move(keys.values);
  c.values.width = 16;
  c.output.matrix = true;
  c.interpolations.assign(c.times.values.size(), keys.step ? "STEP" : "LINEAR");
  out.animates = values_set(c.target, "matrix", "");
  return out;
}

std::vector<std::string> tangent_params(const Numbers& tangents, size_t width) {
  std::vector<std::string> out;
  for (size_t i = 0; i < tangents.width; ++i) {
    const bool time = tangents.width == 2 * width   ? i % 2 == 0
                      : tangents.width == width + 1 ? i == 0
                                                    : false;
    out.push_back(time ? "X" : "Y");
  }
  return out;
}

std::optional<BoundChannel> bind_weight_channel(const AnimationSampler& sampler, size_t t,
                                                const std::string& address, BindFailure* failure) {
  const bool cubic = sampler.interpolation == "CUBICSPLINE";
  std::optional<Channel> keys =
      cubic ? cubic_weight_keys(sampler, t, failure) : keys_of(sampler, failure);
  if (!keys) return std::nullopt;
  if (!cubic && (!keys->in_tangents.values.empty() ||
                 std::any_of(keys->interpolations.begin(), keys->interpolations.end(),
                             [](const std::string& i) { return i != "LINEAR" && i != "STEP"; }))) {
    *failure = {"collada.write.morph-dropped", "its weights are not LINEAR or STEP keys"};
    return std::nullopt;
  }
  if (!cubic) {
    const size_t width = keys->values.width;
    std::vector<double> column;
    for (size_t k = 0; k * width + t < keys->values.values.size(); ++k) {
      column.push_back(keys->values.values[k * width + t]);
    }
    keys->values.values = std::move(column);
    keys->values.width = 1;
  }
  keys->target = address;
  keys->output.names = {"MORPH_WEIGHT"};
  return BoundChannel{std::move(*keys), {address}};
}

}  // namespace px::collada
