// SceneMaterial and SceneTextureRef: a material of a scene, or one made in Python and not yet
// appended (SceneData.append_material). Its name, factors, alpha and texture references can be
// set; a value out of range or of the wrong shape raises ValueError naming the field and leaves
// the material as it was. The ranges are glTF's, which a COLLADA write keeps too.
#include <pybind11/pybind11.h>

#include <array>
#include <climits>
#include <cmath>
#include <string>

#include "polyxios/scene/scene.h"
#include "python/src/arrays.h"
#include "python/src/bindings.h"
#include "python/src/extras_edit.h"
#include "python/src/handles.h"
#include "python/src/material_edit.h"
#include "python/src/part_helpers.h"
#include "python/src/scene_dicts.h"
#include "python/src/scene_edit.h"
#include "python/src/values.h"

namespace px::python {
namespace {

using MaterialHandle = PartHandle<Material>;

py::object texture_ref(const TextureRef& ref) { return ref.present() ? py::cast(ref) : py::none(); }

AlphaMode alpha_mode_named(py::handle value) {
  const std::string name = utf8(value, "alpha_mode");
  if (name == "OPAQUE") return AlphaMode::kOpaque;
  if (name == "MASK") return AlphaMode::kMask;
  if (name == "BLEND") return AlphaMode::kBlend;
  throw py::value_error("alpha_mode must be 'OPAQUE', 'MASK' or 'BLEND', not " +
                        py::repr(value).cast<std::string>());
}

// What a factor must be: "lie in 0.0..1.0", "be at least 0.0", or (no bounds) "be finite".
std::string requirement(double least, double most) {
  if (std::isinf(least)) return "be finite";
  const std::string low = py::repr(py::float_(least)).cast<std::string>();
  if (std::isinf(most)) return "be at least " + low;
  return "lie in " + low + ".." + py::repr(py::float_(most)).cast<std::string>();
}

// A finite real number in least..most; ValueError naming `what` otherwise.
double factor(py::handle value, const char* what, double least, double most) {
  if (py::isinstance<py::str>(value) || !PyNumber_Check(value.ptr()) ||
      PyComplex_Check(value.ptr())) {
    throw py::value_error(std::string(what) + " must be a real number, not " + type_name(value));
  }
  const double number = PyFloat_AsDouble(value.ptr());
  if (number == -1.0 && PyErr_Occurred()) throw py::error_already_set();
  if (!std::isfinite(number) || number < least || number > most) {
    throw py::value_error(std::string(what) + " must " + requirement(least, most) + ", not " +
                          py::repr(value).cast<std::string>());
  }
  return number;
}

// N real numbers, each in least..most.
template <size_t N>
std::array<double, N> factors(py::handle value, const char* what, const char* spelled, double least,
                              double most) {
  const py::array array = as_array(value);
  const char kind = array.dtype().kind();
  if (kind != 'f' && kind != 'i' && kind != 'u') {
    throw py::value_error(std::string(what) + " must hold real numbers " + spelled + ", not " +
                          py::str(array.dtype()).cast<std::string>());
  }
  if (array.ndim() != 1 || array.shape(0) != static_cast<py::ssize_t>(N)) {
    throw py::value_error(std::string(what) + " must be " + std::to_string(N) + " numbers " +
                          spelled + ", not of shape " +
                          py::str(array.attr("shape")).cast<std::string>());
  }
  std::array<double, N> out{};
  for (size_t i = 0; i < N; ++i) {
    const py::object item = array[py::int_(i)];
    out[i] = factor(item, what, least, most);
  }
  return out;
}

// A texture reference to set: None (none), a texture index, or a SceneTextureRef; its texture
// one of the material's scene's (any index for a material of no scene, checked on append).
TextureRef texture_ref_from(const MaterialHandle& material, py::handle value, const char* what) {
  if (value.is_none()) return TextureRef{};
  TextureRef ref;
  if (py::isinstance<TextureRef>(value)) {
    ref = value.cast<TextureRef>();
  } else {
    const long long index = python_int(value, what);
    ref.texture = index < 0 || index > INT_MAX ? -1 : static_cast<int>(index);
    if (ref.texture < 0) {
      throw py::index_error(std::string(what) + ": texture " + std::to_string(index) +
                            " is not a texture index (0 or more)");
    }
  }
  if (const Scene* scene = material.scene()) check_texture(*scene, ref, what);
  return ref;
}

template <TextureRef Material::*Ref>
void bind_texture(py::class_<MaterialHandle>& c, const char* name, const char* doc) {
  c.def_property(
      name, [](py::handle self) { return texture_ref(part_of<Material>(self).*Ref); },
      [name](py::handle self, py::handle value) {
        const MaterialHandle& handle = self.cast<const MaterialHandle&>();
        const TextureRef ref = texture_ref_from(handle, value, name);
        handle.edit().*Ref = ref;
      },
      doc);
}

// A number-valued field, read and set through factor() in least..most.
template <double Material::*Field>
void bind_factor(py::class_<MaterialHandle>& c, const char* name, double least, double most,
                 const char* doc) {
  c.def_property(
      name, [](py::handle self) { return part_of<Material>(self).*Field; },
      [name, least, most](py::handle self, py::handle value) {
        const double number = factor(value, name, least, most);
        edit_of<Material>(self).*Field = number;
      },
      doc);
}

TextureRef make_texture_ref(int texture, int texcoord, py::handle scale, py::handle offset,
                            py::handle rotation, py::handle uv_scale) {
  if (texture < 0) {
    throw py::index_error("texture " + std::to_string(texture) + " is not a texture index");
  }
  if (texcoord < 0) throw py::value_error("texcoord must be 0 or more");
  TextureRef ref;
  ref.texture = texture;
  ref.texcoord = texcoord;
  ref.scale = factor(scale, "scale", -INFINITY, INFINITY);
  ref.transform.offset = factors<2>(offset, "offset", "(u, v)", -INFINITY, INFINITY);
  ref.transform.rotation = factor(rotation, "rotation", -INFINITY, INFINITY);
  ref.transform.scale = factors<2>(uv_scale, "uv_scale", "(u, v)", -INFINITY, INFINITY);
  return ref;
}

MaterialHandle make_material(py::handle name, py::handle base_color, py::handle metallic,
                             py::handle roughness, py::handle emissive, py::handle alpha_mode,
                             py::handle alpha_cutoff, py::handle double_sided) {
  Material material;
  material.name = utf8(name, "name");
  material.base_color = factors<4>(base_color, "base_color", "(r, g, b, a)", 0, 1);
  material.metallic = factor(metallic, "metallic", 0, 1);
  material.roughness = factor(roughness, "roughness", 0, 1);
  material.emissive = factors<3>(emissive, "emissive", "(r, g, b)", 0, INFINITY);
  material.alpha_mode = alpha_mode_named(alpha_mode);
  material.alpha_cutoff = factor(alpha_cutoff, "alpha_cutoff", 0, INFINITY);
  material.double_sided = py::cast<bool>(double_sided);
  return MaterialHandle::detached(std::move(material));
}

// The glTF material extensions a material carries, by name: {'values': dict, 'textures': {key:
// SceneTextureRef}}.
py::dict material_extensions(py::object self) {
  py::dict out;
  for (const MaterialExtension& e : part_of<Material>(self).extensions) {
    py::dict extension;
    extension["values"] = to_python(e.values, self);
    py::dict textures;
    for (const auto& [key, ref] : e.textures) textures[text(key)] = texture_ref(ref);
    extension["textures"] = std::move(textures);
    out[text(e.name)] = std::move(extension);
  }
  return out;
}

void bind_texture_ref(py::module_& m) {
  py::class_<TextureRef>(m, "SceneTextureRef", R"(A material's use of a texture.

    SceneTextureRef(texture, texcoord=0, scale=1.0, offset=(0, 0), rotation=0.0,
                    uv_scale=(1, 1))

makes one to set on a material (SceneMaterial.base_color_texture = ...).)")
      .def(py::init(&make_texture_ref), py::arg("texture"), py::arg("texcoord") = 0,
           py::arg("scale") = 1.0, py::arg("offset") = py::make_tuple(0.0, 0.0),
           py::arg("rotation") = 0.0, py::arg("uv_scale") = py::make_tuple(1.0, 1.0))
      .def_readonly("texture", &TextureRef::texture, "index into SceneData.textures")
      .def_readonly("texcoord", &TextureRef::texcoord, "the TEXCOORD set it reads")
      .def_readonly("scale", &TextureRef::scale, "normal scale / occlusion strength")
      .def_property_readonly(
          "offset", [](const TextureRef& ref) { return floats(ref.transform.offset); },
          "(u, v): KHR_texture_transform's offset")
      .def_property_readonly(
          "rotation", [](const TextureRef& ref) { return ref.transform.rotation; },
          "KHR_texture_transform's rotation, radians")
      .def_property_readonly(
          "uv_scale", [](const TextureRef& ref) { return floats(ref.transform.scale); },
          "(u, v): KHR_texture_transform's scale")
      .def("__repr__", [](const TextureRef& ref) {
        return "<SceneTextureRef: texture " + std::to_string(ref.texture) + ", texcoord " +
               std::to_string(ref.texcoord) + ">";
      });
}

}  // namespace

void bind_material(py::module_& m) {
  bind_texture_ref(m);
  py::class_<MaterialHandle> c(m, "SceneMaterial", R"(A PBR metallic-roughness material.

    SceneMaterial(name='', base_color=(1, 1, 1, 1), metallic=1.0, roughness=1.0,
                  emissive=(0, 0, 0), alpha_mode='OPAQUE', alpha_cutoff=0.5,
                  double_sided=False)

makes a material of no scene yet; SceneData.append_material puts it in one. Setting a field
checks it as glTF bounds it (factors in 0..1, emissive and alpha_cutoff at least 0) and raises
ValueError naming it, the material unchanged, for a value that does not fit.)");
  c.def(py::init(&make_material), py::arg("name") = "",
        py::arg("base_color") = py::make_tuple(1.0, 1.0, 1.0, 1.0), py::arg("metallic") = 1.0,
        py::arg("roughness") = 1.0, py::arg("emissive") = py::make_tuple(0.0, 0.0, 0.0),
        py::arg("alpha_mode") = "OPAQUE", py::arg("alpha_cutoff") = 0.5,
        py::arg("double_sided") = false);
  c.def_property(
      "name", [](py::handle self) { return text(part_of<Material>(self).name); },
      [](py::handle self, py::handle value) {
        std::string name = utf8(value, "name");
        edit_of<Material>(self).name = std::move(name);
      },
      "str");
  c.def_property(
      "base_color", [](py::handle self) { return floats(part_of<Material>(self).base_color); },
      [](py::handle self, py::handle value) {
        const auto color = factors<4>(value, "base_color", "(r, g, b, a)", 0, 1);
        edit_of<Material>(self).base_color = color;
      },
      "(r, g, b, a), each in 0..1");
  bind_factor<&Material::metallic>(c, "metallic", 0, 1, "float in 0..1");
  bind_factor<&Material::roughness>(c, "roughness", 0, 1, "float in 0..1");
  c.def_property(
      "emissive", [](py::handle self) { return floats(part_of<Material>(self).emissive); },
      [](py::handle self, py::handle value) {
        const auto color = factors<3>(value, "emissive", "(r, g, b)", 0, INFINITY);
        edit_of<Material>(self).emissive = color;
      },
      "(r, g, b), each at least 0 (above 1: KHR_materials_emissive_strength in glTF)");
  c.def_property_readonly(
      "ior", [](py::handle self) { return part_of<Material>(self).ior; },
      "float: KHR_materials_ior (0, or at least 1)");
  c.def_property_readonly(
      "specular_factor", [](py::handle self) { return part_of<Material>(self).specular_factor; },
      "float: KHR_materials_specular's strength");
  c.def_property_readonly(
      "specular_color",
      [](py::handle self) { return floats(part_of<Material>(self).specular_color); },
      "(r, g, b): KHR_materials_specular's colour");
  c.def_property_readonly(
      "specular_texture",
      [](py::handle self) { return texture_ref(part_of<Material>(self).specular_texture); },
      "SceneTextureRef or None: its alpha scales specular_factor");
  c.def_property_readonly(
      "specular_color_texture",
      [](py::handle self) { return texture_ref(part_of<Material>(self).specular_color_texture); },
      "SceneTextureRef or None: its rgb scales specular_color");
  constexpr const char* kTextureDoc =
      "SceneTextureRef or None; takes a SceneTextureRef, a texture index or None (IndexError "
      "for a texture out of range)";
  bind_texture<&Material::base_color_texture>(c, "base_color_texture", kTextureDoc);
  bind_texture<&Material::metallic_roughness_texture>(c, "metallic_roughness_texture", kTextureDoc);
  bind_texture<&Material::normal_texture>(c, "normal_texture", kTextureDoc);
  bind_texture<&Material::occlusion_texture>(c, "occlusion_texture", kTextureDoc);
  bind_texture<&Material::emissive_texture>(c, "emissive_texture", kTextureDoc);
  c.def_property_readonly("extensions", &material_extensions,
                          "dict: the glTF material extensions carried as they are "
                          "(KHR_materials_clearcoat, sheen, ...), by name: {'values': dict, "
                          "'textures': {key: SceneTextureRef}}");
  c.def_property(
      "alpha_mode",
      [](py::handle self) { return text(alpha_mode_name(part_of<Material>(self).alpha_mode)); },
      [](py::handle self, py::handle value) {
        const AlphaMode mode = alpha_mode_named(value);
        edit_of<Material>(self).alpha_mode = mode;
      },
      "'OPAQUE', 'MASK' or 'BLEND'");
  bind_factor<&Material::alpha_cutoff>(c, "alpha_cutoff", 0, INFINITY, "float, at least 0");
  c.def_property(
      "double_sided", [](py::handle self) { return part_of<Material>(self).double_sided; },
      [](py::handle self, bool value) { edit_of<Material>(self).double_sided = value; }, "bool");
  c.def_property_readonly(
      "index", &part_index<Material>,
      "int: the material's index in SceneData.materials (the cells' 'material' values), None "
      "for a material of no scene");
  c.def_property_readonly(
      "extras",
      [](py::object self) {
        return py::module_::import("polyxios._attrs").attr("AttrsDict")(self);
      },
      "dict: 'shading' ('phong', 'lambert', 'blinn', 'constant'), then the material's own "
      "('extras': a glTF material's); assigning or deleting a key changes the material "
      "(extras_edit.h)");
  c.def("_attrs",
        [](py::object self) { return material_extras_dict(part_of<Material>(self), self); });
  c.def("_set_attr", [](const PartHandle<Material>& self, const std::string& key,
                        py::handle value) { set_material_extra(self, key, value); });
  c.def("_del_attr", [](const PartHandle<Material>& self, const std::string& key) {
    delete_material_extra(self, key);
  });
  c.def("__repr__", [](py::handle self) {
    return "<SceneMaterial " + py::repr(text(part_of<Material>(self).name)).cast<std::string>() +
           ">";
  });
}

}  // namespace px::python
