// Scene images as glTF images: embedded bytes go into the buffer (GLB) or a data: URI (.gltf);
// an image without bytes keeps its uri as given.
#pragma once

#include <string>
#include <vector>

#include "engine/diagnostics.h"
#include "formats/gltf/bin_builder.h"
#include "formats/gltf/json_writer.h"
#include "model/scene.h"

namespace px::gltf {

class ImageWriter {
 public:
  // An image with neither bytes nor uri is left out with a warning.
  ImageWriter(const Scene& scene, bool binary, Diagnostics& diagnostics);

  // GLB: plans a view for each embedded image.
  void add_views(BinBuilder& bin);
  void fill(BinBuilder& bin) const;

  // The written index of a scene image, -1 when it is not written.
  int written_index(int scene_image) const;
  // "images", when there is any.
  void write_json(JsonWriter& json) const;

 private:
  struct Written {
    const Image* image;
    std::string mime_type;  // for embedded bytes
    int view = -1;          // GLB only
  };
  bool binary_;
  std::vector<int> index_;  // scene image -> written image
  std::vector<Written> written_;
};

// "image/png", "image/jpeg", "image/webp" or "image/ktx2" from the leading bytes; empty when
// none of these.
std::string_view sniff_mime_type(std::span<const uint8_t> bytes);

}  // namespace px::gltf
