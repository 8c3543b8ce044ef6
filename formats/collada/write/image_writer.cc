#include "formats/collada/write/image_writer.h"

#include <algorithm>
#include <string>
#include <string_view>

#include "engine/strings.h"
#include "engine/uri.h"
#include "formats/collada/write/xml_names.h"

namespace px::collada {
namespace {

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
  std::vector<size_t> uri_dropped;
  // Names first, so a generated id never takes a name a later image holds.
  for (size_t i = 0; i < scene.images.size(); ++i) {
    const Image& image = scene.images[i];
    uris[i] = as_uri_reference(image.uri);
    // Judged as written and as the scene spells it, so that neither reading can leave the folder.
    if (!image.uri.empty() &&
        !(may_write_uri(uris[i], plan.uris) && may_write_uri(image.uri, plan.uris))) {
      uri_dropped.push_back(i);
      uris[i].clear();
    } else if (uris[i] != image.uri) {
      ++escaped;
    }
    written[i] = !uris[i].empty() || !image.bytes.empty();
    if (!written[i]) {
      if (image.uri.empty()) ++empty;
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
  if (!uri_dropped.empty()) {
    const size_t first = uri_dropped.front();
    diagnostics.warn(
        "collada.write.image-uri-dropped",
        cat(uri_dropped.size(),
            " image uris are not written, since a viewer of the output would resolve them outside "
            "the asset's folder (absolute, \"..\", file:, another scheme; http(s): needs "
            "--allow-remote-uris, the others --allow-external-files); their bytes are written "
            "instead, else the image is left out with the textures that sample it (first: image ",
            first, ", ", scene.images[first].uri, ")"));
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
    // reference); bytes alone, or with a uri not to be written, as a data: URI.
    const std::string& uri = plan.effects.image_uris[i];
    xml.element("init_from", uri.empty() ? data_uri(media_type_of(image), image.bytes) : uri);
    xml.close();
  }
  xml.close();
}

}  // namespace px::collada
