#include "formats/gltf/write/morph_targets.h"

#include <algorithm>
#include <cmath>

#include "engine/strings.h"
#include "formats/gltf/write/attribute_views.h"

namespace px::gltf {
namespace {

bool writes(const std::vector<AttributePlan>& attributes, std::string_view semantic) {
  return std::any_of(attributes.begin(), attributes.end(),
                     [semantic](const AttributePlan& a) { return a.semantic == semantic; });
}

// A target attribute: float rows of 3 written as they are, with min and max like POSITION's.
AttributePlan difference(std::string semantic, const Column& column) {
  return AttributePlan{std::move(semantic), AttributeKind::kPosition, &column, 3};
}

}  // namespace

MorphPlan plan_morph_targets(const Mesh& mesh, const std::vector<AttributePlan>& attributes,
                             std::string_view label, Diagnostics& diagnostics) {
  MorphPlan plan;
  if (mesh.morph_targets.empty()) return plan;
  if (!mesh.morph_targets_valid()) {
    diagnostics.warn("gltf.write.morph-targets-dropped",
                     cat(label, ": morph targets that are not one float row of 3 per vertex (or "
                                "default weights not one per target) are left out"));
    return plan;
  }
  bool normals = writes(attributes, "NORMAL");
  bool tangents = writes(attributes, "TANGENT");
  bool named = false;
  for (const MorphTarget& t : mesh.morph_targets) {
    normals = normals && !t.normals.empty();
    tangents = tangents && !t.tangents.empty();
    named = named || !t.name.empty();
  }
  for (const MorphTarget& t : mesh.morph_targets) {
    std::vector<AttributePlan>& target = plan.targets.emplace_back();
    target.push_back(difference("POSITION", t.positions));
    if (normals) target.push_back(difference("NORMAL", t.normals));
    if (tangents) target.push_back(difference("TANGENT", t.tangents));
    if (named) plan.names.push_back(t.name);
  }
  bool finite = std::all_of(mesh.morph_weights.begin(), mesh.morph_weights.end(),
                            [](double w) { return std::isfinite(w); });
  if (finite) {
    plan.weights = mesh.morph_weights;
  } else {
    diagnostics.warn("gltf.write.morph-targets-dropped",
                     cat(label, ": default morph weights that are not finite are left out (all 0)"));
  }
  return plan;
}

void add_morph_views(MorphPlan& plan, size_t vertices, const std::string& label, BinLayout& bin,
                     TaskThread& tasks) {
  for (std::vector<AttributePlan>& target : plan.targets) {
    add_attribute_views(target, vertices, label, bin, tasks);
  }
}

void write_targets_json(const MorphPlan& plan, JsonWriter& json) {
  if (plan.empty()) return;
  json.key("targets");
  json.start_array();
  for (const std::vector<AttributePlan>& target : plan.targets) {
    json.start_object();
    for (const AttributePlan& a : target) {
      json.key(a.semantic);
      json.integer(a.accessor);
    }
    json.end_object();
  }
  json.end_array();
}

void write_mesh_morph_json(const MorphPlan& plan, JsonWriter& json) {
  if (plan.empty()) return;
  if (!plan.weights.empty()) {
    json.key("weights");
    json.start_array();
    for (double w : plan.weights) json.number(w);
    json.end_array();
  }
  if (!plan.names.empty()) {
    json.key("extras");
    json.start_object();
    json.key("targetNames");
    json.start_array();
    for (const std::string& name : plan.names) json.string(name);
    json.end_array();
    json.end_object();
  }
}

}  // namespace px::gltf
