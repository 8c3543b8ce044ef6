#include "formats/collada/read/parameter_channels.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <deque>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <variant>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/collada/read/lights.h"
#include "formats/collada/read/parameter_values.h"
#include "polyxios/ops/animation_curve.h"
#include "polyxios/ops/key_times.h"
#include "polyxios/scene/animation_pointer.h"

namespace px::collada {
namespace {

bool named(const Element* e, std::initializer_list<std::string_view> names) {
  return e != nullptr && std::find(names.begin(), names.end(), e->name) != names.end();
}

// Breadth-first below `from`, the first element whose sid is `sid`.
const Element* find_sid(const Element& from, std::string_view sid) {
  std::deque<const Element*> queue{&from};
  while (!queue.empty()) {
    const Element* e = queue.front();
    queue.pop_front();
    for (const Element& c : e->children()) {
      if (c.attr("sid") == sid) return &c;
      queue.push_back(&c);
    }
  }
  return nullptr;
}

// The component a member names: -1 for none, -2 for one that is no component.
int component_of(std::string_view member) {
  if (member.empty()) return -1;
  if (member.size() == 1) {
    constexpr std::string_view kNames[] = {"RXSU", "GYTV", "BZP", "AWQ"};
    for (int i = 0; i < 4; ++i) {
      if (kNames[i].find(member[0]) != std::string_view::npos) return i;
    }
    return -2;
  }
  if (member.front() != '(' || member.back() != ')') return -2;
  int index = -1;
  std::string_view digits = member.substr(1, member.size() - 2);
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
  if (ec != std::errc() || end != digits.data() + digits.size() || index < 0) return -2;
  return index;
}

std::vector<double> numbers_of(const Element* e) {
  std::vector<double> out;
  if (e == nullptr || !text_doubles(e->text, &out)) out.clear();
  return out;
}

// The first shading element of a profile_COMMON technique, as materials.cc reads it.
const Element* first_shading(const Element& technique) {
  for (const Element& c : technique.children()) {
    if (named(&c, {"phong", "lambert", "blinn", "constant"})) return &c;
  }
  return nullptr;
}

// The effect whose common-profile shading holds `slot` (or nullptr).
const Element* effect_of_slot(const Element* slot) {
  const Element* shading = slot->parent;
  const Element* technique = shading == nullptr ? nullptr : shading->parent;
  const Element* profile = technique == nullptr ? nullptr : technique->parent;
  if (!named(technique, {"technique"}) || !named(profile, {"profile_COMMON"}) ||
      !named(profile->parent, {"effect"}) || first_shading(*technique) != shading) {
    return nullptr;
  }
  if (slot->name == "diffuse" && shading->name == "constant") return nullptr;
  if (named(slot, {"specular", "shininess"}) && !named(shading, {"phong", "blinn"})) return nullptr;
  return profile->parent;
}

// Fills the object, the parameter and the element's width; false for an element mapped to none.
bool classify(const Element& e, ParameterAddress* out) {
  const Element* p = e.parent;
  if (p == nullptr) return false;
  out->element = &e;
  if (e.name == "color" && named(p, {"emission", "diffuse", "transparent", "specular"})) {
    out->parameter = p->name == "emission"   ? Parameter::kEmission
                     : p->name == "diffuse"  ? Parameter::kDiffuse
                     : p->name == "specular" ? Parameter::kSpecular
                                             : Parameter::kTransparent;
    out->object = effect_of_slot(p);
    out->width = numbers_of(&e).size();
    return out->object != nullptr && (out->width == 3 || out->width == 4);
  }
  if (e.name == "float" && named(p, {"transparency", "shininess"})) {
    out->parameter = p->name == "shininess" ? Parameter::kShininess : Parameter::kTransparency;
    out->object = effect_of_slot(p);
    out->width = 1;
    return out->object != nullptr;
  }
  const Element* common = p->parent;
  if (common == nullptr || common->name != "technique_common") return false;
  if (named(common->parent, {"light"})) {
    out->object = common->parent;
    out->width = 1;
    if (e.name == "color" && named(p, {"directional", "point", "spot"})) {
      out->parameter = Parameter::kLightColor;
      out->width = 3;
      return true;
    }
    if (named(&e, {"falloff_angle", "falloff_exponent"}) && named(p, {"spot"})) {
      out->parameter =
          e.name == "falloff_angle" ? Parameter::kFalloffAngle : Parameter::kFalloffExponent;
      return true;
    }
    return false;
  }
  const Element* optics = common->parent;
  if (!named(optics, {"optics"}) || !named(optics->parent, {"camera"})) return false;
  out->object = optics->parent;
  out->width = 1;
  const bool perspective = named(p, {"perspective"});
  if (!perspective && !named(p, {"orthographic"})) return false;
  constexpr std::pair<std::string_view, Parameter> kTerms[] = {
      {"xfov", Parameter::kXfov},
      {"yfov", Parameter::kYfov},
      {"xmag", Parameter::kXmag},
      {"ymag", Parameter::kYmag},
      {"znear", Parameter::kZnear},
      {"zfar", Parameter::kZfar},
      {"aspect_ratio", Parameter::kAspectRatio}};
  for (const auto& [name, parameter] : kTerms) {
    if (e.name != name) continue;
    // The field of view is a perspective's, the magnification an orthographic camera's.
    if (perspective ? name.ends_with("mag") : name.ends_with("fov")) return false;
    out->parameter = parameter;
    return true;
  }
  return false;
}

// Channels animating one value of glTF's, or a few derived from the same terms: the base colour,
// the emission, a light's colour and intensity, a spot's cone angles, a camera's field of view
// and aspect ratio or its magnifications, its near or far plane.
enum class Group : uint8_t {
  kBaseColor,
  kEmission,
  kSpecular,
  kRoughness,
  kLightColor,
  kSpotCone,
  kOptics,
  kZnear,
  kZfar
};

Group group_of(Parameter p) {
  switch (p) {
    case Parameter::kEmission:
      return Group::kEmission;
    case Parameter::kSpecular:
      return Group::kSpecular;
    case Parameter::kShininess:
      return Group::kRoughness;
    case Parameter::kDiffuse:
    case Parameter::kTransparent:
    case Parameter::kTransparency:
      return Group::kBaseColor;
    case Parameter::kLightColor:
      return Group::kLightColor;
    case Parameter::kFalloffAngle:
    case Parameter::kFalloffExponent:
      return Group::kSpotCone;
    case Parameter::kXfov:
    case Parameter::kYfov:
    case Parameter::kAspectRatio:
    case Parameter::kXmag:
    case Parameter::kYmag:
      return Group::kOptics;
    case Parameter::kZnear:
      return Group::kZnear;
    case Parameter::kZfar:
      return Group::kZfar;
  }
  return Group::kEmission;
}

struct Followed {
  const ParameterChannel* channel;
  Curve curve;
};

std::optional<double> number_child(const Element& parent, std::string_view name) {
  std::vector<double> v = numbers_of(parent.child(name));
  if (v.size() != 1) return std::nullopt;
  return v[0];
}

// Why a slot's static value cannot be followed exactly: spelled through a <param>.
bool through_param(const Element* slot) {
  return slot != nullptr && slot->child("param") != nullptr;
}

// The place of the camera or light of COLLADA id `key` in Scene::cameras or ::lights (the last of
// that id) and the first node naming that id.
struct Anchor {
  int index = -1;
  int node = -1;
};
template <class Item>
Anchor anchor_of(const ReadContext& ctx, const std::vector<Item>& items, int Node::*shown,
                 const std::string& key) {
  Anchor out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].collada_id == key) out.index = static_cast<int>(i);
  }
  if (out.index < 0) return out;
  for (size_t n = 0; n < ctx.scene.nodes.size(); ++n) {
    const int index = ctx.scene.nodes[n].*shown;
    if (index >= 0 && items[index].collada_id == key) {
      out.node = static_cast<int>(n);
      break;
    }
  }
  return out;
}

// One glTF value a group's keys give: its property, its width, whether a channel names it
// directly, whether the static object holds it.
struct Output {
  std::string_view property;
  size_t width = 1;
  bool direct = true;
  bool held = true;
};

// Whether a row of keys `width` wide holds more than one value.
bool varies(const std::vector<double>& row, size_t width) {
  for (size_t i = width; i < row.size(); ++i) {
    if (row[i] != row[i % width]) return true;
  }
  return false;
}

bool any_of_parameter(const std::vector<Followed>& followed, std::initializer_list<Parameter> ps) {
  return std::any_of(followed.begin(), followed.end(), [&](const Followed& f) {
    return std::find(ps.begin(), ps.end(), f.channel->address.parameter) != ps.end();
  });
}

// Where the values of a group go: the objects (each a pointer's object, index and the node
// carrying it) and the outputs each gets.
struct Destination {
  struct Target {
    int node = -1;
    PointerObject object = PointerObject::kMaterial;
    size_t index = 0;
  };
  std::vector<Target> targets;
  std::vector<Output> outputs;
  std::unique_ptr<GroupValues> values;
};

class GroupMerger {
 public:
  GroupMerger(ReadContext& ctx, const Materials& materials, Animation& animation)
      : ctx_(ctx), materials_(materials), animation_(animation) {}

  // Merges one group's channels; returns how many animate nothing.
  absl::StatusOr<int64_t> merge(Group group, const Element& object,
                                const std::vector<const ParameterChannel*>& channels);

 private:
  std::vector<int> materials_of(const Element& effect);
  // The destination of a group's channels, none (no values) when they animate nothing.
  Destination material_destination(Group group, const Element& effect,
                                   const std::vector<Followed>& followed, BaseColor** base);
  Destination light_destination(Group group, const Element& light,
                                const std::vector<Followed>& followed);
  Destination camera_destination(Group group, const Element& camera,
                                 const std::vector<Followed>& followed);
  absl::Status push(const std::vector<double>& times, const std::vector<std::vector<double>>& rows,
                    bool step, const Destination& to);

  ReadContext& ctx_;
  const Materials& materials_;
  Animation& animation_;
};

std::vector<int> GroupMerger::materials_of(const Element& effect) {
  std::vector<int> out;
  for (const auto& [material, index] : materials_.by_element) {
    const Element* instance = material->child("instance_effect");
    if (instance == nullptr) continue;
    std::string_view url = instance->attr("url");
    if (url.starts_with('#') && find_id(ctx_, url.substr(1)) == &effect) out.push_back(index);
  }
  std::sort(out.begin(), out.end());
  return out;
}

absl::Status GroupMerger::push(const std::vector<double>& times,
                               const std::vector<std::vector<double>>& rows, bool step,
                               const Destination& to) {
  uint64_t bytes = times.size() * sizeof(double);
  for (const std::vector<double>& r : rows) bytes += r.size() * sizeof(double);
  if (ctx_.copy_bytes_used + bytes > ctx_.copy_budget()) {
    return over_budget("collada.copies.budget", cat("animated parameter keys would take more than ",
                                                    ctx_.copy_budget(), " bytes"));
  }
  ctx_.copy_bytes_used += bytes;
  std::span<double> t = ctx_.scene.arena->allocate<double>(times.size());
  std::copy(times.begin(), times.end(), t.begin());
  // One sampler per output value; every target of the value shares it.
  std::vector<int> sampler_of(rows.size(), -1);
  for (size_t r = 0; r < rows.size(); ++r) {
    if (rows[r].empty()) continue;
    std::span<double> v = ctx_.scene.arena->allocate<double>(rows[r].size());
    std::copy(rows[r].begin(), rows[r].end(), v.begin());
    sampler_of[r] = static_cast<int>(animation_.samplers.size());
    AnimationSampler& s = animation_.samplers.emplace_back().emplace();
    s.times = Column::of<double>(std::span<const double>(t), 1);
    s.values = Column::of<double>(std::span<const double>(v), to.outputs[r].width);
    s.interpolation = step ? "STEP" : "LINEAR";
  }
  for (const Destination::Target& target : to.targets) {
    for (size_t r = 0; r < rows.size(); ++r) {
      if (sampler_of[r] < 0) continue;
      AnimationChannel& c = animation_.channels.emplace_back();
      c.sampler = sampler_of[r];
      c.target.node = target.node;
      c.target.path = TargetPath::kPointer;
      c.target.pointer = make_pointer(target.object, target.index, to.outputs[r].property);
    }
  }
  return absl::OkStatus();
}

Destination GroupMerger::material_destination(Group group, const Element& effect,
                                              const std::vector<Followed>& followed,
                                              BaseColor** base) {
  Destination out;
  for (int m : materials_of(effect)) {
    out.targets.push_back({-1, PointerObject::kMaterial, static_cast<size_t>(m)});
  }
  if (out.targets.empty()) return out;
  // classify made sure the slot sits in the effect's first common-profile shading.
  const Element* shading = followed[0].channel->address.element->parent->parent;
  if (group == Group::kEmission || group == Group::kSpecular) {
    const bool emission = group == Group::kEmission;
    auto e = std::make_unique<ColorRgb>();
    std::vector<double> rgba =
        numbers_of(shading->child(emission ? "emission" : "specular")->child("color"));
    std::copy_n(rgba.begin(), std::min<size_t>(rgba.size(), 4), e->rgba.begin());
    out.values = std::move(e);
    out.outputs = {{emission ? kEmissiveFactor : kSpecularColorFactor, 3}};
    return out;
  }
  if (group == Group::kRoughness) {
    out.values = std::make_unique<Roughness>();
    out.outputs = {{kRoughnessFactor, 1}};
    return out;
  }
  auto b = std::make_unique<BaseColor>();
  const Element* diffuse = shading->child("diffuse");
  const Element* transparent = shading->child("transparent");
  const Element* transparency = shading->child("transparency");
  if (through_param(diffuse) || through_param(transparent) || through_param(transparency)) {
    return out;
  }
  const std::array<double, 4>& rgba = ctx_.scene.materials[out.targets[0].index].base_color;
  std::copy(rgba.begin(), rgba.begin() + 3, b->diffuse.begin());
  std::vector<double> d = numbers_of(diffuse == nullptr ? nullptr : diffuse->child("color"));
  if (d.size() >= 3) std::copy_n(d.begin(), std::min<size_t>(d.size(), 4), b->diffuse.begin());
  if (transparency != nullptr) {
    std::optional<double> f = number_child(*transparency, "float");
    if (f) b->terms.factor = std::isfinite(*f) ? *f : std::nan("");
  }
  if (transparent != nullptr) {
    std::string_view mode = transparent->attr("opaque");
    if (mode == "A_ZERO" || mode == "RGB_ZERO" || mode == "RGB_ONE") b->terms.mode = mode;
    std::vector<double> tc = numbers_of(transparent->child("color"));
    if (transparent->child("texture") == nullptr && tc.size() >= 3) {
      std::copy_n(tc.begin(), std::min<size_t>(tc.size(), 4), b->transparent.begin());
      b->terms.transparent = b->transparent;
    }
  }
  // Without a <transparent> colour the transparency counts for nothing (materials.cc).
  if (!b->terms.transparent && !any_of_parameter(followed, {Parameter::kDiffuse})) return out;
  *base = b.get();
  out.values = std::move(b);
  out.outputs = {{kBaseColorFactor, 4}};
  return out;
}

Destination GroupMerger::light_destination(Group group, const Element& light,
                                           const std::vector<Followed>& followed) {
  Destination out;
  std::optional<ColladaLightTerms> terms = light_terms(light);
  const Anchor anchor =
      anchor_of(ctx_, ctx_.scene.lights, &Node::light, cat(ctx_.key_prefix, light.attr("id")));
  if (!terms || anchor.node < 0) return out;
  out.targets.push_back({anchor.node, PointerObject::kLight, static_cast<size_t>(anchor.index)});
  if (group == Group::kLightColor) {
    auto l = std::make_unique<LightColor>();
    l->terms = *terms;
    out.values = std::move(l);
    out.outputs = {{kLightColor, 3}, {kLightIntensity, 1}};
    return out;
  }
  auto cone = std::make_unique<SpotCone>();
  cone->terms = *terms;
  out.values = std::move(cone);
  // The angle moves both cones, the exponent only the inner one.
  out.outputs = {{kSpotOuterCone, 1, any_of_parameter(followed, {Parameter::kFalloffAngle})},
                 {kSpotInnerCone, 1, any_of_parameter(followed, {Parameter::kFalloffExponent})}};
  return out;
}

Destination GroupMerger::camera_destination(Group group, const Element& camera,
                                            const std::vector<Followed>& followed) {
  Destination out;
  const Anchor anchor =
      anchor_of(ctx_, ctx_.scene.cameras, &Node::camera, cat(ctx_.key_prefix, camera.attr("id")));
  const Element* optics = followed[0].channel->address.element->parent;
  const std::string_view kind = optics->name;
  // glTF's camera must hold the value: a camera read_cameras kept, a zfar it did not drop.
  const Camera* kept = anchor.index < 0 ? nullptr : &ctx_.scene.cameras[anchor.index];
  if (anchor.node < 0 || kept == nullptr || camera_type_name(kept->type) != kind) return out;
  auto holds = [&](std::string_view property) {
    return kept->term(property.substr(property.find('/') + 1)).has_value();
  };
  out.targets.push_back({anchor.node, PointerObject::kCamera, static_cast<size_t>(anchor.index)});
  if (group == Group::kOptics) {
    auto o = std::make_unique<Optics>();
    o->perspective = kind == "perspective";
    o->xfov = number_child(*optics, "xfov");
    o->yfov = number_child(*optics, "yfov");
    o->xmag = number_child(*optics, "xmag");
    o->ymag = number_child(*optics, "ymag");
    o->aspect = number_child(*optics, "aspect_ratio");
    // An <xfov> names glTF's yfov only where no <yfov> is given.
    const bool fov = any_of_parameter(followed, {Parameter::kYfov}) ||
                     (!o->yfov && any_of_parameter(followed, {Parameter::kXfov}));
    out.outputs =
        o->perspective
            ? std::vector<Output>{{"perspective/yfov", 1, fov},
                                  {"perspective/aspectRatio", 1,
                                   any_of_parameter(followed, {Parameter::kAspectRatio})}}
            : std::vector<Output>{
                  {"orthographic/xmag", 1, any_of_parameter(followed, {Parameter::kXmag})},
                  {"orthographic/ymag", 1, any_of_parameter(followed, {Parameter::kYmag})}};
    out.values = std::move(o);
  } else {
    auto plane = std::make_unique<CameraPlane>();
    out.outputs = {{kind == "perspective"
                        ? (group == Group::kZnear ? "perspective/znear" : "perspective/zfar")
                        : (group == Group::kZnear ? "orthographic/znear" : "orthographic/zfar"),
                    1}};
    out.values = std::move(plane);
  }
  for (Output& o : out.outputs) o.held = holds(o.property);
  return out;
}

absl::StatusOr<int64_t> GroupMerger::merge(Group group, const Element& object,
                                           const std::vector<const ParameterChannel*>& channels) {
  std::vector<Followed> followed;
  for (const ParameterChannel* c : channels) {
    const AnimationSampler& s = c->sampler;
    if (s.values.cols != c->address.width) {
      ctx_.warn("collada.animation.key-width",
                cat("channel target \"", c->channel->attr("target"), "\" takes ", c->address.width,
                    " values per key; its sampler gives ", s.values.cols, "; dropped"),
                c->channel);
      continue;
    }
    std::variant<Curve, std::string> curve = Curve::make(s);
    if (std::string* why = std::get_if<std::string>(&curve)) {
      ctx_.warn("collada.animation.sampler-invalid",
                cat("the sampler of channel target \"", c->channel->attr("target"),
                    "\" cannot be followed (", *why, "); the channel is dropped"),
                c->channel);
      continue;
    }
    followed.push_back({c, std::get<Curve>(std::move(curve))});
  }
  if (followed.empty()) return 0;
  const int64_t count = static_cast<int64_t>(followed.size());

  BaseColor* base = nullptr;
  Destination to = group == Group::kBaseColor || group == Group::kEmission ||
                           group == Group::kSpecular || group == Group::kRoughness
                       ? material_destination(group, object, followed, &base)
                   : group == Group::kLightColor || group == Group::kSpotCone
                       ? light_destination(group, object, followed)
                       : camera_destination(group, object, followed);
  if (to.values == nullptr || to.targets.empty()) return count;

  // Key times: every channel's and, unless every span steps, a curving span's quarters and a key
  // before each step (polyxios/ops/animation_curve.h). (A light's colour split in two, an xfov made
  // a yfov and the like are exact at the keys alone: keying their linear spans too would grow the
  // keys at each read of a document written back.)
  const bool step = std::none_of(followed.begin(), followed.end(),
                                 [](const Followed& f) { return f.curve.blends(); });
  std::vector<double> times;
  for (const Followed& f : followed) add_key_times(f.curve, !step, times);
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  nudge_times(times);
  std::vector<std::vector<double>> rows(to.outputs.size());
  std::vector<double> key;
  for (double t : times) {
    for (const Followed& f : followed) {
      key.resize(f.curve.width());
      f.curve.evaluate(t, key);
      to.values->set(f.channel->address.parameter, f.channel->address.component, key);
    }
    to.values->emit(rows);
  }
  // A value the static object does not hold, or one no channel names that stays as it is, gets
  // no channel.
  bool any = false;
  for (size_t r = 0; r < rows.size(); ++r) {
    const Output& o = to.outputs[r];
    if (!o.held || (!o.direct && !varies(rows[r], o.width))) rows[r].clear();
    any = any || !rows[r].empty();
  }
  if (!any) return count;
  // An alpha below 1 blends, as a static one does (materials.cc).
  if (base != nullptr && base->lowest_alpha < 1) {
    for (const Destination::Target& m : to.targets) {
      Material& material = ctx_.scene.materials[m.index];
      if (material.alpha_mode == AlphaMode::kOpaque) material.alpha_mode = AlphaMode::kBlend;
    }
  }
  if (absl::Status s = push(times, rows, step, to); !s.ok()) return s;
  return 0;
}

}  // namespace

std::optional<ParameterAddress> parameter_address(const ReadContext& ctx, std::string_view target) {
  const size_t slash = target.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  const Element* e = find_id(ctx, target.substr(0, slash));
  // Only an effect's, a light's or a camera's elements hold what this maps.
  const Element* holder = e;
  while (holder != nullptr && !named(holder, {"effect", "light", "camera"})) {
    holder = holder->parent;
  }
  if (holder == nullptr) return std::nullopt;
  std::string_view rest = target.substr(slash + 1);
  const size_t member = rest.find_first_of(".(");
  std::string_view path = rest.substr(0, member);
  std::string_view member_text = member == std::string_view::npos ? std::string_view()
                                 : rest[member] == '.'            ? rest.substr(member + 1)
                                                                  : rest.substr(member);
  while (e != nullptr && !path.empty()) {
    const size_t next = path.find('/');
    e = find_sid(*e, path.substr(0, next));
    path = next == std::string_view::npos ? std::string_view() : path.substr(next + 1);
  }
  ParameterAddress out;
  if (e == nullptr || !classify(*e, &out)) return std::nullopt;
  out.component = component_of(member_text);
  if (out.component < -1 ||
      (out.component >= 0 && static_cast<size_t>(out.component) >= out.width)) {
    return std::nullopt;
  }
  if (out.component >= 0) out.width = 1;
  return out;
}

absl::StatusOr<int64_t> merge_parameter_channels(ReadContext& ctx, const Materials& materials,
                                                 const std::vector<ParameterChannel>& channels,
                                                 Animation& animation) {
  // Groups in the order their first channel comes, for a deterministic output.
  std::vector<std::pair<std::pair<const Element*, Group>, std::vector<const ParameterChannel*>>>
      groups;
  for (const ParameterChannel& c : channels) {
    const std::pair key{c.address.object, group_of(c.address.parameter)};
    auto it =
        std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == key; });
    if (it == groups.end()) it = groups.insert(groups.end(), {key, {}});
    it->second.push_back(&c);
  }
  GroupMerger merger(ctx, materials, animation);
  int64_t dropped = 0;
  for (const auto& [key, list] : groups) {
    absl::StatusOr<int64_t> d = merger.merge(key.second, *key.first, list);
    if (!d.ok()) return d.status();
    dropped += *d;
  }
  return dropped;
}

}  // namespace px::collada
