// What `polyxios info` says of bytes, as `gltfpack -v` does: the input's and the output's sizes,
// each a glTF document's by part (formats/gltf/check/part_sizes.h) or a COLLADA file's total.
// The output is the document the conversion options given to info would write (GLB unless
// --format says otherwise), written to an unnamed temporary file and measured there.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "formats/gltf/check/part_sizes.h"
#include "polyxios/polyxios.h"

namespace px::cli {

struct FileSizes {
  uint64_t total = 0;
  std::optional<gltf::PartSizes> parts;  // a glTF document's
};

struct InfoSizes {
  FileSizes input;
  std::optional<FileSizes> output;  // none when the write refuses the scene:
  std::string output_refused;       // its message
};

// The sizes of the input's bytes (read as `format`) and of `scene` written with `options`. The
// write's warnings go to `write_diagnostics`, apart from the read's; a write refusing the scene
// leaves the output's sizes out, with its message. An error only for I/O.
absl::StatusOr<InfoSizes> measure_sizes(std::string_view input, Format format, const Scene& scene,
                                        const WriteOptions& options,
                                        Diagnostics& write_diagnostics);

}  // namespace px::cli
