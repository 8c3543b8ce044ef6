#include "polyxios/ops/axis_unit.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <string>
#include <utility>

#include "polyxios/ops/axis_animation.h"
#include "polyxios/scene/animation.h"
#include "polyxios/scene/transform_elements.h"

namespace px {
namespace {

constexpr std::string_view kRootName = "up_axis_and_unit";

void record_target(Scene& scene, const AxisUnitTarget& target) {
  if (target.up_axis) {
    scene.asset.set(AssetField::kUpAxis, std::string(up_axis_name(*target.up_axis)));
  }
  if (target.meters) scene.asset.set_unit(AssetUnit{"meter", 1.0});
}

// --- root transform ---------------------------------------------------------------------------

Node correction_node(const AxisCorrection& correction, std::vector<int> children) {
  Node node;
  node.name = std::string(kRootName);
  node.matrix = correction.matrix();
  node.children = std::move(children);
  return node;
}

void add_root(Scene& scene, const AxisCorrection& correction) {
  const int count = static_cast<int>(scene.nodes.size());
  auto wrapped = [&](int n) {
    if (n < 0 || n >= count) return false;
    const Node& node = scene.nodes[n];
    return !(node.mesh >= 0 && node.children.empty() && node.skin >= 0);
  };
  // Each scene's roots to wrap, the distinct lists, and whether a root sits in two of them.
  std::vector<std::vector<int>> lists;
  std::map<std::vector<int>, size_t> index_of_list;
  std::vector<size_t> list_of_scene;
  std::map<int, size_t> list_of_root;
  bool shared_apart = false;
  for (const std::vector<int>& roots : scene.scenes) {
    std::vector<int> list;
    for (int r : roots) {
      if (wrapped(r)) list.push_back(r);
    }
    const size_t at = index_of_list.try_emplace(list, lists.size()).first->second;
    if (at == lists.size()) lists.push_back(list);
    list_of_scene.push_back(at);
    for (int r : list) {
      auto [it, inserted] = list_of_root.try_emplace(r, at);
      shared_apart |= !inserted && it->second != at;
    }
  }
  std::map<int, int> wrapper_of_root;  // a root -> the new node above it
  std::vector<int> wrapper_of_list(lists.size(), -1);
  for (size_t s = 0; s < scene.scenes.size(); ++s) {
    std::vector<int> roots;
    for (int r : scene.scenes[s]) {
      if (!wrapped(r)) {
        roots.push_back(r);
        continue;
      }
      int& wrapper = shared_apart ? wrapper_of_root.try_emplace(r, -1).first->second
                                  : wrapper_of_list[list_of_scene[s]];
      const bool first = wrapper < 0;
      if (first) {
        wrapper = static_cast<int>(scene.nodes.size());
        scene.nodes.push_back(correction_node(
            correction, shared_apart ? std::vector<int>{r} : lists[list_of_scene[s]]));
      }
      // The new root stands where the first root it holds stood.
      if (first || shared_apart || std::find(roots.begin(), roots.end(), wrapper) == roots.end()) {
        roots.push_back(wrapper);
      }
    }
    scene.scenes[s] = std::move(roots);
  }
}

// --- baked ------------------------------------------------------------------------------------

// The turn P^-1 as a <rotate>'s axis and angle in degrees, rounded to the whole degrees and unit
// axis components a signed permutation's turn has.
TransformElement inverse_turn(const AxisCorrection& correction) {
  const Eigen::Matrix3d turn = correction.rotation().topLeftCorner<3, 3>().transpose();
  Eigen::AngleAxisd aa(turn);
  auto tidy = [](double v) {
    const double whole = std::round(v);
    return std::abs(v - whole) < 1e-9 ? whole + 0.0 : v;
  };
  TransformElement rotate{"rotate", "", {}};
  for (int i = 0; i < 3; ++i) rotate.values.push_back(tidy(aa.axis()[i]));
  rotate.values.push_back(tidy(aa.angle() * 180 / std::numbers::pi));
  return rotate;
}

void correct_elements(std::vector<TransformElement>& elements, const AxisCorrection& correction) {
  if (!well_formed(elements)) return;  // no writer uses them
  std::vector<TransformElement> out;
  for (TransformElement& e : elements) {
    std::vector<double> result(e.values.size());
    correction.shuffle(e.kind)->apply(e.values.data(), result.data());
    e.values = std::move(result);
    const bool lookat = e.kind == "lookat";
    out.push_back(std::move(e));
    if (lookat && correction.rotates()) out.push_back(inverse_turn(correction));
  }
  elements = std::move(out);
}

// A vertex column of directions: its first three values turn, the rest (a tangent's w) stay.
bool is_direction(const NamedColumn& column) {
  std::string_view name = column.name;
  if (size_t under = name.rfind('_');
      under != std::string_view::npos &&
      name.find_first_not_of("0123456789", under + 1) == std::string_view::npos) {
    name = name.substr(0, under);
  }
  return column.column.cols >= 3 &&
         (name == "normals" || name == "tangents" || name == "tangent" || name == "binormal" ||
          name == "textangent" || name == "texbinormal");
}

void correct_meshes(Scene& scene, const AxisCorrection& correction) {
  // Meshes made per use share their arrays: each array is corrected once, and shared again.
  std::map<std::pair<const void*, bool>, Column> done;
  auto correct = [&](const Column& in, bool point) {
    auto [it, inserted] = done.try_emplace({in.data, point});
    if (inserted) {
      it->second = map_rows(*scene.arena, in, in.cols, [&](const double* a, double* b) {
        const Eigen::Vector3d v(a[0], a[1], a[2]);
        const Eigen::Vector3d m = point ? correction.point(v) : correction.direction(v);
        for (size_t c = 0; c < in.cols; ++c) b[c] = c < 3 ? m[c] : a[c];
      });
    }
    return it->second;
  };
  for (Mesh& mesh : scene.meshes) {
    if (mesh.points.cols >= 3) mesh.points = correct(mesh.points, true);
    for (NamedColumn& column : mesh.point_data) {
      if (is_direction(column)) column.column = correct(column.column, false);
    }
    // Morph targets' differences: both maps are linear, so a difference turns (and a position's
    // scales) as what it moves does.
    for (MorphTarget& t : mesh.morph_targets) {
      if (t.positions.cols >= 3) t.positions = correct(t.positions, true);
      if (t.normals.cols >= 3) t.normals = correct(t.normals, false);
      if (t.tangents.cols >= 3) t.tangents = correct(t.tangents, false);
    }
  }
}

void correct_matrices(Scene& scene, std::optional<Column>& matrices,
                      const AxisCorrection& correction) {
  if (!matrices || matrices->cols != 16) return;
  matrices = map_rows(*scene.arena, *matrices, 16, [&](const double* a, double* b) {
    Eigen::Matrix4d m;
    for (int k = 0; k < 16; ++k) m(k / 4, k % 4) = a[k];
    const Eigen::Matrix4d c = correction.conjugate(m);
    for (int k = 0; k < 16; ++k) b[k] = c(k / 4, k % 4);
  });
}

void correct_skins(Scene& scene, const AxisCorrection& correction) {
  for (Skin& skin : scene.skins) {
    correct_matrices(scene, skin.inverse_bind_matrices, correction);
    correct_matrices(scene, skin.bind_shape_matrix, correction);
  }
}

// Instance transforms are in their node's frame, which the bake conjugates: each column moves as
// the glTF channel of its path does.
void correct_instances(Scene& scene, const AxisCorrection& correction) {
  for (Node& node : scene.nodes) {
    Instances& in = node.instances;
    for (auto [path, column] :
         {std::pair{"translation", &in.translation}, std::pair{"rotation", &in.rotation},
          std::pair{"scale", &in.scale}}) {
      if (column->empty()) continue;
      const ValueShuffle shuffle = *correction.shuffle(path);
      *column = map_rows(*scene.arena, *column, column->cols,
                         [&](const double* a, double* b) { shuffle.apply(a, b); });
    }
  }
}

// The distances of a glTF read's camera object, which Python shows, in the new unit: those of
// both its projection objects, as the document spells them.
void scale_gltf_object(ValueMap& camera, double scale) {
  for (std::string_view projection : {"perspective", "orthographic"}) {
    Value* p = find_value(camera, projection);
    if (p == nullptr || !p->is_map()) continue;
    for (std::string_view key : {"znear", "zfar", "xmag", "ymag"}) {
      Value* v = find_value(p->as_map(), key);
      if (v != nullptr && v->is_number()) *v = Value(v->as_double() * scale);
    }
  }
}

// Cameras' distances and lights' ranges in the new unit (a light's intensity, in candela or lux,
// is the same in any unit).
void correct_cameras_and_lights(Scene& scene, const AxisCorrection& correction) {
  const double scale = correction.scale();
  if (scale == 1) return;
  for (Camera& camera : scene.cameras) {
    for (std::optional<double>* distance :
         {&camera.znear, &camera.zfar, &camera.xmag, &camera.ymag}) {
      if (*distance) **distance *= scale;
    }
    if (camera.gltf_object) scale_gltf_object(*camera.gltf_object, scale);
  }
  for (Light& light : scene.lights) {
    if (light.range) *light.range *= scale;
  }
}

// Pointer channels naming node `from` as the carrier of their light or camera
// (polyxios/scene/animation_pointer.h) name `to` instead.
void retarget_pointers(Scene& scene, int from, int to) {
  for (Animation& animation : scene.animations) {
    for (AnimationChannel& channel : animation.channels) {
      if (channel.target.path == TargetPath::kPointer && channel.target.node == from)
        channel.target.node = to;
    }
  }
}

// A node's camera and light move to a new child holding P, so they look where the root transform
// would have them look; the pointer channels naming the node as their carrier follow them.
void turn_cameras_and_lights(Scene& scene, const AxisCorrection& correction) {
  if (!correction.rotates()) return;
  const size_t count = scene.nodes.size();
  for (size_t n = 0; n < count; ++n) {
    Node& node = scene.nodes[n];
    Node holder;
    holder.camera = std::exchange(node.camera, -1);
    holder.light = std::exchange(node.light, -1);
    holder.unresolved_camera = std::exchange(node.unresolved_camera, std::nullopt);
    holder.unresolved_light = std::exchange(node.unresolved_light, std::nullopt);
    node.light_first = false;
    if (holder.camera < 0 && holder.light < 0 && !holder.unresolved_camera &&
        !holder.unresolved_light) {
      continue;
    }
    holder.name = scene.nodes[n].name;
    holder.matrix = correction.rotation();
    scene.nodes[n].children.push_back(static_cast<int>(scene.nodes.size()));
    retarget_pointers(scene, static_cast<int>(n), static_cast<int>(scene.nodes.size()));
    scene.nodes.push_back(std::move(holder));
  }
}

void bake(Scene& scene, const AxisCorrection& correction, BakeNotes& notes) {
  for (Node& node : scene.nodes) {
    node.matrix = correction.conjugate(node.matrix);
    correct_elements(node.transforms, correction);
  }
  correct_meshes(scene, correction);
  correct_skins(scene, correction);
  correct_instances(scene, correction);
  correct_cameras_and_lights(scene, correction);
  correct_animations(scene, correction, notes);
  turn_cameras_and_lights(scene, correction);
}

}  // namespace

AxisCorrection axis_correction_of(const Scene& scene, const AxisUnitTarget& target,
                                  BakeNotes& notes) {
  UpAxis from = UpAxis::kY;
  double meter = 1;
  const Asset& asset = scene.asset;
  if (asset.up_axis) {
    if (std::optional<UpAxis> named = up_axis_named(*asset.up_axis)) {
      from = *named;
    } else {
      notes.push_back({"scene.axis.up-axis-unknown",
                       "the asset's up_axis is not X_UP, Y_UP or Z_UP; it is taken as Y_UP"});
    }
  }
  if (asset.unit) {
    const std::optional<double> m = asset.unit->meter;
    if (m && std::isfinite(*m) && *m > 0) {
      meter = *m;
    } else {
      notes.push_back({"scene.axis.unit-unknown",
                       "the asset's unit has no finite positive meter; it is taken as 1"});
    }
  }
  return AxisCorrection(from, target.up_axis.value_or(from), target.meters ? meter : 1);
}

void convert_axis_unit(Scene& scene, const AxisUnitTarget& target, BakeNotes& notes) {
  if (!target.any()) return;
  const AxisCorrection correction = axis_correction_of(scene, target, notes);
  if (!correction.identity()) {
    if (target.bake) {
      bake(scene, correction, notes);
    } else {
      add_root(scene, correction);
    }
  }
  record_target(scene, target);
}

}  // namespace px
