#include "formats/collada/write/light_writer.h"

#include <string>

#include "engine/strings.h"
#include "formats/collada/write/xml_names.h"
#include "polyxios/hash_containers.h"
#include "polyxios/scene/light.h"

namespace px::collada {
namespace {

constexpr std::string_view kDropped = "collada.write.light-dropped";

// What makes two lights given inline the same <light>.
std::string inline_key(const std::string& name, const ColladaLight& l) {
  const ColladaLightTerms& t = l.terms;
  return cat(name, '\n', static_cast<int>(t.type), ' ', t.color[0], ' ', t.color[1], ' ',
             t.color[2], ' ', t.constant, ' ', t.linear, ' ', t.quadratic, ' ', t.falloff_angle,
             ' ', t.falloff_exponent, ' ', l.extra.intensity.value_or(-1), ' ',
             l.extra.range.value_or(-1));
}

void write_light(const LightsPlan::Entry& entry, XmlWriter& xml) {
  const ColladaLightTerms& t = entry.light.terms;
  xml.open("light");
  xml.attr("id", entry.id);
  if (!entry.name.empty()) xml.attr("name", entry.name);
  xml.open("technique_common");
  // The element names are literals: the writer keeps them by view.
  switch (t.type) {
    case LightType::kAmbient:
      xml.open("ambient");
      break;
    case LightType::kDirectional:
      xml.open("directional");
      break;
    case LightType::kPoint:
      xml.open("point");
      break;
    case LightType::kSpot:
      xml.open("spot");
      break;
  }
  xml.open("color");
  if (entry.animated_color) xml.attr("sid", "color");
  xml.numbers(t.color);
  xml.close();
  if (t.type == LightType::kPoint || t.type == LightType::kSpot) {
    xml.number_element("constant_attenuation", t.constant);
    xml.number_element("linear_attenuation", t.linear);
    xml.number_element("quadratic_attenuation", t.quadratic);
  }
  if (t.type == LightType::kSpot) {
    xml.number_element("falloff_angle", t.falloff_angle,
                       entry.animated_falloff_angle ? "falloff_angle" : "");
    xml.number_element("falloff_exponent", t.falloff_exponent,
                       entry.animated_falloff_exponent ? "falloff_exponent" : "");
  }
  xml.close();
  xml.close();
  const PolyxiosLightTerms& extra = entry.light.extra;
  if (extra.intensity || extra.range) {
    xml.open("extra");
    xml.open("technique");
    xml.attr("profile", "polyxios");
    if (extra.intensity) xml.number_element("intensity", *extra.intensity);
    if (extra.range) xml.number_element("range", *extra.range);
    xml.close();
    xml.close();
  }
  xml.close();
}

// Plans the document's lights: those the scene defines by id, each whether or not a node shows
// it (so that a COLLADA document keeps its library), and those nodes carry inline.
class LightPlanner {
 public:
  LightPlanner(WritePlan& plan, Diagnostics& diagnostics)
      : out_(plan.lights), diagnostics_(diagnostics) {}

  // The entry of a light, -1 when it is left out; id is "" for a light given inline.
  int add(const Light& given, const std::string& id) {
    if (!id.empty()) {
      if (auto it = by_key_.find(cat("#", id)); it != by_key_.end()) return it->second;
    }
    LightRead read = check_light(given);
    if (!read.light) {
      diagnostics_.warn(kDropped, cat("a light is left out: ", read.fault));
      return remember(cat("#", id), id, -1);
    }
    for (const std::string& fix : read.fixes) {
      diagnostics_.warn("collada.write.light-fixed", cat("a light: ", fix));
    }
    if (!extras_without_originals(read.light->extras).is_null()) {
      diagnostics_.warn("collada.write.light-extras-dropped",
                        "a light's extras are left out: COLLADA's <light> has no place for them");
    }
    ColladaLight light = collada_terms(*read.light);
    std::string key = id.empty() ? inline_key(read.light->name, light) : cat("#", id);
    if (auto it = by_key_.find(key); it != by_key_.end()) return it->second;
    out_.lights.push_back({"", read.light->name, light});
    own_ids_.push_back(id);
    return remember(std::move(key), id, static_cast<int>(out_.lights.size()) - 1);
  }

  // Own ids first, so that a generated one never takes an id a later light holds.
  void give_ids(IdRegistry& ids) {
    for (size_t e = 0; e < out_.lights.size(); ++e) {
      if (!own_ids_[e].empty() && ids.reserve(own_ids_[e])) out_.lights[e].id = own_ids_[e];
    }
    for (LightsPlan::Entry& entry : out_.lights) {
      if (entry.id.empty()) entry.id = ids.unique(to_ncname(entry.name, "light"));
    }
  }

 private:
  int remember(std::string key, const std::string& id, int entry) {
    if (!id.empty() || entry >= 0) by_key_.emplace(std::move(key), entry);
    return entry;
  }

  LightsPlan& out_;
  Diagnostics& diagnostics_;
  HashMap<std::string, int> by_key_;  // "#" + a light's id, or an inline light's terms
  std::vector<std::string> own_ids_;  // per entry: the id it was named by, "" when inline
};

}  // namespace

absl::Status plan_lights(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics) {
  LightsPlan& out = plan.lights;
  out.node_light.assign(scene.nodes.size(), -1);
  LightPlanner planner(plan, diagnostics);
  for (const Light& light : scene.lights) {
    if (light.collada_id) planner.add(light, *light.collada_id);
  }
  for (size_t i = 0; i < scene.nodes.size(); ++i) {
    const NodePlan& node = plan.nodes.nodes[i];
    if (!node.written || node.copy_of >= 0) continue;  // a copy instances its original's
    const Node& shown = scene.nodes[i];
    if (shown.unresolved_light) {
      diagnostics.warn(kDropped, cat("a node's light '", *shown.unresolved_light,
                                     "' is left out: the scene defines no such light"));
      continue;
    }
    if (shown.light < 0 || static_cast<size_t>(shown.light) >= scene.lights.size()) continue;
    const Light& light = scene.lights[shown.light];
    out.node_light[i] = planner.add(light, light.collada_id.value_or(""));
  }
  planner.give_ids(plan.ids);
  return absl::OkStatus();
}

void write_lights(const WritePlan& plan, XmlWriter& xml) {
  if (plan.lights.lights.empty()) return;
  xml.open("library_lights");
  for (const LightsPlan::Entry& entry : plan.lights.lights) write_light(entry, xml);
  xml.close();
}

void write_instance_light(const WritePlan& plan, int node, XmlWriter& xml) {
  const std::vector<int>& of_node = plan.lights.node_light;
  const int light = static_cast<size_t>(node) < of_node.size() ? of_node[node] : -1;
  if (light < 0) return;
  xml.open("instance_light");
  xml.attr("url", cat("#", plan.lights.lights[light].id));
  xml.close();
}

}  // namespace px::collada
