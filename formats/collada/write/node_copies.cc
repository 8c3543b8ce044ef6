#include "formats/collada/write/node_copies.h"

#include <algorithm>
#include <cstring>

namespace px::collada {
namespace {

uint64_t pair_key(int a, int b) {
  return (static_cast<uint64_t>(static_cast<uint32_t>(a)) << 32) | static_cast<uint32_t>(b);
}

bool columns_equal(const Column& x, const Column& y) {
  if (x.dtype != y.dtype || x.rows != y.rows || x.cols != y.cols) return false;
  size_t bytes = x.size() * dtype_size(x.dtype);
  return bytes == 0 || x.data == y.data || std::memcmp(x.data, y.data, bytes) == 0;
}

bool optional_columns_equal(const std::optional<Column>& x, const std::optional<Column>& y) {
  return x.has_value() == y.has_value() && (!x || columns_equal(*x, *y));
}

bool maps_equal(const ValueMap& x, const ValueMap& y) {
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size(); ++i) {
    if (x[i].first != y[i].first || !values_equal(x[i].second, y[i].second)) return false;
  }
  return true;
}

// Two glTF skin objects agree member by member, but for "joints" and "skeleton", which name nodes
// and are compared as nodes by the caller.
bool skin_objects_equal(const ValueMap& x, const ValueMap& y) {
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size(); ++i) {
    const std::string& key = x[i].first;
    if (key != y[i].first) return false;
    if (key != "joints" && key != "skeleton" && !values_equal(x[i].second, y[i].second)) {
      return false;
    }
  }
  return true;
}

// Element for element, values by their bits as values_equal compares numbers.
bool transforms_equal(const std::vector<TransformElement>& x,
                      const std::vector<TransformElement>& y) {
  return std::equal(x.begin(), x.end(), y.begin(), y.end(), [](const auto& a, const auto& b) {
    return a.kind == b.kind && a.sid == b.sid && a.empty_sid_spelled == b.empty_sid_spelled &&
           a.values.size() == b.values.size() &&
           std::memcmp(a.values.data(), b.values.data(), sizeof(double) * a.values.size()) == 0;
  });
}

bool optional_doubles_equal(const std::optional<double>& x, const std::optional<double>& y) {
  return x.has_value() == y.has_value() && (!x || std::memcmp(&*x, &*y, sizeof(double)) == 0);
}

// The id a node names its camera or light by: a COLLADA read's, resolved or not; none for another
// format's (or none at all).
template <class Item>
std::optional<std::string> named_id(const std::vector<Item>& items, int index,
                                    const std::optional<std::string>& unresolved) {
  if (unresolved) return unresolved;
  if (index < 0 || static_cast<size_t>(index) >= items.size()) return std::nullopt;
  return items[index].collada_id;
}

bool typed_cameras_equal(const Camera& x, const Camera& y) {
  if (x.gltf_object || y.gltf_object) {
    return x.gltf_object.has_value() == y.gltf_object.has_value() &&
           maps_equal(*x.gltf_object, *y.gltf_object);
  }
  const bool extras = x.extras.has_value() == y.extras.has_value() &&
                      (!x.extras || values_equal(*x.extras, *y.extras));
  return extras && x.name == y.name && x.type == y.type && x.malformed == y.malformed &&
         optional_doubles_equal(x.yfov, y.yfov) &&
         optional_doubles_equal(x.aspect_ratio, y.aspect_ratio) &&
         optional_doubles_equal(x.xmag, y.xmag) && optional_doubles_equal(x.ymag, y.ymag) &&
         optional_doubles_equal(x.znear, y.znear) && optional_doubles_equal(x.zfar, y.zfar);
}

}  // namespace

bool values_equal(const Value& a, const Value& b) {
  if (a.v.index() != b.v.index()) return false;
  if (a.is_array()) {
    const ValueArray& x = a.as_array();
    const ValueArray& y = b.as_array();
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i) {
      if (!values_equal(x[i], y[i])) return false;
    }
    return true;
  }
  if (a.is_map()) return maps_equal(a.as_map(), b.as_map());
  if (a.is_column()) return columns_equal(a.as_column(), b.as_column());
  if (a.is_double()) {
    double x = std::get<double>(a.v), y = std::get<double>(b.v);
    return std::memcmp(&x, &y, sizeof x) == 0;  // a NaN equals the NaN it was copied from
  }
  if (a.is_bool()) return a.as_bool() == b.as_bool();
  if (a.is_int()) return a.as_int() == b.as_int();
  if (a.is_string()) return a.as_string() == b.as_string();
  return true;  // both null
}

CopyMatcher::CopyMatcher(const Scene& scene, const std::vector<std::vector<int>>& written_children,
                         const std::vector<NodePlan>& plans)
    : scene_(scene), written_children_(written_children), plans_(plans) {}

int CopyMatcher::resolved(int n) const { return plans_[n].copy_of >= 0 ? plans_[n].copy_of : n; }

std::vector<int> CopyMatcher::children_in_range(int n) const {
  std::vector<int> out;
  for (int c : scene_.nodes[n].children) {
    if (c >= 0 && static_cast<size_t>(c) < scene_.nodes.size()) out.push_back(c);
  }
  return out;
}

// A copy's skin is its own entry when it binds its own copy of the rig: it is the same skin when
// every joint (and the skeleton) is the original's or a node holding the same id and name, and
// everything else agrees.
bool CopyMatcher::skins_equal(int a, int b) const {
  if (a == b) return true;
  const int skins = static_cast<int>(scene_.skins.size());
  if (a < 0 || b < 0 || a >= skins || b >= skins) return false;
  auto same_node = [&](int i, int j) {
    if (i == j) return true;
    const int n = static_cast<int>(scene_.nodes.size());
    if (i < 0 || j < 0 || i >= n || j >= n) return false;
    const std::optional<std::string>& id_i = scene_.nodes[i].collada_id;
    return id_i && id_i == scene_.nodes[j].collada_id &&
           scene_.nodes[i].name == scene_.nodes[j].name;
  };
  const Skin& x = scene_.skins[a];
  const Skin& y = scene_.skins[b];
  if (x.name != y.name || x.joints.size() != y.joints.size() ||
      (x.skeleton < 0) != (y.skeleton < 0) || x.undecoded_matrices != y.undecoded_matrices ||
      x.gltf_object.has_value() != y.gltf_object.has_value() ||
      !optional_columns_equal(x.inverse_bind_matrices, y.inverse_bind_matrices) ||
      !optional_columns_equal(x.bind_shape_matrix, y.bind_shape_matrix)) {
    return false;
  }
  if (x.skeleton >= 0 && !same_node(x.skeleton, y.skeleton)) return false;
  for (size_t j = 0; j < x.joints.size(); ++j) {
    if (!same_node(x.joints[j], y.joints[j])) return false;
  }
  return !x.gltf_object || skin_objects_equal(*x.gltf_object, *y.gltf_object);
}

// A COLLADA read's nodes show the same camera when they name the same id; a glTF read's, each
// with its own copy, when the copies agree.
bool CopyMatcher::cameras_equal(const Node& x, const Node& y) const {
  const std::optional<std::string> x_id = named_id(scene_.cameras, x.camera, x.unresolved_camera);
  const std::optional<std::string> y_id = named_id(scene_.cameras, y.camera, y.unresolved_camera);
  if (x_id || y_id) return x_id == y_id;
  if ((x.camera < 0) != (y.camera < 0)) return false;
  return x.camera < 0 || x.camera == y.camera ||
         typed_cameras_equal(scene_.cameras.at(x.camera), scene_.cameras.at(y.camera));
}

// The same of lights, a glTF read's compared as the values polyxios/scene/light.h spells them.
bool CopyMatcher::lights_equal(const Node& x, const Node& y) const {
  const std::optional<std::string> x_id = named_id(scene_.lights, x.light, x.unresolved_light);
  const std::optional<std::string> y_id = named_id(scene_.lights, y.light, y.unresolved_light);
  if (x_id || y_id) return x_id == y_id;
  if ((x.light < 0) != (y.light < 0)) return false;
  return x.light < 0 || x.light == y.light ||
         values_equal(light_value(scene_.lights.at(x.light)),
                      light_value(scene_.lights.at(y.light)));
}

bool CopyMatcher::shallow_equal(int a, int b) const {
  const Node& x = scene_.nodes[a];
  const Node& y = scene_.nodes[b];
  return x.name == y.name && x.mesh == y.mesh &&
         std::memcmp(x.matrix.data(), y.matrix.data(), sizeof(double) * 16) == 0 &&
         children_in_range(a).size() == written_children_[b].size() &&
         skins_equal(x.skin, y.skin) && x.collada_id == y.collada_id && x.sid == y.sid &&
         x.joint == y.joint && transforms_equal(x.transforms, y.transforms) &&
         cameras_equal(x, y) && lights_equal(x, y) && maps_equal(x.extras, y.extras) &&
         // Which of a camera and a light a COLLADA node named first (an order only both have).
         (!shows_both(x) || x.light_first == y.light_first);
}

bool CopyMatcher::matches(int candidate, int original) {
  struct Frame {
    int copy, original;
    std::vector<int> copies;
    size_t next = 0;
  };
  // Compares the pair's own values; a pair already compared answers from what is known.
  auto start = [&](int a, int b, std::vector<Frame>& stack) -> int {  // 1 equal, 0 not, -1 open
    if (a == b) return 1;
    if (auto it = known_.find(pair_key(a, b)); it != known_.end()) return it->second ? 1 : 0;
    if (!shallow_equal(a, b)) {
      known_[pair_key(a, b)] = false;
      return 0;
    }
    stack.push_back({a, b, children_in_range(a)});
    return -1;
  };
  std::vector<Frame> stack;
  int first = start(candidate, resolved(original), stack);
  if (first >= 0) return first == 1;
  while (!stack.empty()) {
    Frame& f = stack.back();
    const std::vector<int>& originals = written_children_[f.original];
    if (f.next == f.copies.size()) {
      known_[pair_key(f.copy, f.original)] = true;
      stack.pop_back();
      continue;
    }
    int a = f.copies[f.next];
    int b = resolved(originals[f.next]);
    ++f.next;
    if (start(a, b, stack) == 0) {
      // Every pair still open holds the one that differs.
      for (const Frame& open : stack) known_[pair_key(open.copy, open.original)] = false;
      return false;
    }
  }
  return true;
}

}  // namespace px::collada
