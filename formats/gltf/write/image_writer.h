// Scene images as glTF images. glTF's core takes PNG and JPEG only: such bytes are embedded (in
// the GLB buffer, or as a data: URI in a .gltf that has no URI to keep); a .gltf keeps an image's
// URI as spelled; bytes of another type keep their URI, or are left out without one. A URI the
// policy does not allow (engine/file_uri.h), or that does not parse, is never written: the image's
// PNG or JPEG bytes take its place, else the image is left out and the textures sampling it have
// no source. PNG or JPEG bytes the validator would reject (check/image_syntax.h) leave the image
// out, URI and all, since the URI names those same bytes.
//
// With transcode (convert --transcode-images, on by default for GLB), bytes that are TGA, BMP,
// TIFF or DDS (by their first bytes, formats/image/image_kind.h) are decoded and embedded as PNG
// (gltf.write.image-transcoded, counted); bytes that do not decode (gltf.write.image-undecodable)
// are treated as without it: their URI kept, or the image left out.
//
// KTX2, WebP and AVIF bytes a texture takes through KHR_texture_basisu, EXT_texture_webp or
// EXT_texture_avif (Texture::extension_image) are written as PNG and JPEG are; other such bytes
// are left out (gltf.write.image-dropped).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engine/file_uri.h"
#include "formats/gltf/write/bin_layout.h"
#include "formats/gltf/write/json_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px::gltf {

// The media type of the images a texture source extension takes, empty for another name.
std::string_view source_extension_type(std::string_view extension);

class ImageWriter {
 public:
  ImageWriter(const Scene& scene, bool binary, const UriPolicy& uris, Diagnostics& diagnostics,
              bool transcode = false);

  // GLB: plans a view for each embedded image (whose bytes the scene keeps until the write ends).
  void add_views(BinLayout& bin);

  // The written index of a scene image, -1 when it is not written.
  int written_index(int scene_image) const;
  // "images", when there is any.
  void write_json(JsonWriter& json) const;
  // The URI each scene image is written by, empty for one embedded or left out.
  std::vector<std::string> written_uris() const;
  // Writes a scene image written by its URI by `uri` instead: the name its file was carried
  // beside the output under (formats/common/image_files.h).
  void rename_uri(size_t scene_image, std::string uri);

 private:
  enum class Form { kBufferView, kDataUri, kUri };
  struct Written {
    const Image* image;
    Form form;
    std::string_view mime_type;  // for embedded bytes
    int view = -1;               // GLB only
    // The PNG a transcoded image is written as (else empty: the image's own bytes).
    SharedBytes transcoded;
    std::string uri;  // kUri: the image's own, or the name its file was carried under
    // What is embedded.
    std::span<const uint8_t> bytes() const {
      return transcoded.empty() ? image->bytes.span() : transcoded.span();
    }
  };
  std::vector<int> index_;  // scene image -> written image
  std::vector<Written> written_;
};

}  // namespace px::gltf
