// <image> elements: a URI as spelled (with the file's bytes when it is found), or bytes from
// <data>, 1.5 <hex>, or a data: URI. A file that is not there warns collada.image.missing, or is
// refused by that rule under ReadOptions::strict_resources. In a document read from a .zae, a
// relative URI names an entry of the archive, whose bytes are embedded (the URI dropped). The
// images of a read that name one file or entry share one copy of its bytes (one inflation).
#pragma once

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/loaded_files.h"
#include "formats/collada/read/context.h"
#include "polyxios/hash_containers.h"
#include "polyxios/memory/shared_bytes.h"

namespace px::collada {

struct Images {
  HashMap<const Element*, int> by_element;  // <image> -> Scene::images index
};

// The bytes of the image files and archive entries a read has loaded, or why one could not be,
// by where they come from: the next image naming one shares them (or warns again) without
// reading or inflating it again, so that a thousand <image>s naming one entry hold it once.
struct LoadedImageBytes {
  LoadedFiles files;
  HashMap<std::string, absl::StatusOr<SharedBytes>> entries;  // by archive entry name
};

// Those of every <library_images> first, then those held inside effects, in document order.
absl::Status read_images(ReadContext& ctx, LoadedImageBytes& loaded, Images* out);

}  // namespace px::collada
