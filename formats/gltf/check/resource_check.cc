#include "formats/gltf/check/resource_check.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

#include "absl/strings/ascii.h"
#include "engine/contained_file.h"
#include "engine/file_uri.h"
#include "engine/strings.h"
#include "engine/uri.h"
#include "formats/gltf/check/image_syntax.h"

namespace px::gltf {
namespace {

constexpr std::string_view kUriInvalid = "gltf.read.uri-invalid";
constexpr std::string_view kDataInvalid = "gltf.read.image-data-invalid";
constexpr std::string_view kUnexpectedEnd = "gltf.read.image-unexpected-eos";

std::optional<std::string_view> string_member(const JsonObject& json, std::string_view key) {
  const JsonValue* value = json.find(key);
  if (value == nullptr || !value->IsString()) return std::nullopt;
  return std::string_view(value->GetString(), value->GetStringLength());
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return std::ranges::equal(a, b, [](char x, char y) {
    return absl::ascii_tolower(static_cast<unsigned char>(x)) ==
           absl::ascii_tolower(static_cast<unsigned char>(y));
  });
}

// The media type of a data: URI that parses: what comes before its first ';' or ',', or
// RFC 2397's default, text/plain, when that is empty.
std::string_view data_media_type(std::string_view uri) {
  const std::string_view media_type = uri.substr(5, uri.find_first_of(";,") - 5);
  return media_type.empty() ? "text/plain" : media_type;
}

// Warns when `uri` does not parse; true then.
bool warn_uri_error(ReadContext& ctx, const JsonObject& json, std::string_view uri) {
  const std::string error = uri_syntax_error(uri);
  if (error.empty()) return false;
  ctx.warn(kUriInvalid, cat(json.pointer("uri"), ": the URI does not parse: ", error));
  return true;
}

// ---- Buffers

bool is_buffer_media_type(std::string_view media_type) {
  return equals_ignoring_case(media_type, "application/octet-stream") ||
         equals_ignoring_case(media_type, "application/gltf-buffer");
}

// The size of the data a buffer's uri names, or nullopt (warned when it is missing) when there is
// none the reader would read. A file is measured, not read.
std::optional<uint64_t> uri_data_size(ReadContext& ctx, const JsonObject& buffer,
                                      std::string_view uri) {
  if (is_data_uri(uri)) {
    std::optional<DataUri> data = decode_data_uri(uri);
    if (!data) {
      ctx.warn(kUriInvalid,
               cat(buffer.pointer("uri"), ": the data: URI's data is not valid base64"));
      return std::nullopt;
    }
    return data->bytes.size();
  }
  const ResolvedUri file =
      resolve_file_uri(uri, ctx.base_dir(), ctx.options().allow_external_files);
  if (file.kind != UriFile::kFile) return std::nullopt;
  // Opened as the reader opens it (beneath the folder, a regular file), never read.
  absl::StatusOr<RegularFile> opened =
      open_contained_file(ctx.base_dir(), file.path, ctx.options().allow_external_files);
  if (!opened.ok()) {
    if (opened.status().code() == absl::StatusCode::kNotFound) {
      ctx.warn("gltf.read.buffer-missing",
               cat(buffer.pointer("uri"), ": the buffer's file \"", uri, "\" was not found"));
    }
    return std::nullopt;
  }
  return opened->size();
}

// The size of a GLB's BIN chunk for its buffer 0 without a uri, or nullopt (warned when the GLB
// has none) for any other buffer without a uri, whose data is the application's.
std::optional<uint64_t> glb_data_size(ReadContext& ctx, const Buffers& buffers,
                                      const JsonObject& buffer, int index) {
  if (!buffers.glb() || index != 0) return std::nullopt;
  if (!buffers.glb_bin()) {
    ctx.warn("gltf.read.buffer-missing",
             cat(buffer.pointer(),
                 ": the GLB's buffer 0 has no uri, so its data is the BIN chunk, and the GLB has "
                 "none"));
    return std::nullopt;
  }
  return buffers.glb_bin()->size();
}

void check_buffer(ReadContext& ctx, const Buffers& buffers, const JsonObject& buffer, int index) {
  const std::optional<std::string_view> uri = string_member(buffer, "uri");
  if (buffer.has("uri") && !uri) return;
  if (uri && warn_uri_error(ctx, buffer, *uri)) return;
  if (uri && is_data_uri(*uri) && !is_buffer_media_type(data_media_type(*uri))) {
    ctx.warn("gltf.read.buffer-media-type",
             cat(buffer.pointer("uri"),
                 ": a buffer's data: URI is application/octet-stream or application/gltf-buffer, "
                 "not \"",
                 data_media_type(*uri), "\""));
    return;
  }
  // A buffer a view has loaded was checked then: its data is there and long enough.
  if (buffers.loaded(index)) return;
  const JsonValue* length_json = buffer.find("byteLength");
  const std::optional<uint64_t> length =
      length_json == nullptr ? std::nullopt : json_uint(*length_json);
  if (!length) return;
  const std::optional<uint64_t> size =
      uri ? uri_data_size(ctx, buffer, *uri) : glb_data_size(ctx, buffers, buffer, index);
  if (size && *size < *length) {
    ctx.warn("gltf.read.buffer-too-short", cat(buffer.pointer(), ": byteLength is ", *length,
                                               ", but the buffer's data holds ", *size, " bytes"));
  }
}

// ---- Images

// The image type of `bytes` among those glTF knows (PNG, JPEG, and WebP, KTX2 and AVIF through
// extensions); empty for any other.
std::string_view image_type(std::span<const uint8_t> bytes) {
  const std::string_view type = sniff_media_type(bytes);
  for (std::string_view known :
       {"image/png", "image/jpeg", "image/webp", "image/ktx2", "image/avif"}) {
    if (type == known) return type;
  }
  return {};
}

bool extension_used(const JsonObject& root, std::string_view name) {
  const JsonValue* used = root.find("extensionsUsed");
  if (used == nullptr || !used->IsArray()) return false;
  return std::any_of(used->Begin(), used->End(), [&](const JsonValue& v) {
    return v.IsString() && std::string_view(v.GetString(), v.GetStringLength()) == name;
  });
}

// A data: URI's media type must be what its bytes are, as the validator judges it.
bool warn_data_uri_type(ReadContext& ctx, const JsonObject& image, std::string_view uri,
                        std::string_view type) {
  const std::string_view declared = data_media_type(uri);
  if (equals_ignoring_case(declared, type)) return false;
  ctx.warn(kUriInvalid, cat(image.pointer("uri"), ": the data: URI says \"", declared,
                            "\", but its bytes are ", type.empty() ? "no image glTF knows" : type));
  return true;
}

void check_image_type(ReadContext& ctx, const JsonObject& image, std::string_view type) {
  const std::optional<std::string_view> mime_type = string_member(image, "mimeType");
  if (mime_type && *mime_type != type) {
    ctx.warn("gltf.read.image-media-type", cat(image.pointer("mimeType"), ": \"", *mime_type,
                                               "\", but the image's bytes are ", type));
  }
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 3> kExtensions = {
      {{"image/webp", "EXT_texture_webp"},
       {"image/ktx2", "KHR_texture_basisu"},
       {"image/avif", "EXT_texture_avif"}}};
  for (const auto& [extension_type, extension] : kExtensions) {
    if (type == extension_type && !extension_used(ctx.root(), extension)) {
      ctx.warn("gltf.read.image-type-not-enabled",
               cat(image.pointer(), ": the image is ", type, ", which glTF allows only with ",
                   extension, " in extensionsUsed"));
    }
  }
}

}  // namespace

void check_resources(ReadContext& ctx, Buffers& buffers) {
  for (size_t i = 0; i < ctx.count(Top::kBuffers); ++i) {
    absl::StatusOr<JsonObject> buffer = ctx.entry(Top::kBuffers, i);
    if (buffer.ok()) check_buffer(ctx, buffers, *buffer, static_cast<int>(i));
  }
}

void check_image(ReadContext& ctx, const JsonObject& image, std::span<const uint8_t> bytes) {
  const std::string_view type = image_type(bytes);
  if (std::optional<std::string_view> uri = string_member(image, "uri")) {
    if (warn_uri_error(ctx, image, *uri)) return;
    if (is_data_uri(*uri) && warn_data_uri_type(ctx, image, *uri, type)) return;
  }
  if (type.empty()) return;
  check_image_type(ctx, image, type);
  if (std::optional<ImageDataProblem> problem = image_data_problem(bytes)) {
    ctx.warn(problem->unexpected_end ? kUnexpectedEnd : kDataInvalid,
             cat(image.pointer(), ": ", problem->message));
  }
}

}  // namespace px::gltf
