#include "formats/collada/write/light_writer.h"

#include <string>

#include "engine/hash_containers.h"
#include "engine/strings.h"
#include "formats/collada/write/xml_names.h"
#include "model/light.h"

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

void number_element(XmlWriter& xml, std::string_view name, double value) {
  xml.open(name);
  xml.number(value);
  xml.close();
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
  xml.numbers(t.color);
  xml.close();
  if (t.type == LightType::kPoint || t.type == LightType::kSpot) {
    number_element(xml, "constant_attenuation", t.constant);
    number_element(xml, "linear_attenuation", t.linear);
    number_element(xml, "quadratic_attenuation", t.quadratic);
  }
  if (t.type == LightType::kSpot) {
    number_element(xml, "falloff_angle", t.falloff_angle);
    number_element(xml, "falloff_exponent", t.falloff_exponent);
  }
  xml.close();
  xml.close();
  const PolyxiosLightTerms& extra = entry.light.extra;
  if (extra.intensity || extra.range) {
    xml.open("extra");
    xml.open("technique");
    xml.attr("profile", "polyxios");
    if (extra.intensity) number_element(xml, "intensity", *extra.intensity);
    if (extra.range) number_element(xml, "range", *extra.range);
    xml.close();
    xml.close();
  }
  xml.close();
}

}  // namespace

absl::Status plan_lights(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics) {
  LightsPlan& out = plan.lights;
  out.node_light.assign(scene.nodes.size(), -1);
  HashMap<std::string, int> by_key;  // "#" + a light's id, or an inline light's terms
  std::vector<std::string> own_ids;  // per entry: the id it was named by, "" when inline
  for (size_t i = 0; i < scene.nodes.size(); ++i) {
    const NodePlan& node = plan.nodes.nodes[i];
    if (!node.written || node.copy_of >= 0) continue;  // a copy instances its original's
    if (find_value(scene.nodes[i].extras, "light") == nullptr) continue;
    std::string id;
    const Value* named = node_light(scene, scene.nodes[i], &id);
    if (named == nullptr) {
      diagnostics.warn(kDropped, cat("a node's light '", id,
                                     "' is left out: the scene defines no such light"));
      continue;
    }
    LightRead read = read_light(*named);
    if (!read.light) {
      diagnostics.warn(kDropped, cat("a node's light is left out: ", read.fault));
      continue;
    }
    for (const std::string& fix : read.fixes) {
      diagnostics.warn("collada.write.light-fixed", cat("a node's light: ", fix));
    }
    if (!extras_without_originals(read.light->extras).is_null()) {
      diagnostics.warn("collada.write.light-extras-dropped",
                       "a light's extras are left out: COLLADA's <light> has no place for them");
    }
    ColladaLight light = collada_terms(*read.light);
    std::string key = id.empty() ? inline_key(read.light->name, light) : cat("#", id);
    auto [it, inserted] = by_key.try_emplace(std::move(key), out.lights.size());
    if (inserted) {
      out.lights.push_back({"", read.light->name, light});
      own_ids.push_back(id);
    }
    out.node_light[i] = it->second;
  }
  // Own ids first, so that a generated one never takes an id a later light holds.
  for (size_t e = 0; e < out.lights.size(); ++e) {
    if (!own_ids[e].empty() && plan.ids.reserve(own_ids[e])) out.lights[e].id = own_ids[e];
  }
  for (LightsPlan::Entry& entry : out.lights) {
    if (entry.id.empty()) entry.id = plan.ids.unique(to_ncname(entry.name, "light"));
  }
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
