#include "formats/collada/write/morph_writer.h"

#include <algorithm>
#include <cmath>

#include "engine/strings.h"
#include "formats/collada/write/xml_names.h"

namespace px::collada {
namespace {

constexpr std::string_view kMorphDropped = "collada.write.morph-dropped";
constexpr std::string_view kAttributeDropped = "collada.write.morph-attribute-dropped";

bool finite(const Column& c) {
  for (size_t r = 0; r < c.rows; ++r) {
    for (size_t k = 0; k < c.cols; ++k) {
      if (!std::isfinite(c.get(r, k))) return false;
    }
  }
  return true;
}

const Column* base_normals(const Mesh& mesh) {
  const NamedColumn* n = mesh.find_point_data("normals");
  return n != nullptr && n->column.cols == 3 && n->column.rows == mesh.num_points() ? &n->column
                                                                                    : nullptr;
}

// Why the mesh's targets cannot be written; empty when they can.
std::string why_not(const Mesh& mesh) {
  if (!mesh.morph_targets_valid()) {
    return "its targets are not one float row of 3 per vertex, or its default weights not one "
           "per target";
  }
  if (mesh.points.cols != 3 || !finite(mesh.points)) return "its positions are not finite xyz";
  for (double w : mesh.morph_weights) {
    if (!std::isfinite(w)) return "a default weight is not finite";
  }
  for (const MorphTarget& t : mesh.morph_targets) {
    if (!finite(t.positions) || !finite(t.normals)) return "a target holds NaN or Inf";
    for (const NamedColumn& d : t.point_data) {
      if (!finite(d.column)) return "a target holds NaN or Inf";
    }
  }
  return {};
}

std::string mesh_label(const Scene& scene, int mesh) {
  const Value* name = find_value(scene.meshes[mesh].global_attrs, "mesh_name");
  return name != nullptr && name->is_string() && !name->as_string().empty()
             ? cat("mesh '", name->as_string(), "'")
             : cat("mesh ", mesh);
}

// A <source> of one float accessor param per row of `cols` values.
template <class Values>
void float_source(XmlWriter& xml, const std::string& id, const std::string& array, size_t rows,
                  std::vector<std::string_view> params, Values&& values) {
  xml.open("source");
  xml.attr("id", id);
  xml.open("float_array");
  xml.attr("id", array);
  xml.attr("count", rows * params.size());
  values();
  xml.close();
  xml.open("technique_common");
  xml.open("accessor");
  xml.attr("source", cat("#", array));
  xml.attr("count", rows);
  xml.attr("stride", params.size());
  for (std::string_view p : params) {
    xml.open("param");
    xml.attr("name", p);
    xml.attr("type", "float");
    xml.close();
  }
  xml.close();
  xml.close();
  xml.close();
}

// base + difference, row by row, in the base's precision.
void write_sum(XmlWriter& xml, const Column& base, const Column& difference) {
  const bool float32 = base.holds<float>();
  for (size_t r = 0; r < base.rows; ++r) {
    for (size_t k = 0; k < 3; ++k) {
      const double v = base.get(r, k) + difference.get(r, k);
      if (float32) {
        xml.number(static_cast<float>(v));
      } else {
        xml.number(v);
      }
    }
  }
}

bool close(double a, double b) { return std::abs(a - b) <= 1e-5 * std::max(1.0, std::abs(a)); }

// A difference of target t, by the point_data name it moves; nullptr when t does not move it.
const Column* moved_by(const MorphTarget& t, std::string_view name) {
  const NamedColumn* d = find_column(t.point_data, name);
  return d == nullptr ? nullptr : &d->column;
}

// A base source's value (a scaled colour's in [0, 1]) plus target difference `d` (none: 0).
double moved_value(const GeometrySource& s, const Column* d, size_t r, size_t k) {
  return s.column->get(r, k) / s.scale + (d == nullptr ? 0.0 : d->get(r, k));
}

// Whether `candidate` holds the whole shape of target t of `mesh` (positions, normals and moved
// columns as they are written), within float tolerance: a target geometry a read took in as a
// mesh of its own, which the morph then names rather than writing the shape twice (so that a
// dae -> dae write is a fixed point).
bool holds_shape(const Mesh& candidate, const Mesh& mesh, const MorphTarget& t, bool normals,
                 const std::vector<MorphControllerPlan::Moved>& moved, const GeometryPlan& base) {
  for (const MorphControllerPlan::Moved& m : moved) {
    const GeometrySource& s = base.sources[m.source];
    const NamedColumn* c = candidate.find_point_data(m.name);
    if (c == nullptr || c->column.rows != mesh.num_points() || c->column.cols != s.width) {
      return false;
    }
    const Column* d = moved_by(t, m.name);
    for (size_t v = 0; v < mesh.num_points(); ++v) {
      for (size_t k = 0; k < s.width; ++k) {
        if (!close(c->column.get(v, k), moved_value(s, d, v, k))) return false;
      }
    }
  }
  if (candidate.num_points() != mesh.num_points() || candidate.points.cols != 3) return false;
  const Column* cn = normals ? base_normals(candidate) : nullptr;
  if (normals && cn == nullptr) return false;
  for (size_t v = 0; v < mesh.num_points(); ++v) {
    for (size_t k = 0; k < 3; ++k) {
      if (!close(candidate.points.get(v, k), mesh.points.get(v, k) + t.positions.get(v, k))) {
        return false;
      }
      if (normals &&
          !close(cn->get(v, k), base_normals(mesh)->get(v, k) + t.normals.get(v, k))) {
        return false;
      }
    }
  }
  return true;
}

// The columns the targets move that the base geometry writes as set 0 (a target geometry's
// <vertices> inputs take no set); the others are left out with a warning.
void plan_moved(const Mesh& mesh, const GeometryPlan& base, std::string_view label,
                MorphControllerPlan& c, Diagnostics& diagnostics) {
  std::vector<std::string_view> seen;
  for (const MorphTarget& t : mesh.morph_targets) {
    for (const NamedColumn& d : t.point_data) {
      if (std::find(seen.begin(), seen.end(), d.name) != seen.end()) continue;
      seen.push_back(d.name);
      const Column& column = mesh.find_point_data(d.name)->column;
      auto source = std::find_if(base.sources.begin(), base.sources.end(), [&](const auto& s) {
        return s.column == &column && s.set <= 0 && s.width == column.cols &&
               (s.semantic == "TEXCOORD" || s.semantic == "COLOR") &&
               (s.values == SourceValues::kColumn || s.values == SourceValues::kScaledColor);
      });
      if (source == base.sources.end()) {
        diagnostics.warn(kAttributeDropped,
                         cat(label, ": the morph targets' differences of '", d.name,
                             "' left out: the base geometry does not write it as set 0, the "
                             "only set a target geometry's <vertices> can hold"));
        continue;
      }
      c.moved.push_back({d.name, static_cast<size_t>(source - base.sources.begin())});
    }
  }
}

// Whether `weights` are the mesh's default weights.
bool same_weights(const std::vector<double>& weights, const Mesh& mesh) {
  for (size_t t = 0; t < weights.size(); ++t) {
    if (weights[t] != mesh.morph_weight(t)) return false;
  }
  return true;
}

// A variant of its mesh's controller for each node showing the mesh with default weights of its
// own; nodes whose weights cannot be written so show the mesh's, with a warning.
void plan_node_weights(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics) {
  MorphsPlan& out = plan.morphs;
  out.node_variant.assign(scene.nodes.size(), -1);
  const std::vector<int>& skinned = plan.controllers.node_controller;
  for (size_t n = 0; n < scene.nodes.size(); ++n) {
    const Node& node = scene.nodes[n];
    if (node.morph_weights.empty() || node.mesh < 0 ||
        static_cast<size_t>(node.mesh) >= scene.meshes.size()) {
      continue;
    }
    const Mesh& mesh = scene.meshes[node.mesh];
    if (node.morph_weights.size() == mesh.morph_targets.size() &&
        same_weights(node.morph_weights, mesh)) {
      continue;
    }
    const int index = out.mesh_morph[node.mesh];
    std::string why;
    if (index < 0) {
      why = "its mesh's morph targets are not written";
    } else if (node.morph_weights.size() != mesh.morph_targets.size() ||
               !all_finite(node.morph_weights)) {
      why = "they are not one finite number per morph target";
    } else if (n < skinned.size() && skinned[n] >= 0) {
      why = "the node's skin controller is over its mesh's one morph controller";
    }
    if (!why.empty()) {
      diagnostics.warn(
          "collada.write.node-weights-dropped",
          cat(node.name.empty() ? cat("node ", n) : cat("node '", node.name, "'"),
              ": its own default morph weights left out (", why, "); it shows its mesh's"));
      continue;
    }
    MorphControllerPlan& c = out.morphs[index];
    auto same = std::find_if(c.variants.begin(), c.variants.end(),
                             [&](const auto& v) { return v.weights == node.morph_weights; });
    if (same == c.variants.end()) {
      MorphControllerPlan::Variant& v = c.variants.emplace_back();
      v.weights = node.morph_weights;
      v.id = plan.ids.unique(cat(c.id, "-", c.variants.size()));
      v.targets_source = plan.ids.unique(cat(v.id, "-targets"));
      v.targets_array = plan.ids.unique(cat(v.targets_source, "-array"));
      v.weights_source = plan.ids.unique(cat(v.id, "-weights"));
      v.weights_array = plan.ids.unique(cat(v.weights_source, "-array"));
      same = c.variants.end() - 1;
    }
    out.node_variant[n] = static_cast<int>(same - c.variants.begin());
  }
}

// One <controller><morph> of c's targets under the given ids, with `weights` as its defaults.
void write_morph(const MorphControllerPlan& c, const WritePlan& plan, std::string_view id,
                 std::string_view targets_source, std::string_view targets_array,
                 const std::string& weights_source, const std::string& weights_array,
                 const std::vector<double>& weights, XmlWriter& xml) {
  const size_t n = c.targets.size();
  xml.open("controller");
  xml.attr("id", id);
  xml.open("morph");
  xml.attr("source", cat("#", plan.geometries.geometries[c.mesh].id));
  xml.attr("method", "NORMALIZED");
  xml.open("source");
  xml.attr("id", targets_source);
  xml.open("IDREF_array");
  xml.attr("id", targets_array);
  xml.attr("count", n);
  for (size_t t = 0; t < n; ++t) {
    if (t > 0) xml.text(" ");
    xml.text(c.targets[t].geometry);
  }
  xml.close();
  xml.open("technique_common");
  xml.open("accessor");
  xml.attr("source", cat("#", targets_array));
  xml.attr("count", n);
  xml.attr("stride", size_t{1});
  xml.open("param");
  xml.attr("name", "MORPH_TARGET");
  xml.attr("type", "IDREF");
  xml.close();
  xml.close();
  xml.close();
  xml.close();  // source
  float_source(xml, weights_source, weights_array, n, {"MORPH_WEIGHT"}, [&] {
    for (size_t t = 0; t < n; ++t) xml.number(t < weights.size() ? weights[t] : 0.0);
  });
  xml.open("targets");
  xml.open("input");
  xml.attr("semantic", "MORPH_TARGET");
  xml.attr("source", cat("#", targets_source));
  xml.close();
  xml.open("input");
  xml.attr("semantic", "MORPH_WEIGHT");
  xml.attr("source", cat("#", weights_source));
  xml.close();
  xml.close();  // targets
  xml.close();  // morph
  xml.close();  // controller
}

}  // namespace

absl::Status plan_morphs(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics) {
  MorphsPlan& out = plan.morphs;
  out.mesh_morph.assign(scene.meshes.size(), -1);
  const std::vector<GeometryPlan>& geometries = plan.geometries.geometries;
  for (size_t m = 0; m < scene.meshes.size(); ++m) {
    const Mesh& mesh = scene.meshes[m];
    if (mesh.morph_targets.empty()) continue;
    if (m >= geometries.size() || geometries[m].id.empty()) continue;  // not written
    const std::string label = mesh_label(scene, static_cast<int>(m));
    if (std::string why = why_not(mesh); !why.empty()) {
      diagnostics.warn(kMorphDropped, cat(label, ": morph targets left out: ", why,
                                          "; its nodes instance the base geometry"));
      continue;
    }
    MorphControllerPlan c;
    c.mesh = static_cast<int>(m);
    c.id = plan.ids.unique(cat(geometries[m].id, "-morph"));
    c.normals = base_normals(mesh) != nullptr;
    for (const MorphTarget& t : mesh.morph_targets) c.normals = c.normals && !t.normals.empty();
    plan_moved(mesh, geometries[m], label, c, diagnostics);
    std::vector<bool> taken(scene.meshes.size(), false);
    taken[m] = true;
    for (size_t t = 0; t < mesh.morph_targets.size(); ++t) {
      const std::string& name = mesh.morph_targets[t].name;
      MorphControllerPlan::Target& target = c.targets.emplace_back();
      int shape = -1;
      for (size_t j = 0; j < scene.meshes.size() && shape < 0; ++j) {
        if (!taken[j] && j < geometries.size() && !geometries[j].id.empty() &&
            scene.meshes[j].morph_targets.empty() &&
            holds_shape(scene.meshes[j], mesh, mesh.morph_targets[t], c.normals, c.moved,
                        geometries[m])) {
          shape = static_cast<int>(j);
        }
      }
      if (shape >= 0) {
        taken[shape] = true;
        target.geometry = geometries[shape].id;
        target.reused = true;
        continue;
      }
      target.geometry = plan.ids.unique(
          name.empty() ? cat(geometries[m].id, "-target-", t) : to_ncname(name, "target"));
      target.positions = plan.ids.unique(cat(target.geometry, "-positions"));
      target.positions_array = plan.ids.unique(cat(target.positions, "-array"));
      if (c.normals) {
        target.normals = plan.ids.unique(cat(target.geometry, "-normals"));
        target.normals_array = plan.ids.unique(cat(target.normals, "-array"));
      }
      for (const MorphControllerPlan::Moved& moved : c.moved) {
        target.moved_sources.push_back(plan.ids.unique(cat(target.geometry, "-", moved.name)));
        target.moved_arrays.push_back(plan.ids.unique(cat(target.moved_sources.back(), "-array")));
      }
      target.vertices = plan.ids.unique(cat(target.geometry, "-vertices"));
    }
    c.targets_source = plan.ids.unique(cat(c.id, "-targets"));
    c.targets_array = plan.ids.unique(cat(c.targets_source, "-array"));
    c.weights_source = plan.ids.unique(cat(c.id, "-weights"));
    c.weights_array = plan.ids.unique(cat(c.weights_source, "-array"));
    out.mesh_morph[m] = static_cast<int>(out.morphs.size());
    out.morphs.push_back(std::move(c));
  }
  plan_node_weights(scene, plan, diagnostics);
  return absl::OkStatus();
}

void write_morph_geometries(const Scene& scene, const WritePlan& plan, XmlWriter& xml) {
  bool any = false;
  for (const MorphControllerPlan& c : plan.morphs.morphs) {
    for (const MorphControllerPlan::Target& t : c.targets) any = any || !t.reused;
  }
  if (!any) return;
  xml.open("library_geometries");
  for (const MorphControllerPlan& c : plan.morphs.morphs) {
    const Mesh& mesh = scene.meshes[c.mesh];
    for (size_t t = 0; t < c.targets.size(); ++t) {
      const MorphControllerPlan::Target& target = c.targets[t];
      const MorphTarget& morph = mesh.morph_targets[t];
      if (target.reused) continue;
      xml.open("geometry");
      xml.attr("id", target.geometry);
      if (!morph.name.empty()) xml.attr("name", morph.name);
      xml.open("mesh");
      float_source(xml, target.positions, target.positions_array, mesh.num_points(),
                   {"X", "Y", "Z"}, [&] { write_sum(xml, mesh.points, morph.positions); });
      if (c.normals) {
        float_source(xml, target.normals, target.normals_array, mesh.num_points(),
                     {"X", "Y", "Z"},
                     [&] { write_sum(xml, *base_normals(mesh), morph.normals); });
      }
      const GeometryPlan& base = plan.geometries.geometries[c.mesh];
      for (size_t i = 0; i < c.moved.size(); ++i) {
        const GeometrySource& s = base.sources[c.moved[i].source];
        const Column* d = moved_by(morph, c.moved[i].name);
        std::vector<std::string_view> params;
        for (size_t k = 0; k < s.width; ++k) params.push_back(s.params.substr(k, 1));
        float_source(xml, target.moved_sources[i], target.moved_arrays[i], mesh.num_points(),
                     params, [&] {
                       for (size_t r = 0; r < mesh.num_points(); ++r) {
                         for (size_t k = 0; k < s.width; ++k) {
                           xml.number(static_cast<float>(moved_value(s, d, r, k)));
                         }
                       }
                     });
      }
      xml.open("vertices");
      xml.attr("id", target.vertices);
      xml.open("input");
      xml.attr("semantic", "POSITION");
      xml.attr("source", cat("#", target.positions));
      xml.close();
      if (c.normals) {
        xml.open("input");
        xml.attr("semantic", "NORMAL");
        xml.attr("source", cat("#", target.normals));
        xml.close();
      }
      for (size_t i = 0; i < c.moved.size(); ++i) {
        xml.open("input");
        xml.attr("semantic", base.sources[c.moved[i].source].semantic);
        xml.attr("source", cat("#", target.moved_sources[i]));
        xml.close();
      }
      xml.close();  // vertices
      xml.close();  // mesh
      xml.close();  // geometry
    }
  }
  xml.close();
}

void write_morph_controllers(const Scene& scene, const WritePlan& plan, XmlWriter& xml) {
  for (const MorphControllerPlan& c : plan.morphs.morphs) {
    const Mesh& mesh = scene.meshes[c.mesh];
    std::vector<double> weights(c.targets.size());
    for (size_t t = 0; t < weights.size(); ++t) weights[t] = mesh.morph_weight(t);
    write_morph(c, plan, c.id, c.targets_source, c.targets_array, c.weights_source, c.weights_array,
                weights, xml);
    for (const MorphControllerPlan::Variant& v : c.variants) {
      write_morph(c, plan, v.id, v.targets_source, v.targets_array, v.weights_source,
                  v.weights_array, v.weights, xml);
    }
  }
}

std::vector<MorphWeightChannel> morph_weight_channels(const WritePlan& plan, int node, int mesh,
                                                      const AnimationSampler& sampler,
                                                      std::string* why) {
  std::vector<MorphWeightChannel> out;
  const MorphControllerPlan* c = plan.morphs.of_mesh(mesh);
  if (c == nullptr) {
    *why = "its node shows no mesh whose morph targets are written";
    return out;
  }
  const size_t rows = sampler.interpolation == "CUBICSPLINE" ? 3 : 1;  // CUBICSPLINE: tangents
  if (sampler.values.cols != c->targets.size() ||
      sampler.values.rows != rows * sampler.times.rows || sampler.times.rows == 0) {
    *why = cat("its keys are not ", c->targets.size(), " weights per key time");
    return out;
  }
  for (size_t t = 0; t < c->targets.size(); ++t) {
    out.push_back({cat(plan.morphs.instanced(node, mesh).second, "(", t, ")"), t});
  }
  return out;
}

}  // namespace px::collada
