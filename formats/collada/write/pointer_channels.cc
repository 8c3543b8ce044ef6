#include "formats/collada/write/pointer_channels.h"

#include <cmath>
#include <numbers>
#include <string>

#include "engine/strings.h"
#include "formats/collada/light_mapping.h"
#include "formats/collada/shininess.h"
#include "polyxios/scene/animation_pointer.h"
#include "polyxios/scene/camera.h"

namespace px::collada {
namespace {

constexpr std::string_view kDropped = "collada.write.animation-pointer-dropped";
// A pointer on what COLLADA has no parameter for (a node's, an extension's, a material's
// metallic factor): the warning every glTF pointer channel had before.
constexpr std::string_view kUnsupported = "collada.write.animation-path-unsupported";

// A sampler's keys as COLLADA writes them: LINEAR or STEP, a row of `width` values per key.
struct Keys {
  std::vector<double> times;
  std::vector<double> values;
  size_t width = 0;
  bool step = false;
};

// Component c of CUBICSPLINE keys k to k + 1 at fraction s: rows run in-tangent, value,
// out-tangent per key.
double hermite(const Column& v, size_t k, size_t c, double dt, double s) {
  return cubic_spline(v.get(3 * k + 1, c), v.get(3 * k + 2, c), v.get(3 * k + 4, c),
                      v.get(3 * k + 3, c), dt, s);
}

std::optional<Keys> keys_of(const AnimationSampler& s, size_t width, std::string* why) {
  const size_t n = s.times.rows;
  const bool cubic = s.interpolation == "CUBICSPLINE";
  if (s.interpolation != "LINEAR" && s.interpolation != "STEP" && !cubic) {
    *why = cat("its interpolation \"", s.interpolation, "\" is not glTF's");
    return std::nullopt;
  }
  if (n == 0 || s.times.cols != 1 || s.values.rows != (cubic ? 3 * n : n) ||
      s.values.cols != width) {
    *why = cat("its keys are not one row of ", width, " values per key time");
    return std::nullopt;
  }
  for (size_t k = 0; k < n; ++k) {
    if (!std::isfinite(s.times.get(k, 0)) ||
        (k > 0 && !(s.times.get(k, 0) > s.times.get(k - 1, 0)))) {
      *why = "its key times are not finite and increasing";
      return std::nullopt;
    }
  }
  for (size_t r = 0; r < s.values.rows; ++r) {
    for (size_t c = 0; c < width; ++c) {
      if (!std::isfinite(s.values.get(r, c))) {
        *why = "its values are not finite";
        return std::nullopt;
      }
    }
  }
  Keys out;
  out.width = width;
  out.step = s.interpolation == "STEP";
  for (size_t k = 0; k < n; ++k) {
    const double t0 = s.times.get(k, 0);
    // A CUBICSPLINE span is followed at its quarters.
    const int steps = cubic && k + 1 < n ? 4 : 1;
    const double dt = k + 1 < n ? s.times.get(k + 1, 0) - t0 : 0;
    for (int q = 0; q < steps; ++q) {
      out.times.push_back(t0 + dt * q / 4);
      for (size_t c = 0; c < width; ++c) {
        out.values.push_back(!cubic   ? s.values.get(k, c)
                             : q == 0 ? s.values.get(3 * k + 1, c)
                                      : hermite(s.values, k, c, dt, q / 4.0));
      }
    }
  }
  return out;
}

BoundChannel bound(std::string target, const Keys& keys, std::vector<double> values, size_t width,
                   std::vector<std::string> names) {
  AnimationsPlan::Channel ch;
  ch.times = {keys.times, 1, false};
  ch.values = {std::move(values), width, false};
  ch.output.names = std::move(names);
  ch.interpolations.assign(keys.times.size(), keys.step ? "STEP" : "LINEAR");
  ch.target = target;
  return BoundChannel{std::move(ch), {std::move(target)}};
}

const AnimationSampler* sampler_of(const Animation& animation, const AnimationChannel& c) {
  if (c.sampler < 0 || static_cast<size_t>(c.sampler) >= animation.samplers.size() ||
      !animation.samplers[c.sampler]) {
    return nullptr;
  }
  return &*animation.samplers[c.sampler];
}

// The other channel of the animation on the same light (the intensity of a colour channel, the
// colour of an intensity one) when the two make one COLLADA channel: the same key times, both
// stepping or neither. Its keys in *keys.
const AnimationChannel* partner(const Animation& animation, const AnimationChannel& channel,
                                const Keys& own, std::string_view property, Keys* keys) {
  const std::optional<ParsedPointer> mine = parse_pointer(channel.target.pointer);
  for (const AnimationChannel& other : animation.channels) {
    const std::optional<ParsedPointer> p = parse_pointer(other.target.pointer);
    if (&other == &channel || other.target.path != TargetPath::kPointer || !p ||
        p->object != PointerObject::kLight || p->index != mine->index || p->property != property ||
        other.target.node != channel.target.node) {
      continue;
    }
    const AnimationSampler* s = sampler_of(animation, other);
    std::string why;
    std::optional<Keys> k =
        s == nullptr ? std::nullopt : keys_of(*s, property == kLightColor ? 3 : 1, &why);
    if (k && k->times == own.times && k->step == own.step) {
      *keys = std::move(*k);
      return &other;
    }
  }
  return nullptr;
}

class PointerBinder {
 public:
  PointerBinder(const Animation& animation, const AnimationChannel& channel, int written,
                WritePlan& plan, BindFailure* failure)
      : animation_(animation),
        channel_(channel),
        written_(written),
        plan_(plan),
        failure_(failure) {}

  std::optional<std::vector<BoundChannel>> bind();

 private:
  std::optional<std::vector<BoundChannel>> fail(std::string why, std::string_view code = kDropped) {
    *failure_ = {std::string(code), std::move(why)};
    return std::nullopt;
  }
  std::optional<Keys> keys(size_t width) {
    std::string why;
    std::optional<Keys> k = keys_of(*sampler_of(animation_, channel_), width, &why);
    if (!k) fail(why);
    return k;
  }
  // The light or camera entry the written node instances, -1 for none.
  int entry_of(const std::vector<int>& of_node) const {
    return written_ >= 0 && static_cast<size_t>(written_) < of_node.size() ? of_node[written_] : -1;
  }
  std::optional<std::vector<BoundChannel>> material(const ParsedPointer& p);
  std::optional<std::vector<BoundChannel>> highlight(const ParsedPointer& p, MaterialPlan& m);
  std::optional<std::vector<BoundChannel>> light(const ParsedPointer& p);
  std::optional<std::vector<BoundChannel>> spot_cone(const ParsedPointer& p,
                                                     LightsPlan::Entry& entry);
  std::optional<std::vector<BoundChannel>> camera(const ParsedPointer& p);

  const Animation& animation_;
  const AnimationChannel& channel_;
  int written_;
  WritePlan& plan_;
  BindFailure* failure_;
};

std::optional<std::vector<BoundChannel>> PointerBinder::material(const ParsedPointer& p) {
  if (p.index >= plan_.effects.materials.size()) {
    return fail(cat("the scene has no material ", p.index));
  }
  MaterialPlan& m = plan_.effects.materials[p.index];
  if (p.property == kSpecularColorFactor || p.property == kRoughnessFactor) {
    return highlight(p, m);
  }
  if (p.property == kEmissiveFactor) {
    if (m.material.emissive_texture.present()) {
      return fail("its material's emission is a texture, which holds no colour to animate");
    }
    std::optional<Keys> k = keys(3);
    if (!k) return std::nullopt;
    std::vector<double> rgba;
    for (size_t i = 0; i < k->times.size(); ++i) {
      rgba.insert(rgba.end(), k->values.begin() + 3 * i, k->values.begin() + 3 * i + 3);
      rgba.push_back(1);
    }
    m.animated_emission = true;
    return std::vector{
        bound(cat(m.effect_id, "/", kEmissionSid), *k, std::move(rgba), 4, {"R", "G", "B", "A"})};
  }
  if (m.shading == "constant" || m.material.base_color_texture.present()) {
    return fail(
        "its material's base colour is a texture or constant shading, which has no "
        "diffuse colour to animate");
  }
  std::optional<Keys> k = keys(4);
  if (!k) return std::nullopt;
  std::vector<double> diffuse, transparent;
  bool alpha = m.material.base_color[3] < 1;
  for (size_t i = 0; i < k->times.size(); ++i) {
    const double* v = &k->values[4 * i];
    diffuse.insert(diffuse.end(), {v[0], v[1], v[2], 1});
    transparent.insert(transparent.end(), {1, 1, 1, v[3]});
    alpha = alpha || v[3] != 1;
  }
  m.animated_base_color = true;
  std::vector<BoundChannel> out{
      bound(cat(m.effect_id, "/", kDiffuseSid), *k, std::move(diffuse), 4, {"R", "G", "B", "A"})};
  if (alpha) {
    m.animated_alpha = true;
    out.push_back(bound(cat(m.effect_id, "/", kTransparentSid), *k, std::move(transparent), 4,
                        {"R", "G", "B", "A"}));
  }
  return out;
}

std::optional<std::vector<BoundChannel>> PointerBinder::highlight(const ParsedPointer& p,
                                                                  MaterialPlan& m) {
  const bool specular = p.property == kSpecularColorFactor;
  if (m.shading != "phong" && m.shading != "blinn") {
    return fail(cat("its material's ", m.shading, " shading has no ",
                    specular ? "specular colour" : "shininess", " to animate"));
  }
  if (specular && m.material.specular_color_texture.present()) {
    return fail("its material's specular colour is a texture, which holds no colour to animate");
  }
  std::optional<Keys> k = keys(specular ? 3 : 1);
  if (!k) return std::nullopt;
  std::vector<double> values;
  for (size_t i = 0; i < k->times.size(); ++i) {
    if (specular) {
      values.insert(values.end(), k->values.begin() + 3 * i, k->values.begin() + 3 * i + 3);
      values.push_back(1);
    } else {
      values.push_back(shininess_from_roughness(k->values[i]));
    }
  }
  if (specular) {
    m.animated_specular = true;
    return std::vector{
        bound(cat(m.effect_id, "/", kSpecularSid), *k, std::move(values), 4, {"R", "G", "B", "A"})};
  }
  m.animated_shininess = true;
  return std::vector{
      bound(cat(m.effect_id, "/", kShininessSid), *k, std::move(values), 1, {"VALUE"})};
}

std::optional<std::vector<BoundChannel>> PointerBinder::light(const ParsedPointer& p) {
  const bool color = p.property == kLightColor;
  const bool cone = p.property == kSpotOuterCone || p.property == kSpotInnerCone;
  if (!color && !cone && p.property != kLightIntensity) {
    return fail(cat("a light's ", p.property, " has no COLLADA parameter to animate"),
                kUnsupported);
  }
  const int index = entry_of(plan_.lights.node_light);
  if (index < 0) return fail("no written node carries its light");
  LightsPlan::Entry& entry = plan_.lights.lights[index];
  if (cone) return spot_cone(p, entry);
  std::optional<Keys> own = keys(color ? 3 : 1);
  if (!own) return std::nullopt;
  Keys other;
  const AnimationChannel* with =
      partner(animation_, channel_, *own, color ? kLightIntensity : kLightColor, &other);
  // The colour channel writes the pair; the intensity alone only when it has no colour channel.
  if (!color && with != nullptr) return std::vector<BoundChannel>();
  const ColladaLightTerms& t = entry.light.terms;
  const Light rest = light_from_collada(t, entry.light.extra);
  const bool positional = t.type == LightType::kPoint || t.type == LightType::kSpot;
  const double sum = positional ? t.constant + t.linear + t.quadratic : 1;
  std::vector<double> values;
  for (size_t i = 0; i < own->times.size(); ++i) {
    const double intensity = !color            ? own->values[i]
                             : with != nullptr ? other.values[i]
                                               : rest.intensity;
    for (size_t c = 0; c < 3; ++c) {
      const double rgb = color ? own->values[3 * i + c] : rest.color[c];
      values.push_back(rgb * intensity * sum);
    }
  }
  entry.animated_color = true;
  return std::vector{bound(cat(entry.id, "/color"), *own, std::move(values), 3, {"R", "G", "B"})};
}

std::optional<std::vector<BoundChannel>> PointerBinder::spot_cone(const ParsedPointer& p,
                                                                  LightsPlan::Entry& entry) {
  const ColladaLightTerms& t = entry.light.terms;
  if (t.type != LightType::kSpot) return fail("its light is not a spot, which has no cone");
  const bool outer = p.property == kSpotOuterCone;
  std::optional<Keys> own = keys(1);
  if (!own) return std::nullopt;
  Keys other;
  const AnimationChannel* with =
      partner(animation_, channel_, *own, outer ? kSpotInnerCone : kSpotOuterCone, &other);
  // The outer cone's channel writes the pair; the inner alone only without an outer channel.
  if (!outer && with != nullptr) return std::vector<BoundChannel>();
  const Light rest = light_from_collada(t, entry.light.extra);
  std::vector<double> angles, exponents;
  bool exponent_moves = !outer || with != nullptr;
  for (size_t i = 0; i < own->times.size(); ++i) {
    const double outer_cone = outer ? own->values[i] : rest.outer_cone;
    const double inner_cone = !outer ? own->values[i] : with ? other.values[i] : rest.inner_cone;
    if (!(outer_cone > 0)) return fail("its outer cone angle is not above 0");
    angles.push_back(outer_cone * (360 / std::numbers::pi));
    // light_mapping.h's inverse: the fraction of the cone that fades.
    exponents.push_back(1 - inner_cone / outer_cone);
    exponent_moves = exponent_moves || exponents.back() != t.falloff_exponent;
  }
  std::vector<BoundChannel> out;
  if (outer) {
    entry.animated_falloff_angle = true;
    out.push_back(bound(cat(entry.id, "/falloff_angle"), *own, std::move(angles), 1, {"VALUE"}));
  }
  if (exponent_moves) {
    entry.animated_falloff_exponent = true;
    out.push_back(
        bound(cat(entry.id, "/falloff_exponent"), *own, std::move(exponents), 1, {"VALUE"}));
  }
  return out;
}

std::optional<std::vector<BoundChannel>> PointerBinder::camera(const ParsedPointer& p) {
  const int index = entry_of(plan_.cameras.node_camera);
  if (index < 0) return fail("no written node carries its camera");
  CamerasPlan::Entry& entry = plan_.cameras.cameras[index];
  const Camera& camera = *entry.camera;
  const std::string_view kind = camera_type_name(camera.type);
  const size_t slash = p.property.find('/');
  const std::string_view optics = p.property.substr(0, slash);
  const std::string_view term =
      slash == std::string_view::npos ? std::string_view() : p.property.substr(slash + 1);
  const bool perspective = kind == "perspective";
  // Each glTF term and the element the camera writer spells it in.
  struct Term {
    std::string_view gltf, collada;
    bool CamerasPlan::Entry::*animated;
    double scale;
  };
  const Term terms[] = {
      {"yfov", "yfov", &CamerasPlan::Entry::animated_yfov, 180 / std::numbers::pi},
      {"aspectRatio", "aspect_ratio", &CamerasPlan::Entry::animated_aspect_ratio, 1},
      {"xmag", "xmag", &CamerasPlan::Entry::animated_xmag, 1},
      {"ymag", "ymag", &CamerasPlan::Entry::animated_ymag, 1},
      {"znear", "znear", &CamerasPlan::Entry::animated_znear, 1},
      {"zfar", "zfar", &CamerasPlan::Entry::animated_zfar, 1}};
  const Term* found = nullptr;
  for (const Term& candidate : terms) {
    if (candidate.gltf == term) found = &candidate;
  }
  const bool of_kind = found != nullptr && (perspective ? !term.ends_with("mag")
                                                        : term != "yfov" && term != "aspectRatio");
  if (optics != kind || !of_kind) {
    return fail(cat("a ", kind, " camera's ", p.property, " has no COLLADA parameter to animate"),
                optics == kind ? kUnsupported : kDropped);
  }
  if ((term == "zfar" || term == "aspectRatio") && !camera.term(term)) {
    return fail(term == "zfar" ? "its camera has no far plane"
                               : "its camera has no aspect ratio, which it leaves to the viewer");
  }
  std::optional<Keys> k = keys(1);
  if (!k) return std::nullopt;
  std::vector<double> values = k->values;
  for (double& v : values) v *= found->scale;
  entry.*(found->animated) = true;
  return std::vector{
      bound(cat(entry.id, "/", found->collada), *k, std::move(values), 1, {"VALUE"})};
}

std::optional<std::vector<BoundChannel>> PointerBinder::bind() {
  const std::optional<ParsedPointer> p = parse_pointer(channel_.target.pointer);
  if (!p || ((p->object == PointerObject::kMaterial) && p->property != kBaseColorFactor &&
             p->property != kEmissiveFactor && p->property != kSpecularColorFactor &&
             p->property != kRoughnessFactor)) {
    return fail(cat("COLLADA has no parameter for pointer \"", channel_.target.pointer, "\""),
                kUnsupported);
  }
  if (sampler_of(animation_, channel_) == nullptr) {
    return fail("its sampler is not a well-formed sampler of the animation");
  }
  switch (p->object) {
    case PointerObject::kMaterial:
      return material(*p);
    case PointerObject::kLight:
      return light(*p);
    case PointerObject::kCamera:
      return camera(*p);
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::vector<BoundChannel>> bind_pointer_channel(const Animation& animation, size_t c,
                                                              int written, WritePlan& plan,
                                                              BindFailure* failure) {
  return PointerBinder(animation, animation.channels[c], written, plan, failure).bind();
}

}  // namespace px::collada
