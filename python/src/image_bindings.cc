// SceneTexture and SceneImage: a texture or image of a scene, or one made in Python and not yet
// appended, and SceneData's append_texture, remove_texture, append_image and remove_image. What
// each field takes and what a removal refuses: image_edit.h.
#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <utility>

#include "polyxios/scene/scene.h"
#include "python/src/arrays.h"
#include "python/src/bindings.h"
#include "python/src/handles.h"
#include "python/src/image_edit.h"
#include "python/src/part_helpers.h"
#include "python/src/scene_edit.h"
#include "python/src/values.h"

namespace px::python {
namespace {

using TextureHandle = PartHandle<Texture>;
using ImageHandle = PartHandle<Image>;

// The bytes as a read-only array holding its own share of them: it keeps its values when the
// image's bytes are replaced or the image is removed.
py::object bytes_view(const SharedBytes& bytes) {
  if (bytes.empty()) return py::none();
  auto held = std::make_unique<SharedBytes>(bytes);
  const py::capsule owner(held.get(), [](void* p) { delete static_cast<SharedBytes*>(p); });
  return uint8_view(held.release()->span(), owner);
}

template <int Texture::*Field, SamplerField Which>
void bind_sampler(py::class_<TextureHandle>& c, const char* doc) {
  c.def_property(
      sampler_field_name(Which), [](py::handle self) { return part_of<Texture>(self).*Field; },
      [](py::handle self, py::handle value) {
        const int constant = sampler_constant(value, Which);
        edit_of<Texture>(self).*Field = constant;
      },
      doc);
}

TextureHandle make_texture(py::handle image, py::handle name, py::handle wrap_s, py::handle wrap_t,
                           py::handle mag_filter, py::handle min_filter) {
  Texture texture;
  texture.image = texture_image(nullptr, image);
  texture.name = utf8(name, "name");
  texture.wrap_s = sampler_constant(wrap_s, SamplerField::kWrapS);
  texture.wrap_t = sampler_constant(wrap_t, SamplerField::kWrapT);
  texture.mag_filter = sampler_constant(mag_filter, SamplerField::kMagFilter);
  texture.min_filter = sampler_constant(min_filter, SamplerField::kMinFilter);
  return TextureHandle::detached(std::move(texture));
}

void bind_texture(py::module_& m) {
  py::class_<TextureHandle> c(m, "SceneTexture", R"(An image with its sampler settings.

    SceneTexture(image=-1, name='', wrap_s=10497, wrap_t=10497, mag_filter=0, min_filter=0)

makes a texture of no scene yet; SceneData.append_texture puts it in one (its image is checked
then). Each field takes the glTF sampler constants (ValueError naming it for another number); the
image an image of the texture's scene (IndexError out of range).)");
  c.def(py::init(&make_texture), py::arg("image") = -1, py::arg("name") = "",
        py::arg("wrap_s") = 10497, py::arg("wrap_t") = 10497, py::arg("mag_filter") = 0,
        py::arg("min_filter") = 0);
  c.def_property(
      "name", [](py::handle self) { return text(part_of<Texture>(self).name); },
      [](py::handle self, py::handle value) {
        std::string name = utf8(value, "name");
        edit_of<Texture>(self).name = std::move(name);
      },
      "str");
  c.def_property(
      "image", [](py::handle self) { return part_of<Texture>(self).image; },
      [](py::handle self, py::handle value) {
        const TextureHandle& handle = self.cast<const TextureHandle&>();
        const int image = texture_image(handle.scene(), value);
        handle.edit().image = image;
      },
      "index into SceneData.images, -1 for a placeholder that keeps index alignment; takes an "
      "index (IndexError out of range), or None or -1 for none");
  bind_sampler<&Texture::wrap_s, SamplerField::kWrapS>(
      c, "glTF sampler constant: 10497 REPEAT, 33071 CLAMP_TO_EDGE, 33648 MIRRORED_REPEAT");
  bind_sampler<&Texture::wrap_t, SamplerField::kWrapT>(c, "glTF sampler constant, as wrap_s");
  bind_sampler<&Texture::mag_filter, SamplerField::kMagFilter>(
      c, "glTF sampler constant (9728 NEAREST, 9729 LINEAR), 0 when not given");
  bind_sampler<&Texture::min_filter, SamplerField::kMinFilter>(
      c,
      "glTF sampler constant (9728 NEAREST, 9729 LINEAR, 9984..9987 the mipmap ones), 0 when "
      "not given");
  c.def_property_readonly("index", &part_index<Texture>,
                          "int: the texture's index in SceneData.textures, None for a texture of "
                          "no scene");
  c.def("__repr__", [](py::handle self) {
    return "<SceneTexture: image " + std::to_string(part_of<Texture>(self).image) + ">";
  });
}

void bind_image(py::module_& m) {
  py::class_<ImageHandle> c(m, "SceneImage", R"(An image: a uri, or embedded bytes.

    SceneImage(name='', uri=None, mime_type='', data=None)

makes an image of no scene yet; SceneData.append_image puts it in one. data (bytes, a bytearray
or a 1-D uint8 array) is copied; its mime_type is the one its first bytes show (PNG, JPEG, ...),
or for bytes that show none (TGA) the one given. ValueError naming mime_type for embedded bytes
of no known type or of another type than the one given, naming data for another kind of value;
ValueError for both a uri and data.)");
  c.def(py::init([](py::handle name, py::handle uri, py::handle mime_type, py::handle data) {
          return ImageHandle::detached(make_image(name, uri, mime_type, data));
        }),
        py::arg("name") = "", py::arg("uri") = py::none(), py::arg("mime_type") = "",
        py::arg("data") = py::none());
  c.def_property(
      "name", [](py::handle self) { return text(part_of<Image>(self).name); },
      [](py::handle self, py::handle value) {
        std::string name = utf8(value, "name");
        edit_of<Image>(self).name = std::move(name);
      },
      "str");
  c.def_property(
      "uri",
      [](py::handle self) -> py::object {
        const Image& image = part_of<Image>(self);
        if (image.uri.empty()) return py::none();
        return text(image.uri);
      },
      [](py::handle self, py::handle value) {
        set_image_uri(self.cast<const ImageHandle&>(), value);
      },
      "the uri as the document spells it (percent-encoding kept), or None; takes a str (not a "
      "data: URI) or None. A uri set puts the image's bytes (the old file's) away");
  c.def_property(
      "mime_type", [](py::handle self) { return text(part_of<Image>(self).mime_type); },
      [](py::handle self, py::handle value) {
        set_image_mime_type(self.cast<const ImageHandle&>(), value);
      },
      "str, '' when not known; takes a media type ('image/png'), which embedded bytes must be of "
      "when their first bytes show one ('' then: theirs)");
  c.def_property(
      "bytes", [](py::handle self) { return bytes_view(part_of<Image>(self).bytes); },
      [](py::handle self, py::handle value) {
        set_image_bytes(self.cast<const ImageHandle&>(), value, py::str(""));
      },
      "the embedded pixels (data: URI, <hex>, a glTF bufferView, a file found on read) as a "
      "read-only uint8 array, or None; takes bytes, a bytearray or a 1-D uint8 array (copied: an "
      "array read before keeps its values), whose first bytes must show their type (else "
      "set_bytes), or None. Bytes set put the uri away");
  c.def(
      "set_bytes",
      [](py::handle self, py::handle data, py::handle mime_type) {
        set_image_bytes(self.cast<const ImageHandle&>(), data, mime_type);
      },
      py::arg("data"), py::arg("mime_type") = "",
      R"(Sets the embedded bytes (as the bytes property takes them) and their mime_type together:
'' for the one their first bytes show, else the type of bytes that show none (TGA). ValueError
naming mime_type, the image unchanged, for bytes of no known type without one, or of another
type than the one given.)");
  c.def_property_readonly("index", &part_index<Image>,
                          "int: the image's index in SceneData.images, None for an image of no "
                          "scene");
  c.def("__repr__", [](py::handle self) {
    const Image& image = part_of<Image>(self);
    return "<SceneImage " + py::repr(text(image.name)).cast<std::string>() + ": " +
           (image.bytes.empty() ? "uri " + py::repr(text(image.uri)).cast<std::string>()
                                : std::to_string(image.bytes.size()) + " bytes") +
           ">";
  });
}

// Moves a part made in Python into the scene and binds its handle there.
template <class Part>
size_t append_to(const SceneHandle& self, PartHandle<Part>& part, size_t (*append)(SceneBox&, Part),
                 const char* what) {
  if (part.box) {
    throw py::value_error(std::string(what) + ": the " + PartKind<Part>::kName +
                          " is in a scene already; append a new " + PartKind<Part>::kName);
  }
  const size_t index = append(*self.box, *part.own);
  part = PartHandle<Part>::bound(self.box, index);
  return index;
}

}  // namespace

void bind_texture_and_image(py::module_& m) {
  bind_texture(m);
  bind_image(m);
}

void bind_texture_and_image_edits(py::module_& m) {
  auto c = py::reinterpret_borrow<py::class_<SceneHandle>>(m.attr("SceneData"));
  c.def(
      "append_image",
      [](const SceneHandle& self, ImageHandle& image) {
        return append_to(self, image, &append_image, "append_image");
      },
      py::arg("image"),
      R"(Appends `image`, a SceneImage made in Python (SceneImage(...)), and returns its index
(for SceneTexture.image); the image object then stands for the scene's image. ValueError for an
image already in a scene.)");
  c.def(
      "remove_image",
      [](const SceneHandle& self, py::handle index) {
        const long long image = python_int(index, "image");
        remove_image(*self.box,
                     index_in(py::int_(image), self.scene().images.size(), "image", "images"));
      },
      py::arg("index"),
      R"(Removes image `index`: every later image index (the textures') moves down one; a
SceneImage object of the removed image raises RuntimeError from then on (arrays of its bytes read
before keep them). ValueError, the scene unchanged, for an image a texture shows (give the
texture another image first).)");
  c.def(
      "append_texture",
      [](const SceneHandle& self, TextureHandle& texture) {
        return append_to(self, texture, &append_texture, "append_texture");
      },
      py::arg("texture"),
      R"(Appends `texture`, a SceneTexture made in Python (SceneTexture(...)), and returns its
index (for SceneTextureRef and the materials' texture fields); the texture object then stands for
the scene's texture. IndexError for an image out of range; ValueError for a texture already in a
scene.)");
  c.def(
      "remove_texture",
      [](const SceneHandle& self, py::handle index) {
        const long long texture = python_int(index, "texture");
        remove_texture(*self.box, index_in(py::int_(texture), self.scene().textures.size(),
                                           "texture", "textures"));
      },
      py::arg("index"),
      R"(Removes texture `index`: every later texture index (the materials' texture references,
their extensions' included) moves down one; a SceneTexture object of the removed texture raises
RuntimeError from then on. ValueError, the scene unchanged, for a texture a material's texture
reference shows (set it to None first).)");
}

}  // namespace px::python
