#include "formats/gltf/read/read_textures.h"

#include <algorithm>
#include <array>

#include "engine/contained_file.h"
#include "engine/errors.h"
#include "engine/file_uri.h"
#include "engine/loaded_files.h"
#include "engine/strings.h"
#include "engine/uri.h"
#include "formats/gltf/check/image_syntax.h"
#include "formats/gltf/check/resource_check.h"
#include "polyxios/hash_containers.h"
#include "polyxios/memory/shared_bytes.h"

namespace px::gltf {
namespace {

constexpr std::string_view kImageMissing = "gltf.image.missing";

// The files and buffer views the document's images have taken, by where they come from: images
// naming one share one copy of its bytes, read or copied once.
struct LoadedImageBytes {
  LoadedFiles files;
  HashMap<int, SharedBytes> views;  // by bufferView index
};

// A file that is not there (or is no regular file) is a warning (a .gltf may be copied before its
// textures), or a refusal when the caller asks for every resource (strict_resources). A file an
// image before this one named is not read again: its bytes are shared.
absl::Status load_image_file(ReadContext& ctx, LoadedImageBytes& loaded, const std::string& at,
                             Image& image) {
  ResolvedUri file =
      resolve_file_uri(image.uri, ctx.base_dir(), ctx.options().allow_external_files);
  switch (file.kind) {
    case UriFile::kOutside:
      ctx.warn("gltf.read.image-outside-folder",
               cat(at, ": image \"", image.uri,
                   "\" lies outside the document's folder and is not read "
                   "(--allow-external-files reads it); its URI is kept"));
      return absl::OkStatus();
    case UriFile::kNotAFile:
    case UriFile::kNoFolder:
      return absl::OkStatus();
    case UriFile::kFile:
      break;
  }
  auto unreadable = [&](const absl::Status& why) {
    ctx.warn("gltf.read.image-unreadable", cat(at, ": image file \"", image.uri,
                                               "\" cannot be read: ", std::string(why.message())));
    return absl::OkStatus();
  };
  absl::StatusOr<SharedBytes> bytes;
  if (const absl::StatusOr<SharedBytes>* read = loaded.files.find(file.path)) {
    bytes = *read;
  } else {
    // Opened beneath the document's folder through every symlink, a regular file only; one that
    // is not there or is no regular file is missing.
    absl::StatusOr<RegularFile> opened =
        open_contained_file(ctx.base_dir(), file.path, ctx.options().allow_external_files);
    if (!opened.ok() && opened.status().code() == absl::StatusCode::kPermissionDenied) {
      ctx.warn("gltf.read.image-outside-folder",
               cat(at, ": image \"", image.uri,
                   "\" leads outside the document's folder (through a symlink) and is not read "
                   "(--allow-external-files reads it); its URI is kept"));
      return absl::OkStatus();
    }
    if (!opened.ok() && (opened.status().code() == absl::StatusCode::kNotFound ||
                         opened.status().code() == absl::StatusCode::kFailedPrecondition)) {
      const std::string why = opened.status().code() == absl::StatusCode::kNotFound
                                  ? std::string("was not found")
                                  : cat("is not read: ", std::string(opened.status().message()));
      if (ctx.options().strict_resources) {
        return refuse(kImageMissing, cat(at, ": image file \"", image.uri, "\" ", why,
                                         " (--strict-resources refuses a missing image)"));
      }
      ctx.warn(kImageMissing,
               cat(at, ": image file \"", image.uri, "\" ", why, "; its URI is kept"));
      return absl::OkStatus();
    }
    if (!opened.ok()) return unreadable(opened.status());
    // Charged to the input budget before it is read, and read as it was at the open.
    PX_GLTF_TRY(ctx.take_in_file(opened->size(), cat(at, "/uri")));
    bytes = loaded.files.read(file.path, *opened);
  }
  if (!bytes.ok()) return unreadable(bytes.status());
  image.bytes = *std::move(bytes);
  std::string_view sniffed = sniff_media_type(image.bytes);
  if (!sniffed.empty()) image.mime_type = std::string(sniffed);
  return absl::OkStatus();
}

absl::Status read_image(ReadContext& ctx, Buffers& buffers, LoadedImageBytes& loaded,
                        const JsonObject& json, Image& image) {
  int view = -1;
  std::string uri;
  PX_GLTF_TRY(json.get("name", image.name));
  PX_GLTF_TRY(json.get("mimeType", image.mime_type));
  PX_GLTF_TRY(json.get("uri", uri));
  PX_GLTF_TRY(json.get_index("bufferView", ctx.count(Top::kBufferViews), view));
  if (view >= 0) {
    auto it = loaded.views.find(view);
    if (it == loaded.views.end()) {
      absl::StatusOr<ViewBytes> bytes = buffers.view(view);
      if (!bytes.ok()) return bytes.status();
      it = loaded.views.emplace(view, SharedBytes::copy_of(bytes->bytes)).first;
    }
    image.bytes = it->second;
    if (image.mime_type.empty()) image.mime_type = std::string(sniff_media_type(image.bytes));
    check_image(ctx, json, image.bytes);
    return absl::OkStatus();
  }
  if (!json.has("uri")) {
    ctx.warn("gltf.read.image-empty", cat(json.pointer(),
                                          ": an image with neither a uri nor a "
                                          "bufferView is read empty"));
    return absl::OkStatus();
  }
  if (is_data_uri(uri)) {
    std::optional<DataUri> data = decode_data_uri(uri);
    if (!data) {
      ctx.warn("gltf.read.image-data-uri",
               cat(json.pointer(), ": a malformed data: URI is dropped"));
      return absl::OkStatus();
    }
    image.bytes = std::move(data->bytes);
    std::string_view sniffed = sniff_media_type(image.bytes);
    image.mime_type = sniffed.empty() ? data->media_type : std::string(sniffed);
    check_image(ctx, json, image.bytes);
    return absl::OkStatus();
  }
  image.uri = uri;
  // A URI that does not parse names no file (check_image warns about it).
  if (uri_syntax_error(uri).empty()) {
    PX_GLTF_TRY(load_image_file(ctx, loaded, json.pointer(), image));
  }
  check_image(ctx, json, image.bytes);
  return absl::OkStatus();
}

// One of `allowed`, else refused as a value glTF does not define.
absl::Status get_enum(const JsonObject& json, std::string_view key, std::span<const int> allowed,
                      int& out) {
  PX_GLTF_TRY(json.get(key, out));
  if (!json.has(key) || std::find(allowed.begin(), allowed.end(), out) != allowed.end()) {
    return absl::OkStatus();
  }
  return refuse(kJsonValue, cat(json.pointer(key), " is ", out, ", not a glTF value"));
}

absl::Status read_sampler(const JsonObject& json, Texture& texture) {
  static constexpr std::array<int, 3> kWraps = {33071, 33648, 10497};
  static constexpr std::array<int, 2> kMagFilters = {9728, 9729};
  static constexpr std::array<int, 6> kMinFilters = {9728, 9729, 9984, 9985, 9986, 9987};
  PX_GLTF_TRY(get_enum(json, "wrapS", kWraps, texture.wrap_s));
  PX_GLTF_TRY(get_enum(json, "wrapT", kWraps, texture.wrap_t));
  PX_GLTF_TRY(get_enum(json, "magFilter", kMagFilters, texture.mag_filter));
  return get_enum(json, "minFilter", kMinFilters, texture.min_filter);
}

// The first of a texture's KHR_texture_basisu, EXT_texture_webp and EXT_texture_avif sources the
// document declares, in the texture's order; one that names no image is left out with a warning,
// and so are the others, which the model has no slot for (a viewer takes any one it supports).
void read_source_extension(ReadContext& ctx, const JsonObject& json, Texture& texture) {
  static constexpr std::string_view kSources[] = {"KHR_texture_basisu", "EXT_texture_webp",
                                                  "EXT_texture_avif"};
  constexpr std::string_view kInvalid = "gltf.read.texture-extension-invalid";
  const JsonValue* extensions = json.find("extensions");
  if (extensions == nullptr || !extensions->IsObject()) return;
  for (const auto& member : extensions->GetObject()) {
    const std::string_view name(member.name.GetString(), member.name.GetStringLength());
    if (std::find(std::begin(kSources), std::end(kSources), name) == std::end(kSources)) continue;
    std::optional<JsonObject> e = ctx.extension(json, name, kInvalid);
    if (!e) continue;
    int image = -1;
    if (!e->has("source")) continue;  // a source is optional: nothing to keep
    if (!e->get_index("source", ctx.count(Top::kImages), image).ok() || image < 0) {
      ctx.warn(kInvalid,
               cat(e->pointer("source"), " is not the index of an image; ", name, " is left out"));
    } else if (texture.extension_image >= 0) {
      ctx.warn(kInvalid, cat(e->pointer(), ": the texture's source by ", texture.source_extension,
                             " is kept; ", name, "'s is left out"));
    } else {
      texture.source_extension = std::string(name);
      texture.extension_image = image;
    }
  }
}

}  // namespace

absl::Status read_images(ReadContext& ctx, Buffers& buffers) {
  std::vector<Image>& images = ctx.scene().images;
  PX_GLTF_TRY(ctx.resize(images, Top::kImages));
  LoadedImageBytes loaded;
  for (size_t i = 0; i < images.size(); ++i) {
    absl::StatusOr<JsonObject> json = ctx.entry(Top::kImages, i);
    if (!json.ok()) return json.status();
    PX_GLTF_TRY(read_image(ctx, buffers, loaded, *json, images[i]));
  }
  return absl::OkStatus();
}

absl::Status read_textures(ReadContext& ctx) {
  std::vector<Texture>& textures = ctx.scene().textures;
  PX_GLTF_TRY(ctx.resize(textures, Top::kTextures));
  for (size_t i = 0; i < textures.size(); ++i) {
    absl::StatusOr<JsonObject> json = ctx.entry(Top::kTextures, i);
    if (!json.ok()) return json.status();
    Texture& texture = textures[i];
    int sampler = -1;
    PX_GLTF_TRY(json->get("name", texture.name));
    PX_GLTF_TRY(json->get_index("source", ctx.count(Top::kImages), texture.image));
    PX_GLTF_TRY(json->get_index("sampler", ctx.count(Top::kSamplers), sampler));
    read_source_extension(ctx, *json, texture);
    if (sampler >= 0) {
      absl::StatusOr<JsonObject> s = ctx.entry(Top::kSamplers, sampler);
      if (!s.ok()) return s.status();
      PX_GLTF_TRY(read_sampler(*s, texture));
    }
  }
  return absl::OkStatus();
}

}  // namespace px::gltf
