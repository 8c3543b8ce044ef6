#include "tests/roundtrip/scene_compare.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string_view>

#include "engine/strings.h"

namespace px::testing {
namespace {

constexpr size_t kMaxDifferences = 20;

class Comparer {
 public:
  explicit Comparer(double tolerance) : tolerance_(tolerance) {}

  std::vector<std::string> differences;

  bool full() const { return differences.size() >= kMaxDifferences; }

  void note(std::string_view where, std::string what) {
    if (!full()) differences.push_back(cat(where, ": ", what));
  }

  bool close(double x, double y) const {
    if (x == y) return true;  // infinities of one sign too
    if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
    return std::abs(x - y) <= tolerance_ * std::max({1.0, std::abs(x), std::abs(y)});
  }

  void number(std::string_view where, double x, double y) {
    if (!close(x, y)) note(where, cat(x, " vs ", y));
  }

  template <class T>
  void equal(std::string_view where, const T& x, const T& y) {
    if (!(x == y)) note(where, "differ");
  }

  void column(std::string_view where, const Column& x, const Column& y) {
    if (x.rows != y.rows || x.cols != y.cols) {
      note(where, cat(x.rows, "x", x.cols, " vs ", y.rows, "x", y.cols));
      return;
    }
    for (size_t r = 0; r < x.rows && !full(); ++r) {
      for (size_t c = 0; c < x.cols; ++c) {
        if (!close(x.get(r, c), y.get(r, c))) {
          note(cat(where, "[", r, "][", c, "]"), cat(x.get(r, c), " vs ", y.get(r, c)));
          return;
        }
      }
    }
  }

  // A joint index counts only where its weight is positive: a write sets the others to 0, as
  // glTF asks.
  void joints(std::string_view where, const Mesh& x, const Mesh& y, const std::string& name) {
    const Column& jx = x.find_point_data(name)->column;
    const NamedColumn* jy = y.find_point_data(name);
    const NamedColumn* weights = x.find_point_data("weights" + name.substr(6));
    if (jy == nullptr || jx.rows != jy->column.rows || jx.cols != jy->column.cols) {
      return note(where, "of another shape");
    }
    if (weights == nullptr || weights->column.rows != jx.rows || weights->column.cols != jx.cols) {
      return column(where, jx, jy->column);
    }
    for (size_t r = 0; r < jx.rows; ++r) {
      for (size_t k = 0; k < jx.cols; ++k) {
        if (weights->column.get(r, k) > 0 && jx.get(r, k) != jy->column.get(r, k)) {
          return note(cat(where, "[", r, "][", k, "]"),
                      cat(jx.get(r, k), " vs ", jy->column.get(r, k)));
        }
      }
    }
  }

  void value(std::string_view where, const Value& x, const Value& y) {
    if (x.is_number() && y.is_number()) return number(where, x.as_double(), y.as_double());
    // A column and an array of numbers (or of rows) are one thing spelled two ways.
    if (x.is_column() || y.is_column()) {
      std::vector<double> vx = flatten(x);
      std::vector<double> vy = flatten(y);
      if (vx.size() != vy.size()) return note(where, cat(vx.size(), " vs ", vy.size(), " values"));
      for (size_t i = 0; i < vx.size(); ++i) {
        if (!close(vx[i], vy[i])) return note(cat(where, "[", i, "]"), cat(vx[i], " vs ", vy[i]));
      }
      return;
    }
    if (x.v.index() != y.v.index()) return note(where, "of different kinds");
    if (x.is_map()) return map(where, x.as_map(), y.as_map());
    if (x.is_array()) {
      const ValueArray& ax = x.as_array();
      const ValueArray& ay = y.as_array();
      if (ax.size() != ay.size()) return note(where, cat(ax.size(), " vs ", ay.size(), " items"));
      for (size_t i = 0; i < ax.size(); ++i) value(cat(where, "[", i, "]"), ax[i], ay[i]);
      return;
    }
    if (x.is_string() && x.as_string() != y.as_string()) {
      return note(where, cat("'", x.as_string(), "' vs '", y.as_string(), "'"));
    }
    if (x.is_bool() && x.as_bool() != y.as_bool()) note(where, "differ");
  }

  void map(std::string_view where, const ValueMap& x, const ValueMap& y) {
    for (const auto& [key, vx] : x) {
      const Value* vy = find_value(y, key);
      if (vy == nullptr) {
        note(cat(where, ".", key), "missing on the right");
      } else {
        value(cat(where, ".", key), vx, *vy);
      }
    }
    for (const auto& [key, vy] : y) {
      if (find_value(x, key) == nullptr) note(cat(where, ".", key), "missing on the left");
    }
  }

 private:
  static void flatten_into(const Value& v, std::vector<double>& out) {
    if (v.is_number()) {
      out.push_back(v.as_double());
    } else if (v.is_column()) {
      const Column& c = v.as_column();
      for (size_t r = 0; r < c.rows; ++r) {
        for (size_t k = 0; k < c.cols; ++k) out.push_back(c.get(r, k));
      }
    } else if (v.is_array()) {
      for (const Value& item : v.as_array()) flatten_into(item, out);
    } else {
      out.push_back(NAN);  // not numbers: never equal to numbers
    }
  }
  static std::vector<double> flatten(const Value& v) {
    std::vector<double> out;
    flatten_into(v, out);
    return out;
  }

  double tolerance_;
};

void compare_meshes(Comparer& c, const Scene& a, const Scene& b) {
  if (a.meshes.size() != b.meshes.size()) {
    return c.note("meshes", cat(a.meshes.size(), " vs ", b.meshes.size()));
  }
  for (size_t m = 0; m < a.meshes.size(); ++m) {
    const Mesh& x = a.meshes[m];
    const Mesh& y = b.meshes[m];
    const std::string at = cat("mesh ", m);
    c.column(cat(at, " points"), x.points, y.points);
    if (x.point_data.size() != y.point_data.size()) {
      c.note(at, cat(x.point_data.size(), " vs ", y.point_data.size(), " point columns"));
    } else {
      for (size_t k = 0; k < x.point_data.size(); ++k) {
        const std::string& name = x.point_data[k].name;
        c.equal(cat(at, " point column ", k, " name"), name, y.point_data[k].name);
        if (name.starts_with("joints")) {
          c.joints(cat(at, " ", name), x, y, name);
        } else {
          c.column(cat(at, " ", name), x.point_data[k].column, y.point_data[k].column);
        }
      }
    }
    c.equal(cat(at, " cell types"), std::vector(x.cell_types.begin(), x.cell_types.end()),
            std::vector(y.cell_types.begin(), y.cell_types.end()));
    c.equal(cat(at, " offsets"), std::vector(x.offsets.begin(), x.offsets.end()),
            std::vector(y.offsets.begin(), y.offsets.end()));
    c.equal(cat(at, " connectivity"), std::vector(x.connectivity.begin(), x.connectivity.end()),
            std::vector(y.connectivity.begin(), y.connectivity.end()));
    std::span<const int32_t> mx = x.materials();
    std::span<const int32_t> my = y.materials();
    c.equal(cat(at, " materials"), std::vector(mx.begin(), mx.end()),
            std::vector(my.begin(), my.end()));
    c.map(cat(at, " globals"), x.global_attrs, y.global_attrs);
  }
}

void compare_transforms(Comparer& c, const std::string& at, const std::vector<TransformElement>& x,
                        const std::vector<TransformElement>& y) {
  if (x.size() != y.size()) return c.note(at, cat(x.size(), " vs ", y.size(), " elements"));
  for (size_t i = 0; i < x.size(); ++i) {
    const std::string where = cat(at, "[", i, "]");
    c.equal(cat(where, " kind"), x[i].kind, y[i].kind);
    c.equal(cat(where, " sid"), x[i].has_sid(), y[i].has_sid());
    c.equal(cat(where, " sid"), x[i].sid, y[i].sid);
    if (x[i].values.size() != y[i].values.size()) {
      c.note(cat(where, " values"), cat(x[i].values.size(), " vs ", y[i].values.size()));
      continue;
    }
    for (size_t k = 0; k < x[i].values.size(); ++k) {
      c.number(cat(where, " values[", k, "]"), x[i].values[k], y[i].values[k]);
    }
  }
}

// A camera as the comparison takes it: a glTF read's object, else its terms in that shape.
Value camera_value(const Camera& camera) {
  if (camera.gltf_object) return Value(*camera.gltf_object);
  ValueMap body;
  for (std::string_view term : {"aspectRatio", "yfov", "xmag", "ymag", "zfar", "znear"}) {
    if (std::optional<double> v = camera.term(term)) body.emplace_back(term, Value(*v));
  }
  ValueMap out;
  if (camera.name) out.emplace_back("name", Value(*camera.name));
  out.emplace_back("type", Value(camera_type_name(camera.type)));
  out.emplace_back(camera_type_name(camera.type), Value(std::move(body)));
  return Value(std::move(out));
}

// What a node shows of the scene's cameras or lights: the id a COLLADA read names it by, else
// its value; null for none.
template <class Item, class ToValue>
Value shown(const std::vector<Item>& items, int index, const std::optional<std::string>& unresolved,
            ToValue to_value) {
  if (unresolved) return Value(*unresolved);
  if (index < 0 || static_cast<size_t>(index) >= items.size()) return Value();
  if (items[index].collada_id) return Value(*items[index].collada_id);
  return to_value(items[index]);
}

// A COLLADA read's cameras and lights, by id.
void compare_cameras_and_lights(Comparer& c, const Scene& a, const Scene& b) {
  auto by_id = [](const auto& items, auto to_value) {
    ValueMap out;
    for (const auto& item : items) {
      if (item.collada_id) out.emplace_back(*item.collada_id, to_value(item));
    }
    return out;
  };
  c.map("cameras", by_id(a.cameras, camera_value), by_id(b.cameras, camera_value));
  c.map("lights", by_id(a.lights, light_value), by_id(b.lights, light_value));
}

void compare_nodes(Comparer& c, const Scene& a, const Scene& b) {
  if (a.nodes.size() != b.nodes.size()) {
    return c.note("nodes", cat(a.nodes.size(), " vs ", b.nodes.size()));
  }
  for (size_t n = 0; n < a.nodes.size(); ++n) {
    const Node& x = a.nodes[n];
    const Node& y = b.nodes[n];
    const std::string at = cat("node ", n);
    c.equal(cat(at, " name"), x.name, y.name);
    c.equal(cat(at, " mesh"), x.mesh, y.mesh);
    c.equal(cat(at, " skin"), x.skin, y.skin);
    c.equal(cat(at, " children"), x.children, y.children);
    for (int k = 0; k < 16; ++k) {
      c.number(cat(at, " matrix[", k % 4, "][", k / 4, "]"), x.matrix(k % 4, k / 4),
               y.matrix(k % 4, k / 4));
    }
    c.equal(cat(at, " id"), x.collada_id, y.collada_id);
    c.equal(cat(at, " sid"), x.sid, y.sid);
    c.equal(cat(at, " joint"), x.joint, y.joint);
    compare_transforms(c, cat(at, " transforms"), x.transforms, y.transforms);
    c.map(cat(at, " extras"), x.extras, y.extras);
    c.value(cat(at, " camera"), shown(a.cameras, x.camera, x.unresolved_camera, camera_value),
            shown(b.cameras, y.camera, y.unresolved_camera, camera_value));
    c.value(cat(at, " light"), shown(a.lights, x.light, x.unresolved_light, light_value),
            shown(b.lights, y.light, y.unresolved_light, light_value));
  }
  c.equal("scenes", a.scenes, b.scenes);
  c.equal("default scene", a.default_scene, b.default_scene);
}

void compare_texture_ref(Comparer& c, std::string_view at, const TextureRef& x,
                         const TextureRef& y) {
  c.equal(cat(at, " texture"), x.texture, y.texture);
  c.equal(cat(at, " texcoord"), x.texcoord, y.texcoord);
  c.number(cat(at, " scale"), x.scale, y.scale);
}

void compare_materials(Comparer& c, const Scene& a, const Scene& b) {
  if (a.materials.size() != b.materials.size()) {
    return c.note("materials", cat(a.materials.size(), " vs ", b.materials.size()));
  }
  for (size_t i = 0; i < a.materials.size(); ++i) {
    const Material& x = a.materials[i];
    const Material& y = b.materials[i];
    const std::string at = cat("material ", i);
    c.equal(cat(at, " name"), x.name, y.name);
    for (int k = 0; k < 4; ++k) c.number(cat(at, " base color"), x.base_color[k], y.base_color[k]);
    for (int k = 0; k < 3; ++k) c.number(cat(at, " emissive"), x.emissive[k], y.emissive[k]);
    c.number(cat(at, " metallic"), x.metallic, y.metallic);
    c.number(cat(at, " roughness"), x.roughness, y.roughness);
    compare_texture_ref(c, cat(at, " base color"), x.base_color_texture, y.base_color_texture);
    compare_texture_ref(c, cat(at, " metallic roughness"), x.metallic_roughness_texture,
                        y.metallic_roughness_texture);
    compare_texture_ref(c, cat(at, " normal"), x.normal_texture, y.normal_texture);
    compare_texture_ref(c, cat(at, " occlusion"), x.occlusion_texture, y.occlusion_texture);
    compare_texture_ref(c, cat(at, " emissive"), x.emissive_texture, y.emissive_texture);
    c.equal(cat(at, " alpha mode"), x.alpha_mode, y.alpha_mode);
    // glTF reads the cutoff under MASK only, and a write leaves it out elsewhere.
    if (x.alpha_mode == AlphaMode::kMask) {
      c.number(cat(at, " alpha cutoff"), x.alpha_cutoff, y.alpha_cutoff);
    }
    c.equal(cat(at, " double sided"), x.double_sided, y.double_sided);
    c.equal(cat(at, " shading"), x.shading, y.shading);
    c.map(cat(at, " extras"), x.extras, y.extras);
  }
}

void compare_textures_and_images(Comparer& c, const Scene& a, const Scene& b) {
  if (a.textures.size() != b.textures.size()) {
    c.note("textures", cat(a.textures.size(), " vs ", b.textures.size()));
  } else {
    for (size_t i = 0; i < a.textures.size(); ++i) {
      const Texture& x = a.textures[i];
      const Texture& y = b.textures[i];
      c.equal(cat("texture ", i),
              std::tie(x.name, x.image, x.wrap_s, x.wrap_t, x.mag_filter, x.min_filter),
              std::tie(y.name, y.image, y.wrap_s, y.wrap_t, y.mag_filter, y.min_filter));
    }
  }
  if (a.images.size() != b.images.size()) {
    return c.note("images", cat(a.images.size(), " vs ", b.images.size()));
  }
  for (size_t i = 0; i < a.images.size(); ++i) {
    const Image& x = a.images[i];
    const Image& y = b.images[i];
    c.equal(cat("image ", i, " name"), x.name, y.name);
    c.equal(cat("image ", i, " bytes"), x.bytes, y.bytes);
    if (x.bytes.empty()) c.equal(cat("image ", i, " uri"), x.uri, y.uri);
  }
}

// The assets but for what a write restates: the generator and version (a write names itself and
// writes glTF 2.0).
void compare_assets(Comparer& c, const Asset& a, const Asset& b) {
  for (AssetField field : {AssetField::kMinVersion, AssetField::kCopyright, AssetField::kAuthor,
                           AssetField::kAuthoringTool, AssetField::kCreated, AssetField::kModified,
                           AssetField::kUpAxis}) {
    c.equal(cat("asset ", asset_field_name(field)), a.text(field), b.text(field));
  }
  if (a.unit.has_value() != b.unit.has_value()) return c.note("asset unit", "missing on one side");
  if (!a.unit) return;
  c.equal("asset unit name", a.unit->name, b.unit->name);
  c.equal("asset unit meter", a.unit->meter.has_value(), b.unit->meter.has_value());
  if (a.unit->meter && b.unit->meter) c.number("asset unit meter", *a.unit->meter, *b.unit->meter);
}

void compare_matrices(Comparer& c, std::string_view at, const std::optional<Column>& x,
                      const std::optional<Column>& y) {
  if (x.has_value() != y.has_value()) return c.note(at, "present in one scene only");
  if (x) c.column(at, *x, *y);
}

// A skin's glTF object is compared without its inverseBindMatrices accessor index, which a
// write renumbers (the decoded matrices are compared).
void compare_skins(Comparer& c, const Scene& a, const Scene& b) {
  if (a.skins.size() != b.skins.size()) {
    return c.note("skins", cat(a.skins.size(), " vs ", b.skins.size()));
  }
  for (size_t s = 0; s < a.skins.size(); ++s) {
    const Skin& x = a.skins[s];
    const Skin& y = b.skins[s];
    const std::string at = cat("skin ", s);
    c.equal(cat(at, " name"), x.name, y.name);
    c.equal(cat(at, " joints"), x.joints, y.joints);
    c.equal(cat(at, " skeleton"), x.skeleton, y.skeleton);
    c.equal(cat(at, " undecoded"), x.undecoded_matrices, y.undecoded_matrices);
    compare_matrices(c, cat(at, " inverse bind matrices"), x.inverse_bind_matrices,
                     y.inverse_bind_matrices);
    compare_matrices(c, cat(at, " bind shape matrix"), x.bind_shape_matrix, y.bind_shape_matrix);
    ValueMap ox = x.gltf_object.value_or(ValueMap{});
    ValueMap oy = y.gltf_object.value_or(ValueMap{});
    erase_value(ox, "inverseBindMatrices");
    erase_value(oy, "inverseBindMatrices");
    c.map(cat(at, " object"), ox, oy);
  }
}

}  // namespace

std::vector<std::string> scene_differences(const Scene& a, const Scene& b, double tolerance) {
  Comparer c(tolerance);
  compare_meshes(c, a, b);
  compare_nodes(c, a, b);
  compare_materials(c, a, b);
  compare_textures_and_images(c, a, b);
  compare_assets(c, a.asset, b.asset);
  compare_skins(c, a, b);
  compare_cameras_and_lights(c, a, b);
  c.equal("material variants", a.material_variants, b.material_variants);
  c.map("globals", a.global_attrs, b.global_attrs);
  return std::move(c.differences);
}

}  // namespace px::testing
