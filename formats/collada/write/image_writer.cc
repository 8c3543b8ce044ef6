#include "formats/collada/write/image_writer.h"

#include <algorithm>
#include <string>
#include <string_view>

#include "engine/strings.h"
#include "engine/uri.h"
#include "formats/collada/write/xml_names.h"

namespace px::collada {
namespace {

// A type/subtype of RFC 2045 token characters, which a data: URI can carry as it is.
bool is_media_type(std::string_view type) {
  auto token_char = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("!#$&^_.+-").find(c) != std::string_view::npos;
  };
  size_t slash = type.find('/');
  if (slash == std::string_view::npos || slash == 0 || slash + 1 == type.size()) return false;
  return std::all_of(type.begin(), type.begin() + slash, token_char) &&
         std::all_of(type.begin() + slash + 1, type.end(), token_char);
}

// The image's own media type when a data: URI can carry it, else the one its bytes show.
std::string_view media_type_of(const Image& image) {
  if (is_media_type(image.mime_type)) return image.mime_type;
  std::string_view sniffed = sniff_media_type(image.bytes);
  return sniffed.empty() ? "application/octet-stream" : sniffed;
}

}  // namespace

void plan_images(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics) {
  std::vector<std::string>& ids = plan.effects.image_ids;
  ids.assign(scene.images.size(), "");
  std::vector<std::string>& uris = plan.effects.image_uris;
  uris.assign(scene.images.size(), "");
  std::vector<bool> written(scene.images.size(), false);
  int64_t empty = 0;
  int64_t escaped = 0;
  // Names first, so a generated id never takes a name a later image holds.
  for (size_t i = 0; i < scene.images.size(); ++i) {
    const Image& image = scene.images[i];
    written[i] = !image.uri.empty() || !image.bytes.empty();
    uris[i] = as_uri_reference(image.uri);
    if (uris[i] != image.uri) ++escaped;
    if (!written[i]) {
      ++empty;
    } else if (plan.ids.reserve(image.name)) {
      ids[i] = image.name;
    }
  }
  for (size_t i = 0; i < scene.images.size(); ++i) {
    if (written[i] && ids[i].empty())
      ids[i] = plan.ids.unique(to_ncname(scene.images[i].name, "image"));
  }
  if (escaped > 0) {
    diagnostics.warn("collada.write.image-uri-escaped",
                     cat(escaped,
                         " image uris are not URI references (xs:anyURI): the characters that "
                         "keep them from being one are written percent-encoded"));
  }
  if (empty > 0) {
    diagnostics.warn("collada.write.image-empty",
                     cat(empty,
                         " images holding neither a uri nor bytes are left out, with the "
                         "textures that sample them"));
  }
}

void write_images(const Scene& scene, const WritePlan& plan, XmlWriter& xml) {
  const std::vector<std::string>& ids = plan.effects.image_ids;
  if (std::all_of(ids.begin(), ids.end(), [](const std::string& id) { return id.empty(); })) {
    return;
  }
  xml.open("library_images");
  for (size_t i = 0; i < scene.images.size() && i < ids.size(); ++i) {
    if (ids[i].empty()) continue;
    const Image& image = scene.images[i];
    xml.open("image");
    xml.attr("id", ids[i]);
    // Named by its id when it has no name, as it reads back (see write_effects).
    xml.attr("name", image.name.empty() ? ids[i] : image.name);
    // A uri as the scene spells it, percent-encoding kept (escaped where it is no URI
    // reference); bytes alone as a data: URI.
    xml.element("init_from", image.uri.empty() ? data_uri(media_type_of(image), image.bytes)
                                               : plan.effects.image_uris[i]);
    xml.close();
  }
  xml.close();
}

}  // namespace px::collada
