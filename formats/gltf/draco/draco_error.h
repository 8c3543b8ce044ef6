// How the Draco decoder says no: a malformed bitstream (gltf.draco.malformed) or a feature it does
// not decode (gltf.draco.unsupported), both InvalidArgument refusals naming what failed.
#pragma once

#include <string_view>

#include "absl/status/status.h"

namespace px::gltf::draco {

absl::Status malformed(std::string_view detail);
absl::Status unsupported(std::string_view feature);

#define PX_DRACO_TRY(expr)                                                     \
  do {                                                                         \
    if (absl::Status px_status_ = (expr); !px_status_.ok()) return px_status_; \
  } while (0)

}  // namespace px::gltf::draco
