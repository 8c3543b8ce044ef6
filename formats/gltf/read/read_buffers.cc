#include "formats/gltf/read/read_buffers.h"

#include "engine/contained_file.h"
#include "engine/cores.h"
#include "engine/errors.h"
#include "engine/file_uri.h"
#include "engine/strings.h"
#include "engine/uri.h"
#include "formats/gltf/read/read_meshopt.h"

namespace px::gltf {
namespace {

// The refusal of a buffer file open_contained_file did not open, by why.
absl::Status buffer_not_opened(const absl::Status& why, std::string_view at, std::string_view uri) {
  switch (why.code()) {
    case absl::StatusCode::kPermissionDenied:
      return refuse(
          "gltf.buffer.outside-folder",
          cat(at, "/uri \"", uri,
              "\" leads outside the document's folder (through a symlink) and is not read "
              "(--allow-external-files reads it)"));
    case absl::StatusCode::kFailedPrecondition:
      return refuse("gltf.buffer.not-regular",
                    cat(at, "/uri \"", uri, "\" is not read: ", std::string(why.message())));
    case absl::StatusCode::kNotFound:
      return refuse("gltf.buffer.missing", cat(at, "/uri \"", uri, "\" was not found"));
    default:
      return refuse("gltf.buffer.missing",
                    cat(at, "/uri \"", uri, "\" cannot be read: ", std::string(why.message())));
  }
}

}  // namespace

Buffers::Buffers(ReadContext& ctx, std::optional<std::span<const uint8_t>> glb_bin, bool glb,
                 std::shared_ptr<const void> glb_owner)
    : ctx_(ctx),
      glb_bin_(glb_bin),
      glb_(glb),
      glb_owner_(std::move(glb_owner)),
      buffers_(ctx.count(Top::kBuffers)),
      loaded_(ctx.count(Top::kBuffers)),
      zero_filled_(ctx.count(Top::kBuffers), false),
      meshopt_views_(ctx.count(Top::kBufferViews)) {}

void Buffers::keep(int index) {
  Loaded& loaded = loaded_[index];
  if (loaded.kept || !loaded.owner) return;
  ctx_.scene().arena->retain(loaded.owner);
  loaded.kept = true;
}

bool Buffers::cut_short() const {
  for (const FileBytes& file : files_) {
    if (file.cut_short()) return true;
  }
  return false;
}

absl::StatusOr<Buffers::Loaded> Buffers::load(const JsonObject& buffer, int index) {
  const std::string& at = buffer.pointer();
  std::string uri;
  PX_GLTF_TRY(buffer.get("uri", uri));
  if (!buffer.has("uri")) {
    if (index == 0 && glb_bin_) return Loaded{*glb_bin_, glb_owner_};
    // glTF leaves such a buffer's bytes to the application; the document does not hold them.
    uint64_t length = 0;
    PX_GLTF_TRY(buffer.get("byteLength", length));
    ctx_.warn("gltf.read.buffer-no-data",
              cat(at, " has no uri and is not the BIN chunk of a GLB; its ", length,
                  " bytes read as zeros"));
    absl::StatusOr<std::span<uint8_t>> zeros = ctx_.allocate<uint8_t>(length, at);
    if (!zeros.ok()) return zeros.status();
    zero_filled_[index] = true;
    Loaded out;
    out.bytes = *zeros;
    out.in_arena = true;
    return out;
  }
  Loaded out;
  if (is_data_uri(uri)) {
    std::optional<DataUri> data = decode_data_uri(uri);
    if (!data) return refuse("gltf.buffer.data-uri", cat(at, "/uri is a malformed data: URI"));
    auto bytes = std::make_shared<const std::vector<uint8_t>>(std::move(data->bytes));
    out.bytes = *bytes;
    out.owner = std::move(bytes);
  } else {
    ResolvedUri file = resolve_file_uri(uri, ctx_.base_dir(), ctx_.options().allow_external_files);
    switch (file.kind) {
      case UriFile::kOutside:
        return refuse("gltf.buffer.outside-folder",
                      cat(at, "/uri \"", uri,
                          "\" lies outside the document's folder and is not read "
                          "(--allow-external-files reads it)"));
      case UriFile::kNotAFile:
        return refuse("gltf.buffer.not-a-file",
                      cat(at, "/uri \"", uri, "\" is not a file; it is never fetched"));
      case UriFile::kNoFolder:
        return refuse("gltf.buffer.no-folder",
                      cat(at, "/uri \"", uri, "\" is relative, and the document has no folder"));
      case UriFile::kFile:
        break;
    }
    // Opened beneath the document's folder through every symlink, a regular file only, and its
    // size charged to the input budget before a byte of it is mapped.
    absl::StatusOr<RegularFile> opened =
        open_contained_file(ctx_.base_dir(), file.path, ctx_.options().allow_external_files);
    if (!opened.ok()) return buffer_not_opened(opened.status(), at, uri);
    PX_GLTF_TRY(ctx_.take_in_file(opened->size(), cat(at, "/uri")));
    absl::StatusOr<FileBytes> read =
        load_file(*std::move(opened), threads_for(ctx_.options().threads) > 1);
    if (!read.ok()) {
      return refuse(
          "gltf.buffer.missing",
          cat(at, "/uri \"", uri, "\" cannot be read: ", std::string(read.status().message())));
    }
    out.bytes = std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(read->bytes.data()),
                                         read->bytes.size());
    out.owner = read->owner;
    files_.push_back(*std::move(read));
  }
  ctx_.add_input(out.bytes.size());
  return out;
}

absl::StatusOr<std::span<const uint8_t>> Buffers::buffer(int index) {
  if (buffers_[index]) return *buffers_[index];
  absl::StatusOr<JsonObject> buffer = ctx_.entry(Top::kBuffers, index);
  if (!buffer.ok()) return buffer.status();
  uint64_t length = 0;
  PX_GLTF_TRY(buffer->require("byteLength", length));
  absl::StatusOr<Loaded> loaded = load(*buffer, index);
  if (!loaded.ok()) return loaded.status();
  if (loaded->bytes.size() < length) {
    return refuse("gltf.buffer.too-short",
                  cat(buffer->pointer(), " gives a byteLength of ", length, ", but its data holds ",
                      loaded->bytes.size(), " bytes"));
  }
  buffers_[index] = loaded->bytes.first(static_cast<size_t>(length));
  loaded_[index] = *std::move(loaded);
  return *buffers_[index];
}

absl::StatusOr<ViewBytes> Buffers::view(int index) {
  absl::StatusOr<JsonObject> view = ctx_.entry(Top::kBufferViews, index);
  if (!view.ok()) return view.status();
  int buffer_index = -1;
  uint64_t offset = 0;
  uint64_t length = 0;
  ViewBytes out;
  PX_GLTF_TRY(view->require_index("buffer", ctx_.count(Top::kBuffers), buffer_index));
  PX_GLTF_TRY(view->get("byteOffset", offset));
  out.offset = offset;
  PX_GLTF_TRY(view->require("byteLength", length));
  PX_GLTF_TRY(view->get("byteStride", out.stride));
  if (view->has("byteStride") && (out.stride < 4 || out.stride > 252)) {
    return refuse(kJsonValue,
                  cat(view->pointer("byteStride"), " is ", out.stride, ", outside 4..252"));
  }
  if (absl::StatusOr<std::optional<JsonObject>> extensions = view->object("extensions");
      extensions.ok() && *extensions) {
    absl::StatusOr<std::optional<JsonObject>> meshopt =
        (*extensions)->object("EXT_meshopt_compression");
    if (!meshopt.ok()) return meshopt.status();
    if (*meshopt) {
      // The compressed bytes decoded, once; the view's own buffer is the fallback, not read.
      if (!meshopt_views_[index]) {
        absl::StatusOr<std::span<const uint8_t>> decoded = decode_meshopt_view(
            ctx_, **meshopt, length, out.stride, view->has("byteStride"),
            [this](int b) { return buffer(b); });
        if (!decoded.ok()) return decoded.status();
        meshopt_views_[index] = *decoded;
      }
      out.bytes = *meshopt_views_[index];
      out.in_arena = true;
      return out;
    }
  }
  absl::StatusOr<std::span<const uint8_t>> data = buffer(buffer_index);
  if (!data.ok()) return data.status();
  if (offset > data->size() || length > data->size() - offset) {
    return refuse("gltf.buffer-view.out-of-bounds",
                  cat(view->pointer(), " spans bytes ", offset, " + ", length, " of buffer ",
                      buffer_index, ", which holds ", data->size()));
  }
  out.bytes = data->subspan(static_cast<size_t>(offset), static_cast<size_t>(length));
  return out;
}

}  // namespace px::gltf
