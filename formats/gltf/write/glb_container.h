// The GLB container: a 12-byte header, the JSON chunk padded with spaces to 4 bytes, then the
// BIN chunk (left out when there is no binary data).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace px::gltf {

// Everything before the BIN chunk's data: header, JSON chunk, and the BIN chunk's header when
// bin_length > 0. bin_length must be a multiple of 4 (the buffer is laid out 4-byte aligned), so
// the data follows unpadded. Refuses a total GLB cannot express (4 GiB and over).
absl::StatusOr<std::string> glb_prefix(std::string_view json, size_t bin_length);

}  // namespace px::gltf
