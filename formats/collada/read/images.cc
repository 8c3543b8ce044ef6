#include "formats/collada/read/images.h"

#include <memory>
#include <utility>
#include <vector>

#include "engine/contained_file.h"
#include "engine/errors.h"
#include "engine/file_uri.h"
#include "engine/strings.h"
#include "engine/uri.h"
#include "formats/collada/read/xml/numbers.h"
#include "formats/collada/read/zae_reader.h"

namespace px::collada {
namespace {

constexpr std::string_view kImageMissing = "collada.image.missing";

bool hex_bytes(std::string_view text, std::vector<uint8_t>* out) {
  auto value = [](char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  int high = -1;
  for (char c : text) {
    if (is_xml_space(c)) continue;
    int v = value(c);
    if (v < 0) return false;
    if (high < 0) {
      high = v;
    } else {
      out->push_back(static_cast<uint8_t>(high * 16 + v));
      high = -1;
    }
  }
  return high < 0;
}

// An image file that is not where its URI says: a warning (a document may be copied before its
// images), or a refusal when the caller asks for every resource (strict_resources).
absl::Status image_missing(ReadContext& ctx, const Element& element, const Image& image,
                           std::string_view where) {
  if (ctx.options.strict_resources) {
    return refuse(kImageMissing, element.name, element.line,
                  cat("image file \"", image.uri, "\" was not found", where,
                      " (--strict-resources refuses a missing image)"));
  }
  ctx.warn(kImageMissing,
           cat("image file \"", image.uri, "\" was not found", where, "; its URI is kept"),
           &element);
  return absl::OkStatus();
}

// The file an image URI names, resolved against the document's folder (engine/file_uri.h). A path
// leaving the folder is read only when the caller allows it, since ingestion servers convert
// untrusted uploads.
absl::Status load_image_file(ReadContext& ctx, LoadedImageBytes& loaded, const Element& element,
                             Image* image) {
  ResolvedUri file = resolve_file_uri(image->uri, ctx.base_dir, ctx.options.allow_external_files);
  switch (file.kind) {
    case UriFile::kOutside:
      ctx.warn("collada.image.outside-folder",
               cat("image \"", image->uri,
                   "\" lies outside the document's folder and is not read "
                   "(--allow-external-files reads it)"),
               &element);
      return absl::OkStatus();
    case UriFile::kNotAFile:  // http: and other schemes are never fetched
    case UriFile::kNoFolder:
      return absl::OkStatus();
    case UriFile::kFile:
      break;
  }
  absl::StatusOr<SharedBytes> bytes;
  if (const absl::StatusOr<SharedBytes>* read = loaded.files.find(file.path)) {
    bytes = *read;  // for an image before this one
  } else {
    // Opened beneath the document's folder through every symlink, a regular file only.
    absl::StatusOr<RegularFile> opened =
        open_contained_file(ctx.base_dir, file.path, ctx.options.allow_external_files);
    switch (opened.status().code()) {
      case absl::StatusCode::kOk:
        break;
      case absl::StatusCode::kPermissionDenied:
        ctx.warn("collada.image.outside-folder",
                 cat("image \"", image->uri,
                     "\" leads outside the document's folder (through a symlink) and is not read "
                     "(--allow-external-files reads it)"),
                 &element);
        return absl::OkStatus();
      case absl::StatusCode::kNotFound:
        return image_missing(ctx, element, *image, "");
      case absl::StatusCode::kFailedPrecondition:
        return image_missing(
            ctx, element, *image,
            cat(" as a regular file (", std::string(opened.status().message()), ")"));
      default:
        break;
    }
    // Charged to the read's input with its documents and the other image files before it is
    // read, and read as it was at the open; a file read before is not charged again.
    if (opened.ok()) {
      if (absl::Status s =
              ctx.input->take(opened->size(), element, cat("image file \"", image->uri, "\""));
          !s.ok()) {
        return s;
      }
    }
    bytes = opened.ok() ? loaded.files.read(file.path, *opened)
                        : absl::StatusOr<SharedBytes>(opened.status());
  }
  if (!bytes.ok()) {
    ctx.warn("collada.image.unreadable",
             cat("image file \"", image->uri,
                 "\" cannot be read: ", std::string(bytes.status().message())),
             &element);
    return absl::OkStatus();
  }
  image->bytes = *std::move(bytes);
  image->mime_type = std::string(sniff_media_type(image->bytes));
  return absl::OkStatus();
}

// The entry's bytes, inflated once per read however many images name it (the entry's charge to
// the read's budget held once, by every image sharing them).
absl::StatusOr<SharedBytes> archive_entry_bytes(ZipArchive& archive, LoadedImageBytes& loaded,
                                                const ZipEntry& entry) {
  if (auto it = loaded.entries.find(entry.name); it != loaded.entries.end()) return it->second;
  absl::StatusOr<EntryBytes> inflated = archive.inflate(entry);
  absl::StatusOr<SharedBytes> bytes;
  if (!inflated.ok()) {
    bytes = inflated.status();
  } else {
    auto owner = std::make_shared<const EntryBytes>(*std::move(inflated));
    const std::string_view view = owner->view();
    bytes =
        SharedBytes({reinterpret_cast<const uint8_t*>(view.data()), view.size()}, std::move(owner));
  }
  loaded.entries.emplace(entry.name, bytes);
  return bytes;
}

// An image of a document read from a .zae: a relative URI names an entry of the archive, whose
// bytes are embedded and its URI dropped (no such file lies beside the output), never a host file;
// one leaving the archive is not read. Others (absolute, file:, http:) are as any document's.
absl::Status load_archive_image(ReadContext& ctx, LoadedImageBytes& loaded, const Element& element,
                                Image* image, bool* handled) {
  const ArchiveUri uri = resolve_archive_uri(image->uri, ctx.archive->document_dir);
  *handled = uri.kind != ArchiveUri::Kind::kNotRelative;
  if (uri.kind == ArchiveUri::Kind::kOutside) {
    ctx.warn("collada.image.outside-folder",
             cat("image \"", image->uri, "\" lies outside the .zae archive and is not read"),
             &element);
  }
  if (uri.kind != ArchiveUri::Kind::kEntry) return absl::OkStatus();
  const ZipEntry* entry = ctx.archive->archive->find(uri.entry);
  if (entry == nullptr || entry->directory) {
    return image_missing(ctx, element, *image, " in the .zae archive");
  }
  absl::StatusOr<SharedBytes> bytes = archive_entry_bytes(*ctx.archive->archive, loaded, *entry);
  if (!bytes.ok()) {
    ctx.warn("collada.image.unreadable",
             cat("image \"", image->uri,
                 "\" cannot be read from the archive: ", std::string(bytes.status().message())),
             &element);
    return absl::OkStatus();
  }
  image->bytes = *std::move(bytes);
  image->mime_type = std::string(sniff_media_type(image->bytes));
  image->uri.clear();
  return absl::OkStatus();
}

absl::Status read_image(ReadContext& ctx, LoadedImageBytes& loaded, const Element& element,
                        Image* image) {
  image->name = std::string(element.attr("name"));
  if (image->name.empty()) image->name = std::string(element.attr("id"));
  if (element.child("create_2d") || element.child("create_3d") || element.child("create_cube")) {
    ctx.warn("collada.image.created", "a <create_2d/3d/cube> image is read empty", &element);
    return absl::OkStatus();
  }
  const Element* init = element.child("init_from");
  const Element* hex = nullptr;
  std::string_view uri;
  if (init != nullptr) {
    if (const Element* ref = init->child("ref")) {
      uri = trim_xml_space(ref->text);
    } else if ((hex = init->child("hex")) == nullptr) {
      uri = trim_xml_space(init->text);
    }
  }
  if (hex == nullptr) hex = element.child("data");
  if (hex != nullptr) {
    std::vector<uint8_t> bytes;
    if (hex_bytes(hex->text, &bytes)) {
      image->bytes = std::move(bytes);
    } else {
      ctx.warn("collada.image.bad-hex", "image bytes that are not hex digits are dropped", hex);
    }
    image->mime_type = std::string(sniff_media_type(image->bytes));
    return absl::OkStatus();
  }
  if (is_data_uri(uri)) {
    std::optional<DataUri> data = decode_data_uri(uri);
    if (!data) {
      ctx.warn("collada.image.bad-data-uri", "a malformed data: URI is dropped", &element);
      return absl::OkStatus();
    }
    image->bytes = std::move(data->bytes);
    std::string_view sniffed = sniff_media_type(image->bytes);
    image->mime_type = sniffed.empty() ? data->media_type : std::string(sniffed);
    return absl::OkStatus();
  }
  if (uri.empty()) {
    ctx.warn("collada.image.empty", "an <image> names no file and holds no bytes", &element);
  }
  image->uri = std::string(uri);
  if (uri.empty()) return absl::OkStatus();
  if (ctx.archive != nullptr) {
    bool handled = false;
    if (absl::Status s = load_archive_image(ctx, loaded, element, image, &handled);
        !s.ok() || handled) {
      return s;
    }
  }
  return load_image_file(ctx, loaded, element, image);
}

template <class F>
void for_each_effect_image(const Element& e, F&& f) {
  for (const Element& c : e.children()) {
    if (c.name == "image") {
      f(c);
    } else if (c.name.starts_with("profile_") || c.name == "newparam") {
      for_each_effect_image(c, f);
    }
  }
}

}  // namespace

absl::Status read_images(ReadContext& ctx, LoadedImageBytes& loaded, Images* out) {
  absl::Status status;
  auto add = [&](const Element& element) {
    if (!status.ok()) return;
    Image image;
    status = read_image(ctx, loaded, element, &image);
    out->by_element.emplace(&element, static_cast<int>(ctx.scene.images.size()));
    ctx.scene.images.push_back(std::move(image));
  };
  for (const Element& library : ctx.doc.root()->children()) {
    if (library.name == "library_images") for_each_child(library, "image", add);
  }
  for (const Element& library : ctx.doc.root()->children()) {
    if (library.name != "library_effects") continue;
    for (const Element& effect : library.children()) {
      if (effect.name == "effect") for_each_effect_image(effect, add);
    }
  }
  return status;
}

}  // namespace px::collada
