#include "formats/collada/read/animations.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <deque>
#include <optional>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/collada/read/animation_clips.h"
#include "formats/collada/read/morph_channels.h"
#include "formats/collada/read/parameter_channels.h"
#include "formats/collada/read/sources.h"
#include "polyxios/scene/animation.h"

namespace px::collada {
namespace {

constexpr std::string_view kKnownInterpolations[] = {"LINEAR",   "BEZIER",  "BSPLINE",
                                                     "CARDINAL", "HERMITE", "STEP"};

// "id/sid/sid.member" or "id/sid(i)(j)": the id, the sids, and the member without its '.'.
struct Address {
  std::string_view id;
  std::vector<std::string_view> sids;
  std::string_view member;
};

Address parse_address(std::string_view target) {
  Address out;
  size_t slash = target.find('/');
  std::string_view rest =
      slash == std::string_view::npos ? std::string_view() : target.substr(slash + 1);
  out.id = target.substr(0, slash);
  if (slash == std::string_view::npos) {
    // "id.member": an element's own value, never a transform.
    out.id = target.substr(0, target.find_first_of(".("));
    return out;
  }
  while (true) {
    size_t next = rest.find('/');
    if (next == std::string_view::npos) break;
    out.sids.push_back(rest.substr(0, next));
    rest = rest.substr(next + 1);
  }
  size_t member = rest.find_first_of(".(");
  out.sids.push_back(rest.substr(0, member));
  if (member != std::string_view::npos) {
    out.member = rest[member] == '.' ? rest.substr(member + 1) : rest.substr(member);
  }
  return out;
}

// How many "(n)" groups a member is made of: 0 for a name such as ANGLE.
int index_groups(std::string_view member) {
  int groups = 0;
  while (!member.empty() && member.front() == '(') {
    size_t close = member.find(')');
    if (close == std::string_view::npos) return 0;
    ++groups;
    member = member.substr(close + 1);
  }
  return member.empty() ? groups : 0;
}

// The number of values a channel's keys hold for a member of an element of this kind.
size_t target_width(std::string_view kind, std::string_view member) {
  if (member.empty()) return element_value_count(kind);
  if (kind == "matrix" && index_groups(member) == 1) return 4;  // a column
  return 1;
}

// The number of values a param of this type reads: float4x4 16, float3 3, float 1.
size_t param_size(std::string_view type) {
  size_t i = type.size();
  while (i > 0 && (std::isdigit(static_cast<unsigned char>(type[i - 1])) || type[i - 1] == 'x')) {
    --i;
  }
  std::string_view dims = type.substr(i);
  if (dims.empty() || !std::isdigit(static_cast<unsigned char>(dims.front()))) return 1;
  size_t n = 0, m = 1;
  auto [end, ec] = std::from_chars(dims.data(), dims.data() + dims.size(), n);
  if (ec != std::errc() || n == 0) return 1;
  if (end != dims.data() + dims.size()) {
    if (*end != 'x' || std::from_chars(end + 1, dims.data() + dims.size(), m).ec != std::errc() ||
        m == 0) {
      return 1;
    }
  }
  return n * m;
}

// A source read through its accessor, a row per element: numbers, or names for a Name_array.
struct SourceRows {
  size_t count = 0;
  size_t width = 0;
  std::vector<double> numbers;
  std::vector<std::string_view> names;
};

class AnimationReader {
 public:
  AnimationReader(ReadContext& ctx, const NodeIndex& nodes, const Materials& materials)
      : ctx_(ctx), nodes_(nodes), materials_(materials), target_cap_(ctx.node_cap()) {}

  // The channels of `animation` and of the animations inside it but those in `skip`, the
  // animation named by its name, else its id.
  absl::StatusOr<Animation> collect(const Element& animation, const HashSet<const Element*>& skip);
  // A clip: the channels of the animations it plays, each animation read once however many clips
  // play it; nullopt (warned) when its open end leaves no window.
  absl::StatusOr<std::optional<Animation>> clip(const ClipSpec& spec);
  void finish();

 private:
  struct Target {
    int node;
    std::string kind;
    std::string_view sid;
  };

  absl::Status read_children(const Element& animation, const HashSet<const Element*>& skip,
                             Animation& out);
  absl::Status read_channel(const Element& channel, Animation& out);
  // The sampler's index in `out`, -1 when it cannot be read (warned).
  absl::StatusOr<int> sampler_index(const Element& sampler, Animation& out);
  absl::StatusOr<std::optional<AnimationSampler>> read_sampler(const Element& sampler);
  absl::StatusOr<std::optional<SourceRows>> read_source(const Element& input, bool names);
  std::vector<Target> resolve(const Address& address);
  std::optional<Target> follow(int node, const std::vector<std::string_view>& sids);
  Column column(const std::vector<double>& values, size_t width);
  void drop_sampler(const Element& sampler, std::string why);

  ReadContext& ctx_;
  const NodeIndex& nodes_;
  const Materials& materials_;
  // Channel targets multiplied by <instance_node> copies stop where the copies themselves would.
  uint64_t target_cap_;
  uint64_t targets_ = 0;
  int64_t unresolved_ = 0;
  // Per top-level animation: each <sampler> element's index in it, -1 when it could not be read.
  HashMap<const Element*, int> samplers_;
  // The current animation's channels on morph weights, merged per node when it is collected.
  std::vector<WeightChannel> weights_;
  // The current animation's channels on effect, light and camera parameters.
  std::vector<ParameterChannel> parameters_;
  // Each animation a clip plays, as read.
  HashMap<const Element*, Animation> played_;
};

void AnimationReader::drop_sampler(const Element& sampler, std::string why) {
  ctx_.warn("collada.animation.sampler-invalid",
            cat("sampler \"", sampler.attr("id"), "\" ", why, "; its channels are dropped"),
            &sampler);
}

Column AnimationReader::column(const std::vector<double>& values, size_t width) {
  std::span<double> data = ctx_.scene.arena->allocate<double>(values.size());
  std::copy(values.begin(), values.end(), data.begin());
  return Column::of<double>(data, width);
}

absl::StatusOr<std::optional<SourceRows>> AnimationReader::read_source(const Element& input,
                                                                       bool names) {
  absl::StatusOr<ResolvedUrl> url = resolve_url(ctx_, input, "source");
  if (!url.ok()) return url.status();
  if (url->kind == UrlKind::kExternal) {
    ctx_.warn("collada.url.external", "a sampler input in another document is not read", &input);
    return std::nullopt;
  }
  const Element& source = *url->target;
  if (source.name != "source") {
    return refuse("collada.url.kind", "input", input.line,
                  cat("source=\"", input.attr("source"), "\" does not name a <source>"));
  }
  // The names are views of the document's text; the storage only lists them.
  std::vector<std::string_view> storage;
  absl::StatusOr<Accessor> accessor = read_accessor(ctx_, source, &storage);
  if (!accessor.ok()) return accessor.status();
  const Element* element = source.child("technique_common")->child("accessor");
  // Positions in the stride of the values the named params read, each param as wide as its type.
  std::vector<size_t> positions;
  size_t position = 0;
  bool any_named = false;
  for (const Element& param : element->children()) {
    if (param.name != "param") continue;
    size_t size = param_size(param.attr("type"));
    if (!param.attr("name").empty()) {
      any_named = true;
      for (size_t i = 0; i < size; ++i) positions.push_back(position + i);
    }
    position += size;
  }
  if (!any_named) {
    positions.clear();
    for (size_t i = 0; i < accessor->stride; ++i) positions.push_back(i);
  }
  SourceRows rows;
  rows.count = accessor->count;
  rows.width = positions.size();
  size_t held = !accessor->numeric       ? accessor->names.size()
                : !accessor->f64.empty() ? accessor->f64.size()
                : !accessor->f32.empty() ? accessor->f32.size()
                                         : accessor->ints.size();
  if (rows.count > 0 && !positions.empty()) {
    unsigned __int128 last = static_cast<unsigned __int128>(accessor->offset) +
                             static_cast<unsigned __int128>(rows.count - 1) * accessor->stride +
                             positions.back();
    if (last >= held) {
      return refuse("collada.accessor.past-array", "accessor", element->line,
                    cat("its params read past the ", held, " values of its array"));
    }
  }
  if (names != !accessor->numeric) {
    return std::optional<SourceRows>();  // the caller warns that the source is of the wrong kind
  }
  for (size_t k = 0; k < rows.count; ++k) {
    size_t base = accessor->offset + k * accessor->stride;
    for (size_t p : positions) {
      size_t i = base + p;
      if (names) {
        rows.names.push_back(accessor->names[i]);
      } else {
        rows.numbers.push_back(!accessor->f64.empty()   ? accessor->f64[i]
                               : !accessor->f32.empty() ? accessor->f32[i]
                                                        : accessor->ints[i]);
      }
    }
  }
  return std::optional<SourceRows>(std::move(rows));
}

absl::StatusOr<std::optional<AnimationSampler>> AnimationReader::read_sampler(
    const Element& sampler) {
  const Element* inputs[5] = {};
  constexpr std::string_view kSemantics[5] = {"INPUT", "OUTPUT", "IN_TANGENT", "OUT_TANGENT",
                                              "INTERPOLATION"};
  for (const Element& input : sampler.children()) {
    if (input.name != "input") continue;
    for (int i = 0; i < 5; ++i) {
      if (input.attr("semantic") == kSemantics[i] && inputs[i] == nullptr) inputs[i] = &input;
    }
  }
  if (inputs[0] == nullptr || inputs[1] == nullptr) {
    drop_sampler(sampler, "has no INPUT or no OUTPUT");
    return std::nullopt;
  }
  std::optional<SourceRows> rows[5];
  for (int i = 0; i < 5; ++i) {
    if (inputs[i] == nullptr) continue;
    absl::StatusOr<std::optional<SourceRows>> r = read_source(*inputs[i], i == 4);
    if (!r.ok()) return r.status();
    if (!*r) {
      drop_sampler(sampler,
                   cat("cannot read its ", kSemantics[i], i == 4 ? " as names" : " as numbers"));
      return std::nullopt;
    }
    rows[i] = std::move(**r);
  }
  const size_t keys = rows[0]->count;
  for (int i = 1; i < 5; ++i) {
    if (rows[i] && rows[i]->count != keys) {
      drop_sampler(sampler, cat("has ", keys, " key times but ", rows[i]->count, " ", kSemantics[i],
                                " entries"));
      return std::nullopt;
    }
  }
  if (rows[0]->width != 1 || rows[1]->width == 0) {
    drop_sampler(sampler, cat("has ", rows[0]->width, " values per key time and ", rows[1]->width,
                              " per output key"));
    return std::nullopt;
  }
  AnimationSampler out;
  out.times = column(rows[0]->numbers, 1);
  out.values = column(rows[1]->numbers, rows[1]->width);
  if (rows[2]) out.in_tangents = column(rows[2]->numbers, rows[2]->width);
  if (rows[3]) out.out_tangents = column(rows[3]->numbers, rows[3]->width);
  if (!rows[4] || rows[4]->width == 0) {
    out.interpolation = "LINEAR";
    return std::optional<AnimationSampler>(std::move(out));
  }
  std::vector<std::string> names;
  for (size_t k = 0; k < keys; ++k) {
    std::string name(rows[4]->names[k * rows[4]->width]);
    for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (std::find(std::begin(kKnownInterpolations), std::end(kKnownInterpolations), name) ==
        std::end(kKnownInterpolations)) {
      ctx_.warn("collada.animation.interpolation-unknown",
                cat("interpolation \"", name, "\" is not one COLLADA names; read as LINEAR"),
                inputs[4]);
      name = "LINEAR";
    }
    names.push_back(std::move(name));
  }
  out.interpolation = names.empty() ? "LINEAR" : names.front();
  if (std::any_of(names.begin(), names.end(),
                  [&](const std::string& n) { return n != names[0]; })) {
    out.interpolations = std::move(names);
  }
  return std::optional<AnimationSampler>(std::move(out));
}

absl::StatusOr<int> AnimationReader::sampler_index(const Element& sampler, Animation& out) {
  if (auto it = samplers_.find(&sampler); it != samplers_.end()) return it->second;
  absl::StatusOr<std::optional<AnimationSampler>> read = read_sampler(sampler);
  if (!read.ok()) return read.status();
  int index = -1;
  if (*read) {
    index = static_cast<int>(out.samplers.size());
    out.samplers.push_back(std::move(*read));
  }
  samplers_.emplace(&sampler, index);
  return index;
}

// Follows the sids from a node: each breadth-first below the node before it, the last one a
// transform's sid, looked for on that node first, then on the nodes below it.
std::optional<AnimationReader::Target> AnimationReader::follow(
    int node, const std::vector<std::string_view>& sids) {
  const std::vector<Node>& nodes = ctx_.scene.nodes;
  for (size_t i = 0; i < sids.size(); ++i) {
    const bool last = i + 1 == sids.size();
    std::deque<int> queue{node};
    std::optional<int> found;
    while (!queue.empty() && !found) {
      int n = queue.front();
      queue.pop_front();
      if (last) {
        for (const TransformElement& t : nodes[n].transforms) {
          if (t.has_sid() && t.sid == sids[i]) return Target{n, t.kind, sids[i]};
        }
      } else if (n != node && nodes[n].sid == sids[i]) {
        found = n;
      }
      for (int c : nodes[n].children) queue.push_back(c);
    }
    if (!found) return std::nullopt;
    node = *found;
  }
  return std::nullopt;
}

std::vector<AnimationReader::Target> AnimationReader::resolve(const Address& address) {
  std::vector<Target> out;
  const Element* element = find_id(ctx_, address.id);
  if (element == nullptr || element->name != "node" || address.sids.empty()) return out;
  auto copies = nodes_.copies.find(element);
  if (copies == nodes_.copies.end()) return out;
  for (int copy : copies->second) {
    if (std::optional<Target> t = follow(copy, address.sids)) out.push_back(*t);
  }
  return out;
}

absl::Status AnimationReader::read_channel(const Element& channel, Animation& out) {
  absl::StatusOr<ResolvedUrl> url = resolve_url(ctx_, channel, "source");
  if (!url.ok()) return url.status();
  if (url->kind == UrlKind::kExternal) {
    ctx_.warn("collada.url.external", "a channel's sampler in another document is not read",
              &channel);
    return absl::OkStatus();
  }
  if (url->target->name != "sampler") {
    return refuse("collada.url.kind", "channel", channel.line,
                  cat("source=\"", channel.attr("source"), "\" does not name a <sampler>"));
  }
  if (std::optional<MorphWeightAddress> morph =
          morph_weight_address(ctx_, channel.attr("target"))) {
    auto nodes = nodes_.morph_nodes.find(morph->controller);
    if (nodes == nodes_.morph_nodes.end()) {
      ++unresolved_;
      return absl::OkStatus();
    }
    absl::StatusOr<std::optional<AnimationSampler>> sampler = read_sampler(*url->target);
    if (!sampler.ok()) return sampler.status();
    if (!*sampler) return absl::OkStatus();
    targets_ += nodes->second.size();
    if (targets_ > target_cap_) {
      return over_budget("collada.animation.targets-cap", "channel", channel.line,
                         cat("instanced channel targets pass ", target_cap_));
    }
    for (int node : nodes->second) weights_.push_back(WeightChannel{node, morph->index, **sampler});
    return absl::OkStatus();
  }
  if (std::optional<ParameterAddress> parameter = parameter_address(ctx_, channel.attr("target"))) {
    absl::StatusOr<std::optional<AnimationSampler>> sampler = read_sampler(*url->target);
    if (!sampler.ok()) return sampler.status();
    if (*sampler) parameters_.push_back({*parameter, std::move(**sampler), &channel});
    return absl::OkStatus();
  }
  Address address = parse_address(channel.attr("target"));
  std::vector<Target> targets = resolve(address);
  if (targets.empty()) {
    ++unresolved_;
    return absl::OkStatus();
  }
  absl::StatusOr<int> sampler = sampler_index(*url->target, out);
  if (!sampler.ok()) return sampler.status();
  if (*sampler < 0) return absl::OkStatus();
  // Every copy holds the element the first one does: one width check covers them.
  size_t width = target_width(targets.front().kind, address.member);
  size_t keys = out.samplers[*sampler]->values.cols;
  if (keys != width) {
    ctx_.warn("collada.animation.key-width",
              cat("channel target \"", channel.attr("target"), "\" takes ", width,
                  " values per key; its sampler gives ", keys, "; dropped"),
              &channel);
    return absl::OkStatus();
  }
  targets_ += targets.size();
  if (targets_ > target_cap_) {
    return over_budget("collada.animation.targets-cap", "channel", channel.line,
                       cat("instanced channel targets pass ", target_cap_));
  }
  for (const Target& t : targets) {
    AnimationChannel& c = out.channels.emplace_back();
    c.sampler = *sampler;
    c.target.node = t.node;
    c.target.path = target_path_of_element(t.kind);
    c.target.sid = std::string(t.sid);
    c.target.member = std::string(address.member);
  }
  return absl::OkStatus();
}

absl::Status AnimationReader::read_children(const Element& animation,
                                            const HashSet<const Element*>& skip, Animation& out) {
  for (const Element& child : animation.children()) {
    absl::Status status;
    if (child.name == "channel") {
      status = read_channel(child, out);
    } else if (child.name == "animation" && skip.count(&child) == 0) {
      status = read_children(child, skip, out);
    }
    if (!status.ok()) return status;
  }
  return absl::OkStatus();
}

absl::StatusOr<Animation> AnimationReader::collect(const Element& animation,
                                                   const HashSet<const Element*>& skip) {
  Animation out;
  std::string_view name = animation.attr("name");
  out.name = std::string(name.empty() ? animation.attr("id") : name);
  samplers_.clear();
  weights_.clear();
  parameters_.clear();
  if (absl::Status s = read_children(animation, skip, out); !s.ok()) return s;
  if (absl::Status s = merge_weight_channels(ctx_, weights_, out); !s.ok()) return s;
  weights_.clear();
  absl::StatusOr<int64_t> unmapped = merge_parameter_channels(ctx_, materials_, parameters_, out);
  if (!unmapped.ok()) return unmapped.status();
  unresolved_ += *unmapped;
  parameters_.clear();
  return out;
}

absl::StatusOr<std::optional<Animation>> AnimationReader::clip(const ClipSpec& spec) {
  Animation out;
  out.name = spec.name;
  for (const Element* element : spec.animations) {
    auto it = played_.find(element);
    if (it == played_.end()) {
      absl::StatusOr<Animation> read = collect(*element, {});
      if (!read.ok()) return read.status();
      it = played_.emplace(element, std::move(*read)).first;
    } else {
      // A second clip playing the animation copies its channels: they count against the cap.
      targets_ += it->second.channels.size();
      if (targets_ > target_cap_) {
        return over_budget("collada.animation.targets-cap", "instance_animation", element->line,
                           cat("instanced channel targets pass ", target_cap_));
      }
    }
    const Animation& played = it->second;
    const int offset = static_cast<int>(out.samplers.size());
    out.samplers.insert(out.samplers.end(), played.samplers.begin(), played.samplers.end());
    for (AnimationChannel channel : played.channels) {
      channel.sampler += offset;
      out.channels.push_back(std::move(channel));
    }
  }
  // Key times are the sampler's INPUT, read as float64: an open end is the last of them.
  double end = spec.start;
  for (const std::optional<AnimationSampler>& s : out.samplers) {
    if (s && s->times.rows > 0) end = std::max(end, s->times.get(s->times.rows - 1, 0));
  }
  out.clip = ClipWindow{spec.start, spec.end.value_or(end)};
  if (!is_playable_window(out.clip->start, out.clip->end)) {
    warn_window(ctx_, *spec.element, spec.name);
    return std::optional<Animation>();
  }
  return std::optional<Animation>(std::move(out));
}

void AnimationReader::finish() {
  if (unresolved_ == 0) return;
  ctx_.warn("collada.animation.target-unresolved",
            cat(unresolved_, " animation channel", unresolved_ == 1 ? "" : "s",
                " reach no node transform and no material, light or camera parameter glTF "
                "holds (an ambient colour, say, or a node no visual scene holds) and ",
                unresolved_ == 1 ? "is" : "are", " dropped"));
}

}  // namespace

absl::Status read_animations(ReadContext& ctx, const NodeIndex& nodes, const Materials& materials) {
  AnimationReader reader(ctx, nodes, materials);
  // The clips first: an animation a clip kept plays only in its clips.
  std::vector<Animation> clips;
  HashSet<const Element*> played;
  for (const ClipSpec& spec : read_clip_specs(ctx)) {
    absl::StatusOr<std::optional<Animation>> clip = reader.clip(spec);
    if (!clip.ok()) return clip.status();
    if (!*clip) continue;
    clips.push_back(std::move(**clip));
    played.insert(spec.animations.begin(), spec.animations.end());
  }
  for (const Element& library : ctx.doc.root()->children()) {
    if (library.name != "library_animations") continue;
    for (const Element& animation : library.children()) {
      if (animation.name != "animation" || played.count(&animation) != 0) continue;
      absl::StatusOr<Animation> read = reader.collect(animation, played);
      if (!read.ok()) return read.status();
      ctx.scene.animations.push_back(*std::move(read));
    }
  }
  for (Animation& clip : clips) ctx.scene.animations.push_back(std::move(clip));
  reader.finish();
  return absl::OkStatus();
}

}  // namespace px::collada
