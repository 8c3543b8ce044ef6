#include "python/src/scene_dicts.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "polyxios/scene/animation.h"
#include "polyxios/scene/camera.h"
#include "polyxios/scene/light.h"
#include "python/src/values.h"

namespace px::python {
namespace {

py::list int_list(const std::vector<int>& values) {
  py::list list;
  for (int v : values) list.append(v);
  return list;
}

py::dict asset_dict(const Asset& asset, py::handle base) {
  py::dict out;
  for (AssetField field : asset.order) {
    const py::str key = text(asset_field_name(field));
    if (field != AssetField::kUnit) {
      out[key] = text(*asset.text(field));
      continue;
    }
    if (asset.unit->spelled) {
      out[key] = to_python(*asset.unit->spelled, base);
      continue;
    }
    py::dict unit;
    if (asset.unit->name) unit["name"] = text(*asset.unit->name);
    if (asset.unit->meter) unit["meter"] = *asset.unit->meter;
    out[key] = std::move(unit);
  }
  return out;
}

py::object column_object(const Column& column, py::handle base) {
  return to_python("values", Value(column), base);
}

py::dict target_dict(const AnimationTarget& target, bool node_optional) {
  py::dict out;
  if (target.node >= 0 || !node_optional) out["node"] = target.node;
  out["path"] = text(target.path_name());
  if (target.sid) out["sid"] = text(*target.sid);
  if (!target.member.empty()) out["member"] = text(target.member);
  if (!target.pointer.empty()) out["pointer"] = text(target.pointer);
  return out;
}

py::dict sampler_dict(const AnimationSampler& sampler, py::handle base) {
  py::dict out;
  out["times"] = column_object(sampler.times, base);
  out["values"] = column_object(sampler.values, base);
  out["interpolation"] = text(sampler.interpolation);
  if (!sampler.interpolations.empty()) {
    py::list names;
    for (const std::string& name : sampler.interpolations) names.append(text(name));
    out["interpolations"] = std::move(names);
  }
  if (sampler.in_tangents) out["in_tangents"] = column_object(*sampler.in_tangents, base);
  if (sampler.out_tangents) out["out_tangents"] = column_object(*sampler.out_tangents, base);
  if (sampler.extras) out["extras"] = to_python("extras", *sampler.extras, base);
  return out;
}

// {"variants": [name, ...], "mappings": [{"mesh", "material", "mappings": [{"material",
// "variants", "name" (when the document gives one)}, ...]}, ...]}.
py::dict variants_dict(const MaterialVariants& variants) {
  py::list names;
  for (const std::string& name : variants.names) names.append(text(name));
  py::list primitives;
  for (const PrimitiveVariants& p : variants.primitives) {
    py::list mappings;
    for (const VariantMapping& m : p.mappings) {
      py::dict mapping;
      mapping["material"] = m.material;
      mapping["variants"] = int_list(m.variants);
      if (m.name) mapping["name"] = text(*m.name);
      mappings.append(std::move(mapping));
    }
    py::dict primitive;
    primitive["mesh"] = p.mesh;
    primitive["material"] = p.material;
    primitive["mappings"] = std::move(mappings);
    primitives.append(std::move(primitive));
  }
  py::dict out;
  out["variants"] = std::move(names);
  out["mappings"] = std::move(primitives);
  return out;
}

// A COLLADA read's {"kind", "sid" (when spelled), "values"} per transform element.
py::list transforms_list(const std::vector<TransformElement>& elements) {
  py::list list;
  for (const TransformElement& e : elements) {
    py::dict entry;
    entry["kind"] = text(e.kind);
    if (e.has_sid()) entry["sid"] = text(e.sid);
    py::list values;
    for (double v : e.values) values.append(v);
    entry["values"] = std::move(values);
    list.append(std::move(entry));
  }
  return list;
}

// A COLLADA read's cameras or lights by id, in the order read; none when it has none.
template <class Item, class ToPython>
std::optional<py::dict> by_collada_id(const std::vector<Item>& items, ToPython to_python_of) {
  py::dict out;
  for (const Item& item : items) {
    if (item.collada_id) out[text(*item.collada_id)] = to_python_of(item);
  }
  if (out.empty()) return std::nullopt;
  return out;
}

// What a node shows of the scene's cameras or lights: a COLLADA read's id (resolved or not), a
// glTF read's object; none for nothing.
template <class Item, class ToPython>
std::optional<py::object> shown(const std::vector<Item>& items, int index,
                                const std::optional<std::string>& unresolved,
                                ToPython to_python_of) {
  if (unresolved) return text(*unresolved);
  if (index < 0 || static_cast<size_t>(index) >= items.size()) return std::nullopt;
  const Item& item = items[index];
  if (item.collada_id) return text(*item.collada_id);
  return to_python_of(item);
}

}  // namespace

// A glTF read's skin is its glTF object with its matrices decoded; a COLLADA read's is
// {"name", "joints", "inverse_bind_matrices", "bind_shape_matrix", "skeleton"}, the last two when
// the skin has them. Matrices come out (joints, 4, 4) and (4, 4).
py::dict skin_dict(const Skin& skin, py::handle base) {
  py::dict out;
  if (skin.gltf_object) {
    out = to_python(*skin.gltf_object, base);
  } else {
    if (skin.name) out["name"] = text(*skin.name);
    out["joints"] = int_list(skin.joints);
  }
  // The matrices take the shapes values.cc gives columns under these keys.
  if (skin.inverse_bind_matrices) {
    out["inverse_bind_matrices"] =
        to_python("inverse_bind_matrices", Value(*skin.inverse_bind_matrices), base);
  }
  if (skin.bind_shape_matrix) {
    out["bind_shape_matrix"] = to_python("bind_shape_matrix", Value(*skin.bind_shape_matrix), base);
  }
  if (!skin.gltf_object && skin.skeleton >= 0) out["skeleton"] = skin.skeleton;
  return out;
}

// The dict each reader made of an animation: {"name", "clip" ({"start", "end"}, a COLLADA clip's),
// "channels" ({"sampler", "target": {"node", "path", "sid", "member", "pointer"}, "extras"}),
// "samplers" ({"times", "values", "interpolation", "interpolations", "in_tangents",
// "out_tangents", "extras"}), "extras"}, each key only when the animation has it (a COLLADA read's
// "name" and "node" always).
py::dict animation_dict(const Animation& animation, py::handle base) {
  py::dict out;
  if (animation.name) out["name"] = text(*animation.name);
  if (animation.clip) {
    py::dict clip;
    clip["start"] = animation.clip->start;
    clip["end"] = animation.clip->end;
    out["clip"] = std::move(clip);
  }
  py::list channels;
  for (const AnimationChannel& c : animation.channels) {
    py::dict channel;
    channel["sampler"] = c.sampler;
    channel["target"] = target_dict(c.target, animation.nodes_optional);
    if (c.extras) channel["extras"] = to_python("extras", *c.extras, base);
    channels.append(std::move(channel));
  }
  out["channels"] = std::move(channels);
  py::list samplers;
  for (const std::optional<AnimationSampler>& s : animation.samplers) {
    if (s) {
      samplers.append(sampler_dict(*s, base));
    } else {
      samplers.append(py::none());
    }
  }
  out["samplers"] = std::move(samplers);
  if (animation.extras) out["extras"] = to_python("extras", *animation.extras, base);
  return out;
}

// A COLLADA read's camera as glTF's camera object: {"name" (when it has one), "type", and its
// projection's {"aspectRatio", "yfov", "zfar", "znear"} or {"xmag", "ymag", "zfar", "znear"}, each
// when given}; a glTF read's is its object as the document spells it.
py::dict camera_dict(const Camera& camera, py::handle base) {
  if (camera.gltf_object) return to_python(*camera.gltf_object, base);
  py::dict out;
  if (camera.name) out["name"] = text(*camera.name);
  const std::string_view kind = camera_type_name(camera.type);
  out["type"] = text(kind);
  py::dict body;
  for (std::string_view term : {"aspectRatio", "yfov", "xmag", "ymag", "zfar", "znear"}) {
    if (std::optional<double> v = camera.term(term)) body[text(term)] = *v;
  }
  out[text(kind)] = std::move(body);
  if (camera.extras) out["extras"] = to_python("extras", *camera.extras, base);
  return out;
}

py::object light_object(const Light& light, py::handle base) {
  return to_python("light", light_value(light), base);
}

// "asset" first, as both readers set it; a COLLADA read's "cameras" and "lights" next (in the
// order its documents gave their first), then the other scene attributes, then a glTF read's
// "material_variants", then both "skins" and "animations".
py::dict global_attrs_dict(const Scene& scene, py::handle base) {
  py::dict out;
  if (!scene.asset.empty()) out["asset"] = asset_dict(scene.asset, base);
  std::optional<py::dict> cameras =
      by_collada_id(scene.cameras, [&](const Camera& c) { return camera_dict(c, base); });
  std::optional<py::dict> lights =
      by_collada_id(scene.lights, [&](const Light& l) { return light_object(l, base); });
  if (lights && scene.lights_first) out["lights"] = *lights;
  if (cameras) out["cameras"] = *cameras;
  if (lights && !scene.lights_first) out["lights"] = *lights;
  for (const auto& [key, value] : scene.global_attrs) out[text(key)] = to_python(key, value, base);
  if (!scene.material_variants.empty()) {
    out["material_variants"] = variants_dict(scene.material_variants);
  }
  if (!scene.skins.empty()) {
    py::list skins;
    for (const Skin& skin : scene.skins) skins.append(skin_dict(skin, base));
    out["skins"] = std::move(skins);
  }
  if (!scene.animations.empty()) {
    py::list animations;
    for (const Animation& animation : scene.animations) {
      animations.append(animation_dict(animation, base));
    }
    out["animations"] = std::move(animations);
  }
  return out;
}

// A COLLADA read's "id", "sid" and "type" first, its "camera" and "light" ids next (in the order
// its instances came), then its "transforms" (set once its children are read) and its "skin"
// (bound once the tree is read). A glTF read's "camera" (its object) first, then its "extras" and
// its "light" (its object), with its "skin" before them.
py::dict node_extras_dict(const Scene& scene, const Node& node, py::handle base) {
  py::dict out;
  if (node.collada_id) out["id"] = text(*node.collada_id);
  if (node.sid) out["sid"] = text(*node.sid);
  if (node.joint) out["type"] = text("JOINT");
  std::optional<py::object> camera =
      shown(scene.cameras, node.camera, node.unresolved_camera,
            [&](const Camera& c) -> py::object { return camera_dict(c, base); });
  std::optional<py::object> light = shown(scene.lights, node.light, node.unresolved_light,
                                          [&](const Light& l) { return light_object(l, base); });
  std::vector<std::pair<std::string, py::object>> entries;
  if (light && node.light_first) entries.emplace_back("light", *light);
  if (camera) entries.emplace_back("camera", *camera);
  for (const auto& [key, value] : node.extras)
    entries.emplace_back(key, to_python(key, value, base));
  if (light && !node.light_first) entries.emplace_back("light", *light);
  // The skin comes before a glTF read's "extras" and light, as that reader set it; else last.
  bool placed = node.skin < 0;
  for (auto& [key, value] : entries) {
    if (!placed && (key == "extras" || (key == "light" && py::isinstance<py::dict>(value)))) {
      out["skin"] = node.skin;
      placed = true;
    }
    out[text(key)] = std::move(value);
  }
  if (!node.transforms.empty()) out["transforms"] = transforms_list(node.transforms);
  if (!placed) out["skin"] = node.skin;
  return out;
}

// "shading" first: a COLLADA read's material has no other extras, a glTF read sets it (for
// KHR_materials_unlit) before keeping the material's "extras".
py::dict material_extras_dict(const Material& material, py::handle base) {
  py::dict out;
  if (material.shading != Shading::kUnset) out["shading"] = text(shading_name(material.shading));
  for (const auto& [key, value] : material.extras) out[text(key)] = to_python(key, value, base);
  return out;
}

}  // namespace px::python
