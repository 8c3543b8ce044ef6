#include "python/src/image_edit.h"

#include <pybind11/numpy.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/strings.h"
#include "engine/uri.h"
#include "python/src/arrays.h"
#include "python/src/renumber.h"
#include "python/src/scene_edit.h"
#include "python/src/values.h"

namespace px::python {
namespace {

std::string part_label(const char* kind, size_t index, const std::string& name) {
  return std::string(kind) + " " + std::to_string(index) +
         (name.empty() ? "" : " (" + py::repr(text(name)).cast<std::string>() + ")");
}

std::string quoted(const std::string& value) { return py::repr(text(value)).cast<std::string>(); }

// bytes, a bytearray or a 1-D uint8 array (a memoryview of bytes among them), copied.
SharedBytes bytes_from_python(py::handle data) {
  auto span_of = [](const char* begin, py::ssize_t size) {
    return std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(begin),
                                    static_cast<size_t>(size));
  };
  if (PyBytes_Check(data.ptr())) {
    return SharedBytes::copy_of(
        span_of(PyBytes_AS_STRING(data.ptr()), PyBytes_GET_SIZE(data.ptr())));
  }
  if (PyByteArray_Check(data.ptr())) {
    return SharedBytes::copy_of(
        span_of(PyByteArray_AS_STRING(data.ptr()), PyByteArray_GET_SIZE(data.ptr())));
  }
  const py::array array = as_array(data);
  if (array.dtype().kind() != 'u' || array.itemsize() != 1 || array.ndim() != 1) {
    throw py::value_error("data must be bytes, a bytearray or a 1-D uint8 array, not " +
                          py::str(array.dtype()).cast<std::string>() + " of shape " +
                          py::str(array.attr("shape")).cast<std::string>());
  }
  const auto bytes = py::array_t<uint8_t, py::array::c_style | py::array::forcecast>::ensure(array);
  return SharedBytes::copy_of(std::span<const uint8_t>(bytes.data(), bytes.size()));
}

// A media type given for an image without bytes: '' or a type/subtype.
std::string checked_type(const std::string& type) {
  if (!type.empty() && !is_media_type(type)) {
    throw py::value_error(
        "mime_type must be a media type (type/subtype, such as 'image/png'), not " + quoted(type));
  }
  return type;
}

// The media type of embedded `bytes`: the one their first bytes show, which `given` (when not '')
// must be; `given` for bytes that show none.
std::string embedded_type(const SharedBytes& bytes, const std::string& given) {
  const std::string_view shown = sniff_media_type(bytes);
  if (given.empty()) {
    if (shown.empty()) {
      throw py::value_error(
          "mime_type: the bytes show no image type known from their first bytes (PNG, JPEG, GIF, "
          "BMP, TIFF, WebP, DDS, KTX2, AVIF): give their mime_type");
    }
    return std::string(shown);
  }
  checked_type(given);
  if (!shown.empty() && ascii_lower(given) != shown) {
    throw py::value_error("mime_type " + quoted(given) +
                          " is not the type of the bytes, which are " + std::string(shown));
  }
  return given;
}

// None or '' for none; a data: URI refused, its bytes being what `data` takes.
std::string uri_from_python(py::handle value) {
  if (value.is_none()) return "";
  std::string uri = utf8(value, "uri");
  if (is_data_uri(uri)) {
    throw py::value_error("uri: a data: URI; give its bytes as the image's data instead");
  }
  return uri;
}

struct SamplerConstants {
  const char* name;
  std::vector<int> allowed;
  const char* spelled;
};

const SamplerConstants& constants_of(SamplerField field) {
  static constexpr const char* kWraps = "10497 REPEAT, 33071 CLAMP_TO_EDGE, 33648 MIRRORED_REPEAT";
  static const SamplerConstants kWrapS = {"wrap_s", {10497, 33071, 33648}, kWraps};
  static const SamplerConstants kWrapT = {"wrap_t", {10497, 33071, 33648}, kWraps};
  static const SamplerConstants kMag = {
      "mag_filter", {0, 9728, 9729}, "0 when not given, 9728 NEAREST, 9729 LINEAR"};
  static const SamplerConstants kMin = {
      "min_filter",
      {0, 9728, 9729, 9984, 9985, 9986, 9987},
      "0 when not given, 9728 NEAREST, 9729 LINEAR, 9984 NEAREST_MIPMAP_NEAREST, 9985 "
      "LINEAR_MIPMAP_NEAREST, 9986 NEAREST_MIPMAP_LINEAR, 9987 LINEAR_MIPMAP_LINEAR"};
  switch (field) {
    case SamplerField::kWrapS:
      return kWrapS;
    case SamplerField::kWrapT:
      return kWrapT;
    case SamplerField::kMagFilter:
      return kMag;
    case SamplerField::kMinFilter:
      break;
  }
  return kMin;
}

// What shows texture `index`: "material 1 ('paint') shows it (base_color_texture)", or "".
std::string texture_held_by(const Scene& scene, size_t index) {
  static constexpr std::array<const char*, 7> kOwnRefs = {
      "base_color_texture",    "metallic_roughness_texture", "normal_texture",
      "occlusion_texture",     "emissive_texture",           "specular_texture",
      "specular_color_texture"};
  for (size_t m = 0; m < scene.materials.size(); ++m) {
    const Material& material = scene.materials[m];
    std::vector<std::string> labels(kOwnRefs.begin(), kOwnRefs.end());
    for (const MaterialExtension& e : material.extensions) {
      for (const auto& [key, ref] : e.textures) {
        labels.push_back("extensions[" + quoted(e.name) + "]['textures'][" + quoted(key) + "]");
      }
    }
    const std::vector<const TextureRef*> refs = material.texture_refs();
    for (size_t r = 0; r < refs.size() && r < labels.size(); ++r) {
      if (refs[r]->texture == static_cast<int>(index)) {
        return part_label("material", m, material.name) + " shows it (" + labels[r] + ")";
      }
    }
  }
  return "";
}

// What shows image `index`: "texture 2 shows it", or "".
std::string image_held_by(const Scene& scene, size_t index) {
  const int i = static_cast<int>(index);
  for (size_t t = 0; t < scene.textures.size(); ++t) {
    const Texture& texture = scene.textures[t];
    if (texture.image == i) return part_label("texture", t, texture.name) + " shows it";
    if (texture.extension_image == i) {
      return part_label("texture", t, texture.name) + " shows it through " +
             texture.source_extension;
    }
  }
  return "";
}

}  // namespace

Image make_image(py::handle name, py::handle uri, py::handle mime_type, py::handle data) {
  Image image;
  image.name = utf8(name, "name");
  image.uri = uri_from_python(uri);
  const std::string type = utf8(mime_type, "mime_type");
  SharedBytes bytes = data.is_none() ? SharedBytes() : bytes_from_python(data);
  if (!image.uri.empty() && !bytes.empty()) {
    throw py::value_error("SceneImage: give a uri or data, not both");
  }
  image.mime_type = bytes.empty() ? checked_type(type) : embedded_type(bytes, type);
  image.bytes = std::move(bytes);
  return image;
}

void set_image_bytes(const PartHandle<Image>& handle, py::handle data, py::handle mime_type) {
  SharedBytes bytes = data.is_none() ? SharedBytes() : bytes_from_python(data);
  const std::string given = utf8(mime_type, "mime_type");
  handle.get();  // RuntimeError once removed, before anything is checked
  if (bytes.empty()) {
    const std::string type = checked_type(given);
    Image& image = handle.edit();
    image.bytes.clear();
    if (!type.empty()) image.mime_type = type;
    return;
  }
  std::string type = embedded_type(bytes, given);
  Image& image = handle.edit();
  image.bytes = std::move(bytes);
  image.mime_type = std::move(type);
  image.uri.clear();
}

void set_image_uri(const PartHandle<Image>& handle, py::handle value) {
  std::string uri = uri_from_python(value);
  Image& image = handle.edit();
  if (!uri.empty()) image.bytes.clear();
  image.uri = std::move(uri);
}

void set_image_mime_type(const PartHandle<Image>& handle, py::handle value) {
  const std::string given = utf8(value, "mime_type");
  const Image& image = handle.get();
  std::string type = image.bytes.empty() ? checked_type(given) : embedded_type(image.bytes, given);
  handle.edit().mime_type = std::move(type);
}

const char* sampler_field_name(SamplerField field) { return constants_of(field).name; }

int sampler_constant(py::handle value, SamplerField field) {
  const SamplerConstants& constants = constants_of(field);
  const long long number = python_int(value, constants.name);
  if (std::find(constants.allowed.begin(), constants.allowed.end(), number) ==
      constants.allowed.end()) {
    throw py::value_error(std::string(constants.name) + " must be a glTF sampler constant (" +
                          constants.spelled + "), not " + py::repr(value).cast<std::string>());
  }
  return static_cast<int>(number);
}

int texture_image(const Scene* scene, py::handle value) {
  if (value.is_none()) return -1;
  const long long index = python_int(value, "image");
  if (index == -1) return -1;
  const size_t count = scene ? scene->images.size() : size_t{INT_MAX} + 1;
  if (index < 0 || static_cast<unsigned long long>(index) >= count) {
    throw py::index_error("image " + std::to_string(index) +
                          (scene ? " is out of range: the scene has " +
                                       std::to_string(scene->images.size()) + " images"
                                 : " is not an image index (0 or more, or -1 for none)"));
  }
  return static_cast<int>(index);
}

size_t append_image(SceneBox& box, Image image) {
  box.check_editable();
  box.scene.images.push_back(std::move(image));
  return box.scene.images.size() - 1;
}

size_t append_texture(SceneBox& box, Texture texture) {
  box.check_editable();
  Scene& scene = box.scene;
  for (const int image : {texture.image, texture.extension_image}) {
    if (image >= 0 && static_cast<size_t>(image) >= scene.images.size()) {
      throw py::index_error("append_texture: image " + std::to_string(image) +
                            " is out of range: the scene has " +
                            std::to_string(scene.images.size()) + " images");
    }
  }
  scene.textures.push_back(std::move(texture));
  return scene.textures.size() - 1;
}

void remove_image(SceneBox& box, size_t index) {
  box.check_editable();
  Scene& scene = box.scene;
  if (const std::string why = image_held_by(scene, index); !why.empty()) {
    throw py::value_error("remove_image: " + part_label("image", index, scene.images[index].name) +
                          " cannot be removed: " + why);
  }
  renumber_images(scene, removal(scene.images.size(), index));
  box.image_slots.erase(index);
}

void remove_texture(SceneBox& box, size_t index) {
  box.check_editable();
  Scene& scene = box.scene;
  if (const std::string why = texture_held_by(scene, index); !why.empty()) {
    throw py::value_error(
        "remove_texture: " + part_label("texture", index, scene.textures[index].name) +
        " cannot be removed: " + why);
  }
  renumber_textures(scene, removal(scene.textures.size(), index));
  box.texture_slots.erase(index);
}

}  // namespace px::python
