#include "formats/gltf/image_writer.h"

#include <cstring>

#include "engine/strings.h"
#include "formats/gltf/uri_encoding.h"

namespace px::gltf {
namespace {

bool starts_with(std::span<const uint8_t> bytes, std::string_view magic, size_t at = 0) {
  return bytes.size() >= at + magic.size() &&
         std::memcmp(bytes.data() + at, magic.data(), magic.size()) == 0;
}

}  // namespace

std::string_view sniff_mime_type(std::span<const uint8_t> bytes) {
  if (starts_with(bytes, "\x89PNG\r\n\x1A\n")) return "image/png";
  if (starts_with(bytes, "\xFF\xD8\xFF")) return "image/jpeg";
  if (starts_with(bytes, "RIFF") && starts_with(bytes, "WEBP", 8)) return "image/webp";
  if (starts_with(bytes, "\xABKTX 20\xBB\r\n\x1A\n")) return "image/ktx2";
  return {};
}

ImageWriter::ImageWriter(const Scene& scene, bool binary, Diagnostics& diagnostics)
    : binary_(binary) {
  index_.reserve(scene.images.size());
  for (size_t i = 0; i < scene.images.size(); ++i) {
    const Image& image = scene.images[i];
    if (image.bytes.empty() && image.uri.empty()) {
      diagnostics.warn("gltf.write.image-dropped",
                       cat("image ", i, " has neither bytes nor a uri; left out"));
      index_.push_back(-1);
      continue;
    }
    Written w{&image, {}, -1};
    if (!image.bytes.empty()) {
      // The bytes are the truth; a declared type is only used when they are not recognised.
      w.mime_type = sniff_mime_type(image.bytes);
      if (w.mime_type.empty()) w.mime_type = image.mime_type;
      if (w.mime_type.empty()) {
        diagnostics.warn("gltf.write.image-type-unknown",
                         cat("image ", i, ": bytes of no known image type"));
        w.mime_type = "application/octet-stream";
      }
    }
    index_.push_back(static_cast<int>(written_.size()));
    written_.push_back(std::move(w));
  }
}

void ImageWriter::add_views(BinBuilder& bin) {
  if (!binary_) return;
  for (Written& w : written_) {
    if (!w.image->bytes.empty()) w.view = bin.add_view(w.image->bytes.size(), 0);
  }
}

void ImageWriter::fill(BinBuilder& bin) const {
  for (const Written& w : written_) {
    if (w.view >= 0)
      std::memcpy(bin.view_data(w.view), w.image->bytes.data(), w.image->bytes.size());
  }
}

int ImageWriter::written_index(int scene_image) const {
  if (scene_image < 0 || static_cast<size_t>(scene_image) >= index_.size()) return -1;
  return index_[scene_image];
}

void ImageWriter::write_json(JsonWriter& json) const {
  if (written_.empty()) return;
  json.key("images");
  json.start_array();
  for (const Written& w : written_) {
    json.start_object();
    if (!w.image->name.empty()) {
      json.key("name");
      json.string(w.image->name);
    }
    if (w.view >= 0) {
      json.key("bufferView");
      json.integer(w.view);
      json.key("mimeType");
      json.string(w.mime_type);
    } else if (!w.image->bytes.empty()) {
      json.key("uri");
      json.string(data_uri(w.mime_type, w.image->bytes));
    } else {
      json.key("uri");
      json.string(w.image->uri);
    }
    json.end_object();
  }
  json.end_array();
}

}  // namespace px::gltf
