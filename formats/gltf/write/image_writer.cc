#include "formats/gltf/write/image_writer.h"

#include <map>
#include <set>
#include <span>
#include <utility>

#include "engine/strings.h"
#include "engine/uri.h"
#include "formats/gltf/check/image_syntax.h"
#include "formats/image/stb_codec.h"
#include "formats/image/transcode.h"

namespace px::gltf {

namespace {

void warn_uris_dropped(const Scene& scene, const std::vector<size_t>& dropped,
                       Diagnostics& diagnostics) {
  if (dropped.empty()) return;
  const size_t first = dropped.front();
  diagnostics.warn(
      "gltf.write.image-uri-dropped",
      cat(dropped.size(),
          " image URIs are not written, since a viewer of the output would resolve them outside "
          "the asset's folder (absolute, \"..\", file:, another scheme; http(s): needs "
          "--allow-remote-uris, the others --allow-external-files); their PNG or JPEG bytes are "
          "embedded instead, else the image is left out (first: image ",
          first, ", ", scene.images[first].uri, ")"));
}

// "image 3 (textures/a.tga)", or "image 3" without a URI.
std::string image_label(const Scene& scene, size_t i) {
  const std::string& uri = scene.images[i].uri;
  if (uri.empty() || uri.starts_with("data:")) return cat("image ", i);
  return cat("image ", i, " (", uri, ")");
}

// The PNG of TGA, BMP, TIFF or DDS bytes, else empty; what was transcoded goes to `done`, what
// does not decode is warned of (gltf.write.image-undecodable).
std::vector<uint8_t> transcode_image(const Scene& scene, size_t i, std::vector<std::string>& done,
                                     Diagnostics& diagnostics) {
  const Image& image = scene.images[i];
  const image::ImageKind kind = image::sniff_image_kind(image.bytes);
  if (kind == image::ImageKind::kOther) return {};
  absl::StatusOr<image::Pixels> pixels = image::decode_image(image.bytes, kind);
  absl::StatusOr<std::vector<uint8_t>> png =
      pixels.ok() ? image::encode_png(*pixels) : pixels.status();
  if (!png.ok()) {
    diagnostics.warn("gltf.write.image-undecodable",
                     cat(image_label(scene, i), " holds ", image::image_kind_name(kind),
                         " bytes that cannot be transcoded to PNG (", std::string(png.status().message()),
                         "); written as without --transcode-images"));
    return {};
  }
  done.push_back(cat(image_label(scene, i), " from ", image::image_kind_name(kind), " ",
                     pixels->width, " x ", pixels->height,
                     pixels->hdr_clamped ? " (HDR values clamped to [0, 1])" : ""));
  return *std::move(png);
}

// The PNG each copy of bytes in the scene was transcoded to (empty: it was not), and the first
// image holding them: images sharing one copy (a file many images named) are transcoded once and
// share the PNG.
struct Transcoded {
  size_t first;
  SharedBytes png;
};
using TranscodedBytes = std::map<std::pair<const uint8_t*, size_t>, Transcoded>;

SharedBytes transcode_once(const Scene& scene, size_t i, TranscodedBytes& by_bytes,
                           std::vector<std::string>& done, Diagnostics& diagnostics) {
  const SharedBytes& bytes = scene.images[i].bytes;
  const std::pair key(bytes.data(), bytes.size());
  if (auto it = by_bytes.find(key); !bytes.empty() && it != by_bytes.end()) {
    if (!it->second.png.empty()) {
      done.push_back(cat(image_label(scene, i), " as ", image_label(scene, it->second.first)));
    }
    return it->second.png;
  }
  SharedBytes png = transcode_image(scene, i, done, diagnostics);
  if (!bytes.empty()) by_bytes.emplace(key, Transcoded{i, png});
  return png;
}

void warn_transcoded(const std::vector<std::string>& done, Diagnostics& diagnostics) {
  if (done.empty()) return;
  constexpr size_t kNamed = 8;
  std::string list;
  for (size_t k = 0; k < done.size() && k < kNamed; ++k) {
    list += cat(k == 0 ? "" : ", ", done[k]);
  }
  if (done.size() > kNamed) list += cat(" and ", done.size() - kNamed, " more");
  diagnostics.warn("gltf.write.image-transcoded",
                   cat(done.size(), done.size() == 1 ? " image is" : " images are",
                       " not PNG or JPEG and embedded transcoded to PNG: ", list));
}

// The images textures take through a source extension whose type is the image's.
std::set<size_t> extension_images(const Scene& scene) {
  std::set<size_t> out;
  for (const Texture& t : scene.textures) {
    if (t.extension_image < 0 || static_cast<size_t>(t.extension_image) >= scene.images.size()) {
      continue;
    }
    if (sniff_media_type(scene.images[t.extension_image].bytes) ==
        source_extension_type(t.source_extension)) {
      out.insert(static_cast<size_t>(t.extension_image));
    }
  }
  return out;
}

}  // namespace

std::string_view source_extension_type(std::string_view extension) {
  if (extension == "KHR_texture_basisu") return "image/ktx2";
  if (extension == "EXT_texture_webp") return "image/webp";
  if (extension == "EXT_texture_avif") return "image/avif";
  return {};
}

ImageWriter::ImageWriter(const Scene& scene, bool binary, const UriPolicy& uris,
                         Diagnostics& diagnostics, bool transcode) {
  index_.reserve(scene.images.size());
  std::vector<size_t> uri_dropped;
  std::vector<std::string> transcoded;
  TranscodedBytes transcoded_bytes;
  const std::set<size_t> extension_sources = extension_images(scene);
  for (size_t i = 0; i < scene.images.size(); ++i) {
    const Image& image = scene.images[i];
    SharedBytes png;
    if (transcode) png = transcode_once(scene, i, transcoded_bytes, transcoded, diagnostics);
    if (!png.empty()) {
      // Embedded whatever the container: a URI would name the bytes a viewer cannot show.
      index_.push_back(static_cast<int>(written_.size()));
      written_.push_back(Written{&image, binary ? Form::kBufferView : Form::kDataUri, "image/png",
                                 -1, std::move(png)});
      continue;
    }
    std::string_view type = sniff_media_type(image.bytes);
    const bool extension_type =
        type == "image/webp" || type == "image/ktx2" || type == "image/avif";
    // A texture's source through KHR_texture_basisu, EXT_texture_webp or EXT_texture_avif is
    // written as it is; elsewhere such bytes are readable only through an extension no texture
    // declares for them.
    bool embeddable = type == "image/png" || type == "image/jpeg" ||
                      (extension_type && extension_sources.contains(i));
    Form form;
    if (extension_type && !embeddable) {
      diagnostics.warn("gltf.write.image-dropped", cat("image ", i, " is ", type,
                                                       ", which glTF takes only through an "
                                                       "extension; left out"));
      index_.push_back(-1);
      continue;
    }
    if (std::optional<ImageDataProblem> problem = image_data_problem(image.bytes)) {
      diagnostics.warn("gltf.write.image-data-invalid",
                       cat("image ", i, " is left out: its ", type, " bytes ",
                           problem->unexpected_end ? "end early" : "do not parse", " (",
                           problem->message, "), which the validator rejects"));
      index_.push_back(-1);
      continue;
    }
    const std::string uri_error = image.uri.empty() ? "" : uri_syntax_error(image.uri);
    if (!uri_error.empty()) {
      diagnostics.warn(
          "gltf.write.image-uri-invalid",
          cat("image ", i, ": its URI \"", image.uri,
              "\" is not written, since it does not parse (", uri_error, "); ",
              embeddable ? "its bytes are embedded instead" : "the image is left out"));
    }
    if (embeddable && binary) {
      form = Form::kBufferView;
    } else if (!uri_error.empty() || (!image.uri.empty() && !may_write_uri(image.uri, uris))) {
      if (uri_error.empty()) uri_dropped.push_back(i);
      if (!embeddable) {
        index_.push_back(-1);
        continue;
      }
      form = Form::kDataUri;
    } else if (!image.uri.empty()) {
      form = Form::kUri;
      if (!image.bytes.empty() && !embeddable && binary) {
        diagnostics.warn(
            "gltf.write.image-not-embedded",
            cat("image ", i, " (", image.uri, ") is ", type.empty() ? "of no known type" : type,
                ", not PNG or JPEG; its URI is kept instead of its bytes"));
      }
    } else if (embeddable) {
      form = Form::kDataUri;
    } else {
      diagnostics.warn(
          "gltf.write.image-dropped",
          image.bytes.empty()
              ? cat("image ", i, " has neither bytes nor a URI; left out")
              : cat("image ", i, " holds ", type.empty() ? "bytes of no known type" : type,
                    ", not PNG or JPEG, and no URI; left out"));
      index_.push_back(-1);
      continue;
    }
    index_.push_back(static_cast<int>(written_.size()));
    written_.push_back(Written{&image, form, type, -1, {}, form == Form::kUri ? image.uri : ""});
  }
  warn_transcoded(transcoded, diagnostics);
  warn_uris_dropped(scene, uri_dropped, diagnostics);
}

void ImageWriter::add_views(BinLayout& bin) {
  // Images sharing one copy of their bytes (a file many images of the input named), or of their
  // PNG, share one view: the output holds those bytes once, as the scene does.
  std::map<std::pair<const uint8_t*, size_t>, int> views_of_shared;
  for (Written& w : written_) {
    if (w.form != Form::kBufferView) continue;
    const std::span<const uint8_t> bytes = w.bytes();
    if (auto it = views_of_shared.find({bytes.data(), bytes.size()});
        it != views_of_shared.end()) {
      w.view = it->second;
      continue;
    }
    w.view = bin.add_view(bytes.size(), 0, [bytes](ViewOut& out, Diagnostics&) {
      out.bytes({reinterpret_cast<const char*>(bytes.data()), bytes.size()});
      return absl::OkStatus();
    });
    views_of_shared.emplace(std::pair(bytes.data(), bytes.size()), w.view);
  }
}

int ImageWriter::written_index(int scene_image) const {
  if (scene_image < 0 || static_cast<size_t>(scene_image) >= index_.size()) return -1;
  return index_[scene_image];
}

std::vector<std::string> ImageWriter::written_uris() const {
  std::vector<std::string> uris(index_.size());
  for (size_t i = 0; i < index_.size(); ++i) {
    if (index_[i] >= 0 && written_[index_[i]].form == Form::kUri) uris[i] = written_[index_[i]].uri;
  }
  return uris;
}

void ImageWriter::rename_uri(size_t scene_image, std::string uri) {
  if (scene_image >= index_.size() || index_[scene_image] < 0) return;
  Written& w = written_[index_[scene_image]];
  if (w.form == Form::kUri) w.uri = std::move(uri);
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
    switch (w.form) {
      case Form::kBufferView:
        json.key("bufferView");
        json.integer(w.view);
        json.key("mimeType");
        json.string(w.mime_type);
        break;
      case Form::kDataUri:
        json.key("uri");
        json.string(data_uri(w.mime_type, w.bytes()));
        break;
      case Form::kUri:
        json.key("uri");
        json.string(w.uri);
        break;
    }
    json.end_object();
  }
  json.end_array();
}

}  // namespace px::gltf
