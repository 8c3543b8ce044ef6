#include "python/src/scene_parts_from_python.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "polyxios/scene/animation.h"
#include "polyxios/scene/camera.h"
#include "polyxios/scene/light.h"
#include "polyxios/scene/scene.h"
#include "python/src/scene_dicts.h"
#include "python/src/values.h"

namespace px::python {
namespace {

// The members of one dict (made by map_from_python), each read once with its type checked; an
// error names the member as `what['key']`.
class Members {
 public:
  Members(const ValueMap& map, std::string what) : map_(map), what_(std::move(what)) {}

  std::string label(std::string_view key) const { return what_ + "['" + std::string(key) + "']"; }
  const std::string& what() const { return what_; }
  bool has(std::string_view key) const { return find(key) != nullptr; }

  // The member, none when absent or None.
  const Value* find(std::string_view key) const {
    const Value* value = find_value(map_, key);
    return value == nullptr || value->is_null() ? nullptr : value;
  }
  std::optional<std::string> text(std::string_view key) const {
    const Value* value = find(key);
    if (value == nullptr) return std::nullopt;
    if (!value->is_string()) throw py::type_error(label(key) + " must be a str");
    return value->as_string();
  }
  std::optional<int64_t> integer(std::string_view key) const {
    const Value* value = find(key);
    if (value == nullptr) return std::nullopt;
    if (!value->is_int()) throw py::type_error(label(key) + " must be an int");
    return value->as_int();
  }
  std::optional<double> number(std::string_view key) const {
    const Value* value = find(key);
    if (value == nullptr) return std::nullopt;
    if (value->is_int()) return static_cast<double>(value->as_int());
    if (!value->is_double()) throw py::type_error(label(key) + " must be a number");
    return value->as_double();
  }
  const ValueArray* list(std::string_view key) const {
    const Value* value = find(key);
    if (value == nullptr) return nullptr;
    if (!value->is_array()) throw py::type_error(label(key) + " must be a list");
    return &value->as_array();
  }
  const ValueMap* dict(std::string_view key) const {
    const Value* value = find(key);
    if (value == nullptr) return nullptr;
    if (!value->is_map()) throw py::type_error(label(key) + " must be a dict");
    return &value->as_map();
  }
  // A float32 or float64 array of `cols` values per row (any cols when 0).
  std::optional<Column> floats(std::string_view key, size_t cols) const {
    const Value* value = find(key);
    if (value == nullptr) return std::nullopt;
    if (!value->is_column()) throw py::type_error(label(key) + " must be a numpy array");
    const Column& column = value->as_column();
    if (column.dtype != DType::kFloat32 && column.dtype != DType::kFloat64) {
      throw py::value_error(label(key) + " must hold float32 or float64 values");
    }
    if (cols != 0 && column.cols != cols) {
      throw py::value_error(label(key) + " must hold " + std::to_string(cols) +
                            " values per row, not " + std::to_string(column.cols));
    }
    if (!all_finite(column)) throw py::value_error(label(key) + " holds a NaN or an infinity");
    return column;
  }
  std::optional<Value> extras() const {
    const Value* value = find_value(map_, "extras");
    return value ? std::optional<Value>(*value) : std::nullopt;
  }

 private:
  const ValueMap& map_;
  std::string what_;
};

std::string entry(const std::string& what, size_t i) {
  return what + "[" + std::to_string(i) + "]";
}

// A node index: in range, or -1 where `none_allowed`.
int node_of(int64_t index, const Scene& scene, const std::string& label, bool none_allowed) {
  if ((index == -1 && none_allowed) ||
      (index >= 0 && static_cast<uint64_t>(index) < scene.nodes.size())) {
    return static_cast<int>(index);
  }
  throw py::index_error(label + ": node " + std::to_string(index) +
                        " is out of range: the scene has " + std::to_string(scene.nodes.size()) +
                        " nodes");
}

Skin skin_from(const ValueMap& map, const Scene& scene, const std::string& what) {
  static constexpr std::array<std::string_view, 5> kTyped = {
      "name", "joints", "inverse_bind_matrices", "bind_shape_matrix", "skeleton"};
  const Members m(map, what);
  Skin skin;
  skin.name = m.text("name");
  const ValueArray* joints = m.list("joints");
  if (joints == nullptr || joints->empty()) {
    throw py::value_error(m.label("joints") + " must list at least one node");
  }
  for (const Value& joint : *joints) {
    if (!joint.is_int()) throw py::type_error(m.label("joints") + " must hold ints");
    skin.joints.push_back(node_of(joint.as_int(), scene, m.label("joints"), true));
  }
  skin.inverse_bind_matrices = m.floats("inverse_bind_matrices", 16);
  if (skin.inverse_bind_matrices && skin.inverse_bind_matrices->rows != skin.joints.size()) {
    throw py::value_error(m.label("inverse_bind_matrices") + " must hold one matrix per joint (" +
                          std::to_string(skin.joints.size()) + "), not " +
                          std::to_string(skin.inverse_bind_matrices->rows));
  }
  // (4, 4) comes as 4 rows of 4, (16,) as 16 rows of 1: one row of 16 either way.
  skin.bind_shape_matrix = m.floats("bind_shape_matrix", 0);
  if (skin.bind_shape_matrix) {
    if (skin.bind_shape_matrix->size() != 16) {
      throw py::value_error(m.label("bind_shape_matrix") + " must be one (4, 4) matrix");
    }
    skin.bind_shape_matrix->rows = 1;
    skin.bind_shape_matrix->cols = 16;
  }
  if (std::optional<int64_t> skeleton = m.integer("skeleton")) {
    skin.skeleton = node_of(*skeleton, scene, m.label("skeleton"), true);
  }
  // Members beyond the typed ones are a glTF object's: kept as it, less the matrices (typed
  // above) and the accessor index a read document gave them.
  const bool more = std::any_of(map.begin(), map.end(), [](const auto& member) {
    return std::find(kTyped.begin(), kTyped.end(), member.first) == kTyped.end();
  });
  if (more) {
    ValueMap object;
    for (const auto& [key, value] : map) {
      if (key != "inverse_bind_matrices" && key != "bind_shape_matrix" &&
          key != "inverseBindMatrices") {
        object.emplace_back(key, value);
      }
    }
    skin.gltf_object = std::move(object);
  }
  return skin;
}

constexpr std::array<std::string_view, 7> kInterpolations = {
    "LINEAR", "STEP", "CUBICSPLINE", "BEZIER", "HERMITE", "CARDINAL", "BSPLINE"};

std::string interpolation_of(const Members& m, std::string_view key, std::string name) {
  if (std::find(kInterpolations.begin(), kInterpolations.end(), name) == kInterpolations.end()) {
    throw py::value_error(m.label(key) + " is '" + name +
                          "': one of LINEAR, STEP, CUBICSPLINE (glTF), BEZIER, HERMITE, "
                          "CARDINAL, BSPLINE (COLLADA)");
  }
  return name;
}

AnimationSampler sampler_from(const ValueMap& map, const std::string& what) {
  const Members m(map, what);
  AnimationSampler sampler;
  std::optional<Column> times = m.floats("times", 1);
  std::optional<Column> values = m.floats("values", 0);
  if (!times || times->rows == 0) throw py::value_error(m.label("times") + " must hold a key");
  if (!values) throw py::value_error(m.label("values") + " is missing");
  for (size_t k = 1; k < times->rows; ++k) {
    if (!(times->get(k, 0) > times->get(k - 1, 0))) {
      throw py::value_error(m.label("times") + " must rise strictly (key " + std::to_string(k) +
                            " does not)");
    }
  }
  sampler.times = *times;
  sampler.values = *values;
  sampler.interpolation =
      interpolation_of(m, "interpolation", m.text("interpolation").value_or("LINEAR"));
  const size_t rows_per_key = sampler.interpolation == "CUBICSPLINE" ? 3 : 1;
  if (values->rows != times->rows * rows_per_key) {
    throw py::value_error(
        m.label("values") + " must hold " +
        (rows_per_key == 3 ? "three rows per key (CUBICSPLINE), " : "a row per key, ") +
        std::to_string(times->rows * rows_per_key) + " rows, not " + std::to_string(values->rows));
  }
  if (const ValueArray* names = m.list("interpolations")) {
    if (names->size() != times->rows) {
      throw py::value_error(m.label("interpolations") + " must name one per key");
    }
    for (const Value& name : *names) {
      if (!name.is_string()) throw py::type_error(m.label("interpolations") + " must hold str");
      sampler.interpolations.push_back(interpolation_of(m, "interpolations", name.as_string()));
    }
  }
  for (auto [key, tangents] : {std::pair{"in_tangents", &sampler.in_tangents},
                               std::pair{"out_tangents", &sampler.out_tangents}}) {
    *tangents = m.floats(key, 0);
    if (*tangents && (*tangents)->rows != times->rows) {
      throw py::value_error(m.label(key) + " must hold a row per key");
    }
  }
  sampler.extras = m.extras();
  return sampler;
}

AnimationTarget target_from(const ValueMap& map, const Scene& scene, const std::string& what) {
  const Members m(map, what);
  AnimationTarget target;
  const std::string path = m.text("path").value_or("");
  target.path = target_path_named(path);
  if (target.path == TargetPath::kNone || target.path == TargetPath::kOther) {
    throw py::value_error(m.label("path") + " is '" + path +
                          "': one of translation, rotation, scale, weights, pointer, matrix, "
                          "lookat, skew");
  }
  target.pointer = m.text("pointer").value_or("");
  if ((target.path == TargetPath::kPointer) != !target.pointer.empty()) {
    throw py::value_error(m.label("pointer") +
                          " is given with path 'pointer', and only with it (a JSON pointer)");
  }
  const std::optional<int64_t> node = m.integer("node");
  if (!node && target.path != TargetPath::kPointer) {
    throw py::value_error(m.label("node") + " is missing: a channel of path '" + path +
                          "' animates a node");
  }
  target.node =
      node ? node_of(*node, scene, m.label("node"), target.path == TargetPath::kPointer) : -1;
  target.sid = m.text("sid");
  target.member = m.text("member").value_or("");
  return target;
}

Animation animation_from(const ValueMap& map, const Scene& scene, const std::string& what) {
  const Members m(map, what);
  Animation animation;
  animation.name = m.text("name");
  if (const ValueMap* clip = m.dict("clip")) {
    const Members c(*clip, m.label("clip"));
    const std::optional<double> start = c.number("start"), end = c.number("end");
    if (!start || !end || !is_playable_window(*start, *end)) {
      throw py::value_error(m.label("clip") +
                            " must hold finite numbers 'start' <= 'end' (seconds)");
    }
    animation.clip = ClipWindow{*start, *end};
  }
  if (const ValueArray* samplers = m.list("samplers")) {
    for (size_t i = 0; i < samplers->size(); ++i) {
      const Value& s = (*samplers)[i];
      if (s.is_null()) {
        animation.samplers.emplace_back();
        continue;
      }
      if (!s.is_map()) throw py::type_error(entry(m.label("samplers"), i) + " must be a dict");
      animation.samplers.emplace_back(sampler_from(s.as_map(), entry(m.label("samplers"), i)));
    }
  }
  const ValueArray* channels = m.list("channels");
  if (channels == nullptr) throw py::value_error(m.label("channels") + " is missing");
  for (size_t i = 0; i < channels->size(); ++i) {
    const std::string label = entry(m.label("channels"), i);
    if (!(*channels)[i].is_map()) throw py::type_error(label + " must be a dict");
    const Members c((*channels)[i].as_map(), label);
    AnimationChannel channel;
    const std::optional<int64_t> sampler = c.integer("sampler");
    if (!sampler || *sampler < 0 || static_cast<uint64_t>(*sampler) >= animation.samplers.size() ||
        !animation.samplers[*sampler]) {
      throw py::index_error(c.label("sampler") + " must name one of the animation's " +
                            std::to_string(animation.samplers.size()) + " samplers");
    }
    channel.sampler = static_cast<int>(*sampler);
    const ValueMap* target = c.dict("target");
    if (target == nullptr) throw py::value_error(c.label("target") + " is missing");
    channel.target = target_from(*target, scene, c.label("target"));
    if (channel.target.node < 0) animation.nodes_optional = true;
    channel.extras = c.extras();
    animation.channels.push_back(std::move(channel));
  }
  animation.extras = m.extras();
  return animation;
}

Camera camera_from(const ValueMap& map, const std::string& what) {
  Camera camera = camera_from_gltf(map);
  if (const std::string fault = camera_fault(camera); !fault.empty()) {
    throw py::value_error(what + ": " + fault);
  }
  return camera;
}

Light light_from(const ValueMap& map, const std::string& what) {
  LightRead read = read_light(Value(map));
  if (!read.light) throw py::value_error(what + ": " + read.fault);
  if (!read.fixes.empty()) throw py::value_error(what + ": " + read.fixes.front());
  return *read.light;
}

// Refuses a list that leaves a node's index into it (`field` of Node) past its end.
void check_shown(const Scene& scene, int Node::*field, size_t count, const char* what) {
  for (size_t n = 0; n < scene.nodes.size(); ++n) {
    const int index = scene.nodes[n].*field;
    if (index >= 0 && static_cast<size_t>(index) >= count) {
      throw py::value_error(std::string(what) + ": node " + std::to_string(n) + " shows " + what +
                            " " + std::to_string(index) + ", past the " + std::to_string(count) +
                            " given; set the node's first");
    }
  }
}

// The parts `list` describes, `what` naming them ("skins"): an entry equal to what the part at its
// index shows (`shown`) is that part, kept as it was; another is made by `make` from its dict.
template <class Part, class Shown, class Make>
std::vector<Part> parts_from(py::handle list, const std::vector<Part>& old, Arena& arena,
                             const std::string& what, Shown shown, Make make) {
  if (py::isinstance<py::str>(list) || py::isinstance<py::dict>(list) ||
      !py::isinstance<py::iterable>(list)) {
    throw py::type_error(what + " must be a list of dicts, not " + type_name(list));
  }
  const py::object same = py::module_::import("polyxios._attrs").attr("same");
  std::vector<Part> parts;
  for (py::handle item : list) {
    const size_t i = parts.size();
    if (i < old.size() && same(item, shown(old[i])).template cast<bool>()) {
      parts.push_back(old[i]);
      continue;
    }
    const std::string label = entry(what, i);
    parts.push_back(make(map_from_python(item, arena, label.c_str()), label));
  }
  return parts;
}

}  // namespace

void set_skins(SceneBox& box, py::handle list, py::handle base) {
  box.check_editable();
  Scene& scene = box.scene;
  std::vector<Skin> skins = parts_from(
      list, scene.skins, *scene.arena, "skins",
      [base](const Skin& skin) { return skin_dict(skin, base); },
      [&scene](const ValueMap& map, const std::string& label) {
        return skin_from(map, scene, label);
      });
  check_shown(scene, &Node::skin, skins.size(), "skin");
  scene.skins = std::move(skins);
}

void set_animations(SceneBox& box, py::handle list, py::handle base) {
  box.check_editable();
  Scene& scene = box.scene;
  scene.animations = parts_from(
      list, scene.animations, *scene.arena, "animations",
      [base](const Animation& animation) { return animation_dict(animation, base); },
      [&scene](const ValueMap& map, const std::string& label) {
        return animation_from(map, scene, label);
      });
}

void set_cameras(SceneBox& box, py::handle list, py::handle base) {
  box.check_editable();
  Scene& scene = box.scene;
  std::vector<Camera> cameras = parts_from(
      list, scene.cameras, *scene.arena, "cameras",
      [base](const Camera& camera) { return camera_dict(camera, base); }, &camera_from);
  check_shown(scene, &Node::camera, cameras.size(), "camera");
  scene.cameras = std::move(cameras);
}

void set_lights(SceneBox& box, py::handle list, py::handle base) {
  box.check_editable();
  Scene& scene = box.scene;
  std::vector<Light> lights = parts_from(
      list, scene.lights, *scene.arena, "lights",
      [base](const Light& light) { return light_object(light, base); }, &light_from);
  check_shown(scene, &Node::light, lights.size(), "light");
  scene.lights = std::move(lights);
}

void set_asset(SceneBox& box, py::handle dict) {
  static constexpr std::array<AssetField, 9> kText = {
      AssetField::kVersion,   AssetField::kMinVersion, AssetField::kGenerator,
      AssetField::kCopyright, AssetField::kAuthor,     AssetField::kAuthoringTool,
      AssetField::kCreated,   AssetField::kModified,   AssetField::kUpAxis};
  box.check_editable();
  const ValueMap map = map_from_python(dict, *box.scene.arena, "asset");
  const Members m(map, "asset");
  Asset asset;
  for (const auto& [key, value] : map) {
    if (key == asset_field_name(AssetField::kUnit)) {
      const ValueMap* unit = m.dict(key);
      if (unit == nullptr) continue;
      const Members u(*unit, m.label(key));
      AssetUnit out;
      out.name = u.text("name");
      out.meter = u.number("meter");
      if (out.meter && !(std::isfinite(*out.meter) && *out.meter > 0)) {
        throw py::value_error(u.label("meter") + " must be a finite number above 0");
      }
      asset.set_unit(std::move(out));
      continue;
    }
    const auto field = std::find_if(kText.begin(), kText.end(), [&key = key](AssetField f) {
      return asset_field_name(f) == key;
    });
    if (field == kText.end()) {
      throw py::value_error(m.label(key) +
                            " is no asset field: version, minVersion, generator, copyright, "
                            "author, authoring_tool, created, modified, up_axis, unit");
    }
    if (std::optional<std::string> text = m.text(key)) asset.set(*field, std::move(*text));
  }
  box.scene.asset = std::move(asset);
}

void set_global_attr(SceneBox& box, const std::string& key, py::handle value, py::handle base) {
  if (key == "skins") return set_skins(box, value, base);
  if (key == "animations") return set_animations(box, value, base);
  if (key == "asset") return set_asset(box, value);
  if (key == "cameras" || key == "lights") {
    throw py::value_error("global_attrs['" + key + "'] lists a COLLADA read's " + key +
                          " by id; set SceneData." + key + " (and SceneNode." +
                          key.substr(0, key.size() - 1) + ") instead");
  }
  if (key == "material_variants") {
    throw py::value_error("global_attrs['material_variants'] is read-only");
  }
  box.check_editable();
  Scene& scene = box.scene;
  const std::string what = "global_attrs['" + key + "']";
  ValueMap holder = map_from_python(py::dict(py::arg("v") = value), *scene.arena, what.c_str());
  Value* held = find_value(scene.global_attrs, key);
  if (held != nullptr) {
    *held = std::move(holder.front().second);
  } else {
    scene.global_attrs.emplace_back(key, std::move(holder.front().second));
  }
}

void delete_global_attr(SceneBox& box, const std::string& key, py::handle base) {
  Scene& scene = box.scene;
  const bool typed = (key == "skins" && !scene.skins.empty()) ||
                     (key == "animations" && !scene.animations.empty()) ||
                     (key == "asset" && !scene.asset.empty());
  if (typed) {
    return set_global_attr(box, key, key == "asset" ? py::object(py::dict()) : py::list(), base);
  }
  auto found = std::find_if(scene.global_attrs.begin(), scene.global_attrs.end(),
                            [&key](const auto& member) { return member.first == key; });
  if (found == scene.global_attrs.end()) {
    if (key == "cameras" || key == "lights" || key == "material_variants") {
      set_global_attr(box, key, py::none(), base);  // raises, saying where they are set
    }
    throw py::key_error(key);
  }
  box.check_editable();
  scene.global_attrs.erase(found);
}

}  // namespace px::python
