#include "formats/gltf/draco/draco_error.h"

#include "engine/errors.h"

namespace px::gltf::draco {

absl::Status malformed(std::string_view detail) { return refuse("gltf.draco.malformed", detail); }

absl::Status unsupported(std::string_view feature) {
  return refuse("gltf.draco.unsupported", std::string("the Draco bitstream uses ") +
                                              std::string(feature) + ", which is not decoded");
}

}  // namespace px::gltf::draco
