// Changes to a scene's images and textures made from Python, each checked in full before it
// changes anything (a refused one raises and leaves the scene as it was).
//
// - An image is a uri or embedded bytes (a read image whose file was found holds both): setting
//   one puts the other away. Embedded bytes carry their media type: the one their first bytes
//   show (PNG, JPEG, ...; engine/uri.h), or, for bytes that show none (TGA), the one given;
//   ValueError naming 'mime_type' for bytes without a known type, a type they contradict, or a
//   value that is no type/subtype. A data: URI is refused as a uri (its bytes are the data).
// - A texture's sampler fields take the constants glTF defines (ValueError naming the field
//   otherwise); its image is an image of its scene (IndexError), any index for a texture of no
//   scene, checked when it is appended.
// - remove_image refuses (ValueError) an image a texture shows, as its image or its extension's
//   (KHR_texture_basisu, ...); remove_texture one a material's texture reference shows, its
//   extensions' included. Otherwise the later indices move down one (renumber.h).
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <string>

#include "polyxios/scene/scene.h"
#include "python/src/handles.h"

namespace px::python {

namespace py = pybind11;

// SceneImage(name, uri, mime_type, data).
Image make_image(py::handle name, py::handle uri, py::handle mime_type, py::handle data);
// Sets the image's bytes (None: none) and its media type ('' for the one they show); a uri goes.
void set_image_bytes(const PartHandle<Image>& image, py::handle data, py::handle mime_type);
// Sets the image's uri (None or '': none); its bytes, the old file's, go.
void set_image_uri(const PartHandle<Image>& image, py::handle uri);
void set_image_mime_type(const PartHandle<Image>& image, py::handle mime_type);

// The sampler fields of a texture, each a glTF constant.
enum class SamplerField { kWrapS, kWrapT, kMagFilter, kMinFilter };
const char* sampler_field_name(SamplerField field);
// `value` as a constant glTF defines for the field; TypeError for another type, ValueError for
// another number.
int sampler_constant(py::handle value, SamplerField field);
// `value` as a texture's image: -1 (None or -1) for none, else an image of `scene` (any index 0
// or more when `scene` is null); IndexError otherwise.
int texture_image(const Scene* scene, py::handle value);

// Appends a detached image / texture and returns its index (a texture's image checked then).
size_t append_image(SceneBox& box, Image image);
size_t append_texture(SceneBox& box, Texture texture);
// Remove image / texture `index` (in range), or raise ValueError as the header says.
void remove_image(SceneBox& box, size_t index);
void remove_texture(SceneBox& box, size_t index);

}  // namespace px::python
