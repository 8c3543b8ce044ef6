// <image> elements: a URI as spelled (with the file's bytes when it is found), or bytes from
// <data>, 1.5 <hex>, or a data: URI. A file that is not there warns collada.image.missing, or is
// refused by that rule under ReadOptions::strict_resources. In a document read from a .zae, a
// relative URI names an entry of the archive, whose bytes are embedded (the URI dropped).
#pragma once

#include "engine/hash_containers.h"
#include "absl/status/status.h"
#include "formats/collada/read/context.h"

namespace px::collada {

struct Images {
  HashMap<const Element*, int> by_element;  // <image> -> Scene::images index
};

// Those of every <library_images> first, then those held inside effects, in document order.
absl::Status read_images(ReadContext& ctx, Images* out);

}  // namespace px::collada
