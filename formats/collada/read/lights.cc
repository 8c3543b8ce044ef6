#include "formats/collada/read/lights.h"

#include <cmath>
#include <optional>
#include <string>
#include <string_view>

#include "engine/strings.h"
#include "formats/collada/light_mapping.h"
#include "formats/collada/read/xml/numbers.h"
#include "polyxios/hash_containers.h"

namespace px::collada {
namespace {

constexpr std::string_view kInvalid = "collada.light.invalid";
constexpr std::string_view kNoCommon = "collada.light.no-technique-common";
constexpr std::string_view kDuplicate = "collada.light.duplicate-id";
constexpr std::string_view kColorClamped = "collada.light.color-clamped";
constexpr std::string_view kConeClamped = "collada.light.cone-clamped";
constexpr std::string_view kApproximated = "collada.light.attenuation-approximated";
constexpr std::string_view kPolyxiosTerm = "collada.light.polyxios-term-ignored";

struct Fault {
  const Element* at = nullptr;
  std::string what;
};

// The child `name`'s one finite number, left as it is when the child is absent.
std::optional<Fault> read_number(const Element& body, std::string_view name, double* out) {
  const Element* e = body.child(name);
  if (e == nullptr) return std::nullopt;
  double v;
  if (!parse_double(trim_xml_space(e->text), &v) || !std::isfinite(v)) {
    return Fault{e, cat("its <", name, "> is not a finite number")};
  }
  *out = v;
  return std::nullopt;
}

std::optional<Fault> read_color(const Element& body, std::array<double, 3>* out) {
  const Element* color = body.child("color");
  if (color == nullptr) return Fault{&body, "it has no <color>"};
  std::string_view text = trim_xml_space(color->text);
  for (size_t i = 0; i < 3; ++i) {
    const size_t end = std::min(text.find_first_of(" \t\r\n"), text.size());
    if (end == 0 || !parse_double(text.substr(0, end), &(*out)[i]) || !std::isfinite((*out)[i])) {
      return Fault{color, "its <color> is not three finite numbers"};
    }
    text = trim_xml_space(text.substr(end));
  }
  if (!text.empty()) return Fault{color, "its <color> is not three finite numbers"};
  return std::nullopt;
}

// The light's <technique_common> terms; a fault when the light is to be skipped.
std::optional<Fault> read_terms(const Element& body, ColladaLightTerms* t) {
  if (std::optional<Fault> f = read_color(body, &t->color)) return f;
  if (t->type != LightType::kPoint && t->type != LightType::kSpot) return std::nullopt;
  for (auto [name, slot] : {std::pair{"constant_attenuation", &t->constant},
                            std::pair{"linear_attenuation", &t->linear},
                            std::pair{"quadratic_attenuation", &t->quadratic},
                            std::pair{"falloff_angle", &t->falloff_angle},
                            std::pair{"falloff_exponent", &t->falloff_exponent}}) {
    if (std::optional<Fault> f = read_number(body, name, slot)) return f;
  }
  if (t->constant < 0 || t->linear < 0 || t->quadratic < 0) {
    return Fault{&body, "an attenuation is negative"};
  }
  if (t->constant + t->linear + t->quadratic <= 0) {
    return Fault{&body, "its attenuation terms sum to 0, an infinitely bright light"};
  }
  if (t->type == LightType::kSpot && t->falloff_angle <= 0) {
    return Fault{body.child("falloff_angle"), "its <falloff_angle> is not above 0"};
  }
  return std::nullopt;
}

// The glTF terms polyxios's <extra> keeps (intensity, range); a term that is not a positive
// number is ignored with a warning.
PolyxiosLightTerms read_polyxios(ReadContext& ctx, const Element& light) {
  PolyxiosLightTerms out;
  for (const Element& extra : light.children()) {
    if (extra.name != "extra") continue;
    for (const Element& t : extra.children()) {
      if (t.name != "technique" || t.attr("profile") != "polyxios") continue;
      for (auto [name, slot] :
           {std::pair{"intensity", &out.intensity}, std::pair{"range", &out.range}}) {
        const Element* e = t.child(name);
        if (e == nullptr) continue;
        double v;
        if (!parse_double(trim_xml_space(e->text), &v) || !std::isfinite(v) || v <= 0) {
          ctx.warn(kPolyxiosTerm,
                   cat("a light's polyxios <", name, "> is not a positive number; it is ignored"),
                   e);
          continue;
        }
        *slot = v;
      }
      return out;
    }
  }
  return out;
}

void warn_approximations(ReadContext& ctx, const Element& body, const ColladaLightTerms& t) {
  if (t.color[0] < 0 || t.color[1] < 0 || t.color[2] < 0) {
    ctx.warn(kColorClamped,
             "a light's negative <color> components are read as 0 (glTF has no "
             "negative light); the originals are kept in its extras",
             body.child("color"));
  }
  if (t.type == LightType::kSpot && t.falloff_angle > 180) {
    ctx.warn(kConeClamped,
             "a spot light's <falloff_angle> above 180 degrees is read as 180, the "
             "widest cone glTF has; the original is kept in its extras",
             body.child("falloff_angle"));
  }
  if ((t.type == LightType::kPoint || t.type == LightType::kSpot) &&
      (t.constant > 0 || t.linear > 0)) {
    ctx.warn(kApproximated,
             "glTF lights fall off with the square of the distance: a light's constant or linear "
             "attenuation is approximated by its brightness at unit distance; the originals are "
             "kept in its extras",
             &body);
  }
}

// The <ambient>, <directional>, <point> or <spot> of the light's <technique_common>, its type in
// `type`; nullptr for none.
const Element* light_body(const Element& light, LightType* type) {
  const Element* common = light.child("technique_common");
  if (common == nullptr) return nullptr;
  for (auto [name, t] :
       {std::pair{"ambient", LightType::kAmbient},
        std::pair{"directional", LightType::kDirectional}, std::pair{"point", LightType::kPoint},
        std::pair{"spot", LightType::kSpot}}) {
    if (const Element* body = common->child(name)) {
      *type = t;
      return body;
    }
  }
  return nullptr;
}

// The light in glTF's terms; empty, with a warning, when it is skipped.
std::optional<Light> read_light(ReadContext& ctx, const Element& light, std::string_view id) {
  std::string skipped = cat("<light id=\"", id, "\"> is skipped: ");
  const Element* common = light.child("technique_common");
  ColladaLightTerms terms;
  const Element* body = light_body(light, &terms.type);
  if (body == nullptr) {
    ctx.warn(kNoCommon,
             cat(skipped,
                 "it has no <technique_common> <ambient>, <directional>, <point> or "
                 "<spot>"),
             common != nullptr ? common : &light);
    return std::nullopt;
  }
  if (std::optional<Fault> fault = read_terms(*body, &terms)) {
    ctx.warn(kInvalid, cat(skipped, fault->what), fault->at != nullptr ? fault->at : body);
    return std::nullopt;
  }
  warn_approximations(ctx, *body, terms);
  Light out = light_from_collada(terms, read_polyxios(ctx, light));
  if (const std::string_view* name = light.find_attr("name"); name && !name->empty()) {
    out.name = std::string(*name);
  }
  return out;
}

}  // namespace

std::optional<ColladaLightTerms> light_terms(const Element& light) {
  ColladaLightTerms terms;
  const Element* body = light_body(light, &terms.type);
  if (body == nullptr || read_terms(*body, &terms)) return std::nullopt;
  return terms;
}

void read_lights(ReadContext& ctx) {
  HashSet<std::string_view> seen;
  for (const Element& library : ctx.doc.root()->children()) {
    if (library.name != "library_lights") continue;
    for_each_child(library, "light", [&](const Element& light) {
      const std::string_view* id = light.find_attr("id");
      if (id == nullptr || id->empty()) return;  // no <instance_light> can name it
      // The first light of an id is the one an <instance_light> resolves to.
      if (!seen.insert(*id).second) {
        ctx.warn(kDuplicate, cat("a second <light id=\"", *id, "\"> is skipped"), &light);
        return;
      }
      if (std::optional<Light> read = read_light(ctx, light, *id)) {
        read->collada_id = cat(ctx.key_prefix, *id);
        Scene& scene = ctx.scene;
        if (scene.lights.empty() && scene.cameras.empty()) scene.lights_first = true;
        scene.lights.push_back(*std::move(read));
      }
    });
  }
}

}  // namespace px::collada
